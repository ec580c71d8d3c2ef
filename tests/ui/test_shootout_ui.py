"""The Bar-rooms ShootoutCalculator, tested without a browser by setting its parameters."""

from fractions import Fraction

import panel as pn
import pytest

from cs_panel.ui import ShootoutCalculator
from cs_panel.core.validate import OutOfBoundsError


@pytest.mark.rule("B.fire.target", "B.fire.rate")
def test_default_shot_is_explained_with_its_terms_and_odds():
    calc = ShootoutCalculator()
    # a person at 4 hexes, Deadeye 5, three shots of a Colt 1911: 5 + 4 - 5 + 2 = 6
    assert calc.result.total == 6 and [t.value for t in calc.result.terms] == [5, 4, -5, 2]
    assert calc.hit_chance == Fraction(1, 2)
    assert "B.fire.rate" in calc._breakdown.object and "50%" in calc._summary.object


@pytest.mark.rule("B.fire.rate", "B.weapons")
def test_full_auto_from_a_pistol_is_named_beside_its_box_and_kept():
    calc = ShootoutCalculator()
    calc.full_auto = True
    assert calc.result is None and calc.full_auto is True
    assert "full auto" in calc._errors.message("full_auto")
    assert calc.bars == [] and "cs-bar'" not in calc._chart.object  # the chart waits for the input too
    calc.weapon = "thompson"  # a gun that fires bursts may
    assert calc.result is not None and calc._errors.message("full_auto") == ""
    calc.range_hexes = 20
    assert calc.result.terms[1].value == 10  # full auto counts half the range past 10


@pytest.mark.rule("B.cover")
def test_cover_adds_to_the_number_and_a_cover_roll_multiplies_the_odds():
    calc = ShootoutCalculator()
    calc.cover = "hiding"
    assert calc.result.total == 6 + 3
    assert calc.cover_roll.cover == 5 and calc.cover_roll.armour == 2
    assert calc.hit_chance == calc.result.chance * calc.cover_roll.chance
    assert "past the cover" in calc._cover_pane.object
    before = calc.cover_value
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        calc.cover_value = 11
    assert refused.value.field == "cover_value" and calc.cover_value == before
    calc.cover_value = 3
    assert calc.cover_roll.cover == 3


@pytest.mark.rule("B.cover", "B.weapons")
def test_without_a_weapon_the_cover_roll_waits_for_one():
    calc = ShootoutCalculator(weapon="none", cover="firing")
    assert calc.cover_roll is None and calc.hit_chance is None
    assert "Choose a weapon" in calc._cover_pane.object


@pytest.mark.rule("B.move.gait", "B.shock")
def test_moving_and_shock_raise_the_number_and_lower_the_chart():
    calc = ShootoutCalculator()
    before = [b.value for b in calc.bars]
    calc.param.update(shooter_gait="running", shooter_shock=1)
    assert calc.result.total == 6 + 2 + 1
    after = [b.value for b in calc.bars]
    assert all(a <= b for a, b in zip(after, before)) and after != before


@pytest.mark.rule("B.weapons")
def test_the_chart_marks_ranges_beyond_the_weapons_reach():
    calc = ShootoutCalculator()
    assert calc.bars[calc.range_hexes - 1].colour == "#c53030"  # the chosen range is highlighted
    assert [b.x for b in calc.bars] == list(range(1, 21))
    assert [b.x for b in calc.bars if b.crossed] == []  # a pistol has no longest range in the text
    calc.weapon = "bow"  # a bow carries 10 hexes, but looses one arrow a turn
    assert "at most once a turn" in calc._errors.message("shots") and calc.shots == 3
    calc.shots = 1
    out = [b.x for b in calc.bars if b.crossed]
    assert out == list(range(11, 21)) and all(calc.bars[r - 1].value == 0.0 for r in out)
    assert all(b.note.startswith(f"range {b.x}: out of reach") for b in calc.bars if b.crossed)
    assert calc._chart.object.count("class='cs-bar-cross'") == 10  # drawn as crosses at their feet


