"""Squadrons, campaigns and bailing out, and a whole game state: shots, scoring, ending, saving."""

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.airaction.campaign import (
    CampaignError, PilotRecord, XP_AWARDS, bail_out, bail_out_from_dial, xp_to_advance,
)
from cs_panel.airaction.combat import ShotError, WeaponUsedError
from cs_panel.airaction.fate import FateAlreadyUsedError
from cs_panel.airaction.game import GameError, GameState, Status
from cs_panel.airaction.movement import execute_maneuver
from cs_panel.airaction.navigation import card
from cs_panel.airaction.squadron import BuildTotalError, DuplicatePilotError, Slot, Squadron
from cs_panel.airaction.table import Pose
from cs_panel.clix.figures import figures
from cs_panel.core.errors import OutOfRangeError, RuleInputError
from cs_panel.core.state import dumps, loads

F = figures()


# -- squadrons ---------------------------------------------------------------------------------

@pytest.mark.rule("A.squadron")
def test_build_totals_are_hundreds_and_not_exceeded():
    sq = Squadron("Ann", (Slot(F["sample-fighter"]), Slot(F["sample-two-seater"])))
    assert sq.check(200).points == 200
    with pytest.raises(BuildTotalError) as e:
        sq.check(150)
    assert e.value.field == "build_total"
    with pytest.raises(BuildTotalError, match="over the build total"):
        Squadron("Ann", sq.slots + (Slot(F["loyle-crawford-plane"]),)).check(200)


@pytest.mark.rule("A.squadron")
def test_no_two_planes_with_one_pilot():
    with pytest.raises(DuplicatePilotError) as e:
        Squadron("Ann", (Slot(F["sample-fighter"]), Slot(F["sample-fighter"]))).check(200)
    assert e.value.field == "slots"


@pytest.mark.rule("A.aces.pilots", "A.squadron")
def test_aces_add_their_points_and_want_300():
    sq = Squadron("Ann", (Slot(F["charlie-steele-plane"], F["charlie-steele-ace"]), Slot(F["sample-fighter"])))
    assert sq.points == 100 + 49 + 100
    with pytest.raises(BuildTotalError, match="300"):
        sq.check(200)
    assert sq.check(300) is sq


# -- campaign ----------------------------------------------------------------------------------

@pytest.mark.rule("A.campaign.levels")
def test_veteran_example_needs_400():
    assert xp_to_advance(4) == 400
    vet = PilotRecord("Sam", "veteran", 390)
    assert vet.advance(4).level == "veteran"
    up = vet.award("shot-down").advance(4)
    assert (up.level, up.xp) == ("ace", 90)
    assert PilotRecord("L", "legend", 9999).advance(2).level == "legend"
    with pytest.raises(CampaignError):
        xp_to_advance(0)


@pytest.mark.rule("A.campaign.xp")
def test_experience_awards():
    p = PilotRecord("Sam")
    for what, xp in [("shot-down", 100), ("bail-out", 25), ("survive-and-win", 25), ("winged-em", 10),
                     ("timely-distraction", 15), ("enjoy-the-ride", 150)]:
        assert p.award(what).xp == xp == XP_AWARDS[what]
    with pytest.raises(CampaignError) as e:
        p.award("looking good")
    assert e.value.field == "award"
    with pytest.raises(CampaignError, match="died"):
        replace(p, alive=False).award("shot-down")


@pytest.mark.rule("A.campaign.bailout")
@pytest.mark.parametrize("level,act,target,xp", [
    ("rookie", None, 7, 25), ("veteran", None, 6, 25), ("ace", None, 6, 25), ("double-ace", None, 5, 25),
    ("legend", None, 4, 25), ("rookie", "one-memento", 8, 50), ("rookie", "two-mementos", 9, 75),
    ("legend", "safe-crash-site", 7, 125),
])
def test_bail_out_modifiers_and_heroic_acts(level, act, target, xp):
    bo = bail_out(7, level, act)
    assert bo.check.total == target and bo.check.check == "2d6" and bo.xp_if_safe == xp
    assert bo.check.chance == Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= target), 36)


