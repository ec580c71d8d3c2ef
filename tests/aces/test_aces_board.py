"""The Aces map: adjacency (K.adjacent), terrain (K.terrain.*), range and the line of fire
(K.ranged), starting areas (K.setup), and maps from data."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from cs_panel.aces.board import Board, BoardError, maps, wall
from cs_panel.core.errors import DataFileError

OPEN = Board(12, 8)
squares = st.tuples(st.integers(0, 11), st.integers(0, 7))


@pytest.mark.rule("K.adjacent")
def test_eight_adjacent_squares_fewer_at_the_edge():
    assert len(OPEN.neighbours((5, 4))) == 8
    assert len(OPEN.neighbours((0, 0))) == 3 and len(OPEN.neighbours((0, 4))) == 5
    assert OPEN.adjacent((5, 4), (6, 5)) and not OPEN.adjacent((5, 4), (7, 4)) and not OPEN.adjacent((5, 4), (5, 4))


@pytest.mark.rule("K.adjacent", "K.terrain.blocking")
def test_a_wall_between_two_squares_breaks_adjacency_but_a_straight_diagonal_does_not():
    b = Board(6, 6, walls={wall((2, 2), (3, 2)), wall((2, 2), (2, 3))})
    assert not b.adjacent((2, 2), (3, 2)) and not b.adjacent((2, 2), (2, 3))
    assert b.adjacent((2, 2), (3, 3))  # the diagonal passes the corner where the walls meet
    assert (3, 2) not in b.neighbours((2, 2)) and (3, 3) in b.neighbours((2, 2))
    # a crate is not entered, but it never splits two squares beside it
    crate = Board(6, 6, blocking={(3, 3)})
    assert (3, 3) not in crate.neighbours((2, 2)) and crate.adjacent((2, 3), (3, 2))


@pytest.mark.rule("K.ranged")
@given(squares, squares)
def test_range_counts_squares_with_diagonals_as_one_and_lines_run_both_ways(a, b):
    assert OPEN.distance(a, b) == max(abs(a[0] - b[0]), abs(a[1] - b[1])) == OPEN.distance(b, a)
    there, back = OPEN.line_squares(a, b), OPEN.line_squares(b, a)
    assert there == tuple(reversed(back)) and there[0] == a and there[-1] == b
    # each square of the line touches the next by an edge, or by a corner when the line runs through it
    assert all(max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1 for p, q in zip(there, there[1:]))
    assert len(there) >= OPEN.distance(a, b) + 1


@pytest.mark.rule("K.ranged", "K.terrain.blocking")
def test_what_blocks_a_line_of_fire():
    b = Board(12, 8, blocking={(4, 2)}, walls={wall((7, 5), (8, 5))})
    assert b.line_of_fire((1, 2), (8, 2)).blocked_by == ("blocking terrain at (4, 2)",)
    assert b.line_of_fire((1, 5), (10, 5)).blocked_by == ("the wall between (7, 5) and (8, 5)",)
    blocked = b.line_of_fire((1, 0), (5, 0), occupied=[(3, 0)])
    assert blocked.blocked_by == ("a character at (3, 0)",) and "blocked" in str(blocked)
    # the attacker's and target's own squares never block their line
    assert b.line_of_fire((1, 0), (5, 0), occupied=[(1, 0), (5, 0)]).clear
    # a diagonal straight through the crate is blocked; the rules' example, a straight diagonal
    # that passes beside terrain, is clear
    assert b.line_of_fire((3, 1), (5, 3)).blocked_by == ("blocking terrain at (4, 2)",)  # straight through the crate
    assert b.line_of_fire((3, 3), (5, 1)).blocked_by == ("blocking terrain at (4, 2)",)
    assert b.line_of_fire((3, 2), (4, 1)).clear  # grazes the crate's corner
    assert b.line_of_fire((3, 4), (6, 1)).clear and (4, 2) not in b.line_squares((3, 4), (6, 1))
    # crossing a wall exactly at its end (a corner) passes too
    assert b.line_of_fire((7, 6), (8, 4)).clear is False  # crosses the wall's edge
    assert b.line_of_fire((6, 6), (8, 4)).clear  # through the corner at the wall's end


@pytest.mark.rule("K.ranged")
def test_lines_through_corners_skip_the_squares_they_only_touch():
    assert OPEN.line_squares((0, 0), (3, 3)) == ((0, 0), (1, 1), (2, 2), (3, 3))
    assert OPEN.line_squares((0, 0), (3, 1)) == ((0, 0), (1, 0), (2, 1), (3, 1))
    assert OPEN.line_squares((0, 0), (2, 1)) == ((0, 0), (1, 0), (1, 1), (2, 1))


@pytest.mark.rule("K.terrain.hindering")
def test_hindering_terrain_adds_one_once_and_not_for_the_attackers_own_square_alone():
    b = Board(12, 8, hindering={(3, 0), (4, 0), (0, 2), (6, 2)})
    assert b.line_of_fire((1, 0), (6, 0)).hindering == ((3, 0), (4, 0))
    assert b.line_of_fire((1, 0), (6, 0)).hindering_bonus == 1  # two hindering squares, +1 once
    assert b.line_of_fire((0, 2), (5, 2)).hindering_bonus == 0  # only the attacker's own square
    assert b.line_of_fire((0, 2), (6, 2)).hindering_bonus == 1  # the target's square counts
    assert b.line_of_fire((1, 5), (6, 5)).hindering_bonus == 0
    assert "hindering terrain (+1 defense)" in str(b.line_of_fire((1, 0), (6, 0)))


@pytest.mark.rule("K.setup")
def test_starting_areas_run_three_squares_from_the_narrow_edges_and_two_clear_of_the_long_ones():
    area = OPEN.starting_area(0)
    assert area == {(x, y) for x in range(3) for y in range(2, 6)}
    assert OPEN.starting_area(1) == {(x, y) for x in range(9, 12) for y in range(2, 6)}
    tall = Board(8, 12)  # turned the other way: the narrow edges are top and bottom
    assert tall.starting_area(0) == {(x, y) for x in range(2, 6) for y in range(3)}
    assert (1, 3) not in Board(12, 8, blocking={(1, 3)}).starting_area(0)
    with pytest.raises(BoardError, match="0 and 1"):
        OPEN.starting_area(2)


@pytest.mark.rule("K.terrain.blocking", "K.terrain.hindering")
@pytest.mark.parametrize("kwargs, field, words", [
    (dict(width=1, height=5), "width", "2-200"),
    (dict(width=5, height=5, blocking={(5, 0)}), "blocking", "off the 5 x 5 map"),
    (dict(width=5, height=5, blocking={(1, 1)}, hindering={(1, 1)}), "hindering", "both blocking and hindering"),
    (dict(width=5, height=5, hindering={(1,)}), "hindering", "pair of whole numbers"),
])
def test_a_bad_board_names_the_field(kwargs, field, words):
    with pytest.raises(BoardError, match=words) as e:
        Board(**kwargs)
    assert e.value.field == field
    with pytest.raises(BoardError, match="share an edge") as e:
        wall((1, 1), (2, 2))
    assert e.value.field == "walls"
    with pytest.raises(BoardError, match=r"\(5, 0\) is off the 5 x 5 map") as e:
        Board(5, 5).check((5, 0), "target")
    assert e.value.field == "target"


@pytest.mark.rule("K.terrain.blocking", "K.terrain.hindering")
def test_packaged_maps_and_a_malformed_map_file(tmp_path):
    bar = maps()["airfield-bar"]
    assert (bar.width, bar.height, bar.provenance) == (26, 12, "sample")
    assert bar.terrain((11, 2)) == "blocking" and bar.terrain((3, 2)) == "hindering" and bar.terrain((0, 0)) == "clear"
    assert not bar.adjacent((12, 5), (12, 6))
    assert "cs-aces-board" in bar._repr_html_() and bar.to_svg().count("<rect") == 26 * 12
    bad = tmp_path / "m.json"
    bad.write_text(json.dumps({"title": "t", "entries": [
        {"id": "x", "rows": ["..", ".?"], "provenance": "sample", "source": "test"}]}))
    with pytest.raises(DataFileError, match="unknown terrain '\\?' at \\(1, 1\\)") as e:
        maps(str(bad))
    assert e.value.field == "rows"
    bad.write_text(json.dumps({"title": "t", "entries": [
        {"id": "y", "rows": ["...", "..."], "walls": [[[0, 0], [1, 1]]], "provenance": "sample", "source": "test"}]}))
    with pytest.raises(DataFileError, match="share an edge"):
        maps(str(bad))


@pytest.mark.rule("K.ranged", "K.terrain.blocking")
@given(squares, squares, st.sets(squares, max_size=12), st.sets(st.tuples(squares, st.sampled_from([(1, 0), (0, 1)])), max_size=8))
def test_a_line_of_fire_is_clear_both_ways_or_neither(a, b, crates, edges):
    walls = {wall(s, (s[0] + d[0], s[1] + d[1])) for s, d in edges}
    board = Board(12, 8, blocking=frozenset(c for c in crates if c not in (a, b) and OPEN.on_map(c)), walls=frozenset(walls))
    there, back = board.line_of_fire(a, b), board.line_of_fire(b, a)
    assert there.clear == back.clear
    assert there.hindering_bonus == 0 or back.hindering_bonus in (0, 1)


def test_each_squares_neighbours_are_worked_out_once_and_stay_the_boards_own():
    """``neighbours`` keeps each square's answer on its (immutable) board (issue 14): the answers
    are still the adjacent, standable squares on the map, a fresh list each time, and only squares
    of the map are kept."""
    from cs_panel.aces.board import STEPS

    for board in [OPEN, *maps().values()]:
        for s in [*board.squares(), (-1, 0), (board.width, board.height)]:
            want = [(s[0] + dx, s[1] + dy) for dx, dy in STEPS
                    if board.on_map((s[0] + dx, s[1] + dy)) and (s[0] + dx, s[1] + dy) not in board.blocking
                    and board.adjacent(s, (s[0] + dx, s[1] + dy))]
            got = board.neighbours(s)
            assert got == want
            got.append((99, 99))
            assert board.neighbours(s) == want
        assert len(board.__dict__["_neighbours"]) == board.width * board.height
