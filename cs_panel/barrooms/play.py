"""*Crimson Bar-rooms* through the one game protocol (``cs_panel.core.game``): a fight in a bar
room on a hex map, turn by turn in the fan rules' order (B.sequence). The rules live in the core
modules (``movement``, ``firing``, ``melee``, ``damage``). Here: the demo setup and its checks,
and the ``Rules`` the protocol calls; ``actions`` names the actions in notation, ``table`` keeps
the fight's state (who stands where, the turn's phase, whose go it is), and ``phases`` lists the
legal choices and resolves them, writing every roll's terms, odds, faces and rule ids into the
transcript.

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
from typing import Any

from cs_panel.barrooms.actions import (
    Action, Clear, Fire, Guard, Hide, Knife, Move, Pass, Punch, Reload, Stay, Throw, parse_action,
)
from cs_panel.barrooms.character import STATS, Character
from cs_panel.barrooms.damage import DamageCard
from cs_panel.barrooms.firing import weapons
from cs_panel.barrooms.movement import Gait
from cs_panel.barrooms.phases import (
    do_fire_phase, do_move, fire_options, melee_options, melee_problem, move_options, settle, shot_number,
)
from cs_panel.barrooms.table import (
    COVER_KINDS, FLASH_SHOCK, GRENADES, PHASES, BarroomsError, BarroomsState, Cover, Fighter, fighter_view, phase_queue,
    side_scores, axial, distance,
)
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Result, Rules, StepInfo, UnknownActionError
from cs_panel.core.limits import LIMITS

_NAME = re.compile(r"[A-Z][A-Za-z'-]{0,19}")
_RESERVED = {"at", "to", "aim", "and", "block", "then", "fire", "x"}



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
            if not isinstance(c, list) or len(c) != 3 or not isinstance(c[0], str) or c[0] not in COVER_KINDS:
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
            if not isinstance(stats, dict) or set(stats) != set(STATS) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in stats.values()):
                raise _bad(f"{name}'s stats must give exactly {list(STATS)}, each a whole number", "fighters")
            weapon = f.get("weapon")
            if weapon is not None and (not isinstance(weapon, str) or weapon not in weapons()
                                       or weapons()[weapon]["class"] == "missile"):
                raise _bad(f"{name}'s weapon must be a firearm id ({sorted(w.id for w in weapons() if w['class'] != 'missile')}) "
                           "or null", "fighters")
            grenades = f.get("grenades", [])
            if not isinstance(grenades, list) or len(grenades) > 4 or not all(
                    isinstance(g, str) and g in GRENADES for g in grenades):
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
        state, _ = settle(dataclasses.replace(state, queue=phase_queue(state, "move")), Dice(0), [])
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
        return Result(None, side_scores(state), f"the fight goes on (turn {state.turn}, {state.phase} phase)")

    def legal_actions(self, state: BarroomsState, player: str | None = None) -> list[Action]:
        if state.result is not None or not state.queue:
            return []
        f = state.fighter(state.queue[0])
        if player not in (None, f.player):
            return []
        if state.phase == "move":
            return move_options(state, f)
        if state.phase == "melee":
            return melee_options(state, f)
        return fire_options(state, f)

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
            state = do_move(state, f, action, dice, lines)
        elif state.phase == "melee":
            melee_problem(state, f, action, raise_it=True)
            state = dataclasses.replace(state, declared=state.declared + (action,))
            lines.append(f"{f.name} declares: {action} (B.melee)")
        else:
            state = do_fire_phase(state, f, action, dice, lines)
        state = dataclasses.replace(state, queue=state.queue[1:])
        state, lines = settle(state, dice, lines)
        return state, StepInfo(tuple(lines))

    def rule_of(self, error: CsPanelError, action: Action) -> str | None:
        own = getattr(error, "rule_id", None)
        if own:
            return own
        m = re.search(r"\((B\.[a-z.-]+)", str(error))
        return m.group(1) if m else {Move: "B.move.gait", Fire: "B.fire.target", Throw: "B.grenade",
                                     Punch: "B.melee", Knife: "B.knife", Clear: "B.jam"}.get(type(action), "B.sequence")

    # -- seeing ----------------------------------------------------------------------------------------

    def picture(self, state: BarroomsState) -> str:
        """The bar room as it stands: walls, tables, the bar and every fighter (``render.room_svg``)."""
        from cs_panel.barrooms.render import room_svg  # drawing code, only when asked for

        return str(room_svg(state))

    def observation(self, state: BarroomsState, player: str) -> dict:
        """Everything: the fan rules hide nothing in a bar-room brawl without stealth."""
        return {
            "room": {"cols": state.cols, "rows": state.rows},
            "cover": [{"kind": c.kind, "at": list(c.at), "cover": c.cover, "armour": c.armour} for c in state.cover],
            "turn": state.turn, "phase": state.phase, "queue": list(state.queue),
            "declared": [str(a) for a in state.declared],
            "fighters": [fighter_view(f) for f in state.fighters],
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


def rules() -> BarroomsRules:
    return BarroomsRules()


__all__ = ["BarroomsError", "BarroomsRules", "BarroomsState", "Clear", "Cover", "FLASH_SHOCK", "Fighter", "Fire",
           "Guard", "Hide", "Knife", "Move", "Pass", "Punch", "Reload", "Stay", "Throw", "axial", "demo_setup",
           "distance", "parse_action", "rules", "shot_number"]