@pytest.mark.rule("A.campaign.bailout", "A.shot-down")
def test_bail_out_value_comes_from_the_click_the_dial_stops_on():
    d = F["sample-fighter"].combat
    stopped = d.take_hits(8, campaign=True).dial
    assert stopped.position == 8 and bail_out_from_dial(stopped).check.total == 8
    with pytest.raises(CampaignError):
        bail_out_from_dial(d)
    with pytest.raises(CampaignError) as e:
        bail_out(7, "admiral")
    assert e.value.field == "level"


# -- a game ------------------------------------------------------------------------------------

def duel(ann_pose=Pose(18, 16, 0), bob_pose=Pose(18, 19, 180), ace=False, campaign=False):
    ann = (Slot(F["charlie-steele-plane"], F["charlie-steele-ace"]),) if ace else (Slot(F["sample-fighter"]),)
    ann_id = "Ann:charlie-steele-plane" if ace else "Ann:sample-fighter"
    g = GameState.start(
        [Squadron("Ann", ann), Squadron("Bob", (Slot(F["sample-two-seater"]),))],
        {ann_id: ann_pose, "Bob:sample-two-seater": bob_pose}, campaign=campaign,
    )
    return g.new_turn("Ann"), ann_id, "Bob:sample-two-seater"


@pytest.mark.rule("A.setup", "A.base.values")
def test_game_starts_with_dials_at_start_and_survives_json():
    g, a, b = duel()
    assert all(p.combat.position == p.combat.start for p in g.planes)
    assert loads(GameState, dumps(g)) == g
    with pytest.raises(GameError) as e:
        GameState.start([Squadron("Ann", (Slot(F["sample-fighter"]),))], {})
    assert e.value.field == "poses"


@pytest.mark.rule("A.combat.shot", "A.shot-down", "A.victory")
def test_shooting_down_scores_twice_the_points():
    g, a, b = duel()
    plan = g.plan_shot(a, b)
    # the sample fighter's red square is extra guns: 4 + 1 dice; Bob is 3 inches ahead: point-blank
    assert plan.dice == 5 and plan.silhouette == 4
    g2, rep = g.shoot(a, b, [6, 6, 6, 6, 6])
    assert rep.shot_down and rep.clicks == 5
    target = g2.plane(b)
    assert target.status is Status.SHOT_DOWN and target.shot_down_by == "Ann"
    scores = g2.victory_points()
    assert scores["Ann"].shot_down == 200 and scores["Ann"].survivors == 100 and scores["Bob"].total == 0
    assert g2.end_reason() is not None and g2.winners() == ["Ann"]
    with pytest.raises(GameError, match="out of the game"):
        g2.plan_shot(b, a, "rear")


@pytest.mark.rule("A.combat.rear-gunner", "A.combat.range")
def test_rear_gunner_and_weapon_use_per_turn():
    g, a, b = duel(bob_pose=Pose(18, 19, 0))  # Bob flies away from Ann: she sits in his rear arc
    rear = g.plan_shot(b, a, "rear")
    assert rear.dice == 3  # 2 + steady tail gunner
    with pytest.raises(OutOfRangeError):
        g.plan_shot(b, a, "front")
    g2, _ = g.shoot(b, a, [1, 1, 1], "rear")
    with pytest.raises(WeaponUsedError):
        g2.plan_shot(b, a, "rear")
    assert g2.plan_shot(a, b).dice == 6  # extra guns + rear-arc bonus
    with pytest.raises(ShotError):
        g2.plan_shot(a, a)


