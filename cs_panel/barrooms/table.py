"""The table of a Bar-rooms fight: the room's hex map, the cover in it, each fighter (his sheet,
hex, damage card, punch points, gun and what he did this turn), the fight's state, the order the
fighters act in (B.sequence), and how a roll is written into the transcript.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from cs_panel.barrooms.actions import Pos
from cs_panel.barrooms.character import STATS, Character
from cs_panel.barrooms.damage import DamageCard
from cs_panel.barrooms.firing import turn_order, weapons
from cs_panel.barrooms.melee import PunchTrack, punch_points
from cs_panel.barrooms.movement import Gait
from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import TargetNumber
from cs_panel.core.game import Action, Result
from cs_panel.fasa.hexgrid import Hex

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
    if _plain(a) and _plain(b):
        return _distance(a, b)
    return axial(a).distance(axial(b))  # refused by name (or taken) by ``Hex``, never cached


def neighbours(p: Pos) -> list[Pos]:
    return list(_neighbours(p)) if _plain(p) else [offset(n) for n in axial(p).neighbors()]


# the bots and the to-hit numbers ask for the same few hexes of a room thousands of times a game,
# so plain (column, row) tuples of ints are cached; anything else (1.0 or True would share an
# int's cache entry) goes to ``Hex`` each time, and a raised error is never cached
def _plain(p: object) -> bool:
    return type(p) is tuple and len(p) == 2 and type(p[0]) is int and type(p[1]) is int


@lru_cache(maxsize=1 << 16)
def _distance(a: Pos, b: Pos) -> int:
    return axial(a).distance(axial(b))


@lru_cache(maxsize=1 << 12)
def _neighbours(p: Pos) -> tuple[Pos, ...]:
    return tuple(offset(n) for n in axial(p).neighbors())


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


# -- order of the turn (B.sequence) -------------------------------------------------------------------


def phase_queue(state: BarroomsState, phase: str) -> tuple[str, ...]:
    """Who acts in this phase, in turn (B.sequence): movement and declarations from the lowest
    Quickdraw up, blows and firing from the highest down; ties in the setup's order."""
    qd = {f.name: f.stat("quickdraw") for f in state.fighters if f.fighting}
    order = turn_order(qd)
    if phase == "melee":
        return tuple(n for n in order["move"] if engaged(state, state.fighter(n)))
    return tuple(order["move"] if phase == "move" else order["fire"])


def engaged(state: BarroomsState, f: Fighter) -> bool:
    return any(foes_within(state, f, 1))


def foes_within(state: BarroomsState, f: Fighter, reach: int) -> Iterable[Fighter]:
    return (g for g in state.fighters if g.player != f.player and g.fighting and distance(f.at, g.at) <= reach)


def side_scores(state: BarroomsState) -> tuple[tuple[str, float], ...]:
    return tuple((p, float(sum(1 for f in state.fighters if f.player == p and f.fighting))) for p in state.players)


# -- lines for the transcript ----------------------------------------------------------------------------


def rules_of(tn: TargetNumber) -> str:
    seen: list[str] = []
    for t in tn.terms:
        if t.rule not in seen:
            seen.append(t.rule)
    return ", ".join(seen)


def roll_line(what: str, tn: TargetNumber, roll, outcome: str, also: str = "") -> str:
    """One roll: what it is for, the target number's terms and total, the odds, the face, the rule ids."""
    ids = rules_of(tn) + (f", {also}" if also and also not in rules_of(tn) else "")
    return f"{what}: {tn.what} {tn}; d10 rolled {roll.faces[0]} -> {outcome} ({ids})"


def fighter_view(f: Fighter) -> dict:
    return {"name": f.name, "player": f.player, "at": list(f.at), "status": f.status,
            "stats": {s: getattr(f.ch, s) for s in STATS}, "playing": {s: f.stat(s) for s in STATS},
            "shock": f.ch.shock, "lasting_shock": f.card.lasting_shock,
            "card": [[loc, boxes] for loc, boxes in f.card.rows()], "vest_left": f.card.vest_left if f.card.vest else None,
            "punch_points": [f.track.left, f.punch_total], "weapon": f.weapon, "ammo": f.ammo, "gun": f.gun,
            "knife": f.knife, "grenades": list(f.grenades), "gait": f.gait, "hid": f.hid, "punched": f.punched}


__all__ = ["BarroomsError", "BarroomsState", "COVER_KINDS", "Cover", "Fighter", "axial", "distance", "neighbours",
           "offset", "phase_queue", "roll_line"]
