"""Objects in a referee's turn: flying through them, trains running, bombs, torpedoes and harpoons
at them, towing, and shots at a towed object (F.move.path-objects, F.collide.object, F.bomb,
F.torpedo, F.rocket.harpoon; FASA p.24, 27-28, 43-45).

The referee's phases call in here only when the game has objects (``GameState.objects``), so a game
of planes alone plays as before. The numbers come from the rules core: ``deployed.bomb_number``,
``deployed.Scatter``, ``deployed.torpedo_number``, ``deployed.harpoon_number``, ``deployed.lift_number``,
``deployed.towing_top_speed``, ``deployed.towing_maneuver``, ``deployed.TowShot``,
``deployed.dropped_at`` and ``collisions.path_collision_checks``.

- **Bombs** (F.bomb, p.44): dropped on an object in the plane's own hex, or in a hex next to it at +5.
  A hit does the Bomb Table's hits, each as many points as its template has boxes (the gas-cell
  rule for non-piloted objects, p.31, 46); a miss scatters to the neighbouring hex a d6 names and
  does the same to whatever object stands there.
- **Torpedo** (F.torpedo, p.45): only at an object that stands still (a moving train is refused by
  rule), down the plane's line of travel (its forward column) with nothing standing between
  (``sightline``); the straight hexes flown before release lower the number. A hit is four AP-rocket hits.
- **Harpoon** (F.rocket.harpoon, p.43): at a small object in the plane's hex or the next hex ahead
  (range 1), on the ground or carried aboard a zeppelin (``MapObject.aboard``: only a harpoon reaches
  cargo, from outside the hull); a hit grabs it and the lift is rolled at once at the plane's speed; lifted, it is towed
  behind the plane: top speed 2 less (plots over it refused), a 2+ G plot snaps the cable (stress
  hits, attempted Gs - 1 on each forward wing table) and the object drops in the hex behind, as it
  does when the plane stalls or is lost; a plane that flies off the map takes its load along
  (F.roe.flee; our reading, RULINGS.md). Guns or rockets ordered "at" a towed object roll at the
  towing plane; each hit then rolls 1-6 object, 7-10 cable.
- **Guns and rockets at an object on the ground** (F.hit.number, F.collide.object-btn, p.27, 36-37):
  the usual to-hit sum with the object's table number as its base and no deflection (our reading,
  RULINGS.md); each hit takes its template's boxes in points. An intact gas cell or another object
  standing on the line stops the shot, and the order is refused naming it (``sightline.line_blocker``,
  ``LineOfFireBlockedError``: F.combat.los, F.map.hexes, F.zep.static).
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from cs_panel.core.dice import Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.fasa.damage import NO_DAMAGE, DamageTemplate, fracture_table, template_for
from cs_panel.fasa.deployed import (
    TORPEDO_HITS, Scatter, bomb_number, deployed_weapons, dropped_at, harpoon_number, lift_number, torpedo_number,
    towing_maneuver, towing_top_speed, TowShot,
)
from cs_panel.fasa.arcs import can_fire
from cs_panel.fasa.gunnery import DoubleDown
from cs_panel.fasa.hexgrid import Hex
from cs_panel.fasa.movement import MovePlan, MoveResult
from cs_panel.fasa.random_movement import PORT_LEADING, STARBOARD_LEADING
from cs_panel.fasa.referee.errors import FireOrderError, GroundShotError, LineOfFireBlockedError, RefereeError
from cs_panel.fasa.tohit import weapons
from cs_panel.fasa.referee.ground import (
    GROUND_ORDNANCE, MapObject, at_hex, ordnance_kind, path_checks, run_trains, standing, straight_after,
)
from cs_panel.fasa.referee.marking import _place, _widow
from cs_panel.fasa.referee.notation import FireOrder, hex_text
from cs_panel.fasa.referee.sightline import IN_THE_WAY, line_blocker
from cs_panel.fasa.referee.state import GameState, RefPlane


def _tow_of(objs: Sequence[MapObject], plane: str) -> MapObject | None:
    return next((o for o in objs if o.towed_by == plane), None)


def _drop(o: MapObject, rp: RefPlane, why: str, said: list[str]) -> MapObject:
    """A towed object falls into the hex behind the towing plane (F.rocket.harpoon, p.43)."""
    where = dropped_at(rp.plane.hex, rp.plane.facing)
    said.append(f"{o.name} drops into {hex_text(where)}, the hex behind {rp.name}: {why} (F.rocket.harpoon)")
    return dataclasses.replace(o, towed_by="", hexes=(where,))


def _drop_at(o: MapObject, where: Hex, why: str, said: list[str]) -> MapObject:
    """A towed object falls into ``where``, the hex behind a plane no longer on the map (F.rocket.harpoon)."""
    said.append(f"{o.name} drops into {hex_text(where)}: {why} (F.rocket.harpoon)")
    return dataclasses.replace(o, towed_by="", hexes=(where,))


def _last_on_map(state: GameState, path: Sequence[Hex]) -> Hex:
    """The last hex of ``path`` on the map, where a plane leaving it crossed the edge (F.roe.flee)."""
    field = state.map
    last = path[0]
    for h in path:
        if field is None or field.edges_beyond(h):
            break
        last = h
    return last


def _off_the_map(objs: list[MapObject], tow: MapObject, name: str, p: MovePlan, r: MoveResult, state: GameState,
                 said: list[str]) -> None:
    """A towing plane that flew off the map: the text drops a load only when the cable breaks or is
    cut, so the load leaves the table with the plane, out of the game as it is; a 2+ G maneuver
    still snaps the cable first, and the load falls where the plane crossed the edge, the hex behind
    it then (F.rocket.harpoon, F.roe.flee; our reading, RULINGS.md). The stress hits it takes are not
    marked: the plane is out of the game."""
    i = objs.index(tow)
    ok, _ = towing_maneuver(p.gs or 0)
    if not ok:
        said.append(f"{name} pulls {p.gs} G while towing: the cable snaps as it leaves the map (F.rocket.harpoon)")
        objs[i] = _drop_at(tow, _last_on_map(state, r.path), f"{name} has left the map", said)
        return
    said.append(f"{name} carries {tow.name} off the map on its cable: the load leaves the game with it "
                "(F.rocket.harpoon, F.roe.flee)")
    del objs[i]


# -- the movement phase ------------------------------------------------------------------------------


def check_plot(state: GameState, rp: RefPlane, p: MovePlan) -> None:
    """A towing plane may not plot faster than its towing top speed (F.rocket.harpoon, p.43); a 2+ G
    maneuver is allowed, and snaps the cable when it is flown (``after_movement``)."""
    tow = _tow_of(state.objects, rp.name)
    if tow is None:
        return
    top = towing_top_speed(rp.plane.capabilities.max_speed)
    if p.maneuver.speed > top:
        raise RefereeError(f"{rp.name} tows {tow.name}: its top speed is {top} (2 less, F.rocket.harpoon), so it "
                           f"cannot fly {p.maneuver} at speed {p.maneuver.speed}", field="maneuver")


def after_movement(state: GameState, flown: Sequence[tuple[str, MovePlan, MoveResult]], dice: Dice,
                   said: list[str]) -> GameState:
    """What objects do in the movement phase, once every plane has flown: trains run; towing planes
    snap their cable on a 2+ G maneuver or drop their load at speed 0, else tow it behind them;
    every path is checked against the objects standing in it (F.move.path-objects,
    F.collide.object), a failed roll destroying the plane; and each plane's straight run is counted
    for the torpedo (F.torpedo)."""
    objs = list(run_trains(state.objects, said))
    planes = {p.name: p for p in state.planes}
    straight = dict(state.straight)
    crashed: list[tuple[str, str]] = []
    for name, p, r in flown:
        straight[name] = straight_after(straight.get(name, 0), str(p.maneuver), r.outcome.name == "AS_PLOTTED",
                                        r.state_after.speed)
        if name not in planes:  # it left the map (F.roe.flee), and its tow with it unless the cable broke
            tow = _tow_of(objs, name)
            if tow is not None:
                _off_the_map(objs, tow, name, p, r, state, said)
            continue
        rp = planes[name]
        tow = _tow_of(objs, name)
        if tow is not None:
            i = objs.index(tow)
            ok, stress = towing_maneuver(p.gs or 0)
            if not ok:
                said.append(f"{name} pulls {p.gs} G while towing: the cable snaps and each forward wing table takes "
                            f"{stress} stress hit(s) (F.rocket.harpoon)")
                for loc in (PORT_LEADING, STARBOARD_LEADING):
                    for _ in range(stress):
                        rp = _place(rp, fracture_table(loc), "fracture", f"{name}: stress hit on the {loc}", dice,
                                    state.turn, said)
                rp = _widow(rp, dice, state.turn, said)
                objs[i] = _drop(tow, rp, "the cable snapped", said)
            elif rp.plane.speed < 1:
                objs[i] = _drop(tow, rp, "at speed 0 the pilot cuts the cable (our reading: rather than crash)", said)
            else:
                objs[i] = dataclasses.replace(tow, hexes=(dropped_at(rp.plane.hex, rp.plane.facing),))
            planes[name] = rp
        hit = path_checks(name, r.path, rp.plane.shocked, [o for o in objs if o.towed_by != name], dice, said)
        if hit:
            crashed.append((name, f"flew into the {hit} (F.collide.object)"))
            said.append(f"{name} is destroyed in the collision with the {hit}; its crew must bail out "
                        "(F.collide.object, F.collide.damage, p.27)")
    gone = {n for n, _ in crashed}
    return dataclasses.replace(state, planes=tuple(planes[p.name] for p in state.planes if p.name not in gone),
                               objects=tuple(objs), straight=tuple(sorted(straight.items())),
                               destroyed=state.destroyed + tuple(n for n, _ in crashed),
                               losses=state.losses + tuple(crashed))


# -- fire orders at objects ------------------------------------------------------------------------


def _loaded(rp: RefPlane, order: FireOrder, strict: bool) -> list[tuple[int, str]]:
    """(hardpoint, weapon) of each bomb, torpedo or harpoon ``order`` fires; a hardpoint that is
    empty, holds another weapon or was destroyed is refused by name while the order is given."""
    lost = rp.record.rockets_lost
    out: list[tuple[int, str]] = []
    for kind, n in order.ordnance:
        if n == 0:
            mine = [(hp, w) for hp, w in rp.loaded_rockets if w in GROUND_ORDNANCE and ordnance_kind(w) == kind]
            if strict and not mine:
                raise FireOrderError(f"{rp.name} carries no {kind} left to fire ({rp.weapons_summary()})",
                                     field="ordnance")
            out += mine
            continue
        if not 1 <= n <= len(rp.rockets):
            raise FireOrderError(f"{rp.name} has no hardpoint {n}: it carries {len(rp.rockets)} "
                                 f"({rp.weapons_summary()})", field="ordnance")
        w = rp.rockets[n - 1]
        if not w:
            raise FireOrderError(f"{rp.name}'s hardpoint {n} is empty: it has been fired (F.weap.loadout)",
                                 field="ordnance")
        if w not in GROUND_ORDNANCE or ordnance_kind(w) != kind:
            raise FireOrderError(f"{rp.name}'s hardpoint {n} holds a {deployed_weapons()[w]['name']}, not a {kind}",
                                 field="ordnance")
        if n in lost:
            if strict:
                raise FireOrderError(f"{rp.name}'s {kind} on hardpoint {n} was destroyed by a hit (F.dmg.rockets)",
                                     field="ordnance")
            continue
        out.append((n, w))
    return out


def _bomb_hex(rp: RefPlane, o: MapObject) -> Hex | None:
    """Where a bomb at ``o`` is aimed: the plane's own hex if the object stands there, else a hex of
    it next to the plane (F.bomb: own hex, or any adjacent hex at +5)."""
    h = rp.plane.hex
    if h in o.hexes:
        return h
    near = sorted(x for x in o.hexes if h.distance(x) == 1)
    return near[0] if near else None


def _torpedo_run(state: GameState, rp: RefPlane, o: MapObject) -> tuple[int | None, str]:
    """Hexes the torpedo runs to ``o``: the nearest of its hexes down the plane's line of travel (its
    forward column; our reading of "aimed by the direction of travel") with nothing standing in
    between, or None and what is in the way (a launched weapon's line of fire, ``sightline``:
    F.torpedo, F.combat.los, F.zep.static; our reading, RULINGS.md)."""
    h, f = rp.plane.hex, rp.plane.facing
    runs = sorted(h.distance(x) for x in o.hexes if h.distance(x) > 0 and h.neighbor(f, h.distance(x)) == x)
    why = ""
    for run in runs:
        why = line_blocker(state.zeppelins, state.objects, h, h.neighbor(f, run), ignore=o.hexes) or ""
        if not why:
            return run, ""
    return None, why


def _harpoon_range(rp: RefPlane, o: MapObject) -> int | None:
    """The harpoon's range to ``o``: 0 in the plane's hex, 1 in the next hex straight ahead (range 1,
    the forward column like any rocket, F.rocket.harpoon, F.combat.arc)."""
    h, f = rp.plane.hex, rp.plane.facing
    if h in o.hexes:
        return 0
    reach = int(deployed_weapons()["harpoon"]["range"])
    return 1 if any(can_fire(h, f, x, reach) for x in o.hexes) else None


def _number(state: GameState, rp: RefPlane, weapon: str, o: MapObject) -> tuple[TargetNumber | None, str]:
    """The explained to-hit number of ``weapon`` at ``o`` as things stand, or why it cannot be fired."""
    if weapon.startswith("bomb-"):
        aim = _bomb_hex(rp, o)
        if aim is None:
            return None, (f"a bomb falls in the plane's own hex or one next to it, and {o.name} is "
                          f"{min(rp.plane.hex.distance(x) for x in o.hexes)} hexes away (F.bomb)")
        return bomb_number(weapon, o.base_number, rp.dead_eye, adjacent=aim != rp.plane.hex,
                           shocked=rp.plane.shocked), ""
    if weapon == "torpedo":
        if o.moving:
            return None, (f"{o.name} is a moving {o.label}: a torpedo is launched only at a target that stands still "
                          "(F.torpedo, FASA p.45)")
        run, blocked = _torpedo_run(state, rp, o)
        if blocked:
            return None, f"the torpedo's run to {o.name} is stopped: {blocked}"
        if run is None:
            return None, (f"{o.name} is not down {rp.name}'s line of travel: the torpedo flies where the plane "
                          "points (F.torpedo, F.combat.arc)")
        tn = torpedo_number(o.base_number, run, state.straight_of(rp.name), rp.dead_eye)
        if rp.plane.shocked:
            tn = dataclasses.replace(tn, terms=tn.terms + (Modifier(2, "shocked", "F.shock"),))
        return tn, ""
    # the harpoon
    if not o.liftable:
        return None, (f"{o.name} is a {o.label}: a harpoon grabs a small object to lift (from the ground, a building "
                      "or a zeppelin), not the building or train itself (F.rocket.harpoon; our reading)")
    if _tow_of(state.objects, rp.name) is not None:
        return None, f"{rp.name} already tows {_tow_of(state.objects, rp.name).name} (F.rocket.harpoon)"  # type: ignore[union-attr]
    try:
        towing_top_speed(rp.plane.capabilities.max_speed)
    except RuleInputError as e:
        return None, str(e)
    ship = next((z for z in state.zeppelins if z.name == o.aboard), None) if o.aboard else None
    if ship is not None and not ship.aloft:
        return None, f"{o.name} went down with {ship.name}, which has fallen (F.zep.gas-cells; our reading)"
    rng = _harpoon_range(rp, o)
    if rng is None:
        return None, f"{o.name} is not in {rp.name}'s hex or the hex straight ahead (range 1, F.rocket.harpoon)"
    return harpoon_number(o.base_number, rng, rp.dead_eye, rp.plane.shocked), ""


def _target_object(state: GameState, order: FireOrder) -> MapObject:
    o = state.thing(order.target)
    names = [x.name for x in standing(state.objects)]
    if o is None or o.destroyed:
        why = f"no object called {order.target!r}" if o is None else f"{o.name} is destroyed"
        raise FireOrderError(f"{why}; the objects standing are {names} (F.bomb, F.torpedo, F.rocket.harpoon)",
                             field="target")
    return o


def order_line(state: GameState, rp: RefPlane, order: FireOrder) -> str:
    """Check a fire order at an object, as it is given, and say its odds (F.combat.choice, F.bomb,
    F.torpedo, F.rocket.harpoon): bombs, torpedoes and harpoons at an object on the map, or guns or
    rockets at an object an enemy tows."""
    o = _target_object(state, order)
    if o.aboard and (not order.ordnance or any(kind != "harpoon" for kind, _ in order.ordnance)):
        raise FireOrderError(f"{o.name} is cargo aboard {o.aboard}: only a harpoon snags it from the zeppelin "
                             f"(\"harpoon at {o.name}\"); guns, rockets, bombs and torpedoes hit the ship, so aim them "
                             f"at one of {o.aboard}'s gas cells (F.rocket.harpoon, F.zep.gas-cells)", field="target")
    if not order.ordnance:
        return _tow_shot_line(state, rp, order, o)
    if o.towed_by:
        raise FireOrderError(f"{o.name} is in the air, towed by {o.towed_by}: shoot at it with guns or rockets, "
                             "\"guns at " + o.name + "\" (F.rocket.harpoon)", field="target")
    parts = []
    for hp, w in _loaded(rp, order, strict=True):
        tn, why = _number(state, rp, w, o)
        if tn is None:
            error = LineOfFireBlockedError if IN_THE_WAY in why else FireOrderError
            raise error(f"{rp.name} cannot fire the {GROUND_ORDNANCE[w]} on hardpoint {hp} at {o.name}: {why}",
                        field="target")
        parts.append(f"{GROUND_ORDNANCE[w]} (hardpoint {hp}) needs {tn}")
    return f"{rp.label} orders: {order}: at {o}: " + "; ".join(parts)


def _tow_shot_line(state: GameState, rp: RefPlane, order: FireOrder, o: MapObject) -> str:
    """Guns or rockets at a towed object: they roll at the towing plane, and each hit then rolls for
    object or cable (F.rocket.harpoon)."""
    from cs_panel.fasa.referee.combat import _aim, _mounts, attack_odds  # combat calls in here

    if not o.towed_by:
        return _ground_shot_line(rp, order, o, state.zeppelins, state.objects)
    tower = state.plane(o.towed_by)
    if tower.player == rp.player:
        raise FireOrderError(f"{o.name} is towed by {tower.name}, who flies for {rp.player} too", field="target")
    mounts = _mounts(rp, order)
    walls = (state.zeppelins, state.objects)  # a hull or a standing object stops the shot at the tower (F.combat.los)
    if not any(_aim(rp, tower, m, state.turn, *walls)[0] for m in mounts):
        reasons = sorted({_aim(rp, tower, m, state.turn, *walls)[3] for m in mounts})
        error = LineOfFireBlockedError if any(IN_THE_WAY in r for r in reasons) else FireOrderError
        raise error(f"{rp.name} cannot reach {tower.name}, towing {o.name}: {' / '.join(reasons)} "
                    "(F.combat.arc)", field="target")
    return (f"{rp.label} orders: {order}: at {tower.name}'s tow; as things stand, "
            f"{attack_odds(rp, tower, mounts, state.turn, *walls)}; each hit then d10 1-6 {o.name} ({TowShot().describe()}, "
            "F.rocket.harpoon)")


# -- guns and rockets at an object on the ground (F.hit.number, F.collide.object-btn) ---------------


def _ground_reach(rp: RefPlane, weapon: str, o: MapObject, zeppelins=(), objects=()) -> tuple[int | None, str]:
    """The range from ``rp`` to the nearest hex of ``o`` its ``weapon`` can reach down the forward
    hex column (0 in the plane's own hex), or None and why not (F.combat.arc, F.hit.range); an
    intact gas cell of one of the ``zeppelins`` or another of the ``objects`` standing on the line
    stops it (``sightline.line_blocker``: F.combat.los, F.map.hexes, F.zep.static)."""
    h, f = rp.plane.hex, rp.plane.facing
    if h in o.hexes:
        return 0, ""
    reach = int(weapons()[weapon]["range"])
    why: list[str] = []
    for x in sorted(o.hexes, key=h.distance):
        check = can_fire(h, f, x, reach)
        blocked = line_blocker(zeppelins, objects, h, x, ignore=o.hexes) if check else None
        if check and not blocked:
            return check.range, ""
        why += [blocked] if blocked else list(check.reasons)
    return None, "; ".join(sorted(set(why)))


def ground_shot_number(rp: RefPlane, weapon: str, o: MapObject, rng: int) -> TargetNumber:
    """A gun's or rocket's to-hit number at an object on the ground: the object's base number from
    the object table, range, Dead Eye, the weapon's modifier and shock, the usual sum (F.hit.number,
    F.collide.object-btn, p.27, 36-37); no deflection, since an object has no heading to take an
    angle from (our reading, as for a nacelle, F.zep.nacelle; RULINGS.md)."""
    w = weapons()[weapon]
    terms = [Modifier(o.base_number, f"{o.label} (object table)", "F.collide.object-btn"),
             Modifier(rng, f"range {rng} hex{'' if rng == 1 else 'es'}", "F.hit.range"),
             Modifier(-rp.dead_eye, f"Dead Eye {rp.dead_eye}", "F.hit.number")]
    if w["modifier"]:
        terms.append(Modifier(int(w["modifier"]), str(w["name"]), "F.hit.weapon-mod"))
    if rp.plane.shocked:
        terms.append(Modifier(2, "shocked", "F.shock"))
    return TargetNumber(tuple(terms), what=f"hit {o.name}")


def _ground_mounts(rp: RefPlane, order: FireOrder, o: MapObject, said: list[str] | None = None, zeppelins=(),
                   objects=()):
    """The guns and rockets of ``order`` with their to-hit numbers at ``o`` (None and why when out of
    reach). A rocket that does no damage is refused by name when the order is given."""
    from cs_panel.fasa.referee.combat import _mounts  # combat calls in here

    out = []
    for m in _mounts(rp, order, said):
        if not m.is_gun and m.weapon in NO_DAMAGE:
            if said is None and m.number in order.rockets:  # named; "rockets" leaves it on its rail
                raise GroundShotError(f"{rp.name}'s {m.name} on hardpoint {m.number} does no damage to {o.name}: only "
                                      "guns and damaging rockets are fired at an object on the ground "
                                      "(F.collide.object-btn, F.hit.number)", field="rockets")
            continue
        rng, why = _ground_reach(rp, m.weapon, o, zeppelins, objects)
        out.append((m, None if rng is None else ground_shot_number(rp, m.weapon, o, rng), why))
    if said is None and not out:
        raise GroundShotError(f"{rp.name} has no gun or damaging rocket to fire at {o.name} (F.hit.number)",
                              field="rockets")
    return out


def _ground_shot_line(rp: RefPlane, order: FireOrder, o: MapObject, zeppelins=(), objects=()) -> str:
    """Check guns or rockets ordered at an object on the ground and say each one's number
    (F.hit.number, F.collide.object-btn, F.combat.arc)."""
    parts = []
    for m, tn, why in _ground_mounts(rp, order, o, None, zeppelins, objects):
        if tn is None:
            error = LineOfFireBlockedError if IN_THE_WAY in why else GroundShotError
            raise error(f"{rp.name}'s {m.name} cannot reach {o.name}: {why} (F.combat.arc)", field="target")
        parts.append(f"{m.name} ({m.mount}) needs {tn}")
    return (f"{rp.label} orders: {order}: at {o} on the ground: " + "; ".join(parts)
            + " (each hit its template's boxes in points)")


def _roll_mount(planes: dict, shooter, m, tn, dice, said: list[str], at: str, mount_note: str = "") -> int:
    """One gun's or rocket's roll at an object (``at`` names it), told in ``said``; the hits. A gun
    doubled down rolls twice and any miss jams it (F.gun.double-down); the jam is marked in ``planes``."""
    if m.doubled:
        dd = DoubleDown.of(tn)
        droll = dd.resolve(dice)
        said.append(f"{shooter.name} doubles down on a {m.name} (gun {m.number}) at {at}: needs {tn} on each "
                    f"of two dice -- rolled {droll.faces[0]} and {droll.faces[1]}: "
                    f"{dd.describe_outcome(droll.outcome)} (F.gun.double-down)")
        if droll.outcome.jammed:
            planes[shooter.name] = dataclasses.replace(planes[shooter.name],
                                                       jammed=planes[shooter.name].jammed + (m.number,))
        return droll.outcome.hits
    roll = tn.resolve(dice)
    said.append(f"{shooter.name} fires a {m.name}{mount_note} at {at}: needs {tn} -- rolled "
                f"{roll.faces[0]}: {'HIT' if roll.success else 'miss'}")
    return int(roll.success)


def _ground_shots(planes: dict[str, RefPlane], objs: dict[str, MapObject], shooter: RefPlane, order: FireOrder,
                  o: MapObject, dice: Dice, said: list[str], zeppelins=()) -> None:
    """Guns or rockets at an object on the ground, carried out: a roll per gun (two doubled down, a
    miss jamming it) and per rocket; each hit takes the weapon's template boxes in points (F.hit.number,
    F.gun.double-down, F.bail.projectile and F.zep.gas-cells for points per box, p.31, 46)."""
    fired = []
    for m, tn, why in _ground_mounts(shooter, order, o, said, zeppelins, list(objs.values())):
        if not m.is_gun:
            fired.append(m.number)
        if tn is None:
            said.append(f"{shooter.name}'s {m.name} cannot reach {o.name}: {why}")
            continue
        hits = _roll_mount(planes, shooter, m, tn, dice, said, o.name, f" ({m.mount})")
        t = template_for(m.weapon, m.rounds) if m.is_gun else template_for(m.weapon)
        for _ in range(hits):
            if objs[o.name].destroyed:
                said.append(f"  {o.name} is already destroyed: the hit is spent")
                continue
            damage_object(objs, objs[o.name], 1, t, f"a {m.name} hit", said)
    if fired:
        left = list(planes[shooter.name].rockets)
        for n in fired:
            left[n - 1] = ""
        planes[shooter.name] = dataclasses.replace(planes[shooter.name], rockets=tuple(left))


# -- the combat phase --------------------------------------------------------------------------------


def carry_out(state: GameState, planes: dict[str, RefPlane], objs: dict[str, MapObject], shooter: RefPlane,
              order: FireOrder, dice: Dice, said: list[str]) -> None:
    """Carry out a fire order at an object in the combat phase, in the shooter's turn to fire."""
    o = objs.get(order.target)
    if o is None or o.destroyed:
        said.append(f"{shooter.name}'s target {order.target} is gone: {shooter.name} holds fire")
        return
    if not order.ordnance:
        if o.towed_by:
            _tow_shots(state, planes, objs, shooter, order, o, dice, said)
        else:
            _ground_shots(planes, objs, shooter, order, o, dice, said, state.zeppelins)
        return
    if o.towed_by:
        said.append(f"{o.name} was lifted away before {shooter.name}'s turn: {shooter.name} holds fire")
        return
    left = list(shooter.rockets)
    for hp, w in _loaded(shooter, order, strict=False):
        o = objs[o.name]
        now = dataclasses.replace(state, objects=tuple(objs.values()))
        tn, why = _number(now, planes[shooter.name], w, o)
        if tn is None:
            said.append(f"{shooter.name} cannot fire the {GROUND_ORDNANCE[w]} on hardpoint {hp} at {o.name}: {why}")
            continue
        left[hp - 1] = ""
        roll = tn.resolve(dice)
        said.append(f"{shooter.name} {'drops' if w.startswith('bomb-') else 'fires'} the {GROUND_ORDNANCE[w]} on "
                    f"hardpoint {hp} at {o.name}: needs {tn} -- rolled {roll.faces[0]}: "
                    f"{'HIT' if roll.success else 'miss'}")
        if w.startswith("bomb-"):
            _bomb(planes[shooter.name], w, o, roll.success, objs, dice, said)
        elif w == "torpedo":
            if roll.success:
                damage_object(objs, o, TORPEDO_HITS, template_for("torpedo"), f"the torpedo: {TORPEDO_HITS} AP-rocket hits (F.torpedo)", said)
            else:
                said.append("  the torpedo runs wide and is lost (F.torpedo)")
        else:
            _harpoon(state, planes, objs, shooter, o, roll.success, dice, said)
    planes[shooter.name] = dataclasses.replace(planes[shooter.name], rockets=tuple(left))


