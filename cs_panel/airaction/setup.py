"""Setting up and initiative (A.setup, A.initiative; Air Action, "Hit the Skies!" and
"Determine Initiative").

The game is played on a 3 by 3 foot area. Every combat dial starts at its green triangle. To
decide the first player, and again at the start of every turn to decide the aggressor, each
player rolls 2d6; tied high rolls are rolled again until one player is highest. The aggressor
sets speeds first, lays navigation cards first and shoots first. The first player sets up within
3 inches of their edge, then the player to the left, and so on (``movement.check_placement``).

``HighRoll`` is that roll as a chance event with exact odds: a round can end in a tie, and the
tied players roll again; ``outcomes()`` sums the whole (unbounded) sequence of rerolls exactly.

>>> HighRoll(("Ann", "Bob")).outcomes()
{'Ann': Fraction(1, 2), 'Bob': Fraction(1, 2)}
>>> from cs_panel.core.dice import ScriptedDice
>>> HighRoll(("Ann", "Bob")).resolve(ScriptedDice([3, 4, 5, 2, 6, 6, 1, 1])).outcome
'Ann'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any, Sequence

from cs_panel.core.dice import ChanceEvent, Dice, Roll
from cs_panel.core.errors import RuleInputError

TWO_D6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


@lru_cache(maxsize=None)
def _one_round(n: int) -> tuple[Fraction, dict[int, Fraction]]:
    """For n players rolling 2d6 once: the chance a given player is the unique highest, and the
    chance that exactly k players (k >= 2) tie for highest."""
    win = Fraction(0)
    ties: dict[int, Fraction] = {}
    # the high total h; k players reach it, the rest roll below
    for h, ph in TWO_D6.items():
        below = sum((p for t, p in TWO_D6.items() if t < h), Fraction(0))
        for k in range(1, n + 1):
            pk = comb(n, k) * ph**k * below ** (n - k)
            if k == 1:
                win += ph * below ** (n - 1)
            else:
                ties[k] = ties.get(k, Fraction(0)) + pk
    return win, ties


@lru_cache(maxsize=None)
def _win_chance(n: int) -> Fraction:
    """Chance a given one of n symmetric players wins, rerolls included (it is 1/n; computed
    from the round odds to show the reroll rule at work)."""
    if n == 1:
        return Fraction(1)
    win, ties = _one_round(n)
    # P = win + sum_k P(tie of k including me) * W(k), where W(k) = chance in a k-player reroll;
    # a tie of all n players is a fresh start: P = ... + P(all tie) * P  -> solve for P
    rest = Fraction(0)
    all_tie = Fraction(0)
    for k, pk in ties.items():
        mine = pk * Fraction(k, n)  # the tie includes me with chance k/n by symmetry
        if k == n:
            all_tie = mine
        else:
            rest += mine * _win_chance(k)
    return (win + rest) / (1 - all_tie)


@dataclass(frozen=True)
class HighRoll(ChanceEvent):
    """Each player rolls 2d6; tied high rollers roll again until one is highest (A.setup,
    A.initiative). The outcome is the winning player."""

    players: tuple[str, ...]

    def __post_init__(self):
        object.__setattr__(self, "players", tuple(self.players))
        if len(self.players) < 2 or len(set(self.players)) != len(self.players):
            raise RuleInputError("initiative needs two or more distinct players", field="players")

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (6, 6) * len(self.players)  # the first round; rerolls add more

    def outcome_of(self, faces: Sequence[int]) -> str:
        """Read a whole sequence of rounds: each round, every player still in rolls 2d6."""
        contenders = list(self.players)
        i = 0
        while True:
            need = 2 * len(contenders)
            if i + need > len(faces):
                raise RuleInputError("these faces end in a tie: the tied players must roll again", field="faces")
            totals = [faces[i + 2 * j] + faces[i + 2 * j + 1] for j in range(len(contenders))]
            i += need
            high = max(totals)
            contenders = [p for p, t in zip(contenders, totals) if t == high]
            if len(contenders) == 1:
                return contenders[0]

    def outcomes(self) -> dict[Any, Fraction]:
        p = _win_chance(len(self.players))
        return {name: p for name in self.players}

    def round_odds(self) -> dict[str, Fraction]:
        """Odds of one round: someone is highest alone, or k players tie and reroll."""
        win, ties = _one_round(len(self.players))
        out = {"decided": win * len(self.players)}
        for k, p in sorted(ties.items()):
            out[f"{k}-way tie, reroll"] = p
        return out

    def resolve(self, dice: Dice) -> Roll:
        contenders = list(self.players)
        faces: list[int] = []
        while True:
            totals = []
            for _ in contenders:
                a, b = dice.d6(), dice.d6()
                faces += [a, b]
                totals.append(a + b)
            high = max(totals)
            contenders = [p for p, t in zip(contenders, totals) if t == high]
            if len(contenders) == 1:
                return Roll(self, tuple(faces), contenders[0])

    def describe(self) -> str:
        return "high roll on 2d6 (ties reroll): " + ", ".join(self.players)


def first_player(players: Sequence[str]) -> HighRoll:
    """The roll for the first player (A.setup)."""
    return HighRoll(tuple(players))


def initiative(players: Sequence[str]) -> HighRoll:
    """The roll for the aggressor of a turn (A.initiative)."""
    return HighRoll(tuple(players))


def setup_order(players: Sequence[str], first: str) -> list[str]:
    """Who places planes in what order: the first player, then to the left around the table
    (``players`` in seating order, each one's left neighbour next) (A.setup)."""
    if first not in players:
        raise RuleInputError(f"{first!r} is not a player", field="first")
    i = list(players).index(first)
    return list(players[i:]) + list(players[:i])

