"""Accessibility in chromium: the main controls work from the keyboard alone (reached with Tab,
operated with Enter, Space and the arrow keys), and every drawing of the served app has an
accessible name and a "Text view" beside it (``drawing_is_named_with_a_text_view``, run on each
page of DRAWN by the layout test as it walks the app).

Screenshots go to artifacts/screenshots/ (ignored by git; CI keeps them as artefacts).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

# the element that has the keyboard's focus, through Panel's shadow roots, and whether it sits in
# an element with the given class (a widget's css class, e.g. in-range)
_FOCUSED_IN = """(cls) => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  for (let e = a; e; e = e.parentElement || (e.getRootNode() && e.getRootNode().host) || null) {
    if (e.classList && e.classList.contains(cls)) return a.tagName.toLowerCase() + (a.type ? ':' + a.type : '');
  }
  return '';
}"""


def tab_to(page, cls: str, kind: str = "", limit: int = 80) -> str:
    """Press Tab until the focus is in the widget with class ``cls`` (on an element of ``kind``,
    e.g. "input:text", when given); fails if Tab never gets there."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        got = page.evaluate(_FOCUSED_IN, cls)
        if got and (not kind or got == kind):
            return got
    raise AssertionError(f"Tab never reached .{cls} {kind}")


def component_app(name: str):
    def app():
        import panel as pn

        import cs_panel.ui as ui
        return pn.Column(getattr(ui, name)())
    return app


@pytest.mark.rule("F.hit.range", "F.hit.deflection")
def test_the_to_hit_calculator_from_the_keyboard(serve, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(serve(component_app("ToHitCalculator")))
    explained = page.locator(".summary .explained")
    expect(explained).to_contain_text("+ 2 range 2 hexes")
    # a number box: the up arrow steps it, and a typed number applies on Enter
    tab_to(page, "in-range", "input:text")
    page.keyboard.press("ArrowUp")
    expect(explained).to_contain_text("+ 3 range 3 hexes")
    page.keyboard.press("Control+a")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    expect(explained).to_contain_text("+ 5 range 5 hexes")
    # a drop-down: the arrow keys choose another deflection
    page.keyboard.press("Shift+Tab")
    for _ in range(4):
        if page.evaluate(_FOCUSED_IN, "in-deflection"):
            break
        page.keyboard.press("Shift+Tab")
    before = explained.inner_text()
    page.keyboard.press("ArrowDown")
    expect(explained).not_to_have_text(before)
    # a check box: Space ticks it
    tab_to(page, "in-shocked")
    page.keyboard.press("Space")
    expect(explained).to_contain_text("shock")
    # the chart's text view opens with Enter and says what the chart shows
    tab_to(page, "cs-text-view")
    page.keyboard.press("Enter")
    expect(page.locator(".cs-text-view pre.cs-text")).to_contain_text("range 5: to-hit number")
    # a button: Enter rolls the die
    tab_to(page, "roll-button")
    page.keyboard.press("Enter")
    expect(page.locator(".roll")).to_contain_text(re.compile(r"Rolled \d+ against"))


@pytest.mark.rule("F.move.plot")
def test_the_maneuver_explorer_from_the_keyboard(serve, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(serve(component_app("ManeuverExplorer")))
    summary = page.locator(".maneuver-breakdown")
    expect(summary).to_contain_text("3L2F")
    # the map is clicked to choose an arrow; the keyboard has the notation box and the arrow list
    tab_to(page, "in-maneuver", "input:text")
    page.keyboard.press("Control+a")
    page.keyboard.type("2R1A")
    page.keyboard.press("Enter")
    expect(summary).to_contain_text("2R1A")
    tab_to(page, "in-pick", "select:select-one")
    page.keyboard.press("ArrowDown")
    expect(summary).not_to_contain_text("2R1A")
    # the colour buttons: Space switches to the push colours
    tab_to(page, "in-colour-by")
    page.keyboard.press("Tab")  # the second button
    page.keyboard.press("Space")
    expect(page.locator(".maneuver-legend")).to_contain_text("push target number")
    # the map's text view gives the plane and the chosen arrow in words
    tab_to(page, "cs-text-view")
    page.keyboard.press("Enter")
    expect(page.locator(".maneuver-text pre.cs-text")).to_contain_text("plane in hex Hex(0, 0), facing A")
    expect(page.locator(".maneuver-text pre.cs-text")).to_contain_text("(chosen)")


def test_the_play_table_from_the_keyboard(serve, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(serve(component_app("PlayTable")))
    log = page.locator(".play-log-pane")
    expect(page.locator(".in-action select")).to_be_visible()
    tab_to(page, "in-action", "select:select-one")
    page.keyboard.press("ArrowDown")
    chosen = page.evaluate("""() => { let a = document.activeElement;
        while (a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a.value }""")
    assert chosen
    tab_to(page, "play-apply")
    page.keyboard.press("Enter")
    expect(log).to_contain_text(chosen.split(" ")[0])


DRAWN = {  # page: what its drawing is named, and whether it is an SVG (else a bokeh figure)
    "tohit": ("chart: chance to hit by range", False),
    "maneuvers": ("map: the maneuvers this plane can fly", False),
    "damage": ("record sheet: the damage diagram", False),
    "tailing": ("map: the two planes and their arcs", False),
    "aces": ("map: the squares and the characters", False),
    "fasa-table": ("map of turn 1", True),
    "barrooms-table": ("the bar room", True),
    "dial": ("combat dial at click", True),
    "play": ("map of turn 1", True),
}


def drawing_is_named_with_a_text_view(page, slug: str) -> None:
    """The drawing of app page ``slug`` (shown in ``page``) has its accessible name, and the first
    "Text view" button opens words that are not empty. Every page in DRAWN is checked by the
    layout test (test_layout.py), which has each page open already: loading them all again here
    cost a page build each."""
    name, svg = DRAWN[slug]
    if svg:
        drawing = page.locator(f"svg[role=img][aria-label^='{name}']").first
    else:
        drawing = page.locator(f"[role=figure][aria-label='{name}']").first
    expect(drawing).to_be_visible()
    # the text view is a button named "Text view" that opens the words
    view = page.get_by_role("button", name="Text view").first
    expect(view).to_be_visible()
    view.press("Enter")
    expect(page.locator("pre.cs-text").first).to_be_visible()
    assert page.locator("pre.cs-text").first.inner_text().strip(), slug
    if slug == "maneuvers":
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "a11y-1280-maneuvers-text-view.png"), full_page=True)
