"""Turrets on turret fighters in a referee's game: the gunner, the turret's row of fire, when it
fires, and the gunner's shock (F.combat.order, F.pilot.gunner, F.combat.arc, F.dmg.canopy, F.shock;
FASA p.13-14, 17, 19, 33-34, 39).

- A plane naming an aircraft whose guns sit in a turret (``RefPlane.turret_gunpoints``) carries a
  gunner: his Quick Draw, Dead Eye and Steady Hand are the pilot's one level lower
  (``pilots.gunner_of``), his Constitution 3. The pilot never fires the turret's guns.
- The turret is turned after movement (p.13, step 2) through one hexside of its plane, written
  with the fire order as ``"; turret D at Raider"`` (D: straight astern; A: over the nose). Our
  reading, the printed arc being lost: it fires along the straight row of hexes out through that
  hexside, each gun to its own range and with a clear line of sight (an intact gas cell or an
  object standing on the ground in between stops it, ``sightline``: F.combat.los, F.zep.static),
  as forward guns fire along the nose's column; a plane in the turret's own hex is in no row. The hit's deflection and
  location are the target's side that faces the turret's plane, as for any gun.
- Every turret fires after every pilot has fired, gunners in Quick Draw order, ties rolling off
  (F.combat.order, ``fire_order.combat_order``). All its guns fire at one target (F.combat.choice);
  its hits share one location roll, then a column and a template each, then widowing.
- A rear-canopy hit on a turret fighter makes the gunner roll (the damage core names who,
  F.dmg.canopy); a gunner who fails is shocked for that turn and the next: his turret fires at +2
  (F.shock), and he rolls at +2 if hit again. A turret is not ordered by default: without a
  ``turret`` part the gunner holds fire.
- The gunner is never wounded: the text wounds a crewman through his own crew location's boxes
  (F.dmg.pilot, p.39), and the recovered turret layouts have only the pilot's, so his turret is
  silenced only by losing its guns or its plane (RULINGS.md; no gunner location is invented).
"""

from __future__ import annotations

import dataclasses
from typing import Iterable, Sequence

from cs_panel.core.dice import D10Check, Dice
from cs_panel.core.explain import TargetNumber, percent
from cs_panel.fasa.arcs import can_fire
from cs_panel.fasa.damage import template_for
from cs_panel.fasa.fire_order import Shooter, ShooterKind, combat_order
from cs_panel.fasa.gunnery import hit_location, total_hit_odds
from cs_panel.fasa.hexgrid import Facing
from cs_panel.fasa.pilots import Gunner, Pilot, gunner_of
from cs_panel.fasa.referee.errors import FireOrderError, LineOfFireBlockedError
from cs_panel.fasa.referee.marking import _lost_to_damage, _place, _widow
from cs_panel.fasa.referee.notation import FireOrder
from cs_panel.fasa.referee.sightline import IN_THE_WAY, fire_blocker
from cs_panel.fasa.referee.state import GameState, RefPlane
from cs_panel.fasa.tohit import attack_hexside, deflection_from, to_hit_number, weapons


def gunner(rp: RefPlane) -> Gunner:
    """The plane's turret gunner: the pilot's gunnery skills one level lower (F.pilot.gunner)."""
    return gunner_of(Pilot(rp.name, quick_draw=rp.quick_draw, dead_eye=rp.dead_eye, steady_hand=rp.steady_hand),
                     f"{rp.name}'s gunner")


def gunner_shocked(rp: RefPlane, turn: int) -> bool:
    """Is the gunner in shock in ``turn``: shocked this turn or the last (F.shock, our reading as for pilots)."""
    return bool(rp.gunner_shocked_turn) and 0 <= turn - rp.gunner_shocked_turn <= 1


def turret_guns(rp: RefPlane) -> list[tuple[int, str, str]]:
    """(gunpoint, gun, rounds) of every turret gun not destroyed (F.dmg.guns)."""
    lost = rp.record.guns_lost
    return [(gp, g, r) for gp, g, r in zip(rp.gunpoints, rp.guns, rp.rounds)
            if gp in rp.turret_gunpoints and gp not in lost]


