"""The Aces map: squares, terrain, adjacency, distance and the line of fire
(K.adjacent, K.terrain.hindering, K.terrain.blocking, K.ranged, K.setup; *Crimson Skies: Aces*,
Adjacent Squares, Ranged Combat, Terrain, Hit the Deck).

Squares are ``(x, y)`` with ``x`` along the long side of the map and ``y`` down it. A square's
centre is its coordinates and it spans half a square each way, so the line of fire between two
centres can be followed exactly, with fractions, square by square.

- **Adjacent** squares are the eight that touch a square. Two characters on opposite sides of
  blocking terrain are not adjacent: on our maps that is a *wall* drawn along the edge between
  two squares side by side. A straight diagonal is never blocked, so diagonal neighbours stay
  adjacent (K.adjacent, K.terrain.blocking).
- **Blocking terrain** is either a whole square (a crate: nobody enters it, no line of fire
  crosses it) or a wall along an edge. A line of fire that only touches a corner of a blocking
  square, or crosses a wall exactly at its end, passes: the rule that a straight diagonal is not
  blocked, read for every line through a corner (our reading, RULINGS.md).
- **Hindering terrain** is a set of squares (furniture, plants, planes); its effects on movement
  and defense are in ``movement`` and ``combat``.
- **Range** counts squares along the shortest route to the target, diagonal steps counting one,
  leaving out the attacker's own square: the larger of the two offsets (K.ranged).

>>> b = Board(8, 6, blocking={(3, 2)})
>>> b.line_squares((1, 2), (5, 2))
((1, 2), (2, 2), (3, 2), (4, 2), (5, 2))
>>> b.line_of_fire((1, 2), (5, 2)).clear, b.line_of_fire((2, 2), (4, 0)).clear  # the diagonal only grazes the crate
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any, Iterable, Iterator, Mapping

from cs_panel.core.data import load_text
from cs_panel.core.errors import DataFileError, RuleInputError
from cs_panel.core.validate import short_repr

Square = tuple[int, int]
#: the eight steps to the adjacent squares, orthogonal ones first
STEPS: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
HALF = Fraction(1, 2)


class BoardError(RuleInputError):
    """A square off the map, terrain that does not fit, a wall between squares that do not touch."""


def _square(v: Any, what: str = "square") -> Square:
    if (not isinstance(v, (tuple, list)) or len(v) != 2
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in v)):
        raise BoardError(f"a {what} is a pair of whole numbers (x, y), got {short_repr(v)}", field=what)
    return (v[0], v[1])


def wall(a: Square, b: Square) -> frozenset[Square]:
    """The wall along the edge between two squares side by side (not diagonal)."""
    a, b = _square(a, "wall"), _square(b, "wall")
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise BoardError(f"a wall runs between two squares that share an edge; {a} and {b} do not", field="walls")
    return frozenset((a, b))


@dataclass(frozen=True)
class LineOfFire:
    """The line from one square's centre to another's, what it crosses, and whether it is clear."""

    start: Square
    end: Square
    squares: tuple[Square, ...]
    blocked_by: tuple[str, ...]
    hindering: tuple[Square, ...]  # hindering squares on the line, the two ends included

    @property
    def clear(self) -> bool:
        return not self.blocked_by

    @property
    def hindering_bonus(self) -> int:
        """+1 to the target's defense if the line crosses hindering terrain, once; not when the
        attacker's own square is the only hindering one (K.terrain.hindering)."""
        return 0 if not self.hindering or self.hindering == (self.start,) else 1

    def __str__(self) -> str:
        if self.clear:
            extra = " through hindering terrain (+1 defense)" if self.hindering_bonus else ""
            return f"clear line of fire from {self.start} to {self.end}{extra}"
        return f"line of fire from {self.start} to {self.end} blocked: " + "; ".join(self.blocked_by)


