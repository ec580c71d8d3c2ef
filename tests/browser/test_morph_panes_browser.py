"""HTML panes on a served page take their changes by ``morph`` (cs_panel/ui/morph.py,
``MORPH_PANES_JS``; serving.py point 7): the pane shows exactly the new markup, and the elements
that did not change keep their place instead of being built again (issue 14: the pilot sheet's
frame for a typed skill 7.4 to 8.2 ms with Panel's ``innerHTML``, 5.3 to 5.7 ms with morph, 100
changes each). Markup that needs Panel's own handling (a script, a link within the page) still
gets it."""

from __future__ import annotations

import time

import panel as pn
from playwright.sync_api import expect

from cs_panel.ui.common import html_pane

#: a pane's markups, in turn: a word changed, an attribute and an item added, a link within the
#: page (Panel's own path), then plain markup again
STEPS = [
    "<p class='a'>one <b>two</b></p><ul class='kept'><li>x</li><li>y</li></ul>",
    "<p class='a'>one <b>three</b></p><ul class='kept'><li>x</li><li>y</li></ul>",
    "<p class='a' title='t'>one <b>three</b></p><ul class='kept'><li>x</li><li>y</li><li>z</li></ul>",
    "<p class='a'><a href='#top'>up</a> four</p><ul class='kept'><li>x</li></ul>",
    "<p class='a'>five</p><ul class='kept'><li>x</li></ul>",
]


def probe_app():
    pane = html_pane(STEPS[0], css_classes=["probe-pane"])
    button = pn.widgets.Button(label="next", css_classes=["probe-next"])
    at = {"i": 0}

    def step(_):
        at["i"] += 1
        pane.object = STEPS[at["i"]]

    button.on_click(step)
    return pn.Column(button, pane)


def test_html_panes_lay_new_markup_over_the_old(serve, page):
    page.goto(serve(probe_app))
    listed = page.locator(".probe-pane ul.kept")
    expect(listed).to_be_visible(timeout=30_000)
    assert page.evaluate("() => Bokeh.Panel.HTML.prototype.default_view.prototype._csMorphs === true")
    kept = []
    for i, markup in enumerate(STEPS[1:], 1):
        listed.evaluate("el => { el.__csTag = true }")
        page.locator(".probe-next button").click()
        # exactly the new markup, as the browser parses it (waited for: the change arrives by itself)
        fresh = page.evaluate("(markup) => { const d = document.createElement('div'); d.innerHTML = markup; return d.innerHTML }",
                              markup)
        shown, deadline = None, time.monotonic() + 15
        while shown != fresh and time.monotonic() < deadline:
            # (null while Panel's own innerHTML has just taken the found paragraph out: read again)
            shown = page.locator(".probe-pane p.a").evaluate("el => el.parentNode ? el.parentNode.innerHTML : null")
            if shown != fresh:
                page.wait_for_timeout(20)
        assert shown == fresh, (i, shown, fresh)
        kept.append(listed.evaluate("el => !!el.__csTag"))
    # the list kept its element through the morphs; the markup with a link within the page went
    # through Panel's own innerHTML (it wires such links), and so did nothing of the old survive it
    assert kept == [True, True, False, True], kept
