"""FASA gunnery once the to-hit number is known: doubling down, jams, hit location, damage column.

- **Doubling down** (F.gun.double-down, FASA p.36): a gun fired this way rolls to hit twice, and
  both shots are rolled whatever the first did. If either misses, the gun is jammed from the
  next turn on.
- **Clearing jams** (F.gun.jam-clear, p.36): one roll at 8 minus Steady Hand clears every jammed
  gun; it is all the pilot does in that combat phase.
- **Hit location** (F.hitloc.table, p.33, 36): the attacker rolls one d10 for all of a plane's gun
  hits, and one per rocket hit, on the table for the target's hexside that the attacker sits on.
- **Damage column** (F.dmg.column, p.37): a d10 per hit picks one of the ten columns; a gunner
  with Steady Hand 6-8 may move a gun hit one column, 9-10 up to two, never a rocket hit
  (F.pilot.sh-shift, p.18, 37).
- **What a plane fires** (F.combat.choice, p.33): guns (any of them, one target) or launched
  weapons (lethal ones at one target, non-lethal ones at any hexes), not both.

>>> {k: str(v) for k, v in DoubleDown(4).hit_odds().items()}
{0: '9/100', 1: '21/50', 2: '49/100'}
>>> print(jam_clear_number(6))
8 base - 6 Steady Hand 6 = 2 (90%)
>>> column_choices(4, steady_hand=6)
(3, 4, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntFlag
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from cs_panel.core.data import Field, Table, in_range, load_table
from cs_panel.core.dice import ChanceEvent, D10Check, Dice, Roll
from cs_panel.core.errors import DataFileError, RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.core.variants import OFFICIAL, RuleSet, Variant, register_variant
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.tohit import DEFLECTION_BY_HEXSIDE, attack_hexside, check_skill, weapons

SHOCK_PENALTY = 2  # a shocked pilot adds 2 to every roll (F.shock, p.36; RULINGS.md)
UNJAM_BASE = 8  # F.gun.jam-clear, FASA p.36
COLUMNS = (1, 10)  # every damage table has ten columns (F.dmg.column, p.37)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(value: Any, name: str) -> int:
    if not _whole(value) or value < 0:
        raise RuleInputError(f"{name.replace('_', ' ')} must be a whole number 0 or more, got {short_repr(value)}",
                             field=name)
    most = LIMITS["count"].hi  # a project limit: a loop over hits stays short
    if value > most:
        raise RuleInputError(f"{name.replace('_', ' ')} {short_repr(value)} is over {most} (project limit: "
                             f"{LIMITS['count'].why})", field=name)
    return value


# ---------------------------------------------------------------------------------------------
# Doubling down (F.gun.double-down)


class DoubleDownResult(NamedTuple):
    """What a doubled-down gun did: hits scored (0-2) and whether it jams from next turn.

    It is true when at least one shot hit, so ``Roll.success`` means "did some damage".
    """

    hits: int
    jammed: bool

    def __bool__(self) -> bool:
        return self.hits > 0


@dataclass(frozen=True)
class DoubleDown(ChanceEvent):
    """Two to-hit d10s for one gun fired doubled down (F.gun.double-down, FASA p.36).

    Each die is judged by the same ``D10Check`` as an ordinary shot (a 10 always hits, a 1
    always misses); any miss jams the gun from the next turn, and both dice are always rolled.

    >>> DoubleDown(5).outcome_of((3, 10))
    DoubleDownResult(hits=1, jammed=True)
    """

    target: int
    dice: tuple[int, ...] = field(default=(10, 10), init=False, repr=False)

    def __post_init__(self):
        if not _whole(self.target):
            raise RuleInputError(f"a to-hit number must be a whole number, got {self.target!r}", field="target")

    @classmethod
    def of(cls, to_hit: TargetNumber) -> "DoubleDown":
        """Double down on a gun whose to-hit number is already explained (``to_hit_number``)."""
        if to_hit.check != "d10":
            raise RuleInputError(f"doubling down is a FASA d10 roll, not {to_hit.check}", field="target")
        return cls(to_hit.total)

    @property
    def shot(self) -> D10Check:
        """One of the two to-hit rolls: the ordinary check for this gun."""
        return D10Check(self.target)

    def outcome_of(self, faces: Sequence[int]) -> DoubleDownResult:
        first, second = faces
        hits = int(self.shot.outcome_of((first,))) + int(self.shot.outcome_of((second,)))
        return DoubleDownResult(hits, hits < 2)

    def hit_odds(self) -> dict[int, Fraction]:
        """Exact chance of 0, 1 and 2 hits."""
        odds = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
        for result, p in self.outcomes().items():
            odds[result.hits] += p
        return odds

    @property
    def jam_chance(self) -> Fraction:
        """Exact chance that the gun jams (at least one of the two shots misses)."""
        return sum((p for r, p in self.outcomes().items() if r.jammed), Fraction(0))

    @property
    def expected_hits(self) -> Fraction:
        return sum((k * p for k, p in self.hit_odds().items()), Fraction(0))

    def describe(self) -> str:
        return f"double down, 2 x d10 vs {self.target}"

    def describe_outcome(self, outcome: Any) -> str:
        hits, jammed = outcome
        words = f"{hits} hit" + ("" if hits == 1 else "s")
        return words + (", gun jammed from next turn" if jammed else ", gun stays clear")


def total_hit_odds(shots: Iterable[ChanceEvent]) -> dict[int, Fraction]:
    """Exact odds of each total number of hits for one attack: every gun's ordinary ``D10Check``
    (a hit counts 1) or ``DoubleDown`` (0-2 hits), rolled independently (F.hit.number,
    F.gun.double-down). All those hits then share one hit-location roll (F.hitloc.table).

    >>> {k: str(v) for k, v in total_hit_odds([D10Check(6), DoubleDown(6)]).items()}
    {0: '1/8', 1: '3/8', 2: '3/8', 3: '1/8'}
    """
    dist = {0: Fraction(1)}
    for event in shots:
        per: dict[int, Fraction] = {}
        for outcome, p in event.outcomes().items():
            hits = outcome.hits if isinstance(outcome, DoubleDownResult) else int(bool(outcome))
            per[hits] = per.get(hits, Fraction(0)) + p
        nxt: dict[int, Fraction] = {}
        for k, q in dist.items():
            for h, p in per.items():
                nxt[k + h] = nxt.get(k + h, Fraction(0)) + q * p
        dist = nxt
    return {k: dist[k] for k in sorted(dist) if dist[k]}


# ---------------------------------------------------------------------------------------------
# Clearing jams (F.gun.jam-clear)

UNJAM_LAST_GS = register_variant(Variant(
    name="fasa.aeronaut.unjam-gs",
    description="Clearing jams also adds the Gs of the plane's last maneuver, as the fan record "
                "sheet of Aeronaut prints it; the rules give only 8 minus Steady Hand.",
    rule="F.gun.jam-clear",
    source="fan record sheet (Aeronaut)",
))


def jam_clear_number(steady_hand: int, shocked: bool = False, last_gs: int = 0,
                     rules: RuleSet = OFFICIAL) -> TargetNumber:
    """The roll that clears all of a plane's jammed guns: 8 minus Steady Hand (F.gun.jam-clear, p.36).

    A shocked pilot adds 2, as to every roll (F.shock). ``last_gs`` counts only under the
    ``fasa.aeronaut.unjam-gs`` variant. The pilot makes no attack in the phase he tries this.

    >>> print(jam_clear_number(3, shocked=True))
    8 base - 3 Steady Hand 3 + 2 shocked = 7 (40%)
    """
    steady_hand = check_skill(steady_hand, "steady_hand")
    if not _whole(last_gs) or not 0 <= last_gs <= 10:
        raise RuleInputError(f"last maneuver Gs must be a whole number 0-10, got {last_gs!r}", field="last_gs")
    terms = [
        Modifier(UNJAM_BASE, "base", "F.gun.jam-clear"),
        Modifier(-steady_hand, f"Steady Hand {steady_hand}", "F.gun.jam-clear"),
    ]
    if rules.enabled(UNJAM_LAST_GS.name) and last_gs:
        terms.append(Modifier(last_gs, f"last maneuver {last_gs} G", "F.gun.jam-clear"))
    if shocked:
        terms.append(Modifier(SHOCK_PENALTY, "shocked", "F.shock"))
    return TargetNumber(tuple(terms), what="to clear all jammed guns (no attack this phase)")


def jammed_after(jammed: Iterable[str], doubled: Mapping[str, DoubleDownResult] | None = None,
                 cleared: bool = False) -> frozenset[str]:
    """The guns jammed at the start of next turn (F.gun.double-down, F.gun.jam-clear, p.36).

    ``jammed``: guns jammed this turn; ``doubled``: this phase's double-down results by gun;
    ``cleared``: this phase's clearing roll succeeded (which clears every jam and means no gun
    fired). A gun that jams while doubling down still took both its shots; it is jammed next turn.
    """
    doubled = doubled or {}
    if cleared and doubled:
        raise RuleInputError("a pilot who clears jams makes no attack that phase (F.gun.jam-clear)", field="clear_jams")
    now = set() if cleared else set(jammed)
    now |= {gun for gun, result in doubled.items() if result.jammed}
    return frozenset(now)


# ---------------------------------------------------------------------------------------------
# Hit location (F.hitloc.table)


class DamageTable(Enum):
    """The six damage tables of a plane's damage diagram (F.dmg.template, FASA p.36-37)."""

    NOSE = "nose"
    TAIL = "tail"
    PORT_WING_LEADING = "port_wing_leading"
    STARBOARD_WING_LEADING = "starboard_wing_leading"
    PORT_WING_TRAILING = "port_wing_trailing"
    STARBOARD_WING_TRAILING = "starboard_wing_trailing"

    @property
    def label(self) -> str:
        """The name players use: ``Nose``, ``Port Leading``."""
        return self.value.replace("_wing", "").replace("_", " ").title()

    @property
    def mirrored(self) -> "DamageTable":
        """The same table on the other side: port and starboard swap, nose and tail stay."""
        if self.value.startswith("port"):
            return DamageTable(self.value.replace("port", "starboard", 1))
        if self.value.startswith("starboard"):
            return DamageTable(self.value.replace("starboard", "port", 1))
        return self

    def __str__(self) -> str:
        return self.label


