"""What stands between a shooter and its target on the referee's table (F.combat.los, F.map.hexes,
F.zep.static; FASA p.10-11, 34, 45-46).

The text ties fire to movement: whatever blocks movement blocks weapons fire, and planes and small
airborne objects never do. Whether a hex stops a line is the straightedge test of the map rules, the
core's ``arcs.blocking_hexes`` (a hex the line crosses blocks it; a hexside it runs along does not,
unless the hexes on both sides block, our reading in RULINGS.md). On the referee's table the hexes
that block are:

- each hex of an intact gas cell of a zeppelin still aloft (F.zep.static, F.zep.cell-destroyed);
- each hex of an object standing on the ground and not destroyed: a building, a train, a crate
  (a path into one must risk a collision, which is what the text calls a blocked hex, F.move.path-objects,
  p.24). An object in tow or carried aboard a zeppelin is a small object in the air and blocks nothing.

The shooter's hex and the hexes of what it aims at are the ends of the line and never block it.
The same walls stop every shot on the table: at an object, at a plane (guns, rockets, a seeker, an
aircraft or zeppelin turret), at a zeppelin's part, and a rocket or a main gun's round aimed at a
hex; planes themselves never block (F.combat.los). ``fire_blocker`` is the one check for a line
between two hexes, ``lines_clear`` the same for many lines at once, and ``clear_grid`` for every
line between two sets of hexes (the computer's planning).

>>> from cs_panel.fasa.referee.ground import MapObject
>>> depot = MapObject("Depot", "building", (Hex(0, -1),))
>>> line_blocker((), [depot], Hex(0, 1), Hex(0, -3))
'Depot (building) at hex 0,-1 stands in the way (F.combat.los, F.map.hexes)'
>>> line_blocker((), [depot], Hex(0, 1), Hex(0, -1)) is None  # it is the target's own hex
True
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from cs_panel.fasa.arcs import blocking_hexes
from cs_panel.fasa.hexgrid import Hex, axial_distance, line_of_sight
from cs_panel.fasa.referee.ground import MapObject, standing
from cs_panel.fasa.referee.notation import hex_text

#: the words every blocked line's reason carries, so a caller can tell it from being out of reach
IN_THE_WAY = "stands in the way"


def walls(zeppelins: Iterable, objects: Iterable[MapObject] = ()) -> dict[Hex, str]:
    """Every hex that stops a line of fire, with what stands there in words (F.combat.los, F.zep.static)."""
    out: dict[Hex, str] = {}
    for z in zeppelins:
        for h in sorted(z.cover):
            out[h] = f"{z.name}'s intact gas cell {z.core.cell_at(h) + 1} at {hex_text(h)}"
    for o in standing(list(objects)):
        for h in o.hexes:
            out.setdefault(h, f"{o.name} ({o.label}) at {hex_text(h)}")
    return out


def line_blocker(zeppelins: Iterable, objects: Iterable[MapObject], a: Hex, b: Hex,
                 ignore: Iterable[Hex] = ()) -> str | None:
    """What stops the line of fire from ``a`` to ``b``, named, or None when it is clear: the first
    intact gas cell or standing object it crosses, ``ignore`` (the target's own hexes) left out
    (F.combat.los, F.map.hexes, F.zep.static)."""
    w = walls(zeppelins, objects)
    for h in (a, b, *ignore):
        w.pop(h, None)
    if not w:
        return None
    hit = blocking_hexes(a, b, w)
    if not hit:
        return None
    rules = "F.zep.static" if "gas cell" in w[hit[0]] else "F.combat.los, F.map.hexes"
    return f"{w[hit[0]]} {IN_THE_WAY} ({rules})"


def fire_blocker(zeppelins: Iterable, objects: Iterable[MapObject], a: Hex, b: Hex,
                 ignore: Iterable[Hex] = ()) -> str | None:
    """``line_blocker`` for a shot that may have nothing on the table to block it: None at once when
    there is no zeppelin and no object (F.combat.los, F.map.hexes, F.zep.static)."""
    zeps, objs = tuple(zeppelins), tuple(objects)
    if not zeps and not objs:
        return None
    return line_blocker(zeps, objs, a, b, ignore)


def lines_clear(zeppelins: Iterable, objects: Iterable[MapObject], pairs: Iterable[tuple[Hex, Hex]]) -> list[bool]:
    """For each (from, to) pair, is the line of fire clear, as ``line_blocker`` says, with the walls
    worked out once for them all (F.combat.los, F.map.hexes, F.zep.static)."""
    w = frozenset(walls(zeppelins, objects))
    out = []
    for a, b in pairs:
        rest = w - {a, b} if (a in w or b in w) else w
        out.append(not rest or line_of_sight(a, b, rest))
    return out


def clear_grid(zeppelins: Iterable, objects: Iterable[MapObject], a: np.ndarray, b: np.ndarray,
               within: int) -> np.ndarray | None:
    """For rows of axial (q, r) hexes ``a`` and ``b``: True where the line of fire from ``a[i]`` to
    ``b[j]`` is clear or longer than ``within`` (or has no length), False where something stands in
    the way, as ``lines_clear`` says; None when nothing on the table blocks fire at all
    (F.combat.los, F.map.hexes, F.zep.static)."""
    zeps, objs = list(zeppelins), list(objects)
    w = walls(zeps, objs)
    if not w:
        return None
    # many rows share a hex (one per facing or plot): each pair of hexes is looked at once
    a_hexes, a_at = np.unique(np.asarray(a)[:, :2], axis=0, return_inverse=True)
    b_hexes, b_at = np.unique(np.asarray(b)[:, :2], axis=0, return_inverse=True)
    out = np.ones((len(a_hexes), len(b_hexes)), dtype=bool)
    ab = _distances(a_hexes[:, None, :], b_hexes[None, :, :])
    # a hex the line touches is as far from both ends together as they are from each other (each
    # step of a hex line is one hex nearer the far end), so only pairs with a wall hex so placed
    # are traced: the same answers, without tracing the thousands of lines nothing is near
    at = np.array([(h.q, h.r) for h in w])
    aw = _distances(a_hexes[:, None, :], at[None, :, :])  # (hexes of a, walls)
    wb = _distances(at[:, None, :], b_hexes[None, :, :])  # (walls, hexes of b)
    near = ((aw[:, :, None] + wb[None, :, :]) == ab[:, None, :]).any(axis=1)
    ii, jj = np.nonzero(near & (ab > 0) & (ab <= within))
    pairs = [(Hex(int(a_hexes[i, 0]), int(a_hexes[i, 1])), Hex(int(b_hexes[j, 0]), int(b_hexes[j, 1])))
             for i, j in zip(ii.tolist(), jj.tolist())]
    out[ii, jj] = lines_clear(zeps, objs, pairs)
    return out[a_at.reshape(-1)][:, b_at.reshape(-1)]


def _distances(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Hex distances between axial (q, r) points, broadcast (F.map.hexes)."""
    return axial_distance(p[..., 0] - q[..., 0], p[..., 1] - q[..., 1])
