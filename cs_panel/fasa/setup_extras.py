"""Zeppelins and map objects of a player's own in a FASA set-up (F.zep.static, F.zep.gas-cells,
F.zep.nacelle, F.zep.turrets, F.collide.object-btn, F.collide.object, F.move.path-objects,
F.map.sheets; FASA *Crimson Skies* p.10, 24, 27-28, 45-47).

``setup_builder`` builds the planes; this module builds what else a mission puts on the table:

- a **zeppelin** (``zeppelin``): its name and side, the hex of its bow and its heading, commercial
  or military, helium or hydrogen, the hexes each gas cell spans, its engine nacelles and the
  turrets on them. The referee's ``RefZeppelin`` checks it, so the form never accepts a zeppelin
  the referee would refuse; its cell layout is ``reconstructed`` (the zeppelin map was lost).
- an **object** (``map_object``): a kind from the Object Target Number Table (a building, a train, a
  small object), its name, the hexes it stands in, the damage points the mission gives it and, for
  a train, the track ahead of its engine and its speed. The referee's ``MapObject`` checks it.

``add_zeppelin``, ``add_object`` and ``remove_extra`` give a new setup dict and refuse, with a
``SetupError`` naming the rule and the choice (``field``), a name already taken, a hex off the map,
or a hex another zeppelin, object or plane's start already holds (``check_extras``, our reading:
RULINGS.md). ``check_extras`` is also what a set-up form runs on the whole setup, so a plane placed
later inside an object is refused too.

>>> from cs_panel.fasa.play import bombing_setup
>>> s = add_object(bombing_setup(), map_object("Silo", "building", [(2, 2)], points=25))
>>> [o["name"] for o in s["objects"]]
['Depot', 'Train', 'Crate', 'Silo']
>>> add_object(s, map_object("Shed", "building", [(0, -1)]))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cs_panel.fasa.setup_extras.ObjectPlacementError: hex 0,-1 is already taken by the object Depot...
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.core.state import to_jsonable
from cs_panel.fasa.collisions import objects as object_table
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.setup_builder import PlacementError
from cs_panel.setups import SetupError, rule_in

#: a zeppelin is commercial or military: the template's two Zep. Dmg. numbers, and main guns (F.zep.gas-cells)
ZEPPELIN_CLASSES = ("commercial", "military")
#: what lifts it: hydrogen burns when magnesium hits it (F.zep.gas-cells)
GASES = ("helium", "hydrogen")
#: the most zeppelins a setup holds (``FasaRules.check_setup``)
MAX_ZEPPELINS = 4
#: where the nacelles sit unless the set-up says otherwise (``referee.zeppelins.DEFAULT_NACELLES``)
DEFAULT_NACELLES = ("port 2", "starboard 2", "port 4", "starboard 4")
#: the object table's row that comes with a zeppelin, not on its own
NACELLE = "nacelle"
_HEX = re.compile(r"^\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*$")
_TURRET = re.compile(r"^(bow|stern|(?:port|starboard) [1-5]) (mg-\d\d)$")


class ZeppelinPlacementError(SetupError):
    """A zeppelin the set-up cannot take: its name, side, hexes, class, nacelles or turrets (F.zep.*)."""


class ObjectPlacementError(SetupError):
    """An object the set-up cannot take: its kind, name, hexes, points or track (F.collide.object-btn)."""


def object_kinds() -> dict[str, str]:
    """The kinds of object a set-up may place, label to id: the object table's non-piloted rows but the
    nacelle, which comes with its zeppelin (F.collide.object-btn)."""
    return {str(e["name"]): e.id for e in object_table() if e["kind"] == "object" and e.id != NACELLE}


# -- reading the form's text ------------------------------------------------------------------------

def parse_hex(text: Any, *, field: str, error: type[SetupError], rule_id: str) -> tuple[int, int]:
    """A hex written ``q,r`` (``2,-1``), or a (q, r) pair; anything else is ``error`` at ``field``."""
    cap = LIMITS["hex_coordinate"].hi
    if isinstance(text, (tuple, list)) and len(text) == 2:
        q, r = text
    else:
        m = _HEX.match(text) if isinstance(text, str) and len(text) <= 20 else None
        if not m:
            raise error(f"a hex is written q,r (two whole numbers, such as 2,-1), not {str(text)[:20]!r}",
                        rule_id=rule_id, field=field)
        q, r = int(m.group(1)), int(m.group(2))
    if not all(isinstance(c, int) and not isinstance(c, bool) and abs(c) <= cap for c in (q, r)):
        raise error(f"a hex is two whole numbers from -{cap} to {cap}, not {str(text)[:20]!r}", rule_id=rule_id,
                    field=field)
    return q, r


def parse_hexes(text: Any, *, field: str, error: type[SetupError], rule_id: str) -> list[tuple[int, int]]:
    """Hexes written ``q,r`` one after another, separated by spaces or semicolons (``0,-1 1,-1``), or a
    list of pairs; an empty text is no hexes."""
    if isinstance(text, str):
        if len(text) > 20 * LIMITS["path_hexes"].hi:
            raise error("too many hexes", rule_id=rule_id, field=field)
        words = [w for w in re.split(r"[;\s]+", re.sub(r"\s*,\s*", ",", text.strip())) if w]
    elif isinstance(text, (list, tuple)):
        words = list(text)
    else:
        raise error(f"hexes are written q,r one after another, not {str(text)[:20]!r}", rule_id=rule_id, field=field)
    if len(words) > LIMITS["path_hexes"].hi:
        raise error(f"at most {LIMITS['path_hexes'].hi} hexes, not {len(words)}", rule_id=rule_id, field=field)
    return [parse_hex(w, field=field, error=error, rule_id=rule_id) for w in words]


def parse_turrets(text: Any) -> list[tuple[str, str]]:
    """Turrets written ``mount gun`` and separated by commas (``bow mg-50, port 2 mg-30``): the mount is
    the bow, the stern or a nacelle, the gun a machine gun (F.zep.turrets)."""
    if isinstance(text, (list, tuple)):
        return [tuple(t) for t in text]  # type: ignore[misc]
    if not isinstance(text, str) or len(text) > 400:
        raise ZeppelinPlacementError("turrets are written 'bow mg-50, port 2 mg-30'", rule_id="F.zep.turrets",
                                     field="turrets")
    out = []
    for part in (p.strip().lower() for p in text.split(",")):
        if not part:
            continue
        m = _TURRET.match(re.sub(r"\s+", " ", part))
        if not m:
            raise ZeppelinPlacementError(f"a turret is its mount (bow, stern or a nacelle such as port 2) and a machine "
                                         f"gun (mg-30 ... mg-60), such as 'bow mg-50'; not {part[:30]!r}",
                                         rule_id="F.zep.turrets", field="turrets")
        out.append((m.group(1), m.group(2)))
    return out


def parse_nacelles(text: Any) -> list[str]:
    """Nacelles written ``port 2, starboard 2``: the side and the gas cell (1-5) each sits beside (F.zep.nacelle)."""
    if isinstance(text, (list, tuple)):
        return list(text)
    if not isinstance(text, str) or len(text) > 200:
        raise ZeppelinPlacementError("nacelles are written 'port 2, starboard 2'", rule_id="F.zep.nacelle",
                                     field="nacelles")
    return [re.sub(r"\s+", " ", p.strip().lower()) for p in text.split(",") if p.strip()]


# -- one zeppelin, one object -------------------------------------------------------------------------

#: a referee refusal's field, as the zeppelin's inputs call it
_ZEP_FIELD = {"name": "name", "player": "player", "bow": "bow", "heading": "heading", "cell_length": "cell_length",
              "cells": "bow", "nacelles": "nacelles", "turrets": "turrets", "military": "zeppelin_class",
              "hydrogen": "gas"}


def zeppelin(name: str, player: str, bow: Any, heading: Any = "A", *, zeppelin_class: str = "commercial",
             gas: str = "helium", cell_length: int = 2, nacelles: Any = DEFAULT_NACELLES, turrets: Any = ()) -> dict:
    """A zeppelin as a FASA setup lists it: five gas cells of 60 points laid back from the ``bow`` hex
    (``q,r``) against its ``heading`` (A-F), ``cell_length`` hexes each (1-4); its nacelles and
    turrets (F.zep.static, F.zep.gas-cells, F.zep.nacelle, F.zep.turrets). The referee's
    ``RefZeppelin`` checks it.

    >>> z = zeppelin("Pegasus", "Bob", "2,-2", "C", turrets="bow mg-50")
    >>> z["bow"], z["heading"], z["military"], z["turrets"]
    ({'q': 2, 'r': -2}, 2, False, [['bow', 'mg-50']])
    """
    from cs_panel.fasa.referee.zeppelins import RefZeppelin

    if not isinstance(name, str) or not re.match(r"^\S{1,40}$", name.strip()):
        raise ZeppelinPlacementError(f"a zeppelin's name is one word of 1-40 characters (fire orders say 'NAME cell 2'), "
                                     f"not {str(name)[:40]!r}", rule_id="F.combat.choice", field="name")
    if not isinstance(player, str) or not player.strip() or len(player) > 40:
        raise ZeppelinPlacementError("a zeppelin belongs to a side: give its player's name (1-40 characters)",
                                     rule_id="F.setup", field="player")
    at = parse_hex(bow, field="bow", error=ZeppelinPlacementError, rule_id="F.zep.static")
    try:
        facing = Facing.coerce(heading.strip() if isinstance(heading, str) else heading, "heading")
    except CsPanelError:
        raise ZeppelinPlacementError(f"a zeppelin's bow points at a hexside A-F, not {str(heading)[:10]!r}",
                                     rule_id="F.zep.static", field="heading") from None
    if zeppelin_class not in ZEPPELIN_CLASSES:
        raise ZeppelinPlacementError(f"a zeppelin is {' or '.join(ZEPPELIN_CLASSES)}, not {str(zeppelin_class)[:20]!r}",
                                     rule_id="F.zep.gas-cells", field="zeppelin_class")
    if gas not in GASES:
        raise ZeppelinPlacementError(f"a zeppelin is lifted by {' or '.join(GASES)}, not {str(gas)[:20]!r}",
                                     rule_id="F.zep.gas-cells", field="gas")
    if isinstance(cell_length, bool) or not isinstance(cell_length, int) or not 1 <= cell_length <= 4:
        raise ZeppelinPlacementError(f"each gas cell spans 1-4 hexes (2 in our reading of the lost zeppelin map), not "
                                     f"{str(cell_length)[:10]!r}", rule_id="F.zep.gas-cells", field="cell_length")
    pods = parse_nacelles(nacelles)
    guns = parse_turrets(turrets)
    try:
        z = RefZeppelin(name.strip(), player.strip(), Hex(*at), facing, cell_length=cell_length,
                        military=zeppelin_class == "military", hydrogen=gas == "hydrogen", nacelles=tuple(pods),
                        turrets=tuple(guns))
    except CsPanelError as e:  # the referee's own refusal, at the input it names
        raise ZeppelinPlacementError(str(e), rule_id=rule_in(str(e), "F.zep.static"),
                                     field=_ZEP_FIELD.get(e.field or "", "bow")) from None
    return to_jsonable(z)


def map_object(name: str, kind: str, hexes: Any, *, points: int = 20, track: Any = (), speed: int = 0,
               provenance: str = "sample") -> dict:
    """An object as a FASA setup lists it: a ``kind`` of the object table (its base target number comes
    from there, F.collide.object-btn), the ``hexes`` it stands in (``q,r`` each, a train's engine
    first and its cars after, each beside the one before), the damage ``points`` the mission gives it
    (the table gives none), and for a train the ``track`` ahead of its engine, each hex beside the one
    before, and the hexes it runs a turn (``speed``). ``provenance`` says where the numbers come
    from (``sample`` for an invented mission). The referee's ``MapObject`` checks it.

    >>> o = map_object("Express", "train", "-4,2 -5,3", points=30, track="-3,1 -2,0", speed=1)
    >>> o["kind"], o["hexes"][0], o["track"][-1], o["speed"]
    ('train', {'q': -4, 'r': 2}, {'q': -2, 'r': 0}, 1)
    """
    from cs_panel.fasa.referee.ground import PROVENANCES, MapObject

    E, rule = ObjectPlacementError, "F.collide.object-btn"
    if not isinstance(name, str) or not re.match(r"^\S{1,40}$", name.strip()) or name.strip().lower().startswith("hex"):
        raise E(f"an object's name is one word of 1-40 characters, not starting with 'hex' (fire orders say 'bomb at "
                f"NAME'), not {str(name)[:40]!r}", rule_id="F.combat.choice", field="name")
    kinds = object_kinds()
    if kind == NACELLE:
        raise E("a nacelle comes with its zeppelin: add a zeppelin, or place a small object (the table rates both 7)",
                rule_id=rule, field="kind")
    if kind not in kinds.values():
        raise E(f"the object table has {', '.join(kinds.values())}, not {str(kind)[:20]!r}", rule_id=rule, field="kind")
    at = parse_hexes(hexes, field="hexes", error=E, rule_id="F.move.path-objects")
    if not at:
        raise E("an object stands in at least one hex: give its hexes as q,r", rule_id="F.move.path-objects",
                field="hexes")
    if len(set(at)) != len(at):
        raise E("an object lists a hex twice", rule_id="F.move.path-objects", field="hexes")
    if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= 10_000:
        raise E(f"an object takes 1-10,000 points of damage before it is destroyed (the mission says how many), not "
                f"{str(points)[:10]!r}", rule_id="F.collide.object", field="points")
    if kind != "train" and not _touching([Hex(*h) for h in at]):  # one object, not several (our reading)
        raise E("an object's hexes make one piece, each beside another of them: place things apart as "
                "objects of their own", rule_id="F.move.path-objects", field="hexes")
    ahead = parse_hexes(track, field="track", error=E, rule_id=rule)
    if isinstance(speed, bool) or not isinstance(speed, int) or not 0 <= speed <= 9:
        raise E(f"a train runs 0-9 hexes a turn, not {str(speed)[:10]!r}", rule_id=rule, field="speed")
    if kind != "train":
        if ahead:
            raise E(f"only a train runs along a track; a {kind} stays put", rule_id=rule, field="track")
        if speed:
            raise E(f"only a train moves; a {kind} stays put: its speed is 0", rule_id=rule, field="speed")
    else:
        if speed and not ahead:
            raise E("a moving train needs track ahead of its engine: give the track's hexes, or speed 0 for a "
                    "standing train", rule_id=rule, field="track")
        chain = [Hex(*h) for h in at]
        if any(a.distance(b) != 1 for a, b in zip(chain, chain[1:])):
            raise E("a train's hexes are its engine and then its cars, each beside the one before",
                    rule_id=rule, field="hexes")
        line = [chain[0], *(Hex(*h) for h in ahead)]
        if any(a.distance(b) != 1 for a, b in zip(line, line[1:])):
            raise E("a track runs on from the engine's hex, each hex beside the one before", rule_id=rule,
                    field="track")
        if len(set(line[1:]) | set(chain)) != len(line) - 1 + len(chain):
            raise E("a track never runs back over the train or itself", rule_id=rule, field="track")
    if provenance not in PROVENANCES:
        raise E(f"an object's numbers come from the {', '.join(PROVENANCES)}, not {str(provenance)[:20]!r}",
                rule_id=rule, field="provenance")
    try:
        o = MapObject(name.strip(), kind, tuple(Hex(*h) for h in at), points=points,
                      track=tuple(Hex(*h) for h in ahead), speed=speed, provenance=provenance)
    except CsPanelError as e:  # the referee's own refusal, should it find what the checks above missed
        raise E(str(e), rule_id=rule, field="name") from None
    return to_jsonable(o)


def _touching(hexes: list[Hex]) -> bool:
    """Whether ``hexes`` make one piece, each reached from the first through neighbouring hexes."""
    left, todo = set(hexes[1:]), hexes[:1]
    while todo:
        h = todo.pop()
        near = {x for x in left if x.distance(h) == 1}
        left -= near
        todo += near
    return not left


# -- the whole table ---------------------------------------------------------------------------------------

#: each list of a setup: the error that refuses a malformed item of it, and the rule it falls under
_LISTS = {"planes": (PlacementError, "F.setup"), "zeppelins": (ZeppelinPlacementError, "F.zep.static"),
          "objects": (ObjectPlacementError, "F.collide.object-btn")}


def _shown(value: Any) -> str:
    """A malformed value, short, for a message."""
    return f"{type(value).__name__} {str(value)[:30]!r}"


def listed(setup: Any, key: str) -> list[Mapping]:
    """The setup's ``planes``, ``zeppelins`` or ``objects`` (none when it has no such key), each an
    object (a dict). A setup may come from a saved file or from code, so anything else is refused
    with the list's own error, naming the list and the item at fault."""
    error, rule = _LISTS[key]
    if not isinstance(setup, Mapping):
        raise PlacementError(f"a FASA setup is an object (a dict) of planes, zeppelins and objects, not "
                             f"{_shown(setup)}", rule_id="F.setup", field="setup")
    items = setup.get(key, [])
    if not isinstance(items, (list, tuple)):
        raise error(f"the setup's {key} are a list, not {_shown(items)}", rule_id=rule, field=key)
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise error(f"{key}[{i}] is an object (a dict), not {_shown(item)}", rule_id=rule, field=key)
    return list(items)


