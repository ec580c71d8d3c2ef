"""Firing arcs and range counted in movement markers (A.combat.range, A.combat.rear-arc-bonus,
A.combat.shot; Air Action, "Combat").

Range is measured by laying as many markers as the weapon's range value inside the firer's arc:
if they reach the target's final marker, the shot is possible. Other planes never block;
obstacles do (A.obstacles). The arcs were drawn on a lost diagram (MISSING.md), so ours are
90-degree wedges from the centre of the firer's marker: the front arc centred on its heading,
the rear arc on the opposite bearing. The markers laid start at the edge of the firer's own
marker, so ``n`` markers reach ``MARKER_WIDTH * (n + 1/2)`` from its centre; a laid marker that
just touches the target's marker counts as reaching it (a close call a table would settle by
A.etiquette.ambiguity, which we settle once, in the shooter's favour).

A target within one marker (in any direction) is at point-blank range: silhouette -1. A firer
whose whole marker lies inside the target's rear arc adds one attack die.

>>> from cs_panel.airaction.table import Pose
>>> markers_to(Pose(18, 10, 0), Pose(18, 15.5, 180))
3
>>> rear_arc_bonus(Pose(18, 10, 0), Pose(18, 16, 0))
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from cs_panel.airaction.table import (
    MARKER_WIDTH, Obstacle, Pose, clip_to_wedge, corridor, in_wedge, octagon, point_polygon_distance,
)
from cs_panel.core.errors import OutOfRangeError, RuleInputError

ARC_HALF_ANGLE = 45.0  # a 90-degree wedge; our choice, the printed arcs are lost
ARCS = {"front": 0.0, "rear": 180.0}


def _arc_centre(arc: str) -> float:
    if arc not in ARCS:
        raise RuleInputError(f"arc must be 'front' or 'rear', got {arc!r}", field="arc")
    return ARCS[arc]


def _nearest_in_arc(firer: Pose, target: Pose, arc: str, width: float) -> tuple[float, tuple[float, float]] | None:
    part = clip_to_wedge(octagon(target, width), firer, _arc_centre(arc), ARC_HALF_ANGLE)
    if not part:
        return None
    d = point_polygon_distance(firer.x, firer.y, part)
    if d == 0.0:
        return 0.0, (firer.x, firer.y)
    # the nearest point, for drawing and for the obstacle corridor
    best, pt = math.inf, (firer.x, firer.y)
    n = len(part)
    for i in range(n):
        (x1, y1), (x2, y2) = part[i], part[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        ln2 = ex * ex + ey * ey
        t = 0.0 if ln2 < 1e-12 else max(0.0, min(1.0, ((firer.x - x1) * ex + (firer.y - y1) * ey) / ln2))
        q = (x1 + t * ex, y1 + t * ey)
        dq = math.hypot(q[0] - firer.x, q[1] - firer.y)
        if dq < best:
            best, pt = dq, q
    return best, pt


def _markers_for(distance: float, width: float) -> int:
    return max(1, math.ceil((distance - width / 2) / width - 1e-9))


def markers_to(firer: Pose, target: Pose, arc: str = "front", width: float = MARKER_WIDTH) -> int | None:
    """How many markers laid in the firer's arc it takes to reach the target's marker, or None
    if no part of the target's marker lies in that arc (A.combat.range)."""
    near = _nearest_in_arc(firer, target, arc, width)
    return None if near is None else _markers_for(near[0], width)


def point_blank(firer: Pose, target: Pose, width: float = MARKER_WIDTH) -> bool:
    """Whether the target lies within one marker of the firer (A.combat.shot: silhouette -1)."""
    d = point_polygon_distance(firer.x, firer.y, octagon(target, width))
    return _markers_for(d, width) <= 1


def rear_arc_bonus(firer: Pose, target: Pose, width: float = MARKER_WIDTH) -> bool:
    """Whether the firer's whole marker lies in the target's rear arc (A.combat.rear-arc-bonus)."""
    return all(in_wedge(x, y, target, ARCS["rear"], ARC_HALF_ANGLE) for x, y in octagon(firer, width))


@dataclass(frozen=True)
class RangeCheck:
    """Whether a weapon can reach a target: markers needed, the weapon's range, what blocks."""

    arc: str
    range_value: int
    markers: int | None
    blocked_by: str | None = None

    @property
    def in_arc(self) -> bool:
        return self.markers is not None

    @property
    def ok(self) -> bool:
        return self.markers is not None and self.markers <= self.range_value and self.blocked_by is None

    def reason(self) -> str:
        if self.markers is None:
            return f"target is not in the {self.arc} arc"
        if self.markers > self.range_value:
            return f"target is {self.markers} markers away, beyond range {self.range_value}"
        if self.blocked_by:
            return f"the shot is blocked by obstacle {self.blocked_by!r} (A.obstacles)"
        return f"in range: {self.markers} marker(s) of {self.range_value}"


def check_range(
    firer: Pose, target: Pose, range_value: int, arc: str = "front", obstacles: Sequence[Obstacle] = (),
    width: float = MARKER_WIDTH,
) -> RangeCheck:
    """Can the firer's ``arc`` weapon of range ``range_value`` reach the target (A.combat.range)?
    An obstacle under the straight line of markers blocks it (A.obstacles); planes never do."""
    if isinstance(range_value, bool) or not isinstance(range_value, int) or range_value < 0:
        raise RuleInputError(f"range must be a whole number of markers, got {range_value!r}", field="range_value")
    near = _nearest_in_arc(firer, target, arc, width)
    if near is None:
        return RangeCheck(arc, range_value, None)
    n = _markers_for(near[0], width)
    blocked = None
    strip = corridor(firer, near[1][0], near[1][1], width)
    for ob in obstacles:
        if ob.overlaps(strip):
            blocked = ob.id
            break
    return RangeCheck(arc, range_value, n, blocked)


def require_range(check: RangeCheck) -> RangeCheck:
    """The check, or ``OutOfRangeError`` explaining why the shot is not allowed."""
    if not check.ok:
        raise OutOfRangeError(check.reason(), field="target")
    return check
