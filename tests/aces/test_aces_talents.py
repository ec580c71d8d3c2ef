"""Talents and abilities on Aces dials (K.base.values, K.actions, K.attack, K.fate,
K.terrain.hindering, K.capture): the reconstructed card, and where the rules core applies it."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import pytest

from cs_panel.aces import talents
from cs_panel.aces.board import Board
from cs_panel.aces.combat import (
    Character, MultiTargetAttack, attack, knock_out_chance, multi_shot, sample_character, take_hits,
)
from cs_panel.aces.movement import reachable
from cs_panel.clix.dial import ACES_STATS, KO, build_dial
from cs_panel.clix.skills import talents as talent_card
from cs_panel.clix.view import marker_meanings

OPEN = Board(16, 10)


def louis(square=(2, 2), click=0) -> Character:
    c = sample_character("louis-thibodeaux-ace", "Louis", "Tim", square)
    return dataclasses.replace(c, dial=c.dial.at(click))


def plain(name, player, square, values=(5, 3, 4, 1), pistols=1, markers=None) -> Character:
    dial = build_dial(ACES_STATS, [values, values, None], eliminated_symbol=KO, markers=markers)
    return Character(name, player, square, dial, 6, pistols, 20, name.lower())


@pytest.mark.rule("K.base.values", "K.actions", "K.fate")
def test_the_card_is_reconstructed_and_names_the_two_talents_of_the_rules():
    card = talent_card()
    assert {e["name"] for e in card} >= {"Second Wind", "Old One-Two"}
    for e in card:
        assert e.provenance == "reconstructed" and e.source
        assert e.id == f"{e['colour']}-{e['stat']}" and e["stat"] in ACES_STATS
    # the invented ones say so in their names
    assert all("(our name)" in e["name"] for e in card if e["name"] not in ("Second Wind", "Old One-Two"))
    # the clix view reads an Aces dial's squares from this card, not from the Air Action skills card
    assert [m.name for m in marker_meanings(louis().dial)] == ["Old One-Two"]


@pytest.mark.rule("K.base.values")
def test_talents_come_and_go_as_the_dial_turns():
    assert [t.name for t in talents.talents_of(louis(click=0))] == ["Old One-Two"]
    assert [t.name for t in talents.talents_of(louis(click=2))] == ["Sure-footed (our name)"]
    assert [t.name for t in talents.talents_of(louis(click=3))] == ["Second Wind"]
    assert talents.talents_of(louis(click=5)) == ()
    assert talents.dial_talents(louis().dial.at(6)) == ()  # the KO click shows no talent
    assert talents.close_attacks(louis(click=0)) == 2 and talents.close_attacks(louis(click=2)) == 1


@pytest.mark.rule("K.actions", "K.base.values")
def test_second_wind_heals_one_click_never_past_the_start():
    hurt = louis(click=4)
    sw = talents.second_wind(hurt)
    assert sw.dial.position == 3 and sw.healed == 1
    assert sw.terms[0].label == "Second Wind (reconstructed)" and sw.terms[0].rule == "K.actions"
    with pytest.raises(talents.TalentError, match="no Second Wind showing"):
        talents.second_wind(louis(click=2))
    start = dataclasses.replace(hurt, dial=dataclasses.replace(hurt.dial, start=4))
    with pytest.raises(talents.TalentError, match="nothing to heal"):
        talents.second_wind(start)


@pytest.mark.rule("K.attack", "K.ranged")
def test_sharpshooter_adds_a_die_to_ranged_attacks_only():
    sergeant = sample_character("sergeant", "Sergeant", "Kim", (2, 2))
    target = plain("Mark", "Tim", (5, 2))
    shot = attack(OPEN, sergeant, target, "ranged")
    assert shot.dice == sergeant.value("attack") + 1
    assert [(t.value, t.label, t.rule) for t in shot.dice_terms][1] == (1, "Sharpshooter (our name) (reconstructed)", "K.attack")
    punch = attack(OPEN, sergeant, dataclasses.replace(target, square=(3, 2)), "close")
    assert punch.dice == sergeant.value("attack")


@pytest.mark.rule("K.attack", "K.recruit")
def test_charmed_life_takes_a_click_off_each_attack_so_a_token_survives_one_hit():
    sidekick = sample_character("trusty-sidekick", "Sidekick", "Kim", (2, 2))
    assert sidekick.is_token
    assert not take_hits(sidekick, 1).knocked_out  # one hit, one click less: nothing left to remove it
    assert take_hits(sidekick, 2).knocked_out
    assert str(talents.damage(sidekick, 2)) == "2 hits - 1 Charmed Life (our name) (reconstructed) = 1 click(s)"
    shooter = plain("Shooter", "Tim", (2, 5), values=(5, 3, 4, 0))
    a = attack(OPEN, shooter, sidekick, "ranged")
    # it now takes two hits of three dice to remove the token, not one
    assert knock_out_chance(a, sidekick) == a.at_least(2) < a.chance_to_knock_out(sidekick.dial) == a.at_least(1)
    # a token without the ability still goes at one hit
    assert take_hits(sample_character("ruffian", "R", "Kim", (0, 0)), 1).knocked_out


@pytest.mark.rule("K.terrain.hindering", "K.move")
def test_sure_footed_walks_through_hindering_terrain():
    b = Board(10, 3, hindering={(3, 0), (3, 1), (3, 2)})  # a hedge across the whole map
    plainly = reachable(b, (1, 1), 4)
    assert (5, 1) not in plainly.squares and "hindering" in plainly.stops[(3, 1)]
    sure = reachable(b, (1, 1), 4, sure_footed=True)
    assert (5, 1) in sure.squares and (3, 1) not in sure.stops
    # starting in it: half speed, unless sure-footed
    assert reachable(b, (3, 1), 4).speed == 2 and reachable(b, (3, 1), 4, sure_footed=True).speed == 4
    assert talents.ignores_hindering(louis(click=2)) and not talents.ignores_hindering(louis(click=0))


@pytest.mark.rule("K.ranged.multi", "K.terrain.hindering", "K.attack")
def test_a_shot_at_several_targets_is_explained_and_its_odds_come_from_its_roll():
    b = Board(12, 8, hindering={(4, 4)})
    gunner = plain("Gunner", "Tim", (2, 2), values=(5, 3, 3, 0), pistols=2)
    far = plain("Far", "Kim", (8, 2), values=(5, 3, 5, 0))
    near = plain("Near", "Kim", (6, 6), values=(5, 3, 3, 0))
    shot = multi_shot(b, gunner, [far, near])
    assert shot.dice == 3 and shot.defenses == (5, 4)
    assert [t.label for t in shot.defense_terms[1]] == ["defense value", "hindering terrain on the line of fire"]
    assert shot.event == MultiTargetAttack(3, ("Far", "Near"), (5, 4))
    # the hardest target is hit whenever any die reaches 5: 1 - (4/6)^3
    assert shot.hit_chances()["Far"] == 1 - Fraction(4, 6) ** 3
    # both are hit exactly when some way of giving out the dice hits both (counted independently)
    both = sum(any(f[i] >= 5 and f[j] >= 4 for i, j in itertools.permutations(range(3), 2))
               for f in itertools.product(range(1, 7), repeat=3))
    assert shot.event.outcomes()[("Far", "Near")] == Fraction(both, 216)
    assert "one die to each target" in str(shot) and "hit on 5+" in str(shot)
    assert "its die needs" in shot._repr_html_()
    with pytest.raises(Exception, match="at most that many targets"):
        multi_shot(b, gunner, [far, near, plain("Third", "Kim", (9, 5))])
