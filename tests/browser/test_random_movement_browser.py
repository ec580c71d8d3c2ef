"""The random-movement player in a real browser: type the dice, attempt, step through the move."""

import re

import pytest
from playwright.sync_api import expect

from cs_panel.ui import RandomMovementPlayer


def player_app():
    import panel as pn
    return pn.Column(RandomMovementPlayer(dice="typed"))


@pytest.mark.rule("F.move.random", "F.move.push-gs")
def test_type_faces_attempt_and_step_through_condor(serve, page):
    page.goto(serve(player_app))
    expect(page.locator(".rm-plan .rm-chance")).to_contain_text("40%")
    box = page.locator(".in-push-faces input")
    box.fill("3")
    box.press("Enter")
    page.locator(".rm-attempt button").click()
    step = page.locator(".rm-step .rm-step-text")
    expect(step).to_contain_text("Start: Hex(0, 0) facing A, random movement; 3 steps to go.")
    next_button = page.locator(".rm-next button")
    next_button.click()
    expect(step).to_contain_text("Step 1 of 3: enters Hex(0, -1), now facing C. Die 10")
    next_button.click()
    next_button.click()
    expect(step).to_contain_text("Fracture hits so far: 6 on the port wing leading edge.")
    expect(page.locator(".rm-map .cs-rm-title")).to_have_text(re.compile("step 3 of 3$"))
    page.locator(".rm-back button").click()
    expect(step).to_contain_text("Step 2 of 3")
    faces = page.locator(".in-move-faces input")
    faces.fill("11")
    faces.press("Enter")
    expect(page.locator(".cs-error-move_faces .cs-error")).to_contain_text("'11' is not a face of a d10")
    expect(faces).to_have_value("11")
