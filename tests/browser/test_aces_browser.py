"""AcesSkirmish in a real browser: a click on the map places the active character, and the
attack and reach follow; a bad click is named beside the map input."""

import pytest
from playwright.sync_api import expect

from cs_panel.aces.board import maps
from cs_panel.aces.combat import attack
from cs_panel.ui.aces_board import AcesSkirmish

PIXEL = """([x, y]) => {
  const fig = Bokeh.documents[0].get_model_by_name('aces_map');
  const view = Bokeh.index.find_one_by_id(fig.id);
  const box = view.el.getBoundingClientRect();
  return [box.left + view.frame.x_scale.compute(x), box.top + view.frame.y_scale.compute(y)];
}"""


def click_square(page, square):
    """Click a square's centre at a hand's pace: BokehJS tells a tap from a double tap by
    waiting, so a second click a few milliseconds after the first is not seen as a new tap."""
    x, y = page.evaluate(PIXEL, [square[0], -square[1]])
    page.wait_for_timeout(500)
    page.mouse.move(5, 5)
    page.mouse.move(x, y, steps=8)
    page.mouse.click(x, y)


def aces_app():
    import panel as pn
    return pn.Column(AcesSkirmish())


@pytest.mark.rule("K.ranged", "K.close", "K.move")
def test_clicking_a_square_moves_charlie_next_to_the_ruffian(serve, page):
    page.goto(serve(aces_app))
    pane = page.locator(".aces-attack")
    expect(pane).to_contain_text("Charlie on Ruffian")
    page.wait_for_function("() => Bokeh.documents.length > 0 && Bokeh.documents[0].get_model_by_name('aces_map')")
    # a close attack from afar is refused with its reason
    page.locator(".in-kind button", has_text="close").click()
    expect(pane).to_contain_text("not adjacent")
    # click the square beside the Ruffian: now the close attack is allowed, with the core's dice
    click_square(page, (8, 4))
    app = AcesSkirmish(positions={**AcesSkirmish().positions, "Charlie": (8, 4)}, kind="close")
    want = app.attack_result
    assert want == attack(maps()["airfield-bar"], app.characters()["Charlie"], app.characters()["Ruffian"], "close",
                          app.characters().values())
    expect(pane).to_contain_text("chance to knock Ruffian out", timeout=10_000)
    expect(pane).to_contain_text(f"= {want.dice}")
    # next to an enemy Charlie is held: only her own square until she breaks away
    expect(page.locator(".aces-reach")).to_contain_text("may end its move in 0 other squares")
    # a click on a crate is refused beside the map input, and Charlie stays put
    click_square(page, (11, 2))
    expect(page.locator(".cs-error-square")).to_contain_text("blocking terrain")
    expect(pane).to_contain_text("chance to knock Ruffian out")
    expect(page.locator(".aces-cast")).to_contain_text("(8, 4)")
    # and a free square places her there, clearing the complaint
    click_square(page, (4, 6))
    expect(page.locator(".aces-cast")).to_contain_text("(4, 6)", timeout=10_000)
    expect(page.locator(".cs-error-square")).not_to_contain_text("blocking terrain")
