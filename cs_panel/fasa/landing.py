"""Landing after the fight: the landing number and what goes wrong when the roll fails.

FASA *Crimson Skies*, Landing, p.31-32.

- ``F.land.target``: 4, plus the Landing Modifiers Table (damaged gear +3, one rudder +2 or both
  +3, no runway or road +2, damaged flaps +1, +1 per pilot wound), less Natural Touch. At 0 or
  below the landing succeeds without a roll, unless the pilot's Natural Touch is 3 or less or
  the plane carries any damage.
- ``F.land.mishap``: a failed roll falls short of the number by some margin (number minus the
  face); the margin is read on the ground or zeppelin landing table.

``LandingRoll`` is a chance event whose outcome is the mishap, so the exact odds of every
mishap come from the same rule that resolves the roll.

>>> check = landing_check(natural_touch=5, off_runway=True, pilot_wounds=1)
>>> print(check.target)
4 base + 2 not on a road or runway + 1 pilot wound - 5 Natural Touch 5 = 2 (90%)
>>> check.automatic
False
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Sequence

from cs_panel.core.dice import ChanceEvent, Dice, Roll
from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.fasa.tohit import check_skill

#: a pilot at or below this Natural Touch always rolls to land (F.land.target, p.31)
ALWAYS_ROLLS_AT_NT = 3


class LandingInputError(RuleInputError):
    """An input the landing rules cannot take."""


class Mishap(Enum):
    """The rows of the ground and zeppelin landing tables (F.land.mishap, FASA p.31-32)."""

    SAFE = "lands safely"
    GROUND_NOSE_DOWN = "noses down and skids to a stop: nose weapons destroyed, engine damaged"
    GROUND_GRIND = "grinds into the ground: wings and everything in them destroyed; pilot loses 1 Constitution"
    GROUND_FLIP = "flips over and is destroyed; pilot loses 2 Constitution"
    ZEP_STRUCTURE = "slams into the landing structure: nose, nose weapons and engine destroyed"
    ZEP_WINGS = "crashes into the zeppelin and loses both wings, ending up inside: wing weapons and components destroyed; pilot loses 1 Constitution"
    ZEP_CRASH = "crashes into the zeppelin, destroying the plane and tearing a gas cell; the pilot bails out at base 14"

    @property
    def constitution_lost(self) -> int:
        return {Mishap.GROUND_GRIND: 1, Mishap.GROUND_FLIP: 2, Mishap.ZEP_WINGS: 1}.get(self, 0)

    @property
    def plane_destroyed(self) -> bool:
        return self in (Mishap.GROUND_FLIP, Mishap.ZEP_CRASH)


#: (lowest margin, mishap), highest first
GROUND_TABLE = ((5, Mishap.GROUND_FLIP), (3, Mishap.GROUND_GRIND), (1, Mishap.GROUND_NOSE_DOWN), (0, Mishap.SAFE))
ZEPPELIN_TABLE = ((5, Mishap.ZEP_CRASH), (3, Mishap.ZEP_WINGS), (1, Mishap.ZEP_STRUCTURE), (0, Mishap.SAFE))


def mishap(margin: int, zeppelin: bool = False) -> Mishap:
    """The row of the landing table for a failure ``margin`` (F.land.mishap, FASA p.31-32).

    >>> mishap(4).name, mishap(7, zeppelin=True).name
    ('GROUND_GRIND', 'ZEP_CRASH')
    """
    if isinstance(margin, bool) or not isinstance(margin, int):
        raise LandingInputError(f"margin must be a whole number, got {margin!r}", field="margin")
    for low, row in (ZEPPELIN_TABLE if zeppelin else GROUND_TABLE):
        if margin >= low:
            return row
    return Mishap.SAFE


@dataclass(frozen=True)
class LandingRoll(ChanceEvent):
    """The d10 landing roll with its mishap as outcome. 10 always lands and 1 always fails
    (F.dice.d10, p.11); a failure is read at margin = number - face, never below 0."""

    target: int
    zeppelin: bool = False

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (10,)

    def outcome_of(self, faces: Sequence[int]) -> Mishap:
        (face,) = faces
        if face == 10 or (face != 1 and face >= self.target):
            return Mishap.SAFE
        return mishap(max(0, self.target - face), self.zeppelin)

    @property
    def chance(self) -> Fraction:
        return self.outcomes().get(Mishap.SAFE, Fraction(0))

    def describe(self) -> str:
        return f"landing d10 vs {self.target}{' on a zeppelin' if self.zeppelin else ''}"

    def describe_outcome(self, outcome: Any) -> str:
        return outcome.value


@dataclass(frozen=True)
class LandingCheck:
    """The landing number, whether it must be rolled, and the odds of each mishap."""

    target: TargetNumber
    automatic: bool
    zeppelin: bool
    why_roll: str = ""

    @property
    def event(self) -> LandingRoll:
        return LandingRoll(self.target.total, self.zeppelin)

    def odds(self) -> dict[Mishap, Fraction]:
        """Exact chance of every outcome (a certain safe landing when automatic)."""
        if self.automatic:
            return {Mishap.SAFE: Fraction(1)}
        return self.event.outcomes()

    def resolve(self, dice: Dice) -> Roll | None:
        """Roll the landing (None when it needs no roll)."""
        return None if self.automatic else self.event.resolve(dice)

    def __str__(self) -> str:
        return f"{self.target}; " + ("lands without a roll" if self.automatic else f"roll needed{self.why_roll}")


def landing_check(
    natural_touch: int,
    gear_damaged: bool = False,
    rudders_damaged: int = 0,
    off_runway: bool = False,
    flaps_damaged: bool = False,
    pilot_wounds: int = 0,
    other_damage: bool = False,
    zeppelin: bool = False,
) -> LandingCheck:
    """The landing number and whether it is rolled (F.land.target, FASA p.31-32).

    ``rudders_damaged`` is 0, 1 or 2 (one rudder +2, both +3). ``other_damage`` says the plane
    has damage the table has no modifier for; any damage at all means a roll.

    >>> landing_check(natural_touch=6).automatic
    True
    """
    nt = check_skill(natural_touch, "natural_touch")
    if isinstance(rudders_damaged, bool) or rudders_damaged not in (0, 1, 2):
        raise LandingInputError(f"rudders damaged must be 0, 1 or 2, got {rudders_damaged!r}", field="rudders_damaged")
    if isinstance(pilot_wounds, bool) or not isinstance(pilot_wounds, int) or pilot_wounds < 0:
        raise LandingInputError(f"pilot wounds must be a whole number 0 or more, got {pilot_wounds!r}", field="pilot_wounds")
    terms = [Modifier(4, "base", "F.land.target")]
    if gear_damaged:
        terms.append(Modifier(3, "landing gear damaged", "F.land.target"))
    if rudders_damaged == 1:
        terms.append(Modifier(2, "one rudder damaged", "F.land.target"))
    elif rudders_damaged == 2:
        terms.append(Modifier(3, "both rudders damaged", "F.land.target"))
    if off_runway:
        terms.append(Modifier(2, "not on a road or runway", "F.land.target"))
    if flaps_damaged:
        terms.append(Modifier(1, "flaps damaged", "F.land.target"))
    if pilot_wounds:
        terms.append(Modifier(pilot_wounds, f"pilot wound{'' if pilot_wounds == 1 else 's'}", "F.land.target"))
    terms.append(Modifier(-nt, f"Natural Touch {nt}", "F.land.target"))
    where = "on the zeppelin" if zeppelin else "on the ground"
    target = TargetNumber(tuple(terms), what=f"landing {where}")
    damaged = gear_damaged or rudders_damaged or flaps_damaged or other_damage
    reasons = []
    if target.total > 0:
        reasons.append(f"the number is {target.total}, above 0")
    if nt <= ALWAYS_ROLLS_AT_NT:
        reasons.append(f"Natural Touch {nt} is {ALWAYS_ROLLS_AT_NT} or less")
    if damaged:
        reasons.append("the plane is damaged")
    why = (": " + "; ".join(reasons)) if reasons else ""
    return LandingCheck(target, automatic=not reasons, zeppelin=zeppelin, why_roll=why)
