"""Guns and rockets at objects on the ground in the FASA referee (F.hit.number, F.collide.object-btn,
F.combat.arc; FASA p.27-28, 36-37): the object's table number with the usual modifiers but
deflection, and each hit its template's boxes in points."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.fasa.damage import template_for
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.play import FasaRules
from cs_panel.fasa.referee import Action, GroundShotError, LineOfFireBlockedError, MapObject, apply
from cs_panel.fasa.referee.ground_play import ground_shot_number
from cs_panel.fasa.tohit import weapons
from cs_panel.core.dice import ScriptedDice
from tests.fasa.test_ground import CRATE, DEPOT, bomber, combat, fighter, in_combat


@pytest.mark.rule("F.hit.number", "F.collide.object-btn", "F.hit.range", "F.hit.weapon-mod")
def test_a_gun_at_a_building_rolls_its_table_number_with_range_dead_eye_and_weapon_and_takes_its_boxes():
    state = in_combat([dataclasses.replace(bomber(Hex(0, 2)), dead_eye=2), fighter()], [DEPOT], Bomber="guns at Depot")
    rp = state.plane("Bomber")
    tn = ground_shot_number(rp, "mg-30", state.thing("Depot"), 3)
    # building 1 + range 3 - Dead Eye 2 + the gun's own modifier; no deflection term
    assert tn.total == 1 + 3 - 2 + int(weapons()["mg-30"]["modifier"]) and tn.total > 1
    assert f"= {tn.total} (" in state.report[-1]  # the order's odds are the number rolled
    assert {t.rule for t in tn.terms} <= {"F.collide.object-btn", "F.hit.range", "F.hit.number", "F.hit.weapon-mod"}
    assert "on the ground" in state.report[-1]
    after = combat(state, [tn.total, tn.total - 1])  # gun 1 just makes it, gun 2 just misses
    boxes = template_for("mg-30", "AP").boxes
    assert after.thing("Depot").damage == boxes
    assert any("HIT" in x for x in after.report) and any("miss" in x and "Depot" in x for x in after.report)


@pytest.mark.rule("F.hit.number", "F.collide.object-btn", "F.shock")
def test_a_small_object_is_harder_than_a_building_and_shock_adds_two():
    state = in_combat([bomber(Hex(0, 1)), fighter()], [DEPOT, CRATE])
    rp = state.plane("Bomber")
    crate, depot = ground_shot_number(rp, "mg-30", state.thing("Crate"), 0), \
        ground_shot_number(rp, "mg-30", state.thing("Depot"), 0)
    assert crate.total - depot.total == 7 - 1  # the table's rows: small objects 7, buildings 1
    shocked = dataclasses.replace(rp, plane=dataclasses.replace(rp.plane, shocked=True))
    assert ground_shot_number(shocked, "mg-30", state.thing("Crate"), 0).total == crate.total + 2


@pytest.mark.rule("F.hit.number", "F.rocket.ap-he", "F.weap.loadout")
def test_a_rocket_at_a_building_uses_its_modifier_template_and_leaves_the_rail_empty():
    state = in_combat([bomber(Hex(0, 1), rockets=("ap-rocket", "beeper", "", "")), fighter()], [DEPOT],
                      Bomber="rocket 1 at Depot")
    tn = ground_shot_number(state.plane("Bomber"), "ap-rocket", state.thing("Depot"), 2)
    after = combat(state, [10])
    assert after.thing("Depot").damage == template_for("ap-rocket").boxes
    assert after.plane("Bomber").rockets[0] == "" and after.plane("Bomber").rockets[1] == "beeper"
    assert any(t.rule == "F.hit.weapon-mod" for t in tn.terms)


@pytest.mark.rule("F.combat.arc", "F.hit.number")
def test_out_of_the_forward_column_or_with_a_rocket_that_does_no_damage_the_order_is_refused_by_name():
    with pytest.raises(GroundShotError, match=r"cannot reach Depot.*F.combat.arc"):
        in_combat([bomber(Hex(3, 3)), fighter()], [DEPOT], Bomber="guns at Depot")
    with pytest.raises(GroundShotError, match="beeper rocket on hardpoint 2 does no damage"):
        in_combat([bomber(Hex(0, 1), rockets=("ap-rocket", "beeper", "", "")), fighter()], [DEPOT],
                  Bomber="rocket 2 at Depot")


@pytest.mark.rule("F.hit.number", "F.collide.object-btn")
def test_shots_destroy_an_object_and_legal_actions_offer_guns_at_it():
    weak = MapObject("Shed", "building", (Hex(0, -1),), points=template_for("mg-30", "AP").boxes)
    state = in_combat([bomber(Hex(0, 1)), fighter()], [weak])
    offered = FasaRules().fire_orders(state, state.plane("Bomber"))
    assert "guns at Shed" in offered and "guns x2 at Shed" in offered
    fire = apply(state, Action("fire", "Bomber", "guns at Shed"), ScriptedDice([]))
    after = combat(fire, [9, 9])
    assert after.thing("Shed").destroyed
    assert any("already destroyed: the hit is spent" in x for x in after.report)


@pytest.mark.rule("F.zep.static", "F.combat.arc")
def test_an_intact_gas_cell_between_the_plane_and_the_object_stops_the_shot():
    from cs_panel.fasa.referee import Referee, RefZeppelin
    from cs_panel.fasa.referee.state import Phase

    zep = RefZeppelin("Pegasus", "Bob", Hex(0, 0), Facing.C)  # its bow cell stands at 0,0, on the line
    assert Hex(0, 0) in zep.cover
    ref = Referee.start(1, [bomber(Hex(0, 2)), fighter()], max_turns=5, objects=[DEPOT], zeppelins=[zep])
    state = dataclasses.replace(ref.state, phase=Phase.COMBAT)
    with pytest.raises(LineOfFireBlockedError, match=r"Pegasus's intact gas cell 1 at hex 0,0 stands in the way "
                                                     r"\(F.zep.static\)"):
        apply(state, Action("fire", "Bomber", "guns at Depot"), ScriptedDice([]))
    clear = in_combat([bomber(Hex(0, 2)), fighter()], [DEPOT], Bomber="guns at Depot")  # no zeppelin: it fires
    assert "on the ground" in clear.report[-1]
