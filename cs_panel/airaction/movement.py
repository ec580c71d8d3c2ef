"""Laying out a maneuver: markers from the card, where the plane stops, leaving the table, and
running into obstacles (A.move.execute, A.obstacles; Air Action, "Movement" and "Obstacles").

The plane lays markers along its card's flight path and stops on the marker numbered with its
current speed, or on the path's last marker if it is faster than the path is long. If any marker
laid hangs over the edge of the play area, the plane has left the fight for good. With the
optional obstacles, a marker that overlaps an obstacle stops the maneuver there and the plane
must make a pilot check (see ``obstacle_collision``).

>>> from cs_panel.airaction.navigation import card
>>> m = execute_maneuver(Pose(18, 2, 0), card("cruise"), "straight", speed=4)
>>> m.final, m.stopped_at, m.left_table
(Pose(x=18.0, y=8.0, heading=0.0), 4, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from cs_panel.airaction.navigation import NavigationCard, Orientation
from cs_panel.airaction.pilot import pilot_check
from cs_panel.airaction.table import MARKER_WIDTH, TABLE_SIZE, Obstacle, Pose, inside_table, marker_on_table, octagon, overlap
from cs_panel.clix.dial import CombatDial, Damage
from cs_panel.core.dice import Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import TargetNumber


@dataclass(frozen=True)
class Maneuver:
    """The outcome of laying one maneuver from ``start``.

    ``markers`` are the markers laid, numbered from 1 (the plane ends on the last one);
    ``left_table`` says whether one of them overhung the edge (the first such is
    ``off_table_at``); ``obstacle`` names the obstacle hit, if any, and ``hit_at`` the marker.
    """

    start: Pose
    card_id: str
    orientation: Orientation
    speed: int
    markers: tuple[Pose, ...]
    stopped_at: int
    left_table: bool = False
    off_table_at: int | None = None
    obstacle: str | None = None
    hit_at: int | None = None

    @property
    def final(self) -> Pose:
        """Where the plane ends: its final movement marker."""
        return self.markers[-1] if self.markers else self.start

    def _repr_svg_(self) -> str:
        from cs_panel.airaction.svg import maneuver_svg

        return maneuver_svg(self)


def _check_speed(speed: int) -> int:
    if isinstance(speed, bool) or not isinstance(speed, int) or not 0 <= speed <= 10:
        raise RuleInputError(f"current speed must be a whole number 0-10, got {speed!r}", field="speed")
    return speed


def execute_maneuver(
    start: Pose,
    nav_card: NavigationCard,
    orientation: Orientation | str | None,
    speed: int,
    *,
    obstacles: Sequence[Obstacle] = (),
    table_size: float = TABLE_SIZE,
    width: float = MARKER_WIDTH,
    chosen_at: int | None = None,
) -> Maneuver:
    """Lay a maneuver (A.move.execute). The card must allow the speed (A.nav.deck); markers are
    laid in order until the one numbered ``speed`` (or the path's last). Laying stops early at a
    marker overlapping an obstacle (A.obstacles). Markers that overhang the edge are still laid
    so a player can see where it went; the plane is out either way.

    ``chosen_at`` is the speed the card was chosen at, when speed effects or a failed redline
    check have slowed the plane since: the rating is checked against that speed, and the plane
    still flies its card, to the marker of its lower current speed (RULINGS, A.move.redline)."""
    speed = _check_speed(speed)
    nav_card.check_speed(speed if chosen_at is None else _check_speed(chosen_at))
    path = nav_card.path(orientation)
    stop = min(speed, path.highest)
    laid: list[Pose] = []
    off_at = None
    for i, local in enumerate(path.markers[:stop], start=1):
        pose = start.compose(local)
        laid.append(pose)
        if off_at is None and not marker_on_table(pose, table_size, width):
            off_at = i
        poly = octagon(pose, width) if obstacles else []  # the corners, only when there is something to hit
        for ob in obstacles:
            if ob.overlaps(poly):
                return Maneuver(start, nav_card.id, path.orientation, speed, tuple(laid), i, off_at is not None, off_at, ob.id, i)
    return Maneuver(start, nav_card.id, path.orientation, speed, tuple(laid), stop, off_at is not None, off_at)


@dataclass(frozen=True)
class ObstacleCollision:
    """The pilot check after hitting an obstacle and what each result costs (A.obstacles):
    success 1 click, failure as many clicks as the current speed."""

    check: TargetNumber
    speed: int

    @property
    def clicks_on_success(self) -> int:
        return 1

    @property
    def clicks_on_failure(self) -> int:
        return self.speed

    def damage_distribution(self) -> dict[int, object]:
        """Exact chance of each number of clicks."""
        p = self.check.chance
        out = {1: p}
        out[self.speed] = out.get(self.speed, 0) + (1 - p)
        return {k: v for k, v in out.items() if v}


def obstacle_collision(piloting: int, speed: int) -> ObstacleCollision:
    """The explained check for a plane that ran into an obstacle (A.obstacles)."""
    return ObstacleCollision(pilot_check(piloting, "to survive hitting an obstacle"), _check_speed(speed))


@dataclass(frozen=True)
class ObstacleOutcome:
    """A resolved obstacle collision: the roll, the damage, and (if the plane survived) its
    bounced marker and reduced speed."""

    success: bool
    damage: Damage
    bounced: Pose | None
    new_speed: int


def bounce(pose: Pose, obstacle: Obstacle, width: float = MARKER_WIDTH, step: float = 0.05) -> Pose:
    """Turn the last marker round and slide it forward until it is clear of the obstacle
    (A.obstacles)."""
    turned = pose.turned(180)
    for k in range(0, int(40 * width / step)):
        cand = turned.forward(k * step)
        if not obstacle.overlaps(octagon(cand, width)):
            return cand
    raise RuleInputError(f"could not slide the marker clear of obstacle {obstacle.id!r}", field="obstacles")


def resolve_obstacle_collision(
    maneuver: Maneuver, dial: CombatDial, obstacles: Sequence[Obstacle], dice: Dice, *, campaign: bool = False,
    width: float = MARKER_WIDTH,
) -> ObstacleOutcome:
    """Roll the pilot check for a maneuver that hit an obstacle and apply the result
    (A.obstacles): clicks of damage; if the plane survives, its marker turned and slid clear and
    its speed one lower; the maneuver is over."""
    if maneuver.obstacle is None:
        raise RuleInputError("this maneuver hit no obstacle", field="maneuver")
    ob = next((o for o in obstacles if o.id == maneuver.obstacle), None)
    if ob is None:
        raise RuleInputError(f"obstacle {maneuver.obstacle!r} is not among those given", field="obstacles")
    oc = obstacle_collision(dial.value("piloting"), maneuver.speed)
    roll = oc.check.resolve(dice)
    dmg = dial.take_hits(oc.clicks_on_success if roll.success else oc.clicks_on_failure, campaign=campaign)
    if dmg.eliminated:
        return ObstacleOutcome(roll.success, dmg, None, maneuver.speed)
    return ObstacleOutcome(roll.success, dmg, bounce(maneuver.final, ob, width), max(maneuver.speed - 1, 0))


def range_to_edge(pose: Pose, table_size: float = TABLE_SIZE) -> float:
    """Inches from a marker's centre to the nearest edge (a quick look at how close a plane is
    to flying out)."""
    return min(pose.x, pose.y, table_size - pose.x, table_size - pose.y)


def markers_overlap(a: Pose, b: Pose, width: float = MARKER_WIDTH) -> bool:
    """Whether two movement markers overlap (collisions, A.collide.planes; daring feats, A.feat)."""
    return overlap(octagon(a, width), octagon(b, width))


def placement_ok(pose: Pose, edge: str, table_size: float = TABLE_SIZE, width: float = MARKER_WIDTH, depth: float = 3.0) -> bool:
    """Whether a starting marker lies on the table and wholly within ``depth`` (3) inches of the
    player's own edge (A.setup): ``edge`` is ``"south"``, ``"north"``, ``"west"`` or ``"east"``."""
    poly = octagon(pose, width)
    if not inside_table(poly, table_size):
        return False
    far = {
        "south": max(y for _, y in poly),
        "north": table_size - min(y for _, y in poly),
        "west": max(x for x, _ in poly),
        "east": table_size - min(x for x, _ in poly),
    }
    if edge not in far:
        raise RuleInputError(f"edge must be south, north, west or east, got {edge!r}", field="edge")
    return far[edge] <= depth + 1e-9


def check_placement(pose: Pose, edge: str, **kw) -> Pose:
    """A starting pose, or ``PlacementError`` saying why not (A.setup)."""
    if not placement_ok(pose, edge, **kw):
        raise PlacementError(f"a starting marker must lie wholly on the table within 3 inches of the {edge} edge (A.setup)", field="pose")
    return pose


class PlacementError(RuleInputError):
    """A plane set up away from its own edge (A.setup)."""