def _check_rolls(bands: Any) -> str | None:
    expect = COLUMNS[0]
    for band in bands:
        if not isinstance(band, list) or len(band) != 3:
            return f"each band must be [from, to, damage table], got {band!r}"
        lo, hi, name = band
        if not (_whole(lo) and _whole(hi)) or lo != expect or hi < lo:
            return f"band {band!r} must start at {expect}: the bands cover 1-10 in order, without gaps"
        if not isinstance(name, str) or name not in {t.value for t in DamageTable}:
            return f"unknown damage table {name!r}; known: {[t.value for t in DamageTable]}"
        expect = hi + 1
    if expect != COLUMNS[1] + 1:
        return f"the bands end at {expect - 1}, not at 10"
    return None


HIT_LOCATION_SCHEMA = {
    "attitude": Field(str),
    "deflection": Field(int, check=in_range(0, 3)),
    "rolls": Field(list, check=_check_rolls),
}


@lru_cache(maxsize=None)
def hit_location_tables(source: str = "package:fasa/hit_location.json") -> Table:
    """The hit location table: one entry per target hexside A-F (packaged, or your own file).

    Each entry's ``deflection`` must agree with the to-hit rules for that hexside, so that the
    angle used to hit and the angle used to locate the hit cannot drift apart.
    """
    table = load_table(source, HIT_LOCATION_SCHEMA)
    missing = [f.name for f in Facing if f.name not in table]
    if missing or len(table) != len(Facing):
        raise DataFileError(table.path, f"expected one entry per hexside A-F; missing {missing}, ids {sorted(table.entries)}")
    for f in Facing:
        want = DEFLECTION_BY_HEXSIDE[f].modifier
        if table[f.name]["deflection"] != want:
            raise DataFileError(table.path, f"hexside {f.name} has deflection {want} in the to-hit rules (F.hit.deflection)",
                                entry=f.name, field="deflection")
    return table


