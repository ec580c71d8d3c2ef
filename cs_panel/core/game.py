"""One way to play every game: an immutable ``Game`` that is a seed, a setup and a log.

Each rule system gives a stateless ``Rules`` object (registered by its name) that knows how to
start, what actions are legal, and how one action changes its own frozen state. ``Game`` does the
rest the same way for every system:

- the state is the fold of the log; ``apply`` adds one ``Entry`` (the action, the die faces it
  used, whether it revealed hidden information, and the lines it told);
- the faces of entry k come from a generator seeded by the game's seed and k, so ``apply`` is
  deterministic and a saved game can be checked face by face;
- ``undo`` is fair (Board Game Arena, 18xx.games): it never takes back an action that rolled dice
  or revealed something, so nobody can re-roll or un-see;
- ``to_json``/``from_json`` save and load a game; a saved text is untrusted: its size, nesting and
  log length are bounded before it is parsed, and every entry must be legal in order with exactly
  the faces it claims, or loading fails with a ``SavedStateError`` naming the entry;
- ``observation(player)`` is what that player may see, as plain JSON data: secret plots and
  collision numbers of other players are not in it.

``cs_panel.games.new_game(system, seed, setup)`` starts one; ``tests/core/test_game.py`` shows
the mechanism on a toy game.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import json
import random
import re
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Sequence

from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError, SavedStateError

#: version of the saved-game text written by ``Game.to_json``
FORMAT_VERSION = 1
#: the ``format`` a saved game declares
FORMAT_NAME = "cs_panel.game"
#: bounds on an untrusted saved game
MAX_TEXT = 2_000_000
MAX_LOG = 20_000
MAX_DEPTH = 64
MAX_FACES = 2_000  # die faces one entry may claim
MAX_NOTATION = 500  # characters of one action's notation
LEGAL_KEPT = 16  # the latest games' legal actions kept (Game.legal_actions)


# -- errors -------------------------------------------------------------------------------------


class GameError(CsPanelError):
    """Base of the refusals of the game protocol."""


class IllegalActionError(GameError):
    """An action the rules do not allow now; ``rule_id`` names the rule that forbids it."""

    def __init__(self, message: str, *, rule_id: str | None = None, field: str | None = "action"):
        if rule_id and rule_id not in message:
            message = f"{message} ({rule_id})"
        super().__init__(message, field=field)
        self.rule_id = rule_id


class UnknownActionError(IllegalActionError):
    """Notation that names no action of this game."""


class UndoRefusedError(GameError):
    """An undo the fair-undo policy refuses: it would cross a die roll or a reveal, or the log is empty."""


class UnknownSystemError(GameError):
    """A rule system that is not registered."""


# -- actions and log entries ------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One thing a player (or the table) does; each system subclasses it.

    ``str(action)`` is its notation and ``Rules.parse_action(str(action)) == action``.
    ``player`` is who does it ("" for a step of the table, such as resolving movement);
    ``secret`` actions (a plot, a collision number) are hidden from the other players.
    """

    secret: ClassVar[bool] = False

    @property
    def player(self) -> str:
        return ""

    def __str__(self) -> str:  # pragma: no cover - every subclass writes its notation
        raise NotImplementedError(type(self).__name__)

    def masked(self) -> str:
        """The notation other players see for a secret action."""
        return f"{type(self).__name__.lower()} (secret)"


@dataclass(frozen=True)
class StepInfo:
    """What one step told: lines for the transcript, and whether it revealed hidden information."""

    lines: tuple[str, ...] = ()
    revealed: bool = False


@dataclass(frozen=True)
class Entry:
    """One entry of the log: the action, the die faces it used (with each die's sides), whether
    it revealed hidden information, and the lines it told (target numbers, odds, faces, rule ids)."""

    action: Action
    faces: tuple[int, ...] = ()
    sides: tuple[int, ...] = ()
    revealed: bool = False
    lines: tuple[str, ...] = ()

    @property
    def rolled(self) -> bool:
        return bool(self.faces)


@dataclass(frozen=True)
class Result:
    """The outcome by the game's victory rules: the winner (None for a draw or an unfinished
    game), a score for each player, and a sentence saying why."""

    winner: str | None
    scores: tuple[tuple[str, float], ...] = ()
    text: str = ""

    def to_dict(self) -> dict:
        return {"winner": self.winner, "scores": dict(self.scores), "text": self.text}


