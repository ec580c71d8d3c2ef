"""Launched and dropped weapons: hardpoints, rockets, bombs and the aerial torpedo
(F.weap.loadout, F.rocket.ap-he, F.rocket.flak, F.rocket.flare, F.rocket.sonic, F.rocket.harpoon,
F.rocket.beeper-seeker, F.rocket.drill, F.bomb, F.torpedo; FASA *Crimson Skies*, Weapons, p.40-45).

- **Loadout** (F.weap.loadout, p.41-42): each weapon takes hardpoints (a rocket 1 or 1/2, a
  torpedo 2, bombs by size); a plane carries no more than it has.
- **AP and HE rockets** (F.rocket.ap-he, p.42): range 4, +1 to hit, the usual to-hit number; each
  rocket that hits rolls its own hit location.
- **Flak** (F.rocket.flak, p.42): aimed at a hex, it always hits and goes off at the end of the next
  movement phase: one hit on everything in the mega-hex around it, two in the hex itself, located
  by the side each plane shows the hex (a plane in the hex takes it on the nose-on table).
- **Flare** (F.rocket.flare, p.42): every pilot whose nose points straight down a line of hexes to
  the flare's hex, or who is in it, makes a Constitution roll or is shocked; the launcher is immune,
  his wingman is not. **Sonic** (F.rocket.sonic, p.42-43): the same for every pilot in the mega-hex.
  A pilot shocked by either must fly a straight maneuver next turn.
- **Harpoon** (F.rocket.harpoon, p.43): +2, range 1, only at objects; a hit grabs, then the lift
  needs object base + 2 x speed - Natural Touch (+2 shocked). Towing costs 2 of top speed (never
  below 1), forbids maneuvers of 2 G or more (trying one snaps the cable: stress damage of the
  attempted Gs - 1 on each forward wing table), and a shot at the tow hits the object on 1-6 or
  the cable on 7-10. A dropped object lands in the hex behind.
- **Beeper and seeker** (F.rocket.beeper-seeker, p.43-44): a beeper hit tags the plane for the rest
  of the turn and four more; a seeker fired at a tagged plane has a V-shaped arc, ignores
  deflection and adds the target's last maneuver's Gs.
- **Drill** (F.rocket.drill, p.44): after the hit it keeps drilling 4 more boxes at the end of each
  combat phase while the attacker rolls 10 - the attack's range.
- **Bombs** (F.bomb, p.44): target base + bomb modifier + 5 at an adjacent hex - Dead Eye + 2 shocked;
  a miss scatters. **Torpedo** (F.torpedo, p.45): only at stationary targets; base + 5 + 3 a hex it
  runs after release (at least 1) - 1 a hex flown straight before release - Dead Eye; a hit is four
  AP-rocket hits on one damage table.

Readings of our own (RULINGS.md): the flare's "straight line of hexes" is the plane's forward hex
column; the seeker's V is the 60-degree front arc; the scatter diagram was lost, so a missed bomb
lands in the neighbouring hex on the side a d6 names (1 = A ... 6 = F, on the map's own facings).

>>> print(torpedo_number(7, hexes_after_release=2, straight_hexes=9, dead_eye=6))
7 target base + 5 torpedo + 6 running 2 hexes after release - 9 flown straight 9 hexes - 6 Dead Eye 6 = 3 (80%)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Sequence

from cs_panel.core.data import Field, Table, load_table
from cs_panel.core.dice import ChanceEvent
from cs_panel.core.errors import OutOfRangeError, RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.fasa.gunnery import HitLocation, hit_location
from cs_panel.fasa.hexgrid import Facing, Hex, in_front_arc, mega_hex
from cs_panel.fasa.tohit import Deflection, attack_hexside, check_skill, shock_roll, to_hit_number

SHOCKED = 2  # F.shock: +2 to every roll of a shocked pilot
BOMB_ADJACENT = 5  # F.bomb
TORPEDO_BASE, TORPEDO_PER_HEX = 5, 3  # F.torpedo
BEEPER_TURNS = 4  # F.rocket.beeper-seeker: this turn and four more
DRILL_BASE = 10  # F.rocket.drill
TOW_SPEED_COST = 2  # F.rocket.harpoon
TORPEDO_HITS = 4


class DeployedError(RuleInputError):
    """A launch or drop the rules do not allow."""


DEPLOYED_SCHEMA = {
    "name": Field(str),
    "aim": Field(str, check=lambda v: None if v in ("plane", "hex", "object") else f"aim is plane, hex or object, not {short_repr(v)}"),
    "range": Field(int),
    "modifier": Field(int),
    "hardpoints": Field((int, float), check=lambda v: None if v > 0 and (2 * v) == int(2 * v) else "hardpoints come in halves"),
    "hits": Field(int, required=False),
    "templates": Field(list, required=False),
}


@lru_cache(maxsize=None)
def deployed_weapons(source: str = "package:fasa/deployed_weapons.json") -> Table:
    return load_table(source, DEPLOYED_SCHEMA)


def _weapon(wid: str) -> Any:
    table = deployed_weapons()
    if wid not in table:
        raise DeployedError(f"unknown launched weapon {wid!r}; known: {list(table.entries)}", field="weapon")
    return table[wid]


def _whole(v: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or (hi is not None and v > hi):
        span = f"{lo}-{hi}" if hi is not None else f"{lo} or more"
        raise DeployedError(f"{name.replace('_', ' ')} is a whole number {span}, got {short_repr(v)}", field=name)
    return v


# -- F.weap.loadout --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Loadout:
    """What hangs on a plane's hardpoints, checked against how many it has (F.weap.loadout, p.41)."""

    hardpoints: float
    weapons: tuple[str, ...]

    def __post_init__(self):
        if self.hardpoints < 0 or 2 * self.hardpoints != int(2 * self.hardpoints):
            raise DeployedError(f"hardpoints come in halves, got {self.hardpoints!r}", field="hardpoints")
        used = self.used
        if used > self.hardpoints:
            raise DeployedError(f"the loadout needs {used:g} hardpoints, the plane has {self.hardpoints:g} "
                                f"(F.weap.loadout, FASA p.42)", field="weapons")

    @property
    def used(self) -> float:
        return sum(float(_weapon(w)["hardpoints"]) for w in self.weapons)

    @property
    def free(self) -> float:
        return self.hardpoints - self.used

    def fire(self, weapon: str) -> "Loadout":
        """The loadout after one ``weapon`` is launched (each rocket fires once)."""
        if weapon not in self.weapons:
            raise DeployedError(f"no {weapon} left on the hardpoints: {list(self.weapons)}", field="weapon")
        rest = list(self.weapons)
        rest.remove(weapon)
        return Loadout(self.hardpoints, tuple(rest))