@dataclass(frozen=True)
class HitLocation(ChanceEvent):
    """One d10 on the hit location table for an attack from the target's ``hexside``
    (F.hitloc.table, FASA p.36); its outcome is the ``DamageTable`` hit.

    >>> {str(t): str(p) for t, p in hit_location("A").outcomes().items()}
    {'Port Leading': '3/10', 'Nose': '2/5', 'Starboard Leading': '3/10'}
    """

    hexside: Facing
    bands: tuple[tuple[int, int, DamageTable], ...]
    attitude: str = ""
    provenance: str = "recovered"
    source: str = ""
    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> DamageTable:
        (face,) = faces
        for lo, hi, table in self.bands:
            if lo <= face <= hi:
                return table
        raise RuleInputError(f"no damage table for a roll of {face}", field="roll")

    def describe(self) -> str:
        return f"hit location, attacker on hexside {self.hexside.name} ({self.attitude})"

    def describe_outcome(self, outcome: Any) -> str:
        return f"{outcome.label} table"

    def _repr_html_(self) -> str:
        from cs_panel.fasa.render import hit_location_html  # drawing, loaded only when a picture is asked for

        return hit_location_html(self)


def hit_location(hexside: Facing | str, *, table: Table | None = None) -> HitLocation:
    """The hit-location roll for an attacker on the target's ``hexside`` (A = the target's nose)."""
    if isinstance(hexside, str) and hexside.strip().upper() in Facing.__members__:
        hexside = Facing[hexside.strip().upper()]
    if not isinstance(hexside, Facing):
        raise RuleInputError(f"hexside must be one of A-F, got {hexside!r}", field="hexside")
    entry = (table or hit_location_tables())[hexside.name]
    bands = tuple((lo, hi, DamageTable(name)) for lo, hi, name in entry["rolls"])
    return HitLocation(hexside, bands, entry["attitude"], entry.provenance, entry.source)


