"""Buildings, trains and crates standing on the referee's map block fire between planes too, as the
zeppelin hulls do: guns and rockets, the turret fighter's turret, a zeppelin's turrets and main guns,
rockets aimed at a hex; planes and objects in the air never block (F.combat.los, F.map.hexes,
F.zep.static, F.zep.turrets, F.zep.main-guns; FASA p.10-11, 34, 45-46). The public odds and the
computer's planning see what the referee sees."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cs_panel import bots
from cs_panel.core.dice import ScriptedDice
from cs_panel.fasa.hexgrid import Facing, Hex, line_steps
from cs_panel.fasa.play import FasaRules
from cs_panel.fasa.referee import (
    Action, FireOrder, FireOrderError, LineOfFireBlockedError, MapObject, Phase, Referee, RefZeppelin, apply, order_odds,
    shot_geometry,
)
from cs_panel.fasa.referee.sightline import line_blocker, lines_clear
from cs_panel.fasa.referee.turrets import aim
from cs_panel.fasa.referee.zeppelins import main_gun_reach, part_odds, target_of, turret_orders, turret_reach
from tests.fasa.test_ground import CRATE, bomber, fighter
from tests.fasa.test_referee_turrets import _brigand

SHED = MapObject("Shed", "building", (Hex(0, 0),), points=20)  # half way between Bomber (0,2) and Raider (0,-2)
BLOCKED_BY_SHED = r"Shed \(building\) at hex 0,0 stands in the way \(F.combat.los, F.map.hexes\)"


def table(planes, objs=(), zeppelins=()):
    """The table at the start of a combat phase, nobody moved."""
    ref = Referee.start(1, list(planes), max_turns=5, objects=list(objs), zeppelins=list(zeppelins))
    return dataclasses.replace(ref.state, phase=Phase.COMBAT)


def nose_to_nose(objs=(), raider_hex=Hex(0, -2), raider=None, **kw):
    """Bomber at (0,2) facing A, Raider at ``raider_hex`` facing D: each in the other's forward column."""
    return table([bomber(Hex(0, 2), **kw), fighter(raider_hex, Facing.D, **(raider or {}))], objs)


def _fire(state, plane, order):
    return apply(state, Action("fire", plane, order), ScriptedDice([]))


# -- the referee (F.combat.los, F.map.hexes) -----------------------------------------------------------


@pytest.mark.rule("F.combat.los", "F.map.hexes", "F.combat.arc")
def test_a_building_between_two_planes_stops_their_guns_and_the_refusal_names_it():
    state = nose_to_nose([SHED])
    with pytest.raises(LineOfFireBlockedError,
                       match=r"Bomber cannot reach Raider with guns at Raider: " + BLOCKED_BY_SHED) as e:
        _fire(state, "Bomber", "guns at Raider")
    assert e.value.field == "target" and isinstance(e.value, FireOrderError)
    with pytest.raises(LineOfFireBlockedError, match=BLOCKED_BY_SHED):
        _fire(state, "Raider", "guns at Bomber")  # either way round
    rules = FasaRules()
    assert "guns at Raider" not in rules.fire_orders(state, state.plane("Bomber"))  # not offered
    assert "guns at Bomber" not in rules.fire_orders(state, state.plane("Raider"))
    clear = nose_to_nose()
    assert "as things stand" in _fire(clear, "Bomber", "guns at Raider").report[-1]
    assert "guns at Raider" in rules.fire_orders(clear, clear.plane("Bomber"))
    # a plane nearer than the building has the line to itself
    near = nose_to_nose([SHED], raider_hex=Hex(0, 1))
    assert "as things stand" in _fire(near, "Bomber", "guns at Raider").report[-1]


@pytest.mark.rule("F.combat.los", "F.map.hexes", "F.combat.choice")
def test_the_combat_phase_rolls_no_shot_through_a_building():
    state = nose_to_nose([SHED])
    dice = ScriptedDice([])  # no die is rolled: neither plane's guns reach the other
    after = apply(state, Action("combat"), dice)
    said = "\n".join(after.report[len(state.report):])
    assert "needs" not in said and "rolled" not in said
    assert said.count("Shed (building) at hex 0,0 stands in the way") >= 2  # each side is told why
    assert after.plane("Raider").hits_taken == after.plane("Bomber").hits_taken == 0
    # with nothing in between both fire (the dice are rolled)
    open_dice = ScriptedDice([10] * 40)
    opened = apply(nose_to_nose(), Action("combat"), open_dice)
    assert "needs" in "\n".join(opened.report)


