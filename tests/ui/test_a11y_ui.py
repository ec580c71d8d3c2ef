"""The components' drawings carry a name and a Text view stating the drawing's facts, and a
drawing that answers clicks has widgets that do the same from the keyboard."""

from __future__ import annotations

import panel as pn
import pytest

from cs_panel.ui.a11y import NamedDrawing, current_text, show_text, text_html, text_view


def named_drawings(layout) -> list[NamedDrawing]:
    return list(layout.select(NamedDrawing))


def text_of(view) -> str:
    import html
    import re
    return html.unescape(re.sub(r"<[^>]+>", "", current_text(view)))


def test_a_text_view_is_a_closed_card_whose_text_is_escaped():
    view = text_view("a <b> & c")
    assert isinstance(view, pn.Card) and view.collapsed and view.title == "Text view"
    assert view[0].object == text_html("a <b> & c") and "&lt;b&gt; &amp; c" in view[0].object
    show_text(view, "line one\nline two")
    assert text_of(view) == "line one\nline two"
    # a closed view sends nothing to the page until it is opened, and then shows the latest text
    assert view[0].object == text_html("a <b> & c")
    view.collapsed = False
    assert view[0].object == text_html("line one\nline two")
    show_text(view, "line three")  # an open one follows at once
    assert view[0].object == text_html("line three")


def test_a_closed_view_makes_its_text_only_when_it_is_opened():
    """A text given as a function is made when someone reads it, not on every change (latency:
    README "Speed"); only the last one given is made, and an open view makes it at once."""
    view = text_view("first")
    made = []

    def maker(text):
        def make():
            made.append(text)
            return text
        return make
    show_text(view, maker("second"))
    show_text(view, maker("third"))
    assert made == [] and view[0].object == text_html("first")
    view.collapsed = False
    assert made == ["third"] and view[0].object == text_html("third")
    show_text(view, maker("fourth"))
    assert made == ["third", "fourth"] and view[0].object == text_html("fourth")
    view.collapsed = True
    show_text(view, maker("fifth"))
    assert text_of(view) == "fifth" and view[0].object == text_html("fourth")


@pytest.mark.rule("F.tail.position")
def test_the_tailing_map_is_named_and_its_text_follows_the_planes():
    from cs_panel.ui import TailingReveal

    ui = TailingReveal()
    layout = ui.__panel__()
    (drawing,) = named_drawings(layout)
    assert drawing.label == "map: the two planes and their arcs" and isinstance(drawing.object, pn.pane.Bokeh)
    ui.param.update(follower_q=1, follower_r=2, follower_facing="C")
    text = text_of(ui._text)
    assert "(follower) in hex Hex(1, 2), facing C" in text and text.splitlines()[0] == ui.verdict


@pytest.mark.rule("F.plane.record-sheet")
def test_the_damage_sheets_text_follows_each_shot():
    from cs_panel.ui import DamageSheet

    ui = DamageSheet()
    assert [d.label for d in named_drawings(ui.__panel__())] == ["record sheet: the damage diagram"]
    assert "0 marked" in text_of(ui._text)
    ui.fire()
    marked = [line for line in text_of(ui._text).splitlines() if line.startswith("marked: ")]
    assert len(marked) == len(ui.sheet.mark_of) > 0


@pytest.mark.rule("F.hit.range")
def test_the_to_hit_charts_text_gives_each_ranges_number_and_chance():
    from cs_panel.core.explain import percent
    from cs_panel.fasa.tohit import to_hit_by_range
    from cs_panel.ui import ToHitCalculator

    ui = ToHitCalculator(range_hexes=4)
    text = text_of(ui._text)
    for r, t in enumerate(to_hit_by_range(ui.target_base, ui.deflection, ui.dead_eye, ui.weapon)):
        assert f"range {r}: to-hit number {t.total}, chance {percent(t.chance)}" in text
    assert "range 4: to-hit number" in [line for line in text.splitlines() if "(the range set above)" in line][0]


def test_every_bokeh_drawing_of_the_components_is_named():
    import cs_panel.ui as ui

    for name in ("ToHitCalculator", "ManeuverExplorer", "RandomMovementPlayer", "TailingReveal", "DamageSheet",
                 "AttackOdds", "NavigationCardExplorer", "AcesSkirmish", "ShootoutCalculator"):
        layout = getattr(ui, name)().__panel__()
        drawings = named_drawings(layout)
        assert drawings and all(d.label for d in drawings), name
        bokeh = [p for p in layout.select(pn.pane.Bokeh)]
        # every bokeh figure of the component is inside a named drawing
        assert all(any(p is d.object for d in drawings) for p in bokeh), name
        assert layout.select(pn.Card), name  # and has a text view


@pytest.mark.rule("A.move.execute")
def test_an_obstacle_can_be_dropped_without_a_click_on_the_table():
    from cs_panel.ui import NavigationCardExplorer

    ui = NavigationCardExplorer()
    layout = ui.__panel__()
    xs = [w for w in layout.select(pn.widgets.FloatInput) if "in-obstacle-x" in w.css_classes]
    ys = [w for w in layout.select(pn.widgets.FloatInput) if "in-obstacle-y" in w.css_classes]
    (add,) = [w for w in layout.select(pn.widgets.Button) if "add-obstacle" in w.css_classes]
    xs[0].value, ys[0].value = 10.0, 20.0
    add.clicks += 1
    (ob,) = ui.obstacles
    clicked = NavigationCardExplorer(click="obstacle")
    clicked.click_at(10.0, 20.0)
    assert ob == clicked.obstacles[0]  # the same obstacle a click there drops
    assert "1 obstacles" in text_of(ui._text)


@pytest.mark.rule("K.move", "K.terrain.blocking")
def test_a_character_can_be_placed_by_typing_its_square():
    from cs_panel.ui.aces_board import AcesSkirmish

    ui = AcesSkirmish()
    layout = ui.__panel__()
    (col,) = [w for w in layout.select(pn.widgets.IntInput) if "in-place-col" in w.css_classes]
    (row,) = [w for w in layout.select(pn.widgets.IntInput) if "in-place-row" in w.css_classes]
    (go,) = [w for w in layout.select(pn.widgets.Button) if "in-place" in w.css_classes]
    col.value, row.value = 4, 6
    go.clicks += 1
    assert ui.positions[ui.active] == (4, 6)
    assert "on 4,6" in text_of(ui._text)
    # the same refusals as a click: a crate's square
    before = dict(ui.positions)
    ui.place_on((11, 2))
    assert ui.positions == before and "blocking terrain" in ui._errors.message("square")
