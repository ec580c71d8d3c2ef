"""The Aces referee: set-up, turns, breaking away, attacks, capture and escape, fate, the end and
the score, played through with the dice stated (K.*)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from cs_panel.aces.game import GameRuleError
from cs_panel.aces.movement import MoveError
from cs_panel.aces.combat import AttackError
from cs_panel.aces.referee import AcesGame
from cs_panel.core.dice import ScriptedDice
from cs_panel.core.state import dumps, loads

TEAMS = {"Tim": [("charlie-steele-ace", "Charlie", (1, 3)), ("tail-gunner", "Gunner", (2, 5))],
         "Kim": [("loyle-crawford-ace", "Loyle", (14, 3)), ("ruffian", "Ruffian", (13, 4))]}


def game() -> AcesGame:
    return AcesGame.start("training-yard", TEAMS, order=("Tim", "Kim"))


@pytest.mark.rule("K.setup", "K.recruit")
def test_teams_start_in_their_areas_within_the_build_total():
    g = game()
    assert g.on_map() == {"Tim": 2, "Kim": 2} and g.turns.current == "Tim" and dict(g.recruited)["Tim"] == 58
    with pytest.raises(GameRuleError, match="starting area") as e:
        AcesGame.start("training-yard", {**TEAMS, "Tim": [("charlie-steele-ace", "Charlie", (6, 3))]}, ("Tim", "Kim"))
    assert e.value.field == "square"
    with pytest.raises(GameRuleError, match="over the build total"):
        AcesGame.start("training-yard", {**TEAMS, "Kim": [("ruffian", f"R{i}", (13, 2 + i % 4)) for i in range(17)]},
                       ("Tim", "Kim"), check_areas=False)
    with pytest.raises(GameRuleError, match="unknown map"):
        AcesGame.start("moon", TEAMS, ("Tim", "Kim"))
    with pytest.raises(GameRuleError, match="turn order"):
        AcesGame.start("training-yard", TEAMS, ("Tim",))


@pytest.mark.rule("K.turns", "K.actions", "K.move")
def test_turns_alternate_and_a_refused_action_changes_nothing():
    g = game().move("Charlie", (5, 3), ScriptedDice([]))
    assert g.character("Charlie").square == (5, 3) and g.turns.current == "Kim"
    with pytest.raises(GameRuleError, match="it is Kim's turn"):
        g.move("Gunner", (3, 5), ScriptedDice([]))
    g = g.pass_turn("Kim")
    with pytest.raises(GameRuleError, match="not the same character two turns running"):
        g.move("Charlie", (6, 3), ScriptedDice([]))
    with pytest.raises(MoveError, match="not within reach"):
        g.move("Gunner", (15, 5), ScriptedDice([]))
    assert g.character("Gunner").square == (2, 5)  # the refused move left everything as it was
    g = g.move("Gunner", (4, 5), ScriptedDice([]))
    assert [r.character for r in g.turns.history] == ["Charlie", None, "Gunner"]


@pytest.mark.rule("K.break-away", "K.move")
def test_a_character_next_to_an_enemy_rolls_to_break_away():
    g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (2, 3))],
                                         "Kim": [("ruffian", "Ruffian", (3, 3))]}, ("Tim", "Kim"), check_areas=False)
    held = g.move("Charlie", (2, 6), ScriptedDice([3]))
    assert held.character("Charlie").square == (2, 3) and "held" in held.log[-1]
    free = g.move("Charlie", (2, 6), ScriptedDice([4]))
    assert free.character("Charlie").square == (2, 6) and "breaks away" in free.log[-2]


@pytest.mark.rule("K.attack", "K.close", "K.end", "K.victory")
def test_knocking_out_the_last_enemy_ends_the_game_and_scores_it():
    g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (2, 3))],
                                         "Kim": [("ruffian", "Ruffian", (4, 3))]}, ("Tim", "Kim"), check_areas=False)
    g = g.move_and_attack("Charlie", (3, 3), "Ruffian", "close", ScriptedDice([1, 2, 3]))
    assert g.over == "only one player has characters on the map" and [o.name for o in g.out] == ["Ruffian"]
    r = g.result()
    assert r.winner == "Tim" and r.scores["Tim"].value == 6 + 49 and r.scores["Kim"].value == 0
    with pytest.raises(GameRuleError, match="the game is over"):
        g.pass_turn("Kim")


@pytest.mark.rule("K.ranged", "K.attack")
def test_an_illegal_shot_is_refused_with_its_reason():
    g = game()
    with pytest.raises(AttackError, match="beyond range"):
        g.move_and_attack("Charlie", (2, 3), "Loyle", "ranged", ScriptedDice([6, 6, 6]))
    assert g.character("Charlie").square == (1, 3)


@pytest.mark.rule("K.capture", "K.escape", "K.actions")
def test_capture_carry_and_escape():
    g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (2, 3)), ("tail-gunner", "Gunner", (2, 6))],
                                         "Kim": [("loyle-crawford-ace", "Loyle", (4, 3)), ("soldier", "Soldier", (12, 6))]},
                       ("Tim", "Kim"), check_areas=False)
    # Charlie (attack 3) grabs Loyle: 3 - 2 = 1 die, a 6 captures
    g = g.move_and_attack("Charlie", (3, 3), "Loyle", "capture", ScriptedDice([6]))
    assert g.character("Loyle").captor == "Charlie" and g.character("Charlie").captive == "Loyle"
    # Kim's turn: Loyle may only pass or try to escape
    with pytest.raises(GameRuleError, match="may only pass or try to escape"):
        g.move("Loyle", (6, 3), ScriptedDice([]))
    g = g.pass_turn("Kim", "Soldier")
    g = g.pass_turn("Tim", "Gunner")
    g = g.pass_turn("Kim")
    # Charlie carries her captive: it ends next to her, and she may not attack
    with pytest.raises(GameRuleError, match="holds a captive: it may only move or pass"):
        g.move_and_attack("Charlie", (3, 3), "Soldier", "ranged", ScriptedDice([6, 6, 6]))
    g = g.move("Charlie", (5, 3), ScriptedDice([]))
    assert g.character("Charlie").square == (5, 3)
    assert g.board.adjacent(g.character("Charlie").square, g.character("Loyle").square)
    # Loyle escapes: his 3 dice against Charlie's defense 4, hers against his; 6, 6, 1 against 1, 1, 1
    g = g.escape("Loyle", ScriptedDice([6, 6, 1, 1, 1, 1]))
    assert g.character("Loyle").captor is None and g.character("Charlie").captive is None
    assert g.turns.current == "Kim" and "may act again" in g.log[-1]
    # still next to Charlie, he must break away to leave: a 5 does it
    assert g.move("Loyle", (8, 3), ScriptedDice([5])).character("Loyle").square == (8, 3)


@pytest.mark.rule("K.fate", "K.victory")
def test_fate_clicks_and_an_ace_that_fates_itself_out_scores_for_the_opponent():
    g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (2, 3))],
                                         "Kim": [("loyle-crawford-ace", "Loyle", (4, 3)), ("ruffian", "Ruffian", (12, 6))]},
                       ("Tim", "Kim"), check_areas=False)
    before = g.character("Charlie").dial.position
    # offensive fate: Charlie's attack 3 + fate 2 = 5 dice; Loyle (fate 3) cancels all but the six
    g = g.move_and_attack("Charlie", (3, 3), "Loyle", "close", ScriptedDice([6, 5, 5, 1, 1]),
                          offensive_fate=True, defensive_fate=True)
    assert "only natural sixes still count (3 -> 1)" in " ".join(g.log)
    assert g.character("Charlie").dial.position == before + 1
    assert g.character("Loyle").dial.position == 2  # one hit and one fate click
    # an Ace on its last click that spends fate knocks itself out; its points go to the opponent
    last = g.character("Charlie").dial
    worn = tuple(dataclasses.replace(c, dial=last.at(last.first_eliminated - 1)) if c.name == "Charlie" else c
                 for c in g.characters)
    g = dataclasses.replace(g, characters=worn)
    g = g.pass_turn("Kim").pass_turn("Tim").pass_turn("Kim")  # her last character: every other turn is a pass
    g = g.move_and_attack("Charlie", (3, 3), "Loyle", "close", ScriptedDice([1, 1, 1]), offensive_fate=True)
    out = {o.name: o for o in g.out}
    assert out["Charlie"].by_fate and out["Charlie"].scored_by == ("Kim",)
    assert g.result().scores["Kim"].value >= 49


@pytest.mark.rule("K.withdraw", "K.end")
def test_withdrawing_ends_the_game_and_forfeits_your_survivors():
    g = game().withdraw("Tim")
    assert g.over == "Tim withdrew"
    r = g.result()
    assert r.scores["Tim"].value == 0 and r.scores["Kim"].value == 55 + 6 and r.winner == "Kim"
    with pytest.raises(GameRuleError, match="in his own turn"):
        game().withdraw("Kim")


@pytest.mark.rule("K.turns")
def test_the_game_saves_and_loads_mid_play():
    g = game().move("Charlie", (5, 3), ScriptedDice([]))
    again = loads(AcesGame, dumps(g))
    assert again == g and again.turns.current == "Kim"
    assert "cs-aces-game" in g._repr_html_()


# -- several targets, talents and undo ---------------------------------------------------------------

def volley_game() -> AcesGame:
    # the Tail Gunner token has two pistols (sample values: attack 3, range 6)
    return AcesGame.start("training-yard", {"Tim": [("tail-gunner", "Gunner", (4, 3)), ("charlie-steele-ace", "Charlie", (1, 6))],
                                            "Kim": [("loyle-crawford-ace", "Loyle", (9, 2)), ("ruffian", "Ruffian", (9, 5))]},
                          ("Tim", "Kim"), check_areas=False)


@pytest.mark.rule("K.ranged.multi", "K.attack", "K.victory")
def test_one_shot_at_two_targets_gives_each_a_die_and_saves_and_loads():
    g = volley_game()
    plan = g.plan_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "ranged")
    assert plan.dice == 3 and plan.defenses == (5, 3) and 0 < plan.hit_chances()["Loyle"] < 1
    # 2, 3 and 5 as in the rulebook's example: the 5 goes to the harder target, the 3 still hits the Ruffian
    after = g.move_and_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "ranged", ScriptedDice([2, 3, 5]))
    said = " ".join(after.log)
    assert "one die to each target" in said and "5 to Loyle (needs 5+): hit" in said and "3 to Ruffian (needs 3+): hit" in said
    assert after.character("Loyle").dial.position == 1  # one click at most from a several-target shot
    assert [(o.name, o.scored_by) for o in after.out] == [("Ruffian", ("Tim",))]
    # the whole state round-trips, and so does the refereeing after it
    again = loads(AcesGame, dumps(after))
    assert again == after
    assert again.pass_turn("Kim") == after.pass_turn("Kim")


@pytest.mark.rule("K.ranged.multi")
def test_the_player_may_give_out_the_dice_and_a_hit_never_deals_more_than_one_click():
    g = volley_game()
    worse = g.move_and_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "ranged", ScriptedDice([2, 3, 5]),
                              assignment={"Loyle": 0, "Ruffian": 2})
    assert worse.character("Loyle").dial.position == 0 and "Ruffian" in [o.name for o in worse.out]
    sixes = g.move_and_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "ranged", ScriptedDice([6, 6, 6]))
    assert sixes.character("Loyle").dial.position == 1
    with pytest.raises(AttackError, match="different die"):
        g.move_and_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "ranged", ScriptedDice([2, 3, 5]),
                          assignment={"Loyle": 1, "Ruffian": 1})


@pytest.mark.rule("K.ranged.multi", "K.fate")
def test_a_target_ace_spends_fate_on_its_own_die():
    after = volley_game().move_and_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "ranged", ScriptedDice([2, 3, 5]),
                                          defensive_fate=True)
    assert "5 to Loyle (needs 5+): miss, cancelled by Loyle's fate" in after.log[-2]
    assert after.character("Loyle").dial.position == 1  # the click pays for fate
    assert after.fate_used == ()  # spent in Tim's turn, which is over: Loyle may use fate in Kim's (K.fate)


@pytest.mark.rule("K.ranged.multi", "K.ranged")
def test_a_several_target_shot_the_rules_forbid_is_refused_and_changes_nothing():
    g = volley_game()
    with pytest.raises(AttackError, match="at most that many targets"):
        g.move_and_attack("Gunner", (4, 3), ["Loyle", "Ruffian", "Charlie"], "ranged", ScriptedDice([6, 6, 6]))
    with pytest.raises(AttackError, match="only a ranged attack may name several targets"):
        g.move_and_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "close", ScriptedDice([6, 6, 6]))
    with pytest.raises(AttackError, match="same character twice"):
        g.move_and_attack("Gunner", (4, 3), ["Loyle", "Loyle"], "ranged", ScriptedDice([6, 6, 6]))
    with pytest.raises(AttackError, match="Ruffian: .*beyond range"):
        g.move_and_attack("Gunner", (0, 7), ["Loyle", "Ruffian"], "ranged", ScriptedDice([6, 6, 6]))
    assert g.character("Gunner").square == (4, 3) and g.log == volley_game().log


def louis_game() -> AcesGame:
    return AcesGame.start("training-yard", {"Tim": [("louis-thibodeaux-ace", "Louis", (2, 3)), ("charlie-steele-ace", "Charlie", (2, 6))],
                                            "Kim": [("loyle-crawford-ace", "Loyle", (4, 3)), ("ruffian", "Ruffian", (4, 4))]},
                          ("Tim", "Kim"), check_areas=False)


@pytest.mark.rule("K.fate", "K.close", "K.actions")
def test_old_one_two_strikes_twice_with_fate_on_both_and_two_clicks():
    # Aces, Fate: with Old One-Two Wild Card could spend fate on both attacks, and his dial turns twice
    g = louis_game()
    after = g.move_and_attack("Louis", (3, 3), "Ruffian", "close", ScriptedDice([1, 1, 1, 1, 1, 5, 1, 1, 1, 1]),
                              offensive_fate=True, second="Loyle", second_fate=True)
    assert "follows up with Old One-Two" in " ".join(after.log)
    assert after.character("Louis").dial.position == 2  # a click for each use of fate
    assert after.character("Loyle").dial.position == 1 and after.character("Ruffian").dial.position == 0
    # a character without Old One-Two has only one attack
    with pytest.raises(AttackError, match="needs Old One-Two"):
        g.pass_turn("Tim").pass_turn("Kim").move_and_attack("Charlie", (3, 4), "Ruffian", "close",
                                                            ScriptedDice([6] * 6), second="Loyle")


@pytest.mark.rule("K.actions", "K.turns")
def test_second_wind_heals_a_click_and_ends_the_turn():
    g = louis_game()
    worn = tuple(dataclasses.replace(c, dial=c.dial.at(3)) if c.name == "Louis" else c for c in g.characters)
    g = dataclasses.replace(g, characters=worn)
    with pytest.raises(GameRuleError, match="no Second Wind showing"):
        g.second_wind("Charlie")
    healed = g.second_wind("Louis")
    assert healed.character("Louis").dial.position == 2 and "catches a second wind" in healed.log[-1]
    assert healed.turns.current == "Kim"
    assert loads(AcesGame, dumps(healed)) == healed
    # a failed break-away roll keeps the character where it stood (taking actions back is the game
    # protocol's fair undo: tests/aces/test_aces_play.py)
    beside = dataclasses.replace(g, characters=tuple(dataclasses.replace(c, square=(3, 3)) if c.name == "Louis" else c
                                                     for c in g.characters))
    held = beside.move("Louis", (1, 1), ScriptedDice([2]))  # next to Loyle: a break-away roll, failed
    assert held.character("Louis").square == (3, 3) and held.turns.current == "Kim"


# -- fate once per turn: a turn is one player's action (K.fate, K.turns) ----------------------------

@pytest.mark.rule("K.fate", "K.turns")
def test_defensive_fate_in_the_opponents_turn_leaves_fate_for_the_aces_own_turn():
    g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (2, 3)), ("tail-gunner", "Gunner", (2, 7))],
                                         "Kim": [("louis-thibodeaux-ace", "Louis", (3, 3)), ("ruffian", "Ruffian", (12, 7))]},
                       ("Tim", "Kim"), check_areas=False)
    # Tim's turn: Charlie punches Louis (defense 4); a 4 hits and Louis spends fate to cancel it
    g = g.move_and_attack("Charlie", (2, 3), "Louis", "close", ScriptedDice([4, 1, 1]), defensive_fate=True)
    assert "Louis spends fate" in " ".join(g.log) and g.character("Louis").dial.position == 1
    assert g.fate_used == ()  # Tim's turn is over: its uses of fate are not carried into Kim's
    for table in (g, loads(AcesGame, dumps(g))):  # and a saved game plays on the same way
        # Kim's turn is another turn: Louis may now spend fate offensively (3 attack + fate 1 at his click)
        after = table.move_and_attack("Louis", (3, 3), "Charlie", "close", ScriptedDice([1] * 4), offensive_fate=True)
        assert after.character("Louis").dial.position == 2 and after.turns.current == "Tim"
        assert after.log[-1] == "Louis strikes Charlie: rolled 1, 1, 1, 1 against 4+: 0 hits"


def escape_game() -> AcesGame:
    """Loyle (attack 3, fate 3) held by Charlie; Kim to play."""
    g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (2, 3)), ("tail-gunner", "Gunner", (2, 7))],
                                         "Kim": [("loyle-crawford-ace", "Loyle", (3, 3)), ("ruffian", "Ruffian", (12, 7))]},
                       ("Tim", "Kim"), check_areas=False)
    g = g.move_and_attack("Charlie", (2, 3), "Loyle", "capture", ScriptedDice([6]))
    assert g.character("Loyle").captor == "Charlie" and g.turns.current == "Kim"
    return g


@pytest.mark.rule("K.escape", "K.fate", "K.turns")
def test_a_captive_that_escapes_with_fate_has_used_its_fate_for_the_turn():
    g = escape_game()
    # Loyle escapes with fate: 3 + 3 dice against Charlie's defense 4, then her 3 against his 5
    free = g.escape("Loyle", ScriptedDice([6, 6, 1, 1, 1, 1, 1, 1, 1]), fate=True)
    assert free.character("Loyle").captor is None and free.character("Loyle").dial.position == 1
    assert free.turns.current == "Kim" and free.fate_used == ("Loyle",)
    for table in (free, loads(AcesGame, dumps(free))):
        # the extra action is in the same turn: no second use of fate
        with pytest.raises(GameRuleError, match="Loyle has already used fate this turn"):
            table.move_and_attack("Loyle", (3, 3), "Charlie", "close", ScriptedDice([1] * 6), offensive_fate=True)
    # without fate the extra action is fine, and it ends the turn
    after = free.move_and_attack("Loyle", (3, 3), "Charlie", "close", ScriptedDice([1, 1, 1]))
    assert after.turns.current == "Tim" and after.fate_used == ()
    # an escape without fate leaves fate for the extra action
    plain = g.escape("Loyle", ScriptedDice([6, 6, 1, 1, 1, 1]))
    assert plain.fate_used == ()
    assert plain.move_and_attack("Loyle", (3, 3), "Charlie", "close", ScriptedDice([1] * 6),
                                 offensive_fate=True).character("Loyle").dial.position == 1


# -- Charmed Life in a shot at several targets (K.ranged.multi, K.attack) ---------------------------

@pytest.mark.rule("K.ranged.multi", "K.attack")
def test_the_dice_go_first_to_targets_that_can_take_a_click():
    g = AcesGame.start("training-yard", {"Tim": [("loyle-crawford-ace", "Loyle", (4, 3)), ("soldier", "Soldier", (1, 6))],
                                         "Kim": [("trusty-sidekick", "Side", (9, 2)), ("ruffian", "Ruff", (9, 5))]},
                       ("Tim", "Kim"), check_areas=False)
    # both need 3+; the only hitting die would be wasted on the Trusty Sidekick (Charmed Life: a
    # several-target shot deals it one click at most, and the talent takes that off)
    plan = g.plan_attack("Loyle", (4, 3), ["Side", "Ruff"], "ranged")
    assert plan.hit_chances()["Side"] == 0 and plan.hit_chances()["Ruff"] == 1 - Fraction(1, 3) ** 3
    after = g.move_and_attack("Loyle", (4, 3), ["Side", "Ruff"], "ranged", ScriptedDice([3, 1, 1]))
    assert "Ruff" in [o.name for o in after.out] and "3 to Ruff (needs 3+): hit" in after.log[-2]
    assert after.character("Side").dial.position == 0
    # given out by hand, the die still goes where the player says, for no click
    by_hand = g.move_and_attack("Loyle", (4, 3), ["Side", "Ruff"], "ranged", ScriptedDice([3, 1, 1]),
                                assignment={"Side": 0, "Ruff": 1})
    assert by_hand.character("Side").dial.position == 0 and not by_hand.out


@pytest.mark.rule("K.setup", "K.move", "K.terrain.blocking")
def test_a_team_cannot_start_on_a_taken_blocking_or_off_map_square():
    from cs_panel.aces.board import maps

    bar = maps()["airfield-bar"]
    crate = next(iter(sorted(bar.blocking)))
    for square, words in (((9, 4), "is taken by Ruffian"), (crate, "blocking terrain"), ((99, 2), "off the 26 x 12 map")):
        with pytest.raises(GameRuleError, match=rf"Charlie cannot start on .*{words}") as refused:
            AcesGame.start("airfield-bar", {"Kim": [("ruffian", "Ruffian", (9, 4))],
                                            "Tim": [("charlie-steele-ace", "Charlie", square)]}, ("Kim", "Tim"),
                           check_areas=False)
        assert refused.value.field == "square"


@pytest.mark.rule("K.recruit")
def test_the_build_total_is_100_unless_the_table_agrees_another():
    teams = {"Tim": [("charlie-steele-ace", "Charlie", (1, 3)), ("tail-gunner", "Gunner", (1, 5)),
                     ("louis-thibodeaux-ace", "Louis", (1, 7))],
             "Kim": [("ruffian", "Ruffian", (14, 3))]}
    with pytest.raises(GameRuleError, match="= 103, over the build total of 100"):
        AcesGame.start("training-yard", teams, ("Tim", "Kim"), check_areas=False)
    g = AcesGame.start("training-yard", teams, ("Tim", "Kim"), check_areas=False, build_total=110)
    assert dict(g.recruited)["Tim"] == 103


@pytest.mark.rule("K.move", "K.break-away", "K.capture")
def test_the_referees_reach_is_the_one_its_moves_follow():
    from cs_panel.aces.movement import reachable

    g = louis_game()  # Louis at (2, 3), two squares from Loyle (4, 3) and the Ruffian (4, 4): not held
    louis = g.character("Louis")
    enemies = [c.square for c in g.characters if c.player == "Kim"]
    assert g.enemy_squares("Louis") == enemies and not g.is_held("Louis")
    want = reachable(g.board, louis.square, louis.value("speed"), friends=[g.character("Charlie").square],
                     enemies=enemies)
    assert g.reach("Louis").squares == want.squares
    for square in sorted(want.squares)[:5]:
        assert g.move("Louis", square, ScriptedDice([])).character("Louis").square == square
    # next to Loyle, Louis is held: his reach is his own square until he breaks away
    beside = dataclasses.replace(g, characters=tuple(dataclasses.replace(c, square=(3, 3)) if c.name == "Louis" else c
                                                     for c in g.characters))
    assert beside.is_held("Louis") and beside.reach("Louis", broke_away=False).squares == {(3, 3)}
    free = beside.reach("Louis")  # None: the squares a move may name, as if the roll succeeds
    assert free.squares == beside.reach("Louis", broke_away=True).squares and len(free.squares) > 1


@pytest.mark.rule("K.fate", "K.ranged.multi")
def test_a_plan_with_defensive_fate_is_the_attack_the_referee_rolls_with_it():
    g = volley_game()
    plan = g.plan_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "ranged", defensive_fate=True)
    assert plan.defensive_fate == (True, False) and plan.needs("Loyle") == 6  # the token never spends fate
    with pytest.raises(Exception, match="Ruffian cannot spend fate defensively"):
        g.plan_attack("Gunner", (4, 3), "Ruffian", "ranged", defensive_fate=True)
    # with fate Loyle takes a hit only from a six: a 5 now misses him
    after = g.move_and_attack("Gunner", (4, 3), ["Loyle", "Ruffian"], "ranged", ScriptedDice([2, 3, 5]),
                              defensive_fate=True)
    assert "cancelled by Loyle's fate" in " ".join(after.log) and after.character("Loyle").dial.position == 1
