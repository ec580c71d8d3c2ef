"""Dice as explicit chance events.

Every roll in every game is a ``ChanceEvent``: it knows the exact probability of each outcome
and resolves itself with an injected ``Dice`` source. The odds shown to a player and the result
of a roll come from the same ``outcome_of`` function, never from two formulas that could drift
apart (OpenSpiel's ``chance_outcomes``).

>>> D10Check(4).chance
Fraction(7, 10)
>>> D10Check(4).resolve(ScriptedDice([3])).success
False
"""

from __future__ import annotations

import itertools
import random
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable, Sequence

from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import TooLargeError, check_int


class Dice:
    """A seedable source of die faces, with a log of every face it gave.

    Pass one to anything that rolls; lessons and tests seed it so that every run is the same.
    """

    def __init__(self, seed: int | None = None):
        if seed is not None:
            # a seed is a whole number (random.Random would also take text, which saves badly)
            check_int(seed, "seed", -(10 ** 40), 10 ** 40, error=RuleInputError)
        self.seed = seed
        self._rng = random.Random(seed)
        self.log: list[tuple[int, int]] = []  # (sides, face) in the order rolled

    def die(self, sides: int) -> int:
        """One face of a die with ``sides`` sides, 1..sides."""
        face = self._face(sides)
        if not 1 <= face <= sides:
            raise RuleInputError(f"a d{sides} cannot show {face}")
        self.log.append((sides, face))
        return face

    def _face(self, sides: int) -> int:
        return self._rng.randint(1, sides)

    def d10(self) -> int:
        return self.die(10)

    def d6(self) -> int:
        return self.die(6)

    def roll(self, event: "ChanceEvent") -> "Roll":
        """Resolve a chance event with this source."""
        return event.resolve(self)

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r})"