def _entry(item: Mapping, key: str, i: int, part: str, kind: type | tuple[type, ...], field: str) -> Any:
    """``item[part]`` of the ``i``-th entry of the setup's ``key`` list, refused unless it is a ``kind``."""
    value = item.get(part)
    if not isinstance(value, kind) or isinstance(value, bool):
        error, rule = _LISTS[key]
        want = {str: "text", Mapping: "an object"}.get(kind, "a list")  # type: ignore[call-overload]
        raise error(f"{key}[{i}] needs {part!r}, {want}; it has {_shown(value) if part in item else 'none'}",
                    rule_id=rule, field=field)
    return value


def _hex(d: Any, where: str, key: str, field: str) -> Hex:
    """A hex as a setup lists it, ``{"q": 2, "r": -1}``; anything else is refused at ``where``."""
    error, rule = _LISTS[key]
    try:
        if not isinstance(d, Mapping) or not {"q", "r"} <= set(d):
            raise CsPanelError("not an object")
        return Hex(d["q"], d["r"])
    except CsPanelError:
        cap = LIMITS["hex_coordinate"].hi
        raise error(f"{where} is a hex, {{'q': q, 'r': r}} with two whole numbers from -{cap} to {cap}, not "
                    f"{_shown(d)}", rule_id=rule, field=field) from None


