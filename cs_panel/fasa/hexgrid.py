"""Hex coordinates, facings and lines for the FASA hex map (F.map.hexes, FASA p.10-11).

Axial coordinates on flat-topped hexes (Red Blob Games' hex grid guide): ``q`` is the column,
``r`` runs down-right. Facing A points up the map (the plane's nose), and B-F follow clockwise,
so A=(0,-1), B=(+1,-1), C=(+1,0), D=(0,+1), E=(-1,+1), F=(-1,0). A *column* is a line of hexes
parallel to facing A. Drawing lives in ``HexLayout``, apart from the arithmetic.

>>> Hex(0, 0).neighbor(Facing.A)
Hex(0, -1)
>>> Hex(0, 0).distance(Hex(3, -1))
3
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from typing import Iterable, Iterator

from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import OutOfBoundsError, check_int, short_repr

_COORD = LIMITS["hex_coordinate"]
_LINE = LIMITS["hex_distance"]


class HexCoordinateError(OutOfBoundsError):
    """A hex coordinate that is not a whole number, or lies beyond the project's coordinate limit."""


class LineTooLongError(OutOfBoundsError):
    """A line between hexes longer than the project's limit: refused before it is walked."""


def check_line_length(a: "Hex", b: "Hex", field: str = "target") -> int:
    """The distance from ``a`` to ``b`` if a line between them may be walked, else a named
    ``LineTooLongError`` stating the limit (so no walk ever costs more than the limit's steps)."""
    n = a.distance(b)
    if n > _LINE.hi:
        raise LineTooLongError(f"{field.replace('_', ' ')} is {n} hexes away; lines longer than {_LINE.hi} hexes "
                               f"are not traced (project limit: {_LINE.why})", field=field)
    return n


class Facing(IntEnum):
    """The six hexsides a plane can face, clockwise from A (up the map)."""

    A = 0
    B = 1
    C = 2
    D = 3
    E = 4
    F = 5

    @classmethod
    def parse(cls, text: str) -> "Facing":
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise RuleInputError(f"facing must be one of A-F, got {short_repr(text)}", field="facing") from None

    @classmethod
    def coerce(cls, value: "Facing | str | int", field: str = "facing") -> "Facing":
        """A facing from a ``Facing``, a letter A-F or a number 0-5; anything else is a named error."""
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            try:
                return cls.parse(value)
            except RuleInputError:
                raise RuleInputError(f"facing must be one of A-F, got {short_repr(value)}", field=field) from None
        check_int(value, field, limit="fasa.facing", error=RuleInputError)
        return cls(value)

    def turn(self, steps: int) -> "Facing":
        """Rotate clockwise by ``steps`` hexsides (negative turns left)."""
        return Facing((self + steps) % 6)

    @property
    def reverse(self) -> "Facing":
        return self.turn(3)

    @property
    def mirrored(self) -> "Facing":
        """The facing seen in a mirror along the A-D axis: B and F swap, C and E swap."""
        return Facing((-self) % 6)

    def __str__(self) -> str:
        return self.name


DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


@dataclass(frozen=True, order=True)
class Hex:
    """An immutable hex of the map in axial coordinates."""

    q: int
    r: int

    def __post_init__(self) -> None:
        for name in ("q", "r"):
            v = getattr(self, name)
            if type(v) is not int:  # noqa: E721 - the fast path; numpy integers are converted
                if hasattr(v, "__index__") and not isinstance(v, bool):
                    v = v.__index__()
                    object.__setattr__(self, name, v)
                else:
                    check_int(v, name, error=HexCoordinateError)
            if not _COORD.lo <= v <= _COORD.hi:
                check_int(v, name, limit=_COORD, error=HexCoordinateError)

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"

    def neighbor(self, facing: Facing | int, steps: int = 1) -> "Hex":
        dq, dr = DIRECTIONS[int(facing) % 6]
        return Hex(self.q + dq * steps, self.r + dr * steps)

    def neighbors(self) -> list["Hex"]:
        return [self.neighbor(f) for f in Facing]

    def length(self) -> int:
        return max(abs(self.q), abs(self.r), abs(self.s))

    def distance(self, other: "Hex") -> int:
        """Hexes counted from here to ``other``, counting ``other`` but not this one."""
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def rotate(self, steps: int, center: "Hex | None" = None) -> "Hex":
        """Rotate clockwise by ``steps`` sixths of a turn about ``center`` (default the origin)."""
        c = center or Hex(0, 0)
        q, r, s = self.q - c.q, self.r - c.r, self.s - c.s
        for _ in range(steps % 6):
            q, r, s = -r, -s, -q
        return Hex(q + c.q, r + c.r)

    def mirror(self, center: "Hex | None" = None) -> "Hex":
        """Reflect across the column through ``center``, swapping left and right."""
        c = center or Hex(0, 0)
        q, r = self.q - c.q, self.r - c.r
        return Hex(-q + c.q, r + q + c.r)

    def column_offset(self, origin: "Hex", facing: Facing = Facing.A) -> int:
        """Signed number of columns (lines parallel to ``facing``) right (+) or left (-) of ``origin``."""
        rel = (self - origin).rotate(-int(facing))
        return rel.q


