"""Bailing out: the planned jump, the abandoned plane aimed at a target, and the combat bailout.

FASA *Crimson Skies*, Bailing Out, p.29-31; Rules of Engagement, p.15; Experience Points, p.19.

- ``F.bail.safe``: a pilot who plots "Bail" with a speed jumps safely during movement; the empty
  plane flies straight on at that speed and leaves play when the next movement phase begins.
  The jump earns no experience.
- ``F.bail.projectile``: a pilot may instead aim the plane (plotting a straight SA move) at a
  target. If it ends the movement phase in the target's hex it hits on a d10 at or above the
  target's base number plus its own, less the hexes it has flown straight at the target (over
  several turns if need be). A hit deals 14 minus its own base number in flak hits.
- ``F.bail.combat``: when a plane is destroyed, its pilot rolls to get out: a base number by what
  destroyed the plane, +2 if shocked, -1 per earlier combat bailout (at most -4), +1 to save a
  keepsake, +3 to save the cargo, less Sixth Sense and Quick Draw.
- ``F.roe.bailout-penalty``: a planned (non-combat) bailout costs 20 experience points; a forced
  combat bailout costs nothing.

>>> print(combat_bailout("wing off", sixth_sense=5, quick_draw=6, shocked=True, memento=True))
14 wing sheared off + 2 shocked + 1 saving a keepsake - 5 Sixth Sense 5 - 6 Quick Draw 6 = 6 (50%)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.fasa.collisions import FlakHits, flak_hits
from cs_panel.fasa.hexgrid import Facing, Hex, forward_column
from cs_panel.fasa.tohit import check_skill

#: earlier combat bailouts count against a pilot only up to this many (F.bail.combat, p.31)
MAX_EARLIER_BAILOUTS = 4


class BailoutInputError(RuleInputError):
    """An input the bailout rules cannot take: an unknown cause, a negative count."""


def _whole(value, field: str, lo: int, hi: int | None, why: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        bounds = f"{lo}-{hi}" if hi is not None else f"at least {lo}"
        raise BailoutInputError(f"{field.replace('_', ' ')} must be a whole number {bounds}, got {short_repr(value)} ({why})",
                                field=field)
    return value


# ---------------------------------------------------------------------------------------------
# Safe (planned) bailout


@dataclass(frozen=True)
class SafeBailout:
    """A planned bailout (F.bail.safe, FASA p.29): the pilot is safe, the plane flies on straight."""

    start: Hex
    facing: Facing
    speed: int
    plane_path: tuple[Hex, ...]

    @property
    def plane_ends(self) -> Hex:
        return self.plane_path[-1] if self.plane_path else self.start

    pilot_safe: bool = True
    #: the empty plane leaves the map at the start of the next movement phase, unless aimed
    removed_next_movement_phase: bool = True

    @property
    def xp(self) -> int:
        """Experience for the jump itself: the non-combat penalty (F.roe.bailout-penalty)."""
        return bailout_xp(combat=False)

    def __str__(self) -> str:
        return (f"pilot jumps safely; the plane flies {self.speed} hexes straight on to {self.plane_ends} "
                f"facing {self.facing} and leaves play next movement phase; {self.xp} XP")


def safe_bailout(start: Hex, facing: Facing, speed: int) -> SafeBailout:
    """Plot "Bail" and a speed (F.bail.safe, FASA p.29).

    >>> safe_bailout(Hex(0, 0), Facing.A, 2).plane_ends
    Hex(0, -2)
    """
    if not isinstance(start, Hex):
        raise BailoutInputError(f"start must be a Hex, got {start!r}", field="start")
    facing = facing if isinstance(facing, Facing) else Facing.parse(str(facing))
    speed = _whole(speed, "speed", 1, 9, "the plane keeps flying straight at the plotted speed, F.bail.safe p.29")
    return SafeBailout(start, facing, speed, tuple(forward_column(start, facing, speed)))


def bailout_xp(combat: bool, memento_saved: bool = False, cargo_saved: bool = False) -> int:
    """Experience points a bailout earns or costs (F.roe.bailout-penalty, FASA p.15; F.pilot.xp-awards, p.19).

    A planned bailout costs 20; a forced combat bailout costs nothing, and saving a keepsake
    (+5) or the cargo (+10) pays only in a combat bailout.

    >>> bailout_xp(False), bailout_xp(True, memento_saved=True, cargo_saved=True)
    (-20, 15)
    """
    if not combat:
        if memento_saved or cargo_saved:
            raise BailoutInputError("keepsakes and cargo only earn experience in a combat bailout "
                                    "(F.pilot.xp-awards, FASA p.19)", field="memento_saved")
        return -20
    return 5 * bool(memento_saved) + 10 * bool(cargo_saved)


# ---------------------------------------------------------------------------------------------
# Plane as a projectile


def projectile_to_hit(target_base: int, own_base: int, hexes_straight: int) -> TargetNumber:
    """The roll for an abandoned plane to strike its target (F.bail.projectile, FASA p.29-31).

    The book's example: a plane of base 6 aimed at a nacelle (7) for 3 turns at speed 2.

    >>> print(projectile_to_hit(7, 6, 6))
    7 target's base target number + 6 own base target number - 6 hexes flown straight at it = 7 (40%)
    """
    target_base = _whole(target_base, "target_base", 1, 10, "base target numbers run 1-10, F.collide.object-btn p.28")
    own_base = _whole(own_base, "own_base", 1, 10, "base to-hit numbers run 1-10, F.plane.stats p.20")
    hexes_straight = _whole(hexes_straight, "hexes_straight", 0, None, "hexes flown straight at the target")
    terms = (
        Modifier(target_base, "target's base target number", "F.bail.projectile"),
        Modifier(own_base, "own base target number", "F.bail.projectile"),
        Modifier(-hexes_straight, f"hex{'' if hexes_straight == 1 else 'es'} flown straight at it", "F.bail.projectile"),
    )
    return TargetNumber(terms, what="abandoned plane strikes its target")


def hexes_flown_straight_at(track: Sequence[Hex], target: Hex) -> int:
    """How many hexes at the end of ``track`` the plane flew in one straight line aimed at
    ``target`` (the term subtracted in F.bail.projectile, FASA p.29-31).

    ``track`` lists every hex the plane entered, oldest first, across as many turns as you like
    (the run may span several turns). The run is the last stretch of steps in one direction; it
    counts only if that line leads on to the target's hex (taken where it is now) or has reached
    it. The book's example: three turns at speed 2 straight at a nacelle make 6.

    >>> track = [Hex(0, 1), Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(0, -3), Hex(0, -4), Hex(0, -5)]
    >>> hexes_flown_straight_at(track, Hex(0, -5))
    6
    """
    track = list(track)
    if not isinstance(target, Hex):
        raise BailoutInputError(f"target must be a Hex, got {target!r}", field="target")
    for i, h in enumerate(track):
        if not isinstance(h, Hex):
            raise BailoutInputError(f"track step {i} is not a hex: {h!r}", field="track")
        if i and track[i - 1].distance(h) != 1:
            raise BailoutInputError(f"track steps {i - 1} and {i} ({track[i - 1]} to {h}) are not neighbouring hexes",
                                    field="track")
    if len(track) < 2:
        return 0
    step = track[-1] - track[-2]
    facing = next(f for f in Facing if track[-1].neighbor(f) - track[-1] == step)
    ahead = track[-1].distance(target)
    if track[-1].neighbor(facing, ahead) != target:
        return 0  # the line does not lead to the target
    run = 0
    for i in range(len(track) - 1, 0, -1):
        if track[i] - track[i - 1] != step:
            break
        run += 1
    return run


def projectile_damage(own_base: int) -> FlakHits:
    """Flak hits an abandoned plane deals on striking: 14 minus its own base number
    (F.bail.projectile, FASA p.31). Non-piloted targets take the attack's damage template in
    points instead (gas cells, p.46), which this does not compute.

    >>> projectile_damage(6).total
    8
    """
    own_base = _whole(own_base, "own_base", 1, 10, "base to-hit numbers run 1-10, F.plane.stats p.20")
    return flak_hits(own_base, "own base target number", "F.bail.projectile")


def projectile_in_reach(plane_hex: Hex, target_hex: Hex) -> bool:
    """Only a plane that ends the movement phase in its target's hex may roll (F.bail.projectile)."""
    return plane_hex == target_hex


