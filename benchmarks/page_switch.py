"""Benchmark: opening a page of the app from a link, in place, against loading its address.

Run: python benchmarks/page_switch.py [--rounds N] [--only SLUG,...] [--quick]

The app's own links open their page in the same page (``cs_panel/ui/page_switch.py``): the
server builds the new page's component into the template already shown, and the browser draws it.
Loading the page's address (what every link did before) also builds the whole template again
and has the browser run Panel's and bokeh's scripts again. This serves the app in this process
as ``cs-panel serve`` does (``serve_quickly``) and, in Debian's chromium with a kept profile (its
scripts cached, as a returning player's are), opens each page both ways in turn, so the machine's
drift meets both alike: its sidebar link clicked from the page before it, and its address loaded.
Each is timed from the click (or the start of the load), 0.3 s after the last page showed, until
the page's title and the sidebar's mark show the new page. One line a page:

    page SLUG in place p50 X ms load p50 Y ms ratio R

(R: in place over load), then ``all N pages: in place X s, load Y s (medians summed), ratio R``.
Timing is printed, never asserted. (Issue 14.)
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time

# the latency benchmark's chromium (the browser tests' flags) and server helpers, the README's loop
# (benchmarks/ is this script's folder)
from latency import CHROMIUM, CHROMIUM_ARGS, free_port, wait_http
from two_turn_reach import reference_loop

# each opening starts this long after the last one showed its page: a page that shows its title may
# still be drawing the rest, and a click then waited for it (the tailing page read 1.5 s in place
# right after a load of the page before it, 0.8 to 1.2 s from a page at rest)
SETTLE_MS = 300

# the page shows ``title`` when a heading (the page's title, in its pane's shadow root) holds it and
# the sidebar marks the link of that title as the current page
SHOWN = """(title) => {
  const all = (root, sel, out) => { out.push(...root.querySelectorAll(sel));
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) all(e.shadowRoot, sel, out); return out };
  return all(document, 'h1', []).some(h => h.textContent.includes(title))
    && all(document, '.cs-nav a[aria-current=page]', []).some(a => a.textContent.trim() === title) }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="openings of each page each way (default 5)")
    parser.add_argument("--only", default="", help="comma-separated page slugs")
    parser.add_argument("--quick", action="store_true", help="1 round: checks the script runs")
    args = parser.parse_args()
    rounds = 1 if args.quick else args.rounds

    import panel as pn
    from playwright.sync_api import sync_playwright

    from cs_panel.ui.serving import serve_quickly

    serve_quickly()
    from cs_panel.ui.app import PAGES, create_app

    pages = list(PAGES)
    if args.only:
        wanted = args.only.split(",")
        unknown = sorted(set(wanted) - {p.slug for p in PAGES})
        if unknown:
            parser.error(f"no such page: {', '.join(unknown)} (pages: {', '.join(p.slug for p in PAGES)})")
        pages = [p for p in PAGES if p.slug in wanted]

    print(f"reference loop {reference_loop():.2f} s (the README's speed reading)")
    port = free_port()
    server = pn.serve(create_app, port=port, address="127.0.0.1", websocket_origin=f"127.0.0.1:{port}",
                      threaded=True, show=False, liveness=True)
    base = f"http://127.0.0.1:{port}/"
    wait_http(base + "liveness")
    in_place: dict[str, list[float]] = {p.slug: [] for p in pages}
    loaded: dict[str, list[float]] = {p.slug: [] for p in pages}
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                        viewport={"width": 1280, "height": 800})
            page = ctx.new_page()
            page.goto(base + "?page=home")
            page.wait_for_selector(".cs-home h1", timeout=60_000)
            for _ in range(rounds):
                for p in pages:
                    link = page.locator(f".cs-nav a[href='?page={p.slug}']")
                    link.scroll_into_view_if_needed()
                    page.wait_for_timeout(SETTLE_MS)
                    t = time.perf_counter()
                    link.click()
                    page.wait_for_function(SHOWN, arg=p.title, polling=20, timeout=60_000)
                    in_place[p.slug].append(time.perf_counter() - t)
                    page.wait_for_url(re.compile(rf"[?&]page={re.escape(p.slug)}(&|$)"))
                    page.wait_for_timeout(SETTLE_MS)
                    t = time.perf_counter()
                    page.goto(base + f"?page={p.slug}")
                    page.wait_for_function(SHOWN, arg=p.title, polling=20, timeout=60_000)
                    loaded[p.slug].append(time.perf_counter() - t)
            ctx.close()
    finally:
        server.stop()
    for p in pages:
        a, b = statistics.median(in_place[p.slug]), statistics.median(loaded[p.slug])
        print(f"page {p.slug} in place p50 {a * 1000:.0f} ms load p50 {b * 1000:.0f} ms ratio {a / b:.2f}")
    a = sum(statistics.median(v) for v in in_place.values())
    b = sum(statistics.median(v) for v in loaded.values())
    print(f"all {len(pages)} pages: in place {a:.1f} s, load {b:.1f} s (medians summed), ratio {a / b:.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
