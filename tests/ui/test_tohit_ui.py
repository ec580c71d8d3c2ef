"""The ToHitCalculator component, tested without a browser by setting its parameters."""

import pytest

from cs_panel.ui import ToHitCalculator


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
    assert calc._source.data["range"] == [0, 1, 2, 3, 4]
    assert calc._source.data["colour"][4] == "#c53030"  # the current range is highlighted


@pytest.mark.rule("F.pilot.skills")
def test_bad_skill_shows_beside_its_input_and_keeps_the_value():
    calc = ToHitCalculator()
    calc.dead_eye = 11
    assert calc.result is None and calc.dead_eye == 11
    assert "Dead Eye 11" in calc._errors.message("dead_eye")
    assert calc._errors.message("range_hexes") == ""
    calc.dead_eye = 5
    assert calc.result is not None and calc._errors.message("dead_eye") == ""


@pytest.mark.rule("F.combat.arc")
def test_out_of_range_names_the_weapon_and_keeps_the_chart():
    calc = ToHitCalculator(weapon="mg-70")
    calc.range_hexes = 4
    assert "beyond the .70 machine gun's range of 3" in calc._errors.message("range_hexes")
    assert len(calc._source.data["chance"]) == 4  # the chart still shows ranges 0-3


@pytest.mark.rule("F.dice.d10")
def test_roll_button_uses_seeded_dice():
    a, b = ToHitCalculator(seed=5), ToHitCalculator(seed=5)
    assert [a.roll().faces for _ in range(5)] == [b.roll().faces for _ in range(5)]
    assert a.last_roll.startswith("Rolled")


def test_recovered_weapon_data_is_badged():
    calc = ToHitCalculator(weapon="mg-30")
    assert "cs-badge-recovered" in calc._summary.object
    calc.weapon = "harpoon"
    assert "cs-badge" not in calc._summary.object


def test_component_renders_as_panel_layout():
    import panel as pn
    layout = ToHitCalculator().__panel__()
    assert isinstance(layout, pn.Row)
