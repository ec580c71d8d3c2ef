"""How a served app's answers travel to the browser: whole, and without waiting on the network;
and how a page is built without work nobody sees.

Twelve things made a player of the served app wait for nothing (issue 14, measured with
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
   keystroke, and a search is quick), so the server does not wait (``DEBOUNCE_MS`` is 0): the
   change is handled on the server's next turn, after every change that came in the same message.
   (Until stop 39 it waited 10 ms; waiting nothing then gained nothing, because of point 11.)

4. **A spelling hint for every update of a custom component.** Before it writes a change to a
   ``JSComponent`` (``LayeredSvg``, ``LongSelect``, ``ChipChoice``), Panel looks each changed name
   up on the component's outer model, where the data properties are not; bokeh answers each miss
   by working out the closest names with difflib, to word its error, which Panel then ignores:
   about 0.3 ms of each click on the play tables and the Aces map. ``_freeze_doc`` is Panel's
   check with the lookup made only for names the model has (the same answer: no value).

5. **Script the page never runs.** Panel's page for a session loads bokeh's MathJax bundle
   (1.8 MB) whenever the page holds any HTML or Markdown pane, in case its text holds TeX, its
   WebGL bundle (0.2 MB) always, and under ``panel serve`` Tabulator's scripts (0.5 MB), because
   that command imports the model. The app shows no TeX (in a notebook Panel loads MathJax only
   when asked, as here), no WebGL plot and no Tabulator, yet each page load parsed those 2.5 MB:
   about 0.3 s of the browser's CPU a page on this machine. ``_lean_bundle`` leaves MathJax out
   unless a model needs it by bokeh's own test (a ``MathText`` anywhere on the page) or
   ``pn.extension("mathjax")`` asked for it, leaves the WebGL bundle out unless a plot draws with
   WebGL (bokeh's own test again), and loads a Panel extension's scripts only if
   ``pn.extension(...)`` named it, as Panel already does for an app that calls ``pn.extension()``.
   Without MathJax an HTML pane shows its text as it is.

6. **The design's stylesheets worked out for every update.** Each time a component's parameter
   changes, Panel asks the page's design for the component's parameters (its stylesheets, found
   by checking the theme's CSS files on disk: an ``os.stat`` each time), and uses them only when
   the change is to the component's own stylesheets. A click that rewrote five panes asked five
   times: about 0.1 ms an update on this machine, each pane past the first a cost a trivial app
   with one pane does not pay. ``changed_properties`` asks only for a change of stylesheets, and
   gives the same answer.

7. **A whole pane rebuilt for one changed word.** Panel's view of an HTML pane sets its new text
   as the pane's ``innerHTML``, so the browser builds every element of the pane again, and styles,
   lays out and paints them, for one number changed in it. The page's bundle (``_lean_bundle``)
   carries ``morph.MORPH_PANES_JS``, which has those views lay the new markup over the old,
   touching only what differs (``cs_panel/ui/morph.py``; a notebook gets it from
   ``cs_panel.ui.notebook()``).

8. **Diagnostics for mistakes the app does not make, on every page.** Bokeh checks the signature
   of every change callback as it is registered (``inspect.signature``), and words a spelling
   hint for every missed attribute (point 4's cost, wherever else it happens). Panel registers
   such a callback for each property of each model it builds, all its own: about a hundred and
   fifty a small page, an eighth of building it. Bokeh's own setting
   ``perform_error_diagnostics`` (the environment's ``BOKEH_PERFORM_ERROR_DIAGNOSTICS``) turns
   both off; ``serve_quickly`` turns it off unless that variable is set, so a developer who
   wants them back sets it.
9. **The page's model graph worked out ten times over.** Building a page, Panel adds the
   template's roots to the session's document one by one, and bokeh walks the whole graph of
   models again after each (``recompute``), about a tenth of the build. ``BaseTemplate.server_doc``
   now builds inside ``doc.models.freeze()``, bokeh's way to walk it once, at the end.
   Points 8 and 9 took about a sixth off building the app's pages on this machine (all twenty,
   interleaved: 9.5 s -> 8.0 s of CPU; ``benchmarks/page_open.py`` measures it).

10. **Every model's defaults worked out afresh.** Building a model, bokeh works out the default
   of each property the model was not given: it merges the overridden defaults of every class of
   the model's ancestry again (``HasProps._overridden_defaults``, a walk of the class's MRO), then
   checks the default against the property's type again (``themed_default``), though neither can
   differ from the last model of the same class. And each check of a dict property words its
   error message first, whatever the answer: the name of its type, spelt out recursively
   (``Dict(String, Nullable(String))``...). Panel's models have a hundred-odd properties each,
   so building a page did this some thousands of times. ``remember_defaults`` keeps each class's
   merged overrides, each class's checked default when it is a plain value (None, a bool, a
   number, a string) no theme overrides, whether a property's default is made anew for each model
   of a class, and each property type's name, once worked out:
   the same answers, about a third fewer calls in building a component's page.

11. **A reply held back 10 ms behind an acknowledgement.** Bokeh acknowledges each change the
   browser sends with a message of its own, written under the socket's write lock. Panel writes a
   change's answer at once unless that lock is held; then it keeps the answer and looks at the lock
   again every 10 ms (``panel.io.document._dispatch_msgs``). A value handled without waiting
   (point 3) is handled while the acknowledgement is still being written, so its answer waited
   those 10 ms, and the 10 ms wait Panel's debounce had become was all that kept the lock free.
   ``_dispatch_msgs`` here waits in the lock's own queue first and then has Panel's write the
   answer, so it leaves as soon as the acknowledgement has: a trivial app's answer to a new choice in a list came back in about
   23 ms instead of 28 to 33 (``benchmarks/latency.py``), and every component's with it.

12. **Every parameter of the session's state unlocked and locked again, several times a change.**
   Panel marks the session busy while it handles a browser change and not busy after
   (``pn.state.busy``, which a template's spinner follows), and a widget takes the browser's new
   value, each inside ``edit_readonly``, which sets ``readonly`` and ``constant`` off on every one
   of the object's parameters and back again: about 300 parameter writes a change, most of which
   change nothing. ``_edit_readonly`` touches only the parameters that were read-only or constant,
   with the same flags at every step; the busy state's on-and-off 1.3 to 1.4 ms -> 0.6 ms, a list's
   whole handling of a new choice 2.0 to 2.2 ms -> 0.9 to 1.2 ms (in-process, five runs of a
   thousand each, in turn).

``serve_quickly()`` switches all twelve on for the whole process. It is idempotent; the served app
(``create_app``, the ``cs-panel serve`` command) calls it, and the latency benchmark calls it for
its trivial app and the components alike, so the two are measured on the same server.
The first three, the fifth, the seventh, the ninth and the eleventh change nothing in a notebook
(a kernel's documents have no server session, its page is bundled elsewhere, and it shows no
template); the fourth, the sixth and the twelfth give Panel's own answer wherever they run, and the
eighth turns off checks that never fail for Panel's own callbacks. The tenth gives bokeh's own
answers, sooner, wherever it runs: ``cs_panel.ui.notebook()`` switches it on too.
"""

