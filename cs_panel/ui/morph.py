"""``MORPH_JS``: the browser's side of a drawing, table or HTML pane that changes a little at a
time (``MORPH_PANES_JS`` gives Panel's HTML panes the same, below).

A component that sends its drawing's top layer (``LayeredSvg``) or a table (the dial's strip) as
markup had the browser throw the old elements away and build new ones from it, every one of them,
at each change: the dial's 21 pieces and its strip's 55 cells for one number typed in the dial
editor. The browser then worked out the styles of every new element, laid them out and painted
them again (issue 14: the dial editor's frame took 8.6 ms a change, a trivial app's 2.4). ``morph``
lays the new markup over the old instead, node by node: an element whose tag is the same keeps its
place and has only its differing attributes set, a text only its differing words; where the
children differ in number or kind, those children are replaced whole. What the page shows is
exactly the new markup's (tests/browser/test_morph_browser.py checks it against the markup parsed
afresh); only less of it is touched.

The markup comes from our own render modules, never from a user: it is parsed by the browser the
same way ``innerHTML`` parsed it before, in a copy of the element it goes into (so SVG elements
are made in SVG's namespace, inside a ``<g>``).
"""

from __future__ import annotations

#: ``morph(into, markup, prepare)``: make ``into``'s children those ``markup`` describes, touching
#: only what differs; ``prepare`` (optional) is called on the parsed copy first, to add what the
#: browser's own code adds to the markup. Prepended to a component's ``_esm`` module.
MORPH_JS = r"""
function morphChildren(into, from) {
  const olds = Array.from(into.childNodes), news = Array.from(from.childNodes)
  if (olds.length !== news.length) { into.replaceChildren(...news); return }
  for (let i = 0; i < news.length; i++) {
    const a = olds[i], b = news[i]
    if (a.isEqualNode(b)) continue  // the browser's own comparison: most of a drawing is as it was
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName || a.namespaceURI !== b.namespaceURI) {
      into.replaceChild(b, a)
    } else if (a.nodeType !== Node.ELEMENT_NODE) {
      if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue
    } else {
      for (const at of Array.from(a.attributes)) {
        if (!b.hasAttributeNS(at.namespaceURI, at.localName)) a.removeAttributeNS(at.namespaceURI, at.localName)
      }
      for (const at of Array.from(b.attributes)) {
        if (a.getAttributeNS(at.namespaceURI, at.localName) !== at.value) a.setAttributeNS(at.namespaceURI, at.name, at.value)
      }
      morphChildren(a, b)
    }
  }
}

function morph(into, markup, prepare) {
  const fresh = into.cloneNode(false)  // parsed where it goes: an SVG group makes SVG elements
  fresh.innerHTML = markup
  if (prepare) prepare(fresh)  // marks the page adds itself (the strip's slot), so they stay put
  morphChildren(into, fresh)
}
"""


#: Panel's HTML panes (``HTMLText``, ``html_pane``; Markdown too), changed by ``morph``. Panel's
#: view of an HTML pane sets its new text as the container's ``innerHTML``: every element of the
#: pane is thrown away and built again, restyled and laid out, for a change of one number in it
#: (the pilot sheet's five panes at each skill typed: its frame 7.7 ms against a trivial app's
#: 1.8). This gives the view's ``set_html`` the same end by ``morph``. It leaves Panel's own
#: ``set_html`` to the panes whose markup needs more than the elements (a script to run, a code
#: block's copy button, a link to a place in the page, DOM events sent to Python) and to a pane's
#: first drawing. An immediately run script: the served page gets it from
#: ``serving.serve_quickly``'s page bundle, a notebook from ``cs_panel.ui.notebook()``; it waits
#: for Panel's models to load and patches their class once.
MORPH_PANES_JS = "(function () {\n" + MORPH_JS + r"""
function needsPanel(view, html) {
  const events = view.model.events
  const listened = events instanceof Map ? events.size > 0 : !!events && Object.keys(events).length > 0
  return listened || html.includes('<script') || html.includes('codehilite') || /href\s*=\s*["']?#/i.test(html)
}

(function patch(tries) {
  const Panel = window.Bokeh && window.Bokeh.Panel
  const HTML = Panel && Panel.HTML
  if (!HTML || !HTML.prototype.default_view) {
    if (tries > 0) setTimeout(() => patch(tries - 1), 100)
    return
  }
  const view = HTML.prototype.default_view.prototype
  if (view._csMorphs) return
  const setHtml = view.set_html
  view.set_html = function (html) {
    if (html === null || this.container == null || !this.container.hasChildNodes() || needsPanel(this, html)) {
      return setHtml.call(this, html)
    }
    morph(this.container, html)
  }
  view._csMorphs = true
})(300)
})();
"""

__all__ = ["MORPH_JS", "MORPH_PANES_JS"]
