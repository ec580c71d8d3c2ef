"""The Bar-rooms damage card (B.hitloc, B.shock, B.cover, B.knife, B.melee): the text's rules for
marking hits (crossed boxes miss, vests, knives, fists), and our reconstructed boxes and effects."""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources

import pytest
from hypothesis import given, strategies as st

from cs_panel.barrooms.character import Character
from cs_panel.barrooms.damage import (
    CARD_SCHEMA, DamageCard, DamageError, HitOnCard, box_count, card_legend, damage_card, locations, take_hit,
)
from cs_panel.barrooms.firing import HIT_LOCATIONS, FiringError, to_hit
from cs_panel.barrooms.movement import Gait, MoveError, gait
from cs_panel.core.data import load_table
from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import DataFileError, SavedStateError
from cs_panel.core.state import dumps, loads

NAMES = [name for _, _, name in HIT_LOCATIONS]


@pytest.mark.rule("B.hitloc")
def test_the_card_has_the_hit_tables_locations_and_says_what_is_ours():
    table = damage_card()
    assert [(e["name"], tuple(e["faces"])) for e in locations()] == [(n, (lo, hi)) for lo, hi, n in HIT_LOCATIONS]
    assert all(e.provenance == "rules" for e in locations())
    assert all(e.provenance == "reconstructed" for e in table if e["kind"] == "wound")
    assert table["crossed-box-misses"].provenance == "rules" and table["vest"].provenance == "rules"
    assert table["boxes-per-location"].provenance == "reconstructed" and box_count() == 6
    assert [g[1] for g in card_legend()[-1]["grades"]] == ["winged", "down", "killed"]


@pytest.mark.rule("B.hitloc")
def test_a_card_whose_boxes_leave_a_gap_is_refused(tmp_path):
    doc = json.loads(resources.files("cs_panel.data").joinpath("barrooms/damage_card.json").read_text(encoding="utf-8"))
    doc["entries"] = [e for e in doc["entries"] if e["id"] != "arm-wounded"]
    bad = tmp_path / "card.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(DataFileError, match="arm's wounds must cover boxes 1-6"):
        damage_card(str(bad))
    assert len(load_table(str(bad), CARD_SCHEMA)) == len(doc["entries"])  # the file loads; the card's check refuses it


@pytest.mark.rule("B.hitloc")
def test_a_hit_crosses_its_box_and_a_crossed_box_misses():
    card = DamageCard(constitution=4)
    hit = take_hit(card, "torso", 5)
    assert hit.marked and hit.card.crossed("torso") == (5,) and card.crossed("torso") == ()  # the old card is untouched
    assert hit.grade == "wounded" and hit.card.lasting_shock == 1
    again = take_hit(hit.card, "torso", 5)
    assert not again.marked and again.card == hit.card
    assert "already crossed" in again.effects[0].text and again.effects[0].provenance == "rules"
    assert take_hit(hit.card, "torso", 4).marked


@pytest.mark.rule("B.hitloc", "B.shock")
def test_every_hit_explains_itself_with_real_rule_ids():
    hit = take_hit(DamageCard(), "head", 2)
    rules = [e.rule for e in hit.effects]
    assert rules[0] == "B.hitloc" and "B.shock" in rules
    assert "scalp" in hit.effects[0].text and "8 - Steady Mind" in str(hit)
    assert all(e.provenance in ("rules", "reconstructed") for e in hit.effects)


@pytest.mark.rule("B.hitloc")
@pytest.mark.parametrize("where, box, status", [
    ("head", 6, "dead"), ("head", 4, "down"), ("head", 3, "fighting"), ("torso", 6, "down"), ("torso", 3, "fighting"),
    ("left leg", 6, "fighting"), ("right arm", 6, "fighting"),
])
def test_what_one_box_does_to_a_fresh_man(where, box, status):
    assert take_hit(DamageCard(constitution=4), where, box).card.status == status


@pytest.mark.rule("B.hitloc", "B.chargen")
def test_more_wounds_than_constitution_put_him_down():
    card = DamageCard(constitution=2)
    for where, box in [("left leg", 1), ("right arm", 1)]:
        card = take_hit(card, where, box).card
    assert card.status == "fighting"
    hit = take_hit(card, "torso", 1)
    assert hit.card.status == "down" and any("more than Constitution 2" in e.text for e in hit.effects)
    assert DamageCard(constitution=0, marks=(("torso", 1),)).status == "down"


