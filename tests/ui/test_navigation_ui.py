"""The NavigationCardExplorer component, tested without a browser by setting its parameters."""

import html

import re

import pytest

from cs_panel.airaction.movement import execute_maneuver, obstacle_collision
from cs_panel.airaction.navigation import NavigationDeck, card
from cs_panel.airaction.table import Obstacle, Pose, octagon
from cs_panel.ui.layered_svg import LayeredSvg
from cs_panel.ui.navigation import NavigationCardExplorer


def core_markers(start, card_id, orientation, speed, obstacles=()):
    m = execute_maneuver(start, card(card_id), orientation, speed, obstacles=obstacles)
    return [(n, p.x, p.y, p.heading) for n, p in enumerate(m.markers, start=1)], m


@pytest.mark.rule("A.move.execute", "A.nav.paths")
@pytest.mark.parametrize("card_id,orientation,speed", [
    ("turn", "right", 4), ("turn", "left", 2), ("cruise", "straight", 10), ("tight-turn", "left", 7),
    ("side-slip", "right", 5), ("half-loop", "straight", 6), ("wingover", "left", 3), ("glide", "right", 1),
])
def test_drawn_markers_equal_the_cores(card_id, orientation, speed):
    ui = NavigationCardExplorer(card=card_id, orientation=orientation, speed=speed, x=14.5, y=9.0, heading=30)
    expected, m = core_markers(Pose(14.5, 9.0, 30), card_id, orientation, speed)
    assert ui.drawn_markers() == expected
    assert ui.maneuver == m and ui.error == ""
    f = m.final
    assert ui.end == f"Ends on marker {m.stopped_at} at x {f.x:.2f} in, y {f.y:.2f} in, heading {f.heading:.0f}"
    # the rest of the path is drawn faintly, numbered on from where the plane stopped
    path = card(card_id).path(orientation)
    ghosts = re.findall(r"<title>marker (\d+), not flown</title>", ui._table.top)
    assert len(ghosts) == path.highest - len(m.markers)
    assert ghosts[:1] == ([str(len(m.markers) + 1)] if path.highest > len(m.markers) else [])
    # and the markers drawn are the ones laid, numbered
    assert re.findall(r"class='cs-marker' data-number='(\d+)'", ui._table.top) == [str(n) for n, *_ in expected]


@pytest.mark.rule("A.move.execute")
def test_the_plane_stops_on_the_marker_equal_to_its_speed_or_the_last():
    ui = NavigationCardExplorer(card="turn", orientation="right", speed=3)
    assert [n for n, *_ in ui.drawn_markers()] == [1, 2, 3]
    ui.speed = 10  # faster than the path is long: the plane stops on the path's highest number
    assert len(ui.drawn_markers()) == card("turn").path("right").highest
    assert ui.maneuver.final.heading == 90


@pytest.mark.rule("A.move.execute")
def test_leaving_the_table_is_reported_and_the_plane_removed():
    ui = NavigationCardExplorer(card="cruise", orientation="straight", speed=6, x=18, y=30, heading=0)
    assert ui.maneuver.left_table and ui.maneuver.off_table_at == 4  # centre 34.5: the fourth marker overhangs
    assert ui.end.startswith("Leaves the table: marker 4 overhangs the edge, so the plane is removed")
    assert "removed from play" in ui._outcome.object and "nav-left-table" in ui._end.object
    fills = re.findall(r"class='cs-marker' data-number='\d+' data-pick='table' data-pick-point='' points='[^']*' fill='([^']+)'",
                       ui._table.top)
    assert fills[3] == fills[5] != fills[0]
    ui.speed = 3  # slower, it stays on the table
    assert not ui.maneuver.left_table and ui.end.startswith("Ends on marker 3")


@pytest.mark.rule("A.nav.deck")
def test_an_unplayable_card_at_this_speed_is_explained():
    ui = NavigationCardExplorer(card="snap-roll", orientation="right", speed=2)
    assert ui.maneuver is None
    msg = ui._errors.message("card")
    assert msg == "Snap Roll needs speed 4 or more; the plane is at 2 (A.nav.deck)"
    assert ui.card == "snap-roll"  # the choice is kept, marked, not swapped for another card
    assert ui._card_select.options["Snap Roll (needs speed 4)"] == "snap-roll"
    assert "Wingover (needs speed 3)" not in ui._card_select.options  # only playable ones (and the chosen one)
    assert ui.playable == NavigationDeck.basic().playable(2) == ["cruise", "glide", "turn", "side-slip"]
    assert set(ui.barred) == {"tight-turn", "snap-roll", "wingover", "half-loop"}
    assert "Half Loop needs speed 4 or more" in html.unescape(ui._barred.object)
    ui.show_all = True
    assert len(ui._card_select.options) == 8 and "Wingover (needs speed 3)" in ui._card_select.options
    ui.speed = 4
    assert ui.maneuver is not None and ui._errors.message("card") == "" and ui.barred == {}


