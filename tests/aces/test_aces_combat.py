"""Aces attacks: ranged (K.ranged, K.ranged.multi), close (K.close), resolving (K.attack),
capture and escape (K.capture, K.escape), fate (K.fate), and the rulebook's examples."""

from __future__ import annotations

import dataclasses
import itertools
import re
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from cs_panel.aces.board import Board, wall
from cs_panel.aces.combat import (
    AttackError, Character, Escape, FateError, MultiTargetAttack, attack, best_assignment, escape, multi_shot,
    fate_problem, may_use_fate, multi_target, ranged_targets, resolve, sample_character, take_hits, use_fate,
    with_defensive_fate,
)
from cs_panel.clix.dial import ACES_STATS, KO, build_dial
from cs_panel.core.dice import ChanceEvent, Dice, ScriptedDice

OPEN = Board(16, 10)


def ace(name, player, square, clicks=((6, 3, 4, 2), (6, 3, 4, 1), (5, 2, 3, 0)), range_=6, pistols=1, points=50):
    return Character(name, player, square, build_dial(ACES_STATS, [*clicks, None], eliminated_symbol=KO),
                     range_, pistols, points, name.lower())


def token(name, player, square, values=(5, 2, 3, 0), range_=4, points=8):
    return Character(name, player, square, build_dial(ACES_STATS, [values, None], eliminated_symbol=KO),
                     range_, 1, points, name.lower())


# -- the rulebook's examples -----------------------------------------------------------------------

@pytest.mark.rule("K.fate", "K.attack")
def test_wild_card_adds_his_fate_to_his_attack_dice():
    # Aces, Fate: attack 3, fate 2, against defense 5: five dice, then one click for the fate
    louis = ace("Louis", "A", (2, 2), clicks=((6, 3, 4, 2), (6, 3, 4, 1)))
    target = ace("Target", "B", (5, 2), clicks=((6, 3, 5, 1),))
    a = attack(OPEN, louis, target, "ranged", offensive_fate=True)
    assert a.dice == 5 and a.defense == 5
    assert [t.label for t in a.dice_terms] == ["attack value", "offensive fate"]
    used = use_fate(louis, "offense")
    assert used.dial.position == louis.dial.position + 1 and not used.knocked_out


@pytest.mark.rule("K.fate")
def test_charlie_cancels_every_hit_but_the_natural_six():
    # Aces, Fate: defense 4, the roll 4, 4, 5, 6 would be four clicks; with fate only the six hits,
    # and her dial turns once for the hit and once for the fate
    charlie = sample_character("charlie-steele-ace", "Charlie", "Tim", (3, 3))
    assert (charlie.value("attack"), charlie.value("defense"), charlie.value("fate")) == (3, 4, 2)
    shooter = ace("Shooter", "Kim", (3, 6), clicks=((6, 4, 4, 0),))
    a = attack(OPEN, shooter, charlie, "ranged")
    assert a.hits((4, 4, 5, 6)) == 4
    saved = a.with_defensive_fate()
    assert saved.hits((4, 4, 5, 6)) == 1
    fate = use_fate(charlie, "defense")
    after = take_hits(dataclasses.replace(charlie, dial=fate.dial), saved.hits((4, 4, 5, 6)))
    assert after.dial.position - charlie.dial.position == 2


@pytest.mark.rule("K.ranged.multi")
def test_charlie_with_two_pistols_splits_her_three_dice():
    # Aces, the multiple-target example: dice 2, 3, 5; the 5 goes to Show-stopper, who is hit; neither
    # the 2 nor the 3 hits Genghis
    m = MultiTargetAttack(3, ("Show-stopper", "Genghis"), (5, 4))
    assert m.outcome_of((2, 3, 5)) == ("Show-stopper",)
    assert m.resolve_assigned((2, 3, 5), {"Show-stopper": 2, "Genghis": 0}) == ("Show-stopper",)
    assert m.resolve_assigned((2, 3, 5), {"Show-stopper": 0, "Genghis": 2}) == ("Genghis",)  # a worse choice


@pytest.mark.rule("K.recruit", "K.attack")
def test_a_token_goes_at_its_first_click():
    t = token("Ruffian", "Kim", (1, 1))
    assert t.is_token and not ace("A", "x", (0, 0)).is_token
    assert take_hits(t, 1).knocked_out and take_hits(t, 3).knocked_out
    assert sample_character("ruffian", "R", "Kim", (0, 0)).is_token


