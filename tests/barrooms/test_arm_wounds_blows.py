"""Arm wounds and fist or knife blows (B.melee, B.knife, B.hitloc). The text gives arm wounds no
blow effect and its damage card is lost; our reconstructed card (RULINGS.md) has a blow struck with
the better arm, each winged box of that arm 1 harder and each wounded box 2 harder, as for a gun in
that hand, and no blow at all with both arms lost."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.barrooms import play
from cs_panel.barrooms.damage import DamageCard, DamageError, take_hit
from cs_panel.barrooms.melee import MeleeError, blow_number
from cs_panel.barrooms.play import BarroomsError
from tests.barrooms.test_barrooms_play import _brawl, act


def card(*hits: tuple[str, int]) -> DamageCard:
    c = DamageCard(constitution=6)
    for where, box in hits:
        c = take_hit(c, where, box).card
    return c


@pytest.mark.rule("B.melee", "B.knife", "B.hitloc")
@pytest.mark.parametrize("hits,arm,extra", [
    ((), "right", 0),
    ((("right arm", 2),), "left", 0),                       # the sound left arm strikes
    ((("right arm", 1), ("left arm", 4)), "right", 1),       # winged (+1) beats wounded (+2)
    ((("right arm", 4), ("left arm", 5)), "right", 2),       # a tie: the right
    ((("right arm", 1), ("right arm", 2), ("left arm", 5)), "right", 2),  # two winged boxes count 1 each
    ((("right arm", 6), ("left arm", 2)), "left", 1),        # a lost arm never strikes
    ((("left arm", 6), ("right arm", 5)), "right", 2),
])
def test_a_blow_takes_the_better_arms_wounds(hits, arm, extra):
    c = card(*hits)
    assert c.striking_arm() == arm
    terms = c.blow_terms()
    assert sum(t.value for t in terms) == extra
    assert all(t.rule == "B.melee" and f"striking with the {arm} arm" in t.label and "reconstructed" in t.label
               for t in terms)
    for weapon in ("fist", "knife"):
        plain = blow_number(3, 3, weapon=weapon)
        assert blow_number(3, 3, weapon=weapon, wounds=terms).total == plain.total + extra


@pytest.mark.rule("B.melee", "B.knife")
def test_with_both_arms_lost_no_blow_is_struck():
    c = card(("right arm", 6), ("left arm", 6))
    assert c.striking_arm() is None
    with pytest.raises(DamageError) as e:
        c.blow_terms()
    assert e.value.field == "hand" and "both arms" in str(e.value)
    with pytest.raises(MeleeError) as e:
        blow_number(3, 3, wounds=(2,))
    assert e.value.field == "wounds"


def _wound(state, name: str, *hits: tuple[str, int]):
    f = state.fighter(name)
    c = f.card
    for where, box in hits:
        c = take_hit(c, where, box).card
    return state.with_fighter(dataclasses.replace(f, card=c))


@pytest.mark.rule("B.melee", "B.hitloc")
def test_the_protocol_adds_the_striking_arms_wounds_to_the_punch():
    s = _wound(_brawl(), "Mac", ("right arm", 4), ("left arm", 5))
    s, _ = act(s, "pass Lou")
    # 4 + 3 - 3 + 1 torso + 2 right arm wounded = 7: a 7 lands on the torso, 2 of 16 points
    s, lines = act(s, "punch Mac at Lou aim torso", 7)
    assert any("+ 1 aimed at the torso + 2 striking with the right arm, wounded (box 4, reconstructed card) = 7"
               in x and "lands" in x for x in lines)
    assert s.fighter("Lou").punch_lost == 2


@pytest.mark.rule("B.knife", "B.hitloc")
def test_the_protocol_adds_the_striking_arms_wounds_to_the_knife():
    s = _wound(_brawl(knife=True), "Mac", ("right arm", 6), ("left arm", 1))
    s, _ = act(s, "pass Lou")
    # 4 + 3 - 3 + 1 left arm winged = 5: a 4 misses (the right arm is lost, the left strikes)
    s, lines = act(s, "knife Mac at Lou", 4)
    assert any("= 5 (60%)" in x and "striking with the left arm, winged (box 1" in x and "misses" in x for x in lines)


@pytest.mark.rule("B.melee", "B.knife")
def test_a_man_with_both_arms_lost_is_offered_no_blow_and_refused_one():
    s = _wound(_brawl(knife=True), "Mac", ("right arm", 6), ("left arm", 6))
    s, _ = act(s, "pass Lou")
    offered = [str(a) for a in play.rules().legal_actions(s)]
    assert offered and not any(a.startswith(("punch Mac", "knife Mac")) for a in offered)
    for order in ("punch Mac at Lou", "knife Mac at Lou aim head"):
        with pytest.raises(BarroomsError, match="lost both arms") as e:
            act(s, order)
        assert e.value.rule_id == "B.melee"
