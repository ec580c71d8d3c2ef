"""The AttackOdds component, tested without a browser by setting its parameters."""

import re
from fractions import Fraction
from math import comb

import pytest

from cs_panel.ui.layered_svg import LayeredSvg
from cs_panel.airaction.combat import attack
from cs_panel.airaction.odds_view import MAX_POOL, clicks_applied, parse_faces
from cs_panel.clix.figures import figures
from cs_panel.core.errors import RuleInputError
from cs_panel.ui import AttackOdds
from cs_panel.ui.attack import COLOURS
from cs_panel.core.validate import OutOfBoundsError


def binomial(n, p):
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def bars(ui):
    return {b.x: b.value for b in ui.bars}


@pytest.mark.rule("A.combat.shot")
def test_chart_bars_equal_the_core_distribution():
    ui = AttackOdds()
    core = attack(3, 5).distribution()
    assert ui.attack.distribution() == core == binomial(3, Fraction(1, 3))
    assert bars(ui) == {k: float(p) for k, p in core.items()}
    assert [b.note for b in ui.bars] == ["0 hits: 30% (8/27)", "1 hits: 44% (4/9)", "2 hits: 22% (2/9)", "3 hits: 4% (1/27)"]
    assert ui.at_least_one == Fraction(19, 27) and ui.expected_clicks == 1
    assert "70%" in ui._headline.object and "19/27" in ui._headline.object
    # the drawing shows those bars, each naming its exact chance on hover
    assert ui._chart.object.count("<rect class='cs-bar'") == 4 and "<title>1 hits: 44% (4/9)</title>" in ui._chart.object


@pytest.mark.rule("A.combat.shot", "A.shot-down")
def test_every_combination_of_inputs_charts_the_core_distribution():
    ui = AttackOdds()
    for g in (1, 4):
        for s in (3, 6, 8):
            for pb in (False, True):
                for rb in (False, True):
                    for df in (False, True):
                        ui.param.update(gunnery=g, silhouette=s, point_blank=pb, rear_arc_bonus=rb, defensive_fate=df)
                        core = attack(g, s, point_blank=pb, rear_arc_bonus=rb, defensive_fate=df)
                        assert bars(ui) == {k: float(p) for k, p in core.distribution().items()}
                        assert ui.shoot_down == core.at_least(3)


@pytest.mark.rule("A.combat.shot")
def test_point_blank_lowers_the_silhouette_and_the_cap_holds_at_six():
    ui = AttackOdds(gunnery=3, silhouette=5)
    ui.point_blank = True
    assert ui.attack.silhouette == 4 and ui.at_least_one == 1 - Fraction(1, 2) ** 3
    assert "point-blank (within one marker)" in ui._breakdown.object
    ui.param.update(silhouette=9, point_blank=True)
    assert ui.attack.raw_silhouette == 8 and ui.attack.silhouette == 6
    assert bars(ui) == {k: float(p) for k, p in binomial(3, Fraction(1, 6)).items()}
    assert "capped at 6" in ui._breakdown.object and "capped at 6" in ui._explained.object
    assert "silhouette 6</text>" in ui._chart.top


@pytest.mark.rule("A.combat.rear-arc-bonus")
def test_rear_arc_bonus_adds_one_die_with_its_rule():
    ui = AttackOdds(gunnery=3, silhouette=5)
    ui.rear_arc_bonus = True
    assert ui.attack.dice == 4 and max(b.x for b in ui.bars) == 4
    assert "A.combat.rear-arc-bonus" in ui._breakdown.object
    assert ui.at_least_one == 1 - Fraction(2, 3) ** 4


