"""The served app without a browser: every page opens, addresses set inputs, hostile addresses are refused quietly."""

from __future__ import annotations

import pytest

from cs_panel.ui.app import PAGES, PAGES_BY_SLUG, RulesIndexPage, apply_query, build_page, create_app, nav_html


def shown(template) -> list:
    """What the app's main area shows: its one column's panes and component (the column stays while
    the app's links open other pages in it)."""
    (column,) = template.main.objects
    return list(column.objects)


def _text(template) -> str:
    return " ".join(str(getattr(o, "object", "")) for o in shown(template))


@pytest.mark.parametrize("slug", ["home"] + [p.slug for p in PAGES])
def test_every_sidebar_page_opens_and_is_marked(slug):
    app = create_app({"page": slug})
    sidebar = app.sidebar.objects[0].object
    assert sidebar.count("aria-current=page") == 1 and f"href='?page={slug}' aria-current=page" in sidebar
    assert "cs-query-note" not in [c for o in shown(app) for c in o.css_classes]
    if slug != "home":
        page = PAGES_BY_SLUG[slug]
        assert page.title in _text(app)
        assert type(app.page_component).__name__ == (page.component or "RulesIndexPage")
    else:
        assert app.page_component is None


def test_the_sidebar_groups_pages_by_game():
    nav = nav_html("home")
    order = [nav.index(f"<h4>{g}</h4>") for g in ("FASA board game", "Air Action", "Aces", "Bar-rooms")]
    assert order == sorted(order) and nav.index("Look up a rule") > order[-1]
    for p in PAGES:
        assert f"href='?page={p.slug}'" in nav


def test_pages_are_built_only_when_opened(monkeypatch):
    import cs_panel.ui.tohit as tohit

    built = []
    real = tohit.ToHitCalculator.__init__

    def spy(self, **params):
        built.append(type(self).__name__)
        real(self, **params)

    monkeypatch.setattr(tohit.ToHitCalculator, "__init__", spy)
    create_app({"page": "home"})
    app = create_app({"page": "shootout"})
    assert built == []
    create_app({"page": "tohit"})
    assert built == ["ToHitCalculator"]
    app.open_page({"page": "attack"})  # a link opened in place builds its own page, and only it
    assert built == ["ToHitCalculator"]
    app.open_page({"page": "tohit"})
    assert built == ["ToHitCalculator", "ToHitCalculator"]


def test_synced_inputs_are_parameters_of_the_component():
    import importlib

    from cs_panel.ui import _COMPONENTS

    for p in PAGES:
        cls = RulesIndexPage if p.component is None else getattr(importlib.import_module(_COMPONENTS[p.component]), p.component)
        assert set(p.sync) <= set(cls.param), p.slug
        assert "page" not in p.sync


@pytest.mark.rule("F.hit.range", "F.pilot.skills")
def test_an_address_opens_the_calculator_with_its_inputs_set():
    app = create_app({"page": "tohit", "range_hexes": "5", "dead_eye": "3", "shocked": "true", "deflection": "DIRECTLY_BEHIND"})
    calc = app.page_component
    assert (calc.range_hexes, calc.dead_eye, calc.shocked, calc.deflection) == (5, 3, True, "DIRECTLY_BEHIND")
    assert calc.error == "" and "not accepted" not in _text(app)


@pytest.mark.rule("B.fire.target")
def test_an_address_sets_a_selector_and_numbers_on_other_pages():
    shoot, refused = build_page(PAGES_BY_SLUG["shootout"], {"range_hexes": "7", "weapon": "colt-1911", "deadeye": "2"})
    assert (shoot.range_hexes, shoot.deadeye, refused) == (7, 2, [])
    nav, refused = build_page(PAGES_BY_SLUG["navigation"], {"x": "10.5", "speed": "3"})
    assert (nav.x, nav.speed, refused) == (10.5, 3, [])
    rules, refused = build_page(PAGES_BY_SLUG["rules"], {"q": "tailing", "game": "F"})
    assert rules.q == "tailing" and "F.tail.number" in rules.found().ids and refused == []


HOSTILE = [
    {"range_hexes": "x"}, {"range_hexes": "1e400"}, {"range_hexes": "99999999999999999999"},
    {"range_hexes": "-3"}, {"dead_eye": "11"}, {"shocked": "maybe"}, {"weapon": "<script>alert(1)</script>"},
    {"deflection": "__class__"}, {"target_base": "nan"}, {"range_hexes": "5" * 5000}, {"dead_eye": "[1, 2]"},
    {"range_hexes": '{"a": 1}'}, {"shocked": "null"},
]


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_values_are_refused_quietly_with_a_note(query):
    app = create_app({"page": "tohit", **query})
    calc = app.page_component
    defaults = type(calc)()
    for name in query:
        assert getattr(calc, name) == getattr(defaults, name)
    assert calc.error == ""
    note = shown(app)[1]
    assert "cs-query-note" in note.css_classes and "not accepted" in note.object
    assert "<script>" not in note.object


def test_hostile_pages_and_unknown_inputs_open_safely():
    app = create_app({"page": "../../etc/passwd"})
    assert "no page of this app" in shown(app)[0].object and "Crimson Skies" in shown(app)[1].object
    app = create_app({"page": "dial", "source": "/etc/passwd"})
    dial = app.page_component
    assert dial.source != "/etc/passwd" and "no input called source" in shown(app)[1].object
    maneuver, refused = build_page(PAGES_BY_SLUG["maneuvers"], {"maneuver": "9Z9Z", "speed": "2"})
    assert maneuver.maneuver == "3L2F" and maneuver.speed == 2 and refused == ["maneuver"]


def test_apply_query_keeps_what_was_there_before():
    calc, _ = build_page(PAGES_BY_SLUG["tohit"], {"range_hexes": "4"})
    assert apply_query(calc, ("range_hexes", "dead_eye"), {"range_hexes": "abc", "dead_eye": "2"}) == ["range_hexes"]
    assert (calc.range_hexes, calc.dead_eye) == (4, 2)


def test_rules_index_page_searches_as_you_type():
    page = RulesIndexPage()
    page._box.value_input = "F.hit.range"
    assert page.found().ids == ["F.hit.range"] and "F.hit.range" in page._results.object
    page.q, page.game = "", "B"
    assert "Showing the first 18 of 18" not in page._results.object and page.found().ids[0].startswith("B.")
    page.game = "all"
    assert "Showing the first 25 of" in page._results.object


def test_a_component_page_links_the_rules_it_shows_to_the_index():
    app = create_app({"page": "tailing"})
    title = shown(app)[0].object
    for rule_id in app.page_component.shows_rules:
        assert f"href='?page=rules&amp;q={rule_id}'" in title
    rules, refused = build_page(PAGES_BY_SLUG["rules"], {"q": "F.tail.number"})
    assert rules.found().ids == ["F.tail.number"] and refused == []


def test_an_address_that_breaks_a_component_still_opens_the_page_with_defaults(monkeypatch):
    import cs_panel.ui.app as app_module

    real = app_module.apply_query

    def explode(obj, names, query):
        if query:
            raise RuntimeError("a bug the address found")
        return real(obj, names, query)

    monkeypatch.setattr(app_module, "apply_query", explode)
    app = create_app({"page": "tohit", "range_hexes": "5"})
    assert app.page_component.range_hexes == 2 and "range_hexes" in shown(app)[1].object
