"""Range and arcs, the attack and its exact hit distribution, fate, attack order, collisions, feats."""

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.airaction.arcs import check_range, markers_to, point_blank, rear_arc_bonus, require_range
from cs_panel.airaction.collisions import (
    CRITICAL, FAIL, PASS, CollisionChecks, Flyer, collision_damage, collisions, damage_distribution,
)
from cs_panel.airaction.combat import AttackDice, ShotError, ShotLog, WeaponUsedError, attack, attack_order, weapons_of
from cs_panel.airaction.fate import FateAlreadyUsedError, FateLog, NoFateError, spend_fate
from cs_panel.airaction.feats import DaringFeat, can_attempt_feat, feat_table
from cs_panel.airaction.table import MARKER_WIDTH, Obstacle, Pose
from cs_panel.clix.dial import ACES_STATS, AIR_ACTION_STATS, KO, build_dial
from cs_panel.clix.figures import figures
from cs_panel.core.dice import Dice, ScriptedDice
from cs_panel.core.errors import OutOfRangeError, RuleInputError


def binomial(n, p):
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


# -- the rulebook's fate examples ---------------------------------------------------------------

@pytest.mark.rule("A.fate.offense", "A.combat.shot")
def test_loyle_crawford_offensive_fate_example():
    """Air Action, Fate: Loyle, attack 3 and fate 3, shoots at silhouette 5 with six dice; his
    Ace dial then clicks once."""
    loyle = figures()["loyle-crawford-ace"].combat
    use = spend_fate(loyle, "offense")
    a = attack(loyle.value("attack"), 5, fate_dice=use.fate_value, gunnery_label="Ace's attack value")
    assert a.dice == 6 and a.silhouette == 5
    assert [t.rule for t in a.dice_terms] == ["A.combat.shot", "A.fate.offense"]
    assert a.distribution() == binomial(6, Fraction(1, 3))
    assert use.ace_dial.position == loyle.position + 1


@pytest.mark.rule("A.fate.defense", "A.combat.shot")
def test_charlie_steele_defensive_fate_example():
    """Air Action, Fate: a shot at Charlie's silhouette-4 plane rolls 4, 4, 5, 6: four hits; her
    fate of 2 spent defensively leaves only the natural six: one click on the plane, one on the Ace."""
    plane = figures()["charlie-steele-plane"]
    ace = figures()["charlie-steele-ace"].combat
    shot = attack(4, plane.silhouette).result((4, 4, 5, 6))
    assert shot.hits == 4
    assert ace.value("fate") == 2
    use = spend_fate(ace, "defense")
    saved = shot.with_defensive_fate()
    assert saved.hits == 1
    dmg = saved.apply(plane.combat)
    assert dmg.applied == 1 and dmg.dial.position == plane.combat.position + 1
    assert use.ace_dial.position == ace.position + 1


@pytest.mark.rule("A.fate.defense")
def test_defensive_fate_needs_fate_above_zero_but_offense_works_at_zero():
    ace = build_dial(ACES_STATS, [(6, 3, 4, 0), (6, 3, 4, 2), None], eliminated_symbol=KO)
    with pytest.raises(NoFateError) as e:
        spend_fate(ace, "defense")
    assert e.value.field == "kind"
    use = spend_fate(ace, "offense")
    assert use.extra_dice == 0 and use.ace_dial.value("fate") == 2
    assert attack(3, 5, fate_dice=0).dice == 3


@pytest.mark.rule("A.fate.offense")
def test_fate_once_per_turn():
    log = FateLog().use("loyle")
    with pytest.raises(FateAlreadyUsedError):
        log.use("loyle")
    assert log.use("charlie").used == ("loyle", "charlie")
    assert log.new_turn().can_use("loyle")


# -- the attack ------------------------------------------------------------------------------

@pytest.mark.rule("A.combat.shot")
def test_point_blank_and_silhouette_cap():
    a = attack(3, 8, point_blank=True)
    assert a.raw_silhouette == 7 and a.silhouette == 6 and a.capped
    assert a.distribution() == binomial(3, Fraction(1, 6))
    b = attack(3, 5, point_blank=True)
    assert b.silhouette == 4 and "point-blank" in str(b)
    assert attack(2, 1, point_blank=True).distribution() == {0: 0, 1: 0, 2: 1}


