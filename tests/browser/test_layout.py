"""Layouts that hold: every page of the app at 1280x800 and 1920x1080, in one browser page.

Fails on any element past the viewport's right edge or its clipping container, any visible
control (button, input, select) covered by another element at its centre, any request to a
host other than this machine, and any console error. Screenshots go to artifacts/screenshots/
(ignored by git; CI keeps them): look at them.
"""

from __future__ import annotations

from pathlib import Path

from layout_checks import covered, overflowing, watch
from playwright.sync_api import expect

from cs_panel.ui.app import PAGES, create_app

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
SIZES = ((1280, 800), (1920, 1080))


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def settle(page) -> None:
    """Wait until Panel has drawn the page and nothing is still loading."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('.pn-loading') && document.fonts.status === 'loaded'")
    page.wait_for_timeout(400)


def test_every_app_page_holds_at_two_sizes(serve, page):
    seen = watch(page)
    base = serve(create_app)
    problems: dict[str, list[str]] = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for slug in ("home", *(p.slug for p in PAGES)):
            page.goto(f"{base}/?page={slug}")
            expect(page.locator(".cs-nav a[aria-current=page]")).to_be_visible(timeout=60_000)
            settle(page)
            found = overflowing(page) + covered(page)
            if found:
                problems[f"{slug} at {width}x{height}"] = found
            shoot(page, f"layout-app-{width}-{slug}")
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]
