"""Explained target numbers: terms, totals, odds, text and HTML."""

from fractions import Fraction

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import RuleInputError, UnknownRuleError
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.core.rules import all_rule_ids, rule


def example() -> TargetNumber:
    return TargetNumber((
        Modifier(4, "base", "F.hit.number"),
        Modifier(2, "nose to nose", "F.hit.deflection"),
        Modifier(2, "range", "F.hit.range"),
        Modifier(-6, "Dead Eye", "F.hit.number"),
    ), what="to hit")


@pytest.mark.rule("F.hit.number", "F.dice.d10")
def test_text_reads_like_a_player_says_it():
    assert str(example()) == "4 base + 2 nose to nose + 2 range - 6 Dead Eye = 2 (90%)"
    assert example().total == 2 and example().chance == Fraction(9, 10)


@pytest.mark.rule("F.hit.number")
def test_html_cites_every_rule_and_page():
    page = example()._repr_html_()
    for rid in ("F.hit.number", "F.hit.deflection", "F.hit.range", "F.dice.d10"):
        assert rid in page
    assert "FASA p.35" in page and "90%" in page and "9/10" in page


@pytest.mark.rule("A.pilot-check")
def test_two_d6_check_uses_its_own_odds():
    t = TargetNumber((Modifier(8, "piloting", "A.pilot-check"),), check="2d6")
    assert t.chance == Fraction(15, 36)
    assert t.resolve(ScriptedDice([6, 2])).success


def test_unknown_rule_and_unknown_check_are_named():
    with pytest.raises(UnknownRuleError, match="F.hit.nowhere"):
        Modifier(1, "x", "F.hit.nowhere")
    with pytest.raises(RuleInputError, match="unknown check"):
        TargetNumber((), check="3d8")


def test_rule_index_is_complete_and_cites_pages():
    ids = all_rule_ids()
    assert len(ids) == len(set(ids)) > 150
    assert rule("F.move.random").page == "26"
    assert rule("A.fate.offense").citation == "Air Action"
