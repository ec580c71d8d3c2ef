"""The game protocol's own mechanism, on a toy game: two players each hide a number in secret,
the table reveals them, then each rolls a d6 and adds it; the higher total wins."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

import pytest

from cs_panel.core.errors import CsPanelError, SavedStateError
from cs_panel.core.game import (
    FORMAT_VERSION, Action, Game, IllegalActionError, Result, Rules, StepInfo, UndoRefusedError, UnknownActionError,
    UnknownSystemError, random_playout, register, rules_for,
)
import random


@dataclass(frozen=True)
class Hide(Action):
    who: str
    number: int
    secret = True

    @property
    def player(self) -> str:
        return self.who

    def __str__(self) -> str:
        return f"hide {self.who} {self.number}"


@dataclass(frozen=True)
class Reveal(Action):
    def __str__(self) -> str:
        return "reveal"


@dataclass(frozen=True)
class Roll(Action):
    who: str

    @property
    def player(self) -> str:
        return self.who

    def __str__(self) -> str:
        return f"roll {self.who}"


@dataclass(frozen=True)
class ToyState:
    hidden: tuple[tuple[str, int], ...] = ()
    shown: bool = False
    rolled: tuple[tuple[str, int], ...] = ()


class ToyRules(Rules):
    system = "toy"
    default_rule = "TOY.rule"

    def default_setup(self):
        return {"players": ["Ann", "Bob"]}

    def check_setup(self, setup):
        if not isinstance(setup, dict) or setup.get("players") != ["Ann", "Bob"]:
            raise CsPanelError("the toy game is for Ann and Bob", field="players")
        return dict(setup)

    def initial(self, setup, seed):
        return ToyState()

    def players(self, state):
        return ("Ann", "Bob")

    def waiting_for(self, state):
        if not state.shown:
            return tuple(p for p in ("Ann", "Bob") if p not in dict(state.hidden))
        return tuple(p for p in ("Ann", "Bob") if p not in dict(state.rolled))

    def legal_actions(self, state, player=None):
        if not state.shown:
            waiting = self.waiting_for(state)
            if not waiting:
                return [Reveal()]
            return [Hide(p, n) for p in waiting if player in (None, p) for n in (1, 2, 3)]
        return [Roll(p) for p in self.waiting_for(state) if player in (None, p)]

    def step(self, state, action, dice):
        if action not in self.legal_actions(state):
            raise CsPanelError(f"{action} is not allowed now")
        if isinstance(action, Hide):
            return dataclasses.replace(state, hidden=state.hidden + ((action.who, action.number),)), StepInfo()
        if isinstance(action, Reveal):
            return dataclasses.replace(state, shown=True), StepInfo(("numbers shown",), revealed=True)
        face = dice.d6()
        return (dataclasses.replace(state, rolled=state.rolled + ((action.who, face),)),
                StepInfo((f"{action.who} rolls {face}",)))

    def is_over(self, state):
        return len(state.rolled) == 2

    def result(self, state):
        total = {p: dict(state.hidden)[p] + r for p, r in state.rolled}
        if len(total) < 2 or total["Ann"] == total["Bob"]:
            return Result(None, tuple(total.items()), "no winner")
        w = max(total, key=total.get)
        return Result(w, tuple(total.items()), f"{w} wins")

    def observation(self, state, player):
        return {"hidden": {p: (n if p == player or state.shown else None) for p, n in state.hidden},
                "rolled": dict(state.rolled)}

    def parse_action(self, text):
        w = text.split()
        if w == ["reveal"]:
            return Reveal()
        if len(w) == 2 and w[0] == "roll":
            return Roll(w[1])
        if len(w) == 3 and w[0] == "hide" and w[2].isdigit():
            return Hide(w[1], int(w[2]))
        raise CsPanelError(f"cannot read {text!r}")


register("toy", ToyRules)


def toy(seed=0) -> Game:
    return Game.new("toy", seed)


def test_notation_round_trips_for_every_legal_action():
    g = toy()
    while not g.is_over:
        for a in g.legal_actions():
            assert g.parse(str(a)) == a
        g = g.apply(g.legal_actions()[-1])


def test_legal_actions_are_asked_of_the_rules_once_per_game_and_player(monkeypatch):
    """A screen asks a game for its actions several times a click; the immutable game's answer is
    kept (issue 14) and stays the rules' answer: a copy each time, per player, only the latest kept."""
    import cs_panel.core.game as core

    g = toy(3)
    asked = []
    real = ToyRules.legal_actions

    def counted(self, state, player=None):
        asked.append(player)
        return real(self, state, player)
    monkeypatch.setattr(ToyRules, "legal_actions", counted)
    first = g.legal_actions("Ann")
    first.clear()  # the caller's list is its own
    assert g.legal_actions("Ann") == list(real(g.rules, g.state, "Ann")) != []
    assert g.legal_actions(None) == list(real(g.rules, g.state, None))
    assert asked == ["Ann", None]
    later = g.apply(g.legal_actions("Ann")[0])
    before = len(asked)
    assert later.legal_actions("Ann") == later.legal_actions("Ann") == list(real(later.rules, later.state, "Ann"))
    assert asked[before:] == ["Ann"]  # another game: asked again, once
    for seed in range(core.LEGAL_KEPT + 5):  # other games push the oldest answers out
        toy(seed).legal_actions()
    assert len(core._LEGAL) <= core.LEGAL_KEPT
    g.legal_actions("Ann")
    assert asked[-1] == "Ann" and len(asked) > 3


