"""``Game.at``, ``Game.history``, ``Game.turn_starts`` and ``Rules.picture`` (issue 13): the game after
its first n actions is the game played to there, whichever way it was built, and each system's
picture shows its table as it stands."""

from __future__ import annotations

import html
import random

import pytest

from cs_panel.core.game import Game, GameError, Rules, random_playout
from cs_panel.games import available, new_game

HERE = available()


def played(system: str, seed: int = 5, turns: int = 2) -> tuple[Game, list[Game]]:
    """A seeded random game and the games it passed through, as ``apply`` made them."""
    rng = random.Random(seed)
    g = new_game(system, seed=seed)
    seen = [g]
    while not g.is_over and g.turn <= turns:
        g = g.apply(rng.choice(g.legal_actions()))
        seen.append(g)
    return g, seen


@pytest.mark.rule("F.seq.phases", "K.turns")
@pytest.mark.parametrize("system", HERE)
def test_at_and_history_give_the_states_of_play_however_the_game_was_built(system):
    game, seen = played(system)
    key = game.rules.state_key
    want = [key(g.state) for g in seen]
    loaded = Game.from_json(game.to_json())  # a chain of earlier games, as loading builds it
    by_hand = Game(game.system, game.seed, game.setup_text, game.log)  # no chain: folds afresh
    for g in (game, loaded, by_hand):
        history = g.history()
        assert [len(h.log) for h in history] == list(range(len(game.log) + 1))
        assert [key(h.state) for h in history] == want
        assert [h.log for h in history] == [s.log for s in seen]
        for n in (0, 1, len(game.log) // 2, len(game.log)):
            assert key(g.at(n).state) == want[n] and g.at(n).log == game.log[:n]
    assert game.at(len(game.log)) is game
    # a game taken back to step n plays on like the game that was there
    n = len(game.log) // 2
    nxt = game.log[n].action
    assert key(by_hand.at(n).apply(nxt).state) == want[n + 1]


@pytest.mark.parametrize("bad", [-1, 10 ** 6, 1.5, True, "2", None])
def test_at_refuses_a_step_the_game_does_not_have(bad):
    game, _ = played(HERE[0])
    with pytest.raises(GameError) as e:
        game.at(bad)
    assert e.value.field == "step" and f"0 to {len(game.log)}" in str(e.value)


@pytest.mark.rule("F.seq.phases", "K.turns")
@pytest.mark.parametrize("system", HERE)
def test_turn_starts_name_the_first_step_of_each_turn(system):
    game, seen = played(system, seed=9, turns=3)
    starts = game.turn_starts()
    turns = [g.turn for g in seen]
    assert [t for t, _ in starts] == sorted(set(turns)) and starts[0] == (turns[0], 0)
    for t, n in starts:
        assert turns[n] == t and (n == 0 or turns[n - 1] != t)  # the turn begins exactly there
    assert len(starts) >= 3, "the game ran through several turns"


def test_a_system_without_a_picture_draws_none():
    assert Rules().picture(object()) is None


@pytest.mark.rule("F.seq.phases")
def test_the_fasa_picture_is_the_referees_map_of_the_planes():
    from cs_panel.fasa.referee import map_svg

    game, _ = played("fasa", turns=1)
    picture = game.picture()
    assert picture == map_svg(game.state.game, radius=3, size=22)
    for p in game.state.game.planes:  # each plane where it is, facing its way
        assert f"{p.name} at {p.plane.hex!r} facing {p.plane.facing.name}" in picture


@pytest.mark.rule("K.turns")
def test_the_aces_picture_puts_each_character_on_its_square():
    from cs_panel.aces.render import token_labels

    game = random_playout(new_game("aces", seed=7), random.Random(7), max_turn=3)
    picture = game.picture()
    chars = game.state.game.characters
    labels = token_labels([c.name for c in chars])
    for c in chars:
        x, y = c.square
        # the token's centre is the square's centre (cells of 30 px); its label and a key line name it
        assert f"<circle cx='{x * 30 + 15.0}' cy='{y * 30 + 15.0}'" in picture
        assert f">{labels[c.name]}</text>" in picture
        assert f"{html.escape(c.name)} ({c.player}) at {x},{y}" in picture
    for o in game.state.game.out:
        assert o.name in picture.split("Knocked out:")[1]


def test_token_labels_are_distinct_and_need_no_escaping():
    from cs_panel.aces.render import token_labels

    names = ["Louis", "Loyle", "Lo", "<b>", "&&", "Ünal", "Louis2"]
    labels = token_labels(names)
    assert len(set(labels.values())) == len(names)
    assert all(v.isascii() and v.isalnum() and len(v) <= 2 for v in labels.values())
    assert labels["Louis"] == "Lo" and labels["Loyle"] == "Ly" and labels["<b>"] == "b1"
