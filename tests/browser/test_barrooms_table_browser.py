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
    expect(room.locator("desc")).to_contain_text("Vic to act")
    expect(room.locator("polygon")).to_have_count(96)
    ring = "g.br-fighter[data-name='{}'] circle"
    expect(room.locator(ring.format("Vic"))).to_have_attribute("stroke", "#e0a800")
    # mark the floor's first hex: a floor built again would lose the mark
    room.locator("polygon").first.evaluate("p => { p.dataset.kept = 'yes' }")
    frames.clear()
    page.locator(".br-apply button").click()  # the menu's first action: stay Vic
    expect(page.locator(".br-status")).to_contain_text("Jonesy")
    expect(room.locator("desc")).to_contain_text("Jonesy to act")
    expect(room.locator(ring.format("Jonesy"))).to_have_attribute("stroke", "#e0a800")
    expect(room.locator(ring.format("Vic"))).to_have_attribute("stroke", "#222")
    assert room.locator("polygon").first.get_attribute("data-kept") == "yes"
    expect(room.locator("polygon")).to_have_count(96)
    sent = "".join(f for f in frames if '"events"' in f)
    assert "br-fighter" in sent and "polygon" not in sent
    events = [e for f in frames if '"events"' in f for e in json.loads(f)["events"]]
    assert {e.get("attr") for e in events} >= {"top", "text"}