def test_the_same_action_from_the_same_game_is_worked_out_once(monkeypatch):
    """An undo gives back the earlier game; taking the same action from it again finds the game it
    became (issue 14: a table's Undo then Play did the whole turn twice). It is the same game the
    rules would make, dice included; another action, or the same one from another game, is worked
    out; a refused action is refused each time; only the latest answers are kept."""
    import cs_panel.core.game as core

    stepped = []
    real = ToyRules.step

    def counted(self, state, action, dice):
        stepped.append(str(action))
        return real(self, state, action, dice)
    monkeypatch.setattr(ToyRules, "step", counted)
    g = toy(5).play("hide Ann 2", "hide Bob 1", "reveal")
    rolled = g.apply("roll Ann")
    assert g.apply("roll Ann") is rolled
    assert stepped.count("roll Ann") == 1
    fresh = toy(5).play("hide Ann 2", "hide Bob 1", "reveal")  # an equal game, another object
    again = fresh.apply("roll Ann")
    assert stepped.count("roll Ann") == 2 and again == rolled and again.log[-1].faces == rolled.log[-1].faces
    assert again is not rolled and again.at(len(again.log) - 1) is fresh  # its own history
    assert g.apply("roll Bob") is not rolled and stepped.count("roll Bob") == 1
    with pytest.raises(IllegalActionError):
        rolled.apply("roll Ann")  # Ann has rolled: refused
    with pytest.raises(IllegalActionError):
        rolled.apply("roll Ann")  # and refused again, not kept as an answer
    assert stepped.count("roll Ann") == 2 + 2
    for seed in range(core.LEGAL_KEPT + 5):  # other games push the oldest answers out
        toy(seed).apply("hide Ann 1")
    assert len(core._NEXT) <= core.LEGAL_KEPT


def test_apply_is_deterministic_and_immutable():
    g = toy(5)
    a = g.play("hide Ann 2", "hide Bob 1", "reveal", "roll Ann", "roll Bob")
    b = toy(5).play("hide Ann 2", "hide Bob 1", "reveal", "roll Ann", "roll Bob")
    assert a == b and a.log[-1].faces == b.log[-1].faces
    assert len(g.log) == 0 and a.is_over
    assert a.result.winner in ("Ann", "Bob", None)


def test_illegal_action_is_refused_with_the_rule_and_leaves_the_game():
    g = toy().apply("hide Ann 2")
    with pytest.raises(IllegalActionError) as e:
        g.apply("hide Ann 3")
    assert e.value.rule_id == "TOY.rule" and "TOY.rule" in str(e.value)
    assert len(g.log) == 1
    with pytest.raises(UnknownActionError):
        g.apply("fly away")


def test_unknown_system_is_named():
    with pytest.raises(UnknownSystemError):
        Game.new("chess")
    with pytest.raises(CsPanelError):
        rules_for("chess")


def test_fair_undo():
    g = toy()
    with pytest.raises(UndoRefusedError, match="nothing to undo"):
        g.undo()
    g1 = g.apply("hide Ann 2")
    assert g1.undo() == g  # a secret plot not yet revealed can be taken back
    g3 = g1.play("hide Bob 3", "reveal")
    with pytest.raises(UndoRefusedError, match="crosses a reveal"):
        g3.undo()
    g4 = g3.apply("roll Ann")
    with pytest.raises(UndoRefusedError, match="crosses a die roll"):
        g4.undo()


