"""Collisions between planes (A.collide.planes, A.fate.collision; Air Action, "Collisions with
Other Planes" and "Fate").

Markers may cross during a maneuver; only final markers that overlap an opposing plane's final
marker make a collision possible, and a plane collides at most once per maneuver. Friendly
planes never collide: the text has opposing planes check, and exempts planes of one squadron
symbol in the same squadron. Every plane involved makes a pilot check; a failure costs one
click. If any check totals 2 (a critical failure), the collision is serious: every plane
involved takes a click, then another, round after round, until at most one of them is still
flying (or all go down on the same click).

Our readings: the clicks for failed checks come first, then the serious rounds among the
planes still flying. One collision can hold two planes of one side that both touch the same
enemy; they cannot collide with each other, so the rounds stop as soon as no two planes of
different sides are left flying (``sides``). In a campaign each click is applied as campaign
damage, but a plane that shows three bullet holes leaves the collision at once, so it stops on
its first shot-down click and rolls that click's bail-out value (A.campaign.bailout). An Ace in
a serious collision may spend fate to take no collision damage at all; if only two planes
collided, neither takes any (A.fate.collision). The Ace has then left the collision: the
rounds run only between the other planes, and only while two of them are opponents.

``CollisionChecks`` is the chance event (one 2d6 per plane); ``collision_damage`` is the rule
that turns its outcome into clicks, and ``damage_distribution`` combines the two into exact odds.

>>> from cs_panel.clix.dial import build_dial, AIR_ACTION_STATS
>>> d = build_dial(AIR_ACTION_STATS, [(6, 3, 0, 7)] * 3 + [None])
>>> collision_damage((d, d), ("critical", "pass")).clicks
(3, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, Hashable, Sequence

from cs_panel.airaction.movement import markers_overlap
from cs_panel.airaction.pilot import check_piloting
from cs_panel.airaction.table import Pose
from cs_panel.clix.dial import CombatDial
from cs_panel.core.dice import ChanceEvent
from cs_panel.core.errors import RuleInputError

PASS, FAIL, CRITICAL = "pass", "fail", "critical"


def check_result(total: int, piloting: int) -> str:
    """One plane's collision check: a total of 2 is a critical failure whatever the piloting
    value; otherwise pass at or above piloting, fail below."""
    if total == 2:
        return CRITICAL
    return PASS if total >= piloting else FAIL


@dataclass(frozen=True)
class CollisionChecks(ChanceEvent):
    """Every plane in a collision rolls 2d6 against its piloting value; the outcome is the
    tuple of results (``"pass"``, ``"fail"``, ``"critical"``), one per plane, in order."""

    pilotings: tuple[int, ...]

    def __post_init__(self):
        object.__setattr__(self, "pilotings", tuple(self.pilotings))
        if len(self.pilotings) < 2:
            raise RuleInputError("a collision needs at least two planes", field="pilotings")
        for p in self.pilotings:
            check_piloting(p, "pilotings")

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (6, 6) * len(self.pilotings)

    def outcome_of(self, faces: Sequence[int]) -> tuple[str, ...]:
        return tuple(check_result(faces[2 * i] + faces[2 * i + 1], p) for i, p in enumerate(self.pilotings))

    def outcomes(self) -> dict[Any, Fraction]:
        # planes roll independently: combine per-plane odds instead of enumerating 36**n faces
        per = []
        for p in self.pilotings:
            d: dict[str, Fraction] = {}
            for a in range(1, 7):
                for b in range(1, 7):
                    r = check_result(a + b, p)
                    d[r] = d.get(r, Fraction(0)) + Fraction(1, 36)
            per.append(d)
        out: dict[tuple[str, ...], Fraction] = {}
        for combo in product(*(d.items() for d in per)):
            key = tuple(r for r, _ in combo)
            pr = Fraction(1)
            for _, q in combo:
                pr *= q
            out[key] = out.get(key, Fraction(0)) + pr
        return out

    @property
    def chance(self) -> Fraction:
        """Chance that the collision is serious (some check totals 2)."""
        return sum((p for o, p in self.outcomes().items() if CRITICAL in o), Fraction(0))

    def describe(self) -> str:
        return "collision checks: " + ", ".join(f"2d6 vs {p}" for p in self.pilotings)


@dataclass(frozen=True)
class CollisionDamage:
    """The clicks each plane took, the dials after, and whether the collision was serious."""

    clicks: tuple[int, ...]
    dials: tuple[CombatDial, ...]
    serious: bool
    avoided: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def destroyed(self) -> tuple[bool, ...]:
        return tuple(d.eliminated for d in self.dials)


def check_sides(sides: Sequence[Hashable] | None, n: int) -> tuple[Hashable, ...]:
    """Each plane's side (its player) in a collision of ``n`` planes; ``None`` puts every plane
    on its own side. A collision needs two opposing planes (A.collide.planes)."""
    if sides is None:
        return tuple(range(n))
    sides = tuple(sides)
    if len(sides) != n:
        raise RuleInputError(f"{len(sides)} sides for {n} planes", field="sides")
    if len(set(sides)) < 2:
        raise RuleInputError("planes of one side never collide with each other: a collision needs two opposing planes",
                             field="sides")
    return sides


def collision_damage(
    dials: Sequence[CombatDial], results: Sequence[str], *, sides: Sequence[Hashable] | None = None,
    fate_ace: int | None = None, campaign: bool = False,
) -> CollisionDamage:
    """Apply the rules to the checks' results. ``sides`` gives each plane's side (its player):
    the serious rounds stop once no two opposing planes are left flying; without it every plane
    is an opponent of every other. ``fate_ace`` is the index of an Ace's plane that spends fate;
    it only matters in a serious collision (A.fate.collision). With ``campaign`` the clicks are
    campaign damage (A.campaign.bailout)."""
    dials = list(dials)
    n = len(dials)
    if len(results) != n:
        raise RuleInputError(f"{len(results)} results for {n} planes", field="results")
    side = check_sides(sides, n)
    serious = CRITICAL in results
    if fate_ace is not None:
        if not 0 <= fate_ace < n:
            raise RuleInputError(f"no plane {fate_ace} in this collision", field="fate_ace")
        if not serious:
            raise RuleInputError("fate avoids only a serious collision (a check totalling 2)", field="fate_ace")
        if n == 2:
            return CollisionDamage((0,) * n, tuple(dials), True, True, ("fate: a two-plane collision is avoided entirely",))
    clicks = [0] * n
    involved = [i for i in range(n) if i != fate_ace]
    notes = []
    for i in involved:
        if results[i] != PASS:
            dmg = dials[i].take_hits(1, campaign=campaign)
            dials[i], clicks[i] = dmg.dial, clicks[i] + dmg.applied
    if serious:
        rounds = 0
        while True:
            flying = [i for i in involved if not dials[i].eliminated]
            # friends cannot collide: two planes of one side left flying end the collision
            if len({side[i] for i in flying}) <= 1:
                break
            rounds += 1
            for i in flying:
                # one click per round; three bullet holes take the plane out of the rounds (in a
                # campaign too), so it never clicks past its first shot-down click here
                dmg = dials[i].take_hits(1, campaign=campaign)
                dials[i], clicks[i] = dmg.dial, clicks[i] + dmg.applied
        notes.append(f"serious collision: {rounds} round(s) of clicks")
    if fate_ace is not None:
        notes.append(f"fate: plane {fate_ace} takes no collision damage")
    return CollisionDamage(tuple(clicks), tuple(dials), serious, False, tuple(notes))


def damage_distribution(
    dials: Sequence[CombatDial], *, sides: Sequence[Hashable] | None = None, fate_ace_if_serious: int | None = None,
    campaign: bool = False,
) -> dict[tuple[int, ...], Fraction]:
    """Exact chance of each tuple of clicks taken, from the checks' exact odds."""
    ev = CollisionChecks(tuple(d.value("piloting") for d in dials))
    out: dict[tuple[int, ...], Fraction] = {}
    for results, p in ev.outcomes().items():
        fate = fate_ace_if_serious if CRITICAL in results else None
        c = collision_damage(dials, results, sides=sides, fate_ace=fate, campaign=campaign).clicks
        out[c] = out.get(c, Fraction(0)) + p
    return out


