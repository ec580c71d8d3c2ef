"""A zeppelin battle set up elsewhere (``play.zeppelin_demo_setup``) played at ``FasaTable``: the
zeppelin drawn on the map, its record sheet in the record-sheet tab, and turns played with it."""

from __future__ import annotations

import re

import pytest

from cs_panel.fasa.play import zeppelin_demo_setup
from cs_panel.games import new_game
from cs_panel.ui.fasa_table import FasaTable


def cell_points(sheet: str) -> list[int | None]:
    """The points each gas cell shows on the zeppelin's sheet (None for a shredded cell)."""
    rows = re.findall(r"<td>cell (\d)</td><td>[^<]*</td><td>([^<]*)</td>", sheet)
    return [None if text.startswith("shredded") else int(text.split(" / ")[0]) for _, text in rows]


@pytest.mark.rule("F.zep.static", "F.zep.gas-cells")
def test_the_zeppelin_is_on_the_map_and_its_sheet_loses_the_points_a_rocket_takes():
    t = FasaTable(game=new_game("fasa", 7, zeppelin_demo_setup()), seats={"Bob": "computer"})
    t.__panel__()
    start = t.game.state.game.zeppelins[0]
    assert "data-name='Pegasus'" in t._map_pane.object
    assert all(f"{i + 1}: {p}" in t._map_pane.object for i, p in enumerate(start.cells))  # each cell numbered
    assert t.param.sheet_plane.objects == ["Ace", "Raider", "Pegasus"]
    t.sheet_plane = "Pegasus"
    assert "Record sheet of the zeppelin Pegasus" in t._sheet_pane.object
    assert cell_points(t._sheet_pane.object) == list(start.cells)
    # Ann flies at it and fires both rockets at cell 2; Bob's side (the computer) answers
    t.param.update(plot_plane="Ace", maneuver="3SA")
    assert t.plot() and t.move(), t.error
    t.param.update(fire_plane="Ace", order="rockets at Pegasus cell 2")
    assert t.fire() and t.combat(), t.error
    after = t.game.state.game.zeppelins[0]
    assert after.cells[1] < start.cells[1] and after.cells[:1] + after.cells[2:] == start.cells[:1] + start.cells[2:]
    assert cell_points(t._sheet_pane.object) == list(after.cells)  # the sheet shows the state, not the start
    assert f"2: {after.cells[1]}" in t._map_pane.object
    assert any(line.startswith("Pegasus gas cell 2") for line in map(str.strip, t.game.state.game.report))


@pytest.mark.rule("F.zep.turrets", "F.seq.phases")
def test_computers_on_both_sides_play_a_whole_turn_of_the_zeppelin_battle():
    t = FasaTable(game=new_game("fasa", 11, zeppelin_demo_setup()), seats={"Ann": "computer", "Bob": "computer"})
    t.__panel__()
    assert t.game.state.game.turn == 1 and t.next_step.startswith("move()")
    assert t.move() and t.combat() and t.tailing(), t.error
    assert t.game.state.game.turn == 2 and t.error == ""
    said = " ".join(t.transcript())
    assert "zeppelin Pegasus" in said  # the zeppelin's side aimed its turrets (the computer, for Bob)
    assert "Pegasus" in t._table_pane.object and "cs-zeppelin-sheet" in t._table_pane.object


def _bob_aims_in_combat(seed: int = 7) -> FasaTable:
    """A hot seat: Ann and Bob human, Bob at the screen once both planes have flown; the combat phase."""
    t = FasaTable(game=new_game("fasa", seed, zeppelin_demo_setup()), player="Bob")
    t.__panel__()
    for plane in ("Ace", "Raider"):
        t.param.update(plot_plane=plane, maneuver="3SA")
        assert t.plot(), t.error
    assert t.move(), t.error
    t.player = "Bob"
    return t


@pytest.mark.rule("F.zep.turrets")
def test_a_human_on_the_zeppelins_side_aims_the_bow_turret_at_the_ace():
    t = _bob_aims_in_combat()
    assert t._turret_box.visible
    offered = t.turret_offered()
    # the choices are the game's legal turret orders for Bob's zeppelin, nothing the UI made up
    legal = [str(a) for a in t.game.legal_actions("Bob") if str(a).startswith("zeppelin Pegasus ")]
    assert [f"zeppelin Pegasus {o}" for o in offered] == legal and "bow at Ace" in offered
    assert t._mount_select.options == list(dict.fromkeys(t._mount_of(o) for o in offered))
    t.param.update(turret_zeppelin="Pegasus", turret_mount="bow", turret_target="Ace")
    assert "Ace" in t._turret_choices.object
    assert t.aim(), t.error
    assert str(t.game.log[-1].action) == "zeppelin Pegasus bow at Ace"
    assert "zeppelin Pegasus bow at Ace" in " ".join(t.transcript())
    assert dict(t.game.state.game.zeppelins[0].aims)["bow"] == "Ace"
    # the bow is aimed: it is no longer offered, and the next turret comes up in the select
    assert "bow" not in t._mount_select.options and t.turret_mount == t._mount_select.options[0]


@pytest.mark.rule("F.zep.turrets")
def test_a_refused_aim_is_shown_beside_the_input_it_names_and_the_inputs_stay():
    t = _bob_aims_in_combat()
    before = t.game
    t.param.update(turret_zeppelin="Pegasus", turret_mount="port 5", turret_target="Ace")
    assert not t.aim()
    assert t.game is before
    assert "no turret at port 5" in t._errors.message("turret_mount")
    assert t.turret_mount == "port 5" and t.turret_target == "Ace" and t._mount_select.value == "port 5"
    t.param.update(turret_mount="bow", turret_target="Raider")  # Bob's own plane is not a target
    assert t._errors.message("turret_mount") == ""  # the changed input's message goes
    assert not t.aim()
    assert "'Raider' is not one" in t._errors.message("turret_target")
    assert t.turret_target == "Raider" and t.game is before


def test_the_turret_control_is_hidden_without_zeppelins():
    t = FasaTable()
    t.__panel__()
    assert not t._turret_box.visible and t.param.turret_zeppelin.objects == []
