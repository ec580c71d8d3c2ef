"""The steps of a FASA turn other than combat: plots, movement, collision numbers, flak bursts,
falling planes and tailing (F.seq.phases, FASA p.13-14), and the victory check after each.
"""

from __future__ import annotations

import dataclasses

from cs_panel.core.dice import Dice
from cs_panel.core.explain import terms_text
from cs_panel.fasa.bailout import BailoutCause, combat_bailout
from cs_panel.fasa.collisions import resolve_shared_hex
from cs_panel.fasa.damage import fracture_table, template_for
from cs_panel.fasa.deployed import flak_burst
from cs_panel.fasa.hexgrid import Hex
from cs_panel.fasa.maneuver import IllegalManeuverError
from cs_panel.fasa.mapsheets import departure, victory
from cs_panel.fasa.movement import MovePlan, MoveResult, plan, resolve
from cs_panel.fasa.referee import bailing, ground_play
from cs_panel.fasa.referee.errors import RefereeError
from cs_panel.fasa.referee.marking import _lost_to_damage, _place, _remove_lost, _widow
from cs_panel.fasa.referee.state import Action, GameState, Phase, RefPlane, Tail
from cs_panel.fasa.referee.variants import collision_flak
from cs_panel.fasa.referee import zeppelins as Z
from cs_panel.fasa.tailing import TailingPlane, reveal, tailing_phase


def _replace_plane(state: GameState, new: RefPlane) -> tuple[RefPlane, ...]:
    return tuple(new if p.name == new.name else p for p in state.planes)


def _need(state: GameState, phase: Phase, what: str) -> None:
    if state.phase is not phase:
        raise RefereeError(f"cannot {what} in the {state.phase.value} phase of turn {state.turn}; "
                           f"the game is waiting for: {_next_step(state)}", field="action")


def _next_step(state: GameState) -> str:
    if state.phase is Phase.PLOT:
        waiting = state.waiting_for
        return f"plots from {', '.join(waiting)}" if waiting else "move()"
    if state.phase is Phase.COLLIDE:
        waiting = state.waiting_for
        return f"collision numbers from {', '.join(waiting)}" if waiting else "collide()"
    if state.phase is Phase.COMBAT:
        given = ", ".join(f"{n}: {o}" for n, o in state.orders)
        return f"combat() (fire orders given: {given})" if given else "combat() (or first fire orders)"
    return {Phase.TAILING: "tailing()", Phase.OVER: "nothing: the game is over"}[state.phase]


def _plot(state: GameState, action: Action) -> GameState:
    _need(state, Phase.PLOT, "plot")
    rp = state.plane(action.plane)
    if state.plotted(rp.name) is not None:
        raise RefereeError(f"{rp.name} has already plotted this turn", field="plane")
    if Z.landing_of(action.maneuver):  # "land on Pegasus": instead of a maneuver (F.land.target)
        Z.check_landing(state.zeppelins, rp, action.maneuver)
        return dataclasses.replace(state, plots=state.plots + ((rp.name, action.maneuver),),
                                   report=state.report + (f"{rp.label} has plotted a maneuver",))
    if bailing.is_bail(action.maneuver):  # "bail 3 at Raider": the pilot jumps (F.bail.safe, F.bail.projectile)
        b, p = bailing.check_bail(state, rp, action.maneuver)
        if state.objects:
            ground_play.check_plot(state, rp, p)  # a towing plane's top speed (F.rocket.harpoon)
        said = [f"{rp.label} has plotted a maneuver"]
        for t in state.tails:  # the tailer learns what the straight move would tell him (F.tail.reveal)
            if t.leader == rp.name:
                said.append(f"{t.follower} tails {rp.name} (tailing number {t.number}): {rp.name} reveals "
                            f"{reveal(t.number, b.maneuver)}")
        return dataclasses.replace(state, plots=state.plots + ((rp.name, str(b)),), report=state.report + tuple(said))
    p = plan(rp.plane, action.maneuver)  # bad notation raises IllegalManeuverError(field="maneuver")
    if not p.legal:
        raise IllegalManeuverError(f"{rp.name} cannot fly {p.maneuver}: " + "; ".join(map(str, p.reasons)),
                                   reasons=p.reasons)
    blocked = Z.plot_blocked(state.zeppelins, p.path_hexes) if state.zeppelins else None
    if blocked:
        raise Z.ZeppelinBlockedError(f"{rp.name} cannot fly {p.maneuver}: {blocked}", field="maneuver")
    if state.objects:
        ground_play.check_plot(state, rp, p)  # a towing plane's top speed (F.rocket.harpoon)
    said = [f"{rp.label} has plotted a maneuver"]
    for t in state.tails:
        if t.leader == rp.name:
            told = reveal(t.number, str(p.maneuver))
            said.append(f"{t.follower} tails {rp.name} (tailing number {t.number}): {rp.name} reveals {told}")
    return dataclasses.replace(state, plots=state.plots + ((rp.name, str(p.maneuver)),), report=state.report + tuple(said))


