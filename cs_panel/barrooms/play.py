"""*Crimson Bar-rooms* through the one game protocol (``cs_panel.core.game``): a fight in a bar
room on a hex map, turn by turn in the fan rules' order (B.sequence). The rules live in the core
modules (``movement``, ``firing``, ``melee``, ``damage``); this module keeps the table (who
stands where, the turn's phase, whose go it is), names the actions, lists the legal ones and
writes every roll's terms, odds, faces and rule ids into the transcript.

The turn (B.sequence; *Crimson Bar-rooms*, the section on movement and firing together):

1. **Movement**, lowest Quickdraw first: ``move Mac to 3,4 run`` (the gait is set by the hexes
   moved, B.move.gait; a run or a dash rolls to keep the feet, B.move.dash-roll), ``stay Mac``, or
   ``hide Mac``: stay put and take shelter behind cover next to him (B.cover: +3 to hit him, and
   he does not fire or throw this turn).
2. **Fists and knives**, by everyone within a hex of an enemy, declared in movement order and
   then struck from the highest Quickdraw down (B.melee, B.knife): ``punch Mac at Lou`` with an
   optional `` aim head|torso|right arm|left arm`` and `` and block``; ``knife Mac at Lou`` (aim
   optional); ``block Mac``; ``evade Mac``; ``pass Mac``.
3. **Firing**, highest Quickdraw first (B.sequence): ``fire Mac at Lou`` or ``fire Mac at Lou x3``
   (B.fire.*, B.weapons, B.cover, B.shock, B.hitloc, B.jam), ``throw Mac explosive at 5,4``
   (B.grenade), ``reload Mac`` or, for a gun that reloads in half a turn, ``reload Mac then fire
   at Lou``, ``clear Mac`` (a jammed gun, B.jam), ``pass Mac``.
4. End of the turn: everyone in shock rolls to shake it off (B.shock).

The fight ends when one side has nobody left fighting, or at the agreed number of turns (our
reading, RULINGS.md). Every reading of ours is listed in RULINGS.md under "Bar-rooms on the game
protocol".

>>> from cs_panel.games import new_game
>>> g = new_game("barrooms", seed=1)
>>> g.waiting_for, str(g.legal_actions()[0])
(('Bob',), 'stay Vic')
"""

from __future__ import annotations

import dataclasses
import re
from collections import deque
from dataclasses import dataclass
from typing import Any, Iterable

from cs_panel.barrooms.character import STATS, Character
from cs_panel.barrooms.damage import DamageCard, HitOnCard, take_hit
from cs_panel.barrooms.firing import (
    CoverRoll, GRENADE_ROUNDS, HitLocation, Unjam, grenade_reach, jams, shake_off, shock_check, to_hit,
    turn_order, weapons,
)
from cs_panel.barrooms.melee import PunchTrack, blow_number, evade_roll, punch_damage, punch_points, readiness_roll
from cs_panel.barrooms.movement import Gait, MoveError, distance_after, gait, keep_feet_roll
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError, RuleInputError
from cs_panel.core.explain import Modifier, TargetNumber, percent
from cs_panel.core.limits import LIMITS
from cs_panel.core.game import Action, Result, Rules, StepInfo, UnknownActionError
from cs_panel.fasa.hexgrid import Hex

Pos = tuple[int, int]  # (column, row) on the room's hex map, odd columns set half a hex down

#: cover objects: (cover value, armour) (B.cover). The table's 5 and 2 and the stove's 3 and 4 are
#: the text's own examples; the bar counter's 6 and 3 are ours.
COVER_KINDS = {"table": (5, 2), "stove": (3, 4), "bar": (6, 3)}
GRENADES = ("explosive", "flash-bang")
GRENADE_PENETRATION = 6  # five .30-06 rounds: the M1 Garand's penetration (B.grenade, B.weapons)
FRAGMENT_PENETRATION = 2  # five .45 ACP shots: the .45 pistols' penetration (B.grenade, B.weapons)
FLASH_SHOCK = 2  # a flash-bang's +2 to every number: two points of shock (our reading, B.grenade)
AIMS = ("head", "torso", "right arm", "left arm")
GAIT_WORDS = {Gait.WALK: "walk", Gait.RUN: "run", Gait.DASH: "dash"}
PHASES = ("move", "melee", "fire", "over")
_NAME = re.compile(r"[A-Z][A-Za-z'-]{0,19}")
_RESERVED = {"at", "to", "aim", "and", "block", "then", "fire", "x"}


class BarroomsError(RuleInputError):
    """An action the Bar-rooms rules refuse; ``rule_id`` names the rule (also in the message)."""

    def __init__(self, message: str, rule_id: str | None = None, *, field: str | None = "action"):
        if rule_id is None:  # a reason written with its rule at the end: "... (B.jam)"
            m = re.search(r"\((B\.[a-z.-]+)[,)]", message)
            rule_id = m.group(1) if m else None
        if rule_id and rule_id not in message:
            message = f"{message} ({rule_id})"
        super().__init__(message, field=field)
        self.rule_id = rule_id


# -- the hex map ------------------------------------------------------------------------------------


