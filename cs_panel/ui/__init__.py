"""Panel components: live widgets and bokeh drawings bound to the rules core.

Importing this package imports panel. Components are loaded lazily by name, so
``from cs_panel.ui import ToHitCalculator`` imports only what it needs.
"""

from __future__ import annotations

import importlib
import weakref

_COMPONENTS = {
    "ToHitCalculator": "cs_panel.ui.tohit",
    "TailingReveal": "cs_panel.ui.tailing",
    "ManeuverExplorer": "cs_panel.ui.maneuver",
    "ClixDial": "cs_panel.ui.dial",
    "DialEditor": "cs_panel.ui.dial_editor",
    "RandomMovementPlayer": "cs_panel.ui.random_movement",
    "AttackOdds": "cs_panel.ui.attack",
    "NavigationCardExplorer": "cs_panel.ui.navigation",
    "AcesSkirmish": "cs_panel.ui.aces_board",
    "PilotSheet": "cs_panel.ui.pilot_sheet",
    "DamageSheet": "cs_panel.ui.damage_sheet",
    "ShootoutCalculator": "cs_panel.ui.shootout",
    "FasaTable": "cs_panel.ui.fasa_table",
    "AirActionTable": "cs_panel.ui.airaction_table",
    "PlayTable": "cs_panel.ui.play_table",
    "GameReplay": "cs_panel.ui.replay",
    "BarroomsTable": "cs_panel.ui.barrooms_table",
    "GameSetup": "cs_panel.ui.game_setup",
}


def notebook(**kwargs):
    """Load Panel in a notebook with everything it needs inside the notebook: its JavaScript and
    its stylesheets inlined (``pn.extension(inline=True)``), so no request leaves the machine and
    the widgets draw offline. Lessons and demo notebooks call this in their first cell; extra
    keyword arguments go to ``pn.extension``."""
    import panel as pn

    from cs_panel.ui.serving import remember_defaults

    remember_defaults()  # bokeh's own answers, worked out once a class (serving.py, point 10)
    pn.config.inline = True
    _inline_theme_stylesheets()
    pn.extension(inline=True, **kwargs)
    _enter_commits_inputs()


#: JupyterLab: the browser's own "change" on Enter never reaches bokeh's text and number inputs in
#: a notebook output (only Tab or a click elsewhere applied a typed value). One listener on the
#: page sends the input its "change" on Enter, as a served page gets it.
ENTER_COMMITS = """
if (!window._csEnterCommits) {
  window._csEnterCommits = true;
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.composedPath()[0];
    if (!(target instanceof HTMLInputElement) || !['text', 'number', 'search', ''].includes(target.type)) return;
    if (!target.closest('.bk-input-group')) return;  // a bokeh/Panel widget, not JupyterLab's own boxes
    target.dispatchEvent(new Event('change', {bubbles: true}));
  }, true);
}
"""


#: Notebooks: the kernel sends each change to a view as several comm messages (header, metadata,
#: content, buffers), which a bokeh ``Receiver`` joins again. Both of Panel's notebook message
#: handlers drop a message that arrives before its view is registered *without* handing it to the
#: receiver. When the view registers between two parts of one change (a later cell changing a
#: component while its view is still being drawn: "run all" on a busy machine), its receiver starts
#: in the middle of that change and joins every later change one part out of step, so the view
#: shows "s is not iterable" in the console and never updates again. This makes a receiver waiting
#: for a header skip parts that are not one, so it falls back into step at the next change; the
#: half-received change was lost either way.
REALIGN_RECEIVERS = """
(function realign(tries) {
  const protocol = window.Bokeh && window.Bokeh.protocol;
  if (!protocol || !protocol.Receiver) {
    if (tries > 0) setTimeout(() => realign(tries - 1), 100);
    return;
  }
  const proto = protocol.Receiver.prototype;
  if (proto._csRealigns) return;
  const consume = proto.consume;
  proto.consume = function (fragment) {
    if (this._current_consumer === this._HEADER) {
      let header = null;
      try { header = typeof fragment === 'string' ? JSON.parse(fragment) : null; } catch (error) { header = null; }
      if (header === null || typeof header !== 'object' || !('msgtype' in header)) return;
    }
    return consume.call(this, fragment);
  };
  proto._csRealigns = true;
})(300);
"""


