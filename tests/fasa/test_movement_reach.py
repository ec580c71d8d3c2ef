"""Reachable positions this turn and two turns ahead, checked against plan() move by move."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.fasa.explore import two_turn_hexes
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.maneuver import Maneuver
from cs_panel.core.variants import OFFICIAL, RuleSet
from cs_panel.fasa.movement import (
    REDLINE_PAST_ENGINE_DAMAGE, RUDDER_STRAIGHT, SIDE_STEP_STRAIGHT_TAIL, Capabilities, PlaneState, after_plotted,
    after_state, plan,
)
from cs_panel.fasa.reach import (
    _before_the_move, _best_per_position, _class_key, _in_millionths, _next_class, reach_two_turns, reachable, verdict_signature,
)
from cs_panel.fasa.template import ManeuverTemplate

T = ManeuverTemplate.default()


def plane(**kw):
    caps = Capabilities(max_speed=4, port_gs=3, starboard_gs=2, acceleration=2)
    return PlaneState(caps, **{"speed": 3, "natural_touch": 4, **kw})


@pytest.mark.rule("F.move.plot", "F.move.capability")
def test_reachable_lists_every_arrow_placed_on_the_map():
    s = plane().at(Hex(4, -2), Facing.D)
    opts = reachable(s)
    assert len(opts) == len(T)
    for o in opts:
        p = plan(s, o.maneuver)
        assert (o.hex, o.facing) == p.end
        assert o.gs == p.gs and o.legal == p.legal and o.chance == p.chance
        assert o.pushes == tuple(x.target for x in p.pushes)


@pytest.mark.rule("F.move.push-gs", "F.move.redline")
def test_reachable_filters():
    s = plane()
    every = reachable(s)
    legal = reachable(s, legal_only=True)
    safe = reachable(s, include_pushes=False)
    assert len(safe) < len(legal) <= len(every)
    assert all(o.legal and not o.pushing for o in safe)
    o = next(o for o in every if str(o.maneuver) == "3R3F")
    assert o.pushing and o.pushes[0].total == 8 + 2 - 4
    assert all(not o.legal for o in reachable(plane(shocked=True)) if o.maneuver.turn_direction.value != "S")


def likeliest_then_fewest_pushes(state: PlaneState, include_pushes=True, rules=OFFICIAL) -> dict:
    """Every (hex, facing) after two turns -> (exact best chance, fewest pushes among the routes of
    that chance), by calling plan() on every pair: the route reach_two_turns must name."""
    best: dict = {}
    for a in T:
        p1 = plan(state, a.maneuver, T, rules)
        if not p1.legal or (p1.pushing and not include_pushes):
            continue
        s1 = after_plotted(p1)
        for b in T:
            p2 = plan(s1, b.maneuver, T, rules)
            if not p2.legal or (p2.pushing and not include_pushes):
                continue
            c, n = p1.chance * p2.chance, len(p1.pushes) + len(p2.pushes)
            old = best.get(p2.end)
            if old is None or c > old[0] or (c == old[0] and n < old[1]):
                best[p2.end] = (c, n)
    return best


def brute_force(state: PlaneState, include_pushes=True, rules=OFFICIAL):
    """Every (hex, facing) after two turns, with the best chance, by calling plan() on every pair."""
    return {key: float(c) for key, (c, _) in likeliest_then_fewest_pushes(state, include_pushes, rules).items()}


@pytest.mark.rule("F.move.plot", "F.move.restricted", "F.move.push-target")
def test_two_turn_set_matches_brute_force():
    s = plane(last_gs=4).at(Hex(2, 3), Facing.B)
    got = reach_two_turns(s)
    want = brute_force(s)
    assert set(got.positions) == set(want)
    for key, route in got.positions.items():
        assert route.chance == pytest.approx(want[key])
        # the named route really gets there with that chance
        p1 = plan(s, route.first)
        p2 = plan(after_plotted(p1), route.second)
        assert p2.end == key
        assert float(p1.chance * p2.chance) == pytest.approx(route.chance)
    assert got.routes >= len(got.positions) and got.states >= len(got.positions)


@pytest.mark.rule("F.move.capability")
def test_two_turns_without_pushes_is_a_subset_with_certain_routes():
    s = plane()
    safe = reach_two_turns(s, include_pushes=False)
    every = reach_two_turns(s)
    assert set(safe.positions) < set(every.positions)
    assert all(r.chance == 1.0 and r.pushes == 0 for r in safe.positions.values())
    assert set(safe.positions) == set(brute_force(s, include_pushes=False))


@pytest.mark.rule("F.move.plot", "F.move.push-target", "F.move.restricted")
@pytest.mark.parametrize("s", [
    plane(last_gs=4, natural_touch=0),  # pushes everywhere, at many different odds
    plane(speed=1, natural_touch=2).at(Hex(3, -1), Facing.C),
    PlaneState(Capabilities(max_speed=2, port_gs=1, starboard_gs=4, acceleration=1), speed=2, last_gs=3),
    # two planes whose routes the reach once chose by their chances' floats: (Hex(-2, -3), C) here has
    # a route of 1% with 2 pushes, and one of 1% as 10% x 10% (0.010000000000000002) with 3
    PlaneState(Capabilities(max_speed=1, port_gs=0, starboard_gs=0, acceleration=3), speed=1, last_gs=4),
    PlaneState(Capabilities(max_speed=3, port_gs=1, starboard_gs=5, acceleration=3), speed=4, last_gs=4,
               natural_touch=5),
])
def test_two_turn_routes_are_the_likeliest_and_then_the_fewest_pushes(s):
    """Each position's route is one of the likeliest pairs, and of those one with the fewest pushes:
    checked against every pair of plans, with exact chances (two pairs whose odds tie exactly, say
    90% x 40% and 60% x 60%, must tie in the reach too)."""
    got = reach_two_turns(s)
    want = likeliest_then_fewest_pushes(s)
    assert set(got.positions) == set(want)
    for key, route in got.positions.items():
        chance, pushes = want[key]
        assert route.chance == pytest.approx(float(chance), abs=1e-12), key
        assert route.pushes == pushes, (key, route, pushes)


@pytest.mark.rule("F.move.plot", "F.move.push-target")
@pytest.mark.parametrize("s", [
    # a plane whose hexes' best routes tied in chance across facings, but not in their floats:
    # (Hex(-6, 4)) had facing E's 0.44800000000000006 win over facing D's 0.44799999999999995
    PlaneState(Capabilities(max_speed=2, port_gs=1, starboard_gs=2, acceleration=1), speed=2, natural_touch=6),
    plane(last_gs=4, natural_touch=0).at(Hex(2, -1), Facing.E),
])
def test_each_hex_of_the_two_turn_set_shows_its_likeliest_route_then_fewest_pushes_then_first_facing(s):
    """What the maneuver explorer's two-turn shading names for a hex (explore.two_turn_hexes): of
    the routes into its facings, the likeliest by the exact chance of the named maneuvers, then the
    fewest pushes, then the first facing; and equal chances are equal floats."""
    got = reach_two_turns(s)
    hexes = two_turn_hexes(got)
    exact = {}
    for key, route in got.positions.items():
        p1 = plan(s, route.first)
        p2 = plan(after_plotted(p1), route.second)
        exact[key] = p1.chance * p2.chance
        assert route.chance == float(exact[key])  # the nearest float to the exact chance
    for h, hr in hexes.items():
        want = min(hr.facings, key=lambda f: (-exact[(h, f)], got.positions[(h, f)].pushes, int(f)))
        assert hr.best_facing == want, (h, hr)
        assert hr.best == got.positions[(h, want)]


@pytest.mark.rule("F.move.plot")
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 4), st.integers(0, 3)), min_size=1, max_size=60))
def test_best_row_per_position_is_the_likeliest_then_fewest_pushes_then_first(rows):
    """The reach's pick of one row per position (likeliest, then fewest pushes, then the earliest row),
    checked against a plain sort by those keys."""
    pos, odds, n = (np.array(col, dtype=np.int64) for col in zip(*rows))
    want = {}
    for i in sorted(range(len(rows)), key=lambda i: (pos[i], -odds[i], n[i], i)):
        want.setdefault(int(pos[i]), i)
    assert _best_per_position(pos, odds, n).tolist() == [want[k] for k in sorted(want)]


@pytest.mark.rule("F.move.push-target")
def test_route_odds_are_exact_millionths_or_refused():
    assert _in_millionths(Fraction(9, 10) * Fraction(4, 10)) == _in_millionths(Fraction(6, 10) ** 2) == 360_000
    assert _in_millionths(Fraction(1, 1000)) == 1_000
    with pytest.raises(ValueError, match="not a whole number of millionths"):
        _in_millionths(Fraction(1, 3))


@pytest.mark.rule("F.move.stall")
def test_two_turns_from_a_stall_must_fly_forward_first():
    s = plane(speed=0)
    got = reach_two_turns(s)
    firsts = {r.first for r in got.positions.values()}
    assert not any(m.is_stall for m in firsts)
    assert (Hex(0, 0), Facing.A) not in got.positions or got.positions[(Hex(0, 0), Facing.A)].first.speed > 0


@pytest.mark.rule("F.move.plot")
@settings(max_examples=15, deadline=None)
@given(st.integers(0, 5), st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5)), st.sampled_from(list(Facing)))
def test_two_turn_set_moves_with_the_plane(k, h, f):
    s = plane()
    base = reach_two_turns(s)
    moved = reach_two_turns(s.at(h, f))
    expect = {(x.rotate(int(f)) + h, g.turn(int(f))) for x, g in base.positions}
    assert set(moved.positions) == expect
    assert moved.states == base.states


@pytest.mark.rule("F.move.plot")
def test_route_prints():
    got = reach_two_turns(plane())
    r = got.positions[(Hex(0, -6), Facing.A)]
    assert r.chance == 1.0 and r.pushes == 0
    assert r.first.speed + r.second.speed == 6 and r.first.facing is r.second.facing is Facing.A
    assert str(r) == f"{r.first} then {r.second} (100%, 0 pushes)"
    assert Maneuver.parse(str(r.first)) == r.first
    assert Hex(0, -6) in got.hexes() and len(got) == len(got.positions)
    # an immutable record with named fields (a named tuple: the reach makes one for each position)
    assert r == (r.first, r.second, r.chance, r.pushes)
    with pytest.raises(AttributeError):
        r.chance = 0.5  # type: ignore[misc]


# -- the shortcuts reach_two_turns takes, checked against plan() and after_state() ---------------

states = st.builds(
    PlaneState,
    st.builds(Capabilities, max_speed=st.integers(0, 5), port_gs=st.integers(0, 5), starboard_gs=st.integers(0, 5),
              acceleration=st.integers(0, 3), deceleration=st.integers(0, 2), rudder_left_ok=st.booleans(),
              rudder_right_ok=st.booleans(), engine_out=st.booleans(), engine_damaged=st.booleans()),
    speed=st.integers(0, 6), last_gs=st.integers(0, 6), natural_touch=st.integers(0, 10), shocked=st.booleans(),
    smoke_turns=st.integers(0, 2))
rulesets = st.sets(st.sampled_from([RUDDER_STRAIGHT.name, SIDE_STEP_STRAIGHT_TAIL.name,
                                    REDLINE_PAST_ENGINE_DAMAGE.name])).map(lambda names: RuleSet.of(*names))


def verdict(p):
    return p.legal, [(x.kind, x.over, x.target.total) for x in p.pushes], p.chance


@pytest.mark.rule("F.move.plot", "F.move.push-target", "F.move.no-jink", "F.dmg.rudder")
@settings(max_examples=25, deadline=None)
@given(states, rulesets)
def test_arrows_with_one_signature_get_one_verdict(state, rules):
    """reach_two_turns plans one arrow per verdict signature and reuses its verdict for the rest."""
    first_of = {}
    for a in T:
        sig = verdict_signature(a.maneuver, a)
        want = verdict(plan(state, a.maneuver, T, rules))
        rep = first_of.setdefault(sig, a.maneuver)
        assert verdict(plan(state, rep, T, rules)) == want, (a.maneuver, rep)


@pytest.mark.rule("F.move.restricted")
@settings(max_examples=25, deadline=None)
@given(states, st.integers(0, 9), st.integers(0, 6))
def test_next_class_keeps_only_whether_the_gs_were_restricted(state, speed, gs):
    key = _class_key(state)
    assert _next_class(key, speed, gs >= 3) == _class_key(after_state(key, Hex(0, 0), Facing.A, speed, gs))
    # nor on the speed and Gs of the move before (the reach asks with those set alike)
    assert _next_class(_before_the_move(key), speed, gs >= 3) == _next_class(key, speed, gs >= 3)


@pytest.mark.rule("F.move.plot", "F.dmg.rudder", "F.shock")
@pytest.mark.parametrize("s, rules", [
    (PlaneState(Capabilities(max_speed=3, port_gs=2, starboard_gs=1, acceleration=1, rudder_left_ok=False), speed=1),
     RuleSet.of(RUDDER_STRAIGHT.name)),
    (plane(shocked=True, speed=0, smoke_turns=2), RuleSet.of(SIDE_STEP_STRAIGHT_TAIL.name)),
])
def test_two_turn_set_matches_brute_force_for_damaged_planes_and_variants(s, rules):
    s = s.at(Hex(-1, 2), Facing.E)
    got = reach_two_turns(s, rules=rules)
    want = brute_force(s, rules=rules)
    assert set(got.positions) == set(want)
    assert all(route.chance == pytest.approx(want[key]) for key, route in got.positions.items())
