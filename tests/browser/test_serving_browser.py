"""The served app sends a click's answer in one message, on a socket without Nagle's wait
(cs_panel/ui/serving.py, issue 14)."""

import json
import socket

from playwright.sync_api import expect

from cs_panel.ui import ClixDial


def dial_app():
    import panel as pn

    from cs_panel.ui.serving import serve_quickly

    serve_quickly()  # as create_app and the cs-panel serve command do
    return pn.Column(ClixDial())


def test_a_click_is_answered_in_one_message_on_a_socket_without_delay(serve, page, ws_frames):
    frames = ws_frames
    page.goto(serve(dial_app))
    slot = page.locator(".dial-slot .slot-text")
    expect(slot).to_contain_text("click 0:")
    frames.clear()
    page.locator(".dial-forward button").click()
    expect(slot).to_contain_text("click 1:")
    expect(page.locator(".dial-svg text.cs-slot-value[data-stat='piloting']")).to_have_text("7")

    # Bokeh sends a message as a header, its metadata and its content: the content follows its header
    headers = [i for i, f in enumerate(frames) if f.startswith("{") and '"msgtype"' in f]
    patches = [i for i in headers if json.loads(frames[i])["msgtype"] == "PATCH-DOC"]
    assert len(patches) == 1, f"a click's updates came in {len(patches)} messages"
    events = json.loads(frames[patches[0] + 2])["events"]
    # the dial's drawing, its slot line, its status and its teaching note change together
    assert len(events) >= 3, events

    # every websocket the server holds for this page has Nagle's algorithm off
    from panel.io.state import state

    sockets = [conn._socket.ws_connection.stream.socket
               for server, _, _ in state._servers.values()
               for session in server.get_sessions()
               for conn in session._subscribed_connections]
    assert sockets
    assert all(s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) for s in sockets)
