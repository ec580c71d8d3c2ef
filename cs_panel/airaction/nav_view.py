"""What a navigation card does from one place on the table, in words a player reads: the pure
helpers behind ``NavigationCardExplorer`` (A.nav.deck, A.nav.paths, A.move.execute, A.obstacles).

Nothing here adds a rule: each function asks ``navigation`` and ``movement`` and puts the
answer in a shape a view can show (which cards a speed allows and why not the others, the path
markers a slower plane never reaches, and the obstacle rule's outcome after a hit).

>>> from cs_panel.airaction.navigation import NavigationDeck
>>> why_not_playable(NavigationDeck.basic(), 2)["snap-roll"]
'Snap Roll needs speed 4 or more; the plane is at 2 (A.nav.deck)'
>>> start_pose(18, 2, 0)
Pose(x=18.0, y=2.0, heading=0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from cs_panel.airaction.movement import Maneuver, ObstacleCollision, bounce, obstacle_collision
from cs_panel.airaction.navigation import NavigationCard, NavigationDeck, NavigationError
from cs_panel.airaction.table import MARKER_WIDTH, TABLE_SIZE, Obstacle, Pose
from cs_panel.core.errors import RuleInputError


def why_not_playable(deck: NavigationDeck, speed: int) -> dict[str, str]:
    """Every card of the deck a plane at ``speed`` may not take, with the core's reason (A.nav.deck)."""
    allowed = set(deck.playable(speed))
    out = {}
    for cid in dict.fromkeys(deck.cards):
        if cid in allowed:
            continue
        try:
            deck.card(cid).check_speed(speed)
            out[cid] = f"{deck.card(cid).name} is not in hand (A.nav.deck)"
        except NavigationError as e:
            out[cid] = str(e)
    return out


def start_pose(x: float, y: float, heading: float, table_size: float = TABLE_SIZE) -> Pose:
    """The plane's marker centre, refused (naming the coordinate) if it is off the play area."""
    pose = Pose(x, y, heading)
    for name, v in (("x", pose.x), ("y", pose.y)):
        if not 0 <= v <= table_size:
            raise RuleInputError(f"the plane's {name} must lie on the {table_size:g}-inch table (0-{table_size:g}), got {v:g}", field=name)
    return pose


def unflown(maneuver: Maneuver, nav_card: NavigationCard) -> tuple[Pose, ...]:
    """The rest of the chosen path, past the marker where the plane stopped (drawn faintly so a
    player sees what a faster plane would fly; A.move.execute)."""
    path = nav_card.path(maneuver.orientation)
    return tuple(maneuver.start.compose(p) for p in path.markers[len(maneuver.markers):])


@dataclass(frozen=True)
class ObstacleHit:
    """The obstacle rule after a hit (A.obstacles): the pilot check, the clicks on each result,
    and where the plane's marker ends if it survives (turned back and slid clear, one speed lower)."""

    obstacle: str
    at_marker: int
    collision: ObstacleCollision
    bounced: Pose
    new_speed: int

    @property
    def chance(self) -> Fraction:
        return self.collision.check.chance

    def __str__(self) -> str:
        c = self.collision
        return (f"hits obstacle {self.obstacle} at marker {self.at_marker}: pilot check {c.check} -> "
                f"success {c.clicks_on_success} click, failure {c.clicks_on_failure} clicks; if it flies on, "
                f"its marker is turned back to x {self.bounced.x:.2f}, y {self.bounced.y:.2f}, heading "
                f"{self.bounced.heading:.0f} and its speed drops to {self.new_speed} (A.obstacles)")


def obstacle_hit(maneuver: Maneuver, obstacles: Sequence[Obstacle], piloting: int,
                 width: float = MARKER_WIDTH) -> ObstacleHit | None:
    """What hitting an obstacle would cost this plane, or None if the maneuver hit none (A.obstacles).
    A plane whose markers also overhung the edge is out of the game already (A.move.execute), so
    there is no obstacle check to make (our reading: removal needs no roll, the check would change nothing)."""
    if maneuver.obstacle is None or maneuver.left_table:
        return None
    ob = next((o for o in obstacles if o.id == maneuver.obstacle), None)
    if ob is None:
        raise RuleInputError(f"obstacle {maneuver.obstacle!r} is not among those given", field="obstacles")
    oc = obstacle_collision(piloting, maneuver.speed)
    return ObstacleHit(ob.id, maneuver.hit_at or len(maneuver.markers), oc, bounce(maneuver.final, ob, width),
                       max(maneuver.speed - 1, 0))


def end_text(maneuver: Maneuver) -> str:
    """One line: where the plane ends, or that it left the table (A.move.execute)."""
    f = maneuver.final
    where = f"x {f.x:.2f} in, y {f.y:.2f} in, heading {f.heading:.0f}"
    if maneuver.left_table:
        return (f"Leaves the table: marker {maneuver.off_table_at} overhangs the edge, so the plane is removed "
                f"(last marker at {where}; A.move.execute)")
    if maneuver.obstacle is not None:
        return f"Stops on marker {maneuver.stopped_at} against obstacle {maneuver.obstacle} at {where} (A.obstacles)"
    return f"Ends on marker {maneuver.stopped_at} at {where}"
