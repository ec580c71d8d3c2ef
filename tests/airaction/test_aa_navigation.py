"""Navigation cards, decks, laying maneuvers, leaving the table, obstacles, set-up placement."""

import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.airaction.movement import (
    PlacementError, bounce, check_placement, execute_maneuver, obstacle_collision, placement_ok,
    resolve_obstacle_collision,
)
from cs_panel.airaction.navigation import (
    BASIC_DECK, CardNotInDeckError, NavigationDeck, NavigationError, OrientationError, SpeedRatingError, card,
    mirror_programme, nav_cards, path_from_programme,
)
from cs_panel.airaction.table import MARKER_WIDTH, Obstacle, Pose, inside_table, octagon, overlap
from cs_panel.clix.dial import AIR_ACTION_STATS, build_dial
from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import RuleInputError


@pytest.mark.rule("A.nav.deck")
def test_basic_deck_has_the_twelve_named_cards():
    deck = NavigationDeck.basic()
    names = Counter(card(c).name for c in deck.cards)
    assert dict(names) == BASIC_DECK and len(deck.cards) == 12
    assert all(c.provenance == "reconstructed" for c in nav_cards())


@pytest.mark.rule("A.nav.paths")
def test_stored_poses_replay_from_programmes():
    for c in nav_cards():
        for p in c.paths:
            replay = path_from_programme(p.programme)
            assert len(replay) == len(p.markers)
            for a, b in zip(replay, p.markers):
                assert math.isclose(a.x, b.x, abs_tol=1e-3) and math.isclose(a.y, b.y, abs_tol=1e-3)
                assert math.isclose(a.heading % 360, b.heading % 360, abs_tol=1e-3)


@pytest.mark.rule("A.nav.paths")
def test_left_paths_mirror_right_paths():
    for c in nav_cards():
        if {o.value for o in c.orientations} >= {"left", "right"}:
            for l, r in zip(c.path("left").markers, c.path("right").markers):
                assert math.isclose(l.x, -r.x, abs_tol=1e-9) and math.isclose(l.y, r.y, abs_tol=1e-9)
                assert math.isclose(l.heading % 360, (-r.heading) % 360, abs_tol=1e-9)
    assert mirror_programme("S 3A30 L-45") == "S 3A-30 L45"


@pytest.mark.rule("A.nav.paths")
def test_consecutive_markers_touch_but_do_not_overlap_on_straights():
    path = card("cruise").path()
    assert path.highest == 10
    for a, b in zip(path.markers, path.markers[1:]):
        assert math.isclose(a.distance(b), MARKER_WIDTH)
        assert not overlap(octagon(a), octagon(b))


@pytest.mark.rule("A.nav.paths")
def test_orientation_picks_the_path():
    turn = card("turn")
    assert turn.path("right").markers[-1].heading == 90
    assert turn.path("left").markers[-1].heading == 270
    with pytest.raises(OrientationError) as e:
        turn.path("straight")
    assert e.value.field == "orientation"
    with pytest.raises(OrientationError):
        turn.path()
    assert card("cruise").path().orientation.value == "straight"
    with pytest.raises(RuleInputError):
        turn.path("sideways")


@pytest.mark.rule("A.nav.paths")
def test_no_basic_card_has_three_paths():
    # nav_cards.md: each basic maneuver either flies straight or bends to one side (mirrored)
    assert max(len(c.paths) for c in nav_cards()) == 2
    assert all(len(c.paths) == 1 or {o.value for o in c.orientations} == {"left", "right"} for c in nav_cards())