# -- rockets at planes (F.rocket.ap-he, F.rocket.beeper-seeker, F.rocket.drill) --------------------

def rocket_number(weapon: str, target_base: int, deflection: Deflection | str, range_hexes: int, dead_eye: int = 0,
                  shocked: bool = False) -> TargetNumber:
    """A rocket fired at a plane: the usual to-hit number with the rocket's range and +1 (F.rocket.ap-he)."""
    w = _weapon(weapon)
    if w["aim"] != "plane":
        raise DeployedError(f"a {w['name']} is not fired at a plane: see its own rule", field="weapon")
    return to_hit_number(target_base, deflection, range_hexes, dead_eye, weapon, shocked)


def seeker_number(target_base: int, target_last_gs: int, range_hexes: int, dead_eye: int = 0, shocked: bool = False,
                  tagged: bool = True, deflection: Deflection | str = Deflection.DIRECTLY_BEHIND) -> TargetNumber:
    """A seeker at a beeper-tagged plane: no deflection, plus the target's last maneuver's Gs
    (F.rocket.beeper-seeker, p.44). Untagged, it flies as an AP rocket with deflection."""
    if not tagged:
        return rocket_number("seeker", target_base, deflection, range_hexes, dead_eye, shocked)
    gs = _whole(target_last_gs, "target_last_gs", 0, 10)
    base = to_hit_number(target_base, Deflection.DIRECTLY_BEHIND, range_hexes, dead_eye, "seeker", shocked)
    terms = [t for t in base.terms if t.rule != "F.hit.deflection"]
    terms.insert(1, Modifier(gs, f"target's last maneuver {gs} G", "F.rocket.beeper-seeker"))
    return TargetNumber(tuple(terms), what="seeker rocket at a tagged plane")


def seeker_can_fire(shooter: Hex, facing: Facing, target: Hex, tagged: bool) -> bool:
    """The seeker's arc: a V over the forward hexes when the target is tagged (our reading: the
    60-degree front arc), otherwise the forward column like any rocket (F.rocket.beeper-seeker)."""
    if tagged:
        return in_front_arc(shooter, facing, target)
    # in the column ahead exactly when walking straight ahead the target's distance lands on it:
    # a closed formula, whatever the distance
    d = shooter.distance(target)
    return d > 0 and shooter.neighbor(facing, d) == target


@dataclass(frozen=True)
class BeeperTag:
    """A beeper's homing signal: on from the turn it hit through four more turns (F.rocket.beeper-seeker)."""

    hit_turn: int

    def active(self, turn: int) -> bool:
        return self.hit_turn <= turn <= self.hit_turn + BEEPER_TURNS


