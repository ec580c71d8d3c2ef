"""Collisions: planes sharing a hex, planes meeting buildings and nacelles, and the damage done.

FASA *Crimson Skies*, Collisions, p.27-28, and Plotting a Move, p.24.

- ``F.collide.piloted``: when planes that cannot talk to each other end the movement phase in
  one hex, each checking pilot shows a number from 1 to 10 at the same moment, and any two that
  match have collided. Enemies choose their numbers; teammates who must check roll theirs,
  because friends could otherwise just agree to differ. Teammates with working radios only
  check when an enemy or an object is in the hex too. A lead pilot and his own wingman never
  collide with each other.
- ``F.collide.object``: a plane in the hex of a non-piloted object rolls a d10 at or above
  10 minus the object's base target number to miss it; a failure is a collision.
- ``F.collide.object-btn``: suggested base target numbers, in ``cs_panel/data/fasa/objects.json``
  (players may agree on others: pass your own file or number).
- ``F.collide.damage``: a plane in a mid-air collision is destroyed and its crew must bail out.
  The optional rule ``fasa.collision-flak`` (registered here) deals flak hits instead: 14 minus
  the *other* party's base target number, located by the angle of the collision.
- ``F.move.path-objects``: a plotted path that enters a non-piloted object's hex forces the same
  avoidance roll, even if the plane does not stop there.

>>> print(avoid_object("nacelle"))
10 base - 7 zeppelin engine nacelle = 3 (80%)
>>> print(collision_damage(7, 4, RuleSet.of("fasa.collision-flak")).flak_hits)
14 base - 4 other's base target number = 10 flak hits
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from cs_panel.core.data import Field, Table, in_range, load_table
from cs_panel.core.dice import ChanceEvent, Dice, Roll
from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.core.variants import OFFICIAL, RuleSet, Variant, register_variant
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.tohit import DEFLECTION_BY_HEXSIDE

COLLISION_FLAK = register_variant(Variant(
    name="fasa.collision-flak",
    description="A collision deals 14 minus the other party's base target number in flak hits, "
                "located by the angle of impact, instead of destroying the plane.",
    rule="F.collide.damage",
    source="optional rule",
))

#: the flak rule subtracts a base target number from this (F.collide.damage, F.bail.projectile)
FLAK_BASE = 14


class CollisionInputError(RuleInputError):
    """An input the collision rules cannot take: an unknown object, a pick outside 1-10."""


# ---------------------------------------------------------------------------------------------
# Object target numbers (data)


def _kind(v: str) -> str | None:
    return None if v in ("piloted", "object") else f"kind must be 'piloted' or 'object', got {short_repr(v)}"


OBJECT_SCHEMA = {
    "name": Field(str),
    "kind": Field(str, check=_kind),
    "low": Field(int, check=in_range(1, 10)),
    "high": Field(int, check=in_range(1, 10)),
    "note": Field(str, required=False),
}


@lru_cache(maxsize=None)
def objects(source: str = "package:fasa/objects.json") -> Table:
    """The Object Target Number Table (F.collide.object-btn, FASA p.28), or your own file."""
    table = load_table(source, OBJECT_SCHEMA)
    for e in table:
        if e["low"] > e["high"]:
            raise CollisionInputError(f"{source}, entry {e.id!r}: low {e['low']} is above high {e['high']}", field="low")
    return table


def _base_number(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise CollisionInputError(f"a base target number must be a whole number 1-10, got {short_repr(value)} "
                                  "(F.collide.object-btn, FASA p.28)", field=field)
    return value


def object_number(obj: "str | int", *, table: Table | None = None, field: str = "object") -> tuple[int, str, str]:
    """``(base target number, name, provenance)`` for an object id of the table or a number."""
    if isinstance(obj, str):
        t = table or objects()
        if obj not in t:
            raise CollisionInputError(f"unknown object {obj!r}; the table knows {sorted(e.id for e in t)}", field=field)
        e = t[obj]
        if e["low"] != e["high"]:
            raise CollisionInputError(
                f"a {e['name']} has no single target number ({e['low']}-{e['high']}): give its base to-hit number",
                field=field)
        return e["low"], e["name"], e.provenance
    return _base_number(obj, field), "object", "rules"


def avoid_object(obj: "str | int", shocked: bool = False, *, table: Table | None = None) -> TargetNumber:
    """The roll to miss a non-piloted object in one's hex (F.collide.object, FASA p.27).

    ``obj`` is an id of the object table (``"nacelle"``, ``"building"``) or a base target
    number the players agreed on. A shocked pilot adds 2, as to every roll (F.shock, p.36).

    >>> avoid_object("building").total
    9
    """
    n, name, prov = object_number(obj, table=table)
    terms = [Modifier(10, "base", "F.collide.object"), Modifier(-n, name, "F.collide.object-btn")]
    if shocked:
        terms.append(Modifier(2, "pilot shocked", "F.shock"))
    notes = () if prov == "rules" else (f"{name}: {prov} data",)
    return TargetNumber(tuple(terms), what=f"roll to avoid the {name}", notes=notes)


# ---------------------------------------------------------------------------------------------
# Paths through objects


@dataclass(frozen=True)
class Obstacle:
    """A non-piloted object on the map: its hex and its base target number (table id or number)."""

    hex: Hex
    kind: "str | int" = "building"
    name: str = ""

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        return self.kind if isinstance(self.kind, str) else f"object (target number {self.kind})"


@dataclass(frozen=True)
class ObjectCheck:
    """One avoidance roll a path forces: which object, at which step of the path, and the roll."""

    obstacle: Obstacle
    step: int  # index into the path given
    target: TargetNumber

    def __str__(self) -> str:
        return f"step {self.step}, {self.obstacle.label} at {self.obstacle.hex}: {self.target}"


def path_collision_checks(
    path: Sequence[Hex], obstacles: Iterable[Obstacle], shocked: bool = False, *, table: Table | None = None,
) -> list[ObjectCheck]:
    """The avoidance rolls a plotted path forces (F.move.path-objects, FASA p.24; F.collide.object, p.27).

    ``path`` runs from the plane's starting hex to its destination, start first. The start hex
    was checked when the plane arrived there, so leaving it forces nothing; every later hex that
    holds an object forces one roll per object, in path order, and the destination counts like
    any other hex. A stall (a path of one hex) stays with whatever shares its hex, so that hex
    is checked.

    >>> path = [Hex(0, 0), Hex(0, -1), Hex(0, -2)]
    >>> [str(c) for c in path_collision_checks(path, [Obstacle(Hex(0, -1), "building")])]
    ['step 1, building at Hex(0, -1): 10 base - 1 building = 9 (20%)']
    """
    if not path:
        raise CollisionInputError("a path needs at least the plane's own hex", field="path")
    for i, h in enumerate(path):
        if not isinstance(h, Hex):
            raise CollisionInputError(f"path step {i} is not a hex: {h!r}", field="path")
    by_hex: dict[Hex, list[Obstacle]] = {}
    for o in obstacles:
        if not isinstance(o, Obstacle):
            raise CollisionInputError(f"expected an Obstacle, got {o!r}", field="obstacles")
        by_hex.setdefault(o.hex, []).append(o)
    steps = [(0, path[0])] if len(path) == 1 else list(enumerate(path))[1:]
    seen: set[Hex] = set()
    checks = []
    for i, h in steps:
        if h in seen:  # a path never re-enters a hex in one move, but be safe: one roll per object
            continue
        seen.add(h)
        for o in by_hex.get(h, ()):
            checks.append(ObjectCheck(o, i, avoid_object(o.kind, shocked, table=table)))
    return checks


# ---------------------------------------------------------------------------------------------
# Piloted planes sharing a hex


@dataclass(frozen=True)
class Flyer:
    """A piloted plane at the end of movement, as the collision rules see it.

    ``side`` names its team; ``partner`` names the lead pilot or wingman it flies with (the pair
    never collide); ``radio`` is False once the radio is destroyed (F.dmg.radio, p.39).
    """

    name: str
    side: str
    radio: bool = True
    partner: str | None = None


def _paired(a: Flyer, b: Flyer) -> bool:
    return a.side == b.side and (a.partner == b.name or b.partner == a.name)


@dataclass(frozen=True)
class SharedHex:
    """Who in one hex must check against whom, and who chooses or rolls (F.collide.piloted, p.27)."""

    flyers: tuple[Flyer, ...]
    object_present: bool = False

    def __post_init__(self):
        object.__setattr__(self, "flyers", tuple(self.flyers))
        names = [f.name for f in self.flyers]
        for f in self.flyers:
            if not isinstance(f, Flyer):
                raise CollisionInputError(f"expected a Flyer, got {f!r}", field="flyers")
            if not f.name or not f.side:
                raise CollisionInputError("every plane needs a name and a side", field="flyers")
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise CollisionInputError(f"two planes in the hex share the name(s) {dup}", field="flyers")
        by_name = {f.name: f for f in self.flyers}
        for f in self.flyers:
            p = by_name.get(f.partner) if f.partner else None
            if p is not None and p.side != f.side:
                raise CollisionInputError(f"{f.name}'s wingman {p.name} flies for another side", field="flyers")

    @property
    def enemy_present(self) -> bool:
        return len({f.side for f in self.flyers}) > 1

    def must_check(self, a: Flyer, b: Flyer) -> bool:
        """Could these two collide? Enemies always; teammates unless paired or able to radio."""
        if a.side != b.side:
            return True
        if _paired(a, b):
            return False
        return not (a.radio and b.radio) or self.enemy_present or self.object_present

    @property
    def pairs(self) -> tuple[tuple[str, str], ...]:
        """Every pair of planes that could collide, names in hex order."""
        return tuple((a.name, b.name) for a, b in itertools.combinations(self.flyers, 2) if self.must_check(a, b))

    @property
    def rollers(self) -> tuple[str, ...]:
        """Planes that must roll their number: they check against at least one teammate."""
        return tuple(a.name for a in self.flyers
                     if any(b is not a and b.side == a.side and self.must_check(a, b) for b in self.flyers))

    @property
    def choosers(self) -> tuple[str, ...]:
        """Planes that secretly choose their number: they check only against enemies."""
        checking = {n for p in self.pairs for n in p}
        return tuple(f.name for f in self.flyers if f.name in checking and f.name not in self.rollers)

    def collisions(self, numbers: Mapping[str, int]) -> frozenset[tuple[str, str]]:
        """The pairs that collide when every checking plane shows ``numbers[name]``."""
        return frozenset(p for p in self.pairs if numbers[p[0]] == numbers[p[1]])


def _check_pick(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise CollisionInputError(f"{name} must pick a whole number 1-10, got {short_repr(value)} (F.collide.piloted, FASA p.27)",
                                  field=f"pick_{name}")
    return value


@dataclass(frozen=True)
class PilotedCollisionRoll(ChanceEvent):
    """The teammates' dice in a shared hex, the chosen numbers already revealed (F.collide.piloted).

    The outcome is the set of colliding pairs (empty: nobody collided), so ``outcomes()`` gives
    the exact odds of each set and ``chance`` the chance of any collision.

    >>> roll = PilotedCollisionRoll(SharedHex((Flyer("Ace", "red", radio=False), Flyer("Deuce", "red"))), ())
    >>> roll.chance
    Fraction(1, 10)
    """

    hex: SharedHex
    picks: tuple[tuple[str, int], ...]

    def __post_init__(self):
        choosers = set(self.hex.choosers)
        given = dict(self.picks)
        in_hex = {f.name for f in self.hex.flyers}
        for name, value in given.items():
            if name not in in_hex:
                raise CollisionInputError(f"{name} is not in this hex", field=f"pick_{name}")
            if name not in choosers:
                why = "rolls with the teammates" if name in self.hex.rollers else "does not need to check"
                raise CollisionInputError(f"{name} {why}, so cannot choose a number", field=f"pick_{name}")
            _check_pick(name, value)
        missing = [n for n in self.hex.choosers if n not in given]
        if missing:
            raise CollisionInputError(f"{missing[0]} must secretly choose a number 1-10", field=f"pick_{missing[0]}")

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (10,) * len(self.hex.rollers)

    def outcome_of(self, faces: Sequence[int]) -> frozenset[tuple[str, str]]:
        numbers = dict(self.picks)
        numbers.update(zip(self.hex.rollers, faces))
        return self.hex.collisions(numbers)

    def outcomes(self) -> dict[Any, Fraction]:
        """Exact odds without rolling through all 10**n faces: only *which* dice match each other
        and which chosen numbers they hit matters, so each pattern is counted once and its
        outcome still comes from ``outcome_of`` (a hex of six rollers takes milliseconds)."""
        rollers = list(self.hex.rollers)
        chosen = sorted(set(v for _, v in self.picks))
        counts: dict[Any, int] = {}
        for blocks in _set_partitions(rollers):
            for values in itertools.product([*chosen, None], repeat=len(blocks)):
                hit = [v for v in values if v is not None]
                if len(set(hit)) != len(hit):
                    continue  # two groups of dice cannot show the same number: they would be one group
                fresh = values.count(None)
                ways = _falling(10 - len(chosen), fresh)
                if not ways:
                    continue
                faces: dict[str, int] = {}
                spare = iter(range(11, 11 + len(blocks)))  # stand-ins for numbers nobody chose, all different
                for block, v in zip(blocks, values):
                    face = v if v is not None else next(spare)
                    for name in block:
                        faces[name] = face
                outcome = self.outcome_of([faces[n] for n in rollers])
                counts[outcome] = counts.get(outcome, 0) + ways
        total = 10 ** len(rollers)
        return {k: Fraction(v, total) for k, v in counts.items()}

    def describe(self) -> str:
        return f"collision check, {len(self.hex.rollers)} teammate die/dice"

    def describe_outcome(self, outcome: Any) -> str:
        return "no collision" if not outcome else "; ".join(f"{a} hits {b}" for a, b in sorted(outcome))


def _set_partitions(items: list) -> Iterable[list[list]]:
    """Every way to split ``items`` into non-empty groups (which dice show equal numbers)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _set_partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1:]]


