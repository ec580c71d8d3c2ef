"""The ToHitCalculator component, tested without a browser by setting its parameters."""

import panel as pn
import pytest

from cs_panel.ui.layered_svg import LayeredSvg
from cs_panel.fasa.tohit import weapons
from cs_panel.ui import ToHitCalculator
from cs_panel.core.validate import OutOfBoundsError


@pytest.mark.rule("F.hit.number", "F.hit.deflection", "F.hit.range")
def test_defaults_show_the_rulebook_example():
    calc = ToHitCalculator()
    assert calc.result.total == 2 and calc.error == ""
    assert "F.hit.deflection" in calc._breakdown.object and "90%" in calc._breakdown.object


@pytest.mark.rule("F.hit.range", "F.hit.weapon-mod")
def test_changing_inputs_changes_breakdown_and_chart():
    calc = ToHitCalculator()
    calc.param.update(range_hexes=4, dead_eye=3, weapon="ap-rocket")
    assert calc.result.total == 4 + 2 + 4 - 3 + 1
    assert "armour-piercing rocket" in calc._breakdown.object
    assert [b.x for b in calc.bars] == [0, 1, 2, 3, 4]
    assert [b.colour == "#c53030" for b in calc.bars] == [False] * 4 + [True]  # the current range is highlighted
    # the drawing: a bar a range, each with its to-hit number and chance on hover, under the weapon's name
    assert calc._chart.object.count("<rect class='cs-bar'") == 5
    assert "<title>range 4: to hit 8, chance 30%</title>" in calc._chart.object
    assert "armour-piercing rocket</text>" in calc._chart.top


@pytest.mark.rule("F.pilot.skills")
def test_bad_skill_shows_beside_its_input_and_keeps_the_value():
    calc = ToHitCalculator()
    before = calc.dead_eye
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        calc.dead_eye = 11
    assert refused.value.field == "dead_eye" and calc.dead_eye == before
    calc.dead_eye = 5
    assert calc.result is not None and calc._errors.message("dead_eye") == ""


@pytest.mark.rule("F.combat.arc")
def test_out_of_range_names_the_weapon_and_keeps_the_chart():
    calc = ToHitCalculator(weapon="mg-70")
    calc.range_hexes = 4
    assert "beyond the .70 machine gun's range of 3" in calc._errors.message("range_hexes")
    assert [b.x for b in calc.bars] == [0, 1, 2, 3]  # the chart still shows ranges 0-3


@pytest.mark.rule("F.dice.d10")
def test_roll_button_uses_seeded_dice():
    a, b = ToHitCalculator(seed=5), ToHitCalculator(seed=5)
    assert [a.roll().faces for _ in range(5)] == [b.roll().faces for _ in range(5)]
    assert a.last_roll.startswith("Rolled")


@pytest.mark.rule("F.weap.mg", "F.hit.weapon-mod")
def test_recovered_weapon_data_is_badged():
    calc = ToHitCalculator(weapon="mg-30")
    assert "cs-badge-recovered" in calc._summary.object
    calc.weapon = "harpoon"
    assert "cs-badge" not in calc._summary.object


@pytest.mark.rule("F.hit.number", "F.hit.deflection", "F.hit.range", "F.hit.weapon-mod", "F.shock", "F.plane.stats")
def test_layout_has_every_input_with_its_value():
    calc = ToHitCalculator()
    layout = calc.__panel__()
    assert isinstance(layout, pn.Row)
    values = {w.name: w.value for w in layout.select(pn.widgets.Widget) if not isinstance(w, pn.widgets.Button)}
    assert values == {
        "Target plane": "custom", "Target base to-hit": 4, "Deflection": "NOSE_TO_NOSE", "Range (hexes)": 2,
        "Dead Eye": 6, "Weapon": "mg-50", "Firer is shocked": False,
    }
    # the selects offer every deflection with its modifier and every weapon with its range
    selects = {w.name: w for w in layout.select(pn.widgets.Select)}
    assert list(selects["Deflection"].options) == [
        "directly behind (+0)", "rear arc, one hexside off centre (+1)", "nose to nose (+2)",
        "front arc, one hexside off centre (+3)"]
    assert ".50 machine gun (range 5)" in selects["Weapon"].options and len(selects["Weapon"].options) == len(weapons())
    assert [b.name for b in layout.select(pn.widgets.Button)] == ["Roll the d10"]
    # the widgets are bound to the parameters: typing in one changes the number
    inputs = {w.name: w for w in layout.select(pn.widgets.IntInput)}
    inputs["Range (hexes)"].value = 4
    assert calc.range_hexes == 4 and calc.result.total == 4 + 2 + 4 - 6
    # the breakdown and the chart are in the layout
    assert any(o is calc._breakdown for o in layout.select()) and [d for d in layout.select(LayeredSvg)] == [calc._chart]
