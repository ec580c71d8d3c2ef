"""Parallel test runs (pytest-xdist, ``-n auto`` in bin/test): how the tests are dealt to the workers.

A test file is one unit of work, dealt to one worker, in collection order (its tests keep their
order and share their module's set-up), and so is each lesson notebook (nbval: its cells run in
order in one kernel). The long independent tests in SPREAD_FILES are dealt one by one instead:
the benchmarks and the project checks. (Dealing the app's layout and navigation tests one by one
too was tried: with them beside the other browser tests, served pages on a loaded two-core machine
missed their 15 s answers, so they stay a unit.)
The units named in FIRST (by the start of their name) go out before all others, in that order:
the longest ones, measured (each 10 to 150 s on the project's machine). The rest go out in
collection order, so short units fill the end and both workers finish together. (Before, the
hostile-input fuzz and the computer-opponent matches, 40 s each, came late in collection order and
one worker ran them alone at the end of the run: a core idle for the last 10 to 20 s.)

The JupyterLab run of the lessons (tests/browser/test_jupyterlab.py, with the rules look-up in
JupyterLab: JOINS) is one unit, dealt first: one worker runs every lesson in one JupyterLab and
one tab, for most of the run, while the other works through the rest. A lesson's run is mostly
waiting (for a kernel to start, for the browser to load Panel), so it leaves a core free for the
CPU-bound tests beside it. (Dealt one by one, the lessons ran on both workers at once, each worker
starting a JupyterLab and loading its page, and the two cores waited together.)

pytest-xdist's own ``xdist_group`` marks do not reach its scheduler under pytest 9 (it renames
``item._nodeid``, which pytest 9 no longer reads), so the units are made here, by the scheduler
hook, for ``--dist load`` (xdist's default) and ``--dist loadgroup``. This file sits at the
repository root so the units hold however pytest is started (a notebook alone, ``bin/test lessons``).
"""

from __future__ import annotations

from collections import OrderedDict

import pytest

SPREAD_FILES = {"tests/test_benchmarks.py", "tests/test_project.py"}
#: units dealt before all others, in this order: each entry is the start of a unit's name (a file,
#: or a test of SPREAD_FILES), the longest first
FIRST = (
    "tests/browser/test_jupyterlab.py",
    "tests/browser/test_layout.py",
    "tests/test_benchmarks.py::test_benchmark_runs_and_reports[latency.py",
    "tests/test_bots.py",
    "tests/ui/test_hostile_ui.py",
    "tests/test_examples.py",
    "tests/browser/test_game_setup_browser.py",
    "tests/browser/test_app_nav.py",
)


def first_rank(unit: str) -> int | None:
    """Where a unit stands in FIRST (None: not there)."""
    return next((i for i, start in enumerate(FIRST) if unit.startswith(start)), None)


