"""TailingReveal in a real browser: a click on the hex map moves a plane and the verdict follows."""

import pytest
from playwright.sync_api import expect

from layout_checks import settled

from cs_panel.fasa.hexgrid import Hex, HexLayout
from cs_panel.ui.tailing import TailingReveal

# page pixel of a point in the map's data coordinates, through BokehJS's own scales
PIXEL = """([x, y]) => {
  const fig = Bokeh.documents[0].get_model_by_name('tailing_map');
  const view = Bokeh.index.find_one_by_id(fig.id);
  const box = view.el.getBoundingClientRect();
  return [box.left + view.frame.x_scale.compute(x), box.top + view.frame.y_scale.compute(y)];
}"""


def tailing_app():
    import panel as pn
    return pn.Column(TailingReveal())


@pytest.mark.rule("F.tail.position", "F.tail.reveal")
def test_clicking_the_map_moves_the_follower_out_of_the_tail(serve, page):
    page.goto(serve(tailing_app))
    verdict = page.locator(".tail-verdict")
    expect(verdict).to_contain_text("Iverian tails Dukes")  # the rulebook's set-up: Iverian behind Dukes
    page.wait_for_function("() => Bokeh.documents.length > 0 && Bokeh.documents[0].get_model_by_name('tailing_map')")
    # the page laid out and still before the click's pixel is worked out: in a loaded CI run a click
    # aimed while the page was still moving once missed the hex (the verdict never changed)
    settled(page)
    # put the follower beside the leader, off to the right: no longer behind it
    x, y = page.evaluate(PIXEL, list(HexLayout(size=1.0).center(Hex(2, -1))))
    page.mouse.click(x, y)
    expect(page.locator(".in-follower-name input")).to_have_value("Iverian")
    expect(verdict).not_to_contain_text("Iverian tails Dukes", timeout=10_000)
    expect(verdict).to_contain_text("rear arc")
    # the drawing follows too: the follower's counter now sits on the clicked hex
    page.wait_for_function("""([x]) => { const fig = Bokeh.documents[0].get_model_by_name('tailing_map');
        return fig.renderers.some(r => r.data_source.data.x && Math.abs(r.data_source.data.x[0] - x) < 1e-6); }""",
                           arg=[HexLayout(size=1.0).center(Hex(2, -1))[0]], timeout=10_000)
