"""Moving Aces characters (K.move), breaking away (K.break-away), terrain (K.terrain.*)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from cs_panel.aces.board import Board, wall
from cs_panel.aces.movement import BreakAway, MoveError, move_speed, reachable
from cs_panel.core.dice import ScriptedDice

OPEN = Board(16, 10)


@pytest.mark.rule("K.move")
@given(st.tuples(st.integers(0, 15), st.integers(0, 9)), st.integers(0, 5))
def test_on_open_ground_every_square_within_speed_is_reachable(start, speed):
    reach = reachable(OPEN, start, speed)
    want = {s for s in OPEN.squares() if OPEN.distance(start, s) <= speed}
    assert reach.squares == want
    assert all(len(reach.path_to(s)) - 1 == OPEN.distance(start, s) for s in want)


@pytest.mark.rule("K.move")
def test_moving_zero_squares_is_a_move_and_bad_speeds_are_named():
    assert reachable(OPEN, (3, 3), 0).squares == {(3, 3)}
    with pytest.raises(MoveError, match="speed is a whole number") as e:
        reachable(OPEN, (3, 3), -1)
    assert e.value.field == "speed"
    with pytest.raises(MoveError, match=r"\(9, 3\) is not within reach") as e:
        reachable(OPEN, (3, 3), 2).path_to((9, 3))
    assert e.value.field == "square"


@pytest.mark.rule("K.move")
def test_friends_are_passed_enemies_are_not_and_a_move_stops_beside_an_enemy():
    # a corridor one square wide: friends in it can be passed, not ended on
    walls = {wall((x, 0), (x, 1)) for x in range(10)}
    b = Board(10, 2, walls=walls)
    reach = reachable(b, (0, 0), 4, friends=[(2, 0)])
    assert (3, 0) in reach.squares and (2, 0) not in reach.squares
    blocked = reachable(b, (0, 0), 4, enemies=[(3, 0)])
    assert (2, 0) in blocked.squares and (3, 0) not in blocked.squares and (4, 0) not in blocked.squares
    assert "next to the enemy at (3, 0)" in blocked.stops[(2, 0)]
    # in the open a mover stops in the first square next to an enemy, but may go round it at a distance
    reach = reachable(OPEN, (0, 5), 7, enemies=[(4, 5)])
    assert (3, 5) in reach.stops and (5, 5) in reach.squares  # round the far side, never stopping beside it
    assert len(reach.path_to((5, 5))) - 1 == 7 and all(OPEN.distance(s, (4, 5)) > 1 for s in reach.path_to((5, 5))[:-1])
    assert (5, 5) not in reachable(OPEN, (0, 5), 6, enemies=[(4, 5)]).squares  # the way round is 7 squares
    # a friend's square next to an enemy would be a stop, so it is not passed
    stuck = reachable(b, (0, 0), 5, friends=[(2, 0)], enemies=[(3, 1), (4, 0)])
    assert (3, 0) not in stuck.squares


@pytest.mark.rule("K.terrain.hindering")
def test_hindering_terrain_ends_a_move_and_halves_speed_when_you_start_in_it():
    b = Board(16, 10, hindering={(3, 3), (8, 8)})
    reach = reachable(b, (1, 3), 5)
    assert (3, 3) in reach.squares and "hindering" in reach.stops[(3, 3)]
    assert all((3, 3) not in reach.path_to(s)[1:-1] for s in reach.squares)  # never passed through
    assert move_speed(b, (8, 8), 5)[0] == 3 and move_speed(b, (8, 8), 4)[0] == 2  # half, rounded up
    assert reachable(b, (8, 8), 5).speed == 3
    assert "half, rounded up, 3" in " ".join(reachable(b, (8, 8), 5).notes)


@pytest.mark.rule("K.terrain.blocking")
def test_blocking_squares_are_not_entered_and_walls_are_not_crossed_except_on_the_diagonal():
    b = Board(6, 6, blocking={(2, 0), (2, 1), (2, 2)}, walls={wall((3, 3), (4, 3))})
    reach = reachable(b, (1, 0), 2)
    assert not any(s[0] == 2 and s[1] <= 2 for s in reach.squares)
    assert (3, 1) not in reach.squares  # the wall of crates is in the way for two steps
    assert (3, 3) in reachable(b, (1, 2), 2).squares  # round the crates' end on the diagonal
    walled = reachable(b, (3, 3), 1)
    assert (4, 3) not in walled.squares and (4, 4) in walled.squares and (4, 2) in walled.squares


@pytest.mark.rule("K.break-away")
def test_an_adjacent_enemy_holds_a_character_until_it_breaks_away():
    held = reachable(OPEN, (5, 5), 4, enemies=[(6, 5)])
    assert held.squares == {(5, 5)} and "must break away" in " ".join(held.notes)
    free = reachable(OPEN, (5, 5), 4, enemies=[(6, 5), (9, 5)], broke_away=True)
    # it may pass squares next to the enemy it broke away from ...
    assert (7, 4) not in free.stops and (6, 4) not in free.stops and (6, 4) in free.squares
    # ... but stops next to a new one, and cannot pass it
    assert "(9, 5)" in free.stops[(8, 5)] and "(9, 5)" in free.stops[(8, 4)]
    # enemies across a wall are not adjacent: no roll is needed
    walled = Board(16, 10, walls={wall((5, 5), (6, 5))})
    assert len(reachable(walled, (5, 5), 2, enemies=[(6, 5)]).squares) > 1


@pytest.mark.rule("K.break-away")
def test_the_break_away_roll_is_four_or_more_on_a_d6():
    roll = BreakAway()
    assert roll.chance == Fraction(1, 2)
    assert [roll.resolve(ScriptedDice([f])).outcome for f in range(1, 7)] == [False] * 3 + [True] * 3
    assert roll.describe_outcome(False).startswith("held")


@pytest.mark.rule("K.capture", "K.move")
def test_a_captor_moves_at_the_lower_speed():
    speed, why = move_speed(OPEN, (3, 3), 6, captive_speed=4)
    assert speed == 4 and "captive" in why[-1]
    assert move_speed(OPEN, (3, 3), 3, captive_speed=5)[0] == 3


@pytest.mark.rule("K.move", "K.terrain.blocking")
def test_a_square_to_stand_on_is_on_the_map_not_blocking_and_not_taken():
    from cs_panel.aces.board import BoardError
    from cs_panel.aces.movement import check_stand

    b = Board(8, 6, blocking={(3, 3)})
    assert check_stand(b, (2, 2), {(4, 4): "Ruffian"}) == (2, 2)
    with pytest.raises(MoveError, match=r"\(4, 4\) is taken by Ruffian: a character cannot end in an occupied square"):
        check_stand(b, (4, 4), {(4, 4): "Ruffian"})
    with pytest.raises(MoveError, match="is taken"):
        check_stand(b, (4, 4), [(4, 4)])
    with pytest.raises(BoardError, match="blocking terrain: nobody stands there"):
        check_stand(b, (3, 3))
    with pytest.raises(BoardError, match="off the 8 x 6 map"):
        check_stand(b, (8, 0))
