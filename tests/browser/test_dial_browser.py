"""The clix dial in a real browser: click the combat dial forward and back, watch the stat slot."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui import ClixDial


def dial_app():
    import panel as pn
    return pn.Column(ClixDial())


@pytest.mark.rule("A.base.values", "A.shot-down")
def test_clicking_forward_and_back_changes_the_stat_slot(serve, page):
    page.goto(serve(dial_app))
    slot = page.locator(".dial-slot .slot-text")
    piloting = page.locator(".dial-svg text.cs-slot-value[data-stat='piloting']")
    expect(slot).to_have_text("click 0: maximum speed 7, front gunnery 4 [red], rear gunnery 0, piloting 6")
    expect(piloting).to_have_text("6")
    # the teaching strip marks the slot's column: one cell a stat, the click's values
    marked = page.locator(".dial-strip table.cs-strip td.cs-slot")
    expect(marked).to_have_text(["7", "4", "0", "6"])
    page.locator(".dial-forward button").click()
    expect(slot).to_have_text("click 1: maximum speed 7, front gunnery 3 [red], rear gunnery 0, piloting 7")
    expect(piloting).to_have_text("7")
    expect(marked).to_have_text(["7", "3", "0", "7"])
    page.locator(".dial-back button").click()
    expect(slot).to_contain_text("click 0:")
    expect(marked).to_have_text(["7", "4", "0", "6"])
    page.locator(".dial-back button").click()  # refused: the start is as far back as the dial goes
    expect(page.locator(".cs-error-clicks .cs-error")).to_contain_text("would pass the starting position")
    expect(slot).to_contain_text("click 0:")


def test_a_click_turns_the_drawn_ring_and_renames_the_drawing_in_place(serve, page):
    """The dial is drawn in layers (cs_panel/ui/layered_svg.py): a click turns the ring and sets the
    slot, the drawing's name and its title follow the click, and the ring itself (its <defs>) is
    the same element as before: not sent or built again."""
    page.goto(serve(dial_app))
    svg = page.locator(".dial-svg svg.cs-dial-svg")
    expect(svg).to_have_attribute("aria-label", "combat dial at click 0")
    svg.evaluate("el => { window.__ring = el.querySelector('defs') }")
    turn = page.locator(".dial-svg g.cs-dial-turn")
    expect(turn).to_have_attribute("transform", "rotate(0.00 130.0 130.0)")  # click 0 at the top
    page.locator(".dial-forward button").click()
    expect(svg).to_have_attribute("aria-label", "combat dial at click 1")
    expect(page.locator(".dial-svg svg.cs-dial-svg > title")).to_have_text("combat dial at click 1")
    expect(turn).to_have_attribute("transform", "rotate(-30.00 130.0 130.0)")  # one of 12 places round
    assert svg.evaluate("el => !!window.__ring && el.querySelector('defs') === window.__ring")
    assert page.locator(".dial-svg svg.cs-dial-svg").count() == 1