def hit_location_from(target_hex: Hex, target_facing: Facing, attacker_hex: Hex, *,
                      table: Table | None = None) -> HitLocation:
    """The hit-location roll from the map: the target's hexside facing the attacker, found as
    the to-hit deflection finds it (``attack_hexside``, which also settles corner lines). Two
    planes in one hex have no hexside between them: name it yourself (head on: A; from behind: D, F.combat.same-hex)."""
    side = attack_hexside(target_hex, target_facing, attacker_hex)
    if side is None:
        raise RuleInputError("attacker and target share a hex: choose the hexside yourself "
                             "(A head on, D from behind)", field="hexside")
    return hit_location(side, table=table)


@dataclass(frozen=True)
class LocatedHits:
    """Where one attack's hits land: the table all gun hits share, and one table per rocket hit."""

    gun_hits: int
    gun_table: DamageTable | None
    rocket_tables: tuple[DamageTable, ...]
    rolls: tuple[Roll, ...]

    def by_table(self) -> dict[DamageTable, int]:
        """Hits per damage table, each to be placed with its own column roll."""
        out: dict[DamageTable, int] = {}
        if self.gun_table is not None and self.gun_hits:
            out[self.gun_table] = self.gun_hits
        for t in self.rocket_tables:
            out[t] = out.get(t, 0) + 1
        return out


