"""How a served app's answers travel to the browser: whole, and without waiting on the network.

Four things made a player of the served app wait for nothing (issue 14, measured with
``benchmarks/latency.py`` and a trace of the page's websocket messages):

1. **Nagle's algorithm.** Bokeh writes every message as three websocket frames (header, metadata,
   content). With the operating system's default, the second frame waits until the browser has
   acknowledged the first, and the browser delays that acknowledgement: about 40 ms on every
   answer to a button on this machine, against 5 ms for the work itself. Tornado's own advice for
   websockets that send small messages and want them fast is ``set_nodelay(True)``; we set it on
   each websocket as it opens.
2. **One message per changed pane.** Under ``panel serve``, Panel sends each model a callback
   changes in a message of its own, so a click that redraws a dial, its slot, its status and its
   teaching note sent four messages, each parsed and laid out by the browser in turn. In a
   notebook Panel already holds a change's updates and sends them together; here the server does
   the same: every change from the browser (a widget's new value, a button's click) is handled
   inside ``pn.io.hold``, so all that it changes goes to the browser in one message.
   One cost: the template's busy spinner, switched on and off within the change, is switched in
   that same message, so it no longer flashes; no change of ours takes long enough to want it
   (the slowest, a FASA computer's plot, about 0.3 s).
3. **A 50 ms wait before every new value.** Panel's server holds a widget's changed value for
   50 ms before handling it, so that a burst of changes is handled once; every number or text a
   player enters waited those 50 ms (a trivial app's answer to a new number: 65 ms, of which 50 the
   wait). Our inputs send a value once, when it is entered (only the rules search follows each
   keystroke, and a search is quick), so the server waits 10 ms (``DEBOUNCE_MS``), still enough
   to take changes that arrive together as one.

4. **A spelling hint for every update of a custom component.** Before it writes a change to a
   ``JSComponent`` (``LayeredSvg``, ``LongSelect``, ``ChipChoice``), Panel looks each changed name
   up on the component's outer model, where the data properties are not; bokeh answers each miss
   by working out the closest names with difflib, to word its error, which Panel then ignores:
   about 0.3 ms of each click on the play tables and the Aces map. ``_freeze_doc`` is Panel's
   check with the lookup made only for names the model has (the same answer: no value).

``serve_quickly()`` switches all four on for the whole process. It is idempotent; the served app
(``create_app``, the ``cs-panel serve`` command) calls it, and the latency benchmark calls it for
its trivial app and the components alike, so the two are measured on the same server.
The first three change nothing in a notebook (a kernel's documents have no server session); the
fourth gives Panel's own answer wherever it runs.
"""

from __future__ import annotations

import functools

_DONE = False
DEBOUNCE_MS = 10  # Panel's default is 50


def _held(method):
    """``method(self, doc, ...)`` run inside ``pn.io.hold(doc)`` when ``doc`` belongs to a server
    session, so the updates it causes leave in one message."""
    from panel.io.document import hold

    @functools.wraps(method)
    def run(self, doc, *args, **kwargs):
        if doc is None or getattr(doc, "session_context", None) is None:
            return method(self, doc, *args, **kwargs)
        with hold(doc):
            return method(self, doc, *args, **kwargs)
    run._cs_panel_held = True  # type: ignore[attr-defined]
    return run


def _freeze_doc(doc, model, properties, force=False):
    """``panel.io.document.freeze_doc`` (Panel 1.9), with ``getattr(model, key, None)`` made only
    for the properties ``model`` has: a miss answers None either way, without bokeh's difflib
    search for a spelling hint (see the module's docstring, point 4)."""
    from bokeh.model.util import visit_immediate_value_references
    from panel.io.document import freeze_doc

    if force or not hasattr(doc, "_roots"):
        return freeze_doc(doc, model, properties, force=force)
    known = model.properties()
    dirty = []
    for key, value in properties.items():
        visit_immediate_value_references(getattr(model, key, None) if key in known else None, dirty.append)
        visit_immediate_value_references(value, dirty.append)
    return freeze_doc(doc, model, {}, force=bool(dirty))


def serve_quickly() -> None:
    """Turn off Nagle's algorithm on the app's websockets, send each browser change's updates in
    one message, wait 10 ms, not 50, before handling a new value, and write custom components'
    changes without bokeh's spelling hints (see the module's docstring).
    Safe to call more than once."""
    global _DONE
    if _DONE:
        return
    from panel.io.server import WSHandler
    from panel.reactive import Syncable

    opened = WSHandler.open

    @functools.wraps(opened)
    def open_without_delay(self, *args, **kwargs):
        result = opened(self, *args, **kwargs)
        if self.ws_connection is not None:  # None once the handshake was refused
            self.set_nodelay(True)
        return result

    WSHandler.open = open_without_delay
    # the two ways a browser change enters Panel on a server: a property change (a widget's value)
    # and a bokeh event (a button's click); Panel's notebook path already holds both
    for name in ("_change_event", "_process_bokeh_event"):
        method = getattr(Syncable, name)
        if not getattr(method, "_cs_panel_held", False):
            setattr(Syncable, name, _held(method))
    Syncable._debounce = DEBOUNCE_MS
    import panel.custom

    panel.custom.freeze_doc = _freeze_doc
    _DONE = True
