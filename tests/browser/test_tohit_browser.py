"""The to-hit calculator in a real browser: served by Panel, driven by Playwright in chromium."""

import pytest
from playwright.sync_api import expect

from cs_panel.core.explain import percent
from cs_panel.ui import ToHitCalculator


def calculator_app():
    import panel as pn
    return pn.Column(ToHitCalculator())


@pytest.mark.rule("F.hit.number", "F.hit.range")
def test_changing_range_updates_breakdown_and_chance(serve, page):
    page.goto(serve(calculator_app))
    explained = page.locator(".summary .explained")
    expect(explained).to_have_text("4 base to-hit + 2 nose to nose + 2 range 2 hexes - 6 Dead Eye 6 = 2 (90%)")
    box = page.locator(".in-range input")
    box.fill("5")
    box.press("Enter")
    expect(explained).to_have_text("4 base to-hit + 2 nose to nose + 5 range 5 hexes - 6 Dead Eye 6 = 5 (60%)")
    expect(page.locator(".breakdown .cs-chance")).to_contain_text("60%")
    # the chart's highlighted bar moves to range 5
    expect(page.locator(".tohit-chart rect.cs-bar[data-x='5']")).to_have_attribute("fill", "#c53030")
    expect(page.locator(".tohit-chart rect.cs-bar[data-x='2']")).not_to_have_attribute("fill", "#c53030")


@pytest.mark.rule("F.pilot.skills")
def test_a_skill_past_the_rules_limit_stops_at_it(serve, page):
    page.goto(serve(calculator_app))
    box = page.locator(".in-dead-eye input")
    box.fill("11")
    box.press("Enter")
    # the box's bounds are the rules' limits (F.pilot.skills 0-10): 11 never reaches the calculator,
    # which keeps the last legal level, and the refusal shows beside the box
    expect(page.locator(".cs-error-dead_eye .cs-error")).to_contain_text("dead eye 11 must be 0-10")
    expect(page.locator(".summary .explained")).to_contain_text("Dead Eye 6")
    box.fill("4")
    box.press("Enter")
    expect(page.locator(".cs-error-dead_eye .cs-error")).to_have_count(0)
    expect(page.locator(".summary .explained")).to_contain_text("= 4 (70%)")


@pytest.mark.rule("F.hit.range", "F.dice.d10")
def test_roll_right_after_typing_a_range_rolls_against_the_new_number(serve, page):
    # Served, a click that arrives on the heels of a typed change makes Panel run the change outside
    # the document lock; the chart is written through bokeh_writes so the change and the roll both land.
    page.goto(serve(calculator_app))
    page.wait_for_function("() => window.Bokeh !== undefined && Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle",
                           timeout=60_000)
    expect(page.locator(".summary .explained")).to_contain_text("= 2 (90%)", timeout=20_000)
    same = ToHitCalculator()  # the same seeded dice, driven without a browser: what each roll must say
    box, roll, said = page.locator(".in-range input"), page.locator(".roll-button button"), page.locator(".roll p")
    for hexes in (5, 3, 1):
        box.fill(str(hexes))
        box.press("Enter")
        roll.click()  # at once, as a player would
        same.range_hexes = hexes
        same.roll()
        expect(said).to_have_text(same.last_roll, timeout=20_000)
    expect(page.locator(".summary .explained")).to_contain_text(f"= {same.result.total} ({percent(same.result.chance)})")
