"""Dice and chance events: exact odds and resolution come from the same rule."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.dice import D10Check, DicePoolHits, Dice, ScriptedDice, SumAtLeast
from cs_panel.core.errors import RuleInputError


@pytest.mark.rule("F.dice.d10")
@pytest.mark.parametrize("target,chance", [(-5, 9), (0, 9), (1, 9), (2, 9), (3, 8), (5, 6), (9, 2), (10, 1), (11, 1), (25, 1)])
def test_d10_chance_counts_faces_with_automatic_ends(target, chance):
    assert D10Check(target).chance == Fraction(chance, 10)


@pytest.mark.rule("F.dice.d10")
def test_d10_ten_always_succeeds_and_one_always_fails():
    assert D10Check(15).resolve(ScriptedDice([10])).success
    assert not D10Check(-3).resolve(ScriptedDice([1])).success
    assert D10Check(5).resolve(ScriptedDice([5])).success  # equal to the target succeeds
    assert not D10Check(5).resolve(ScriptedDice([4])).success


@pytest.mark.rule("F.dice.d10")
@given(st.integers(-20, 30))
def test_d10_odds_always_between_ten_and_ninety_percent(target):
    assert Fraction(1, 10) <= D10Check(target).chance <= Fraction(9, 10)


@pytest.mark.rule("F.dice.d10")
@given(st.integers(-5, 15), st.integers(-5, 15))
def test_d10_chance_falls_as_target_rises(a, b):
    lo, hi = sorted((a, b))
    assert D10Check(lo).chance >= D10Check(hi).chance


@pytest.mark.rule("A.pilot-check")
def test_two_d6_sum_odds():
    assert SumAtLeast(2).chance == 1
    assert SumAtLeast(7).chance == Fraction(21, 36)
    assert SumAtLeast(12).chance == Fraction(1, 36)
    assert SumAtLeast(13).chance == 0
    assert SumAtLeast(8).resolve(ScriptedDice([3, 5])).success
    assert not SumAtLeast(8).resolve(ScriptedDice([3, 4])).success


@pytest.mark.rule("A.combat.shot")
@given(st.integers(0, 8), st.integers(1, 7))
def test_pool_distribution_sums_to_one_and_matches_enumeration(n, threshold):
    pool = DicePoolHits(n, threshold)
    dist = pool.outcomes()
    assert sum(dist.values()) == 1
    if n <= 4:  # brute force every face combination with the same per-die rule
        assert dist == {k: v for k, v in super(DicePoolHits, pool).outcomes().items()}


@pytest.mark.rule("A.combat.shot")
def test_pool_resolution_counts_dice_at_or_above_threshold():
    roll = DicePoolHits(4, 5).resolve(ScriptedDice([5, 4, 6, 1]))
    assert roll.outcome == 2 and roll.faces == (5, 4, 6, 1)


def test_seeded_dice_repeat_and_log():
    a, b = Dice(7), Dice(7)
    assert [a.d10() for _ in range(20)] == [b.d10() for _ in range(20)]
    assert len(a.log) == 20 and all(s == 10 and 1 <= f <= 10 for s, f in a.log)


def test_scripted_dice_reject_impossible_faces_and_running_out():
    with pytest.raises(RuleInputError, match="cannot show 11"):
        ScriptedDice([11]).d10()
    d = ScriptedDice([3])
    d.d10()
    with pytest.raises(RuleInputError, match="ran out"):
        d.d10()


@pytest.mark.rule("F.dice.d10")
def test_seeded_frequencies_match_exact_odds():
    dice = Dice(2024)
    event = D10Check(6)
    n = 20000
    wins = sum(event.resolve(dice).success for _ in range(n))
    assert abs(wins / n - float(event.chance)) < 0.015
