"""Build a Bar-rooms fight's setup from the players' choices (B.chargen, B.skills, B.weapons,
B.grenade, B.jam, B.cover, B.sequence; *Crimson Bar-rooms and Redheaded Dames*, Character
generation, Firing Method, Grenades, Cover).

For each character the players choose:

- the **points** he is built with (a lead 450, a wing 350, a squadron leader 600 or his wingman
  450) and his seven **stats** bought with them at the board game's skill costs (Stamina at most
  6, the rest 0-10), with any **special skills** paid from the same points (a skill that upgrades
  another needs it first) (B.chargen, B.skills; ``character.build_cost``);
- what he **carries**: one firearm from the weapons data or none (B.weapons), whether it is an
  inferior make that may jam (B.jam), a knife (B.knife), up to four grenades, explosive or
  flash-bang (B.grenade), a bullet-proof vest (B.cover);
- his **side** (player) and the **hex** he starts on.

and for the fight: the room's size in hexes, the tables, stove and bar counter standing in it
(cover, B.cover), and the number of turns agreed. ``character``, ``cover_list`` and
``game_setup`` give the dict ``new_game("barrooms", seed, setup)`` takes; a choice the rules
forbid is a ``SetupError`` naming the rule (``rule_id``) and the choice (``field``), so a form can
show it beside the input.

The text sets no room, sides or starting hexes: the checks on those are ours (RULINGS.md, "The
Bar-rooms set-up form").

>>> mac = character("Mac", "Ann", {"stamina": 4, "constitution": 4, "deadeye": 5, "steady_mind": 4,
...                  "quickdraw": 4, "sixth_sense": 3, "melee": 3}, budget="squadron-leader", weapon="colt-1911", at=(1, 2))
>>> str(cost(mac))
'70 Stamina 4 + 70 Constitution 4 + 110 Deadeye 5 + 70 Steady Mind 4 + 70 Quickdraw 4 + 40 Sixth Sense 3 + 40 Melee 3 = 470'
>>> lou = character("Lou", "Bob", dict(mac["stats"], deadeye=4), budget="lead", weapon="thompson", at=(10, 2))
>>> cover_text(cover_list("table 3,2; bar 5,0"))
'table 3,2; bar 5,0'
>>> from cs_panel.games import new_game
>>> new_game("barrooms", 1, game_setup([mac, lou], cols=12, rows=8, cover="table 3,2")).players
('Ann', 'Bob')
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from cs_panel.barrooms.character import BUDGETS, STAMINA_MAX, STAT_MAX, STAT_NAMES, STATS, Character, Cost, build_cost, \
    special_skills
from cs_panel.barrooms.firing import weapons
from cs_panel.barrooms.table import COVER_KINDS, GRENADES
from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.setups import SetupError, rule_in

#: the points a character is built with (B.chargen)
BUDGET_NAMES = tuple(BUDGETS)
#: grenades one man carries: a limit of the fight's setup (``BarroomsRules.check_setup``), not the text's
MAX_GRENADES = 4
#: the fight's size (``BarroomsRules.check_setup``)
MAX_FIGHTERS = 12
ROOM_SIZE = (2, 40)
MAX_COVER = 200
#: a name the action notation reads ("move Mac to 3,4"): one capitalised word, none of its keywords
_NAME = re.compile(r"[A-Z][A-Za-z'-]{0,19}")
_RESERVED = {"at", "to", "aim", "and", "block", "then", "fire", "x"}
_COVER = re.compile(r"\s*([a-z]+)\s+(-?\d{1,3})\s*,\s*(-?\d{1,3})\s*")


class CharacterBuildError(SetupError):
    """Stats, special skills or points the character rules do not allow (B.chargen, B.skills, B.melee)."""


class EquipmentError(SetupError):
    """A weapon, grenades or gear a character cannot carry into the fight (B.weapons, B.grenade, B.jam)."""


class RoomError(SetupError):
    """A room or a piece of cover in it the fight cannot be played in (B.cover)."""


class PlacementError(SetupError):
    """A name, side, starting hex or length of the fight that cannot be played (B.sequence)."""


# -- the choices ----------------------------------------------------------------------------------

def firearms() -> dict[str, str]:
    """The firearms a character may carry, label ("Colt 1911 .45 automatic") to weapon id (B.weapons).
    The bow is left out: the fight does not play bows yet (README)."""
    return {w["name"]: w.id for w in weapons() if w["class"] != "missile"}


def skill_choices() -> dict[str, str]:
    """The special skills, label ("Brawler, 40 points") to id (B.skills)."""
    return {f"{s['name']}, {s['xp']} points": s.id for s in special_skills()}


# -- a character ------------------------------------------------------------------------------------

def _whole(v: Any, lo: int, hi: int, what: str, error: type[SetupError], rule: str, field: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise error(f"{what} is a whole number {lo}-{hi}, not {str(v)[:20]!r}", rule_id=rule, field=field)
    return v


def _sheet(name: str, stats: Mapping[str, Any], skills: Sequence[str]) -> Character:
    """The character's sheet, each stat within its range and each skill known with its prerequisite."""
    if not isinstance(stats, Mapping) or set(stats) != set(STATS):
        raise CharacterBuildError(f"a character has the seven stats {', '.join(STAT_NAMES.values())}",
                                  rule_id="B.chargen", field="stats")
    for s in STATS:
        _whole(stats[s], 0, STAMINA_MAX if s == "stamina" else STAT_MAX, STAT_NAMES[s], CharacterBuildError,
               "B.chargen", s)
    if stats["constitution"] < 1:
        raise CharacterBuildError(f"{name} needs Constitution 1 or more: his punch points are four times it, and "
                                  "with none he would start the fight out cold", rule_id="B.melee", field="constitution")
    if isinstance(skills, str) or not isinstance(skills, (list, tuple)) or not all(isinstance(k, str) for k in skills):
        raise CharacterBuildError("special skills are a list of skill ids", rule_id="B.skills", field="skills")
    table = special_skills()
    for k in skills:
        if k not in table:
            raise CharacterBuildError(f"no special skill {k[:30]!r}; the skills are {sorted(table.entries)}",
                                      rule_id="B.skills", field="skills")
        if list(skills).count(k) > 1:
            raise CharacterBuildError(f"{table[k]['name']} is bought once", rule_id="B.skills", field="skills")
    try:
        return Character(name, **{s: stats[s] for s in STATS}, skills=tuple(skills))
    except CsPanelError as e:  # a skill bought without the one it builds on
        raise CharacterBuildError(str(e), rule_id=rule_in(str(e), "B.skills"),
                                  field="skills" if e.field == "skills" else e.field) from None