@pytest.mark.rule("A.combat.rear-gunner")
def test_rear_gunner_fires_with_rear_gunnery_and_no_rear_guns_is_an_error_beside_gunnery():
    two_seater = figures()["sample-two-seater"]
    rear = two_seater.combat.value("rear_gunnery")
    ui = AttackOdds(weapon="rear", gunnery=rear, silhouette=5)
    assert ui.attack.weapon == "rear" and ui.attack.dice == rear
    assert "rear gunnery" in ui._breakdown.object and "A.combat.rear-gunner" in ui._breakdown.object
    ui.gunnery = 0  # a plane with rear gunnery 0 has no rear gunner
    assert ui.attack is None and ui.gunnery == 0
    assert "no rear guns" in ui._errors.message("gunnery") and "A.combat.rear-gunner" in ui._errors.message("gunnery")
    assert ui._errors.message("silhouette") == "" and ui.bars == [] and "cs-bar'" not in ui._chart.object
    assert ui._headline.object == ""
    ui.gunnery = 2
    assert ui.attack is not None and ui._errors.message("gunnery") == ""


@pytest.mark.rule("A.combat.shot")
def test_core_errors_show_beside_their_input_and_keep_it():
    ui = AttackOdds()
    # the inputs' bounds are the rules' limits: a value outside them is refused before it is set
    with pytest.raises(OutOfBoundsError) as e:
        ui.silhouette = 0
    assert e.value.field == "silhouette" and "1-10" in str(e.value) and ui.silhouette == 5 and ui.attack is not None
    ui.silhouette = 4
    with pytest.raises(OutOfBoundsError) as e:
        ui.gunnery = -2
    assert e.value.field == "gunnery" and ui.gunnery == 3 and ui.error == ""
    ui.param.update(gunnery=20, fate_dice=20, offensive_fate=True, rear_arc_bonus=True)  # 41 dice
    assert f"this view stops at {MAX_POOL}" in ui._errors.message("gunnery")
    ui.param.update(gunnery=3, offensive_fate=False, rear_arc_bonus=False)
    assert ui.error == "" and ui.attack.dice == 3


@pytest.mark.rule("A.fate.offense")
def test_offensive_fate_adds_the_aces_fate_value_loyle_crawford():
    loyle = figures()["loyle-crawford-ace"].combat
    ui = AttackOdds(gunnery=loyle.value("attack"), silhouette=5, fate_dice=loyle.value("fate"))
    assert ui.attack.dice == 3  # fate is only counted once the Ace spends it
    ui.offensive_fate = True
    assert ui.attack.dice == 6 and ui.attack.silhouette == 5
    assert "A.fate.offense" in ui._breakdown.object
    assert ui.attack.distribution() == binomial(6, Fraction(1, 3))
    assert bars(ui) == {k: float(p) for k, p in binomial(6, Fraction(1, 3)).items()}
    ui.fate_dice = 0  # a fate of 0 may be spent: no extra dice
    assert ui.attack.dice == 3 and ui.error == ""
    with pytest.raises(OutOfBoundsError):
        ui.fate_dice = -1
    assert ui.fate_dice == 0 and ui.error == ""
    ui.offensive_fate = False  # fate not spent: its value does not matter
    assert ui.attack.dice == 3 and ui._errors.message("fate_dice") == ""


@pytest.mark.rule("A.fate.defense", "A.combat.shot")
def test_charlie_steele_defensive_fate_example_through_the_component():
    """Air Action, Fate: a shot at Charlie's silhouette-4 plane rolls 4, 4, 5, 6; four hits, and
    her fate cancels all but the natural six."""
    plane = figures()["charlie-steele-plane"]
    ui = AttackOdds(gunnery=4, silhouette=plane.silhouette, faces="4, 4, 5, 6")
    assert ui.roll_result.hits == 4
    assert "would be cancelled" in ui._roll.object and "3 of these 4 hits" in ui._roll.object
    assert "light green: a hit defensive fate would cancel" in ui._roll.object
    ui.defensive_fate = True
    assert ui.roll_result.hits == 1 and ui.faces == "4, 4, 5, 6"
    assert ui._roll.object.count("cs-die-gone") == 3 and ui._roll.object.count("cs-die-stays") == 1
    assert "3 hits cancelled, 1 natural six still hit" in ui._roll.object
    assert "1 click on the target" in ui._roll.object
    assert "struck through: a hit the target's fate cancelled" in ui._roll.object


