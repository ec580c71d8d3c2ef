"""Firing arc, line of sight and same-hex firing (F.combat.arc, F.combat.los, F.combat.same-hex)."""

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.errors import RuleInputError, SkillOutOfRangeError
from cs_panel.fasa.arcs import (
    ArcInputError, FireFailure, SameHexPlane, blocking_hexes, can_fire, firing_arc, same_hex_fire, sees,
)
from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex

hexes = st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8))
facings = st.sampled_from(list(Facing))


@pytest.mark.rule("F.combat.arc")
def test_firing_arc_is_the_column_ahead_to_range():
    assert firing_arc(ORIGIN, Facing.A, 3) == [Hex(0, -1), Hex(0, -2), Hex(0, -3)]
    assert firing_arc(ORIGIN, Facing.D, 0) == []
    assert firing_arc(Hex(2, 2), Facing.E, 2) == [Hex(1, 3), Hex(0, 4)]


@pytest.mark.rule("F.combat.arc", "F.combat.los")
def test_dotted_hex_ends_the_arc_but_can_be_the_target():
    arc = firing_arc(ORIGIN, Facing.A, 5, dotted=[Hex(0, -2)])
    assert arc == [Hex(0, -1), Hex(0, -2)]


@pytest.mark.rule("F.combat.arc")
def test_off_column_target_cannot_be_shot_even_in_the_front_wedge():
    check = can_fire(ORIGIN, Facing.A, Hex(1, -2), weapon_range=5)
    assert check.failures == FireFailure.NOT_IN_COLUMN and not check


@pytest.mark.rule("F.combat.arc", "F.combat.los")
def test_every_reason_is_listed():
    check = can_fire(ORIGIN, Facing.A, Hex(1, -6), weapon_range=4, dotted=[Hex(0, -3), Hex(1, -4), Hex(0, -2)])
    assert check.range == 6
    assert FireFailure.NOT_IN_COLUMN in check.failures and FireFailure.OUT_OF_RANGE in check.failures
    assert "beyond the weapon's range of 4" in str(check)
    blocked = can_fire(ORIGIN, Facing.A, Hex(0, -3), weapon_range=5, dotted=[Hex(0, -2)])
    assert blocked.failures == FireFailure.NO_LINE_OF_SIGHT and blocked.blockers == (Hex(0, -2),)
    assert can_fire(ORIGIN, Facing.A, ORIGIN, 5).failures == FireFailure.SAME_HEX


@pytest.mark.rule("F.combat.los")
def test_hexside_grazing_does_not_block_but_both_sides_do():
    target = Hex(2, -1)  # the line from the origin runs along the side between (1,-1) and (1,0)
    assert sees(ORIGIN, target, [Hex(1, -1)]) and sees(ORIGIN, target, [Hex(1, 0)])
    assert set(blocking_hexes(ORIGIN, target, [Hex(1, -1), Hex(1, 0)])) == {Hex(1, -1), Hex(1, 0)}
    assert sees(ORIGIN, target, [ORIGIN, target])  # the end hexes never block


@pytest.mark.rule("F.combat.los")
@given(hexes, hexes, st.sets(hexes, max_size=10))
def test_line_of_sight_is_symmetric(a, b, dotted):
    assert sees(a, b, dotted) == sees(b, a, dotted)
    assert bool(blocking_hexes(a, b, dotted)) == bool(blocking_hexes(b, a, dotted))


@pytest.mark.rule("F.combat.arc")
@given(hexes, facings, st.integers(0, 7), hexes)
def test_can_fire_agrees_with_the_arc_when_nothing_blocks(start, facing, rng, target):
    if target == start:
        return
    assert bool(can_fire(start, facing, target, rng)) == (target in firing_arc(start, facing, rng))


@pytest.mark.rule("F.combat.arc")
def test_bad_inputs_are_named():
    with pytest.raises(ArcInputError) as e:
        firing_arc(ORIGIN, Facing.A, -1)
    assert e.value.field == "weapon_range"
    with pytest.raises(ArcInputError) as e:
        can_fire((0, 0), Facing.A, ORIGIN, 3)
    assert e.value.field == "attacker"
    with pytest.raises(RuleInputError):
        firing_arc(ORIGIN, "Q", 3)


# --- same hex --------------------------------------------------------------------------------


@pytest.mark.rule("F.combat.same-hex")
def test_head_on_both_fire():
    r = same_hex_fire(SameHexPlane(Facing.C, 2), SameHexPlane(Facing.F, 5))
    assert (r.a_fires, r.b_fires) == (True, True)


@pytest.mark.rule("F.combat.same-hex")
def test_same_heading_slower_fires_at_faster():
    r = same_hex_fire(SameHexPlane(Facing.A, 4, name="Dukes"), SameHexPlane(Facing.A, 2, name="Iverian"))
    assert (r.a_fires, r.b_fires) == (False, True) and "slower Iverian" in str(r)


@pytest.mark.rule("F.combat.same-hex")
def test_same_heading_and_speed_natural_touch_decides_else_nobody():
    r = same_hex_fire(SameHexPlane(Facing.A, 3, 6), SameHexPlane(Facing.A, 3, 4))
    assert (r.a_fires, r.b_fires) == (True, False) and "Natural Touch" in str(r)
    r = same_hex_fire(SameHexPlane(Facing.A, 3, 5), SameHexPlane(Facing.A, 3, 5))
    assert (r.a_fires, r.b_fires) == (False, False)


@pytest.mark.rule("F.combat.same-hex")
@pytest.mark.parametrize("other", [Facing.B, Facing.C, Facing.E, Facing.F])
def test_any_other_angle_nobody_fires(other):
    r = same_hex_fire(SameHexPlane(Facing.A, 1, 9), SameHexPlane(other, 5, 0))
    assert (r.a_fires, r.b_fires) == (False, False)


@pytest.mark.rule("F.combat.same-hex")
@given(facings, facings, st.integers(0, 5), st.integers(0, 5), st.integers(0, 10), st.integers(0, 10))
def test_same_hex_rule_does_not_depend_on_who_is_named_first(fa, fb, sa, sb, na, nb):
    a, b = SameHexPlane(fa, sa, na), SameHexPlane(fb, sb, nb)
    ab, ba = same_hex_fire(a, b), same_hex_fire(b, a)
    assert (ab.a_fires, ab.b_fires) == (ba.b_fires, ba.a_fires)
    # a mirror image of the scene changes nothing
    m = same_hex_fire(SameHexPlane(fa.mirrored, sa, na), SameHexPlane(fb.mirrored, sb, nb))
    assert (m.a_fires, m.b_fires) == (ab.a_fires, ab.b_fires)


@pytest.mark.rule("F.combat.same-hex", "F.pilot.skills")
def test_same_hex_bad_inputs():
    with pytest.raises(ArcInputError) as e:
        SameHexPlane(Facing.A, -2)
    assert e.value.field == "speed"
    with pytest.raises(SkillOutOfRangeError):
        SameHexPlane(Facing.A, 2, 11)