def points(name: str, stats: Mapping[str, Any], skills: Sequence[str] = (), budget: str = "lead") -> Cost:
    """What the stats and special skills cost, term by term, against the points of ``budget``; a
    build over them is refused, naming the amount over (B.chargen, B.skills).

    >>> str(points("Vic", dict(stamina=5, constitution=4, deadeye=3, steady_mind=3, quickdraw=1, sixth_sense=4,
    ...                           melee=4), ["knifer"], "lead")).endswith("+ 40 Knifer = 450")
    True
    """
    if budget not in BUDGETS:
        raise CharacterBuildError(f"a character is built with the points of a {', '.join(BUDGET_NAMES)}, not "
                                  f"{str(budget)[:20]!r}", rule_id="B.chargen", field="budget")
    sheet = _sheet(name, stats, skills)
    spent = build_cost(sheet)
    if spent.total > BUDGETS[budget]:
        raise CharacterBuildError(f"{name} costs {spent.total} points, {spent.total - BUDGETS[budget]} over "
                                  f"the {BUDGETS[budget]} of a {budget}", rule_id="B.chargen", field="budget")
    return build_cost(sheet, budget)


def cost(fighter: Mapping[str, Any]) -> Cost:
    """What a built character (a ``character`` dict) costs, without a budget (B.chargen, B.skills)."""
    return build_cost(_sheet(fighter["name"], fighter["stats"], fighter.get("skills", [])))


