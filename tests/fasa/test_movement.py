"""FASA movement rules: legality with every reason, explained pushes, and resolution with dice."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import RuleInputError, SavedStateError
from cs_panel.core.state import dumps, loads
from cs_panel.core.variants import OFFICIAL, RuleSet
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.maneuver import Direction, IllegalManeuverError
from cs_panel.fasa.movement import (
    Capabilities,
    Outcome,
    PlaneState,
    PushKind,
    after_plotted,
    plan,
    resolve,
)
from cs_panel.fasa.random_movement import NOSE, PORT_LEADING, STARBOARD_LEADING, FacingChange, random_movement

FAQ = RuleSet.of("fasa.faq.rudder-straight")


def plane(speed=3, nt=5, port=3, starboard=2, accel=2, max_speed=4, **kw):
    caps_kw = {k: kw.pop(k) for k in list(kw) if k in {f.name for f in dataclasses.fields(Capabilities)}}
    caps = Capabilities(max_speed=max_speed, port_gs=port, starboard_gs=starboard, acceleration=accel, **caps_kw)
    return PlaneState(caps, speed=speed, natural_touch=nt, **kw)


def kinds(p):
    return [x.kind for x in p.pushes]


def rules_of(p):
    return [r.rule for r in p.reasons]


# -- the book's worked examples ------------------------------------------------------------


@pytest.mark.rule("F.move.push-target", "F.move.push-gs")
def test_pushing_the_gs_example_p25():
    s = plane(port=3, starboard=2, nt=5)
    p = plan(s, "3L3B")
    assert p.legal and kinds(p) == [PushKind.GS]
    assert p.pushes[0].target.total == 4  # 8 + 1 - 5
    q = plan(s, "3R3F")
    assert q.pushes[0].target.total == 5  # 8 + 2 - 5
    assert str(q.pushes[0].target) == "8 base + 2 4 G over the starboard wing rating 2 - 5 Natural Touch 5 = 5 (60%)"
    assert q.chance == Fraction(6, 10)


@pytest.mark.rule("F.move.random")
def test_condor_random_movement_p26():
    rm = random_movement(Hex(0, 0), Facing.A, 3, Direction.R, ScriptedDice([10, 9, 8]))
    assert [s.hex for s in rm.steps] == [Hex(0, -1), Hex(1, -1), Hex(0, 0)]
    assert [s.roll for s in rm.steps] == [10, 9, 8]
    assert [s.turn for s in rm.steps] == [2, 2, 2]
    assert [s.facing for s in rm.steps] == [Facing.C, Facing.E, Facing.A]
    assert rm.end == (Hex(0, 0), Facing.A)  # right back where he started
    assert rm.fracture_hits == {PORT_LEADING: 6}
    assert rm.hexsides_turned == 6


@pytest.mark.rule("F.move.random", "F.move.push-gs", "F.move.resolve")
def test_condor_failed_3R0D_resolved_end_to_end():
    s = plane(starboard=2, nt=3, speed=3)  # 3R0D is 4 G: it pushes the 2-G starboard wing by 2
    p = plan(s, "3R0D")
    assert p.pushes[0].over == 2 and p.pushes[0].target.total == 7
    r = resolve(p, ScriptedDice([4, 10, 9, 8]))  # the push roll fails, then the book's three rolls
    assert r.outcome is Outcome.RANDOM
    assert [x.face for x in r.rolls] == [4] and not r.rolls[0].success
    assert [st.roll for st in r.steps] == [10, 9, 8]
    assert r.end == (Hex(0, 0), Facing.A)
    assert r.fracture_hits == {PORT_LEADING: 6}
    assert r.state_after.speed == 3 and r.state_after.last_gs == 4 and r.state_after.last_restricted


@pytest.mark.rule("F.move.random")
def test_facing_change_table_odds():
    assert FacingChange().outcomes() == {0: Fraction(3, 10), 1: Fraction(4, 10), 2: Fraction(3, 10)}
    assert [FacingChange().outcome_of((f,)) for f in range(1, 11)] == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2]


@pytest.mark.rule("F.move.random")
def test_left_random_turns_hit_the_starboard_wing():
    rm = random_movement(Hex(2, 2), Facing.C, 2, Direction.L, ScriptedDice([5, 1]))
    assert rm.steps[0].hex == Hex(3, 2) and rm.steps[0].facing is Facing.B
    assert rm.steps[1].hex == Hex(4, 1) and rm.steps[1].facing is Facing.B
    assert rm.fracture_hits == {STARBOARD_LEADING: 1}


@pytest.mark.rule("F.move.random", "F.move.immelmann")
@pytest.mark.parametrize("side_die, expect, wing", [(4, Facing.B, PORT_LEADING), (7, Facing.F, STARBOARD_LEADING)])
def test_straight_random_movement_even_right_odd_left(side_die, expect, wing):
    rm = random_movement(Hex(0, 0), Facing.A, 1, Direction.S, ScriptedDice([side_die, 6]))
    assert rm.side_roll == side_die
    assert rm.end == (Hex(0, -1), expect)
    assert rm.fracture_hits == {wing: 1}


@pytest.mark.rule("F.move.random")
def test_random_movement_rejects_a_negative_speed():
    with pytest.raises(RuleInputError) as err:
        random_movement(Hex(0, 0), Facing.A, -1, Direction.R, ScriptedDice([]))
    assert err.value.field == "speed"


# -- capability, speed changes, pushes ----------------------------------------------------


@pytest.mark.rule("F.move.capability")
def test_safe_maneuver_needs_no_push():
    p = plan(plane(), "3L2F")
    assert p.legal and p.pushes == () and p.gs == 1 and p.chance == 1
    assert p.end == (Hex(-2, -1), Facing.F)


@pytest.mark.rule("F.move.redline", "F.move.capability", "F.move.accel-decel")
def test_redline_top_speed_and_acceleration_both_rolled():
    s = plane(speed=2, accel=1, max_speed=3)
    p = plan(s, "5SA")
    assert kinds(p) == [PushKind.ACCELERATION, PushKind.TOP_SPEED]
    acc, top = p.pushes
    assert acc.over == 2 and acc.target.total == 8 + 2 - 5
    assert top.over == 2 and top.target.total == 8 + 2 - 5
    assert p.chance == acc.target.chance * top.target.chance
    assert acc.target.term("F.move.redline").label == "acceleration 3 over rating 1"
    assert str(acc.cause) == "acceleration 3 over rating 1: pushing the envelope (F.move.accel-decel (FASA p.24))"
    assert top.cause.rule == "F.move.capability" and top.cause.field == "speed"
    assert plan(plane(), "3R3F").pushes[0].cause.rule == "F.move.capability"


@pytest.mark.rule("F.move.accel-decel", "F.move.stall-push")
def test_slowing_past_deceleration_is_a_stall_push():
    p = plan(plane(speed=5, max_speed=5), "1SA")
    assert kinds(p) == [PushKind.STALL]
    assert p.pushes[0].over == 2 and p.pushes[0].target.total == 8 + 2 - 5
    assert p.chance == 1  # a failed stall still ends in the destination
    assert plan(plane(speed=3), "1SA").pushes == ()  # 2 is within the rating


@pytest.mark.rule("F.move.restricted", "F.move.push-gs")
def test_second_restricted_maneuver_is_a_push_at_8_plus_g():
    after_high = plane(port=5, starboard=5, last_gs=4)
    p = plan(after_high, "3L3B")  # 4 G, within the 5-G wing, but the second 3+ G in a row
    assert kinds(p) == [PushKind.RESTRICTED]
    assert p.pushes[0].target.total == 8 + 4 - 5
    assert plan(plane(port=5, starboard=5, last_gs=2), "3L3B").pushes == ()
    # over the wing too: still one Pushing-the-Gs roll, at the harder restricted target
    q = plan(plane(port=3, last_gs=3), "3L3B")
    assert kinds(q) == [PushKind.RESTRICTED] and q.pushes[0].target.total == 7
    assert "one Pushing-the-Gs roll" in q.pushes[0].target.notes[0]


@pytest.mark.rule("F.move.immelmann", "F.move.push-gs")
def test_immelmann_is_rated_against_the_weaker_wing():
    p = plan(plane(port=3, starboard=2, nt=5), "1SD")
    assert kinds(p) == [PushKind.IMMELMANN]
    assert p.pushes[0].over == 6 - 2 and p.pushes[0].target.total == 8 + 4 - 5


@pytest.mark.rule("F.move.push-target", "F.shock")
def test_shock_adds_two_to_push_targets():
    p = plan(plane(speed=1, accel=1, shocked=True), "3SA")
    assert p.legal
    assert p.pushes[0].target.total == 8 + 1 - 5 + 2
    assert p.pushes[0].target.term("F.shock").value == 2


# -- illegal plots, every reason listed ---------------------------------------------------


@pytest.mark.rule("F.shock", "F.move.immelmann")
def test_shocked_pilot_flies_straight_and_no_immelmann():
    s = plane(shocked=True)
    assert rules_of(plan(s, "3L2F")) == ["F.shock"]
    assert rules_of(plan(s, "1SD")) == ["F.move.immelmann"]
    assert plan(s, "3SA").legal


@pytest.mark.rule("F.move.stall")
def test_stalls_one_turn_only():
    assert plan(plane(speed=2), "B").legal
    assert plan(plane(speed=0), "B").reasons[0].rule == "F.move.stall"
    assert plan(plane(speed=0), "1SA").legal


@pytest.mark.rule("F.move.stall", "F.shock", "F.dmg.rudder", "F.move.plot")
def test_every_reason_is_listed():
    s = plane(speed=0, shocked=True, rudder_left_ok=False, rudder_right_ok=False)
    assert rules_of(plan(s, "B")) == ["F.move.stall", "F.shock", "F.dmg.rudder"]
    q = plan(s, "3L9F")
    assert rules_of(q) == ["F.move.plot", "F.shock", "F.dmg.rudder"] and q.arrow is None
    with pytest.raises(IllegalManeuverError) as err:
        q.require_legal()
    assert len(err.value.reasons) == 3 and "hexrow 3" in str(err.value)


@pytest.mark.rule("F.move.no-jink")
def test_jink_is_named():
    p = plan(plane(), "2R0A")
    assert rules_of(p) == ["F.move.no-jink"]


@pytest.mark.rule("F.dmg.rudder")
def test_damaged_right_rudder_locks_right_turns():
    s = plane(rudder_right_ok=False)
    assert plan(s, "3R2B").legal
    assert rules_of(plan(s, "3L2F")) == ["F.dmg.rudder"]
    assert rules_of(plan(s, "3SA")) == ["F.dmg.rudder"]  # the printed rule
    assert plan(s, "3SA", rules=FAQ).legal  # the official FAQ lets it fly straight
    assert not plan(s, "3L2F", rules=FAQ).legal
    assert rules_of(plan(s, "F")) == ["F.dmg.rudder"] and plan(s, "B").legal


@pytest.mark.rule("F.dmg.rudder")
def test_both_rudders_damaged_straight_only():
    s = plane(rudder_left_ok=False, rudder_right_ok=False)
    assert plan(s, "3SA").legal
    assert not plan(s, "3R2B").legal and not plan(s, "3L2F").legal


@pytest.mark.rule("F.dmg.engine")
def test_engine_out_glides_straight_losing_one_speed():
    s = plane(speed=3, engine_out=True)
    assert plan(s, "2SA").legal
    assert rules_of(plan(s, "3SA")) == ["F.dmg.engine"]
    assert rules_of(plan(s, "2L2A")) == ["F.dmg.engine"]
    assert plan(plane(speed=1, engine_out=True), "A").legal  # hangs at speed 0
    assert rules_of(plan(plane(speed=0, engine_out=True), "1SA")) == ["F.dmg.engine"]  # it has hung: it falls
    dead = PlaneState(Capabilities(max_speed=0, port_gs=3, starboard_gs=3, acceleration=0), speed=4)
    glide = plan(dead, "3SA")  # max speed 0 is a destroyed engine too; gliding is no redline
    assert glide.legal and glide.pushes == ()
    assert rules_of(plan(dead, "1SD")) == ["F.dmg.engine", "F.dmg.engine"]


@pytest.mark.rule("F.dmg.engine", "F.dmg.fuel")
def test_a_gliding_plane_falls_only_after_its_turn_at_speed_0():
    assert not plane(speed=1, engine_out=True).falling  # it still has its hang turn to fly
    assert plane(speed=0, engine_out=True).falling and plane(speed=0, max_speed=0, accel=0).falling
    assert not plane(speed=0).falling  # a stall with the engine running is no fall


@pytest.mark.rule("F.shock", "F.dmg.rudder")
def test_shock_and_a_rudder_locked_one_way_leave_the_straight_maneuvers():
    s = plane(speed=3, rudder_right_ok=False, shocked=True)
    assert plan(s, "3SA").legal and plan(s, "2SA").legal and plan(s, "A").legal  # our reading (RULINGS.md)
    assert rules_of(plan(s, "3R2B")) == ["F.shock"]  # the rudder allows it, the shock does not
    q = plan(s, "3L2F")
    assert rules_of(q) == ["F.shock", "F.dmg.rudder"]
    assert "right maneuvers only or straight while the pilot is shocked (our reading" in str(q.reasons[1])
    assert rules_of(plan(s, "1SD")) == ["F.move.immelmann"]  # still no Immelmann
    assert rules_of(plan(plane(speed=3, rudder_right_ok=False), "3SA")) == ["F.dmg.rudder"]  # unshocked: as printed
    faq = plan(plane(speed=3, rudder_right_ok=False), "3L2F", rules=FAQ)
    assert "or straight (official FAQ variant fasa.faq.rudder-straight)" in str(faq.reasons[0])


@pytest.mark.rule("F.dmg.engine", "F.dmg.rudder")
def test_an_engine_out_and_a_rudder_locked_one_way_glide_straight():
    s = plane(speed=3, engine_out=True, rudder_left_ok=False)
    assert plan(s, "2SA").legal
    assert rules_of(plan(s, "2L2A")) == ["F.dmg.engine"]  # the glide still flies straight
    assert "or straight while the engine is out" in str(plan(s, "2R2A").reasons[0])
    assert plan(plane(speed=1, engine_out=True, rudder_left_ok=False), "A").legal  # the hang turn


# -- resolution --------------------------------------------------------------------------


@pytest.mark.rule("F.move.resolve")
def test_flown_as_plotted_replays_the_arrow_path():
    s = plane().at(Hex(5, 5), Facing.C)
    r = resolve(plan(s, "4L2F"), ScriptedDice([]))
    assert r.outcome is Outcome.AS_PLOTTED and r.rolls == ()
    assert [st.hex for st in r.steps] == plan(s, "4L2F").path_hexes
    assert r.end == plan(s, "4L2F").end == (Hex(9, 3), Facing.B)
    assert r.state_after.speed == 4 and r.state_after.last_gs == 1 and not r.state_after.last_restricted


@pytest.mark.rule("F.move.push-gs", "F.move.resolve")
def test_successful_push_flies_as_plotted():
    r = resolve(plane(), ScriptedDice([9]), "3R3F")
    assert r.outcome is Outcome.AS_PLOTTED and r.rolls[0].success
    assert r.end == (Hex(3, -3), Facing.F)
    assert r.fracture_hits == {}


@pytest.mark.rule("F.move.redline", "F.move.flareout")
def test_flareout():
    s = plane(speed=2, accel=1, max_speed=3)
    r = resolve(plan(s, "5SA"), ScriptedDice([10, 2]))  # acceleration succeeds, top speed fails
    assert r.outcome is Outcome.FLAREOUT
    assert [x.success for x in r.rolls] == [True, False]  # both are rolled
    assert r.end == (Hex(0, -1), Facing.A)
    assert [st.hex for st in r.steps] == [Hex(0, -1)]
    assert r.fracture_hits == {NOSE: 4}  # 2 over the acceleration + 2 over the top speed
    assert r.state_after.speed == 1 and r.state_after.smoking and r.state_after.last_gs == 0


@pytest.mark.rule("F.move.flareout", "F.tail.number")
def test_flareout_smoke_lasts_into_the_next_turns_tailing_phase():
    # p.26: the engine smokes in the flareout turn and the next; tailing (p.28) reads the state
    # after movement, so the state after the NEXT turn's move must still be smoking, and the
    # state after the move after that must not
    s = plane(speed=2, accel=1, max_speed=3)
    flared = resolve(plan(s, "5SA"), ScriptedDice([10, 2])).state_after
    assert flared.smoking  # this turn's tailing phase
    next_turn = resolve(plan(flared, "1SA"), ScriptedDice([])).state_after
    assert next_turn.smoking  # the next turn's tailing phase: the leader still gives +2
    turn_after = resolve(plan(next_turn, "1SA"), ScriptedDice([])).state_after
    assert not turn_after.smoking


@pytest.mark.rule("F.move.stall-push")
def test_failed_stall_damages_both_wings_but_arrives():
    s = plane(speed=5, max_speed=5)
    r = resolve(plan(s, "F"), ScriptedDice([2]))  # 5 to 0: 3 over the deceleration of 2
    assert r.outcome is Outcome.AS_PLOTTED
    assert r.fracture_hits == {PORT_LEADING: 3, STARBOARD_LEADING: 3}
    assert r.end == (Hex(0, 0), Facing.F) and r.state_after.speed == 0
    ok = resolve(plan(s, "F"), ScriptedDice([10]))
    assert ok.fracture_hits == {}


@pytest.mark.rule("F.move.stall-push", "F.move.push-gs", "F.move.random")
def test_failed_stall_then_failed_gs_moves_randomly_with_both_damages():
    s = plane(speed=5, max_speed=5, port=0)
    r = resolve(plan(s, "2L2E"), ScriptedDice([1, 1, 4, 8]))
    assert [x.push.kind for x in r.rolls] == [PushKind.STALL, PushKind.GS]
    assert r.outcome is Outcome.RANDOM
    assert r.fracture_hits == {PORT_LEADING: 1, STARBOARD_LEADING: 1 + 3}


@pytest.mark.rule("F.move.illegal", "F.move.random")
def test_illegal_plot_moves_randomly_at_its_speed():
    s = plane(shocked=True)
    r = resolve(plan(s, "2L2A"), ScriptedDice([1, 8]))
    assert r.outcome is Outcome.RANDOM and r.rolls == ()
    assert [st.hex for st in r.steps] == [Hex(0, -1), Hex(0, -2)]
    assert r.end == (Hex(0, -2), Facing.E)
    assert r.fracture_hits == {STARBOARD_LEADING: 2}
    assert "F.move.illegal" in r.notes[0]


@pytest.mark.rule("F.move.resolve")
def test_resolve_needs_a_maneuver_with_a_state():
    with pytest.raises(RuleInputError) as err:
        resolve(plane(), ScriptedDice([]))
    assert err.value.field == "maneuver"


@pytest.mark.rule("F.move.resolve")
def test_result_log_reads_like_the_book():
    r = resolve(plane(starboard=2, nt=3), ScriptedDice([4, 10, 9, 8]), "3R0D")
    text = str(r)
    assert "needs 7, rolled 4: failure" in text
    assert "rolled 10: 2 hexside(s) right" in text
    assert "6 fracture hit(s) on the port wing leading edge" in text
    assert "<li>1. enter Hex(0, -1) facing C, rolled 10: 2 hexside(s) right</li>" in r._repr_html_()


# -- state -----------------------------------------------------------------------------


@pytest.mark.rule("F.plane.stats")
@pytest.mark.parametrize(
    "kw, field",
    [
        (dict(max_speed=6, port_gs=2, starboard_gs=2, acceleration=1), "max_speed"),
        (dict(max_speed=3, port_gs=6, starboard_gs=2, acceleration=1), "port_gs"),
        (dict(max_speed=3, port_gs=2, starboard_gs=-1, acceleration=1), "starboard_gs"),
        (dict(max_speed=3, port_gs=2, starboard_gs=2, acceleration=4), "acceleration"),
        (dict(max_speed=3, port_gs=2, starboard_gs=2, acceleration=1, deceleration=3), "deceleration"),
        (dict(max_speed="3", port_gs=2, starboard_gs=2, acceleration=1), "max_speed"),
    ],
)
def test_capabilities_name_the_bad_field(kw, field):
    with pytest.raises(RuleInputError) as err:
        Capabilities(**kw)
    assert err.value.field == field


@pytest.mark.rule("F.plane.stats", "F.pilot.skills")
def test_state_checks_its_fields():
    caps = Capabilities(3, 2, 2, 1)
    with pytest.raises(RuleInputError) as err:
        PlaneState(caps, speed=3, natural_touch=11)
    assert err.value.field == "natural_touch"
    with pytest.raises(RuleInputError) as err:
        PlaneState(caps, speed=-1)
    assert err.value.field == "speed"


@pytest.mark.rule("F.move.restricted")
def test_last_restricted_follows_last_gs_unless_given():
    caps = Capabilities(3, 2, 2, 1)
    assert PlaneState(caps, speed=3, last_gs=3).last_restricted
    assert not PlaneState(caps, speed=3, last_gs=2).last_restricted
    assert not PlaneState(caps, speed=3, last_gs=4, last_restricted=False).last_restricted


@pytest.mark.rule("F.plane.stats")
def test_state_round_trips_through_json():
    s = plane(speed=2, shocked=True, last_gs=4, smoke_turns=1, rudder_left_ok=False).at(Hex(3, -7), Facing.E)
    text = dumps(s)
    back = loads(PlaneState, text)
    assert back == s and hash(back) == hash(s)
    with pytest.raises(SavedStateError):
        loads(Capabilities, text)


@pytest.mark.rule("F.move.resolve")
def test_after_plotted_matches_a_resolution_without_pushes():
    s = plane().at(Hex(-4, 2), Facing.B)
    p = plan(s, "2L1E")
    assert after_plotted(p) == resolve(p, ScriptedDice([])).state_after
    with pytest.raises(IllegalManeuverError):
        after_plotted(plan(s, "3L0A"))


@pytest.mark.rule("F.move.capability")
def test_plan_explains_itself():
    p = plan(plane(), "3R3F")
    assert "3R3F: 4 G" in p.explain()
    assert "failure: random movement" in p.explain()
    assert "<table" in p._repr_html_()
    illegal = plan(plane(shocked=True), "3R3F")
    assert "becomes random movement" in str(illegal)
    assert OFFICIAL.enabled_names == frozenset()


# -- paths through objects ------------------------------------------------------------------


@pytest.mark.rule("F.move.path-objects", "F.collide.object")
def test_4L2_through_a_building_in_3L2_forces_a_check():
    from cs_panel.fasa.collisions import Obstacle

    s = plane(speed=4, max_speed=5)
    p = plan(s, "4L2F")
    assert p.collision_path == [Hex(0, 0), Hex(0, -1), Hex(-1, -1), Hex(-2, -1), Hex(-2, -2)]
    checks = p.object_checks([Obstacle(Hex(-2, -1), "building"), Obstacle(Hex(5, 5), "building")])
    assert [(c.step, c.obstacle.hex) for c in checks] == [(3, Hex(-2, -1))]
    assert checks[0].target.total == 9  # 10 - building 1 (F.collide.object, p.27)
    assert plan(s, "4L1F").object_checks([Obstacle(Hex(-2, -1), "building")]) == []


@pytest.mark.rule("F.move.resolve", "F.move.random")
def test_result_path_lists_the_hexes_entered():
    stall = resolve(plane(speed=2), ScriptedDice([]), "B")
    assert stall.path == [Hex(0, 0)]
    rm = resolve(plane(starboard=2, nt=3), ScriptedDice([4, 10, 9, 8]), "3R0D")
    assert rm.path == [Hex(0, 0), Hex(0, -1), Hex(1, -1), Hex(0, 0)]


@pytest.mark.rule("F.move.no-jink")
def test_a_turn_that_ends_with_a_straight_step_facing_ahead_is_a_jink():
    """p.24: no left or right maneuver that ends with a straight in one turn. The building
    example's 2L2A (a side-step straight across) stays legal; 3L1A (ahead, left, ahead) and
    4L2A (through 3L2, then straight on) are jinks; turning on to another facing is not."""
    from cs_panel.core.variants import RuleSet
    from cs_panel.fasa.movement import SIDE_STEP_STRAIGHT_TAIL

    s = plane(speed=4, max_speed=5)
    for m in ("3L1A", "4L2A", "5L3A", "3R1A", "4R2A"):
        p = plan(s, m)
        assert not p.legal and [r.rule for r in p.reasons] == ["F.move.no-jink"], m
        assert "no jinking" in p.reasons[0].text
        assert plan(s, m, rules=RuleSet.of(SIDE_STEP_STRAIGHT_TAIL.name)).legal, m
    for m in ("2L2A", "2R2A", "4L2F", "4L3A", "3L1F", "4SA"):
        assert plan(s, m).legal, m