@pytest.mark.rule("A.fate.defense")
def test_defensive_fate_odds_count_only_natural_sixes():
    ui = AttackOdds(gunnery=4, silhouette=3, defensive_fate=True)
    assert bars(ui) == {k: float(p) for k, p in binomial(4, Fraction(1, 6)).items()}
    assert ui.expected_clicks == Fraction(4, 6)
    assert "natural sixes only" in ui._breakdown.object


@pytest.mark.rule("A.shot-down", "A.combat.shot")
def test_shoot_down_chance_and_bars_that_shoot_down():
    ui = AttackOdds(gunnery=4, silhouette=4, clicks_left=2)
    assert ui.shoot_down == attack(4, 4).at_least(2) == Fraction(11, 16)
    assert [b.colour for b in ui.bars] == [COLOURS["bar"]] * 2 + [COLOURS["down"]] * 3
    ui.faces = "6, 6, 6, 1"
    assert "2 clicks on the target's dial and it is <b>shot down</b>" in ui._roll.object
    assert clicks_applied(3, 2) == (2, True)
    ui.clicks_left = 0
    assert ui.attack is None and "at least 1 click" in ui._errors.message("clicks_left")


@pytest.mark.rule("A.combat.shot")
def test_seeded_roll_is_repeatable_and_lands_in_faces():
    a, b = AttackOdds(seed=7), AttackOdds(seed=7)
    rolls_a = [a.roll().faces for _ in range(4)]
    assert rolls_a == [b.roll().faces for _ in range(4)]
    assert a.faces == ", ".join(map(str, rolls_a[-1])) and len(rolls_a[-1]) == 3
    assert a.roll_result.hits == sum(f >= 5 for f in rolls_a[-1])
    a.gunnery = 5  # the Roll button's faces for 3 dice are dropped, not flagged
    assert a.faces == "" and a.roll_result is None and a._face_errors.message("faces") == ""


@pytest.mark.rule("A.combat.shot")
def test_typed_faces_that_do_not_fit_are_flagged_and_kept():
    ui = AttackOdds()
    ui.faces = "4, 4"
    assert ui.roll_result is None and ui.faces == "4, 4"
    assert "this attack rolls 3 dice, got 2 faces" in ui._face_errors.message("faces")
    ui.faces = "1, 2, seven"
    assert "'seven' is not a face" in ui._face_errors.message("faces")
    ui.faces = "1 5 6"
    assert ui.roll_result.hits == 2 and ui._face_errors.message("faces") == ""
    ui.gunnery = 4  # typed faces stay, with the reason they no longer fit
    assert ui.faces == "1 5 6" and "rolls 4 dice, got 3" in ui._face_errors.message("faces")
    with pytest.raises(RuleInputError):
        parse_faces("0")


@pytest.mark.rule("A.combat.shot", "A.combat.rear-gunner", "A.combat.rear-arc-bonus", "A.fate.offense", "A.shot-down")
def test_layout_has_the_shot_inputs_and_they_drive_the_odds():
    import panel as pn

    ui = AttackOdds()
    layout = ui.__panel__()
    assert isinstance(layout, pn.Row) and "cs-attack-odds" in layout.css_classes
    widgets = {w.name: w for w in layout.select(pn.widgets.Widget)}
    for label, value in {
        "Weapon": "front", "Gunnery (attack dice)": 3, "Target silhouette": 5,
        "Point-blank: within one marker (silhouette -1)": False, "Firing from the target's rear arc (+1 die)": False,
        "Firing Ace spends fate (offense)": False, "Firing Ace's fate value": 3, "Clicks before it is shot down": 3,
    }.items():
        assert widgets[label].value == value, label
    assert widgets["Weapon"].options == {"front guns": "front", "rear gunner (rear arc)": "rear"}
    assert isinstance(widgets["Roll the attack dice"], pn.widgets.Button)
    assert isinstance(widgets["Faces rolled (e.g. 4, 4, 5, 6)"], pn.widgets.TextInput)
    assert [d for d in layout.select(LayeredSvg)] == [ui._chart]
    # the widgets are bound to the parameters: point-blank lowers the silhouette, so the odds per die rise
    widgets["Point-blank: within one marker (silhouette -1)"].value = True
    assert ui.point_blank and bars(ui) == {k: float(p) for k, p in binomial(3, Fraction(1, 2)).items()}
    widgets["Gunnery (attack dice)"].value = 4
    assert ui.gunnery == 4 and len(bars(ui)) == 5