def _name(name: Any, what: str, field: str) -> str:
    if not isinstance(name, str) or not _NAME.fullmatch(name.strip()) or name.strip().lower() in _RESERVED:
        raise PlacementError(f"{str(name)[:30]!r}: {what} is one capitalised word of letters, up to 20, and not one of "
                             f"the words the actions use ({', '.join(sorted(_RESERVED))})", rule_id="B.sequence",
                             field=field)
    return name.strip()


def _hex(at: Any, field: str = "at") -> list[int]:
    if (not isinstance(at, (list, tuple)) or len(at) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 60 for v in at)):
        raise PlacementError(f"a hex is a column and a row, whole numbers from 0, not {str(at)[:30]}",
                             rule_id="B.sequence", field=field)
    return [at[0], at[1]]


def character(name: str, player: str, stats: Mapping[str, Any], *, skills: Sequence[str] = (), budget: str = "lead",
              weapon: str | None = None, inferior: bool = False, knife: bool = False,
              grenades: Sequence[str] = (), vest: bool = False, at: Sequence[int] = (0, 0)) -> dict:
    """One character as a setup lists him, built within ``budget``'s points (B.chargen, B.skills)
    and carrying what the weapons rules allow (B.weapons, B.jam, B.knife, B.grenade, B.cover)."""
    name = _name(name, "a character's name", "name")
    player = _name(player, "a side's (player's) name", "player")
    points(name, stats, skills, budget)
    if weapon in ("", None):
        weapon = None
    elif not isinstance(weapon, str) or weapon not in firearms().values():
        raise EquipmentError(f"no firearm {str(weapon)[:30]!r}; the firearms are {sorted(firearms().values())}",
                             rule_id="B.weapons", field="weapon")
    for flag, what in ((inferior, "inferior"), (knife, "knife"), (vest, "vest")):
        if not isinstance(flag, bool):
            raise EquipmentError(f"{what} is yes or no (true or false)", rule_id="B.weapons", field=what)
    if inferior and weapon is None:
        raise EquipmentError(f"{name} carries no gun, so none of his can be of an inferior make that jams",
                             rule_id="B.jam", field="inferior")
    if isinstance(grenades, str) or not isinstance(grenades, (list, tuple)):
        raise EquipmentError("grenades are a list", rule_id="B.grenade", field="grenades")
    bad = [g for g in grenades if g not in GRENADES]
    if bad:
        raise EquipmentError(f"grenades are {' or '.join(GRENADES)}, not {str(bad[0])[:20]!r}", rule_id="B.grenade",
                             field="grenades")
    if len(grenades) > MAX_GRENADES:
        raise EquipmentError(f"{name} carries at most {MAX_GRENADES} grenades, not {len(grenades)}", rule_id="B.grenade",
                             field="grenades")
    return {"name": name, "player": player, "at": _hex(at), "stats": {s: stats[s] for s in STATS}, "weapon": weapon,
            "knife": knife, "grenades": list(grenades), "inferior": inferior, "vest": vest, "skills": list(skills)}


# -- the room -----------------------------------------------------------------------------------------

def cover_list(text: str) -> list[list]:
    """The room's cover from its notation, ``"table 3,2; bar 5,0"``: a kind and a hex each, ';'
    between them (B.cover). ``cover_text`` writes it back."""
    if not isinstance(text, str) or len(text) > 4000:
        raise RoomError("cover is written 'table 3,2; bar 5,0'", rule_id="B.cover", field="cover")
    out = []
    for part in (p for p in text.split(";") if p.strip()):
        m = _COVER.fullmatch(part)
        if not m or m.group(1) not in COVER_KINDS:
            raise RoomError(f"{part.strip()[:30]!r}: a piece of cover is a kind ({', '.join(COVER_KINDS)}) and a hex "
                            "'column,row', e.g. 'table 3,2'", rule_id="B.cover", field="cover")
        out.append([m.group(1), int(m.group(2)), int(m.group(3))])
    return out


