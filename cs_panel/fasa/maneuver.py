"""Maneuver notation: the move a FASA pilot writes on the turn record (F.move.plot, FASA p.23).

A maneuver is the destination hex's designation (speed, direction L/R/S, hexrow) plus the final
facing: ``3L2F``. Straight maneuvers leave out the hexrow (``3SA``, the Immelmann ``1SD``), and a
stall is written as its facing letter alone (``B``, F.move.stall, p.24). ``parse`` and ``str``
round-trip; whether a maneuver is actually on the template is the template's business
(``ManeuverTemplate.arrow``).

>>> m = Maneuver.parse("3L2F")
>>> m.speed, m.direction, m.hexrow, m.facing
(3, <Direction.L: 'L'>, 2, <Facing.F: 5>)
>>> str(m), str(Maneuver.parse("1sd")), str(Maneuver.parse("B"))
('3L2F', '1SD', 'B')
>>> Maneuver.parse("3L2F").mirrored()
Maneuver.parse('3R2B')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.fasa.hexgrid import Facing

MAX_TEMPLATE_SPEED = 5  # F.plane.stats: speed ratings run 1-5, so the template stops at 5 (p.20)


class IllegalManeuverError(RuleInputError):
    """A maneuver that cannot be flown as written: bad notation, not on the template, or against
    a movement rule. ``reasons`` lists every cause, each citing its rule id."""

    def __init__(self, message: str, *, field: str | None = "maneuver", reasons: tuple = ()):
        super().__init__(message, field=field)
        self.reasons = tuple(reasons)


class Direction(str, Enum):
    """Which way a maneuver turns: left (port wing), right (starboard wing) or straight."""

    L = "L"
    R = "R"
    S = "S"

    @property
    def mirrored(self) -> "Direction":
        return {Direction.L: Direction.R, Direction.R: Direction.L}.get(self, self)

    @property
    def wing(self) -> str | None:
        """The wing whose G rating limits a turn this way (F.move.capability, p.23-24)."""
        return {Direction.L: "port", Direction.R: "starboard"}.get(self)

    def __str__(self) -> str:
        return self.value

    # A member hashes as its letter, as Enum's own __hash__ does (the name is the value here), but
    # in C: every maneuver used as a key (the template's arrows, the plan tables) hashes one.
    __hash__ = str.__hash__


_NOTATION = re.compile(r"^\s*(?:(?P<speed>\d+)\s*(?P<dir>[LRS])\s*(?P<row>\d*)\s*)?(?P<facing>[A-F])\s*$", re.I)


@dataclass(frozen=True, order=True)
class Maneuver:
    """One plotted maneuver: speed, direction, hexrow (``None`` for straight and stall) and final
    facing, all relative to the plane at facing A (F.move.plot, FASA p.23)."""

    speed: int
    direction: Direction
    hexrow: int | None
    facing: Facing

    def __post_init__(self):
        object.__setattr__(self, "direction", _direction(self.direction))
        object.__setattr__(self, "facing", _facing(self.facing))
        if isinstance(self.speed, bool) or not isinstance(self.speed, int) or self.speed < 0:
            raise IllegalManeuverError(f"speed must be a whole number 0 or more, got {self.speed!r}", field="speed")
        if self.speed == 0:
            if self.direction is not Direction.S or self.hexrow is not None:
                raise IllegalManeuverError(
                    "a speed-0 maneuver is a stall, written as its facing letter alone (F.move.stall, FASA p.24)"
                )
        elif self.direction is Direction.S:
            if self.hexrow is not None:
                raise IllegalManeuverError(
                    f"a straight maneuver has no hexrow: write {self.speed}S{self.facing.name}, not "
                    f"{self.speed}S{self.hexrow}{self.facing.name} (F.move.plot, FASA p.23)"
                )
        elif isinstance(self.hexrow, bool) or not isinstance(self.hexrow, int) or self.hexrow < 0:
            raise IllegalManeuverError(
                f"a {self.direction.name} maneuver needs a hexrow number (0 or more), got {self.hexrow!r}",
                field="hexrow",
            )

    @classmethod
    def parse(cls, text: str) -> "Maneuver":
        """Read the notation players write: ``3L2F``, ``3SA``, ``1SD``, or a stall's facing ``B``."""
        if not isinstance(text, str):
            raise IllegalManeuverError(f"a maneuver is written as text like '3L2F', got {text!r}")
        if len(text) > 40:  # no notation is longer; a long number is never converted
            raise IllegalManeuverError(f"a maneuver of {len(text)} characters cannot be read: write it like '3L2F' "
                                       "(F.move.plot, FASA p.23)")
        m = _NOTATION.match(text)
        if not m:
            raise IllegalManeuverError(
                f"cannot read {text!r} as a maneuver: write speed, L/R/S, hexrow and facing like "
                "'3L2F', a straight move like '3SA', or a stall's facing like 'B' (F.move.plot, FASA p.23)"
            )
        facing = Facing[m["facing"].upper()]
        if m["speed"] is None:
            return cls(0, Direction.S, None, facing)
        speed, direction, row = int(m["speed"]), Direction(m["dir"].upper()), m["row"]
        if speed == 0:
            raise IllegalManeuverError(
                f"{text.strip()!r}: a stall is written as its facing letter alone, e.g. {facing.name!r} (F.move.stall, FASA p.24)"
            )
        if direction is Direction.S:
            if row:
                raise IllegalManeuverError(
                    f"{text.strip()!r}: a straight maneuver has no hexrow; write {speed}S{facing.name} (F.move.plot, FASA p.23)"
                )
            return cls(speed, direction, None, facing)
        if not row:
            raise IllegalManeuverError(
                f"{text.strip()!r}: a {'left' if direction is Direction.L else 'right'} maneuver needs its hexrow, "
                f"e.g. {speed}{direction.name}2{facing.name} (F.move.plot, FASA p.23)"
            )
        return cls(speed, direction, int(row), facing)

    @classmethod
    def stall(cls, facing: Facing | str = Facing.A) -> "Maneuver":
        """A stall to ``facing`` (F.move.stall, FASA p.24)."""
        return cls(0, Direction.S, None, _facing(facing))

    @property
    def is_stall(self) -> bool:
        return self.speed == 0

    @property
    def is_immelmann(self) -> bool:
        """The straight reversal 1SD, the one straight maneuver that pulls Gs (F.move.immelmann, p.25)."""
        return self.speed == 1 and self.direction is Direction.S and self.facing is Facing.D

    @property
    def designation(self) -> str:
        """The destination hex's name without the facing (``4L3``); what a tailer may learn (F.tail.reveal, p.28)."""
        if self.is_stall:
            return "stall"
        if self.direction is Direction.S:
            return f"{self.speed}S"
        return f"{self.speed}{self.direction.name}{self.hexrow}"

    @property
    def turn_direction(self) -> Direction:
        """The direction this maneuver turns, counting a stall's rotation (B right, F left)."""
        if self.is_stall:
            return {Facing.B: Direction.R, Facing.F: Direction.L}.get(self.facing, Direction.S)
        return self.direction

    def mirrored(self) -> "Maneuver":
        """The same maneuver flown to the other side: L and R swap, facings reflect (3L2F -> 3R2B)."""
        return Maneuver(self.speed, self.direction.mirrored, self.hexrow, self.facing.mirrored)

    def __str__(self) -> str:
        if self.is_stall:
            return self.facing.name
        if self.direction is Direction.S:
            return f"{self.speed}S{self.facing.name}"
        return f"{self.speed}{self.direction.name}{self.hexrow}{self.facing.name}"

    def __repr__(self) -> str:
        return f"Maneuver.parse({str(self)!r})"


def _direction(value) -> Direction:
    if isinstance(value, Direction):
        return value
    try:
        return Direction(str(value).strip().upper())
    except ValueError:
        raise IllegalManeuverError(f"direction must be L, R or S, got {short_repr(value)}", field="direction") from None


def _facing(value) -> Facing:
    if isinstance(value, Facing):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6:
        return Facing(value)
    if isinstance(value, str):
        return Facing.parse(value)
    raise IllegalManeuverError(f"facing must be one of A-F, got {short_repr(value)}", field="facing")


def as_maneuver(value: "Maneuver | str") -> Maneuver:
    """Accept a ``Maneuver`` or its notation."""
    return value if isinstance(value, Maneuver) else Maneuver.parse(value)
