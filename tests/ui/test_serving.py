"""cs_panel/ui/serving.py without a browser: what serve_quickly changes, and that a document
outside a server (a notebook's, a test's) is handled exactly as before. The browser test
(tests/browser/test_serving_browser.py) counts the messages and reads the socket option."""

import math
import threading
from functools import partial
from types import SimpleNamespace

import panel as pn
import pytest
from bokeh.document import Document
from panel.io.server import WSHandler
from panel.reactive import Syncable

from cs_panel.ui.serving import DEBOUNCE_MS, serve_quickly


def test_serve_quickly_is_idempotent_and_sets_its_changes():
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


def test_a_custom_components_change_is_written_without_spelling_hints_and_still_freezes_for_models(monkeypatch):
    """Point 4: Panel's check before a JSComponent's change looked each data property up on the
    outer model, and bokeh worked out spelling hints (difflib) for every miss. After serve_quickly
    no hint is worked out, the change arrives, and a value that holds a model still freezes the
    document's references while it is written, as Panel's own check does."""
    import difflib

    import panel.custom
    from bokeh.models import Div

    from cs_panel.ui.long_select import LongSelect
    from cs_panel.ui.serving import _freeze_doc

    serve_quickly()
    assert panel.custom.freeze_doc is _freeze_doc
    hints = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches", lambda *a, **k: hints.append(a[0]) or real(*a, **k))
    menu = LongSelect(options=["a"], value="a")
    doc = Document()
    doc.add_root(pn.Column(menu).get_root(doc))
    menu.param.update(options=["a", "b"], value="b")
    data = next(m for m in doc.models if type(m).__name__ == "ReactiveESM").data
    assert (data.lines, data.value) == ("a\nb", "b") and hints == []
    frozen = []
    monkeypatch.setattr(doc.models, "_push_freeze", lambda: frozen.append(True))
    monkeypatch.setattr(doc.models, "_pop_freeze", lambda: None)
    with _freeze_doc(doc, data, {"lines": "x"}):
        pass
    with _freeze_doc(doc, data, {"lines": [Div()]}):  # a value holding a model: references frozen
        pass
    assert frozen == [True]


def _page_scripts(app) -> list[str]:
    """The script addresses of ``app``'s page as a server sends it (served in this process)."""
    import re
    import socket
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = pn.serve(app, port=port, address="127.0.0.1", threaded=True, show=False)
    try:
        for _ in range(100):
            try:
                html = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20).read().decode()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the page was never served")
    finally:
        server.stop()  # this server only: the browser tests' shared server may run in this worker
    return re.findall(r'<script[^>]* src="([^"]+)"', html)


def test_a_page_loads_no_mathjax_webgl_or_tabulator_it_does_not_use():
    """Point 5: a page of Markdown and widgets (Panel would add MathJax for its HTML model) loads
    bokeh and Panel but not bokeh-mathjax or bokeh-gl, even with Tabulator's model imported (as
    ``panel serve`` imports it); a page with a TeX title (bokeh's MathText) still gets MathJax,
    and one with a WebGL plot the WebGL bundle."""
    import panel.models.tabulator  # noqa: F401  (what `panel serve`'s command line imports)
    from bokeh.models import TeX
    from bokeh.plotting import figure

    serve_quickly()
    plain = _page_scripts(lambda: pn.Column(pn.pane.Markdown("**two** $x$ and $y$"), pn.widgets.IntInput()))
    assert any("bokeh.min.js" in s for s in plain) and any("panel.min.js" in s for s in plain), plain
    assert not [s for s in plain if "mathjax" in s or "tabulator" in s or "luxon" in s or "bokeh-gl" in s], plain
    assert any("bokeh-tables" in s for s in plain), plain  # panel.min.js needs it on every page

    def tex():
        fig = figure(width=200, height=200)
        fig.title.text = TeX(text=r"x^2")  # a title bokeh draws with MathJax
        return pn.Column(pn.pane.Bokeh(fig))

    assert any("bokeh-mathjax" in s for s in _page_scripts(tex))

    def webgl():
        return pn.Column(pn.pane.Bokeh(figure(width=200, height=200, output_backend="webgl")))

    assert any("bokeh-gl" in s for s in _page_scripts(webgl))


