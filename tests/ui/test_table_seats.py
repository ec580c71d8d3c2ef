"""Seats at the specialised tables (``cs_panel.ui.seating`` over ``cs_panel.core.seats``): a
computer seat answers a human's action by itself with a legal action and says why in the table's
log; a hot seat keeps each human's secrets behind their own view; every seat is human unless asked;
and each table plays a game set up with ``GameSetup``."""

from __future__ import annotations

import html
import json

import pytest

from cs_panel.core.seats import SeatError, own_actions
from cs_panel.games import rules_for
from cs_panel.ui.aces_board import AcesSkirmish
from cs_panel.ui.airaction_table import AirActionTable
from cs_panel.ui.barrooms_table import BarroomsTable
from cs_panel.ui.fasa_table import FasaTable
from cs_panel.ui.game_setup import GameSetup


def computer_moves(table, game, computer: str) -> list[int]:
    """The log indexes the table notes as the computer's, each checked: the action was one of the
    computer's own legal actions in the game as it stood, and its reason is not empty."""
    noted = sorted(table.notes_for(game))
    history = game.history()
    for i in noted:
        before, action = history[i], game.log[i].action
        assert game.rules.owner(before.state, action) == computer
        assert str(action) in [str(a) for a in own_actions(before, computer)]
        assert table.notes_for(game)[i].strip()
    return noted


# --- FASA --------------------------------------------------------------------------------------------

@pytest.mark.rule("F.move.plot", "F.combat.choice", "F.seq.phases")
def test_fasa_computer_plots_and_orders_fire_by_itself_and_says_why_once_revealed():
    table = FasaTable(seats={"Bob": "computer"}, player="Ann")
    game = table.game
    assert [str(e.action) for e in game.log] == [f"plot Raider {game.log[0].action.maneuver}"]  # it plotted at once
    (plot_i,) = computer_moves(table, game, "Bob")
    why = table.notes[plot_i]
    # the reason for a plot Ann may not see yet is as secret as the plot
    assert "plot Raider (secret)" in table.transcript()[0] and why not in " ".join(table.transcript())
    assert html.escape(why) not in table._computer_pane.object + table._transcript_pane.object
    table.param.update(plot_plane="Ace", maneuver="3SA")
    assert table.plot() and table.next_step == "move()"  # the human's plot, then the table's step waits for its button
    assert table.move()
    game = table.game
    # the movement phase revealed the plot; the computer gave its fire order as soon as it could
    moves = computer_moves(table, game, "Bob")
    assert moves[0] == plot_i and str(game.log[moves[-1]].action).startswith("fire Raider")
    transcript = " ".join(table.transcript())
    assert why in transcript and table.notes[moves[-1]] in transcript
    assert html.escape(table.notes[moves[-1]]) in table._computer_pane.object


@pytest.mark.rule("F.move.plot")
def test_fasa_hot_seat_hides_the_other_humans_plot_and_passes_the_screen():
    table = FasaTable(player="Ann")  # both players human (the default)
    table.param.update(plot_plane="Ace", maneuver="3L2F")
    assert table.plot()
    assert table.player == "Bob"  # Ann has nothing left to do: the screen goes to Bob
    shown = table._plots_pane.object + table._transcript_pane.object + table._table_pane.object
    assert table.plots_shown() == {"Ace": "secret"} and "3L2F" not in shown
    assert table.transcript() == ["1. plot Ace (secret)"]
    table.param.update(plot_plane="Raider", maneuver="2SA")
    assert table.plot() and table.player == "Bob"  # nobody else has a plot to give: the screen stays
    table.player = "Ann"
    assert table.plots_shown() == {"Ace": "3L2F", "Raider": "secret"}


@pytest.mark.rule("F.move.plot")
def test_fasa_human_may_not_plot_for_the_computer_and_undo_keeps_the_computers_plot():
    table = FasaTable(seats={"Bob": "computer"}, level="random")
    table.param.update(plot_plane="Raider", maneuver="3SA")
    assert not table.plot() and "computer" in table.error and len(table.game.log) == 1
    table.param.update(plot_plane="Ace", maneuver="3SA")
    assert table.plot() and len(table.game.log) == 2
    assert table.undo()
    # Ann's plot goes back; the computer's, given before it, stays with its reason
    assert [str(e.action).split()[1] for e in table.game.log] == ["Raider"] and 0 in table.notes_for(table.game)


def test_fasa_seating_nobody_is_refused_and_the_seats_stay():
    table = FasaTable()
    table.seats = {"Zed": "computer"}
    assert "Zed" in table.error and table.seats == {}
    assert not table.game.log


def test_fasa_plays_a_game_from_game_setup():
    setup = GameSetup(system="fasa", play_here=False, seed=7)
    assert setup.add_plane()
    setup.param.update(plane_name="Raider", player="Bob", home="north")
    assert setup.add_plane()
    game = setup.new_game()
    table = FasaTable(game=game, seats={"Bob": "computer"}, level="random")
    assert table.game.setup == game.setup and table.game.seed == 7 and table.seed == 7
    assert [e.action.plane for e in table.game.log] == ["Raider"]  # the computer plotted the set-up's plane
    assert table.restart() and table.game.setup == game.setup  # New game: the same set-up again


# --- Air Action -----------------------------------------------------------------------------------------