def _hexes(items: Any, where: str, key: str, field: str) -> list[Hex]:
    """A list of hexes as a setup lists them; anything else is refused at ``where``."""
    if not isinstance(items, (list, tuple)) or len(items) > LIMITS["path_hexes"].hi:
        error, rule = _LISTS[key]
        raise error(f"{where} are a list of at most {LIMITS['path_hexes'].hi} hexes, not {_shown(items)}",
                    rule_id=rule, field=field)
    return [_hex(h, f"{where}[{j}]", key, field) for j, h in enumerate(items)]


def _txt(h: Hex) -> str:
    return f"hex {h.q},{h.r}"


def _zeppelin_hexes(z: Mapping, i: int) -> list[Hex]:
    """The hexes of the setup's ``i``-th zeppelin, its gas cells and nacelles, as the referee lays them out; a
    zeppelin the referee cannot rebuild is refused at the input its fault lies in."""
    from cs_panel.core.state import from_jsonable
    from cs_panel.fasa.referee.zeppelins import RefZeppelin

    where = f"zeppelins[{i}]"
    try:
        rz = from_jsonable(RefZeppelin, dict(z), where)
    except CsPanelError as e:
        part = re.match(rf"^{re.escape(where)}(?:\.(\w+)|: missing field '(\w+)')", str(e))
        field = _ZEP_FIELD.get(e.field or (part and (part.group(1) or part.group(2))) or "", "name")
        raise ZeppelinPlacementError(str(e), rule_id=rule_in(str(e), "F.zep.static"), field=field) from None
    return sorted(rz.hexes) + [rz.nacelle_hex(n) for n in rz.nacelles]


