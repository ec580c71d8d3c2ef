"""The FASA referee: typed die faces, a game as a log of actions folded into a state, JSON saves."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.state import dumps, loads
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.maneuver import Direction, IllegalManeuverError
from cs_panel.fasa.movement import Capabilities, Outcome, PlaneState, plan
from cs_panel.fasa.random_movement import PORT_LEADING, STARBOARD_LEADING
from cs_panel.fasa.referee import (
    Action, DieFacesError, GameState, Phase, Referee, RefereeError, apply, demo_planes, fold, parse_faces,
    random_movement_faces, resolve_with_faces,
)

#: the demo game of examples/fasa_demo_game.ipynb: (Ace's plot, Raider's plot) for each turn
DEMO_PLOTS = [("3SA", "3SA"), ("3R3B", "2L1E"), ("3L0D", "3SA")]


def demo_game(seed: int = 1937, every_action=None) -> Referee:
    ref = Referee.start(seed, demo_planes())
    steps = []
    for ace, raider in DEMO_PLOTS:
        steps += [lambda r, m=ace: r.plot("Ace", m), lambda r, m=raider: r.plot("Raider", m),
                  Referee.move, Referee.combat, Referee.tailing]
    for step in steps:
        ref = step(ref)
        if every_action:
            every_action(ref)
    return ref


def condor_plan():
    caps = Capabilities(max_speed=4, port_gs=3, starboard_gs=2, acceleration=2)
    return plan(PlaneState(caps, speed=3, natural_touch=3), "3R0D")


# -- typed die faces ----------------------------------------------------------------------------


@pytest.mark.rule("F.dice.d10")
def test_parse_faces_reads_spaces_and_commas_and_names_a_bad_face():
    assert parse_faces("10 9 8") == (10, 9, 8) == parse_faces(" 10,9;8 ")
    assert parse_faces("") == ()
    for bad in ("11", "x", "0", "3.5", "-2"):
        with pytest.raises(DieFacesError) as err:
            parse_faces(f"4 {bad}", field="move_faces")
        assert err.value.field == "move_faces" and "not a face of a d10" in str(err.value)


@pytest.mark.rule("F.move.random", "F.move.push-gs")
def test_condor_with_typed_faces_10_9_8():
    entered = resolve_with_faces(condor_plan(), [3], [10, 9, 8])
    r = entered.result
    assert r.outcome is Outcome.RANDOM and entered.unused == ()
    assert r.end == (Hex(0, 0), Facing.A) and r.fracture_hits == {PORT_LEADING: 6}


@pytest.mark.rule("F.move.push-gs", "F.move.random")
def test_typed_faces_in_the_wrong_box_are_named():
    p = condor_plan()
    with pytest.raises(DieFacesError) as err:
        resolve_with_faces(p, [], [10, 9, 8])  # the 10 would be read as the push roll
    assert err.value.field == "push_faces" and "needs 1 push roll" in str(err.value)
    with pytest.raises(DieFacesError) as err:
        resolve_with_faces(p, [3, 3], [10, 9, 8])
    assert err.value.field == "push_faces" and "at most 1" in str(err.value)
    with pytest.raises(DieFacesError) as err:
        resolve_with_faces(p, [3], [10])
    assert err.value.field == "move_faces" and "needs 3 facing-change rolls" in str(err.value)
    ok = resolve_with_faces(p, [9], [10, 9, 8])
    assert ok.result.outcome is Outcome.AS_PLOTTED and ok.unused == (10, 9, 8)


@pytest.mark.rule("F.move.random")
def test_random_movement_faces_count_the_side_die_of_a_straight_move():
    assert random_movement_faces(3, Direction.R) == 3
    assert random_movement_faces(3, Direction.S) == 4
    assert random_movement_faces(0, Direction.S) == 0


# -- the game as a log ---------------------------------------------------------------------------


@pytest.mark.rule("F.seq.phases", "F.move.resolve", "F.dice.d10")
def test_seeded_three_turn_game_gives_the_same_log_every_time():
    a, b = demo_game(), demo_game()
    assert a.log == b.log and a.state == b.state
    assert len(a.log) == 15 and a.state.phase is Phase.OVER and a.state.turn == 3
    # the faces rolled are part of the log: pinned so a change to the dice or the rules shows up here
    assert [x.faces for x in a.log if x.faces] == [(10, 4, 3, 9, 8), (1, 9, 4), (3, 8, 5, 4)]
    assert demo_game(seed=2).log != a.log


@pytest.mark.rule("F.seq.phases")
def test_save_and_load_after_every_action_gives_the_same_state():
    seen = []

    def check(ref: Referee):
        again = loads(Referee, dumps(ref))
        assert again == ref and again.state == ref.state
        assert loads(GameState, dumps(ref.state)) == ref.state
        seen.append(ref.state.phase)

    demo_game(every_action=check)
    assert len(seen) == 15 and seen[-1] is Phase.OVER


@pytest.mark.rule("F.seq.phases")
def test_state_is_the_fold_of_the_log_without_the_random_generator():
    ref = demo_game()
    assert fold(ref.start_state, ref.log) == ref.state
    # change one logged face and the replay follows the log, not the seed
    log = list(ref.log)
    i = next(i for i, a in enumerate(log) if a.kind == "combat")
    log[i] = dataclasses.replace(log[i], faces=(1, 1, 10, 10, 10))
    changed = fold(ref.start_state, log)
    assert changed.plane("Raider").hits_taken == 0


@pytest.mark.rule("F.move.push-gs", "F.move.random", "F.move.resolve")
def test_demo_game_turn_three_push_fails_into_random_movement_after_the_non_pusher():
    ref = demo_game()
    text = "\n".join(ref.state.history)
    assert text.index("turn 3: Raider: 3SA: as plotted") < text.index("turn 3: Ace pushes the envelope")
    assert "Ace: pushing the Gs: needs 5, rolled 3: failure" in text
    ace = ref.state.plane("Ace")
    assert ace.fracture == ((STARBOARD_LEADING, 4),)
    assert (ace.plane.hex, ace.plane.facing) == (Hex(2, -1), Facing.D)


@pytest.mark.rule("F.combat.arc", "F.hit.number", "F.hit.deflection", "F.combat.order")
def test_shots_are_checked_and_hits_counted_without_damage():
    ref = demo_game()
    first = [x for x in ref.state.history if x.startswith("turn 1: ")]
    assert "turn 1: combat phase: firing order Ace (Quick Draw 5), Raider (Quick Draw 3)" in first
    assert ("turn 1: Ace fires a .50 machine gun at Raider: needs 4 base to-hit + 2 nose to nose + 2 range 2 hexes "
            "- 5 Dead Eye 5 = 3 (80%) -- rolled 10: HIT") in first
    assert "turn 2: Ace cannot fire at Raider: the target is not in the column straight ahead" in ref.state.history
    ace, raider = ref.state.plane("Ace"), ref.state.plane("Raider")
    assert (ace.hits_taken, raider.hits_taken) == (4, 2)
    # no damage: the planes' ratings are what they started with
    assert ace.plane.capabilities == demo_planes()[0].plane.capabilities


@pytest.mark.rule("F.combat.order")
def test_tied_quick_draws_roll_off_and_roll_again_while_still_tied():
    ace, raider = demo_planes()
    raider = dataclasses.replace(raider, quick_draw=ace.quick_draw)  # both Quick Draw 5
    state = fold(Referee.start(1, [ace, raider]).start_state,
                 [Action("plot", "Ace", "3SA"), Action("plot", "Raider", "3SA"), Action("move")])
    # first round 6-6 ties, so both roll again: Ace 2, Raider 9; the rest of the faces go to the guns
    after = apply(state, Action("combat"), ScriptedDice([6, 6, 2, 9] + [1] * 10))
    said = [x for x in after.report if "firing order" in x or "tie broken" in x]
    assert said == ["combat phase: firing order Raider (Quick Draw 5), Ace (Quick Draw 5)",
                    "tie broken on d10s: Ace 6, Raider 6; again: Ace 2, Raider 9 -> Raider, Ace"]
    shots = [x for x in after.report if " fires " in x]
    assert shots[0].startswith("Raider fires")


def _meet(seed: int = 3, planes=None) -> Referee:
    """Ace (0,5) north and Raider (0,-3) south at 4 hexes each: both end in Hex(0, 1)."""
    ref = Referee.start(seed, planes or demo_planes(), max_turns=5)
    for p in ref.state.planes:
        ref = ref.plot(p.name, "4SA")
    return ref.move()


@pytest.mark.rule("F.collide.piloted")
def test_enemies_ending_in_one_hex_choose_numbers_before_combat():
    ref = _meet()
    s = ref.state
    assert s.phase is Phase.COLLIDE and s.waiting_for == ["Ace", "Raider"]
    assert "collision numbers from Ace, Raider" in ref.next_step
    assert "Ace and Raider end in the same hex, Hex(0, 1): collision check" in s.report[-1]
    with pytest.raises(RefereeError, match="cannot fire in the collide phase"):
        ref.combat()
    for bad, words in [(0, "1-10, got '0'"), (11, "1-10, got '11'"), ("seven", "1-10, got 'seven'")]:
        with pytest.raises(RefereeError, match=words) as e:
            ref.pick("Ace", bad)
        assert e.value.field == "number"
    ref = ref.pick("Ace", 3)
    with pytest.raises(RefereeError, match="already chosen"):
        ref.pick("Ace", 4)
    with pytest.raises(RefereeError, match="still waiting for collision numbers from Raider"):
        ref.collide()
    assert ref.transcript()[-1] == "4. pick Ace (secret)"  # the number stays secret in the record
    # different numbers: no collision, and the two fire at each other from inside the hex
    missed = ref.pick("Raider", 8).collide()
    assert missed.state.phase is Phase.COMBAT and missed.state.destroyed == ()
    assert "collision check: numbers Ace 3, Raider 8: no collision" in missed.state.report
    fired = missed.combat().state.report
    assert any("Ace fires" in x and "range 0" in x for x in fired)


@pytest.mark.rule("F.collide.piloted", "F.collide.damage", "F.victory")
def test_matching_numbers_destroy_both_and_nobody_is_left():
    ref = _meet().pick("Ace", 6).pick("Raider", 6).collide()
    s = ref.state
    assert s.planes == () and s.destroyed == ("Ace", "Raider")
    assert "Ace is destroyed in the mid-air collision; its crew must bail out (F.collide.damage, p.28)" in s.report
    assert s.phase is Phase.OVER and s.outcome.startswith("a draw: no side has a plane left")
    assert "Destroyed in collisions: Ace, Raider" in s._repr_html_()
    again = loads(Referee, dumps(ref))
    assert again.state == s


@pytest.mark.rule("F.collide.piloted", "F.victory")
def test_a_pilot_and_his_wingman_never_collide_and_the_survivor_wins():
    ace, raider = demo_planes()
    wing = dataclasses.replace(ace, name="Wing")  # Ann's wingman flies in formation with her
    ref = _meet(planes=[ace, wing, raider])
    assert ref.state.waiting_for == ["Ace", "Wing", "Raider"]
    assert ref.state.shared_hexes[0].pairs == (("Ace", "Raider"), ("Wing", "Raider"))
    ref = ref.pick("Ace", 2).pick("Wing", 2).pick("Raider", 2).collide()
    # Ace and Wing show the same number, but they are a pair: only each against Raider counts
    s = ref.state
    assert s.destroyed == ("Ace", "Raider", "Wing")
    # the pair showing the same number, the enemy another: nobody collides
    formation = _meet(planes=[ace, wing, raider]).pick("Ace", 2).pick("Wing", 2).pick("Raider", 5).collide()
    assert formation.state.destroyed == () and len(formation.state.planes) == 3
    ref2 = _meet(planes=[ace, wing, raider]).pick("Ace", 2).pick("Wing", 5).pick("Raider", 5).collide()
    s2 = ref2.state
    assert s2.destroyed == ("Raider", "Wing") and [p.name for p in s2.planes] == ["Ace"]
    assert s2.phase is Phase.OVER and s2.outcome.startswith("Ann wins")


@pytest.mark.rule("F.collide.piloted")
def test_only_planes_that_must_check_choose():
    ref = _meet()
    with pytest.raises(RefereeError, match="no plane called 'Zed'"):
        ref.pick("Zed", 3)
    calm = Referee.start(3, demo_planes()).plot("Ace", "3SA").plot("Raider", "3SA").move()
    assert calm.state.phase is Phase.COMBAT and calm.state.shared_hexes == ()
    with pytest.raises(RefereeError, match="cannot choose a collision number in the combat phase"):
        calm.pick("Ace", 3)


@pytest.mark.rule("F.tail.position", "F.tail.number", "F.tail.reveal")
def test_tailing_found_at_turn_end_is_revealed_when_the_leader_plots():
    ref = demo_game()
    hist = ref.state.history
    assert "turn 2: tailing phase: Raider tails Ace, tailing number -1: next turn Ace reveals direction only" in hist
    assert "turn 3: Raider tails Ace (tailing number -1): Ace reveals direction: left" in hist


@pytest.mark.rule("F.move.plot", "F.move.no-jink")
def test_illegal_and_out_of_turn_actions_are_refused_and_leave_the_game_unchanged():
    ref = Referee.start(1, demo_planes())
    with pytest.raises(IllegalManeuverError) as err:
        ref.plot("Ace", "3L2F3")
    assert err.value.field == "maneuver"
    with pytest.raises(IllegalManeuverError) as err:
        ref.plot("Ace", "3L0A")  # well written, but a left turn that ends on its own line is a jink
    assert "no jinking" in str(err.value) and [r.rule for r in err.value.reasons] == ["F.move.no-jink"]
    ref2 = ref.plot("Ace", "3SA")
    with pytest.raises(RefereeError, match="already plotted"):
        ref2.plot("Ace", "3SA")
    with pytest.raises(RefereeError, match="still waiting for plots from Raider"):
        ref2.move()
    with pytest.raises(RefereeError, match="cannot fire in the plot phase"):
        ref2.combat()
    with pytest.raises(RefereeError, match="no plane called 'Zed'"):
        ref2.plot("Zed", "3SA")
    assert ref2.log == (Action("plot", "Ace", "3SA"),)
    assert ref2.undo() == ref
    with pytest.raises(RefereeError, match="only a plot"):
        ref2.plot("Raider", "3SA").move().undo()


@pytest.mark.rule("F.shock", "F.move.plot")
def test_a_rules_reason_is_listed_when_a_plot_is_refused():
    ace, raider = demo_planes()
    ace = dataclasses.replace(ace, plane=dataclasses.replace(ace.plane, shocked=True))
    ref = Referee.start(1, [ace, raider])
    with pytest.raises(IllegalManeuverError) as err:
        ref.plot("Ace", "3L2F")
    assert "shocked pilot must fly a straight maneuver" in str(err.value) and err.value.reasons


def test_map_svg_draws_every_plane_and_describes_them():
    ref = demo_game()
    svg = ref.state.to_svg()
    assert svg.startswith("<svg") and svg.count("<text") == 2
    assert "<desc>Ace at Hex(2, -1) facing D; Raider at Hex(4, -2) facing B</desc>" in svg
    html = ref._repr_html_()
    assert "hits taken (counted, no damage)" in html and "game over" in html


def test_unknown_weapon_and_duplicate_names_are_errors():
    ace, raider = demo_planes()
    with pytest.raises(CsPanelError):
        dataclasses.replace(ace, guns=("laser",))
    with pytest.raises(RefereeError, match="share a name"):
        Referee.start(1, [ace, ace])


@pytest.mark.rule("F.move.plot")
def test_each_player_sees_only_their_own_plot_until_movement():
    ref = Referee.start(1, demo_planes()).plot("Ace", "3SA").plot("Raider", "2L1E")
    assert ref.state.plots_seen_by("Ann") == {"Ace": "3SA", "Raider": "secret"}
    assert ref.state.plots_seen_by("Bob") == {"Ace": "secret", "Raider": "2L1E"}
    assert str(ref.log[0]) == "plot Ace (secret)"
    moved = ref.move()
    assert "movement phase: plots revealed: Ace 3SA, Raider 2L1E" in moved.state.report