from __future__ import annotations

import contextlib
import functools
import os

from cs_panel.ui.morph import MORPH_PANES_JS

_DONE = False
DEBOUNCE_MS = 0  # Panel's default is 50 (point 3)
#: Panel's and bokeh's own functions that serve_quickly replaced outright, by name
PANELS: dict = {}


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


def changed_properties(self, *events, doc):
    """``panel.reactive.Reactive._update_properties`` (Panel 1.9), asking the design for the
    component's parameters only when its stylesheets change, the one case that reads them (the
    module's docstring, point 6)."""
    changes = {event.name: event.new for event in events}
    if "stylesheets" in changes and self._design:
        params, _ = self._design.params(self, doc)
        if "stylesheets" in params:
            changes["stylesheets"] = params["stylesheets"] + changes["stylesheets"]
    return self._process_param_change(changes)


def _lean_bundle(bundle_resources):
    """``panel.io.server``'s ``bundle_resources`` for a session's page, loading only the scripts the
    page uses (the module's docstring, point 5), and carrying the HTML panes' morph (point 7)."""
    if getattr(bundle_resources, "_cs_panel_lean", False):
        return bundle_resources

    @functools.wraps(bundle_resources)
    def bundle(roots, resources, notebook=False, reloading=False, enable_mathjax="auto"):
        from bokeh.embed.bundle import _use_gl, _use_mathjax
        from panel.config import panel_extension
        from panel.io.state import state

        models = {m for root in roots or () for m in root.references()}
        if enable_mathjax == "auto":
            # bokeh's own test, over every model of the page (Panel's looks at the roots alone)
            enable_mathjax = "mathjax" in panel_extension._loaded_extensions or _use_mathjax(models)
        if "bokeh-gl" in getattr(resources, "components", ()) and not _use_gl(models) \
                and not getattr(resources, "absolute", False):  # (a clone would lose absolute)
            resources = resources.clone(components=[c for c in resources.components if c != "bokeh-gl"])
        if state.curdoc is not None and state._extensions is None:
            # what pn.extension() with no names records for a session's document: no extension's
            # scripts beyond the ones named (panel.io.resources._collect_external_resources)
            state._extensions_[state.curdoc] = []
        out = bundle_resources(roots, resources, notebook=notebook, reloading=reloading,
                               enable_mathjax=enable_mathjax)
        if not notebook:  # point 7: the page's HTML panes take their changes by morph
            out.js_raw.append(MORPH_PANES_JS)
        return out

    bundle._cs_panel_lean = True  # type: ignore[attr-defined]
    return bundle


