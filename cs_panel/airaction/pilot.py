"""Pilot checks: 2d6 at or above the piloting value on the combat dial (A.pilot-check; Air
Action, "Pilot Checks").

There is no automatic success or failure: a piloting value of 2 or less always passes and 13 or
more never does. The check is a ``TargetNumber`` rolled as ``"2d6"``, so its chance is exact and
its terms cite their rules.

>>> print(pilot_check(7, "to throttle two clicks"))
7 piloting value = 7 (58%)
>>> pilot_check(7).chance
Fraction(7, 12)
"""

from __future__ import annotations

from typing import Iterable

from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber

PILOTING_MIN, PILOTING_MAX = 0, 14  # dial values; 2d6 only reaches 2-12


def check_piloting(value: int, field: str = "piloting") -> int:
    """A piloting value must be a whole number (0-14)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleInputError(f"piloting must be a whole number, got {short_repr(value)}", field=field)
    if not PILOTING_MIN <= value <= PILOTING_MAX:
        raise RuleInputError(f"piloting {value} is outside {PILOTING_MIN}-{PILOTING_MAX}", field=field)
    return value


def pilot_check(piloting: int, what: str = "pilot check", modifiers: Iterable[Modifier] = ()) -> TargetNumber:
    """The explained pilot check against ``piloting`` (A.pilot-check). Extra ``modifiers`` raise
    or lower the number to roll (a campaign bail-out uses them)."""
    piloting = check_piloting(piloting)
    terms = (Modifier(piloting, "piloting value", "A.pilot-check"),) + tuple(modifiers)
    return TargetNumber(terms, what=f"pilot check {what}".strip() if what != "pilot check" else what, check="2d6")