def damage_object(objs: dict[str, MapObject], o: MapObject, hits: int, t: DamageTemplate, what: str,
                  said: list[str]) -> None:
    """``hits`` hits with template ``t`` on an object: each as many points as the template has boxes
    (the gas-cell rule for non-piloted objects, F.bail.projectile, F.zep.gas-cells, p.31, 46); ``objs``
    takes the object after them and ``said`` the line that tells it. Shared by the guns, bombs and
    torpedoes here and the flak of an empty plane's crash (``bailing``)."""
    points = hits * t.boxes
    after = o.hit(points)
    objs[o.name] = after
    said.append(f"  {o.name} takes {what}: {hits} x {t.boxes} points ({t.id} template boxes) = {points}; "
                f"{after.left} of {after.points} left" + (": DESTROYED" if after.destroyed else ""))


def _bomb(rp: RefPlane, bomb: str, o: MapObject, hit: bool, objs: dict[str, MapObject], dice: Dice,
          said: list[str]) -> None:
    """A bomb's hit does the Bomb Table's damage; a miss scatters and damages whatever object stands
    where it lands (F.bomb, p.44)."""
    hits = int(deployed_weapons()[bomb]["hits"])
    if hit:
        damage_object(objs, o, hits, template_for(bomb), f"the {GROUND_ORDNANCE[bomb]}: {hits} hit(s) (F.bomb)", said)
        return
    aim = _bomb_hex(rp, o)
    assert aim is not None  # checked before the roll
    scatter = Scatter(aim)
    lands = scatter.resolve(dice)
    there = at_hex(list(objs.values()), lands.outcome)
    said.append(f"  the bomb scatters ({scatter.describe()}, F.bomb): d6 {lands.faces[0]} -> {hex_text(lands.outcome)}"
                + ("" if there else ": nothing there"))
    for x in there:
        damage_object(objs, x, hits, template_for(bomb), f"the scattered {GROUND_ORDNANCE[bomb]}: {hits} hit(s) (F.bomb)", said)


