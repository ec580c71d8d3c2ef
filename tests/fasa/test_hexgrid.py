"""Hex geometry invariants (F.map.hexes) and line of sight (F.combat.los)."""

import pytest
from hypothesis import given, strategies as st

from cs_panel.fasa.hexgrid import (
    ORIGIN, Facing, Hex, HexLayout, forward_column, hexsides_toward, in_front_arc, in_rear_arc, line,
    line_of_sight, line_steps, mega_hex, on_corner_line, spiral,
)

hexes = st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40))
facings = st.sampled_from(list(Facing))
near = st.builds(Hex, st.integers(-6, 6), st.integers(-6, 6))  # close pairs often run along hexsides


@pytest.mark.rule("F.map.hexes")
@given(hexes, hexes)
def test_distance_is_symmetric_and_matches_lines(a, b):
    assert a.distance(b) == b.distance(a)
    assert len(line(a, b)) == a.distance(b) + 1


@pytest.mark.rule("F.map.hexes")
@given(hexes, hexes, st.integers(-12, 12))
def test_rotation_six_times_is_identity_and_keeps_distance(a, c, k):
    assert a.rotate(6, c) == a
    assert a.rotate(k, c).distance(c) == a.distance(c)
    assert a.rotate(k).rotate(-k) == a


@pytest.mark.rule("F.map.hexes")
@given(hexes, facings)
def test_mirror_twice_is_identity_and_swaps_sides(a, f):
    assert a.mirror().mirror() == a
    assert a.neighbor(f).mirror() == a.mirror().neighbor(f.mirrored)


@pytest.mark.rule("F.map.hexes")
def test_facings_run_clockwise_from_the_nose():
    assert [ORIGIN.neighbor(f) for f in Facing] == [Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0)]
    assert Facing.A.turn(-1) is Facing.F and Facing.B.reverse is Facing.E
    assert len(set(mega_hex(Hex(3, 3)))) == 7 and len(spiral(ORIGIN, 2)) == 19


@pytest.mark.rule("F.combat.los", "F.map.hexes")
def test_dotted_hex_blocks_but_a_hexside_does_not():
    a, b = Hex(0, 0), Hex(0, -3)
    assert line_of_sight(a, b, [])
    assert not line_of_sight(a, b, [Hex(0, -1)])
    # Hex(2,-1) to the origin runs exactly along the side between Hex(1,-1) and Hex(1,0)
    c = Hex(2, -1)
    assert line_of_sight(ORIGIN, c, [Hex(1, -1)])
    assert line_of_sight(ORIGIN, c, [Hex(1, 0)])
    # between two dotted hexes the line touches nothing but blocking hexes: blocked (RULINGS.md)
    assert not line_of_sight(ORIGIN, c, [Hex(1, -1), Hex(1, 0)])


@pytest.mark.rule("F.combat.los")
@given(hexes, hexes, st.sets(hexes, max_size=8))
def test_line_of_sight_is_symmetric(a, b, blocks):
    assert line_of_sight(a, b, blocks) == line_of_sight(b, a, blocks)


@pytest.mark.rule("F.combat.arc")
def test_forward_column_and_arcs():
    assert forward_column(ORIGIN, Facing.B, 2) == [Hex(1, -1), Hex(2, -2)]
    assert in_front_arc(ORIGIN, Facing.A, Hex(0, -4)) and not in_front_arc(ORIGIN, Facing.A, Hex(1, -1))
    assert in_rear_arc(ORIGIN, Facing.A, Hex(0, 3)) and not in_front_arc(ORIGIN, Facing.A, ORIGIN)


@given(hexes, facings, hexes, st.integers(0, 5))
def test_arcs_turn_with_the_plane(origin, f, other, k):
    turned = other.rotate(k, origin)
    assert in_front_arc(origin, f, other) == in_front_arc(origin, f.turn(k), turned)
    assert in_rear_arc(origin, f, other) == in_rear_arc(origin, f.turn(k), turned)


@given(hexes, st.floats(0.5, 40))
def test_layout_round_trips_a_hex_through_its_centre_and_corners(h, size):
    lay = HexLayout(size, 3.0, -7.0)
    assert lay.hex_at(*lay.center(h)) == h
    cx, cy = lay.center(h)
    for x, y in lay.corners(h):  # a point just inside each corner is still this hex
        assert lay.hex_at(cx + (x - cx) * 0.95, cy + (y - cy) * 0.95) == h


@pytest.mark.rule("F.combat.los")
@given(hexes, hexes, st.sampled_from([1, -1]))
def test_a_line_is_the_same_from_either_end(a, b, nudge):
    assert line(a, b, nudge)[::-1] == line(b, a, nudge)


@pytest.mark.rule("F.combat.los")
def test_line_of_sight_regression_tie_decided_by_float_noise():
    # with equal q and r nudges this pair saw each other one way but not the other
    assert line_of_sight(Hex(-7, -5), Hex(8, 0), {Hex(6, 0)}) == line_of_sight(Hex(8, 0), Hex(-7, -5), {Hex(6, 0)})



