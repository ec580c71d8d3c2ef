"""Rule variants as named, switchable data.

The rule texts offer optional rules, and the official FAQ clarified a few; each is a named
``Variant`` that code asks about (``rules.enabled("fasa.collision-flak")``) instead of a fork of
the code, so two rule sets can be compared side by side (python-chess ``variant.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cs_panel.core.errors import RuleInputError
from cs_panel.core.rules import rule


@dataclass(frozen=True)
class Variant:
    """A named optional rule or clarification, and the rule id it modifies."""

    name: str
    description: str
    rule: str
    source: str  # "optional rule", "official FAQ", "house rule (ours)"

    def __post_init__(self):
        rule(self.rule)


VARIANTS: dict[str, Variant] = {}


def register_variant(variant: Variant) -> Variant:
    """Make a variant known; each rule module registers its own."""
    if variant.name in VARIANTS and VARIANTS[variant.name] != variant:
        raise RuleInputError(f"variant {variant.name!r} is registered twice with different meanings")
    VARIANTS[variant.name] = variant
    return variant


@dataclass(frozen=True)
class RuleSet:
    """Which variants are switched on. The default is the printed rules, nothing optional."""

    enabled_names: frozenset[str] = frozenset()

    def __post_init__(self):
        unknown = sorted(set(self.enabled_names) - set(VARIANTS))
        if unknown:
            raise RuleInputError(f"unknown rule variant(s) {unknown}; known: {sorted(VARIANTS)}")
        object.__setattr__(self, "enabled_names", frozenset(self.enabled_names))

    @classmethod
    def of(cls, *names: str) -> "RuleSet":
        return cls(frozenset(names))

    def enabled(self, name: str) -> bool:
        if name not in VARIANTS:
            raise RuleInputError(f"unknown rule variant {name!r}")
        return name in self.enabled_names

    def with_(self, *names: str) -> "RuleSet":
        return RuleSet(self.enabled_names | set(names))

    def without(self, *names: str) -> "RuleSet":
        return RuleSet(self.enabled_names - set(names))

    def to_dict(self) -> dict:
        return {"enabled": sorted(self.enabled_names)}

    @classmethod
    def from_dict(cls, data: dict) -> "RuleSet":
        return cls(frozenset(data.get("enabled", [])))


OFFICIAL = RuleSet()
