"""Which planes move when: counting down the speeds from 10 (A.order; Air Action, "Set
Throttle").

Once every speed is set, the count starts at 10 and goes down one number at a time; at each
number, the planes set to that speed are the active planes: they take cards, move and shoot
before the next number is announced. Numbers nobody is flying at are passed over.

>>> activation_order({"red-1": 4, "blue-1": 7, "red-2": 4})
[(7, ['blue-1']), (4, ['red-1', 'red-2'])]
"""

from __future__ import annotations

from typing import Mapping

from cs_panel.core.errors import RuleInputError

TOP_SPEED = 10


def activation_order(speeds: Mapping[str, int]) -> list[tuple[int, list[str]]]:
    """The announced speeds that have planes, fastest first, each with its active planes (in
    the order given). Speeds run 0-10."""
    for plane, s in speeds.items():
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= TOP_SPEED:
            raise RuleInputError(f"{plane}: speed must be a whole number 0-{TOP_SPEED}, got {s!r}", field="speed")
    out = []
    for s in range(TOP_SPEED, -1, -1):
        active = [p for p, v in speeds.items() if v == s]
        if active:
            out.append((s, active))
    return out


def is_active(speed: int, announced: int) -> bool:
    """A plane is active when its current speed equals the announced speed (glossary)."""
    return speed == announced