def locate_hits(location: HitLocation, dice: Dice, gun_hits: int = 0, rocket_hits: int = 0) -> LocatedHits:
    """Roll where an attacking plane's hits land (F.hitloc.table, FASA p.33, 36).

    All gun hits of the attack share one roll; every rocket hit rolls its own. A plane fires
    guns or launched weapons in a phase, not both (F.combat.choice), so one of the counts is 0.
    No hits, no roll.
    """
    gun_hits = _count(gun_hits, "gun_hits")
    rocket_hits = _count(rocket_hits, "rocket_hits")
    if gun_hits and rocket_hits:
        raise RuleInputError("one attack is guns or launched weapons, not both (F.combat.choice, FASA p.33)",
                             field="rocket_hits")
    rolls: list[Roll] = []
    gun_table = None
    if gun_hits:
        rolls.append(location.resolve(dice))
        gun_table = rolls[-1].outcome
    rockets = []
    for _ in range(rocket_hits):
        rolls.append(location.resolve(dice))
        rockets.append(rolls[-1].outcome)
    return LocatedHits(gun_hits, gun_table, tuple(rockets), tuple(rolls))


# ---------------------------------------------------------------------------------------------
# Damage column and Steady Hand (F.dmg.column, F.pilot.sh-shift)

#: weapon classes a damage column is rolled for; only gun hits may be shifted (F.pilot.sh-shift)
WEAPON_CLASSES = ("gun", "rocket", "harpoon", "bomb", "torpedo")


class IllegalShiftError(RuleInputError):
    """A damage column the attacker's Steady Hand cannot reach from the rolled one."""


def _weapon_class(value: Any) -> str:
    if value not in WEAPON_CLASSES:
        raise RuleInputError(f"weapon class must be one of {list(WEAPON_CLASSES)}, got {short_repr(value)}", field="weapon_class")
    return value


def _column(value: Any, name: str) -> int:
    if not _whole(value) or not COLUMNS[0] <= value <= COLUMNS[1]:
        raise RuleInputError(f"a damage column is a whole number 1-10, got {short_repr(value)}", field=name)
    return value


def shift_limit(steady_hand: int, weapon_class: str = "gun") -> int:
    """How many columns a hit may be moved: Steady Hand 6-8 one, 9-10 two, rockets (and anything
    that is not a gun) none (F.pilot.sh-shift, FASA p.18, 37).

    >>> [shift_limit(s) for s in (5, 6, 8, 9, 10)], shift_limit(10, "rocket")
    ([0, 1, 1, 2, 2], 0)
    """
    steady_hand = check_skill(steady_hand, "steady_hand")
    if _weapon_class(weapon_class) != "gun":
        return 0
    return 2 if steady_hand >= 9 else 1 if steady_hand >= 6 else 0


def column_choices(rolled: int, steady_hand: int = 0, weapon_class: str = "gun") -> tuple[int, ...]:
    """The columns the attacker may put the hit in, given the column die (F.dmg.column, p.37).

    Keeping the rolled column is always allowed; a shift never leaves columns 1-10.
    """
    rolled = _column(rolled, "rolled")
    k = shift_limit(steady_hand, weapon_class)
    return tuple(c for c in range(rolled - k, rolled + k + 1) if COLUMNS[0] <= c <= COLUMNS[1])


def choose_column(rolled: int, chosen: int, steady_hand: int = 0, weapon_class: str = "gun") -> int:
    """The column the attacker picks, checked against his Steady Hand (F.pilot.sh-shift, p.37)."""
    chosen = _column(chosen, "column")
    allowed = column_choices(rolled, steady_hand, weapon_class)
    if chosen not in allowed:
        k = shift_limit(steady_hand, weapon_class)
        if weapon_class != "gun":
            why = f"{weapon_class} hits are never shifted, only gun hits are"
        elif k == 0:
            why = f"Steady Hand {steady_hand} cannot shift (it takes 6 or more)"
        else:
            why = f"Steady Hand {steady_hand} shifts at most {k} column" + ("" if k == 1 else "s")
        raise IllegalShiftError(f"column {chosen} is out of reach of a roll of {rolled}: {why} "
                                f"(F.pilot.sh-shift); choose one of {list(allowed)}", field="column")
    return chosen


@dataclass(frozen=True)
class ColumnChoice:
    """A rolled damage column and the columns the attacker may choose from it."""

    rolled: int
    choices: tuple[int, ...]

    def __bool__(self) -> bool:
        return True


