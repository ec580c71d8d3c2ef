"""The "Set up a game" page in a real browser, at 1280 and 1920 pixels: the FASA and Aces forms hold
their layout, a plane is added with the button, and a refused skill is shown beside its box with
the typed value kept. Screenshots go to artifacts/screenshots/.

Each flow runs once (what the form refuses and the game it builds do not depend on the window's
width); wherever the form's layout is checked, it is checked at both sizes, the window resized
between them as in test_layout.py (the page lays itself out again without a reload). Running
every flow once per size took twice as long for the same checks."""

from __future__ import annotations

import re

import pytest
from layout_checks import covered, overflowing, settled, watch
from playwright.sync_api import expect
from test_layout import resize, settle, shoot

from cs_panel.ui.app import create_app

READY = "() => Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle"
SIZES = ((1280, 800), (1920, 1080))


def check_at_both_sizes(page, problems: dict, label: str, shot: str) -> None:
    """The form's layout at the window's size, then at the other one (left there: the flow goes on
    at that size): nothing past its clipping box, no control covered; a screenshot at each."""
    now = page.viewport_size["width"], page.viewport_size["height"]
    assert now in SIZES, now
    for i, (width, height) in enumerate(sorted(SIZES, key=lambda s: s != now)):
        if i:
            resize(page, width, height)
        found = overflowing(page) + covered(page)
        if found:
            problems[f"{label} at {width}x{height}"] = found
        shoot(page, f"game-setup-{width}-{shot}")


@pytest.mark.rule("F.pilot.skills", "F.setup")
def test_the_setup_page_holds_and_refuses_beside_the_input(serve, page):
    seen = watch(page)
    base = serve(create_app)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    problems = {}
    # Aces, then FASA, whose form is then used as it was loaded (not loaded a second time)
    for system in ("aces", "fasa"):
        page.goto(f"{base}/?page=setup&system={system}")
        expect(page.locator(".cs-nav a[aria-current=page]")).to_be_visible(timeout=60_000)
        settle(page)
        page.wait_for_function(READY)
        check_at_both_sizes(page, problems, system, system)
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
    check_at_both_sizes(page, problems, "fasa with a refusal", "fasa-refused")
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]


@pytest.mark.rule("B.chargen", "B.sequence")
def test_a_barrooms_fight_is_set_up_in_the_form_and_a_refusal_shows_beside_its_box(serve, page):
    seen = watch(page)
    base = serve(create_app)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    problems = {}
    page.goto(f"{base}/?page=setup&system=barrooms")
    expect(page.locator(".add-br-character button")).to_be_visible(timeout=60_000)
    settle(page)
    page.wait_for_function(READY)
    check_at_both_sizes(page, problems, "barrooms", "barrooms")
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
    check_at_both_sizes(page, problems, "barrooms with a refusal", "barrooms-refused")
    page.locator(".start button").click()
    expect(page.locator(".cs-setup-status").last).to_contain_text("Game started", timeout=30_000)
    # the JSON editor is a tick away, holding the form's fight
    page.locator(".in-as_json input").check()
    expect(page.locator(".in-setup_text textarea")).to_have_value(re.compile('"name": "Lou"'), timeout=20_000)
    page.wait_for_function(READY)
    check_at_both_sizes(page, problems, "barrooms as JSON", "barrooms-json")
    page.locator(".in-as_json input").uncheck()
    expect(page.locator(".add-br-character button")).to_be_visible(timeout=20_000)
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]


@pytest.mark.rule("A.squadron", "A.setup")
def test_air_action_squadrons_are_built_in_the_served_app(serve, page):
    seen = watch(page)
    base = serve(create_app)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.goto(f"{base}/?page=setup&system=airaction")
    expect(page.locator(".add-aa-plane button")).to_be_visible(timeout=60_000)
    settle(page)
    page.wait_for_function(READY)
    problems = {}
    check_at_both_sizes(page, problems, "airaction", "airaction")

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
    check_at_both_sizes(page, problems, "airaction with a refusal", "airaction-refused")
    page.locator(".in-auto_start input").click()  # the marker's own x, y and heading
    expect(page.locator(".in-at_x input")).to_be_visible(timeout=20_000)
    page.wait_for_function(READY)
    check_at_both_sizes(page, problems, "airaction with its own start", "airaction-own-start")
    page.locator(".start button").click()
    expect(page.locator("div.cs-setup-status")).to_contain_text("Game started", timeout=30_000)
    expect(page.locator(".cs-setup-table")).to_contain_text("Play it", timeout=30_000)
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]