# ---------------------------------------------------------------------------------------------
# Combat bailout


class BailoutCause(Enum):
    """What destroyed the plane, with its base number on the Combat Bailout Table (F.bail.combat, p.31)."""

    FUEL_EXPLOSION = (20, "fuel tank explosion", "F.bail.combat")
    COLLISION = (18, "mid-air collision", "F.bail.combat")
    CORED = (16, "fuselage cored", "F.bail.combat")
    WING_OFF = (14, "wing sheared off", "F.bail.combat")
    ENGINE = (12, "engine destroyed", "F.bail.combat")
    #: the worst zeppelin landing crash sends the pilot out at 14 (Zeppelin Landing Table, p.32)
    ZEPPELIN_CRASH = (14, "crashed into the zeppelin on landing", "F.land.mishap")

    @property
    def base(self) -> int:
        return self.value[0]

    @property
    def label(self) -> str:
        return self.value[1]

    @property
    def rule(self) -> str:
        return self.value[2]

    @classmethod
    def parse(cls, text: "str | BailoutCause") -> "BailoutCause":
        if isinstance(text, BailoutCause):
            return text
        key = str(text).strip().upper().replace("-", "_").replace(" ", "_")
        aliases = {"FUEL": cls.FUEL_EXPLOSION, "FUEL_TANK": cls.FUEL_EXPLOSION, "WING": cls.WING_OFF,
                   "WING_SHEARED_OFF": cls.WING_OFF, "FUSELAGE_CORED": cls.CORED, "MID_AIR_COLLISION": cls.COLLISION}
        if key in cls.__members__:
            return cls[key]
        if key in aliases:
            return aliases[key]
        for c in cls:
            if c.label == str(text).strip().lower():
                return c
        raise BailoutInputError(f"unknown bailout cause {text!r}; choose one of {[c.name.lower() for c in cls]}",
                                field="cause")


