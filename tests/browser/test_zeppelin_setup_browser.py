"""The "Set up a game" page in a real browser at 1280 pixels: "Start from" loads the zeppelin battle
into the FASA form, its zeppelin listed with a sample badge, the layout holding. Screenshot in
artifacts/screenshots/."""

from __future__ import annotations

import pytest
from layout_checks import covered, overflowing, settled, watch
from playwright.sync_api import expect
from test_layout import shoot
from test_setup_extras_browser import open_fasa_setup


@pytest.mark.rule("F.zep.static", "F.setup")
def test_start_from_the_zeppelin_battle_lists_the_zeppelin_in_the_form(serve, page):
    seen = watch(page)
    open_fasa_setup(serve, page, ".in-start_from select")
    page.locator(".in-start_from select").select_option("zeppelin battle (sample)")
    listed = page.locator(".cs-setup-list-pane")
    expect(listed).to_contain_text("zeppelin Pegasus", timeout=20_000)
    expect(listed.locator(".cs-sample-badge")).to_have_count(3)  # the two planes and the zeppelin
    expect(page.locator(".cs-setup-status").first).to_contain_text("complete")
    page.mouse.move(0, 0)
    settled(page)
    found = overflowing(page) + covered(page)
    shoot(page, "game-setup-1280-zeppelin-battle")
    assert found == [], found[:6]
    assert seen["outside"] == [] and seen["errors"] == [], (seen["outside"][:5], seen["errors"][:5])