def _holders(setup: Mapping, last: tuple[str, str] = ("", "")) -> list[tuple[str, str, list[Hex]]]:
    """What stands where at the start, in the setup's order: (what, name, hexes) for each plane's
    starting hex, each zeppelin's gas cells and nacelles, each object's hexes and its track; ``last``,
    ("zeppelin" or "object", its name), at the end (an object with its track). A malformed plane,
    zeppelin or object is refused, naming it."""
    out = []
    for i, p in enumerate(listed(setup, "planes")):
        name = _entry(p, "planes", i, "name", str, "plane_name")
        _entry(p, "planes", i, "player", str, "player")
        at = _entry(p, "planes", i, "plane", Mapping, "hex").get("hex")
        out.append(("plane", name, [_hex(at, f"planes[{i}] ({name[:40]}): its plane's hex", "planes", "hex")]))
    for i, z in enumerate(listed(setup, "zeppelins")):
        out.append(("zeppelin", _entry(z, "zeppelins", i, "name", str, "name"), _zeppelin_hexes(z, i)))
    for i, o in enumerate(listed(setup, "objects")):
        name = _entry(o, "objects", i, "name", str, "name")
        out.append(("object", name, _hexes(o.get("hexes"), f"objects[{i}] ({name[:40]}): its hexes", "objects",
                                          "hexes")))
        if o.get("track"):
            out.append(("track of", name, _hexes(o["track"], f"objects[{i}] ({name[:40]}): its track", "objects",
                                                 "track")))
    what, name = last
    late = [h for h in out if h[1] == name and (h[0] == what or (what, h[0]) == ("object", "track of"))]
    return [h for h in out if h not in late] + late


