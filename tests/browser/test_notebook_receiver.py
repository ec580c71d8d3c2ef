"""A notebook view's message receiver falls back into step after a change it only half received
(``cs_panel.ui.REALIGN_RECEIVERS``). The kernel sends a change as header, metadata and content
messages; Panel's notebook handlers drop the parts that come before the view is registered, so a
view registered mid-change used to join every later change one part out of step."""

import json

from bokeh.resources import INLINE

from cs_panel.ui import REALIGN_RECEIVERS

# one change, as the kernel sends it: header, metadata, content (no buffers)
FEED = """(parts) => {
  const receiver = new Bokeh.protocol.Receiver();
  const joined = [];
  for (const part of parts) {
    receiver.consume(part);
    if (receiver.message != null && receiver._current_consumer === receiver._HEADER) {
      joined.push(receiver.message.content);
    }
  }
  return joined;
}"""


def change(msgid: str, events: list) -> list[str]:
    header = json.dumps({"msgid": msgid, "msgtype": "PATCH-DOC", "num_buffers": 0})
    return [header, "{}", json.dumps({"events": events})]


def bokeh_page(page, realign: bool):
    page.set_content("<html><body></body></html>")
    for js in INLINE.js_raw:
        page.add_script_tag(content=js)
    if realign:
        page.add_script_tag(content=REALIGN_RECEIVERS)
        page.wait_for_function("() => Bokeh.protocol.Receiver.prototype._csRealigns === true")


def test_a_receiver_that_starts_mid_change_joins_the_next_change_whole(page):
    first, second, third = change("a", [{"kind": "A"}]), change("b", [{"kind": "B"}]), change("c", [{"kind": "C"}])
    parts = first[1:] + second + third  # the first change's header came before the view was registered
    bokeh_page(page, realign=True)
    assert page.evaluate(FEED, parts) == [{"events": [{"kind": "B"}]}, {"events": [{"kind": "C"}]}]
    # a receiver that saw every part joins every change, as before
    assert page.evaluate(FEED, first + second) == [{"events": [{"kind": "A"}]}, {"events": [{"kind": "B"}]}]


def test_without_the_realignment_every_later_change_is_joined_out_of_step(page):
    """What the notebooks did before: the second and third changes come out as garbage (a header
    taken for content), which bokeh then fails to apply ("s is not iterable")."""
    parts = change("a", [])[1:] + change("b", [{"kind": "B"}]) + change("c", [{"kind": "C"}])
    bokeh_page(page, realign=False)
    joined = page.evaluate(FEED, parts)
    assert [j.get("msgid") for j in joined] == ["b", "c"]  # each change's header taken for its content
