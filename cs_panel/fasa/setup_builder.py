"""Build a FASA game's setup from a player's choices (F.setup, F.pilot.create, F.pilot.advance,
F.plane.stats, F.weap.loadout, F.weap.mg; FASA *Crimson Skies* p.14, 17-21, 40-42).

A player chooses, for each plane:

- a **design** from the aircraft table (``cs_panel.fasa.aircraft``, 53 recovered designs), which
  gives its ratings, base to-hit number, guns by gunpoint, hardpoints and record sheet;
- a **pilot**: a new hero or wingman whose skills are bought with the role's points
  (F.pilot.create), or a veteran who has earned ``experience`` points since and raised skills
  with them (F.pilot.advance);
- the **loadout**: the rounds each gun carries (AP, DD or MG; F.weap.mg) and the rocket on each
  hardpoint (F.weap.loadout);
- the **side** (player) and where the plane starts: a hex, a facing, a speed up to its maximum
  (F.setup).

and for the game: the map layout (or an open sky), each side's home side on it, and the number
of turns. ``pilot``, ``plane`` and ``game_setup`` give the dict ``new_game("fasa", seed, setup)``
takes; a choice the rules forbid is a ``SetupError`` naming the rule (``rule_id``) and the choice
(``field``), so a form can show it beside the input.

>>> ivy = pilot("Ivy", "hero", quick_draw=5, dead_eye=6, steady_hand=5, natural_touch=3)
>>> ivy.unspent_xp
30
>>> a = plane("Ivy", "Ann", "devastator", ivy, hex=(0, 5), facing="A", speed=3)
>>> a["aircraft"], a["guns"], a["plane"]["capabilities"]["max_speed"]
('devastator', ['mg-40', 'mg-40', 'mg-40', 'mg-40'], 4)
>>> from cs_panel.games import new_game
>>> b = plane("Dukes", "Bob", "bloodhawk", pilot("Dukes", "wingman", dead_eye=5), hex=(0, -3), facing="D")
>>> new_game("fasa", 1, game_setup([a, b], max_turns=5)).players
('Ann', 'Bob')
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Mapping, Sequence

from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.core.state import to_jsonable
from cs_panel.fasa import aircraft as A
from cs_panel.fasa.ammunition import KINDS
from cs_panel.fasa.deployed import deployed_weapons
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.mapsheets import Edge, MapLayout, check_start, layout, layout_names
from cs_panel.fasa.movement import PlaneState
from cs_panel.fasa.pilots import (
    BASE_CONSTITUTION, BUDGETS, CONSTITUTION_MAX, SKILL_NAMES, Pilot, create_pilot, skill_cost,
)
from cs_panel.fasa.tohit import SKILL_MAX, SKILL_MIN
from cs_panel.setups import SetupError

#: what a pilot starts as (F.pilot.create)
ROLES = tuple(BUDGETS)
#: the rounds a gun may carry (F.weap.mg)
ROUNDS = tuple(KINDS)
#: the rockets the referee can fire, so a setup may load them (F.weap.loadout; ``referee.REFEREE_ROCKETS``)
ROCKETS = ("ap-rocket", "he-rocket", "drill", "flak-rocket", "beeper", "seeker", "flare-rocket", "sonic-rocket")
#: the most experience a veteran may bring: a project limit, not a rule (many campaigns' worth)
MAX_EXPERIENCE = 100_000
#: the most planes a setup holds (``FasaRules.check_setup``)
MAX_PLANES = 16
#: a plane's name is one word: the action notation reads "plot NAME 3L2F"
_NAME = re.compile(r"^\S{1,40}$")


class DesignError(SetupError):
    """A plane design the aircraft table does not have (F.plane.stats)."""


class PilotBuildError(SetupError):
    """A pilot the creation or advancement rules do not allow (F.pilot.*)."""


class LoadoutError(SetupError):
    """Rounds or rockets a plane cannot carry (F.weap.mg, F.weap.loadout)."""


class PlacementError(SetupError):
    """A side, home side or starting position the set-up rules do not allow (F.setup, F.map.sheets)."""


# -- designs ------------------------------------------------------------------------------------

def designs() -> dict[str, str]:
    """Every design of the aircraft table, label ("P21-JMKIII Devastator (Hughes)") to id."""
    return A.choices()


def design(design_id: Any) -> A.Aircraft:
    """One design by id; an unknown one is a ``DesignError`` (F.plane.stats)."""
    if not isinstance(design_id, str) or design_id not in A.by_id():
        raise DesignError(f"no plane design {str(design_id)[:40]!r} in the aircraft table; it has {len(A.by_id())} "
                          "designs, such as 'devastator' or 'bloodhawk'", rule_id="F.plane.stats", field="design")
    return A.by_id()[design_id]


def design_guns(d: A.Aircraft) -> tuple[str, ...]:
    """The design's guns as the referee's weapon ids, one per gunpoint in order: a .40 is ``mg-40`` (F.weap.mg)."""
    return tuple("mg-" + g.calibre.lstrip(".") for g in d.guns)


# -- pilots -------------------------------------------------------------------------------------

def _level(value: Any, skill: str, lo: int, hi: int, rule: str) -> int:
    label = SKILL_NAMES.get(skill, skill)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise PilotBuildError(f"{label} must be a whole number {lo}-{hi}, got {str(value)[:20]!r}", rule_id=rule,
                              field=skill)
    return value


def pilot(name: str, role: str = "hero", experience: int = 0, *, constitution: int = BASE_CONSTITUTION,
          quick_draw: int = 0, dead_eye: int = 0, steady_hand: int = 0, natural_touch: int = 0,
          sixth_sense: int = 0) -> Pilot:
    """A pilot for the game: a new hero or wingman (``experience`` 0: the role's points buy the
    skills, F.pilot.create), or a veteran who has since earned ``experience`` points and raised
    skills with them (F.pilot.advance). Points left over stay unspent.

    A level's price on the Skill Cost Table is the sum of the Improving Skill Levels Table's
    prices up to it (p.19-20), and Constitution is raised at improvement prices either way, so a
    veteran's skills cost the same whatever order they were bought in: the total must fit in the
    role's points plus the experience (our reading, RULINGS.md).

    >>> pilot("Old Joe", "wingman", 200, dead_eye=8, quick_draw=6, natural_touch=4).unspent_xp
    30
    """
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise PilotBuildError("a pilot needs a name of 1-40 characters", rule_id="F.pilot.create", field="pilot_name")
    if role not in ROLES:
        raise PilotBuildError(f"a pilot starts as a hero or a wingman, not {str(role)[:20]!r}", rule_id="F.pilot.create",
                              field="role")
    if isinstance(experience, bool) or not isinstance(experience, int) or not 0 <= experience <= MAX_EXPERIENCE:
        raise PilotBuildError(f"experience earned is a whole number 0-{MAX_EXPERIENCE:,} (missions' awards), got "
                              f"{str(experience)[:20]!r}", rule_id="F.pilot.xp-awards", field="experience")
    levels = {"quick_draw": quick_draw, "dead_eye": dead_eye, "steady_hand": steady_hand,
              "natural_touch": natural_touch, "sixth_sense": sixth_sense}
    for skill, v in levels.items():
        _level(v, skill, SKILL_MIN, SKILL_MAX, "F.pilot.skills")
    _level(constitution, "constitution", BASE_CONSTITUTION, CONSTITUTION_MAX, "F.pilot.skills")
    try:
        if experience == 0:
            return create_pilot(name.strip(), role, constitution=constitution, quick_draw=quick_draw,
                                dead_eye=dead_eye, steady_hand=steady_hand, natural_touch=natural_touch,
                                sixth_sense=sixth_sense)
        built = Pilot(name.strip(), constitution, quick_draw, dead_eye, steady_hand, natural_touch, sixth_sense)
    except CsPanelError as e:  # the pilot rules' own refusal, passed on with its rule
        raise PilotBuildError(str(e), rule_id="F.pilot.create", field=e.field) from None
    cost = skill_cost(built)
    budget = BUDGETS[role] + experience
    if cost.total > budget:
        raise PilotBuildError(f"these skills cost {cost.total} points, {cost.total - budget} more than the "
                              f"{BUDGETS[role]} a {role} starts with and the {experience} earned since ({cost})",
                              rule_id="F.pilot.advance", field="experience")
    return replace(built, unspent_xp=budget - cost.total)


# -- planes -------------------------------------------------------------------------------------

def rounds_for(guns: int, ammunition: Any) -> tuple[str, ...]:
    """Each gun's rounds from a choice: one kind for every gun (``"AP"``), or a list with one kind
    per gun in gunpoint order (F.weap.mg)."""
    kinds = [ammunition] * guns if isinstance(ammunition, str) else ammunition
    if not isinstance(kinds, (list, tuple)) or not all(isinstance(k, str) for k in kinds):
        raise LoadoutError(f"rounds are a kind ({', '.join(ROUNDS)}) or one kind per gun", rule_id="F.weap.mg",
                           field="ammunition")
    kinds = [k.strip().upper() for k in kinds]
    bad = [k for k in kinds if k not in ROUNDS]
    if bad:
        raise LoadoutError(f"guns fire {', '.join(f'{k} ({v})' for k, v in KINDS.items())} rounds, not "
                           f"{bad[0][:10]!r}", rule_id="F.weap.mg", field="ammunition")
    if len(kinds) != guns:
        raise LoadoutError(f"the plane has {guns} gun(s): give one kind of rounds for all, or one per gun, not "
                           f"{len(kinds)}", rule_id="F.weap.loadout", field="ammunition")
    return tuple(kinds)


def rockets_for(d: A.Aircraft, rockets: Sequence[str]) -> tuple[str, ...]:
    """The rocket on each hardpoint, hardpoint 1 first, ``""`` for an empty one: no more rockets
    than the design has hardpoints (F.weap.loadout, FASA p.41-42). The referee keeps one rocket a
    hardpoint, as the record sheet's rocket boxes do, so a half-hardpoint rocket (beeper, flak)
    also takes a whole one (the referee's reading, RULINGS.md)."""
    if isinstance(rockets, str) or not isinstance(rockets, (list, tuple)) or not all(isinstance(r, str) for r in rockets):
        raise LoadoutError("rockets are a list, one entry per hardpoint", rule_id="F.weap.loadout", field="rockets")
    out = tuple(r.strip().lower() for r in rockets)
    known = deployed_weapons()
    for r in out:
        if r and r not in ROCKETS:
            why = (f"a {known[r]['name']} is not fired in these games (it needs ground, zeppelin or object targets)"
                   if r in known else f"no rocket called {r[:20]!r}")
            raise LoadoutError(f"{why}; a hardpoint carries one of {', '.join(ROCKETS)}, or nothing",
                               rule_id="F.weap.loadout", field="rockets")
    # the record sheet has one rocket box a hardpoint, so a half-hardpoint rocket still fills one
    if any(out[d.hardpoints:]):
        raise LoadoutError(f"the {d.name} has {d.hardpoints} hardpoint(s), one rocket each; {sum(map(bool, out))} "
                           "rockets given", rule_id="F.weap.loadout", field="rockets")
    return out[:d.hardpoints]


def _facing(facing: Any) -> Facing:
    try:
        return Facing.coerce(facing)
    except CsPanelError:
        raise PlacementError(f"a plane faces a hexside A-F, not {str(facing)[:10]!r}", rule_id="F.setup",
                             field="facing") from None


def plane(name: str, player: str, design_id: str, who: Pilot, *, ammunition: Any = "AP",
          rockets: Sequence[str] = (), hex: tuple[int, int] = (0, 0), facing: Any = "A",
          speed: int | None = None) -> dict:
    """One plane of the setup, as the dict a FASA setup lists: the design's ratings, guns and
    record sheet, the pilot's skills and Constitution, the loadout and the starting position.
    ``speed`` defaults to the design's maximum; a plane starts at any speed up to it (F.setup)."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise PlacementError(f"a plane's name is one word of 1-40 characters (plots are written 'plot NAME 3L2F'), "
                             f"not {str(name)[:40]!r}", rule_id="F.plane.record-sheet", field="plane_name")
    if not isinstance(player, str) or not player.strip() or len(player) > 40:
        raise PlacementError("every plane flies for a side: give its player's name (1-40 characters)",
                             rule_id="F.setup", field="player")
    d = design(design_id)
    if not isinstance(who, Pilot):
        raise PilotBuildError("every plane needs a pilot", rule_id="F.pilot.skills", field="pilot_name")
    guns = design_guns(d)
    rounds = rounds_for(len(guns), ammunition)
    loaded = rockets_for(d, rockets)
    if speed is None:
        speed = d.max_speed
    if isinstance(speed, bool) or not isinstance(speed, int) or not 0 <= speed <= d.max_speed:
        raise PlacementError(f"the {d.name} starts at any speed from 0 to its maximum, {d.max_speed}; not "
                             f"{str(speed)[:10]!r}", rule_id="F.setup", field="speed")
    cap = LIMITS["hex_coordinate"].hi
    if (not isinstance(hex, (tuple, list)) or len(hex) != 2
            or not all(isinstance(c, int) and not isinstance(c, bool) and abs(c) <= cap for c in hex)):
        raise PlacementError(f"a starting hex is two whole numbers (q, r), got {str(hex)[:30]}", rule_id="F.setup",
                             field="hex")
    state = PlaneState(d.capabilities(), speed=speed, hex=Hex(hex[0], hex[1]), facing=_facing(facing),
                       natural_touch=who.natural_touch)
    from cs_panel.fasa.referee import RefPlane, RefereeError

    try:
        p = RefPlane(name, player.strip(), state, base_to_hit=d.base_to_hit, dead_eye=who.dead_eye,
                     sixth_sense=who.sixth_sense, quick_draw=who.quick_draw, guns=guns, aircraft=d.id,
                     constitution=who.constitution, ammunition=rounds, steady_hand=who.steady_hand, rockets=loaded)
    except (RefereeError, CsPanelError) as e:
        raise LoadoutError(str(e), rule_id="F.weap.loadout", field=e.field) from None
    out = to_jsonable(p)
    out.pop("sheet")  # a fresh record sheet is built from the plane when the game starts
    return out


# -- the game -------------------------------------------------------------------------------

def maps() -> list[str]:
    """The map layouts a game may be played on ("" is an open sky without edges, F.map.sheets)."""
    return ["", *layout_names()]


def _layout(map_name: str) -> MapLayout:
    try:
        return layout(map_name or "fighters")
    except CsPanelError:
        raise PlacementError(f"no map layout {str(map_name)[:40]!r}; choose one of {layout_names()} or an open sky",
                             rule_id="F.map.sheets", field="map_name") from None


def home_sides(map_name: str) -> tuple[str, str]:
    """The two home sides of a layout, its short ends (F.setup); an open sky uses the fighter sheet's."""
    return tuple(e.value for e in _layout(map_name).home_edges)  # type: ignore[return-value]


#: the facing that points a plane from its home side into the map (A is up the map, then clockwise)
FACING_FROM = {Edge.SOUTH: Facing.A, Edge.NORTH: Facing.D, Edge.WEST: Facing.B, Edge.EAST: Facing.E}


def home_start(map_name: str, home: str, index: int = 0) -> tuple[tuple[int, int], str]:
    """A starting hex on the home side's edge row, the ``index``-th plane of the side set out from
    the middle every other hex, and the facing that points it into the map (F.setup).

    >>> home_start("fighters", "south", 0)
    ((0, 13), 'A')
    """
    m = _layout(map_name)
    try:
        edge = Edge.parse(home)
    except CsPanelError:
        edge = None
    if edge not in m.home_edges:
        raise PlacementError(f"the home sides of the {m.name} map are {m.home_edges[0].value} and "
                             f"{m.home_edges[1].value}, not {str(home)[:10]!r}", rule_id="F.setup", field="home")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < MAX_PLANES:
        raise PlacementError(f"a side has at most {MAX_PLANES} planes", rule_id="F.setup", field="index")
    along = m.columns if edge in (Edge.NORTH, Edge.SOUTH) else m.rows
    step = 2 * ((index + 1) // 2) * (1 if index % 2 else -1)  # 0, +2, -2, +4, -4 ...
    at = min(max(along // 2 + step, 0), along - 1)
    col, row = {Edge.NORTH: (at, 0), Edge.SOUTH: (at, m.rows - 1), Edge.WEST: (0, at),
                Edge.EAST: (m.columns - 1, at)}[edge]
    h = m.from_offset(col, row)
    return (h.q, h.r), FACING_FROM[edge].name


def game_setup(planes: Sequence[dict], *, max_turns: int = 3, map_name: str = "",
               homes: Mapping[str, str] | None = None) -> dict:
    """The setup dict for ``new_game("fasa", seed, setup)``: the planes, at least one for each of
    two or more sides, on a map layout (each side with its own home side, the two at opposite
    ends, every plane starting on its home side's edge row: F.setup) or an open sky, for
    ``max_turns`` turns. Checked by the FASA rules before it is returned."""
    from cs_panel.fasa.play import FasaRules
    from cs_panel.fasa.referee import RefPlane
    from cs_panel.core.state import from_jsonable

    if not isinstance(planes, (list, tuple)) or not 1 <= len(planes) <= MAX_PLANES:
        raise PlacementError(f"a game has 1 to {MAX_PLANES} planes", rule_id="F.setup", field="planes")
    bad = next((i for i, p in enumerate(planes) if not isinstance(p, dict)), None)
    if bad is not None:
        raise PlacementError(f"planes[{bad}] is a plane as plane() builds it (a dict), not "
                             f"{type(planes[bad]).__name__} {str(planes[bad])[:30]!r}", rule_id="F.setup", field="planes")
    names = [p.get("name") if isinstance(p, dict) else None for p in planes]
    twice = sorted({n for n in names if names.count(n) > 1}, key=str)
    if twice:
        raise PlacementError(f"two planes are called {twice[0]!r}: every plane needs its own name",
                             rule_id="F.plane.record-sheet", field="plane_name")
    sides: list[str] = sorted({str(p.get("player", "")) for p in planes if isinstance(p, dict)})
    if len(sides) < 2:
        raise PlacementError(f"a dogfight needs two sides; every plane flies for {sides[0] if sides else 'nobody'!r}",
                             rule_id="F.setup", field="player")
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 1 <= max_turns <= 1000:
        raise PlacementError(f"the game lasts 1-1000 turns, not {str(max_turns)[:10]!r}", rule_id="F.seq.phases",
                             field="max_turns")
    if not isinstance(homes or {}, Mapping):
        raise PlacementError(f"home sides are each side's name and its home side, not {str(homes)[:40]!r}",
                             rule_id="F.setup", field="home")
    homes = dict(homes or {})
    if not isinstance(map_name, str):
        raise PlacementError("a map is a layout's name", rule_id="F.map.sheets", field="map_name")
    if map_name:
        m = _layout(map_name)
        if len(sides) != 2:
            raise PlacementError(f"on a map the forces set up at its two ends: two sides, not {len(sides)}",
                                 rule_id="F.setup", field="player")
        for side in sides:
            if side not in homes:
                raise PlacementError(f"{side} needs a home side, {m.home_edges[0].value} or {m.home_edges[1].value}",
                                     rule_id="F.setup", field="home")
        edges: dict[str, Edge | None] = {}
        for side in sides:
            try:
                edges[side] = Edge.parse(homes[side])
            except CsPanelError:
                edges[side] = None
            if edges[side] not in m.home_edges:
                raise PlacementError(f"{side}'s home side is an end of the {m.name} map, {m.home_edges[0].value} or "
                                     f"{m.home_edges[1].value}, not {str(homes[side])[:10]!r}", rule_id="F.setup",
                                     field="home")
        if edges[sides[0]] == edges[sides[1]]:
            raise PlacementError(f"{sides[0]} and {sides[1]} both have the {homes[sides[0]]} side; the sides set up "
                                 "at opposite ends", rule_id="F.setup", field="home")
        for i, p in enumerate(planes):
            try:
                rp = from_jsonable(RefPlane, p, f"planes[{i}]")
                check_start(m, homes[rp.player], rp.plane.hex, rp.plane.speed, rp.plane.capabilities.max_speed)
            except CsPanelError as e:
                raise PlacementError(f"{names[i]}: {e}", rule_id="F.setup",
                                     field="hex" if e.field in ("hex", "home") else (e.field or "planes")) from None
    elif homes:
        raise PlacementError("home sides need a map: choose a layout, or no home sides for an open sky",
                             rule_id="F.setup", field="home")
    setup = {"planes": [dict(p) for p in planes], "max_turns": max_turns, "map_name": map_name,
             "homes": {k: str(v) for k, v in homes.items()}}
    try:
        return FasaRules().check_setup(setup)
    except CsPanelError as e:
        from cs_panel.setups import rule_in

        raise PlacementError(str(e), rule_id=rule_in(str(e), "F.setup"), field=e.field) from None


def written_out(setup: Mapping) -> dict:
    """A setup the FASA rules accept, with each plane, zeppelin and object written out in full as the
    referee reads it: what a saved file may leave out is filled in at its default (F.setup). A setup
    these builders made comes back equal; a form lists the result without meeting a missing field.
    Anything the rules refuse is their named error."""
    from cs_panel.core.state import from_jsonable
    from cs_panel.fasa.play import FasaRules
    from cs_panel.fasa.referee import MapObject, RefPlane, RefZeppelin

    out = FasaRules().check_setup(setup)  # type: ignore[arg-type]
    for key, kind in (("planes", RefPlane), ("zeppelins", RefZeppelin), ("objects", MapObject)):
        if key in out:
            full = [to_jsonable(from_jsonable(kind, x, f"{key}[{i}]")) for i, x in enumerate(out[key])]
            # a plane's record sheet is built fresh when the game starts, unless the setup brought its own
            out[key] = [{k: v for k, v in f.items() if k != "sheet" or k in x} for f, x in zip(full, out[key])]
    return out


__all__ = [
    "DesignError", "FACING_FROM", "LoadoutError", "PilotBuildError", "PlacementError", "ROCKETS", "ROLES", "ROUNDS",
    "design", "design_guns", "designs", "game_setup", "home_sides", "home_start", "maps", "pilot", "plane",
    "rockets_for", "rounds_for", "written_out",
]