@dataclass(frozen=True)
class DamageColumn(ChanceEvent):
    """The d10 that picks a hit's damage column, with the choices Steady Hand opens
    (F.dmg.column, F.pilot.sh-shift, FASA p.37).

    >>> DamageColumn(9).outcome_of((1,))
    ColumnChoice(rolled=1, choices=(1, 2, 3))
    >>> DamageColumn(6).reach_chance(5)
    Fraction(3, 10)
    """

    steady_hand: int = 0
    weapon_class: str = "gun"
    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    def __post_init__(self):
        check_skill(self.steady_hand, "steady_hand")
        _weapon_class(self.weapon_class)

    def outcome_of(self, faces: Sequence[int]) -> ColumnChoice:
        (face,) = faces
        return ColumnChoice(face, column_choices(face, self.steady_hand, self.weapon_class))

    def reach_chance(self, column: int) -> Fraction:
        """Exact chance that the attacker can put the hit in ``column``."""
        column = _column(column, "column")
        return sum((p for o, p in self.outcomes().items() if column in o.choices), Fraction(0))

    def describe(self) -> str:
        k = shift_limit(self.steady_hand, self.weapon_class)
        return f"damage column d10 ({self.weapon_class}, Steady Hand {self.steady_hand}: shift up to {k})"

    def describe_outcome(self, outcome: Any) -> str:
        return f"column {outcome.rolled}; may use {', '.join(map(str, outcome.choices))}"


# ---------------------------------------------------------------------------------------------
# What a plane fires in one combat phase (F.combat.choice)


class WeaponKind(Enum):
    """How a weapon counts for the choice of what to fire (F.combat.choice, FASA p.33)."""

    GUN = "gun"
    LETHAL = "lethal launched weapon"  # rockets and bombs aimed at one target
    NON_LETHAL = "non-lethal launched weapon"  # fired at hexes, any number of them


#: launched weapons fired at a hex rather than rolled against a target (F.rocket.flak/flare/sonic)
HEX_AIMED = ("flak-rocket", "flare-rocket", "sonic-rocket")


def weapon_kind(weapon: str, *, table: Table | None = None) -> WeaponKind:
    """The kind of a weapon id: guns from the weapons table; rockets that roll to hit (AP, HE,
    beeper, seeker, drill, harpoon), bombs and torpedoes count as lethal, hex-aimed rockets
    (flak, flare, sonic) as non-lethal. Bomb and torpedo ids start ``bomb`` / ``torpedo``."""
    if weapon in HEX_AIMED:
        return WeaponKind.NON_LETHAL
    if weapon.startswith(("bomb", "torpedo")):
        return WeaponKind.LETHAL
    t = table or weapons()
    if weapon not in t:
        raise RuleInputError(f"unknown weapon {weapon!r}; known: {sorted(t.entries) + list(HEX_AIMED)}", field="weapon")
    return WeaponKind.GUN if t[weapon]["class"] == "gun" else WeaponKind.LETHAL


@dataclass(frozen=True)
class Shot:
    """One weapon fired: which mount (``"gun 1"``, ``"hardpoint 3"``), its weapon id and target
    (a plane, or a hex for a non-lethal rocket), and whether a gun doubles down."""

    mount: str
    weapon: str
    target: str
    double_down: bool = False

    @property
    def kind(self) -> WeaponKind:
        return weapon_kind(self.weapon)


@dataclass(frozen=True)
class CombatAction:
    """What one plane's pilot or gunner does in a combat phase: shots, or clearing jams."""

    shots: tuple[Shot, ...] = ()
    clear_jams: bool = False

    def __post_init__(self):
        object.__setattr__(self, "shots", tuple(self.shots))


