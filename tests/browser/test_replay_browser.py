"""GameReplay in a real browser: step forward and the action shown changes; jump to a turn; a bad
file is named beside the file input and the game stays."""

import pytest
from playwright.sync_api import expect

from cs_panel.ui.replay import GameReplay, demo_game


def replay_app():
    import panel as pn
    return pn.Column(GameReplay(demo="fasa"))


@pytest.mark.rule("F.seq.phases")
def test_stepping_forward_shows_each_action_and_its_rolls(serve, page, tmp_path):
    from layout_checks import covered, overflowing

    page.set_viewport_size({"width": 1280, "height": 800})
    game = demo_game("fasa")
    page.goto(serve(replay_app))
    what, where = page.locator(".replay-action .replay-what"), page.locator(".replay-where")
    expect(what).to_contain_text("The start: no action taken yet")
    expect(where).to_contain_text(f"step 0 of {len(game.log)}")
    forward = page.locator(".replay-forward button")
    for k in (1, 2, 3):
        forward.click()
        expect(what).to_contain_text(f"Action {k}: {game.log[k - 1].action}")
    # the third action is the movement phase: its pushes show their target numbers and dice
    move = game.log[2]
    assert move.faces
    expect(page.locator(".replay-action .replay-dice")).to_contain_text(f"d10={move.faces[0]}")
    expect(page.locator(".replay-action .replay-lines")).to_contain_text(move.lines[1])
    expect(page.locator(".replay-picture svg")).to_be_visible()
    page.locator(".replay-back button").click()
    expect(what).to_contain_text(f"Action 2: {game.log[1].action}")
    # the turn selector jumps to the start of turn 2
    start = dict(game.turn_starts())[2]
    page.locator(".in-turn select").select_option("2")
    expect(where).to_contain_text(f"step {start} of {len(game.log)}, turn 2")
    assert covered(page) == [] and overflowing(page) == []
    # a file that is no saved game: named beside the input, the game stays where it was
    junk = tmp_path / "junk.json"
    junk.write_text('{"format": "something else"}')
    page.locator(".replay-upload input[type=file]").set_input_files(str(junk))
    expect(page.locator(".cs-error-upload .cs-error")).to_contain_text("cannot replay this file")
    expect(where).to_contain_text(f"step {start} of {len(game.log)}, turn 2")
    # a saved Aces game loads and opens at its start
    aces = demo_game("aces")
    saved = tmp_path / "aces.json"
    saved.write_text(aces.to_json())
    page.locator(".replay-upload input[type=file]").set_input_files(str(saved))
    expect(where).to_contain_text(f"aces game, seed 7: step 0 of {len(aces.log)}")
    expect(page.locator(".cs-error-upload .cs-error")).to_have_count(0)
    forward.click()
    expect(what).to_contain_text(f"Action 1: {aces.log[0].action}")