@pytest.mark.rule("F.combat.los")
def test_line_of_sight_regression_hexsides_of_dotted_hexes_on_both_sides():
    # the line to Hex(2,-4) runs along a side of Hex(0,-1) on its left, then along a side of
    # Hex(2,-3) on its right; it never enters a dotted hex, so it is clear (each step decided alone)
    a, b = ORIGIN, Hex(2, -4)
    assert line_steps(a, b)[1:-1] == [(Hex(1, -1), Hex(0, -1)), (Hex(1, -2),), (Hex(2, -3), Hex(1, -3))]
    assert line_of_sight(a, b, [Hex(0, -1), Hex(2, -3)]) and line_of_sight(b, a, [Hex(0, -1), Hex(2, -3)])
    assert not line_of_sight(a, b, [Hex(0, -1), Hex(1, -1), Hex(2, -3)])  # both sides of the first step
    assert not line_of_sight(a, b, [Hex(1, -2)])  # the middle step passes through one hex


@pytest.mark.rule("F.combat.los")
@given(near, near, st.lists(st.booleans(), min_size=12, max_size=12))
def test_dotting_one_side_of_every_hexside_never_blocks(a, b, sides):
    """Whichever side of each hexside step is dotted, the line stays clear; dotting a hex the
    line passes through, or both sides of a hexside step, blocks it."""
    inner = line_steps(a, b)[1:-1]
    ties = [step for step in inner if len(step) == 2]
    for step in ties:  # a hexside lies between two neighbouring hexes
        assert step[0].distance(step[1]) == 1
    one_side = {step[int(sides[i % len(sides)])] for i, step in enumerate(ties)}
    assert line_of_sight(a, b, one_side) and line_of_sight(b, a, one_side)
    for step in inner:
        assert not line_of_sight(a, b, one_side | set(step))


@pytest.mark.rule("F.combat.los")
@given(hexes, hexes, st.sets(hexes, max_size=8), hexes)
def test_another_dotted_hex_never_clears_a_line(a, b, blocks, extra):
    if not line_of_sight(a, b, blocks):
        assert not line_of_sight(a, b, blocks | {extra})


# -- which hexside faces another hex (used by deflection and hit location)

CORNER_PAIRS = {  # an offset on each corner line of a plane facing A, and the two sides it splits
    Hex(1, -2): (Facing.A, Facing.B), Hex(2, -1): (Facing.B, Facing.C), Hex(1, 1): (Facing.C, Facing.D),
    Hex(-1, 2): (Facing.D, Facing.E), Hex(-2, 1): (Facing.E, Facing.F), Hex(-1, -1): (Facing.F, Facing.A),
}


@pytest.mark.rule("F.map.hexes")
@pytest.mark.parametrize("offset, sides", list(CORNER_PAIRS.items()))
@pytest.mark.parametrize("facing", list(Facing))
@pytest.mark.parametrize("scale", [1, 2, 7])
def test_a_hex_on_a_corner_line_is_equally_near_two_sides(offset, sides, facing, scale):
    origin = Hex(3, -2)
    other = origin + Hex(offset.q * scale, offset.r * scale).rotate(int(facing))
    assert on_corner_line(origin, other)
    assert hexsides_toward(origin, facing, other) == sides


@pytest.mark.rule("F.map.hexes")
def test_hexsides_toward_off_the_corner_lines_and_in_the_same_hex():
    assert hexsides_toward(ORIGIN, Facing.A, Hex(0, -3)) == (Facing.A,)
    assert hexsides_toward(ORIGIN, Facing.A, Hex(1, -3)) == (Facing.A,)  # just left of the A|B corner line
    assert hexsides_toward(ORIGIN, Facing.A, Hex(2, -3)) == (Facing.B,)  # just right of it
    assert hexsides_toward(ORIGIN, Facing.C, Hex(3, 0)) == (Facing.A,)  # C is now the nose
    assert hexsides_toward(ORIGIN, Facing.A, ORIGIN) == ()
    assert not on_corner_line(ORIGIN, ORIGIN)


@pytest.mark.rule("F.map.hexes")
@given(hexes, hexes, facings)
def test_hexsides_toward_turns_with_the_plane_and_mirrors(a, b, f):
    sides = hexsides_toward(a, f, b)
    assert len(sides) == (0 if a == b else 2 if on_corner_line(a, b) else 1)
    # turning the whole picture about a keeps the sides; mirroring it swaps port and starboard
    turned = hexsides_toward(a, f.turn(1), a + (b - a).rotate(1))
    assert turned == sides
    mirrored = hexsides_toward(a.mirror(), f.mirrored, b.mirror())
    assert set(mirrored) == {s.mirrored for s in sides}