@pytest.mark.rule("A.combat.rear-arc-bonus", "A.combat.shot")
def test_rear_arc_bonus_adds_a_die():
    a = attack(3, 5, rear_arc_bonus=True)
    assert a.dice == 4 and a.dice_terms[-1].rule == "A.combat.rear-arc-bonus"


@pytest.mark.rule("A.combat.shot", "A.combat.rear-gunner")
def test_attack_input_errors_name_fields():
    with pytest.raises(ShotError) as e:
        attack(0, 5, weapon="rear")
    assert e.value.field == "gunnery"
    with pytest.raises(RuleInputError) as e:
        attack(3, 0)
    assert e.value.field == "silhouette"
    with pytest.raises(RuleInputError) as e:
        attack(3, 5).result((1, 2))
    assert e.value.field == "faces"


@pytest.mark.rule("A.combat.shot", "A.shot-down")
def test_chance_to_shoot_down_and_hits_stop_at_bullet_holes():
    dial = build_dial(AIR_ACTION_STATS, [(6, 3, 0, 7), (6, 3, 0, 7), None])
    a = attack(3, 4)
    assert a.chance_to_shoot_down(dial) == a.at_least(2) == Fraction(1, 2)
    dmg = a.result((6, 6, 6)).apply(dial)
    assert dmg.applied == 2 and dmg.unused == 1 and dmg.eliminated


attacks = st.builds(
    lambda g, s, pb, rb, fate, dfate: attack(g, s, point_blank=pb, rear_arc_bonus=rb, fate_dice=fate, defensive_fate=dfate),
    st.integers(1, 6), st.integers(1, 9), st.booleans(), st.booleans(), st.one_of(st.none(), st.integers(0, 4)), st.booleans(),
)


@pytest.mark.rule("A.combat.shot", "A.fate.defense")
@settings(max_examples=60, deadline=None)
@given(attacks)
def test_hit_distribution_sums_to_one_and_agrees_with_enumeration(a):
    dist = a.distribution()
    assert sum(dist.values()) == 1
    assert set(dist) == set(range(a.dice + 1))
    if a.dice <= 5:  # the chance event's generic enumeration of every face combination
        from cs_panel.core.dice import ChanceEvent

        enum = ChanceEvent.outcomes(a.event)
        assert all(enum.get(k, 0) == p for k, p in dist.items())


@pytest.mark.rule("A.combat.shot", "A.fate.defense")
@settings(max_examples=25, deadline=None)
@given(attacks, st.integers(0, 2**31 - 1))
def test_hit_distribution_matches_seeded_simulation(a, seed):
    n = 4000
    dice = Dice(seed)
    counts = np.zeros(a.dice + 1)
    for _ in range(n):
        counts[a.resolve(dice).hits] += 1
    for k, p in a.distribution().items():
        assert abs(counts[k] / n - float(p)) < 0.04


@pytest.mark.rule("A.fate.defense")
@given(st.integers(1, 8), st.integers(1, 6))
def test_defensive_fate_leaves_only_natural_sixes(n, sil):
    ev = AttackDice(n, sil, defensive_fate=True)
    assert ev.outcomes() == {k: v for k, v in binomial(n, Fraction(1, 6)).items() if v}


@pytest.mark.rule("A.combat.order")
def test_attack_order_goes_clockwise_from_aggressor_one_shot_at_a_time():
    assert attack_order(["A", "B"], "A", {"A": 2, "B": 3}) == ["A", "B", "A", "B", "B"]
    assert attack_order(["A", "B", "C"], "C", {"A": 1, "B": 0, "C": 1}) == ["C", "A"]
    with pytest.raises(RuleInputError):
        attack_order(["A"], "B", {})


