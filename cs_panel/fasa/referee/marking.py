"""Marking damage on a referee's planes: a hit's column and template, widowing, the crew's shock
rolls, and planes that damage takes out of the game (F.dmg.*, F.shock; FASA p.36-39).
"""

from __future__ import annotations

import dataclasses
from typing import Mapping, Sequence

from cs_panel.core.dice import Dice
from cs_panel.core.explain import Modifier
from cs_panel.fasa.damage import Effect, RecordSheet
from cs_panel.fasa.gunnery import DamageColumn, DamageTable, choose_column
from cs_panel.fasa.referee.state import GameState, RefPlane


def _with_sheet(rp: RefPlane, sheet: RecordSheet) -> RefPlane:
    """The plane with its new record sheet, flying with the performance the damage leaves it
    (F.dmg.engine, F.dmg.elevator, F.dmg.rudder, ...: ``RefPlane`` takes ``RecordSheet.capabilities``)."""
    return dataclasses.replace(rp, sheet=sheet)


def _effect_text(e: Effect) -> str:
    return f"{e.text} ({e.rule})"


def _crew_rolls(rp: RefPlane, effects: Sequence[Effect], dice: Dice, turn: int, said: list[str]) -> RefPlane:
    """Roll every Constitution roll the damage asks for, at once (F.dmg.canopy, F.dmg.pilot, F.shock,
    p.36, 39): a pilot who fails goes into shock (``PlaneState.shocked``) and must fly straight next
    turn; a pilot already shocked rolls at +2. A turret fighter's gunner who fails is shocked for the
    turn and the next (``RefPlane.gunner_shocked_turn``: his turret fires at +2, ``turrets``); a
    plane without a turret has no gunner to shock, so his roll is only told."""
    for e in effects:
        if e.roll is None:
            continue
        tn = e.roll
        gunner = e.who == "gunner" and bool(rp.turret_gunpoints)
        if (e.who == "pilot" and rp.plane.shocked) or (gunner and rp.gunner_shocked_turn
                                                       and 0 <= turn - rp.gunner_shocked_turn <= 1):
            tn = dataclasses.replace(tn, terms=tn.terms + (Modifier(2, "already shocked", "F.shock"),))
        roll = tn.resolve(dice)
        head = f"{rp.name}'s {e.who} rolls against shock ({e.rule}, F.shock): needs {tn} -- rolled {roll.faces[0]}"
        if gunner:
            if not roll.success:
                rp = dataclasses.replace(rp, gunner_shocked_turn=turn)
            said.append(f"{head}: " + ("keeps his head" if roll.success else
                                       "SHOCKED -- his turret fires at +2 this turn and next (F.shock)"))
        elif e.who != "pilot":
            said.append(f"{head}: {'keeps his head' if roll.success else 'shocked'} (no turret gunners in this "
                        "game: nothing follows)")
        elif roll.success:
            said.append(f"{head}: keeps control")
        else:
            rp = dataclasses.replace(rp, plane=dataclasses.replace(rp.plane, shocked=True), shocked_turn=turn)
            said.append(f"{head}: SHOCKED -- a straight maneuver next turn, +2 to every roll (F.shock)")
    return rp


def _components(sheet: RecordSheet, codes: Sequence[str]) -> str:
    comps = sheet.diagram.components
    return ", ".join(comps[c].name if c in comps else c for c in codes)


def _place(rp: RefPlane, table: DamageTable, template_id: str, what: str, dice: Dice, turn: int,
           said: list[str], range_hexes: int = 0, steady_hand: int = 0, shift_to: int = 0) -> RefPlane:
    """One hit: roll its damage column (F.dmg.column), lay the template (F.dmg.template) and roll
    any shock it causes. A gun hit ordered ``shift to N`` by an attacker of Steady Hand 6 or more
    is moved from the rolled column as near to column N as his Steady Hand reaches (F.pilot.sh-shift,
    p.37); callers pass ``shift_to`` for gun hits only, never rockets, flak or fractures."""
    if rp.record.destroyed:
        said.append(f"  {what}: {rp.name} is already destroyed, the hit is not marked")
        return rp
    choice = DamageColumn(steady_hand if shift_to else 0).resolve(dice).outcome
    column = min(choice.choices, key=lambda c: (abs(c - shift_to), abs(c - choice.rolled))) if shift_to else choice.rolled
    column = choose_column(choice.rolled, column, steady_hand if shift_to else 0)  # within the skill's reach
    where = f"column {column} (d10, F.dmg.column)"
    if shift_to and column != choice.rolled:
        where = (f"column {choice.rolled} (d10, F.dmg.column) shifted to {column} toward {shift_to} "
                 f"(Steady Hand {steady_hand}, F.pilot.sh-shift)")
    elif shift_to:
        where += f", kept (toward {shift_to}: {'already there' if column == shift_to else 'out of reach'}, F.pilot.sh-shift)"
    r = rp.record.hit(table, column, template_id, range_hexes=range_hexes, turn=turn)
    line = (f"  {what}: {table.label} table, {where}, template {template_id} "
            f"(F.dmg.template): {len(r.destroyed)} box(es) destroyed, {r.lost} lost")
    if r.components:
        line += f"; lost: {_components(r.sheet, r.components)}"
    said.append(line)
    said += [f"    {_effect_text(e)}" for e in r.effects]
    rp = _with_sheet(rp, r.sheet)
    return _crew_rolls(rp, r.effects, dice, turn, said)


def _widow(rp: RefPlane, dice: Dice, turn: int, said: list[str]) -> RefPlane:
    """Widowing after one attacker's hits (F.dmg.widow, p.38)."""
    if rp.record.destroyed:
        return rp
    w = rp.record.widow()
    if not w.widowed:
        return rp
    line = f"  widowing (F.dmg.widow): {len(w.widowed)} box(es) cut off from the centre are destroyed"
    if w.components:
        line += f"; lost: {_components(w.sheet, w.components)}"
    said.append(line)
    said += [f"    {_effect_text(e)}" for e in w.effects if e.rule != "F.dmg.widow"]
    return _crew_rolls(_with_sheet(rp, w.sheet), w.effects, dice, turn, said)


def _lost_to_damage(rp: RefPlane) -> str | None:
    """Why damage has taken the plane out of the game, or None (F.dmg.cut, F.dmg.fuel, F.dmg.pilot)."""
    s = rp.record
    if s.destruction:
        return s.destruction
    if s.pilot_dead:
        return "the pilot is dead (F.dmg.pilot)"
    return None


def _remove_lost(state: GameState, planes: Mapping[str, RefPlane], said: list[str]) -> GameState:
    """Take planes destroyed by damage out of the game, as a collision loss is (F.victory)."""
    lost = [p for p in planes.values() if _lost_to_damage(p)]
    for p in lost:
        why = _lost_to_damage(p)
        bail = "" if p.record.pilot_dead else "; its crew must bail out (F.bail.combat)"
        said.append(f"{p.name} is destroyed: {why}{bail}")
    gone = {p.name for p in lost}
    return dataclasses.replace(
        state, planes=tuple(planes[p.name] for p in state.planes if p.name not in gone),
        destroyed=state.destroyed + tuple(p.name for p in lost),
        losses=state.losses + tuple((p.name, _lost_to_damage(p) or "") for p in lost))
