"""Objects on the FASA referee's map: buildings, trains and small objects, flying through them, and the
weapons aimed at them (bombs, the aerial torpedo, the harpoon), through the referee and the game
protocol (F.collide.object, F.collide.object-btn, F.move.path-objects, F.bomb, F.torpedo,
F.rocket.harpoon; FASA p.24, 27-28, 43-45)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

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
    seen = game.observation("Bob")["state"]["objects"]
    assert seen[0] == {"name": "Depot", "kind": "building", "hexes": [[0, -1]], "base_number": 1, "points_left": 40,
                       "moving": False, "towed_by": "", "aboard": "", "provenance": "sample"}
    assert "objects" not in new_game("fasa", seed=3).observation("Bob")["state"]
    from cs_panel.setups import setup_from_json, setup_to_json

    assert setup_from_json("fasa", setup_to_json("fasa", setup)) == setup  # a saved set-up keeps its objects
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


@pytest.mark.rule("F.move.path-objects", "F.roe.flee")
def test_a_plane_leaving_the_map_does_not_spare_another_its_roll_through_an_object():
    from cs_panel.fasa.mapsheets import layout

    field = layout("fighters")
    top = Hex(0, 0)
    while top.neighbor(Facing.A) in field:
        top = top.neighbor(Facing.A)
    scout = dataclasses.replace(bomber(top, rockets=()), name="Scout")
    ref = Referee.start(1, [bomber(Hex(0, 1)), scout, fighter(Hex(4, -6))], map_name="fighters",
                        homes={"Ann": "south", "Bob": "north"}, objects=[DEPOT])
    ref = ref.plot("Bomber", "2SA").plot("Scout", "2SA").plot("Raider", "1SA")
    after = apply(ref.state, Action("move"), ScriptedDice([avoid_object("building").total - 1]))
    assert ("Scout", "fled") in after.departed
    assert "Bomber" in after.destroyed and after.phase is Phase.OVER


# -- bombs (F.bomb) ----------------------------------------------------------------------------------


@pytest.mark.rule("F.bomb", "F.weap.loadout")
def test_bombs_at_an_adjacent_hex_use_the_bomb_table_and_a_hit_does_its_hits_in_template_boxes():
    state = in_combat([bomber(Hex(0, 0)), fighter()], [DEPOT], Bomber="bombs at Depot")
    big = bomb_number("bomb-250", 1, dead_eye=6, adjacent=True)
    small = bomb_number("bomb-100", 1, dead_eye=6, adjacent=True)
    assert [t.rule for t in big.terms] == ["F.bomb"] * 4 and "+ 5 dropped on an adjacent hex" in str(big)
    assert f"250 lb bomb (hardpoint 1) needs {big}" in state.report[-1]
    after = combat(state, [big.total, small.total])  # both hit: no scatter die
    w250, w100 = deployed_weapons()["bomb-250"], deployed_weapons()["bomb-100"]
    points = w250["hits"] * template_for("bomb-250").boxes + w100["hits"] * template_for("bomb-100").boxes
    assert after.thing("Depot").damage == min(points, 40) and after.thing("Depot").destroyed == (points >= 40)
    assert after.plane("Bomber").rockets == ("", "", "torpedo", "harpoon")  # each bomb leaves its hardpoints
    # from the depot's own hex the +5 is gone
    over = in_combat([bomber(Hex(0, -1)), fighter()], [DEPOT], Bomber="bomb 2 at Depot")
    assert f"needs {bomb_number('bomb-100', 1, dead_eye=6)}" in over.report[-1]
    assert "adjacent" not in over.report[-1]


@pytest.mark.rule("F.bomb")
def test_a_missed_bomb_scatters_to_the_hex_a_d6_names_and_hits_an_object_there():
    from cs_panel.fasa.deployed import Scatter

    face = 2
    lands = Scatter(DEPOT.hexes[0]).outcome_of([face])
    shed = MapObject("Shed", "building", (lands,), points=10)
    state = in_combat([bomber(Hex(0, 0)), fighter()], [DEPOT, shed], Bomber="bomb 2 at Depot")
    need = bomb_number("bomb-100", 1, dead_eye=6, adjacent=True).total
    after = combat(state, [need - 1, face])
    assert after.thing("Depot").damage == 0
    assert after.thing("Shed").damage == min(10, template_for("bomb-100").boxes) and after.thing("Shed").destroyed
    assert any("the bomb scatters" in x and f"d6 {face}" in x for x in after.report)
    empty = combat(in_combat([bomber(Hex(0, 0)), fighter()], [DEPOT], Bomber="bomb 2 at Depot"), [need - 1, face])
    assert any(x.endswith(": nothing there") for x in empty.report) and empty.thing("Depot").damage == 0


@pytest.mark.rule("F.bomb", "F.combat.choice")
def test_bomb_orders_out_of_reach_or_at_nothing_are_refused_by_name():
    state = in_combat([bomber(Hex(0, 2)), fighter()], [DEPOT])
    with pytest.raises(FireOrderError, match=r"own hex or one next to it, and Depot is 3 hexes away \(F.bomb\)") as e:
        apply(state, Action("fire", "Bomber", "bombs at Depot"), ScriptedDice([]))
    assert e.value.field == "target"
    for order, words in [("bombs at Castle", "no object called 'Castle'"), ("bomb 3 at Depot", "holds a aerial torpedo"),
                         ("bomb 7 at Depot", "no hardpoint 7"), ("bombs, guns at Depot", "F.combat.choice"),
                         ("bombs", "need a target")]:
        with pytest.raises(FireOrderError, match=words):
            apply(state, Action("fire", "Bomber", order), ScriptedDice([]))
    plain = dataclasses.replace(state, objects=())
    with pytest.raises(FireOrderError, match="no object on this map"):
        apply(plain, Action("fire", "Bomber", "bombs at Depot"), ScriptedDice([]))


# -- the aerial torpedo (F.torpedo) ------------------------------------------------------------------


@pytest.mark.rule("F.torpedo")
def test_the_torpedo_counts_the_run_after_release_and_the_straight_hexes_before_and_hits_four_times():
    state = dataclasses.replace(in_combat([bomber(Hex(0, 2)), fighter()], [DEPOT]), straight=(("Bomber", 4),))
    state = apply(state, Action("fire", "Bomber", "torpedo at Depot"), ScriptedDice([]))
    tn = torpedo_number(1, hexes_after_release=3, straight_hexes=4, dead_eye=6)
    assert f"aerial torpedo (hardpoint 3) needs {tn}" in state.report[-1]
    after = combat(state, [tn.total])
    four = 4 * template_for("torpedo").boxes
    assert after.thing("Depot").damage == min(40, four)
    assert any(f"4 x {template_for('torpedo').boxes} points" in x for x in after.report)
    missed = combat(state, [tn.total - 1])
    assert missed.thing("Depot").damage == 0 and "  the torpedo runs wide and is lost (F.torpedo)" in missed.report
    assert missed.plane("Bomber").rockets[2] == ""


@pytest.mark.rule("F.torpedo")
def test_a_moving_train_is_no_torpedo_target_and_one_that_stopped_is():
    train = MapObject("Train", "train", (Hex(0, -1), Hex(0, 0)), points=30, track=(Hex(-1, -1),), speed=1)
    state = in_combat([bomber(Hex(0, 2)), fighter()], [train])
    with pytest.raises(FireOrderError, match=r"moving train: a torpedo is launched only at a target that stands still "
                                             r"\(F.torpedo, FASA p.45\)"):
        apply(state, Action("fire", "Bomber", "torpedo at Train"), ScriptedDice([]))
    stopped = dataclasses.replace(state, objects=(train.run(),))
    assert not stopped.thing("Train").moving
    apply(stopped, Action("fire", "Bomber", "torpedo at Train"), ScriptedDice([]))
    aside = in_combat([bomber(Hex(2, 2)), fighter()], [train.run()])
    with pytest.raises(FireOrderError, match="line of travel"):
        apply(aside, Action("fire", "Bomber", "torpedo at Train"), ScriptedDice([]))


@pytest.mark.rule("F.torpedo")
def test_straight_hexes_add_up_over_straight_turns_and_start_again_after_a_turn():
    ref = Referee.start(4, [bomber(Hex(0, 6)), fighter(Hex(6, -6))], max_turns=5, objects=[DEPOT])
    seen = []
    for plot in ("2SA", "1SA", "2L1F"):
        ref = ref.plot("Bomber", plot).plot("Raider", "1SA").move()
        seen.append(ref.state.straight_of("Bomber"))
        ref = ref.combat().tailing()
    assert seen == [2, 3, 0]


# -- the harpoon (F.rocket.harpoon) -----------------------------------------------------------------


def _lift_faces():
    hit = harpoon_number(7, 1, dead_eye=6).total
    lift = lift_number(7, speed=2, natural_touch=5).total
    return hit, lift


@pytest.mark.rule("F.rocket.harpoon")
def test_a_harpoon_grabs_a_small_object_ahead_and_the_lift_makes_it_a_tow():
    crate = dataclasses.replace(CRATE, hexes=(Hex(0, -1),))
    state = in_combat([bomber(Hex(0, 0)), fighter()], [crate], Bomber="harpoon at Crate")
    hit, lift = _lift_faces()
    assert f"needs {harpoon_number(7, 1, dead_eye=6)}" in state.report[-1]
    towed = combat(state, [hit, lift])
    c = towed.thing("Crate")
    assert c.towed_by == "Bomber" and c.hexes == (Hex(0, 1),)  # hung in the hex behind the plane
    assert towed.plane("Bomber").rockets[3] == ""
    dropped = combat(state, [hit, lift - 1])
    assert dropped.thing("Crate").towed_by == "" and dropped.thing("Crate").hexes == (Hex(0, -1),)
    assert any("dropped, harpoon and cable lost" in x for x in dropped.report)
    missed = combat(state, [hit - 1])
    assert "  the harpoon and its cable are lost (F.rocket.harpoon)" in missed.report
    far = in_combat([bomber(Hex(0, 1)), fighter()], [crate])
    with pytest.raises(FireOrderError, match="range 1"):
        apply(far, Action("fire", "Bomber", "harpoon at Crate"), ScriptedDice([]))
    with pytest.raises(FireOrderError, match="not the building or train itself"):
        apply(in_combat([bomber(Hex(0, 0)), fighter()], [DEPOT]), Action("fire", "Bomber", "harpoon at Depot"),
              ScriptedDice([]))


def _towing(hex_=Hex(0, 0)) -> Referee:
    crate = dataclasses.replace(CRATE, hexes=(hex_.neighbor(Facing.D),), towed_by="Bomber")
    ref = Referee.start(1, [bomber(hex_), fighter(Hex(0, 3), Facing.A)], max_turns=5, objects=[crate])
    return ref


@pytest.mark.rule("F.rocket.harpoon")
def test_a_towing_plane_loses_two_of_top_speed_and_a_two_g_maneuver_snaps_the_cable():
    from cs_panel.fasa.reach import reachable

    ref = _towing()
    with pytest.raises(RefereeError, match=r"top speed is 2 \(2 less, F.rocket.harpoon\)") as e:
        ref.plot("Bomber", "3SA")
    assert e.value.field == "maneuver"
    ok = ref.plot("Bomber", "2SA").plot("Raider", "1SA").move()
    assert ok.state.thing("Crate").towed_by == "Bomber"
    assert ok.state.thing("Crate").hexes == (ok.state.plane("Bomber").plane.hex.neighbor(Facing.D),)
    two_g = next(str(o.maneuver) for o in reachable(ref.state.plane("Bomber").plane, legal_only=True)
                 if o.maneuver.speed <= 2 and (o.gs or 0) >= 2 and not o.maneuver.is_stall)
    snapped = ref.plot("Bomber", two_g).plot("Raider", "1SA").move().state
    b = snapped.plane("Bomber")
    assert snapped.thing("Crate").towed_by == "" and snapped.thing("Crate").hexes == (b.plane.hex.neighbor(b.plane.facing.turn(3)),)
    stress = [x for x in snapped.report if "stress hit on the" in x]
    gs = next(o.gs for o in reachable(ref.state.plane("Bomber").plane, legal_only=True) if str(o.maneuver) == two_g)
    assert len(stress) == 2 * (gs - 1) and any("the cable snaps" in x for x in snapped.report)


@pytest.mark.rule("F.rocket.harpoon", "F.combat.choice")
def test_shots_at_a_towed_object_roll_at_the_tow_then_object_or_cable():
    ref = _towing()
    state = dataclasses.replace(ref.state, phase=Phase.COMBAT)
    state = apply(state, Action("fire", "Bomber", "hold"), ScriptedDice([]))
    state = apply(state, Action("fire", "Raider", "guns at Crate"), ScriptedDice([]))
    assert "at Bomber's tow" in state.report[-1] and "1-6 Crate" in state.report[-1]
    cable = combat(state, [10, 8, 1])  # gun 1 hits, d10 8: the cable; gun 2 misses
    assert cable.thing("Crate").towed_by == "" and any("its cable was shot through" in x for x in cable.report)
    hit = combat(state, [10, 3, 1])  # d10 3: the object
    assert hit.thing("Crate").damage == template_for("mg-30", "AP").boxes and hit.thing("Crate").towed_by == "Bomber"
    assert hit.plane("Bomber").hits_taken == 0  # the plane itself is untouched
    with pytest.raises(FireOrderError, match="Bomber, who flies for Ann too"):
        apply(state, Action("fire", "Bomber", "guns at Crate"), ScriptedDice([]))
    on_ground = in_combat([bomber(Hex(0, 1)), fighter(Hex(0, 3), Facing.A)], [CRATE])
    shot = apply(on_ground, Action("fire", "Raider", "guns at Crate"), ScriptedDice([]))
    assert "on the ground" in shot.report[-1] and "tow" not in shot.report[-1]  # no tow roll (F.hit.number)


@pytest.mark.rule("F.rocket.harpoon")
def test_a_tow_drops_where_it_hung_when_the_towing_plane_is_lost():
    ref = _towing(Hex(0, 1))  # the Depot stands straight ahead
    ref = Referee(1, dataclasses.replace(ref.start_state, objects=ref.start_state.objects + (DEPOT,)))
    ref = ref.plot("Bomber", "2SA").plot("Raider", "1SA")
    crashed = apply(ref.state, Action("move"), ScriptedDice([1]))  # fails the roll to avoid the Depot
    assert "Bomber" in crashed.destroyed
    assert crashed.thing("Crate").towed_by == "" and any("out of the game" in x for x in crashed.report)


# -- notation, legal actions ----------------------------------------------------------------------


@pytest.mark.rule("F.bomb", "F.torpedo", "F.rocket.harpoon", "F.combat.choice")
def test_orders_at_objects_round_trip_and_mixed_orders_are_refused_by_name():
    for text, canonical in [("bomb 1 at Depot", "bomb 1 at Depot"), ("BOMBS at Depot", "bombs at Depot"),
                            ("bomb at Depot", "bombs at Depot"), ("torpedo 3 at Train", "torpedo 3 at Train"),
                            ("bomb 1, bomb 2, torpedo at Depot", "bomb 1, bomb 2, torpedo at Depot"),
                            ("harpoon at Crate", "harpoon at Crate")]:
        order = FireOrder.parse(text)
        assert str(order) == canonical and FireOrder.parse(str(order)) == order
        assert eval(repr(order), {"FireOrder": FireOrder}) == order  # the repr pastes back
    for text, field in [("harpoon, bombs at Depot", "ordnance"), ("rocket 1, bomb 2 at Depot", "ordnance"),
                        ("bombs at hex 0,1", "target"), ("bombs, bomb 1 at Depot", "ordnance"),
                        ("guns, torpedo at Depot", "ordnance")]:
        with pytest.raises(FireOrderError) as e:
            FireOrder.parse(text)
        assert e.value.field == field
    with pytest.raises(FireOrderError, match="ordnance"):
        FireOrder(ordnance=(("mine", 1),))


@pytest.mark.rule("F.bomb", "F.torpedo", "F.rocket.harpoon")
def test_legal_actions_offer_each_weapon_only_at_targets_it_may_be_fired_at():
    from cs_panel.fasa.play import bombing_setup

    game = new_game("fasa", seed=11, setup=bombing_setup())
    game = game.play("plot Bomber 2SA", "plot Raider 1SA", "move")
    orders = [str(a) for a in game.legal_actions() if str(a).startswith("fire Bomber")]
    # the crate is in the hex ahead (range 1) and next to the plane; the depot is down the line of
    # travel, but the crate on the ground stands in the torpedo's way (F.combat.los)
    assert {"fire Bomber harpoon 4 at Crate", "fire Bomber bomb 1 at Crate", "fire Bomber bombs at Crate"} <= set(orders)
    assert "fire Bomber torpedo 3 at Depot" not in orders
    assert not any(" at Train" in o for o in orders)  # the train is moving, and out of bombing reach
    assert not any(o.startswith("fire Bomber bomb") and o.endswith("Depot") for o in orders)  # 3 hexes off
    for a in game.legal_actions():
        assert game.parse(str(a)) == a
        game.apply(a)  # every listed order is accepted
    # over the depot's neighbour: bombs at it, no harpoon at a building; a stopped train in line
    stopped = MapObject("Train", "train", (Hex(0, -3), Hex(0, -2)), points=30)
    gs = in_combat([bomber(Hex(0, 0)), fighter()], [DEPOT, stopped])
    offered = game.rules.fire_orders(gs, gs.plane("Bomber"))
    assert {"bomb 1 at Depot", "bomb 2 at Depot", "bombs at Depot", "torpedo 3 at Depot"} <= set(offered)
    assert "torpedo 3 at Train" not in offered  # the depot stands between (F.combat.los)
    assert not any(o.startswith("harpoon") for o in offered)
    aside = dataclasses.replace(DEPOT, hexes=(Hex(1, -1),))  # still next to the plane, off the line
    gs = in_combat([bomber(Hex(0, 0)), fighter()], [aside, stopped])
    assert {"bombs at Depot", "torpedo 3 at Train"} <= set(game.rules.fire_orders(gs, gs.plane("Bomber")))
    moving = dataclasses.replace(stopped, track=(Hex(0, -4),), speed=1)
    gs = in_combat([bomber(Hex(0, 0)), fighter()], [aside, moving])
    assert "torpedo 3 at Train" not in game.rules.fire_orders(gs, gs.plane("Bomber"))


# -- a bombing run, golden (tests/golden/fasa_bombing.txt) -------------------------------------------

GOLDEN = Path(__file__).parent.parent / "golden" / "fasa_bombing.txt"
#: the bombing run of the demo set-up: a harpoon lifts the crate, bombs fall on the depot (one scatters),
#: a 3 G turn snaps the tow cable, a torpedo runs at the train once it has stopped
BOMBING_SEED = 3
BOMBING_RUN = ("plot Bomber 2SA", "plot Raider 2SA", "move", "fire Bomber harpoon 4 at Crate", "combat", "tailing",
               "plot Bomber 2SA", "plot Raider 2L1E", "move", "fire Bomber bombs at Depot", "combat", "tailing",
               "plot Bomber 1L1F", "plot Raider 1SA", "move", "fire Bomber torpedo 3 at Train", "combat", "tailing")


def bombing_run():
    from cs_panel.fasa.play import bombing_setup

    return new_game("fasa", seed=BOMBING_SEED, setup=bombing_setup()).play(*BOMBING_RUN)


@pytest.mark.rule("F.bomb", "F.torpedo", "F.rocket.harpoon", "F.move.path-objects")
def test_the_bombing_run_replays_its_golden_transcript_exactly():
    from tests.test_games import replay_transcript

    text = GOLDEN.read_text()
    game = replay_transcript(text)
    assert game.transcript() == text == bombing_run().transcript()
    for words in ("LIFTED (F.rocket.harpoon)", "the bomb scatters", "Depot takes the 100 lb bomb",
                  "the cable snaps", "the end of its track: it stands still now", "fire Bomber torpedo 3 at Train"):
        assert words in text
    for k in range(len(game.log) + 1):  # every step of it saves, loads and folds back the same
        step = game.at(k)
        assert type(step).from_json(step.to_json()).transcript() == step.transcript()




@pytest.mark.rule("F.seq.phases", "F.bomb", "F.rocket.harpoon")
@pytest.mark.parametrize("seed", range(6))
def test_random_bombing_runs_never_list_an_action_the_referee_refuses(seed):
    import random

    from cs_panel.core.game import Game
    from cs_panel.fasa.play import bombing_setup

    rng = random.Random(seed)
    game = new_game("fasa", seed=seed, setup=bombing_setup())
    while not game.is_over and len(game.log) < 200:
        legal = game.legal_actions()
        assert legal and not game.rules.invariants(game.state)
        fires = [a for a in legal if str(a).startswith("fire") and not str(a).endswith("hold")]
        game = game.apply(rng.choice(fires if fires and rng.random() < 0.7 else legal))  # prefer firing
    assert Game.from_json(game.to_json()).transcript() == game.transcript()


@pytest.mark.rule("F.bomb", "F.combat.choice")
def test_the_computer_weighs_orders_at_objects_by_expected_points_and_plays_a_bombing_run_to_the_end():
    from cs_panel.bots import choose
    from cs_panel.fasa.play import bombing_setup

    game = new_game("fasa", seed=BOMBING_SEED, setup=bombing_setup()).play(*BOMBING_RUN[:9])  # next to the depot
    pick = choose(game, "Ann", "tactical")
    # the torpedo (straight run of 4, one hex to run) outscores the two bombs: expected points, capped at the 40 left
    assert str(pick.action) == "fire Bomber torpedo 3 at Depot" and pick.why.startswith("40.0 points expected on Depot")
    for seed in range(3):
        game = new_game("fasa", seed=seed, setup=bombing_setup())
        while not game.is_over:
            who = game.waiting_for[0] if game.waiting_for else game.players[0]
            game = game.apply(choose(game, who, "tactical").action)


if __name__ == "__main__":  # regenerate the golden bombing run: python tests/fasa/test_ground.py
    GOLDEN.write_text(bombing_run().transcript())
    print(f"wrote {GOLDEN}")