@pytest.mark.rule("A.base.skills")
def test_cancelling_an_optional_skill_changes_the_shot_until_next_turn():
    g, a, b = duel(bob_pose=Pose(18, 19, 0))
    assert g.plan_shot(a, b).silhouette == 4  # 4 + evasive flier 1 - point-blank 1
    off = g.cancel_skill(b, "blue-piloting")
    assert off.plan_shot(a, b).silhouette == 3
    assert off.new_turn("Bob").plan_shot(a, b).silhouette == 4
    with pytest.raises(Exception, match="not optional"):
        g.cancel_skill(a, "red-front_gunnery")


@pytest.mark.rule("A.fate.defense", "A.fate.offense")
def test_fate_in_a_game_clicks_the_ace_and_only_once_a_turn():
    g, a, b = duel(ann_pose=Pose(18, 19, 180), bob_pose=Pose(18, 16, 0), ace=True)
    # Bob's front guns at Charlie: 3 dice; her fate cancels all but natural sixes
    g2, rep = g.shoot(b, a, [4, 5, 6], defensive_fate=True)
    assert rep.clicks == 1 and g2.plane(a).ace_dial.position == 1
    with pytest.raises(FateAlreadyUsedError):
        g2.plan_shot(a, b, offensive_fate=True)
    g3 = g2.new_turn("Ann")
    plan = g3.plan_shot(a, b, offensive_fate=True)
    assert plan.dice == 3 + 1  # Ace's attack 3 + fate now 1
    g4, _ = g3.shoot(a, b, [1, 1, 1, 1], offensive_fate=True)
    assert g4.plane(a).ace_dial.position == 2


@pytest.mark.rule("A.move.execute", "A.victory", "A.end")
def test_flying_off_the_table_scores_the_points_for_opponents():
    g, a, b = duel(ann_pose=Pose(18, 33, 0))
    m = execute_maneuver(g.plane(a).pose, card("cruise"), None, 4)
    g2 = g.move(a, m)
    assert g2.plane(a).status is Status.REMOVED
    s = g2.victory_points()
    assert s["Bob"].removed == 100 and s["Bob"].survivors == 100 and s["Ann"].total == 0
    assert g2.end_reason() == "only one player still has pilots in the fight"


@pytest.mark.rule("A.victory", "A.end")
def test_shaken_pilots_do_not_keep_the_game_going_or_score():
    g, a, b = duel()
    g2 = g.damage(a, 5, "collision")  # the sample fighter's sixth click shows Shaken
    assert g2.plane(a).flying and g2.players_in_play() == ("Bob",)
    assert g2.victory_points()["Ann"].survivors == 0
    assert g2.end_reason() is not None


@pytest.mark.rule("A.disengage", "A.victory")
def test_disengaging_player_cannot_shoot_and_scores_no_survivors():
    g, a, b = duel()
    d = g.disengage("Ann")
    with pytest.raises(ShotError, match="disengaging"):
        d.plan_shot(a, b)
    assert d.victory_points()["Ann"].survivors == 0
    gone = d.remove(a, "flew off while disengaging")
    assert gone.end_reason() is not None


@pytest.mark.rule("A.victory")
def test_ties_go_to_most_shot_down_then_fewest_build_points():
    g, a, b = duel()
    assert g.victory_points()["Ann"].total == g.victory_points()["Bob"].total == 100
    assert g.winners() == ["Ann", "Bob"]  # equal points, no kills, equal build: the d6 decides
    cheaper = replace(g, build_points={"Ann": 100, "Bob": 200})
    assert cheaper.winners() == ["Ann"]


@pytest.mark.rule("A.end")
def test_time_limit_and_agreement_end_the_game():
    g, _, _ = duel()
    assert g.end_reason() is None
    assert g.end_reason(time_up=True) == "the time limit is reached"
    assert g.end_reason(agreed=True) == "the players agree to end the game"