@pytest.mark.rule("F.combat.los", "F.rocket.harpoon")
def test_a_destroyed_building_a_towed_crate_and_cargo_aboard_block_no_shot_between_planes():
    wreck = dataclasses.replace(SHED, damage=SHED.points)
    towed = MapObject("Crate", "small-object", (Hex(0, 0),), points=10, towed_by="Raider")
    for between in (wreck, towed):
        state = nose_to_nose([between])
        assert "as things stand" in _fire(state, "Bomber", "guns at Raider").report[-1], between
        assert shot_geometry(state.plane("Bomber"), state.plane("Raider"), "mg-30", (), [between]).allowed
    # a plane and the building in the same hex: the ends of the line never block it
    on_it = nose_to_nose([MapObject("Shed", "building", (Hex(0, -2),))])
    assert "as things stand" in _fire(on_it, "Bomber", "guns at Raider").report[-1]


@pytest.mark.rule("F.rocket.harpoon", "F.combat.los")
def test_shots_at_a_tow_roll_at_the_towing_plane_and_a_building_between_stops_them():
    # Bomber at (0,0) facing A tows the crate hung behind it at (0,1); Raider at (0,3) faces it
    crate = dataclasses.replace(CRATE, hexes=(Hex(0, 1),), towed_by="Bomber")
    shed = MapObject("Shed", "building", (Hex(0, 2),))
    planes = [bomber(Hex(0, 0)), fighter(Hex(0, 3), Facing.A)]
    with pytest.raises(LineOfFireBlockedError, match=r"cannot reach Bomber, towing Crate: Shed \(building\) at hex 0,2"):
        _fire(table(planes, [crate, shed]), "Raider", "guns at Crate")
    assert "at Bomber's tow" in _fire(table(planes, [crate]), "Raider", "guns at Crate").report[-1]


@pytest.mark.rule("F.combat.los", "F.rocket.flak", "F.rocket.flare")
def test_a_rocket_aimed_at_a_hex_is_stopped_by_a_building_short_of_it_but_may_hit_the_buildings_own_hex():
    state = nose_to_nose([SHED], rockets=("flak-rocket", "flare-rocket"))
    for order in ("rocket 1 at hex 0,-1", "rocket 2 at hex 0,-1"):
        with pytest.raises(LineOfFireBlockedError, match=r"Bomber cannot fire at hex 0,-1: " + BLOCKED_BY_SHED):
            _fire(state, "Bomber", order)
    assert "bursts for certain" in _fire(state, "Bomber", "rocket 1 at hex 0,0").report[-1]
    assert "rocket 1 at hex 0,-1" not in FasaRules().fire_orders(state, state.plane("Bomber"))
    open_ = nose_to_nose(rockets=("flak-rocket",))
    assert "bursts for certain" in _fire(open_, "Bomber", "rocket 1 at hex 0,-1").report[-1]


@pytest.mark.rule("F.rocket.beeper-seeker", "F.combat.los")
def test_a_seeker_at_a_tagged_plane_still_needs_a_line_clear_of_buildings():
    tagged = {"beeper_turn": 1}
    state = nose_to_nose([SHED], raider=tagged, rockets=("seeker",))
    with pytest.raises(LineOfFireBlockedError, match=BLOCKED_BY_SHED + r" \(F.rocket.beeper-seeker\)"):
        _fire(state, "Bomber", "rocket 1 at Raider")  # the seeker's own arc, checked for the line too
    assert "as things stand" in _fire(nose_to_nose(raider=tagged, rockets=("seeker",)), "Bomber",
                                      "rocket 1 at Raider").report[-1]


@pytest.mark.rule("F.zep.gas-cells", "F.combat.los")
def test_a_building_between_a_plane_and_a_gas_cell_stops_the_shot():
    zep = RefZeppelin("Pegasus", "Bob", Hex(2, -2), Facing.C)  # cell 2 at (0,-2), in the Bomber's column
    state = table([bomber(Hex(0, 2)), fighter(Hex(4, 6), Facing.D)], [SHED], [zep])
    with pytest.raises(LineOfFireBlockedError, match=r"cannot reach Pegasus cell 2: " + BLOCKED_BY_SHED):
        _fire(state, "Bomber", "guns at Pegasus cell 2")
    order = FireOrder.parse("guns at Pegasus cell 2")
    t = target_of(state.zeppelins, order.target)
    assert all(s.number is None for s in part_odds(state.zeppelins, state.plane("Bomber"), order, t, state.objects))
    assert all(s.number is not None for s in part_odds(state.zeppelins, state.plane("Bomber"), order, t))
    clear = table([bomber(Hex(0, 2)), fighter(Hex(4, 6), Facing.D)], (), [zep])
    assert "needs" in _fire(clear, "Bomber", "guns at Pegasus cell 2").report[-1]


