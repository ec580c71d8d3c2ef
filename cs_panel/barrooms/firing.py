"""Firearms on foot: the to-hit number, rate of fire, weapon rules, cover and armour, lobbed
shots, grenades, shock, hit location, jams and the order of a turn (B.fire.target, B.fire.rate,
B.weapons, B.cover, B.lob, B.grenade, B.shock, B.hitloc, B.jam, B.sequence;
*Crimson Bar-rooms*, Firing modifiers to Firing Method).

- **To hit** (B.fire.target): the target's base number plus the range in hexes minus the shooter's
  Deadeye, with the modifiers for both sides' movement (B.move.gait), cover, shock and the
  weapon; roll a d10 at or above it.
- **Rate of fire** (B.fire.rate): every shot after the first in a turn adds 1; a submachine gun
  adds half a point a burst; shotguns add nothing. Rifles and guns on full automatic count only
  half the range beyond 10 hexes.
- **Cover** (B.cover): in cover and not firing, +3 to be hit; firing from cover, +1. A hit on
  someone in cover must also beat the cover value on a d10 unless the weapon's penetration is
  greater than the cover's armour.
- **Lobbing** (B.lob): up to 5 hexes past a weapon's range, a hit needs a 10 on a d10 and then a
  6 on a d6.
- **Grenades** (B.grenade): thrown Stamina + Deadeye hexes, they land where aimed. An explosive
  one hits everything in its hex with five .30-06 rounds, through any cover, and rolls five .45
  shots at each adjacent hex; a flash-bang shocks its hex and makes the adjacent hexes roll.
- **Shock** (B.shock): anyone hit rolls a d10 of 8 minus Steady Mind (7 for a concealable handgun)
  or loses 1 from every stat until a later roll of 8 minus Constitution shakes it off.
- **Hit location** (B.hitloc): d10: 1 left leg, 2 right leg, 3-5 torso, 6-7 right arm, 8-9 left arm,
  10 head. The damage card that said what each location's hits do was lost (MISSING.md); ours is
  in ``damage`` (reconstructed), and its wound terms join the to-hit number through ``wounds``.
- **Jams** (B.jam): an inferior weapon jams on a to-hit roll of 1 or 2; clearing it takes 8 minus
  Steady Mind, and a 1 breaks the gun for good.
- **Order** (B.sequence): the lowest Quickdraw moves first; then fists and knives; then the highest
  Quickdraw fires first.

Readings of our own (RULINGS.md): a weapon's "bonus to the roll" is taken off the target number;
the pump shotgun plays by its own entry (+1 at 3-8 hexes, -1 from 9), the Shotgun Rules' bands
are the variant ``barrooms.shotgun-rules``; a person's base number is 5 (``reconstructed``).

>>> print(to_hit("person", 4, deadeye=5, weapon="colt-1911", shots=3))
5 a person + 4 range 4 hexes - 5 Deadeye 5 + 2 2 extra shots = 6 (50%)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Sequence

from cs_panel.barrooms.movement import Gait
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import short_repr
from cs_panel.core.data import Field, Table, load_table
from cs_panel.core.dice import ChanceEvent, D10Check
from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.core.variants import OFFICIAL, RuleSet, Variant, register_variant

LOB_EXTRA = 5  # B.lob
COVER_HIDING, COVER_FIRING = 3, 1  # B.cover
SHOCK_BASE, SHOCK_BASE_CONCEALABLE = 8, 7  # B.shock
JAM_FACES = (1, 2)  # B.jam
PUNCHED_PENALTY = 2  # B.melee: punched by a man one hex away before firing
GRENADE_ROUNDS = 5  # B.grenade

SHOTGUN_RULES = register_variant(Variant(
    name="barrooms.shotgun-rules",
    description="The pump shotgun uses the general Shotgun Rules' bands (+1 to 4 hexes, 0 at 5-6, -1 at 7-8, no "
                "hit past 8) instead of its own entry's (+1 at 3-8, -1 from 9).",
    rule="B.weapons",
    source="Crimson Bar-rooms, Shotgun Rules",
))


class FiringError(RuleInputError):
    """A shot the rules do not allow, or an input out of range."""


def _band_check(v: Any) -> str | None:
    if not isinstance(v, list):
        return "bands are a list of [from, to, roll modifier]"
    for b in v:
        if not (isinstance(b, list) and len(b) == 3 and all(isinstance(x, int) for x in b) and b[0] <= b[1]):
            return f"a band is [from, to, roll modifier] with from <= to, got {b!r}"
    return None


WEAPON_SCHEMA = {
    "name": Field(str),
    "capacity": Field(int),
    "shots": Field(int),
    "penetration": Field(int),
    "reload": Field((int, float)),
    "class": Field(str, check=lambda v: None if v in ("handgun", "longarm", "missile") else f"unknown class {short_repr(v)}"),
    "rules": Field(list),
    "bands": Field(list, check=_band_check),
    "max_range": Field(int, required=False),
    "carry_stamina": Field(int, required=False),
}

TARGET_SCHEMA = {"name": Field(str), "base": Field(int), "per_speed": Field(int)}


@lru_cache(maxsize=None)
def weapons(source: str = "package:barrooms/weapons.json") -> Table:
    return load_table(source, WEAPON_SCHEMA)


@lru_cache(maxsize=None)
def targets(source: str = "package:barrooms/targets.json") -> Table:
    return load_table(source, TARGET_SCHEMA)


def _whole(v: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
    # no rule caps a range or a speed; the project's count limit keeps every number finite and printable
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or (hi is not None and v > hi):
        span = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise FiringError(f"{name.replace('_', ' ')} is a whole number {span}, got {short_repr(v)}", field=name)
    if v > LIMITS["count"].hi:
        raise FiringError(f"{name.replace('_', ' ')} {short_repr(v)} is over {LIMITS['count'].hi} (project limit: "
                          f"{LIMITS['count'].why})", field=name)
    return v


def _weapon(weapon: str) -> Any:
    table = weapons()
    if weapon not in table:
        raise FiringError(f"unknown weapon {weapon!r}; known: {sorted(table.entries)}", field="weapon")
    return table[weapon]


def bands(weapon: str, rules: RuleSet = OFFICIAL) -> tuple[tuple[int, int, int], ...]:
    """The weapon's range bands: (from, to, modifier to the roll)."""
    if weapon == "pump-shotgun" and rules.enabled(SHOTGUN_RULES.name):
        return ((1, 4, 1), (5, 6, 0), (7, 8, -1))
    return tuple(tuple(b) for b in _weapon(weapon)["bands"])  # type: ignore[misc]