@pytest.mark.rule("B.hitloc", "B.shock")
def test_an_arm_wound_adds_to_that_hands_to_hit_number():
    card = take_hit(take_hit(DamageCard(), "right arm", 2).card, "right arm", 4).card
    terms = card.firing_terms("right")
    assert [t.value for t in terms] == [1, 2] and all(t.rule == "B.hitloc" for t in terms)
    assert card.firing_terms("left") == ()  # the other hand is sound
    plain = to_hit("person", 4, 5)
    hurt = to_hit("person", 4, 5, wounds=terms)
    assert hurt.total == plain.total + 3 and "right arm wounded" in str(hurt)
    assert to_hit("person", 4, 5, wounds=card.firing_terms("both")).total == plain.total + 3
    shocked = take_hit(card, "torso", 4).card
    assert shocked.firing_terms("left")[-1].rule == "B.shock" and shocked.firing_terms("left")[-1].value == 1
    with pytest.raises(FiringError, match="Modifier") as e:
        to_hit("person", 4, 5, wounds=[2])
    assert e.value.field == "wounds"


@pytest.mark.rule("B.hitloc")
def test_a_lost_arm_fires_nothing_and_a_man_down_fires_no_more():
    card = take_hit(DamageCard(name="Ann"), "left arm", 6).card
    with pytest.raises(DamageError, match="left arm is lost") as e:
        card.firing_terms("left")
    assert e.value.field == "hand"
    with pytest.raises(DamageError, match="long arm needs both arms"):
        card.firing_terms("both")
    assert card.firing_terms("right") == ()
    down = take_hit(card, "head", 5).card
    with pytest.raises(DamageError, match="Ann is down") as e:
        down.firing_terms("right")
    assert e.value.field == "status"
    with pytest.raises(DamageError, match="'both' for a long arm"):
        card.firing_terms("tail")


@pytest.mark.rule("B.hitloc", "B.move.gait")
def test_leg_wounds_cost_stamina_and_a_lost_leg_stops_running():
    card = take_hit(DamageCard(), "left leg", 1).card
    assert card.stamina(5) == 4 and [t.value for t in card.stamina_terms(5)] == [5, -1]
    lame = take_hit(card, "right leg", 6).card
    assert lame.crippled == ("right leg",) and lame.crippled_legs == 1 and lame.stamina(5) == 2
    s = lame.stamina(5)
    assert gait(s, 1, crippled_legs=lame.crippled_legs).gait is Gait.WALK
    with pytest.raises(MoveError, match="only walks") as e:
        gait(s, 2, crippled_legs=lame.crippled_legs)
    assert e.value.field == "hexes"
    assert gait(4, 3).gait is Gait.RUN  # without the parameter nothing changes
    both = take_hit(lame, "left leg", 6).card
    assert gait(both.stamina(5), 1, crippled_legs=both.crippled_legs).gait is Gait.WALK
    with pytest.raises(MoveError, match="crawls 1 hex"):
        gait(6, 2, crippled_legs=2)
    assert DamageCard().stamina(0) == 0 and both.stamina(1) == 0  # never below nothing


@pytest.mark.rule("B.shock", "B.chargen")
def test_lasting_shock_lowers_every_stat_on_top_of_shock_that_can_be_shaken_off():
    ann = Character("Ann", stamina=5, deadeye=4, constitution=4)
    card = take_hit(DamageCard.for_character(ann), "torso", 4).card
    assert card.stat(ann, "deadeye") == 3 and card.stat(ann.shocked(), "deadeye") == 2
    assert card.stat(ann.shocked().shaken_off(), "deadeye") == 3  # the wound's shock stays
    card = take_hit(card, "left leg", 4).card
    assert card.stat(ann, "stamina") == 5 - 1 - 2