def drill_number(range_hexes: int) -> TargetNumber:
    """The roll at the end of each combat phase that keeps a drill rocket going: 10 - the attack's range (F.rocket.drill)."""
    r = _whole(range_hexes, "range_hexes", 0, 7)
    return TargetNumber((Modifier(DRILL_BASE, "base", "F.rocket.drill"), Modifier(-r, f"attack at range {r}", "F.rocket.drill")),
                        what="the drill keeps drilling")


def drill_expected_turns(range_hexes: int, turns: int = 10) -> Fraction:
    """Expected extra turns of drilling (4 boxes each) over at most ``turns`` turns: the drill stops
    at its first failed roll."""
    p = drill_number(range_hexes).chance
    return sum((p ** k for k in range(1, turns + 1)), Fraction(0))


# -- rockets at hexes (F.rocket.flak, F.rocket.flare, F.rocket.sonic) ------------------------------

@dataclass(frozen=True)
class FlakHit:
    """What a flak burst does to one plane: how many hits and on which hit-location table."""

    plane: str
    hits: int
    location: HitLocation


def flak_burst(target: Hex, planes: Iterable[tuple[str, Hex, Facing]]) -> list[FlakHit]:
    """Everything a flak rocket's burst hits (F.rocket.flak, p.42): two hits in the target hex (on the
    nose-on table), one on each plane elsewhere in its mega-hex, located by the side it shows the hex."""
    zone = set(mega_hex(target))
    out = []
    for name, h, facing in planes:
        if h not in zone:
            continue
        if h == target:
            out.append(FlakHit(name, 2, hit_location(Facing.A)))
        else:
            side = attack_hexside(h, facing, target)
            assert side is not None  # h != target
            out.append(FlakHit(name, 1, hit_location(side)))
    return out


def flare_affected(target: Hex, planes: Iterable[tuple[str, Hex, Facing]], launcher: str) -> list[str]:
    """Pilots a flare makes roll: in the hex, or looking straight down a line of hexes at it (our
    reading: it lies in the plane's forward column); never the launcher (F.rocket.flare, p.42)."""
    from cs_panel.fasa.hexgrid import forward_column

    out = []
    for name, h, facing in planes:
        if name == launcher:
            continue
        if h == target or target in forward_column(h, facing, h.distance(target)):
            out.append(name)
    return out


def sonic_affected(target: Hex, planes: Iterable[tuple[str, Hex, Facing]], launcher: str) -> list[str]:
    """Pilots in a sonic rocket's mega-hex; never the launcher (F.rocket.sonic, p.42-43)."""
    zone = set(mega_hex(target))
    return [name for name, h, _ in planes if h in zone and name != launcher]


def blinding_roll(constitution: int, already_shocked: bool = False) -> TargetNumber:
    """The Constitution roll against a flare or sonic rocket; failing, the pilot is shocked and must
    fly straight next turn (F.rocket.flare, F.rocket.sonic, F.shock)."""
    t = shock_roll(constitution, already_shocked)
    return TargetNumber(t.terms, what="Constitution roll against the flare or sonic blast",
                        notes=("failed: shocked, and next turn's maneuver must be straight",))


# -- F.rocket.harpoon --------------------------------------------------------------------------------

def harpoon_number(object_base: int, range_hexes: int, dead_eye: int = 0, shocked: bool = False,
                   target_is_plane: bool = False) -> TargetNumber:
    """The harpoon's to-hit number: like a rocket at +2, range 1, and only at objects (F.rocket.harpoon)."""
    if target_is_plane:
        raise DeployedError("a harpoon grabs objects on the ground, on buildings or on zeppelins, never planes "
                            "(F.rocket.harpoon, FASA p.43)", field="target")
    return to_hit_number(object_base, Deflection.DIRECTLY_BEHIND, range_hexes, dead_eye, "harpoon", shocked)


def lift_number(object_base: int, speed: int, natural_touch: int, shocked: bool = False) -> TargetNumber:
    """Lifting a harpooned object: its base + 2 x speed - Natural Touch, +2 shocked (F.rocket.harpoon, p.43)."""
    speed = _whole(speed, "speed", 0, 9)
    terms = [Modifier(_whole(object_base, "object_base", 1, 10), "object's base number", "F.rocket.harpoon"),
             Modifier(2 * speed, f"2 x speed {speed}", "F.rocket.harpoon"),
             Modifier(-check_skill(natural_touch, "natural_touch"), f"Natural Touch {natural_touch}", "F.rocket.harpoon")]
    if shocked:
        terms.append(Modifier(SHOCKED, "shocked", "F.shock"))
    return TargetNumber(tuple(terms), what="lift the object")


def towing_top_speed(max_speed: int) -> int:
    """A towing plane's top speed: 2 less, but at least 1; it must manage 3 to start towing (F.rocket.harpoon)."""
    max_speed = _whole(max_speed, "max_speed", 0, 9)
    if max_speed < TOW_SPEED_COST + 1:
        raise DeployedError(f"a plane needs a top speed of 3 to tow; this one has {max_speed} (F.rocket.harpoon, FASA p.43)",
                            field="max_speed")
    return max(1, max_speed - TOW_SPEED_COST)


