"""The play area, movement markers and the geometry of overlaps, in inches and degrees.

Air Action is played on a 3 by 3 foot area (A.setup); a plane's place is an octagonal movement
marker (A.move.execute, glossary "movement marker"). The marker's size was not recovered
(MISSING.md), so we state ours: a regular octagon ``MARKER_WIDTH`` = 1.5 inches across the
flats, pointing along its heading with a flat at the nose. Headings are compass bearings:
0 points up the table (+y), 90 to the right (+x), measured clockwise.

Everything here is plain geometry: convex polygons, the separating-axis overlap test, and
clipping a polygon by a wedge (for firing arcs).

>>> Pose(18, 18, 90).forward(1.5)
Pose(x=19.5, y=18.0, heading=90.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr

TABLE_SIZE = 36.0  # inches; a 3' x 3' play area (A.setup)
MARKER_WIDTH = 1.5  # inches across the flats; our choice, the printed size is unknown
EPS = 1e-9

Point = tuple[float, float]


def _norm_heading(h: float) -> float:
    h = float(h) % 360.0
    return 0.0 if abs(h - 360.0) < 1e-9 else round(h, 9)


@dataclass(frozen=True)
class Pose:
    """Where a marker lies: centre (x, y) in inches from the table's lower-left corner, and
    heading in degrees (compass: 0 up the table, 90 right)."""

    x: float
    y: float
    heading: float = 0.0

    def __post_init__(self):
        for name in ("x", "y", "heading"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                raise RuleInputError(f"{name} must be a finite number, got {short_repr(v)}", field=name)
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))
        object.__setattr__(self, "heading", _norm_heading(self.heading))

    @property
    def forward_vector(self) -> Point:
        r = math.radians(self.heading)
        return (math.sin(r), math.cos(r))

    @property
    def right_vector(self) -> Point:
        r = math.radians(self.heading)
        return (math.cos(r), -math.sin(r))

    def forward(self, distance: float) -> "Pose":
        fx, fy = self.forward_vector
        return Pose(round(self.x + fx * distance, 9), round(self.y + fy * distance, 9), self.heading)

    def compose(self, local: "Pose") -> "Pose":
        """A pose given in this pose's own frame (x to the right, y ahead, heading relative)
        placed on the table."""
        fx, fy = self.forward_vector
        rx, ry = self.right_vector
        return Pose(
            round(self.x + local.x * rx + local.y * fx, 9),
            round(self.y + local.x * ry + local.y * fy, 9),
            self.heading + local.heading,
        )

    def turned(self, degrees: float) -> "Pose":
        return Pose(self.x, self.y, self.heading + degrees)

    def distance(self, other: "Pose") -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

    def to_dict(self) -> dict:
        return {"x": self.x, "y": self.y, "heading": self.heading}

    @classmethod
    def from_dict(cls, d: dict) -> "Pose":
        return cls(d["x"], d["y"], d.get("heading", 0.0))


def corner_reach(width: float = MARKER_WIDTH) -> float:
    """How far a marker's corners lie from its centre: the octagon's circumradius."""
    return width / 2 / math.cos(math.pi / 8)


def octagon(pose: Pose, width: float = MARKER_WIDTH) -> list[Point]:
    """The corners of a marker: a regular octagon ``width`` across the flats, a flat at the nose."""
    return list(_octagon(pose.x, pose.y, pose.heading, width))


@lru_cache(maxsize=1 << 15)
def _octagon(x: float, y: float, heading: float, width: float) -> tuple[Point, ...]:
    # worked out once per marker position: range, arcs, collisions and the table's edge all ask
    # for the corners of the same few markers, again and again while the bots weigh courses
    r = corner_reach(width)
    pts = []
    for k in range(8):
        a = math.radians(heading) + math.pi / 8 + k * math.pi / 4
        # compass angle a: x = sin a, y = cos a
        pts.append((x + r * math.sin(a), y + r * math.cos(a)))
    return tuple(pts)


def _axes(poly: Sequence[Point]) -> list[Point]:
    out = []
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        ln = math.hypot(ex, ey)
        if ln > EPS:
            out.append((-ey / ln, ex / ln))
    return out


def overlap(a: Sequence[Point], b: Sequence[Point], tolerance: float = 1e-6) -> bool:
    """Whether two convex polygons overlap with some area (markers that only touch do not)."""
    for ax, ay in _axes(a) + _axes(b):
        pa = [x * ax + y * ay for x, y in a]
        pb = [x * ax + y * ay for x, y in b]
        if max(pa) <= min(pb) + tolerance or max(pb) <= min(pa) + tolerance:
            return False
    return True


def inside_table(poly: Sequence[Point], size: float = TABLE_SIZE) -> bool:
    """Whether no part of a polygon overhangs the play area (A.move.execute)."""
    return all(-EPS <= x <= size + EPS and -EPS <= y <= size + EPS for x, y in poly)


def marker_on_table(pose: Pose, size: float = TABLE_SIZE, width: float = MARKER_WIDTH) -> bool:
    """Whether no part of the marker at ``pose`` overhangs the play area (A.move.execute): the
    same answer as ``inside_table(octagon(pose, width), size)``. A marker whose centre lies at
    least its corners' reach from every edge is on the table whatever its heading, so only a
    marker nearer an edge has its corners worked out (the bots ask this thousands of times a move)."""
    r = corner_reach(width)
    if r <= pose.x <= size - r and r <= pose.y <= size - r:
        return True
    return inside_table(octagon(pose, width), size)


def _clip(poly: list[Point], nx: float, ny: float, c: float) -> list[Point]:
    """Keep the part of a convex polygon where nx*x + ny*y >= c (Sutherland-Hodgman)."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        dp = nx * p[0] + ny * p[1] - c
        dq = nx * q[0] + ny * q[1] - c
        if dp >= 0:
            out.append(p)
        if (dp >= 0) != (dq >= 0):
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def clip_to_wedge(poly: Sequence[Point], apex: Pose, centre: float, half_angle: float) -> list[Point]:
    """The part of a convex polygon inside a wedge from ``apex`` around bearing
    ``apex.heading + centre`` with the given half angle (< 90 degrees)."""
    out = list(poly)
    for side in (-1, 1):
        # the boundary ray at bearing b; keep points on the wedge's side of it
        b = math.radians(apex.heading + centre + side * half_angle)
        dx, dy = math.sin(b), math.cos(b)
        # normal pointing into the wedge: rotate the ray towards the centre line
        nx, ny = (dy, -dx) if side < 0 else (-dy, dx)
        out = _clip(out, nx, ny, nx * apex.x + ny * apex.y)
        if not out:
            return []
    return out


