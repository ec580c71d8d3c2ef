"""The served app in chromium: addresses that carry inputs, the rules index, ``panel serve`` of the
example script. (The home page, the sidebar's groups and every sidebar link are followed in
test_layout.py, which checks each page's layout on the way at 1280x800, 1920x1080 and 1440x900:
nothing past the window's edge or its clipping box, no control covered. A test here that loaded four
pages at 1440x900 and 1920x1080 to check only the first of those was the same check again.)

Screenshots go to artifacts/screenshots/ (ignored by git; CI keeps them as artefacts).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from layout_checks import watch
from playwright.sync_api import expect

from cs_panel.ui.app import create_app

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def current(page):
    return page.locator(".cs-nav a[aria-current=page]")


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


@pytest.mark.rule("F.hit.range", "F.pilot.skills")
def test_an_address_opens_the_calculator_with_its_inputs_and_follows_them(serve, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    base = serve(create_app)
    page.goto(f"{base}/?page=tohit&range_hexes=5&dead_eye=3")
    expect(page.locator(".summary .explained")).to_contain_text("+ 5 range 5 hexes - 3 Dead Eye 3")
    expect(page.locator(".in-range input")).to_have_value("5")
    expect(page.locator(".cs-query-note")).to_have_count(0)
    # changing an input rewrites the address, so copying it shares the situation
    box = page.locator(".in-range input")
    box.fill("4")
    box.press("Enter")
    page.wait_for_url(re.compile(r"range_hexes=4"))
    assert "page=tohit" in page.url and "dead_eye=3" in page.url
    shared = page.url
    page.goto(shared)
    expect(page.locator(".summary .explained")).to_contain_text("+ 4 range 4 hexes - 3 Dead Eye 3")


def test_hostile_addresses_open_with_defaults_and_a_note(serve, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    seen = watch(page)
    base = serve(create_app)
    page.goto(f"{base}/?page=tohit&range_hexes=%3Cscript%3Ealert(1)%3C/script%3E&dead_eye=99&shocked=maybe")
    expect(page.locator(".cs-query-note")).to_contain_text("were not accepted")
    expect(page.locator(".cs-query-note")).to_contain_text("range_hexes, dead_eye, shocked")
    expect(page.locator(".summary .explained")).to_contain_text("+ 2 range 2 hexes - 6 Dead Eye 6")
    shoot(page, "app-1280-hostile")
    page.goto(f"{base}/?page=%22%3E%3Cimg%20src=x%3E")
    expect(page.locator(".cs-query-note")).to_contain_text("no page of this app")
    expect(page.locator(".cs-home h1")).to_be_visible()
    assert seen["outside"] == [] and seen["errors"] == [], seen


@pytest.mark.rule("F.tail.number", "F.hit.range")
def test_rules_index_search_by_word_and_id(serve, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    seen = watch(page)
    base = serve(create_app)
    page.goto(f"{base}/?page=rules")
    box = page.get_by_placeholder("tailing, shock, F.hit.range ...")
    box.fill("tailing")
    results = page.locator(".cs-rules-results")
    expect(results.locator(".cs-rule#F\\.tail\\.number")).to_be_visible()
    expect(results).to_contain_text("06_tailing.ipynb".replace(".ipynb", "") and "Lesson 6: tailing")
    page.wait_for_url(re.compile(r"q=tailing"))
    shoot(page, "app-1280-rules-tailing")
    box.fill("F.hit.range")
    expect(results.locator(".cs-rule")).to_have_count(1)
    expect(results.locator("h3")).to_contain_text("FASA board game, p.35")
    page.get_by_role("button", name="Bar-rooms").click()
    expect(results).to_contain_text("No rule matches")
    assert seen["outside"] == [] and seen["errors"] == [], seen


@pytest.mark.rule("F.hit.range")
def test_panel_serve_of_the_example_script_navigates_and_stays_local(panel_serve_cli, page):
    """The README's way in: ``panel serve examples/app.py`` opens on the home page with the fan
    project's notice; an address opens the calculator with its input; its sidebar links keep the
    /app path."""
    page.set_viewport_size({"width": 1280, "height": 800})
    seen = watch(page)
    url = panel_serve_cli(Path(__file__).resolve().parents[2] / "examples" / "app.py", "app")
    page.goto(url)
    expect(page.locator(".cs-notice").first).to_contain_text("Unofficial fan project")
    page.goto(url + "?page=tohit&range_hexes=5")
    expect(page.locator(".summary .explained")).to_contain_text("+ 5 range 5 hexes")
    page.locator(".cs-nav a[href='?page=rules']").click()
    page.wait_for_url(re.compile(r"/app\?page=rules"))
    expect(current(page)).to_have_text("Rules index")
    assert seen["outside"] == [] and seen["errors"] == [], seen


def test_links_open_their_pages_in_place_and_back_loads_the_page_the_address_names(serve, page):
    """A sidebar link or a link in a page's text opens its page in the same page (no new load: a
    mark left on the window survives), with its address, the tab's title, the sidebar's mark and a
    polite announcement; Back to another page loads the page its address names."""
    page.set_viewport_size({"width": 1280, "height": 800})
    seen = watch(page)
    base = serve(create_app)
    page.goto(f"{base}/?page=home")
    expect(page.locator(".cs-home h1")).to_be_visible()
    page.evaluate("window.__csSamePage = true")
    page.locator(".cs-home a[href='?page=play']").click()  # a link in the home page's text
    page.wait_for_url(re.compile(r"\?page=play$"))
    expect(current(page)).to_have_text("Play against the computer")
    expect(page.locator(".cs-page-title h1")).to_contain_text("Play against the computer")
    page.locator(".cs-nav a[href='?page=tohit']").click()
    page.wait_for_url(re.compile(r"\?page=tohit&"))
    expect(page.locator(".summary .explained")).to_contain_text("range 2 hexes")
    expect(page).to_have_title("cs_panel: Crimson Skies rulebook · To-hit calculator")
    expect(page.locator(".cs-page-switch")).to_have_text("Opened: To-hit calculator")
    assert page.evaluate("window.__csSamePage") is True  # no new load
    assert page.evaluate("document.activeElement && document.activeElement.id") == "main"  # the keyboard starts at the page's top
    # the rule links under the title carry a search to the rules index
    page.locator(".cs-page-rules a").first.click()
    page.wait_for_url(re.compile(r"\?page=rules&q=F\."))
    expect(page.locator(".cs-rules-results .cs-rule")).to_have_count(1)
    assert page.evaluate("window.__csSamePage") is True
    page.go_back()  # to the calculator's address: loaded from it
    page.wait_for_url(re.compile(r"\?page=tohit&"))
    expect(page.locator(".summary .explained")).to_contain_text("range 2 hexes")
    expect(current(page)).to_have_text("To-hit calculator")
    assert page.evaluate("window.__csSamePage === undefined")
    shoot(page, "app-1280-back-to-tohit")
    assert seen["outside"] == [] and seen["errors"] == [], seen
