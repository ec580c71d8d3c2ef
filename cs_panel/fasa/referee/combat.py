"""The combat phase of a referee's game: fire orders checked as they are given, then each plane
in firing order fires guns or rockets, clears jams or holds (F.combat.*, F.gun.*, F.rocket.*,
F.hitloc.table; FASA p.33-44), and step 8's continuing damage.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from cs_panel.core.dice import ChanceEvent, D10Check, Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import TargetNumber, percent
from cs_panel.fasa.arcs import SameHexPlane, can_fire, same_hex_fire
from cs_panel.fasa.damage import template_for
from cs_panel.fasa.deployed import (
    BEEPER_TURNS, deployed_weapons, flak_burst, rocket_number, seeker_can_fire, seeker_number,
)
from cs_panel.fasa.fire_order import Shooter, combat_order
from cs_panel.fasa.gunnery import (
    CombatAction, DamageColumn, DoubleDown, Shot, check_combat_action, hit_location, jam_clear_number, locate_hits,
    shift_limit, total_hit_odds,
)
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.referee import specials, turrets
from cs_panel.fasa.referee.errors import FireOrderError, LineOfFireBlockedError
from cs_panel.fasa.referee.ground import GROUND_ORDNANCE, MapObject, ordnance_kind
from cs_panel.fasa.referee.marking import _components, _crew_rolls, _effect_text, _lost_to_damage, _place, _remove_lost, _widow, _with_sheet
from cs_panel.fasa.referee.notation import GUNS, FireOrder, hex_text
from cs_panel.fasa.referee.phases import _check_victory, _need
from cs_panel.fasa.referee.state import HEX_ROCKETS, REFEREE_ROCKETS, Action, Flak, GameState, Phase, RefPlane
from cs_panel.fasa.referee import zeppelins as Z
from cs_panel.fasa.referee.sightline import IN_THE_WAY, fire_blocker
from cs_panel.fasa.tohit import Deflection, attack_hexside, deflection_from, to_hit_number, weapons


@dataclass(frozen=True)
class _Mount:
    """A gun or a hardpoint named by a fire order, with what it fires."""

    mount: str  # "gun 1", "hardpoint 2": the names the combat-choice core uses
    number: int
    weapon: str
    rounds: str = ""  # a gun's rounds; "" for a rocket
    doubled: bool = False

    @property
    def is_gun(self) -> bool:
        return self.mount.startswith("gun")

    @property
    def name(self) -> str:
        return str(weapons()[self.weapon]["name"])


def _shot_geometry(a: RefPlane, b: RefPlane, gun: str, zeppelins: Sequence[Z.RefZeppelin] = (),
                   objects: Sequence[MapObject] = ()) -> tuple[bool, Deflection | None, int, str, Facing | None]:
    """May ``a`` fire ``gun`` at ``b``, at which deflection and range, through which of ``b``'s
    hexsides (for the hit location table, F.hitloc.table), and why not; an intact gas cell of one of
    ``zeppelins`` or one of the ``objects`` standing on the ground between them blocks the shot,
    named (``sightline.fire_blocker``: F.combat.los, F.map.hexes, F.zep.static)."""
    pa, pb = a.plane, b.plane
    if pa.hex == pb.hex:
        rule = same_hex_fire(SameHexPlane(pa.facing, pa.speed, pa.natural_touch, a.name),
                             SameHexPlane(pb.facing, pb.speed, pb.natural_touch, b.name))
        if not rule.a_fires:
            return False, None, 0, str(rule), None
        # our reading: nose to nose is nose to nose (hexside A); on the same heading the shot is
        # from directly behind (hexside D)
        if pb.facing == pa.facing.reverse:
            return True, Deflection.NOSE_TO_NOSE, 0, str(rule), Facing.A
        return True, Deflection.DIRECTLY_BEHIND, 0, str(rule), Facing.D
    check = can_fire(pa.hex, pa.facing, pb.hex, weapons()[gun]["range"])
    if not check:
        return False, None, check.range, "; ".join(check.reasons), None
    blocked = fire_blocker(zeppelins, objects, pa.hex, pb.hex)
    if blocked:
        return False, None, check.range, blocked, None
    side = attack_hexside(pb.hex, pb.facing, pa.hex)
    return True, deflection_from(pb.hex, pb.facing, pa.hex), check.range, str(check), side


# -- fire orders (F.combat.choice, F.gun.double-down, F.gun.jam-clear, F.rocket.ap-he) ---------------


def _mounts(rp: RefPlane, order: FireOrder, said: list[str] | None = None) -> list[_Mount]:
    """The guns and hardpoints ``order`` fires. While the order is given (``said`` is None) a gun
    or hardpoint the plane cannot use is refused by name; when it is carried out, after faster
    pilots have fired, one destroyed since is left out and told in ``said`` (F.dmg.internal).
    "rockets" means the loaded rockets aimed as the order aims: flak at a hex, the others at a
    plane (F.rocket.flak); a rocket named on a hardpoint and aimed the other way is refused."""
    strict = said is None
    at_hex = order.target_hex is not None
    aim = "a hex" if at_hex else "a plane"
    guns = {gp: (g, r) for gp, g, r in zip(rp.gunpoints, rp.guns, rp.rounds)}
    guns_lost, rockets_lost = rp.record.guns_lost, rp.record.rockets_lost
    out: list[_Mount] = []
    for n, doubled in order.guns:
        if n == 0:
            working = [gp for gp, _, _ in rp.working_guns]
            free = [gp for gp in working if gp not in rp.jammed]
            if strict and not working:
                raise FireOrderError(f"{rp.name} has no gun left to fire (F.dmg.guns)", field="guns")
            if said is not None and len(free) < len(working):
                said.append(f"{rp.name}'s jammed gun(s) {', '.join(str(g) for g in working if g not in free)} cannot "
                            "fire until cleared (F.gun.jam-clear)")
            # every gun jammed: name them all, and the combat-choice check refuses the order
            picked = free or (working if strict else [])
            out += [_Mount(f"gun {gp}", gp, guns[gp][0], guns[gp][1], doubled) for gp in picked]
        elif n not in guns:
            raise FireOrderError(f"{rp.name} has no gun {n}: its guns are at {', '.join(map(str, guns))}", field="guns")
        elif n in rp.turret_gunpoints:
            raise FireOrderError(f"{rp.name}'s gun {n} is in the turret: its gunner fires it, ordered as "
                                 "\"; turret X at NAME\" (F.combat.order)", field="guns")
        elif n in guns_lost:
            if strict:
                raise FireOrderError(f"{rp.name}'s gun {n} is destroyed and cannot fire (F.dmg.guns)", field="guns")
        else:
            out.append(_Mount(f"gun {n}", n, guns[n][0], guns[n][1], doubled))
    for n in order.rockets:
        if n == 0:
            gone = [hp for hp, r in enumerate(rp.rockets, 1) if r and hp in rockets_lost]
            loaded = [(hp, r) for hp, r in rp.loaded_rockets if r not in GROUND_ORDNANCE]  # bombs are not rockets
            aimed = [(hp, r) for hp, r in loaded if (r in HEX_ROCKETS) == at_hex]
            if strict and not loaded:
                raise FireOrderError(f"{rp.name} has no rocket left to fire" + (
                    f" (destroyed on hardpoint(s) {', '.join(map(str, gone))}, F.dmg.rockets)" if gone else ""),
                    field="rockets")
            if strict and not aimed:
                other = ("flak, flare and sonic rockets are fired at a hex: write \"rockets at hex Q,R\"" if not at_hex
                         else "only flak, flare and sonic rockets are fired at a hex")
                raise FireOrderError(f"{rp.name} has no rocket left to fire at {aim}: {other} "
                                     "(F.rocket.flak, F.rocket.flare, F.rocket.sonic)", field="rockets")
            if said is not None and gone:
                said.append(f"{rp.name}'s rocket(s) on hardpoint(s) {', '.join(map(str, gone))} are destroyed and "
                            "cannot fire (F.dmg.rockets)")
            out += [_Mount(f"hardpoint {hp}", hp, r) for hp, r in aimed]
        elif not 1 <= n <= len(rp.rockets):
            raise FireOrderError(f"{rp.name} has no hardpoint {n}: it carries {len(rp.rockets)} "
                                 f"({rp.weapons_summary()})", field="rockets")
        elif not rp.rockets[n - 1]:
            raise FireOrderError(f"{rp.name}'s hardpoint {n} is empty: each rocket fires once, and that one is gone "
                                 "(F.weap.loadout)", field="rockets")
        elif rp.rockets[n - 1] in GROUND_ORDNANCE:
            w = rp.rockets[n - 1]
            raise FireOrderError(f"{rp.name}'s hardpoint {n} holds a {GROUND_ORDNANCE[w]}, aimed at an object: write "
                                 f"\"{ordnance_kind(w)} {n} at OBJECT\" (F.bomb, F.torpedo, F.rocket.harpoon)",
                                 field="rockets")
        elif (rp.rockets[n - 1] in HEX_ROCKETS) != at_hex:
            kind = REFEREE_ROCKETS[rp.rockets[n - 1]]
            raise FireOrderError(f"{rp.name}'s {kind} on hardpoint {n} is fired at "
                                 f"{'a plane' if at_hex else 'a hex'}, not {aim}" + (
                                     "" if at_hex else f": write \"rocket {n} at hex Q,R\"")
                                 + f" ({'F.combat.choice' if at_hex else _HEX_RULES.get(rp.rockets[n - 1], 'F.rocket.flak')})",
                                 field="rockets")
        elif n in rockets_lost:
            if said is None:
                raise FireOrderError(f"{rp.name}'s rocket on hardpoint {n} was destroyed by a hit and cannot fire "
                                     "(F.dmg.rockets)", field="rockets")
            said.append(f"{rp.name}'s rocket on hardpoint {n} was destroyed before it could fire (F.dmg.rockets)")
        else:
            out.append(_Mount(f"hardpoint {n}", n, rp.rockets[n - 1]))
    return out


def _to_hit(shooter: RefPlane, target: RefPlane, m: _Mount, deflection: Deflection, rng: int) -> TargetNumber:
    """The explained to-hit number of one gun or rocket: a rocket adds its weapon modifier
    (F.hit.number, F.hit.weapon-mod, F.rocket.ap-he)."""
    if m.is_gun:
        return to_hit_number(target.base_to_hit, deflection, rng, shooter.dead_eye, m.weapon, shooter.plane.shocked)
    return rocket_number(m.weapon, target.base_to_hit, deflection, rng, shooter.dead_eye, shooter.plane.shocked)


def _aim(shooter: RefPlane, target: RefPlane, m: _Mount, turn: int = 0, zeppelins: Sequence[Z.RefZeppelin] = (),
         objects: Sequence[MapObject] = ()) -> tuple[bool, TargetNumber | None, int, str, Facing | None]:
    """May ``m`` fire at ``target``; if so its explained to-hit number, the range, why not, and the
    hexside the attack comes through. A seeker at a plane a beeper tagged (in ``turn``) flies its
    own way: a V-shaped arc (our reading: the 60-degree front arc), range 4, no deflection, plus the
    Gs of the target's last maneuver (F.rocket.beeper-seeker); otherwise the usual geometry
    (``_shot_geometry``) and number (``_to_hit``)."""
    a, b = shooter.plane, target.plane
    if m.weapon == "seeker" and target.tagged(turn) and a.hex != b.hex:
        d = a.hex.distance(b.hex)
        reach = int(weapons()["seeker"]["range"])
        problems = []
        if not seeker_can_fire(a.hex, a.facing, b.hex, tagged=True):
            problems.append("the target is outside the seeker's V-shaped front arc")
        if d > reach:
            problems.append(f"the target is {d} hexes away, beyond the seeker's range of {reach}")
        blocked = fire_blocker(zeppelins, objects, a.hex, b.hex)  # a clear line still (p.41)
        if blocked:
            problems.append(blocked)
        if problems:
            return False, None, d, "; ".join(problems) + " (F.rocket.beeper-seeker)", None
        tn = seeker_number(target.base_to_hit, b.last_gs, d, shooter.dead_eye, a.shocked, tagged=True)
        return True, tn, d, f"{target.name} is tagged: V-shaped arc, range {d}", attack_hexside(b.hex, b.facing, a.hex)
    ok, deflection, rng, why, side = _shot_geometry(shooter, target, m.weapon, zeppelins, objects)
    if not ok or deflection is None:
        return False, None, rng, why, side
    return True, _to_hit(shooter, target, m, deflection, rng), rng, why, side


def _double_down_odds(dd: DoubleDown) -> str:
    o = dd.hit_odds()
    return f"0/1/2 hits {percent(o[0])}/{percent(o[1])}/{percent(o[2])}, jams {percent(dd.jam_chance)}"


def attack_odds(shooter: RefPlane, target: RefPlane, mounts: Sequence[_Mount], turn: int = 0,
                zeppelins: Sequence[Z.RefZeppelin] = (), objects: Sequence[MapObject] = ()) -> str:
    """The odds of an attack as things stand: the exact chance of each number of hits, from the
    same checks the referee rolls (``total_hit_odds``: a doubled-down gun counts 0-2), and the chance
    that some doubled-down gun jams (F.hit.number, F.gun.double-down). ``turn`` tells whether a
    beeper's tag guides seekers (F.rocket.beeper-seeker)."""
    events: list[ChanceEvent] = []
    doubled: list[DoubleDown] = []
    for m in mounts:
        ok, tn, _, _, _ = _aim(shooter, target, m, turn, zeppelins, objects)
        if not ok or tn is None:
            continue
        if m.doubled:
            doubled.append(DoubleDown.of(tn))
            events.append(doubled[-1])
        else:
            events.append(D10Check(tn.total))
    if not events:
        return f"nothing reaches {target.name}"
    odds = total_hit_odds(events)
    text = "chance of " + ", ".join(f"{k} hit{'s' if k != 1 else ''} {percent(p)}" for k, p in odds.items())
    if doubled:
        clear = math.prod(1 - dd.jam_chance for dd in doubled)
        text += f"; chance of a jam {percent(1 - clear)}"
    return text


