"""The navigation card explorer in a real browser: change the speed and the card, watch the end
of the move and the drawn markers follow."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui import NavigationCardExplorer


def explorer_app():
    import panel as pn
    return pn.Column(NavigationCardExplorer())




@pytest.mark.rule("A.move.execute", "A.nav.deck")
def test_changing_speed_and_card_moves_the_end(serve, page):
    page.goto(serve(explorer_app))
    end = page.locator(".nav-end")
    expect(end).to_contain_text("Ends on marker 4 at x 20.90 in, y 8.40 in, heading 90")
    markers = page.locator(".nav-table .cs-marker")
    expect(markers).to_have_count(4)
    box = page.locator(".in-speed input")
    box.fill("2")
    box.press("Enter")
    expect(end).to_contain_text("Ends on marker 2 at x 18.39 in, y 6.95 in, heading 30")
    expect(markers).to_have_count(2)
    page.locator(".in-card select").select_option(label="Cruise (speed rating 1)")
    expect(end).to_contain_text("Ends on marker 2 at x 18.00 in, y 7.00 in, heading 0")
    # a click on the table moves the plane there: the x box and the end follow
    box = page.locator(".nav-table rect.cs-nav-table").bounding_box()
    page.mouse.click(box["x"] + 0.3 * box["width"], box["y"] + 0.5 * box["height"])  # 10.8 in across, 18 in up
    expect(page.locator(".in-x input")).not_to_have_value("18")
    x, y = (float(page.locator(f".in-{k} input").input_value()) for k in "xy")
    assert abs(x - 10.8) < 0.2 and abs(y - 18) < 0.2, (x, y)  # where it was clicked, to a pixel
    expect(end).not_to_contain_text("x 18.00 in")


@pytest.mark.rule("A.nav.paths")
def test_the_orientation_buttons_show_the_cards_paths_and_lay_the_one_clicked(serve, page):
    """The orientation buttons are made once and shown or hidden by the card (issue 14): only the
    card's paths show, and a click lays the card the way its button says."""
    page.goto(serve(explorer_app))
    end = page.locator(".nav-end")
    expect(end).to_contain_text("Ends on marker 4 at x 20.90 in, y 8.40 in, heading 90")  # a Turn laid right
    buttons = page.locator(".in-orientation button")
    expect(buttons.filter(has_text="straight")).to_be_hidden()
    expect(buttons.filter(has_text="left")).to_be_visible()
    buttons.filter(has_text="left").click()
    expect(end).to_contain_text("Ends on marker 4 at x 15.10 in, y 8.40 in, heading 270")
    page.locator(".in-card select").select_option(label="Cruise (speed rating 1)")
    expect(end).to_contain_text("Ends on marker 4 at x 18.00 in, y 10.00 in, heading 0")
    expect(buttons.filter(has_text="straight")).to_be_visible()
    expect(buttons.filter(has_text="left")).to_be_hidden()
    expect(buttons.filter(has_text="right")).to_be_hidden()
    box = page.locator(".in-orientation").bounding_box()
    badge = page.locator(".nav-badge")  # the card's name: its box keeps its size too
    expect(badge).to_contain_text("Cruise")
    badge_box = badge.bounding_box()
    page.locator(".in-card select").select_option(label="Turn (speed rating 2)")
    expect(buttons.filter(has_text="right")).to_be_visible()
    assert page.locator(".in-orientation").bounding_box() == box  # the same size: nothing to lay out again
    expect(badge).to_contain_text("Turn")
    assert badge.bounding_box() == badge_box
    buttons.filter(has_text="right").click()
    expect(end).to_contain_text("Ends on marker 4 at x 20.90 in, y 8.40 in, heading 90")
