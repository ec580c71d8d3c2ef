"""Settling a disputed situation with one die (A.etiquette.ambiguity; Air Action, "Crimson
Skies Etiquette").

When players reasonably disagree (did that shot just nick the marker?), one d6 decides: 1 to 3
the disputed thing is not allowed, 4 to 6 it is.

>>> Ambiguity("the shot reaches").chance
Fraction(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from cs_panel.core.dice import ChanceEvent


@dataclass(frozen=True)
class Ambiguity(ChanceEvent):
    """One d6: 4 or more allows the disputed action."""

    question: str = "the disputed action"
    dice: tuple[int, ...] = field(default=(6,), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> bool:
        return faces[0] >= 4

    def describe(self) -> str:
        return f"d6 to settle whether {self.question}"

    def describe_outcome(self, outcome: Any) -> str:
        return "allowed" if outcome else "not allowed"