def test_lean_bundle_passes_an_explicit_choice_through():
    """A caller that decides MathJax itself (Panel's notebook path passes True or False) is obeyed."""
    from cs_panel.ui.serving import _lean_bundle

    seen = []

    def bundle(roots, resources, **kw):
        seen.append(kw["enable_mathjax"])
        return SimpleNamespace(js_raw=[])

    lean = _lean_bundle(bundle)
    lean([], None, enable_mathjax=True)
    lean([], None, enable_mathjax=False)
    lean([], None)  # no roots, no extension asked for: none
    assert seen == [True, False, False]
    assert _lean_bundle(lean) is lean  # not wrapped twice


def test_a_served_page_carries_the_html_panes_morph_and_a_notebook_bundle_does_not():
    """Point 7: a session's page gets MORPH_PANES_JS with its scripts; Panel's notebook bundle
    does not (cs_panel.ui.notebook() sends it there). What it does: test_morph_panes_browser.py."""
    from cs_panel.ui.morph import MORPH_PANES_JS
    from cs_panel.ui.serving import _lean_bundle

    lean = _lean_bundle(lambda roots, resources, **kw: SimpleNamespace(js_raw=["bokeh's own"]))
    assert lean([], None).js_raw == ["bokeh's own", MORPH_PANES_JS]
    assert lean([], None, notebook=True).js_raw == ["bokeh's own"]


def test_a_change_asks_the_design_for_stylesheets_only_when_they_change_and_sends_what_panel_would(monkeypatch):
    """Point 6: Panel's _update_properties built the design's parameters (stylesheets, with an
    os.stat of the theme's CSS) for every change, and used them only for a change of stylesheets.
    After serve_quickly a pane's or a widget's change builds none of them unless its stylesheets
    change, and the properties that go to the model are Panel's own, stylesheets included."""
    import param
    from panel.reactive import Reactive
    from panel.theme.base import Design

    from cs_panel.ui import serving

    serve_quickly()
    assert Reactive._update_properties is serving.changed_properties
    panels = serving.PANELS["_update_properties"]
    assert panels is not serving.changed_properties

    def text(props):  # stylesheet models are made anew each time: compared by their text
        return {k: [getattr(s, "css", None) or getattr(s, "url", None) or s for s in v] if k == "stylesheets" else v
                for k, v in props.items()}

    built = []
    original = Design.params
    monkeypatch.setattr(Design, "params", lambda self, *a, **k: built.append(1) or original(self, *a, **k))
    cases = [(pn.pane.HTML("a"), [{"object": "b"}, {"styles": {"color": "red"}}, {"stylesheets": [".x { color: red; }"]}]),
             (pn.widgets.IntInput(value=1), [{"value": 3}, {"disabled": True}, {"stylesheets": [".y { margin: 0; }"]}])]
    for obj, changes in cases:
        doc = Document()
        doc.add_root(obj.get_root(doc))
        for change in changes:
            seen: list[param.parameterized.Event] = []
            watcher = obj.param.watch(lambda *events: seen.extend(events), list(change))
            obj.param.update(**change)
            obj.param.unwatch(watcher)
            built.clear()
            mine = serving.changed_properties(obj, *seen, doc=doc)
            asked = bool(built)
            theirs = panels(obj, *seen, doc=doc)
            assert text(mine) == text(theirs), change
            assert asked == ("stylesheets" in change), change  # Panel's own asks every time
            assert built, "Panel's own method asks the design"


def test_bokehs_diagnostics_are_off_unless_a_developer_asked_for_them():
    """Point 8: bokeh's signature check of every change callback (and its spelling hints) cost
    about an eighth of building a page. serve_quickly turns them off with bokeh's own setting,
    unless BOKEH_PERFORM_ERROR_DIAGNOSTICS is set: then the developer's choice stands."""
    from bokeh.models import Div
    from bokeh.settings import settings

    from cs_panel.ui.serving import quiet_diagnostics

    setting = settings.perform_error_diagnostics
    before = setting()
    try:
        setting.unset_value()
        assert setting() is True  # bokeh's default here (this environment does not set the variable)
        assert quiet_diagnostics({"BOKEH_PERFORM_ERROR_DIAGNOSTICS": "1"}) is False
        assert setting() is True
        assert quiet_diagnostics({}) is True and setting() is False
        serve_quickly()
        assert setting() is False
        # what the setting skips: a callback of the wrong shape is no longer refused as it is added
        Div().on_change("text", lambda only_one: None)
        setting.unset_value()
        try:
            Div().on_change("text", lambda only_one: None)
        except ValueError as e:
            assert "signature" in str(e)
        else:
            raise AssertionError("bokeh's own check should refuse a one-argument change callback")
    finally:
        setting.set_value(before)