@pytest.mark.rule("B.cover")
def test_the_vest_stops_five_light_rounds_or_one_magnum_round():
    card = DamageCard(vest=True)
    for i in range(5):
        hit = take_hit(card, "torso", 3, penetration=2)
        assert hit.stopped_by_vest and not hit.marked and hit.card.marks == ()
        card = hit.card
    assert card.vest_left == 0
    assert take_hit(card, "torso", 3, penetration=2).marked  # the sixth goes through
    fresh = DamageCard(vest=True)
    magnum = take_hit(fresh, "torso", 3, penetration=3)
    assert magnum.stopped_by_vest and magnum.card.vest_left == 0
    worn = take_hit(fresh, "torso", 3, penetration=1).card  # buckshot uses one of five
    assert worn.vest_left == 4 and take_hit(worn, "torso", 3, penetration=3).marked
    rifle = take_hit(fresh, "torso", 3, penetration=6)
    assert rifle.marked and rifle.card.vest_left == 5 and any(e.rule == "B.cover" for e in rifle.effects)
    assert take_hit(fresh, "left arm", 3, penetration=2).marked  # it only guards the torso
    assert take_hit(fresh, "torso", 3, cause="knife", penetration=1).marked  # nor against knives (our reading)
    with pytest.raises(DamageError, match="needs a vest") as e:
        DamageCard(vest_wear=2)
    assert e.value.field == "vest_wear"


@pytest.mark.rule("B.knife", "B.melee")
def test_knives_mark_the_card_and_fists_do_not():
    hit = take_hit(DamageCard(), "right arm", 6, cause="knife")
    assert hit.card.crippled == ("right arm",) and any(e.rule == "B.knife" for e in hit.effects)
    with pytest.raises(DamageError, match="punch points") as e:
        take_hit(DamageCard(), "head", 6, cause="fist")
    assert e.value.field == "cause"
    with pytest.raises(DamageError, match="firearm, knife") as e:
        take_hit(DamageCard(), "head", 6, cause="club")
    assert e.value.field == "cause"


@pytest.mark.rule("B.hitloc")
@pytest.mark.parametrize("kwargs, field", [
    (dict(where="foot", box=1), "location"), (dict(where="torso", box=7), "box"), (dict(where="torso", box=0), "box"),
    (dict(where="torso", box=True), "box"), (dict(where="torso", box=2, penetration=-1), "penetration"),
])
def test_a_hit_off_the_card_names_its_input(kwargs, field):
    with pytest.raises(DamageError) as e:
        take_hit(DamageCard(), **kwargs)
    assert e.value.field == field


@pytest.mark.rule("B.hitloc")
@pytest.mark.parametrize("kwargs, field", [
    (dict(constitution=11), "constitution"), (dict(marks=(("torso", 9),)), "box"), (dict(marks=(("tail", 1),)), "location"),
    (dict(marks=(("torso", 1), ("torso", 1))), "marks"), (dict(vest="yes"), "vest"),
])
def test_a_card_that_cannot_be_is_refused(kwargs, field):
    with pytest.raises(DamageError) as e:
        DamageCard(**kwargs)
    assert e.value.field == field


@pytest.mark.rule("B.hitloc")
def test_the_odds_of_one_more_hit_and_a_seeded_hit():
    fresh = HitOnCard(DamageCard(constitution=4))
    odds = fresh.outcomes()
    # dead: head (1/10) box 6 (1/6); down: head 4-5 (1/10 x 2/6) or torso 6 (3/10 x 1/6)
    assert odds["dead"] == Fraction(1, 60) and odds["down"] == Fraction(1, 30) + Fraction(1, 20)
    assert sum(odds.values()) == 1 and fresh.chance == odds["dead"] + odds["down"]
    worn = HitOnCard(DamageCard(constitution=1, marks=(("torso", 1),)))
    assert worn.outcomes().get("fighting", 0) < Fraction(1, 6)  # only a box already crossed leaves him up
    hit = fresh.hit(ScriptedDice([10, 6]))
    assert hit.location == "head" and hit.card.status == "dead"
    aimed = HitOnCard(DamageCard(), cause="knife", aimed="left arm")
    assert aimed.dice == (6,) and aimed.hit(ScriptedDice([6])).card.crippled == ("left arm",)


@pytest.mark.rule("B.hitloc")
def test_the_card_shows_itself_in_text_and_html():
    card = take_hit(DamageCard(name="Johnny"), "left arm", 4).card
    text = str(card)
    assert "Johnny" in text and "reconstructed" in text and "left arm   1 2 3 X 5 6" in text
    page = card._repr_html_()
    assert "reconstructed" in page and page.count("cs-crossed") == 1 and "B.hitloc" in page
    assert eval(repr(card)) == card  # noqa: S307 - the repr is a constructor call


