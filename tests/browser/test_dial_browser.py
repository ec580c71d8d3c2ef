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
    page.locator(".dial-forward button").click()
    expect(slot).to_have_text("click 1: maximum speed 7, front gunnery 3 [red], rear gunnery 0, piloting 7")
    expect(piloting).to_have_text("7")
    page.locator(".dial-back button").click()
    expect(slot).to_contain_text("click 0:")
    page.locator(".dial-back button").click()  # refused: the start is as far back as the dial goes
    expect(page.locator(".cs-error-clicks .cs-error")).to_contain_text("would pass the starting position")
    expect(slot).to_contain_text("click 0:")