def test_undo_of_a_loaded_game_refolds():
    g = Game.from_json(toy().play("hide Ann 2", "hide Bob 3").to_json())
    u = dataclasses.replace(g, _parent=None).undo()
    assert u.state == toy().apply("hide Ann 2").state


def test_observation_hides_the_other_players_secret_until_revealed():
    g = toy().play("hide Ann 3", "hide Bob 1")
    seen = g.observation("Bob")
    assert seen["state"]["hidden"] == {"Ann": None, "Bob": 1}
    assert "hide Ann 3" not in json.dumps(seen)
    assert g.observation("Ann")["log"][0] == "hide Ann 3"
    assert g.apply("reveal").observation("Bob")["state"]["hidden"]["Ann"] == 3


@pytest.mark.parametrize("system", ["fasa", "airaction", "aces", "barrooms"])
def test_the_log_seen_by_a_player_is_the_log_of_their_observation_at_every_step(system):
    """``log_seen_by`` is the observation's log without the state's view (the tables ask for it
    after every action): the same lines, secrets masked the same way, at every step of a game."""
    from cs_panel.games import new_game

    g, rng = new_game(system, seed=5), random.Random(5)
    for _ in range(12):
        for player in g.players:
            assert g.log_seen_by(player) == g.observation(player)["log"]
        if g.is_over or not g.waiting_for:
            break
        g = g.apply(rng.choice(g.legal_actions(g.waiting_for[0])))
    assert any(g.log_seen_by(p) != [str(e.action) for e in g.log] for p in g.players) or system in ("aces", "barrooms")
    with pytest.raises(CsPanelError, match="'Zed' does not play"):
        g.log_seen_by("Zed")


def test_save_load_after_every_action():
    g = toy(9)
    rng = random.Random(1)
    while not g.is_over:
        g = g.apply(rng.choice(g.legal_actions()))
        h = Game.from_json(g.to_json())
        assert h == g and h.state == g.state and h.transcript() == g.transcript()


def test_transcript_and_repr():
    g = toy(2).play("hide Ann 1", "hide Bob 2", "reveal", "roll Ann", "roll Bob")
    text = g.transcript()
    assert "1. hide Ann 1" in text and "dice: d6=" in text and "result:" in text
    assert "<ol>" in g.transcript_html()
    assert len(repr(g)) <= 200


def _saved() -> dict:
    return json.loads(toy(4).play("hide Ann 1", "hide Bob 2", "reveal", "roll Ann").to_json())


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(version=FORMAT_VERSION + 1), "unknown version"),
    (lambda d: d.update(format="other"), "not a saved game"),
    (lambda d: d.pop("log"), "needs 'log'"),
    (lambda d: d.update(system="chess"), "unknown system"),
    (lambda d: d.update(setup={"players": ["X"]}), "setup is refused"),
    (lambda d: d["log"][3][1].__setitem__(0, d["log"][3][1][0] % 6 + 1), "was changed"),
    (lambda d: d["log"][3][1].__setitem__(0, 7), "cannot show 7"),
    (lambda d: d["log"][3][1].append(3), "recorded 2 die faces but rolls 1"),
    (lambda d: d["log"][3].__setitem__(1, []), "needs more die faces"),
    (lambda d: d["log"].insert(0, d["log"].pop(2)), r"action 1 \(reveal\) is not legal"),
    (lambda d: d["log"].append(["roll Ann", [1]]), "action 5"),
    (lambda d: d["log"].append("roll Bob"), r"must be \[notation"),
])
def test_tampered_saved_games_are_refused(change, says):
    doc = _saved()
    change(doc)
    with pytest.raises(SavedStateError, match=says):
        Game.from_json(json.dumps(doc))


def test_hostile_texts_are_refused():
    good = json.dumps(_saved())
    for bad in (good[: len(good) // 2], "[" * 10_000 + "]" * 10_000, "x" * 10_000_000, "[]", 42,
                '{"a": "' + "[" * 5000 + '"}'):
        with pytest.raises(SavedStateError):
            Game.from_json(bad)


def test_random_playout_ends_the_toy_game():
    g = random_playout(toy(3), random.Random(0))
    assert g.is_over and len(g.log) == 5


def test_a_long_game_copies_and_pickles_without_its_chain_of_earlier_games():
    import copy
    import pickle
    g = toy(3).play("hide Ann 1", "hide Bob 2", "reveal", "roll Ann")
    assert copy.deepcopy(g) is g and copy.copy(g) is g
    back = pickle.loads(pickle.dumps(g))
    assert back == g and back.state == g.state and back._parent is None
    with pytest.raises(UndoRefusedError):
        back.undo()