def point_polygon_distance(px: float, py: float, poly: Sequence[Point]) -> float:
    """Distance from a point to a convex polygon (0 inside it)."""
    if len(poly) >= 3 and all(
        (q[0] - p[0]) * (py - p[1]) - (q[1] - p[1]) * (px - p[0]) <= EPS
        for p, q in zip(poly, list(poly[1:]) + [poly[0]])
    ):
        return 0.0  # clockwise polygon containing the point
    if len(poly) >= 3 and all(
        (q[0] - p[0]) * (py - p[1]) - (q[1] - p[1]) * (px - p[0]) >= -EPS
        for p, q in zip(poly, list(poly[1:]) + [poly[0]])
    ):
        return 0.0  # counter-clockwise polygon containing the point
    best = math.inf
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        ln2 = ex * ex + ey * ey
        t = 0.0 if ln2 < EPS else max(0.0, min(1.0, ((px - x1) * ex + (py - y1) * ey) / ln2))
        best = min(best, math.hypot(px - (x1 + t * ex), py - (y1 + t * ey)))
    return best


def in_wedge(px: float, py: float, apex: Pose, centre: float, half_angle: float) -> bool:
    """Whether a point lies inside a wedge (boundary included)."""
    dx, dy = px - apex.x, py - apex.y
    if math.hypot(dx, dy) < EPS:
        return True
    bearing = math.degrees(math.atan2(dx, dy))
    diff = (bearing - (apex.heading + centre) + 180.0) % 360.0 - 180.0
    return abs(diff) <= half_angle + 1e-7


@dataclass(frozen=True)
class Obstacle:
    """A building, mountain or zeppelin on the play area (A.obstacles): a convex polygon."""

    id: str
    corners: tuple[tuple[float, float], ...]

    def __post_init__(self):
        pts = tuple((float(x), float(y)) for x, y in self.corners)
        if len(pts) < 3:
            raise RuleInputError("an obstacle needs at least three corners", field="corners")
        object.__setattr__(self, "corners", pts)

    @classmethod
    def rectangle(cls, id: str, x0: float, y0: float, x1: float, y1: float) -> "Obstacle":
        return cls(id, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))

    def overlaps(self, poly: Sequence[Point]) -> bool:
        return overlap(list(self.corners), poly)


def corridor(a: Pose, bx: float, by: float, width: float = MARKER_WIDTH) -> list[Point]:
    """The strip a straight line of markers covers from ``a``'s centre to a point: a rectangle
    ``width`` wide (what lies under the markers laid to measure range, A.combat.range)."""
    dx, dy = bx - a.x, by - a.y
    ln = math.hypot(dx, dy)
    if ln < EPS:
        return octagon(a, width)
    nx, ny = -dy / ln * width / 2, dx / ln * width / 2
    return [(a.x + nx, a.y + ny), (bx + nx, by + ny), (bx - nx, by - ny), (a.x - nx, a.y - ny)]
