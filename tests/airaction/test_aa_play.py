"""Air Action through the game protocol (``cs_panel.airaction.play``): secret plans, the table's
resolve, fair undo, refusals that name their rule, the notation, the legal list and the score."""

from __future__ import annotations

import itertools
import json

import pytest

from cs_panel.airaction.navigation import nav_cards
from cs_panel.airaction.play import Disengage, Plan, Resolve, demo_setup, parse_action
from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game, IllegalActionError, UndoRefusedError, UnknownActionError
from cs_panel.games import new_game

FIGHTER, STEELE, TWO_SEATER, CRAWFORD = (
    "Ann:sample-fighter", "Ann:charlie-steele-plane", "Bob:sample-two-seater", "Bob:loyle-crawford-plane")
CRUISE_ALL = (f"plan {FIGHTER} 0 cruise", f"plan {STEELE} 0 cruise", f"plan {TWO_SEATER} 0 cruise",
              f"plan {CRAWFORD} 0 cruise")


def game(seed: int = 3, **changes) -> Game:
    return new_game("airaction", seed=seed, setup={**demo_setup(), **changes})


# -- secrecy and the resolve -------------------------------------------------------------------

@pytest.mark.rule("A.nav.deck")
@pytest.mark.rule("A.initiative")
def test_a_plan_is_secret_from_the_other_player_until_the_turn_is_resolved():
    g = game().play(f"plan {FIGHTER} +1 turn left front {TWO_SEATER}", f"plan {TWO_SEATER} 0 glide right")
    ann, bob = g.observation("Ann"), g.observation("Bob")
    assert ann["log"] == [f"plan {FIGHTER} +1 turn left front {TWO_SEATER}", f"plan {TWO_SEATER} (secret)"]
    assert bob["log"] == [f"plan {FIGHTER} (secret)", f"plan {TWO_SEATER} 0 glide right"]
    assert ann["state"]["plans"] == {FIGHTER: f"plan {FIGHTER} +1 turn left front {TWO_SEATER}", TWO_SEATER: "secret"}
    assert bob["state"]["plans"] == {FIGHTER: "secret", TWO_SEATER: f"plan {TWO_SEATER} 0 glide right"}
    text = json.dumps(bob)
    assert "turn left" not in text and "+1" not in text  # nothing of Ann's plan leaks to Bob
    # the plans are the players' own: both still wait, each for his other plane
    assert g.waiting_for == ("Ann", "Bob")
    g = g.play(f"plan {STEELE} 0 cruise", f"plan {CRAWFORD} 0 cruise", "resolve")
    assert g.log[-1].revealed and g.log[-1].rolled
    # the log keeps its masks (the protocol's way), and the state shows the turn's plans to all now
    seen = g.observation("Bob")["state"]
    assert seen["plans"] == {}
    assert seen["last_turn_plans"][FIGHTER] == f"plan {FIGHTER} +1 turn left front {TWO_SEATER}"
    assert len(seen["last_turn_plans"]) == 4
    assert g.observation("Bob")["state"]["turn"] == 2


@pytest.mark.rule("A.order")
def test_the_table_resolves_only_once_every_flying_plane_has_its_plan():
    g = game().play(*CRUISE_ALL[:3])
    assert g.waiting_for == ("Bob",)
    assert all(isinstance(a, Plan) and a.plane == CRAWFORD for a in g.legal_actions())
    with pytest.raises(IllegalActionError, match="waits for the plans of Bob") as e:
        g.apply("resolve")
    assert e.value.rule_id == "A.order"
    g = g.apply(CRUISE_ALL[3])
    assert g.waiting_for == () and g.legal_actions() == [Resolve()]
    assert g.legal_actions("Ann") == [] and g.legal_actions("") == [Resolve()]


@pytest.mark.rule("A.initiative")
@pytest.mark.rule("A.nav.deck")
def test_undo_takes_back_a_plan_but_never_the_resolve():
    g = game().play(*CRUISE_ALL)
    back = g.undo()
    assert back.waiting_for == ("Bob",) and len(back.log) == 3  # a plan rolled nothing and showed nothing
    g = g.apply("resolve")
    with pytest.raises(UndoRefusedError, match="crosses a die roll"):
        g.undo()
    g2 = g.apply(f"plan {FIGHTER} 0 cruise")
    assert g2.undo() == g  # the next turn's plans undo again, down to the resolve
    with pytest.raises(UndoRefusedError):
        g2.undo().undo()


# -- refusals -------------------------------------------------------------------------------------

