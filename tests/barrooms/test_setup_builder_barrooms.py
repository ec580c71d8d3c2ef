"""Setting up a Bar-rooms fight without code (issue 13): the set-up builder refuses every choice the
character, weapon and cover rules forbid with a named error citing its rule, a built setup starts
a fight that plays, and it saves and loads as JSON."""

from __future__ import annotations

import pytest

from cs_panel.barrooms import setup_builder as B
from cs_panel.barrooms.character import BUDGETS
from cs_panel.barrooms.firing import weapons
from cs_panel.barrooms.play import demo_setup
from cs_panel.bots import choose
from cs_panel.fasa.pilots import level_cost
from cs_panel.games import new_game
from cs_panel.setups import SetupError, setup_from_json, setup_to_json

FAIR = dict(stamina=4, constitution=4, deadeye=4, steady_mind=4, quickdraw=4, sixth_sense=3, melee=3)  # 430 points


def refused(rule_id: str, cls: type[SetupError], field: str, call, *args, **kwargs) -> SetupError:
    """The call is refused with a ``cls`` that names ``rule_id`` in its message and attribute, and the field."""
    with pytest.raises(cls) as info:
        call(*args, **kwargs)
    e = info.value
    assert e.rule_id == rule_id and rule_id in str(e), str(e)
    assert e.field == field, (e.field, str(e))
    return e


def pair(**second) -> list[dict]:
    a = B.character("Mac", "Ann", FAIR, weapon="colt-1911", at=(1, 2))
    b = B.character("Lou", "Bob", FAIR, weapon="thompson", at=second.pop("at", (10, 2)), **second)
    return [a, b]


# -- characters (B.chargen, B.skills, B.melee) --------------------------------------------------------

@pytest.mark.rule("B.chargen")
def test_the_stats_cost_the_skill_cost_table_against_the_chosen_points():
    assert B.points("Mac", FAIR).total == sum(level_cost(v) for v in FAIR.values()) == 430
    assert B.points("Mac", FAIR, budget="lead").left == 20
    strong = dict(FAIR, deadeye=6)  # 430 - 70 + 160 = 520: over a lead's 450 and a wing's 350, within 600
    e = refused("B.chargen", B.CharacterBuildError, "budget", B.points, "Mac", strong, budget="lead")
    assert "520" in str(e) and "70 over" in str(e)
    refused("B.chargen", B.CharacterBuildError, "budget", B.points, "Mac", strong, budget="squadron-wingman")
    assert B.points("Mac", strong, budget="squadron-leader").left == BUDGETS["squadron-leader"] - 520
    refused("B.chargen", B.CharacterBuildError, "budget", B.points, "Mac", FAIR, budget="wing")  # 430 > 350
    refused("B.chargen", B.CharacterBuildError, "budget", B.points, "Mac", FAIR, budget="general")
    # the character is refused as a whole, not only the cost line
    refused("B.chargen", B.CharacterBuildError, "budget", B.character, "Mac", "Ann", strong)


@pytest.mark.rule("B.chargen")
@pytest.mark.parametrize("stat,value", [("stamina", 7), ("stamina", -1), ("deadeye", 11), ("melee", -1),
                                        ("quickdraw", "5"), ("sixth_sense", True)])
def test_a_stat_outside_its_range_is_refused_beside_it(stat, value):
    refused("B.chargen", B.CharacterBuildError, stat, B.character, "Mac", "Ann", dict(FAIR, **{stat: value}),
            budget="squadron-leader")


@pytest.mark.rule("B.chargen")
def test_stamina_six_is_the_most_and_all_seven_stats_are_needed():
    assert B.points("Mac", dict(FAIR, stamina=6, deadeye=0), budget="lead").total == 430 - 70 + 160 - 70
    missing = {k: v for k, v in FAIR.items() if k != "melee"}
    refused("B.chargen", B.CharacterBuildError, "stats", B.character, "Mac", "Ann", missing)


@pytest.mark.rule("B.melee")
def test_no_constitution_is_refused_his_punch_points_would_be_none():
    refused("B.melee", B.CharacterBuildError, "constitution", B.character, "Mac", "Ann", dict(FAIR, constitution=0))
    assert B.character("Mac", "Ann", dict(FAIR, constitution=1))["stats"]["constitution"] == 1