def _falling(n: int, k: int) -> int:
    """n * (n-1) * ... (k factors): ways to give k groups different numbers out of n."""
    out = 1
    for i in range(k):
        out *= max(0, n - i)
    return out


@dataclass(frozen=True)
class PilotedCollision:
    """The result of a shared-hex check: everyone's number and who collided."""

    numbers: Mapping[str, int]
    collisions: frozenset[tuple[str, str]]
    roll: Roll | None

    @property
    def collided(self) -> frozenset[str]:
        return frozenset(n for p in self.collisions for n in p)

    def __str__(self) -> str:
        shown = ", ".join(f"{n} {v}" for n, v in self.numbers.items())
        if not self.collisions:
            return f"numbers {shown}: no collision"
        return f"numbers {shown}: " + "; ".join(f"{a} and {b} collide" for a, b in sorted(self.collisions))


def resolve_shared_hex(
    flyers: Sequence[Flyer], picks: Mapping[str, int], dice: Dice | None = None, object_present: bool = False,
) -> PilotedCollision:
    """Check a hex shared by piloted planes (F.collide.piloted, FASA p.27).

    ``picks`` holds the secretly chosen numbers of the planes that choose; the teammates who
    must check roll with ``dice`` (needed only when someone rolls).

    >>> from cs_panel.core.dice import ScriptedDice
    >>> hex_ = [Flyer("Iverian", "Fortune"), Flyer("Dukes", "Red Skull")]
    >>> print(resolve_shared_hex(hex_, {"Iverian": 7, "Dukes": 7}))
    numbers Iverian 7, Dukes 7: Iverian and Dukes collide
    """
    shared = SharedHex(tuple(flyers), object_present)
    ordered = tuple((n, picks[n]) for n in shared.choosers if n in picks)
    extra = [n for n in picks if n not in shared.choosers]
    event = PilotedCollisionRoll(shared, ordered + tuple((n, picks[n]) for n in extra))
    numbers = {f.name: picks[f.name] for f in shared.flyers if f.name in picks}
    roll = None
    if shared.rollers:
        if dice is None:
            raise CollisionInputError("teammates must roll for this hex: give dice", field="dice")
        roll = event.resolve(dice)
        numbers.update(zip(shared.rollers, roll.faces))
        numbers = {f.name: numbers[f.name] for f in shared.flyers if f.name in numbers}
    return PilotedCollision(numbers, shared.collisions(numbers), roll)