def check_extras(setup: Mapping, last: tuple[str, str] = ("", "")) -> None:
    """The zeppelins and objects of a setup, with its planes: every name its own (a fire order names its
    target, F.combat.choice); every hex of a zeppelin or object on the map when there is one
    (F.map.sheets); no hex held twice at the start, by a zeppelin's cells or nacelles, an object, a
    train's track or a plane's starting hex (our reading, RULINGS.md: F.zep.static, F.collide.object);
    on a map, each zeppelin of a side that has its home side (F.setup). The error is raised at the
    later of the two in the setup's order (planes, zeppelins, objects), ``last`` ("zeppelin" or
    "object", its name) counting as the latest, so a form points at what was just added. A setup from
    a file or from code may be malformed: a list, plane, zeppelin, object or hex of the wrong shape is
    refused with the error of its kind, naming it and the field at fault (``listed``)."""
    from cs_panel.fasa.mapsheets import layout

    zeps = listed(setup, "zeppelins")
    if len(zeps) > MAX_ZEPPELINS:
        raise ZeppelinPlacementError(f"a setup holds at most {MAX_ZEPPELINS} zeppelins", rule_id="F.zep.static",
                                     field="name")
    held = _holders(setup, last)  # every plane, zeppelin and object read, or the first malformed one refused
    names: dict[str, str] = {}
    for what, name, _ in held:
        if what == "track of":
            continue
        if name in names:
            error = {"zeppelin": ZeppelinPlacementError, "plane": PlacementError}.get(what, ObjectPlacementError)
            raise error(f"the name {name!r} is already taken by the {names[name]} {name}: every plane, zeppelin and "
                        "object needs its own (fire orders name their target)", rule_id="F.combat.choice",
                        field="plane_name" if what == "plane" else "name")
        names[name] = what
    map_name = setup.get("map_name") or ""
    field_map = layout(map_name) if map_name else None
    sides = {p["player"] for p in listed(setup, "planes")}
    for z in zeps:
        if field_map is not None and z["player"] not in sides:
            raise ZeppelinPlacementError(f"on a map each side sets up from its home side: {z['name']} flies for "
                                         f"{z['player']!r}, a side with no planes ({', '.join(sorted(sides)) or 'none yet'})",
                                         rule_id="F.setup", field="player")
    taken: dict[Hex, tuple[str, str]] = {}
    for what, name, hexes in held:
        field = {"zeppelin": "bow", "object": "hexes", "track of": "track", "plane": "hex"}[what]
        error = {"zeppelin": ZeppelinPlacementError, "plane": PlacementError}.get(what, ObjectPlacementError)
        if field_map is not None and what != "plane":
            off = [h for h in hexes if h not in field_map]
            if off:
                raise error(f"{name} reaches {_txt(off[0])}, off the {field_map.name} map", rule_id="F.map.sheets",
                            field=field)
        for h in hexes:
            if h in taken and not (what == "track of" and taken[h] == ("track of", name)):
                other = taken[h]
                why = ("F.zep.static" if "zeppelin" in (what, other[0]) else "F.collide.object")
                raise error(f"{_txt(h)} is already taken by the {other[0]} {other[1]}: at the start a hex holds one "
                            f"plane, zeppelin or object (and a train's track is kept clear)", rule_id=why, field=field)
            taken.setdefault(h, (what, name))


