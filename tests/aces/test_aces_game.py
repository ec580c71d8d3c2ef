"""Recruiting (K.recruit), who goes first (K.setup), turns and actions (K.turns, K.actions),
withdrawing, the end and victory (K.withdraw, K.end, K.victory)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cs_panel.aces.game import (
    GameRuleError, Standing, Turns, fate_knockout_shares, first_player, game_over, recruit, score, victory,
)
from cs_panel.core.dice import ScriptedDice

KIM = ["charlie-steele-ace", "vigilante", "sergeant", "tail-gunner", "soldier", "trusty-sidekick", "ruffian"]


@pytest.mark.rule("K.recruit")
def test_kims_team_is_exactly_one_hundred_points():
    team = recruit("Kim", KIM)
    assert team.points == 100 and [t.value for t in team.total.terms] == [49, 11, 10, 9, 8, 7, 6]
    assert str(team.total).endswith("= 100")


@pytest.mark.rule("K.recruit")
def test_the_build_total_and_one_of_each_ace():
    with pytest.raises(GameRuleError, match="over the build total of 100") as e:
        recruit("Kim", KIM + ["ruffian"])
    assert e.value.field == "members"
    assert recruit("Kim", ["ruffian"] * 5).points == 30  # tokens may repeat
    with pytest.raises(GameRuleError, match="Charlie Steele is on the team twice"):
        recruit("Tim", ["charlie-steele-ace", "charlie-steele-ace"])
    assert recruit("Tim", ["charlie-steele-ace", "loyle-crawford-ace"], build_total=110).points == 104  # two different Aces
    # the same Ace may fight for both teams
    assert recruit("Kim", ["charlie-steele-ace"]).points == recruit("Tim", ["charlie-steele-ace"]).points
    with pytest.raises(GameRuleError, match="Air Action plane"):
        recruit("Kim", ["sample-fighter"])
    with pytest.raises(GameRuleError, match="unknown figure 'nobody'"):
        recruit("Kim", ["nobody"])
    assert recruit("Kim", KIM, build_total=150).build_total == 150


@pytest.mark.rule("K.setup")
def test_first_player_rolls_2d6_and_the_tied_highest_roll_again():
    # Kim 3+4 = 7, Tim 5+2 = 7, Lou 1+1 = 2: Kim and Tim roll again, 6+6 against 1+2
    fp = first_player(["Kim", "Tim", "Lou"], ScriptedDice([3, 4, 5, 2, 1, 1, 6, 6, 1, 2]))
    assert fp.winner == "Kim" and len(fp.rounds) == 2 and fp.rounds[1] == (("Kim", 12), ("Tim", 3))
    assert str(fp).endswith("Kim is the first player")
    with pytest.raises(GameRuleError, match="two or more different players"):
        first_player(["Kim"], ScriptedDice([1, 1]))


@pytest.mark.rule("K.turns", "K.actions")
def test_turns_alternate_and_no_character_acts_two_turns_running():
    t = Turns(("Kim", "Tim"))
    t = t.take("Kim", "Charlie", "move and attack", characters_left=3)
    with pytest.raises(GameRuleError, match="it is Tim's turn"):
        t.take("Kim", "Ruffian", "move", characters_left=3)
    t = t.take("Tim", "Loyle", "move", characters_left=2)
    with pytest.raises(GameRuleError, match="not the same character two turns running") as e:
        t.take("Kim", "Charlie", "move", characters_left=3)
    assert e.value.field == "action"
    t = t.take("Kim", "Ruffian", "pass", characters_left=3)  # a pass is an action given to a character
    t = t.take("Tim", None, "pass", characters_left=2)  # or the whole turn is passed
    t = t.take("Kim", "Charlie", "move", characters_left=3)  # Charlie's turn off is over
    assert [r.character for r in t.history] == ["Charlie", "Loyle", "Ruffian", None, "Charlie"]


@pytest.mark.rule("K.turns")
def test_with_one_character_left_every_other_turn_is_a_pass():
    t = Turns(("Kim", "Tim")).take("Kim", "Charlie", "move", characters_left=1).take("Tim", "Loyle", "move", characters_left=2)
    with pytest.raises(GameRuleError, match="last character and acted last turn: this turn must be passed"):
        t.take("Kim", "Charlie", "move", characters_left=1)
    t = t.take("Kim", None, "pass", characters_left=1).take("Tim", "Sam", "move", characters_left=2)
    assert t.take("Kim", "Charlie", "move and attack", characters_left=1).current == "Tim"


@pytest.mark.rule("K.actions", "K.capture", "K.escape")
def test_what_each_character_may_do():
    t = Turns(("Kim", "Tim"))
    assert "only a captive may try to escape" in t.problems("Kim", "Charlie", "escape", characters_left=2)[0]
    assert "may only pass or try to escape" in t.problems("Kim", "Charlie", "move", characters_left=2, is_captive=True)[0]
    assert t.problems("Kim", "Charlie", "escape", characters_left=2, is_captive=True) == []
    assert "may only move or pass" in t.problems("Kim", "Charlie", "move and attack", characters_left=2, has_captive=True)[0]
    assert t.problems("Kim", "Charlie", "move", characters_left=2, has_captive=True) == []
    assert "no Second Wind showing" in t.problems("Kim", "Charlie", "second wind", characters_left=2)[0]
    assert t.problems("Kim", "Louis", "second wind", characters_left=2, has_second_wind=True) == []
    assert "an action is one of" in t.problems("Kim", "Charlie", "dance", characters_left=2)[0]
    assert "name the character" in t.problems("Kim", None, "move", characters_left=2)[0]


@pytest.mark.rule("K.victory", "K.withdraw")
def test_scoring_knockouts_captives_survivors_and_withdrawing():
    kim = Standing("Kim", 100, knocked_out_enemies=(("Loyle", 55),), captives=(("Ruffian", 6),),
                   survivors=(("Charlie", 49), ("Soldier", 8)))
    assert score(kim).value == 55 + 12 + 49 + 8
    assert [t.label for t in score(kim).terms][1] == "captive Ruffian (double)"
    gone = Standing("Kim", 100, knocked_out_enemies=(("Loyle", 55),), survivors=(("Charlie", 49),), withdrew=True)
    assert score(gone).value == 55  # withdrawing scores nothing for your own survivors
    assert score(Standing("Lou", 90)).value == 0


@pytest.mark.rule("K.victory", "K.fate")
def test_an_ace_that_fates_itself_out_scores_for_its_opponents_split_evenly():
    shares = fate_knockout_shares(60, ["Kim", "Tim"])
    assert shares == {"Kim": Fraction(30), "Tim": Fraction(30)}
    s = Standing("Kim", 100, fate_gifts=(("Loyle", shares["Kim"]),))
    assert score(s).value == 30
    with pytest.raises(GameRuleError, match="do not split evenly"):
        score(Standing("Kim", 100, fate_gifts=(("Loyle", Fraction(55, 2)),)))
    with pytest.raises(GameRuleError, match="name them"):
        fate_knockout_shares(55, [])


@pytest.mark.rule("K.victory")
def test_the_winner_and_the_tie_breaks():
    a = Standing("Kim", 100, survivors=(("Charlie", 49),))
    b = Standing("Tim", 95, survivors=(("Sam", 40),))
    assert victory([a, b]).winner == "Kim"
    tie = Standing("Tim", 95, survivors=(("Sam", 49),))
    r = victory([a, tie])
    assert r.winner == "Tim" and "fewest points, 95" in r.how  # fewer recruit points wins a tie
    even = Standing("Tim", 100, survivors=(("Sam", 49),))
    with pytest.raises(GameRuleError, match="give dice"):
        victory([a, even])
    r = victory([a, even], ScriptedDice([4, 4, 2, 5]))
    assert r.winner == "Tim" and "Kim 4, Tim 4; again: Kim 2, Tim 5" in r.how
    assert "Tim wins" in str(r)


@pytest.mark.rule("K.end")
def test_when_the_game_ends():
    assert game_over({"Kim": 2, "Tim": 0}) == "only one player has characters on the map"
    assert game_over({"Kim": 0, "Tim": 0}) == "no player has characters on the map"
    assert game_over({"Kim": 1, "Tim": 1}) is None
    assert game_over({"Kim": 1, "Tim": 1}, time_up=True) == "the agreed time limit is reached"
    assert game_over({"Kim": 1, "Tim": 1}, agreed=True) == "the players agree to end it"