@pytest.mark.rule("A.nav.paths")
def test_orientation_offers_only_the_cards_paths():
    ui = NavigationCardExplorer(card="turn", orientation="left", speed=4)
    assert list(ui._orient_select.options) == ["left", "right"]
    assert ui.maneuver.final.heading == 270
    ui.card = "cruise"  # one straight path only
    assert ui.orientation == "straight" and list(ui._orient_select.options) == ["straight"]
    ui.orientation = "left"  # asked from code: the core's reason shows beside the orientation
    assert ui.maneuver is None and "Cruise has no left path" in ui._errors.message("orientation")


@pytest.mark.rule("A.obstacles", "A.move.execute")
def test_an_obstacle_stops_the_maneuver_and_shows_the_rule_outcome():
    ui = NavigationCardExplorer(card="cruise", orientation="straight", speed=5, x=18, y=4, heading=0, piloting=7)
    ob = ui.add_obstacle(18, 10.5, size=2)
    expected, m = core_markers(Pose(18, 4, 0), "cruise", "straight", 5, [ob])
    assert ui.drawn_markers() == expected and m.obstacle == ob.id
    assert ui.maneuver.hit_at == len(ui.drawn_markers()) < 5
    check = obstacle_collision(7, 5)
    assert ui.hit.collision == check and ui.hit.new_speed == 4
    assert ui.hit.collision.clicks_on_failure == 5 and ui.hit.collision.clicks_on_success == 1
    assert ui.hit.bounced.heading == 180 and not ob.overlaps(octagon(ui.hit.bounced))
    text = html.unescape(ui._outcome.object)
    assert f"Hits obstacle {ob.id}" in text.replace("<b>", "").replace("</b>", "") and "failure 5" in text
    assert ui.end.startswith(f"Stops on marker {ui.maneuver.stopped_at} against obstacle {ob.id}")
    ui.clear_obstacles()
    assert ui.hit is None and len(ui.drawn_markers()) == 5


@pytest.mark.rule("A.move.execute")
def test_clicks_move_the_plane_or_drop_obstacles():
    ui = NavigationCardExplorer()
    ui.click_at(10.123, 20.456)
    assert (ui.x, ui.y) == (10.12, 20.46) and ui.maneuver.start == Pose(10.12, 20.46, 0)
    ui.click = "obstacle"
    ui.click_at(30, 30)
    assert [o.id for o in ui.obstacles] == ["O1"] and re.findall(r"class='cs-obstacle' data-id='(\w+)'", ui._table.base) == ["O1"]
    # a click as the browser sends it: a point of the drawing, read as inches on the table
    ui.click = "plane"
    assert ui.pick("table@100,300") and (ui.x, ui.y) == (7.33, 12.0)
    for hostile in ("", "table@", "table@1e9,2", "table@-500,-500", "x@1,2", "__import__('os')"):  # ignored
        assert not ui.pick(hostile)
    assert (ui.x, ui.y) == (7.33, 12.0)
    assert ui.obstacles[0] == Obstacle.rectangle("O1", 28.5, 28.5, 31.5, 31.5)


@pytest.mark.rule("A.move.execute")
def test_bad_inputs_show_beside_their_widget_and_keep_the_value():
    ui = NavigationCardExplorer()
    ui.speed = 11
    assert ui.maneuver is None and ui.speed == 11 and "0-10" in ui._errors.message("speed")
    ui.speed = 4
    ui.y = -2
    assert ui.maneuver is None and ui.y == -2 and "y must lie on the 36-inch table" in ui._errors.message("y")
    assert ui._errors.message("x") == "" and "No maneuver" in ui._end.object
    ui.y = 4
    assert ui.maneuver is not None and ui._errors.message("y") == ""
    ui.piloting = 15  # only asked when an obstacle is hit
    ui.add_obstacle(18, 8, size=1)
    assert ui.maneuver is None and "piloting 15 is outside" in ui._errors.message("piloting")