# -- ranged and close ------------------------------------------------------------------------------

@pytest.mark.rule("K.ranged", "K.attack")
def test_a_ranged_attack_and_its_exact_odds():
    a = attack(OPEN, ace("A", "x", (2, 2)), token("T", "y", (7, 2)), "ranged")
    assert a.dice == 3 and a.defense == 3 and a.kind == "ranged"
    dist = a.distribution()
    assert sum(dist.values()) == 1 and dist[3] == Fraction(8, 27)  # each die hits on 3+: 2/3
    assert a.chance_to_knock_out(token("T", "y", (7, 2)).dial) == 1 - Fraction(1, 27)
    assert "each die hits on 3+" in str(a) and "cs-distribution" in a._repr_html_()


@pytest.mark.rule("K.ranged")
@pytest.mark.parametrize("setup, words", [
    (lambda: (ace("A", "x", (2, 2), range_=0), token("T", "y", (5, 2)), []), "range 0"),
    (lambda: (ace("A", "x", (2, 2), range_=2), token("T", "y", (6, 2)), []), "4 squares away, beyond range 2"),
    (lambda: (ace("A", "x", (2, 2)), token("T", "y", (6, 2)), [token("E", "y", (3, 3))]), "adjacent to an enemy (E)"),
    (lambda: (ace("A", "x", (2, 2)), token("T", "y", (6, 2)), [token("F", "x", (4, 2))]), "a character at (4, 2)"),
    (lambda: (ace("A", "x", (2, 2)), token("T", "x", (6, 2)), []), "friendly character"),
])
def test_what_forbids_a_ranged_attack(setup, words):
    attacker, target, others = setup()
    with pytest.raises(AttackError, match=re.escape(words)) as e:
        attack(OPEN, attacker, target, "ranged", others=others)
    assert e.value.field == "target" and any(words in r for r in e.value.reasons)


@pytest.mark.rule("K.ranged")
def test_a_ranged_shot_may_go_at_an_enemy_next_to_a_friend_and_lists_every_target():
    me, friend = ace("A", "x", (2, 2)), token("F", "x", (6, 3))
    enemy, far = token("T", "y", (6, 2)), token("Far", "y", (15, 9))
    assert attack(OPEN, me, enemy, "ranged", others=[friend]).dice == 3
    options = ranged_targets(OPEN, me, [me, friend, enemy, far])
    assert options["T"] == [] and "beyond range" in options["Far"][0] and "F" not in options


@pytest.mark.rule("K.terrain.hindering", "K.attack")
def test_hindering_terrain_and_the_defense_cap_of_six():
    b = Board(16, 10, hindering={(4, 2)})
    a = attack(b, ace("A", "x", (2, 2)), token("T", "y", (6, 2), values=(5, 2, 5, 0)), "ranged")
    assert [t.value for t in a.defense_terms] == [5, 1] and a.defense == 6
    capped = attack(b, ace("A", "x", (2, 2)), token("T", "y", (6, 2), values=(5, 2, 6, 0)), "ranged")
    assert capped.raw_defense == 7 and capped.defense == 6 and "counted as 6" in str(capped)
    # close combat takes no hindering modifier
    close = attack(b, ace("A", "x", (3, 2)), token("T", "y", (4, 2), values=(5, 2, 5, 0)), "close")
    assert close.defense == 5 and len(close.defense_terms) == 1


@pytest.mark.rule("K.close", "K.adjacent")
def test_close_combat_needs_an_adjacent_enemy_not_across_a_wall():
    me, them = ace("A", "x", (3, 3)), token("T", "y", (4, 4))
    assert attack(OPEN, me, them, "close").kind == "close"
    with pytest.raises(AttackError, match="not adjacent"):
        attack(OPEN, me, token("T", "y", (5, 5)), "close")
    walled = Board(16, 10, walls={wall((3, 3), (4, 3))})
    with pytest.raises(AttackError, match="not adjacent"):
        attack(walled, me, token("T", "y", (4, 3)), "close")
    with pytest.raises(AttackError, match="may not attack itself"):
        attack(OPEN, me, me, "close")
    with pytest.raises(AttackError, match="one of"):
        attack(OPEN, me, them, "punch")


# -- capture and escape ----------------------------------------------------------------------------