# ---------------------------------------------------------------------------------------------
# Damage


@dataclass(frozen=True)
class FlakHits:
    """A number of flak hits as labelled terms: 14 minus a base target number
    (F.collide.damage, F.bail.projectile). Never below zero."""

    terms: tuple[Modifier, ...]

    @property
    def total(self) -> int:
        return max(0, sum(t.value for t in self.terms))

    def __str__(self) -> str:
        parts = [f"{self.terms[0].value} {self.terms[0].label}"]
        parts += [f"{'-' if t.value < 0 else '+'} {abs(t.value)} {t.label}" for t in self.terms[1:]]
        return f"{' '.join(parts)} = {self.total} flak hits"


def flak_hits(base_number: int, label: str, rule_id: str) -> FlakHits:
    """14 minus ``base_number`` flak hits, citing ``rule_id``."""
    n = _base_number(base_number, "base_number")
    return FlakHits((Modifier(FLAK_BASE, "base", rule_id), Modifier(-n, label, rule_id)))


def collision_attitude(own_facing: Facing, other_facing: Facing | None) -> Facing:
    """The hexside of one's own plane that the other party strikes (for the hit-location table).

    A plane enters a hex from behind itself, so the other plane comes at us from the side
    opposite its facing, seen from our nose; a non-piloted object stands still and is met nose
    first (side A). The diagram of the book's example is lost: this reading is ours, and it is
    consistent with that example (Iverian hit on her nose, Dukes on his port front) when the two
    headings differ by two hexsides. See ``cs_panel.fasa.tohit.DEFLECTION_BY_HEXSIDE`` for the
    attitudes.

    >>> collision_attitude(Facing.A, Facing.D), collision_attitude(Facing.A, Facing.E)
    (<Facing.A: 0>, <Facing.B: 1>)
    """
    if other_facing is None:
        return Facing.A
    return Facing.parse(str(other_facing)).reverse.turn(-int(Facing.parse(str(own_facing))))


