"""FASA to-hit numbers (F.hit.*), the shock roll (F.shock) and their odds (F.dice.d10)."""

from fractions import Fraction

import pytest
from hypothesis import assume, given, strategies as st

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import OutOfRangeError, RuleInputError, SkillOutOfRangeError
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.tohit import (
    DEFLECTION_BY_HEXSIDE, Deflection, attack_hexside, deflection_from, shock_roll, to_hit_by_range, to_hit_number, weapons,
)


@pytest.mark.rule("F.hit.number", "F.hit.deflection", "F.hit.range")
def test_rulebook_example_iverian_shoots_dukes():
    # FASA p.36: base 4, nose to nose, 2 hexes, Dead Eye 6 -> 2
    t = to_hit_number(4, Deflection.NOSE_TO_NOSE, 2, dead_eye=6, weapon="mg-50")
    assert [m.value for m in t.terms] == [4, 2, 2, -6]
    assert t.total == 2 and t.chance == Fraction(9, 10)


@pytest.mark.rule("F.hit.deflection")
@pytest.mark.parametrize("deflection,mod", [
    (Deflection.DIRECTLY_BEHIND, 0), (Deflection.REAR_OFF_CENTRE, 1),
    (Deflection.NOSE_TO_NOSE, 2), (Deflection.FRONT_OFF_CENTRE, 3),
])
def test_every_deflection(deflection, mod):
    t = to_hit_number(5, deflection, 1, dead_eye=0)
    assert t.term("F.hit.deflection").value == mod
    assert t.total == 5 + mod + 1


@pytest.mark.rule("F.hit.deflection")
def test_deflection_from_the_targets_hexside():
    target = Hex(0, 0)
    # target faces A (up); attacker straight ahead of its nose, behind its tail, and at its sides
    assert deflection_from(target, Facing.A, Hex(0, -3)) is Deflection.NOSE_TO_NOSE
    assert deflection_from(target, Facing.A, Hex(0, 2)) is Deflection.DIRECTLY_BEHIND
    assert deflection_from(target, Facing.A, Hex(1, -1)) is Deflection.FRONT_OFF_CENTRE
    assert deflection_from(target, Facing.A, Hex(-1, 1)) is Deflection.REAR_OFF_CENTRE
    # the same geometry turned: target facing C, attacker on its C side is nose to nose
    assert deflection_from(target, Facing.C, Hex(2, 0)) is Deflection.NOSE_TO_NOSE
    with pytest.raises(RuleInputError, match="share a hex"):
        deflection_from(target, Facing.A, target)


@pytest.mark.rule("F.hit.deflection")
@pytest.mark.parametrize("offset, expected", [
    # the six corner lines of a target facing A; our reading takes the harder shot (RULINGS.md)
    (Hex(1, -2), Facing.B), (Hex(-1, -1), Facing.F),   # nose | front-off-centre: +3, not +2
    (Hex(2, -1), Facing.B), (Hex(-2, 1), Facing.F),    # front-off-centre | rear-off-centre: +3
    (Hex(1, 1), Facing.C), (Hex(-1, 2), Facing.E),     # rear-off-centre | directly behind: +1
])
@pytest.mark.parametrize("facing", list(Facing))
def test_an_attack_along_a_corner_line_takes_the_harder_hexside(offset, expected, facing):
    target = Hex(-2, 4)
    for scale in (1, 3):
        attacker = target + Hex(offset.q * scale, offset.r * scale).rotate(int(facing))
        assert attack_hexside(target, facing, attacker) is expected
        assert deflection_from(target, facing, attacker) is DEFLECTION_BY_HEXSIDE[expected]


@pytest.mark.rule("F.hit.deflection")
@given(st.builds(Hex, st.integers(-9, 9), st.integers(-9, 9)), st.sampled_from(list(Facing)))
def test_deflection_is_the_same_from_port_and_starboard(attacker, facing):
    # a mirror image of the attack (port for starboard) has the same deflection, corners included
    target = Hex(0, 0)
    assume(attacker != target)
    assert deflection_from(target, facing, attacker) is deflection_from(target, facing.mirrored, attacker.mirror())


@pytest.mark.rule("F.hit.range")
def test_range_zero_same_hex_and_one_per_hex():
    assert to_hit_number(4, "DIRECTLY_BEHIND", 0, 0).term("F.hit.range").value == 0
    assert to_hit_number(4, "DIRECTLY_BEHIND", 5, 0).term("F.hit.range").value == 5


@pytest.mark.rule("F.hit.weapon-mod", "F.combat.arc")
def test_weapon_modifiers_and_ranges():
    assert to_hit_number(4, "NOSE_TO_NOSE", 4, 0, "ap-rocket").term("F.hit.weapon-mod").value == 1
    assert to_hit_number(4, "NOSE_TO_NOSE", 1, 0, "harpoon").term("F.hit.weapon-mod").value == 2
    # guns carry no weapon term at all
    assert all(m.rule != "F.hit.weapon-mod" for m in to_hit_number(4, "NOSE_TO_NOSE", 3, 0, "mg-30").terms)
    with pytest.raises(OutOfRangeError, match="beyond the harpoon rocket's range of 1"):
        to_hit_number(4, "NOSE_TO_NOSE", 2, 0, "harpoon")
    assert [weapons()[f"mg-{c}"]["range"] for c in (30, 40, 50, 60, 70)] == [7, 6, 5, 4, 3]