def cover_text(cover: Sequence[Sequence]) -> str:
    """The notation of a cover list (``cover_list`` reads it)."""
    return "; ".join(f"{k} {c},{r}" for k, c, r in cover)


def room(cols: Any, rows: Any, cover: str | Sequence[Sequence] = ()) -> dict:
    """The room, ``cols`` by ``rows`` hexes, and its cover, each piece inside it and one a hex (B.cover)."""
    lo, hi = ROOM_SIZE
    cols = _whole(cols, lo, hi, "the room's width in hexes", RoomError, "B.cover", "cols")
    rows = _whole(rows, lo, hi, "the room's depth in hexes", RoomError, "B.cover", "rows")
    if not isinstance(cover, str) and (not isinstance(cover, (list, tuple)) or not all(
            isinstance(c, (list, tuple)) and len(c) == 3 and isinstance(c[0], str)
            and all(isinstance(x, int) and not isinstance(x, bool) for x in c[1:]) for c in cover)):
        raise RoomError(f"cover is a list of [kind, column, row] entries, not {str(cover)[:40]!r}", rule_id="B.cover",
                        field="cover")
    pieces = cover_list(cover) if isinstance(cover, str) else [list(c) for c in cover]
    if len(pieces) > MAX_COVER:
        raise RoomError(f"a room holds at most {MAX_COVER} pieces of cover", rule_id="B.cover", field="cover")
    seen: set[tuple] = set()
    for kind, c, r in pieces:
        if kind not in COVER_KINDS:
            raise RoomError(f"cover is a {', '.join(COVER_KINDS)}, not {str(kind)[:20]!r}", rule_id="B.cover",
                            field="cover")
        if not (0 <= c < cols and 0 <= r < rows):
            raise RoomError(f"the {kind} at {c},{r} stands outside the {cols} by {rows} room", rule_id="B.cover",
                            field="cover")
        if (c, r) in seen:
            raise RoomError(f"two pieces of cover stand on {c},{r}: one a hex", rule_id="B.cover", field="cover")
        seen.add((c, r))
    return {"room": {"cols": cols, "rows": rows}, "cover": pieces}


def free_hex(the_room: Mapping, side: int, taken: Sequence[Sequence[int]] = ()) -> tuple[int, int]:
    """The first hex nobody and no cover stands on, from the left wall for the first side (``side``
    0) and from the right wall for the second, row by row (B.sequence)."""
    cols, rows = the_room["room"]["cols"], the_room["room"]["rows"]
    used = {tuple(t) for t in taken} | {(c, r) for _, c, r in the_room["cover"]}
    order = range(cols) if side == 0 else range(cols - 1, -1, -1)
    for c in order:
        for r in range(rows):
            if (c, r) not in used:
                return (c, r)
    raise PlacementError("the room is full: no free hex is left", rule_id="B.sequence", field="at")


def check_hex(the_room: Mapping, name: str, at: Sequence[int], taken: Mapping[tuple, str]) -> tuple[int, int]:
    """``at`` if ``name`` may start there: inside the room, not on cover (B.cover), nobody else there (``taken``
    maps hexes to who stands there)."""
    c, r = _hex(at)
    cols, rows = the_room["room"]["cols"], the_room["room"]["rows"]
    if not (c < cols and r < rows):
        raise PlacementError(f"{name} cannot start on {c},{r}: it is outside the {cols} by {rows} room",
                             rule_id="B.sequence", field="at")
    kind = next((k for k, cc, rr in the_room["cover"] if (cc, rr) == (c, r)), None)
    if kind:
        raise PlacementError(f"{name} cannot start on {c},{r}: the {kind} stands there (nobody stands in cover, B.cover)",
                             rule_id="B.cover", field="at")
    if (c, r) in taken:
        raise PlacementError(f"{name} cannot start on {c},{r}: {taken[(c, r)]} is there", rule_id="B.sequence",
                             field="at")
    return (c, r)


