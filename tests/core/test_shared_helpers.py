"""Modules use each other's public functions, and one function serves where the logic is one: the
referee's bail-out flak damages objects and gas cells through ``ground_play`` and ``zeppelins``'
public names; the computer player counts hexes with the hex grid's ``axial_distance``; the Air
Action table's picture and its words take one set of arguments (``PlayArea``)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numpy as np
import pytest

import cs_panel
from cs_panel.airaction.svg import PlayArea, table_svg, table_text
from cs_panel.airaction.table import Pose
from cs_panel.fasa.hexgrid import Hex, axial_distance, spiral
from cs_panel.fasa.referee import ground_play, zeppelins

ROOT = Path(cs_panel.__file__).parent


def _tree(rel: str) -> ast.Module:
    return ast.parse((ROOT / rel).read_text(encoding="utf-8"))


@pytest.mark.rule("F.bail.projectile", "F.zep.gas-cells")
def test_bailing_uses_only_public_names_of_ground_play_and_zeppelins():
    tree = _tree("fasa/referee/bailing.py")
    imported = [(n.module, a.name) for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                for a in n.names if n.module and n.module.endswith(("ground_play", "zeppelins"))]
    aliases = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
               for a in n.names if a.name in ("zeppelins", "ground_play")}
    used = [(n.value.id, n.attr) for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in aliases]
    assert aliases and used, "bailing reaches zeppelins through the module"
    assert not [x for x in imported + used if x[1].startswith("_")], imported + used
    # the shared helpers are the modules' own, documented
    for fn in (ground_play.damage_object, zeppelins.hit_gas_cell):
        assert fn.__doc__ and "bailing" in fn.__doc__


@pytest.mark.rule("F.map.hexes")
def test_axial_distance_counts_hexes_as_hex_distance_does_one_pair_or_many():
    here = Hex(2, -3)
    cells = spiral(here, 4) + [Hex(-9, 7), Hex(11, 0)]
    for h in cells:
        assert axial_distance(h.q - here.q, h.r - here.r) == here.distance(h)
    dq = np.array([h.q - here.q for h in cells])
    dr = np.array([h.r - here.r for h in cells])
    assert axial_distance(dq, dr).tolist() == [here.distance(h) for h in cells]
    assert axial_distance(0, 0) == 0 and axial_distance(3, -3) == 3 and axial_distance(2, 2) == 4


@pytest.mark.rule("F.map.hexes")
def test_the_computer_player_counts_hexes_with_the_hex_grid_function():
    source = (ROOT / "bots.py").read_text(encoding="utf-8")
    assert "axial_distance(" in source
    assert "np.abs(dq + dr)" not in source and "np.abs(q + r)" not in source


@pytest.mark.rule("A.move.execute", "A.nav.paths")
def test_table_picture_and_words_take_one_set_of_arguments():
    fields = list(inspect.signature(PlayArea).parameters)
    assert fields == ["planes", "paths", "obstacles", "size", "pixels", "description"]
    planes = [("Ace", Pose(10.0, 12.0, 90.0)), ("Bo", Pose(3.0, 30.5, 271.0))]
    paths = [("turn", [Pose(1.0, 2.0, 0.0), Pose(4.0, 5.0, 0.0)])]
    for kw in ({}, {"size": 24.0}, {"pixels": 300}, {"description": "a turn"}):
        words = table_text(planes, paths, **kw)
        picture = str(table_svg(planes, paths, **kw))
        assert all(line in words for line in PlayArea(planes).plane_lines())
        assert f"width='{kw.get('pixels', 432)}'" in picture
        if "description" in kw:
            assert words.startswith("a turn") and f"<desc>{words}</desc>" in picture  # the words describe it
        else:
            assert "<desc>" + "; ".join(PlayArea(planes).plane_lines()) + "</desc>" in picture
    with pytest.raises(TypeError):
        table_text(planes, paths, (), 24.0)  # size and what follows are given by name, as before