@pytest.mark.rule("A.shot-down", "A.victory")
@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.lists(st.integers(1, 6), min_size=6, max_size=6)), min_size=1, max_size=6))
def test_state_survives_json_after_every_action(actions):
    g, a, b = duel(bob_pose=Pose(18, 19, 0))
    for ann_shoots, faces in actions:
        firer, target, weapon = (a, b, "front") if ann_shoots else (b, a, "rear")
        try:
            plan = g.plan_shot(firer, target, weapon)
            g, _ = g.shoot(firer, target, faces[: plan.dice], weapon)
        except (ShotError, GameError):
            g = g.new_turn("Bob" if g.aggressor == "Ann" else "Ann")
        assert loads(GameState, dumps(g)) == g
        # damage never un-clicks a dial
        assert all(p.combat.position >= p.combat.start for p in g.planes)


@pytest.mark.rule("A.collide.planes", "A.fate.collision")
def test_collisions_in_a_game():
    g, a, b = duel(ann_pose=Pose(18, 18, 0), bob_pose=Pose(18.6, 18.4, 180), ace=True)
    groups = g.collisions()
    assert groups == [(a, b)]
    assert g.collisions(moved=["nobody"]) == []
    checks = g.collision_checks(groups[0])
    assert checks.pilotings == (5, 7)
    g2, res = g.collide(groups[0], ("pass", "fail"))
    assert res.clicks == (0, 1) and g2.plane(b).combat.position == 1
    g3, res = g.collide(groups[0], ("critical", "pass"), fate_ace=a)
    assert res.avoided and g3.plane(a).ace_dial.position == 1 and g3.plane(b).combat.position == 0
    with pytest.raises(GameError):
        g.collide(groups[0], ("critical", "pass"), fate_ace=b)
    g4, res = g.collide(groups[0], ("critical", "pass"))
    # serious: Charlie's failed check costs 1 of her 6 clicks, then each round costs both a click:
    # on round 5 both dials show bullet holes together, and both planes are gone
    assert res.clicks == (6, 5)
    assert g4.plane(b).status is Status.REMOVED and g4.plane(a).status is Status.REMOVED
    assert loads(GameState, dumps(g4)) == g4


@pytest.mark.rule("A.move.execute", "A.nav.paths")
def test_objects_draw_themselves_as_svg():
    m = execute_maneuver(Pose(18, 4, 0), card("turn"), "right", 5)
    svg = m._repr_svg_()
    assert svg.startswith("<svg") and "<desc>turn (right) at speed 5: 5 markers" in svg
    assert "speed rating 3" in card("wingover")._repr_svg_()
    assert "sample" in F["sample-fighter"]._repr_html_()


@pytest.mark.rule("A.feat", "A.victory")
def test_daring_feats_in_a_game():
    g, a, b = duel(ann_pose=Pose(18, 18, 0), bob_pose=Pose(18.6, 18.4, 180), ace=True)
    winged = g.daring_feat(a, b, "winged-em")
    assert winged.plane(b).combat.position == 1
    distracted = g.daring_feat(a, b, "timely-distraction")
    with pytest.raises(WeaponUsedError):
        distracted.plan_shot(b, a)
    ride = g.daring_feat(a, b, "enjoy-the-ride")
    assert ride.plane(b).status is Status.REMOVED and ride.victory_points()["Ann"].removed == 100
    assert g.daring_feat(a, b, "no-feat").plane(b).combat.position == 0
    with pytest.raises(GameError, match="no collision"):
        g.daring_feat(a, b, "winged-em", collided=True)
    with pytest.raises(GameError, match="only Aces"):
        g.daring_feat(b, a, "winged-em")


@pytest.mark.rule("A.collide.planes")
@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(2, 12)), min_size=2, max_size=3), st.booleans())
def test_collision_distributions_sum_to_one_and_never_exceed_the_dial(specs, fate):
    from cs_panel.airaction.collisions import damage_distribution
    from cs_panel.clix.dial import AIR_ACTION_STATS, build_dial

    dials = [build_dial(AIR_ACTION_STATS, [(6, 3, 0, p)] * n + [None]) for n, p in specs]
    dist = damage_distribution(dials, fate_ace_if_serious=0 if fate else None)
    assert sum(dist.values()) == 1
    for clicks in dist:
        assert all(c <= n for c, (n, _) in zip(clicks, specs))
        # after a serious collision at most one plane is left flying (unless fate spared one)
        if max(clicks) > 1 and not fate:
            assert sum(c < n for c, (n, _) in zip(clicks, specs)) <= 1