@pytest.mark.rule("B.skills")
def test_special_skills_are_paid_from_the_points_and_need_their_prerequisite():
    assert B.points("Mac", FAIR, ["bowman"]).total == 440
    e = refused("B.chargen", B.CharacterBuildError, "budget", B.points, "Mac", FAIR, ["brawler"])  # 470 > 450
    assert "costs 470 points, 20 over the 450" in str(e)
    refused("B.skills", B.CharacterBuildError, "skills", B.character, "Mac", "Ann", FAIR, skills=["superman"],
            budget="squadron-leader")
    assert B.character("Mac", "Ann", FAIR, skills=["fast-reaction", "superman"], budget="squadron-leader")["skills"] == [
        "fast-reaction", "superman"]
    refused("B.skills", B.CharacterBuildError, "skills", B.character, "Mac", "Ann", FAIR, skills=["knife-expert"],
            budget="squadron-leader")
    refused("B.skills", B.CharacterBuildError, "skills", B.character, "Mac", "Ann", FAIR, skills=["karate"])
    refused("B.skills", B.CharacterBuildError, "skills", B.character, "Mac", "Ann", FAIR, skills=["bowman", "bowman"])
    refused("B.skills", B.CharacterBuildError, "skills", B.character, "Mac", "Ann", FAIR, skills="bowman")
    assert set(B.skill_choices().values()) == {"fast-reaction", "superman", "quickdraw-artist", "ambidextrous",
                                               "brawler", "brawler-upgrade", "knifer", "knife-expert", "bowman",
                                               "stealthy"}


@pytest.mark.rule("B.sequence")
@pytest.mark.parametrize("name", ["mac", "Mac Doe", "Fire", "At", "", "M4c", "A" * 21, 7])
def test_a_name_the_action_notation_cannot_read_is_refused(name):
    refused("B.sequence", B.PlacementError, "name", B.character, name, "Ann", FAIR)
    refused("B.sequence", B.PlacementError, "player", B.character, "Mac", name, FAIR)


# -- what he carries (B.weapons, B.jam, B.grenade) ---------------------------------------------------------

@pytest.mark.rule("B.weapons")
def test_a_character_carries_one_firearm_of_the_data_or_none():
    assert sorted(B.firearms().values()) == sorted(w.id for w in weapons() if w["class"] != "missile")
    for gun in B.firearms().values():
        assert B.character("Mac", "Ann", FAIR, weapon=gun)["weapon"] == gun
    assert B.character("Mac", "Ann", FAIR, weapon="")["weapon"] is None
    refused("B.weapons", B.EquipmentError, "weapon", B.character, "Mac", "Ann", FAIR, weapon="bazooka")
    refused("B.weapons", B.EquipmentError, "weapon", B.character, "Mac", "Ann", FAIR, weapon="bow")
    refused("B.weapons", B.EquipmentError, "knife", B.character, "Mac", "Ann", FAIR, knife="yes")
    refused("B.weapons", B.EquipmentError, "vest", B.character, "Mac", "Ann", FAIR, vest=1)


@pytest.mark.rule("B.jam")
def test_only_a_gun_can_be_an_inferior_make():
    assert B.character("Mac", "Ann", FAIR, weapon="38-revolver", inferior=True)["inferior"] is True
    refused("B.jam", B.EquipmentError, "inferior", B.character, "Mac", "Ann", FAIR, weapon=None, inferior=True)


@pytest.mark.rule("B.grenade")
def test_grenades_are_explosive_or_flash_bang_four_at_most():
    assert B.grenades(1, 2) == ["explosive", "flash-bang", "flash-bang"]
    assert B.character("Mac", "Ann", FAIR, grenades=B.grenades(2, 2))["grenades"] == ["explosive"] * 2 + ["flash-bang"] * 2
    refused("B.grenade", B.EquipmentError, "grenades", B.grenades, 3, 2)
    refused("B.grenade", B.EquipmentError, "grenades", B.grenades, -1, 0)
    refused("B.grenade", B.EquipmentError, "grenades", B.character, "Mac", "Ann", FAIR, grenades=["smoke"])
    refused("B.grenade", B.EquipmentError, "grenades", B.character, "Mac", "Ann", FAIR, grenades=["explosive"] * 5)
    refused("B.grenade", B.EquipmentError, "grenades", B.character, "Mac", "Ann", FAIR, grenades="explosive")


# -- the room (B.cover) and the fight (B.sequence) -------------------------------------------------------------

@pytest.mark.rule("B.cover")
def test_cover_notation_round_trips_and_bad_cover_is_refused():
    text = "bar 5,0; table 3,2; stove 11,4"
    assert B.cover_list(text) == [["bar", 5, 0], ["table", 3, 2], ["stove", 11, 4]]
    assert B.cover_text(B.cover_list(text)) == text
    assert B.cover_text(demo_setup()["cover"]) and B.cover_list(B.cover_text(demo_setup()["cover"])) == demo_setup()["cover"]
    assert B.cover_list("") == [] and B.cover_list(" table 1 , 1 ;") == [["table", 1, 1]]
    for bad in ("chair 1,1", "table 1", "table one,two", "table 1,1,1", "import os"):
        refused("B.cover", B.RoomError, "cover", B.cover_list, bad)
    refused("B.cover", B.RoomError, "cover", B.room, 12, 8, "table 12,0")
    refused("B.cover", B.RoomError, "cover", B.room, 12, 8, "table 1,1; stove 1,1")
    refused("B.cover", B.RoomError, "cover", B.room, 12, 8, [["piano", 1, 1]])
    refused("B.cover", B.RoomError, "cols", B.room, 1, 8)
    refused("B.cover", B.RoomError, "rows", B.room, 12, 41)