@dataclass(frozen=True)
class Flyer:
    """What collision detection needs to know about a plane: id, owner, final marker."""

    id: str
    player: str
    pose: Pose


def can_collide(a: Flyer, b: Flyer) -> bool:
    """Only opposing planes collide (A.collide.planes)."""
    return a.player != b.player


def collisions(planes: Sequence[Flyer], moved: Sequence[str] | None = None) -> list[tuple[str, ...]]:
    """The collisions after a maneuver (A.collide.planes, Air Action "Collisions with Other
    Planes"). Only a plane that has just moved (``moved``; every plane when None) and the
    opposing planes whose final markers overlap its own make checks: an overlap between two
    planes that did not move is not a collision, so overlaps do not chain through them. Planes
    that moved at the same time and touch a common plane make one collision together, so that
    plane collides only once in the maneuver. Each group lists its planes in ``planes`` order.

    >>> a, b, c = Flyer("a", "A", Pose(18, 18)), Flyer("b", "B", Pose(18, 19.35)), Flyer("c", "A", Pose(18, 20.7))
    >>> collisions([a, b, c], moved=["c"])  # c touches b, b touches a: only b and c check
    [('b', 'c')]
    """
    ids = [p.id for p in planes]
    if len(set(ids)) != len(ids):
        raise RuleInputError("plane ids must be distinct", field="planes")
    movers = set(ids) if moved is None else set(moved)
    unknown = sorted(movers - set(ids))
    if unknown:
        raise RuleInputError(f"no plane {unknown[0]!r} among the flying planes", field="moved")
    adj: dict[str, set[str]] = {p.id: set() for p in planes}
    for i, a in enumerate(planes):
        for b in planes[i + 1:]:
            if ((a.id in movers or b.id in movers) and can_collide(a, b)
                    and markers_overlap(a.pose, b.pose)):
                adj[a.id].add(b.id)
                adj[b.id].add(a.id)
    seen: set[str] = set()
    groups = []
    for p in ids:
        if p in seen or not adj[p]:
            continue
        stack, comp = [p], []
        seen.add(p)
        while stack:
            q = stack.pop()
            comp.append(q)
            for r in adj[q]:
                if r not in seen:
                    seen.add(r)
                    stack.append(r)
        groups.append(tuple(x for x in ids if x in comp))
    return groups
