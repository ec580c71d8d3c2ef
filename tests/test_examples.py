"""The example notebooks run from top to bottom in a fresh kernel, and are committed without outputs.

Each notebook's kernel is forked from one process that has imported ipykernel and Panel already
(tests/browser/kernel_zygote.py, as for the lessons in JupyterLab): a new process with its own
namespace, the notebook's own imports still run; it saves each notebook's kernel importing them
(the machine's CPU for this file alone: 21 and 24 s with a fresh kernel each, 17 and 17 s forked).
The zygote imports only what every example imports in its first cells (``cs_panel.ui`` and Panel
with it), and ``cs_panel.teach``, which registers nothing with Panel or bokeh."""

from __future__ import annotations

import importlib.util
import os
import subprocess
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "examples").glob("*.ipynb"))


def _zygote_module():
    spec = importlib.util.spec_from_file_location("kernel_zygote", ROOT / "tests" / "browser" / "kernel_zygote.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", autouse=True)
def forked_kernels(tmp_path_factory):
    """The notebooks' ``python3`` kernels forked from a zygote (the module's docstring) while this
    module's tests run: its kernel spec first on JUPYTER_PATH, its socket named for the launcher."""
    zygote = _zygote_module()
    proc, env = zygote.start(tmp_path_factory.mktemp("kernels"), dict(os.environ), cwd=ROOT)
    with pytest.MonkeyPatch.context() as mp:
        for name in ("JUPYTER_PATH", zygote.SOCKET_ENV):
            mp.setenv(name, env[name])
        yield
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_a_notebook_kernel_is_forked_with_panel_imported_and_its_namespace_empty():
    """The kernels here come from the zygote: Panel is imported before the first cell runs (a
    fresh ipykernel has not imported it), and the notebook's namespace holds nothing of it."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import sys\nprint('panel' in sys.modules, 'pn' in dir(), 'panel' in dir())")])
    NotebookClient(nb, timeout=120, kernel_name="python3", shutdown_kernel="immediate").execute()
    assert nb.cells[0].outputs[0]["text"].split() == ["True", "False", "False"]


def test_there_is_an_example_notebook():
    assert ROOT / "examples" / "fasa_demo_game.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_example_notebook_is_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name} cell {i} has outputs"


_RUN: dict[Path, nbformat.NotebookNode] = {}


def executed(path: Path) -> nbformat.NotebookNode:
    """The notebook run once in a fresh kernel (raises CellExecutionError, naming the cell, on any error).
    Once its last cell has run, the kernel is ended at once (``shutdown_kernel="immediate"``): the
    outputs are all in, and a kernel that imported Panel takes about a second to exit by itself."""
    if path not in _RUN:
        nb = nbformat.read(path, as_version=4)
        NotebookClient(nb, timeout=300, kernel_name="python3", shutdown_kernel="immediate",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        _RUN[path] = nb
    return _RUN[path]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_example_notebook_runs_without_error(path):
    nb = executed(path)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert text.strip(), "the notebook printed nothing"


def test_demo_game_plays_three_turns_and_marks_damage():
    nb = nbformat.read(ROOT / "examples" / "fasa_demo_game.ipynb", as_version=4)
    words = "".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "Damage is marked" in words and "not implemented" not in words
    nb = executed(ROOT / "examples" / "fasa_demo_game.ipynb")
    printed = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "refused:" in printed and "no jinking" in printed
    # turn 1's hits take a spar off the Raider's port wing, so Bob's turn-2 plot becomes a push (F.dmg.spar)
    assert "template mg-50-AP (F.dmg.template): 5 box(es) destroyed, 0 lost; lost: Wing Spar (port, fore)" in printed
    assert "Raider pushes the envelope: pushing the Gs: 8 base + 1 2 G over the port wing rating 1" in printed
    assert "Ace: fracture hit on the starboard wing leading edge: Starboard Leading table" in printed
    assert "damage: 10 box(es) marked; Wing Spar (port, fore) lost: -1 G port (left turns)" in printed
    svgs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) == 2  # each plane's record sheet drew itself
    assert "nothing: the game is over" in printed
    assert "the same game after loading: True" in printed
    # the head-on meeting: numbers chosen, matched, both destroyed, nobody left (F.collide.*, F.victory)
    assert "the game waits for: collision numbers from Ace, Raider" in printed
    assert "Raider is destroyed in the mid-air collision" in printed and "a draw: no side has a plane left" in printed
    # fire orders: guns with rockets refused, two rockets fired, doubled-down guns jammed and not cleared
    # (F.combat.choice, F.rocket.ap-he, F.gun.double-down, F.gun.jam-clear)
    assert "refused: fire guns or launched weapons in one phase, not both" in printed
    assert "Ace fires the armour-piercing rocket on hardpoint 2 at Raider" in printed
    assert "Ace (Ann): gun 1 .50 AP, gun 2 .50 AP, hardpoint 1 empty, hardpoint 2 empty" in printed
    assert "gun jammed from next turn (F.gun.double-down)" in printed
    assert "refused: gun 1 is jammed and cannot fire until cleared" in printed
    assert "Raider works on its jammed gun(s) 1, 2, 3 instead of firing: needs 8 base - 4 Steady Hand 4 + 2 shocked" \
        in printed
    assert "combat dice [3] -- jammed: Raider guns 1, 2, 3" in printed


def test_aces_demo_game_plays_to_an_end_and_scores_it():
    nb = executed(ROOT / "examples" / "aces_demo_game.ipynb")
    printed = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "refused: Gunner acted in Tim's last turn" in printed  # a rule refused, the game unchanged
    assert "Ruffian is knocked out (6 points to Tim)" in printed
    assert "only one player has characters on the map" in printed and " wins (" in printed
    assert "loads back equal: True" in printed



def _shown(nb) -> str:
    """Every printed line and every shown value's HTML (else its plain text), in cell order."""
    out = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            if o.output_type == "stream":
                out.append(o.text)
            elif "data" in o:
                out.append(o["data"].get("text/html", "") or o["data"].get("text/plain", ""))
    return "\n".join(out)


# (was tests/test_airaction_example.py, which ran the same notebook in a second fresh kernel: it now
# reads the one run that test_example_notebook_runs_without_error made)
def test_airaction_demo_game_is_committed_without_outputs():
    nb = nbformat.read(ROOT / "examples" / "airaction_demo_game.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


@pytest.mark.rule("A.initiative", "A.throttle", "A.order", "A.nav.deck", "A.move.execute", "A.combat.shot", "A.victory")
def test_airaction_demo_game_runs_in_a_fresh_kernel_and_reads_the_same():
    text = _shown(executed(ROOT / "examples" / "airaction_demo_game.ipynb"))
    assert "Odds before the roll" in text and "SHOT DOWN" in text  # odds shown, then the dial clicked to the end
    assert "throttles -2 clicks: 6 piloting value = 6 (72%)" in text  # the two-click check, odds before its roll
    assert "reconstructed" in text and "sample" in text  # the badges are in the text
    assert "winner: Ann" in text
