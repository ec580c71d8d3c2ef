"""FASA aircraft statistics as data: each plane's ratings, guns, hardpoints and armour
(F.plane.stats, FASA p.20-21).

The rules give every plane a Max Speed of 1-5, a G rating of 0-5 for each wing, an
Acceleration of 1-3 that never exceeds its Max Speed, a Deceleration of 2 and a base to-hit
number of 1-10 (10 for the smallest, hardest to hit). ``aircraft()`` loads a table of planes and
refuses any entry outside those ranges, naming file, entry and field; ``plane(id)`` gives one
entry as an ``Aircraft``, whose ``capabilities()`` feed ``cs_panel.fasa.movement``.

The packaged table (``cs_panel/data/fasa/aircraft.json``) holds the 53 aircraft files of
Aeronaut, a fan-made design tool (research/fasa_data.md 5.2), so every entry is ``recovered``,
not printed rules. Readings of ours:

- Aeronaut stores one G rating; a "High Torque Engine" gives the port wing one more and, for a
  heavy engine, the starboard wing one less, as its own formula does (the research note shows
  the two wings already worked out).
- Bombers come from Aeronaut's bomber frames, which follow a fan supplement and not the FASA
  rulebook. Their base to-hit is mostly shown there below 1 (``"1(-4)"``); we store 1, the lowest the
  rules know, keep the tool's text in ``base_to_hit_note``, and list the departure in
  ``Aircraft.rules_notes`` rather than hide it. The same goes for gunpoints 9-10, beyond the
  eight guns of the FASA record sheet (F.plane.record-sheet, p.8-10).
- The four extra armour values of a bomber are its port and starboard bows, then its port and
  starboard sterns, in the order of Aeronaut's file (checked against Somerset.ae).
- Armour is in boxes (multiples of 10, one row of ten per 10), as Aeronaut counts it; its limit
  of 100 per section is the tool's, not a rule.

Unverified: which of these planes had record sheets in the boxed set is not established. From
memory of the 1937 aircraft review (not checked), the core box's planes were probably the
Avenger, Bloodhawk, Brigand, Coyote, Devastator, Firebrand, Fury, Kestrel, Peacemaker, Valiant,
Vampire and Warhawk.

>>> dev = plane("devastator")
>>> dev.name, dev.max_speed, dev.port_gs, dev.starboard_gs, dev.base_to_hit
('P21-JMKIII Devastator', 4, 3, 3, 5)
>>> [str(g) for g in dev.guns]
['5: .40', '6: .40', '7: .40', '8: .40']
>>> dev.capabilities()
Capabilities(max_speed=4, port_gs=3, starboard_gs=3, acceleration=3, deceleration=2, rudder_left_ok=True, rudder_right_ok=True, engine_out=False, engine_damaged=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping

from cs_panel.core.data import Entry, Field, Table, in_range, load_table
from cs_panel.core.errors import DataFileError, RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.fasa.movement import Capabilities

#: the rules' ranges (F.plane.stats, FASA p.20-21)
MAX_SPEED = (1, 5)
WING_GS = (0, 5)
ACCELERATION = (1, 3)
DECELERATION = 2
BASE_TO_HIT = (1, 10)
#: the FASA record sheet has guns 1-8 (F.plane.record-sheet)
SHEET_GUNPOINTS = 8

FRAMES = ("fighter", "heavy_fighter", "light_bomber", "heavy_bomber", "hoplite")
BOMBERS = ("light_bomber", "heavy_bomber")
PROPULSIONS = ("tractor", "pusher", "hoplite")
CALIBRES = (".30", ".40", ".50", ".60", ".70")
GRADES = ("normal", "inferior", "superior", "premium", "light")
ARMOUR_SECTIONS = ("nose", "tail", "port_wing_leading", "starboard_wing_leading", "port_wing_trailing",
                   "starboard_wing_trailing")
BOMBER_SECTIONS = ("port_bow", "starboard_bow", "port_stern", "starboard_stern")
GUN_KEYS = ("gunpoint", "calibre", "grade", "turret")


def _one_of(choices: tuple[str, ...], what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if v in choices else f"{what} must be one of {list(choices)}, got {short_repr(v)}"
    return check


def _rating(lo: int, hi: int, why: str) -> Callable[[Any], str | None]:
    inner = in_range(lo, hi)

    def check(v: Any) -> str | None:
        complaint = inner(v)
        return f"{complaint} ({why})" if complaint else None
    return check


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_guns(guns: list) -> str | None:
    seen: set[int] = set()
    for i, g in enumerate(guns):
        where = f"gun #{i}"
        if not isinstance(g, dict):
            return f"{where} must be an object with {list(GUN_KEYS)}"
        if sorted(g) != sorted(GUN_KEYS):
            return f"{where} must have exactly the keys {list(GUN_KEYS)}, got {sorted(g)}"
        point = g["gunpoint"]
        if not _whole(point) or not 1 <= point <= 10:
            return f"{where}: gunpoint must be a whole number 1-10, got {point!r}"
        if point in seen:
            return f"{where}: gunpoint {point} is used twice"
        seen.add(point)
        if g["calibre"] not in CALIBRES:
            return f"{where}: calibre must be one of {list(CALIBRES)}, got {g['calibre']!r}"
        if g["grade"] not in GRADES:
            return f"{where}: grade must be one of {list(GRADES)}, got {g['grade']!r}"
        if not isinstance(g["turret"], bool):
            return f"{where}: turret must be true or false, got {g['turret']!r}"
    return None


def _check_armour(armour: dict) -> str | None:
    missing = [s for s in ARMOUR_SECTIONS if s not in armour]
    if missing:
        return f"armour lacks the section(s) {missing}"
    unknown = sorted(set(armour) - set(ARMOUR_SECTIONS) - set(BOMBER_SECTIONS))
    if unknown:
        return f"unknown armour section(s) {unknown}; known: {list(ARMOUR_SECTIONS + BOMBER_SECTIONS)}"
    for section, boxes in armour.items():
        if not _whole(boxes) or not 0 <= boxes <= 100 or boxes % 10:
            return f"armour {section!r} must be 0-100 boxes in whole rows of 10, got {boxes!r}"
    return None


def _check_strings(values: list) -> str | None:
    bad = [v for v in values if not isinstance(v, str) or not v.strip()]
    return f"every characteristic must be a non-empty string, got {bad[0]!r}" if bad else None


AIRCRAFT_SCHEMA = {
    "name": Field(str),
    "maker": Field(str),
    "frame": Field(str, check=_one_of(FRAMES, "frame")),
    "propulsion": Field(str, check=_one_of(PROPULSIONS, "propulsion")),
    "base_to_hit": Field(int, check=_rating(*BASE_TO_HIT, "base to-hit numbers run 1-10, F.plane.stats p.20")),
    "base_to_hit_note": Field(str, required=False),
    "max_speed": Field(int, check=_rating(*MAX_SPEED, "Max Speed runs 1-5, F.plane.stats p.20")),
    "port_gs": Field(int, check=_rating(*WING_GS, "a wing's G rating runs 0-5, F.plane.stats p.20")),
    "starboard_gs": Field(int, check=_rating(*WING_GS, "a wing's G rating runs 0-5, F.plane.stats p.20")),
    "acceleration": Field(int, check=_rating(*ACCELERATION, "Acceleration runs 1-3, F.plane.stats p.20")),
    "deceleration": Field(int, check=_rating(DECELERATION, DECELERATION, "every plane decelerates 2, F.plane.stats p.20")),
    "crew": Field(int, check=in_range(1, 10)),
    "engines": Field(int, check=in_range(1, 8)),
    "guns": Field(list, check=_check_guns),
    "hardpoints": Field(int, check=in_range(0, 10)),
    "armour": Field(dict, check=_check_armour),
    "characteristics": Field(list, check=_check_strings),
}


@lru_cache(maxsize=None)
def aircraft(source: str = "package:fasa/aircraft.json") -> Table:
    """The table of aircraft (packaged, or a path to your own file), each entry inside the rules' ranges.

    Besides each field's own range, Acceleration may not exceed Max Speed (F.plane.stats, p.20).
    """
    table = load_table(source, AIRCRAFT_SCHEMA)
    for e in table:
        if e["acceleration"] > e["max_speed"]:
            raise DataFileError(source, f"acceleration {e['acceleration']} is above max speed {e['max_speed']} "
                                "(acceleration never exceeds max speed, F.plane.stats p.20)",
                                entry=e.id, field="acceleration")
    return table


@dataclass(frozen=True)
class Gun:
    """One gun of a plane: its gunpoint on the record sheet, calibre, grade and whether it sits in a turret."""

    gunpoint: int
    calibre: str
    grade: str = "normal"
    turret: bool = False

    def __str__(self) -> str:
        grade = "" if self.grade == "normal" else f" {self.grade}"
        return f"{self.gunpoint}: {self.calibre}{grade}{' turret' if self.turret else ''}"


@dataclass(frozen=True)
class Aircraft:
    """One plane of an aircraft table, read-only (F.plane.stats, FASA p.20-21)."""

    id: str
    name: str
    maker: str
    frame: str
    propulsion: str
    base_to_hit: int
    max_speed: int
    port_gs: int
    starboard_gs: int
    acceleration: int
    deceleration: int
    crew: int
    engines: int
    guns: tuple[Gun, ...]
    hardpoints: int
    armour: tuple[tuple[str, int], ...]  # (section, boxes), in the file's order
    characteristics: tuple[str, ...]
    provenance: str
    source: str
    base_to_hit_note: str | None = None

    @classmethod
    def from_entry(cls, e: Entry) -> "Aircraft":
        return cls(
            id=e.id, name=e["name"], maker=e["maker"], frame=e["frame"], propulsion=e["propulsion"],
            base_to_hit=e["base_to_hit"], max_speed=e["max_speed"], port_gs=e["port_gs"],
            starboard_gs=e["starboard_gs"], acceleration=e["acceleration"], deceleration=e["deceleration"],
            crew=e["crew"], engines=e["engines"],
            guns=tuple(Gun(g["gunpoint"], g["calibre"], g["grade"], g["turret"]) for g in e["guns"]),
            hardpoints=e["hardpoints"], armour=tuple((k, v) for k, v in e["armour"].items()),
            characteristics=tuple(e["characteristics"]), provenance=e.provenance, source=e.source,
            base_to_hit_note=e.get("base_to_hit_note"),
        )

    def capabilities(self) -> Capabilities:
        """The undamaged plane's performance, for ``cs_panel.fasa.movement`` (F.plane.stats)."""
        return Capabilities(max_speed=self.max_speed, port_gs=self.port_gs, starboard_gs=self.starboard_gs,
                            acceleration=self.acceleration, deceleration=self.deceleration)

    def ratings(self) -> dict[str, int]:
        """The performance ratings by name, as ``Capabilities`` takes them (max_speed, port_gs, ...)."""
        c = self.capabilities()
        return {"max_speed": c.max_speed, "port_gs": c.port_gs, "starboard_gs": c.starboard_gs,
                "acceleration": c.acceleration, "deceleration": c.deceleration}

    def armour_of(self, section: str) -> int:
        """Armour boxes of one section (0 for a bomber section a fighter lacks)."""
        if section not in ARMOUR_SECTIONS + BOMBER_SECTIONS:
            raise RuleInputError(f"unknown armour section {section!r}; known: {list(ARMOUR_SECTIONS + BOMBER_SECTIONS)}",
                                 field="section")
        return dict(self.armour).get(section, 0)

    @property
    def bomber(self) -> bool:
        return self.frame in BOMBERS

    @property
    def rules_notes(self) -> tuple[str, ...]:
        """Where this entry goes beyond the FASA rules (stored as the source gives it, not clamped)."""
        notes = []
        if self.base_to_hit_note:
            below = "(-" in self.base_to_hit_note  # "1(-4)": the tool's bomber scale goes under 1
            notes.append(f"base to-hit given as {self.base_to_hit_note!r}"
                         + (f", below the rules' lowest of {BASE_TO_HIT[0]}" if below else ", on the tool's bomber scale")
                         + f"; stored as {self.base_to_hit} (F.plane.stats p.20)")
        if self.bomber:
            notes.append("a bomber frame of the design tool, from a fan supplement: the FASA rulebook has no bombers")
            # no bomber layout was recovered (rules/MISSING.md), so the sheet is a fighter's: say what that drops
            bows = {t: self.armour_of(t) for t in BOMBER_SECTIONS if self.armour_of(t)}
            if bows:
                notes.append("no bomber record-sheet layout was recovered: its sheet uses the fighter layout, so its "
                             f"bow and stern armour ({', '.join(f'{t} {v}' for t, v in bows.items())}) is not on it "
                             "(F.plane.record-sheet p.8-10, RULINGS.md)")
        extra = [g.gunpoint for g in self.guns if g.gunpoint > SHEET_GUNPOINTS]
        if extra:
            notes.append(f"gunpoint(s) {extra} beyond the {SHEET_GUNPOINTS} guns of the FASA record sheet "
                         "(F.plane.record-sheet p.8-10)")
        return tuple(notes)

    def summary(self) -> str:
        """One line of ratings, as a record sheet lists them."""
        return (f"{self.name} ({self.maker}): base to-hit {self.base_to_hit}, max speed {self.max_speed}, "
                f"Gs {self.port_gs}/{self.starboard_gs}, acceleration {self.acceleration}, "
                f"deceleration {self.deceleration}")