@pytest.mark.rule("A.combat.rear-gunner")
def test_rear_gunner_fires_once_per_weapon():
    both = weapons_of(3, 2)
    assert both == ("front", "rear") and weapons_of(3, 0) == ("front",)
    log = ShotLog().fire("p", "front", both)
    assert log.shots_left("p", both) == ("rear",)
    log = log.fire("p", "rear", both)
    with pytest.raises(WeaponUsedError):
        log.fire("p", "rear", both)
    with pytest.raises(ShotError, match="no rear guns"):
        ShotLog().fire("q", "rear", weapons_of(3, 0))


# -- range and arcs --------------------------------------------------------------------------

@pytest.mark.rule("A.combat.range")
def test_range_in_markers_in_the_front_arc():
    me = Pose(18, 10, 0)
    assert markers_to(me, Pose(18, 12, 0)) == 1
    assert markers_to(me, Pose(18, 15.5, 0)) == 3
    assert markers_to(me, Pose(18, 6, 0)) is None  # behind
    assert markers_to(me, Pose(18, 6, 0), "rear") == 2
    assert markers_to(me, Pose(26, 10, 0)) is None  # abeam, outside both 90-degree wedges
    r = check_range(me, Pose(18, 15.5, 0), 2)
    assert not r.ok and "beyond range 2" in r.reason()
    with pytest.raises(OutOfRangeError) as e:
        require_range(r)
    assert e.value.field == "target"
    assert check_range(me, Pose(18, 15.5, 0), 3).ok


@pytest.mark.rule("A.combat.range", "A.obstacles")
def test_obstacles_block_planes_do_not():
    me, them = Pose(18, 10, 0), Pose(18, 16, 180)
    wall = Obstacle.rectangle("wall", 16, 12.5, 20, 13)
    assert check_range(me, them, 5, obstacles=[wall]).blocked_by == "wall"
    assert check_range(me, them, 5, obstacles=[Obstacle.rectangle("far", 25, 12, 27, 14)]).ok


@pytest.mark.rule("A.combat.shot")
def test_point_blank_is_within_one_marker_any_side():
    me = Pose(18, 18, 0)
    assert point_blank(me, Pose(18, 19, 0)) and point_blank(me, Pose(19.5, 18, 0))
    assert not point_blank(me, Pose(18, 18 + 2 * MARKER_WIDTH + 0.2, 0))


@pytest.mark.rule("A.combat.rear-arc-bonus")
def test_rear_arc_bonus_needs_the_whole_marker_in_the_arc():
    target = Pose(18, 18, 0)
    assert rear_arc_bonus(Pose(18, 14, 0), target)
    assert not rear_arc_bonus(Pose(18, 22, 180), target)  # in front
    assert not rear_arc_bonus(Pose(20.6, 15.5, 0), target)  # straddles the wedge's edge
    assert rear_arc_bonus(Pose(21, 14, 0), Pose(18, 18, 0)) is False


# -- collisions ------------------------------------------------------------------------------

@pytest.mark.rule("A.collide.planes")
def test_only_opposing_overlapping_final_markers_collide():
    planes = [Flyer("a1", "A", Pose(18, 18)), Flyer("a2", "A", Pose(18.5, 18)), Flyer("b1", "B", Pose(18, 19)),
              Flyer("b2", "B", Pose(5, 5))]
    assert collisions(planes) == [("a1", "a2", "b1")]
    assert collisions(planes[:2]) == []  # friends never collide
    assert collisions([Flyer("a", "A", Pose(18, 18)), Flyer("b", "B", Pose(18, 18 + MARKER_WIDTH))]) == []  # touching


@pytest.mark.rule("A.collide.planes", "A.pilot-check")
def test_collision_checks_and_serious_chance():
    ev = CollisionChecks((7, 8))
    out = ev.outcomes()
    assert sum(out.values()) == 1
    assert ev.chance == 1 - Fraction(35, 36) ** 2
    assert out[(PASS, PASS)] == Fraction(21, 36) * Fraction(15, 36)
    assert ev.outcome_of((1, 1, 6, 6)) == (CRITICAL, PASS)
    # a 2 is a critical failure even for a pilot who needs only 2
    assert CollisionChecks((2, 2)).outcome_of((1, 1, 1, 1)) == (CRITICAL, CRITICAL)