def direction(rp: RefPlane, side: str) -> Facing:
    """The map direction of the turret turned through the plane's hexside ``side`` (A = its nose)."""
    return rp.plane.facing.turn(int(Facing[side]))


def aim(rp: RefPlane, side: str, target: RefPlane, gun: str, turn: int, zeppelins: Iterable = (),
        objects: Iterable = ()) -> tuple[bool, TargetNumber | None, str, Facing | None]:
    """May the turret gun ``gun``, turned through ``side``, fire at ``target``; if so its explained
    to-hit number (the gunner's Dead Eye, +2 while he is shocked), why not, and the target's side
    the attack comes through (F.hit.number, F.combat.arc, F.hitloc.table). An intact gas cell of
    one of ``zeppelins`` or one of the ``objects`` standing on the line stops it (F.combat.los,
    F.map.hexes, F.zep.static)."""
    a, b = rp.plane, target.plane
    if a.hex == b.hex:
        return False, None, f"{target.name} is in {rp.name}'s own hex, in no row of the turret's", None
    check = can_fire(a.hex, direction(rp, side), b.hex, weapons()[gun]["range"])
    if not check:
        return False, None, f"turret through hexside {side}: " + "; ".join(check.reasons), None
    blocked = fire_blocker(zeppelins, objects, a.hex, b.hex)
    if blocked:
        return False, None, f"turret through hexside {side}: {blocked}", None
    tn = to_hit_number(target.base_to_hit, deflection_from(b.hex, b.facing, a.hex), check.range, gunner(rp).dead_eye,
                       gun, gunner_shocked(rp, turn))
    return True, tn, str(check), attack_hexside(b.hex, b.facing, a.hex)


def check_order(state: GameState, rp: RefPlane, order: FireOrder) -> str:
    """Check the turret part of a fire order as it is given, and say what it does as things stand:
    the gunner, the row, and the exact chance of each number of hits (F.combat.order, F.combat.arc,
    F.combat.choice). A plane without a turret, a turret whose guns are gone, a friendly or unknown
    target or one outside the row are refused by name."""
    if not rp.turret_gunpoints:
        raise FireOrderError(f"{rp.name} has no turret: only a turret fighter's gunner fires one (F.combat.order)",
                             field="turret")
    guns = turret_guns(rp)
    if not guns:
        raise FireOrderError(f"{rp.name}'s turret guns are destroyed (F.dmg.guns)", field="turret")
    enemies = [p for p in state.planes if p.player != rp.player]
    if order.turret_target:
        target = next((p for p in state.planes if p.name == order.turret_target), None)
        if target is None or target.player == rp.player:
            why = f"no plane called {order.turret_target!r}" if target is None else f"{target.name} flies for {rp.player} too"
            raise FireOrderError(f"{rp.name}'s turret cannot fire at {order.turret_target}: {why}; the enemies are "
                                 f"{[p.name for p in enemies]}", field="turret_target")
        enemies = [target]
    g = gunner(rp)
    head = (f"{g.name} (Quick Draw {g.quick_draw}, Dead Eye {g.dead_eye}) turns the turret through hexside "
            f"{order.turret} and fires after every pilot (F.combat.order)")
    for e in enemies:
        tns = [tn for _, gun, _ in guns
               for ok, tn, _, _ in [aim(rp, order.turret, e, gun, state.turn, state.zeppelins, state.objects)]
               if ok and tn]
        if tns:
            odds = total_hit_odds([D10Check(tn.total) for tn in tns])
            return (f"{head}: as things stand at {e.name}, chance of "
                    + ", ".join(f"{k} hit{'s' if k != 1 else ''} {percent(p)}" for k, p in odds.items()))
    if order.turret_target:
        reasons = sorted({aim(rp, order.turret, enemies[0], gun, state.turn, state.zeppelins, state.objects)[2]
                          for _, gun, _ in guns})
        error = LineOfFireBlockedError if any(IN_THE_WAY in r for r in reasons) else FireOrderError
        raise error(f"{rp.name}'s turret cannot reach {order.turret_target}: {' / '.join(reasons)} "
                    "(F.combat.arc)", field="turret")
    return f"{head}: no enemy is in that row now"


