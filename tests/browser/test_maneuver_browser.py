"""The maneuver explorer in a real browser: type a maneuver, click an arrowhead, read the breakdown."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui.maneuver import ManeuverExplorer

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
    expect(breakdown).to_contain_text("No push needed.")
    height = breakdown.bounding_box()["height"]
    box = page.locator(".in-maneuver input")
    box.fill("3R0D")
    box.press("Enter")
    expect(breakdown).to_contain_text("4 G over the starboard wing rating 2")
    expect(breakdown.locator(".cs-chance")).to_contain_text("60%")
    # a breakdown with a push keeps the height of one without: the page is not laid out again
    # under the player at each maneuver typed (issue 14; ManeuverExplorer's BREAKDOWN_MIN_HEIGHT)
    assert breakdown.bounding_box()["height"] == height
    # hover the 3L3B arrowhead: its path shows; click it: it is chosen
    head = page.locator(".maneuver-svg g.cs-arrow[data-pick='3L3B'] circle")
    head.hover()
    route = page.locator(".maneuver-svg g.cs-arrow[data-pick='3L3B'] .cs-mv-route")
    expect(route).to_have_css("stroke-opacity", "0.6")
    head.click()
    expect(breakdown).to_contain_text("3L3B: 4 G, restricted")
    expect(page.locator(".in-maneuver input")).to_have_value("3L3B")
    # a pointer's click where the 3R0D arrowhead is drawn chooses it
    box = page.locator(".maneuver-svg g.cs-arrow[data-pick='3R0D'] circle").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator(".in-maneuver input")).to_have_value("3R0D")


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
