"""Benchmark: the server's work to open each page of the app, against a trivial template page.

Run: python benchmarks/page_open.py [--rounds N] [--only SLUG,...] [--quick]

A player who clicks a sidebar link waits first for the server to build the page's session: the
page's components and every bokeh model of the page, in a new document. This serves the app in
this process as ``cs-panel serve`` does (``serve_quickly``), asks for the home page and every page
of ``cs_panel.ui.app.PAGES`` over HTTP, and times each request in this process's CPU time (the
server's build and the page's template; the machine's other load counts less), the pages and a
trivial page (the same template holding one number input) interleaved, so drift meets all alike.
One line a page:

    page SLUG p50 X ms min Y ms models M ratio R

(M: the page's bokeh models; R: the page's p50 over the trivial page's), then the sums. The
browser's part of opening a page (drawing those models) is not in it. Timing is printed, never
asserted. (Issue 14.)
"""

from __future__ import annotations

import argparse
import gc
import socket
import statistics
import time
import urllib.request

from two_turn_reach import reference_loop  # the README's loop (benchmarks/ is this script's folder)


def trivial_page():
    """The app's template holding one number input: what any page of it costs at least."""
    import panel as pn

    return pn.template.BootstrapTemplate(title="trivial", main=[pn.widgets.IntInput(name="n", value=1)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="requests for each page (default 7)")
    parser.add_argument("--only", default="", help="comma-separated page slugs ('home' for the home page)")
    parser.add_argument("--quick", action="store_true", help="2 rounds: checks the script runs")
    args = parser.parse_args()
    rounds = 2 if args.quick else args.rounds

    import panel as pn
    from panel.template.base import BaseTemplate

    from cs_panel.ui.serving import serve_quickly

    serve_quickly()  # as the app serves itself (cs_panel/ui/serving.py)
    from cs_panel.ui.app import PAGES, create_app

    slugs = ["home", *(p.slug for p in PAGES)]
    if args.only:
        wanted = args.only.split(",")
        unknown = sorted(set(wanted) - set(slugs))
        if unknown:
            parser.error(f"no such page: {', '.join(unknown)} (pages: {', '.join(slugs)})")
        slugs = [s for s in slugs if s in wanted]
    print(f"reference loop {reference_loop():.2f} s")

    built: list[int] = []  # the number of models of each page built, in order (one request at a time)
    server_doc = BaseTemplate.server_doc

    def counted(self, *a, **kw):
        doc = server_doc(self, *a, **kw)
        built.append(len(doc.models))
        return doc

    BaseTemplate.server_doc = counted
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = pn.serve({"app": create_app, "trivial": trivial_page}, port=port, address="127.0.0.1",
                      websocket_origin=f"127.0.0.1:{port}", threaded=True, show=False, liveness=True)
    try:
        for _ in range(200):  # until the server answers
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/liveness", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)

        def url(slug: str) -> str:
            return f"http://127.0.0.1:{port}/" + ("trivial" if slug == "trivial" else
                                                  "app" if slug == "home" else f"app?page={slug}")

        def open_page(slug: str) -> tuple[float, int]:
            gc.collect()  # one page's garbage is not collected during the next one's build
            t = time.process_time()
            urllib.request.urlopen(url(slug), timeout=120).read()
            return (time.process_time() - t) * 1000, built[-1]

        for slug in ["trivial", *slugs]:  # a first build of each imports its modules and fills the data caches
            open_page(slug)
        times: dict[str, list[float]] = {s: [] for s in ["trivial", *slugs]}
        models: dict[str, int] = {}
        for _ in range(rounds):
            for slug in ["trivial", *slugs]:
                ms, models[slug] = open_page(slug)
                times[slug].append(ms)
    finally:
        server.stop()
        BaseTemplate.server_doc = server_doc
    base = statistics.median(times["trivial"])
    print(f"trivial page p50 {base:.1f} ms min {min(times['trivial']):.1f} ms models {models['trivial']}")
    for slug in slugs:
        p50 = statistics.median(times[slug])
        print(f"page {slug} p50 {p50:.1f} ms min {min(times[slug]):.1f} ms models {models[slug]} ratio {p50 / base:.1f}")
    worst = max(slugs, key=lambda s: statistics.median(times[s]))
    print(f"all {len(slugs)} pages: p50s sum to {sum(statistics.median(times[s]) for s in slugs):.0f} ms, "
          f"{sum(models[s] for s in slugs)} models; slowest {worst} p50 {statistics.median(times[worst]):.1f} ms")


if __name__ == "__main__":
    main()
