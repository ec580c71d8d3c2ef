"""Objects on a referee's map: buildings, trains and small objects, what flying through them costs,
and how a train runs along its track (F.collide.object, F.collide.object-btn, F.move.path-objects;
FASA p.24, 27-28).

- A ``MapObject`` names an entry of the Object Target Number Table (``collisions.objects()``,
  ``cs_panel/data/fasa/objects.json``): its base target number comes from there, with the table's
  provenance, and its hexes, damage points and provenance from the game's set-up. The table lists
  no damage points for objects: a mission gives them (the demo's are ``sample``, RULINGS.md).
- A plane whose path enters a hex an object stands in (the destination too) rolls to avoid it,
  10 - the object's base target number, +2 shocked: the collision core's
  ``path_collision_checks`` (F.move.path-objects, F.collide.object). A failed roll is a collision:
  the plane is destroyed and its crew must bail out (F.collide.damage; the optional flak rule is
  not offered, as for planes).
- A train runs ``speed`` hexes of its ``track`` each movement phase, before the planes' paths are
  checked (our reading: its movement is predictable, so planes are checked against where it ends
  up); at the end of its track it stands still. A moving train is no torpedo target (F.torpedo).
- Non-piloted objects take as many points of damage as the attack's template has boxes (the gas
  cell rule the bail-out and harpoon rules point to, p.31, 43, 46); at 0 points left an object is
  destroyed and leaves the map.

>>> o = MapObject("Depot", "building", (Hex(0, -2),), points=40)
>>> o.base_number, o.number_provenance, str(o)
(1, 'rules', 'Depot (building, base target number 1, 40 of 40 points, at hex 0,-2)')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Sequence

from cs_panel.core.dice import Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.state import to_jsonable
from cs_panel.core.validate import check_int, check_str, short_repr
from cs_panel.fasa.collisions import Obstacle, object_number, objects, path_collision_checks
from cs_panel.fasa.hexgrid import Hex
from cs_panel.fasa.referee.errors import RefereeError
from cs_panel.fasa.referee.notation import hex_text

#: provenance a set-up may give an object (the data policy of ``rules/MISSING.md``)
PROVENANCES = ("rules", "recovered", "reconstructed", "sample")
#: launched weapons aimed at objects on the map: bombs (F.bomb), the aerial torpedo (F.torpedo) and the
#: harpoon (F.rocket.harpoon); the fire order names each by its kind
GROUND_ORDNANCE = {"bomb-100": "100 lb bomb", "bomb-250": "250 lb bomb", "bomb-500": "500 lb bomb",
                   "bomb-1000": "1,000 lb bomb", "torpedo": "aerial torpedo", "harpoon": "harpoon rocket"}


def ordnance_kind(weapon: str) -> str:
    """``bomb``, ``torpedo`` or ``harpoon``: the word a fire order uses for a hardpoint's weapon."""
    return "bomb" if weapon.startswith("bomb-") else weapon


#: kinds of object a harpoon can lift: the table's small, stable objects (our reading, RULINGS.md)
LIFTABLE = ("small-object",)


