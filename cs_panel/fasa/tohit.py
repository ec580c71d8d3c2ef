"""The FASA to-hit number and the shock roll.

To hit, roll a d10 at or above: the target's base to-hit number, plus the deflection modifier
for the angle of attack, plus one per hex of range, minus the firer's Dead Eye, plus the
weapon's modifier, plus 2 if the firer is shocked (F.hit.number, FASA p.35). A 10 always hits
and a 1 always misses (F.dice.d10, p.11).

>>> print(to_hit_number(4, Deflection.NOSE_TO_NOSE, 2, dead_eye=6))
4 base to-hit + 2 nose to nose + 2 range 2 hexes - 6 Dead Eye 6 = 2 (90%)
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache

from cs_panel.core.data import Entry, Field, Table, in_range, load_table
from cs_panel.core.errors import OutOfRangeError, RuleInputError, SkillOutOfRangeError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.fasa.hexgrid import Facing, Hex, hexsides_toward

SKILL_MIN, SKILL_MAX = 0, 10  # F.pilot.skills: every skill runs 0-10 (p.17-19)


class Deflection(Enum):
    """The angle of attack, seen from the target (F.hit.deflection, FASA p.35)."""

    DIRECTLY_BEHIND = (0, "directly behind")
    REAR_OFF_CENTRE = (1, "rear arc, one hexside off centre")
    NOSE_TO_NOSE = (2, "nose to nose")
    FRONT_OFF_CENTRE = (3, "front arc, one hexside off centre")

    @property
    def modifier(self) -> int:
        return self.value[0]

    @property
    def label(self) -> str:
        return self.value[1]

    @classmethod
    def parse(cls, text: "str | Deflection") -> "Deflection":
        if isinstance(text, Deflection):
            return text
        key = str(text).strip().upper().replace("-", "_").replace(" ", "_")
        if key in cls.__members__:
            return cls[key]
        for d in cls:
            if d.label == str(text).strip().lower():
                return d
        raise RuleInputError(
            f"unknown deflection {text!r}; choose one of {[d.name for d in cls]}", field="deflection"
        )


#: which deflection an attacker gets from the target's hexside it sits on (F.hit.deflection)
DEFLECTION_BY_HEXSIDE = {
    Facing.A: Deflection.NOSE_TO_NOSE,
    Facing.B: Deflection.FRONT_OFF_CENTRE,
    Facing.F: Deflection.FRONT_OFF_CENTRE,
    Facing.C: Deflection.REAR_OFF_CENTRE,
    Facing.E: Deflection.REAR_OFF_CENTRE,
    Facing.D: Deflection.DIRECTLY_BEHIND,
}


def attack_hexside(target_hex: Hex, target_facing: Facing, attacker_hex: Hex) -> Facing | None:
    """The target's hexside an attack comes through (F.hit.deflection, F.hitloc.table, p.35-36),
    or None when the two planes share a hex.

    An attacker on a line through one of the target's corners is equally near two hexsides and
    the rules do not say which counts. Our reading (RULINGS.md): the one with the larger
    deflection modifier, the harder shot, as hex games usually let the defender have the
    doubtful angle. So A|B gives B, B|C gives B, C|D gives C, and the same on the port side.

    >>> attack_hexside(Hex(0, 0), Facing.A, Hex(1, -2))   # on the corner between A and B
    <Facing.B: 1>
    """
    sides = hexsides_toward(target_hex, target_facing, attacker_hex)
    if not sides:
        return None
    return max(sides, key=lambda f: DEFLECTION_BY_HEXSIDE[f].modifier)


def deflection_from(target_hex: Hex, target_facing: Facing, attacker_hex: Hex) -> Deflection:
    """The deflection an attacker at ``attacker_hex`` gets against a target, from the target's
    hexside that faces the attacker (F.hit.deflection, p.35; diagram reading from the recovered
    hit-location sheet); on a corner line, the harder of the two (``attack_hexside``). Same hex
    has no angle: that is an error to name."""
    side = attack_hexside(target_hex, target_facing, attacker_hex)
    if side is None:
        raise RuleInputError("attacker and target share a hex: choose the deflection yourself", field="deflection")
    return DEFLECTION_BY_HEXSIDE[side]


WEAPON_SCHEMA = {
    "name": Field(str),
    "class": Field(str, check=lambda v: None if v in ("gun", "rocket", "harpoon") else f"unknown weapon class {short_repr(v)}"),
    "range": Field(int, check=in_range(0, 20)),
    "modifier": Field(int, check=in_range(-5, 10)),
}


@lru_cache(maxsize=None)
def weapons(source: str = "package:fasa/weapons.json") -> Table:
    """The table of weapons that roll to hit (packaged, or a path to your own file)."""
    return load_table(source, WEAPON_SCHEMA)


def weapon_entry(weapon: str | Entry, table: Table | None = None) -> Entry:
    """The weapons-table entry for ``weapon`` (an id, or an entry given as is); an unknown id is
    an input error on ``weapon`` that lists the ids the table knows."""
    if isinstance(weapon, Entry):
        return weapon
    t = table if table is not None else weapons()
    if not isinstance(weapon, str) or weapon not in t:
        raise RuleInputError(
            f"unknown weapon {weapon!r}; choose one of {list(t.entries)} (weapons table {t.path})", field="weapon"
        )
    return t[weapon]


def check_skill(value: int, field: str) -> int:
    """A skill level must be a whole number 0-10 (F.pilot.skills, p.17-19).

    ``field`` is the input's name (``"dead_eye"``); the message names the skill as players do.
    """
    label = field.replace("_", " ").title()
    if isinstance(value, bool) or not isinstance(value, int):
        raise SkillOutOfRangeError(f"{label} must be a whole number, got {short_repr(value)}", field=field)
    if not SKILL_MIN <= value <= SKILL_MAX:
        raise SkillOutOfRangeError(
            f"{label} {value} is outside the skill levels {SKILL_MIN}-{SKILL_MAX} (F.pilot.skills, FASA p.17)",
            field=field,
        )
    return value


LABELS = {"target_base": "target base to-hit number", "range_hexes": "range", "constitution": "Constitution"}


def _check_int(value, field: str, lo: int, hi: int | None, why: str) -> int:
    label = LABELS.get(field, field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleInputError(f"{label} must be a whole number, got {short_repr(value)}", field=field)
    if value < lo or (hi is not None and value > hi):
        bounds = f"{lo}-{hi}" if hi is not None else f"at least {lo}"
        raise RuleInputError(f"{label} {value} must be {bounds} ({why})", field=field)
    return value


def to_hit_number(
    target_base: int,
    deflection: Deflection | str,
    range_hexes: int,
    dead_eye: int = 0,
    weapon: str | Entry = "mg-50",
    shocked: bool = False,
    *,
    table: Table | None = None,
) -> TargetNumber:
    """The explained to-hit number for one weapon (F.hit.number, FASA p.35).

    ``range_hexes`` counts the target's hex but not the firer's, so it is the hex distance and a
    target in the firer's own hex is at range 0 (F.hit.range). A target beyond the weapon's range
    cannot be shot at, and says so.
    """
    target_base = _check_int(target_base, "target_base", 1, 10, "base to-hit numbers run 1-10, F.plane.stats p.20")
    deflection = Deflection.parse(deflection)
    range_hexes = _check_int(range_hexes, "range_hexes", 0, None, "hexes to the target, F.hit.range p.35")
    dead_eye = check_skill(dead_eye, "dead_eye")
    w = weapon_entry(weapon, table)
    if range_hexes > w["range"]:
        raise OutOfRangeError(
            f"a target {range_hexes} hexes away is beyond the {w['name']}'s range of {w['range']} (F.combat.arc, FASA p.33)",
            field="range_hexes",
        )
    terms = [
        Modifier(target_base, "base to-hit", "F.hit.number"),
        Modifier(deflection.modifier, deflection.label, "F.hit.deflection"),
        Modifier(range_hexes, f"range {range_hexes} hex" + ("" if range_hexes == 1 else "es"), "F.hit.range"),
        Modifier(-dead_eye, f"Dead Eye {dead_eye}", "F.hit.number"),
    ]
    if w["modifier"]:
        terms.append(Modifier(w["modifier"], w["name"], "F.hit.weapon-mod"))
    if shocked:
        terms.append(Modifier(2, "firer shocked", "F.shock"))
    notes = []
    if w.provenance != "rules":
        notes.append(f"{w['name']}: {w.provenance} data ({w.source})")
    return TargetNumber(tuple(terms), what=f"to hit with a {w['name']}", notes=tuple(notes))


def shock_roll(constitution: int, already_shocked: bool = False) -> TargetNumber:
    """The Constitution roll that avoids shock: 10 - current Constitution, +2 if already shocked
    (F.shock, FASA p.36; F.pilot.constitution, p.17). A pilot at 0 Constitution is dead and rolls nothing.

    >>> print(shock_roll(3))
    10 base - 3 Constitution 3 = 7 (40%)
    """
    constitution = _check_int(constitution, "constitution", 1, 10, "0 Constitution is a dead pilot, F.pilot.constitution p.17")
    terms = [
        Modifier(10, "base", "F.shock"),
        Modifier(-constitution, f"Constitution {constitution}", "F.pilot.constitution"),
    ]
    if already_shocked:
        terms.append(Modifier(2, "already shocked", "F.shock"))
    return TargetNumber(tuple(terms), what="Constitution roll to avoid shock")


def to_hit_by_range(
    target_base: int,
    deflection: Deflection | str,
    dead_eye: int = 0,
    weapon: str | Entry = "mg-50",
    shocked: bool = False,
    *,
    table: Table | None = None,
) -> list[TargetNumber]:
    """The to-hit number at every range the weapon reaches, 0 first: how the odds fall off."""
    w = weapon_entry(weapon, table)
    return [to_hit_number(target_base, deflection, r, dead_eye, w, shocked) for r in range(w["range"] + 1)]