def dial(clicks):
    return build_dial(AIR_ACTION_STATS, [(6, 3, 0, 7)] * clicks + [None])


@pytest.mark.rule("A.collide.planes")
def test_failed_check_costs_one_click_and_serious_collision_repeats():
    assert collision_damage((dial(4), dial(4)), (FAIL, PASS)).clicks == (1, 0)
    # serious: 1 click for the failed check, then rounds until one plane is left flying
    res = collision_damage((dial(2), dial(5), dial(5)), (CRITICAL, PASS, PASS))
    assert res.clicks == (2, 5, 5) and res.destroyed == (True, True, True)
    res = collision_damage((dial(2), dial(5)), (CRITICAL, PASS))
    assert res.clicks == (2, 1) and res.destroyed == (True, False)


@pytest.mark.rule("A.fate.collision", "A.collide.planes")
def test_fate_avoids_serious_collision_damage():
    two = collision_damage((dial(3), dial(3)), (CRITICAL, FAIL), fate_ace=0)
    assert two.avoided and two.clicks == (0, 0)
    three = collision_damage((dial(3), dial(2), dial(4)), (CRITICAL, PASS, PASS), fate_ace=0)
    assert three.clicks[0] == 0 and three.clicks[1:] == (2, 2) and not three.dials[0].eliminated
    with pytest.raises(RuleInputError, match="serious"):
        collision_damage((dial(3), dial(3)), (FAIL, PASS), fate_ace=0)


@pytest.mark.rule("A.collide.planes")
def test_collision_damage_distribution_is_exact():
    d = damage_distribution((dial(6), dial(6)))
    assert sum(d.values()) == 1
    # both pass: (0, 0)
    assert d[(0, 0)] == Fraction(21, 36) ** 2
    assert max(max(k) for k in d) == 6
    fated = damage_distribution((dial(6), dial(6)), fate_ace_if_serious=0)
    assert all(k[0] <= 1 for k in fated)


@pytest.mark.rule("A.collide.planes")
def test_two_friends_touching_one_enemy_never_wreck_each_other():
    """Two planes of one player overlap the same enemy: one collision group (the enemy links
    them), but friends cannot collide, so once the enemy is down the rounds stop."""
    planes = [Flyer("a1", "A", Pose(18, 18)), Flyer("a2", "A", Pose(18.5, 18)), Flyer("b1", "B", Pose(18, 19))]
    group = collisions(planes)
    assert group == [("a1", "a2", "b1")]
    sides = ("A", "A", "B")
    # the enemy's critical failure is a failed check: its one click puts it down; no rounds follow
    res = collision_damage((dial(5), dial(5), dial(1)), (PASS, PASS, CRITICAL), sides=sides)
    assert res.serious and res.clicks == (0, 0, 1) and res.destroyed == (False, False, True)
    assert "0 round(s)" in res.notes[0]
    # the enemy survives its failed check: rounds run until it is down, then stop
    res = collision_damage((dial(5), dial(5), dial(3)), (PASS, PASS, CRITICAL), sides=sides)
    assert res.clicks == (2, 2, 3) and res.destroyed == (False, False, True)
    # the friends go down before the enemy: it is the one left flying
    res = collision_damage((dial(2), dial(1), dial(6)), (CRITICAL, PASS, PASS), sides=sides)
    assert res.clicks == (2, 1, 1) and res.destroyed == (True, True, False)
    # without sides every plane is an opponent of every other (the old, all-against-all rounds)
    assert collision_damage((dial(5), dial(5), dial(1)), (PASS, PASS, CRITICAL)).clicks == (5, 5, 1)
    with pytest.raises(RuleInputError) as e:
        collision_damage((dial(3), dial(3)), (CRITICAL, PASS), sides=("A", "A"))
    assert e.value.field == "sides"
    with pytest.raises(RuleInputError) as e:
        collision_damage((dial(3), dial(3)), (CRITICAL, PASS), sides=("A",))
    assert e.value.field == "sides"