async def _dispatch_msgs(doc):
    """``panel.io.document._dispatch_msgs`` (Panel 1.9), entered only once bokeh has let go of the
    write lock of each socket the held messages wait for (the module's docstring, point 11).
    Panel's function writes them, in the order held; it looked at a held lock again every 10 ms,
    and does so still in the rare case another writer takes the lock first."""
    from panel.io import document as pdoc

    for conn in list(pdoc._WRITE_MSGS.get(doc, {})):
        lock = getattr(conn._socket, "write_lock", None)
        if lock is not None and lock._block._value == 0:
            # bokeh releases it as soon as its own message (the acknowledgement of the browser's
            # change among them) is written; a destroyed document's tasks, this wait among them,
            # are cancelled by Panel
            async with lock:
                pass
    await PANELS["_dispatch_msgs"](doc)


@contextlib.contextmanager
def _edit_readonly(parameterized):
    """``panel.util.edit_readonly`` (Panel 1.9): inside, every parameter of ``parameterized`` may be
    set; after, each is read-only and constant exactly as before, even after an error. Only the
    parameters that were read-only or constant are touched (the module's docstring, point 12)."""
    locked = [(p, p.readonly, p.constant) for p in parameterized.param.objects("existing").values()
              if p.readonly or p.constant]
    for p, _, _ in locked:
        p.readonly = False
        p.constant = False
    try:
        yield
    finally:
        for p, readonly, constant in locked:
            p.readonly = readonly
            p.constant = constant


def _lighter_edit_readonly() -> None:
    """Give every Panel module that imported ``edit_readonly`` ``_edit_readonly`` instead (point 12);
    the package's own name too, for modules imported later. Idempotent."""
    import sys

    from panel.util import parameters

    theirs = PANELS.setdefault("edit_readonly", parameters.edit_readonly)
    for name, module in list(sys.modules.items()):
        if (name == "panel" or name.startswith("panel.")) and getattr(module, "edit_readonly", None) is theirs:
            module.edit_readonly = _edit_readonly


def quiet_diagnostics(environ=os.environ) -> bool:
    """Turn bokeh's error diagnostics off (point 8) unless ``BOKEH_PERFORM_ERROR_DIAGNOSTICS`` is
    set in ``environ``: a developer's own choice stands. Returns whether they are now off."""
    from bokeh.settings import settings

    if environ.get("BOKEH_PERFORM_ERROR_DIAGNOSTICS") is None:
        settings.perform_error_diagnostics.set_value(False)
    return not settings.perform_error_diagnostics()


def _built_frozen(server_doc):
    """``BaseTemplate.server_doc`` building inside its document's ``models.freeze()``, so bokeh
    works out the page's model graph once, when the page is whole (point 9)."""
    if getattr(server_doc, "_cs_panel_frozen", False):
        return server_doc

    @functools.wraps(server_doc)
    def build(self, doc=None, title=None, location=True):
        from panel.io.state import state

        target = doc if doc is not None else state.curdoc
        if target is None:  # Panel makes the document itself: nothing to freeze yet
            return server_doc(self, doc, title=title, location=location)
        with target.models.freeze():
            return server_doc(self, target, title=title, location=location)

    build._cs_panel_frozen = True  # type: ignore[attr-defined]
    return build


#: the plain values a checked default may be kept as (nothing a model could change in place)
_PLAIN = (type(None), bool, int, float, str)