def _move(state: GameState, dice: Dice) -> GameState:
    _need(state, Phase.PLOT, "move")
    if state.waiting_for:
        raise RefereeError(f"still waiting for plots from {', '.join(state.waiting_for)}", field="action")
    plans = []
    landing = []
    for rp in state.planes:
        plotted = state.plotted(rp.name)
        assert plotted is not None  # waiting_for is empty: every plane has plotted this turn
        if Z.landing_of(plotted):
            landing.append(rp)
            continue
        if bailing.is_bail(plotted):  # the empty plane flies its straight move (F.bail.safe)
            plans.append((rp, plan(rp.plane, bailing.read_bail(plotted).maneuver)))
            continue
        plans.append((rp, plan(rp.plane, plotted)))
    # planes that push move last, since they may move randomly (F.move.resolve, p.24)
    order = [x for x in plans if not x[1].pushes] + [x for x in plans if x[1].pushes]
    said = ["movement phase: plots revealed: " + ", ".join([f"{rp.name} {_shown(state, rp, p)}" for rp, p in plans]
                                                           + [f"{rp.name} {state.plotted(rp.name)}" for rp in landing])]
    planes = state.planes
    paths = []
    departed = state.departed
    abandoned = list(state.abandoned)
    jumped: list[RefPlane] = []  # the empty planes of this phase still on the map, for their tows
    empty_off: list[tuple[str, Hex]] = []  # the empty planes that flew off the map, each with the last hex on it
    tracks = dict(state.tracks)
    lost: tuple[tuple[str, str], ...] = ()
    zeps = {z.name: z for z in state.zeppelins}
    for rp in landing:  # a landing plane leaves the fight, aboard or wrecked (F.land.target, F.land.mishap)
        how, wrecked = Z.land(zeps, str(Z.landing_of(state.plotted(rp.name))), rp, dice, state.turn, said)
        planes = tuple(x for x in planes if x.name != rp.name)
        if wrecked:
            lost += ((rp.name, how),)
        else:
            departed += ((rp.name, how),)
    if landing:
        state = dataclasses.replace(state, zeppelins=tuple(zeps.values()))
    moves: list[tuple[str, MovePlan, MoveResult]] = []  # (plane, plan, result) for the objects' checks
    for rp, p in order:
        if p.pushes:  # a pusher announces what it pushes and the number it needs (F.move.resolve, p.24)
            said.append(f"{rp.name} pushes the envelope: " + "; ".join(f"{x.target.what}: {x.target}" for x in p.pushes))
        r = resolve(p, dice)
        said += [f"{rp.name}: {line.strip()}" for line in r.log()]
        fracture = dict(rp.fracture)
        for loc, n in r.fracture:
            fracture[loc] = fracture.get(loc, 0) + n
        new = dataclasses.replace(rp, plane=r.state_after, fracture=tuple(fracture.items()))
        for loc, n in r.fracture:  # each fracture hit is a one-box template at a rolled column (F.move.random)
            for _ in range(n):
                new = _place(new, fracture_table(loc), "fracture", f"{rp.name}: fracture hit on the {loc}", dice,
                             state.turn, said)
        if r.fracture:
            new = _widow(new, dice, state.turn, said)
        planes = tuple(new if x.name == rp.name else x for x in planes)
        paths.append((rp.name, tuple(r.path)))
        tracks[rp.name] = bailing.extend_track(tracks.get(rp.name, ()), r.path)
        if bailing.is_bail(state.plotted(rp.name)):  # no pilot aboard: no checks, out of the fight (F.bail.safe)
            how = bailing.leave(rp, bailing.read_bail(str(state.plotted(rp.name))), said)
            planes = tuple(x for x in planes if x.name != rp.name)
            gone = departure(state.map, state.home_of(rp.player), r.path, rp.name) if state.map else None
            if gone is not None:
                said.append(f"{rp.name}'s empty plane flies off the map")
                tracks.pop(rp.name, None)
                empty_off.append((rp.name, gone.at))
            else:
                abandoned.append(new)
                jumped.append(new)
            departed += ((rp.name, how),)
            continue
        crashed = Z.after_path(state.zeppelins, rp.name, r.path, new.plane.shocked, dice, said) if state.zeppelins else None
        if crashed:  # into a zeppelin's hull or nacelle (F.zep.static, F.collide.object)
            planes = tuple(x for x in planes if x.name != rp.name)
            lost += ((rp.name, crashed),)
            continue
        moves.append((rp.name, p, r))
        gone = departure(state.map, state.home_of(rp.player), r.path, rp.name) if state.map else None
        if gone is not None:  # off the map is out of the game (F.roe.flee, p.14)
            flown = list(r.path)
            paths[-1] = (rp.name, tuple(flown[:flown.index(gone.at) + 2]))  # drawn up to the first hex beyond the edge
            planes = tuple(x for x in planes if x.name != rp.name)
            departed += ((rp.name, "fled" if gone.fled else "withdrew"),)
            said.append(str(gone))
    # the departed are recorded with the planes they leave, so every table in between keeps the
    # invariants a saved game is checked against
    flying = {x.name for x in planes} | {x.name for x in abandoned}
    moved = dataclasses.replace(state, planes=planes, departed=departed, abandoned=tuple(abandoned),
                                tracks=tuple((n, t) for n, t in tracks.items() if n in flying),
                                destroyed=state.destroyed + tuple(n for n, _ in lost), losses=state.losses + lost)
    if state.objects:  # trains run, tows follow or snap, paths through objects are checked (F.move.path-objects)
        moved = ground_play.after_movement(moved, moves, dice, said)
        moved = ground_play.let_go(moved, jumped, said, empty_off)
    moved = _remove_lost(moved, {p.name: p for p in moved.planes}, said)
    moved = _keep_tracks(moved)
    moved = dataclasses.replace(moved, phase=Phase.COMBAT, paths=tuple(paths), report=state.report + tuple(said))
    moved = _check_victory(moved, bailing.pending(moved))
    if moved.phase is Phase.OVER:
        return moved
    if not moved.shared_hexes:
        return _end_of_movement(moved, dice)  # last turn's flak bursts after movement and collisions (F.seq.phases)
    # enemies in one hex: each shows a number at the same moment (F.collide.piloted, p.27)
    said = []
    for shared in moved.shared_hexes:
        names = " and ".join(f.name for f in shared.flyers)
        where = moved.plane(shared.flyers[0].name).plane.hex
        said.append(f"{names} end in the same hex, {where!r}: collision check (F.collide.piloted, p.27): "
                    f"{', '.join(shared.choosers)} choose a number 1-10 in secret"
                    + (f"; {', '.join(shared.rollers)} roll theirs" if shared.rollers else ""))
    return dataclasses.replace(moved, phase=Phase.COLLIDE, picks=(), report=moved.report + tuple(said))


