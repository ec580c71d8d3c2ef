"""Invariants of the movement rules, checked with hypothesis: rotating the map, mirroring the
plane, saving and loading, and monotone push targets."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.core.dice import Dice
from cs_panel.core.state import dumps, loads
from cs_panel.core.variants import OFFICIAL, RuleSet
from cs_panel.fasa.damage import RecordSheet
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.movement import Capabilities, Outcome, PlaneState, plan, resolve
from cs_panel.fasa.reach import reachable
from cs_panel.fasa.template import ManeuverTemplate

T = ManeuverTemplate.default()
ARROWS = list(T)

capabilities = st.builds(
    Capabilities,
    max_speed=st.integers(0, 5),
    port_gs=st.integers(0, 5),
    starboard_gs=st.integers(0, 5),
    acceleration=st.integers(0, 3),
    deceleration=st.integers(1, 2),
    rudder_left_ok=st.booleans(),
    rudder_right_ok=st.booleans(),
    engine_out=st.booleans(),
)
hexes = st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20))
facings = st.sampled_from(list(Facing))
states = st.builds(
    PlaneState,
    capabilities=capabilities,
    speed=st.integers(0, 5),
    hex=hexes,
    facing=facings,
    last_gs=st.integers(0, 6),
    natural_touch=st.integers(0, 10),
    shocked=st.booleans(),
    smoke_turns=st.integers(0, 2),
)


def summary(p):
    return (p.legal, [r.rule for r in p.reasons], [(x.kind, x.over, x.target.total) for x in p.pushes])


@pytest.mark.rule("F.move.plot", "F.move.capability")
@given(states, st.sampled_from(ARROWS), st.integers(0, 5), hexes)
def test_rotating_the_map_keeps_legality_and_rotates_the_destination(state, arrow, k, centre):
    p = plan(state, arrow.maneuver)
    moved = state.at(state.hex.rotate(k, centre), state.facing.turn(k))
    q = plan(moved, arrow.maneuver)
    assert summary(q) == summary(p)
    h, f = p.end
    assert q.end == (h.rotate(k, centre), f.turn(k))
    assert q.path_hexes == [x.rotate(k, centre) for x in p.path_hexes]


def mirror_state(s: PlaneState) -> PlaneState:
    c = s.capabilities
    caps = dataclasses.replace(c, port_gs=c.starboard_gs, starboard_gs=c.port_gs,
                               rudder_left_ok=c.rudder_right_ok, rudder_right_ok=c.rudder_left_ok)
    return dataclasses.replace(s, capabilities=caps, hex=s.hex.mirror(), facing=s.facing.mirrored)


@pytest.mark.rule("F.move.capability", "F.move.push-gs")
@given(states, st.sampled_from(ARROWS))
def test_mirroring_plane_and_maneuver_keeps_gs_and_pushes(state, arrow):
    p = plan(state, arrow.maneuver)
    q = plan(mirror_state(state), arrow.maneuver.mirrored())
    assert q.gs == p.gs
    assert [(x.kind, x.target.total) for x in q.pushes] == [(x.kind, x.target.total) for x in p.pushes]
    assert q.legal == p.legal
    h, f = p.end
    assert q.end == (h.mirror(), f.mirrored)


@pytest.mark.rule("F.move.push-target")
@given(states, st.sampled_from(ARROWS))
def test_more_natural_touch_never_raises_a_push_target(state, arrow):
    p = plan(state, arrow.maneuver)
    if state.natural_touch < 10:
        better = plan(dataclasses.replace(state, natural_touch=state.natural_touch + 1), arrow.maneuver)
        assert [x.target.total for x in better.pushes] == [x.target.total - 1 for x in p.pushes]
        assert better.chance >= p.chance


@pytest.mark.rule("F.plane.stats")
@given(states)
def test_state_round_trips(state):
    back = loads(PlaneState, dumps(state))
    assert back == state
    assert plan(back, "3L2F").reasons == plan(state, "3L2F").reasons


@pytest.mark.rule("F.move.resolve", "F.move.random", "F.move.flareout")
@settings(max_examples=60)
@given(states, st.sampled_from(ARROWS), st.integers(0, 10_000))
def test_resolution_ends_where_its_steps_end(state, arrow, seed):
    p = plan(state, arrow.maneuver)
    r = resolve(p, Dice(seed))
    if r.outcome is Outcome.AS_PLOTTED:
        assert r.end == p.end
    elif r.steps:
        assert r.end == (r.steps[-1].hex, r.steps[-1].facing)
    # every step enters a hex next to the one before (or, for a stall, stays put)
    prev = state.hex
    for s in r.steps:
        assert prev.distance(s.hex) <= 1
        prev = s.hex
    assert all(n > 0 for n in r.fracture_hits.values())
    assert loads(PlaneState, dumps(r.state_after)) == r.state_after


# -- no deadlock: a plane can always plot something, or it is out of the game -------------------

FAQ = RuleSet.of("fasa.faq.rudder-straight")
SAMPLE_ARMOUR = (("nose", 30), ("tail", 30), ("port_wing_leading", 30), ("starboard_wing_leading", 30),
                 ("port_wing_trailing", 20), ("starboard_wing_trailing", 20))
SHEET = RecordSheet("tractor", SAMPLE_ARMOUR, Capabilities(max_speed=4, port_gs=2, starboard_gs=3, acceleration=2))
COMPONENTS = sorted(SHEET.diagram.components)


def _some_plot_is_legal(state: PlaneState, rules=OFFICIAL) -> bool:
    return any(o.legal for o in reachable(state, T, rules))  # what the ManeuverExplorer offers


@pytest.mark.rule("F.move.plot", "F.shock", "F.dmg.rudder", "F.dmg.engine", "F.move.stall")
@settings(max_examples=300)
@given(states)
def test_every_state_has_a_legal_plot_unless_the_plane_falls(state):
    # the template's speeds run 0-5, so every speed a plane can have flown is covered by ``states``
    for rules in (OFFICIAL, FAQ):
        assert state.falling or _some_plot_is_legal(state, rules), state
    if state.falling:
        assert not _some_plot_is_legal(state)  # hung its turn at 0 with no engine: nothing keeps it up


@pytest.mark.rule("F.move.plot", "F.shock", "F.dmg.rudder", "F.dmg.engine", "F.dmg.fuel", "F.dmg.internal")
@settings(max_examples=200)
@given(st.sets(st.sampled_from(COMPONENTS), max_size=8), st.integers(0, 5), st.booleans(), st.integers(0, 5))
def test_random_damage_shock_and_speed_leave_a_legal_plot_or_take_the_plane_out(lost, speed, shocked, last_gs):
    sheet = dataclasses.replace(SHEET, marks=tuple((*SHEET.diagram.components[c].cells[0], "hit") for c in sorted(lost)))
    state = PlaneState(sheet.capabilities(), speed=speed, shocked=shocked, last_gs=last_gs, natural_touch=3)
    out_of_game = state.falling or sheet.destroyed or sheet.pilot_dead
    assert out_of_game or _some_plot_is_legal(state), (sorted(lost), state)
