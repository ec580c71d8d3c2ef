"""What a plane may shoot at: the forward column, line of sight, and two planes in one hex.

FASA *Crimson Skies*, Making an Attack, p.33-34.

- ``F.combat.arc``: a direct attack reaches only the column of hexes straight ahead of the
  nose, as far as the weapon's range.
- ``F.combat.los``: a straightedge from centre to centre is blocked by any dotted (impassable)
  hex it crosses; running along the side of such a hex does not block. Planes never block.
- ``F.combat.same-hex``: in one hex, two planes nose to nose may both fire; two on the same
  heading let the slower fire at the faster, or at equal speed the higher Natural Touch; any
  other angle, or equal Natural Touch, leaves both unable to fire.

The geometry is ``cs_panel.fasa.hexgrid``'s; this module names the reasons.

>>> check = can_fire(Hex(0, 0), Facing.A, Hex(0, -3), weapon_range=5)
>>> check.allowed, check.range
(True, 3)
>>> print(can_fire(Hex(0, 0), Facing.A, Hex(1, -3), weapon_range=5))
cannot fire: the target is not in the column straight ahead
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Flag, auto
from typing import Iterable

from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import check_int, short_repr
from cs_panel.fasa.hexgrid import Facing, Hex, check_line_length, forward_column, line_steps
from cs_panel.fasa.tohit import check_skill


class ArcInputError(RuleInputError):
    """An input the firing-arc rules cannot take."""


def _facing(value) -> Facing:
    return value if isinstance(value, Facing) else Facing.parse(str(value))


def _hex(value, field: str) -> Hex:
    if not isinstance(value, Hex):
        raise ArcInputError(f"{field.replace('_', ' ')} must be a Hex, got {short_repr(value)}", field=field)
    return value


def _range(value, field: str = "weapon_range") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ArcInputError(f"weapon range must be a whole number of hexes, 0 or more, got {short_repr(value)}", field=field)
    return check_int(value, field, limit="hex_distance", error=ArcInputError)


# ---------------------------------------------------------------------------------------------
# Line of sight


def blocking_hexes(a: Hex, b: Hex, dotted: Iterable[Hex]) -> list[Hex]:
    """The dotted hexes that stop the line from ``a`` to ``b``, in order from ``a``; empty when
    the line is clear (F.combat.los, FASA p.34). Where the line runs along a hexside, that step
    blocks only if the hexes on both sides are dotted, and then both are listed.

    >>> blocking_hexes(Hex(0, 0), Hex(0, -3), [Hex(0, -1), Hex(5, 5)])
    [Hex(0, -1)]
    """
    _hex(a, "a"), _hex(b, "b")
    check_line_length(a, b)  # before anything is walked or collected
    dotted = set(dotted)
    return [h for step in line_steps(a, b)[1:-1] if all(x in dotted for x in step) for h in step]


def sees(a: Hex, b: Hex, dotted: Iterable[Hex] = ()) -> bool:
    """Line of sight between two hexes (F.combat.los, FASA p.34); the same either way round."""
    return not blocking_hexes(a, b, dotted)


# ---------------------------------------------------------------------------------------------
# The forward firing arc


def firing_arc(start: Hex, facing: Facing, weapon_range: int, dotted: Iterable[Hex] = ()) -> list[Hex]:
    """The hexes a weapon can reach: the column ahead up to its range, stopping at the first
    dotted hex (which can itself be the target) (F.combat.arc, F.combat.los; FASA p.33-34).

    >>> firing_arc(Hex(0, 0), Facing.C, 3, dotted=[Hex(2, 0)])
    [Hex(1, 0), Hex(2, 0)]
    """
    start, facing, weapon_range = _hex(start, "start"), _facing(facing), _range(weapon_range)
    dotted = set(dotted)
    out = []
    for h in forward_column(start, facing, weapon_range):
        out.append(h)
        if h in dotted:
            break
    return out


class FireFailure(Flag):
    """Every reason a direct attack at another hex is not allowed (F.combat.arc, F.combat.los)."""

    NONE = 0
    SAME_HEX = auto()
    NOT_IN_COLUMN = auto()
    OUT_OF_RANGE = auto()
    NO_LINE_OF_SIGHT = auto()


@dataclass(frozen=True)
class FireCheck:
    """Whether a plane may make a direct attack on a hex, the range, and every reason not."""

    failures: FireFailure
    range: int
    weapon_range: int
    blockers: tuple[Hex, ...] = ()

    @property
    def allowed(self) -> bool:
        return not self.failures

    def __bool__(self) -> bool:
        return self.allowed

    @property
    def reasons(self) -> tuple[str, ...]:
        words = {
            FireFailure.SAME_HEX: "the target shares the firer's hex: the same-hex rules decide (F.combat.same-hex)",
            FireFailure.NOT_IN_COLUMN: "the target is not in the column straight ahead",
            FireFailure.OUT_OF_RANGE: f"the target is {self.range} hexes away, beyond the weapon's range of {self.weapon_range}",
            FireFailure.NO_LINE_OF_SIGHT: "a dotted hex blocks the line of sight: "
                                          + ", ".join(map(repr, self.blockers)),
        }
        return tuple(t for f, t in words.items() if f in self.failures)

    def __str__(self) -> str:
        if self.allowed:
            return f"may fire at range {self.range}"
        return "cannot fire: " + "; ".join(self.reasons)


def can_fire(attacker: Hex, facing: Facing, target: Hex, weapon_range: int, dotted: Iterable[Hex] = ()) -> FireCheck:
    """May a plane at ``attacker`` facing ``facing`` attack ``target`` directly?
    (F.combat.arc, F.combat.los; FASA p.33-34)

    Every failed condition is listed, except that line of sight is traced only to a target in
    range (beyond it the shot fails anyway, and no far target costs a long walk). A target in the attacker's own hex is a separate rule
    (``same_hex_fire``).
    """
    attacker, target, facing = _hex(attacker, "attacker"), _hex(target, "target"), _facing(facing)
    weapon_range = _range(weapon_range)
    d = attacker.distance(target)
    if d == 0:
        return FireCheck(FireFailure.SAME_HEX, 0, weapon_range)
    fail = FireFailure.NONE
    if attacker.neighbor(facing, d) != target:
        fail |= FireFailure.NOT_IN_COLUMN
    if d > weapon_range:
        fail |= FireFailure.OUT_OF_RANGE
    # range first: a line is traced only to a target the weapon reaches, so the cost of a check
    # is bounded by the weapon's range however far away the target is
    blockers = tuple(blocking_hexes(attacker, target, dotted)) if d <= weapon_range else ()
    if blockers:
        fail |= FireFailure.NO_LINE_OF_SIGHT
    return FireCheck(fail, d, weapon_range, blockers)


# ---------------------------------------------------------------------------------------------
# Two planes in one hex


@dataclass(frozen=True)
class SameHexPlane:
    """What the same-hex firing rule needs about a plane: heading, this turn's speed, Natural Touch."""

    facing: Facing
    speed: int
    natural_touch: int = 0
    name: str = ""

    def __post_init__(self):
        object.__setattr__(self, "facing", _facing(self.facing))
        if isinstance(self.speed, bool) or not isinstance(self.speed, int) or self.speed < 0:
            raise ArcInputError(f"speed must be a whole number 0 or more, got {self.speed!r}", field="speed")
        check_skill(self.natural_touch, "natural_touch")