def _pick(state: GameState, action: Action) -> GameState:
    _need(state, Phase.COLLIDE, "choose a collision number")
    rp = state.plane(action.plane)
    if rp.name not in state.choosers:
        raise RefereeError(f"{rp.name} has no collision number to choose this turn; choosing: {state.choosers}",
                           field="plane")
    if rp.name in dict(state.picks):
        raise RefereeError(f"{rp.name} has already chosen a number", field="plane")
    text = action.maneuver.strip()
    if not text.isdigit() or len(text) > 2 or not 1 <= int(text) <= 10:
        raise RefereeError(f"{rp.name} must choose a whole number 1-10, got {action.maneuver!r} "
                           "(F.collide.piloted, FASA p.27)", field="number")
    return dataclasses.replace(state, picks=state.picks + ((rp.name, int(text)),),
                               report=state.report + (f"{rp.label} has chosen a number",))


def _collide(state: GameState, dice: Dice) -> GameState:
    _need(state, Phase.COLLIDE, "resolve collisions")
    if state.waiting_for:
        raise RefereeError(f"still waiting for collision numbers from {', '.join(state.waiting_for)}", field="action")
    picks = dict(state.picks)
    said, lost = [], set()
    planes_now = {p.name: p for p in state.planes}
    for shared in state.shared_hexes:
        result = resolve_shared_hex(shared.flyers, {n: picks[n] for n in shared.choosers}, dice)
        said.append(f"collision check: {result}")
        # destroyed by the printed rule; damaged by flak hits under the optional rule (referee.variants)
        for name in sorted(collision_flak(planes_now, result.collisions, state.rules, dice, state.turn, said)):
            lost.add(name)
            said.append(f"{name} is destroyed in the mid-air collision; its crew must bail out (F.collide.damage, p.28)")
    planes = tuple(planes_now[p.name] for p in state.planes if p.name not in lost)
    after = dataclasses.replace(state, planes=planes, phase=Phase.COMBAT, picks=(),
                                destroyed=state.destroyed + tuple(sorted(lost)))
    after = _remove_lost(after, {p.name: p for p in after.planes}, said)  # collision flak may destroy (variant)
    after = dataclasses.replace(after, report=state.report + tuple(said))
    after = _check_victory(after, bailing.pending(after))
    return after if after.phase is Phase.OVER else _end_of_movement(after, dice)


