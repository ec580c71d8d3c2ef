"""PlayTable in a real browser: a solo turn against the computer. The computer's plot shows as
secret until the movement phase reveals it; the Undo after the roll is refused beside the buttons;
the "Set up a new game" card builds its form when it is opened."""

import pytest
from playwright.sync_api import expect


def play_app():
    import panel as pn

    from cs_panel.games import new_game
    from cs_panel.ui.play_table import PlayTable
    return pn.Column(PlayTable(game=new_game("fasa", seed=2), seats={"Bob": "computer"}))


@pytest.mark.rule("F.move.plot", "F.move.resolve", "F.seq.phases")
def test_a_solo_turn_against_the_computer(serve, page):
    from layout_checks import covered, overflowing, watch

    seen = watch(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(serve(play_app))
    log, status = page.locator(".play-log-pane"), page.locator(".play-status")
    expect(status).to_contain_text("Ann to act")
    expect(log).to_contain_text("plot Raider (secret)")
    page.locator(".in-action select").select_option("plot Ace 3SA")
    page.locator(".play-apply button").click()
    expect(log).to_contain_text("plot Ace 3SA")
    expect(log).to_contain_text("move")
    expect(log).not_to_contain_text("plot Raider (secret)")  # the movement phase showed it
    expect(page.locator(".play-picture svg").first).to_be_visible()
    page.locator(".play-undo button").click()
    expect(page.locator(".cs-error-action .cs-error")).to_contain_text("cannot undo")
    expect(log).to_contain_text("plot Ace 3SA")
    assert covered(page) == [] and overflowing(page) == []
    # "Set up a new game": its form is built when the card is first opened, and shows then
    expect(page.locator(".cs-setup-pilot")).to_have_count(0)
    page.locator(".play-new-game .card-header").first.click()
    expect(page.locator(".play-new-game .in-plane_name input")).to_be_visible()
    expect(page.locator(".cs-setup-pilot").first).to_contain_text("Pilot")
    assert not seen["outside"] and not seen["errors"], seen


def test_the_log_box_keeps_one_height_from_no_action_to_several(serve, page):
    """The log's box is the same size empty ("No action yet.") and with actions in it, so an action
    or its undo does not resize the page (issue 14: the browser then measured all of it again)."""
    import panel as pn
    from layout_checks import settled

    def hot_seat():
        from cs_panel.games import new_game
        from cs_panel.ui.play_table import PlayTable
        return pn.Column(PlayTable(game=new_game("fasa", seed=2), seats={}))

    page.goto(serve(hot_seat))
    log = page.locator(".play-log-pane")
    expect(log).to_contain_text("No action yet.")
    expect(page.locator(".play-picture svg").first).to_be_visible()  # the page whole before it is measured
    box = page.locator(".play-log")
    settled(page)  # measured once the page is whole: under load its foot can come in later
    high = page.evaluate("() => document.documentElement.scrollHeight")
    size = box.bounding_box()["height"]
    page.locator(".play-apply button").click()
    expect(log).not_to_contain_text("No action yet.")
    assert box.bounding_box()["height"] == size
    settled(page)
    assert page.evaluate("() => document.documentElement.scrollHeight") == high
    page.locator(".play-undo button").click()
    expect(log).to_contain_text("No action yet.")
    assert box.bounding_box()["height"] == size
    settled(page)
    assert page.evaluate("() => document.documentElement.scrollHeight") == high