def towing_maneuver(gs: int) -> tuple[bool, int]:
    """May a towing plane fly a maneuver of ``gs``; if not, the stress hits each forward wing table
    takes when the cable snaps (attempted Gs - 1) (F.rocket.harpoon)."""
    gs = _whole(gs, "gs", 0, 10)
    return (True, 0) if gs < 2 else (False, gs - 1)


@dataclass(frozen=True)
class TowShot(ChanceEvent):
    """A hit aimed at the towed object: d10 1-6 the object, 7-10 the cable (F.rocket.harpoon)."""

    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> str:
        return "object" if faces[0] <= 6 else "cable"

    def describe(self) -> str:
        return "a hit on the tow: d10 1-6 object, 7-10 cable"


def dropped_at(plane: Hex, facing: Facing) -> Hex:
    """A dropped object lands in the hex behind the towing plane (F.rocket.harpoon)."""
    return plane.neighbor(facing.turn(3))


# -- F.bomb ------------------------------------------------------------------------------------------

def bomb_number(bomb: str, target_base: int, dead_eye: int = 0, adjacent: bool = False, shocked: bool = False) -> TargetNumber:
    """A bomb's to-hit number: target base + bomb modifier + 5 at an adjacent hex - Dead Eye + 2 shocked (F.bomb, p.44)."""
    w = _weapon(bomb)
    if not bomb.startswith("bomb-"):
        raise DeployedError(f"{w['name']} is not a bomb", field="weapon")
    terms = [Modifier(_whole(target_base, "target_base", 1, 10), "target base", "F.bomb"),
             Modifier(w["modifier"], w["name"], "F.bomb")]
    if adjacent:
        terms.append(Modifier(BOMB_ADJACENT, "dropped on an adjacent hex", "F.bomb"))
    terms.append(Modifier(-check_skill(dead_eye, "dead_eye"), f"Dead Eye {dead_eye}", "F.bomb"))
    if shocked:
        terms.append(Modifier(SHOCKED, "shocked", "F.shock"))
    return TargetNumber(tuple(terms), what=f"{w['name']} on target",
                        notes=(f"a hit does {w['hits']} hit(s) with the {' or '.join(w['templates'])} template",))


@dataclass(frozen=True)
class Scatter(ChanceEvent):
    """Where a missed bomb lands: a d6 names the neighbouring hex's side, 1 = A to 6 = F (our
    reading; the scatter diagram was lost) (F.bomb)."""

    aimed_at: Hex
    dice: tuple[int, ...] = field(default=(6,), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> Hex:
        return self.aimed_at.neighbor(Facing(faces[0] - 1))

    def describe(self) -> str:
        return f"bomb scatter from {self.aimed_at!r}: d6, 1 = side A ... 6 = side F"


# -- F.torpedo ---------------------------------------------------------------------------------------

def torpedo_number(target_base: int, hexes_after_release: int, straight_hexes: int, dead_eye: int = 0,
                   stationary: bool = True) -> TargetNumber:
    """The aerial torpedo: target base + 5 + 3 a hex it runs after release (at least 1) - 1 a hex
    flown straight before release - Dead Eye; only at stationary targets (F.torpedo, p.45)."""
    if not stationary:
        raise DeployedError("a torpedo is launched only at stationary (or effectively stationary) targets "
                            "(F.torpedo, FASA p.45)", field="target")
    run = max(1, _whole(hexes_after_release, "hexes_after_release"))
    straight = _whole(straight_hexes, "straight_hexes")
    return TargetNumber((
        Modifier(_whole(target_base, "target_base", 1, 10), "target base", "F.torpedo"),
        Modifier(TORPEDO_BASE, "torpedo", "F.torpedo"),
        Modifier(TORPEDO_PER_HEX * run, f"running {run} hex{'es' if run != 1 else ''} after release", "F.torpedo"),
        Modifier(-straight, f"flown straight {straight} hexes", "F.torpedo"),
        Modifier(-check_skill(dead_eye, "dead_eye"), f"Dead Eye {dead_eye}", "F.torpedo"),
    ), what="aerial torpedo", notes=(f"a hit: {TORPEDO_HITS} AP-rocket hits, all on one damage table",))


def check_range(weapon: str, range_hexes: int) -> int:
    """A launched weapon's range limit (F.weap.loadout: the Deployed Weapons Table)."""
    w = _weapon(weapon)
    if w["range"] and range_hexes > w["range"]:
        raise OutOfRangeError(f"a {w['name']} reaches {w['range']} hexes, not {range_hexes} (F.weap.loadout, FASA p.42)",
                              field="range_hexes")
    return range_hexes