@pytest.mark.rule("A.nav.paths", "A.nav.deck", "A.move.execute")
def test_a_card_with_three_paths_is_laid_left_straight_or_right(tmp_path):
    """A constructed ace card (a player's own data file) with all three paths: how the card is
    laid picks the path, and a multi-path card cannot be flown without saying which."""
    import json

    programmes = {"left": "S 2A-45 S", "straight": "4S", "right": "S 2A45 S"}
    entry = {
        "id": "my-three-way", "name": "Three-way (constructed)", "copies": 2, "speed_rating": 2, "ace": "my-ace",
        "provenance": "sample", "source": "constructed for a test", "programmes": programmes,
        "paths": {k: [[m.x, m.y, m.heading] for m in path_from_programme(v)] for k, v in programmes.items()},
    }
    path = tmp_path / "my_ace_cards.json"
    path.write_text(json.dumps({"title": "test cards", "entries": [entry]}))
    three = card("my-three-way", nav_cards(str(path)))
    assert [o.value for o in three.orientations] == ["left", "straight", "right"]
    with pytest.raises(OrientationError, match="lay it left, straight, right") as e:
        three.path()
    assert e.value.field == "orientation"
    ends = {o: execute_maneuver(Pose(18, 10, 0), three, o, 4) for o in ("left", "straight", "right")}
    assert {o: m.orientation.value for o, m in ends.items()} == {"left": "left", "straight": "straight", "right": "right"}
    assert [round(ends[o].final.heading % 360) for o in ("left", "straight", "right")] == [270, 0, 90]
    assert ends["left"].final.x < ends["straight"].final.x == 18 < ends["right"].final.x
    deck = NavigationDeck.basic().with_ace_cards("my-ace", str(path))
    assert deck.card("my-three-way") == three and deck.give("p", "my-three-way", 2).in_play == (("p", "my-three-way"),)


@pytest.mark.rule("A.nav.deck")
def test_speed_rating_is_a_minimum():
    card("snap-roll").check_speed(4)
    with pytest.raises(SpeedRatingError) as e:
        card("snap-roll").check_speed(3)
    assert e.value.field == "card"
    assert NavigationDeck.basic().playable(1) == ["cruise", "glide"]


@pytest.mark.rule("A.nav.deck")
def test_each_plane_gets_its_own_card_and_cards_return_before_next_speed():
    deck = NavigationDeck.basic()
    deck = deck.give("a", "snap-roll", 5)
    with pytest.raises(CardNotInDeckError):
        deck.give("b", "snap-roll", 5)
    with pytest.raises(NavigationError, match="already has a card"):
        deck.give("a", "turn", 5)
    deck = deck.give("b", "turn", 5).give("c", "turn", 5)
    assert "turn" not in deck.cards and len(deck.cards) == 9
    back = deck.reconstruct()
    assert Counter(back.cards) == Counter(NavigationDeck.basic().cards) and back.in_play == ()


@pytest.mark.rule("A.nav.deck", "A.aces.pilots")
def test_an_ace_adds_two_cards():
    deck = NavigationDeck.basic().with_ace_cards("charlie-steele-ace", "package:clix/sample_ace_cards.json")
    assert len(deck.cards) == 14
    assert deck.card("sample-ace-split-s").provenance == "sample"
    with pytest.raises(NavigationError, match="exactly two"):
        NavigationDeck.basic().with_ace_cards("nobody", "package:clix/sample_ace_cards.json")
    with pytest.raises(NavigationError, match="already"):
        deck.with_ace_cards("charlie-steele-ace", "package:clix/sample_ace_cards.json")
    assert deck.give("x", "sample-ace-barrel-roll", 3).in_play == (("x", "sample-ace-barrel-roll"),)


@pytest.mark.rule("A.disengage", "A.nav.deck")
def test_disengaging_planes_fly_only_cruise_or_glide():
    deck = NavigationDeck.basic()
    assert deck.playable(6, disengaging=True) == ["cruise", "glide"]
    with pytest.raises(NavigationError, match="Cruise or Glide"):
        deck.give("a", "turn", 6, disengaging=True)


@pytest.mark.rule("A.move.execute")
def test_plane_stops_on_the_marker_equal_to_speed_or_the_last():
    start = Pose(18, 10, 90)
    m = execute_maneuver(start, card("turn"), "left", 3)
    assert m.stopped_at == 3 and len(m.markers) == 3 and m.final == start.compose(card("turn").path("left").markers[2])
    fast = execute_maneuver(Pose(18, 18, 0), card("tight-turn"), "right", 9)
    assert fast.stopped_at == 6 and fast.final.heading == 135