def _harpoon(state: GameState, planes: dict[str, RefPlane], objs: dict[str, MapObject], shooter: RefPlane,
             o: MapObject, hit: bool, dice: Dice, said: list[str]) -> None:
    """A harpoon hit grabs the object and the pilot tries the lift at once; lifted, it is towed
    (F.rocket.harpoon, p.43). A miss, or a failed lift, loses the harpoon and its cable."""
    if not hit:
        said.append("  the harpoon and its cable are lost (F.rocket.harpoon)")
        return
    rp = planes[shooter.name]
    tn = lift_number(o.base_number, rp.plane.speed, rp.plane.natural_touch, rp.plane.shocked)
    roll = tn.resolve(dice)
    said.append(f"  the harpoon grabs {o.name}; {rp.name} tries the lift at speed {rp.plane.speed}: needs {tn} -- "
                f"rolled {roll.faces[0]}: " + ("LIFTED" if roll.success else "dropped, harpoon and cable lost")
                + " (F.rocket.harpoon)")
    if roll.success:
        top = towing_top_speed(rp.plane.capabilities.max_speed)
        if o.aboard:
            said.append(f"  {o.name} is pulled out of {o.aboard} (F.rocket.harpoon)")
        objs[o.name] = dataclasses.replace(o, towed_by=rp.name, hexes=(dropped_at(rp.plane.hex, rp.plane.facing),),
                                           track=(), speed=0, aboard="")
        said.append(f"  {rp.name} tows {o.name}: top speed {top}, no maneuver of 2 G or more (F.rocket.harpoon)")


