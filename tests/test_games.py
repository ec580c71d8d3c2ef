"""Every rule system through the one game protocol (``cs_panel.core.game``, issue 9): seeded random
playouts with invariants, save/load/replay after every action, the fair-undo policy, a golden
transcript per system replayed exactly, and hostile saved games.

The issue asks for 200 random playouts a system. Here each system plays ``PLAYOUTS`` (20) seeded
playouts of at most ``MAX_TURNS`` turns, checking the invariants after every action, and
``ROUND_TRIPS`` of them also save, load and replay after every action, to keep CI time short; the
benchmark ``benchmarks/playouts.py`` plays the full 200 a system (to the end or its turn limit) and
counts any error. Regenerate a golden transcript after a deliberate rules change with
``python tests/test_games.py SYSTEM`` (and read the diff).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

from cs_panel.core.errors import SavedStateError
from cs_panel.core.game import (
    FORMAT_VERSION, Game, GameError, IllegalActionError, UndoRefusedError, UnknownSystemError, rules_for,
)
from cs_panel.games import SYSTEMS, available, new_game

GOLDEN = Path(__file__).parent / "golden"
PLAYOUTS = 20
ROUND_TRIPS = 3
MAX_TURNS = 4
MAX_ACTIONS = 400
GOLDEN_SEED = 7

HERE = available()


def check(game: Game) -> None:
    """The invariants every state must keep, whatever the system."""
    problems = game.rules.invariants(game.state)
    assert not problems, f"{game!r} after {game.log[-1].action if game.log else 'the start'}: {problems}"
    assert len(repr(game)) <= 200
    for p in game.players:
        json.dumps(game.observation(p))  # plain JSON data
    if game.is_over:
        assert game.legal_actions() == []
        r = game.result
        assert r.winner is None or r.winner in game.players
    else:
        assert game.legal_actions(), f"{game!r}: not over, yet nothing to do"


def playout(system: str, seed: int, *, round_trip: bool = False, max_turns: int = MAX_TURNS) -> Game:
    """A seeded random playout, choosing uniformly among the legal actions, checking as it goes."""
    rng = random.Random(seed)
    game = new_game(system, seed=seed)
    check(game)
    for _ in range(MAX_ACTIONS):
        if game.is_over or game.turn > max_turns:
            break
        legal = game.legal_actions()
        for a in legal:  # every listed action has a notation that reads back as itself
            assert game.parse(str(a)) == a, str(a)
        before = game
        game = game.apply(rng.choice(legal))  # a listed action is never refused: any error fails the test
        assert before.log == game.log[:-1]
        check(game)
        if round_trip:
            loaded = Game.from_json(game.to_json())
            assert loaded == game
            assert game.rules.state_key(loaded.state) == game.rules.state_key(game.state)
            assert loaded.transcript() == game.transcript()
            refolded = Game(game.system, game.seed, game.setup_text, game.log)  # folds the log afresh
            assert game.rules.state_key(refolded.state) == game.rules.state_key(game.state)
    return game


#: the systems played through the protocol: all four (README, "One way to play"; issue 9)
ON_PROTOCOL = ("fasa", "airaction", "aces", "barrooms")


def test_the_systems_on_the_protocol_are_the_ones_the_readme_names():
    assert set(HERE) <= set(SYSTEMS)
    assert HERE == ON_PROTOCOL, f"on the protocol: {HERE}; update ON_PROTOCOL and the README"
    for missing in sorted(set(SYSTEMS) - set(HERE)):
        with pytest.raises(UnknownSystemError, match="not yet played through the game protocol"):
            new_game(missing)


@pytest.mark.parametrize("system", HERE)
@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_random_playouts_keep_the_invariants(system, seed):
    g = playout(system, seed, round_trip=seed < ROUND_TRIPS)
    assert g.is_over or g.turn > MAX_TURNS or len(g.log) == MAX_ACTIONS


@pytest.mark.parametrize("system", HERE)
def test_some_playout_reaches_the_end(system):
    """The game ends: within a few seeds some random playout gets to the end by the game's own rules."""
    assert any(playout(system, seed, max_turns=100).is_over for seed in range(5))


@pytest.mark.parametrize("system", HERE)
def test_undo_never_crosses_a_roll_or_a_reveal(system):
    """Fair undo: refused exactly when the last action rolled dice or revealed something; otherwise
    the game is as it was before that action."""
    game = new_game(system, seed=1)
    with pytest.raises(UndoRefusedError, match="nothing to undo"):
        game.undo()
    rng = random.Random(1)
    seen = {"rolled": 0, "revealed": 0, "undone": 0}
    for _ in range(60):
        if game.is_over:
            break
        before = game
        game = game.apply(rng.choice(game.legal_actions()))
        last = game.log[-1]
        if last.rolled or last.revealed:
            why = "crosses a die roll" if last.rolled else "crosses a reveal"
            with pytest.raises(UndoRefusedError, match=why):
                game.undo()
            seen["rolled" if last.rolled else "revealed"] += 1
        else:
            back = game.undo()
            assert back == before and game.rules.state_key(back.state) == game.rules.state_key(before.state)
            reloaded = Game.from_json(game.to_json())
            assert reloaded.undo() == before  # a loaded game undoes the same way
            seen["undone"] += 1
    assert seen["rolled"] and seen["undone"], seen