@pytest.mark.rule("A.move.execute")
def test_overhanging_the_edge_removes_the_plane():
    m = execute_maneuver(Pose(18, 30, 0), card("cruise"), None, 5)
    assert m.left_table and m.off_table_at == 4 and len(m.markers) == 5
    inside = execute_maneuver(Pose(18, 30, 180), card("cruise"), None, 5)
    assert not inside.left_table
    # a marker only partly over the edge is enough
    edge = execute_maneuver(Pose(36 - MARKER_WIDTH / 2 + 0.1, 18, 0), card("cruise"), None, 1)
    assert edge.left_table


@pytest.mark.rule("A.move.execute", "A.nav.deck")
def test_maneuver_input_errors():
    with pytest.raises(SpeedRatingError):
        execute_maneuver(Pose(18, 18), card("half-loop"), None, 3)
    with pytest.raises(RuleInputError) as e:
        execute_maneuver(Pose(18, 18), card("cruise"), None, 11)
    assert e.value.field == "speed"


@pytest.mark.rule("A.obstacles")
def test_obstacle_stops_the_maneuver_and_bounces_the_marker():
    tower = Obstacle.rectangle("tower", 16, 16, 20, 20)
    m = execute_maneuver(Pose(18, 8, 0), card("cruise"), None, 8, obstacles=[tower])
    assert m.obstacle == "tower" and m.hit_at == m.stopped_at == 5
    assert tower.overlaps(octagon(m.final))
    b = bounce(m.final, tower)
    assert b.heading == 180 and not tower.overlaps(octagon(b))


@pytest.mark.rule("A.obstacles", "A.pilot-check")
def test_obstacle_collision_costs_one_click_or_speed_in_clicks():
    oc = obstacle_collision(piloting=7, speed=5)
    assert oc.damage_distribution() == {1: Fraction(7, 12), 5: Fraction(5, 12)}
    tower = Obstacle.rectangle("tower", 16, 16, 20, 20)
    m = execute_maneuver(Pose(18, 8, 0), card("cruise"), None, 8, obstacles=[tower])
    dial = build_dial(AIR_ACTION_STATS, [(8, 3, 0, 7)] * 10 + [None])
    ok = resolve_obstacle_collision(m, dial, [tower], ScriptedDice([3, 4]))
    assert ok.success and ok.damage.applied == 1 and ok.new_speed == 7 and ok.bounced.heading == 180
    bad = resolve_obstacle_collision(m, dial, [tower], ScriptedDice([1, 2]))
    assert not bad.success and bad.damage.applied == 8
    frail = build_dial(AIR_ACTION_STATS, [(8, 3, 0, 7)] * 2 + [None])
    dead = resolve_obstacle_collision(m, frail, [tower], ScriptedDice([1, 2]))
    assert dead.damage.eliminated and dead.bounced is None


@pytest.mark.rule("A.setup")
def test_placement_within_three_inches_of_own_edge():
    assert placement_ok(Pose(18, 1.5, 0), "south")
    assert not placement_ok(Pose(18, 2.5, 0), "south")  # far side at 3.25 inches
    assert placement_ok(Pose(18, 34.5, 180), "north")
    assert not placement_ok(Pose(0.2, 18, 90), "west")  # hangs off the table
    with pytest.raises(PlacementError) as e:
        check_placement(Pose(18, 18), "east")
    assert e.value.field == "pose"