def _tow_shots(state: GameState, planes: dict[str, RefPlane], objs: dict[str, MapObject], shooter: RefPlane,
               order: FireOrder, o: MapObject, dice: Dice, said: list[str]) -> None:
    """Guns or rockets at a towed object: each rolls at the towing plane as usual; each hit rolls d10,
    1-6 the object (its template's boxes in points), 7-10 the cable, which breaks and drops it
    (F.rocket.harpoon, p.43). Rockets leave their hardpoints empty."""
    from cs_panel.fasa.referee.combat import _aim, _mounts

    if not o.towed_by or o.towed_by not in planes:
        said.append(f"{o.name} is no longer towed: {shooter.name} holds fire")
        return
    tower = planes[o.towed_by]
    fired = []
    # what stands between, as the burst begins: a tow shot loose by the first gun does not stop the second
    walls = (state.zeppelins, tuple(objs.values()))
    for m in _mounts(shooter, order, said):
        ok, tn, _, why, _ = _aim(shooter, tower, m, state.turn, *walls)
        if not ok or tn is None:
            said.append(f"{shooter.name}'s {m.name} cannot reach {tower.name}: {why}")
            continue
        if not m.is_gun:
            fired.append(m.number)
        hits = _roll_mount(planes, shooter, m, tn, dice, said, f"{o.name}, towed by {tower.name}")
        for _ in range(hits):
            cur = objs[o.name]
            if not cur.towed_by or cur.destroyed:
                said.append(f"  {o.name} is already down: the hit is spent")
                continue
            where = TowShot().resolve(dice)
            if where.outcome == "cable":
                said.append(f"  d10 {where.faces[0]}: the cable (F.rocket.harpoon)")
                objs[o.name] = _drop(cur, tower, "its cable was shot through", said)
            elif m.is_gun:
                said.append(f"  d10 {where.faces[0]}: the object (F.rocket.harpoon)")
                t = template_for(m.weapon, m.rounds)
                damage_object(objs, cur, 1, t, f"a {m.name} ({m.rounds}) hit", said)
            elif m.weapon in NO_DAMAGE:
                said.append(f"  d10 {where.faces[0]}: the object, but a {m.name} does no damage")
            else:
                said.append(f"  d10 {where.faces[0]}: the object (F.rocket.harpoon)")
                damage_object(objs, cur, 1, template_for(m.weapon), f"a {m.name} hit", said)
    if fired:
        left = list(planes[shooter.name].rockets)
        for n in fired:
            left[n - 1] = ""
        planes[shooter.name] = dataclasses.replace(planes[shooter.name], rockets=tuple(left))
    if objs[o.name].destroyed and objs[o.name].towed_by:
        objs[o.name] = dataclasses.replace(objs[o.name], towed_by="")
        said.append(f"  {o.name} is shot to pieces: the wreck falls from {tower.name}'s cable")