@dataclass(frozen=True)
class ShotGeometry:
    """Whether a gun reaches a target and how, as the combat phase reads it (F.combat.arc,
    F.hit.deflection, F.combat.same-hex): the deflection and range the to-hit number uses, the
    target's hexside the attack comes through (for the hit location table, F.hitloc.table) and why
    (or why not) in words."""

    allowed: bool
    deflection: Deflection | None
    range: int
    hexside: Facing | None
    why: str


def shot_geometry(shooter: RefPlane, target: RefPlane, weapon: str,
                  zeppelins: Sequence[Z.RefZeppelin] = (), objects: Sequence[MapObject] = ()) -> ShotGeometry:
    """May ``shooter`` fire ``weapon`` at ``target`` where they stand, and from which deflection,
    range and hexside (F.combat.arc, F.hit.deflection, F.combat.same-hex). The combat phase rolls
    with this very geometry. Only each plane's ``name`` and ``plane`` (hex, facing, speed, natural
    touch) are read, so a planner may pass planes placed where they could end their move. Pass the
    table's ``zeppelins`` and ``objects``: an intact gas cell (F.zep.static, F.zep.cell-destroyed) or an
    object standing on the ground (F.combat.los, F.map.hexes) on the line blocks the shot.

    >>> from cs_panel.fasa.referee.demo import demo_planes
    >>> ace, raider = demo_planes()[:2]
    >>> g = shot_geometry(ace, raider, "mg-50")
    >>> g.allowed, g.range
    (False, 8)
    """
    ok, deflection, rng, why, side = _shot_geometry(shooter, target, weapon, zeppelins, objects)
    return ShotGeometry(ok and deflection is not None, deflection, rng, side, why)