def test_a_template_page_is_built_with_its_models_worked_out_once_and_the_same_models(monkeypatch):
    """Point 9: bokeh walked the page's whole model graph after each root Panel added (ten times
    for the to-hit page). After serve_quickly a template's server_doc builds inside the document's
    freeze: the graph is walked once, and the document holds the same models as Panel's own
    build (counted by kind; ids differ from build to build)."""
    from collections import Counter

    from bokeh.document.models import DocumentModelManager
    from panel.io.state import set_curdoc
    from panel.template.base import BaseTemplate

    from cs_panel.ui.app import create_app

    serve_quickly()
    frozen = BaseTemplate.server_doc
    assert frozen._cs_panel_frozen and frozen.__wrapped__ is not frozen
    walks: list[int] = []
    original = DocumentModelManager.recompute
    monkeypatch.setattr(DocumentModelManager, "recompute", lambda self: walks.append(1) or original(self))

    def page(server_doc):
        doc = Document()
        with set_curdoc(doc):
            server_doc(create_app({"page": "tohit"}), doc)
        return doc

    walks.clear()
    mine = page(frozen)
    assert len(walks) == 1
    walks.clear()
    theirs = page(frozen.__wrapped__)
    assert len(walks) > 5  # Panel's own build walks it once a root
    kinds = lambda doc: Counter(type(m).__name__ for m in doc.models)
    assert kinds(mine) == kinds(theirs) and len(mine.roots) == len(theirs.roots)
    area = lambda doc: sorted(m.name.rsplit("-", 1)[0] for m in doc.roots)  # "main-<id>": the template's areas
    assert area(mine) == area(theirs)


def _bokeh_classes():
    """Every model class bokeh and Panel know, with their properties (all imported by now)."""
    import panel.models  # noqa: F401 (Panel's models, registered with bokeh)
    from bokeh.core.has_props import HasProps

    seen, todo = [], [HasProps]
    while todo:
        cls = todo.pop()
        seen.append(cls)
        todo.extend(c for c in cls.__subclasses__() if c not in seen)
    return [c for c in seen if c is not HasProps]


def test_bokehs_defaults_are_kept_once_a_class_and_answer_as_bokeh_does():
    """Point 10: bokeh merged each class's overridden defaults along its ancestry, checked each
    default again and spelt out each dict property's type name for every model it built. After
    remember_defaults every class, property and type answers exactly as bokeh's own functions
    (kept in serving.PANELS), asked twice (the second answer is the kept one), and so does whether
    a property's default is made anew for each model."""
    from bokeh.core.property.bases import ParameterizedProperty, Property
    from bokeh.core.property.descriptors import AliasPropertyDescriptor

    from cs_panel.ui import serving

    serving.remember_defaults()
    serving.remember_defaults()  # again: nothing is wrapped twice
    assert Property.themed_default._cs_panel_kept and Property.themed_default.__wrapped__ is serving.PANELS["themed_default"]
    theirs_merged, theirs_default, theirs_name, theirs_unstable = (serving.PANELS[k] for k in (
        "_overridden_defaults", "themed_default", "type_name", "has_unstable_default"))
    classes = _bokeh_classes()
    assert len(classes) > 300
    checked = named = 0
    for cls in classes:
        for _ in range(2):
            assert cls._overridden_defaults() == theirs_merged(cls), cls
        for name in cls.properties(_with_props=True):
            prop = cls.lookup(name).property
            theirs = theirs_default(prop, cls, name, None)
            for _ in range(2):
                mine = prop.themed_default(cls, name, None)
                if type(theirs) in serving._PLAIN:
                    same = mine == theirs or (isinstance(mine, float) and math.isnan(mine) and math.isnan(theirs))
                    assert same and type(mine) is type(theirs), (cls, name)
                    checked += 1
            desc = cls.lookup(name)
            if not isinstance(desc, AliasPropertyDescriptor):  # (an alias asks the property it names)
                made = object.__new__(cls)  # (the answer reads the model's class alone: no need to build it)
                for _ in range(2):
                    assert desc.has_unstable_default(made) == theirs_unstable(desc, made), (cls, name)
            if type(prop).__str__ is ParameterizedProperty.__str__:  # (Enum, Either... spell their own)
                first, kept = str(prop), str(prop)
                assert first == kept == theirs_name(prop), (cls, name)
                named += 1
    assert checked > 5000 and named > 1000, (checked, named)