def let_go(state: GameState, empty: Sequence[RefPlane], said: list[str],
           off_map: Sequence[tuple[str, Hex]] = ()) -> GameState:
    """A towing plane whose pilot bailed out flies its straight move with the load still on the cable;
    with no pilot to hold it the load then falls into the hex behind the empty plane, where it ends
    (F.rocket.harpoon, F.bail.safe; our reading, RULINGS.md "Bailing out in the referee"). ``off_map``
    are empty planes that flew off the map, each with the last hex it crossed on it: the load falls
    there, the hex behind the plane as it crossed the edge (F.roe.flee)."""
    objs = list(state.objects)
    for rp in empty:
        tow = _tow_of(objs, rp.name)
        if tow is not None:
            objs[objs.index(tow)] = _drop(tow, rp, "its pilot bailed out", said)
    for name, edge in off_map:
        tow = _tow_of(objs, name)
        if tow is not None:
            objs[objs.index(tow)] = _drop_at(tow, edge, f"{name}'s pilot bailed out and the empty plane flew off "
                                                        "the map", said)
    return dataclasses.replace(state, objects=tuple(objs))


def settle(state: GameState) -> GameState:
    """An object whose towing plane has left the game (shot down, crashed or fallen) drops where it
    hung, the hex behind the plane's last position (F.rocket.harpoon); a tow flown off the map has
    already left with its plane or fallen at the edge (``after_movement``, ``let_go``)."""
    flying = {p.name for p in state.planes}
    loose = [o for o in state.objects if o.towed_by and o.towed_by not in flying]
    if not loose:
        return state
    said = [f"{o.name} drops into {hex_text(o.hexes[0])}: {o.towed_by}, towing it, is out of the game "
            "(F.rocket.harpoon)" for o in loose]
    objs = tuple(dataclasses.replace(o, towed_by="") if o in loose else o for o in state.objects)
    return dataclasses.replace(state, objects=objs, report=state.report + tuple(said))