@pytest.mark.rule("A.collide.planes", "A.fate.collision")
def test_fate_ace_leaves_friends_of_one_side_with_no_rounds():
    # the Ace of side A spends fate; the two B planes left cannot collide with each other
    res = collision_damage((dial(3), dial(4), dial(4)), (CRITICAL, FAIL, PASS), sides=("A", "B", "B"), fate_ace=0)
    assert res.clicks == (0, 1, 0) and not any(res.destroyed)


@pytest.mark.rule("A.collide.planes", "A.campaign.bailout")
def test_serious_collision_in_a_campaign_stops_on_the_first_shot_down_click():
    # a campaign dial: 2 flying clicks, 3 shot-down clicks with rising bail-out values
    camp = build_dial(AIR_ACTION_STATS, [(6, 3, 0, 7)] * 2 + [None] * 3, bail_outs={2: 5, 3: 7, 4: 9},
                      structural_limit=4)
    res = collision_damage((camp, dial(6)), (CRITICAL, PASS), campaign=True)
    plain = collision_damage((camp, dial(6)), (CRITICAL, PASS))
    # one click per round and a downed plane leaves the rounds: no click past the first bullet holes
    assert res.clicks == plain.clicks == (2, 1)
    assert res.dials[0].position == 2 and res.dials[0].bail_out == 5
    # a failed check's click is campaign damage as well, and stops on the same click
    res = collision_damage((camp.at(1), dial(6)), (FAIL, CRITICAL), campaign=True)
    assert res.clicks == (1, 1) and res.dials[0].bail_out == 5 and res.destroyed == (True, False)


# -- daring feats ----------------------------------------------------------------------------

@pytest.mark.rule("A.feat")
def test_daring_feat_table_and_odds():
    assert [e["name"] for e in feat_table()][1:] == ["Winged 'Em", "Timely Distraction", "Enjoy the Ride"]
    assert all(e.provenance == "reconstructed" for e in feat_table())
    f = DaringFeat(3)
    out = f.outcomes()
    assert sum(out.values()) == 1
    assert out["enjoy-the-ride"] == Fraction(1, 36)
    assert f.resolve(ScriptedDice([4, 3])).outcome == "winged-em"
    # a better attack value never makes the best result less likely
    assert DaringFeat(5).outcomes()["enjoy-the-ride"] > out["enjoy-the-ride"]


@pytest.mark.rule("A.feat")
def test_feat_needs_overlap_without_collision():
    assert can_attempt_feat(Pose(18, 18), Pose(18.5, 18), collided=False)
    assert not can_attempt_feat(Pose(18, 18), Pose(18.5, 18), collided=True)
    assert not can_attempt_feat(Pose(18, 18), Pose(25, 18), collided=False)


@pytest.mark.rule("A.collide.planes")
def test_only_planes_overlapping_the_mover_check_and_overlaps_do_not_chain():
    """A overlaps B and B overlaps C, but A does not touch C. When C moves, only C and B check:
    A is not pulled in through B (Air Action, Collisions with Other Planes)."""
    a, b, c = Flyer("a", "A", Pose(18, 18)), Flyer("b", "B", Pose(18, 19.35)), Flyer("c", "A", Pose(18, 20.7))
    assert collisions([a, b, c], moved=["c"]) == [("b", "c")]
    assert collisions([a, b, c], moved=["a"]) == [("a", "b")]
    # two planes that moved together touch the same enemy: one collision, so it collides once
    assert collisions([a, b, c], moved=["a", "c"]) == [("a", "b", "c")]
    # the enemy moved: both its overlapping opponents check with it
    assert collisions([a, b, c], moved=["b"]) == [("a", "b", "c")]
    # nothing moved: no collision, though markers overlap
    assert collisions([a, b, c], moved=[]) == []
    # a mover that overlaps only friends has no collision
    assert collisions([a, Flyer("d", "A", Pose(18, 19.35))], moved=["a"]) == []
    with pytest.raises(RuleInputError) as e:
        collisions([a, b], moved=["zz"])
    assert e.value.field == "moved"