@pytest.mark.parametrize("system", HERE)
def test_illegal_action_leaves_the_game_unchanged(system):
    game = playout(system, 2, max_turns=1)
    if game.is_over:
        game = new_game(system, seed=2)
    text = game.to_json()
    legal = {str(a) for a in game.legal_actions()}
    for bad in ("end of the world", "move Nobody to 1,1", "plot Nobody 3SA"):
        if bad in legal:
            continue
        with pytest.raises(GameError):
            game.apply(bad)
    assert game.to_json() == text


# -- golden transcripts ------------------------------------------------------------------------


def golden_game(system: str) -> Game:
    return playout(system, GOLDEN_SEED, max_turns=3)


def replay_transcript(text: str) -> Game:
    """The game a transcript tells: its header's system, seed and setup, then each numbered action."""
    head = re.fullmatch(r"(\S+) game, seed (-?\d+), setup (.*)", text.splitlines()[0])
    assert head, "a transcript starts with 'SYSTEM game, seed N, setup {...}'"
    game = new_game(head.group(1), seed=int(head.group(2)), setup=json.loads(head.group(3)))
    for line in text.splitlines()[1:]:
        m = re.fullmatch(r"(\d+)\. (.+)", line)
        if m:
            assert int(m.group(1)) == len(game.log) + 1
            game = game.apply(m.group(2))
    return game


@pytest.mark.parametrize("system", HERE)
def test_golden_transcript_replays_exactly(system):
    path = GOLDEN / f"{system}.txt"
    assert path.exists(), f"no golden transcript for {system}: run python tests/test_games.py {system}"
    text = path.read_text()
    game = replay_transcript(text)
    assert game.transcript() == text
    assert any(e.faces for e in game.log), "the golden game rolls dice"


# -- hostile saved games --------------------------------------------------------------------------


def _rolled_game(system: str) -> tuple[Game, dict]:
    game = playout(system, 3, max_turns=2)
    doc = json.loads(game.to_json())
    assert any(faces for _, faces in doc["log"]), "the game rolled dice"
    return game, doc


def _wrong_leaf(setup):
    """The setup with its first number (depth first) turned into a list."""
    done = []

    def walk(x):
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items()}
        if isinstance(x, list):
            return [walk(v) for v in x]
        if isinstance(x, int) and not isinstance(x, bool) and not done:
            done.append(x)
            return [x]
        return x
    return walk(setup)


@pytest.mark.parametrize("system", HERE)
def test_saved_game_hostility(system):
    game, doc = _rolled_game(system)
    text = json.dumps(doc)
    assert Game.from_json(text) == game
    k = next(i for i, (_, faces) in enumerate(doc["log"]) if faces)
    sides = game.log[k].sides[0]

    def changed(edit) -> str:
        d = json.loads(text)
        edit(d)
        return json.dumps(d)

    cases = {
        "truncated": text[: len(text) * 2 // 3],
        "tampered face": changed(lambda d: d["log"][k][1].__setitem__(0, d["log"][k][1][0] % sides + 1)),
        "face off the die": changed(lambda d: d["log"][k][1].__setitem__(0, sides + 1)),
        "face missing": changed(lambda d: d["log"][k][1].pop()),
        "face too many": changed(lambda d: d["log"][k][1].append(1)),
        "unknown version": changed(lambda d: d.update(version=FORMAT_VERSION + 1)),
        "no version": changed(lambda d: d.pop("version")),
        "unknown system": changed(lambda d: d.update(system="chess")),
        "bad setup": changed(lambda d: d.update(setup={"nonsense": 1})),
        "out of order": changed(lambda d: d["log"].insert(0, d["log"].pop())),
        "unreadable action": changed(lambda d: d["log"].__setitem__(0, ["fly to the moon", []])),
        "10 MB": text[:-1] + ', "pad": "' + "x" * 10_000_000 + '"}',
        "10,000 deep": '{"format": "cs_panel.game", "log": ' + "[" * 10_000 + "]" * 10_000 + "}",
        "not an object": "[1, 2, 3]",
        "a 5,000-digit face": text.replace('"log": [', '"log": [["x", [' + "9" * 5000 + "]], ", 1),
        "setup of the wrong shapes": changed(lambda d: d.update(setup={k: 7 for k in d["setup"]})),
        "setup with a list for a number": changed(lambda d: d.update(setup=_wrong_leaf(d["setup"]))),
    }
    for name, bad in cases.items():
        with pytest.raises(SavedStateError):
            Game.from_json(bad)
            pytest.fail(f"{name} was accepted")


def test_unknown_system_and_bad_seed_are_named_errors():
    with pytest.raises(GameError, match="no game called"):
        new_game("chess")
    with pytest.raises(GameError, match="seed"):
        new_game(HERE[0], seed="one")  # type: ignore[arg-type]


@pytest.mark.parametrize("system", HERE)
def test_a_refusal_cites_a_rule(system):
    game = new_game(system, seed=0)
    with pytest.raises(IllegalActionError) as e:
        # the last entry of a finished game, applied again at the start, is out of turn
        game.apply(str(playout(system, 0, max_turns=100).log[-1].action))
    assert e.value.rule_id and e.value.rule_id in str(e.value)


@pytest.mark.parametrize("system", HERE)
def test_rules_are_registered_by_name(system):
    assert rules_for(system).system == system


if __name__ == "__main__":  # regenerate golden transcripts: python tests/test_games.py fasa aces ...
    for name in sys.argv[1:] or HERE:
        GOLDEN.mkdir(exist_ok=True)
        (GOLDEN / f"{name}.txt").write_text(golden_game(name).transcript())
        print(f"wrote {GOLDEN / f'{name}.txt'}")
