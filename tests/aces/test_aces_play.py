"""Aces through the game protocol (cs_panel/aces/play.py): every reachable square and attack is
listed, every die face is recorded (undo and replay go through the protocol), and 'end' scores."""

from __future__ import annotations

import random

import pytest

from cs_panel.aces import talents
from cs_panel.aces.game import GameRuleError
from cs_panel.aces.movement import reachable
from cs_panel.aces.play import Attack, End, Move, Withdraw, parse_action
from cs_panel.core.game import Game, IllegalActionError, UndoRefusedError
from cs_panel.games import new_game


@pytest.mark.rule("K.move")
def test_every_reachable_square_is_a_listed_move():
    g = new_game("aces", seed=0)
    a = g.state.game
    for c in a.characters:
        if c.player != "Tim":
            continue
        others = [o for o in a.characters if o.name != c.name]
        reach = reachable(a.board, c.square, c.value("speed"),
                          friends=[o.square for o in others if o.player == c.player],
                          enemies=[o.square for o in others if o.player != c.player],
                          sure_footed=talents.ignores_hindering(c))
        listed = {m.to for m in g.legal_actions() if isinstance(m, Move) and m.name == c.name}
        assert listed == set(reach.squares) and len(listed) > 5
    assert g.legal_actions("Kim") == []  # not Kim's turn (K.turns)


@pytest.mark.rule("K.actions", "K.ranged", "K.ranged.multi")
def test_listed_attacks_are_accepted_and_several_targets_stay_within_pistols():
    rng = random.Random(4)
    g = new_game("aces", seed=4)
    seen = 0
    while not g.is_over and seen < 40:
        legal = g.legal_actions()
        attacks = [a for a in legal if isinstance(a, Attack)]
        for a in attacks[:10]:
            g.apply(a)  # accepted: it rolls and returns a new game
            pistols = g.state.game.character(a.name).pistols
            assert len(a.targets) <= max(1, pistols)
            seen += 1
        g = g.apply(rng.choice(legal))
    assert seen


@pytest.mark.rule("K.break-away")
def test_a_break_away_roll_cannot_be_undone_but_a_plain_move_can():
    g = new_game("aces", seed=0)
    moved = g.apply("move Charlie to 4,3")
    assert moved.log[-1].faces == () and moved.undo() == g
    # put Charlie next to an enemy and move him away: he must roll to break away
    for seed in range(300):
        rng = random.Random(seed)
        h = new_game("aces", seed=seed)
        for _ in range(30):
            if h.is_over:
                break
            moves = [a for a in h.legal_actions() if isinstance(a, Move)]
            held = [m for m in moves if m.to != h.state.game.character(m.name).square and _held(h, m.name)]
            if held:
                after = h.apply(held[0])
                assert after.log[-1].faces, "a break-away roll is recorded"
                with pytest.raises(UndoRefusedError, match="crosses a die roll"):
                    after.undo()
                assert Game.from_json(after.to_json()) == after
                return
            h = h.apply(rng.choice([a for a in h.legal_actions() if not isinstance(a, Withdraw)]))
    raise AssertionError("no random game put a character next to an enemy")


@pytest.mark.rule("K.attack", "K.actions")
def test_an_attack_cannot_be_undone_but_a_pass_or_second_action_without_dice_can():
    g = new_game("aces", seed=4)
    attack = next(a for a in g.legal_actions() if isinstance(a, Attack))
    shot = g.apply(attack)
    assert shot.log[-1].faces
    with pytest.raises(UndoRefusedError, match="crosses a die roll"):
        shot.undo()
    passed = shot.apply(f"pass {shot.waiting_for[0]}")
    assert passed.log[-1].faces == () and passed.undo() == shot
    with pytest.raises(UndoRefusedError, match="nothing to undo"):
        g.undo()


def _held(g, name):
    from cs_panel.aces.movement import enemies_adjacent
    a = g.state.game
    c = a.character(name)
    return bool(enemies_adjacent(a.board, c.square, [o.square for o in a.characters if o.player != c.player]))


@pytest.mark.rule("K.withdraw", "K.victory")
def test_a_withdrawal_ends_the_game_and_end_scores_it():
    g = new_game("aces", seed=0).apply("withdraw Tim")
    assert not g.is_over and g.legal_actions() == [End()]
    with pytest.raises(IllegalActionError, match="only 'end' is left"):
        g.apply("move Loyle to 12,4")
    done = g.apply("end")
    assert done.is_over and done.result.winner == "Kim" and "K.victory" in done.result.text
    assert dict(done.result.scores)["Tim"] == 0


@pytest.mark.rule("K.end")
def test_the_agreed_time_limit_ends_the_game():
    setup = {**new_game("aces").setup, "max_turns": 1}
    g = new_game("aces", seed=0, setup=setup).play("pass Tim", "pass Kim")
    assert g.legal_actions() == [End()] and "time limit" in g.result.text
    with pytest.raises(IllegalActionError, match="K.end"):
        new_game("aces").apply("end")


def test_notation_round_trips():
    for text in ("move Tail Gunner to 3,3", "attack Charlie from 7,2 ranged Ruffian & Soldier with fate",
                 "attack Loyle from 8,2 close Charlie then Charlie with fate", "attack Loyle from 8,2 capture Charlie",
                 "second wind Charlie", "escape Charlie with fate", "escape Charlie", "pass Tim",
                 "pass Tim with Tail Gunner", "withdraw Kim", "end"):
        assert str(parse_action(text)) == text


def test_a_name_the_notation_cannot_carry_is_refused():
    setup = new_game("aces").setup
    setup["teams"]["Tim"][0][1] = "Charlie & Co"
    with pytest.raises(GameRuleError, match="notation"):
        new_game("aces", setup=setup)


@pytest.mark.rule("K.recruit")
def test_a_setup_may_agree_another_build_total_and_the_standard_one_goes_unsaid():
    from cs_panel.aces.play import demo_setup

    setup = demo_setup()
    assert "build_total" not in new_game("aces", 1, setup).setup  # 100: the standard, unsaid
    setup["teams"]["Tim"].append(["louis-thibodeaux-ace", "Louis", [0, 2]])  # 49 + 9 + 45 = 103 points
    with pytest.raises(GameRuleError, match="over the build total of 100"):
        new_game("aces", 1, setup)
    g = new_game("aces", 1, {**setup, "build_total": 110})
    assert g.setup["build_total"] == 110 and Game.from_json(g.to_json()) == g
    for bad in (0, True, "110", 5000):
        with pytest.raises(GameRuleError, match="build_total"):
            new_game("aces", 1, {**setup, "build_total": bad})