@dataclass(frozen=True)
class SameHexFire:
    """Who may fire at whom inside one hex, and why (F.combat.same-hex, FASA p.33-34)."""

    a_fires: bool
    b_fires: bool
    reason: str

    def __str__(self) -> str:
        return self.reason


def same_hex_fire(a: SameHexPlane, b: SameHexPlane) -> SameHexFire:
    """Who may shoot when two planes share a hex (F.combat.same-hex, FASA p.33-34).

    >>> print(same_hex_fire(SameHexPlane(Facing.A, 3, name="Iverian"), SameHexPlane(Facing.D, 4, name="Dukes")))
    nose to nose: both may fire
    >>> same_hex_fire(SameHexPlane(Facing.B, 3), SameHexPlane(Facing.B, 4)).a_fires
    True
    """
    an, bn = a.name or "the first plane", b.name or "the second plane"
    if b.facing == a.facing.reverse:
        return SameHexFire(True, True, "nose to nose: both may fire")
    if a.facing != b.facing:
        return SameHexFire(False, False, f"headings {a.facing} and {b.facing} are neither the same nor opposite: "
                                         "neither may fire")
    if a.speed != b.speed:
        slow_a = a.speed < b.speed
        slow, fast = (an, bn) if slow_a else (bn, an)
        return SameHexFire(slow_a, not slow_a, f"same heading: the slower {slow} may fire at the faster {fast}")
    if a.natural_touch != b.natural_touch:
        a_better = a.natural_touch > b.natural_touch
        who = an if a_better else bn
        return SameHexFire(a_better, not a_better,
                           f"same heading and speed: {who}, with the higher Natural Touch, may fire at the other's tail")
    return SameHexFire(False, False, "same heading, speed and Natural Touch: neither may fire")