def _shown(state: GameState, rp: RefPlane, p: MovePlan) -> str:
    """A plane's plot as revealed: its maneuver, or its bail-out as written (F.bail.safe)."""
    plotted = state.plotted(rp.name)
    return str(plotted) if bailing.is_bail(plotted) else str(p.maneuver)


def _keep_tracks(state: GameState) -> GameState:
    """Tracks only of planes still in the air (flying, or empty and flying on)."""
    air = {p.name for p in state.planes} | {p.name for p in state.abandoned}
    return dataclasses.replace(state, tracks=tuple((n, t) for n, t in state.tracks if n in air))


def _end_of_movement(state: GameState, dice: Dice) -> GameState:
    """The end of the movement phase, once collisions are resolved: last turn's flak bursts, then the
    aimed empty planes strike (F.seq.phases, p.13: F.rocket.flak, F.bail.projectile); then the victory check."""
    state = _burst_flak(state, dice, check=False)
    state = _keep_tracks(bailing.strikes(state, dice))
    return _check_victory(state)


def _burst_flak(state: GameState, dice: Dice, check: bool = True) -> GameState:
    """Flak fired last turn bursts now, at the end of the movement phase, once collisions are
    resolved (F.rocket.flak, F.seq.phases, p.13, 42): two hits on every plane in the hex, on the
    nose-on table, one on every plane in the six hexes around it, on the table of the hexside it
    shows the burst; friend or foe, the launcher too. Each hit rolls its own location (our reading,
    as a rocket's), then a column and the flak template; widowing after each plane's hits."""
    due = [f for f in state.flak if f.turn < state.turn]
    if not due:
        return _check_victory(state) if check else state
    said: list[str] = []
    planes = {p.name: p for p in state.planes}
    template = template_for("flak-rocket").id
    zeps = {z.name: z for z in state.zeppelins}
    for f in due:
        burst = flak_burst(f.hex, [(p.name, p.plane.hex, p.plane.facing) for p in planes.values()
                                   if not _lost_to_damage(p)])
        caught = ", ".join(f"{b.plane} {b.hits} hit{'s' if b.hits != 1 else ''}" for b in burst)
        said.append(f"flak bursts over {f} (F.rocket.flak): " + (caught or "no plane is in its mega-hex"))
        for b in burst:
            t = planes[b.plane]
            t = dataclasses.replace(t, hits_taken=t.hits_taken + b.hits)
            where = ("in the burst's hex: the nose-on table" if b.hits == 2
                     else f"beside it, showing it hexside {b.location.hexside.name}")
            rolls = [b.location.resolve(dice) for _ in range(b.hits)]
            for i, roll in enumerate(rolls, 1):
                said.append(f"  {b.plane} ({where}), flak hit {i} of {b.hits}: hit location d10 {roll.faces[0]} -> "
                            f"{roll.outcome.label} table (F.hitloc.table)")
            for i, roll in enumerate(rolls, 1):
                t = _place(t, roll.outcome, template, f"flak hit {i} on {b.plane}", dice, state.turn, said)
            planes[b.plane] = _widow(t, dice, state.turn, said)
        if zeps:  # gas cells in the mega-hex take flak too; nacelles do not (F.zep.gas-cells, F.zep.nacelle)
            Z.flak_on_cells(zeps, f.hex, "flak-rocket", state.turn, said)
    if zeps:
        state = dataclasses.replace(state, zeppelins=tuple(zeps.values()))
    after = _remove_lost(state, planes, said)
    after = dataclasses.replace(after, flak=tuple(f for f in state.flak if f not in due),
                                report=state.report + tuple(said))
    return _check_victory(after) if check else after


