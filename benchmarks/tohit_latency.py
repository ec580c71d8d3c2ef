"""Benchmark: what the ToHitCalculator adds to a trivial Panel app, and what importing costs.

Measures in one run, on this machine:
1. the browser round trip (a typed value's change event until the page shows the new text),
   for the calculator and for a trivial app with the same widget feeding a text pane;
2. ``import cs_panel`` (the package alone), ``import cs_panel.core, cs_panel.fasa.tohit`` (the
   rules the calculator uses), ``import panel`` and importing the calculator, each in a fresh
   interpreter.
Prints medians and ratios; a change the page does not show within 3 s counts as a timeout.
The goal for (1) is a ratio of at most 1.20. Nothing here asserts.

    python benchmarks/tohit_latency.py [--rounds N] [--repeats N] [--quick]

``--quick`` loads each app once and times one change of each after one warm-up, with one
interpreter per import timing: it checks that the script works and prints every line; its figures
mean little.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

# Walk open shadow roots: Panel renders every model inside one.
DEEP_QUERY = """
function deepOne(root, sel) {
  const hit = root.querySelector(sel);
  if (hit) return hit;
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) { const h = deepOne(el.shadowRoot, sel); if (h) return h; }
  }
  return null;
}
// "host inner": find the host anywhere, then the inner element in or under its shadow root
function deepQuery(root, sel) {
  const [host, inner] = sel.split(' ');
  const h = deepOne(root, host);
  if (!h || !inner) return h;
  return deepOne(h.shadowRoot || h, inner) || deepOne(h, inner);
}
"""

ROUND_TRIP = """
async ([inputSel, outputSel, value]) => {""" + DEEP_QUERY + """
  const input = deepQuery(document, inputSel);
  const before = deepQuery(document, outputSel).textContent;
  input.value = String(value);
  const t0 = performance.now();
  input.dispatchEvent(new Event('change', {bubbles: true}));
  while (true) {
    await new Promise(r => requestAnimationFrame(r));
    const out = deepQuery(document, outputSel);
    if (out && out.textContent !== before) return performance.now() - t0;
    if (performance.now() - t0 > 3000) return -1;
  }
}
"""


def trivial_app():
    import panel as pn

    box = pn.widgets.IntInput(value=2, css_classes=["in-range"])
    text = pn.pane.HTML("<p class='explained'>range 2</p>", css_classes=["summary"])
    box.param.watch(lambda e: setattr(text, "object", f"<p class='explained'>range {e.new}</p>"), "value")
    return pn.Column(box, text)


def calculator_app():
    import panel as pn

    from cs_panel.ui import ToHitCalculator

    return pn.Column(ToHitCalculator())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(app) -> str:
    import panel as pn

    port = free_port()
    pn.serve(app, port=port, address="127.0.0.1", websocket_origin=f"127.0.0.1:{port}", threaded=True,
             show=False, liveness=True)
    t0 = time.time()
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/liveness", timeout=2).read()
            return f"http://127.0.0.1:{port}"
        except OSError:
            if time.time() - t0 > 60:
                raise
            time.sleep(0.2)


def round_trips(page, url: str, rounds: int, warm: int = 3) -> tuple[list[float], int]:
    """The round-trip times in ms, and how many changes timed out (after ``warm`` untimed changes)."""
    page.goto(url)
    page.locator(".summary .explained").wait_for(timeout=30_000)
    times, timeouts = [], 0
    for i in range(rounds + warm):
        value = 1 + (i % 5)  # ranges 1-5 stay inside the .50 gun's reach
        if i and value == 1 + ((i - 1) % 5):
            value += 1
        ms = page.evaluate(ROUND_TRIP, [".in-range input", ".summary .explained", value])
        if i < warm:  # the first changes warm up the connection
            continue
        if ms >= 0:
            times.append(ms)
        else:
            timeouts += 1
    return times, timeouts


def import_time(statement: str, repeats: int = 5) -> float:
    code = f"import time; t = time.perf_counter(); {statement}; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(repeats)]
    return statistics.median(runs) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5, help="fresh interpreters per import timing (default 5)")
    parser.add_argument("--quick", action="store_true", help="one load and one timed change an app, one interpreter an import")
    args = parser.parse_args()
    # quick: one block (each app loaded once), one warm-up change and one timed
    blocks, warm = (1, 1) if args.quick else (3, 3)
    rounds, repeats = (1, 1) if args.quick else (max(1, args.rounds // 3), args.repeats)

    from playwright.sync_api import sync_playwright
    from panel.io.state import state

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    urls = {"trivial": serve(trivial_app), "calculator": serve(calculator_app)}
    results = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        page = browser.new_page()
        # interleave the two apps so drift in machine load hits both alike
        samples: dict[str, list[float]] = {k: [] for k in urls}
        timeouts = dict.fromkeys(urls, 0)
        for _ in range(blocks):
            for name, url in urls.items():
                times, lost = round_trips(page, url, rounds, warm)
                samples[name] += times
                timeouts[name] += lost
        browser.close()
    state.kill_all_servers()
    for name, times in samples.items():
        if not times:
            print(f"round trip, {name:10}: no change shown within 3 s ({timeouts[name]} timeouts)")
            continue
        results[name] = statistics.median(times)
        print(f"round trip, {name:10}: median {results[name]:6.1f} ms over {len(times)} changes "
              f"(min {min(times):.1f}, max {max(times):.1f}; {timeouts[name]} timeouts)")
    if len(results) == 2:
        print(f"ratio calculator / trivial: {results['calculator'] / results['trivial']:.2f}  (goal <= 1.20)")
    else:
        print("ratio calculator / trivial: not measured (every round trip of an app timed out)")

    package = import_time("import cs_panel", repeats)
    core = import_time("import cs_panel.core, cs_panel.fasa.tohit", repeats)
    panel_t = import_time("import panel", repeats)
    ui = import_time("from cs_panel.ui import ToHitCalculator", repeats)
    print(f"import cs_panel: {package:6.1f} ms; import cs_panel.core, cs_panel.fasa.tohit: {core:6.1f} ms; "
          f"import panel: {panel_t:6.1f} ms; from cs_panel.ui import ToHitCalculator: {ui:6.1f} ms")
    print(f"ratio (cs_panel.core + cs_panel.fasa.tohit) / panel: {core / panel_t:.2f}; "
          f"ratio ToHitCalculator import / panel: {ui / panel_t:.2f}")


if __name__ == "__main__":
    main()
