"""What stands between a plane and an object it shoots at, and cargo harpooned out of a zeppelin, in
the FASA referee (F.combat.los, F.map.hexes, F.zep.static, F.torpedo, F.rocket.harpoon; FASA p.10-11,
34, 43-46)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import CsPanelError
from cs_panel.fasa.deployed import harpoon_number, lift_number, torpedo_number
from cs_panel.fasa.hexgrid import Facing, Hex, line_of_sight, line_steps
from cs_panel.fasa.play import FasaRules, setup_of
from cs_panel.fasa.referee import (
    Action, FireOrderError, LineOfFireBlockedError, MapObject, Phase, Referee, RefereeError, RefZeppelin, apply,
)
from cs_panel.fasa.referee.sightline import line_blocker, walls
from cs_panel.games import new_game
from tests.fasa.test_ground import DEPOT, bomber, combat, fighter, in_combat

SHED = MapObject("Shed", "building", (Hex(0, 0),), points=20)  # on the bomber's column, short of the depot


def _fire(state, order):
    return apply(state, Action("fire", "Bomber", order), ScriptedDice([]))


# -- objects block shots at objects (F.combat.los, F.map.hexes) --------------------------------------


@pytest.mark.rule("F.combat.los", "F.map.hexes", "F.collide.object-btn")
def test_a_building_on_the_line_stops_guns_at_an_object_beyond_it_and_the_refusal_names_it():
    state = in_combat([bomber(Hex(0, 2)), fighter()], [DEPOT, SHED])
    with pytest.raises(LineOfFireBlockedError, match=r"cannot reach Depot: Shed \(building\) at hex 0,0 stands in the "
                                                     r"way \(F.combat.los, F.map.hexes\)") as e:
        _fire(state, "guns at Depot")
    assert e.value.field == "target"
    assert "guns at Shed" in FasaRules().fire_orders(state, state.plane("Bomber"))  # the shed itself is a target
    assert "guns at Depot" not in FasaRules().fire_orders(state, state.plane("Bomber"))
    clear = in_combat([bomber(Hex(0, 2)), fighter()], [DEPOT])
    assert "on the ground" in _fire(clear, "guns at Depot").report[-1]  # nothing between: it fires


@pytest.mark.rule("F.combat.los", "F.rocket.harpoon")
def test_towed_and_destroyed_objects_and_cargo_block_nothing():
    towed = MapObject("Crate", "small-object", (Hex(0, 0),), points=10, towed_by="Raider")
    wreck = dataclasses.replace(SHED, damage=SHED.points)
    for between in (towed, wreck):
        state = in_combat([bomber(Hex(0, 2)), fighter()], [DEPOT, between])
        assert "on the ground" in _fire(state, "guns at Depot").report[-1]
    cargo = MapObject("Gold", "small-object", (Hex(0, 0),), points=10, aboard="Pegasus")
    assert walls((), [towed, wreck, cargo]) == {}  # small objects in the air never block (p.34)
    assert set(walls((), [SHED, DEPOT])) == {Hex(0, 0), Hex(0, -1)}


@pytest.mark.rule("F.combat.los", "F.map.hexes")
def test_a_line_along_a_hexside_passes_one_object_but_not_two_or_an_object_beside_a_gas_cell():
    a, b = Hex(1, -1), Hex(-1, 0)
    step = line_steps(a, b)[1]
    assert set(step) == {Hex(0, 0), Hex(0, -1)}  # the straightedge runs along their shared side
    left = MapObject("Left", "building", (Hex(0, 0),))
    right = MapObject("Right", "building", (Hex(0, -1),))
    assert line_blocker((), [left], a, b) is None and line_blocker((), [right], a, b) is None
    assert "stands in the way" in line_blocker((), [left, right], a, b)
    zep = RefZeppelin("Pegasus", "Bob", Hex(0, 0), Facing.C)  # its bow cell takes 0,0
    assert Hex(0, 0) in zep.cover and Hex(0, -1) not in zep.cover
    assert line_blocker([zep], [], a, b) is None
    assert line_blocker([zep], [right], a, b) is not None  # a hull on one side, a building on the other
    # the target's own hexes and the shooter's never block
    assert line_blocker((), [left, right], a, b, ignore=(Hex(0, -1),)) is None


near = st.builds(Hex, st.integers(-5, 5), st.integers(-5, 5))  # close pairs often run along hexsides


@pytest.mark.rule("F.combat.los", "F.map.hexes")
@given(near, near, st.sets(near, max_size=8))
def test_objects_block_exactly_as_dotted_hexes_do_either_way_round(a, b, spots):
    objs = [MapObject(f"O{i}", "building", (h,)) for i, h in enumerate(sorted(spots))]
    blocked = line_blocker((), objs, a, b)
    assert (blocked is None) == line_of_sight(a, b, spots) == (line_blocker((), objs, b, a) is None)
    if blocked is not None:  # the refusal names one of the objects on the line
        assert any(blocked.startswith(f"{o.name} (building) at hex {o.hexes[0].q},{o.hexes[0].r}") for o in objs)


@pytest.mark.rule("F.torpedo", "F.combat.los", "F.zep.static")
def test_a_torpedo_run_is_stopped_by_an_object_or_a_hull_in_between():
    state = dataclasses.replace(in_combat([bomber(Hex(0, 2)), fighter()], [DEPOT, SHED]), straight=(("Bomber", 4),))
    with pytest.raises(LineOfFireBlockedError, match=r"torpedo's run to Depot is stopped: Shed \(building\) at hex 0,0"):
        _fire(state, "torpedo at Depot")
    _fire(state, "torpedo at Shed")  # the nearer one is in reach
    zep = RefZeppelin("Pegasus", "Bob", Hex(0, 0), Facing.C)
    ref = Referee.start(1, [bomber(Hex(0, 2)), fighter()], max_turns=5, objects=[DEPOT], zeppelins=[zep])
    hull = dataclasses.replace(ref.state, phase=Phase.COMBAT)
    with pytest.raises(LineOfFireBlockedError, match=r"Pegasus's intact gas cell 1 at hex 0,0 stands in the way"):
        _fire(hull, "torpedo at Depot")
    clear = dataclasses.replace(in_combat([bomber(Hex(0, 2)), fighter()], [DEPOT]), straight=(("Bomber", 4),))
    tn = torpedo_number(1, hexes_after_release=3, straight_hexes=4, dead_eye=6)
    assert f"needs {tn}" in _fire(clear, "torpedo at Depot").report[-1]


# -- harpoons grab cargo from a zeppelin (F.rocket.harpoon) -------------------------------------------


GOLD = MapObject("Gold", "small-object", (Hex(0, 0),), points=10, aboard="Pegasus")


def _beside_the_ship(objs=(GOLD,), **zep):
    """The bomber just outside Pegasus's bow cell, facing it; the gold in that cell."""
    ship = RefZeppelin("Pegasus", "Bob", Hex(0, 0), Facing.C, **zep)
    ref = Referee.start(1, [bomber(Hex(0, 1)), fighter()], max_turns=5, objects=list(objs), zeppelins=[ship])
    return dataclasses.replace(ref.state, phase=Phase.COMBAT)


