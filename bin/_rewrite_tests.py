"""Rewrite the asserts of every test module once, before pytest's workers ask for them.

``bin/test`` starts this in the background as it starts pytest. On a clean clone each xdist
worker would otherwise rewrite every test module itself (pytest's assertion rewriting: about 5 s
of CPU a worker on the project's machine, 5,500 asserts), both workers at once, while pytest's
controller, starting on one core, leaves the other free for a few seconds: enough to do it once.

The rewritten code is pytest's own (``_rewrite_test``), written where and how pytest writes its
cached copy (``get_cache_dir``, ``_write_pyc``: atomically, tagged with pytest's version and the
source's hash, which pytest checks before it uses a copy). So a worker that finds a copy runs
exactly what it would have rewritten itself, and a worker that gets there first rewrites as
before. If pytest's internals change and this fails, it says so on stderr and the run goes on as
it would have without it: it can cost time, never change a result.

    python bin/_rewrite_tests.py ROOT
"""

from __future__ import annotations

import sys
from pathlib import Path


class _Quiet:
    """The ``state`` argument ``_write_pyc`` traces its failures to."""

    def trace(self, *args) -> None:
        pass


def test_modules(root: Path) -> list[Path]:
    """The modules pytest rewrites: every conftest.py and test_*.py under the root's test folders
    (``testpaths``), in the order the workers collect them."""
    found = [root / "conftest.py"] + sorted(p for p in (root / "tests").rglob("*.py")
                                            if p.name == "conftest.py" or p.name.startswith("test_"))
    return [p for p in found if p.is_file()]


def main(root: Path) -> int:
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            get_cache_dir,
        )
    except ImportError as e:  # another pytest: the workers rewrite for themselves
        print(f"bin/_rewrite_tests.py: not rewriting ahead ({e})", file=sys.stderr)
        return 0
    state = _Quiet()
    for fn in test_modules(root):
        try:
            cache_dir = get_cache_dir(fn)
            cache_dir.mkdir(parents=True, exist_ok=True)
            pyc = cache_dir / (fn.name[:-3] + PYC_TAIL)
            if _read_pyc(fn, pyc) is not None:  # a worker (or an earlier run) got there first
                continue
            source_hash, co = _rewrite_test(fn, None)
            _write_pyc(state, co, source_hash, pyc)
        except Exception as e:  # noqa: BLE001  (a module pytest will refuse and name itself)
            print(f"bin/_rewrite_tests.py: {fn}: {type(e).__name__}: {e}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]).resolve()))
