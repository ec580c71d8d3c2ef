"""bin/_rewrite_tests.py: the asserts of the test modules rewritten once, ahead of pytest's
workers, give exactly what pytest would have rewritten, where pytest looks for it."""

import runpy
import subprocess
import sys
from pathlib import Path

from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc, _rewrite_test, get_cache_dir

ROOT = Path(__file__).resolve().parents[1]
ahead = runpy.run_path(str(ROOT / "bin" / "_rewrite_tests.py"))


def test_every_test_module_and_conftest_is_rewritten_ahead():
    modules = ahead["test_modules"](ROOT)
    names = {p.relative_to(ROOT).as_posix() for p in modules}
    assert {"conftest.py", "tests/conftest.py", "tests/browser/conftest.py", "tests/test_rewrite_ahead.py"} <= names
    assert not [n for n in names if not (n.endswith("conftest.py") or Path(n).name.startswith("test_"))]


def test_the_copy_is_pytests_own_and_pytest_uses_it(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tmp_path / "conftest.py").write_text("")
    module = tests / "test_sample.py"
    module.write_text("def test_sample():\n    x = [1, 2]\n    assert x == [1, 3], 'the second differs'\n")
    assert ahead["main"](tmp_path) == 0
    pyc = get_cache_dir(module) / (module.name[:-3] + PYC_TAIL)
    copy = _read_pyc(module, pyc)
    assert copy is not None, "no copy written where pytest looks"
    _, own = _rewrite_test(module, None)
    assert copy.co_code == own.co_code and copy.co_consts == own.co_consts

    # pytest takes the copy (its source hash matches: it writes none of its own) and reports the
    # rewritten assert
    written = pyc.stat()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", str(module)],
                         check=False, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout[-2000:]
    assert "assert [1, 2] == [1, 3]" in run.stdout, run.stdout[-2000:]
    assert (pyc.stat().st_ino, pyc.stat().st_mtime_ns) == (written.st_ino, written.st_mtime_ns)

    # an edited module is not mistaken for its old copy
    module.write_text("def test_sample():\n    assert 2 + 2 == 4\n")
    assert _read_pyc(module, pyc) is None
    assert ahead["main"](tmp_path) == 0
    assert _read_pyc(module, pyc) is not None


def test_a_module_that_does_not_parse_is_left_to_pytest(tmp_path, capsys):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_broken.py").write_text("def test(:\n")
    assert ahead["main"](tmp_path) == 0
    assert "test_broken.py: SyntaxError" in capsys.readouterr().err