@pytest.mark.rule("A.throttle")
@pytest.mark.rule("A.nav.deck")
@pytest.mark.rule("A.nav.paths")
@pytest.mark.rule("A.combat.shot")
@pytest.mark.rule("A.combat.rear-gunner")
@pytest.mark.parametrize("before, bad, rule", [
    ((), f"plan {FIGHTER} +3 cruise", "A.throttle"),
    ((), f"plan {FIGHTER} -2 half-loop", "A.nav.deck"),  # a failed check leaves 5, a success 3: too slow for 4
    ((), f"plan {FIGHTER} 0 loop-the-loop", "A.nav.deck"),
    ((f"plan {FIGHTER} 0 half-loop",), f"plan {STEELE} 0 half-loop", "A.nav.deck"),  # one Half Loop a deck
    ((f"plan {FIGHTER} +2 half-loop",), f"plan {STEELE} 0 half-loop", "A.nav.deck"),  # the check may fail: both at 5
    ((), f"plan {FIGHTER} 0 turn", "A.nav.paths"),
    ((), f"plan {FIGHTER} 0 cruise left", "A.nav.paths"),
    ((), f"plan {FIGHTER} 0 cruise straight", "A.nav.paths"),  # one path: no orientation to give
    ((), f"plan {FIGHTER} 0 cruise front {STEELE}", "A.combat.shot"),
    ((), f"plan {FIGHTER} 0 cruise rear {TWO_SEATER}", "A.combat.rear-gunner"),
    ((f"plan {FIGHTER} 0 cruise",), f"plan {FIGHTER} 0 glide left", "A.order"),
    ((), "plan Zed:plane 0 cruise", "A.order"),
])
def test_a_refused_plan_names_the_rule_it_breaks(before, bad, rule):
    g = game().play(*before)
    text = g.to_json()
    with pytest.raises(IllegalActionError) as e:
        g.apply(bad)
    assert e.value.rule_id == rule and rule in str(e.value)
    assert g.to_json() == text  # the game did not change
    assert bad not in {str(a) for a in g.legal_actions()}


@pytest.mark.rule("A.disengage")
def test_disengaging_is_announced_before_the_plans_and_limits_them():
    g = game()
    assert Disengage("Ann") in g.legal_actions("Ann")
    planned = g.apply(f"plan {FIGHTER} 0 cruise")
    assert Disengage("Ann") not in planned.legal_actions("Ann")
    with pytest.raises(IllegalActionError, match="before the plans") as e:
        planned.apply("disengage Ann")
    assert e.value.rule_id == "A.disengage"
    g = g.apply("disengage Ann")
    assert not g.log[-1].rolled and g.undo().log == ()
    cards = {a.card for a in g.legal_actions("Ann") if isinstance(a, Plan)}
    assert cards == {"cruise", "glide"}
    assert all(a.targets == () for a in g.legal_actions("Ann") if isinstance(a, Plan))
    with pytest.raises(IllegalActionError) as e:
        g.apply(f"plan {FIGHTER} 0 turn left")
    assert e.value.rule_id == "A.disengage"
    with pytest.raises(IllegalActionError, match="already"):
        g.apply("disengage Ann")


# -- notation and the legal list ---------------------------------------------------------------

@pytest.mark.rule("A.nav.paths")
@pytest.mark.rule("A.throttle")
def test_notation_round_trips():
    g = game()
    for a in g.legal_actions():
        assert parse_action(str(a)) == a and g.parse(str(a)) == a
    for text in (f"plan {TWO_SEATER} -1 glide left front {FIGHTER} rear {STEELE}", f"plan {FIGHTER} +2 half-loop",
                 f"plan {CRAWFORD} 0 cruise rear {STEELE}", "disengage Bob", "resolve"):
        assert str(parse_action(text)) == text
    assert parse_action(f"  plan {FIGHTER}   0 cruise ") == Plan(FIGHTER, 0, "cruise")
    assert Plan(FIGHTER, 1, "turn", "left", (("front", TWO_SEATER),)).masked() == f"plan {FIGHTER} (secret)"
    for bad in ("fly away", f"plan {FIGHTER} cruise", f"plan {FIGHTER} 0 turn upward", f"plan {FIGHTER} 12 cruise",
                f"plan {FIGHTER} 0 cruise rear {TWO_SEATER} front {CRAWFORD}", ""):
        with pytest.raises(UnknownActionError):
            g.parse(bad)