@pytest.mark.rule("F.shock", "F.hit.number")
def test_shocked_firer_adds_two():
    calm = to_hit_number(4, "NOSE_TO_NOSE", 2, 3)
    shocked = to_hit_number(4, "NOSE_TO_NOSE", 2, 3, shocked=True)
    assert shocked.total == calm.total + 2 and shocked.term("F.shock").value == 2


@pytest.mark.rule("F.dice.d10", "F.hit.number")
def test_extremes_where_one_and_ten_matter():
    easy = to_hit_number(1, "DIRECTLY_BEHIND", 0, dead_eye=10)  # total -9: still misses on a 1
    assert easy.total == -9 and easy.chance == Fraction(9, 10)
    assert not easy.resolve(ScriptedDice([1])).success
    hard = to_hit_number(10, "FRONT_OFF_CENTRE", 5, dead_eye=0, weapon="mg-50", shocked=True)
    assert hard.total == 20 and hard.chance == Fraction(1, 10)
    assert hard.resolve(ScriptedDice([10])).success


@pytest.mark.rule("F.pilot.skills")
@pytest.mark.parametrize("kwargs,error,needle", [
    (dict(dead_eye=11), SkillOutOfRangeError, "Dead Eye 11 is outside the skill levels 0-10"),
    (dict(dead_eye=-1), SkillOutOfRangeError, "Dead Eye -1"),
    (dict(dead_eye=2.5), SkillOutOfRangeError, "whole number"),
    (dict(target_base=0), RuleInputError, "target base to-hit number 0"),
    (dict(target_base=11), RuleInputError, "target base to-hit number 11"),
    (dict(range_hexes=-1), RuleInputError, "range -1"),
    (dict(deflection="sideways"), RuleInputError, "unknown deflection 'sideways'"),
    (dict(weapon="laser"), RuleInputError, r"unknown weapon 'laser'; choose one of \[.*'mg-50'.*'harpoon'\]"),
])
def test_bad_input_is_named(kwargs, error, needle):
    args = dict(target_base=4, deflection="NOSE_TO_NOSE", range_hexes=2, dead_eye=3, weapon="mg-50")
    args.update(kwargs)
    with pytest.raises(error, match=needle) as e:
        to_hit_number(**args)
    # the error names the one input at fault, so the widget beside it can show the message
    assert e.value.field == next(iter(kwargs))


inputs = dict(
    base=st.integers(1, 10), deflection=st.sampled_from(list(Deflection)), rng=st.integers(0, 5),
    dead_eye=st.integers(0, 10), shocked=st.booleans(),
)


@pytest.mark.rule("F.hit.number", "F.dice.d10")
@given(**inputs)
def test_chance_always_between_ten_and_ninety_percent(base, deflection, rng, dead_eye, shocked):
    c = to_hit_number(base, deflection, rng, dead_eye, "mg-50", shocked).chance
    assert Fraction(1, 10) <= c <= Fraction(9, 10)


@st.composite
def weapon_and_range(draw):
    """A weapon from the weapons table and a range within its reach."""
    w = draw(st.sampled_from(list(weapons())))
    return w, draw(st.integers(0, w["range"]))


@pytest.mark.rule("F.hit.number", "F.hit.range", "F.hit.deflection", "F.hit.weapon-mod", "F.shock")
@given(weapon_rng=weapon_and_range(), **{k: v for k, v in inputs.items() if k != "rng"})
def test_chance_is_monotone_in_every_modifier(weapon_rng, base, deflection, dead_eye, shocked):
    weapon, rng = weapon_rng

    def chance(**kw):
        a = dict(target_base=base, deflection=deflection, range_hexes=rng, dead_eye=dead_eye, weapon=weapon, shocked=shocked)
        a.update(kw)
        return to_hit_number(**a).chance

    here = chance()
    if base < 10:
        assert chance(target_base=base + 1) <= here
    if rng < weapon["range"]:
        assert chance(range_hexes=rng + 1) <= here
    if dead_eye < 10:
        assert chance(dead_eye=dead_eye + 1) >= here
    assert chance(shocked=True) <= chance(shocked=False)
    worse = [d for d in Deflection if d.modifier > deflection.modifier]
    for d in worse:
        assert chance(deflection=d) <= here
    # a weapon with a larger modifier, at the same range, never makes the shot easier
    heavier = [w for w in weapons() if w["modifier"] > weapon["modifier"] and w["range"] >= rng]
    for w in heavier:
        assert chance(weapon=w) <= here


@pytest.mark.rule("F.hit.range")
def test_by_range_covers_every_reachable_hex():
    rows = to_hit_by_range(4, "NOSE_TO_NOSE", 6, "mg-30")
    assert [t.term("F.hit.range").value for t in rows] == list(range(8))
    assert [float(t.chance) for t in rows] == [0.9, 0.9, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4]


@pytest.mark.rule("F.shock", "F.pilot.constitution")
def test_shock_roll():
    assert shock_roll(3).total == 7 and shock_roll(3).chance == Fraction(4, 10)
    assert shock_roll(3, already_shocked=True).total == 9
    assert shock_roll(10).total == 0 and shock_roll(10).chance == Fraction(9, 10)
    with pytest.raises(RuleInputError, match="dead pilot"):
        shock_roll(0)