def _with(setup: Mapping, key: str, item: dict) -> dict:
    out = dict(setup)
    out[key] = [*(dict(x) for x in listed(setup, key)), item]
    return out


def _referee_check(before: Mapping, after: dict, error: type[SetupError], field: str) -> None:
    """Whatever the referee refuses in the setup with the new item but took without it is refused here."""
    from cs_panel.fasa.play import FasaRules

    def ok(s: Mapping) -> CsPanelError | None:
        try:
            FasaRules().check_setup({k: v for k, v in s.items() if v or k in ("planes", "map_name", "homes")})
        except CsPanelError as e:
            return e
        return None

    if not before.get("planes") or ok(before) is not None:
        return  # the planes are not a game yet: the form's status says what is missing
    e = ok(after)
    if e is not None:
        raise error(str(e), rule_id=rule_in(str(e), "F.setup"), field=field)  # mostly where it lies


def add_zeppelin(setup: Mapping, zep: dict) -> dict:
    """The setup with ``zep`` (from ``zeppelin``) added, checked with everything already in it
    (``check_extras``, then the referee). ``setup`` is a FASA setup dict; its planes may be
    unfinished."""
    if not isinstance(zep, dict):
        raise ZeppelinPlacementError("build the zeppelin with zeppelin() first", rule_id="F.zep.static", field="name")
    if len(listed(setup, "zeppelins")) >= MAX_ZEPPELINS:
        raise ZeppelinPlacementError(f"a setup holds at most {MAX_ZEPPELINS} zeppelins", rule_id="F.zep.static",
                                     field="name")
    after = _with(setup, "zeppelins", zep)
    check_extras(after, last=("zeppelin", str(zep.get("name", ""))))
    _referee_check(setup, after, ZeppelinPlacementError, "bow")
    return after


