"""The app's page links opened in place (cs_panel/ui/page_switch.py, issue 14): what the browser may
ask for, and what the app then shows, marks and writes into the address. (In chromium: the layout
test follows every sidebar link this way; test_app_nav.py checks Back and a link's inputs.)"""

from __future__ import annotations

import panel as pn
import pytest
from bokeh.document import Document
from panel.io.state import set_curdoc

from cs_panel.ui.app import PAGES, app_title, create_app
from cs_panel.ui.page_switch import MAX_QUERY, PageSwitch, parse_asked


def shown(template) -> list:
    (column,) = template.main.objects
    return list(column.objects)


def switch_of(template) -> PageSwitch:
    (switch,) = [o for o in template.sidebar.objects if isinstance(o, PageSwitch)]
    return switch


def test_a_query_naming_a_page_is_read_as_the_app_reads_an_address():
    assert parse_asked("?page=tohit") == {"page": "tohit"}
    assert parse_asked("?page=rules&q=F.hit.range") == {"page": "rules", "q": "F.hit.range"}
    assert parse_asked("?page=tohit&range_hexes=3&range_hexes=5") == {"page": "tohit", "range_hexes": "5"}  # the last wins
    assert parse_asked("?page=rules&q=") == {"page": "rules", "q": ""}
    assert parse_asked("?page=rules&q=a%20b%3Cc") == {"page": "rules", "q": "a b<c"}


@pytest.mark.parametrize("junk", [None, 3, b"?page=tohit", ["?page=tohit"], "", "page=tohit", "/etc/passwd",
                                  "?q=tailing", "?" + "&".join(f"k{i}=1" for i in range(41)) + "&page=tohit",
                                  "?page=" + "x" * MAX_QUERY])
def test_anything_else_the_browser_sends_is_ignored(junk):
    assert parse_asked(junk) is None
    switch, opened = PageSwitch(), []
    switch.on_open(opened.append)
    switch._handle_msg({"open": junk})
    switch._handle_msg(junk)
    assert opened == []


def test_a_message_naming_a_page_reaches_every_listener():
    switch, first, second = PageSwitch(), [], []
    switch.on_open(first.append)
    switch.on_open(second.append)
    switch._handle_msg({"open": "?page=dial"})
    assert first == second == [{"page": "dial"}]


def test_a_link_opens_its_page_in_the_same_template():
    app = create_app({"page": "home"})
    nav, switch = app.sidebar.objects[0], switch_of(app)
    column = app.main.objects[0]
    assert app.page_component is None and switch.page == "home" and switch.announce == ""
    for p in PAGES:
        switch._handle_msg({"open": f"?page={p.slug}"})  # what a click on its link sends
        # the same template, column and sidebar: only what they show changed
        assert app.main.objects[0] is column and app.sidebar.objects[0] is nav
        assert type(app.page_component).__name__ == (p.component or "RulesIndexPage"), p.slug
        assert p.title in shown(app)[0].object and len(shown(app)) == 2  # its title, then its component
        assert nav.object.count("aria-current=page") == 1 and f"href='?page={p.slug}' aria-current=page" in nav.object
        assert (switch.page, switch.title, switch.announce) == (p.slug, app_title(p.title), f"Opened: {p.title}")
    switch._handle_msg({"open": "?page=home"})
    assert app.page_component is None and "cs-home" in shown(app)[0].css_classes
    assert "href='?page=home' aria-current=page" in nav.object and switch.title == app_title("Home")


def test_a_link_carrying_inputs_sets_them_and_refuses_hostile_ones_with_a_note():
    app = create_app({"page": "home"})
    app.open_page({"page": "rules", "q": "F.tail.number"})
    assert app.page_component.found().ids == ["F.tail.number"]
    app.open_page({"page": "tohit", "range_hexes": "<script>", "dead_eye": "3"})
    calc = app.page_component
    assert (calc.range_hexes, calc.dead_eye) == (2, 3)
    note = shown(app)[1]
    assert "cs-query-note" in note.css_classes and "range_hexes" in note.object and "<script>" not in note.object
    app.open_page({"page": "../../etc/passwd"})
    assert app.page_component is None and "no page of this app" in shown(app)[0].object


def test_the_address_follows_the_page_and_only_the_shown_page_writes_it():
    with set_curdoc(Document()):
        loc = pn.state.location
        loc.search = "?page=tohit&range_hexes=5"
        app = create_app()
        first = app.page_component
        assert first.range_hexes == 5 and "range_hexes=5" in loc.search
        app.open_page({"page": "dial"})
        assert loc.query_params["page"] == "dial" and "range_hexes" not in loc.search
        first.range_hexes = 7  # the page left behind no longer writes the address
        assert "range_hexes" not in loc.search
        app.open_page({"page": "barrooms-table"})  # a page whose inputs the address does not carry
        assert loc.search == "?page=barrooms-table"
        app.open_page({"page": "rules", "q": "tailing"})
        assert loc.query_params["q"] == "tailing"
        app.page_component.q = "shock"  # the shown page's inputs do
        assert loc.query_params["q"] == "shock"
        app.open_page({"page": "home"})
        assert loc.search == "?page=home"


def _stylesheets(doc) -> dict[str, int]:
    from collections import Counter

    from bokeh.models import UIElement

    return dict(Counter((getattr(s, "url", None) or "inline").rsplit("/", 1)[-1]
                        for m in doc.models if isinstance(m, UIElement) for s in m.stylesheets))


@pytest.mark.parametrize("slug", ["tailing", "dial-editor", "rules", "home"])
def test_a_page_opened_in_place_is_styled_as_one_loaded_from_its_address(slug):
    """Made in the served session, a page's components took its design as their own and each of
    their shadow roots the theme's whole stylesheet (other fonts, headings and cards, seen in
    chromium); the sidebar's pane sent its stylesheets again with its new text. Every model now
    carries what the same page loaded from its address carries."""
    from panel.io.state import state

    def served(first: str):
        doc = Document()
        with set_curdoc(doc):
            app = create_app({"page": first})
            app.server_doc(doc)
        return app, doc

    _, direct = served(slug)
    app, doc = served("maneuvers" if slug != "maneuvers" else "home")
    with set_curdoc(doc):
        app.open_page({"page": slug})
    assert _stylesheets(doc) == _stylesheets(direct)
    for d in (direct, doc):
        state._stylesheets.pop(d, None)