def test_kept_defaults_leave_each_model_its_own_lists_its_theme_and_bokehs_refusals():
    """What point 10 must not keep: a list or dict default is a new one for each model (one model's
    change cannot reach another's), a theme's value still wins over the class default, an
    overridden default is the subclass's own, and a bad value is refused with bokeh's words."""
    from bokeh.core.properties import Dict, Int, Nullable, String
    from bokeh.models import Div, Markup
    from bokeh.models.widgets import Paragraph

    from cs_panel.ui import serving

    serving.remember_defaults()
    a, b = Div(), Div()
    assert a.css_classes == b.css_classes == [] and a.css_classes is not b.css_classes
    a.css_classes.append("x")
    assert b.css_classes == [] and Div().css_classes == []
    themed = Div()
    themed.apply_theme({"width": 123})
    assert themed.width == 123 and Div().width is None
    # Div overrides nothing of Markup's text default; Paragraph and Div share Markup's ancestry
    assert Div().text == Paragraph().text == Markup.lookup("text").property._default
    # a dict's refusal names its type as bokeh spells it, the kept name
    kind = Dict(String, Nullable(Int))
    for _ in range(2):
        with pytest.raises(ValueError) as refused:
            kind.validate({"a": "x"})
        assert str(refused.value) == "expected a dict of type Dict(String, Nullable(Int)), got a dict with invalid values for keys: a"
    with pytest.raises(ValueError, match="expected an element of either Dict"):
        Div(styles={"color": 5})


class _Socket:
    """What Panel's held writes look at on a socket: its write lock (bokeh's ``WSHandler`` has one)."""

    def __init__(self):
        from tornado.locks import Lock

        self.write_lock = Lock()


class _Connection:
    def __init__(self):
        self._socket = _Socket()
        self.protocol = SimpleNamespace(create=lambda kind, events: (kind, tuple(events)))


def _held_writes(scenario):
    """Run ``scenario(doc, conn, written)`` on an event loop, with writes to a ``_Socket`` recorded
    in ``written`` (Panel's hook for sockets of other kinds) instead of sent."""
    import asyncio

    from panel.io import document as pdoc

    written: list = []
    out: list = []
    pdoc.extra_socket_handlers[_Socket] = lambda conn, msg=None: written.append(msg) or []
    # a loop of its own, on a thread of its own: a worker that ran a browser test has Playwright's
    # loop running on this thread, and asyncio.run refuses to start another there
    runner = threading.Thread(target=lambda: out.append(asyncio.run(scenario(Document(), _Connection(), written))))
    try:
        runner.start()
        runner.join(30)
    finally:
        pdoc.extra_socket_handlers.pop(_Socket, None)
    assert out, "the scenario did not finish (see the thread's exception above)"
    return out[0], written


def test_an_answer_held_behind_bokehs_acknowledgement_leaves_as_soon_as_that_is_written():
    """Point 11: Panel keeps an answer back while bokeh holds the socket's write lock (writing the
    acknowledgement of the browser's change); it is written, in order, once the lock is released,
    within a few turns of the event loop and without a timed wait (Panel looked again every 10 ms,
    so nothing was written within those turns). Point 3: a new value waits for no timer."""
    import asyncio

    from panel.io import document as pdoc

    serve_quickly()
    assert pdoc._dispatch_msgs.__module__ == "cs_panel.ui.serving" and Syncable._debounce == DEBOUNCE_MS == 0

    async def scenario(doc, conn, written):
        await conn._socket.write_lock.acquire()  # bokeh is writing a message of its own
        pdoc.schedule_write_events(doc, [conn], ["first"])
        pdoc.schedule_write_events(doc, [conn], ["second"])
        for _ in range(5):
            await asyncio.sleep(0)
        held = list(written)
        conn._socket.write_lock.release()
        for _ in range(6):
            await asyncio.sleep(0)
        return held, doc in pdoc._WRITE_BLOCK

    (held, still_blocked), written = _held_writes(scenario)
    assert held == []  # nothing past the lock while bokeh writes
    assert written == [("PATCH-DOC", ("first",)), ("PATCH-DOC", ("second",))]  # then both, in order
    assert not still_blocked  # and later answers are written at once again


