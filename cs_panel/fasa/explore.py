"""Questions a maneuver explorer asks of the movement rules: which arrow a point on the map
means, how hard each option is, what two turns of flying can reach, and the plain comparisons
behind a plan (F.move.plot, F.move.capability, F.move.accel-decel, F.move.restricted, FASA p.23-25).

Small pure functions over ``reach.reachable`` options and ``reach.reach_two_turns``; the
legality and pushes themselves come from ``movement.plan``.

>>> from cs_panel.fasa.movement import Capabilities, PlaneState
>>> from cs_panel.fasa.reach import reachable
>>> st = PlaneState(Capabilities(4, 3, 2, 2), speed=3, natural_touch=5)
>>> opts = reachable(st)
>>> str(pick_option(opts, Hex(-2, -1), Facing.F).maneuver)
'3L2F'
>>> hardest_push(next(o for o in opts if str(o.maneuver) == "3R0D")).total
5
>>> free_speeds(st)
(1, 2, 3, 4)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from cs_panel.core.explain import TargetNumber
from cs_panel.fasa.hexgrid import Facing, Hex, HexLayout
from cs_panel.fasa.maneuver import Direction
from cs_panel.fasa.movement import MovePlan, PlaneState, PushKind
from cs_panel.fasa.reach import Option, Route, TwoTurnReach, reachable

SPEED_PUSHES = (PushKind.ACCELERATION, PushKind.TOP_SPEED, PushKind.STALL)


def hardest_push(option: Option | MovePlan) -> TargetNumber | None:
    """The highest push target number an option needs, or None if it needs no push (F.move.push-target, p.25)."""
    targets = option.pushes if isinstance(option, Option) else tuple(p.target for p in option.pushes)
    return max(targets, key=lambda t: t.total, default=None)


def _rank(o: Option) -> tuple:
    # legal before illegal, likelier before less likely, fewer pushes, then template order (stable sort)
    return (not o.legal, -o.chance, len(o.pushes))


def options_by_hex(options: Iterable[Option]) -> dict[Hex, list[Option]]:
    """The options grouped by destination hex on the map, each group best first."""
    out: dict[Hex, list[Option]] = {}
    for o in options:
        out.setdefault(o.hex, []).append(o)
    return {h: sorted(g, key=_rank) for h, g in out.items()}


def facing_at(layout: HexLayout, h: Hex, x: float, y: float) -> Facing:
    """The hexside of ``h`` nearest the drawing point (x, y): which arrowhead a click points at."""
    cx, cy = layout.center(h)
    best, best_d = Facing.A, -math.inf
    for f in Facing:
        nx, ny = layout.center(h.neighbor(f))
        dot = (x - cx) * (nx - cx) + (y - cy) * (ny - cy)  # all neighbours are equally far: largest dot is nearest
        if dot > best_d:
            best, best_d = f, dot
    return best


def _facing_gap(a: Facing, b: Facing) -> int:
    d = (int(a) - int(b)) % 6
    return min(d, 6 - d)


def pick_option(options: Iterable[Option], h: Hex, toward: Facing | None = None) -> Option | None:
    """The option ending in hex ``h`` whose final map facing is nearest ``toward`` (any facing if None);
    ties go to the legal, likelier, less pushed one. None if nothing ends in ``h``."""
    here = [o for o in options if o.hex == h]
    if not here:
        return None
    if toward is None:
        return min(here, key=_rank)
    return min(here, key=lambda o: (_facing_gap(o.facing, toward), *_rank(o)))


def free_speeds(state: PlaneState) -> tuple[int, ...]:
    """Every speed the plane can fly this turn without a redline or stall roll (F.move.accel-decel,
    F.move.capability, p.23-24): the speeds of legal options with no speed push."""
    out = set()
    for o in reachable(state):
        if o.legal and not any(p.kind in SPEED_PUSHES for p in o.plan.pushes):
            out.add(o.maneuver.speed)
    return tuple(sorted(out))


@dataclass(frozen=True)
class HexReach:
    """One hex the plane can end in after two turns: the facings it can have there and the
    likeliest route (first and second maneuver) into the hex."""

    hex: Hex
    facings: tuple[Facing, ...]
    best: Route
    best_facing: Facing


def two_turn_hexes(reach: TwoTurnReach) -> dict[Hex, HexReach]:
    """The two-turn reachable set folded by hex: facings and the likeliest route into each hex."""
    by_hex: dict[Hex, list[tuple[Facing, Route]]] = {}
    for (h, f), route in reach.positions.items():
        by_hex.setdefault(h, []).append((f, route))
    out = {}
    for h, items in by_hex.items():
        f, route = min(items, key=lambda fr: (-fr[1].chance, fr[1].pushes, int(fr[0])))
        out[h] = HexReach(h, tuple(sorted(x for x, _ in items)), route, f)
    return out


@dataclass(frozen=True)
class Comparison:
    """One plain comparison behind a plan: what the plane does against what it is rated for."""

    text: str
    rule: str
    ok: bool


def comparisons(p: MovePlan) -> list[Comparison]:
    """The numbers a player compares when plotting ``p``: speed against max speed and the
    acceleration/deceleration window, Gs against the wing of the turn, and the restricted rule
    (F.move.capability, F.move.accel-decel, F.move.restricted, F.move.immelmann, p.23-25).
    ``ok`` is False where the plan goes past the rating (a push) or breaks the rule."""
    st, m, caps = p.state, p.maneuver, p.state.capabilities
    out = []
    if m.is_stall:
        out.append(Comparison(f"a stall: speed 0, the plane turns in its own hex to {m.facing.name}; "
                              f"it {'stalled' if st.stalled_last_turn else 'did not stall'} last turn",
                              "F.move.stall", not st.stalled_last_turn))
    else:
        out.append(Comparison(f"speed {m.speed} against max speed {caps.max_speed}", "F.move.capability",
                              m.speed <= caps.max_speed))
    change = m.speed - st.speed
    lo, hi = max(st.speed - caps.deceleration, 0), st.speed + caps.acceleration
    out.append(Comparison(
        f"speed {st.speed} last turn, {m.speed} now ({change:+d}); acceleration {caps.acceleration} and "
        f"deceleration {caps.deceleration} allow a change to {lo}-{hi} without a roll", "F.move.accel-decel",
        lo <= m.speed <= hi))
    if p.gs is not None:
        if m.is_stall:
            out.append(Comparison("a stall pulls 0 G", "F.move.stall", True))
        elif m.is_immelmann:
            rating = caps.wing_gs(Direction.S)
            out.append(Comparison(f"the Immelmann: {p.gs} G against the weaker wing's rating {rating}",
                                  "F.move.immelmann", p.gs <= rating))
        elif m.direction in (Direction.L, Direction.R):
            rating = caps.wing_gs(m.direction)
            out.append(Comparison(f"{p.gs} G to {'port' if m.direction is Direction.L else 'starboard'} against the "
                                  f"{m.direction.wing} wing's rating {rating}", "F.move.capability", p.gs <= rating))
        else:
            out.append(Comparison(f"{p.gs} G on a straight maneuver", "F.move.capability", True))
        last = f"last turn's maneuver was {'restricted' if st.last_restricted else 'not restricted'} ({st.last_gs} G)"
        if p.restricted:
            out.append(Comparison(f"{p.gs} G is a restricted maneuver (3 G or more); {last}", "F.move.restricted",
                                  not st.last_restricted))
        else:
            out.append(Comparison(f"{p.gs} G is not restricted; {last}", "F.move.restricted", True))
    return out
