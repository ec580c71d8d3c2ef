"""Bailing out (F.bail.*) and its experience penalty (F.roe.bailout-penalty)."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import SkillOutOfRangeError
from cs_panel.fasa.bailout import (
    BailoutCause, BailoutInputError, bailout_xp, combat_bailout, projectile_damage, projectile_in_reach,
    projectile_to_hit, safe_bailout,
)
from cs_panel.fasa.hexgrid import Facing, Hex


@pytest.mark.rule("F.bail.combat")
def test_nathan_lucas_example_is_six():
    t = combat_bailout("wing sheared off", sixth_sense=5, quick_draw=6, shocked=True, memento=True)
    assert t.total == 6
    assert [m.value for m in t.terms] == [14, 2, 1, -5, -6]
    assert t.chance == Fraction(5, 10)
    assert t.resolve(ScriptedDice([6])).success and not t.resolve(ScriptedDice([5])).success


@pytest.mark.rule("F.bail.combat")
@pytest.mark.parametrize("cause, base", [("fuel", 20), ("collision", 18), ("cored", 16), ("wing off", 14),
                                         ("engine", 12), (BailoutCause.ZEPPELIN_CRASH, 14)])
def test_table_bases(cause, base):
    assert combat_bailout(cause, 0, 0).total == base


@pytest.mark.rule("F.bail.combat", "F.dice.d10")
def test_hopeless_bailout_still_has_the_ten():
    t = combat_bailout(BailoutCause.FUEL_EXPLOSION, 0, 0, cargo=True)
    assert t.total == 23 and t.chance == Fraction(1, 10)


@pytest.mark.rule("F.bail.combat")
@pytest.mark.parametrize("earlier, counted", [(0, 0), (1, -1), (4, -4), (7, -4)])
def test_earlier_bailouts_count_up_to_four(earlier, counted):
    t = combat_bailout("engine", 2, 2, earlier_bailouts=earlier)
    assert t.total == 12 + counted - 4
    if earlier > 4:
        assert "only 4 count" in str(t)


@pytest.mark.rule("F.bail.combat")
def test_cargo_and_keepsake_and_bad_inputs():
    assert combat_bailout("cored", 3, 3, memento=True, cargo=True).total == 16 + 1 + 3 - 6
    with pytest.raises(BailoutInputError) as e:
        combat_bailout("sneezed", 3, 3)
    assert e.value.field == "cause"
    with pytest.raises(SkillOutOfRangeError) as e:
        combat_bailout("engine", 3, 12)
    assert e.value.field == "quick_draw"
    with pytest.raises(BailoutInputError) as e:
        combat_bailout("engine", 3, 3, earlier_bailouts=-1)
    assert e.value.field == "earlier_bailouts"


@pytest.mark.rule("F.bail.combat")
@given(st.sampled_from(list(BailoutCause)), st.integers(0, 10), st.integers(0, 10), st.integers(0, 9))
def test_more_skill_never_hurts(cause, ss, qd, earlier):
    t = combat_bailout(cause, ss, qd, earlier_bailouts=earlier)
    if ss < 10:
        assert combat_bailout(cause, ss + 1, qd, earlier_bailouts=earlier).total == t.total - 1
    assert t.total == cause.base - min(earlier, 4) - ss - qd


@pytest.mark.rule("F.bail.projectile")
def test_plane_as_projectile_example_is_seven_and_eight_hits():
    t = projectile_to_hit(target_base=7, own_base=6, hexes_straight=6)
    assert t.total == 7 and t.chance == Fraction(4, 10)
    assert projectile_damage(6).total == 8
    assert "14 base - 6 own base target number = 8 flak hits" == str(projectile_damage(6))


@pytest.mark.rule("F.bail.projectile")
def test_projectile_edges():
    assert projectile_to_hit(1, 1, 30).chance == Fraction(9, 10)
    assert projectile_to_hit(10, 10, 0).total == 20
    assert projectile_in_reach(Hex(2, 2), Hex(2, 2)) and not projectile_in_reach(Hex(2, 2), Hex(2, 1))
    with pytest.raises(BailoutInputError) as e:
        projectile_to_hit(7, 6, -1)
    assert e.value.field == "hexes_straight"
    with pytest.raises(BailoutInputError) as e:
        projectile_damage(0)
    assert e.value.field == "own_base"


@pytest.mark.rule("F.bail.safe", "F.roe.bailout-penalty")
def test_safe_bailout_plane_flies_straight_and_costs_twenty():
    jump = safe_bailout(Hex(0, 0), Facing.C, 3)
    assert jump.plane_path == (Hex(1, 0), Hex(2, 0), Hex(3, 0)) and jump.plane_ends == Hex(3, 0)
    assert jump.pilot_safe and jump.removed_next_movement_phase and jump.xp == -20
    assert "leaves play" in str(jump)
    with pytest.raises(BailoutInputError) as e:
        safe_bailout(Hex(0, 0), Facing.C, 0)
    assert e.value.field == "speed"


@pytest.mark.rule("F.roe.bailout-penalty", "F.pilot.xp-awards")
def test_bailout_experience():
    assert bailout_xp(combat=False) == -20
    assert bailout_xp(combat=True) == 0
    assert bailout_xp(combat=True, memento_saved=True) == 5
    assert bailout_xp(combat=True, cargo_saved=True) == 10
    with pytest.raises(BailoutInputError):
        bailout_xp(combat=False, cargo_saved=True)


@pytest.mark.rule("F.bail.projectile")
def test_hexes_flown_straight_at_the_target():
    from cs_panel.fasa.bailout import hexes_flown_straight_at
    from cs_panel.fasa.hexgrid import ORIGIN, forward_column

    # a turn into line, then three turns at speed 2 along facing C onto the nacelle
    run = forward_column(ORIGIN, Facing.C, 6)
    track = [Hex(-1, 1), ORIGIN, *run]
    assert hexes_flown_straight_at(track, run[-1]) == 6
    assert projectile_to_hit(7, 6, hexes_flown_straight_at(track, run[-1])).total == 7
    # still two hexes short: the run counts, the roll waits until the plane is in the hex
    assert hexes_flown_straight_at(track[:-2], run[-1]) == 4
    assert not projectile_in_reach(track[-3], run[-1])
    # a line that misses the target counts nothing
    assert hexes_flown_straight_at(track, Hex(9, -1)) == 0
    assert hexes_flown_straight_at([ORIGIN], ORIGIN) == 0
    with pytest.raises(BailoutInputError) as e:
        hexes_flown_straight_at([ORIGIN, Hex(0, -2)], Hex(0, -3))
    assert e.value.field == "track"
