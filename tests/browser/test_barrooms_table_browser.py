"""The Bar-rooms table in chromium: its room is one named SVG built from layers, and an action
sends and redraws the fighters and the words, never the floor (cs_panel/ui/layered_svg.py, issue 14)."""

from __future__ import annotations

import json

from playwright.sync_api import expect


def table_app():
    import panel as pn

    from cs_panel.ui import BarroomsTable
    from cs_panel.ui.serving import serve_quickly

    serve_quickly()  # as the served app does: a click's updates in one message
    return pn.Column(BarroomsTable())


def test_an_action_redraws_the_fighters_over_the_same_floor(serve, page, ws_frames):
    frames = ws_frames
    page.goto(serve(table_app))
    room = page.locator(".br-room-pane svg[role=img][aria-label='the bar room']")
    expect(room).to_have_count(1)
    # the fighters are the drawing's top layer, laid over the floor in an <svg> of its own
    fighters = page.locator(".br-room-pane svg.cs-layer-top")
    expect(room.locator("desc")).to_contain_text("Vic to act")
    expect(room.locator("polygon")).to_have_count(96)
    ring = "g.br-fighter[data-name='{}'] circle"
    expect(fighters.locator(ring.format("Vic"))).to_have_attribute("stroke", "#e0a800")
    # mark the floor's first hex: a floor built again would lose the mark
    room.locator("polygon").first.evaluate("p => { p.dataset.kept = 'yes' }")
    frames.clear()
    page.locator(".br-apply button").click()  # the menu's first action: stay Vic
    expect(page.locator(".br-status")).to_contain_text("Jonesy")
    expect(room.locator("desc")).to_contain_text("Jonesy to act")
    expect(fighters.locator(ring.format("Jonesy"))).to_have_attribute("stroke", "#e0a800")
    expect(fighters.locator(ring.format("Vic"))).to_have_attribute("stroke", "#222")
    assert room.locator("polygon").first.get_attribute("data-kept") == "yes"
    expect(room.locator("polygon")).to_have_count(96)
    sent = "".join(f for f in frames if '"events"' in f)
    assert "br-fighter" in sent and "polygon" not in sent
    events = [e for f in frames if '"events"' in f for e in json.loads(f)["events"]]
    assert {e.get("attr") for e in events} >= {"top", "text"}


def test_an_action_and_its_undo_keep_the_page_one_height_and_the_list_fills(serve, page):
    """The transcript's box has one height, so a line more or less does not resize the page (a
    resize made the browser measure every part of it again, issue 14); the action list shows its
    chosen line with the change and writes the other options once the page is idle, and they are
    the game's legal actions, in order."""
    from layout_checks import settled

    from cs_panel.ui.barrooms_table import _demo

    game = _demo()
    legal = [str(a) for a in game.legal_actions(game.waiting_for[0])]
    after = game.apply(legal[0])
    then = [str(a) for a in after.legal_actions(after.waiting_for[0])]
    page.goto(serve(table_app))
    select = page.locator(".br-actions select")
    options = lambda: select.evaluate("s => [...s.options].map(o => o.value)")  # noqa: E731
    expect(select.locator("option")).to_have_count(len(legal))
    assert options() == legal
    settled(page)  # measured once the page is whole: under load its foot can come in later
    high = page.evaluate("() => document.documentElement.scrollHeight")
    page.locator(".br-apply button").click()
    expect(page.locator(".br-status")).to_contain_text("Jonesy")
    expect(select.locator("option")).to_have_count(len(then))  # filled when the page was idle
    assert options() == then and select.input_value() == then[0]
    settled(page)
    assert page.evaluate("() => document.documentElement.scrollHeight") == high
    page.locator(".br-undo button").click()
    expect(page.locator(".br-status")).to_contain_text("Vic")
    expect(select.locator("option")).to_have_count(len(legal))
    assert options() == legal and select.input_value() == legal[0]
    settled(page)
    assert page.evaluate("() => document.documentElement.scrollHeight") == high


def test_the_list_shows_the_chosen_line_at_once_and_every_line_when_reached(serve, page):
    """Between the change and the page's next idle moment the list holds only its chosen line;
    focusing it (as a click or the Tab key does) writes every option at once."""
    from cs_panel.ui.barrooms_table import _demo

    after = _demo().apply(str(_demo().legal_actions(_demo().waiting_for[0])[0]))
    then = [str(a) for a in after.legal_actions(after.waiting_for[0])]
    page.goto(serve(table_app))
    select = page.locator(".br-actions select")
    expect(select.locator("option")).not_to_have_count(0)
    # hold the idle moment back, so the list is caught between the change and its filling
    page.evaluate("() => { window.__idle = []; window.requestIdleCallback = f => window.__idle.push(f) }")
    page.locator(".br-apply button").click()
    expect(page.locator(".br-status")).to_contain_text("Jonesy")
    expect(select.locator("option")).to_have_count(1)
    assert select.input_value() == then[0]
    select.focus()
    expect(select.locator("option")).to_have_count(len(then))
    assert select.evaluate("s => [...s.options].map(o => o.value)") == then and select.input_value() == then[0]
