"""Objects on the FASA referee's map: buildings, trains and small objects, flying through them, and the
weapons aimed at them (bombs, the aerial torpedo, the harpoon), through the referee and the game
protocol (F.collide.object, F.collide.object-btn, F.move.path-objects, F.bomb, F.torpedo,
F.rocket.harpoon; FASA p.24, 27-28, 43-45)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import CsPanelError
from cs_panel.fasa.collisions import avoid_object, objects
from cs_panel.fasa.damage import template_for
from cs_panel.fasa.deployed import bomb_number, deployed_weapons, harpoon_number, lift_number, torpedo_number
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.movement import Capabilities, PlaneState
from cs_panel.fasa.referee import (
    Action, FireOrder, FireOrderError, GameState, MapObject, Phase, Referee, RefereeError, RefPlane, apply,
    bombing_objects, bombing_planes,
)
from cs_panel.games import new_game


def bomber(hex_=Hex(0, 2), facing=Facing.A, speed=2, rockets=("bomb-250", "bomb-100", "torpedo", "harpoon"), **kw):
    return RefPlane("Bomber", "Ann", PlaneState(Capabilities(max_speed=4, port_gs=2, starboard_gs=2, acceleration=2),
                                                speed=speed, hex=hex_, facing=facing, natural_touch=5),
                    base_to_hit=6, dead_eye=6, quick_draw=4, guns=("mg-30", "mg-30"), rockets=rockets, **kw)


def fighter(hex_=Hex(4, -6), facing=Facing.D, **kw):
    return RefPlane("Raider", "Bob", PlaneState(Capabilities(max_speed=4, port_gs=2, starboard_gs=3, acceleration=2),
                                                speed=2, hex=hex_, facing=facing, natural_touch=3),
                    base_to_hit=4, dead_eye=4, quick_draw=3, guns=("mg-30", "mg-30"), **kw)


DEPOT = MapObject("Depot", "building", (Hex(0, -1),), points=40)
CRATE = MapObject("Crate", "small-object", (Hex(0, 1),), points=10)


def in_combat(planes, objs, **orders) -> GameState:
    """The table at the start of a combat phase (nobody moved), each fire order given."""
    ref = Referee.start(1, planes, max_turns=5, objects=objs)
    state = dataclasses.replace(ref.state, phase=Phase.COMBAT)
    for name, order in orders.items():
        state = apply(state, Action("fire", name, order), ScriptedDice([]))
    return state


def combat(state: GameState, faces) -> GameState:
    dice = ScriptedDice(faces)
    after = apply(state, Action("combat"), dice)
    assert dice.remaining == [], f"unused faces {dice.remaining}"
    return after


# -- objects on the map (F.collide.object-btn) ------------------------------------------------------


@pytest.mark.rule("F.collide.object-btn")
def test_an_object_takes_its_number_and_its_provenance_from_the_object_table():
    table = objects()
    for o in bombing_objects():
        assert o.base_number == table[o.kind]["low"] == table[o.kind]["high"]
        assert o.number_provenance == table[o.kind].provenance == "rules"
        assert o.provenance == "sample"  # the demo mission's damage points are invented
    assert [(o.name, o.base_number) for o in bombing_objects()] == [("Depot", 1), ("Train", 3), ("Crate", 7)]
    with pytest.raises(RefereeError, match="unknown object 'castle'") as e:
        MapObject("Keep", "castle", (Hex(0, 0),))
    assert e.value.field == "objects"
    with pytest.raises(RefereeError, match="no single target number"):
        MapObject("Ghost", "plane", (Hex(0, 0),))  # planes are piloted: their own number, not the table's
    with pytest.raises(RefereeError, match="only a train runs"):
        MapObject("Shed", "building", (Hex(0, 0),), track=(Hex(0, -1),), speed=1)
    with pytest.raises(RefereeError, match="provenance"):
        MapObject("Shed", "building", (Hex(0, 0),), provenance="guess")


@pytest.mark.rule("F.collide.object-btn", "F.combat.choice")
def test_objects_and_planes_are_named_apart_and_objects_stand_on_the_map():
    with pytest.raises(RefereeError, match="shared by no other object or plane") as e:
        Referee.start(1, [bomber(), fighter()], objects=[dataclasses.replace(DEPOT, name="Raider")])
    assert e.value.field == "objects"
    with pytest.raises(RefereeError, match="off the fighters map") as e:
        Referee.start(1, [bomber(Hex(0, 5)), fighter(Hex(0, -5))], map_name="fighters",
                      homes={"Ann": "south", "Bob": "north"},
                      objects=[dataclasses.replace(DEPOT, hexes=(Hex(40, 0),))])


@pytest.mark.rule("F.collide.object-btn")
def test_a_set_up_with_objects_plays_through_the_protocol_and_a_plain_set_up_is_unchanged():
    from cs_panel.fasa.play import bombing_setup, demo_setup

    assert "objects" not in demo_setup()  # a game of planes alone keeps its set-up text
    setup = bombing_setup()
    game = new_game("fasa", seed=3, setup=setup)
    assert [o.name for o in game.state.game.objects] == ["Depot", "Train", "Crate"]
    assert json.loads(json.dumps(setup)) == setup
    bad = dict(setup, objects=[dict(setup["objects"][0], kind="castle")])
    with pytest.raises(CsPanelError, match="castle"):
        new_game("fasa", seed=3, setup=bad)


@pytest.mark.rule("F.collide.object-btn")
def test_the_referee_map_draws_each_object_and_says_what_it_is():
    ref = Referee.start(1, bombing_planes(), objects=bombing_objects())
    svg = ref.state.to_svg()
    assert svg.count("class='map-object'") == 4  # depot, two train cars, crate
    assert "class='track'" in svg  # the running train's track ahead
    for o in bombing_objects():
        assert o.name in svg
    assert "Depot (building, base target number 1, 40 of 40 points, at hex 0,-1)" in svg  # the text description
    assert "On the map: Depot" in ref.state.table_html()


# -- flying through objects (F.move.path-objects, F.collide.object) --------------------------------


@pytest.mark.rule("F.move.path-objects", "F.collide.object")
def test_a_path_through_a_building_rolls_to_avoid_it_and_a_failure_destroys_the_plane():
    ref = Referee.start(1, [bomber(Hex(0, 1)), fighter()], objects=[DEPOT])
    ref = ref.plot("Bomber", "2SA").plot("Raider", "1SA")  # Bomber flies through the Depot's hex (0,-1)
    need = avoid_object("building").total
    assert need == 9
    safe = apply(ref.state, Action("move"), ScriptedDice([need]))
    assert "Bomber" in [p.name for p in safe.planes]
    assert any("roll to avoid it" in x and "needs 10 base - 1 building = 9" in x and "avoided" in x for x in safe.report)
    crashed = apply(ref.state, Action("move"), ScriptedDice([need - 1]))
    assert "Bomber" not in [p.name for p in crashed.planes] and "Bomber" in crashed.destroyed
    assert dict(crashed.losses)["Bomber"] == "flew into the Depot (F.collide.object)"
    assert crashed.phase is Phase.OVER  # Ann has no plane left


@pytest.mark.rule("F.move.path-objects")
def test_only_hexes_entered_are_checked_and_a_game_without_objects_rolls_nothing_more():
    # leaving the hex it stands in forces nothing; no object on the path, no die
    ref = Referee.start(1, [bomber(Hex(0, -1)), fighter()], objects=[DEPOT]).plot("Bomber", "2SA").plot("Raider", "1SA")
    assert apply(ref.state, Action("move"), ScriptedDice([])).plane("Bomber").plane.hex == Hex(0, -3)
    plain = Referee.start(1, [bomber(Hex(0, 1)), fighter()]).plot("Bomber", "2SA").plot("Raider", "1SA")
    apply(plain.state, Action("move"), ScriptedDice([]))


@pytest.mark.rule("F.collide.object-btn", "F.torpedo")
def test_a_train_runs_its_track_each_movement_phase_and_stops_at_its_end():
    train = MapObject("Train", "train", (Hex(0, 0), Hex(0, 1)), points=30, track=(Hex(0, -1), Hex(0, -2), Hex(0, -3)),
                      speed=2)
    assert train.moving
    once = train.run()
    assert once.hexes == (Hex(0, -2), Hex(0, -1)) and once.track == (Hex(0, -3),) and once.moving
    twice = once.run()
    assert twice.hexes == (Hex(0, -3), Hex(0, -2)) and not twice.moving and twice.run() == twice
    ref = Referee.start(1, [bomber(Hex(4, 4)), fighter()], objects=[train]).plot("Bomber", "1SA").plot("Raider", "1SA")
    after = apply(ref.state, Action("move"), ScriptedDice([]))
    assert after.thing("Train").hexes == (Hex(0, -2), Hex(0, -1))
    assert "Train runs 2 hex(es) along its track to hex 0,-2" in after.report