# -- properties ---------------------------------------------------------------------------------------

hits = st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 6), st.sampled_from(["firearm", "knife"]),
                          st.one_of(st.none(), st.integers(1, 6))), max_size=20)
cards = st.builds(DamageCard, constitution=st.integers(0, 10), vest=st.booleans())


@pytest.mark.rule("B.hitloc", "B.cover")
@given(cards, hits)
def test_damage_never_unmarks_and_status_never_improves(card, shots):
    for where, box, cause, pen in shots:
        after = take_hit(card, where, box, cause=cause, penetration=pen).card
        assert after.marks[:len(card.marks)] == card.marks  # every box crossed stays crossed, in order
        assert len(after.marks) - len(card.marks) in (0, 1)
        assert ("fighting", "down", "dead").index(after.status) >= ("fighting", "down", "dead").index(card.status)
        assert after.lasting_shock >= card.lasting_shock and after.stamina_loss <= card.stamina_loss
        assert after.vest_wear >= card.vest_wear
        card = after


@pytest.mark.rule("B.hitloc")
@given(cards, hits)
def test_a_card_saved_after_every_hit_reads_back_the_same(card, shots):
    for where, box, cause, pen in shots:
        card = take_hit(card, where, box, cause=cause, penetration=pen).card
        assert DamageCard.from_json(card.to_json()) == card
        assert loads(DamageCard, dumps(card)).status == card.status


@pytest.mark.rule("B.hitloc")
def test_a_saved_card_of_the_wrong_kind_or_with_a_bad_box_is_refused():
    with pytest.raises(SavedStateError, match="not a DamageCard"):
        DamageCard.from_json(dumps(Character("Ann")))
    doc = json.loads(DamageCard(marks=(("torso", 2),)).to_json())
    assert doc["data"]["marks"] == [["torso", 2]]
    doc["data"]["marks"] = [["torso", 8]]
    with pytest.raises(SavedStateError, match="box"):
        DamageCard.from_json(json.dumps(doc))


# -- review fixes -------------------------------------------------------------------------------------

@pytest.mark.rule("B.cover")
def test_the_vest_entry_keeps_the_texts_two_facts_apart_from_our_readings():
    table = damage_card()
    rules, ours = table["vest"], table["vest-readings"]
    assert rules.provenance == "rules" and rules["value"] == 5
    assert "penetration 2" in rules["effect"] and "penetration 3" in rules["effect"]
    assert "4 and up" not in rules["effect"] and "through" not in rules["effect"]  # the text never says so
    assert ours.provenance == "reconstructed"
    assert all(words in ours["effect"] for words in ("penetration 1 counts as 2", "4 and up", "unused vest"))


def _vest_effect(card, penetration, cause="firearm"):
    effects = [e for e in take_hit(card, "torso", 3, cause=cause, penetration=penetration).effects if e.rule == "B.cover"]
    assert len(effects) == 1
    return effects[0]


@pytest.mark.rule("B.cover")
def test_each_vest_effect_says_whether_it_is_the_text_or_our_reading():
    fresh, worn, spent = DamageCard(vest=True), DamageCard(vest=True, vest_wear=1), DamageCard(vest=True, vest_wear=5)
    # the text: five hits of penetration 2, or one of penetration 3
    assert _vest_effect(fresh, 2).provenance == "rules" and "stops" in _vest_effect(fresh, 2).text
    assert _vest_effect(fresh, 3).provenance == "rules" and "stops" in _vest_effect(fresh, 3).text
    assert _vest_effect(spent, 2).provenance == "rules" and "through" in _vest_effect(spent, 2).text
    # ours: penetration 1 counts as 2, a penetration 3 round needs an unused vest, 4 and up go through, knives too
    for card, pen, cause in [(fresh, 1, "firearm"), (worn, 3, "firearm"), (fresh, 4, "firearm"), (fresh, 6, "firearm"),
                             (fresh, 1, "knife")]:
        effect = _vest_effect(card, pen, cause)
        assert effect.provenance == "reconstructed" and str(effect).endswith("ours)"), (pen, cause, effect)


