"""A Bar-rooms fight through the game protocol (``cs_panel/barrooms/play.py``): the turn order
(B.sequence), moving by gait (B.move.gait, B.move.dash-roll), a shot at a man behind a table
(B.cover), fists and knives (B.melee, B.knife), grenades (B.grenade), shock (B.shock), jams
(B.jam), the end of the fight, and refusals that name their rule. Rolls are scripted where an
outcome matters, through the same ``step`` the protocol calls."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.barrooms import play
from cs_panel.barrooms.play import BarroomsError, distance
from cs_panel.core.dice import ScriptedDice
from cs_panel.core.game import IllegalActionError
from cs_panel.games import new_game

RULES = play.rules()


def stats(st=4, co=4, de=5, sm=4, qd=3, ss=3, me=3) -> dict:
    return dict(stamina=st, constitution=co, deadeye=de, steady_mind=sm, quickdraw=qd, sixth_sense=ss, melee=me)


def man(name, player, at, **kw) -> dict:
    out = {"name": name, "player": player, "at": list(at), "stats": stats(**kw.pop("s", {}))}
    out.update(kw)
    return out


def setup(*fighters, cover=(), cols=10, rows=6, max_turns=10) -> dict:
    return {"room": {"cols": cols, "rows": rows}, "cover": [list(c) for c in cover], "players": ["Ann", "Bob"],
            "fighters": list(fighters), "max_turns": max_turns}


def start(s: dict):
    return RULES.initial(RULES.check_setup(s), 0)


def act(state, text: str, *faces: int):
    """One action with the die faces given; every scripted face must be used."""
    dice = ScriptedDice(faces)
    state, info = RULES.step(state, RULES.parse_action(text), dice)
    assert dice.remaining == [], f"{text}: faces left over {dice.remaining}"
    return state, info.lines


def to_phase(state, phase: str):
    """Everyone stays and passes until ``phase`` begins."""
    while state.phase != phase:
        name = state.queue[0]
        state, _ = act(state, f"stay {name}" if state.phase == "move" else f"pass {name}")
    return state


# -- B.sequence ------------------------------------------------------------------------------------------


@pytest.mark.rule("B.sequence")
def test_the_demo_moves_from_the_lowest_quickdraw_and_fires_from_the_highest():
    g = new_game("barrooms", seed=5)
    # Quickdraw: Vic 1, Jonesy 2, Lou 4 less 1 for his vest = 3, Mac 5
    assert g.state.queue == ("Vic", "Jonesy", "Lou", "Mac")
    assert g.waiting_for == ("Bob",)
    with pytest.raises(IllegalActionError, match="Vic's go in the move phase") as e:
        g.apply("stay Mac")
    assert e.value.rule_id == "B.sequence"
    assert g.legal_actions("Ann") == []
    g = g.play("stay Vic", "stay Jonesy", "stay Lou", "stay Mac")
    assert g.state.phase == "fire" and g.state.queue == ("Mac", "Lou", "Jonesy", "Vic")
    with pytest.raises(IllegalActionError, match="not done in the fire phase") as e:
        g.apply("move Mac to 2,2 walk")
    assert e.value.rule_id == "B.sequence"


@pytest.mark.rule("B.sequence")
@pytest.mark.rule("B.melee")
def test_fists_come_after_movement_and_before_firearms():
    s = start(setup(man("Mac", "Ann", (2, 2), s={"qd": 5}, weapon="colt-1911"),
                    man("Lou", "Bob", (4, 2), s={"qd": 2}, weapon="colt-1911")))
    s, _ = act(s, "move Lou to 3,2 walk")
    assert distance(s.fighter("Lou").at, s.fighter("Mac").at) == 1
    s, lines = act(s, "stay Mac")
    assert s.phase == "melee" and s.queue == ("Lou", "Mac")  # declared from the lowest Quickdraw
    assert any("hand-to-hand" in x for x in lines)
    s, _ = act(s, "pass Lou")
    # Mac's punch: blow d10 8 (needs 4), location d10 4 (torso, 2 points)
    s, lines = act(s, "punch Mac at Lou", 8, 4)
    assert s.phase == "fire" and s.queue == ("Mac", "Lou")
    assert s.fighter("Lou").punch_lost == 2 and s.fighter("Lou").punched
    assert any("4 base + 3 opponent's Melee 3 - 3 Melee 3 = 4 (70%); d10 rolled 8 -> lands (B.melee)" in x for x in lines)


@pytest.mark.rule("B.sequence")
@pytest.mark.rule("B.shock")
def test_shock_is_shaken_off_with_eight_less_constitution_at_the_end_of_the_turn():
    s = start(setup(man("Mac", "Ann", (1, 1), s={"co": 5, "qd": 5}), man("Lou", "Bob", (8, 4), s={"qd": 2})))
    s = s.with_fighter(dataclasses.replace(s.fighter("Mac"), ch=s.fighter("Mac").ch.shocked(1)))
    s = to_phase(s, "fire")
    s, _ = act(s, "pass Mac")
    s, lines = act(s, "pass Lou", 2)  # 8 - 5 = 3: a 2 fails
    assert s.fighter("Mac").ch.shock == 1 and s.turn == 2
    assert any("8 base - 5 Constitution 5 = 3" in x and "stays in shock" in x for x in lines)
    s = to_phase(s, "fire")
    s, _ = act(s, "pass Mac")
    s, _ = act(s, "pass Lou", 3)
    assert s.fighter("Mac").ch.shock == 0


# -- B.move.gait, B.move.dash-roll ---------------------------------------------------------------------------


@pytest.mark.rule("B.move.gait")
def test_the_gait_is_set_by_the_hexes_moved():
    s = start(setup(man("Mac", "Ann", (0, 0), s={"st": 4}), man("Lou", "Bob", (9, 5))))
    words = {}
    for a in RULES.legal_actions(s):
        if isinstance(a, play.Move):
            words.setdefault(distance((0, 0), a.to), set()).add(a.gait)
    # Stamina 4: walk 1-2, run 3-4, dash 5-8 (our reading: twice the Stamina at most)
    assert words == {1: {"walk"}, 2: {"walk"}, 3: {"run"}, 4: {"run"}, 5: {"dash"}, 6: {"dash"}, 7: {"dash"},
                     8: {"dash"}}
    with pytest.raises(BarroomsError, match="is walking, not running") as e:
        act(s, "move Mac to 2,0 run")
    assert e.value.rule_id == "B.move.gait"
    with pytest.raises(BarroomsError, match="cannot reach") as e:
        act(s, "move Mac to 9,0 dash")
    assert e.value.rule_id == "B.move.gait"


@pytest.mark.rule("B.move.dash-roll")
@pytest.mark.rule("B.move.gait")
def test_a_runner_who_fails_his_roll_covers_half_the_way():
    s = start(setup(man("Mac", "Ann", (0, 0), s={"st": 4, "co": 4}), man("Lou", "Bob", (9, 5))))
    kept, lines = act(s, "move Mac to 4,0 run", 4)  # 12 - 4 - 4 = 4
    assert kept.fighter("Mac").at == (4, 0) and kept.fighter("Mac").gait == "running"
    fell, lines = act(s, "move Mac to 4,0 run", 3)
    assert fell.fighter("Mac").at == (2, 0) and fell.fighter("Mac").gait == "running"
    assert any("12 base - 4 Constitution 4 - 4 Stamina 4 = 4 (70%)" in x and "stumbles: only 2 of 4" in x for x in lines)
    walked, _ = act(s, "move Mac to 2,0 walk")  # no roll for a walk
    assert walked.fighter("Mac").gait == "walking"


@pytest.mark.rule("B.move.gait")
def test_tables_and_people_are_walked_round():
    s = start(setup(man("Mac", "Ann", (0, 0), s={"st": 2}), man("Lou", "Bob", (9, 5)), cover=[("table", 1, 0)]))
    reach = {a.to: a.gait for a in RULES.legal_actions(s) if isinstance(a, play.Move)}
    assert (1, 0) not in reach  # the table's hex
    assert (2, 0) not in reach or reach[(2, 0)] != "walk"  # two hexes straight, three round the table


# -- B.fire.target, B.cover --------------------------------------------------------------------------------


def _covered_pair(**lou):
    return start(setup(man("Mac", "Ann", (1, 2), s={"qd": 5, "de": 5}, weapon="colt-1911"),
                       man("Lou", "Bob", (6, 2), s={"qd": 2}, weapon=lou.pop("weapon", "colt-1911"), **lou),
                       cover=[("table", 5, 2)]))


@pytest.mark.rule("B.cover")
@pytest.mark.rule("B.fire.target")
def test_a_shot_at_a_man_behind_a_table_adds_cover_and_rolls_past_it():
    s = _covered_pair()
    assert distance((1, 2), (5, 2)) < distance((1, 2), (6, 2)) and distance((5, 2), (6, 2)) == 1
    s = to_phase(s, "fire")
    # to hit: 5 a person + 5 range - 5 Deadeye + 1 firing from cover = 6; then the cover roll must beat 5
    s2, lines = act(s, "fire Mac at Lou", 9, 4)
    assert any("5 a person + 5 range 5 hexes - 5 Deadeye 5 + 1 target firing from cover = 6 (50%); d10 rolled 9 -> hit"
               in x for x in lines)
    assert any("cover roll" in x and "-> hits the cover" in x for x in lines)
    assert s2.fighter("Lou").card.marks == () and s2.fighter("Mac").ammo == 6
    # past the table: shock roll 9 (steady), location 4 (torso), box 2
    s3, lines = act(s, "fire Mac at Lou", 9, 6, 9, 4, 2)
    assert s3.fighter("Lou").card.marks == (("torso", 2),)


@pytest.mark.rule("B.cover")
def test_hiding_behind_cover_is_three_harder_to_hit_and_no_firing():
    s = _covered_pair()
    s, lines = act(s, "hide Lou")
    assert s.fighter("Lou").hid and any("takes shelter behind the table" in x for x in lines)
    s, _ = act(s, "stay Mac")
    num = play.shot_number(s, s.fighter("Mac"), s.fighter("Lou"), 1)
    assert num.term("B.cover").value == 3 and num.total == 8
    s, _ = act(s, "pass Mac")
    assert play.Fire("Lou", "Mac") not in RULES.legal_actions(s)
    with pytest.raises(BarroomsError, match="took shelter this turn") as e:
        act(s, "fire Lou at Mac")
    assert e.value.rule_id == "B.cover"


@pytest.mark.rule("B.cover")
def test_a_round_that_beats_the_armour_needs_no_cover_roll():
    s = start(setup(man("Mac", "Ann", (1, 2), s={"qd": 5}, weapon="357-magnum"),
                    man("Lou", "Bob", (6, 2), s={"qd": 2}), cover=[("table", 5, 2)]))
    s = to_phase(s, "fire")
    s, lines = act(s, "fire Mac at Lou", 9, 9, 4, 2)  # hit, shock roll, location, box: no cover roll
    assert any("penetration 3 beats armour 2" in x for x in lines)
    assert s.fighter("Lou").card.marks == (("torso", 2),)


@pytest.mark.rule("B.fire.rate")
@pytest.mark.rule("B.move.gait")
def test_every_shot_of_a_volley_rolls_against_the_volley_number():
    s = start(setup(man("Mac", "Ann", (1, 2), s={"qd": 5, "de": 5}, weapon="colt-1911"),
                    man("Lou", "Bob", (4, 2), s={"qd": 2, "st": 4})))
    s, _ = act(s, "move Lou to 5,2 walk")
    s, _ = act(s, "move Mac to 2,2 walk")
    num = play.shot_number(s, s.fighter("Mac"), s.fighter("Lou"), 3)
    labels = [t.label for t in num.terms]
    assert "2 extra shots" in labels and "firing while walking" in labels
    assert num.total == 5 + 3 - 5 + 2 + 1
    s, lines = act(s, "fire Mac at Lou x3", 2, 2, 2)
    assert s.fighter("Mac").ammo == 7 - 3 and sum("shot " in x for x in lines) == 3


# -- B.jam -----------------------------------------------------------------------------------------------


@pytest.mark.rule("B.jam")
def test_an_inferior_gun_jams_on_a_two_and_is_cleared_with_eight_less_steady_mind():
    s = start(setup(man("Mac", "Ann", (1, 2), s={"qd": 5, "sm": 4}, weapon="38-revolver", inferior=True),
                    man("Lou", "Bob", (6, 2), s={"qd": 2})))
    s = to_phase(s, "fire")
    s, lines = act(s, "fire Mac at Lou x3", 2)  # the first shot jams: the volley stops
    assert s.fighter("Mac").gun == "jammed" and s.fighter("Mac").ammo == 5
    assert any("jammed: an inferior gun jams on 1-2 (B.jam" in x for x in lines)
    s, _ = act(s, "pass Lou")
    s = to_phase(s, "fire")
    assert play.Clear("Mac") in RULES.legal_actions(s)
    with pytest.raises(BarroomsError, match="clear it first") as e:
        act(s, "fire Mac at Lou")
    assert e.value.rule_id == "B.jam"
    cleared, lines = act(s, "clear Mac", 4)  # 8 - 4 = 4
    assert cleared.fighter("Mac").gun == "ready"
    broken, _ = act(s, "clear Mac", 1)
    assert broken.fighter("Mac").gun == "broken"


# -- B.melee, B.knife ----------------------------------------------------------------------------------------


def _brawl(**mac):
    s = start(setup(man("Mac", "Ann", (2, 2), s=mac.pop("s", {"qd": 5, "me": 3}), **mac),
                    man("Lou", "Bob", (3, 2), s={"qd": 2, "me": 3, "co": 4}, weapon="colt-1911")))
    return to_phase(s, "melee")


@pytest.mark.rule("B.melee")
def test_an_aimed_punch_at_the_head_takes_four_punch_points_and_spoils_his_aim():
    s = _brawl()
    s, _ = act(s, "pass Lou")
    # 4 + 3 - 3 + 2 aimed at the head = 6: rolled 6; 4 of 16 points, a quarter: readiness 12 - 4 + 4 = 12, a 10 makes it
    s, lines = act(s, "punch Mac at Lou aim head", 6, 10)
    lou = s.fighter("Lou")
    assert lou.punch_lost == 4 and lou.track.left == 12
    assert any("+ 2 aimed at the head = 6 (50%); d10 rolled 6 -> lands" in x for x in lines)
    assert s.phase == "fire"
    s, _ = act(s, "pass Mac")
    num = play.shot_number(s, lou, s.fighter("Mac"), 1)
    assert num.term("B.melee").label == "punched this turn before firing" and num.term("B.melee").value == 2


@pytest.mark.rule("B.melee")
def test_an_evader_is_three_harder_to_hit_but_takes_double_and_rolls_readiness_at_a_quarter():
    s = _brawl()
    s, _ = act(s, "evade Lou")
    # blow 4 + 3 - 3 + 1 torso + 3 evade = 8: rolled 8; torso 2 x 2 = 4 of 16: a quarter gone -> readiness
    # 12 - 4 + 4 = 12: a 9 fails, every stat -1
    s, lines = act(s, "punch Mac at Lou aim torso", 8, 9)
    lou = s.fighter("Lou")
    assert lou.punch_lost == 4 and lou.ch.shock == 1
    assert any("(double: he evaded)" in x for x in lines)
    assert any("12 base - 4 Constitution 4 + 4 Stamina 4 = 12" in x for x in lines)


@pytest.mark.rule("B.melee")
def test_a_block_is_two_harder_and_punching_while_blocking_costs_one():
    s = _brawl()
    s, _ = act(s, "punch Lou at Mac and block")
    # Mac only blocks; Lou's punch: 4 + 3 - 3 + 1 punching while blocking + 2 block = 7, a 7 lands; location 5 = torso
    s, lines = act(s, "block Mac", 7, 5)
    assert any("declares: block Mac" in x for x in lines)
    assert any("+ 2 defender chose to block + 1 punching while blocking = 7" in x and "lands" in x for x in lines)
    assert s.fighter("Mac").punch_lost == 2 and s.fighter("Lou").punch_lost == 0


@pytest.mark.rule("B.knife")
def test_a_knife_wounds_like_a_bullet_and_needs_a_knife():
    s = _brawl(knife=True, s={"qd": 5, "me": 3}, skills=["knifer"])
    s, _ = act(s, "pass Lou")
    # 4 + 3 - 3 + 2 aimed at an arm - 1 Knifer = 5: rolled 5; shock roll 9; box 4 on the right arm
    s, lines = act(s, "knife Mac at Lou aim right arm", 5, 9, 4)
    assert s.fighter("Lou").card.marks == (("right arm", 4),)
    assert s.fighter("Lou").punch_lost == 0
    s = _brawl()
    s, _ = act(s, "pass Lou")
    with pytest.raises(BarroomsError, match="carries no knife") as e:
        act(s, "knife Mac at Lou")
    assert e.value.rule_id == "B.knife"


@pytest.mark.rule("B.knife")
def test_evading_a_knife_first_needs_eight_less_sixth_sense():
    s = _brawl(knife=True)
    s, _ = act(s, "evade Lou")
    # Lou's Sixth Sense 3: needs 5; a 2 fails, and he is 1 easier to hit: 4 + 3 - 3 - 1 = 3
    s, lines = act(s, "knife Mac at Lou", 2, 3, 9, 3, 1)
    assert any("8 base - 3 Sixth Sense 3 = 5" in x and "fails" in x for x in lines)
    assert any("- 1 failed evade = 3" in x for x in lines)
    assert s.fighter("Lou").card.marks == (("torso", 1),)


# -- B.grenade ---------------------------------------------------------------------------------------------


@pytest.mark.rule("B.grenade")
def test_an_explosive_grenade_hits_its_hex_through_cover_and_rolls_fragments_next_door():
    s = start(setup(man("Mac", "Ann", (0, 2), s={"qd": 5, "st": 4, "de": 3}, grenades=["explosive"]),
                    man("Lou", "Bob", (6, 2), s={"qd": 2, "co": 9, "sm": 9}),
                    man("Vic", "Bob", (7, 2), s={"qd": 1}), cover=[("table", 5, 2)]))
    s = to_phase(s, "fire")
    assert any(isinstance(a, play.Throw) and a.to == (6, 2) for a in RULES.legal_actions(s))
    # Lou, in the hex: five hits, each a shock roll, a location and a box, no cover roll
    lou_faces = [9, 4, 1, 9, 4, 2, 9, 4, 3, 9, 6, 1, 9, 6, 2]
    # Vic, next to it: five fragment shots at 6 (5 + 1 range); only the first hits: shock 9, torso box 1
    vic_faces = [6, 9, 4, 1, 2, 2, 2, 2]
    s, lines = act(s, "throw Mac explosive at 6,2", *lou_faces, *vic_faces)
    assert s.fighter("Mac").grenades == ()
    assert len(s.fighter("Lou").card.marks) == 5
    assert s.fighter("Vic").card.marks == (("torso", 1),)
    assert any("5 .30-06 hits, through any cover" in x for x in lines)
    assert any("fragment to hit" in x and "5 a person + 1 range 1 hexes" in x and "= 6 (50%)" in x for x in lines)


@pytest.mark.rule("B.grenade")
def test_a_grenade_goes_stamina_plus_deadeye_hexes_and_no_farther():
    s = start(setup(man("Mac", "Ann", (0, 0), s={"qd": 5, "st": 2, "de": 1}, grenades=["flash-bang"]),
                    man("Lou", "Bob", (9, 0), s={"qd": 2})))
    s = to_phase(s, "fire")
    throws = [a for a in RULES.legal_actions(s) if isinstance(a, play.Throw)]
    assert throws and max(distance((0, 0), a.to) for a in throws) == 3
    with pytest.raises(BarroomsError, match="Stamina \\+ Deadeye = 3 hexes") as e:
        act(s, "throw Mac flash-bang at 4,0")
    assert e.value.rule_id == "B.grenade"


@pytest.mark.rule("B.grenade")
@pytest.mark.rule("B.shock")
def test_a_flash_bang_shocks_its_hex_and_those_next_to_it_roll_eight_less_constitution():
    s = start(setup(man("Mac", "Ann", (0, 2), s={"qd": 5}, grenades=["flash-bang"]),
                    man("Lou", "Bob", (4, 2), s={"qd": 2}), man("Vic", "Bob", (5, 2), s={"qd": 1, "co": 5})))
    s = to_phase(s, "fire")
    s, lines = act(s, "throw Mac flash-bang at 4,2", 2)  # Vic: 8 - 5 = 3, a 2 fails
    assert s.fighter("Lou").ch.shock == play.FLASH_SHOCK and s.fighter("Vic").ch.shock == play.FLASH_SHOCK
    assert s.fighter("Lou").stat("deadeye") == 5 - play.FLASH_SHOCK


# -- B.shock, B.hitloc: the end of the fight ------------------------------------------------------------------


@pytest.mark.rule("B.hitloc")
@pytest.mark.rule("B.shock")
def test_the_fight_ends_when_one_side_has_nobody_fighting():
    s = start(setup(man("Mac", "Ann", (1, 2), s={"qd": 5}, weapon="colt-1911"),
                    man("Lou", "Bob", (3, 2), s={"qd": 2})))
    s = to_phase(s, "fire")
    # a hit, a failed shock roll (8 - 4 = 4: a 2 fails), head box 6: dead
    s, lines = act(s, "fire Mac at Lou", 9, 2, 10, 6)
    assert s.fighter("Lou").status == "dead" and s.fighter("Mac").ammo == 6
    assert RULES.is_over(s) and s.phase == "over" and RULES.legal_actions(s) == []
    r = RULES.result(s)
    assert r.winner == "Ann" and dict(r.scores) == {"Ann": 1.0, "Bob": 0.0}
    assert "Lou dead" in r.text and RULES.waiting_for(s) == ()
    assert not RULES.invariants(s)


@pytest.mark.rule("B.melee")
def test_a_man_with_no_punch_points_left_is_out_cold_and_out_of_the_fight():
    s = _brawl()
    lou = s.fighter("Lou")
    s = s.with_fighter(dataclasses.replace(lou, punch_lost=lou.punch_total - 1))
    s, _ = act(s, "pass Lou")
    s, lines = act(s, "punch Mac at Lou aim torso", 9)
    assert s.fighter("Lou").status == "out cold" and RULES.result(s).winner == "Ann"


@pytest.mark.rule("B.sequence")
def test_at_the_agreed_turn_limit_the_side_with_more_men_fighting_wins():
    s = start(setup(man("Mac", "Ann", (0, 0), s={"qd": 5}), man("Jo", "Ann", (0, 4)),
                    man("Lou", "Bob", (9, 0), s={"qd": 2}), max_turns=1))
    s = s.with_fighter(dataclasses.replace(s.fighter("Jo"), punch_lost=s.fighter("Jo").punch_total))
    s, _ = act(s, "stay Lou")  # Jo is out cold: he waits for nobody
    s, _ = act(s, "stay Mac")
    s, _ = act(s, "pass Mac")
    s, _ = act(s, "pass Lou")
    r = RULES.result(s)
    assert RULES.is_over(s) and r.winner is None and "turns are up" in r.text and "a draw" in r.text


# -- refusals and notation -----------------------------------------------------------------------------------


@pytest.mark.rule("B.melee")
def test_a_punch_out_of_reach_is_refused_naming_its_rule():
    g = new_game("barrooms", seed=1, setup=setup(
        man("Mac", "Ann", (2, 2), s={"qd": 5}), man("Lou", "Bob", (3, 2), s={"qd": 2}),
        man("Vic", "Bob", (8, 5), s={"qd": 1})))
    g = g.play("stay Vic", "stay Lou", "stay Mac", "pass Lou")
    with pytest.raises(IllegalActionError, match="fists and knives reach 1 hex") as e:
        g.apply("punch Mac at Vic")
    assert e.value.rule_id == "B.melee"
    assert {str(a) for a in g.legal_actions()} >= {"punch Mac at Lou aim left arm and block", "block Mac", "evade Mac"}


@pytest.mark.rule("B.weapons")
def test_reloading_takes_the_guns_reload_time():
    s = start(setup(man("Mac", "Ann", (0, 0), s={"qd": 5}, weapon="pump-shotgun"),
                    man("Lou", "Bob", (9, 5), s={"qd": 2}, weapon="colt-1911")))
    s = s.with_fighter(dataclasses.replace(s.fighter("Mac"), ammo=1))
    s = s.with_fighter(dataclasses.replace(s.fighter("Lou"), ammo=0))
    s = to_phase(s, "fire")
    assert play.Reload("Mac", "Lou") not in RULES.legal_actions(s)  # a shotgun takes two turns
    s, lines = act(s, "reload Mac")
    assert s.fighter("Mac").ammo == 1 and any("2 of 4 half-turns" in x for x in lines)
    assert play.Fire("Lou", "Mac") not in RULES.legal_actions(s)  # no rounds
    s, lines = act(s, "reload Lou then fire at Mac", 2)  # the Colt reloads in half a turn, then one shot
    assert s.fighter("Lou").ammo == 6
    s = to_phase(s, "fire")
    s, _ = act(s, "reload Mac")
    assert s.fighter("Mac").ammo == 5


@pytest.mark.parametrize("text", [
    "move Mac to 3,4 run", "stay Mac", "hide Mac", "punch Mac at Lou", "punch Mac at Lou aim left arm and block",
    "knife Mac at Lou aim head", "block Mac", "evade Mac", "fire Mac at Lou", "fire Mac at Lou x3",
    "throw Mac flash-bang at 5,4", "reload Mac", "reload Mac then fire at Lou", "clear Mac", "pass Mac",
])
def test_notation_round_trips(text):
    assert str(play.parse_action(text)) == text


@pytest.mark.parametrize("bad, words", [
    ({"room": 7}, "unknown setup field|room must be"),
    ({**setup(man("Mac", "Ann", (0, 0)), man("Mac", "Bob", (1, 1)))}, "unique"),
    ({**setup(man("Mac", "Ann", (0, 0)), man("Lou", "Bob", (0, 0)))}, "free hex"),
    ({**setup(man("Mac", "Ann", (0, 0), weapon="bazooka"), man("Lou", "Bob", (1, 1)))}, "weapon must be"),
    ({**setup(man("Mac", "Ann", (0, 0), s={"co": 0}), man("Lou", "Bob", (1, 1)))}, "Constitution 1 or more"),
    ({**setup(man("Mac", "Ann", (0, 0)), man("Lou", "Ann", (1, 1)))}, "each player needs"),
])
def test_a_bad_setup_is_refused_by_name(bad, words):
    with pytest.raises(BarroomsError, match=words):
        RULES.check_setup(bad)


# -- invariants along whole fights ----------------------------------------------------------------------------


@pytest.mark.rule("B.hitloc")
@pytest.mark.rule("B.melee")
@pytest.mark.parametrize("seed", range(6))
def test_wounds_and_lost_punch_points_never_heal_during_a_fight(seed):
    """No healing rule in the text: along a random fight a crossed box stays crossed, lost punch
    points stay lost, a man out of the fight never comes back, and a grenade is thrown once."""
    import random

    rng = random.Random(seed)
    g = new_game("barrooms", seed=seed)
    while not g.is_over:
        before = {f.name: f for f in g.state.fighters}
        g = g.apply(rng.choice(g.legal_actions()))
        for f in g.state.fighters:
            old = before[f.name]
            assert set(old.card.marks) <= set(f.card.marks)
            assert f.punch_lost >= old.punch_lost
            assert old.fighting or not f.fighting
            assert len(f.grenades) <= len(old.grenades)
    assert g.result.text.endswith("(B.hitloc, B.melee; our reading of the end, RULINGS.md)")


def test_the_room_drawing_states_its_shared_look_once():
    """The table sends the room again after every action: the hexes and labels take their common
    stroke, fill and font from groups (the picture is the same; its text half as long)."""
    from cs_panel.barrooms.render import room_svg

    state = new_game("barrooms", seed=1931).state
    svg = room_svg(state)
    assert svg.count("<polygon") == state.cols * state.rows
    assert svg.count("stroke='#b9ad99'") == 1 and svg.count("font-size='7'") == 1
    assert svg.count("fill='#a0522d'") == sum(c.kind == "table" for c in state.cover) > 0  # cover keeps its colour
    assert svg.count(">0,0</text>") == 1 and len(svg) < 15_000
    assert svg.count("fill='#fff3b0'") == 0 and room_svg(state, highlight=(0, 0)).count("fill='#fff3b0'") == 1


def test_the_room_draws_itself_with_a_text_version():
    from cs_panel.barrooms.render import room_svg, room_text

    g = new_game("barrooms", seed=3)
    svg = room_svg(g.state)
    assert svg._repr_svg_() == svg and svg.count("class='br-fighter'") == 4
    text = room_text(g.state)
    assert text[0].startswith("Bar room 12 by 8 hexes, turn 1, move phase, Vic to act")
    assert "table at 3,2 (cover 5, armour 2)" in text and all(line.split(" (")[0] in svg for line in text[1:])
