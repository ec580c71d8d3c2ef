"""Layouts that hold: every page of the app at 1280x800, 1440x900 and 1920x1080, one size a test.

Fails on any element past the viewport's right edge or its clipping container, any visible
control (button, input, select) covered by another element at its centre, any request to a
host other than this machine, and any console error. Screenshots go to artifacts/screenshots/
(ignored by git; CI keeps them): look at them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from layout_checks import covered, overflowing, watch
from playwright.sync_api import expect

from cs_panel.ui.app import PAGES, create_app

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
SIZES = ((1280, 800), (1440, 900), (1920, 1080))


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def settle(page) -> None:
    """Wait until Panel has drawn the page and nothing is still loading."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('.pn-loading') && document.fonts.status === 'loaded'")
    page.wait_for_timeout(400)


@pytest.mark.parametrize("width,height", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])  # one size a test
def test_every_app_page_holds(serve, page, width, height):
    seen = watch(page)
    base = serve(create_app)
    problems: dict[str, list[str]] = {}
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


def test_two_lessons_hold_in_a_jupyterlab_notebook_column(run_lesson, page):
    """Lessons 01 and 31 in JupyterLab (a ~900 px notebook column): no output overflows or hides
    a control, nothing is fetched from another host, the console stays clean."""
    page.set_viewport_size({"width": 1280, "height": 800})
    seen = watch(page)
    problems = {}
    for lesson in ("01_dice_and_to_hit.ipynb", "31_barrooms_fighting_on_foot.ipynb"):
        run_lesson(lesson)
        page.wait_for_timeout(1500)
        outputs = ".jp-OutputArea-output"
        found = overflowing(page, outputs) + covered(page, outputs)
        if found:
            problems[lesson] = found
        shoot(page, f"layout-lab-{lesson.removesuffix('.ipynb')}")
    assert problems == {}, "\n".join(f"{k}: {v[:6]}" for k, v in problems.items())
    assert seen["outside"] == [], seen["outside"][:5]
    assert seen["errors"] == [], seen["errors"][:5]
