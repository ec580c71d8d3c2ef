"""The maneuver explorer in a real browser: type a maneuver, click an arrowhead, read the breakdown."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui.maneuver import ManeuverExplorer

READ_MAP = """() => { const f = Bokeh.documents[0].get_model_by_name('maneuver_map');
  const src = f.renderers.map(r => r.data_source).find(s => s.data.maneuver !== undefined);
  return {x0: f.x_range.start, x1: f.x_range.end, y0: f.y_range.start, y1: f.y_range.end,
          w: f.inner_width, h: f.inner_height, maneuver: [...src.data.maneuver],
          hx: [...src.data.x1], hy: [...src.data.y1]} }"""


# Panel handles widget events only once the page has told the server it is ready (document_ready);
# the map takes a moment longer to lay out than a plain form, so wait for BokehJS to go idle.
READY = "() => Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle"


def explorer_app():
    import panel as pn
    return pn.Column(ManeuverExplorer())


@pytest.mark.rule("F.move.plot", "F.move.push-gs", "F.move.push-target")
def test_typed_notation_and_a_click_show_the_breakdown(serve, page):
    page.goto(serve(explorer_app))
    page.wait_for_function(READY)
    breakdown = page.locator(".maneuver-breakdown")
    expect(breakdown).to_contain_text("3L2F: 1 G")
    box = page.locator(".in-maneuver input")
    box.fill("3R0D")
    box.press("Enter")
    expect(breakdown).to_contain_text("4 G over the starboard wing rating 2")
    expect(breakdown.locator(".cs-chance")).to_contain_text("60%")
    # click the 3L3B arrowhead on the canvas: data point -> pixel through the figure's ranges
    m = page.evaluate(READ_MAP)
    i = m["maneuver"].index("3L3B")
    canvas = page.locator(".maneuver-map canvas").first.bounding_box()
    px = canvas["x"] + (m["hx"][i] - m["x0"]) / (m["x1"] - m["x0"]) * m["w"]
    py = canvas["y"] + (m["y1"] - m["hy"][i]) / (m["y1"] - m["y0"]) * m["h"]
    page.mouse.click(px, py)
    expect(breakdown).to_contain_text("3L3B: 4 G, restricted")
    expect(page.locator(".in-maneuver input")).to_have_value("3L3B")


@pytest.mark.rule("F.move.plot")
def test_bad_notation_is_shown_beside_the_input_and_kept(serve, page):
    page.goto(serve(explorer_app))
    page.wait_for_function(READY)
    box = page.locator(".in-maneuver input")
    box.fill("3Q2F")
    box.press("Enter")
    expect(page.locator(".cs-error-maneuver .cs-error")).to_contain_text("cannot read '3Q2F' as a maneuver")
    expect(box).to_have_value("3Q2F")
    expect(page.locator(".maneuver-breakdown")).to_contain_text("No breakdown")