@pytest.mark.rule("A.fate.defense")
def test_defensive_fate_needs_the_target_aces_fate_above_zero_shown_beside_its_input():
    from cs_panel.airaction.fate import NoFateError, check_fate_above_zero

    ui = AttackOdds(gunnery=4, silhouette=4, defensive_fate=True, target_fate=2, faces="4, 4, 5, 6")
    assert ui.attack.defensive_fate and ui.roll_result.hits == 1
    ui.target_fate = 0
    assert ui.attack is None and ui.target_fate == 0 and ui.defensive_fate
    assert "defensive fate needs a fate value above 0" in ui._errors.message("target_fate")
    assert ui._errors.message("fate_dice") == "" and ui._errors.message() == ""
    assert ui.roll_result is None and ui.faces == "4, 4, 5, 6"
    with pytest.raises(NoFateError) as e:
        check_fate_above_zero(0, field="target_fate")
    assert e.value.field == "target_fate"
    with pytest.raises(OutOfBoundsError) as e:
        ui.target_fate = -1
    assert e.value.field == "target_fate" and ui.target_fate == 0
    ui.defensive_fate = False  # no defensive fate: the Ace's fate value does not matter
    assert ui.attack is not None and ui._errors.message("target_fate") == "" and ui.roll_result.hits == 4
    ui.param.update(target_fate=1, defensive_fate=True)
    assert ui.error == "" and ui.roll_result.hits == 1


@pytest.mark.rule("A.combat.shot")
def test_the_chart_keeps_its_axes_and_shows_each_pools_hit_counts():
    """A new gunnery value redraws the chart's top layer only (its frame and chance axis stay in
    the browser: issue 14), whose hit counts and bars follow the core's distribution."""
    odds = AttackOdds(gunnery=4)
    head, base = odds._chart.head, odds._chart.base
    for gunnery in (6, 2, 5):
        odds.gunnery = gunnery
        dist = odds.attack.distribution()
        assert odds._chart.head == head and odds._chart.base == base
        assert re.findall(r"text-anchor='middle' font-size='11' fill='[^']*'>(\d+)</text>", odds._chart.top) == [
            str(k) for k in dist]
        assert [b.x for b in odds.bars] == list(dist)
        assert [b.value for b in odds.bars] == [float(p) for p in dist.values()]


def test_the_odds_table_lies_across_so_more_dice_add_columns_not_rows():
    """Issue 14: the exact odds lie across (hits, chance, exact), a column for each number of
    hits, so a new gunnery value changes the table's width inside its box, not its height (a
    change of height resized every box around the breakdown in the browser). The cells are the
    core's distribution, in order."""
    ui = AttackOdds()
    for gunnery in (6, 4, 2):
        ui.gunnery = gunnery
        table = re.search(r"<table class='cs-distribution'>(.*?)</table>", ui._breakdown.object, re.S).group(1)
        rows = re.findall(r"<tr><th>(\w+)</th>(.*?)</tr>", table, re.S)
        assert [name for name, _ in rows] == ["hits", "chance", "exact"]
        dist = ui.attack.distribution()
        cells = [re.findall(r"<td>(.*?)</td>", cols) for _, cols in rows]
        assert cells[0] == [str(k) for k in dist]
        assert cells[2] == [f"{p.numerator}/{p.denominator}" for p in dist.values()]
        assert len(cells[1]) == len(dist) == ui.attack.dice + 1