def max_range(weapon: str, rules: RuleSet = OFFICIAL) -> int | None:
    """The farthest a weapon aims: a bow 10, a shotgun under the Shotgun Rules 8; None when unstated."""
    if weapon == "pump-shotgun" and rules.enabled(SHOTGUN_RULES.name):
        return 8
    return _weapon(weapon).get("max_range")


def range_term(weapon: str | None, range_hexes: int, full_auto: bool = False) -> Modifier:
    """+1 a hex; rifles and full-auto fire count half the range once it passes 10 (B.fire.rate).
    Only a weapon that fires bursts can fire on full auto."""
    if full_auto and (weapon is None or "burst" not in _weapon(weapon)["rules"]):
        what = f"the {_weapon(weapon)['name']} does not" if weapon is not None else "no weapon is chosen"
        raise FiringError(f"only a weapon that fires bursts fires on full auto; {what} (B.fire.rate)", field="full_auto")
    halves = weapon is not None and ("rifle" in _weapon(weapon)["rules"] or full_auto)
    if halves and range_hexes > 10:
        return Modifier(range_hexes // 2, f"range {range_hexes} hexes, halved past 10", "B.fire.rate")
    return Modifier(range_hexes, f"range {range_hexes} hexes", "B.fire.target")


def extra_shots_term(weapon: str | None, shots: int) -> Modifier | None:
    """+1 for each shot after the first; a submachine gun +1/2 a burst, rounded down; shotguns 0 (B.fire.rate)."""
    if shots <= 1 and not (weapon and "submachine-gun" in _weapon(weapon)["rules"]):
        return None
    rules = _weapon(weapon)["rules"] if weapon else []
    if "no-extra-shot-penalty" in rules:
        return None
    if "submachine-gun" in rules:
        v = shots // 2
        return Modifier(v, f"{shots} bursts at half a point each", "B.fire.rate") if v else None
    return Modifier(shots - 1, f"{shots - 1} extra shot{'s' if shots > 2 else ''}", "B.fire.rate")


def to_hit(target: str | int, range_hexes: int, deadeye: int, *, weapon: str | None = None, shots: int = 1,
           target_speed: int = 0, shooter_gait: Gait | str = Gait.STILL, target_gait: Gait | str = Gait.STILL,
           cover: str | None = None, shooter_shock: int = 0, punched: bool = False, full_auto: bool = False,
           melee_skill: int | None = None, rules: RuleSet = OFFICIAL, wounds: Sequence[Modifier] = ()) -> TargetNumber:
    """The explained to-hit number of one shot or volley (B.fire.target and its modifiers).

    ``target`` names a base number from the targets table ("person", "car", ...) or gives one.
    ``cover``: None, "hiding" (in cover, not firing) or "firing" (firing from cover). ``shots``
    counts the shots (or bursts) this gun fires this turn. A bow aims with Melee (``melee_skill``).
    ``wounds`` are the shooter's wound terms from his damage card
    (``damage.DamageCard.firing_terms(hand)``, reconstructed), added as they are."""
    range_hexes = _whole(range_hexes, "range_hexes")
    deadeye = _whole(deadeye, "deadeye", 0, 10)
    shots = _whole(shots, "shots", 1)
    sg, tg = Gait.coerce(shooter_gait, "shooter_gait"), Gait.coerce(target_gait, "target_gait")
    if not sg.can_fire:
        raise FiringError("a swimmer cannot fire (B.move.special)", field="shooter_gait")
    terms: list[Modifier] = []
    if isinstance(target, str):
        table = targets()
        if target not in table:
            raise FiringError(f"unknown target {target!r}; known: {sorted(table.entries)}", field="target")
        e = table[target]
        terms.append(Modifier(e["base"], e["name"], "B.fire.target"))
        if e["per_speed"]:
            terms.append(Modifier(e["per_speed"] * _whole(target_speed, "target_speed"), f"its last speed {target_speed}",
                                  "B.fire.target"))
    else:
        terms.append(Modifier(_whole(target, "target", 0, 20), "target's base number", "B.fire.target"))
    if weapon is not None:
        w = _weapon(weapon)
        if shots > w["shots"]:
            times = "once" if w["shots"] == 1 else f"{w['shots']} times"
            raise FiringError(f"a {w['name']} fires at most {times} a turn, not {shots} (B.weapons)", field="shots")
        top = max_range(weapon, rules)
        if top is not None and range_hexes > top:
            raise FiringError(f"a {w['name']} reaches {top} hexes, not {range_hexes}: lob instead (B.lob, B.weapons)",
                              field="range_hexes")
    terms.append(range_term(weapon, range_hexes, full_auto))
    if weapon is not None and "uses-melee" in _weapon(weapon)["rules"]:
        if melee_skill is None:
            raise FiringError("a bow is aimed with Melee, not Deadeye: give melee_skill (B.knife)", field="melee_skill")
        terms.append(Modifier(-_whole(melee_skill, "melee_skill", 0, 10), f"Melee {melee_skill}", "B.knife"))
    else:
        terms.append(Modifier(-deadeye, f"Deadeye {deadeye}", "B.fire.target"))
    extra = extra_shots_term(weapon, shots)
    if extra:
        terms.append(extra)
    if sg.fire_penalty:
        terms.append(Modifier(sg.fire_penalty, f"firing while {sg.value}", "B.move.gait"))
    if tg.target_penalty:
        terms.append(Modifier(tg.target_penalty, f"target {tg.value}", "B.move.gait" if tg is not Gait.SWIM else "B.move.special"))
    if cover is not None:
        if cover not in ("hiding", "firing"):
            raise FiringError(f"cover is 'hiding' (not firing back) or 'firing', got {cover!r}", field="cover")
        terms.append(Modifier(COVER_HIDING if cover == "hiding" else COVER_FIRING,
                              "target in cover, not firing" if cover == "hiding" else "target firing from cover", "B.cover"))
    if shooter_shock:
        terms.append(Modifier(_whole(shooter_shock, "shooter_shock"), "shooter shocked (every stat -1)", "B.shock"))
    if punched:
        terms.append(Modifier(PUNCHED_PENALTY, "punched this turn before firing", "B.melee"))
    for w in wounds:
        if not isinstance(w, Modifier):
            raise FiringError(f"wounds are labelled Modifier terms (DamageCard.firing_terms), got {w!r}", field="wounds")
        terms.append(w)
    if weapon is not None:
        for lo, hi, mod in bands(weapon, rules):
            if lo <= range_hexes <= hi and mod:
                terms.append(Modifier(-mod, f"{_weapon(weapon)['name']} at {lo}-{hi} hexes ({mod:+d} to the roll)", "B.weapons"))
    return TargetNumber(tuple(terms), what="to hit")


# -- B.cover -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CoverRoll(ChanceEvent):
    """A hit on someone behind cover: a d10 above the cover value gets past it; a weapon whose
    penetration is above the cover's armour goes straight through, no roll (B.cover)."""

    cover: int
    armour: int
    penetration: int
    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    def __post_init__(self):
        _whole(self.cover, "cover_value", 0, 10)  # a d10 must roll above it
        _whole(self.armour, "armour")
        _whole(self.penetration, "penetration")

    @property
    def goes_through(self) -> bool:
        return self.penetration > self.armour

    def outcome_of(self, faces: Sequence[int]) -> bool:
        return self.goes_through or faces[0] > self.cover

    def outcomes(self):
        if self.goes_through:
            return {True: Fraction(1)}
        return super().outcomes()

    def describe(self) -> str:
        if self.goes_through:
            return f"penetration {self.penetration} beats armour {self.armour}: the cover does not stop it"
        return f"cover roll: d10 above cover {self.cover} gets past it (armour {self.armour} stops penetration {self.penetration})"

    def describe_outcome(self, outcome) -> str:
        return "hits the target" if outcome else "hits the cover"


# -- B.lob --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Lob(ChanceEvent):
    """A shot lobbed up to 5 hexes beyond range: a 10 on a d10, then a 6 on a d6 (B.lob).

    >>> Lob().chance
    Fraction(1, 60)
    """

    dice: tuple[int, ...] = field(default=(10, 6), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> bool:
        return faces[0] == 10 and faces[1] == 6

    def describe(self) -> str:
        return "lobbed shot: d10 of 10, then d6 of 6"


def lob_allowed(weapon: str, range_hexes: int, rules: RuleSet = OFFICIAL) -> bool:
    top = max_range(weapon, rules)
    if top is None:
        raise FiringError(f"the {_weapon(weapon)['name']} has no stated range to lob past", field="weapon")
    return top < range_hexes <= top + LOB_EXTRA


# -- B.grenade ----------------------------------------------------------------------------------------

def grenade_reach(stamina: int, deadeye: int) -> int:
    """How far a grenade is thrown: Stamina + Deadeye hexes (B.grenade)."""
    return _whole(stamina, "stamina", 0, 6) + _whole(deadeye, "deadeye", 0, 10)


@dataclass(frozen=True)
class GrenadeEffect:
    kind: str
    in_hex: str
    around: str


def grenade(kind: str) -> GrenadeEffect:
    """What an explosive or flash-bang grenade does where it lands and next to it (B.grenade)."""
    if kind == "explosive":
        return GrenadeEffect(kind, f"{GRENADE_ROUNDS} .30-06 hits on everything in the hex, through any cover",
                             f"{GRENADE_ROUNDS} .45 ACP shots rolled at each adjacent hex, as from a pistol")
    if kind == "flash-bang":
        return GrenadeEffect(kind, "everyone shocked: +2 to all their numbers, half movement, until shaken off (8 - Constitution)",
                             "everyone rolls 8 - Constitution or is shocked")
    raise FiringError(f"a grenade is 'explosive' or 'flash-bang', not {kind!r}", field="kind")


# -- B.shock, B.jam -----------------------------------------------------------------------------------

def shock_check(steady_mind: int, concealable_handgun: bool = False) -> TargetNumber:
    """The d10 a hit character needs to avoid shock: 8 (7 against a concealable handgun) - Steady Mind (B.shock)."""
    base = SHOCK_BASE_CONCEALABLE if concealable_handgun else SHOCK_BASE
    return TargetNumber((Modifier(base, "base" + (" (concealable handgun)" if concealable_handgun else ""), "B.shock"),
                         Modifier(-_whole(steady_mind, "steady_mind", 0, 10), f"Steady Mind {steady_mind}", "B.shock")),
                        what="avoid shock")


def shake_off(constitution: int) -> TargetNumber:
    """The d10 that shakes off shock: 8 - Constitution (B.shock, B.grenade)."""
    return TargetNumber((Modifier(SHOCK_BASE, "base", "B.shock"),
                         Modifier(-_whole(constitution, "constitution", 0, 10), f"Constitution {constitution}", "B.shock")),
                        what="shake off shock")


def jams(face: int, inferior: bool) -> bool:
    """An inferior weapon jams when its to-hit die shows 1 or 2 (B.jam)."""
    return inferior and face in JAM_FACES


@dataclass(frozen=True)
class Unjam(ChanceEvent):
    """Clearing a jam: d10 against 8 - Steady Mind; an inferior weapon showing 1 is broken for good (B.jam).
    Outcome: "cleared", "jammed" or "broken"."""

    steady_mind: int
    inferior: bool = True
    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    @property
    def target(self) -> TargetNumber:
        return TargetNumber((Modifier(SHOCK_BASE, "base", "B.jam"),
                             Modifier(-_whole(self.steady_mind, "steady_mind", 0, 10), f"Steady Mind {self.steady_mind}", "B.jam")),
                            what="clear the jam")

    def outcome_of(self, faces: Sequence[int]) -> str:
        (f,) = faces
        if self.inferior and f == 1:
            return "broken"
        return "cleared" if D10Check(self.target.total).outcome_of((f,)) else "jammed"

    def describe(self) -> str:
        return f"clear a jam: {self.target}"


# -- B.hitloc -----------------------------------------------------------------------------------------

HIT_LOCATIONS = ((1, 1, "left leg"), (2, 2, "right leg"), (3, 5, "torso"), (6, 7, "right arm"), (8, 9, "left arm"),
                 (10, 10, "head"))


@dataclass(frozen=True)
class HitLocation(ChanceEvent):
    """Where a hit lands: d10 on the hit table (B.hitloc).

    >>> {k: str(v) for k, v in HitLocation().outcomes().items()}["torso"]
    '3/10'
    """

    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> str:
        (f,) = faces
        return next(name for lo, hi, name in HIT_LOCATIONS if lo <= f <= hi)

    def describe(self) -> str:
        return "hit location: d10"


# -- B.sequence ---------------------------------------------------------------------------------------

def turn_order(quickdraw: dict[str, int]) -> dict[str, list[str]]:
    """Who moves and who fires in what order (B.sequence): movement from the lowest Quickdraw up,
    then hand-to-hand and knives, then firing from the highest down. Ties keep the order given
    (roll them off at the table)."""
    for k, v in quickdraw.items():
        _whole(v, f"quickdraw of {k}", 0, 10)
    up = sorted(quickdraw, key=lambda k: quickdraw[k])
    down = sorted(quickdraw, key=lambda k: -quickdraw[k])
    return {"move": up, "melee": list(quickdraw), "fire": down}


def chance_all(events: Iterable[ChanceEvent]) -> Fraction:
    """The chance that every one of several independent rolls succeeds."""
    return math.prod((e.chance for e in events), start=Fraction(1))