def combat_bailout(
    cause: "BailoutCause | str",
    sixth_sense: int,
    quick_draw: int,
    shocked: bool = False,
    earlier_bailouts: int = 0,
    memento: bool = False,
    cargo: bool = False,
) -> TargetNumber:
    """The roll to escape a destroyed plane (F.bail.combat, FASA p.31).

    ``earlier_bailouts`` counts the pilot's previous combat bailouts; only four of them count.

    >>> combat_bailout("fuel", 0, 0).chance
    Fraction(1, 10)
    """
    c = BailoutCause.parse(cause)
    ss = check_skill(sixth_sense, "sixth_sense")
    qd = check_skill(quick_draw, "quick_draw")
    earlier = _whole(earlier_bailouts, "earlier_bailouts", 0, None, "a count of previous combat bailouts")
    terms = [Modifier(c.base, c.label, c.rule)]
    if shocked:
        terms.append(Modifier(2, "shocked", "F.bail.combat"))
    counted = min(earlier, MAX_EARLIER_BAILOUTS)
    if counted:
        extra = f", only {MAX_EARLIER_BAILOUTS} count" if earlier > MAX_EARLIER_BAILOUTS else ""
        terms.append(Modifier(-counted, f"{earlier} earlier bailout{'' if earlier == 1 else 's'}{extra}", "F.bail.combat"))
    if memento:
        terms.append(Modifier(1, "saving a keepsake", "F.bail.combat"))
    if cargo:
        terms.append(Modifier(3, "saving the cargo", "F.bail.combat"))
    terms.append(Modifier(-ss, f"Sixth Sense {ss}", "F.bail.combat"))
    terms.append(Modifier(-qd, f"Quick Draw {qd}", "F.bail.combat"))
    return TargetNumber(tuple(terms), what=f"combat bailout after {c.label}")