def axial_distance(dq, dr):
    """The hexes between two hexes whose axial coordinates differ by ``dq`` and ``dr`` (F.map.hexes):
    whole numbers, or numpy arrays of them taken element by element (a computer player weighs
    thousands of pairs at once). ``Hex.distance`` is the same count for one pair of hexes.

    >>> axial_distance(2, -1), Hex(0, 0).distance(Hex(2, -1))
    (2, 2)
    """
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


ORIGIN = Hex(0, 0)


def mega_hex(center: Hex) -> list[Hex]:
    """A hex and its six neighbours (F.map.hexes, FASA p.10)."""
    return [center, *center.neighbors()]


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    out = []
    h = center.neighbor(Facing.E, radius)
    for f in Facing:
        for _ in range(radius):
            out.append(h)
            h = h.neighbor(f)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``, centre first."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """The hexes a straight line between centres passes through, ``a`` first.

    When the line runs exactly along a hexside it touches two hexes; ``nudge`` (+1 or -1)
    pushes it a hair to one side so that each call gives one definite hex per step.
    """
    if type(a) is Hex and type(b) is Hex and (nudge == 1 or nudge == -1) and type(nudge) is int:
        return list(_line(a, b, nudge))  # lines of fire and sight are asked for again and again
    return _line_of(a, b, nudge)


def _line_of(a: Hex, b: Hex, nudge: int) -> list[Hex]:
    n = check_line_length(a, b)
    if n == 0:
        return [a]
    # unequal offsets for q and r (and so s) break every rounding tie the same way from either
    # end; equal offsets would leave q/r ties for floating-point noise to decide (Red Blob Games)
    eq, er = 1e-6 * nudge, 2e-6 * nudge
    aq, ar = a.q + eq, a.r + er
    bq, br = b.q + eq, b.r + er
    return [_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


@lru_cache(maxsize=1 << 16)
def _line(a: Hex, b: Hex, nudge: int) -> tuple[Hex, ...]:
    return tuple(_line_of(a, b, nudge))  # a refused line raises here each time: errors are not cached


def line_steps(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """The hexes a straight line between centres touches, one entry per step from ``a`` to ``b``.

    A step is one hex, or two (in a fixed order) where the line runs along the hexside between
    them. It never touches three at once: one cube coordinate of every step point is a whole
    number, and a corner of the grid has none.

    >>> line_steps(Hex(0, 0), Hex(2, -1))
    [(Hex(0, 0),), (Hex(1, 0), Hex(1, -1)), (Hex(2, -1),)]
    """
    return [(p,) if p == m else (p, m) for p, m in zip(line(a, b, 1), line(a, b, -1))]


def line_of_sight(a: Hex, b: Hex, blocking: Iterable[Hex]) -> bool:
    """True if a line from ``a``'s centre to ``b``'s is not stopped by a blocking (dotted) hex.

    A dotted hex the line passes through blocks; a line along the hexside of a dotted hex does
    not (F.combat.los, FASA p.34). Each step along a hexside is decided on its own: it blocks
    only when the hexes on both sides are dotted (our reading, see RULINGS.md), so a line may
    pass one dotted hex on its left and later another on its right. The end hexes never block;
    planes never block.

    >>> line_of_sight(Hex(0, 0), Hex(2, -4), [Hex(0, -1), Hex(2, -3)])
    True
    """
    blocked = set(blocking)
    return not any(all(h in blocked for h in step) for step in line_steps(a, b)[1:-1])


def forward_column(start: Hex, facing: Facing, length: int) -> list[Hex]:
    """The straight hex column ahead of a plane, ``length`` hexes long (F.combat.arc, FASA p.33)."""
    check_int(length, "length", 0, _LINE.hi, limit=_LINE)
    return [start.neighbor(facing, k) for k in range(1, length + 1)]


def _bearing(origin: Hex, facing: Facing, other: Hex) -> float | None:
    """Angle in degrees of ``other`` seen from ``origin``, 0 = straight ahead, clockwise positive."""
    rel = (other - origin).rotate(-int(facing))
    if rel == ORIGIN:
        return None
    x = 1.5 * rel.q
    y = -math.sqrt(3) * (rel.r + rel.q / 2)  # up the map is +y
    return math.degrees(math.atan2(x, y))


def in_front_arc(origin: Hex, facing: Facing, other: Hex) -> bool:
    """``other`` lies in the 60-degree wedge opening through hexside A of a plane at ``origin``.

    The firing/tailing diagram was lost; this reading (the wedge bounded by the lines from the
    plane's centre through the two corners of its nose hexside, edges included) is
    ``reconstructed``, see the project's rules notes.
    """
    b = _bearing(origin, facing, other)
    return b is not None and abs(b) <= 30 + 1e-9


def in_rear_arc(origin: Hex, facing: Facing, other: Hex) -> bool:
    """The mirror of ``in_front_arc`` through hexside D (reconstructed, like the front arc)."""
    b = _bearing(origin, facing, other)
    return b is not None and abs(b) >= 150 - 1e-9


def on_corner_line(origin: Hex, other: Hex) -> bool:
    """``other`` lies on a line from ``origin``'s centre through one of its six corners.

    Those lines are where two cube coordinates of the offset are equal, so the test is exact
    (no floating-point angle is compared with 30 degrees).
    """
    d = other - origin
    return d != ORIGIN and (d.q == d.r or d.q == d.s or d.r == d.s)


def hexsides_toward(origin: Hex, facing: Facing, other: Hex) -> tuple[Facing, ...]:
    """The plane's own hexsides (A = nose) nearest ``other``: one, or two in clockwise order
    when ``other`` lies on a corner line and both sides are equally near; none for the same hex.
    Which of two counts is a rule's business, not geometry's (``cs_panel.fasa.tohit.attack_hexside``).

    >>> hexsides_toward(Hex(0, 0), Facing.A, Hex(1, -2))   # on the corner between A and B
    (<Facing.A: 0>, <Facing.B: 1>)
    """
    b = _bearing(origin, facing, other)
    if b is None:
        return ()
    if on_corner_line(origin, other):
        left = Facing(math.floor(b / 60 + 1e-9) % 6)  # the corner at 30 + 60k degrees
        return (left, left.turn(1))
    return (Facing(round(b / 60) % 6),)


# a flat-topped hex's corners around its centre, for a hex of size 1 (a map draws thousands of them)
_UNIT_CORNERS = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))


@dataclass(frozen=True)
class HexLayout:
    """Maps hexes to drawing coordinates (y up, as bokeh draws) and points back to hexes."""

    size: float = 1.0
    origin_x: float = 0.0
    origin_y: float = 0.0

    def center(self, h: Hex) -> tuple[float, float]:
        x = self.size * 1.5 * h.q
        y = -self.size * math.sqrt(3) * (h.r + h.q / 2)
        return x + self.origin_x, y + self.origin_y

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.center(h)
        s = self.size
        return [(cx + s * dx, cy + s * dy) for dx, dy in _UNIT_CORNERS]

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing drawing point (x, y): a click on a plot finds its hex."""
        x = (x - self.origin_x) / self.size
        y = -(y - self.origin_y) / self.size
        q = 2.0 / 3.0 * x
        r = -1.0 / 3.0 * x + math.sqrt(3) / 3.0 * y
        return _cube_round(q, r)


def hexes(items: Iterator[tuple[int, int]] | Iterable[tuple[int, int]]) -> list[Hex]:
    return [Hex(q, r) for q, r in items]
