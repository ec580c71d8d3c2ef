"""``morph`` (cs_panel/ui/morph.py) in chromium: the markup laid over the old shows exactly what the
markup parsed afresh shows, and what did not change keeps its element (issue 14: only what differs
is touched, so the browser styles, lays out and paints less of a drawing at each change)."""

from __future__ import annotations

import pytest

from cs_panel.ui.morph import MORPH_JS

#: a drawing's top layer as it changes: attributes changed, added and taken away, words changed,
#: a tag changed, children added and taken away, a namespaced attribute, nothing at all
SVG_STEPS = [
    "<circle cx='1' cy='2' r='3' class='a'/><text x='1'>one</text><g><rect x='0' y='0'/></g>",
    "<circle cx='5' cy='2' r='3' class='a'/><text x='1'>two</text><g><rect x='0' y='0'/></g>",
    "<circle cx='5' r='3' fill='red'/><text x='1'>two</text><g><rect x='0' y='0'/></g>",
    "<rect x='1'/><text x='1'>two</text><g><rect x='0' y='0'/><path d='M0 0 L1 1'/></g>",
    "<rect x='1'/><text x='1'>two<tspan>!</tspan></text>",
    "<use xlink:href='#b' href='#a'/><text x='1'>two<tspan>?</tspan></text>",
    "",
    "<circle cx='1' cy='2' r='3'/>",
]
#: the dial's strip as it is edited: a cell's value, a row added, a row taken away
TABLE_STEPS = [
    "<table class='cs-strip'><tr><th>click</th><th>0</th></tr><tr><th>speed</th><td>6</td></tr></table>",
    "<table class='cs-strip'><tr><th>click</th><th>0</th></tr><tr><th>speed</th><td>7</td></tr></table>",
    "<table class='cs-strip'><tr><th>click</th><th>0</th></tr><tr><th>speed</th><td>7</td></tr>"
    "<tr><th>gunnery</th><td style='background:#fff'>3</td></tr></table>",
    "<p>No dial.</p>",
]

LAY = """([into, markup, mark]) => {
  const el = document.querySelector(into)
  const kept = Array.from(el.querySelectorAll('*'))
  morph(el, markup, mark ? (root) => root.querySelectorAll('td').forEach(td => td.classList.add('cs-slot')) : undefined)
  const fresh = el.cloneNode(false)
  fresh.innerHTML = markup
  if (mark) fresh.querySelectorAll('td').forEach(td => td.classList.add('cs-slot'))
  const now = Array.from(el.querySelectorAll('*'))
  return {same: el.isEqualNode(fresh), html: el.innerHTML, fresh: fresh.innerHTML,
          kept: now.filter(e => kept.includes(e)).length, count: now.length,
          svg: now.every(e => e.namespaceURI === fresh.namespaceURI || !(el instanceof SVGElement))}
}"""


@pytest.fixture
def morphing(page):
    page.set_content("<div id='box'></div><svg xmlns='http://www.w3.org/2000/svg'><g id='top'></g></svg>")
    page.add_script_tag(content=MORPH_JS)
    return page


@pytest.mark.parametrize("into, steps, mark", [("#top", SVG_STEPS, False), ("#box", TABLE_STEPS, False),
                                               ("#box", TABLE_STEPS, True)])
def test_morph_shows_exactly_the_new_markup(morphing, into, steps, mark):
    for markup in steps:
        got = morphing.evaluate(LAY, [into, markup, mark])
        assert got["same"], (markup, got["html"], got["fresh"])
        assert got["svg"], markup  # SVG's elements are made in SVG's namespace, not HTML's
    # ... and laid over itself, it touches nothing
    got = morphing.evaluate(LAY, [into, steps[-1], mark])
    assert got["same"] and got["kept"] == got["count"]


def test_morph_keeps_the_elements_that_did_not_change(morphing):
    morphing.evaluate(LAY, ["#top", SVG_STEPS[0], False])
    circle = morphing.evaluate_handle("document.querySelector('#top circle')")
    text = morphing.evaluate_handle("document.querySelector('#top text')")
    got = morphing.evaluate(LAY, ["#top", SVG_STEPS[1], False])  # a number and a word changed
    assert got["same"] and got["kept"] == got["count"] == 4
    assert morphing.evaluate("([c, t]) => c === document.querySelector('#top circle') && "
                             "t === document.querySelector('#top text') && c.getAttribute('cx') === '5' && "
                             "t.textContent === 'two'", [circle, text])
    # a namespaced attribute is set in its namespace, as the parser sets it
    morphing.evaluate(LAY, ["#top", "<use href='#a'/>", False])
    assert morphing.evaluate("() => document.querySelector('#top use').getAttributeNS("
                             "'http://www.w3.org/1999/xlink', 'href')") is None
    got = morphing.evaluate(LAY, ["#top", "<use xlink:href='#b' href='#a'/>", False])
    assert got["same"] and got["kept"] == 1
    assert morphing.evaluate("() => document.querySelector('#top use').getAttributeNS("
                             "'http://www.w3.org/1999/xlink', 'href')") == "#b"