@pytest.mark.rule("F.rocket.harpoon")
def test_a_harpoon_snags_cargo_out_of_a_zeppelin_and_the_lift_roll_decides_as_for_any_object():
    state = _beside_the_ship()
    offered = FasaRules().fire_orders(state, state.plane("Bomber"))
    assert "harpoon 4 at Gold" in offered
    assert not any(o.endswith("at Gold") and not o.startswith("harpoon") for o in offered)  # only the harpoon
    ordered = _fire(state, "harpoon at Gold")
    hit = harpoon_number(7, 1, dead_eye=6)  # a small object (7), range 1
    lift = lift_number(7, speed=2, natural_touch=5)
    assert f"needs {hit}" in ordered.report[-1]
    towed = combat(ordered, [hit.total, lift.total])
    gold = towed.thing("Gold")
    assert gold.towed_by == "Bomber" and gold.aboard == "" and gold.hexes == (Hex(0, 2),)  # hung behind the plane
    assert any("pulled out of Pegasus" in x for x in towed.report)
    dropped = combat(ordered, [hit.total, lift.total - 1])
    assert dropped.thing("Gold").aboard == "Pegasus" and dropped.thing("Gold").towed_by == ""  # still aboard
    missed = combat(ordered, [hit.total - 1])
    assert missed.thing("Gold") == GOLD and missed.plane("Bomber").rockets[3] == ""


