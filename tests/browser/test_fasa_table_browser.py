"""FasaTable in a real browser: type a plot, press Plot, and the referee's next step follows."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui.fasa_table import FasaTable


def table_app():
    import panel as pn
    return pn.Column(FasaTable())


@pytest.mark.rule("F.seq.phases", "F.move.plot")
def test_typing_a_plot_and_pressing_plot_moves_the_game_on(serve, page):
    page.goto(serve(table_app))
    step = page.locator(".fasa-next")
    expect(step).to_contain_text("plots from Ace, Raider")
    box = page.locator(".in-maneuver input")
    # typed and pressed at once, without Enter: the click must not overtake the typed text
    box.fill("3SA")
    page.locator(".fasa-plot button").click()
    expect(step).to_contain_text("plots from Raider", timeout=10_000)
    expect(step).not_to_contain_text("Ace,")
    expect(box).to_have_value("")  # the plot taken is not left on the shared screen
    expect(page.locator(".in-plot-plane select")).to_have_value("Raider")
    # an illegal plot: the reasons beside the maneuver, the text kept, the game where it was
    box.fill("3L0A")
    page.locator(".fasa-plot button").click()
    expect(page.locator(".cs-error-maneuver .cs-error")).to_contain_text("no jinking", timeout=10_000)
    expect(box).to_have_value("3L0A")
    expect(step).to_contain_text("plots from Raider")