class ScriptedDice(Dice):
    """Dice that show the faces you give them, in order: for worked examples and tests.

    >>> ScriptedDice([7, 2]).d10()
    7
    """

    def __init__(self, faces: Iterable[int]):
        super().__init__(seed=None)
        self._faces = list(faces)
        self._next = 0

    def _face(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise RuleInputError(f"scripted dice ran out after {len(self._faces)} faces")
        face = self._faces[self._next]
        self._next += 1
        return face

    @property
    def remaining(self) -> list[int]:
        return self._faces[self._next:]

    def __repr__(self) -> str:
        return f"ScriptedDice({self._faces!r})"


@dataclass(frozen=True)
class Roll:
    """A resolved chance event: the faces shown and the outcome they mean."""

    event: "ChanceEvent"
    faces: tuple[int, ...]
    outcome: Any

    @property
    def success(self) -> bool:
        return bool(self.outcome)

    def __str__(self) -> str:
        shown = "+".join(map(str, self.faces))
        return f"{self.event.describe()}: rolled {shown} -> {self.event.describe_outcome(self.outcome)}"


class ChanceEvent(ABC):
    """A roll whose outcomes and their exact probabilities are known."""

    #: the dice rolled, as die sizes: (10,) for a d10, (6, 6) for 2d6
    dice: tuple[int, ...] = ()

    @abstractmethod
    def outcome_of(self, faces: Sequence[int]) -> Any:
        """The outcome the given faces produce; the one place the rule is written."""

    def describe(self) -> str:
        return type(self).__name__

    def describe_outcome(self, outcome: Any) -> str:
        return str(outcome)

    def outcomes(self) -> dict[Any, Fraction]:
        """Exact probability of every outcome, by enumerating every face combination."""
        combos = 1
        for s in self.dice:
            combos *= s
        cap = LIMITS["outcome_combinations"].hi
        if combos > cap:
            raise TooLargeError(f"{self.describe()} has {combos} face combinations; exact odds are enumerated for "
                                f"at most {cap} (project limit: {LIMITS['outcome_combinations'].why})", field="dice")
        counts: Counter = Counter()
        for faces in itertools.product(*(range(1, s + 1) for s in self.dice)):
            counts[self.outcome_of(faces)] += 1
        total = 1
        for s in self.dice:
            total *= s
        return {k: Fraction(v, total) for k, v in counts.items()}

    def resolve(self, dice: Dice) -> Roll:
        faces = tuple(dice.die(s) for s in self.dice)
        return Roll(self, faces, self.outcome_of(faces))

    @property
    def chance(self) -> Fraction:
        """Probability of a true (successful) outcome."""
        return sum((p for o, p in self.outcomes().items() if o), Fraction(0))


@dataclass(frozen=True)
class D10Check(ChanceEvent):
    """One d10 against a target number: success on a roll at or above it; a 10 always succeeds
    and a 1 always fails (F.dice.d10, FASA p.11). So every target has a chance in [10%, 90%].

    >>> [float(D10Check(t).chance) for t in (-3, 2, 11)]
    [0.9, 0.9, 0.1]
    """

    target: int
    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> bool:
        (face,) = faces
        if face == 10:
            return True
        if face == 1:
            return False
        return face >= self.target

    def describe(self) -> str:
        return f"d10 vs {self.target}"

    def describe_outcome(self, outcome: Any) -> str:
        return "success" if outcome else "failure"


@dataclass(frozen=True)
class SumAtLeast(ChanceEvent):
    """``count`` dice of ``sides`` summed, succeeding at or above ``target``, with no automatic
    results: the clix pilot check is 2d6 against the piloting value (A.pilot-check).

    >>> SumAtLeast(7).chance
    Fraction(7, 12)
    """

    target: int
    count: int = 2
    sides: int = 6

    def __post_init__(self):
        check_int(self.target, "target", error=RuleInputError)
        check_int(self.count, "count", 1, None, limit="dice_count", error=RuleInputError)
        check_int(self.sides, "sides", limit="die_sides", error=RuleInputError)

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (self.sides,) * self.count

    def outcome_of(self, faces: Sequence[int]) -> bool:
        return sum(faces) >= self.target

    def describe(self) -> str:
        return f"{self.count}d{self.sides} vs {self.target}"

    def describe_outcome(self, outcome: Any) -> str:
        return "success" if outcome else "failure"


@dataclass(frozen=True)
class DicePoolHits(ChanceEvent):
    """``count`` d6 (or other dice), each showing ``threshold`` or more is a hit; the outcome is
    the number of hits (clix attacks against silhouette or defense, A.combat.shot, K.attack).

    Enumerating 6**n face combinations would be slow for big pools, so ``outcomes`` convolves
    the per-die result instead; both paths go through ``die_hits``.

    >>> DicePoolHits(2, 5).outcomes()[2]
    Fraction(1, 9)
    """

    count: int
    threshold: int
    sides: int = 6

    def __post_init__(self):
        check_int(self.count, "count", limit="dice_count", error=RuleInputError)
        check_int(self.threshold, "threshold", error=RuleInputError)
        check_int(self.sides, "sides", limit="die_sides", error=RuleInputError)

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (self.sides,) * self.count

    def die_hits(self, face: int) -> bool:
        return face >= self.threshold

    def outcome_of(self, faces: Sequence[int]) -> int:
        return sum(self.die_hits(f) for f in faces)

    def outcomes(self) -> dict[Any, Fraction]:
        p = Fraction(sum(self.die_hits(f) for f in range(1, self.sides + 1)), self.sides)
        dist = {0: Fraction(1)}
        for _ in range(self.count):
            nxt: dict[int, Fraction] = {}
            for k, q in dist.items():
                nxt[k] = nxt.get(k, Fraction(0)) + q * (1 - p)
                nxt[k + 1] = nxt.get(k + 1, Fraction(0)) + q * p
            dist = nxt
        return {k: v for k, v in dist.items() if v}

    def describe(self) -> str:
        return f"{self.count}d{self.sides}, hits on {self.threshold}+"

    def describe_outcome(self, outcome: Any) -> str:
        return f"{outcome} hit" + ("" if outcome == 1 else "s")