@pytest.mark.rule("A.aces.pilots", "A.fate.offense")
def test_ace_gunnery_reading_is_a_switchable_variant():
    from cs_panel.airaction.game import ACE_USES_PLANE_GUNNERY
    from cs_panel.core.variants import RuleSet

    g, a, b = duel(ann_pose=Pose(18, 16, 0), bob_pose=Pose(18, 19, 180), ace=True)
    official = g.plan_shot(a, b)
    assert official.dice_terms[0].label == "Ace's attack value" and official.dice_terms[0].value == 3
    other = replace(g, rules=RuleSet.of(ACE_USES_PLANE_GUNNERY.name))
    assert other.plan_shot(a, b).dice_terms[0].value == 4  # the sample plane's front gunnery
    assert loads(GameState, dumps(other)) == other


@pytest.mark.rule("A.combat.shot", "A.throttle")
def test_html_views_render():
    g, a, b = duel()
    html = g.plan_shot(a, b)._repr_html_()
    assert "attack dice" in html and "A.combat.shot" in html and "hits (clicks)" in html
    assert "cs-slot" in F["sample-fighter"].speed._repr_html_()
    assert g._repr_svg_().count("<polygon") == 2


@pytest.mark.rule("A.collide.planes")
def test_a_players_two_planes_in_one_collision_stop_once_the_enemy_is_down():
    ann = (Slot(F["sample-fighter"]), Slot(F["charlie-steele-plane"]))
    g = GameState.start(
        [Squadron("Ann", ann), Squadron("Bob", (Slot(F["sample-two-seater"]),))],
        {"Ann:sample-fighter": Pose(18, 18, 0), "Ann:charlie-steele-plane": Pose(18.5, 18, 0),
         "Bob:sample-two-seater": Pose(18, 19, 180)},
    ).new_turn("Ann")
    group = g.collisions()
    assert group == [("Ann:sample-fighter", "Ann:charlie-steele-plane", "Bob:sample-two-seater")]
    g2, res = g.collide(group[0], ("pass", "pass", "critical"))
    # Bob's failed check and four rounds put his five clicks on; Ann's planes take four each and,
    # with no opponent left in the collision, stay in the air
    assert res.clicks == (4, 4, 5) and res.destroyed == (False, False, True)
    assert [g2.plane(p).status for p in group[0]] == [Status.FLYING, Status.FLYING, Status.REMOVED]
    with pytest.raises(RuleInputError) as e:
        g.collide(group[0][:2], ("critical", "pass"))
    assert e.value.field == "sides"


@pytest.mark.rule("A.collide.planes")
def test_a_game_checks_only_the_planes_touching_the_one_that_moved():
    """A chain of overlaps (Ann's first plane touches Bob's, Bob's touches Ann's second, her two
    planes do not touch): when Ann's second plane moves, only it and Bob's check. Her first plane
    is not pulled in through Bob's, whose marker it overlapped before anything moved."""
    a, c, b = "Ann:sample-fighter", "Ann:charlie-steele-plane", "Bob:sample-two-seater"
    g = GameState.start(
        [Squadron("Ann", (Slot(F["sample-fighter"]), Slot(F["charlie-steele-plane"]))),
         Squadron("Bob", (Slot(F["sample-two-seater"]),))],
        {a: Pose(18, 18), b: Pose(18, 19.35), c: Pose(18, 20.7)},
    ).new_turn("Ann")
    assert g.collisions(moved=[c]) == [(c, b)]  # listed in the game's order of planes
    # when Bob's plane is the one that moved, both of Ann's touch it: one collision of three
    assert g.collisions(moved=[b]) == [(a, c, b)]