@pytest.mark.rule("K.capture")
def test_a_capture_rolls_two_dice_fewer_and_captures_on_any_hit():
    me, them = ace("A", "x", (3, 3), clicks=((6, 4, 4, 1),)), token("T", "y", (4, 3))
    c = attack(OPEN, me, them, "capture")
    assert c.dice == 2 and [t.value for t in c.dice_terms] == [4, -2]
    assert c.chance_to_capture == 1 - Fraction(1, 3) ** 2 and c.chance_to_knock_out(them.dial) == 0
    out = resolve(c, faces=(1, 3))
    assert out.captured and str(out).endswith("captured")
    assert not resolve(c, faces=(1, 2)).captured
    # defensive fate against a capture: only natural sixes still capture
    assert c.with_defensive_fate().hits((5, 5)) == 0 and c.with_defensive_fate().hits((6, 1)) == 1


@pytest.mark.rule("K.capture")
def test_captives_and_captors_are_off_limits():
    captor = dataclasses.replace(ace("Cap", "y", (5, 5)), captive="Prisoner")
    prisoner = dataclasses.replace(token("Prisoner", "x", (5, 6)), captor="Cap")
    me = ace("A", "x", (2, 5))
    with pytest.raises(AttackError, match="captive: nobody may target it"):
        attack(OPEN, me, prisoner, "ranged", others=[captor])
    with pytest.raises(AttackError, match="not be the target of a ranged attack"):
        attack(OPEN, me, captor, "ranged", others=[prisoner])
    beside = ace("B", "x", (4, 5))
    with pytest.raises(AttackError, match="not be the target of a capture"):
        attack(OPEN, beside, captor, "capture", others=[prisoner])
    assert attack(OPEN, beside, captor, "close", others=[prisoner]).kind == "close"  # close combat is allowed
    with pytest.raises(AttackError, match="holds a captive: it may only move or pass"):
        attack(OPEN, captor, beside, "close", others=[prisoner])
    with pytest.raises(AttackError, match="is a captive: it may only pass or try to escape"):
        attack(OPEN, prisoner, beside, "close", others=[captor])
    assert take_hits(prisoner, 2) == prisoner  # a captive never takes damage


@pytest.mark.rule("K.escape", "K.fate")
def test_escape_compares_hits_and_fate_only_adds_dice():
    captor = dataclasses.replace(ace("Cap", "y", (5, 5), clicks=((6, 2, 4, 1),)), captive="P")
    prisoner = dataclasses.replace(ace("P", "x", (5, 6), clicks=((6, 2, 4, 2), (5, 2, 4, 1))), captor="Cap")
    e = escape(prisoner, captor)
    assert (e.captive_dice, e.captor_defense, e.captor_dice, e.captive_defense) == (2, 4, 2, 4)
    assert e.chance == Fraction(5, 16)
    assert e.outcome_of((4, 6, 1, 6)) is True and e.outcome_of((4, 1, 6, 1)) is False  # a tie stays captured
    assert escape(prisoner, captor, captive_fate=True).captive_dice == 4
    with pytest.raises(AttackError, match="not Cap's captive"):
        escape(dataclasses.replace(prisoner, captor=None), captor)


@pytest.mark.rule("K.escape")
@given(st.integers(0, 3), st.integers(1, 7), st.integers(0, 3), st.integers(1, 7))
def test_escape_odds_are_the_exact_count_of_faces(a, da, b, db):
    e = Escape(a, da, b, db)
    assert e.outcomes() == ChanceEvent.outcomes(e)


# -- several targets -------------------------------------------------------------------------------

@pytest.mark.rule("K.ranged.multi")
@given(st.lists(st.integers(1, 6), min_size=1, max_size=5), st.lists(st.integers(1, 6), min_size=1, max_size=3))
def test_the_best_assignment_hits_as_many_targets_as_any(faces, thresholds):
    give = best_assignment(faces, thresholds)
    got = sum(faces[give[t]] >= thresholds[t] for t in give)
    best, k = 0, min(len(faces), len(thresholds))
    for dice in itertools.permutations(range(len(faces)), k):
        for who in itertools.permutations(range(len(thresholds)), k):
            best = max(best, sum(faces[d] >= thresholds[t] for d, t in zip(dice, who)))
    assert got == best
    assert len(set(give.values())) == len(give)


