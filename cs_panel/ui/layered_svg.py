"""``LayeredSvg``: an SVG drawing whose unchanging layer goes to the browser once.

A table draws its board again after every action, yet most of the drawing (a bar room's floor:
96 hexes, their labels, the cover) stays as it was, and an HTML pane sends the whole drawing
each time, which the browser then decodes and builds again element by element (issue 14:
latency). This component holds the drawing in parts: ``head`` (the ``<svg>`` tag and its
``<title>``), ``text`` (its ``<desc>``'s words, escaped as in the drawing, for screen readers), ``base`` (the layer
that rarely changes), ``top`` (the layer drawn over it, the pieces) and, optionally, ``over``: a
layer over the pieces that rarely changes either (a record sheet's component codes, which must be
read over the marks; drawn again with every mark they cost the browser most of its frame). The
browser draws the head, words and base as the ``<svg>``, and each of ``top`` and ``over`` (when
not empty) in a plain ``<g>`` of an ``<svg>`` of its own, laid exactly over the drawing with the
same size and view, hidden from screen readers (the drawing alone is named and described) and
letting clicks through its empty space: the browser then paints only a changed layer again, where
in one ``<svg>`` a hit repainted every box of a record sheet (2.5 of its 4.5 ms frame). A new
``top`` changes that layer alone, and in it only the elements that differ (``morph``; so do a new ``over`` and a new ``base``), a
new ``text`` only the words, a new ``head`` only the ``<svg>``'s attributes and title, and nothing
unchanged is sent. ``object`` gives the drawing whole, as
the HTML pane held it. A click on an element of the drawing that has a ``data-pick`` attribute
(a record sheet's box) sends that attribute's text to the callbacks given to ``on_pick``, and
one that also has ``data-pick-point`` (a table) adds where it was clicked, in the drawing's own
units: ``table@123.45,67.80``. It is text for the caller to read, capped in length, never
evaluated. No rules here: the drawing
comes from a render module.
"""

from __future__ import annotations

import html
import re

import param
from panel.custom import JSComponent

from cs_panel.core.errors import CsPanelError
from cs_panel.ui.common import put_changed
from cs_panel.ui.morph import MORPH_JS

#: the parts of a drawing: the opening tag with its title, its words, and the rest up to </svg>
_PARTS = re.compile(r"\s*(<svg\b[^>]*>(?:\s*<title>.*?</title>)?)\s*(?:<desc>(.*?)</desc>)?(.*)</svg>\s*$", re.S)


#: the longest ``data-pick`` text passed on: a box's "column,row" is a few characters
MAX_PICK = 40
#: the two shapes of a pick the drawings use: a cell ("column,row") and a named part clicked at a
#: point of the drawing ("table@123.45,67.80", which the browser's code below writes)
_CELL = re.compile(r"(-?\d{1,3}),(-?\d{1,3})")
_POINT = re.compile(r"([a-z]{1,10})@(-?\d{1,6}(?:\.\d{1,3})?),(-?\d{1,6}(?:\.\d{1,3})?)")


