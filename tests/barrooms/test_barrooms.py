"""The Bar-rooms fan rules: characters (B.chargen, B.skills), movement and stealth (B.move.*,
B.stealth), firing (B.fire.*, B.weapons, B.cover, B.lob, B.grenade, B.shock, B.hitloc, B.jam,
B.sequence) and hand-to-hand (B.melee, B.knife), with the text's own worked numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from cs_panel.barrooms.character import Character, CharacterError, build_cost, carry_penalty
from cs_panel.barrooms.firing import (
    CoverRoll, FiringError, HitLocation, Lob, Unjam, bands, grenade, grenade_reach, jams, lob_allowed, shake_off,
    shock_check, to_hit, turn_order,
)
from cs_panel.barrooms.melee import (
    MeleeError, PunchTrack, blow_number, evade_roll, punch_damage, punch_points, readiness_roll,
)
from cs_panel.barrooms.movement import (
    Gait, MoveError, climb_cost, detection_number, distance_after, gait, in_stealth, keep_feet_roll,
)
from cs_panel.core.dice import ChanceEvent, ScriptedDice
from cs_panel.core.variants import RuleSet


# -- B.chargen, B.skills ------------------------------------------------------------------------------

@pytest.mark.rule("B.chargen")
def test_stats_cost_the_board_games_skill_prices_and_budgets_are_named():
    c = Character("Ann", stamina=4, constitution=4, deadeye=4, steady_mind=3, quickdraw=3, sixth_sense=3, melee=3)
    cost = build_cost(c, "lead")
    assert cost.total == 70 * 3 + 40 * 4 and cost.left == 450 - cost.total
    with pytest.raises(CharacterError, match="over the 350 points allowed") as e:
        build_cost(Character("Big", deadeye=6, quickdraw=6), "wing")
    assert e.value.field == "budget"
    assert build_cost(Character("Big", deadeye=6, quickdraw=6), "squadron-leader").total <= 600
    with pytest.raises(CharacterError, match="one of"):
        build_cost(c, "captain")


@pytest.mark.rule("B.chargen")
@pytest.mark.parametrize("stat, value, words", [
    ("stamina", 7, "Stamina is a whole number 0-6"), ("melee", 11, "Melee is a whole number 0-10"),
    ("deadeye", -1, "Deadeye"), ("quickdraw", 2.5, "Quickdraw"),
])
def test_a_stat_out_of_range_names_itself(stat, value, words):
    with pytest.raises(CharacterError, match=words) as e:
        Character("X", **{stat: value})
    assert e.value.field == stat


@pytest.mark.rule("B.skills")
def test_special_skills_cost_points_and_superman_needs_fast_reaction():
    c = Character("Ann", skills=("fast-reaction", "superman"))
    cost = build_cost(c)
    assert [t.value for t in cost.terms][-2:] == [40, 50]
    with pytest.raises(CharacterError, match="Superman needs Fast Reaction first") as e:
        Character("Ann", skills=("superman",))
    assert e.value.field == "skills"
    with pytest.raises(CharacterError, match="unknown special skill"):
        Character("Ann", skills=("flying",))
    assert build_cost(Character("Bo", skills=("stealthy",))).terms[-1].value == 250


@pytest.mark.rule("B.shock", "B.move.special", "B.cover")
def test_shock_vests_and_long_arms_lower_the_stats_in_play():
    c = Character("Ann", stamina=5, quickdraw=4, deadeye=4)
    assert c.shocked().effective("deadeye") == 3 and c.shocked().shaken_off().effective("deadeye") == 4
    vested = Character("Ann", stamina=5, quickdraw=4, vest=True)
    assert (vested.effective("stamina"), vested.effective("quickdraw")) == (4, 3)
    rifleman = Character("Ann", stamina=5, carried=("m1-garand", "colt-1911"))
    assert rifleman.effective("stamina") == 4 and carry_penalty(("colt-1911",)) == 0
    with pytest.raises(CharacterError, match="unknown weapon"):
        carry_penalty(("bazooka",))


# -- B.move.* ------------------------------------------------------------------------------------------

@pytest.mark.rule("B.move.gait")
def test_the_rulebooks_walk_and_run_examples():
    # Stamina 4: two hexes is walking, three or four running; Stamina 3: two hexes is already running
    assert [gait(4, h).gait for h in (0, 1, 2, 3, 4, 5)] == [Gait.STILL, Gait.WALK, Gait.WALK, Gait.RUN, Gait.RUN, Gait.DASH]
    assert gait(3, 2).gait is Gait.RUN and gait(3, 1).gait is Gait.WALK
    assert (Gait.WALK.fire_penalty, Gait.RUN.fire_penalty, Gait.DASH.fire_penalty) == (1, 2, 4)
    assert (Gait.RUN.target_penalty, Gait.DASH.target_penalty, Gait.WALK.target_penalty) == (1, 3, 0)
    with pytest.raises(MoveError, match="twice the Stamina"):
        gait(4, 9)


@pytest.mark.rule("B.move.dash-roll")
def test_the_keep_your_feet_roll_of_the_example():
    # Constitution 4, Stamina 4: 12 - 8 = 4, "you need a four"
    roll = keep_feet_roll(4, 4)
    assert roll.total == 4 and roll.chance == Fraction(7, 10)
    assert distance_after(5, kept_feet=False) == 2 and distance_after(5, kept_feet=True) == 5
    assert not gait(4, 2).needs_roll and gait(4, 3).needs_roll


@pytest.mark.rule("B.move.special")
def test_stairs_roofs_and_swimming():
    assert climb_cost(levels=2) == 4 and climb_cost(low_roof=True) == 5
    assert gait(4, 2, swimming=True).gait is Gait.SWIM
    with pytest.raises(MoveError, match="half his Stamina, 2 hexes"):
        gait(4, 3, swimming=True)
    with pytest.raises(FiringError, match="swimmer cannot fire"):
        to_hit("person", 3, 4, shooter_gait="swimming")
    t = to_hit("person", 3, 4, target_gait="swimming")
    assert t.term("B.move.special").value == 1


@pytest.mark.rule("B.stealth")
def test_stealth_detection_and_who_stays_hidden():
    # Johnny Thunder (Sixth Sense 5) runs 4 hexes, 10 hexes from a sentry with Sixth Sense 3
    spot = detection_number(5, 10, 3, 4)
    assert spot.total == 8 and spot.chance == Fraction(3, 10)
    assert in_stealth(in_sight=False, night=False)[0]
    assert not in_stealth(in_sight=True, night=False)[0]
    assert in_stealth(in_sight=True, night=True)[0]
    assert in_stealth(in_sight=True, night=True, near_light=True) == (False, "within 2 hexes of a light")
    assert not in_stealth(in_sight=True, night=True, lit_by_flashlight=True)[0]
    assert not in_stealth(in_sight=False, night=True, heard=True)[0]
    assert in_stealth(in_sight=False, night=False, heard=True, stealthy=True)[0]


# -- firing ------------------------------------------------------------------------------------------

@pytest.mark.rule("B.fire.target")
def test_base_numbers_range_and_deadeye():
    assert to_hit("car", 5, 3, target_speed=4).total == 1 + 4 + 5 - 3
    assert to_hit("aircraft", 5, 3, target_speed=2).total == 6 + 2 + 5 - 3
    assert to_hit("tin-can", 2, 4).total == 10 + 2 - 4
    assert to_hit("weapon", 1, 0).total == 12
    assert to_hit(7, 3, 2).total == 8  # a base number given directly
    p = to_hit("person", 4, 5)
    assert p.total == 4 and [t.rule for t in p.terms] == ["B.fire.target"] * 3
    with pytest.raises(FiringError, match="unknown target"):
        to_hit("zeppelin", 1, 1)
    with pytest.raises(FiringError, match="deadeye is a whole number 0-10") as e:
        to_hit("person", 1, 11)
    assert e.value.field == "deadeye"


@pytest.mark.rule("B.fire.rate", "B.weapons")
def test_extra_shots_bursts_and_shotguns():
    # "fire 3 times, and it is increased by 2"
    assert to_hit("person", 2, 4, weapon="colt-1911", shots=3).term("B.fire.rate").value == 2
    assert to_hit("person", 2, 4, weapon="colt-1911", shots=1).total == 5 + 2 - 4
    with pytest.raises(FiringError, match="at most 3 times a turn"):
        to_hit("person", 2, 4, weapon="colt-1911", shots=4)
    # the Thompson: half a point a burst, and +1 to the roll out to 10 hexes
    tommy = to_hit("person", 4, 3, weapon="thompson", shots=4)
    assert tommy.term("B.fire.rate").value == 2 and tommy.term("B.weapons").value == -1
    # the shotgun pays nothing for its second shot
    assert [t.rule for t in to_hit("person", 2, 3, weapon="pump-shotgun", shots=2).terms].count("B.fire.rate") == 0


@pytest.mark.rule("B.fire.rate", "B.weapons")
def test_rifles_halve_long_range_and_every_band_of_the_garand():
    assert to_hit("person", 20, 4, weapon="m1-garand").terms[1].value == 10  # "20 hexes ... only +10"
    assert to_hit("person", 10, 4, weapon="m1-garand").terms[1].value == 10
    assert to_hit("person", 20, 4, weapon="colt-1911").terms[1].value == 20
    assert to_hit("person", 20, 4, weapon="thompson", full_auto=True).terms[1].value == 10
    band = {r: sum(t.value for t in to_hit("person", r, 4, weapon="m1-garand").terms if t.rule == "B.weapons")
            for r in (3, 8, 12, 20)}
    assert band == {3: 1, 8: 0, 12: -1, 20: -2}


@pytest.mark.rule("B.weapons")
def test_the_shotgun_bands_by_its_entry_and_by_the_shotgun_rules_variant():
    mod = lambda r, rules=RuleSet(): sum(t.value for t in to_hit("person", r, 3, weapon="pump-shotgun", rules=rules).terms  # noqa: E731
                                          if t.rule == "B.weapons")
    assert [mod(r) for r in (2, 5, 9, 12)] == [0, -1, 1, 1]
    alt = RuleSet.of("barrooms.shotgun-rules")
    assert [mod(r, alt) for r in (2, 5, 7)] == [-1, 0, 1]
    assert bands("pump-shotgun", alt)[-1] == (7, 8, -1)
    with pytest.raises(FiringError, match="reaches 8 hexes, not 9"):
        to_hit("person", 9, 3, weapon="pump-shotgun", rules=alt)


@pytest.mark.rule("B.move.gait", "B.cover", "B.shock", "B.melee")
def test_movement_cover_shock_and_a_punch_all_add_up():
    t = to_hit("person", 3, 4, shooter_gait="running", target_gait="dashing", cover="firing", shooter_shock=1, punched=True)
    assert [t.value for t in t.terms] == [5, 3, -4, 2, 3, 1, 1, 2] and t.total == 13
    assert to_hit("person", 3, 4, cover="hiding").term("B.cover").value == 3
    with pytest.raises(FiringError, match="cover is 'hiding'"):
        to_hit("person", 3, 4, cover="behind a table")


@pytest.mark.rule("B.cover")
def test_the_table_example_cover_rolls_and_penetration():
    # behind a table (cover 5, armour 2): buckshot (penetration 1) must roll over 5; a .357 (3) goes through
    buckshot = CoverRoll(5, 2, 1)
    assert buckshot.outcome_of((4,)) is False and buckshot.outcome_of((7,)) is True
    assert buckshot.chance == Fraction(1, 2)
    magnum = CoverRoll(5, 2, 3)
    assert magnum.goes_through and magnum.chance == 1 and "does not stop it" in magnum.describe()
    # an iron stove (armour 4) stops the .357 too
    assert not CoverRoll(3, 4, 3).goes_through


@pytest.mark.rule("B.lob")
def test_lobbing_past_range():
    assert Lob().chance == Fraction(1, 60) and Lob().outcomes() == ChanceEvent.outcomes(Lob())
    assert lob_allowed("bow", 14) and not lob_allowed("bow", 16) and not lob_allowed("bow", 9)
    with pytest.raises(FiringError, match="no stated range"):
        lob_allowed("colt-1911", 30)
    with pytest.raises(FiringError, match="lob instead"):
        to_hit("person", 11, 3, weapon="bow", melee_skill=4)


@pytest.mark.rule("B.grenade")
def test_grenades():
    assert grenade_reach(4, 5) == 9
    boom = grenade("explosive")
    assert ".30-06" in boom.in_hex and "through any cover" in boom.in_hex and ".45 ACP" in boom.around
    assert "8 - Constitution" in grenade("flash-bang").around
    with pytest.raises(FiringError, match="'explosive' or 'flash-bang'"):
        grenade("smoke")


@pytest.mark.rule("B.shock")
def test_shock_checks_and_shaking_off():
    assert shock_check(4).total == 4 and shock_check(4, concealable_handgun=True).total == 3
    assert shake_off(5).total == 3 and shake_off(5).chance == Fraction(8, 10)


@pytest.mark.rule("B.hitloc")
def test_the_hit_location_table():
    loc = HitLocation()
    assert [loc.outcome_of((f,)) for f in range(1, 11)] == [
        "left leg", "right leg", "torso", "torso", "torso", "right arm", "right arm", "left arm", "left arm", "head"]
    assert loc.outcomes()["head"] == Fraction(1, 10) and sum(loc.outcomes().values()) == 1


@pytest.mark.rule("B.jam")
def test_inferior_weapons_jam_and_break():
    assert jams(2, inferior=True) and not jams(3, inferior=True) and not jams(1, inferior=False)
    u = Unjam(steady_mind=3)
    assert u.target.total == 5
    assert [u.outcome_of((f,)) for f in (1, 4, 5, 10)] == ["broken", "jammed", "cleared", "cleared"]
    assert u.outcomes()["broken"] == Fraction(1, 10)
    assert Unjam(steady_mind=3, inferior=False).outcome_of((1,)) == "jammed"


@pytest.mark.rule("B.sequence")
def test_lowest_quickdraw_moves_first_and_highest_fires_first():
    order = turn_order({"Ann": 5, "Bob": 2, "Cy": 7})
    assert order["move"] == ["Bob", "Ann", "Cy"] and order["fire"] == ["Cy", "Ann", "Bob"]
    with pytest.raises(FiringError, match="quickdraw of Bob"):
        turn_order({"Bob": 12})


# -- hand-to-hand ----------------------------------------------------------------------------------------

@pytest.mark.rule("B.melee")
def test_blows_their_modifiers_and_punch_points():
    plain = blow_number(3, 3)
    assert plain.total == 4
    assert blow_number(3, 3, aim="torso").total == 5 and blow_number(3, 3, aim="arm").total == 6
    assert blow_number(3, 3, defence="block").total == 6 and blow_number(3, 3, defence="evade").total == 7
    assert blow_number(3, 3, defence="punch-and-block", own_punch_and_block=True).total == 6
    assert blow_number(3, 3, skill_bonus=1).total == 3
    assert punch_points(6) == 24 and punch_points(4) == 16  # the text's 24 and 16
    assert punch_damage("head") == 4 and punch_damage("torso") == 2 and punch_damage("left arm") == 1
    assert punch_damage("torso", defence="evade") == 4
    with pytest.raises(MeleeError, match="aim at the"):
        blow_number(3, 3, aim="foot")
    with pytest.raises(MeleeError, match="the defender may"):
        blow_number(3, 3, defence="duck")


@pytest.mark.rule("B.melee")
def test_readiness_rolls_at_each_quarter_and_out_cold_at_zero():
    track = PunchTrack(24)
    track, rolls = track.take(5)
    assert rolls == 0 and track.left == 19
    track, rolls = track.take(1)  # 6 of 24 gone: a quarter
    assert rolls == 1
    track, rolls = track.take(12)  # 18 gone: two more quarters
    assert rolls == 2
    track, rolls = track.take(10)
    assert track.out and rolls == 0  # the last quarter is the knockout itself
    assert readiness_roll(4, 4).total == 12 and readiness_roll(4, 4, brawler_upgrade=True).total == 11


@pytest.mark.rule("B.melee")
@given(st.integers(1, 10), st.lists(st.integers(0, 8), max_size=8))
def test_a_fighter_makes_at_most_three_readiness_rolls(con, blows):
    track, total = PunchTrack(punch_points(con)), 0
    for b in blows:
        track, rolls = track.take(b)
        total += rolls
    # one roll per quarter crossed, except the fourth, which is the knockout itself
    assert total == min(track.quarters_gone(), 3)


@pytest.mark.rule("B.knife")
def test_knives_stealth_throws_evades_and_bows():
    assert blow_number(3, 3, weapon="knife", stealth=True).total == 2
    assert blow_number(3, 3, weapon="knife", thrown_hexes=2).total == 6
    with pytest.raises(MeleeError, match="1-2 hexes"):
        blow_number(3, 3, weapon="knife", thrown_hexes=3)
    with pytest.raises(MeleeError, match="helps a knife"):
        blow_number(3, 3, stealth=True)
    assert evade_roll(5).total == 3
    bow = to_hit("person", 6, 0, weapon="bow", melee_skill=4)
    assert bow.term("B.knife").value == -4 and bow.total == 5 + 6 - 4
    with pytest.raises(FiringError, match="aimed with Melee"):
        to_hit("person", 6, 3, weapon="bow")
    with pytest.raises(MeleeError, match="'fist' or a 'knife'"):
        blow_number(3, 3, weapon="club")


@pytest.mark.rule("B.move.dash-roll")
def test_a_seeded_keep_your_feet_roll_resolves_as_its_odds_say():
    roll = keep_feet_roll(4, 4)
    assert roll.resolve(ScriptedDice([4])).success and not roll.resolve(ScriptedDice([3])).success


@pytest.mark.rule("B.fire.target", "B.fire.rate")
@given(st.integers(0, 40), st.integers(0, 10), st.sampled_from([None, "colt-1911", "m1-garand", "thompson"]))
def test_one_hex_farther_adds_one_except_where_a_rifle_halves_the_range(r, deadeye, weapon):
    def without_bands(t):
        return sum(m.value for m in t.terms if m.rule != "B.weapons")
    step = without_bands(to_hit("person", r + 1, deadeye, weapon=weapon)) - without_bands(to_hit("person", r, deadeye, weapon=weapon))
    if weapon == "m1-garand" and r >= 10:
        # past 10 a rifle counts half the range: (r + 1) // 2 against r (at 10) or r // 2
        assert step == ((r + 1) // 2) - (r if r == 10 else r // 2)
    else:
        assert step == 1