@pytest.mark.rule("A.nav.deck", "A.nav.paths", "A.move.execute")
def test_badge_and_layout():
    import panel as pn
    ui = NavigationCardExplorer()
    assert "cs-badge-reconstructed" in ui._badge.object
    layout = ui.__panel__()
    assert isinstance(layout, pn.Row) and [d for d in layout.select(LayeredSvg)] == [ui._table]
    widgets = {w.name: w for w in layout.select(pn.widgets.Widget) if w.name}
    for label, value in {
        "Current speed": 4, "Card": "turn", "x (in)": 18.0, "y (in)": 4.0, "heading": 0.0, "Piloting value": 8,
        "Click": "plane", "Obstacle size (in)": 3.0,
    }.items():
        assert widgets[label].value == value, label
    assert isinstance(widgets["Clear obstacles"], pn.widgets.Button)
    # the card list is the basic deck's cards with a speed rating the current speed reaches
    cards = widgets["Card"]
    assert len(cards.options) == 8 and "Half Loop (speed rating 4)" in cards.options
    widgets["Current speed"].value = 2
    assert ui.speed == 2 and set(cards.options.values()) == {"cruise", "glide", "turn", "side-slip"}
    # a multi-path card is laid left or right
    assert ui._orient_select.options == ["left", "right"] and ui._orient_select.value == "right"


@pytest.mark.rule("A.move.execute", "A.obstacles")
def test_a_plane_off_the_table_makes_no_obstacle_check():
    ui = NavigationCardExplorer(card="cruise", orientation="straight", speed=4, x=18, y=31, heading=0)
    ui.add_obstacle(18, 36, size=2)  # on the edge, where the fourth marker overhangs
    assert ui.maneuver.left_table and ui.maneuver.obstacle == "O1"
    assert ui.hit is None and "removed from play" in ui._outcome.object and "Hits obstacle" not in ui._outcome.object


@pytest.mark.rule("A.nav.deck", "A.move.execute")
def test_the_served_app_has_the_navigation_tab():
    import importlib

    from cs_panel.ui import _COMPONENTS
    from cs_panel.ui.app import PAGES_BY_SLUG
    name = PAGES_BY_SLUG["navigation"].component
    assert getattr(importlib.import_module(_COMPONENTS[name]), name) is NavigationCardExplorer
    # what the tab opens on: a card from the deck, laid on the table
    ui = NavigationCardExplorer()
    assert ui.card in ui._card_select.options.values() and ui.maneuver is not None and ui.error == ""


@pytest.mark.rule("A.nav.paths")
def test_a_card_needing_another_orientation_is_drawn_once(monkeypatch):
    """Choosing a card changes the orientation with it; the table is drawn once, for the pair."""
    ex = NavigationCardExplorer(card="cruise")
    drawn = []
    real = NavigationCardExplorer._draw
    monkeypatch.setattr(NavigationCardExplorer, "_draw", lambda self, *a: (drawn.append(self.orientation), real(self, *a)))
    ex.card = "turn"
    assert ex.orientation != "straight" and drawn == [ex.orientation]
    assert ex.end == NavigationCardExplorer(card="turn", orientation=ex.orientation).end


@pytest.mark.rule("A.nav.paths")
def test_a_card_with_other_paths_changes_no_button_and_no_size_in_the_browser():
    """The orientation buttons are made once, one per orientation, and a card only shows or hides
    them (inline CSS variables) in a box of fixed width: relabelled buttons or a new width made
    the browser lay the whole page out again, table included (issue 14). Clicking a shown button
    names the orientation it shows."""
    import panel as pn
    from bokeh.document import Document

    ui = NavigationCardExplorer(card="turn", orientation="left")
    doc = Document()
    doc.add_root(pn.panel(ui).get_root(doc))
    group = ui._orient_select
    model = next(iter(group._models.values()))[0]
    assert model.labels == ["left", "straight", "right"] and model.active == 0 and model.width == 160
    sent = []
    doc.callbacks.on_change(lambda e: sent.append(getattr(e, "attr", None)) if getattr(e, "model", None) is model else None)

    def shown():
        return [b for k, b in enumerate(model.labels, 1) if model.styles[f"--cs-b{k}-display"] != "none"]
    assert shown() == ["left", "right"]
    for card_id, paths in (("cruise", ["straight"]), ("half-loop", ["straight"]), ("glide", ["left", "right"]),
                           ("cruise", ["straight"])):
        sent.clear()
        ui.card = card_id
        assert list(group.options) == paths and ui.orientation in paths  # as any RadioButtonGroup
        assert shown() == paths and model.labels[model.active] == ui.orientation
        assert set(sent) <= {"active", "styles"} and model.labels == ["left", "straight", "right"]
    ui.card = "turn"
    # the browser's click names a button among all three: the second shown one is "right", the third
    group._process_events({"active": 2})
    assert ui.orientation == "right" and group.value == "right"
    group._process_events({"active": 0})
    assert ui.orientation == "left"