@pytest.mark.rule("A.move.execute", "A.nav.paths")
@settings(max_examples=80, deadline=None)
@given(st.sampled_from([c.id for c in nav_cards()]), st.integers(0, 10), st.floats(8, 28), st.floats(8, 28), st.floats(0, 359))
def test_maneuver_lays_min_of_speed_and_path_length(cid, speed, x, y, h):
    c = card(cid)
    speed = max(speed, c.speed_rating)
    o = c.orientations[0]
    m = execute_maneuver(Pose(x, y, h), c, o, speed)
    assert m.stopped_at == len(m.markers) == min(speed, c.path(o).highest)
    # the path's shape does not depend on where it is flown from
    ref = execute_maneuver(Pose(18, 18, 0), c, o, speed)
    assert math.isclose(Pose(x, y, h).distance(m.final), Pose(18, 18, 0).distance(ref.final), abs_tol=1e-6)
    assert m.left_table == any(not inside_table(octagon(p)) for p in m.markers)


def _first_off(markers) -> int | None:
    """The first marker (numbered from 1) any of whose corners overhangs the table, worked out
    corner by corner for every marker: what ``execute_maneuver`` answers by a quicker way."""
    return next((i for i, p in enumerate(markers, 1) if not inside_table(octagon(p))), None)


@pytest.mark.rule("A.move.execute")
@settings(max_examples=150, deadline=None)
@given(st.sampled_from([c.id for c in nav_cards()]), st.data(), st.integers(0, 10),
       st.floats(0, 36), st.floats(0, 36), st.floats(0, 359.99))
def test_leaving_the_table_is_the_first_marker_overhanging_an_edge(cid, data, speed, x, y, h):
    """Starts anywhere on the table, edges included: the maneuver leaves the table exactly when a
    laid marker's corner overhangs an edge, at the first such marker (execute_maneuver only works
    out the corners of markers near an edge)."""
    c = card(cid)
    o = data.draw(st.sampled_from(list(c.orientations)), label="orientation")
    m = execute_maneuver(Pose(x, y, h), c, o, max(speed, c.speed_rating))
    assert m.off_table_at == _first_off(m.markers)
    assert m.left_table == (m.off_table_at is not None)


@pytest.mark.rule("A.move.execute")
def test_a_marker_near_an_edge_is_judged_by_its_corners():
    corner = MARKER_WIDTH / 2 / math.cos(math.pi / 8)  # a marker's corners lie this far from its centre
    straight = card("cruise")
    seen = set()
    for heading in (0, 22.5, 45, 90, 180, 270, 337.5):
        # where the first marker lies from the start, so a start can put it at a chosen place
        first = execute_maneuver(Pose(18, 18, heading), straight, None, straight.speed_rating).markers[0]
        dx, dy = first.x - 18, first.y - 18
        for d in (corner - 1e-6, corner, corner + 1e-6, 0.5, 0.0):
            # the first marker's centre d from the west, south, east and north edge in turn
            for cx, cy in ((d, 18), (18, d), (36 - d, 18), (18, 36 - d)):
                m = execute_maneuver(Pose(cx - dx, cy - dy, heading), straight, None, straight.speed_rating)
                assert m.off_table_at == _first_off(m.markers), (heading, d, cx, cy)
                seen.add(m.off_table_at == 1)
    assert seen == {True, False}  # some first markers overhang, some do not


@pytest.mark.rule("A.move.execute", "A.obstacles")
def test_an_obstacle_stops_a_maneuver_the_same_near_an_edge_or_far_from_it():
    three = card("turn")
    for x0 in (2.0, 18.0, 34.0):
        free = execute_maneuver(Pose(x0, 10, 0), three, "right", 4)
        third = free.markers[2]
        ob = Obstacle.rectangle("O1", third.x - 0.5, third.y - 0.5, third.x + 0.5, third.y + 0.5)
        m = execute_maneuver(Pose(x0, 10, 0), three, "right", 4, obstacles=[ob])
        # laying stops at the first marker overlapping the obstacle, whether or not it is near an edge
        first = next(i for i, p in enumerate(free.markers, 1) if ob.overlaps(octagon(p)))
        assert (m.obstacle, m.stopped_at, len(m.markers)) == ("O1", first, first)
        assert m.off_table_at == _first_off(m.markers)