@dataclass(frozen=True)
class CollisionDamage:
    """What a collision does to one plane (F.collide.damage, FASA p.27)."""

    destroyed: bool
    flak_hits: FlakHits | None = None
    attitude: Facing | None = None

    @property
    def attitude_label(self) -> str:
        """The attitude in the words of the deflection table (which hit-location row to read)."""
        if self.attitude is None:
            return ""
        side = {Facing.B: " (starboard side)", Facing.C: " (starboard side)", Facing.E: " (port side)",
                Facing.F: " (port side)"}.get(self.attitude, "")
        return DEFLECTION_BY_HEXSIDE[self.attitude].label + side

    @property
    def must_bail_out(self) -> bool:
        """A destroyed plane's crew must make a combat bailout (cause: mid-air collision, F.bail.combat)."""
        return self.destroyed

    def __str__(self) -> str:
        if self.destroyed:
            return "plane destroyed: the crew must bail out (combat bailout, mid-air collision)"
        side = f", struck on hexside {self.attitude}: {self.attitude_label}" if self.attitude is not None else ""
        return f"{self.flak_hits}{side}"


def collision_damage(
    own_base: int,
    other_base: "int | str",
    rules: RuleSet = OFFICIAL,
    own_facing: Facing | None = None,
    other_facing: Facing | None = None,
) -> CollisionDamage:
    """The damage one plane takes in a collision with a plane or object of ``other_base``.

    By the printed rules the plane is destroyed; with the optional ``fasa.collision-flak`` rule
    it takes 14 minus the other's base target number in flak hits instead, located from the
    angle (``collision_attitude``) when facings are given (F.collide.damage, FASA p.27).

    >>> collision_damage(7, 4).destroyed
    True
    >>> collision_damage(4, 7, RuleSet.of("fasa.collision-flak")).flak_hits.total
    7
    """
    _base_number(own_base, "own_base")
    other, name, _ = object_number(other_base, field="other_base")
    if not rules.enabled(COLLISION_FLAK.name):
        return CollisionDamage(destroyed=True)
    label = "other's base target number" if not isinstance(other_base, str) else f"{name}'s base target number"
    attitude = collision_attitude(own_facing, other_facing) if own_facing is not None else None
    return CollisionDamage(False, flak_hits(other, label, "F.collide.damage"), attitude)