class AttackProblem(IntFlag):
    """What can be wrong with a combat action; several at once, for a UI to list."""

    GUNS_AND_LAUNCHED = 1
    GUNS_AT_TWO_TARGETS = 2
    LETHAL_AT_TWO_TARGETS = 4
    DOUBLE_DOWN_NOT_A_GUN = 8
    JAMMED_GUN_FIRED = 16
    CLEARING_AND_FIRING = 32
    NOTHING_TO_CLEAR = 64
    MOUNT_FIRED_TWICE = 128


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a combat action, the input it concerns and the rule it breaks."""

    flag: AttackProblem
    message: str
    field: str
    rule: str


class IllegalAttackError(RuleInputError):
    """A combat action the rules do not allow; ``problems`` lists every reason."""

    def __init__(self, problems: Sequence[Problem]):
        super().__init__("; ".join(p.message for p in problems), field=problems[0].field if problems else None)
        self.problems = tuple(problems)
        self.flags = AttackProblem(0)
        for p in problems:
            self.flags |= p.flag


def combat_problems(action: CombatAction, jammed: Iterable[str] = ()) -> list[Problem]:
    """Everything wrong with ``action`` for a plane whose guns ``jammed`` are jammed (F.combat.choice,
    F.gun.double-down, F.gun.jam-clear, FASA p.33, 36). An empty list means it is allowed."""
    jammed = frozenset(jammed)
    out: list[Problem] = []
    shots = action.shots
    kinds = {s: s.kind for s in shots}
    guns = [s for s in shots if kinds[s] is WeaponKind.GUN]
    launched = [s for s in shots if kinds[s] is not WeaponKind.GUN]
    if action.clear_jams:
        if shots:
            out.append(Problem(AttackProblem.CLEARING_AND_FIRING,
                               "clearing jams is the only thing a pilot does that phase: no shots", "clear_jams", "F.gun.jam-clear"))
        if not jammed:
            out.append(Problem(AttackProblem.NOTHING_TO_CLEAR, "no gun is jammed, so there is nothing to clear",
                               "clear_jams", "F.gun.jam-clear"))
    mounts = [s.mount for s in shots]
    twice = sorted({m for m in mounts if mounts.count(m) > 1})
    if twice:
        out.append(Problem(AttackProblem.MOUNT_FIRED_TWICE, f"each weapon fires once a phase: {', '.join(twice)} listed twice",
                           "shots", "F.combat.choice"))
    if guns and launched:
        out.append(Problem(AttackProblem.GUNS_AND_LAUNCHED,
                           "fire guns or launched weapons in one phase, not both", "shots", "F.combat.choice"))
    gun_targets = sorted({s.target for s in guns})
    if len(gun_targets) > 1:
        out.append(Problem(AttackProblem.GUNS_AT_TWO_TARGETS,
                           f"all guns fire at one target, not at {', '.join(gun_targets)}", "target", "F.combat.choice"))
    lethal_targets = sorted({s.target for s in launched if kinds[s] is WeaponKind.LETHAL})
    if len(lethal_targets) > 1:
        out.append(Problem(AttackProblem.LETHAL_AT_TWO_TARGETS,
                           f"lethal rockets and bombs fire at one target, not at {', '.join(lethal_targets)}",
                           "target", "F.combat.choice"))
    not_guns = [s.mount for s in launched if s.double_down]
    if not_guns:
        out.append(Problem(AttackProblem.DOUBLE_DOWN_NOT_A_GUN,
                           f"only machine guns double down, not {', '.join(not_guns)}", "double_down", "F.gun.double-down"))
    fired_jammed = [s.mount for s in guns if s.mount in jammed]
    if fired_jammed:
        out.append(Problem(AttackProblem.JAMMED_GUN_FIRED,
                           f"{', '.join(fired_jammed)} is jammed and cannot fire until cleared", "shots", "F.gun.jam-clear"))
    return out


def check_combat_action(action: CombatAction, jammed: Iterable[str] = ()) -> CombatAction:
    """``action`` if the rules allow it, else ``IllegalAttackError`` naming every problem.

    >>> a = CombatAction((Shot("gun 1", "mg-50", "Dukes"), Shot("hardpoint 1", "ap-rocket", "Dukes")))
    >>> check_combat_action(a)
    Traceback (most recent call last):
    ...
    cs_panel.fasa.gunnery.IllegalAttackError: fire guns or launched weapons in one phase, not both
    """
    problems = combat_problems(action, jammed)
    if problems:
        raise IllegalAttackError(problems)
    return action