# -- the fight ------------------------------------------------------------------------------------------

def grenades(explosive: Any = 0, flash_bang: Any = 0) -> list[str]:
    """A man's grenades from how many of each kind he carries, at most four in all (B.grenade)."""
    n = [_whole(v, 0, MAX_GRENADES, f"the number of {kind} grenades", EquipmentError, "B.grenade", "grenades")
         for v, kind in ((explosive, "explosive"), (flash_bang, "flash-bang"))]
    if sum(n) > MAX_GRENADES:
        raise EquipmentError(f"a man carries at most {MAX_GRENADES} grenades, not {sum(n)}", rule_id="B.grenade",
                             field="grenades")
    return ["explosive"] * n[0] + ["flash-bang"] * n[1]


def turns(max_turns: Any) -> int:
    """The fight's agreed length, 1 turn or more (the text sets no end: our reading, B.sequence)."""
    return _whole(max_turns, 1, LIMITS["turns"].bounds[1], "the fight's length in turns", PlacementError, "B.sequence",
                  "max_turns")


def game_setup(fighters: Sequence[Mapping], *, cols: int = 12, rows: int = 8, cover: str | Sequence = (),
               max_turns: int = 10, players: Sequence[str] | None = None) -> dict:
    """The setup dict for ``new_game("barrooms", seed, setup)``: 2 to 12 characters (``character``
    dicts) on two sides, each side with at least one, in the room with its cover, each on his own
    free hex, for ``max_turns`` turns (the end of the fight is our reading). ``players`` orders the
    sides (by default as their first characters are listed). Checked by the Bar-rooms rules before
    it is returned."""
    from cs_panel.barrooms.play import BarroomsRules

    where = room(cols, rows, cover)
    if not isinstance(fighters, (list, tuple)) or not all(isinstance(f, Mapping) for f in fighters):
        raise PlacementError("the fight's characters are a list", rule_id="B.sequence", field="fighters")
    if not 2 <= len(fighters) <= MAX_FIGHTERS:
        raise PlacementError(f"a fight has 2 to {MAX_FIGHTERS} characters, not {len(fighters)}", rule_id="B.sequence",
                             field="fighters")
    sides = list(dict.fromkeys(str(f.get("player")) for f in fighters))
    if players is not None and not isinstance(players, (list, tuple)):
        raise PlacementError(f"the sides' order is a list of the players, not {str(players)[:40]!r}",
                             rule_id="B.sequence", field="player")
    if players is not None and sorted(map(str, players)) == sorted(sides):
        sides = [str(p) for p in players]
    elif players is not None:
        raise PlacementError(f"the sides' order names each side once: {', '.join(sides)[:80]}", rule_id="B.sequence",
                             field="player")
    if len(sides) != 2:
        raise PlacementError(f"a fight is between two sides, each with a character; these are on {len(sides)}: "
                             f"{', '.join(sides)[:80]}", rule_id="B.sequence", field="player")
    taken: dict[tuple, str] = {}
    for f in fighters:
        name = str(f.get("name"))
        if name in taken.values():
            raise PlacementError(f"two characters are called {name!r}: every character needs his own name (actions "
                                 "name him)", rule_id="B.sequence", field="name")
        taken[check_hex(where, name, f.get("at"), taken)] = name
    turns(max_turns)
    setup = {**where, "players": sides, "fighters": [dict(f) for f in fighters], "max_turns": max_turns}
    try:
        return BarroomsRules().check_setup(setup)
    except CsPanelError as e:
        raise PlacementError(str(e), rule_id=rule_in(str(e), "B.sequence"), field=e.field) from None


__all__ = [
    "BUDGET_NAMES", "CharacterBuildError", "EquipmentError", "MAX_GRENADES", "PlacementError", "RoomError", "character",
    "check_hex", "cost", "cover_list", "cover_text", "firearms", "free_hex", "game_setup", "grenades", "points", "room", "turns",
    "skill_choices",
]
