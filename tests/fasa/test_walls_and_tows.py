"""Objects on the referee's map meeting zeppelin rules: a missed round flying on toward a gas cell, a
flare's light reaching a zeppelin gunner, and a tow carried off the map (F.zep.nacelle,
F.combat.los, F.map.hexes, F.zep.gunners, F.rocket.flare, F.rocket.harpoon, F.roe.flee; FASA
p.10-11, 14, 34, 42-43, 46-47)."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.referee import Action, MapObject, Phase, Referee, apply
from tests.fasa.test_referee_zeppelins import ace_at, pegasus
from cs_panel.fasa.referee import demo_planes


def _zeppelin_table(ace, objects, zeppelin=None, raider_hex=Hex(0, 0)):
    """Ace and the Raider in the combat phase beside Pegasus (bow at (2,-2), cells along r=-2), with ``objects``."""
    raider = demo_planes()[1]
    raider = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=raider_hex, facing=Facing.B))
    gs = Referee.start(1, [ace, raider], zeppelins=[zeppelin or pegasus()], objects=objects).state
    return dataclasses.replace(gs, phase=Phase.COMBAT)


def _fire(gs, order: str, faces):
    gs = apply(gs, Action("fire", "Ace", order), ScriptedDice([]))
    dice = ScriptedDice(faces)
    after = apply(gs, Action("combat"), dice)
    assert not dice.remaining
    return after


# -- 1. a missed round flying on down the hexrow (F.zep.nacelle with F.combat.los) -------------------


@pytest.mark.rule("F.zep.nacelle", "F.combat.los", "F.map.hexes")
def test_a_miss_flying_on_toward_a_gas_cell_stops_at_a_building_in_between_and_does_it_no_harm():
    # Ace at (0,2) facing A fires at the Raider at (0,0); cell 2 of Pegasus lies at (0,-2) down the same row
    shed = MapObject("Shed", "building", (Hex(0, -1),), points=20)  # between the Raider and the cell
    open_sky = _fire(_zeppelin_table(ace_at(Hex(0, 2)), []), "gun 1 at Raider", [1])
    assert open_sky.zeppelins[0].cells == (60, 55, 60, 60, 60)  # no building: the miss goes on into cell 2
    walled = _fire(_zeppelin_table(ace_at(Hex(0, 2)), [shed]), "gun 1 at Raider", [1])
    assert walled.zeppelins[0].cells == (60,) * 5
    assert walled.thing("Shed").damage == 0  # it stops the round; misses hit only gas cells (our reading)
    assert any("Shed (building) at hex 0,-1 stands in the way" in x and "F.zep.nacelle" in x for x in walled.report)
    # a crate in tow is a small object in the air: it blocks nothing, so the round flies on (p.34)
    towed = MapObject("Crate", "small-object", (Hex(0, -1),), points=10, towed_by="Raider")
    assert _fire(_zeppelin_table(ace_at(Hex(0, 2)), [towed]), "gun 1 at Raider", [1]).zeppelins[0].cells == \
        (60, 55, 60, 60, 60)
