"""FASA gunnery after the to-hit roll: doubling down and jams (F.gun.*), hit location
(F.hitloc.table), damage columns and Steady Hand (F.dmg.column, F.pilot.sh-shift) and the
choice of what a plane fires (F.combat.choice)."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from cs_panel.core.data import Table
from cs_panel.core.dice import D10Check, Dice, ScriptedDice
from cs_panel.core.errors import DataFileError, RuleInputError, SkillOutOfRangeError
from cs_panel.core.variants import RuleSet
from cs_panel.fasa.gunnery import (
    AttackProblem, CombatAction, DamageColumn, DamageTable, DoubleDown, DoubleDownResult, HitLocation,
    IllegalAttackError, IllegalShiftError, Shot, WeaponKind, check_combat_action, choose_column,
    column_choices, combat_problems, hit_location, hit_location_from, hit_location_tables,
    jam_clear_number, jammed_after, locate_hits, shift_limit, total_hit_odds, weapon_kind,
)
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.tohit import DEFLECTION_BY_HEXSIDE, Deflection, deflection_from, to_hit_number

NOSE, TAIL = DamageTable.NOSE, DamageTable.TAIL
PL, SL = DamageTable.PORT_WING_LEADING, DamageTable.STARBOARD_WING_LEADING
PT, ST = DamageTable.PORT_WING_TRAILING, DamageTable.STARBOARD_WING_TRAILING

targets = st.integers(min_value=-5, max_value=15)
skills = st.integers(min_value=0, max_value=10)
faces = st.integers(min_value=1, max_value=10)
hexes = st.builds(Hex, st.integers(-6, 6), st.integers(-6, 6))
facings = st.sampled_from(list(Facing))


# ---------------------------------------------------------------------------------------------
# Doubling down


@pytest.mark.rule("F.gun.double-down", "F.hit.number")
def test_iverian_doubles_down_on_her_shot_at_dukes():
    # the p.36 to-hit example is 2 (90% a shot); doubled down, both dice roll against it
    dd = DoubleDown.of(to_hit_number(4, Deflection.NOSE_TO_NOSE, 2, dead_eye=6))
    assert dd.target == 2
    assert dd.hit_odds() == {0: Fraction(1, 100), 1: Fraction(18, 100), 2: Fraction(81, 100)}
    assert dd.jam_chance == Fraction(19, 100)
    assert dd.expected_hits == Fraction(9, 5)
    assert dd.chance == Fraction(99, 100)  # a success is at least one hit


@pytest.mark.rule("F.gun.double-down")
def test_both_shots_are_rolled_even_after_a_miss():
    dice = ScriptedDice([1, 10, 7])
    roll = DoubleDown(2).resolve(dice)
    # a 1 misses whatever the target; the second die is still rolled, and hits
    assert roll.faces == (1, 10)
    assert roll.outcome == DoubleDownResult(hits=1, jammed=True)
    assert roll.success  # one hit did damage
    assert dice.remaining == [7]
    assert "jammed from next turn" in str(roll)


@pytest.mark.rule("F.gun.double-down")
@pytest.mark.parametrize("faces,hits,jammed", [
    ((5, 5), 2, False), ((5, 4), 1, True), ((4, 5), 1, True), ((4, 4), 0, True),
    ((10, 10), 2, False), ((1, 10), 1, True),
])
def test_any_miss_jams(faces, hits, jammed):
    result = DoubleDown(5).outcome_of(faces)
    assert (result.hits, result.jammed) == (hits, jammed)
    assert bool(result) is (hits > 0)


@pytest.mark.rule("F.gun.double-down", "F.dice.d10")
def test_double_down_odds_at_the_extremes():
    # 10 always hits and 1 always misses, so even an impossible shot hits twice 1% of the time
    assert DoubleDown(20).hit_odds()[2] == Fraction(1, 100)
    assert DoubleDown(-5).jam_chance == Fraction(19, 100)
    with pytest.raises(RuleInputError) as e:
        DoubleDown("4")  # type: ignore[arg-type]
    assert e.value.field == "target"


@pytest.mark.rule("F.gun.double-down", "F.dice.d10")
@given(targets)
def test_double_down_is_two_independent_checks(target):
    p = D10Check(target).chance
    dd = DoubleDown(target)
    assert dd.hit_odds() == {0: (1 - p) ** 2, 1: 2 * p * (1 - p), 2: p * p}
    assert dd.jam_chance == 1 - p * p
    assert sum(dd.outcomes().values()) == 1
    assert dd.expected_hits == 2 * p


@pytest.mark.rule("F.gun.double-down")
@given(targets, faces, faces)
def test_double_down_outcome_is_each_die_judged_alone(target, a, b):
    check = D10Check(target)
    result = DoubleDown(target).outcome_of((a, b))
    assert result.hits == check.outcome_of((a,)) + check.outcome_of((b,))
    assert result.jammed == (not check.outcome_of((a,)) or not check.outcome_of((b,)))
    assert DoubleDown(target).outcome_of((b, a)) == result


@pytest.mark.rule("F.gun.double-down", "F.hit.number")
def test_total_hits_of_an_attack():
    # two .50s at 5 (60% each), one of them doubled down: 0-3 hits
    odds = total_hit_odds([D10Check(5), DoubleDown(5)])
    assert odds == {0: Fraction(8, 125), 1: Fraction(36, 125), 2: Fraction(54, 125), 3: Fraction(27, 125)}
    assert total_hit_odds([]) == {0: 1}


@pytest.mark.rule("F.gun.double-down", "F.hit.number")
@given(st.lists(st.tuples(targets, st.booleans()), max_size=2))
def test_total_hits_equal_brute_force(guns):
    import itertools
    events = [DoubleDown(t) if dd else D10Check(t) for t, dd in guns]
    brute: dict[int, Fraction] = {}
    dice = [e.dice for e in events]
    for combo in itertools.product(*(itertools.product(*(range(1, 11) for _ in d)) for d in dice)):
        hits = 0
        for e, f in zip(events, combo):
            o = e.outcome_of(f)
            hits += o.hits if isinstance(o, DoubleDownResult) else int(o)
        brute[hits] = brute.get(hits, Fraction(0)) + Fraction(1, 10 ** sum(len(d) for d in dice))
    assert total_hit_odds(events) == {k: v for k, v in sorted(brute.items())}
    assert sum(total_hit_odds(events).values()) == 1


# ---------------------------------------------------------------------------------------------
# Clearing jams


@pytest.mark.rule("F.gun.jam-clear")
@pytest.mark.parametrize("steady_hand,total,chance", [(0, 8, Fraction(3, 10)), (5, 3, Fraction(8, 10)),
                                                       (8, 0, Fraction(9, 10)), (10, -2, Fraction(9, 10))])
def test_jam_clear_is_eight_minus_steady_hand(steady_hand, total, chance):
    t = jam_clear_number(steady_hand)
    assert t.total == total and t.chance == chance
    assert [m.rule for m in t.terms] == ["F.gun.jam-clear", "F.gun.jam-clear"]
    assert "no attack" in t.what


@pytest.mark.rule("F.gun.jam-clear", "F.shock")
def test_jam_clear_shocked_and_resolved():
    t = jam_clear_number(4, shocked=True)
    assert t.total == 6 and t.term("F.shock").value == 2
    assert str(t) == "8 base - 4 Steady Hand 4 + 2 shocked = 6 (50%)"
    assert t.resolve(ScriptedDice([6])).success
    assert not t.resolve(ScriptedDice([5])).success


@pytest.mark.rule("F.gun.jam-clear")
def test_aeronaut_unjam_variant_adds_last_gs_only_when_on():
    assert jam_clear_number(5, last_gs=3).total == 3
    fan = RuleSet.of("fasa.aeronaut.unjam-gs")
    assert jam_clear_number(5, last_gs=3, rules=fan).total == 6
    with pytest.raises(RuleInputError) as e:
        jam_clear_number(5, last_gs=-1)
    assert e.value.field == "last_gs"


@pytest.mark.rule("F.gun.jam-clear", "F.pilot.skills")
def test_jam_clear_rejects_a_bad_skill():
    with pytest.raises(SkillOutOfRangeError) as e:
        jam_clear_number(11)
    assert e.value.field == "steady_hand"


@pytest.mark.rule("F.gun.double-down", "F.gun.jam-clear")
def test_jams_carry_over_until_cleared():
    doubled = {"gun 1": DoubleDownResult(1, True), "gun 2": DoubleDownResult(2, False)}
    after = jammed_after((), doubled)
    assert after == {"gun 1"}
    # next turn gun 1 cannot fire; a failed clearing roll keeps it jammed, a good one clears all
    assert jammed_after(after | {"gun 3"}) == {"gun 1", "gun 3"}
    assert jammed_after(after | {"gun 3"}, cleared=True) == frozenset()
    with pytest.raises(RuleInputError, match="no attack"):
        jammed_after(after, doubled, cleared=True)


# ---------------------------------------------------------------------------------------------
# Hit location


@pytest.mark.rule("F.hitloc.table")
def test_the_six_recovered_tables():
    def column(side):
        loc = hit_location(side)
        return [loc.outcome_of((f,)) for f in range(1, 11)]
    assert column("A") == [PL] * 3 + [NOSE] * 4 + [SL] * 3
    assert column("B") == [NOSE] * 6 + [SL] * 4
    assert column("F") == [NOSE] * 6 + [PL] * 4
    assert column("C") == [TAIL] * 6 + [ST] * 4
    assert column("E") == [TAIL] * 6 + [PT] * 4
    assert column("D") == [PT] * 3 + [TAIL] * 4 + [ST] * 3


@pytest.mark.rule("F.hitloc.table", "F.hit.deflection")
def test_table_data_has_provenance_and_agrees_with_the_deflection_table():
    table = hit_location_tables()
    for f in Facing:
        entry = table[f.name]
        assert entry.provenance == "recovered" and "Aeronaut" in entry.source
        assert entry["deflection"] == DEFLECTION_BY_HEXSIDE[f].modifier
        assert hit_location(f).provenance == "recovered"


@pytest.mark.rule("F.hitloc.table", "F.rocket.flak")
def test_flak_example_hexside_c_hits_the_starboard_trailing_wing_or_tail():
    # FASA p.42: a plane on the C hexside is hit on the starboard trailing wing or the tail
    assert set(hit_location("C").outcomes()) == {ST, TAIL}


@pytest.mark.rule("F.hitloc.table")
def test_exact_odds_of_each_table():
    assert hit_location("A").outcomes() == {PL: Fraction(3, 10), NOSE: Fraction(2, 5), SL: Fraction(3, 10)}
    assert hit_location(Facing.B).outcomes() == {NOSE: Fraction(3, 5), SL: Fraction(2, 5)}
    assert hit_location("e").outcomes() == {TAIL: Fraction(3, 5), PT: Fraction(2, 5)}
    with pytest.raises(RuleInputError) as e:
        hit_location("G")
    assert e.value.field == "hexside"


@pytest.mark.rule("F.hitloc.table", "F.hit.deflection")
def test_hit_location_from_the_map():
    target = Hex(0, 0)
    assert hit_location_from(target, Facing.A, Hex(0, -3)).hexside is Facing.A
    assert hit_location_from(target, Facing.A, Hex(0, 2)).hexside is Facing.D
    assert hit_location_from(target, Facing.A, Hex(-1, 0)).hexside is Facing.F
    # the target turned to face C: an attacker straight off its nose is still on hexside A
    assert hit_location_from(target, Facing.C, Hex(3, 0)).hexside is Facing.A
    with pytest.raises(RuleInputError) as e:
        hit_location_from(target, Facing.A, target)
    assert e.value.field == "hexside"


@pytest.mark.rule("F.hitloc.table")
def test_one_roll_for_all_gun_hits_one_per_rocket():
    loc = hit_location("A")
    guns = locate_hits(loc, ScriptedDice([5, 1]), gun_hits=3)
    assert len(guns.rolls) == 1 and guns.gun_table is NOSE
    assert guns.by_table() == {NOSE: 3}
    rockets = locate_hits(loc, ScriptedDice([2, 9, 3]), rocket_hits=3)
    assert [r.faces for r in rockets.rolls] == [(2,), (9,), (3,)]
    assert rockets.rocket_tables == (PL, SL, PL)
    assert rockets.by_table() == {PL: 2, SL: 1}
    assert locate_hits(loc, ScriptedDice([]), gun_hits=0).rolls == ()


@pytest.mark.rule("F.hitloc.table", "F.combat.choice")
def test_locate_hits_rejects_bad_counts_and_mixed_attacks():
    loc = hit_location("D")
    with pytest.raises(RuleInputError) as e:
        locate_hits(loc, Dice(1), gun_hits=2, rocket_hits=1)
    assert e.value.field == "rocket_hits"
    with pytest.raises(RuleInputError) as e:
        locate_hits(loc, Dice(1), gun_hits=-1)
    assert e.value.field == "gun_hits"


@pytest.mark.rule("F.hitloc.table")
def test_a_replacement_table_is_checked(tmp_path):
    good = hit_location_tables()
    entries = [dict(e.values, id=e.id, provenance=e.provenance, source=e.source) for e in good]
    entries = [{k: (list(map(list, v)) if k == "rolls" else v) for k, v in e.items()} for e in entries]
    bad_gap = json.loads(json.dumps(entries))
    bad_gap[0]["rolls"] = [[1, 3, "port_wing_leading"], [5, 10, "nose"]]
    path = tmp_path / "gap.json"
    path.write_text(json.dumps({"entries": bad_gap}))
    with pytest.raises(DataFileError, match="must start at 4"):
        hit_location_tables(str(path))
    bad_defl = json.loads(json.dumps(entries))
    bad_defl[3]["deflection"] = 2
    path = tmp_path / "defl.json"
    path.write_text(json.dumps({"entries": bad_defl}))
    with pytest.raises(DataFileError) as e:
        hit_location_tables(str(path))
    assert e.value.entry == "D" and e.value.field == "deflection"
    short = json.loads(json.dumps(entries[:5]))
    path = tmp_path / "short.json"
    path.write_text(json.dumps({"entries": short}))
    with pytest.raises(DataFileError, match="missing"):
        hit_location_tables(str(path))


@pytest.mark.rule("F.hitloc.table")
def test_a_users_own_table_is_used():
    tables = hit_location_tables()
    mine = Table("mine", "mine", tables.entries)
    assert hit_location("B", table=mine).outcomes() == hit_location("B").outcomes()


@pytest.mark.rule("F.hitloc.table")
@given(st.sampled_from(list(Facing)))
def test_hit_location_odds_sum_to_one(side):
    odds = hit_location(side).outcomes()
    assert sum(odds.values()) == 1
    assert all(isinstance(t, DamageTable) for t in odds)


@pytest.mark.rule("F.hitloc.table")
@given(st.sampled_from(list(Facing)))
def test_hit_location_is_mirror_symmetric(side):
    # seen in a mirror, an attack from hexside B is one from F, and port and starboard swap
    odds = hit_location(side).outcomes()
    mirrored = hit_location(side.mirrored).outcomes()
    assert {t.mirrored: p for t, p in odds.items()} == mirrored


@pytest.mark.rule("F.hitloc.table", "F.hit.deflection")
@given(hexes, facings, hexes)
def test_mirrored_approach_on_the_map_swaps_port_and_starboard(target, facing, attacker):
    if target == attacker:
        return
    odds = hit_location_from(target, facing, attacker).outcomes()
    mirrored = hit_location_from(target.mirror(), facing.mirrored, attacker.mirror()).outcomes()
    assert {t.mirrored: p for t, p in odds.items()} == mirrored
    # and the deflection used to hit comes from the same hexside as the table
    assert deflection_from(target, facing, attacker) is DEFLECTION_BY_HEXSIDE[hit_location_from(target, facing, attacker).hexside]


@pytest.mark.rule("F.hitloc.table")
def test_front_attacks_hit_leading_edges_rear_attacks_trailing():
    for f in Facing:
        tables = set(hit_location(f).outcomes())
        front = f in (Facing.A, Facing.B, Facing.F)
        assert not tables & ({PT, ST, TAIL} if front else {PL, SL, NOSE})


@pytest.mark.rule("F.hitloc.table")
def test_damage_table_names():
    assert [t.label for t in DamageTable] == ["Nose", "Tail", "Port Leading", "Starboard Leading",
                                              "Port Trailing", "Starboard Trailing"]
    assert PL.mirrored is SL and ST.mirrored is PT and NOSE.mirrored is NOSE
    assert isinstance(hit_location("A"), HitLocation)
    assert "hexside A" in str(hit_location("A").resolve(ScriptedDice([4])))


@pytest.mark.rule("F.hitloc.table")
def test_hit_location_shows_itself():
    page = hit_location("F")._repr_html_()
    assert "1&ndash;6" in page and "Port Leading" in page and "40%" in page
    assert "recovered" in page and "F.hitloc.table" in page


# ---------------------------------------------------------------------------------------------
# Damage column and Steady Hand


@pytest.mark.rule("F.dmg.column", "F.pilot.sh-shift")
def test_pilot_condor_groups_his_two_ap_hits():
    # FASA p.37: Steady Hand 6, two .70 AP hits on the Nose; column rolls 3 and 4
    first, second = (DamageColumn(6).resolve(d) for d in [ScriptedDice([3]), ScriptedDice([4])])
    assert first.outcome.choices == (2, 3, 4)
    # he keeps the first (the book gives his reason, a gun in that column, from the diagram)
    assert choose_column(3, 3, steady_hand=6) == 3
    # and moves the second one column, onto the first
    assert second.outcome.choices == (3, 4, 5)
    assert choose_column(4, 3, steady_hand=6) == 3
    # two columns would be too far for Steady Hand 6
    with pytest.raises(IllegalShiftError) as e:
        choose_column(4, 2, steady_hand=6)
    assert e.value.field == "column" and "at most 1 column" in str(e.value)
    with pytest.raises(IllegalShiftError, match="takes 6 or more"):
        choose_column(4, 3, steady_hand=5)


@pytest.mark.rule("F.dmg.column", "F.hitloc.table")
def test_condor_two_gun_hits_share_one_location_roll():
    loc = locate_hits(hit_location("A"), ScriptedDice([6]), gun_hits=2)
    assert loc.by_table() == {NOSE: 2}


@pytest.mark.rule("F.pilot.sh-shift")
@pytest.mark.parametrize("steady_hand,limit", [(0, 0), (5, 0), (6, 1), (7, 1), (8, 1), (9, 2), (10, 2)])
def test_shifting_columns_table(steady_hand, limit):
    assert shift_limit(steady_hand) == limit
    assert column_choices(5, steady_hand) == tuple(range(5 - limit, 6 + limit))


@pytest.mark.rule("F.pilot.sh-shift", "F.rocket.ap-he")
def test_rocket_hits_are_never_shifted():
    assert column_choices(5, 10, "rocket") == (5,)
    assert shift_limit(10, "rocket") == 0
    with pytest.raises(IllegalShiftError, match="never shifted"):
        choose_column(5, 6, steady_hand=6, weapon_class="bomb")
    with pytest.raises(IllegalShiftError, match="rocket hits are never shifted"):
        choose_column(5, 4, steady_hand=10, weapon_class="rocket")
    with pytest.raises(RuleInputError) as e:
        column_choices(5, 10, "cannonball")
    assert e.value.field == "weapon_class"


@pytest.mark.rule("F.dmg.column", "F.pilot.sh-shift")
def test_shifts_stop_at_the_edges():
    assert column_choices(1, 10) == (1, 2, 3)
    assert column_choices(10, 6) == (9, 10)
    assert column_choices(2, 9) == (1, 2, 3, 4)
    with pytest.raises(RuleInputError) as e:
        column_choices(11, 6)
    assert e.value.field == "rolled"
    with pytest.raises(RuleInputError) as e:
        choose_column(10, 11, steady_hand=9)
    assert e.value.field == "column"


@pytest.mark.rule("F.dmg.column", "F.pilot.sh-shift")
def test_column_odds():
    assert DamageColumn().reach_chance(1) == Fraction(1, 10)
    assert DamageColumn(6).reach_chance(1) == Fraction(2, 10)
    assert DamageColumn(9).reach_chance(5) == Fraction(5, 10)
    assert DamageColumn(10, "rocket").reach_chance(5) == Fraction(1, 10)
    with pytest.raises(SkillOutOfRangeError):
        DamageColumn(-1)


@pytest.mark.rule("F.dmg.column", "F.pilot.sh-shift")
@given(faces, skills, st.sampled_from(["gun", "rocket", "bomb"]))
def test_shift_never_leaves_the_table(rolled, steady_hand, weapon_class):
    choices = column_choices(rolled, steady_hand, weapon_class)
    assert rolled in choices
    assert all(1 <= c <= 10 for c in choices)
    k = shift_limit(steady_hand, weapon_class)
    assert all(abs(c - rolled) <= k for c in choices)
    assert list(choices) == sorted(set(choices))
    # every column within reach and on the table is offered
    assert len(choices) == len([c for c in range(1, 11) if abs(c - rolled) <= k])


@pytest.mark.rule("F.dmg.column", "F.pilot.sh-shift")
@given(skills, st.sampled_from(["gun", "rocket"]))
def test_column_odds_sum_to_one_and_a_better_hand_reaches_more(steady_hand, weapon_class):
    event = DamageColumn(steady_hand, weapon_class)
    assert sum(event.outcomes().values()) == 1
    reach = [event.reach_chance(c) for c in range(1, 11)]
    assert reach == reach[::-1]  # the table is symmetric about its middle
    if steady_hand < 10:
        better = DamageColumn(steady_hand + 1, weapon_class)
        assert all(better.reach_chance(c) >= r for c, r in zip(range(1, 11), reach))


# ---------------------------------------------------------------------------------------------
# What a plane fires in one phase


def _flags(action, jammed=()):
    flags = AttackProblem(0)
    for p in combat_problems(action, jammed):
        flags |= p.flag
    return flags


@pytest.mark.rule("F.combat.choice")
def test_guns_at_one_target_are_fine():
    action = CombatAction((Shot("gun 1", "mg-50", "Dukes"), Shot("gun 2", "mg-30", "Dukes", double_down=True)))
    assert combat_problems(action) == []
    assert check_combat_action(action) is action


@pytest.mark.rule("F.combat.choice")
def test_guns_or_launched_weapons_not_both():
    action = CombatAction((Shot("gun 1", "mg-50", "Dukes"), Shot("hardpoint 1", "ap-rocket", "Dukes")))
    assert _flags(action) == AttackProblem.GUNS_AND_LAUNCHED
    with pytest.raises(IllegalAttackError) as e:
        check_combat_action(action)
    assert e.value.field == "shots" and e.value.flags == AttackProblem.GUNS_AND_LAUNCHED


@pytest.mark.rule("F.combat.choice")
def test_guns_at_two_targets():
    action = CombatAction((Shot("gun 1", "mg-50", "Dukes"), Shot("gun 2", "mg-50", "Iverian")))
    (problem,) = combat_problems(action)
    assert problem.flag is AttackProblem.GUNS_AT_TWO_TARGETS and problem.field == "target"
    assert "Dukes" in problem.message and "Iverian" in problem.message


@pytest.mark.rule("F.combat.choice")
def test_lethal_at_one_target_non_lethal_at_any_hexes():
    ok = CombatAction((Shot("hp 1", "ap-rocket", "Dukes"), Shot("hp 2", "he-rocket", "Dukes"),
                       Shot("hp 3", "flare-rocket", "hex 0405"), Shot("hp 4", "sonic-rocket", "hex 0710"),
                       Shot("hp 5", "flak-rocket", "hex 0306")))
    assert combat_problems(ok) == []
    split = CombatAction((Shot("hp 1", "ap-rocket", "Dukes"), Shot("hp 2", "drill", "Iverian")))
    assert _flags(split) == AttackProblem.LETHAL_AT_TWO_TARGETS


@pytest.mark.rule("F.gun.double-down", "F.combat.choice")
def test_only_guns_double_down():
    action = CombatAction((Shot("hp 1", "ap-rocket", "Dukes", double_down=True),))
    (problem,) = combat_problems(action)
    assert problem.flag is AttackProblem.DOUBLE_DOWN_NOT_A_GUN and problem.field == "double_down"


@pytest.mark.rule("F.gun.jam-clear", "F.combat.choice")
def test_jammed_guns_and_clearing():
    fire_jammed = CombatAction((Shot("gun 1", "mg-50", "Dukes"), Shot("gun 2", "mg-50", "Dukes")))
    assert _flags(fire_jammed, jammed={"gun 2"}) == AttackProblem.JAMMED_GUN_FIRED
    assert combat_problems(CombatAction((Shot("gun 1", "mg-50", "Dukes"),)), jammed={"gun 2"}) == []
    assert combat_problems(CombatAction(clear_jams=True), jammed={"gun 2"}) == []
    assert _flags(CombatAction(clear_jams=True)) == AttackProblem.NOTHING_TO_CLEAR
    clear_and_fire = CombatAction((Shot("gun 1", "mg-50", "Dukes"),), clear_jams=True)
    assert _flags(clear_and_fire, jammed={"gun 2"}) == AttackProblem.CLEARING_AND_FIRING


@pytest.mark.rule("F.combat.choice")
def test_every_problem_is_named_at_once():
    action = CombatAction((Shot("gun 1", "mg-50", "Dukes"), Shot("gun 1", "mg-50", "Iverian"),
                           Shot("hp 1", "bomb-100", "hex 0101", double_down=True)))
    with pytest.raises(IllegalAttackError) as e:
        check_combat_action(action, jammed={"gun 1"})
    assert e.value.flags == (AttackProblem.MOUNT_FIRED_TWICE | AttackProblem.GUNS_AND_LAUNCHED
                             | AttackProblem.GUNS_AT_TWO_TARGETS | AttackProblem.DOUBLE_DOWN_NOT_A_GUN
                             | AttackProblem.JAMMED_GUN_FIRED)
    assert len(e.value.problems) == 5
    assert all(p.rule in ("F.combat.choice", "F.gun.double-down", "F.gun.jam-clear") for p in e.value.problems)


@pytest.mark.rule("F.combat.choice")
def test_weapon_kinds():
    assert weapon_kind("mg-70") is WeaponKind.GUN
    assert weapon_kind("harpoon") is WeaponKind.LETHAL
    assert weapon_kind("flak-rocket") is WeaponKind.NON_LETHAL
    with pytest.raises(RuleInputError) as e:
        weapon_kind("death-ray")
    assert e.value.field == "weapon"
