"""Objects on the referee's map meeting zeppelin rules: a missed round flying on toward a gas cell, a
flare's light reaching a zeppelin gunner, and a tow carried off the map (F.zep.nacelle,
F.combat.los, F.map.hexes, F.zep.gunners, F.rocket.flare, F.rocket.harpoon, F.roe.flee; FASA
p.10-11, 14, 34, 42-43, 46-47)."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.fasa.deployed import dropped_at
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.referee import Action, MapObject, Phase, Referee, apply, demo_planes
from tests.fasa.test_referee_zeppelins import ace_at, fire as _fire, pegasus


def _zeppelin_table(ace, objects):
    """Ace and the Raider (at (0,0)) in the combat phase beside Pegasus (bow at (2,-2), cells along
    r=-2), with ``objects``."""
    raider = demo_planes()[1]
    raider = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=Hex(0, 0), facing=Facing.B))
    gs = Referee.start(1, [ace, raider], zeppelins=[pegasus()], objects=objects).state
    return dataclasses.replace(gs, phase=Phase.COMBAT)


# -- a missed round flying on down the hexrow (F.zep.nacelle with F.combat.los) -------------------


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


# -- a tow and the map's edge (F.rocket.harpoon, F.roe.flee) --------------------------------------


def _edge_tow(speed_plot: str = "2SA", bail: str = ""):
    """The Bomber (Ann, home south) at the north edge of the fighters map facing A (north), towing a
    crate in the hex behind it; the Raider far off. Returns the state after the movement phase."""
    from cs_panel.fasa.mapsheets import layout
    from tests.fasa.test_ground import bomber, fighter

    field = layout("fighters")
    top = Hex(0, 0)
    while top.neighbor(Facing.A) in field:
        top = top.neighbor(Facing.A)
    crate = MapObject("Crate", "small-object", (dropped_at(top, Facing.A),), points=10, towed_by="Bomber")
    ref = Referee.start(1, [bomber(top, rockets=()), fighter(Hex(4, -6))], map_name="fighters",
                        homes={"Ann": "south", "Bob": "north"}, objects=[crate], max_turns=5)
    ref = ref.plot("Bomber", bail or speed_plot).plot("Raider", "1SA")
    return top, apply(ref.state, Action("move"), ScriptedDice([]))


@pytest.mark.rule("F.rocket.harpoon", "F.roe.flee")
def test_a_towing_plane_that_leaves_the_map_takes_its_load_with_it():
    _, after = _edge_tow("2SA")
    assert ("Bomber", "fled") in after.departed
    # the cable holds: nothing in the text drops the load at the edge, so it leaves with the plane
    assert after.thing("Crate") is None and [o.name for o in after.objects] == []
    assert any("Bomber carries Crate off the map" in x and "F.rocket.harpoon" in x for x in after.report)
    assert not any("Crate drops into" in x for x in after.report)


@pytest.mark.rule("F.rocket.harpoon", "F.roe.flee")
def test_a_two_g_turn_off_the_map_snaps_the_cable_and_the_load_falls_at_the_edge():
    from cs_panel.fasa.mapsheets import layout

    top, after = _edge_tow("2L2A")  # a 2 G turn whose second hex is off the north edge
    assert ("Bomber", "fled") in after.departed
    path = dict(after.paths)["Bomber"]  # drawn up to the first hex beyond the edge
    assert path[-2] in layout("fighters") and path[-1] not in layout("fighters")
    crate = after.thing("Crate")
    # the turn broke the cable before the plane was gone: the load falls behind it, in the map's last hex
    assert crate is not None and crate.towed_by == "" and crate.hexes == (path[-2],) != (dropped_at(top, Facing.A),)
    assert any("the cable snaps" in x for x in after.report)


@pytest.mark.rule("F.rocket.harpoon", "F.bail.safe")
def test_an_empty_plane_flying_off_the_map_drops_its_load_in_the_last_hex_it_crossed():
    top, after = _edge_tow(bail="bail 2")
    crate = after.thing("Crate")
    # no pilot holds the cable (RULINGS, bailing out): the load falls behind the empty plane where it
    # crosses the edge, the map's last hex on its path, not where it hung at the start of the turn
    assert crate is not None and crate.towed_by == "" and crate.hexes == (top,)
    assert any("Crate drops into" in x for x in after.report)


# -- a flare's light and what stands in its way (F.rocket.flare, F.zep.gunners, F.map.hexes) -----


@pytest.mark.rule("F.rocket.flare", "F.map.hexes", "F.combat.los")
def test_a_building_between_a_pilot_and_the_flare_hides_its_light_from_him():
    from tests.fasa.test_ground import bomber, combat, fighter, in_combat

    shed = MapObject("Shed", "building", (Hex(0, -3),), points=20)
    flare = {"Bomber": "rockets at hex 0,-2", "Raider": "hold"}
    # the Raider at (0,-5) faces D, his nose straight down the row to the flare at (0,-2)
    planes = [bomber(Hex(0, 2), rockets=("flare-rocket",)), fighter(Hex(0, -5), Facing.D)]
    seen = in_combat(planes, [], **flare)
    assert "Constitution rolls against shock for Raider" in seen.report[-2]
    shocked = combat(seen, [1])  # the Raider rolls, and fails
    assert shocked.plane("Raider").plane.shocked
    hidden = in_combat(planes, [shed], **flare)
    assert "as things stand it catches no pilot" in hidden.report[-2]
    after = combat(hidden, [])  # no roll: the shed stands between him and the light
    assert not after.plane("Raider").plane.shocked
    assert any("goes off at hex 0,-2" in x and "it catches no pilot" in x for x in after.report)
    # a crate in tow is in the air and hides nothing (p.34)
    crate = MapObject("Crate", "small-object", (Hex(0, -3),), points=10, towed_by="Bomber")
    assert "Constitution rolls against shock for Raider" in in_combat(planes, [crate], **flare).report[-2]


@pytest.mark.rule("F.zep.gunners", "F.rocket.flare", "F.rocket.sonic", "F.map.hexes")
def test_a_building_between_a_zeppelin_gun_and_the_flare_hides_its_light_from_the_gunner():
    from cs_panel.fasa.referee.zeppelins import gunners_caught

    z = pegasus(turrets=(("bow", "mg-50"),), nacelles=())
    bow = z.mount_hex("bow")
    ahead = bow.neighbor(z.heading, 3)  # straight off the bow, inside its field
    shed = MapObject("Shed", "building", (bow.neighbor(z.heading, 2),), points=20)
    assert [m for _, m in gunners_caught([z], "flare-rocket", ahead)] == ["bow"]
    assert gunners_caught([z], "flare-rocket", ahead, [shed]) == []
    towed = dataclasses.replace(shed, kind="small-object", towed_by="Raider")  # in the air: blocks nothing
    assert [m for _, m in gunners_caught([z], "flare-rocket", ahead, [towed])] == ["bow"]
    # a sonic blast is felt through the mega-hex, not seen: nothing shields a gun inside it
    near = bow.neighbor(z.heading)
    assert [m for _, m in gunners_caught([z], "sonic-rocket", near, [MapObject("Hut", "building", (near,))])] == ["bow"]
