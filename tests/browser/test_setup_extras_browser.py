"""The "Set up a game" page in a real browser at 1280 pixels: a zeppelin and an object of your own
are added under the FASA planes, a refused bow hex is shown beside its box with the typed text kept,
and the layout holds. Screenshots in artifacts/screenshots/."""

from __future__ import annotations

import pytest
from layout_checks import covered, overflowing, watch
from playwright.sync_api import expect
from test_layout import settle, shoot

from cs_panel.ui.app import create_app

READY = "() => Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle"


def open_fasa_setup(serve, page, shown: str) -> None:
    """The app's set-up page for a FASA game at 1280 pixels, still, once ``shown`` is visible."""
    base = serve(create_app)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{base}/?page=setup&system=fasa")
    expect(page.locator(shown)).to_be_visible(timeout=60_000)
    settle(page)
    page.wait_for_function(READY)


def type_into(page, css: str, text: str) -> None:
    box = page.locator(f".{css} input")
    box.fill(text)
    box.press("Enter")
    page.wait_for_function(READY)


@pytest.mark.rule("F.zep.static", "F.collide.object-btn")
def test_a_zeppelin_and_an_object_are_added_in_the_form_and_a_bad_hex_is_refused_beside_it(serve, page):
    seen = watch(page)
    open_fasa_setup(serve, page, ".add-zeppelin button")
    problems = {}
    type_into(page, "in-zep_bow", "3;4")
    page.locator(".add-zeppelin button").click()
    expect(page.locator(".cs-error-zep_bow")).to_contain_text("q,r", timeout=20_000)
    expect(page.locator(".in-zep_bow input")).to_have_value("3;4")
    page.locator(".cs-fasa-extras").evaluate("el => el.scrollIntoView({block: 'start'})")
    page.mouse.move(0, 0)
    settle(page)  # scrolled and the pointer moved away: wait till the page is still (not a fixed pause)
    found = overflowing(page) + covered(page)
    if found:
        problems["refused"] = found
    shoot(page, "game-setup-1280-fasa-extras-refused")
    type_into(page, "in-zep_bow", "2,-6")
    page.locator(".add-zeppelin button").click()
    listed = page.locator(".cs-setup-list-pane")
    expect(listed).to_contain_text("zeppelin Akron", timeout=20_000)
    expect(page.locator(".cs-error-zep_bow")).to_have_text("")
    type_into(page, "in-obj_hexes", "5,5 6,5")
    page.locator(".add-object button").click()
    expect(listed).to_contain_text("building Depot at 5,5 6,5", timeout=20_000)
    expect(listed.locator(".cs-reconstructed-badge")).to_have_count(1)
    expect(listed.locator(".cs-sample-badge")).to_have_count(1)
    page.mouse.move(0, 0)
    settle(page)  # the page still again (not a fixed pause)
    found = overflowing(page) + covered(page)
    if found:
        problems["added"] = found
    shoot(page, "game-setup-1280-fasa-extras")
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [] and seen["errors"] == [], (seen["outside"][:5], seen["errors"][:5])