@pytest.mark.rule("K.ranged.multi")
def test_multi_target_odds_match_counting_every_face_and_each_target_takes_at_most_one_click():
    m = MultiTargetAttack(3, ("A", "B"), (4, 6), (False, False))
    assert m.outcomes() == ChanceEvent.outcomes(m)
    assert sum(m.outcomes().values()) == 1
    assert all(len(o) <= 2 for o in m.outcomes())
    chances = m.hit_chances()
    assert chances["B"] == 1 - Fraction(5, 6) ** 3  # some die shows a 6
    # a target spending fate defensively is hit by a natural six only
    fated = MultiTargetAttack(3, ("A", "B"), (4, 4), (True, False))
    assert fated.thresholds == (6, 4)


@pytest.mark.rule("K.ranged.multi")
def test_multi_target_rules():
    me = ace("A", "x", (2, 2), pistols=2)
    t1, t2, t3 = token("T1", "y", (6, 2)), token("T2", "y", (6, 5)), token("T3", "y", (3, 7))
    m = multi_target(OPEN, me, [t1, t2])
    assert m.attack_dice == 3 and m.targets == ("T1", "T2") and m.defenses == (3, 3)
    with pytest.raises(AttackError, match="2 pistol"):
        multi_target(OPEN, me, [t1, t2, t3])
    with pytest.raises(AttackError, match="same character twice"):
        MultiTargetAttack(3, ("T1", "T1"), (3, 3))
    with pytest.raises(AttackError, match="need a die each"):
        MultiTargetAttack(1, ("T1", "T2"), (3, 3))
    with pytest.raises(AttackError, match="T2: .*a character at"):
        multi_target(OPEN, me, [t1, t2], others=[token("F", "x", (4, 4))])
    with pytest.raises(AttackError, match="different die"):
        m.resolve_assigned((1, 2, 3), {"T1": 0, "T2": 0})


# -- fate ------------------------------------------------------------------------------------------

@pytest.mark.rule("K.fate")
def test_fate_rules():
    a = ace("A", "x", (0, 0), clicks=((6, 3, 4, 0), (6, 3, 4, 1)))
    with pytest.raises(FateError, match="fate 0"):
        use_fate(a, "defense")
    assert use_fate(a, "offense").dial.position == 1  # fate 0 may still be used offensively, to move the dial on
    with pytest.raises(FateError, match="already used fate this turn"):
        use_fate(a, "offense", used_this_turn=True)
    with pytest.raises(FateError, match="tokens cannot use fate"):
        use_fate(token("T", "x", (0, 0)), "offense")
    with pytest.raises(FateError, match="tokens cannot use fate"):
        attack(OPEN, token("T", "x", (0, 0)), ace("E", "y", (0, 3)), "ranged", offensive_fate=True)
    last = dataclasses.replace(a, dial=a.dial.at(1))
    assert use_fate(last, "offense").knocked_out  # fate on the last click knocks the Ace out


@pytest.mark.rule("K.fate")
def test_one_test_of_fate_says_who_may_spend_it_and_why_not():
    a = ace("A", "x", (0, 0), clicks=((6, 3, 4, 2), (6, 3, 4, 0)))
    zero = dataclasses.replace(a, dial=a.dial.at(1))  # fate 0 on this click
    t = token("T", "x", (0, 0))
    assert fate_problem(a, "defense") is None and may_use_fate(a, "offense")
    assert "fate 0" in fate_problem(zero, "defense") and may_use_fate(zero, "offense")
    assert "tokens cannot use fate" in fate_problem(t, "offense") and not may_use_fate(t, "defense")
    assert "already used fate this turn" in fate_problem(a, "defense", used_this_turn=True)
    assert "'offense' or 'defense'" in fate_problem(a, "luck")
    # use_fate refuses with the same words the test gives
    for who, kind in ((zero, "defense"), (t, "offense")):
        with pytest.raises(FateError) as refused:
            use_fate(who, kind)
        assert str(refused.value) == fate_problem(who, kind)