#: files whose tests join another file's unit: the rules look-up in JupyterLab joins the lessons'
#: run, so that it uses the same worker's JupyterLab server (a session-scoped fixture) instead of
#: the other worker starting one for it alone
JOINS = {"tests/browser/test_rulebook_lookup_browser.py": "tests/browser/test_jupyterlab.py"}


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to: the test itself in SPREAD_FILES, else its file (or the
    file JOINS names for it)."""
    path = nodeid.split("::", 1)[0]
    return nodeid if path in SPREAD_FILES else JOINS.get(path, path)


class _FirstQueue(OrderedDict):
    """xdist's queue of units: a unit FIRST names is moved to the front as it is queued, behind any
    unit FIRST names before it."""

    def __setitem__(self, unit, tests):
        super().__setitem__(unit, tests)
        if first_rank(unit) is not None:
            ranked = [u for u in self if first_rank(u) is not None]
            for u in sorted(ranked, key=first_rank, reverse=True):
                self.move_to_end(u, last=False)


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected theirs
def pytest_collection_modifyitems(config, items):
    """Each lesson runs once in a run: in JupyterLab when the run holds the lesson's JupyterLab test
    (``runs_lesson`` marks it: tests/browser/test_jupyterlab.py), else under nbval.

    The JupyterLab test runs every cell of the lesson in a real kernel and fails on any error output
    and any stderr output (nbval --nbval-lax fails on errors only), then checks that its views draw
    with nothing fetched from another host and no console error: everything nbval checks of a lesson,
    and more. Running each lesson under nbval as well ran its kernel and every cell a second time
    (about 65 s of the two workers' time in a full run). ``bin/test lessons`` still runs them under
    nbval, the quick way to check a lesson while writing it."""
    in_lab = {mark.args[0] for item in items for mark in item.iter_markers("runs_lesson")}
    if not in_lab:
        return
    paths = {f"lessons/{n}" for n in in_lab}
    twice = [item for item in items if item.nodeid.split("::", 1)[0] in paths]
    if twice:
        items[:] = [item for item in items if item.nodeid.split("::", 1)[0] not in paths]
        config.hook.pytest_deselected(items=twice)


def lessons_note(config) -> str | None:
    """What the run says of its lessons when they run in JupyterLab and not under nbval (decided
    from the run's paths: under xdist the workers collect, and the controller collects nothing)."""
    paths = [str(a).split("::", 1)[0].rstrip("/") for a in (config.args or config.getini("testpaths"))]

    def covered(path: str) -> bool:
        return any(p in ("", ".") or path == p or path.startswith(p + "/") for p in paths)

    if covered("lessons") and covered(LAB_TEST):
        return f"lessons: each runs once, in JupyterLab ({LAB_TEST}), not again under nbval (conftest.py)"
    return None


LAB_TEST = "tests/browser/test_jupyterlab.py"


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    note = lessons_note(config)
    if note and not hasattr(config, "workerinput"):  # the controller's summary (or a run without xdist)
        terminalreporter.write_line(note)


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") not in ("load", "loadgroup"):
        return None  # loadfile, loadscope, each, worksteal: xdist's own
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def __init__(self, config, log=None):
            super().__init__(config, log)
            self.workqueue = _FirstQueue()

        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    config.option.loadscopereorder = False
    return Units(config, log)


#: the collector's third threshold once the tests are collected: a full collection after 1,000
#: collections of the middle generation, not 10 (Python's default; the first two stay as they are)
FULL_COLLECTION_AFTER = 1000


def pytest_collection_finish(session):
    """Python's cyclic garbage collector, tuned for a test run: everything alive once the tests
    are collected (Panel, bokeh, hypothesis, the test modules: about 200,000 objects) is frozen
    out of its collections, and a full collection waits for a hundred times as many collections
    of the middle generation.

    A full collection walks every object the process holds, and building components and their
    bokeh models allocates so many objects that Python ran one every second or so: in a run of the
    component tests alone (-n 0), 61 full collections took 45 s of its 188 s (a collector callback
    timed them; py-spy had put that time on whatever line allocated at the moment, such as param's
    watcher registration). Frozen and tuned, a run of the hostile-input and dial editor tests: 62 ->
    50 s, its collections 21 -> 7 s. (At 100 collections, stop 40: the component tests alone still
    spent 10 s in 17 full collections of a heap grown to 750,000 objects (the rules' caches and
    what tests keep), of 107 s; at 1,000, 5.8 s in 7, most of them the tests' own, and
    2 -> 0.1 s in the rules and bots tests; the worker's peak memory 384 -> 758 MB.) Garbage in
    cycles is still collected, later; what a test checks does not change (tests that need a
    collection call ``gc.collect()`` themselves)."""
    import gc

    gc.collect()
    gc.freeze()
    first, middle, _ = gc.get_threshold()
    gc.set_threshold(first, middle, FULL_COLLECTION_AFTER)


def _leave_now() -> None:
    """End a finished worker's process without tearing its interpreter down (see pytest_unconfigure)."""
    import os
    import sys

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(0)


def pytest_unconfigure(config):
    """An xdist worker whose session is over leaves at once instead of tearing its interpreter down.

    By then it has sent the controller every report and its session's fixtures are torn down
    (servers stopped, browsers closed). Python's own teardown then frees the half a gigabyte of
    objects a worker holds after a full run, module by module: in a clean-clone run the controller
    waited about 6 s for its workers to exit (measured: the workers' atexit handlers had run 2 s
    after their sessions ended, the controller's session ended 6 s later). Registered last, this
    handler runs first among the worker's atexit handlers, after its threads have been joined."""
    if hasattr(config, "workerinput"):
        import atexit

        atexit.register(_leave_now)