class Rules:
    """The rules of one system, stateless; subclasses register themselves by ``system``."""

    system: ClassVar[str] = ""
    #: the rule a refused action breaks when the system's own error names none
    default_rule: ClassVar[str | None] = None

    def default_setup(self) -> dict:
        raise NotImplementedError

    def check_setup(self, setup: dict) -> dict:
        raise NotImplementedError

    def initial(self, setup: dict, seed: int) -> Any:
        raise NotImplementedError

    def players(self, state) -> tuple[str, ...]:
        raise NotImplementedError

    def waiting_for(self, state) -> tuple[str, ...]:
        raise NotImplementedError

    def legal_actions(self, state, player: str | None = None) -> list[Action]:
        raise NotImplementedError

    def step(self, state, action: Action, dice: Dice) -> tuple[Any, StepInfo]:
        raise NotImplementedError

    def is_over(self, state) -> bool:
        raise NotImplementedError

    def result(self, state) -> Result:
        raise NotImplementedError

    def observation(self, state, player: str) -> dict:
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        raise NotImplementedError

    def turn(self, state) -> int:
        """The turn number, for playout limits and reprs (0 when the system has none)."""
        return int(getattr(state, "turn", 0) or 0)

    def owner(self, state, action: Action) -> str:
        """The player an action belongs to ("" for a step of the table): by default ``action.player``."""
        return action.player

    def rule_of(self, error: CsPanelError, action: Action) -> str | None:
        """The rule id a refusal cites: the error's own ``rule_id`` if it has one."""
        return getattr(error, "rule_id", None) or self.default_rule

    def invariants(self, state) -> list[str]:
        """What is wrong with a state that the rules should never reach (a negative box, a dial off
        its range): an empty list when all is well. The generic tests call it after every action."""
        return []

    def state_key(self, state) -> Any:
        """A value equal for equal states, to check that a replay gives the same state."""
        return state

    def picture(self, state) -> str | None:
        """The map or board as it stands, as SVG or HTML text (names escaped), for a replay or a
        table to show; None when the system draws none."""
        return None


_REGISTRY: dict[str, Callable[[], Rules]] = {}


def register(system: str, factory: Callable[[], Rules]) -> None:
    """Register the rules of ``system`` (a factory, so the module that holds them loads lazily)."""
    _REGISTRY[system] = factory


def registered() -> tuple[str, ...]:
    return tuple(_REGISTRY)


_RULES: dict[str, Rules] = {}


class KeptPerGame:
    """The latest answers to one question about games, each kept with its game.

    A screen asks a game the same things several times a click (whose turn it is, each seat's own
    actions, the list it offers), and an immutable game's answer never changes. Answers are kept by
    (id of the game, what is asked), and the game is kept with its answer, so an id is never reused
    while it is here; only the latest ``size`` answers are kept, as a game's earlier states (kept by
    undo) would otherwise each keep theirs. Used for ``Game.legal_actions`` and
    ``seats.own_actions``."""

    def __init__(self, size: int = LEGAL_KEPT):
        self.size = size
        self._kept: dict[tuple[int, object], tuple["Game", tuple]] = {}
        self._lock = threading.Lock()  # a server may run sessions' callbacks in threads

    def __len__(self) -> int:
        return len(self._kept)

    def answer(self, game: "Game", asked: object, work: Callable[[], Iterable]) -> tuple:
        """``game``'s kept answer to ``asked``, or ``work()``'s, kept (as a tuple)."""
        key = (id(game), asked)
        kept = self._kept.get(key)
        if kept is None or kept[0] is not game:
            kept = (game, tuple(work()))
            with self._lock:
                self._kept.pop(key, None)
                self._kept[key] = kept
                while len(self._kept) > self.size:
                    del self._kept[next(iter(self._kept))]
        return kept[1]


#: each game's legal actions, by player (Game.legal_actions)
_LEGAL = KeptPerGame()
#: the games the latest games became, by action (Game.apply): an undo gives back the earlier game,
#: and taking the same action again from it (a teacher's "try that again", a replay stepping back
#: and forth) finds the next game here instead of working the step out again; the dice are the
#: seed's and the entry's place, so it is the same game either way
_NEXT = KeptPerGame()


def rules_for(system: str) -> Rules:
    """The rules object of a registered system."""
    if system not in _REGISTRY:
        raise UnknownSystemError(f"no game called {system!r}; the systems are {sorted(_REGISTRY)}", field="system")
    if system not in _RULES:
        _RULES[system] = _REGISTRY[system]()
    return _RULES[system]