@dataclass(frozen=True)
class WeaponShot:
    """One gun or hardpoint of a fire order aimed at one target, as the combat phase would roll it:
    its explained to-hit number (None when it cannot reach, with why) and the damage it risks
    (F.hit.number, F.gun.double-down, F.rocket.ap-he, F.dmg.template)."""

    mount: str  # "gun 1", "hardpoint 2"
    weapon: str
    rounds: str  # a gun's rounds; "" for a rocket
    doubled: bool
    number: TargetNumber | None
    range: int
    why: str

    @property
    def is_gun(self) -> bool:
        return self.mount.startswith("gun")

    @property
    def reaches(self) -> bool:
        return self.number is not None

    @property
    def expected_hits(self) -> Fraction:
        """Hits expected: the chance of the one roll, or of each of two rolls when doubled down."""
        if self.number is None:
            return Fraction(0)
        return DoubleDown.of(self.number).expected_hits if self.doubled else self.number.chance

    @property
    def jam_chance(self) -> Fraction:
        """The chance that doubling down jams the gun (F.gun.double-down); 0 for one roll."""
        return DoubleDown.of(self.number).jam_chance if self.doubled and self.number is not None else Fraction(0)

    @property
    def boxes(self) -> int:
        """Boxes one hit marks: the weapon's damage template (0 for a beeper, which only tags)."""
        try:
            return template_for(self.weapon, self.rounds or None).boxes
        except CsPanelError:
            return 0