def fire(state: GameState, planes: dict[str, RefPlane], dice: Dice, said: list[str], zeppelins: Sequence = (),
         objects: Sequence = ()) -> None:
    """Every turret ordered this phase fires, after every pilot, gunners by Quick Draw with ties
    rolled off (F.combat.order); each at its target, or the first enemy in its row, in the order
    the planes fired (F.combat.choice); its hits share one location roll (F.hitloc.table), then a
    column and the gun's template each, and widowing (F.dmg.*). ``zeppelins`` and ``objects`` are
    the table as the phase has left it so far: what still stands blocks (F.combat.los)."""
    ordered = [(name, o) for name, _ in state.orders for o in [state.order_of(name)] if o is not None and o.turret]
    if not ordered:
        return
    turn = state.turn
    by_name = dict(ordered)
    firing = combat_order([Shooter(n, gunner(planes[n]).quick_draw, ShooterKind.AIRCRAFT_TURRET) for n, _ in ordered
                           if n in planes], dice)
    said.append("turrets fire: " + ", ".join(f"{n}'s gunner (Quick Draw {gunner(planes[n]).quick_draw})"
                                             for n in firing.names))
    said += [f"tie broken on d10s: {text}" for text in firing.tie_texts()]
    for name in firing.names:
        rp, order = planes[name], by_name[name]
        if _lost_to_damage(rp):
            said.append(f"{name} is destroyed before its turret can fire")
            continue
        guns = turret_guns(rp)
        if not guns:
            said.append(f"{name}'s turret guns are destroyed (F.dmg.guns)")
            continue
        enemies = [p for p in planes.values() if p.player != rp.player and not _lost_to_damage(p)]
        if order.turret_target:
            enemies = [p for p in enemies if p.name == order.turret_target]
            if not enemies:
                said.append(f"{name}'s turret target {order.turret_target} is out of the fight: the gunner holds fire")
                continue
        _fire_at_first(state, planes, rp, order.turret, guns, enemies, dice, turn, said, zeppelins, objects)


def _fire_at_first(state: GameState, planes: dict[str, RefPlane], rp: RefPlane, side: str,
                   guns: Sequence[tuple[int, str, str]], enemies: Sequence[RefPlane], dice: Dice, turn: int,
                   said: list[str], zeppelins: Sequence = (), objects: Sequence = ()) -> None:
    for target in enemies:
        shots = [(gp, gun, rounds, tn, hexside) for gp, gun, rounds in guns
                 for ok, tn, _, hexside in [aim(rp, side, target, gun, turn, zeppelins, objects)] if ok and tn is not None]
        if not shots:
            continue
        hits, where_from = [], None
        for gp, gun, rounds, tn, hexside in shots:
            roll = tn.resolve(dice)
            if roll.success:
                hits.append((gun, rounds))
                where_from = hexside
            said.append(f"{rp.name}'s turret fires a {weapons()[gun]['name']} (gun {gp}) at {target.name}: needs {tn} "
                        f"-- rolled {roll.faces[0]}: {'HIT' if roll.success else 'miss'}")
        if hits:
            assert where_from is not None
            t = planes[target.name]
            t = dataclasses.replace(t, hits_taken=t.hits_taken + len(hits))
            where = hit_location(where_from).resolve(dice)  # one roll for all of the turret's hits (F.hitloc.table)
            said.append(f"{target.name} takes {len(hits)} turret hit{'s' if len(hits) != 1 else ''} through hexside "
                        f"{where_from.name}: hit location d10 {where.faces[0]} -> {where.outcome.label} table (F.hitloc.table)")
            for gun, rounds in hits:
                t = _place(t, where.outcome, template_for(gun, rounds).id, f"{weapons()[gun]['name']} ({rounds}, turret)",
                           dice, turn, said)
            planes[target.name] = _widow(t, dice, turn, said)
        return  # a turret's guns fire at one target (F.combat.choice)
    said.append(f"{rp.name}'s turret, turned through hexside {side}, has no enemy in its row")
