"""Landing (F.land.target, F.land.mishap)."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import SkillOutOfRangeError
from cs_panel.fasa.landing import LandingInputError, LandingRoll, Mishap, landing_check, mishap


@pytest.mark.rule("F.land.target")
def test_every_modifier_of_the_table():
    c = landing_check(natural_touch=2, gear_damaged=True, rudders_damaged=2, off_runway=True, flaps_damaged=True,
                      pilot_wounds=2)
    assert [m.value for m in c.target.terms] == [4, 3, 3, 2, 1, 2, -2]
    assert c.target.total == 13 and not c.automatic
    assert landing_check(5, rudders_damaged=1).target.total == 4 + 2 - 5


@pytest.mark.rule("F.land.target")
def test_automatic_landing_needs_a_low_number_good_touch_and_no_damage():
    assert landing_check(natural_touch=4).automatic          # 4 - 4 = 0
    assert not landing_check(natural_touch=3, off_runway=False).automatic  # 1 > 0
    three = landing_check(natural_touch=3)
    assert three.target.total == 1 and not three.automatic
    skilled = landing_check(natural_touch=9, other_damage=True)
    assert skilled.target.total < 0 and not skilled.automatic and "damaged" in str(skilled)
    assert landing_check(natural_touch=9).odds() == {Mishap.SAFE: 1}
    assert landing_check(natural_touch=9).resolve(ScriptedDice([])) is None


@pytest.mark.rule("F.land.target")
def test_touch_three_or_less_always_rolls_even_at_zero():
    c = landing_check(natural_touch=3, pilot_wounds=0)
    assert "3 or less" in c.why_roll
    # a touch of 3 can never reach 0 without negative modifiers, so check the reason list directly
    c = landing_check(natural_touch=2)
    assert not c.automatic and "Natural Touch 2" in c.why_roll


@pytest.mark.rule("F.land.mishap")
@pytest.mark.parametrize("margin, ground, zeppelin", [
    (0, Mishap.SAFE, Mishap.SAFE), (1, Mishap.GROUND_NOSE_DOWN, Mishap.ZEP_STRUCTURE),
    (2, Mishap.GROUND_NOSE_DOWN, Mishap.ZEP_STRUCTURE), (3, Mishap.GROUND_GRIND, Mishap.ZEP_WINGS),
    (4, Mishap.GROUND_GRIND, Mishap.ZEP_WINGS), (5, Mishap.GROUND_FLIP, Mishap.ZEP_CRASH),
    (12, Mishap.GROUND_FLIP, Mishap.ZEP_CRASH)])
def test_mishap_tables(margin, ground, zeppelin):
    assert mishap(margin) is ground and mishap(margin, zeppelin=True) is zeppelin


@pytest.mark.rule("F.land.mishap", "F.dice.d10")
def test_roll_odds_by_mishap():
    odds = LandingRoll(6).outcomes()
    # faces 1-5 fail by 5, 4, 3, 2, 1; 6-10 land
    assert odds == {Mishap.GROUND_FLIP: Fraction(1, 10), Mishap.GROUND_GRIND: Fraction(2, 10),
                    Mishap.GROUND_NOSE_DOWN: Fraction(2, 10), Mishap.SAFE: Fraction(5, 10)}
    assert LandingRoll(6).chance == Fraction(1, 2)
    # a 1 always fails, but at number 1 it falls short by nothing: the table's 0 row lands safely
    assert LandingRoll(1).outcome_of((1,)) is Mishap.SAFE
    # a 10 always lands, whatever the number
    assert LandingRoll(15, zeppelin=True).outcome_of((10,)) is Mishap.SAFE
    assert LandingRoll(15, zeppelin=True).outcome_of((9,)) is Mishap.ZEP_CRASH


@pytest.mark.rule("F.land.mishap")
def test_resolving_a_landing_with_dice():
    c = landing_check(natural_touch=4, gear_damaged=True, zeppelin=True)
    assert c.target.total == 3
    roll = c.resolve(ScriptedDice([1]))
    assert roll.outcome is Mishap.ZEP_STRUCTURE and roll.outcome.constitution_lost == 0
    assert Mishap.GROUND_FLIP.plane_destroyed and Mishap.GROUND_FLIP.constitution_lost == 2


@pytest.mark.rule("F.land.target", "F.land.mishap")
@given(st.integers(0, 10), st.booleans(), st.integers(0, 2), st.booleans(), st.booleans(), st.integers(0, 3),
       st.booleans())
def test_odds_always_sum_to_one(nt, gear, rudders, off, flaps, wounds, zep):
    c = landing_check(nt, gear, rudders, off, flaps, wounds, zeppelin=zep)
    assert sum(c.odds().values()) == 1


@pytest.mark.rule("F.land.target")
def test_bad_inputs_are_named():
    with pytest.raises(LandingInputError) as e:
        landing_check(5, rudders_damaged=3)
    assert e.value.field == "rudders_damaged"
    with pytest.raises(LandingInputError) as e:
        landing_check(5, pilot_wounds=-1)
    assert e.value.field == "pilot_wounds"
    with pytest.raises(SkillOutOfRangeError) as e:
        landing_check(11)
    assert e.value.field == "natural_touch"
