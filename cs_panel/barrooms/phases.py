"""What each phase of a Bar-rooms turn does at the table (B.sequence): the legal choices of the
man whose go it is and the resolution of his action, by the core rules (``movement``, ``firing``,
``melee``, ``damage``), with every roll written into the transcript; then the end of a phase, of
the turn, and of the fight. Our readings are in RULINGS.md ("Bar-rooms on the game protocol").
"""

from __future__ import annotations

import dataclasses
from collections import deque
from typing import Any

from cs_panel.barrooms.actions import (
    Action, Clear, Fire, Guard, Hide, Knife, Move, Pass, Pos, Punch, Reload, Stay, Throw, pos_text,
)
from cs_panel.barrooms.damage import HitOnCard, take_hit
from cs_panel.barrooms.firing import (
    CoverRoll, GRENADE_ROUNDS, HitLocation, Unjam, grenade_reach, jams, shake_off, shock_check, to_hit, weapons,
)
from cs_panel.barrooms.melee import blow_number, evade_roll, punch_damage, readiness_roll
from cs_panel.barrooms.movement import Gait, MoveError, distance_after, gait, keep_feet_roll
from cs_panel.barrooms.table import (
    AIMS, FLASH_SHOCK, FRAGMENT_PENETRATION, GAIT_WORDS, GRENADE_PENETRATION, BarroomsError, BarroomsState, Cover, Fighter,
    foes_within, phase_queue, roll_line, rules_of, side_scores, distance, neighbours,
)
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import Modifier, TargetNumber, percent
from cs_panel.core.game import Result


def settle(state: BarroomsState, dice: Dice, lines: list[str]) -> tuple[BarroomsState, list[str]]:
    """Move the turn on until someone has to choose: skip those out of the fight, close a phase
    when everyone in it has acted, resolve the declared blows, end the turn, end the fight."""
    while True:
        sides = {f.player for f in state.fighters if f.fighting}
        if len(sides) < 2:
            return finish(state, lines, time_up=False), lines
        queue = tuple(n for n in state.queue if state.fighter(n).fighting)
        state = dataclasses.replace(state, queue=queue)
        if queue:
            return state, lines
        if state.phase == "move":
            state = dataclasses.replace(state, phase="melee", queue=phase_queue(state, "melee"), declared=())
            if state.queue:
                lines.append(f"hand-to-hand: {', '.join(state.queue)} within a hex of an enemy declare, lowest "
                             "Quickdraw first (B.sequence, B.melee)")
        elif state.phase == "melee":
            if state.declared:
                state = _resolve_melee(state, dice, lines)
            state = dataclasses.replace(state, phase="fire", queue=phase_queue(state, "fire"), declared=())
        elif state.phase == "fire":
            state = end_turn(state, dice, lines)
            if state.turn > state.max_turns:
                return finish(state, lines, time_up=True), lines
            state = dataclasses.replace(state, phase="move", queue=phase_queue(state, "move"))
        else:  # pragma: no cover - "over" always has a result
            return state, lines


def finish(state: BarroomsState, lines: list[str], time_up: bool) -> BarroomsState:
    scores = side_scores(state)
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


def end_turn(state: BarroomsState, dice: Dice, lines: list[str]) -> BarroomsState:
    """Everyone still in shock rolls 8 - Constitution to shake it off (B.shock); the turn's gaits,
    shelter and punches are forgotten."""
    for f in state.fighters:
        if f.fighting and f.ch.shock:
            con = max(0, f.ch.constitution - f.card.lasting_shock)
            tn = shake_off(con)
            roll = tn.resolve(dice)
            ch = f.ch.shaken_off() if roll.success else f.ch
            lines.append(roll_line(f"{f.name} tries to shake off shock {f.ch.shock}", tn, roll,
                                    "shakes it off" if roll.success else "stays in shock"))
            state = state.with_fighter(dataclasses.replace(f, ch=ch))
    fresh = tuple(dataclasses.replace(f, gait=Gait.STILL.value, hid=False, punched=False) for f in state.fighters)
    lines.append(f"end of turn {state.turn} (B.sequence)")
    return dataclasses.replace(state, fighters=fresh, turn=state.turn + 1)


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


def move_options(state: BarroomsState, f: Fighter) -> list[Action]:
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


