"""AttackOdds in a real browser: served by Panel, driven by Playwright in chromium."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui import AttackOdds


def attack_app():
    import panel as pn
    return pn.Column(AttackOdds())


@pytest.mark.rule("A.combat.shot")
def test_changing_the_dice_changes_the_headline_chance_and_the_bars(serve, page):
    page.goto(serve(attack_app))
    headline = page.locator(".headline .cs-at-least-one")
    expect(headline).to_contain_text("Chance of at least one hit: 70% (19/27)")
    bars = page.locator(".attack-chart rect.cs-bar")
    expect(bars).to_have_count(4)
    box = page.locator(".in-gunnery input")
    box.fill("6")
    box.press("Enter")
    expect(headline).to_contain_text("Chance of at least one hit: 91% (665/729)")
    expect(page.locator(".headline .cs-expected")).to_contain_text("2.00")
    expect(bars).to_have_count(7)  # 0 to 6 hits, drawn under the new pool's title
    expect(page.locator(".attack-chart")).to_contain_text("6 dice at silhouette 5")
