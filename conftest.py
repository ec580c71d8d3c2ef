"""Parallel test runs (pytest-xdist, ``-n auto`` in bin/test): how the tests are dealt to the workers.

A test file is one unit of work, dealt to one worker, in collection order (its tests keep their
order and share their module's set-up), and so is each lesson notebook (nbval: its cells run in
order in one kernel). The long independent tests in SPREAD_FILES are dealt one by one instead:
the benchmarks and the project checks. (Dealing the app's layout and navigation tests one by one
too was tried: with them beside the other browser tests, served pages on a loaded two-core machine
missed their 15 s answers, so they stay a unit.)
Units go out in collection order, not largest first, so the long browser tests start early and the
short notebooks fill the end; the units in FIRST go out before all others.

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
#: units dealt before all others, in this order
FIRST = ("tests/browser/test_jupyterlab.py",)


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
    """xdist's queue of units: a unit named in FIRST is moved to the front as it is queued, behind
    any unit FIRST names before it."""

    def __setitem__(self, unit, tests):
        super().__setitem__(unit, tests)
        if unit in FIRST:
            for earlier in reversed(FIRST[:FIRST.index(unit) + 1]):
                if earlier in self:
                    self.move_to_end(earlier, last=False)


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
    twice = [item for item in items if item.nodeid.split("::", 1)[0] in {f"lessons/{n}" for n in in_lab}]
    if twice:
        seen = set(map(id, twice))
        items[:] = [item for item in items if id(item) not in seen]
        config.hook.pytest_deselected(items=twice)
        config.stash[LESSONS_IN_LAB] = len(in_lab)


LESSONS_IN_LAB = pytest.StashKey[int]()


def pytest_report_collectionfinish(config, start_path, items):
    n = config.stash.get(LESSONS_IN_LAB, 0)
    if n:
        return f"{n} lessons run in JupyterLab (tests/browser/test_jupyterlab.py), so not again under nbval"
    return None


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
