"""Who acts next at a table of human and computer players, for any game on the protocol.

The rules (``cs_panel.core.game``) say which actions are legal and whose they are; this module
says, for a table where each player is seated as ``"human"`` or ``"computer"``, what happens next:

- a player's *own* actions are the legal actions the rules give to that player (``Rules.owner``);
- the *table's* steps (movement, combat, tailing: owner ``""``) are taken only once no player has
  an own action left to take, so a step never cuts a player short (in the FASA combat phase every
  plane gives an order first, ``hold`` being one of them, F.combat.choice);
- computers act as soon as they have something to do; their choices come from a ``chooser``
  (``cs_panel.bots.choose`` at a table), which sees only what the rules show that player;
- ``advance`` stops as soon as a human has something to do, at the end of the game, or after
  ``max_actions`` actions (a bound, so one click can never run away);
- ``undo_own`` takes back a human's last own action, and the computer actions after it, one fair
  undo at a time (never across a roll or a reveal): if any of them is refused the game is kept.

Nothing here knows any game's rules: the components that seat players (``cs_panel.ui.play_table``)
call it, so they hold no rules of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from cs_panel.core.game import Action, Game, GameError, KeptPerGame, UndoRefusedError

HUMAN = "human"
COMPUTER = "computer"
SEATS = (HUMAN, COMPUTER)
#: the most actions one ``advance`` takes (a long FASA turn of four planes is about 20)
MAX_ADVANCE = 500


class SeatError(GameError):
    """A table seating that names an unknown player or seat."""


@dataclass(frozen=True)
class Move:
    """One action ``advance`` took: its place in the log, who took it ("" for the table), and why
    (a computer's one-line explanation; empty for a table step)."""

    index: int
    player: str
    action: str
    why: str = ""


Chooser = Callable[[Game, str], "tuple[Action, str]"]


def check_seats(game: Game, seats: Mapping[str, str]) -> dict[str, str]:
    """Every player of ``game`` with a seat, human unless ``seats`` says otherwise."""
    unknown = set(seats) - set(game.players)
    if unknown:
        raise SeatError(f"no player called {sorted(unknown)[0]!r} in this game; the players are {list(game.players)}",
                        field="seats")
    bad = {p: s for p, s in seats.items() if s not in SEATS}
    if bad:
        p, s = next(iter(bad.items()))
        raise SeatError(f"{p}'s seat must be one of {SEATS}, not {s!r}", field="seats")
    return {p: seats.get(p, HUMAN) for p in game.players}


#: each game's own actions, by player: kept as Game keeps its legal actions (a table asks several
#: times a change: who is to act, the computers' turn, the menu; each time the rules named the
#: owner of each of a FASA turn's ~100 legal actions, issue 14)
_OWN = KeptPerGame()


def own_actions(game: Game, player: str) -> list[Action]:
    """The legal actions that belong to ``player`` now (the table's steps excluded)."""
    rules, state = game.rules, game.state
    return list(_OWN.answer(game, player, lambda: (a for a in game.legal_actions(player)
                                                   if rules.owner(state, a) == player)))


def table_actions(game: Game) -> list[Action]:
    """The table's steps the game may take now: only when no player has an own action left."""
    if game.is_over or any(own_actions(game, p) for p in game.players):
        return []
    rules, state = game.rules, game.state
    return [a for a in game.legal_actions() if rules.owner(state, a) == ""]


def to_act(game: Game, seats: Mapping[str, str]) -> tuple[str, ...]:
    """The human players who have something to do now (empty when computers or the table go next)."""
    seated = check_seats(game, seats)
    return tuple(p for p in game.players if seated[p] == HUMAN and own_actions(game, p))


def advance(game: Game, seats: Mapping[str, str], chooser: Chooser, *, auto_table: bool = True,
            max_actions: int = MAX_ADVANCE) -> tuple[Game, list[Move]]:
    """Play the computers' actions (and, with ``auto_table``, the table's steps) until a human has
    something to do, the game ends, or ``max_actions`` actions were taken."""
    seated = check_seats(game, seats)
    moves: list[Move] = []
    for _ in range(max_actions):
        if game.is_over:
            break
        computer = next((p for p in game.players if seated[p] == COMPUTER and own_actions(game, p)), None)
        if computer is not None:
            action, why = chooser(game, computer)
            game = game.apply(action)
            moves.append(Move(len(game.log) - 1, computer, str(action), why))
            continue
        if any(seated[p] == HUMAN and own_actions(game, p) for p in game.players):
            break
        steps = table_actions(game) if auto_table else []
        if not steps:
            break
        game = game.apply(steps[0])
        moves.append(Move(len(game.log) - 1, "", str(steps[0])))
    return game, moves


def undo_own(game: Game, player: str) -> Game:
    """The game before ``player``'s last own action, taking back the computer actions after it
    too, each by the fair-undo policy; if any undo is refused the game is unchanged and the
    refusal says which action stopped it."""
    rules = game.rules
    g = game
    while g.log:
        owner = rules.owner(_previous(g).state, g.log[-1].action)  # whose it was, as the rules saw it then
        g = g.undo()  # refused: UndoRefusedError, and ``game`` is untouched
        if owner == player:
            return g
    raise UndoRefusedError(f"{player} has taken no action to undo")


def last_actor(game: Game, players) -> str:
    """Which of ``players`` took the latest own action in the log (an ``UndoRefusedError`` when
    none of them has acted)."""
    rules, g = game.rules, game
    wanted = set(players)
    while g.log:
        before = _previous(g)
        if rules.owner(before.state, g.log[-1].action) in wanted:
            return rules.owner(before.state, g.log[-1].action)
        g = before
    raise UndoRefusedError("nothing to undo: no player at this screen has taken an action")


def take(game: Game, seats: Mapping[str, str], action: Action) -> Game:
    """The game after ``action`` taken at the screen: refused by name when it belongs to a player
    the computer plays (a human may take his own actions and the table's steps only)."""
    owner = game.rules.owner(game.state, action)
    if owner and check_seats(game, seats)[owner] != HUMAN:
        raise SeatError(f"{action} is the computer's to take ({owner} plays on the computer)", field="action")
    return game.apply(action)


def _previous(game: Game) -> Game:
    """The game before its last action (the parent it keeps, or the log refolded without it)."""
    return game._parent if game._parent is not None else Game(game.system, game.seed, game.setup_text, game.log[:-1])


__all__ = ["COMPUTER", "HUMAN", "MAX_ADVANCE", "Move", "SEATS", "SeatError", "advance", "check_seats", "last_actor",
           "own_actions", "table_actions", "take", "to_act", "undo_own"]
