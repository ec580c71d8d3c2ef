"""cs_panel/ui/serving.py without a browser: what serve_quickly changes, and that a document
outside a server (a notebook's, a test's) is handled exactly as before. The browser test
(tests/browser/test_serving_browser.py) counts the messages and reads the socket option."""

import panel as pn
from bokeh.document import Document
from panel.io.server import WSHandler
from panel.reactive import Syncable

from cs_panel.ui.serving import DEBOUNCE_MS, serve_quickly


def test_serve_quickly_is_idempotent_and_sets_its_three_changes():
    serve_quickly()
    opened, change, event = WSHandler.open, Syncable._change_event, Syncable._process_bokeh_event
    serve_quickly()  # again: nothing is wrapped twice
    assert (WSHandler.open, Syncable._change_event, Syncable._process_bokeh_event) == (opened, change, event)
    assert change._cs_panel_held and event._cs_panel_held
    assert Syncable._debounce == DEBOUNCE_MS < 50


def test_a_change_outside_a_server_is_handled_at_once_as_before():
    serve_quickly()
    box = pn.widgets.IntInput(value=1)
    pane = pn.pane.HTML("1")
    box.param.watch(lambda e: setattr(pane, "object", str(e.new)), "value")
    doc = Document()
    model = box.get_root(doc)
    pane.get_root(doc)
    assert doc.session_context is None
    box._server_change(doc, model.ref["id"], None, "value", 1, 5)  # no session: no hold, no wait
    assert box.value == 5 and pane.object == "5"