def _check_victory(state: GameState, wait: bool = False) -> GameState:
    """End the game when one player (or none) has planes left (F.victory, p.15): planes leave by
    flying off a laid-out map, by being destroyed or abandoned (F.bail.safe). ``wait``: an aimed
    empty plane has yet to strike this movement phase, so the check waits for it (F.bail.projectile)."""
    if wait:
        return state
    if state.objects:  # what a lost plane towed drops to the ground first (F.rocket.harpoon)
        state = ground_play.settle(state)
    players = [who for who, _ in state.homes] if state.homes else list(state.players)
    if len(players) < 2:
        return state
    # a zeppelin still aloft keeps its side in the game (F.victory with F.zep.*, our reading)
    result = victory({player: sum(p.player == player for p in state.planes) + Z.aloft_count(state.zeppelins, player)
                      for player in players})
    if not result.over:
        return state
    report = state.report + (str(result), "the game is over")
    return dataclasses.replace(state, phase=Phase.OVER, outcome=str(result), report=report,
                               history=state.history + tuple(f"turn {state.turn}: {x}" for x in report))


def _fall(state: GameState) -> GameState:
    """Planes whose engine is out and that have hung a turn at speed 0 fall at the end of that
    turn: destroyed, with why in ``losses``, their crews bailing out, before anyone plots again
    (F.dmg.engine, F.dmg.fuel, F.bail.combat, p.31, 39); then the victory check (F.victory)."""
    fallen = [p for p in state.planes if p.plane.falling]
    if not fallen:
        return state
    said = []
    losses = []
    for p in fallen:
        why = ("the engine destroyed" if p.record.lost("engine") else "every fuel tank gone" if p.record.tanks_left == 0
               else "the engine out")
        losses.append((p.name, f"with {why} it glided to speed 0, hung there a turn and fell (F.dmg.engine)"))
        bail = combat_bailout(BailoutCause.ENGINE, p.sixth_sense, p.quick_draw, p.plane.shocked)
        said.append(f"{p.name} has hung at speed 0 for its turn with {why} and falls: it is destroyed (F.dmg.engine, "
                    f"p.39); its crew must bail out (F.bail.combat: the pilot needs {bail})")
    gone = {p.name for p in fallen}
    after = dataclasses.replace(state, planes=tuple(p for p in state.planes if p.name not in gone),
                                destroyed=state.destroyed + tuple(p.name for p in fallen),
                                losses=state.losses + tuple(losses), report=state.report + tuple(said))
    return _check_victory(after)


def _tailing(state: GameState) -> GameState:
    _need(state, Phase.TAILING, "check tailing")
    # a plane that has hung its turn at speed 0 with no engine falls before tailing and the next plots
    state = _fall(state)
    if state.phase is Phase.OVER:
        return state
    tplanes = [TailingPlane(p.plane.hex, p.plane.facing, p.plane.speed, p.sixth_sense, p.plane.smoking,
                            p.plane.shocked, p.name) for p in state.planes]
    found = tailing_phase(tplanes, {p.name: p.player for p in state.planes})
    tails = tuple(Tail(t.follower.name, t.leader.name, t.number().total) for t in found)
    # each term shown, so a smoking or shocked leader's +2 can be seen (F.tail.number, p.28)
    said = [f"tailing phase: {t.follower.name} tails {t.leader.name}, tailing number {t.number().total} "
            f"({terms_text(t.number().terms)}): next turn {t.leader.name} reveals {t.number().reveal.value}"
            for t in found] or ["tailing phase: nobody tails anybody"]
    # shock lasts for the turn after the one it struck in (F.shock, p.36: straight maneuver next turn)
    planes = []
    for p in state.planes:
        if p.plane.shocked and p.shocked_turn < state.turn:
            p = dataclasses.replace(p, plane=dataclasses.replace(p.plane, shocked=False))
            said.append(f"{p.name}'s pilot recovers from shock (F.shock)")
        planes.append(p)
    over = state.turn >= state.max_turns
    if state.abandoned and not over:  # taken off the table as the next movement phase begins (F.bail.safe)
        said += [f"{a.name}'s empty plane is taken off the table as the next movement phase begins (F.bail.safe)"
                 for a in state.abandoned]
        gone = {a.name for a in state.abandoned}
        state = dataclasses.replace(state, abandoned=(), tracks=tuple(x for x in state.tracks if x[0] not in gone))
    report = state.report + tuple(said)
    state = dataclasses.replace(state, planes=tuple(planes))
    history = state.history + tuple(f"turn {state.turn}: {x}" for x in report)
    if over:
        return dataclasses.replace(state, phase=Phase.OVER, tails=tails, report=report + ("the game is over",),
                                   history=history)
    return dataclasses.replace(state, turn=state.turn + 1, phase=Phase.PLOT, plots=(), tails=tails, report=(),
                               history=history)
