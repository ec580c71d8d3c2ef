"""Daring feats by Aces (A.feat; Air Action, "Performing a Daring Feat").

After moving, an Ace whose final marker overlaps an opposing plane's final marker, with no
collision, may try a daring feat: 2d6 plus the Ace's attack value, read on the Daring Feat
table. The table's bands were lost (MISSING.md); the three named results and their experience
come from the campaign rules, the thresholds and effects in
``cs_panel/data/clix/daring_feats.json`` are ours and flagged ``reconstructed``.

>>> feat = DaringFeat(attack=3)
>>> feat.outcome_of((6, 6))
'enjoy-the-ride'
>>> feat.outcomes()["winged-em"]
Fraction(5, 12)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Sequence

from cs_panel.airaction.movement import markers_overlap
from cs_panel.airaction.table import Pose
from cs_panel.core.data import Field, Table, load_table
from cs_panel.core.dice import ChanceEvent
from cs_panel.core.errors import RuleInputError

FEAT_SCHEMA = {
    "name": Field(str),
    "min_total": Field(int),
    "xp": Field(int),
    "effect": Field(str),
    "clicks": Field(int, required=False),
    "no_shot": Field(bool, required=False),
    "commandeer": Field(bool, required=False),
}


@lru_cache(maxsize=None)
def feat_table(source: str = "package:clix/daring_feats.json") -> Table:
    """The Daring Feat table (reconstructed), bands in increasing order of ``min_total``."""
    t = load_table(source, FEAT_SCHEMA)
    mins = [e["min_total"] for e in t]
    if mins != sorted(mins) or len(set(mins)) != len(mins):
        from cs_panel.core.errors import DataFileError

        raise DataFileError(t.path, "bands must rise strictly by min_total", field="min_total")
    return t


@dataclass(frozen=True)
class DaringFeat(ChanceEvent):
    """2d6 + attack against the Daring Feat table; the outcome is the id of the result."""

    attack: int
    source: str = "package:clix/daring_feats.json"
    dice: tuple[int, ...] = field(default=(6, 6), init=False, repr=False)

    def __post_init__(self):
        if isinstance(self.attack, bool) or not isinstance(self.attack, int) or self.attack < 0:
            raise RuleInputError(f"attack must be a whole number of 0 or more, got {self.attack!r}", field="attack")

    def outcome_of(self, faces: Sequence[int]) -> str:
        total = sum(faces) + self.attack
        result = None
        for e in feat_table(self.source):
            if total >= e["min_total"]:
                result = e.id
        if result is None:
            raise RuleInputError(f"the feat table has no band for a total of {total}", field="attack")
        return result

    def describe(self) -> str:
        return f"daring feat: 2d6 + attack {self.attack}"

    def describe_outcome(self, outcome: Any) -> str:
        return feat_table(self.source)[outcome]["name"]


def can_attempt_feat(ace_final: Pose, opponent_final: Pose, collided: bool) -> bool:
    """Whether an Ace may try a feat: final markers overlap and there was no collision (A.feat)."""
    return (not collided) and markers_overlap(ace_final, opponent_final)
