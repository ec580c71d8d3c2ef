"""Seats at a specialised table in a real browser: a solo FASA turn against the computer."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui.fasa_table import FasaTable


def solo_app():
    import panel as pn
    return pn.Column(FasaTable(seats={"Bob": "computer"}, player="Ann"))


@pytest.mark.rule("F.seq.phases", "F.move.plot", "F.combat.choice")
def test_a_solo_turn_against_the_computer_at_the_fasa_table(serve, page):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(serve(solo_app))
    step, computer = page.locator(".fasa-next"), page.locator(".fasa-computer")
    # the computer has plotted already: only Ace's plot is awaited, and Ann does not see Raider's
    expect(step).to_contain_text("plots from Ace")
    expect(step).not_to_contain_text("Raider")
    expect(computer).to_contain_text("plot Raider (secret)")
    box = page.locator(".in-maneuver input")
    expect(box).to_have_value("")
    box.fill("3SA")
    page.locator(".fasa-plot button").click()
    expect(step).to_contain_text("press Move", timeout=10_000)
    page.locator(".fasa-move button").click()
    # the plots revealed, the computer gives its fire order at once and says why
    expect(computer).to_contain_text("fire Raider", timeout=15_000)
    expect(computer).to_contain_text("plot Raider ", timeout=10_000)
    expect(computer).not_to_contain_text("(secret)")
    page.locator(".in-order input").fill("guns")
    page.locator(".fasa-fire button").click()
    expect(step).to_contain_text("press Combat", timeout=10_000)
    page.locator(".fasa-combat button").click()
    expect(step).to_contain_text("press Tailing", timeout=10_000)
    page.locator(".fasa-tailing button").click()
    # turn 2: the computer has plotted again, and waits for Ann's plot
    expect(step).to_contain_text("plots from Ace", timeout=15_000)
    expect(computer).to_contain_text("plot Raider (secret)")
