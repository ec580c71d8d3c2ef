"""Drawings that a screen reader can name and read: an accessible name on each drawing, and a
"Text view" beside it that states the drawing's facts in words.

The SVG drawings name themselves (``role="img"``, ``aria-label``, ``<title>``: see
``cs_panel.core.svg.label_svg``); a bokeh figure is a canvas, which says nothing, so
``NamedDrawing`` wraps its pane in an element with ``role="figure"`` and an ``aria-label``. The
text itself comes from the rules core or the render modules (``tailing_text``, ``damage_text``,
``room_text``, ...): the components only show it.
"""

from __future__ import annotations

import html
import weakref
from collections.abc import Callable

import panel as pn
import param
from panel.custom import Child, JSComponent

from cs_panel.ui.common import HTMLText

#: the text view's lines: a readable block that wraps rather than widens the page
TEXT_VIEW_CSS = """
pre.cs-text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; padding: 4px 8px; font-size: 0.9em;
  background: #f7fafc; border-left: 3px solid #2c5282; max-height: 24em; overflow-y: auto; }
"""


class NamedDrawing(JSComponent):
    """A drawing (usually a ``pn.pane.Bokeh``) inside an element with ``role="figure"`` and an
    ``aria-label``, so a screen reader names it. ``figure`` rather than ``img``: the drawing's
    own controls (a toolbar) stay reachable inside it."""

    object = Child(doc="the drawing")
    label = param.String(default="", doc="the drawing's accessible name")

    _esm = """
export function render({ model }) {
  const box = document.createElement('div')
  box.className = 'cs-named-drawing'
  box.setAttribute('role', 'figure')
  box.setAttribute('aria-label', model.label)
  box.append(model.get_child('object'))
  model.on('label', () => box.setAttribute('aria-label', model.label))
  return box
}
"""


def text_html(text: str) -> str:
    """``text`` (plain lines) as the text view's block."""
    return f"<pre class='cs-text'>{html.escape(text)}</pre>"


def text_view(text: str = "", title: str = "Text view", **params) -> pn.Card:
    """A closed card headed "Text view" holding ``text``; its header is a button, so Enter or
    Space opens it, and it stays open or closed as the reader left it while the text changes.
    Set the text with ``show_text``."""
    params.setdefault("sizing_mode", "stretch_width")
    css = params.pop("css_classes", [])
    body = HTMLText(text_html(text), stylesheets=[TEXT_VIEW_CSS], sizing_mode="stretch_width", margin=0,
                        css_classes=["cs-text-body"])
    card = pn.Card(body, title=title, collapsed=True, css_classes=["cs-text-view", *css], margin=(4, 10), **params)
    card.param.watch(_opened, "collapsed")
    return card


#: the maker of the text of each closed text view not yet sent to the page: every change to a drawing rewrites
#: its text view, and a closed card need not carry it to the browser (latency, README "Speed")
_PENDING: "weakref.WeakKeyDictionary[pn.Card, Callable[[], str]]" = weakref.WeakKeyDictionary()


_EMPTY = text_html("")


def _opened(event) -> None:
    """A text view opened: it shows the text its drawing has now."""
    if not event.new:
        pending = _PENDING.pop(event.obj, None)
        if pending is not None:
            html_text = text_html(pending())
            if event.obj[0].object != html_text:
                event.obj[0].object = html_text


def show_text(view: pn.Card, text: str | Callable[[], str]) -> None:
    """Put ``text`` into a text view (``text_view``): at once while it is open, or when it is next
    opened (nothing is sent to a closed one), and only when it changed.

    ``text`` may be a function of no arguments that makes the text: a closed view then calls it
    only when it is opened (or ``current_text`` asks), so a drawing that changes with every input
    does not write its description for nobody. The function must hold what it describes (its
    arguments bound now), not read the component later."""
    make = text if callable(text) else (lambda: text)
    if view.collapsed and view[0].object != _EMPTY:  # the first text goes at once: a view is never blank
        _PENDING[view] = make
        return
    _PENDING.pop(view, None)
    new = text_html(make())
    if view[0].object != new:
        view[0].object = new


def current_text(view: pn.Card) -> str:
    """The text a text view shows, or will show once opened (its HTML block)."""
    pending = _PENDING.get(view)
    return text_html(pending()) if pending is not None else view[0].object


def named(drawing, label: str, text: pn.Card | None = None, **params) -> pn.Column:
    """``drawing`` with its accessible name ``label``, and its text view under it when given."""
    parts = [NamedDrawing(object=drawing, label=label)]
    if text is not None:
        parts.append(text)
    params.setdefault("margin", 0)
    return pn.Column(*parts, **params)


__all__ = ["NamedDrawing", "TEXT_VIEW_CSS", "current_text", "named", "show_text", "text_html", "text_view"]