# -- dice for one entry ---------------------------------------------------------------------


def entry_seed(seed: int, k: int) -> int:
    """The seed of entry ``k``'s dice, from the game's seed and the entry's place (a hash, so
    nearby games and entries get unrelated dice, the same on every run and machine)."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{k}".encode()).digest()[:8], "big")


class _ReplayDice(Dice):
    """The faces a log entry recorded, checked against their dice as they are rolled."""

    def __init__(self, faces: Sequence[int], where: str):
        super().__init__(seed=None)
        self._faces = list(faces)
        self._next = 0
        self._where = where

    def die(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise SavedStateError(f"{self._where} needs more die faces than the {len(self._faces)} it recorded")
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise SavedStateError(f"{self._where}: die {self._next + 1} is a d{sides} and cannot show {face}")
        self._next += 1
        self.log.append((sides, face))
        return face


# -- the game ------------------------------------------------------------------------------


def _canonical(setup: dict) -> str:
    return json.dumps(setup, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Game:
    """A game of one system: its seed, setup and log; the state is the fold of the log.

    Every method returns a new ``Game``; a refused action raises a named error and the game does
    not change.
    """

    system: str
    seed: int
    setup_text: str  # the setup as canonical JSON: ``setup`` gives a fresh copy
    log: tuple[Entry, ...] = ()
    _state: Any = field(default=None, compare=False, repr=False)
    _parent: "Game | None" = field(default=None, compare=False, repr=False)

    # an immutable game is its own copy; pickled, it keeps its log and refolds its state, not the
    # chain of earlier games that makes ``undo`` quick (which would nest as deep as the log is long)
    def __copy__(self) -> "Game":
        return self

    def __deepcopy__(self, memo: dict) -> "Game":
        return self

    def __reduce__(self):
        return (Game, (self.system, self.seed, self.setup_text, self.log))

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def new(cls, system: str, seed: int = 0, setup: dict | None = None) -> "Game":
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GameError(f"the seed must be a whole number, not {seed!r}", field="seed")
        rules = rules_for(system)
        setup = rules.check_setup(rules.default_setup() if setup is None else setup)
        text = _canonical(setup)
        return cls(system, seed, text, (), rules.initial(json.loads(text), seed))

    @property
    def rules(self) -> Rules:
        return rules_for(self.system)

    @property
    def setup(self) -> dict:
        return json.loads(self.setup_text)

    @property
    def state(self) -> Any:
        if self._state is None:  # only a Game built by hand lacks it: fold the log
            object.__setattr__(self, "_state", _fold(self.rules, self.seed, self.setup, self.log))
        return self._state

    # -- asking ---------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.rules.players(self.state))

    @property
    def waiting_for(self) -> tuple[str, ...]:
        return tuple(self.rules.waiting_for(self.state))

    @property
    def is_over(self) -> bool:
        return bool(self.rules.is_over(self.state))

    @property
    def result(self) -> Result:
        return self.rules.result(self.state)

    @property
    def turn(self) -> int:
        return self.rules.turn(self.state)

    def picture(self) -> str | None:
        """The map or board as it stands now (``Rules.picture``): SVG or HTML text, or None."""
        return self.rules.picture(self.state)

    def at(self, n: int) -> "Game":
        """The game after its first ``n`` actions (0: the start; ``len(log)``: this game), with the
        same seed and setup: the earlier games ``apply`` and ``from_json`` kept when they are there,
        else one fold of the first ``n`` entries (linear in ``n``)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(self.log):
            raise GameError(f"a game of {len(self.log)} actions has a state after 0 to {len(self.log)} of them, "
                            f"not {str(n)[:20]}", field="step")
        g = self
        while g._parent is not None and len(g.log) > n:
            g = g._parent
        if len(g.log) == n and g.log == self.log[:n]:
            return g
        log = self.log[:n]
        return Game(self.system, self.seed, self.setup_text, log, _fold(self.rules, self.seed, self.setup, log))

    def history(self) -> tuple["Game", ...]:
        """The game after 0, 1, ... ``len(log)`` actions, in order: one fold of the log at most."""
        out = [self]
        g = self
        while g._parent is not None and len(g._parent.log) == len(g.log) - 1:
            g = g._parent
            out.append(g)
        if len(out[-1].log) == 0:
            return tuple(reversed(out))
        rules, setup = self.rules, self.setup
        state = rules.initial(setup, self.seed)
        games = [Game(self.system, self.seed, self.setup_text, (), state)]
        for i, e in enumerate(self.log, 1):
            state, _ = rules.step(state, e.action, _ReplayDice(e.faces, f"action {i} ({e.action})"))
            games.append(Game(self.system, self.seed, self.setup_text, self.log[:i], state, games[-1]))
        return tuple(games)

    def turn_starts(self) -> tuple[tuple[int, int], ...]:
        """Each turn the game reached, with the number of actions taken when it began: ``(turn,
        n)`` pairs in order, so ``at(n)`` is the table at the start of that turn and ``log[n]``
        its first action (none yet for the turn under way when the log ends)."""
        out: list[tuple[int, int]] = []
        for n, g in enumerate(self.history()):
            t = g.turn
            if not out or t != out[-1][0]:
                out.append((t, n))
        return tuple(out)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every action ``player`` (or anyone, with None) may take now: a finite list."""
        if self.is_over:
            return []
        return list(_LEGAL.answer(self, player, lambda: self.rules.legal_actions(self.state, player)))

    def parse(self, text: str) -> Action:
        """An action from its notation."""
        if not isinstance(text, str):
            raise UnknownActionError(f"an action's notation is text, not {type(text).__name__}")
        if len(text) > MAX_NOTATION:
            raise UnknownActionError(f"an action's notation is at most {MAX_NOTATION} characters; {len(text)} given")
        try:
            return self.rules.parse_action(text)
        except UnknownActionError:
            raise
        except CsPanelError as e:
            raise UnknownActionError(f"cannot read {text!r} as a {self.system} action: {e}",
                                     field=e.field or "action") from None

    # -- acting ---------------------------------------------------------------------------

    def apply(self, action: "Action | str") -> "Game":
        """The game after ``action``, its dice rolled from the seed and the entry's place."""
        if isinstance(action, str):
            action = self.parse(action)
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action")
        if self.is_over:
            raise IllegalActionError(f"the game is over ({self.result.text}); no more actions", rule_id=None)
        try:
            hash(action)
        except TypeError:  # an action holding a list or dict is worked out each time
            return self._apply(action)
        return _NEXT.answer(self, action, lambda: (self._apply(action),))[0]

    def _apply(self, action: Action) -> "Game":
        k = len(self.log)
        if k >= MAX_LOG:
            raise IllegalActionError(f"a game holds at most {MAX_LOG} actions")
        dice = Dice(entry_seed(self.seed, k))
        rules = self.rules
        try:
            state, info = rules.step(self.state, action, dice)
        except CsPanelError as e:
            raise IllegalActionError(f"{action}: {e}", rule_id=rules.rule_of(e, action),
                                     field=e.field or "action") from None
        entry = Entry(action, tuple(f for _, f in dice.log), tuple(s for s, _ in dice.log), bool(info.revealed),
                      tuple(info.lines))
        return Game(self.system, self.seed, self.setup_text, self.log + (entry,), state, self)

    def undo(self) -> "Game":
        """The game without its last action, if that action rolled no dice and revealed
        nothing (fair undo): otherwise an ``UndoRefusedError`` saying why."""
        if not self.log:
            raise UndoRefusedError("nothing to undo: no action has been taken")
        last = self.log[-1]
        if last.rolled:
            raise UndoRefusedError(f"cannot undo {last.action}: it crosses a die roll (it rolled "
                                   f"{' '.join(map(str, last.faces))})")
        if last.revealed:
            raise UndoRefusedError(f"cannot undo {last.action}: it crosses a reveal (it showed hidden information)")
        if self._parent is not None:
            return self._parent
        return dataclasses.replace(self, log=self.log[:-1], _state=None, _parent=None)

    def play(self, *actions: "Action | str") -> "Game":
        """The game after several actions in turn."""
        g = self
        for a in actions:
            g = g.apply(a)
        return g

    # -- seeing ---------------------------------------------------------------------------

    def observation(self, player: str) -> dict:
        """What ``player`` may see, as plain JSON data (a fresh copy): the rules' view of the
        state, and the log with the other players' secret actions masked (``log_seen_by``)."""
        log = self.log_seen_by(player)  # refuses a name that does not play
        view = self.rules.observation(self.state, player)
        return json.loads(json.dumps({"system": self.system, "player": player, "turn": self.turn,
                                      "waiting_for": list(self.waiting_for), "is_over": self.is_over,
                                      "log": log, "state": view}))

    def log_seen_by(self, player: str) -> list[str]:
        """The log as ``player`` may see it, one line an action: ``observation(player)["log"]``
        without the rules' view of the state (a table showing the plans given this turn asks for
        this after every action)."""
        if player not in self.players:
            raise GameError(f"{player!r} does not play in this game; the players are {list(self.players)}",
                            field="player")
        rules = self.rules
        # a secret action stays masked until a later step of the table reveals (the movement phase
        # shows every plot, the collision check every number); a reveal by a player's own action
        # (a tailed plot shown to its tailer) shows that action only, not the secrets before it
        shown_upto = max((i for i, e in enumerate(self.log)
                          if e.revealed and rules.owner(self.state, e.action) == ""), default=-1)
        return [str(e.action) if not e.action.secret or i < shown_upto
                or rules.owner(self.state, e.action) == player else e.action.masked()
                for i, e in enumerate(self.log)]

    def transcript(self) -> str:
        """The whole game as text: a header, then each action numbered, with its dice and what
        it told (every roll's target number, odds, faces and rule ids)."""
        out = [f"{self.system} game, seed {self.seed}, setup {self.setup_text}"]
        for i, e in enumerate(self.log, 1):
            out.append(f"{i}. {e.action}")
            if e.faces:
                out.append("   dice: " + " ".join(f"d{s}={f}" for s, f in zip(e.sides, e.faces)))
            if e.revealed:
                out.append("   (reveals hidden information)")
            out += [f"   {line}" for line in e.lines]
        if self.is_over:
            out.append(f"result: {self.result.text}")
        return "\n".join(out) + "\n"

    def transcript_html(self) -> str:
        items = []
        for e in self.log:
            dice = f" <span class='cs-dice'>dice {' '.join(map(str, e.faces))}</span>" if e.faces else ""
            lines = "".join(f"<li>{html.escape(x)}</li>" for x in e.lines)
            items.append(f"<li><code>{html.escape(str(e.action))}</code>{dice}"
                         + (f"<ul>{lines}</ul>" if lines else "") + "</li>")
        end = f"<p><b>{html.escape(self.result.text)}</b></p>" if self.is_over else ""
        return (f"<div class='cs-transcript'><p>{html.escape(self.system)} game, seed {self.seed}</p>"
                f"<ol>{''.join(items)}</ol>{end}</div>")

    def _repr_html_(self) -> str:
        return self.transcript_html()

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"waiting for {', '.join(self.waiting_for) or 'the table'}"
        text = f"<Game {self.system} seed={self.seed} turn={self.turn} actions={len(self.log)} {where}>"
        return text if len(text) <= 200 else text[:196] + "...>"

    # -- saving ---------------------------------------------------------------------------

    def to_json(self) -> str:
        """The game as a saved text: format, version, system, seed, setup and the log of
        actions in notation, each with its die faces."""
        return json.dumps({"format": FORMAT_NAME, "version": FORMAT_VERSION, "system": self.system,
                           "seed": self.seed, "setup": self.setup,
                           "log": [[str(e.action), list(e.faces)] for e in self.log]})

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """A game from a saved text, replayed action by action with the faces it recorded; any
        fault is a ``SavedStateError`` naming it."""
        doc = _load_bounded(text)
        for key in ("format", "version", "system", "seed", "setup", "log"):
            if key not in doc:
                raise SavedStateError(f"a saved game needs {key!r}; this text has {sorted(doc)[:10]}")
        if doc["format"] != FORMAT_NAME:
            raise SavedStateError(f"not a saved game: the format is {str(doc['format'])[:40]!r}, not {FORMAT_NAME!r}")
        if doc["version"] != FORMAT_VERSION:
            raise SavedStateError(f"unknown version {str(doc['version'])[:20]!r} of the saved game; "
                                  f"this program reads version {FORMAT_VERSION}")
        system, seed, setup, log = doc["system"], doc["seed"], doc["setup"], doc["log"]
        if not isinstance(system, str) or system not in _REGISTRY:
            raise SavedStateError(f"unknown system {str(system)[:40]!r}; the systems are {sorted(_REGISTRY)}")
        if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > 2 ** 63:
            raise SavedStateError(f"the seed must be a whole number, not {str(seed)[:40]!r}")
        if not isinstance(setup, dict):
            raise SavedStateError("the setup must be an object")
        if not isinstance(log, list) or len(log) > MAX_LOG:
            raise SavedStateError(f"the log must be a list of at most {MAX_LOG} actions")
        try:
            game = cls.new(system, seed, setup)
        except _HOSTILE as e:  # untrusted text: whatever a setup's constructors refuse is a refused save
            raise SavedStateError(f"the setup is refused: {type(e).__name__}: {str(e)[:200]}") from None
        rules = game.rules
        for i, item in enumerate(log, 1):
            where = f"action {i}"
            if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str)
                    or not isinstance(item[1], list) or len(item[1]) > MAX_FACES
                    or not all(isinstance(f, int) and not isinstance(f, bool) for f in item[1])):
                raise SavedStateError(f"{where} must be [notation, [faces...]], not {str(item)[:80]}")
            notation, faces = item
            try:
                action = game.parse(notation)
            except CsPanelError as e:
                raise SavedStateError(f"{where} ({notation[:60]!r}) cannot be read: {e}") from None
            game = game._replay(rules, action, tuple(faces), where)
        return game

    def _replay(self, rules: Rules, action: Action, faces: tuple[int, ...], where: str) -> "Game":
        if self.is_over:
            raise SavedStateError(f"{where} ({action}) comes after the end of the game")
        dice = _ReplayDice(faces, f"{where} ({action})")
        try:
            state, info = rules.step(self.state, action, dice)
        except SavedStateError:
            raise
        except _HOSTILE as e:
            raise SavedStateError(f"{where} ({action}) is not legal at that point: {str(e)[:300]}") from None
        if dice._next != len(faces):
            raise SavedStateError(f"{where} ({action}) recorded {len(faces)} die faces but rolls {dice._next}")
        fresh = Dice(entry_seed(self.seed, len(self.log)))
        expected = tuple(fresh.die(s) for s, _ in dice.log)
        if expected != faces:
            bad = next(j for j, (a, b) in enumerate(zip(expected, faces), 1) if a != b)
            raise SavedStateError(f"{where} ({action}): die {bad} was changed: the game's dice showed "
                                  f"{expected[bad - 1]}, the text says {faces[bad - 1]}")
        entry = Entry(action, faces, tuple(s for s, _ in dice.log), bool(info.revealed), tuple(info.lines))
        return Game(self.system, self.seed, self.setup_text, self.log + (entry,), state, self)