@dataclass(frozen=True)
class OrderOdds:
    """A fire order aimed at one plane as things stand: each gun's or hardpoint's shot, and the exact
    chance of each number of hits in words (``attack_odds``)."""

    target: str
    shots: tuple[WeaponShot, ...]
    text: str

    @property
    def expected_boxes(self) -> float:
        return float(sum(s.expected_hits * s.boxes for s in self.shots))


def order_odds(shooter: RefPlane, target: RefPlane, order: FireOrder | str, turn: int = 0,
               zeppelins: Sequence[Z.RefZeppelin] = (), objects: Sequence[MapObject] = ()) -> OrderOdds:
    """What ``order`` would do at ``target`` as things stand, with the same mounts, aims and to-hit
    numbers the combat phase rolls (F.combat.choice, F.hit.number, F.gun.double-down,
    F.rocket.beeper-seeker; ``turn`` tells whether a beeper's tag guides seekers; an intact gas cell
    of one of the ``zeppelins`` or one of the ``objects`` standing on the line blocks a shot, F.zep.static,
    F.combat.los, F.map.hexes). An order the plane cannot
    give is refused by name (``FireOrderError``), as when it is given.

    >>> from cs_panel.fasa.referee.demo import demo_planes
    >>> ace, raider = demo_planes()[:2]
    >>> odds = order_odds(ace, raider, "guns")
    >>> [s.mount for s in odds.shots], odds.text
    (['gun 1', 'gun 2'], 'nothing reaches Raider')
    """
    if isinstance(order, str):
        order = FireOrder.parse(order)
    mounts = _mounts(shooter, order)
    shots = []
    for m in mounts:
        _, tn, rng, why, _ = _aim(shooter, target, m, turn, zeppelins, objects)
        shots.append(WeaponShot(m.mount, m.weapon, m.rounds, m.doubled, tn, rng, why))
    return OrderOdds(target.name, tuple(shots), attack_odds(shooter, target, mounts, turn, zeppelins, objects))


def _shift_odds(rp: RefPlane, column: int) -> str:
    """What ``shift to N`` gives: how far the pilot's Steady Hand moves a gun hit, and the exact
    chance that a hit can be put in column N (F.pilot.sh-shift, FASA p.18, 37). A pilot below
    Steady Hand 6 may not give the order: nothing would follow from it."""
    k = shift_limit(rp.steady_hand)
    if k == 0:
        raise FireOrderError(f"{rp.name} cannot shift to {column}: Steady Hand {rp.steady_hand} cannot move a hit's "
                             "column (it takes 6 or more, F.pilot.sh-shift)", field="shift_to")
    chance = DamageColumn(rp.steady_hand).reach_chance(column)
    return (f"Steady Hand {rp.steady_hand} moves each gun hit up to {k} column{'s' if k > 1 else ''} toward column "
            f"{column}: a hit lands there {percent(chance)}, F.pilot.sh-shift")


def _fire(state: GameState, action: Action) -> GameState:
    """A plane's fire order for this combat phase, checked when it is given (F.combat.choice,
    F.gun.double-down, F.gun.jam-clear, p.33, 36); a later order replaces an earlier one."""
    _need(state, Phase.COMBAT, "give a fire order")
    rp = state.plane(action.plane)
    order = FireOrder.parse(action.maneuver)
    if order.ordnance or (order.target and state.thing(order.target) is not None):
        from cs_panel.fasa.referee import ground_play  # it uses this module's aim and odds

        if order.ordnance and not state.objects:
            raise FireOrderError(f"{rp.name} cannot fire {order}: there is no object on this map to aim at "
                                 "(F.bomb, F.torpedo, F.rocket.harpoon)", field="target")
        return _store_order(state, rp, order, ground_play.order_line(state, rp, order))
    enemies = [p for p in state.planes if p.player != rp.player]
    target = None
    zeps, objs = state.zeppelins, state.objects
    at_zep = Z.target_of(zeps, order.target) if zeps and order.target else None
    if at_zep is not None:  # a gas cell or a nacelle (F.zep.gas-cells, F.zep.nacelle)
        mounts = _mounts(rp, order)
        check_combat_action(CombatAction(tuple(Shot(m.mount, m.weapon, order.target, m.doubled) for m in mounts), False),
                            [f"gun {g}" for g in rp.jammed_guns])
        line = f"{rp.label} orders: {order}: {Z.check_order(zeps, rp, mounts, at_zep, objs)}"
        before = state.order_of(rp.name)
        line += f" (instead of {before})" if before is not None else ""
        orders = tuple(x for x in state.orders if x[0] != rp.name) + ((rp.name, str(order)),)
        return dataclasses.replace(state, orders=orders, report=state.report + (line,))
    if order.target and order.target_hex is None:
        target = next((p for p in state.planes if p.name == order.target), None)
        if target is None or target.player == rp.player:
            why = f"no plane called {order.target!r}" if target is None else f"{target.name} flies for {rp.player} too"
            raise FireOrderError(f"{rp.name} cannot fire at {order.target}: {why}; the enemies are "
                                 f"{[p.name for p in enemies]}", field="target")
    aim_hex = order.target_hex
    if aim_hex is not None:
        target = None  # a hex, not a plane (F.rocket.flak)
    mounts = _mounts(rp, order)
    shots = tuple(Shot(m.mount, m.weapon, order.target or "the enemy", m.doubled) for m in mounts)
    # rockets at further hexes (F.combat.choice: any number of hexes), checked with the rest
    salvos = [(salvo, _mounts(rp, salvo)) for salvo in _salvo_orders(order)]
    shots += tuple(Shot(m.mount, m.weapon, salvo.target) for salvo, ms in salvos for m in ms)
    # guns or rockets, not both; no jammed gun fires; clearing jams is all a pilot does (core rules)
    check_combat_action(CombatAction(shots, order.clear_jams), [f"gun {g}" for g in rp.jammed_guns])
    line = f"{rp.label} orders: {order}"
    if order.shift_to:
        line += f" ({_shift_odds(rp, order.shift_to)})"
    if aim_hex is not None:
        line += f": {_flak_forecast(state, rp, mounts, aim_hex)}"
    elif order.clear_jams:
        line += f": clearing jammed gun(s) {', '.join(map(str, rp.jammed_guns))} needs " \
                f"{jam_clear_number(rp.steady_hand, rp.plane.shocked)} (F.gun.jam-clear)"
    elif order.holds:
        line += " (holds fire)"
    else:
        reach = [e for e in enemies if any(_aim(rp, e, m, state.turn, zeps, objs)[0] for m in mounts)]
        if target is not None:
            if target not in reach:
                reasons = sorted({_aim(rp, target, m, state.turn, zeps, objs)[3] for m in mounts})
                # the line is the same for every gun: one blocked means all are (F.combat.los)
                error = LineOfFireBlockedError if any(IN_THE_WAY in r for r in reasons) else FireOrderError
                raise error(f"{rp.name} cannot reach {target.name} with {order}: {' / '.join(reasons)} "
                            "(F.combat.arc)", field="target")
            line += f": as things stand, {attack_odds(rp, target, mounts, state.turn, zeps, objs)}"
        elif len(reach) == 1:
            line += (f" ({reach[0].name}, the one enemy in reach): as things stand, "
                     f"{attack_odds(rp, reach[0], mounts, state.turn, zeps, objs)}")
        elif reach:
            line += (f": {', '.join(e.name for e in reach)} are in reach, the first in firing order is shot at "
                     "(add 'at NAME' to choose)")
        else:
            line += ": no enemy is in reach now"
    for salvo, ms in salvos:
        assert salvo.target_hex is not None  # a salvo is aimed at a hex (notation)
        line += f"; {salvo}: {_flak_forecast(state, rp, ms, salvo.target_hex)}"
    if order.turret:  # the turret gunner's part (referee.turrets)
        line += f"; {turrets.check_order(state, rp, order)}"
    return _store_order(state, rp, order, line)


