"""Moving on foot: walking, running and dashing, the roll to keep your feet, climbing and
swimming, and stealth (B.move.gait, B.move.dash-roll, B.move.special, B.stealth;
*Crimson Bar-rooms*, Movement and Stealth). A hex is about five yards.

- **Gait** (B.move.gait): moving up to half your Stamina (rounded down) is walking; up to your
  whole Stamina is running; beyond it is dashing, the runner's redline. Firing while walking adds
  1 to the target number, running 2, dashing 4; a target that ran is 1 harder to hit, one that
  dashed 3.
- **Keeping your feet** (B.move.dash-roll): a run or a dash needs a d10 of 12 minus Constitution
  minus Stamina; failing, you stumble and cover only half the distance you meant (rounded down).
  A failed dash still carries its firing penalty.
- **Special moves** (B.move.special): a flight of stairs costs 2 movement points a level, a jump to
  a low roof 5; swimming goes at half speed, with no firing, and a swimmer is 1 harder to hit.
- **Stealth** (B.stealth): out of sight (or in the dark), a sneaking character's moves are written
  down, not shown. A searcher spots him with a d10 against the sneak's Sixth Sense plus the range,
  minus the searcher's Sixth Sense, minus the hexes the sneak moved last.

Readings of our own (RULINGS.md): a dash may go up to twice the Stamina (the text sets no
limit); the keep-your-feet roll is made like the board game's d10 (10 always succeeds, 1 always
fails); walking needs no roll; a man can always crawl 1 hex a turn, even at Stamina 0 or with a
leg lost (a crawl counts as a walk), so no wound ever leaves him moving further than before.

>>> print(gait(4, 3))
running: 3 of Stamina 4 (walk up to 2, run up to 4)
>>> print(keep_feet_roll(4, 4))
12 base - 4 Constitution 4 - 4 Stamina 4 = 4 (70%)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber

STAIRS_PER_LEVEL = 2  # B.move.special
LOW_ROOF = 5


class MoveError(RuleInputError):
    """A move the rules do not allow (past a dash, a negative distance, firing while swimming)."""


class Gait(str, Enum):
    STILL = "standing"
    WALK = "walking"
    RUN = "running"
    DASH = "dashing"
    SWIM = "swimming"

    @classmethod
    def coerce(cls, value: "Gait | str", field: str = "gait") -> "Gait":
        """A gait from a ``Gait`` or its name ("running"); anything else is a named ``MoveError``."""
        if isinstance(value, cls):
            return value
        try:
            return cls(value)
        except (ValueError, TypeError):
            raise MoveError(f"{field.replace('_', ' ')} must be one of {[g.value for g in cls]}, got {short_repr(value)}",
                            field=field) from None

    @property
    def fire_penalty(self) -> int:
        """Added to the mover's own to-hit numbers (B.move.gait)."""
        return {Gait.STILL: 0, Gait.WALK: 1, Gait.RUN: 2, Gait.DASH: 4, Gait.SWIM: 0}[self]

    @property
    def target_penalty(self) -> int:
        """Added to the numbers of those shooting at the mover (B.move.gait, B.move.special)."""
        return {Gait.STILL: 0, Gait.WALK: 0, Gait.RUN: 1, Gait.DASH: 3, Gait.SWIM: 1}[self]

    @property
    def can_fire(self) -> bool:
        return self is not Gait.SWIM


@dataclass(frozen=True)
class GaitCheck:
    """A legal move: its gait, distance and the Stamina it was judged by. ``crawl`` marks a move
    of 1 hex that only the crawl allows (it counts as a walk); ``crippled_legs`` the legs lost."""

    gait: Gait
    hexes: int
    stamina: int
    crawl: bool = False
    crippled_legs: int = 0

    @property
    def walk_limit(self) -> int:
        return self.stamina // 2

    @property
    def needs_roll(self) -> bool:
        return self.gait in (Gait.RUN, Gait.DASH)

    def __str__(self) -> str:
        if self.crawl:
            why = ("both legs lost" if self.crippled_legs == 2 else
                   f"a leg lost and Stamina {self.stamina}, too little to walk a hex" if self.crippled_legs else
                   "no Stamina left")
            return f"crawling: 1 hex, as a walk ({why}; a crawl of 1 hex a turn is always left)"
        if self.crippled_legs:
            return f"{self.gait.value}: {self.hexes} of Stamina {self.stamina} (a leg lost: walk only, up to {self.walk_limit})"
        return (f"{self.gait.value}: {self.hexes} of Stamina {self.stamina} "
                f"(walk up to {self.walk_limit}, run up to {self.stamina})")