@pytest.mark.rule("F.combat.los", "F.combat.order", "F.pilot.gunner")
def test_a_building_stops_the_turret_fighters_turret_too():
    br, raider = _brigand()
    br = dataclasses.replace(br, plane=dataclasses.replace(br.plane, hex=Hex(0, 2), facing=Facing.A))
    raider = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=Hex(0, -2), facing=Facing.D))
    state = table([br, raider], [SHED])
    with pytest.raises(LineOfFireBlockedError, match=r"Ace's turret cannot reach Raider: turret through hexside A: "
                                                     + BLOCKED_BY_SHED) as e:
        _fire(state, "Ace", "hold; turret A at Raider")
    assert e.value.field == "turret"
    ok, _, why, _ = aim(state.plane("Ace"), "A", state.plane("Raider"), "mg-30", 1, (), state.objects)
    assert not ok and "Shed (building)" in why
    assert aim(state.plane("Ace"), "A", state.plane("Raider"), "mg-30", 1)[0]  # nothing in the way without it
    clear = table([br, raider])
    assert "as things stand at Raider" in _fire(clear, "Ace", "hold; turret A at Raider").report[-1]


# -- zeppelins' turrets and main guns (F.zep.turrets, F.zep.main-guns) --------------------------------


PEGASUS = RefZeppelin("Pegasus", "Ann", Hex(2, -2), Facing.C, turrets=(("bow", "mg-30"),), military=True)


def _building(*hexes):
    return [MapObject(f"B{i}", "building", (h,)) for i, h in enumerate(hexes)]


@pytest.mark.rule("F.zep.turrets", "F.combat.los", "F.map.hexes")
def test_a_zeppelin_turret_is_stopped_by_a_building_crossed_but_not_by_one_beside_a_hexside_line():
    bow = PEGASUS.mount_hex("bow")
    assert turret_reach(PEGASUS, "bow", "mg-30", Hex(0, 0), [PEGASUS])[0]
    ok, _, why = turret_reach(PEGASUS, "bow", "mg-30", Hex(0, 0), [PEGASUS], _building(Hex(1, -1)))
    assert not ok and why == "B0 (building) at hex 1,-1 stands in the way (F.combat.los, F.map.hexes)"
    # from the bow to (1,0) the straightedge runs along the side shared by (2,-1) and (1,-1)
    assert set(line_steps(bow, Hex(1, 0))[1]) == {Hex(2, -1), Hex(1, -1)}
    assert turret_reach(PEGASUS, "bow", "mg-30", Hex(1, 0), [PEGASUS], _building(Hex(1, -1)))[0]
    assert turret_reach(PEGASUS, "bow", "mg-30", Hex(2, 0), [PEGASUS], _building(Hex(1, -1)))[0]
    assert not turret_reach(PEGASUS, "bow", "mg-30", Hex(1, 0), [PEGASUS], _building(Hex(1, -1), Hex(2, -1)))[0]
    # the side's order is refused by name, and not offered
    raider = fighter(Hex(0, 0), Facing.D)
    state = table([bomber(Hex(0, 6)), raider], _building(Hex(1, -1)), [PEGASUS])
    with pytest.raises(LineOfFireBlockedError, match=r"Pegasus's bow turret cannot reach Raider: B0 \(building\)"):
        apply(state, Action("zeppelin", "Pegasus", "bow at Raider"), ScriptedDice([]))
    assert "bow at Raider" not in turret_orders(state, PEGASUS)
    assert "bow at Raider" in turret_orders(table([bomber(Hex(0, 6)), raider], (), [PEGASUS]), PEGASUS)