def _store_order(state: GameState, rp: RefPlane, order: FireOrder, line: str) -> GameState:
    """The order kept for the combat phase, replacing an earlier one of the plane's."""
    before = state.order_of(rp.name)
    if before is not None:
        line += f" (instead of {before})"
    orders = tuple(x for x in state.orders if x[0] != rp.name) + ((rp.name, str(order)),)
    return dataclasses.replace(state, orders=orders, report=state.report + (line,))


#: the rule of each rocket aimed at a hex
_HEX_RULES = {"flak-rocket": "F.rocket.flak", **specials.BLINDING}


def _salvo_orders(order: FireOrder) -> list[FireOrder]:
    """Each further salvo of an order as an order of its own: rockets at a hex (F.combat.choice)."""
    return [FireOrder(rockets=hps, target=where) for hps, where in order.salvos]


def _fire_at_hex(state: GameState, planes: dict[str, RefPlane], name: str, order: FireOrder, placed: list[Flak],
                 blinding: list[specials.Blinding], said: list[str]) -> None:
    """Rockets aimed at a hex: flak waits for next turn's movement phase, flare and sonic rockets
    for step 7 (F.rocket.flak, F.rocket.flare, F.rocket.sonic); none rolls to hit."""
    aim = order.target_hex
    assert aim is not None
    shooter = planes[name]
    mounts = _mounts(shooter, order, said)
    if not mounts:
        said.append(f"{name} has no rocket left to fire at {hex_text(aim)}")
        return
    _fire_flak(state, planes, shooter, mounts, aim, placed, said)
    specials.place(state, planes, shooter, [(m.number, m.weapon) for m in mounts if m.weapon in specials.BLINDING],
                   aim, blinding, said)


def _flak_forecast(state: GameState, rp: RefPlane, mounts: Sequence[_Mount], aim: Hex) -> str:
    """Check flak, flare and sonic rockets fired at ``aim`` (in the forward column, within range 7,
    on the map, with no intact gas cell or standing object short of it: F.combat.los; F.rocket.flak, F.rocket.flare, F.rocket.sonic, F.combat.arc, F.weap.loadout) and say
    what they do: no to-hit roll; flak bursts for certain at the end of next turn's movement, and
    what it would catch were the planes not to move; flare and sonic rockets go off in step 7 of
    this phase (``specials.forecast``)."""
    reach = min(int(deployed_weapons()[m.weapon]["range"]) for m in mounts) if mounts else \
        int(deployed_weapons()["flak-rocket"]["range"])
    check = can_fire(rp.plane.hex, rp.plane.facing, aim, reach)
    if not check:
        why = "it is the plane's own hex" if rp.plane.hex == aim else "; ".join(check.reasons)
        rules = ", ".join(sorted({_HEX_RULES[m.weapon] for m in mounts})) or "F.rocket.flak"
        raise FireOrderError(f"{rp.name} cannot fire at {hex_text(aim)}: {why} (a rocket aimed at a hex flies up to "
                             f"{reach} hexes along the forward column, {rules}, F.combat.arc)", field="target")
    if state.map is not None and aim not in state.map:
        raise FireOrderError(f"{hex_text(aim)} is off the {state.map.name} map (F.map.sheets)", field="target")
    # a rocket at a hex is weapons fire too: a hull or an object short of the hex stops it (F.combat.los)
    blocked = fire_blocker(state.zeppelins, state.objects, rp.plane.hex, aim)
    if blocked:
        raise LineOfFireBlockedError(f"{rp.name} cannot fire at {hex_text(aim)}: {blocked}", field="target")
    blinding = [m.weapon for m in mounts if m.weapon in specials.BLINDING]
    n = len(mounts) - len(blinding)
    if not n:
        return specials.forecast(state, rp, blinding, aim)
    burst = flak_burst(aim, [(p.name, p.plane.hex, p.plane.facing) for p in state.planes])
    now = ", ".join(f"{b.plane} {b.hits} hit{'s' if b.hits != 1 else ''}" for b in burst) or "no plane"
    return (f"{n} flak rocket{'s' if n != 1 else ''} at {check.range} hexes: no to-hit roll, "
            f"{'each bursts' if n > 1 else 'it bursts'} for certain (100%) at the end of turn {state.turn + 1}'s "
            f"movement phase (F.rocket.flak); were nobody to move, each burst would give {now}"
            + (f"; {specials.forecast(state, rp, blinding, aim)}" if blinding else ""))