@lru_cache(maxsize=None)
def planes(source: str = "package:fasa/aircraft.json") -> tuple[Aircraft, ...]:
    """Every plane of an aircraft table, in file order."""
    return tuple(Aircraft.from_entry(e) for e in aircraft(source))


def plane(plane_id: str, source: str = "package:fasa/aircraft.json", *, field: str = "plane") -> Aircraft:
    """One plane by id (``"devastator"``); an unknown id is an error naming ``field``."""
    table = aircraft(source)
    if plane_id not in table:
        raise RuleInputError(f"unknown plane {plane_id!r}; the table knows {sorted(e.id for e in table)}", field=field)
    return Aircraft.from_entry(table[plane_id])


def by_id(source: str = "package:fasa/aircraft.json") -> Mapping[str, Aircraft]:
    """Every plane of a table by id."""
    return {a.id: a for a in planes(source)}


def choices(source: str = "package:fasa/aircraft.json") -> dict[str, str]:
    """A label for each plane ("P21-JMKIII Devastator (Hughes)") mapped to its id, in file order."""
    return {f"{a.name} ({a.maker})": a.id for a in planes(source)}


__all__ = ["Aircraft", "Gun", "aircraft", "plane", "planes", "by_id", "choices", "AIRCRAFT_SCHEMA"]
