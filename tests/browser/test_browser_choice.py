"""The browser the tests drive is Debian's chromium: its headless shell where installed (see
conftest.py), of the same build as the full browser, so the engine the tests check is the one a
player's chromium runs."""

import os
import shutil
import subprocess
from pathlib import Path


def test_the_tests_browser_is_debians_chromium_of_the_full_browsers_build(browser, browser_type_launch_args):
    used = Path(browser_type_launch_args["executable_path"]).resolve()
    assert used.is_relative_to("/usr/bin") or used.is_relative_to("/usr/lib/chromium"), used  # Debian's package
    shell = shutil.which("chromium-headless-shell")
    if shell and not os.environ.get("CHROMIUM"):  # the lighter shell, where it is installed
        assert used == Path(shell).resolve(), (used, shell)
    full = shutil.which("chromium")
    if full:  # "Chromium 150.0.7871.100 built on Debian ...": the same build as the browser driven here
        out = subprocess.run([full, "--version"], check=True, capture_output=True, text=True, timeout=60).stdout
        assert browser.version in out, (browser.version, out)