def _enter_commits_inputs() -> None:
    """Make Enter apply a typed value in the notebook's number and text boxes (see ENTER_COMMITS),
    keep the views' message receivers in step (see REALIGN_RECEIVERS), and have HTML panes take
    their changes by morph, as on a served page (``morph.MORPH_PANES_JS``)."""
    try:
        from IPython import get_ipython
        from IPython.display import Javascript, display
    except ImportError:
        return
    if get_ipython() is None:
        return
    from cs_panel.ui.morph import MORPH_PANES_JS

    display(Javascript(ENTER_COMMITS + REALIGN_RECEIVERS + MORPH_PANES_JS))


def _inline_theme_stylesheets() -> None:
    """Panel 1.x inlines its JavaScript with ``inline=True`` but still links its theme and loading
    stylesheets (``default.css``, ``native.css``, ``loading.css``) from its CDN: its design adds
    them after Panel's own inlining step, and again when a pane's properties change. At each
    place they enter (a render, a pane's properties, a model update, a design applied) swap every link to Panel's CDN for
    the same file's text read from the installed package (what Panel's own ``replace_inline_css`` does).

    One inlined sheet per file serves a whole output (``_shared_inline``): Panel's own swap makes a
    new sheet, with the file's whole text, for every widget. A setup form held about 520 of them
    (seven distinct files, 0.9 MB of its 1.1 MB document), which the kernel encoded, JupyterLab's
    server passed on and the notebook stored, for every output. BokehJS makes each view its own
    ``<style>`` from a sheet model (``InlineStyleSheet.underlying``), so views may share the model."""
    from bokeh.models import ImportedStyleSheet, UIElement
    from panel.reactive import Reactive
    from panel.theme.base import Design
    from panel.viewable import Viewable

    if getattr(Viewable._preprocess, "_cs_inline", False):
        return
    preprocess, update_model, apply_params = Viewable._preprocess, Reactive._update_model, Design._apply_params.__func__
    get_properties = Reactive._get_properties

    def inlined(stylesheets, scope):
        return [_shared_inline(s, scope) if isinstance(s, ImportedStyleSheet) else s for s in stylesheets]

    def patch(model, scope):
        stylesheets = inlined(model.stylesheets, scope)
        if stylesheets != model.stylesheets:
            model.stylesheets = stylesheets

    def _preprocess(self, root, changed=None, old_models=None):
        preprocess(self, root, changed, old_models)
        # the root is not in its document yet at a first render: the root stands for the output
        scope = root.document or root
        for model in root.select({"type": UIElement}):
            patch(model, scope)

    def _update_model(self, events, msg, root, model, doc, comm):
        if "stylesheets" in msg:
            msg["stylesheets"] = inlined(msg["stylesheets"], doc or model.document)
        update_model(self, events, msg, root, model, doc, comm)

    def _get_properties(self, doc):
        props = get_properties(self, doc)
        if "stylesheets" in props:
            props["stylesheets"] = inlined(props["stylesheets"], doc)
        return props

    def _apply_params(cls, viewable, mref, modifiers, document=None):
        apply_params(cls, viewable, mref, modifiers, document)
        if mref in viewable._models:
            model = viewable._models[mref][0]
            patch(model, document or model.document)

    _preprocess._cs_inline = True
    Viewable._preprocess = _preprocess
    Reactive._update_model = _update_model
    Reactive._get_properties = _get_properties
    Design._apply_params = classmethod(_apply_params)


#: the inlined sheets of each output (its bokeh document, or its root model before it has one), by
#: the URL they replace; weakly held, so an output's sheets go with it
_SHARED_SHEETS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _shared_inline(sheet, scope):
    """``sheet`` (an ImportedStyleSheet) as the inlined sheet ``scope``'s models share, made once per
    file and scope; a link off Panel's CDN, or a file Panel does not ship, is kept as it is (Panel's
    ``replace_inline_css``). With no scope, a sheet of its own."""
    from panel.io.notebook import replace_inline_css

    if scope is None:
        return replace_inline_css(sheet)
    kept = _SHARED_SHEETS.setdefault(scope, {})
    if sheet.url not in kept:
        kept[sheet.url] = replace_inline_css(sheet)
    return kept[sheet.url]


def __getattr__(name: str):
    module = _COMPONENTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cs_panel.ui' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = sorted([*_COMPONENTS, "notebook"])
