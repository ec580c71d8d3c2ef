"""AirActionTable in a real browser: press Play turn and the turn is played and told; Undo takes it back."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui.airaction_table import AirActionTable


def table_app():
    import panel as pn
    return pn.Column(AirActionTable())


@pytest.mark.browser
@pytest.mark.rule("A.order", "A.initiative", "A.move.execute")
def test_play_turn_plays_and_tells_the_turn_and_undo_takes_it_back(serve, page):
    page.goto(serve(table_app))
    status = page.locator(".aa-status")
    expect(status).to_contain_text("Turns played: 0", timeout=20_000)
    page.locator(".aa-play button").click()
    expect(status).to_contain_text("Turns played: 1", timeout=20_000)
    log = page.locator(".aa-log")
    expect(log).to_contain_text("[A.initiative]", timeout=20_000)
    expect(log).to_contain_text("[A.move.execute]")
    page.locator(".aa-undo button").click()
    expect(status).to_contain_text("Turns played: 0", timeout=20_000)