def picked_cell(text: str) -> tuple[int, int] | None:
    """The (column, row) a pick names ("3,-4"), or None for any other text."""
    m = _CELL.fullmatch(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def picked_point(text: str, name: str) -> tuple[float, float] | None:
    """The point of the drawing a pick of the part ``name`` gives ("table@12.5,40"), or None for
    any other text."""
    m = _POINT.fullmatch(text)
    return (float(m.group(2)), float(m.group(3))) if m and m.group(1) == name else None


class DrawingError(CsPanelError):
    """A drawing that is not one ``<svg>`` element (the layers need its opening tag and its end)."""


class LayeredSvg(JSComponent):
    """One SVG drawing sent in layers: see the module's docstring."""

    head = param.String(default="", doc="the opening <svg> tag and its <title>")
    text = param.String(default="", doc="the content of the drawing's <desc>: its words, HTML-escaped")
    base = param.String(default="", doc="the layer that rarely changes (SVG elements)")
    top = param.String(default="", doc="the layer over it, drawn again with each change (SVG elements)")
    over = param.String(default="", doc="the layer over the top one that rarely changes ('' for none; SVG elements)")

    _esm = MORPH_JS + """
export function render({ model }) {
  const SVG_NS = 'http://www.w3.org/2000/svg'
  const box = document.createElement('div')
  box.className = 'cs-layered-svg'
  box.style.position = 'relative'
  let desc = null, base = null, top = null, over = null
  // the drawing's own attributes a layer laid over it copies (its size, view, fonts), less what
  // names it: the layers are one picture with the drawing, which alone is named and described
  const OWN = new Set(['class', 'id', 'role', 'aria-label', 'aria-labelledby', 'aria-describedby', 'tabindex'])
  // the drawing at the box's corner, where the layers are laid; a layer as big as it and over it
  const HERE = ';display:block', OVER_IT = ';position:absolute;left:0;top:0;pointer-events:none'
  const fit = (layer) => {
    const svg = box.firstElementChild
    for (const a of Array.from(layer.attributes)) {
      if (!OWN.has(a.name) && a.name !== 'aria-hidden' && !svg.hasAttribute(a.name)) layer.removeAttribute(a.name)
    }
    for (const a of Array.from(svg.attributes)) {
      if (!OWN.has(a.name) && layer.getAttribute(a.name) !== a.value) layer.setAttribute(a.name, a.value)
    }
    layer.setAttribute('style', (svg.getAttribute('style') || '') + OVER_IT)
  }
  // a layer that changes is an <svg> of its own laid exactly over the drawing: the browser keeps
  // what it painted of the drawing underneath and paints only the layer again (in one <svg>, a
  // change of one mark repainted every box of a record sheet: most of its frame, issue 14). Clicks
  // fall through the layer's empty space to the drawing; its own parts take them as before.
  const layer = (markup, cls) => {
    const svg = document.createElementNS(SVG_NS, 'svg')
    svg.setAttribute('class', 'cs-layer ' + cls)
    svg.setAttribute('aria-hidden', 'true')
    fit(svg)
    const g = document.createElementNS(SVG_NS, 'g')
    g.style.pointerEvents = 'visiblePainted'
    g.innerHTML = markup
    svg.appendChild(g)
    box.appendChild(svg)
    return g
  }
  const build = () => {
    if (!model.head) { box.innerHTML = ''; desc = base = top = over = null; return }
    box.innerHTML = model.head + (model.text ? '<desc></desc>' : '') + '<g>' + model.base + '</g></svg>'
    const svg = box.firstElementChild
    svg.setAttribute('style', (svg.getAttribute('style') || '') + HERE)
    base = svg.lastElementChild
    desc = svg.querySelector(':scope > desc')
    if (desc) desc.innerHTML = model.text
    top = model.top ? layer(model.top, 'cs-layer-top') : null
    over = model.over ? layer(model.over, 'cs-layer-over') : null
  }
  // a new head (the drawing's name, its size) sets the <svg>'s attributes and title in place: a
  // drawing that names what it shows now (a dial's click) changes its name with every change
  const setHead = () => {
    const svg = box.firstElementChild
    if (!svg || !model.head) { build(); return }
    const tmp = document.createElement('div')
    tmp.innerHTML = model.head + '</svg>'
    const fresh = tmp.firstElementChild
    const title = svg.querySelector(':scope > title'), newTitle = fresh && fresh.querySelector(':scope > title')
    if (!fresh || !title !== !newTitle) { build(); return }  // a title added or taken away
    fresh.setAttribute('style', (fresh.getAttribute('style') || '') + HERE)
    for (const a of Array.from(svg.attributes)) if (!fresh.hasAttribute(a.name)) svg.removeAttribute(a.name)
    for (const a of Array.from(fresh.attributes)) if (svg.getAttribute(a.name) !== a.value) svg.setAttribute(a.name, a.value)
    if (title) title.textContent = newTitle.textContent
    for (const g of [top, over]) if (g) fit(g.parentNode)
  }
  // a click on a part of the drawing that names itself (data-pick) tells the server which part
  box.addEventListener('click', (e) => {
    const el = e.target instanceof Element ? e.target.closest('[data-pick]') : null
    if (!el) return
    let pick = el.getAttribute('data-pick')
    // a part that stands for a place (a table) sends where on it, in the drawing's own units
    const svg = box.firstElementChild, m = svg && svg.getScreenCTM ? svg.getScreenCTM() : null
    if (el.hasAttribute('data-pick-point') && m) {
      const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse())
      pick += '@' + at.x.toFixed(2) + ',' + at.y.toFixed(2)
    }
    model.send_msg({pick})
  })
  build()
  model.on('head', setHead)
  // a new base is laid over the old one too (morph): what it shares with the old keeps its
  // elements, so a base that differs in a few places is not built again whole
  model.on('base', () => { if (base) morph(base, model.base); else build() })
  model.on('text', () => { if (desc && model.text) desc.innerHTML = model.text; else build() })
  // a new top or over layer is laid over the old one (morph): only the elements that differ change
  model.on('top', () => { if (top) morph(top, model.top); else build() })
  model.on('over', () => { if (over) morph(over, model.over); else build() })
  return box
}
"""

    def __init__(self, **params):
        super().__init__(**params)
        self._pick_callbacks: list = []

    def on_pick(self, callback) -> None:
        """Call ``callback(text)`` with the ``data-pick`` text of each part of the drawing clicked."""
        self._pick_callbacks.append(callback)

    def _handle_msg(self, data) -> None:
        # the browser's message is a stranger's input: only a short string is passed on
        pick = data.get("pick") if isinstance(data, dict) else None
        if isinstance(pick, str) and len(pick) <= MAX_PICK:
            for callback in self._pick_callbacks:
                callback(pick)

    def show(self, svg: str, top_from: str, over_from: str | None = None) -> None:
        """Show ``svg``, its top layer starting where ``top_from`` first occurs after the ``<desc>``
        (none when it does not occur) and, with ``over_from``, its over layer where that first
        occurs in the top layer (none when it does not); only the parts that changed are set, so
        only they are sent."""
        m = _PARTS.match(svg)
        if m is None:
            raise DrawingError(f"a layered drawing is one <svg> element; this starts {svg[:40]!r}", field="svg")
        head, words, body = m.group(1), m.group(2), m.group(3)
        cut = body.find(top_from)
        cut = len(body) if cut < 0 else cut
        end = body.find(over_from, cut) if over_from else -1
        end = len(body) if end < 0 else end
        parts = {"head": head, "text": words or "", "base": body[:cut], "top": body[cut:end], "over": body[end:]}
        put_changed(self, **parts)

    def clear(self) -> None:
        """Show nothing (every part emptied, in one update)."""
        self.param.update(head="", text="", base="", top="", over="")

    @property
    def words(self) -> str:
        """The drawing's words (its ``<desc>``) as plain text: what its text view says."""
        return html.unescape(self.text)

    @property
    def object(self) -> str:
        """The drawing whole, as ``show`` was given it (less blanks around its title and words); the
        browser shows the same, its top and over layers laid over it as drawings of their own."""
        if not self.head:
            return ""
        desc = f"<desc>{self.text}</desc>" if self.text else ""
        return f"{self.head}{desc}{self.base}{self.top}{self.over}</svg>"


__all__ = ["DrawingError", "LayeredSvg", "picked_cell", "picked_point"]