@pytest.mark.rule("A.order", "A.throttle", "A.nav.deck")
def test_air_action_computer_plans_its_planes_and_says_why_after_the_turn():
    table = AirActionTable(seats={"Bob": "computer"}, level="random")
    assert [p.player for p in table.planning()] == ["Ann", "Ann"]  # rows only for the human's planes
    assert table.play()
    game = table.record
    moves = computer_moves(table, game, "Bob")
    bobs = {p.id for p in game.history()[0].state.game.flying() if p.player == "Bob"}
    assert {game.log[i].action.plane for i in moves} == bobs and len(moves) == len(bobs) == 2
    assert str(game.log[-1].action) == "resolve"
    for i in moves:  # the turn revealed the plans: the reasons are in the log
        assert html.escape(table.notes[i]) in table._computer_pane.object
        assert html.escape(str(game.log[i].action)) in table._computer_pane.object
    # the turn rolled dice: with a computer seated the undo is fair and refuses to cross them
    assert not table.undo() and "die roll" in table.error


@pytest.mark.rule("A.order")
def test_air_action_hot_seat_keeps_each_sides_plans_secret_until_the_turn():
    table = AirActionTable(player="Ann")
    assert {p.player for p in table.planning()} == {"Ann"}
    fighter = table.planning()[0].id
    table.set_plan(fighter, clicks=1)
    assert table.play() and table.player == "Bob" and len(table.history) == 0
    secret = str(table.record.log[0].action)
    assert secret.startswith(f"plan {fighter} +1")
    assert {p.player for p in table.planning()} == {"Bob"}
    seen = table.plans_seen()
    assert f"plan {fighter} (secret)" in seen and secret not in seen
    screen = table._plans_pane.object + table._log_pane.object + table._computer_pane.object
    assert html.escape(secret) not in screen and "+1" not in table._plans_pane.object
    table.player = "Ann"
    assert secret in table.plans_seen()  # Ann sees her own plan
    table.player = "Bob"
    assert table.play() and len(table.history) == 1 and str(table.record.log[-1].action) == "resolve"
    assert table.player == "Bob"  # still at the screen, with planes to plan next turn: the turn's rolls are public


# --- Aces --------------------------------------------------------------------------------------------------

@pytest.mark.rule("K.turns")
def test_aces_computer_takes_its_turn_after_the_humans_and_says_why():
    table = AcesSkirmish(seats={"Kim": "computer"})
    assert not table.game.log  # Tim, a human, plays first
    assert table.act("pass Tim")
    game = table.game
    moves = computer_moves(table, game, "Kim")
    assert moves and moves[0] == 1 and game.waiting_for == ("Tim",)
    for i in moves:
        assert html.escape(table.notes[i]) in table._log_pane.object
    assert table.characters()[table.active].player == "Tim"  # the human's figure is the active one again


@pytest.mark.rule("K.turns")
def test_aces_plays_a_game_from_game_setup_with_the_computer_first():
    setup = GameSetup(system="aces", play_here=False, seed=3)
    assert setup.add_character()
    setup.param.update(aces_player="Kim", figure="ruffian", character_name="Rough")
    assert setup.add_character(), setup.error
    game = setup.new_game()
    table = AcesSkirmish(game=game, seats={"Tim": "computer"}, level="random")
    assert table.game.setup == game.setup and table.game.log  # the computer, first to play, has acted
    assert computer_moves(table, table.game, "Tim")
    assert table.game.waiting_for == ("Kim",) or table.game.is_over


# --- Bar-rooms -----------------------------------------------------------------------------------------------

@pytest.mark.rule("B.sequence")
def test_barrooms_computer_acts_whenever_its_go_comes_and_says_why():
    table = BarroomsTable(seats={"Bob": "computer"})
    assert table.game.log and computer_moves(table, table.game, "Bob") == [0]  # Bob's man goes first
    assert table.game.waiting_for == ("Ann",)
    assert table.apply()
    game = table.game
    moves = computer_moves(table, game, "Bob")
    assert len(moves) >= 2 and game.waiting_for in (("Ann",), ())
    for i in moves:
        assert html.escape(table.notes[i]) in table._computer.object
    # a human's action for the computer's man is refused by name
    bob_man = game.state.fighter(game.state.queue[0]).name if game.waiting_for == ("Bob",) else "Vic"
    assert not table.apply(f"stay {bob_man}") and "computer" in table.error


def test_barrooms_plays_a_game_from_game_setup():
    setup = GameSetup(system="barrooms", play_here=False, seed=5)
    # the set-up form, loaded with the standard fight as its upload button would
    assert setup.load_setup(json.dumps(rules_for("barrooms").default_setup())), setup.error
    game = setup.new_game()
    table = BarroomsTable(game=game, seats={"Ann": "computer", "Bob": "computer"}, level="random")
    assert table.game.setup == game.setup and (table.game.is_over or len(table.game.log) >= 400)
    assert not table.legal  # no human at this table: nothing is offered


@pytest.mark.parametrize("table", [FasaTable, AirActionTable, AcesSkirmish, BarroomsTable])
def test_a_table_built_with_a_seat_for_nobody_is_refused_by_name(table):
    with pytest.raises(SeatError, match="no player called 'Zed'"):
        table(seats={"Zed": "computer"})
    with pytest.raises(SeatError, match="must be one of"):
        table(seats={"Ann" if table is not AcesSkirmish else "Tim": "robot"})


def test_every_table_seats_everyone_human_unless_asked():
    for table, game in ((FasaTable(), "game"), (AirActionTable(), "record"), (AcesSkirmish(), "game"),
                        (BarroomsTable(), "game")):
        assert table.seats == {} and table.computers(getattr(table, game)) == []
        assert not table.notes