def _count(v, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise MoveError(f"{name} is a whole number of 0 or more, got {short_repr(v)}", field=name)
    return v


def gait(stamina: int, hexes: int, swimming: bool = False, *, crippled_legs: int = 0) -> GaitCheck:
    """Whether moving ``hexes`` is walking, running or dashing at this Stamina (B.move.gait).

    ``crippled_legs`` (from ``damage.DamageCard.crippled_legs``; our reconstructed card): with one
    leg lost a character only walks; with both he crawls 1 hex a turn. Give the Stamina the wounds
    leave (``DamageCard.stamina``). Our reading: a crawl of 1 hex a turn is always left, to a man at
    Stamina 0 or with a leg lost and too little Stamina to walk a hex; it counts as a walk and needs
    no roll. So more wounds never let a man move further.

    >>> print(gait(0, 1, crippled_legs=2))
    crawling: 1 hex, as a walk (both legs lost; a crawl of 1 hex a turn is always left)
    """
    stamina, hexes = _count(stamina, "stamina"), _count(hexes, "hexes")
    if _count(crippled_legs, "crippled_legs") > 2:
        raise MoveError(f"a character has two legs, not {crippled_legs} to lose", field="crippled_legs")
    walk = stamina // 2
    if crippled_legs and not swimming:
        if crippled_legs == 2 and hexes > 1:
            raise MoveError(f"with both legs lost he crawls 1 hex a turn, not {hexes} (B.move.gait, reconstructed card)",
                            field="hexes")
        if hexes > max(1, walk):
            reach = f"only walks, up to {walk} hexes" if walk else f"only walks, and at Stamina {stamina} only crawls 1 hex"
            raise MoveError(f"with a leg lost he {reach}, not {hexes} (B.move.gait, reconstructed card)", field="hexes")
        if hexes == 0:
            return GaitCheck(Gait.STILL, 0, stamina, crippled_legs=crippled_legs)
        # a crawl is slow, so no roll to keep his feet
        return GaitCheck(Gait.WALK, hexes, stamina, crawl=crippled_legs == 2 or hexes > walk, crippled_legs=crippled_legs)
    if swimming:
        most = stamina // 2
        if hexes > most:
            raise MoveError(f"a swimmer covers half his Stamina, {most} hexes, not {hexes} (B.move.special)", field="hexes")
        return GaitCheck(Gait.SWIM, hexes, stamina)
    if hexes == 0:
        return GaitCheck(Gait.STILL, 0, stamina)
    if hexes <= stamina // 2:
        return GaitCheck(Gait.WALK, hexes, stamina)
    if hexes <= stamina:
        return GaitCheck(Gait.RUN, hexes, stamina)
    if stamina == 0:
        if hexes == 1:
            return GaitCheck(Gait.WALK, 1, 0, crawl=True)  # our reading: a crawl is always left
        raise MoveError(f"with no Stamina left he only crawls 1 hex a turn, not {hexes} (our reading of B.move.gait)",
                        field="hexes")
    if hexes > 2 * stamina:
        raise MoveError(f"a dash goes at most twice the Stamina, {2 * stamina} hexes, not {hexes} (our reading of "
                        "B.move.gait)", field="hexes")
    return GaitCheck(Gait.DASH, hexes, stamina)


def keep_feet_roll(constitution: int, stamina: int) -> TargetNumber:
    """The d10 a runner or dasher needs to keep his feet: 12 - Constitution - Stamina (B.move.dash-roll)."""
    return TargetNumber((Modifier(12, "base", "B.move.dash-roll"),
                         Modifier(-_count(constitution, "constitution"), f"Constitution {constitution}", "B.move.dash-roll"),
                         Modifier(-_count(stamina, "stamina"), f"Stamina {stamina}", "B.move.dash-roll")),
                        what="keep your feet (run or dash)")


def distance_after(hexes: int, kept_feet: bool) -> int:
    """How far a runner gets: all the way, or half (rounded down) after stumbling (B.move.dash-roll)."""
    hexes = _count(hexes, "hexes")
    return hexes if kept_feet else hexes // 2


def climb_cost(levels: int = 0, low_roof: bool = False) -> int:
    """Movement points to climb ``levels`` of stairs (2 each) or jump to a low roof (5) (B.move.special)."""
    return STAIRS_PER_LEVEL * _count(levels, "levels") + (LOW_ROOF if low_roof else 0)


def detection_number(sneak_sixth_sense: int, range_hexes: int, searcher_sixth_sense: int, sneak_speed: int) -> TargetNumber:
    """The searcher's d10 to spot a sneaking character (B.stealth): the sneak's Sixth Sense plus the
    range, less the searcher's Sixth Sense and the hexes the sneak moved last.

    >>> print(detection_number(5, 10, 3, 4))   # Johnny Thunder runs past the sentry
    5 sneak's Sixth Sense 5 + 10 range 10 hexes - 3 searcher's Sixth Sense 3 - 4 sneak moved 4 hexes = 8 (30%)
    """
    return TargetNumber((
        Modifier(_count(sneak_sixth_sense, "sneak_sixth_sense"), f"sneak's Sixth Sense {sneak_sixth_sense}", "B.stealth"),
        Modifier(_count(range_hexes, "range_hexes"), f"range {range_hexes} hexes", "B.stealth"),
        Modifier(-_count(searcher_sixth_sense, "searcher_sixth_sense"), f"searcher's Sixth Sense {searcher_sixth_sense}", "B.stealth"),
        Modifier(-_count(sneak_speed, "sneak_speed"), f"sneak moved {sneak_speed} hexes", "B.stealth"),
    ), what="spot the sneak")


def in_stealth(in_sight: bool, night: bool, near_light: bool = False, heard: bool = False, lit_by_flashlight: bool = False,
               stealthy: bool = False, range_hexes: int = 0) -> tuple[bool, str]:
    """Whether a character may stay hidden, and why (B.stealth, B.skills: Stealthy)."""
    if stealthy and (not in_sight or (night and range_hexes > 4)):
        return True, "Stealthy: hidden without rolls out of sight, or at night beyond 4 hexes"
    if not in_sight:
        if heard:
            return False, "heard: the searcher made his roll"
        return True, "out of line of sight"
    if not night:
        return False, "in plain sight by day"
    if near_light:
        return False, "within 2 hexes of a light"
    if lit_by_flashlight:
        return False, "lit by the searcher's flashlight"
    if heard:
        return False, "heard: the searcher made his roll"
    return True, "in sight, but in the dark"