def _fire_flak(state: GameState, planes: dict[str, RefPlane], shooter: RefPlane, mounts: Sequence[_Mount], aim: Hex,
               placed: list[Flak], said: list[str]) -> None:
    """Flak rockets fired at a hex: no to-hit roll; each leaves its hardpoint empty and waits to
    burst at the end of the next movement phase (F.rocket.flak, F.weap.loadout)."""
    left = list(planes[shooter.name].rockets)
    for m in mounts:
        if m.weapon in specials.BLINDING:
            continue  # flare and sonic rockets: specials.place
        left[m.number - 1] = ""
        placed.append(Flak(shooter.name, aim, state.turn, m.number))
        said.append(f"{shooter.name} fires the flak rocket on hardpoint {m.number} at {hex_text(aim)}: no to-hit roll; "
                    f"it bursts at the end of turn {state.turn + 1}'s movement phase (F.rocket.flak)")
    planes[shooter.name] = dataclasses.replace(planes[shooter.name], rockets=tuple(left))


def _clear_jams(rp: RefPlane, dice: Dice, said: list[str]) -> RefPlane:
    """One roll at 8 - Steady Hand (+2 shocked) clears every jammed gun; the pilot fires nothing
    this phase (F.gun.jam-clear, p.36)."""
    if not rp.jammed_guns:
        said.append(f"{rp.name} has no jammed gun left to clear, and fires nothing (F.gun.jam-clear)")
        return rp
    tn = jam_clear_number(rp.steady_hand, rp.plane.shocked)
    roll = tn.resolve(dice)
    guns = ", ".join(map(str, rp.jammed_guns))
    said.append(f"{rp.name} works on its jammed gun(s) {guns} instead of firing: needs {tn} -- rolled {roll.faces[0]}: "
                + ("cleared, they can fire next combat phase" if roll.success else "still jammed")
                + " (F.gun.jam-clear)")
    return dataclasses.replace(rp, jammed=()) if roll.success else rp


def _fire_guns(state: GameState, planes: dict[str, RefPlane], shooter: RefPlane, mounts: Sequence[_Mount],
               enemies: Sequence[RefPlane], dice: Dice, said: list[str], shift_to: int = 0,
               zeps: dict[str, Z.RefZeppelin] | None = None, things: dict[str, MapObject] | None = None) -> None:
    """The guns of one order at the first of ``enemies`` they reach (F.combat.choice): each gun a
    to-hit roll, or two when doubled down (F.gun.double-down); one hit-location roll for all the
    hits (F.hitloc.table), a column and the gun's template per hit, each column pulled toward
    ``shift_to`` by the shooter's Steady Hand when the order asks (F.pilot.sh-shift), then widowing."""
    for target in enemies:
        hits: list[tuple[str, str, int]] = []
        shots, refused, side = 0, [], None
        jams: list[int] = []
        for m in mounts:
            ok, deflection, rng, why, hexside = _shot_geometry(shooter, target, m.weapon, tuple((zeps or {}).values()),
                                                               tuple((things or {}).values()))
            if not ok:
                refused.append((m.name, why))
                continue
            assert deflection is not None  # _shot_geometry names a deflection whenever the shot is allowed
            tn = _to_hit(shooter, target, m, deflection, rng)
            shots += 1
            if m.doubled:
                dd = DoubleDown.of(tn)
                roll = dd.resolve(dice)
                result = roll.outcome
                hits += [(m.weapon, m.rounds, rng)] * result.hits
                if zeps:  # a miss may fly on into a gas cell (F.zep.nacelle)
                    for _ in range(2 - result.hits):
                        Z.stray_round(zeps, shooter, m.weapon, m.rounds, state.turn, said,
                                       tuple((things or {}).values()))
                side = hexside if result.hits else side
                if result.jammed:
                    jams.append(m.number)
                said.append(f"{shooter.name} doubles down on a {m.name} (gun {m.number}) at {target.name}: needs {tn} "
                            f"on each of two dice ({_double_down_odds(dd)}) -- rolled {roll.faces[0]} and "
                            f"{roll.faces[1]}: {dd.describe_outcome(result)} (F.gun.double-down)")
                continue
            roll = tn.resolve(dice)
            if roll.success:
                hits.append((m.weapon, m.rounds, rng))
                side = hexside
            said.append(f"{shooter.name} fires a {m.name} at {target.name}: needs {tn} -- rolled "
                        f"{roll.faces[0]}: {'HIT' if roll.success else 'miss'}")
            if zeps and not roll.success:  # a miss may fly on into a gas cell (F.zep.nacelle)
                Z.stray_round(zeps, shooter, m.weapon, m.rounds, state.turn, said,
                                       tuple((things or {}).values()))
        _tell_refused(said, shooter, target, refused, shots, "fire")
        if jams:  # jammed from the next turn on, until cleared (F.gun.double-down, p.36)
            planes[shooter.name] = dataclasses.replace(planes[shooter.name], jammed=shooter.jammed + tuple(jams))
        if hits:
            assert side is not None  # a hit came through some hexside
            t = planes[target.name]
            t = dataclasses.replace(t, hits_taken=t.hits_taken + len(hits))
            # one location roll for all of this attacker's gun hits (F.hitloc.table, p.36)
            where = hit_location(side).resolve(dice)
            table = where.outcome
            said.append(f"{target.name} takes {len(hits)} hit{'s' if len(hits) != 1 else ''} through hexside "
                        f"{side.name}: hit location d10 {where.faces[0]} -> {table.label} table (F.hitloc.table)")
            for gun, rounds, rng in hits:
                t = _place(t, table, template_for(gun, rounds).id, f"{weapons()[gun]['name']} ({rounds})",
                           dice, state.turn, said, range_hexes=rng, steady_hand=shooter.steady_hand,
                           shift_to=shift_to)
            t = _widow(t, dice, state.turn, said)  # after all of one attacker's hits (F.dmg.widow, p.38)
            planes[target.name] = t
        if shots:
            break  # a plane's guns fire at one target (F.combat.choice, p.33)


