"""A table of human and computer players on the game protocol (``cs_panel.core.seats``): computers
act as soon as they have something to do, the table's steps wait for every player, a human's undo
takes back the computers' answers too, fairly, and one ``advance`` is bounded."""

from __future__ import annotations

import random

import pytest

from cs_panel.core.game import UndoRefusedError
from cs_panel.core.seats import (
    COMPUTER, HUMAN, SeatError, advance, check_seats, own_actions, table_actions, to_act, undo_own,
)
from cs_panel.games import new_game


def first(game, player):
    return own_actions(game, player)[0], "the first choice"


def seeded(game, player):
    return random.Random(len(game.log)).choice(own_actions(game, player)), "a random choice"


@pytest.mark.rule("F.move.plot", "F.seq.phases")
def test_a_computer_plots_at_once_and_the_move_waits_for_the_human():
    g = new_game("fasa", seed=4)
    g, moves = advance(g, {"Bob": COMPUTER}, first)
    assert [m.player for m in moves] == ["Bob"]  # the Raider's plot: secret, and nothing more
    assert str(g.log[-1].action).startswith("plot Raider ")
    assert to_act(g, {"Bob": COMPUTER}) == ("Ann",)
    assert table_actions(g) == []  # "move" waits for Ann's plot
    assert g.observation("Ann")["log"] == ["plot Raider (secret)"]
    g = g.apply(own_actions(g, "Ann")[0])
    g, moves = advance(g, {"Bob": COMPUTER}, first)
    assert moves[0].action == "move" and moves[0].player == ""  # the table flies both plots


@pytest.mark.rule("F.combat.choice", "F.combat.order")
def test_the_combat_step_waits_until_every_plane_has_its_order():
    g = new_game("fasa", seed=4)
    seats = {"Ann": COMPUTER, "Bob": COMPUTER}
    while not g.is_over and g.state.game.phase.name != "COMBAT":
        g, _ = advance(g, seats, first, max_actions=1)
    assert own_actions(g, "Ann") and table_actions(g) == []
    g = g.apply(own_actions(g, "Ann")[0])
    g = g.apply(own_actions(g, "Bob")[0])
    assert [str(a) for a in table_actions(g)] == ["combat"]


def test_two_computers_play_a_whole_game_within_the_bound():
    g, moves = advance(new_game("aces", seed=3), {"Tim": COMPUTER, "Kim": COMPUTER}, seeded, max_actions=2000)
    assert g.is_over and len(moves) == len(g.log)
    g2, moves2 = advance(new_game("aces", seed=3), {"Tim": COMPUTER, "Kim": COMPUTER}, seeded, max_actions=5)
    assert len(moves2) == 5 and not g2.is_over  # the bound holds


def test_a_human_undo_takes_back_the_computers_answers_but_never_a_roll():
    g = new_game("fasa", seed=4)
    seats = {"Bob": COMPUTER}
    g, _ = advance(g, seats, first)
    mine = g.apply("plot Ace 3SA")
    assert undo_own(mine, "Ann") == g
    g, _ = advance(mine, seats, first)  # the table flies both plots: a reveal, and pushes may roll
    assert "move" in [str(e.action) for e in g.log]
    with pytest.raises(UndoRefusedError, match="move"):
        undo_own(g, "Ann")
    with pytest.raises(UndoRefusedError, match="no action"):
        undo_own(new_game("fasa"), "Ann")


def test_bad_seats_are_named():
    g = new_game("fasa")
    assert check_seats(g, {}) == {"Ann": HUMAN, "Bob": HUMAN}
    with pytest.raises(SeatError, match="no player called 'Zed'"):
        check_seats(g, {"Zed": COMPUTER})
    with pytest.raises(SeatError, match="seat must be one of"):
        check_seats(g, {"Ann": "robot"})


def test_a_human_cannot_take_the_computers_action():
    from cs_panel.core.seats import take
    g = new_game("fasa", seed=4)
    with pytest.raises(SeatError, match="computer's to take"):
        take(g, {"Bob": COMPUTER}, g.parse("plot Raider 3SA"))
    assert str(take(g, {"Bob": COMPUTER}, g.parse("plot Ace 3SA")).log[-1].action) == "plot Ace 3SA"


@pytest.mark.parametrize("system", ["fasa", "airaction", "aces", "barrooms"])
def test_a_games_own_actions_are_kept_and_equal_the_rules_answer(monkeypatch, system):
    """own_actions keeps each game's answer (a game is immutable), as Game keeps its legal actions:
    asked again for the same game, the rules are not asked whose each action is (issue 14); the
    kept answer is the one worked out afresh, at every step of a game; the caller's list is its
    own; only the latest answers are kept."""
    import cs_panel.core.seats as seats_core

    game = new_game(system, seed=3)
    owners = []
    real_owner = type(game.rules).owner
    monkeypatch.setattr(type(game.rules), "owner", lambda self, state, a: owners.append(a) or real_owner(self, state, a))

    def fresh(g, p):
        return [a for a in g.legal_actions(p) if real_owner(g.rules, g.state, a) == p]
    for _ in range(12):
        if game.is_over:
            break
        for p in game.players:
            assert own_actions(game, p) == fresh(game, p)
            owners.clear()
            mine = own_actions(game, p)
            assert mine == fresh(game, p) and owners == []  # kept: the rules were not asked again
            mine.clear()
            assert own_actions(game, p) == fresh(game, p)  # the caller's list is its own
        acting = [p for p in game.players if own_actions(game, p)]
        game = game.apply(own_actions(game, acting[0])[0] if acting else table_actions(game)[0])
    assert len(seats_core._OWN) <= seats_core._OWN.size