def test_an_answer_held_for_a_destroyed_document_is_dropped_with_it():
    """As in Panel: a document destroyed while its answer waits for the lock takes the wait with it
    (its write tasks are cancelled), and nothing is written to the closed session."""
    import asyncio
    import weakref

    from panel.io import document as pdoc

    serve_quickly()

    async def scenario(doc, conn, written):
        await conn._socket.write_lock.acquire()
        pdoc.schedule_write_events(doc, [conn], ["late"])
        for _ in range(3):
            await asyncio.sleep(0)
        waiting = bool(pdoc._write_tasks.get(doc))
        gone = weakref.ref(doc)
        doc.destroy = partial(pdoc._destroy_document, doc)  # as a served session's document is
        doc.destroy(None)
        del doc
        conn._socket.write_lock.release()
        for _ in range(6):
            await asyncio.sleep(0)
        return waiting, gone

    from panel.io.state import state

    try:
        (waiting, gone), written = _held_writes(scenario)
    finally:
        state.cancel_task("gc.collect")  # the collection Panel schedules after a destroyed document
    assert waiting and written == []
    import gc

    gc.collect()
    assert gone() is None


def test_the_lighter_edit_readonly_unlocks_and_restores_as_panels_does():
    """Point 12: the same flags as Panel's ``edit_readonly`` at every step of the same uses (values
    set inside, nested as Panel's busy bookkeeping nests it, an error inside): every parameter
    writable inside, each read-only and constant as before after a use that set nothing (param
    gives an instance its own copy of a parameter set inside, which neither restores: Panel's own
    quirk, kept); and serve_quickly has Panel's modules use it."""
    import sys

    import panel.reactive
    import param

    from cs_panel.ui import serving

    class Thing(param.Parameterized):
        plain = param.Integer(default=1)
        fixed = param.Integer(default=2, constant=True)
        shown = param.Integer(default=3, readonly=True)

    def flags(obj):
        return {n: (p.readonly, p.constant) for n, p in obj.param.objects("existing").items()}

    def uses(edit):
        seen = []
        quiet = Thing()
        with edit(quiet):
            seen.append(flags(quiet))
            with edit(quiet):
                seen.append(flags(quiet))
        seen.append(flags(quiet))
        try:
            with edit(quiet):
                raise ValueError("an error inside")
        except ValueError:
            seen.append(flags(quiet))
        busy = Thing()
        with edit(busy):
            busy.param.update(plain=10, fixed=20, shown=30)
            with edit(busy):
                busy.fixed = 21
            seen.append(flags(busy))
        seen.append(flags(busy))
        seen.append((busy.plain, busy.fixed, busy.shown))
        return seen

    theirs = serving.PANELS.get("edit_readonly", panel.util.parameters.edit_readonly)
    assert theirs is not serving._edit_readonly
    expected = uses(theirs)
    assert uses(serving._edit_readonly) == expected
    unlocked = {"name": (False, False), "plain": (False, False), "fixed": (False, False), "shown": (False, False)}
    restored = {"name": (False, True), "plain": (False, False), "fixed": (False, True), "shown": (True, True)}
    assert expected[:4] == [unlocked, unlocked, restored, restored] and expected[-1] == (10, 21, 30)
    serve_quickly()
    state_module = sys.modules["panel.io.state"]  # (``panel.io.state`` is the state object, not the module)
    assert state_module.edit_readonly is serving._edit_readonly is panel.reactive.edit_readonly
    assert panel.util.edit_readonly is serving._edit_readonly  # for Panel's modules imported later
    box = pn.widgets.Select(options=["a", "b"], value="a")
    box._process_events({"value": "b"})  # a change from the browser: the busy state on, then off
    assert box.value == "b" and not pn.state.busy and pn.state.param["busy"].readonly