def _crossings(a: Square, b: Square) -> list[tuple[Fraction, bool, bool]]:
    """Where the line from the centre of ``a`` to that of ``b`` crosses square edges, in order:
    (t along the line, crosses an x edge, crosses a y edge)."""
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    ts: dict[Fraction, list[bool]] = {}
    for lo, hi, axis in ((ax, bx, 0), (ay, by, 1)):
        if lo == hi:
            continue
        step = 1 if hi > lo else -1
        k = lo
        while k != hi:
            edge = k + HALF * step
            t = (edge - lo) / Fraction(hi - lo)
            ts.setdefault(t, [False, False])[axis] = True
            k += step
    return sorted((t, xs, ys) for t, (xs, ys) in ts.items())


def _at(a: Square, b: Square, t: Fraction) -> tuple[Fraction, Fraction]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _square_at(x: Fraction, y: Fraction) -> Square:
    return (int((x + HALF) // 1), int((y + HALF) // 1))


@lru_cache(maxsize=1 << 16)
def _line(a: Square, b: Square) -> tuple[tuple[Square, ...], tuple[frozenset[Square], ...]]:
    """The line between the centres of ``a`` and ``b`` (K.ranged): the squares whose inside it
    passes through, in order (not those it only touches at a corner), and the edges between two
    squares it crosses, in order, each as the pair of squares (an edge crossed exactly at a corner
    is not among them: a straight diagonal is never blocked, K.terrain.blocking). The same on
    every map."""
    if a == b:
        return (a,), ()
    if a != (0, 0):
        # the geometry is exact (fractions) and the same under any whole-square shift, so a line
        # is worked out once per offset from (0, 0) and moved to ``a``: far fewer lines to work out
        ax, ay = a
        at_origin = _line((0, 0), (b[0] - ax, b[1] - ay))
        return (tuple((x + ax, y + ay) for x, y in at_origin[0]),
                tuple(frozenset((x + ax, y + ay) for x, y in e) for e in at_origin[1]))
    crossings = _crossings(a, b)
    cuts = [Fraction(0)] + [t for t, _, _ in crossings] + [Fraction(1)]
    squares = tuple(_square_at(*_at(a, b, (t0 + t1) / 2)) for t0, t1 in zip(cuts, cuts[1:]))
    edges = []
    for t, xs, ys in crossings:
        if xs and ys:
            continue  # through a corner
        x, y = _at(a, b, t)
        if xs:  # across the edge between column k and k + 1, at a row the point lies inside
            k, row = int((x - HALF) // 1), int((y + HALF) // 1)
            edges.append(frozenset(((k, row), (k + 1, row))))
        else:  # across the edge between row k and k + 1
            k, col = int((y - HALF) // 1), int((x + HALF) // 1)
            edges.append(frozenset(((col, k), (col, k + 1))))
    return squares, tuple(edges)


@dataclass(frozen=True)
class Board:
    """An Aces map: its size in squares and its terrain (K.terrain.*)."""

    width: int
    height: int
    blocking: frozenset[Square] = field(default_factory=frozenset)
    hindering: frozenset[Square] = field(default_factory=frozenset)
    walls: frozenset[frozenset[Square]] = field(default_factory=frozenset)
    name: str = "board"
    provenance: str = "sample"

    def __post_init__(self):
        for n, what in ((self.width, "width"), (self.height, "height")):
            if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 200:
                raise BoardError(f"a map's {what} is a whole number of squares, 2-200, got {short_repr(n)}", field=what)
        object.__setattr__(self, "blocking", frozenset(_square(s, "blocking") for s in self.blocking))
        object.__setattr__(self, "hindering", frozenset(_square(s, "hindering") for s in self.hindering))
        object.__setattr__(self, "walls", frozenset(w if isinstance(w, frozenset) else wall(*w) for w in self.walls))
        for what, squares in (("blocking", self.blocking), ("hindering", self.hindering)):
            for s in squares:
                if not self.on_map(s):
                    raise BoardError(f"{what} terrain at {s} is off the {self.width} x {self.height} map", field=what)
        both = self.blocking & self.hindering
        if both:
            raise BoardError(f"squares {sorted(both)} cannot be both blocking and hindering", field="hindering")
        for w in self.walls:
            a, b = sorted(w)
            if len(w) != 2 or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise BoardError(f"a wall runs between two squares that share an edge, got {sorted(w)}", field="walls")
            if not (self.on_map(a) or self.on_map(b)):
                raise BoardError(f"the wall between {a} and {b} is off the map", field="walls")

    # -- squares -------------------------------------------------------------------------------
    def on_map(self, s: Square) -> bool:
        return 0 <= s[0] < self.width and 0 <= s[1] < self.height

    def check(self, s: Any, what: str = "square") -> Square:
        s = _square(s, what)
        if not self.on_map(s):
            raise BoardError(f"{s} is off the {self.width} x {self.height} map (x 0-{self.width - 1}, "
                             f"y 0-{self.height - 1})", field=what)
        return s

    def squares(self) -> Iterator[Square]:
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def terrain(self, s: Square) -> str:
        return "blocking" if s in self.blocking else "hindering" if s in self.hindering else "clear"

    def walled(self, a: Square, b: Square) -> bool:
        return frozenset((a, b)) in self.walls

    # -- K.adjacent ----------------------------------------------------------------------------
    def adjacent(self, a: Square, b: Square) -> bool:
        """Touching squares, not split by a wall along their shared edge (K.adjacent)."""
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        if max(dx, dy) != 1:
            return False
        return not (dx + dy == 1 and self.walled(a, b))

    def neighbours(self, s: Square) -> list[Square]:
        """The adjacent squares on the map that a character could stand in (not blocking), a
        fresh list. The board is immutable, so each square's are worked out once (squares of the
        map only, so the store stays the map's size): a reach asks for them at every square it
        searches, and a table works out a reach at each change."""
        known = self._neighbours
        out = known.get(s)
        if out is None:
            out = tuple(self._standable_next_to(s))
            if self.on_map(s):
                known[s] = out
        return list(out)

    @cached_property
    def _neighbours(self) -> dict[Square, tuple[Square, ...]]:
        return {}  # filled by neighbours(), square by square

    def _standable_next_to(self, s: Square) -> Iterator[Square]:
        for dx, dy in STEPS:
            n = (s[0] + dx, s[1] + dy)
            if self.on_map(n) and n not in self.blocking and self.adjacent(s, n):
                yield n

    @staticmethod
    def distance(a: Square, b: Square) -> int:
        """Squares to count from ``a`` to ``b``, diagonal steps counting one (K.ranged)."""
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    # -- the line of fire (K.ranged, K.terrain.*) ---------------------------------------------
    # The line's geometry depends on its two ends only, never on the map, and the bots and the
    # tables ask for the same lines over and over (every attack of every legal-action list), so
    # it is worked out once per pair of squares (``_line``); the map's walls and squares are then
    # looked up along it.
    def line_squares(self, a: Square, b: Square) -> tuple[Square, ...]:
        """Every square whose inside the line between the two centres passes through, in order;
        squares it only touches at a corner are not among them."""
        return _line(_square(a), _square(b))[0]

    def walls_crossed(self, a: Square, b: Square) -> list[frozenset[Square]]:
        """Walls the line crosses along an edge (crossing exactly at a corner passes)."""
        return [pair for pair in _line(_square(a), _square(b))[1] if pair in self.walls]

    def line_of_fire(self, a: Square, b: Square, occupied: Iterable[Square] = ()) -> LineOfFire:
        """The line of fire from ``a`` to ``b`` (K.ranged): blocked by a character in a square
        between them, by a blocking square or by a wall; with the hindering squares it crosses."""
        a, b = self.check(a, "attacker"), self.check(b, "target")
        squares = self.line_squares(a, b)
        occupied = set(occupied)
        blocked: list[str] = []
        for s in squares[1:-1]:
            if s in self.blocking:
                blocked.append(f"blocking terrain at {s}")
            elif s in occupied:
                blocked.append(f"a character at {s}")
        for w in self.walls_crossed(a, b):
            p, q = sorted(w)
            blocked.append(f"the wall between {p} and {q}")
        hindering = tuple(s for s in squares if s in self.hindering)
        return LineOfFire(a, b, squares, tuple(blocked), hindering)

    # -- K.setup ---------------------------------------------------------------------------------
    @property
    def long_axis_x(self) -> bool:
        return self.width >= self.height

    def starting_area(self, end: int) -> frozenset[Square]:
        """Starting area 0 or 1: three squares deep from a narrow edge, and two squares clear of
        the long edges (K.setup)."""
        if end not in (0, 1):
            raise BoardError(f"a map has two starting areas, 0 and 1, not {end!r}", field="area")
        long_n, short_n = (self.width, self.height) if self.long_axis_x else (self.height, self.width)
        depth = range(0, 3) if end == 0 else range(long_n - 3, long_n)
        across = range(2, short_n - 2)
        cells = {(d, c) if self.long_axis_x else (c, d) for d in depth for c in across}
        return frozenset(s for s in cells if s not in self.blocking)

    # -- drawing ---------------------------------------------------------------------------------
    def to_svg(self, cell: int = 24, pieces: Mapping[Square, tuple[str, str]] | None = None,
               marks: Mapping[Square, str] | None = None, lines: Iterable[LineOfFire] = ()) -> str:
        """The map as SVG: crates dark, hindering squares hatched green, walls thick; ``pieces``
        maps squares to (label, colour), ``marks`` squares to a fill colour."""
        from cs_panel.aces.render import board_svg  # drawing, loaded only when a picture is asked for

        return board_svg(self, cell, pieces, marks, lines)

    def _repr_html_(self) -> str:
        from cs_panel.aces.render import map_html

        return map_html(self)


# -- maps from data -------------------------------------------------------------------------------

def _load(source: str) -> dict[str, Any]:
    # size, nesting, digits, folders and UTF-8 are checked as for every data file
    return load_text(source)


@lru_cache(maxsize=None)
def maps(source: str = "package:aces/maps.json") -> dict[str, Board]:
    """The Aces maps (packaged ``sample`` maps, or your own file): id -> ``Board``.

    A map is rows of text, one character a square: ``.`` clear, ``#`` blocking, ``h`` hindering;
    walls are listed as pairs of squares."""
    doc = _load(source)
    out: dict[str, Board] = {}
    entries = doc.get("entries") if isinstance(doc, dict) else None
    if not isinstance(entries, list):
        raise DataFileError(source, "expected {'title': ..., 'entries': [...]}")
    for e in entries:
        eid = e.get("id") if isinstance(e, dict) else None
        if not isinstance(eid, str):
            raise DataFileError(source, "every map needs an 'id'")
        for f in ("provenance", "source", "rows"):
            if f not in e:
                raise DataFileError(source, f"missing {f!r}", entry=eid, field=f)
        rows = e["rows"]
        if not isinstance(rows, list) or not rows or any(not isinstance(r, str) or len(r) != len(rows[0]) for r in rows):
            raise DataFileError(source, "rows are strings of one length", entry=eid, field="rows")
        blocking, hindering = set(), set()
        for y, r in enumerate(rows):
            for x, ch in enumerate(r):
                if ch == "#":
                    blocking.add((x, y))
                elif ch == "h":
                    hindering.add((x, y))
                elif ch != ".":
                    raise DataFileError(source, f"unknown terrain {ch!r} at ({x}, {y}); use . # h", entry=eid, field="rows")
        try:
            walls = frozenset(wall(tuple(a), tuple(b)) for a, b in e.get("walls", []))
            out[eid] = Board(len(rows[0]), len(rows), frozenset(blocking), frozenset(hindering), walls,
                             e.get("name", eid), e["provenance"])
        except (BoardError, TypeError, ValueError) as err:
            raise DataFileError(source, str(err), entry=eid, field="walls") from err
    return out