@pytest.mark.rule("B.sequence", "B.cover")
def test_starting_hexes_inside_the_room_one_man_a_hex_never_on_cover():
    where = B.room(12, 8, "table 0,0; table 11,0")
    assert B.free_hex(where, 0) == (0, 1) and B.free_hex(where, 1) == (11, 1)
    assert B.free_hex(where, 0, [(0, 1), (0, 2)]) == (0, 3)
    refused("B.cover", B.PlacementError, "at", B.check_hex, where, "Mac", (0, 0), {})
    refused("B.sequence", B.PlacementError, "at", B.check_hex, where, "Mac", (12, 3), {})
    e = refused("B.sequence", B.PlacementError, "at", B.check_hex, where, "Mac", (2, 3), {(2, 3): "Lou"})
    assert "Lou" in str(e)
    refused("B.sequence", B.PlacementError, "at", B.free_hex, B.room(2, 2, "table 0,0; table 1,1"), 0, [(0, 1), (1, 0)])
    refused("B.sequence", B.PlacementError, "at", B.character, "Mac", "Ann", FAIR, at=(-1, 0))
    refused("B.sequence", B.PlacementError, "at", B.game_setup, pair(at=(1, 2)))
    refused("B.cover", B.PlacementError, "at", B.game_setup, pair(), cover="table 10,2")


@pytest.mark.rule("B.sequence")
def test_a_fight_is_two_sides_of_named_characters_for_some_turns():
    mac, lou = pair()
    refused("B.sequence", B.PlacementError, "fighters", B.game_setup, [mac])
    refused("B.sequence", B.PlacementError, "player", B.game_setup, [mac, dict(lou, player="Ann")])
    third = B.character("Cy", "Cal", FAIR, at=(5, 5))
    refused("B.sequence", B.PlacementError, "player", B.game_setup, [mac, lou, third])
    refused("B.sequence", B.PlacementError, "name", B.game_setup, [mac, dict(lou, at=[9, 9 - 3])] + [dict(mac, at=[2, 2])])
    refused("B.sequence", B.PlacementError, "max_turns", B.game_setup, [mac, lou], max_turns=0)
    refused("B.sequence", B.PlacementError, "player", B.game_setup, [mac, lou], players=["Ann", "Cal"])
    assert B.game_setup([mac, lou], players=["Bob", "Ann"])["players"] == ["Bob", "Ann"]
    assert B.game_setup([mac, lou])["players"] == ["Ann", "Bob"]
    many = [B.character(f"M{'abcdefghijklm'[i]}", "Ann" if i % 2 else "Bob", FAIR, at=(i, 0)) for i in range(13)]
    refused("B.sequence", B.PlacementError, "fighters", B.game_setup, many, cols=14)


# -- a built fight plays, and saves ------------------------------------------------------------------------------

@pytest.mark.rule("B.sequence", "B.chargen")
def test_a_built_setup_starts_a_fight_the_bots_play():
    jonesy = B.character("Jonesy", "Ann", dict(FAIR, melee=5, quickdraw=2), skills=["brawler"], weapon="pump-shotgun",
                         knife=True, grenades=B.grenades(0, 1), at=(4, 3), budget="squadron-leader")
    vic = B.character("Vic", "Bob", dict(FAIR, quickdraw=1), skills=["knifer"], weapon="38-revolver", inferior=True,
                      knife=True, vest=True, at=(7, 3))
    setup = B.game_setup([*pair(), jonesy, vic], cols=12, rows=8, cover="table 5,3; bar 6,0", max_turns=3)
    game = new_game("barrooms", 5, setup)
    assert game.players == ("Ann", "Bob") and game.waiting_for == ("Bob",)  # Vic has the lowest Quickdraw: he moves first
    state = game.state
    assert state.fighter("Vic").ch.vest and state.fighter("Vic").inferior and state.fighter("Jonesy").grenades == ("flash-bang",)
    for _ in range(60):
        if game.is_over:
            break
        who = game.waiting_for[0]
        game = game.apply(choose(game, who, "tactical").action)
    assert len(game.log) >= 20 and game.turn >= 2


def test_a_built_setup_round_trips_through_json():
    setup = B.game_setup(pair(), cover="table 5,3", max_turns=4)
    assert setup_from_json("barrooms", setup_to_json("barrooms", setup)) == setup
    demo = demo_setup()
    assert B.game_setup(demo["fighters"], cols=12, rows=8, cover=B.cover_text(demo["cover"]),
                        max_turns=demo["max_turns"], players=demo["players"]) == setup_from_json(
        "barrooms", setup_to_json("barrooms", demo))
