"""Rule ids and their citations.

Ids come from the project's rules index (one per rule of the four texts). The package ships the
ids with their system and page so that every explained number can cite ``F.hit.range (FASA p.35)``
without the index being present.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from cs_panel.core.errors import UnknownRuleError

SYSTEM_SHORT = {"F": "FASA", "A": "Air Action", "K": "Aces", "B": "Bar-rooms"}


@dataclass(frozen=True)
class Rule:
    """One rule of a rule text: its stable id, its system and the page to read."""

    id: str
    system: str
    page: str | None = None

    @property
    def citation(self) -> str:
        """Short human citation, e.g. ``"FASA p.35"``."""
        game = SYSTEM_SHORT[self.system]
        return f"{game} p.{self.page}" if self.page else game

    def __str__(self) -> str:
        return f"{self.id} ({self.citation})"


@lru_cache(maxsize=1)
def _index() -> dict[str, dict]:
    data = resources.files("cs_panel.data").joinpath("rule_ids.json").read_text(encoding="utf-8")
    return json.loads(data)["rules"]


def rule(rule_id: str) -> Rule:
    """Look a rule up by id; an unknown id is an error, so a typo cannot cite nothing.

    >>> rule("F.hit.range").citation
    'FASA p.35'
    """
    entry = _index().get(rule_id)
    if entry is None:
        raise UnknownRuleError(f"unknown rule id {rule_id!r}")
    return Rule(rule_id, entry["system"], entry["page"])


def all_rule_ids() -> list[str]:
    """Every id of the rules index, in index order."""
    return list(_index())