def _reach(card, stamina):
    """The most hexes the card's owner may move this turn (0 if none)."""
    most = 0
    for hexes in range(1, 2 * 6 + 2):
        try:
            gait(card.stamina(stamina), hexes, crippled_legs=card.crippled_legs)
        except MoveError:
            continue
        most = hexes
    return most


@pytest.mark.rule("B.move.gait", "B.hitloc")
def test_losing_the_second_leg_does_not_make_him_move_better():
    lame = take_hit(DamageCard(), "left leg", 6).card
    assert lame.stamina(3) == 1
    one = gait(lame.stamina(3), 1, crippled_legs=1)  # too little Stamina to walk a hex: he still crawls one
    assert one.gait is Gait.WALK and not one.needs_roll and str(one).startswith("crawling: 1 hex")
    both = take_hit(lame, "right leg", 6).card
    two = gait(both.stamina(3), 1, crippled_legs=both.crippled_legs)
    assert two.gait is Gait.WALK and "of Stamina 0" not in str(two) and "both legs lost" in str(two)
    assert _reach(DamageCard(), 3) == 6 and _reach(lame, 3) == 1 and _reach(both, 3) == 1
    assert str(gait(5, 2, crippled_legs=1)) == "walking: 2 of Stamina 5 (a leg lost: walk only, up to 2)"
    stiff = take_hit(DamageCard(), "left leg", 4).card  # Stamina 2 - 2: nothing to walk with, but a crawl
    assert stiff.stamina(2) == 0 and str(gait(0, 1)).startswith("crawling: 1 hex") and _reach(stiff, 2) == 1
    with pytest.raises(MoveError, match="crawl"):
        gait(0, 2)


@pytest.mark.rule("B.move.gait", "B.hitloc")
@given(st.integers(0, 6), hits)
def test_more_wounds_never_let_him_move_further(stamina, shots):
    card = DamageCard(constitution=10)
    for where, box, cause, pen in shots:
        after = take_hit(card, where, box, cause=cause, penetration=pen).card
        assert _reach(after, stamina) <= _reach(card, stamina)
        assert _reach(after, stamina) >= 1  # a crawl of 1 hex is always left
        card = after


@pytest.mark.rule("B.shock", "B.chargen", "B.hitloc")
def test_lasting_shock_lowers_constitution_in_the_knock_down_count():
    ann = Character("Ann", constitution=4)
    card = DamageCard.for_character(ann)
    for where in ("head", "left leg", "right leg"):
        card = take_hit(card, where, 1).card
    assert card.status == "fighting" and card.lasting_shock == 1 and card.effective_constitution == 3
    hit = take_hit(card, "left arm", 1)
    card = hit.card
    assert card.wound_count == 4 and card.stat(ann, "constitution") == 3
    assert card.status == "down"
    assert any("4 wounds are more than Constitution 3" in e.text for e in hit.effects)
    assert "Constitution 4 (3 after lasting shock)" in str(card) and "3 after lasting shock" in card._repr_html_()


@pytest.mark.rule("B.shock", "B.chargen")
@given(st.integers(0, 10), hits)
def test_the_knock_down_count_uses_the_constitution_the_man_plays_with(constitution, shots):
    ann = Character("Ann", constitution=constitution)
    card = DamageCard.for_character(ann)
    for where, box, cause, pen in shots:
        card = take_hit(card, where, box, cause=cause, penetration=pen).card
        if all(w["status"] == "fighting" for _, w, _ in card._wounds()):
            assert (card.status == "down") == (card.wound_count > card.stat(ann, "constitution"))


@pytest.mark.rule("B.hitloc", "B.shock")
def test_one_hit_on_a_constitution_1_man_drops_him_if_it_shocks_him_for_good():
    odds = HitOnCard(DamageCard(constitution=1)).outcomes()
    # dead: head 6; down: head 1-5 (1/10 x 5/6) and torso 4-6 (3/10 x 3/6), each a wound with lasting shock
    assert odds["dead"] == Fraction(1, 60) and odds["down"] == Fraction(1, 12) + Fraction(3, 20)
    assert sum(odds.values()) == 1 and HitOnCard(DamageCard(constitution=4)).outcomes()["down"] == Fraction(1, 12)