def do_move(state: BarroomsState, f: Fighter, action: Action, dice: Dice, lines: list[str]) -> BarroomsState:
    if isinstance(action, Stay):
        lines.append(f"{f.name} stays at {pos_text(f.at)}")
        return state
    if isinstance(action, Hide):
        if not _cover_next_to(state, f.at):
            raise BarroomsError(f"{f.name} has no cover next to him at {pos_text(f.at)} to take shelter behind", "B.cover")
        kinds = ", ".join(sorted({c.kind for c in _cover_next_to(state, f.at)}))
        lines.append(f"{f.name} takes shelter behind the {kinds}: +3 to hit him from its side, and he neither fires nor "
                     "throws this turn (B.cover)")
        return state.with_fighter(dataclasses.replace(f, hid=True))
    assert isinstance(action, Move)
    if not state.in_room(action.to) or state.cover_at(action.to):
        raise BarroomsError(f"{pos_text(action.to)} is not open floor of the room", "B.move.gait")
    stamina = _stamina(f)
    paths = _paths(state, f, max(1, 2 * stamina))
    if action.to not in paths or action.to == f.at:
        raise BarroomsError(f"{f.name} cannot reach {pos_text(action.to)} this turn: it is more than twice his Stamina "
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
    lines.append(f"{f.name} moves {hexes} hex{'es' if hexes > 1 else ''} toward {pos_text(action.to)}: {check} (B.move.gait)")
    if check.needs_roll:
        tn = keep_feet_roll(f.stat("constitution"), stamina)
        roll = tn.resolve(dice)
        got = distance_after(hexes, roll.success)
        end = path[got]
        lines.append(roll_line(f"{f.name} {'dashes' if word == 'dash' else word + 's'}", tn, roll, "keeps his feet" if roll.success
                                else f"stumbles: only {got} of {hexes} hexes"))
    lines.append(f"{f.name} is at {pos_text(end)}")
    return state.with_fighter(dataclasses.replace(f, at=end, gait=check.gait.value))


# -- fists and knives (B.melee, B.knife) -------------------------------------------------------------------


def melee_problem(state: BarroomsState, f: Fighter, action: Action, raise_it: bool = False) -> str | None:
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
        if f.card.striking_arm() is None:
            return no(f"{f.name} has lost both arms: no fist or knife blow (reconstructed card)", "B.melee")
    return None


def melee_options(state: BarroomsState, f: Fighter) -> list[Action]:
    out: list[Action] = [Pass(f.name), Guard("block", f.name), Guard("evade", f.name)]
    for t in foes_within(state, f, 1) if f.card.striking_arm() is not None else ():  # no arms, no blows
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
    for name in phase_queue(state, "fire"):
        a = stance.get(name)
        if not isinstance(a, (Punch, Knife)):
            continue
        f, t = state.fighter(name), state.fighter(a.target)
        if not f.fighting or not t.fighting:
            continue
        if f.card.striking_arm() is None:  # both arms lost earlier in this phase (reconstructed card)
            lines.append(f"{f.name} has lost both arms: his blow at {t.name} is not struck (B.melee)")
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
            lines.append(roll_line(f"{t.name} evades {f.name}'s knife", ev, r, "evades: +3" if r.success
                                    else "fails: 1 easier to hit"))
            if not r.success:
                defence = "none"
                extra.append(Modifier(-1, "failed evade", "B.knife"))
        weapon = "knife" if isinstance(a, Knife) else "fist"
        sk = f.ch.has
        bonus = (sk("brawler") + sk("brawler-upgrade") - sk("knife-expert") if weapon == "fist"
                 else sk("knifer") + sk("knife-expert") - sk("brawler-upgrade"))
        base = blow_number(f.stat("melee"), t.stat("melee"), weapon=weapon, aim=_aim_part(a.aim), defence=defence,
                           own_punch_and_block=isinstance(a, Punch) and a.block, skill_bonus=bonus,
                           wounds=f.card.blow_terms())
        tn = TargetNumber(base.terms + tuple(extra), what=base.what)
        roll = tn.resolve(dice)
        lines.append(roll_line(f"{f.name} {'punches' if weapon == 'fist' else 'knifes'} {t.name}", tn, roll,
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
        lines.append(roll_line(f"{t.name}: another quarter of his punch points gone", tn, r,
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
    lines.append(roll_line(f"{t.name} is hit", tn, r, "steady" if r.success else "shocked: every stat -1"))
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


def shot_number(state: BarroomsState, f: Fighter, t: Fighter, shots: int) -> TargetNumber:
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
        return f"{pos_text(to)} is outside the room (B.grenade)"
    reach = grenade_reach(_stamina(f), min(10, f.stat("deadeye")))
    d = distance(f.at, to)
    if not 1 <= d <= reach:
        return f"{pos_text(to)} is {d} hexes away: {f.name} throws 1 to Stamina + Deadeye = {reach} hexes (B.grenade)"
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


def fire_options(state: BarroomsState, f: Fighter) -> list[Action]:
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


def do_fire_phase(state: BarroomsState, f: Fighter, action: Action, dice: Dice, lines: list[str]) -> BarroomsState:
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
    tn = shot_number(state, f, t, shots)
    cov = _covering(state, f.at, t)
    spent = 0
    for i in range(1, shots + 1):
        face = dice.die(10)
        spent += f.per_shot
        hit = tn.event.outcome_of((face,))
        what = f"{f.name} fires his {w['name']} at {t.name}" + (f" (shot {i} of {shots})" if shots > 1 else "")
        if jams(face, f.inferior):
            lines.append(f"{what}: {tn.what} {tn}; d10 rolled {face} -> jammed: an inferior gun jams on 1-2 (B.jam, "
                         f"{rules_of(tn)})")
            f = dataclasses.replace(f, gun="jammed")
            break
        lines.append(f"{what}: {tn.what} {tn}; d10 rolled {face} -> {'hit' if hit else 'miss'} ({rules_of(tn)})")
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
    lines.append(f"{f.name} throws {'an' if kind[0] == 'e' else 'a'} {kind} grenade to {pos_text(to)}, {d} hex{'es' if d > 1 else ''} "
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
            lines.append(roll_line(f"  {g.name} is next to the flash", tn, r, "not shocked" if r.success
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
            lines.append(roll_line(f"  .45 fragment {i} of {GRENADE_ROUNDS} at {g.name}", tn, r,
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


__all__ = ["do_fire_phase", "do_move", "fire_options", "melee_options", "melee_problem", "move_options", "settle",
           "shot_number"]