@pytest.mark.rule("B.shock")
def test_shock_check_follows_steady_mind_and_names_a_bad_one():
    calc = ShootoutCalculator(steady_mind=4)
    assert calc.shock is not None and calc.shock_error == ""
    before = calc.steady_mind
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        calc.steady_mind = 12
    assert refused.value.field == "steady_mind" and calc.steady_mind == before


@pytest.mark.rule("B.hitloc")
def test_hit_location_table_lists_every_location_with_its_odds():
    from cs_panel.barrooms.firing import HIT_LOCATIONS, HitLocation
    odds = HitLocation().outcomes()
    assert sum(odds.values()) == 1
    pane = ShootoutCalculator()._location_pane.object
    assert "B.hitloc" in pane and all(name in pane for _, _, name in HIT_LOCATIONS)


@pytest.mark.rule("B.fire.target", "B.cover", "B.shock")
def test_layout_has_every_input():
    layout = ShootoutCalculator().__panel__()
    assert isinstance(layout, pn.Row)
    labels = {w.name for w in layout.select(pn.widgets.Widget)}
    for label in ("Target", "Range (hexes)", "Shooter's Deadeye", "Weapon", "Full auto", "Cover value", "Steady Mind"):
        assert label in labels


@pytest.mark.rule("B.hitloc", "B.knife", "B.melee")
def test_each_location_shows_what_a_hit_there_does_on_the_reconstructed_card():
    from cs_panel.barrooms.damage import card_legend
    pane = ShootoutCalculator()._location_pane.object
    assert "located, not marked" not in pane
    assert "cs-badge-reconstructed" in pane and "crossed" in pane and "punch points" in pane
    for row in card_legend():  # every grade of every location, with its effect, is in the table
        assert all(effect in pane for _, _, effect, _ in row["grades"])
    assert pane.count("killed outright") == 1  # only the head kills at once


@pytest.mark.rule("B.hitloc")
def test_the_odds_that_one_hit_drops_a_man_follow_constitution_and_name_a_bad_one():
    calc = ShootoutCalculator(constitution=4)
    assert calc.card_odds["dead"] == Fraction(1, 60) and sum(calc.card_odds.values()) == 1
    assert "dead <b>2%</b>" in calc._card_pane.object and "reconstructed" in calc._card_pane.object
    fresh_down = calc.card_odds["down"]
    calc.constitution = 1  # a hit that shocks him for good lowers his Constitution to 0: down
    assert calc.card_odds["down"] == Fraction(7, 30) and calc.card_odds["dead"] == Fraction(1, 60)
    assert "less lasting shock" in calc._location_pane.object
    calc.constitution = 0  # one wound is already more than his Constitution
    assert calc.card_odds.get("fighting", 0) == 0 and calc.card_odds["down"] > fresh_down
    before = calc.constitution
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        calc.constitution = 11
    assert refused.value.field == "constitution" and calc.constitution == before
    assert "Constitution" in {w.name for w in calc.__panel__().select(pn.widgets.Widget)}


@pytest.mark.rule("B.hitloc", "B.shock")
def test_hits_marked_on_the_card_follow_the_seeded_dice_and_undo():
    from cs_panel.barrooms.damage import DamageCard, HitOnCard
    from cs_panel.core.dice import Dice
    a, b = ShootoutCalculator(seed=3, constitution=4), ShootoutCalculator(seed=3, constitution=4)
    assert a.card == DamageCard(constitution=4) and a.card_hits == []
    fresh_odds = a.card_odds
    for _ in range(3):
        assert a.hit_card() and b.hit_card()
    assert a.card == b.card and len(a.card_hits) == 3
    # the same three rolls made straight on the core's card
    dice, card = Dice(3), DamageCard(constitution=4)
    for _ in range(3):
        card = HitOnCard(card, penetration=2).hit(dice).card  # the default Colt's penetration
    assert a.card == card
    assert a.card_odds == HitOnCard(card, penetration=2).outcomes()  # the odds of one more hit, on this card
    assert sum(fresh_odds.values()) == 1
    assert "card-hits" in a._card_pane.object
    assert a.undo_hit() and len(a.card_hits) == 2 and a.card != card
    a.constitution = 5  # another man: a fresh card
    assert a.card == DamageCard(constitution=5) and a.card_hits == [] and not a.undo_hit()