@pytest.mark.rule("K.fate", "K.ranged.multi")
def test_a_plan_with_defensive_fate_gives_it_to_each_target_that_may_spend_it():
    shooter = ace("S", "x", (2, 2), pistols=2)
    loyle, ruffian = ace("L", "y", (6, 2)), token("R", "y", (2, 6))
    single = attack(OPEN, shooter, loyle, "ranged")
    assert with_defensive_fate(single, [loyle]) == single.with_defensive_fate()
    assert with_defensive_fate(single, [loyle]).distribution() != single.distribution()  # only sixes hit
    with pytest.raises(FateError, match="R cannot spend fate defensively: tokens never"):
        with_defensive_fate(attack(OPEN, shooter, ruffian, "ranged"), [ruffian])
    with pytest.raises(FateError, match="L cannot spend fate defensively"):
        with_defensive_fate(single, [loyle], fated=["L"])  # once a turn
    shot = multi_shot(OPEN, shooter, [ruffian, loyle])
    assert with_defensive_fate(shot, [ruffian, loyle]).defensive_fate == (False, True)
    with pytest.raises(FateError, match="none of R, R2 can spend fate defensively"):
        with_defensive_fate(multi_shot(OPEN, shooter, [ruffian, token("R2", "y", (6, 6))]),
                            [ruffian, token("R2", "y", (6, 6))])


@pytest.mark.rule("K.attack")
def test_resolving_with_seeded_dice_matches_the_stated_faces():
    a = attack(OPEN, ace("A", "x", (2, 2)), token("T", "y", (6, 2)), "ranged")
    rolled = resolve(a, Dice(11))
    assert rolled.hits == a.hits(rolled.faces) and len(rolled.faces) == 3
    assert resolve(a, ScriptedDice([3, 2, 6])).hits == 2
    with pytest.raises(Exception, match="rolls 3 dice, got 2"):
        a.hits((1, 2))


# -- Charmed Life in a shot at several targets (K.ranged.multi, K.attack) ----------------------------

@pytest.mark.rule("K.ranged.multi", "K.attack")
def test_a_target_with_charmed_life_never_takes_a_click_from_a_several_target_shot():
    me = ace("Shooter", "Tim", (2, 2), pistols=2)
    side = sample_character("trusty-sidekick", "Side", "Kim", (6, 2))
    ruff = sample_character("ruffian", "Ruff", "Kim", (6, 5))
    shot = multi_shot(OPEN, me, [side, ruff])
    assert shot.defenses == (3, 3) and shot.clicks == (0, 1)
    # one click at most, and Charmed Life takes it off: no chance at all, and the other target
    # has every die that hits (any of three dice showing 3 or more)
    chances = shot.hit_chances()
    assert chances == {"Side": 0, "Ruff": 1 - Fraction(1, 3) ** 3}
    assert shot.event.outcome_of((3, 1, 1)) == ("Ruff",) and shot.event.outcome_of((6, 6, 6)) == ("Ruff",)
    assert shot.event.resolve_assigned((3, 1, 1), {"Side": 0, "Ruff": 1}) == ()
    # the breakdown says why
    why = "1 hit - 1 Charmed Life (our name) (reconstructed) = 0 clicks: a hit costs Side nothing"
    assert shot.why_no_click("Side") == "one click at most from this shot, and " + why
    assert shot.why_no_click("Ruff") is None
    assert f"hit on 3+ (0%: one click at most from this shot, and {why})" in str(shot)
    assert "a hit costs Side nothing" in shot._repr_html_()
    # the same shot at two plain tokens: both may take their click
    plain = multi_shot(OPEN, me, [dataclasses.replace(ruff, name="R2", square=(6, 2)), ruff])
    assert plain.clicks == (1, 1) and all(c > 0 for c in plain.hit_chances().values())


@pytest.mark.rule("K.ranged.multi", "K.attack")
@given(st.lists(st.integers(1, 6), min_size=1, max_size=5), st.lists(st.integers(1, 6), min_size=1, max_size=3),
       st.lists(st.booleans(), min_size=3, max_size=3))
def test_the_best_assignment_gives_as_many_clicks_as_any(faces, thresholds, can):
    can = can[:len(thresholds)]
    give = best_assignment(faces, thresholds, can)
    got = sum(faces[give[t]] >= thresholds[t] and can[t] for t in give)
    best, k = 0, min(len(faces), len(thresholds))
    for dice in itertools.permutations(range(len(faces)), k):
        for who in itertools.permutations(range(len(thresholds)), k):
            best = max(best, sum(faces[d] >= thresholds[t] and can[t] for d, t in zip(dice, who)))
    assert got == best
    assert len(set(give.values())) == len(give) and len(give) == k  # every target named gets a die, if any is left
