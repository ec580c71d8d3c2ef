"""Inputs the Bar-rooms firing rules refuse by name: full auto from a gun that cannot fire bursts
(B.fire.rate) and cover or armour values a d10 cannot be rolled against (B.cover)."""

from __future__ import annotations

import pytest

from cs_panel.barrooms.firing import CoverRoll, FiringError, range_term, to_hit


@pytest.mark.rule("B.fire.rate", "B.weapons")
def test_full_auto_needs_a_weapon_that_fires_bursts():
    # the Thompson fires bursts: on full auto its 20 hexes count 10 (the text's example)
    assert to_hit("person", 20, 4, weapon="thompson", full_auto=True).terms[1].value == 10
    # a pistol, a revolver or a pump shotgun cannot: their range is not halved, the input is refused
    for weapon in ("colt-1911", "357-magnum", "pump-shotgun"):
        with pytest.raises(FiringError, match="fires on full auto") as e:
            to_hit("person", 20, 4, weapon=weapon, full_auto=True)
        assert e.value.field == "full_auto"
    with pytest.raises(FiringError, match="no weapon is chosen") as e:
        to_hit("person", 20, 4, full_auto=True)
    assert e.value.field == "full_auto"
    with pytest.raises(FiringError, match="Colt 1911"):
        range_term("colt-1911", 20, full_auto=True)
    # the rifle still halves by itself, full auto or not
    assert range_term("m1-garand", 20).value == 10


@pytest.mark.rule("B.cover")
@pytest.mark.parametrize("args, field", [
    ((-1, 2, 1), "cover_value"), ((11, 2, 1), "cover_value"), ((5, -2, 1), "armour"), ((5, 2, -1), "penetration"),
    ((True, 2, 1), "cover_value"), ((5, 2.5, 1), "armour"),
])
def test_a_cover_roll_refuses_values_a_d10_cannot_meet(args, field):
    with pytest.raises(FiringError) as e:
        CoverRoll(*args)
    assert e.value.field == field


@pytest.mark.rule("B.cover")
def test_cover_ten_stops_every_roll_and_cover_zero_none():
    assert CoverRoll(10, 2, 1).chance == 0 and CoverRoll(0, 2, 1).chance == 1
    assert CoverRoll(10, 2, 3).chance == 1  # penetration above armour ignores the cover value
