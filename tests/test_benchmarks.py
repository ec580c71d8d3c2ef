"""The benchmarks still run and print their figures (they are measurements, so nothing here
asserts a speed; this only keeps them from rotting)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def ui_components() -> list[str]:
    from cs_panel.ui import _COMPONENTS  # the components, not the package's helpers (notebook())
    return list(_COMPONENTS)


@pytest.mark.parametrize("script,args,expect", [
    ("two_turn_reach.py", [], ["two-turn reachable set", "positions (hex, facing)"]),
    ("attack_distribution.py", ["--rolls", "2000"], ["simulated attacks per shot"]),
    ("playouts.py", ["--playouts", "2", "--turns", "2", "--lengths", "10", "30"], ["actions/s", "ratio"]),
    ("page_open.py", ["--quick", "--only", "home,tohit"], ["trivial page p50 ", "page home p50 ", "page tohit p50 ",
                                                            "all 2 pages: "]),
    ("bots.py", ["--quick"], ["tactical vs random over 2 seeded games", "time per tactical decision",
                              "time per FASA plot decision", "time per Air Action plan decision"]),
    # these drive Debian's chromium, so they carry the browser marker
    pytest.param("page_switch.py", ["--quick", "--only", "tohit,rules"],
                 ["page tohit in place p50 ", "page rules in place p50 ", "all 2 pages: in place "], marks=pytest.mark.browser),
    # this one drives Debian's chromium, so it carries the browser marker (benchmarks/tohit_latency.py,
    # the to-hit calculator alone, is retired: this measures it and every other component the same way)
    # every component of cs_panel.ui has its line, then the memory per session and the worst figures
    pytest.param("latency.py", ["--quick"], [*(f"component {name} p50 " for name in ui_components()),
                                             " MB per session", f"all {len(ui_components())} components: medians summed ", "worst p95 "],
                 marks=pytest.mark.browser),
])
def test_benchmark_runs_and_reports(script, args, expect, tmp_path):
    kept = tmp_path / "samples.json"
    if script == "latency.py":  # and keeps every round trip where --samples says
        args = [*args, "--samples", str(kept)]
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    if script == "latency.py":  # every component's input changed its output (no timing is checked)
        assert "timeouts" not in out.stdout and "no change shown" not in out.stdout, out.stdout
        samples = json.loads(kept.read_text())
        assert sorted(samples) == sorted(ui_components())
        for name, times in samples.items():  # --quick: one change of each and one of its trivial input
            assert len(times["component"]) == len(times["trivial"]) == 1, (name, times)
            assert all(ms > 0 for ms in times["component"] + times["trivial"]), (name, times)
    for text in expect:
        assert text in out.stdout, out.stdout