@dataclass(frozen=True)
class MapObject:
    """A non-piloted object on the map (F.collide.object-btn, FASA p.28).

    ``kind`` is an id of the object table (``building``, ``train``, ``small-object``, ``nacelle``);
    ``hexes`` the hexes it stands in, a train's engine first; ``points`` the damage it takes before it
    is destroyed and ``damage`` the points taken so far. A train with a ``track`` (the hexes ahead
    of its engine, in order) runs ``speed`` of them each movement phase. ``towed_by`` names the plane
    towing it after a harpoon's lift (F.rocket.harpoon); a towed object is off the ground.
    ``aboard`` names the zeppelin carrying it (cargo: a small object in one hex of the ship, which
    the game checks is one of its gas cells' hexes): a harpoon may snag it from outside the hull,
    and nothing else reaches it (F.rocket.harpoon, p.43; our reading, RULINGS.md).
    ``provenance`` says where the object's set-up comes from (``sample`` for an invented mission).
    """

    name: str
    kind: str
    hexes: tuple[Hex, ...]
    points: int = 20
    damage: int = 0
    track: tuple[Hex, ...] = ()
    speed: int = 0
    towed_by: str = ""
    provenance: str = "sample"
    aboard: str = ""

    def __post_init__(self):
        check_str(self.name, "object name", error=RefereeError)
        if not self.name or " " in self.name or self.name.startswith("hex"):
            raise RefereeError(f"an object's name is one word, not starting with 'hex' (fire orders name it), got "
                               f"{self.name!r}", field="objects")
        check_str(self.kind, "kind", error=RefereeError)
        try:
            object_number(self.kind, field="kind")
        except RuleInputError as e:  # unknown id, or the planes' row with no single number
            raise RefereeError(f"object {self.name}: {e}", field="objects") from None
        if objects()[self.kind]["kind"] != "object":
            raise RefereeError(f"object {self.name}: a {self.kind} is piloted, not an object", field="objects")
        for name in ("hexes", "track"):
            v = getattr(self, name)
            if not isinstance(v, (tuple, list)) or not all(isinstance(h, Hex) for h in v):
                raise RefereeError(f"object {self.name}: {name} is a list of hexes, got {short_repr(v)}", field="objects")
            if len(v) > LIMITS["path_hexes"].hi:
                raise RefereeError(f"object {self.name}: {len(v)} {name}; at most {LIMITS['path_hexes'].hi}",
                                   field="objects")
            object.__setattr__(self, name, tuple(v))
        if not self.hexes:
            raise RefereeError(f"object {self.name} stands in no hex", field="objects")
        if len(set(self.hexes)) != len(self.hexes):
            raise RefereeError(f"object {self.name} lists a hex twice", field="objects")
        check_int(self.points, "points", 1, 10_000, error=RefereeError)
        check_int(self.damage, "damage", 0, self.points, error=RefereeError)
        check_int(self.speed, "speed", 0, 9, error=RefereeError)
        if self.track and self.kind != "train":
            raise RefereeError(f"object {self.name}: only a train runs along a track (a {self.kind} stays put)",
                               field="objects")
        check_str(self.towed_by, "towed_by", empty_ok=True, error=RefereeError)
        check_str(self.aboard, "aboard", empty_ok=True, error=RefereeError)
        if self.aboard:
            why = ("it is towed by " + self.towed_by if self.towed_by else
                   f"a {self.kind} is no cargo: only a small object is carried and harpooned" if not self.liftable else
                   f"it stands in {len(self.hexes)} hexes; cargo takes one" if len(self.hexes) != 1 else "")
            if why:
                raise RefereeError(f"object {self.name} cannot be aboard {self.aboard}: {why} (F.rocket.harpoon)",
                                   field="objects")
        if self.provenance not in PROVENANCES:
            raise RefereeError(f"object {self.name}: provenance is one of {PROVENANCES}, got "
                               f"{short_repr(self.provenance)}", field="objects")

    @property
    def base_number(self) -> int:
        """The object's base target number, from the object table (F.collide.object-btn)."""
        return object_number(self.kind)[0]

    @property
    def number_provenance(self) -> str:
        return object_number(self.kind)[2]

    @property
    def label(self) -> str:
        return str(objects()[self.kind]["name"])

    @property
    def left(self) -> int:
        return self.points - self.damage

    @property
    def moving(self) -> bool:
        """A train with track ahead and a speed is moving; everything else stands still (F.torpedo)."""
        return bool(self.track) and self.speed > 0 and not self.towed_by and not self.destroyed

    @property
    def on_ground(self) -> bool:
        """Standing on the map: neither in tow nor carried aboard a zeppelin."""
        return not self.towed_by and not self.aboard

    def to_dict(self) -> dict:
        """The object as plain data; ``aboard`` only when set, so a set-up without cargo keeps its text."""
        out = {f.name: to_jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}
        if not self.aboard:
            del out["aboard"]
        return out

    @property
    def liftable(self) -> bool:
        return self.kind in LIFTABLE

    def run(self) -> "MapObject":
        """The train after one movement phase: ``speed`` hexes along its track, its cars following."""
        if not self.moving:
            return self
        ahead = self.track[:self.speed]
        hexes = (tuple(reversed(ahead)) + self.hexes)[:len(self.hexes)]
        return dataclasses.replace(self, hexes=hexes, track=self.track[self.speed:])

    def hit(self, points: int) -> "MapObject":
        """The object after ``points`` of damage (never below 0 left)."""
        return dataclasses.replace(self, damage=min(self.points, self.damage + points))

    @property
    def destroyed(self) -> bool:
        return self.damage >= self.points

    def __str__(self) -> str:
        where = ", ".join(hex_text(h) for h in self.hexes)
        extra = f", running {self.speed} hex{'es' if self.speed > 1 else ''} a turn" if self.moving else ""
        extra += f", towed by {self.towed_by}" if self.towed_by else ""
        extra += f", aboard {self.aboard}" if self.aboard else ""
        return (f"{self.name} ({self.label}, base target number {self.base_number}, {self.left} of {self.points} "
                f"points, at {where}{extra})")