def add_object(setup: Mapping, obj: dict) -> dict:
    """The setup with ``obj`` (from ``map_object``) added, checked with everything already in it
    (``check_extras``, then the referee)."""
    if not isinstance(obj, dict):
        raise ObjectPlacementError("build the object with map_object() first", rule_id="F.collide.object-btn",
                                   field="name")
    if len(listed(setup, "objects")) >= LIMITS["count"].hi:
        raise ObjectPlacementError(f"a setup holds at most {LIMITS['count'].hi} objects",
                                   rule_id="F.collide.object-btn", field="name")
    after = _with(setup, "objects", obj)
    check_extras(after, last=("object", str(obj.get("name", ""))))
    _referee_check(setup, after, ObjectPlacementError, "hexes")
    return after


def remove_extra(setup: Mapping, name: str) -> dict:
    """The setup without the zeppelin or object called ``name``; a name neither has is refused."""
    lists = {key: listed(setup, key) for key in ("zeppelins", "objects")}
    out = dict(setup)
    for key, items in lists.items():
        kept = [dict(x) for x in items if x.get("name") != name]
        if len(kept) != len(items):
            if kept:
                out[key] = kept
            else:
                out.pop(key, None)
            return out
    held = [str(x.get("name"))[:40] for items in lists.values() for x in items]
    raise ObjectPlacementError(f"no zeppelin or object called {str(name)[:40]!r} to remove; the setup has "
                               f"{', '.join(held) or 'none'}", rule_id="F.setup", field="remove")


__all__ = [
    "DEFAULT_NACELLES", "GASES", "MAX_ZEPPELINS", "ObjectPlacementError", "ZEPPELIN_CLASSES", "ZeppelinPlacementError",
    "add_object", "add_zeppelin", "check_extras", "listed", "map_object", "object_kinds", "parse_hex", "parse_hexes",
    "parse_nacelles", "parse_turrets", "remove_extra", "zeppelin",
]