def remember_defaults() -> None:
    """Keep what bokeh works out for every model it builds and cannot differ from one model of a
    class to the next (the module's docstring, point 10): a class's merged overridden defaults, a
    property's checked default for a class when it is a plain value and no theme overrides it,
    whether a property's default must be made anew for each model of a class, and a property
    type's name. Bokeh's own functions still work out each the first time, so every
    answer, and every refusal of a bad default, is theirs. Safe to call more than once."""
    from bokeh.core.has_props import HasProps
    from bokeh.core.property.bases import ParameterizedProperty, Property
    from bokeh.core.property.descriptors import PropertyDescriptor

    if getattr(Property.themed_default, "_cs_panel_kept", False):
        return
    merged = HasProps.__dict__["_overridden_defaults"].__func__
    overrides: dict[type, dict] = {}

    def _overridden_defaults(cls):
        # set by bokeh's metaclass as each class is made, never changed after; the callers only read it
        found = overrides.get(cls)
        if found is None:
            found = overrides[cls] = merged(cls)
        return found

    themed_default = Property.themed_default
    kept: dict[tuple[int, type, str], object] = {}
    missing = object()

    @functools.wraps(themed_default)
    def remembered_default(self, cls, name, theme_overrides, *, no_eval=False):
        if theme_overrides is not None and name in theme_overrides:
            return themed_default(self, cls, name, theme_overrides, no_eval=no_eval)
        # a property lives as long as its class, which the key holds: its id names it alone
        key = (id(self), cls, name)
        value = kept.get(key, missing)
        if value is missing:
            value = themed_default(self, cls, name, theme_overrides, no_eval=no_eval)
            # only a plain value: a list, a dict or a model must be a new one for each model, and
            # a default made by a function is made again each time
            if type(value) in _PLAIN and not callable(self._default) \
                    and not callable(_overridden_defaults(cls).get(name)):
                kept[key] = value
        return value

    remembered_default._cs_panel_kept = True  # type: ignore[attr-defined]
    spelt = ParameterizedProperty.__str__

    @functools.wraps(spelt)
    def name_of_type(self):
        # a property's type parameters are set when it is made and never change
        found = self.__dict__.get("_cs_panel_name")
        if found is None:
            found = self.__dict__["_cs_panel_name"] = spelt(self)
        return found

    unstable = PropertyDescriptor.has_unstable_default
    unstable_in: dict[tuple[int, type], bool] = {}

    @functools.wraps(unstable)
    def has_unstable_default(self, obj):
        # asked for every property of every model as it is made; the answer reads the property and
        # the model's class alone (its overridden defaults), and the class outlives its descriptors
        key = (id(self), type(obj))
        found = unstable_in.get(key)
        if found is None:
            found = unstable_in[key] = unstable(self, obj)
        return found

    HasProps._overridden_defaults = classmethod(_overridden_defaults)
    Property.themed_default = remembered_default
    ParameterizedProperty.__str__ = name_of_type
    PropertyDescriptor.has_unstable_default = has_unstable_default
    PANELS.update(_overridden_defaults=merged, themed_default=themed_default, type_name=spelt,
                  has_unstable_default=unstable)


def serve_quickly() -> None:
    """Turn off Nagle's algorithm on the app's websockets, send each browser change's updates in
    one message, handle a new value on the server's next turn, not 50 ms later, and write custom
    components' changes without bokeh's spelling hints, load no script a page does not use, ask the
    design for a component's stylesheets only when they change, have HTML panes take their changes
    by morph, turn bokeh's diagnostics off, build a page's document frozen, keep what bokeh works
    out for every model of a class alike, send an answer Panel held back behind bokeh's
    acknowledgement as soon as that is written, and unlock only the locked parameters when Panel
    edits read-only ones (see the module's docstring).
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
    import panel.io.server

    panel.io.server.bundle_resources = _lean_bundle(panel.io.server.bundle_resources)
    import panel.io.document

    PANELS["_dispatch_msgs"] = panel.io.document._dispatch_msgs
    panel.io.document._dispatch_msgs = _dispatch_msgs
    _lighter_edit_readonly()
    from panel.reactive import Reactive

    PANELS["_update_properties"] = Reactive._update_properties  # kept, for the test that compares them
    Reactive._update_properties = changed_properties
    quiet_diagnostics()
    from panel.template.base import BaseTemplate

    BaseTemplate.server_doc = _built_frozen(BaseTemplate.server_doc)
    remember_defaults()
    _DONE = True
