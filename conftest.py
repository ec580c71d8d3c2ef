"""Parallel test runs (pytest-xdist, ``-n auto`` in bin/test): how the tests are dealt to the workers.

A test file is one unit of work, dealt to one worker, in collection order (its tests keep their
order and share their module's set-up), and so is each lesson notebook (nbval: its cells run in
order in one kernel). The long independent tests in SPREAD_FILES are dealt one by one instead:
the JupyterLab browser tests (each worker starts its own JupyterLab, a session-scoped fixture, so
the lessons run in two browsers at once), the benchmarks and the project checks. (Dealing the
app's layout and navigation tests one by one too was tried: with them beside the other browser
tests, served pages on a loaded two-core machine missed their 15 s answers, so they stay a unit.)
Units go out in collection order, not largest first, so the long browser tests start early and the
short notebooks fill the end.

pytest-xdist's own ``xdist_group`` marks do not reach its scheduler under pytest 9 (it renames
``item._nodeid``, which pytest 9 no longer reads), so the units are made here, by the scheduler
hook, for ``--dist load`` (xdist's default) and ``--dist loadgroup``. This file sits at the
repository root so the units hold however pytest is started (a notebook alone, ``bin/test lessons``).
"""

from __future__ import annotations

SPREAD_FILES = {"tests/browser/test_jupyterlab.py", "tests/test_benchmarks.py", "tests/test_project.py"}


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to: the test itself in SPREAD_FILES, else its file."""
    path = nodeid.split("::", 1)[0]
    return nodeid if path in SPREAD_FILES else path


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") not in ("load", "loadgroup"):
        return None  # loadfile, loadscope, each, worksteal: xdist's own
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    config.option.loadscopereorder = False
    return Units(config, log)
