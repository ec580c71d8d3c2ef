"""The rules core passes the type checker (configured in pyproject.toml's [tool.mypy])."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_rules_core_type_checks():
    out = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-4000:]
    assert "Success" in out.stdout


def test_no_unused_imports_or_names():
    """pyflakes' checks (through ruff): unused imports and variables, redefinitions, undefined names."""
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "F", "cs_panel", "tests", "benchmarks", "examples",
                          "lessons"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-4000:]