@pytest.mark.rule("F.rocket.harpoon", "F.zep.gas-cells")
def test_cargo_is_refused_to_guns_bombs_and_torpedoes_and_goes_down_with_a_fallen_ship():
    state = _beside_the_ship()
    for order in ("guns at Gold", "bomb 1 at Gold", "torpedo at Gold"):
        with pytest.raises(FireOrderError, match=r"Gold is cargo aboard Pegasus: only a harpoon snags it"):
            _fire(state, order)
    fallen = _beside_the_ship(fell_turn=1)
    with pytest.raises(FireOrderError, match="went down with Pegasus"):
        _fire(fallen, "harpoon at Gold")
    bomber_ = state.plane("Bomber")
    back = dataclasses.replace(bomber_, plane=dataclasses.replace(bomber_.plane, hex=Hex(0, 2)))
    far = dataclasses.replace(state, planes=(back, state.plane("Raider")))
    with pytest.raises(FireOrderError, match="range 1"):
        _fire(far, "harpoon at Gold")


@pytest.mark.rule("F.rocket.harpoon")
def test_bad_cargo_set_ups_are_refused_by_name():
    with pytest.raises(RefereeError, match="a building is no cargo"):
        MapObject("Barn", "building", (Hex(0, 0),), aboard="Pegasus")
    with pytest.raises(RefereeError, match="cargo takes one"):
        MapObject("Gold", "small-object", (Hex(0, 0), Hex(-1, 0)), aboard="Pegasus")
    with pytest.raises(RefereeError, match="towed by Ace"):
        MapObject("Gold", "small-object", (Hex(0, 0),), aboard="Pegasus", towed_by="Ace")
    with pytest.raises(RefereeError, match=r"aboard 'Hindenburg', but the zeppelins are \['Pegasus'\]"):
        _beside_the_ship([dataclasses.replace(GOLD, aboard="Hindenburg")])
    with pytest.raises(RefereeError, match="not one of its gas cells' hexes"):
        _beside_the_ship([dataclasses.replace(GOLD, hexes=(Hex(5, 5),))])
    with pytest.raises(RefereeError, match="both called 'Pegasus'"):
        _beside_the_ship([GOLD, MapObject("Pegasus", "building", (Hex(6, 6),))])


@pytest.mark.rule("F.rocket.harpoon")
def test_cargo_round_trips_through_a_saved_game_and_a_set_up_without_cargo_keeps_its_text():
    ship = RefZeppelin("Pegasus", "Bob", Hex(0, 0), Facing.C)
    setup = setup_of([bomber(Hex(0, 1)), fighter()], max_turns=3, zeppelins=[ship], objects=[GOLD, DEPOT])
    assert setup["objects"][0]["aboard"] == "Pegasus" and "aboard" not in setup["objects"][1]
    game = new_game("fasa", seed=5, setup=setup)
    plots = [a for a in game.legal_actions() if str(a).startswith("plot Bomber")]
    assert plots and "plot Bomber 1SA" not in map(str, plots)  # straight ahead runs into the hull
    game = game.play(str(plots[0]), "plot Raider 1SA", "move")
    assert game.state.game.thing("Gold").aboard == "Pegasus"
    assert type(game).from_json(game.to_json()).transcript() == game.transcript()
    assert game.observation("Bob")["state"]["objects"][0]["aboard"] == "Pegasus"
    bad = dict(setup, objects=[dict(setup["objects"][0], aboard=7)])
    with pytest.raises(CsPanelError, match="aboard"):
        new_game("fasa", seed=5, setup=bad)