def _tell_refused(said: list[str], shooter: RefPlane, target: RefPlane, refused: Sequence[tuple[str, str]],
                  shots: int, what: str) -> None:
    """Say why weapons of an order could not reach the target: all at once if none fired, else one by one."""
    if refused and not shots:
        said.append(f"{shooter.name} cannot {what} at {target.name}: " + " / ".join(sorted({why for _, why in refused})))
    else:
        said += [f"{shooter.name}'s {name} cannot reach {target.name}: {why}" for name, why in refused]


def _fire_rockets(state: GameState, planes: dict[str, RefPlane], shooter: RefPlane, mounts: Sequence[_Mount],
                  enemies: Sequence[RefPlane], dice: Dice, said: list[str],
                  zeps: dict[str, Z.RefZeppelin] | None = None, things: dict[str, MapObject] | None = None) -> None:
    """The rockets of one order at the first of ``enemies`` they reach: each a to-hit roll with the
    rocket's +1 and range 4 (7 for a drill) (F.rocket.ap-he, F.hit.weapon-mod), each fired rocket
    gone from its hardpoint, each hit its own hit-location roll (F.hitloc.table), then a column and
    the rocket's template; a drill drills on from next turn's step 8 (F.rocket.drill). Widowing after them all."""
    for target in enemies:
        hits: list[tuple[_Mount, int]] = []
        shots, refused, side = 0, [], None
        fired: list[int] = []
        tags = 0
        for m in mounts:
            ok, tn, rng, why, hexside = _aim(shooter, target, m, state.turn, tuple((zeps or {}).values()),
                                             tuple((things or {}).values()))
            if not ok or tn is None:
                refused.append((f"{m.name} on hardpoint {m.number}", why))
                continue
            roll = tn.resolve(dice)
            shots += 1
            fired.append(m.number)
            side = hexside
            if roll.success and m.weapon == "beeper":
                tags += 1  # a beeper does no damage: it tags (F.rocket.beeper-seeker)
            elif roll.success:
                hits.append((m, rng))
            said.append(f"{shooter.name} fires the {m.name} on hardpoint {m.number} at {target.name}: needs {tn} -- "
                        f"rolled {roll.faces[0]}: {'HIT' if roll.success else 'miss'}")
            if zeps and not roll.success and m.weapon != "beeper":  # on into a gas cell (F.zep.nacelle)
                Z.stray_round(zeps, shooter, m.weapon, "", state.turn, said, tuple((things or {}).values()))
        _tell_refused(said, shooter, target, refused, shots, "fire rockets")
        if fired:  # a rocket fires once: its hardpoint is empty from now on (F.weap.loadout, p.41)
            left = list(planes[shooter.name].rockets)
            for n in fired:
                left[n - 1] = ""
            planes[shooter.name] = dataclasses.replace(planes[shooter.name], rockets=tuple(left))
            said.append(f"{shooter.name}'s hardpoint(s) {', '.join(map(str, fired))} now empty")
        if tags:
            planes[target.name] = dataclasses.replace(planes[target.name], beeper_turn=state.turn)
            said.append(f"{target.name} is tagged by the beeper: no damage, but seekers home on it through turn "
                        f"{state.turn + BEEPER_TURNS} (F.rocket.beeper-seeker)")
        if hits:
            assert side is not None
            t = planes[target.name]
            t = dataclasses.replace(t, hits_taken=t.hits_taken + len(hits))
            located = locate_hits(hit_location(side), dice, rocket_hits=len(hits))  # one roll per rocket hit
            for (m, _), where in zip(hits, located.rolls):
                said.append(f"{target.name} takes the {m.name}'s hit through hexside {side.name}: hit location d10 "
                            f"{where.faces[0]} -> {where.outcome.label} table (F.hitloc.table, a roll per rocket)")
            for (m, rng), table in zip(hits, located.rocket_tables):
                t = _place(t, table, template_for(m.weapon).id, f"{m.name} (hardpoint {m.number})", dice, state.turn,
                           said, range_hexes=rng)
            t = _widow(t, dice, state.turn, said)
            planes[target.name] = t
        if shots:
            break  # lethal rockets fire at one target (F.combat.choice, p.33)