@pytest.mark.rule("F.zep.main-guns", "F.combat.los")
def test_a_main_guns_flak_round_is_stopped_by_a_building_short_of_its_hex():
    gun = PEGASUS.mount_hex("main port 1")
    assert main_gun_reach(PEGASUS, "main port 1", Hex(0, -5), [PEGASUS]) is None
    why = main_gun_reach(PEGASUS, "main port 1", Hex(0, -5), [PEGASUS], _building(Hex(0, -4)))
    assert why == "B0 (building) at hex 0,-4 stands in the way (F.combat.los, F.map.hexes)"
    assert gun.distance(Hex(0, -5)) == 2
    state = table([bomber(Hex(0, 6)), fighter(Hex(4, 6), Facing.D)], _building(Hex(0, -4)), [PEGASUS])
    with pytest.raises(LineOfFireBlockedError, match="main port 1 gun cannot fire at"):
        apply(state, Action("zeppelin", "Pegasus", "main port 1 at hex 0,-5"), ScriptedDice([]))
    assert "flak round" in apply(state, Action("zeppelin", "Pegasus", "main port 1 at hex 0,-4"),
                                 ScriptedDice([])).report[-1]  # the building's own hex is the end of the line


# -- the public odds and the computer agree with the referee ------------------------------------------


SPOTS = [Hex(q, r) for q in range(-1, 2) for r in range(-2, 3) if (q, r) not in ((0, 2), (0, -2))]


@pytest.mark.rule("F.combat.los", "F.map.hexes", "F.hit.number")
@pytest.mark.parametrize("spot", SPOTS, ids=lambda h: f"{h.q},{h.r}")
def test_the_public_odds_and_the_bot_say_what_the_referee_does(spot):
    objs = _building(spot)
    state = nose_to_nose(objs)
    b, r = state.plane("Bomber"), state.plane("Raider")
    g = shot_geometry(b, r, "mg-30", state.zeppelins, state.objects)
    try:
        _fire(state, "Bomber", "guns at Raider")
        accepted = True
    except LineOfFireBlockedError as e:
        accepted = False
        assert "B0 (building)" in str(e)
    assert g.allowed == accepted == (line_blocker((), objs, b.plane.hex, r.plane.hex) is None)
    odds = order_odds(b, r, "guns", state.turn, state.zeppelins, state.objects)
    assert all(s.reaches == accepted for s in odds.shots)
    assert (odds.text == "nothing reaches Raider") == (not accepted)
    assert (bots._fire_value(state, b, "guns at Raider")[0] > 0) == accepted
    assert not accepted or spot.q != 0  # only the column between them is blocked ...
    assert accepted or spot in (Hex(0, -1), Hex(0, 0), Hex(0, 1))  # ... and all of it is


near = st.builds(Hex, st.integers(-4, 4), st.integers(-4, 4))


@pytest.mark.rule("F.combat.los", "F.map.hexes", "F.zep.static")
@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(near, near), min_size=1, max_size=6), st.sets(near, max_size=6))
def test_the_bots_clear_lines_are_the_referees_lines(pairs, spots):
    objs = _building(*sorted(spots))
    assert lines_clear((), objs, pairs) == [line_blocker((), objs, a, b) is None for a, b in pairs]
    state = nose_to_nose(objs)
    a = np.array([[h.q, h.r, 0, 0] for h, _ in pairs], dtype=np.int64)
    b = np.array([[h.q, h.r, 0, 0] for _, h in pairs], dtype=np.int64)
    clear = bots._clear(state, a, b, 20)
    if not spots:
        assert clear is None
        return
    for i, (x, _) in enumerate(pairs):
        for j, (_, y) in enumerate(pairs):
            if x != y:
                assert bool(clear[i, j]) == (line_blocker((), objs, x, y) is None)


@pytest.mark.rule("F.combat.los", "F.map.hexes", "F.hit.number")
def test_the_bots_plans_expect_no_damage_through_a_row_of_buildings():
    from tests.fasa.test_bots_blocking import raider_at
    from tests.fasa.test_referee_zeppelins import ace_at

    planes = [ace_at(Hex(0, 1)), raider_at(Hex(0, -5))]
    row = _building(*(Hex(q, -2) for q in range(-4, 5)))  # a street of sheds across the sky between them
    walled, open_ = table(planes, row), table(planes)
    me, _ = bots._ends(walled.plane("Ace"))
    ends, _ = bots._ends(walled.plane("Raider"))
    clear = bots._clear(walled, me, ends, 7)
    assert clear is not None and 0 < clear.sum() < clear.size
    assert bots._clear(open_, me, ends, 7) is None  # nothing on the table to block
    seen = bots.fasa_plot_values(walled, walled.plane("Ace"))
    free = bots.fasa_plot_values(open_, open_.plane("Ace"))
    assert sum(v.dealt for v in seen.values()) < sum(v.dealt for v in free.values())
    assert sum(v.taken for v in seen.values()) < sum(v.taken for v in free.values())
