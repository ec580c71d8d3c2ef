"""Numbers that explain themselves.

A ``TargetNumber`` is a list of labelled ``Modifier`` terms, each citing the rule it comes
from, plus the roll it is made against; its total and exact chance follow from those. It prints
as ``4 base + 2 nose to nose + 2 range - 6 Dead Eye = 2 (90%)`` and renders as a table in a
notebook (MegaMek's ``TargetRoll``, with the page references players ask for).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache

from cs_panel.core.dice import ChanceEvent, D10Check, Dice, Roll, SumAtLeast
from cs_panel.core.errors import RuleInputError
from cs_panel.core.rules import Rule, rule

#: how each kind of check is rolled; the rule id says where the dice mechanic is written
CHECKS = {
    "d10": ("F.dice.d10", lambda total: D10Check(total)),
    "2d6": ("A.pilot-check", lambda total: SumAtLeast(total, 2, 6)),
}


@lru_cache(maxsize=4096)
def _chance_of(check: str, total: int, _kind: str) -> Fraction:
    """The chance of the event ``check`` at ``total``, worked out once: the bots ask for the same
    few numbers thousands of times a game (the total's type is in the key, so 3.0 is not 3)."""
    return CHECKS[check][1](total).chance


@dataclass(frozen=True)
class Modifier:
    """One labelled term of a target number and the rule it comes from."""

    value: int
    label: str
    rule: str

    def __post_init__(self):
        rule(self.rule)  # an unknown id fails here, at the source, not in a tooltip later

    @property
    def citation(self) -> Rule:
        return rule(self.rule)


def terms_text(terms: tuple[Modifier, ...]) -> str:
    """Labelled terms as players say them: ``4 base + 2 nose to nose - 6 Dead Eye``."""
    parts = []
    for i, t in enumerate(terms):
        if i == 0:
            parts.append(f"{t.value} {t.label}")
        else:
            parts.append(f"{'-' if t.value < 0 else '+'} {abs(t.value)} {t.label}")
    return " ".join(parts)


def terms_rows_html(terms: tuple[Modifier, ...]) -> str:
    """Labelled terms as table rows: value, label, and the rule id with its page."""
    rows = []
    for i, t in enumerate(terms):
        sign = "" if i == 0 else ("&minus;" if t.value < 0 else "+")
        value = abs(t.value) if i else t.value
        r = t.citation
        rows.append(
            f"<tr><td class='cs-value'>{sign}{value}</td><td>{html.escape(t.label)}</td>"
            f"<td class='cs-rule'><code>{html.escape(r.id)}</code> {html.escape(r.citation)}</td></tr>"
        )
    return "".join(rows)


def percent(p: Fraction | float) -> str:
    """A probability as a whole percentage, the way players say odds."""
    return f"{float(p) * 100:.0f}%"


@dataclass(frozen=True)
class TargetNumber:
    """A target number built from labelled terms, and the chance of rolling it.

    ``check`` says how it is rolled: ``"d10"`` (FASA, 10 always succeeds and 1 always fails)
    or ``"2d6"`` (clix pilot checks).
    """

    terms: tuple[Modifier, ...]
    what: str = "target number"
    check: str = "d10"
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self):
        if self.check not in CHECKS:
            raise RuleInputError(f"unknown check {self.check!r}; expected one of {sorted(CHECKS)}")
        object.__setattr__(self, "terms", tuple(self.terms))

    @cached_property
    def total(self) -> int:
        # worked out once: the terms are frozen, and the reachable sets read a push's total hundreds of times
        return sum(t.value for t in self.terms)

    @property
    def event(self) -> ChanceEvent:
        """The roll this number is made against."""
        return CHECKS[self.check][1](self.total)

    @property
    def chance(self) -> Fraction:
        """Exact chance of success, from the same event that resolves the roll."""
        total = self.total
        return _chance_of(self.check, total, f"{type(total).__module__}.{type(total).__qualname__}")

    def resolve(self, dice: Dice) -> Roll:
        return self.event.resolve(dice)

    def term(self, rule_id: str) -> Modifier:
        """The term citing ``rule_id`` (the first, if several do)."""
        for t in self.terms:
            if t.rule == rule_id:
                return t
        raise KeyError(rule_id)

    def __str__(self) -> str:
        return f"{terms_text(self.terms)} = {self.total} ({percent(self.chance)})"

    def __repr__(self) -> str:
        return f"TargetNumber(total={self.total}, chance={self.chance!r}, what={self.what!r})"

    def _repr_html_(self) -> str:
        rows = terms_rows_html(self.terms)
        check_rule = rule(CHECKS[self.check][0])
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in self.notes)
        return (
            f"<div class='cs-target'><table class='cs-breakdown'>"
            f"<caption>{html.escape(self.what)}</caption>{rows}"
            f"<tr class='cs-total'><td>= {self.total}</td><td>roll {self.check} &ge; {self.total}</td>"
            f"<td class='cs-rule'><code>{check_rule.id}</code> {check_rule.citation}</td></tr>"
            f"</table><p class='cs-chance'>Chance of success: <b>{percent(self.chance)}</b> "
            f"({self.chance.numerator}/{self.chance.denominator})</p>"
            + (f"<ul class='cs-notes'>{notes}</ul>" if notes else "")
            + "</div>"
        )
