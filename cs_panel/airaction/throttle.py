"""Setting the throttle (A.throttle; Air Action, "Set Throttle").

At the start of the game each plane's speed dial may be set to any of its speeds. After that a
plane may safely change speed by one click a turn. Two clicks need a pilot check: on a success
the speed changes by two, on a failure it does not change at all and the plane takes one click
of damage. The speed dial never turns across its red line (``SpeedDial.throttle``).

>>> from cs_panel.clix.dial import SpeedDial
>>> plan = plan_throttle(SpeedDial((1, 2, 3, 4, 5)), +2, piloting=8)
>>> plan.needs_check, str(plan.check)
(True, '8 piloting value = 8 (42%)')
>>> plan.outcomes()
{'speed 3': Fraction(5, 12), 'speed 1, 1 click of damage': Fraction(7, 12)}
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cs_panel.airaction.pilot import pilot_check
from cs_panel.clix.dial import CombatDial, Damage, SpeedDial
from cs_panel.core.dice import Dice, Roll
from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import TargetNumber


class ThrottleError(RuleInputError):
    """More than two clicks of throttle in one turn (A.throttle)."""


@dataclass(frozen=True)
class ThrottlePlan:
    """A throttle change a player asks for, and the check it needs (if any)."""

    dial: SpeedDial
    clicks: int
    target: SpeedDial
    check: TargetNumber | None = None

    @property
    def needs_check(self) -> bool:
        return self.check is not None

    def outcomes(self) -> dict[str, Fraction]:
        """Exact chance of each result, described as a player would say it."""
        if self.check is None:
            return {f"speed {self.target.speed}": Fraction(1)}
        p = self.check.chance
        out = {f"speed {self.target.speed}": p, f"speed {self.dial.speed}, 1 click of damage": 1 - p}
        return {k: v for k, v in out.items() if v}

    def resolve(self, dice: Dice, combat: CombatDial, *, campaign: bool = False) -> "ThrottleResult":
        """Roll the check if needed and apply the result."""
        if self.check is None:
            return ThrottleResult(self.target, combat.take_hits(0), None)
        roll = self.check.resolve(dice)
        if roll.success:
            return ThrottleResult(self.target, combat.take_hits(0), roll)
        return ThrottleResult(self.dial, combat.take_hits(1, campaign=campaign), roll)


@dataclass(frozen=True)
class ThrottleResult:
    """The speed dial after throttling, the damage taken (a failed two-click check costs a
    click), and the roll, if one was made."""

    speed: SpeedDial
    damage: Damage
    roll: Roll | None


def plan_throttle(speed: SpeedDial, clicks: int, piloting: int | None = None, *, first_turn: bool = False) -> ThrottlePlan:
    """Check a throttle change of ``clicks`` (positive = up) and say what it takes (A.throttle).
    On the first turn use ``set_speed`` on the dial instead: any speed is allowed then."""
    if isinstance(clicks, bool) or not isinstance(clicks, int):
        raise ThrottleError(f"throttle clicks must be a whole number, got {clicks!r}", field="clicks")
    if first_turn:
        return ThrottlePlan(speed, clicks, speed.throttle(clicks))
    if abs(clicks) > 2:
        raise ThrottleError(
            f"a plane may change speed by at most two clicks a turn, not {abs(clicks)} (A.throttle)", field="clicks"
        )
    target = speed.throttle(clicks)  # refuses to cross the red line
    if abs(clicks) <= 1:
        return ThrottlePlan(speed, clicks, target)
    if piloting is None:
        raise ThrottleError("two clicks of throttle need a pilot check: give the piloting value", field="piloting")
    return ThrottlePlan(speed, clicks, target, pilot_check(piloting, f"to throttle {'up' if clicks > 0 else 'down'} two clicks"))