def _combat(state: GameState, dice: Dice) -> GameState:
    _need(state, Phase.COMBAT, "fire")
    # highest Quick Draw fires first; tied pilots roll a d10 each, again while still tied
    # (F.combat.order, p.34): the pilots' rules' own roll-off
    firing = combat_order([Shooter(p.name, p.quick_draw) for p in state.planes], dice)
    by_name = {p.name: p for p in state.planes}
    in_order = [by_name[n] for n in firing.names]
    said = ["combat phase: firing order " + ", ".join(f"{p.name} (Quick Draw {p.quick_draw})" for p in in_order)]
    said += [f"tie broken on d10s: {text}" for text in firing.tie_texts()]
    planes = {p.name: p for p in state.planes}
    things = {o.name: o for o in state.objects}  # objects on the map, as bombed so far (F.bomb)
    placed: list[Flak] = []
    blinding: list[specials.Blinding] = []
    zeps = {z.name: z for z in state.zeppelins}  # gas cells shredded as the phase goes on (F.zep.*)
    for name in firing.names:
        shooter = planes[name]  # as damaged by those who fired before (F.dmg.internal: at once)
        if _lost_to_damage(shooter):
            said.append(f"{name} is destroyed before it can fire")
            continue
        broken = [(gp, g) for gp, g in zip(shooter.gunpoints, shooter.guns) if gp in shooter.record.guns_lost]
        if broken:
            said.append(f"{name}'s destroyed gun(s) cannot fire: " + ", ".join(
                f"gun {gp} ({weapons()[g]['name']})" for gp, g in broken) + " (F.dmg.guns)")
        enemies = [planes[n] for n in firing.names if planes[n].player != shooter.player and not _lost_to_damage(planes[n])]
        order = state.order_of(name)
        if order is None:
            order = GUNS
            working = [gp for gp, _, _ in shooter.working_guns]
            if working and all(gp in shooter.jammed for gp in working):
                # our reading: with no order, a pilot whose every gun is jammed spends the phase clearing them
                said.append(f"{name} has no fire order and every gun jammed: the pilot tries to clear them")
                order = FireOrder(clear_jams=True)
        if order.clear_jams:
            planes[name] = _clear_jams(shooter, dice, said)
            continue
        if order.holds:
            said.append(f"{name} holds fire")
            continue
        if order.target in things:  # an object on the map: bombs, torpedo, harpoon, or the tow (F.bomb, F.torpedo)
            from cs_panel.fasa.referee import ground_play  # it uses this module's aim and odds

            ground_play.carry_out(state, planes, things, shooter, order, dice, said)
            continue
        if order.target_hex is not None:  # rockets at hexes only, in the order written
            for part in [dataclasses.replace(order, salvos=())] + _salvo_orders(order):
                _fire_at_hex(state, planes, name, part, placed, blinding, said)
            continue
        for salvo in _salvo_orders(order):  # beside rockets at a plane: counters before its rolls (F.seq.phases step 4)
            _fire_at_hex(state, planes, name, salvo, placed, blinding, said)
        at_zep = Z.target_of(state.zeppelins, order.target) if zeps and order.target else None
        if at_zep is not None:  # a gas cell or a nacelle (F.zep.gas-cells, F.zep.nacelle)
            jams, fired = Z.attack(zeps, shooter, _mounts(shooter, order, said), at_zep, state.turn, dice, said,
                                   tuple(things.values()))
            if jams or fired:
                left = tuple("" if hp in fired else r for hp, r in enumerate(shooter.rockets, 1))
                planes[name] = dataclasses.replace(shooter, jammed=shooter.jammed + tuple(jams), rockets=left)
            continue
        if order.target:
            chosen = planes.get(order.target)
            if chosen is None or _lost_to_damage(chosen):
                said.append(f"{name}'s target {order.target} is out of the fight: {name} holds fire")
                continue
            enemies = [chosen]
        if not enemies:
            said.append(f"{shooter.name} has no enemy to fire at")
        mounts = _mounts(shooter, order, said)
        if not mounts:
            said.append(f"{shooter.name} has no {'gun' if order.guns else 'rocket'} left to fire")
            continue
        if order.rockets:
            _fire_rockets(state, planes, shooter, mounts, enemies, dice, said, zeps, things)
        else:
            _fire_guns(state, planes, shooter, mounts, enemies, dice, said, order.shift_to, zeps, things)
    # then every aircraft turret (F.combat.order), past the hulls and objects still standing (F.combat.los)
    turrets.fire(state, planes, dice, said, tuple(zeps.values()), tuple(things.values()))
    if zeps:  # zeppelin turrets fire after every plane and plane turret (F.zep.turrets, F.seq.phases)
        Z.turret_fire(state, planes, zeps, dice, said, placed, tuple(things.values()))
    # step 7: non-lethal weapons, once everyone has fired (F.seq.phases, F.rocket.flare, F.rocket.sonic)
    specials.resolve(state, planes, blinding, dice, said, zeps, tuple(things.values()))
    # step 8 of the turn: burning magnesium and drilling rockets (F.seq.phases, F.weap.magnesium, F.rocket.drill)
    for p in state.planes:
        rp = planes[p.name]
        if not rp.record.continuing or _lost_to_damage(rp):
            continue
        r = rp.record.continuing_damage(dice, turn=state.turn)  # a drill hit this turn waits for the next
        for cont in rp.record.continuing:
            if cont.kind == "drill" and cont.turn == state.turn:
                said.append(f"{rp.name}: the drill rocket in {cont.table.label} column {cont.column} hit this turn; it "
                            "may drill on from next turn's step 8 (F.rocket.drill)")
        for roll in r.rolls:
            said.append(f"{rp.name}: drill rocket rolls {roll.faces[0]}: {'drills on' if roll.success else 'stops'} "
                        "(F.rocket.drill)")
        for step in r.steps:
            said.append(f"{rp.name}: continuing damage (step 8) in {step.hit.table.label} column {step.hit.column}: "
                        f"{len(step.destroyed)} box(es) destroyed" + (f"; lost: {_components(step.sheet, step.components)}"
                                                                        if step.components else ""))
        said += [f"    {_effect_text(e)}" for e in r.effects]
        planes[p.name] = _crew_rolls(_with_sheet(rp, r.sheet), r.effects, dice, state.turn, said)
    after = _remove_lost(state, planes, said)
    after = dataclasses.replace(after, phase=Phase.TAILING, orders=(), report=state.report + tuple(said),
                                flak=state.flak + tuple(placed), zeppelins=tuple(zeps.values()),
                                objects=tuple(things.values()))
    return _check_victory(after)
