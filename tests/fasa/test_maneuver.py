"""Maneuver notation: parse, print, repr, mirror, and errors named by cause."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.errors import CsPanelError, RuleInputError
from cs_panel.fasa.hexgrid import Facing
from cs_panel.fasa.maneuver import Direction, IllegalManeuverError, Maneuver


@pytest.mark.rule("F.move.plot")
@pytest.mark.parametrize(
    "text, speed, direction, hexrow, facing",
    [
        ("3L2F", 3, Direction.L, 2, Facing.F),
        ("3R0D", 3, Direction.R, 0, Facing.D),
        ("4L3C", 4, Direction.L, 3, Facing.C),
        ("3SA", 3, Direction.S, None, Facing.A),
        ("1SD", 1, Direction.S, None, Facing.D),
        ("2r2a", 2, Direction.R, 2, Facing.A),
        (" 5L5E ", 5, Direction.L, 5, Facing.E),
    ],
)
def test_parse_the_book_notation(text, speed, direction, hexrow, facing):
    m = Maneuver.parse(text)
    assert (m.speed, m.direction, m.hexrow, m.facing) == (speed, direction, hexrow, facing)
    assert str(m) == text.strip().upper()


@pytest.mark.rule("F.move.stall")
def test_stall_is_written_as_its_facing_alone():
    m = Maneuver.parse("B")
    assert m.is_stall and m.speed == 0 and m.facing is Facing.B
    assert str(m) == "B"
    assert m == Maneuver.stall("b")
    assert m.turn_direction is Direction.R and Maneuver.parse("F").turn_direction is Direction.L
    assert Maneuver.parse("A").turn_direction is Direction.S


@pytest.mark.rule("F.move.immelmann")
def test_immelmann_flag():
    assert Maneuver.parse("1SD").is_immelmann
    assert not Maneuver.parse("2L0D").is_immelmann
    assert not Maneuver.parse("1SA").is_immelmann


@pytest.mark.rule("F.tail.reveal")
def test_designation_is_the_hex_without_facing():
    assert Maneuver.parse("4L3C").designation == "4L3"
    assert Maneuver.parse("3SA").designation == "3S"
    assert Maneuver.parse("F").designation == "stall"


@pytest.mark.rule("F.move.plot")
def test_repr_is_pasteable():
    m = Maneuver.parse("3L2F")
    assert repr(m) == "Maneuver.parse('3L2F')"
    assert eval(repr(m)) == m
    assert eval(repr(Maneuver.parse("B"))) == Maneuver.parse("B")


@pytest.mark.rule("F.move.plot")
@pytest.mark.parametrize(
    "text, field, words",
    [
        ("", "maneuver", "cannot read"),
        ("3L", "maneuver", "cannot read"),
        ("3X2F", "maneuver", "cannot read"),
        ("3L2G", "maneuver", "cannot read"),
        ("3LF", "maneuver", "needs its hexrow"),
        ("3S2A", "maneuver", "no hexrow"),
        ("0SA", "maneuver", "facing letter alone"),
        ("L2F", "maneuver", "cannot read"),
    ],
)
def test_malformed_notation_names_the_cause(text, field, words):
    with pytest.raises(IllegalManeuverError, match=words) as err:
        Maneuver.parse(text)
    assert err.value.field == field
    assert isinstance(err.value, RuleInputError) and isinstance(err.value, CsPanelError)
    assert isinstance(err.value, ValueError)


@pytest.mark.rule("F.move.plot")
def test_constructor_checks_fields():
    with pytest.raises(IllegalManeuverError) as err:
        Maneuver(-1, "S", None, "A")
    assert err.value.field == "speed"
    with pytest.raises(IllegalManeuverError) as err:
        Maneuver(3, "L", None, "F")
    assert err.value.field == "hexrow"
    with pytest.raises(IllegalManeuverError) as err:
        Maneuver(3, "Q", 1, "F")
    assert err.value.field == "direction"
    with pytest.raises(RuleInputError) as err:
        Maneuver(3, "L", 1, "Z")
    assert err.value.field == "facing"
    assert Maneuver(3, "L", 2, "F") == Maneuver.parse("3L2F")


maneuvers = st.one_of(
    st.builds(lambda f: Maneuver.stall(f), st.sampled_from(list(Facing))),
    st.builds(lambda n, f: Maneuver(n, Direction.S, None, f), st.integers(1, 9), st.sampled_from(list(Facing))),
    st.builds(lambda n, d, k, f: Maneuver(n, d, k, f), st.integers(1, 9), st.sampled_from([Direction.L, Direction.R]),
              st.integers(0, 9), st.sampled_from(list(Facing))),
)


@pytest.mark.rule("F.move.plot")
@given(maneuvers)
def test_notation_round_trips(m):
    assert Maneuver.parse(str(m)) == m
    assert eval(repr(m)) == m


@pytest.mark.rule("F.move.plot")
@given(maneuvers)
def test_mirroring_twice_is_identity_and_swaps_sides(m):
    mm = m.mirrored()
    assert mm.mirrored() == m
    assert mm.speed == m.speed and mm.hexrow == m.hexrow
    assert mm.direction is m.direction.mirrored
    assert mm.facing is m.facing.mirrored
    assert Maneuver.parse("3L2F").mirrored() == Maneuver.parse("3R2B")