def order_value(state: GameState, rp: RefPlane, order: FireOrder) -> tuple[float, float, str]:
    """(value, expected points, line) of a fire order at an object, for a computer player: the
    expected points of damage from the same to-hit numbers the referee rolls (a harpoon's worth is
    the chance to hit and lift times the object's points left; guns or rockets at a tow, the
    expected hits on the towing plane times their template boxes)."""
    from cs_panel.fasa.referee.combat import _aim, _mounts

    o = state.thing(order.target)
    if o is None or o.destroyed:
        return 0.0, 0.0, f"no object {order.target} to aim at"
    expected = 0.0
    if not order.ordnance and not o.towed_by:  # guns or rockets at it on the ground (F.hit.number)
        for m, tn, _ in _ground_mounts(rp, order, o, [], state.zeppelins, state.objects):
            if tn is not None:
                boxes = template_for(m.weapon, m.rounds).boxes if m.is_gun else template_for(m.weapon).boxes
                expected += float(DoubleDown.of(tn).expected_hits if m.doubled else tn.chance) * boxes
        expected = min(expected, float(o.left))
        return expected, expected, f"{expected:.1f} points expected on {o.name} (F.hit.number, F.collide.object-btn)"
    if not order.ordnance:
        if o.towed_by not in {p.name for p in state.planes}:
            return 0.0, 0.0, f"{o.name} is not towed"
        tower = state.plane(o.towed_by)
        for m in _mounts(rp, order):
            ok, tn, _, _, _ = _aim(rp, tower, m, state.turn, state.zeppelins, state.objects)
            if ok and tn is not None and (m.is_gun or m.weapon not in NO_DAMAGE):
                expected += float(tn.chance) * template_for(m.weapon, m.rounds or None).boxes * (2 if m.doubled else 1)
        return expected, expected, f"{expected:.1f} points expected on {o.name}'s tow (F.rocket.harpoon)"
    for _, w in _loaded(rp, order, strict=False):
        tn, _ = _number(state, rp, w, o)
        if tn is None:
            continue
        if w == "harpoon":
            lift = lift_number(o.base_number, rp.plane.speed, rp.plane.natural_touch, rp.plane.shocked)
            expected += float(tn.chance * lift.chance) * o.left
        else:
            hits = TORPEDO_HITS if w == "torpedo" else int(deployed_weapons()[w]["hits"])
            expected += float(tn.chance) * hits * template_for(w).boxes
    if order.ordnance[0][0] != "harpoon":
        expected = min(expected, float(o.left))  # no more points than the object has left
    return expected, expected, f"{expected:.1f} points expected on {o.name} (F.bomb, F.torpedo, F.rocket.harpoon)"