def check_objects(objs: Sequence[MapObject], plane_names: Sequence[str]) -> tuple[MapObject, ...]:
    """The objects of a set-up: each a ``MapObject``, no two sharing a name with each other or a plane
    (a fire order names its target, F.combat.choice)."""
    if not isinstance(objs, (tuple, list)) or not all(isinstance(o, MapObject) for o in objs):
        raise RefereeError(f"objects must be a list of MapObject, got {short_repr(objs)}", field="objects")
    if len(objs) > LIMITS["count"].hi:
        raise RefereeError(f"{len(objs)} objects; at most {LIMITS['count'].hi}", field="objects")
    names = [o.name for o in objs]
    clash = sorted({n for n in names if names.count(n) > 1} | (set(names) & set(plane_names)))
    if clash:
        raise RefereeError(f"an object's name must be its own, shared by no other object or plane: {clash}",
                           field="objects")
    return tuple(objs)


def standing(objs: Sequence[MapObject]) -> list[MapObject]:
    """Objects on the ground and not destroyed: those planes can fly into and bombs can hit."""
    return [o for o in objs if o.on_ground and not o.destroyed]


def at_hex(objs: Sequence[MapObject], h: Hex) -> list[MapObject]:
    return [o for o in standing(objs) if h in o.hexes]


def run_trains(objs: Sequence[MapObject], said: list[str]) -> tuple[MapObject, ...]:
    """Each moving train runs its speed along its track (our reading: before the planes' paths are
    checked, RULINGS.md); one that reaches the end of its track stops."""
    out = []
    for o in objs:
        if o.moving:
            n = o.run()
            said.append(f"{o.name} runs {len(o.track) - len(n.track)} hex(es) along its track to "
                        f"{hex_text(n.hexes[0])}" + ("" if n.moving else ", the end of its track: it stands still now"))
            o = n
        out.append(o)
    return tuple(out)


def path_checks(name: str, path: Sequence[Hex], shocked: bool, objs: Sequence[MapObject], dice: Dice,
                said: list[str]) -> str:
    """Roll every avoidance check ``path`` forces (F.move.path-objects, F.collide.object); the
    object the plane crashed into, or "" when it avoided them all."""
    obstacles = [Obstacle(h, o.kind, o.name) for o in standing(objs) for h in o.hexes]
    for check in path_collision_checks(list(path), obstacles, shocked):
        roll = check.target.resolve(dice)
        ok = roll.success
        said.append(f"{name} flies into the hex of {check.obstacle.label} ({hex_text(check.obstacle.hex)}): roll to avoid it "
                    f"(F.move.path-objects, F.collide.object) needs {check.target} -- rolled {roll.faces[0]}: "
                    + ("avoided" if ok else "COLLISION"))
        if not ok:
            return check.obstacle.label
    return ""


def straight_after(before: int, maneuver: str, as_plotted: bool, speed: int) -> int:
    """Hexes flown in one unbroken straight line up to now, for the torpedo (F.torpedo): a straight
    maneuver flown as plotted adds its speed, anything else starts again from 0."""
    straight = as_plotted and len(maneuver) >= 3 and maneuver[1:] == "SA"
    return before + speed if straight else 0
