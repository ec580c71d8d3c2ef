"""PlayTable: any game at one screen, human and computer seats, tested without a browser by setting
its parameters and pressing its buttons through its methods."""

from __future__ import annotations

import random

import pytest

from cs_panel.core.seats import own_actions
from cs_panel.games import new_game
from cs_panel.ui.play_table import PlayTable


def seeded(game, player):
    return random.Random(len(game.log)).choice(own_actions(game, player)), "a seeded random choice"


@pytest.mark.rule("F.move.plot", "F.seq.phases")
def test_against_the_computer_the_human_sees_only_his_own_choices_and_a_masked_plot():
    t = PlayTable(game=new_game("fasa", seed=2), seats={"Bob": "computer"}, chooser=seeded)
    assert t.viewer == "Ann"
    assert t.choices() == [str(a) for a in own_actions(t.game, "Ann")]
    assert all(c.startswith("plot Ace ") for c in t.choices())
    assert t.log_lines() == ["plot Raider (secret)"]  # nor the computer's reason, which would tell its plot
    assert "seeded random" not in t._log.object
    assert "3SA" not in t._log.object or "plot Raider 3SA" not in t._log.object
    assert t.apply("plot Ace 3SA")
    # the table flew both plots, the computer gave its fire order; Ann is asked again
    texts = [str(e.action) for e in t.game.log]
    assert texts[:3] == [texts[0], "plot Ace 3SA", "move"] and texts[0].startswith("plot Raider ")
    assert t.viewer == "Ann" and t.choices()
    assert t.log_lines()[0] == texts[0] + "  (a seeded random choice)"  # revealed by the move


@pytest.mark.rule("F.move.plot")
def test_a_refused_action_is_shown_and_nothing_changes():
    t = PlayTable(game=new_game("fasa", seed=2), seats={"Bob": "computer"}, chooser=seeded)
    before = t.game
    assert not t.apply("plot Ace 3XQ")
    assert t.game is before and "3XQ" in t.error
    assert "3XQ" in t._errors.message("action")
    assert not t.apply("plot Raider 3SA")  # the computer's plane
    assert "computer" in t.error and t.game is before
    assert t.apply(t.choices()[0]) and t.error == "" and t._errors.message("action") == ""


@pytest.mark.rule("F.seq.phases")
def test_undo_is_fair_and_its_refusal_is_shown():
    t = PlayTable(game=new_game("fasa", seed=2), seats={}, chooser=seeded)  # hot seat: two humans
    start = t.game
    assert t.apply("plot Ace 3SA")
    assert t.viewer == "Bob"  # the screen passes to the other human, who has a plot to make
    assert "Ann" not in t._status.object or "to act" in t._status.object
    assert t.undo() and t.game == start  # Ann takes her plot back before the screen is passed on
    assert t.viewer == "Ann"
    assert not t.undo() and "nothing to undo" in t.error
    t.apply("plot Ace 3SA")
    t.apply("plot Raider 3SA")  # the table flies them: a reveal
    log = t.game.log
    assert not t.undo() and "cannot undo" in t.error and t.game.log == log


def test_two_computers_finish_an_aces_game_and_the_result_shows():
    t = PlayTable(game=new_game("aces", seed=3), seats={"Tim": "computer", "Kim": "computer"}, chooser=seeded)
    assert t.game.is_over
    assert "game is over" in t._status.object and t.game.result.text.split(";")[0] in t._status.object
    assert t.choices() == []
    assert len(t.notes) == sum(1 for e in t.game.log if str(e.action) != "end")


def test_changing_a_seat_lets_the_computer_take_over():
    t = PlayTable(game=new_game("aces", seed=3), seats={}, chooser=seeded)
    assert t.viewer == "Tim" and t.game.log == ()
    t.seats = {"Tim": "computer"}
    assert t.game.log and t.viewer == "Kim"
    assert not t.apply("pass Tim")  # not Kim's to take
    assert t.error


def test_a_bad_seat_is_refused_beside_the_seats():
    t = PlayTable(game=new_game("aces", seed=3), seats={}, chooser=seeded)
    t.seats = {"Nobody": "computer"}
    assert "Nobody" in t._errors.message("seats")


def test_a_viewer_or_game_that_is_not_there_is_refused_and_the_screen_stays():
    t = PlayTable(game=new_game("aces", seed=3), seats={}, chooser=seeded)
    t.viewer = "Nobody"
    assert t.viewer == "Tim" and "Nobody" in t.error
    g = t.game
    t.game = None
    assert t.game is g and "needs one" in t.error


@pytest.mark.parametrize("system", ["fasa", "airaction", "aces", "barrooms"])
def test_every_system_plays_to_the_end_with_two_computers_and_draws_its_table(system):
    t = PlayTable(game=new_game(system, seed=5), seats={}, chooser=seeded)
    assert "<svg" in t._picture.object
    t.seats = {p: "computer" for p in t.game.players}
    assert t.game.is_over, t.game
    assert "game is over" in t._status.object


def test_a_game_started_from_the_set_up_comes_to_the_table():
    t = PlayTable(game=new_game("fasa", seed=2), seats={"Bob": "computer"}, chooser=seeded)
    card = t.__panel__().objects[-1]
    assert card.collapsed and card.objects == []  # the form is built when the card is first opened
    card.collapsed = False
    setup, shown = t._setup_form, card.objects[0]
    card.collapsed = True
    card.collapsed = False
    assert t._setup_form is setup and card.objects == [shown]  # built once
    other = t.__panel__().objects[-1]  # a second view of the table: its card shows the same form
    other.collapsed = False
    assert t._setup_form is setup and len(other.objects) == 1
    setup.param.update(seed=9, plane_name="Ivy", player="Ann", design="devastator", home="south")
    assert setup.add_plane(), setup.error
    setup.param.update(plane_name="Dukes", player="Bob", design="bloodhawk", role="wingman", dead_eye=4,
                       quick_draw=3, home="north")
    assert setup.add_plane(), setup.error
    assert setup.new_game() is not None
    assert t.game.seed == 9 and {p.name for p in t.game.state.game.planes} == {"Ivy", "Dukes"}
    assert t.seats == {"Bob": "computer"} and t.viewer == "Ann"
    assert t.game.log and str(t.game.log[0].action).startswith("plot Dukes ")  # the computer flies Bob's plane


def test_by_default_you_play_the_first_side_against_the_computer():
    t = PlayTable(game=new_game("aces", seed=3), chooser=seeded)
    assert t.seats == {"Kim": "computer"} and t.viewer == "Tim"


def test_the_action_menu_gets_its_new_choices_and_choice_in_one_update():
    """After an action the menu's options and its chosen one change together: one update of the
    widget's model (one set of changes for the browser), not one for each (issue 14). The options
    travel as one text, a line each (``LongSelect.lines``)."""
    t = PlayTable(game=new_game("fasa", seed=1), seats={})
    updates = []
    update_model = type(t._choices)._update_model
    t._choices._update_model = lambda *a, **k: updates.append(sorted(a[1])) or update_model(t._choices, *a, **k)
    t.__panel__().get_root()
    before = list(t._choices.options)
    assert t.apply(before[0])
    assert list(t._choices.options) != before and t._choices.value == t.action == t._choices.options[0]
    assert [u for u in updates if "lines" in u or "value" in u] == [["lines", "value"]]
    updates.clear()
    assert t.undo()
    assert list(t._choices.options) == before
    assert [u for u in updates if "lines" in u or "value" in u] == [["lines", "value"]]