def axial(p: Pos) -> Hex:
    """The axial hex of a (column, row) on the room's map (flat-topped hexes, odd columns half a hex down)."""
    c, r = p
    return Hex(c, r - (c - (c & 1)) // 2)


def offset(h: Hex) -> Pos:
    return (h.q, h.r + (h.q - (h.q & 1)) // 2)


def distance(a: Pos, b: Pos) -> int:
    """Hexes from ``a`` to ``b`` (a hex is about five yards)."""
    return axial(a).distance(axial(b))


def neighbours(p: Pos) -> list[Pos]:
    return [offset(n) for n in axial(p).neighbors()]


def _pos(p: Pos) -> str:
    return f"{p[0]},{p[1]}"


# -- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move(Action):
    """Move to a hex; the gait word must be the one the hexes moved make (B.move.gait)."""

    name: str
    to: Pos
    gait: str

    def __str__(self) -> str:
        return f"move {self.name} to {_pos(self.to)} {self.gait}"


@dataclass(frozen=True)
class Stay(Action):
    name: str

    def __str__(self) -> str:
        return f"stay {self.name}"


@dataclass(frozen=True)
class Hide(Action):
    """Stay put and take shelter behind cover next to him (B.cover)."""

    name: str

    def __str__(self) -> str:
        return f"hide {self.name}"


@dataclass(frozen=True)
class Punch(Action):
    name: str
    target: str
    aim: str | None = None
    block: bool = False

    def __str__(self) -> str:
        return (f"punch {self.name} at {self.target}" + (f" aim {self.aim}" if self.aim else "")
                + (" and block" if self.block else ""))


@dataclass(frozen=True)
class Knife(Action):
    name: str
    target: str
    aim: str | None = None

    def __str__(self) -> str:
        return f"knife {self.name} at {self.target}" + (f" aim {self.aim}" if self.aim else "")


@dataclass(frozen=True)
class Guard(Action):
    """A defence for the hand-to-hand of this turn: ``block`` or ``evade`` (B.melee, B.knife)."""

    kind: str
    name: str

    def __str__(self) -> str:
        return f"{self.kind} {self.name}"


@dataclass(frozen=True)
class Fire(Action):
    name: str
    target: str
    shots: int = 1

    def __str__(self) -> str:
        return f"fire {self.name} at {self.target}" + (f" x{self.shots}" if self.shots != 1 else "")


@dataclass(frozen=True)
class Throw(Action):
    name: str
    kind: str
    to: Pos

    def __str__(self) -> str:
        return f"throw {self.name} {self.kind} at {_pos(self.to)}"


@dataclass(frozen=True)
class Reload(Action):
    name: str
    then_fire: str | None = None

    def __str__(self) -> str:
        return f"reload {self.name}" + (f" then fire at {self.then_fire}" if self.then_fire else "")


@dataclass(frozen=True)
class Clear(Action):
    name: str

    def __str__(self) -> str:
        return f"clear {self.name}"


@dataclass(frozen=True)
class Pass(Action):
    name: str

    def __str__(self) -> str:
        return f"pass {self.name}"


_W = r"([A-Z][A-Za-z'-]*)"
_AT = r"(\d{1,3}),(\d{1,3})"
_AIM = r"(?: aim (head|torso|right arm|left arm))?"
_PATTERNS: tuple[tuple[re.Pattern, Any], ...] = (
    (re.compile(rf"move {_W} to {_AT} (walk|run|dash)"), lambda m: Move(m[1], (int(m[2]), int(m[3])), m[4])),
    (re.compile(rf"stay {_W}"), lambda m: Stay(m[1])),
    (re.compile(rf"hide {_W}"), lambda m: Hide(m[1])),
    (re.compile(rf"punch {_W} at {_W}{_AIM}( and block)?"), lambda m: Punch(m[1], m[2], m[3], bool(m[4]))),
    (re.compile(rf"knife {_W} at {_W}{_AIM}"), lambda m: Knife(m[1], m[2], m[3])),
    (re.compile(rf"(block|evade) {_W}"), lambda m: Guard(m[1], m[2])),
    (re.compile(rf"fire {_W} at {_W}(?: x([1-9]))?"), lambda m: Fire(m[1], m[2], int(m[3] or 1))),
    (re.compile(rf"throw {_W} (explosive|flash-bang) at {_AT}"), lambda m: Throw(m[1], m[2], (int(m[3]), int(m[4])))),
    (re.compile(rf"reload {_W}(?: then fire at {_W})?"), lambda m: Reload(m[1], m[2])),
    (re.compile(rf"clear {_W}"), lambda m: Clear(m[1])),
    (re.compile(rf"pass {_W}"), lambda m: Pass(m[1])),
)


def parse_action(text: str) -> Action:
    """A Bar-rooms action from its notation; ``str`` of the result gives the text back.

    >>> str(parse_action("punch  Mac at Lou aim head and block"))
    'punch Mac at Lou aim head and block'
    """
    words = " ".join(str(text).split())
    for pattern, make in _PATTERNS:
        m = pattern.fullmatch(words)
        if m:
            return make(m)
    raise UnknownActionError(
        f"cannot read {str(text)[:80]!r}: a Bar-rooms action is 'move NAME to C,R walk|run|dash', 'stay NAME', "
        "'hide NAME', 'punch NAME at NAME [aim PART] [and block]', 'knife NAME at NAME [aim PART]', 'block NAME', "
        "'evade NAME', 'fire NAME at NAME [xN]', 'throw NAME explosive|flash-bang at C,R', 'reload NAME [then fire "
        "at NAME]', 'clear NAME' or 'pass NAME'")


# -- the table --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cover:
    """A cover object standing in one hex: its cover value and armour (B.cover)."""

    kind: str
    at: Pos
    cover: int
    armour: int


@dataclass(frozen=True)
class Fighter:
    """One character at the table: his sheet, where he stands, his damage card, punch points lost,
    his gun and what he did this turn."""

    name: str
    player: str
    ch: Character
    at: Pos
    card: DamageCard
    punch_lost: int = 0
    weapon: str | None = None
    ammo: int = 0
    reload_work: int = 0  # half-turns of reloading done so far (B.weapons)
    gun: str = "ready"  # "ready", "jammed" or "broken" (B.jam)
    inferior: bool = False
    knife: bool = False
    grenades: tuple[str, ...] = ()
    gait: str = Gait.STILL.value  # this turn's gait (B.move.gait)
    hid: bool = False  # took shelter this turn (B.cover)
    punched: bool = False  # punched this turn before firing (B.melee)

    @property
    def punch_total(self) -> int:
        return punch_points(self.ch.constitution)

    @property
    def track(self) -> PunchTrack:
        return PunchTrack(self.punch_total, self.punch_lost)

    @property
    def status(self) -> str:
        """"fighting", "down" or "dead" from the damage card (B.hitloc), or "out cold" (B.melee)."""
        if self.card.status != "fighting":
            return self.card.status
        return "out cold" if self.track.out else "fighting"

    @property
    def fighting(self) -> bool:
        return self.status == "fighting"

    def stat(self, stat: str) -> int:
        """A stat as it plays now: shock, vest, long arms and wounds (B.shock, B.cover, B.move.special, B.hitloc)."""
        return self.card.stat(self.ch, stat)

    @property
    def per_shot(self) -> int:
        """Rounds one shot uses: a burst takes three (B.fire.rate)."""
        return 3 if self.weapon and "burst" in weapons()[self.weapon]["rules"] else 1

    @property
    def hand(self) -> str:
        """The hand that fires: both for a long arm; a handgun the right, or the left once the right arm is lost."""
        if self.weapon and weapons()[self.weapon]["class"] == "longarm":
            return "both"
        return "left" if "right arm" in self.card.crippled else "right"


@dataclass(frozen=True)
class BarroomsState:
    """The fight: the room, the fighters, the turn and its phase, who acts next, the hand-to-hand
    declarations so far, and the result once the fight is over."""

    cols: int
    rows: int
    cover: tuple[Cover, ...]
    players: tuple[str, ...]
    fighters: tuple[Fighter, ...]
    max_turns: int
    turn: int = 1
    phase: str = "move"
    queue: tuple[str, ...] = ()
    declared: tuple[Action, ...] = ()
    result: Result | None = None

    def fighter(self, name: str) -> Fighter:
        for f in self.fighters:
            if f.name == name:
                return f
        raise BarroomsError(f"no one called {name!r} is in the fight; the fighters are "
                            f"{[f.name for f in self.fighters]}", field="name")

    def with_fighter(self, f: Fighter) -> "BarroomsState":
        return dataclasses.replace(self, fighters=tuple(f if g.name == f.name else g for g in self.fighters))

    def cover_at(self, p: Pos) -> Cover | None:
        return next((c for c in self.cover if c.at == p), None)

    def in_room(self, p: Pos) -> bool:
        return 0 <= p[0] < self.cols and 0 <= p[1] < self.rows

    @property
    def current(self) -> str | None:
        return self.queue[0] if self.queue else None


# -- the demo ----------------------------------------------------------------------------------------


def _stats(st, co, de, sm, qd, ss, me) -> dict:
    return dict(zip(STATS, (st, co, de, sm, qd, ss, me)))


def demo_setup() -> dict:
    """Ann's two against Bob's two in a small bar room, 12 hexes by 8, with four tables, a stove
    and the bar counter for cover (B.chargen, B.weapons, B.cover)."""
    return {
        "room": {"cols": 12, "rows": 8},
        "cover": [["bar", 5, 0], ["bar", 6, 0], ["table", 3, 2], ["table", 8, 2], ["table", 4, 5], ["table", 7, 5],
                  ["stove", 11, 4]],
        "players": ["Ann", "Bob"],
        "fighters": [
            {"name": "Mac", "player": "Ann", "at": [1, 2], "stats": _stats(4, 4, 5, 4, 5, 3, 3),
             "weapon": "colt-1911", "knife": False, "grenades": ["explosive"]},
            {"name": "Jonesy", "player": "Ann", "at": [1, 5], "stats": _stats(5, 5, 3, 3, 2, 3, 5),
             "weapon": "pump-shotgun", "knife": True, "grenades": ["flash-bang"], "skills": ["brawler"]},
            {"name": "Lou", "player": "Bob", "at": [10, 2], "stats": _stats(4, 4, 4, 4, 4, 3, 3),
             "weapon": "thompson", "vest": True},
            {"name": "Vic", "player": "Bob", "at": [10, 5], "stats": _stats(5, 4, 3, 3, 1, 4, 4),
             "weapon": "38-revolver", "inferior": True, "knife": True, "skills": ["knifer"]},
        ],
        "max_turns": 10,
    }


FIGHTER_KEYS = {"name", "player", "at", "stats", "weapon", "knife", "grenades", "inferior", "vest", "skills"}


def _bad(message: str, field: str = "setup") -> BarroomsError:
    return BarroomsError(message, field=field)


def _whole(v: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _bad(f"{what} must be a whole number {lo}-{hi}, not {str(v)[:40]}", field=what.split()[0])
    return v


def _check_pos(v: Any, what: str) -> list[int]:
    if not isinstance(v, list) or len(v) != 2:
        raise _bad(f"{what} must be [column, row], not {str(v)[:40]}")
    return [_whole(v[0], 0, 60, f"{what} column"), _whole(v[1], 0, 60, f"{what} row")]


# -- the rules ---------------------------------------------------------------------------------------


class BarroomsRules(Rules):
    system = "barrooms"
    default_rule = "B.sequence"

    # -- setting up ----------------------------------------------------------------------------------

    def default_setup(self) -> dict:
        return demo_setup()

    def check_setup(self, setup: dict) -> dict:
        if not isinstance(setup, dict):
            raise _bad("a Bar-rooms setup is an object with 'room', 'cover', 'players', 'fighters' and 'max_turns'")
        extra = set(setup) - {"room", "cover", "players", "fighters", "max_turns"}
        if extra:
            raise _bad(f"unknown setup field(s) {sorted(extra)[:5]}")
        room = setup.get("room")
        if not isinstance(room, dict) or set(room) != {"cols", "rows"}:
            raise _bad("room must be {'cols': C, 'rows': R}", "room")
        cols, rows = _whole(room["cols"], 2, 40, "room cols"), _whole(room["rows"], 2, 40, "room rows")
        players = setup.get("players")
        if not isinstance(players, list) or len(players) != 2 or len(set(map(str, players))) != 2 or not all(
                isinstance(p, str) and _NAME.fullmatch(p) for p in players):
            raise _bad("players must be two different names, each a capitalised word", "players")
        cover = setup.get("cover", [])
        if not isinstance(cover, list) or len(cover) > 200:
            raise _bad("cover must be a list of at most 200 [kind, column, row] entries", "cover")
        clean_cover, taken = [], set()
        for c in cover:
            if not isinstance(c, list) or len(c) != 3 or c[0] not in COVER_KINDS:
                raise _bad(f"a cover entry is [kind, column, row] with kind one of {sorted(COVER_KINDS)}, not "
                           f"{str(c)[:40]}", "cover")
            at = _check_pos(c[1:], "cover")
            if not (at[0] < cols and at[1] < rows) or tuple(at) in taken:
                raise _bad(f"cover at {at} must be inside the room, one object a hex", "cover")
            taken.add(tuple(at))
            clean_cover.append([c[0], *at])
        fighters = setup.get("fighters")
        if not isinstance(fighters, list) or not 2 <= len(fighters) <= 12:
            raise _bad("fighters must list 2 to 12 characters", "fighters")
        clean, names = [], set()
        for f in fighters:
            if not isinstance(f, dict) or not {"name", "player", "at", "stats"} <= set(f) or set(f) - FIGHTER_KEYS:
                raise _bad(f"a fighter is an object with name, player, at and stats (and optionally "
                           f"{sorted(FIGHTER_KEYS - {'name', 'player', 'at', 'stats'})}), not {str(f)[:60]}", "fighters")
            name = f["name"]
            if not isinstance(name, str) or not _NAME.fullmatch(name) or name.lower() in _RESERVED or name in names:
                raise _bad(f"a fighter's name is one capitalised word, unique, not {str(name)[:30]!r} (the action "
                           "notation reads it)", "fighters")
            names.add(name)
            if f["player"] not in players:
                raise _bad(f"{name}'s player must be one of {players}", "fighters")
            at = _check_pos(f["at"], f"{name}'s position")
            if not (at[0] < cols and at[1] < rows) or tuple(at) in taken:
                raise _bad(f"{name} must stand inside the room on a free hex, not {at}", "fighters")
            taken.add(tuple(at))
            stats = f["stats"]
            if not isinstance(stats, dict) or set(stats) != set(STATS):
                raise _bad(f"{name}'s stats must give exactly {list(STATS)}", "fighters")
            weapon = f.get("weapon")
            if weapon is not None and (not isinstance(weapon, str) or weapon not in weapons()
                                       or weapons()[weapon]["class"] == "missile"):
                raise _bad(f"{name}'s weapon must be a firearm id ({sorted(w.id for w in weapons() if w['class'] != 'missile')}) "
                           "or null", "fighters")
            grenades = f.get("grenades", [])
            if not isinstance(grenades, list) or len(grenades) > 4 or not all(g in GRENADES for g in grenades):
                raise _bad(f"{name}'s grenades are a list of at most 4 of {list(GRENADES)}", "fighters")
            skills = f.get("skills", [])
            flags = [f.get(k, False) for k in ("knife", "inferior", "vest")]
            if not all(isinstance(x, bool) for x in flags) or not isinstance(skills, list):
                raise _bad(f"{name}'s knife, inferior and vest are true or false; skills a list", "fighters")
            item = {"name": name, "player": f["player"], "at": at, "stats": {k: stats[k] for k in STATS},
                    "weapon": weapon, "knife": flags[0], "grenades": list(grenades), "inferior": flags[1],
                    "vest": flags[2], "skills": list(skills)}
            self._fighter(item)  # the character's own checks (B.chargen, B.skills)
            clean.append(item)
        if {f["player"] for f in clean} != set(players):
            raise _bad("each player needs at least one fighter", "fighters")
        max_turns = _whole(setup.get("max_turns", 10), 1, LIMITS["turns"].bounds[1], "max_turns")
        return {"room": {"cols": cols, "rows": rows}, "cover": clean_cover, "players": list(players),
                "fighters": clean, "max_turns": max_turns}

    @staticmethod
    def _fighter(item: dict) -> Fighter:
        if item["stats"]["constitution"] < 1:
            raise _bad(f"{item['name']} needs Constitution 1 or more: his punch points are 4 x Constitution (B.melee)",
                       "fighters")
        weapon = item["weapon"]
        carried = (weapon,) if weapon else ()
        ch = Character(item["name"], **item["stats"], skills=tuple(item["skills"]), vest=item["vest"], carried=carried)
        return Fighter(item["name"], item["player"], ch, tuple(item["at"]), DamageCard.for_character(ch),
                       weapon=weapon, ammo=weapons()[weapon]["capacity"] if weapon else 0, inferior=item["inferior"],
                       knife=item["knife"], grenades=tuple(item["grenades"]))

    def initial(self, setup: dict, seed: int) -> BarroomsState:
        cover = tuple(Cover(k, (c, r), *COVER_KINDS[k]) for k, c, r in setup["cover"])
        state = BarroomsState(setup["room"]["cols"], setup["room"]["rows"], cover, tuple(setup["players"]),
                              tuple(self._fighter(f) for f in setup["fighters"]), setup["max_turns"])
        state, _ = _settle(dataclasses.replace(state, queue=_order(state, "move")), Dice(0), [])
        return state

    # -- asking ---------------------------------------------------------------------------------------

    def players(self, state: BarroomsState) -> tuple[str, ...]:
        return state.players

    def owner(self, state: BarroomsState, action: Action) -> str:
        name = getattr(action, "name", None)
        return next((f.player for f in state.fighters if f.name == name), "")

    def waiting_for(self, state: BarroomsState) -> tuple[str, ...]:
        if state.result is not None or not state.queue:
            return ()
        return (state.fighter(state.queue[0]).player,)

    def turn(self, state: BarroomsState) -> int:
        return state.turn

    def is_over(self, state: BarroomsState) -> bool:
        return state.result is not None

    def result(self, state: BarroomsState) -> Result:
        if state.result is not None:
            return state.result
        return Result(None, _scores(state), f"the fight goes on (turn {state.turn}, {state.phase} phase)")

    def legal_actions(self, state: BarroomsState, player: str | None = None) -> list[Action]:
        if state.result is not None or not state.queue:
            return []
        f = state.fighter(state.queue[0])
        if player not in (None, f.player):
            return []
        if state.phase == "move":
            return _move_options(state, f)
        if state.phase == "melee":
            return _melee_options(state, f)
        return _fire_options(state, f)

    # -- acting -----------------------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def step(self, state: BarroomsState, action: Action, dice: Dice) -> tuple[BarroomsState, StepInfo]:
        if state.result is not None:
            raise BarroomsError(f"the fight is over: {state.result.text}", "B.sequence")
        if not isinstance(action, Action) or not hasattr(action, "name"):
            raise UnknownActionError(f"{action!r} is not a Bar-rooms action")
        f = state.fighter(action.name)  # type: ignore[attr-defined]
        if state.queue[0] != f.name:
            now = state.fighter(state.queue[0])
            why = {"move": "movement goes from the lowest Quickdraw up",
                   "melee": "fists and knives are declared in movement order",
                   "fire": "firing goes from the highest Quickdraw down"}[state.phase]
            raise BarroomsError(f"it is {now.name}'s go in the {state.phase} phase ({why}), not {f.name}'s", "B.sequence")
        kinds = {"move": (Move, Stay, Hide), "melee": (Punch, Knife, Guard, Pass),
                 "fire": (Fire, Throw, Reload, Clear, Pass)}[state.phase]
        if not isinstance(action, kinds):
            raise BarroomsError(f"'{action}' is not done in the {state.phase} phase: it takes "
                                f"{', '.join(k.__name__.lower() for k in kinds)}", "B.sequence")
        lines: list[str] = []
        if state.phase == "move":
            state = _do_move(state, f, action, dice, lines)
        elif state.phase == "melee":
            _melee_problem(state, f, action, raise_it=True)
            state = dataclasses.replace(state, declared=state.declared + (action,))
            lines.append(f"{f.name} declares: {action} (B.melee)")
        else:
            state = _do_fire_phase(state, f, action, dice, lines)
        state = dataclasses.replace(state, queue=state.queue[1:])
        state, lines = _settle(state, dice, lines)
        return state, StepInfo(tuple(lines))

    def rule_of(self, error: CsPanelError, action: Action) -> str | None:
        own = getattr(error, "rule_id", None)
        if own:
            return own
        m = re.search(r"\((B\.[a-z.-]+)", str(error))
        return m.group(1) if m else {Move: "B.move.gait", Fire: "B.fire.target", Throw: "B.grenade",
                                     Punch: "B.melee", Knife: "B.knife", Clear: "B.jam"}.get(type(action), "B.sequence")

    # -- seeing ----------------------------------------------------------------------------------------

    def observation(self, state: BarroomsState, player: str) -> dict:
        """Everything: the fan rules hide nothing in a bar-room brawl without stealth."""
        return {
            "room": {"cols": state.cols, "rows": state.rows},
            "cover": [{"kind": c.kind, "at": list(c.at), "cover": c.cover, "armour": c.armour} for c in state.cover],
            "turn": state.turn, "phase": state.phase, "queue": list(state.queue),
            "declared": [str(a) for a in state.declared],
            "fighters": [_fighter_view(f) for f in state.fighters],
            "result": state.result.to_dict() if state.result else None,
        }

    def invariants(self, state: BarroomsState) -> list[str]:
        out = []
        spots = [f.at for f in state.fighters]
        if len(set(spots)) != len(spots):
            out.append(f"two fighters on one hex: {spots}")
        for f in state.fighters:
            if not state.in_room(f.at) or state.cover_at(f.at):
                out.append(f"{f.name} stands at {f.at}, off the floor")
            if not 0 <= f.punch_lost <= f.punch_total:
                out.append(f"{f.name} has lost {f.punch_lost} of {f.punch_total} punch points")
            if f.ch.shock < 0 or f.reload_work < 0:
                out.append(f"{f.name}: negative shock or reloading")
            cap = weapons()[f.weapon]["capacity"] if f.weapon else 0
            if not 0 <= f.ammo <= cap:
                out.append(f"{f.name} holds {f.ammo} rounds in a gun of {cap}")
            if f.gun not in ("ready", "jammed", "broken") or f.gait not in {g.value for g in Gait}:
                out.append(f"{f.name}: unknown gun state {f.gun!r} or gait {f.gait!r}")
            if f.card.vest_left < 0:
                out.append(f"{f.name}'s vest is worn below nothing")
        if state.phase not in PHASES:
            out.append(f"unknown phase {state.phase!r}")
        for n in state.queue:
            if not state.fighter(n).fighting:
                out.append(f"{n} waits to act but is {state.fighter(n).status}")
        if (state.result is None) != (state.phase != "over"):
            out.append("the phase and the result disagree")
        if state.result is None and len({f.player for f in state.fighters if f.fighting}) < 2:
            out.append("one side is out, yet the fight goes on")
        return out


# -- order of the turn (B.sequence) -------------------------------------------------------------------


def _order(state: BarroomsState, phase: str) -> tuple[str, ...]:
    """Who acts in this phase, in turn (B.sequence): movement and declarations from the lowest
    Quickdraw up, blows and firing from the highest down; ties in the setup's order."""
    qd = {f.name: f.stat("quickdraw") for f in state.fighters if f.fighting}
    order = turn_order(qd)
    if phase == "melee":
        return tuple(n for n in order["move"] if _engaged(state, state.fighter(n)))
    return tuple(order["move"] if phase == "move" else order["fire"])


def _engaged(state: BarroomsState, f: Fighter) -> bool:
    return any(_foes_within(state, f, 1))


def _foes_within(state: BarroomsState, f: Fighter, reach: int) -> Iterable[Fighter]:
    return (g for g in state.fighters if g.player != f.player and g.fighting and distance(f.at, g.at) <= reach)


def _scores(state: BarroomsState) -> tuple[tuple[str, float], ...]:
    return tuple((p, float(sum(1 for f in state.fighters if f.player == p and f.fighting))) for p in state.players)


def _settle(state: BarroomsState, dice: Dice, lines: list[str]) -> tuple[BarroomsState, list[str]]:
    """Move the turn on until someone has to choose: skip those out of the fight, close a phase
    when everyone in it has acted, resolve the declared blows, end the turn, end the fight."""
    while True:
        sides = {f.player for f in state.fighters if f.fighting}
        if len(sides) < 2:
            return _finish(state, lines, time_up=False), lines
        queue = tuple(n for n in state.queue if state.fighter(n).fighting)
        state = dataclasses.replace(state, queue=queue)
        if queue:
            return state, lines
        if state.phase == "move":
            state = dataclasses.replace(state, phase="melee", queue=_order(state, "melee"), declared=())
            if state.queue:
                lines.append(f"hand-to-hand: {', '.join(state.queue)} within a hex of an enemy declare, lowest "
                             "Quickdraw first (B.sequence, B.melee)")
        elif state.phase == "melee":
            if state.declared:
                state = _resolve_melee(state, dice, lines)
            state = dataclasses.replace(state, phase="fire", queue=_order(state, "fire"), declared=())
        elif state.phase == "fire":
            state = _end_turn(state, dice, lines)
            if state.turn > state.max_turns:
                return _finish(state, lines, time_up=True), lines
            state = dataclasses.replace(state, phase="move", queue=_order(state, "move"))
        else:  # pragma: no cover - "over" always has a result
            return state, lines


def _finish(state: BarroomsState, lines: list[str], time_up: bool) -> BarroomsState:
    scores = _scores(state)
    left = {p: int(s) for p, s in scores}
    out = "; ".join(f"{f.name} {f.status}" for f in state.fighters if not f.fighting) or "nobody"
    if time_up:
        best = max(left.values())
        top = [p for p, n in left.items() if n == best]
        winner = top[0] if len(top) == 1 else None
        why = (f"the agreed {state.max_turns} turns are up: " + ", ".join(f"{p} has {n} still fighting" for p, n in left.items())
               + (f"; {winner} wins" if winner else "; a draw"))
    else:
        standing = [p for p, n in left.items() if n]
        winner = standing[0] if standing else None
        why = (f"{winner} wins: the other side has nobody left fighting" if winner
               else "a draw: nobody on either side is left fighting")
    text = f"{why} (out of the fight: {out}) (B.hitloc, B.melee; our reading of the end, RULINGS.md)"
    lines.append(f"the fight is over: {text}")
    return dataclasses.replace(state, phase="over", queue=(), declared=(), result=Result(winner, scores, text))


def _end_turn(state: BarroomsState, dice: Dice, lines: list[str]) -> BarroomsState:
    """Everyone still in shock rolls 8 - Constitution to shake it off (B.shock); the turn's gaits,
    shelter and punches are forgotten."""
    for f in state.fighters:
        if f.fighting and f.ch.shock:
            con = max(0, f.ch.constitution - f.card.lasting_shock)
            tn = shake_off(con)
            roll = tn.resolve(dice)
            ch = f.ch.shaken_off() if roll.success else f.ch
            lines.append(_roll_line(f"{f.name} tries to shake off shock {f.ch.shock}", tn, roll,
                                    "shakes it off" if roll.success else "stays in shock"))
            state = state.with_fighter(dataclasses.replace(f, ch=ch))
    fresh = tuple(dataclasses.replace(f, gait=Gait.STILL.value, hid=False, punched=False) for f in state.fighters)
    lines.append(f"end of turn {state.turn} (B.sequence)")
    return dataclasses.replace(state, fighters=fresh, turn=state.turn + 1)


# -- lines for the transcript ----------------------------------------------------------------------------


def _rules_of(tn: TargetNumber) -> str:
    seen: list[str] = []
    for t in tn.terms:
        if t.rule not in seen:
            seen.append(t.rule)
    return ", ".join(seen)


def _roll_line(what: str, tn: TargetNumber, roll, outcome: str, also: str = "") -> str:
    """One roll: what it is for, the target number's terms and total, the odds, the face, the rule ids."""
    ids = _rules_of(tn) + (f", {also}" if also and also not in _rules_of(tn) else "")
    return f"{what}: {tn.what} {tn}; d10 rolled {roll.faces[0]} -> {outcome} ({ids})"


def _fighter_view(f: Fighter) -> dict:
    return {"name": f.name, "player": f.player, "at": list(f.at), "status": f.status,
            "stats": {s: getattr(f.ch, s) for s in STATS}, "playing": {s: f.stat(s) for s in STATS},
            "shock": f.ch.shock, "lasting_shock": f.card.lasting_shock,
            "card": [[loc, boxes] for loc, boxes in f.card.rows()], "vest_left": f.card.vest_left if f.card.vest else None,
            "punch_points": [f.track.left, f.punch_total], "weapon": f.weapon, "ammo": f.ammo, "gun": f.gun,
            "knife": f.knife, "grenades": list(f.grenades), "gait": f.gait, "hid": f.hid, "punched": f.punched}


# -- movement (B.move.gait, B.move.dash-roll, B.cover) ---------------------------------------------------


def _paths(state: BarroomsState, f: Fighter, most: int) -> dict[Pos, list[Pos]]:
    """The shortest path over the floor to every hex within ``most`` hexes: round tables and
    other people, fighting or fallen, are in the way."""
    blocked = {c.at for c in state.cover} | {g.at for g in state.fighters if g.name != f.name}
    paths = {f.at: [f.at]}
    todo = deque([f.at])
    while todo:
        p = todo.popleft()
        if len(paths[p]) - 1 >= most:
            continue
        for n in neighbours(p):
            if n not in paths and state.in_room(n) and n not in blocked:
                paths[n] = paths[p] + [n]
                todo.append(n)
    return paths


def _stamina(f: Fighter) -> int:
    return min(6, f.stat("stamina"))


def _move_check(f: Fighter, hexes: int):
    return gait(_stamina(f), hexes, crippled_legs=f.card.crippled_legs)


def _cover_next_to(state: BarroomsState, p: Pos) -> list[Cover]:
    return [c for c in (state.cover_at(n) for n in neighbours(p)) if c is not None]


def _move_options(state: BarroomsState, f: Fighter) -> list[Action]:
    out: list[Action] = [Stay(f.name)]
    if _cover_next_to(state, f.at):
        out.append(Hide(f.name))
    for p, path in sorted(_paths(state, f, max(1, 2 * _stamina(f))).items()):
        if p == f.at:
            continue
        try:
            check = _move_check(f, len(path) - 1)
        except MoveError:
            continue
        out.append(Move(f.name, p, GAIT_WORDS[check.gait]))
    return out


def _do_move(state: BarroomsState, f: Fighter, action: Action, dice: Dice, lines: list[str]) -> BarroomsState:
    if isinstance(action, Stay):
        lines.append(f"{f.name} stays at {_pos(f.at)}")
        return state
    if isinstance(action, Hide):
        if not _cover_next_to(state, f.at):
            raise BarroomsError(f"{f.name} has no cover next to him at {_pos(f.at)} to take shelter behind", "B.cover")
        kinds = ", ".join(sorted({c.kind for c in _cover_next_to(state, f.at)}))
        lines.append(f"{f.name} takes shelter behind the {kinds}: +3 to hit him from its side, and he neither fires nor "
                     "throws this turn (B.cover)")
        return state.with_fighter(dataclasses.replace(f, hid=True))
    assert isinstance(action, Move)
    if not state.in_room(action.to) or state.cover_at(action.to):
        raise BarroomsError(f"{_pos(action.to)} is not open floor of the room", "B.move.gait")
    stamina = _stamina(f)
    paths = _paths(state, f, max(1, 2 * stamina))
    if action.to not in paths or action.to == f.at:
        raise BarroomsError(f"{f.name} cannot reach {_pos(action.to)} this turn: it is more than twice his Stamina "
                            f"{stamina} hexes away round the tables and people, or taken", "B.move.gait")
    path = paths[action.to]
    hexes = len(path) - 1
    try:
        check = _move_check(f, hexes)
    except MoveError as e:
        raise BarroomsError(f"{f.name}: {e}", "B.move.gait") from None
    word = GAIT_WORDS[check.gait]
    if word != action.gait:
        said = {v: k for k, v in GAIT_WORDS.items()}.get(action.gait, Gait.STILL).value
        raise BarroomsError(f"{hexes} hexes at Stamina {stamina} is {check.gait.value}, not {said}: {check}",
                            "B.move.gait")
    end = action.to
    lines.append(f"{f.name} moves {hexes} hex{'es' if hexes > 1 else ''} toward {_pos(action.to)}: {check} (B.move.gait)")
    if check.needs_roll:
        tn = keep_feet_roll(f.stat("constitution"), stamina)
        roll = tn.resolve(dice)
        got = distance_after(hexes, roll.success)
        end = path[got]
        lines.append(_roll_line(f"{f.name} {'dashes' if word == 'dash' else word + 's'}", tn, roll, "keeps his feet" if roll.success
                                else f"stumbles: only {got} of {hexes} hexes"))
    lines.append(f"{f.name} is at {_pos(end)}")
    return state.with_fighter(dataclasses.replace(f, at=end, gait=check.gait.value))


# -- fists and knives (B.melee, B.knife) -------------------------------------------------------------------


def _melee_problem(state: BarroomsState, f: Fighter, action: Action, raise_it: bool = False) -> str | None:
    def no(message: str, rule_id: str):
        if raise_it:
            raise BarroomsError(message, rule_id)
        return message

    if isinstance(action, (Punch, Knife)):
        t = next((g for g in state.fighters if g.name == action.target), None)
        if t is None or t.player == f.player or not t.fighting:
            return no(f"{action.target} is not an enemy still fighting", "B.melee")
        if distance(f.at, t.at) > 1:
            return no(f"{t.name} is {distance(f.at, t.at)} hexes from {f.name}: fists and knives reach 1 hex", "B.melee")
        if isinstance(action, Knife) and not f.knife:
            return no(f"{f.name} carries no knife", "B.knife")
    return None


def _melee_options(state: BarroomsState, f: Fighter) -> list[Action]:
    out: list[Action] = [Pass(f.name), Guard("block", f.name), Guard("evade", f.name)]
    for t in _foes_within(state, f, 1):
        for aim in (None, *AIMS):
            out += [Punch(f.name, t.name, aim), Punch(f.name, t.name, aim, True)]
            if f.knife:
                out.append(Knife(f.name, t.name, aim))
    return out


def _aim_part(aim: str | None) -> str | None:
    return None if aim is None else aim.split()[-1]


def _resolve_melee(state: BarroomsState, dice: Dice, lines: list[str]) -> BarroomsState:
    """The declared blows, struck from the highest Quickdraw down, each against what its target declared (B.melee, B.knife)."""
    stance = {getattr(a, "name"): a for a in state.declared}
    for name in _order(state, "fire"):
        a = stance.get(name)
        if not isinstance(a, (Punch, Knife)):
            continue
        f, t = state.fighter(name), state.fighter(a.target)
        if not f.fighting or not t.fighting:
            continue
        d = stance.get(t.name)
        defence = "none"
        extra: list[Modifier] = []
        if isinstance(d, Guard):
            defence = d.kind
        elif isinstance(d, Punch) and d.block:
            defence = "punch-and-block"
        if isinstance(a, Knife) and defence == "evade":  # an evade against a knife needs its own roll first (B.knife)
            ev = evade_roll(t.stat("sixth_sense"))
            r = ev.resolve(dice)
            lines.append(_roll_line(f"{t.name} evades {f.name}'s knife", ev, r, "evades: +3" if r.success
                                    else "fails: 1 easier to hit"))
            if not r.success:
                defence = "none"
                extra.append(Modifier(-1, "failed evade", "B.knife"))
        weapon = "knife" if isinstance(a, Knife) else "fist"
        sk = f.ch.has
        bonus = (sk("brawler") + sk("brawler-upgrade") - sk("knife-expert") if weapon == "fist"
                 else sk("knifer") + sk("knife-expert") - sk("brawler-upgrade"))
        base = blow_number(f.stat("melee"), t.stat("melee"), weapon=weapon, aim=_aim_part(a.aim), defence=defence,
                           own_punch_and_block=isinstance(a, Punch) and a.block, skill_bonus=bonus)
        tn = TargetNumber(base.terms + tuple(extra), what=base.what)
        roll = tn.resolve(dice)
        lines.append(_roll_line(f"{f.name} {'punches' if weapon == 'fist' else 'knifes'} {t.name}", tn, roll,
                                "lands" if roll.success else "misses"))
        if not roll.success:
            continue
        if weapon == "fist":
            state = _land_punch(state, f, t, a.aim, defence, dice, lines)
        else:
            state = _wound(state, t, dice, lines, cause="knife", aimed=a.aim)
    return state


def _land_punch(state, f: Fighter, t: Fighter, aim: str | None, defence: str, dice: Dice, lines: list[str]):
    if aim is None:
        loc = HitLocation().resolve(dice)
        where = loc.outcome
        lines.append(f"the blow lands on the {where}: hit location d10 rolled {loc.faces[0]} (B.hitloc, B.melee)")
    else:
        where = aim
    pts = punch_damage(where, defence)
    track, rolls = t.track.take(min(pts, t.track.left))
    t = dataclasses.replace(t, punch_lost=track.lost, punched=True)
    lines.append(f"{t.name} loses {pts} punch point{'s' if pts != 1 else ''}"
                 + (" (double: he evaded)" if defence == "evade" else "")
                 + f": {track.left} of {track.total} left" + ("; +2 to his firing this turn" if t.weapon else "") + " (B.melee)")
    for _ in range(rolls):
        tn = readiness_roll(t.stat("constitution"), t.stat("stamina"), t.ch.has("brawler-upgrade"))
        r = tn.resolve(dice)
        lines.append(_roll_line(f"{t.name}: another quarter of his punch points gone", tn, r,
                                "keeps ready" if r.success else "every stat -1 (shock)"))
        if not r.success:
            t = dataclasses.replace(t, ch=t.ch.shocked(1))
    if track.out:
        lines.append(f"{t.name} is out cold (B.melee)")
    return state.with_fighter(t)


def _wound(state: BarroomsState, t: Fighter, dice: Dice, lines: list[str], *, cause: str = "firearm",
           penetration: int | None = None, aimed: str | None = None) -> BarroomsState:
    """A hit that lands on a man: the roll to avoid shock (B.shock), then the damage card (B.hitloc)."""
    tn = shock_check(t.stat("steady_mind"))
    r = tn.resolve(dice)
    lines.append(_roll_line(f"{t.name} is hit", tn, r, "steady" if r.success else "shocked: every stat -1"))
    ch = t.ch if r.success else t.ch.shocked(1)
    hit = HitOnCard(t.card, cause=cause, penetration=penetration, aimed=aimed)
    out = hit.chance  # the odds, before the dice, that this hit leaves him down or dead
    faces = tuple(dice.die(s) for s in hit.dice)  # as HitOnCard.hit rolls them, kept to show each face
    where, box = hit.where(faces)
    res = take_hit(t.card, where, box, cause=cause, penetration=penetration)
    how = (f"aimed at the {aimed}" if aimed else f"location d10 rolled {faces[0]} -> {where}") + f", box d6 rolled {box}"
    lines.append(f"{t.name}'s damage card: {how} (chance this hit puts him out: {percent(out)}): "
                 + "; ".join(e.text for e in res.effects[:1]) + f" -> {res.card.status} (B.hitloc, {RECON_NOTE})")
    for e in res.effects[1:]:
        if e.rule != "B.shock" or "lasting" in e.text:
            lines.append(f"  {e}")
    return state.with_fighter(dataclasses.replace(t, ch=ch, card=res.card))


RECON_NOTE = "reconstructed card"


# -- firing (B.fire.*, B.weapons, B.cover, B.grenade, B.jam) ------------------------------------------------


def _covering(state: BarroomsState, source: Pos, t: Fighter) -> Cover | None:
    """The cover between a shot from ``source`` and ``t``: an object in a hex next to him and no
    farther from the source than he is (our reading of B.cover, RULINGS.md); the best if several."""
    d = distance(source, t.at)
    near = [c for c in _cover_next_to(state, t.at) if c.at != source and distance(source, c.at) <= d]
    return max(near, key=lambda c: (c.cover, c.armour), default=None)


def _gun(f: Fighter) -> Any:
    """The weapon entry of the gun ``f`` holds (the callers have checked that he holds one)."""
    if f.weapon is None:
        raise BarroomsError(f"{f.name} has no gun (B.weapons)")
    return weapons()[f.weapon]


def _shot_number(state: BarroomsState, f: Fighter, t: Fighter, shots: int) -> TargetNumber:
    """The to-hit number of ``f``'s volley at ``t``, with every modifier the core knows (B.fire.target)."""
    w = _gun(f)
    cov = _covering(state, f.at, t)
    return to_hit("person", distance(f.at, t.at), f.ch.deadeye, weapon=f.weapon, shots=shots, shooter_gait=f.gait,
                  target_gait=t.gait, cover=None if cov is None else ("hiding" if t.hid else "firing"),
                  shooter_shock=f.ch.shock, punched=f.punched, full_auto="burst" in w["rules"],
                  wounds=f.card.firing_terms(f.hand))


def _fire_problem(state: BarroomsState, f: Fighter, target: str | None, shots: int, reloading: bool = False) -> str | None:
    """Why ``f`` may not fire ``shots`` at ``target`` now, or None."""
    if f.hid:
        return f"{f.name} took shelter this turn: he does not fire (B.cover)"
    if f.weapon is None:
        return f"{f.name} has no gun (B.weapons)"
    if f.gun != "ready":
        return f"{f.name}'s gun is {f.gun}: clear it first (B.jam)" if f.gun == "jammed" else f"{f.name}'s gun is broken (B.jam)"
    w = _gun(f)
    rounds = w["capacity"] if reloading else f.ammo
    if shots < 1 or shots > w["shots"]:
        return f"a {w['name']} fires 1 to {w['shots']} times a turn, not {shots} (B.weapons)"
    if shots * f.per_shot > rounds:
        return f"{f.name} has {rounds} rounds left, not enough for {shots} shot{'s' if shots > 1 else ''}: reload (B.weapons)"
    t = next((g for g in state.fighters if g.name == target), None)
    if t is None or t.player == f.player or not t.fighting:
        return f"{target} is not an enemy still fighting (B.fire.target)"
    try:
        f.card.firing_terms(f.hand)
    except CsPanelError as e:
        return str(e)
    return None


def _throw_problem(state: BarroomsState, f: Fighter, kind: str, to: Pos) -> str | None:
    if f.hid:
        return f"{f.name} took shelter this turn: he does not throw (B.cover)"
    if kind not in f.grenades:
        return f"{f.name} has no {kind} grenade left (B.grenade)"
    if not state.in_room(to):
        return f"{_pos(to)} is outside the room (B.grenade)"
    reach = grenade_reach(_stamina(f), min(10, f.stat("deadeye")))
    d = distance(f.at, to)
    if not 1 <= d <= reach:
        return f"{_pos(to)} is {d} hexes away: {f.name} throws 1 to Stamina + Deadeye = {reach} hexes (B.grenade)"
    return None


def _reload_problem(f: Fighter, then_fire: bool) -> str | None:
    if f.weapon is None:
        return f"{f.name} has no gun to reload (B.weapons)"
    if f.gun == "broken":
        return f"{f.name}'s gun is broken for good (B.jam)"
    w = _gun(f)
    if f.ammo >= w["capacity"]:
        return f"{f.name}'s {w['name']} is full (B.weapons)"
    if then_fire and 2 * w["reload"] - f.reload_work > 1:
        return f"a {w['name']} reloads in {w['reload']:g} turn{'s' if w['reload'] != 1 else ''}: no shot after it (B.weapons)"
    return None


def _fire_options(state: BarroomsState, f: Fighter) -> list[Action]:
    out: list[Action] = [Pass(f.name)]
    foes = [g for g in state.fighters if g.player != f.player and g.fighting]
    if f.weapon:
        for t in foes:
            for n in range(1, weapons()[f.weapon]["shots"] + 1):
                if _fire_problem(state, f, t.name, n) is None:
                    out.append(Fire(f.name, t.name, n))
        if _reload_problem(f, False) is None:
            out.append(Reload(f.name))
            if _reload_problem(f, True) is None:
                out += [Reload(f.name, t.name) for t in foes
                        if f.gun == "ready" and _fire_problem(state, f, t.name, 1, reloading=True) is None]
        if f.gun == "jammed":
            out.append(Clear(f.name))
    for kind in dict.fromkeys(f.grenades):
        for c in range(state.cols):
            for r in range(state.rows):
                if _throw_problem(state, f, kind, (c, r)) is None:
                    out.append(Throw(f.name, kind, (c, r)))
    return out


def _do_fire_phase(state: BarroomsState, f: Fighter, action: Action, dice: Dice, lines: list[str]) -> BarroomsState:
    if isinstance(action, Pass):
        lines.append(f"{f.name} holds his fire")
        return state
    if isinstance(action, Fire):
        problem = _fire_problem(state, f, action.target, action.shots)
        if problem:
            raise BarroomsError(problem)
        return _volley(state, f, state.fighter(action.target), action.shots, dice, lines)
    if isinstance(action, Reload):
        problem = _reload_problem(f, action.then_fire is not None)
        if problem is None and action.then_fire is not None:
            problem = _fire_problem(state, f, action.then_fire, 1, reloading=True)
        if problem:
            raise BarroomsError(problem)
        w = _gun(f)
        need = int(2 * w["reload"])
        work = f.reload_work + (1 if action.then_fire else 2)
        if work >= need:
            f = dataclasses.replace(f, ammo=w["capacity"], reload_work=0)
            lines.append(f"{f.name} reloads his {w['name']}: {w['capacity']} rounds (reload {w['reload']:g} turn) (B.weapons)")
        else:
            f = dataclasses.replace(f, reload_work=work)
            lines.append(f"{f.name} reloads his {w['name']}: {work} of {need} half-turns done (B.weapons)")
        state = state.with_fighter(f)
        if action.then_fire:
            state = _volley(state, f, state.fighter(action.then_fire), 1, dice, lines)
        return state
    if isinstance(action, Clear):
        if f.gun != "jammed":
            raise BarroomsError(f"{f.name}'s gun is {f.gun}, not jammed", "B.jam")
        u = Unjam(f.stat("steady_mind"), inferior=f.inferior)
        face = dice.die(10)
        outcome = u.outcome_of((face,))
        lines.append(f"{f.name} works the jam: {u.target.what} {u.target} (a 1 breaks an inferior gun); d10 rolled "
                     f"{face} -> {outcome} (B.jam)")
        return state.with_fighter(dataclasses.replace(f, gun={"cleared": "ready"}.get(outcome, outcome)))
    assert isinstance(action, Throw)
    problem = _throw_problem(state, f, action.kind, action.to)
    if problem:
        raise BarroomsError(problem)
    left = list(f.grenades)
    left.remove(action.kind)
    state = state.with_fighter(dataclasses.replace(f, grenades=tuple(left)))
    return _grenade(state, f, action.kind, action.to, dice, lines)


def _volley(state: BarroomsState, f: Fighter, t: Fighter, shots: int, dice: Dice, lines: list[str]) -> BarroomsState:
    """``shots`` shots at one target, each its own d10 against the volley's number; every hit past
    cover rolls for shock and marks the card; an inferior gun jams on a 1 or 2 (B.fire.*, B.jam)."""
    w = _gun(f)
    tn = _shot_number(state, f, t, shots)
    cov = _covering(state, f.at, t)
    spent = 0
    for i in range(1, shots + 1):
        face = dice.die(10)
        spent += f.per_shot
        hit = tn.event.outcome_of((face,))
        what = f"{f.name} fires his {w['name']} at {t.name}" + (f" (shot {i} of {shots})" if shots > 1 else "")
        if jams(face, f.inferior):
            lines.append(f"{what}: {tn.what} {tn}; d10 rolled {face} -> jammed: an inferior gun jams on 1-2 (B.jam, "
                         f"{_rules_of(tn)})")
            f = dataclasses.replace(f, gun="jammed")
            break
        lines.append(f"{what}: {tn.what} {tn}; d10 rolled {face} -> {'hit' if hit else 'miss'} ({_rules_of(tn)})")
        if not hit:
            continue
        t = state.fighter(t.name)
        if cov is not None:
            cr = CoverRoll(cov.cover, cov.armour, w["penetration"])
            if cr.goes_through:
                lines.append(f"  the {cov.kind} is no shelter: {cr.describe()} (B.cover)")
            else:
                r = cr.resolve(dice)
                lines.append(f"  behind the {cov.kind}: {cr.describe()} ({percent(cr.chance)}); d10 rolled {r.faces[0]} "
                             f"-> {cr.describe_outcome(r.outcome)} (B.cover)")
                if not r.outcome:
                    continue
        state = _wound(state, t, dice, lines, penetration=w["penetration"])
    f = dataclasses.replace(state.fighter(f.name), ammo=f.ammo - spent, gun=f.gun)
    return state.with_fighter(f)


def _grenade(state: BarroomsState, f: Fighter, kind: str, to: Pos, dice: Dice, lines: list[str]) -> BarroomsState:
    """A grenade lands where it is thrown (B.grenade): an explosive one hits whoever is in the hex
    with five .30-06 rounds through any cover and rolls five .45 shots at each man next to it; a
    flash-bang shocks the hex and makes the men next to it roll 8 - Constitution."""
    d = distance(f.at, to)
    lines.append(f"{f.name} throws {'an' if kind[0] == 'e' else 'a'} {kind} grenade to {_pos(to)}, {d} hex{'es' if d > 1 else ''} "
                 "away: it lands there (B.grenade)")
    here = [g for g in state.fighters if g.at == to and g.status in ("fighting", "out cold", "down")]
    around = [g for g in state.fighters if distance(g.at, to) == 1 and g.status in ("fighting", "out cold", "down")]
    if not here and not around:
        lines.append("  nobody is in the hex or next to it")
    for g in here:
        if kind == "flash-bang":
            state = state.with_fighter(dataclasses.replace(g, ch=g.ch.shocked(FLASH_SHOCK)))
            lines.append(f"  {g.name} is in the hex: shocked, +{FLASH_SHOCK} to all his numbers until shaken off "
                         "(B.grenade, B.shock)")
            continue
        lines.append(f"  {g.name} is in the hex: {GRENADE_ROUNDS} .30-06 hits, through any cover (B.grenade)")
        for _ in range(GRENADE_ROUNDS):
            if state.fighter(g.name).status == "dead":
                break
            state = _wound(state, state.fighter(g.name), dice, lines, penetration=GRENADE_PENETRATION)
    for g in around:
        g = state.fighter(g.name)
        if kind == "flash-bang":
            tn = shake_off(max(0, g.ch.constitution - g.card.lasting_shock))
            r = tn.resolve(dice)
            lines.append(_roll_line(f"  {g.name} is next to the flash", tn, r, "not shocked" if r.success
                                    else f"shocked, +{FLASH_SHOCK} to all his numbers"))
            if not r.success:
                state = state.with_fighter(dataclasses.replace(g, ch=g.ch.shocked(FLASH_SHOCK)))
            continue
        cov = _covering(state, to, g)
        tn = to_hit("person", 1, 0, target_gait=g.gait, cover=None if cov is None else ("hiding" if g.hid else "firing"))
        tn = TargetNumber(tn.terms, what="fragment to hit (a pistol shot from the blast, no Deadeye)")
        for i in range(1, GRENADE_ROUNDS + 1):
            if state.fighter(g.name).status == "dead":
                break
            r = tn.resolve(dice)
            lines.append(_roll_line(f"  .45 fragment {i} of {GRENADE_ROUNDS} at {g.name}", tn, r,
                                    "hit" if r.success else "miss", "B.grenade"))
            if not r.success:
                continue
            if cov is not None:
                cr = CoverRoll(cov.cover, cov.armour, FRAGMENT_PENETRATION)
                if not cr.goes_through:
                    cr_roll = cr.resolve(dice)
                    lines.append(f"  behind the {cov.kind}: {cr.describe()} ({percent(cr.chance)}); d10 rolled "
                                 f"{cr_roll.faces[0]} -> {cr.describe_outcome(cr_roll.outcome)} (B.cover)")
                    if not cr_roll.outcome:
                        continue
            state = _wound(state, state.fighter(g.name), dice, lines, penetration=FRAGMENT_PENETRATION)
    return state


def rules() -> BarroomsRules:
    return BarroomsRules()


__all__ = ["BarroomsError", "BarroomsRules", "BarroomsState", "Clear", "Cover", "Fighter", "Fire", "Guard", "Hide",
           "Knife", "Move", "Pass", "Punch", "Reload", "Stay", "Throw", "axial", "demo_setup", "distance",
           "parse_action", "rules"]