@pytest.mark.rule("A.throttle")
@pytest.mark.rule("A.nav.deck")
@pytest.mark.rule("A.nav.paths")
@pytest.mark.rule("A.combat.shot")
def test_the_legal_list_holds_exactly_the_plans_the_rules_accept():
    # every combination of clicks, card, orientation and targets (including impossible ones) for
    # Bob's two-seater, after Bob's other plane took the deck's one Snap Roll: listed iff accepted
    g = game().apply(f"plan {CRAWFORD} 0 snap-roll left")
    listed = {str(a) for a in g.legal_actions("Bob")}
    aims = (None, FIGHTER, STEELE, CRAWFORD)
    tried = accepted = 0
    for clicks, c, o, front, rear in itertools.product(range(-3, 4), [c.id for c in nav_cards()] + ["barrel"],
                                                       (None, "left", "straight", "right"), aims, aims):
        plan = Plan(TWO_SEATER, clicks, c, o, tuple((w, t) for w, t in (("front", front), ("rear", rear)) if t))
        tried += 1
        try:
            g.apply(plan)
        except IllegalActionError:
            assert str(plan) not in listed, plan
        else:
            accepted += 1
            assert str(plan) in listed, plan
    plans = [a for a in g.legal_actions("Bob") if isinstance(a, Plan)]
    assert accepted == len(plans) == len(set(plans)) and tried > accepted > 0
    # Crawford flies at 5 with the Snap Roll: at 4 (no throttle) the deck is whole again; at 5 (one
    # click up) it is taken; two clicks up may fail and leave 4, where it is free again
    assert {a.clicks for a in plans if a.card == "snap-roll"} == {0, 2}
    assert {a.card for a in plans if a.clicks == 0} == {c.id for c in nav_cards()}


# -- the end -------------------------------------------------------------------------------------

@pytest.mark.rule("A.victory")
@pytest.mark.rule("A.end")
def test_a_tie_at_the_time_limit_goes_to_a_d6_roll_off():
    # one turn of Cruise, the squadrons far apart: nobody is hit, both keep 200 points of planes,
    # shot down none and built 200: the tie-breaks leave a tie, and a d6 each decides it
    g = game(seed=5, max_turns=1).play(*CRUISE_ALL, "resolve")
    assert g.is_over and g.legal_actions() == [] and g.waiting_for == ()
    r = g.result
    assert dict(r.scores) == {"Ann": 200.0, "Bob": 200.0}
    lines = g.log[-1].lines
    assert any("the time limit is reached" in line for line in lines)
    rolls = [line for line in lines if "d6 roll-off:" in line]
    assert rolls
    last = dict(part.split() for part in rolls[-1].split("roll-off: ")[1].split(", "))
    assert r.winner == max(last, key=lambda pl: int(last[pl])) and len(set(last.values())) == 2
    assert len(g.log[-1].faces) > 0 and g.log[-1].sides[-1] == 6
    with pytest.raises(IllegalActionError, match="over"):
        g.apply(CRUISE_ALL[0])


@pytest.mark.rule("A.victory")
@pytest.mark.rule("A.move.execute")
def test_a_plane_that_flies_off_the_table_scores_its_points_for_the_opponent():
    # Ann's fighter starts in the south-west corner heading west: its Cruise runs off the table
    setup = demo_setup()
    setup["squadrons"][0]["planes"][0]["at"] = [2, 2, 270]
    g = new_game("airaction", seed=1, setup={**setup, "max_turns": 1}).play(*CRUISE_ALL, "resolve")
    assert g.state.game.plane(FIGHTER).status.value == "removed"
    assert dict(g.result.scores) == {"Ann": 100.0, "Bob": 300.0}  # Steele survives; Bob: 200 survive + 100 removed
    assert g.result.winner == "Bob"
    assert any(line.startswith("[A.victory] Bob: 300 points") for line in g.log[-1].lines)


# -- setup -----------------------------------------------------------------------------------------

@pytest.mark.rule("A.setup")
@pytest.mark.rule("A.squadron")
def test_check_setup_refuses_bad_tables_by_name():
    base = demo_setup()

    def with_plane(**change):
        s = json.loads(json.dumps(base))
        s["squadrons"][0]["planes"][0].update(change)
        return s

    bad = {
        "marker away from the edge": with_plane(at=[14, 12, 0]),
        "marker off the table": with_plane(at=[-3, 2, 0]),
        "unknown figure": with_plane(figure="spitfire"),
        "an Aces figure as a plane": with_plane(figure="ruffian"),
        "speed off the dial": with_plane(speed=11),
        "over the build total": {**base, "build_total": 100},
        "a squadron alone": {**base, "squadrons": base["squadrons"][:1]},
        "unknown field": {**base, "weather": "fog"},
        "a name with a space": {**base, "squadrons": [{**base["squadrons"][0], "player": "Ann Lee"}, base["squadrons"][1]]},
    }
    for name, setup in bad.items():
        with pytest.raises(CsPanelError):
            new_game("airaction", setup=setup)
            pytest.fail(f"{name} was accepted")
    with pytest.raises(CsPanelError, match="3 inches"):
        new_game("airaction", setup=bad["marker away from the edge"])
    assert new_game("airaction").setup == base  # the demo table is the default


@pytest.mark.rule("A.setup")
def test_the_demo_setup_is_the_referees_demo_table():
    from cs_panel.airaction.referee import demo_game

    assert new_game("airaction").state.game == demo_game()
