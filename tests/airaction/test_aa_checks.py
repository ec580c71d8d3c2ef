"""Pilot checks, throttle, redlining and speed effects, activation order, initiative, etiquette."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.airaction.etiquette import Ambiguity
from cs_panel.airaction.order import activation_order, is_active
from cs_panel.airaction.pilot import pilot_check
from cs_panel.airaction.setup import HighRoll, initiative, setup_order
from cs_panel.airaction.speed_effects import gunnery_effects, redline_check, resolve_speed_effects
from cs_panel.airaction.throttle import ThrottleError, plan_throttle
from cs_panel.clix.dial import AIR_ACTION_STATS, RedLineError, SpeedDial, SpeedSquare, build_dial
from cs_panel.clix.figures import figures
from cs_panel.core.dice import Dice, ScriptedDice
from cs_panel.core.errors import RuleInputError

WAYS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


@pytest.mark.rule("A.pilot-check")
@pytest.mark.parametrize("piloting", range(0, 15))
def test_pilot_check_exact_odds(piloting):
    expected = Fraction(sum(w for t, w in WAYS.items() if t >= piloting), 36)
    tn = pilot_check(piloting)
    assert tn.chance == expected
    assert tn.check == "2d6" and tn.terms[0].rule == "A.pilot-check"


@pytest.mark.rule("A.pilot-check")
def test_pilot_check_resolves_with_scripted_dice():
    assert pilot_check(8).resolve(ScriptedDice([3, 5])).success
    assert not pilot_check(8).resolve(ScriptedDice([3, 4])).success
    with pytest.raises(RuleInputError) as e:
        pilot_check("7")
    assert e.value.field == "piloting"


DIAL = SpeedDial((1, 2, 3, 4, 5, 6, 7), position=3)
COMBAT = build_dial(AIR_ACTION_STATS, [(5, 3, 0, 8), (5, 3, 0, 8), None])


@pytest.mark.rule("A.throttle")
def test_one_click_is_safe():
    for k in (-1, 0, 1):
        plan = plan_throttle(DIAL, k)
        assert not plan.needs_check and plan.outcomes() == {f"speed {4 + k}": 1}


@pytest.mark.rule("A.throttle", "A.pilot-check")
def test_two_clicks_need_a_check_and_failure_costs_a_click():
    plan = plan_throttle(DIAL, -2, piloting=8)
    assert plan.check.chance == Fraction(15, 36)
    ok = plan.resolve(ScriptedDice([4, 4]), COMBAT)
    assert ok.speed.speed == 2 and ok.damage.applied == 0
    bad = plan.resolve(ScriptedDice([1, 2]), COMBAT)
    assert bad.speed.speed == 4 and bad.damage.applied == 1 and bad.damage.dial.position == 1


@pytest.mark.rule("A.throttle")
def test_throttle_limits():
    with pytest.raises(ThrottleError) as e:
        plan_throttle(DIAL, 3, piloting=5)
    assert e.value.field == "clicks"
    with pytest.raises(ThrottleError) as e:
        plan_throttle(DIAL, 2)
    assert e.value.field == "piloting"
    with pytest.raises(RedLineError):
        plan_throttle(SpeedDial((1, 2, 3), position=2), 1)
    assert plan_throttle(DIAL, -3, first_turn=True).target.speed == 1


@pytest.mark.rule("A.move.redline", "A.pilot-check")
def test_redline_check_only_above_max_speed():
    assert redline_check(5, 5, 8) is None
    assert redline_check(6, 5, 8).chance == Fraction(15, 36)


@pytest.mark.rule("A.move.redline")
def test_failed_redline_costs_a_click_and_drops_to_max_speed():
    combat = build_dial(AIR_ACTION_STATS, [(5, 3, 0, 8), (4, 3, 0, 8), (3, 1, 0, 9), None])
    sd = SpeedDial((1, 2, 3, 4, 5, 6, 7), position=6)
    held = resolve_speed_effects(sd, combat, ScriptedDice([5, 5]))
    assert held.speed.speed == 7 and held.clicks == 0
    failed = resolve_speed_effects(sd, combat, ScriptedDice([1, 1]))
    # the click lowers max speed to 4, and the speed dial follows the dial as it now reads
    assert failed.clicks == 1 and failed.combat.value("max_speed") == 4 and failed.speed.speed == 4


@pytest.mark.rule("A.move.speed-effects", "A.move.redline")
def test_max_speed_effect_resolves_before_redline():
    f = figures()["sample-fighter"]
    sd = f.speed.set_speed(8)  # red engine strain square at 8; max speed 7 means redlining too
    r = resolve_speed_effects(sd, f.combat, ScriptedDice([1, 2]))
    # the strain check failed: 1 click, speed 7; at 7 the plane is no longer above max speed 7
    assert r.clicks == 1 and r.speed.speed == 7 and len(r.rolls) == 1
    r2 = resolve_speed_effects(sd, f.combat, ScriptedDice([6, 6, 1, 1]))
    # strain passed, then the redline check failed
    assert r2.clicks == 1 and r2.speed.speed == 7 and len(r2.rolls) == 2


@pytest.mark.rule("A.combat.shot", "A.move.speed-effects")
def test_gunnery_effects_are_labelled_terms():
    sd = SpeedDial((1, 2), 1, squares=(SpeedSquare(1, "gunnery", "red"),))
    eff = gunnery_effects(sd)
    assert [t.value for t in eff.dice] == [-1] and [t.value for t in eff.silhouette] == [1]
    assert gunnery_effects(sd.throttle(-1)).dice == ()


@pytest.mark.rule("A.order")
def test_activation_counts_down_from_ten():
    order = activation_order({"a": 3, "b": 10, "c": 3, "d": 0})
    assert order == [(10, ["b"]), (3, ["a", "c"]), (0, ["d"])]
    assert is_active(3, 3) and not is_active(4, 3)
    with pytest.raises(RuleInputError) as e:
        activation_order({"a": 11})
    assert e.value.field == "speed"


@pytest.mark.rule("A.initiative", "A.setup")
def test_initiative_round_and_reroll_odds_are_exact():
    ev = initiative(("Ann", "Bob"))
    assert ev.round_odds() == {"decided": Fraction(575, 648), "2-way tie, reroll": Fraction(73, 648)}
    assert ev.outcomes() == {"Ann": Fraction(1, 2), "Bob": Fraction(1, 2)}
    assert sum(HighRoll(tuple("abcde")).outcomes().values()) == 1


@pytest.mark.rule("A.initiative")
def test_ties_reroll_among_the_tied_only():
    ev = HighRoll(("Ann", "Bob", "Cy"))
    # round 1: 6, 6, 3 -> Ann and Bob tie; round 2 (Ann, Bob): 5 vs 9 -> Bob
    faces = [3, 3, 2, 4, 1, 2, 4, 1, 4, 5]
    assert ev.resolve(ScriptedDice(faces)).outcome == "Bob"
    assert ev.outcome_of(faces) == "Bob"
    with pytest.raises(RuleInputError, match="tie"):
        ev.outcome_of([3, 3, 2, 4, 1, 2])


@pytest.mark.rule("A.initiative")
def test_initiative_simulation_matches_exact_odds():
    ev = HighRoll(("a", "b", "c"))
    dice = Dice(seed=4)
    n = 6000
    wins = {"a": 0, "b": 0, "c": 0}
    for _ in range(n):
        wins[ev.resolve(dice).outcome] += 1
    for p in wins:
        assert abs(wins[p] / n - 1 / 3) < 0.03


@pytest.mark.rule("A.setup")
def test_setup_goes_left_from_first_player():
    assert setup_order(["Ann", "Bob", "Cy"], "Bob") == ["Bob", "Cy", "Ann"]
    with pytest.raises(RuleInputError):
        setup_order(["Ann"], "Zed")


@pytest.mark.rule("A.etiquette.ambiguity")
def test_ambiguity_is_a_coin_flip_on_a_d6():
    ev = Ambiguity("the shot nicks the marker")
    assert ev.outcomes() == {False: Fraction(1, 2), True: Fraction(1, 2)}
    assert ev.resolve(ScriptedDice([4])).success and not ev.resolve(ScriptedDice([3])).success


@pytest.mark.rule("A.pilot-check")
@settings(max_examples=40, deadline=None)
@given(st.integers(2, 12), st.integers(0, 10_000))
def test_pilot_check_simulation_agrees(piloting, seed):
    ev = pilot_check(piloting).event
    d = Dice(seed)
    hits = sum(ev.resolve(d).success for _ in range(800))
    assert abs(hits / 800 - float(ev.chance)) < 0.07
