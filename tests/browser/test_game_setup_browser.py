"""The "Set up a game" page in a real browser, at 1280 and 1920 pixels: the FASA and Aces forms hold
their layout, a plane is added with the button, and a refused skill is shown beside its box with
the typed value kept. Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

import re

import pytest
from layout_checks import covered, overflowing, settled, watch
from playwright.sync_api import expect
from test_layout import settle, shoot

from cs_panel.ui.app import create_app

READY = "() => Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle"
SIZES = ((1280, 800), (1920, 1080))


@pytest.mark.rule("F.pilot.skills", "F.setup")
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_setup_page_holds_and_refuses_beside_the_input(serve, page, width, height):
    seen = watch(page)
    base = serve(create_app)
    page.set_viewport_size({"width": width, "height": height})
    problems = {}
    # Aces, then FASA, whose form is then used as it was loaded (not loaded a second time)
    for system in ("aces", "fasa"):
        page.goto(f"{base}/?page=setup&system={system}")
        expect(page.locator(".cs-nav a[aria-current=page]")).to_be_visible(timeout=60_000)
        settle(page)
        page.wait_for_function(READY)
        found = overflowing(page) + covered(page)
        if found:
            problems[system] = found
        shoot(page, f"game-setup-{width}-{system}")
    # FASA: add the default plane, then refuse a Dead Eye of 12 beside its box
    expect(page.locator(".add-plane button")).to_be_visible(timeout=60_000)
    page.locator(".add-plane button").click()
    expect(page.locator(".cs-setup-list-pane")).to_contain_text("devastator", timeout=20_000)
    box = page.locator(".in-dead_eye input")
    box.fill("12")
    box.press("Enter")
    page.wait_for_function(READY)
    page.locator(".add-plane button").click()
    expect(page.locator(".cs-error-dead_eye")).to_contain_text("F.pilot.skills", timeout=20_000)
    expect(box).to_have_value("12")
    page.mouse.move(0, 0)  # the message pushed the form down: a help tooltip under the pointer is not the layout's
    settled(page)
    found = overflowing(page) + covered(page)
    if found:
        problems["fasa with a refusal"] = found
    shoot(page, f"game-setup-{width}-fasa-refused")
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]


@pytest.mark.rule("B.chargen", "B.sequence")
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_barrooms_fight_is_set_up_in_the_form_and_a_refusal_shows_beside_its_box(serve, page, width, height):
    seen = watch(page)
    base = serve(create_app)
    page.set_viewport_size({"width": width, "height": height})
    problems = {}
    page.goto(f"{base}/?page=setup&system=barrooms")
    expect(page.locator(".add-br-character button")).to_be_visible(timeout=60_000)
    settle(page)
    page.wait_for_function(READY)
    found = overflowing(page) + covered(page)
    if found:
        problems["barrooms"] = found
    shoot(page, f"game-setup-{width}-barrooms")
    # Mac for Ann with the form's defaults, then Lou for Bob
    page.locator(".add-br-character button").click()
    expect(page.locator(".cs-setup-list-pane")).to_contain_text("Mac", timeout=20_000)
    for cls, text in (("in-br_name", "Lou"), ("in-br_player", "Bob")):
        box = page.locator(f".{cls} input")
        box.fill(text)
        box.press("Enter")
        page.wait_for_function(READY)
    page.locator(".add-br-character button").click()
    expect(page.locator(".cs-setup-list-pane")).to_contain_text("Lou", timeout=20_000)
    expect(page.locator(".cs-setup-status").last).to_contain_text("complete", timeout=20_000)
    # Deadeye 7 puts a third man over a lead's 450 points: refused beside the points, the 7 kept
    for cls, text in (("in-br_name", "Cy"), ("in-br_deadeye", "7")):
        box = page.locator(f".{cls} input")
        box.fill(text)
        box.press("Enter")
        page.wait_for_function(READY)
    page.locator(".add-br-character button").click()
    expect(page.locator(".cs-error-br_budget")).to_contain_text("B.chargen", timeout=20_000)
    expect(page.locator(".in-br_deadeye input")).to_have_value("7")
    expect(page.locator(".cs-setup-list-pane")).not_to_contain_text("Cy")
    page.mouse.move(0, 0)
    settled(page)
    found = overflowing(page) + covered(page)
    if found:
        problems["barrooms with a refusal"] = found
    shoot(page, f"game-setup-{width}-barrooms-refused")
    page.locator(".start button").click()
    expect(page.locator(".cs-setup-status").last).to_contain_text("Game started", timeout=30_000)
    # the JSON editor is a tick away, holding the form's fight
    page.locator(".in-as_json input").check()
    expect(page.locator(".in-setup_text textarea")).to_have_value(re.compile('"name": "Lou"'), timeout=20_000)
    page.wait_for_function(READY)
    found = overflowing(page) + covered(page)
    if found:
        problems["barrooms as JSON"] = found
    shoot(page, f"game-setup-{width}-barrooms-json")
    page.locator(".in-as_json input").uncheck()
    expect(page.locator(".add-br-character button")).to_be_visible(timeout=20_000)
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]


@pytest.mark.rule("A.squadron", "A.setup")
@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_air_action_squadrons_are_built_in_the_served_app(serve, page, width, height):
    seen = watch(page)
    base = serve(create_app)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base}/?page=setup&system=airaction")
    expect(page.locator(".add-aa-plane button")).to_be_visible(timeout=60_000)
    settle(page)
    page.wait_for_function(READY)
    problems = {}
    found = overflowing(page) + covered(page)
    if found:
        problems["airaction"] = found
    shoot(page, f"game-setup-{width}-airaction")

    def add(player: str | None = None, edge: str | None = None, plane: str | None = None) -> None:
        if player is not None:
            box = page.locator(".in-aa_player input")
            box.fill(player)
            box.press("Enter")
        if edge is not None:
            page.locator(".in-edge select").select_option(edge)
        if plane is not None:
            page.locator(".in-aa_plane select").select_option(label=plane)
        page.wait_for_function(READY)
        page.locator(".add-aa-plane button").click()
        page.wait_for_function(READY)

    add("Ann", "south", "Sample fighter (rookie), 100 points")
    expect(page.locator(".cs-setup-list-pane")).to_contain_text("Ann:sample-fighter", timeout=20_000)
    add(plane="Charlie Steele's plane (sample dial), 100 points")
    add("Bob", "north", "Sample two-seater with tail gunner, 100 points")
    # Bob at Ann's edge would have been refused; a third 100-point plane is over the 200-point total
    add(plane="Loyle Crawford's plane (sample dial), 100 points")
    expect(page.locator("div.cs-setup-status")).to_contain_text("complete", timeout=20_000)
    add("Ann", "north", "Sample two-seater with tail gunner, 100 points")  # Ann starts at the south edge
    expect(page.locator(".cs-error-edge")).to_contain_text("A.setup", timeout=20_000)
    add(edge="south")  # back at her edge, the plane is over the 200-point build total

    expect(page.locator(".cs-error-aa_plane")).to_contain_text("A.squadron", timeout=20_000)
    expect(page.locator(".in-aa_player input")).to_have_value("Ann")
    page.mouse.move(0, 0)
    settled(page)
    found = overflowing(page) + covered(page)
    if found:
        problems["airaction with a refusal"] = found
    shoot(page, f"game-setup-{width}-airaction-refused")
    page.locator(".in-auto_start input").click()  # the marker's own x, y and heading
    expect(page.locator(".in-at_x input")).to_be_visible(timeout=20_000)
    page.wait_for_function(READY)
    found = overflowing(page) + covered(page)
    if found:
        problems["airaction with its own start"] = found
    shoot(page, f"game-setup-{width}-airaction-own-start")
    page.locator(".start button").click()
    expect(page.locator("div.cs-setup-status")).to_contain_text("Game started", timeout=30_000)
    expect(page.locator(".cs-setup-table")).to_contain_text("Play it", timeout=30_000)
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]
