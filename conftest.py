"""Parallel test runs (pytest-xdist, ``-n auto`` in bin/test): which tests must share a worker.

Tests are spread one by one over the workers, except:
- a lesson notebook's cells (nbval): they run in order in one kernel, so a notebook is one unit;
- tests/test_examples.py: its tests share each demo notebook's single run (a module-level cache).
The JupyterLab browser tests are spread too: each worker starts its own JupyterLab (a
session-scoped fixture), so the lessons run in two browsers at once.

pytest-xdist's own ``xdist_group`` marks do not reach its scheduler under pytest 9 (it renames
``item._nodeid``, which pytest 9 no longer reads), so the units are made here, by the scheduler
hook, for ``--dist load`` (xdist's default) and ``--dist loadgroup``. This file sits at the
repository root so the units hold however pytest is started (a notebook alone, ``bin/test lessons``).
"""

from __future__ import annotations

SHARED_FILES = {"tests/test_examples.py"}


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to: its notebook or shared file, or the test itself."""
    path = nodeid.split("::", 1)[0]
    return path if path.endswith(".ipynb") or path in SHARED_FILES else nodeid


def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") not in ("load", "loadgroup"):
        return None  # loadfile, loadscope, each, worksteal: xdist's own
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    return Units(config, log)
