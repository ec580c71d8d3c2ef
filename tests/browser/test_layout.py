"""Layouts that hold: every page of the app at 1280x800, 1440x900 and 1920x1080, reached from the sidebar.

The home page is loaded, and every other page is then opened by clicking its sidebar link (the
navigation test: each link shown, leading to its own address, title and marked link), once, at
1280x800, checked, then widened to 1920x1080 and narrowed back to
1440x900 (the browser window resized: the page lays itself out again without a reload) and checked
at each size, so a layout that only holds at the width it was loaded at fails too. (Loading every
page once per size took three times as long: the server builds the page on every load; walking
the sidebar in a test of its own loaded every page a second time.)

Fails on any element past the viewport's right edge or its clipping container, any visible
control (button, input, select) covered by another element at its centre, any request to a
host other than this machine, and any console error. On each page with a drawing, that drawing's
accessible name and its text view are checked too (test_accessibility_browser.py's check: the
page is open here already). Screenshots, at 1280 and 1920 px wide (the widths a player's window is
looked at in; 1440 is checked, not shot: each full-page shot cost about 0.1 s), go to
artifacts/screenshots/ (ignored by git; CI keeps them): look at them.
"""

from __future__ import annotations

import re
from pathlib import Path

from layout_checks import covered, overflowing, settled, watch
from playwright.sync_api import expect
from test_accessibility_browser import DRAWN, drawing_is_named_with_a_text_view

from cs_panel.ui.app import GROUPS, PAGES, create_app

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
SIZES = ((1280, 800), (1440, 900), (1920, 1080))
#: the widths each page is shot at (every size in SIZES is checked)
SHOT_WIDTHS = (1280, 1920)


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def settle(page) -> None:
    """Wait until Panel has drawn the page and nothing is still loading or moving."""
    settled(page)


def resize(page, width: int, height: int) -> None:
    """Resize the window and wait until the page has laid itself out again (the resize observers
    fire and bokeh lays out again: the layout then holds still for three frames)."""
    page.set_viewport_size({"width": width, "height": height})
    settled(page)


#: the order the sizes are checked in: loaded at the first, widened, narrowed again
ORDER = (SIZES[0], SIZES[2], SIZES[1])


#: where the window and the template's main area (a box that scrolls on its own) stand
SCROLLED = """() => { const main = document.getElementById('main');
  return [window.scrollX, window.scrollY, main ? main.scrollTop : null, main ? main.scrollLeft : null]; }"""


def open_home(page, base: str) -> None:
    """The app's own address opens on the home page, its sidebar showing every group."""
    page.goto(base)
    expect(page.locator(".cs-home h1")).to_contain_text("interactive rulebook", timeout=60_000)
    expect(page.locator(".cs-home")).to_contain_text("not affiliated with or endorsed by")
    expect(page.locator(".cs-nav a[aria-current=page]")).to_have_text("Home: start here")
    for group in GROUPS:
        if group != "Rules index":
            expect(page.locator(".cs-nav h4", has_text=group)).to_be_visible()


def follow_sidebar(page, p) -> None:
    """Click a page's sidebar link: its address, its title and the link marked as the current page."""
    link = page.locator(f".cs-nav a[href='?page={p.slug}']")
    link.scroll_into_view_if_needed()
    expect(link).to_be_visible()
    link.click()
    page.wait_for_url(re.compile(rf"[?&]page={re.escape(p.slug)}(&|$)"))
    expect(page.locator(".cs-page-title h1")).to_contain_text(p.title, timeout=60_000)
    expect(page.locator(".cs-nav a[aria-current=page]")).to_have_text(p.title)


def test_home_and_every_sidebar_page_hold_at_every_size(serve, page):
    seen = watch(page)
    base = serve(create_app)
    problems: dict[str, list[str]] = {}
    drawn: list[str] = []
    for slug in ("home", *(p.slug for p in PAGES)):
        page.set_viewport_size({"width": ORDER[0][0], "height": ORDER[0][1]})
        if slug == "home":
            open_home(page, base)
        else:
            follow_sidebar(page, next(p for p in PAGES if p.slug == slug))
        settle(page)
        for i, (width, height) in enumerate(ORDER):
            if i:
                resize(page, width, height)
            # nothing past the window's right edge (the page does not scroll sideways) ...
            wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            # ... nor past its clipping box, and no control covered
            at = page.evaluate(SCROLLED)
            found = ([f"the page is {wide}px wider than the window"] if wide > 0 else []) + overflowing(page) + covered(page)
            # the checks scroll each control into view and then put every box back, so the
            # screenshot shows the page as a player has it (not the main area scrolled to its last control)
            if page.evaluate(SCROLLED) != at:
                found.append(f"the checks left the page scrolled: {at} -> {page.evaluate(SCROLLED)}")
            if found:
                problems[f"{slug} at {width}x{height}"] = found
            if width in SHOT_WIDTHS:
                shoot(page, f"layout-app-{width}-{slug}")
        if slug in DRAWN:  # accessibility, once the layout is checked: its drawing named, its text view opens
            page.set_viewport_size({"width": ORDER[0][0], "height": ORDER[0][1]})
            settled(page)
            drawing_is_named_with_a_text_view(page, slug)
            drawn.append(slug)
    assert sorted(ORDER) == sorted(SIZES)  # every size checked
    assert sorted(drawn) == sorted(DRAWN)  # every drawing's name and text view checked
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]