#: what a hostile saved game can make constructors raise; loading turns each into a ``SavedStateError``
_HOSTILE = (CsPanelError, TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError)


def _fold(rules: Rules, seed: int, setup: dict, log: Sequence[Entry]) -> Any:
    state = rules.initial(setup, seed)
    for i, e in enumerate(log, 1):
        state, _ = rules.step(state, e.action, _ReplayDice(e.faces, f"action {i} ({e.action})"))
    return state


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def _load_bounded(text: Any) -> dict:
    """Parse a saved text after checking its size and nesting, so a hostile text can neither
    exhaust memory nor the parser's recursion."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_TEXT:
            raise SavedStateError(f"a saved game is at most {MAX_TEXT:,} bytes; this one has {len(text):,}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise SavedStateError(f"a saved game is UTF-8 text: {e}") from None
    if not isinstance(text, str):
        raise SavedStateError(f"a saved game is text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SavedStateError(f"a saved game is at most {MAX_TEXT:,} characters; this one has {len(text):,}")
    depth = 0
    # brackets outside strings: the nesting depth the parser would reach
    for m in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise SavedStateError(f"a saved game nests at most {MAX_DEPTH} deep; this one nests deeper")
        else:
            depth -= 1
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as e:  # JSONDecodeError, and integers too long to convert
        raise SavedStateError(f"not a saved game: the text is not complete JSON ({str(e)[:80]})") from None
    if not isinstance(doc, dict):
        raise SavedStateError(f"a saved game is a JSON object, not a {type(doc).__name__}")
    return doc


def random_playout(game: Game, rng: random.Random, max_actions: int = 10_000, max_turn: int | None = None) -> Game:
    """Play ``game`` on, choosing uniformly among the legal actions, to the end, ``max_actions``
    actions or past turn ``max_turn``."""
    for _ in range(max_actions):
        if game.is_over or (max_turn is not None and game.turn > max_turn):
            break
        legal = game.legal_actions()
        if not legal:
            break
        game = game.apply(rng.choice(legal))
    return game


__all__ = [
    "Action", "Entry", "FORMAT_VERSION", "Game", "GameError", "IllegalActionError", "Result", "Rules", "StepInfo",
    "UndoRefusedError", "UnknownActionError", "UnknownSystemError", "random_playout", "register", "registered",
    "rules_for",
]
