"""The referee's non-lethal rockets: flare and sonic rockets fired at a hex, and the Constitution
rolls they force in step 7 of the combat phase (F.rocket.flare, F.rocket.sonic, F.seq.phases,
F.shock; FASA p.13-14, 36, 42-43).

A flare or sonic rocket, like flak, is aimed at a hex and needs no to-hit roll. Its counter is
placed as the launcher fires (step 4) and it takes effect once every plane has fired (step 7):

- a **flare** makes every pilot in its hex, or whose nose points straight down a line of hexes at
  it (``deployed.flare_affected``: our reading, the forward column, RULINGS.md) with no intact gas
  cell or standing object between to hide it (``sightline.fire_blocker``), roll Constitution or be
  shocked;
- a **sonic** rocket does the same to every pilot in the seven hexes of its mega-hex
  (``deployed.sonic_affected``).

The launcher is immune to his own rocket; his wingman and every other pilot, friend or foe, are
not. The roll is 10 - current Constitution, +2 when already shocked (``deployed.blinding_roll``);
a shocked pilot must fly a straight maneuver next turn and adds 2 to his rolls, as any shock
(F.shock). Planes lost earlier in the phase are not affected.

The core rules (``cs_panel.fasa.deployed``) say who is caught and what the roll is; this module
only places the counters and rolls for the planes of a referee's game.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable, Sequence

from cs_panel.core.dice import Dice
from cs_panel.core.explain import TargetNumber, percent
from cs_panel.fasa.deployed import blinding_roll, flare_affected, sonic_affected
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.referee.ground import MapObject
from cs_panel.fasa.referee.marking import _lost_to_damage
from cs_panel.fasa.referee.notation import hex_text
from cs_panel.fasa.referee.sightline import fire_blocker
from cs_panel.fasa.referee.state import GameState, RefPlane
from cs_panel.fasa.referee.turrets import gunner_shocked

#: rockets whose effect is a Constitution roll, not damage (F.rocket.flare, F.rocket.sonic)
BLINDING = {"flare-rocket": "F.rocket.flare", "sonic-rocket": "F.rocket.sonic"}


@dataclass(frozen=True)
class Blinding:
    """A flare or sonic rocket placed at a hex this combat phase, waiting for step 7."""

    launcher: str
    weapon: str  # "flare-rocket" or "sonic-rocket"
    hex: Hex
    hardpoint: int

    @property
    def rule(self) -> str:
        return BLINDING[self.weapon]

    @property
    def name(self) -> str:
        return self.weapon.replace("-", " ")


def _positions(planes: Iterable[RefPlane]) -> list[tuple[str, Hex, Facing]]:
    return [(p.name, p.plane.hex, p.plane.facing) for p in planes if not _lost_to_damage(p)]


def caught(weapon: str, aim: Hex, planes: Iterable[RefPlane], launcher: str, zeppelins: Iterable = (),
           objects: Iterable[MapObject] = ()) -> list[str]:
    """The pilots a flare or sonic rocket at ``aim`` makes roll, as the planes stand now
    (F.rocket.flare, F.rocket.sonic); never the launcher. A flare must be seen: an intact gas cell or
    an object standing on the ground between a pilot and its hex hides it, as those hexes block line
    of sight (``sightline.fire_blocker``: F.map.hexes, F.combat.los; our reading, RULINGS.md). A
    sonic blast is felt through its mega-hex whatever stands there."""
    where = _positions(planes)
    if weapon != "flare-rocket":
        return sonic_affected(aim, where, launcher)
    zeps, objs = tuple(zeppelins), tuple(objects)
    at = {name: h for name, h, _ in where}
    return [n for n in flare_affected(aim, where, launcher) if fire_blocker(zeps, objs, at[n], aim) is None]


def _roll_for(rp: RefPlane) -> TargetNumber:
    return blinding_roll(rp.record.pilot_constitution, rp.plane.shocked)


def forecast(state: GameState, rp: RefPlane, weapons: Sequence[str], aim: Hex) -> str:
    """What flare and sonic rockets fired at ``aim`` would do were nobody to move before step 7
    (nobody does: they go off in this combat phase): who rolls, at what, and the exact chance each
    keeps his head (F.rocket.flare, F.rocket.sonic)."""
    parts = []
    for w in weapons:
        names = caught(w, aim, state.planes, rp.name, state.zeppelins, state.objects)
        rolls = [f"{n} needs {tn.total} (keeps his head {percent(tn.chance)})"
                 for n in names for tn in [_roll_for(state.plane(n))]]
        what = w.replace("-", " ")
        from cs_panel.fasa.referee.zeppelins import gunners_caught

        gunners = [f"{z.name}'s {m} gunner" for z, m in gunners_caught(state.zeppelins, w, aim, state.objects)]
        parts.append(f"the {what} needs no to-hit roll and goes off after every plane has fired (step 7, {BLINDING[w]}): "
                     + (f"Constitution rolls against shock for {', '.join(rolls)}" if rolls
                        else "as things stand it catches no pilot")
                     + (f"; it catches {', '.join(gunners)} (each rolls at Constitution 5, F.zep.gunners)" if gunners else ""))
    return "; ".join(parts)


def place(state: GameState, planes: dict[str, RefPlane], shooter: RefPlane, hardpoints: Sequence[tuple[int, str]],
          aim: Hex, placed: list[Blinding], said: list[str]) -> None:
    """Flare and sonic rockets fired at ``aim`` (step 4): no to-hit roll, the hardpoint is empty
    from now on (F.weap.loadout), and the counter waits for step 7 of this phase."""
    left = list(planes[shooter.name].rockets)
    for hp, weapon in hardpoints:
        left[hp - 1] = ""
        b = Blinding(shooter.name, weapon, aim, hp)
        placed.append(b)
        said.append(f"{shooter.name} fires the {b.name} on hardpoint {hp} at {hex_text(aim)}: no to-hit roll; it goes "
                    f"off once every plane has fired (step 7, {b.rule})")
    planes[shooter.name] = dataclasses.replace(planes[shooter.name], rockets=tuple(left))


def resolve(state: GameState, planes: dict[str, RefPlane], placed: Sequence[Blinding], dice: Dice,
            said: list[str], zeps: dict | None = None, objects: Sequence[MapObject] | None = None) -> None:
    """Step 7 of the combat phase: each flare or sonic rocket placed this phase goes off, in the
    order fired, and every pilot it catches rolls Constitution or is shocked (F.rocket.flare,
    F.rocket.sonic, F.shock). A pilot shocked by the first and caught by a second rolls at +2.
    Then each zeppelin gunner it catches (``zeppelins.gunners_caught``) rolls at Constitution 5 or
    his gun is silent this turn and the next (F.zep.gunners); ``zeps`` is updated in place. A flare's
    light is hidden by the intact gas cells of ``zeps`` and by ``objects`` (the objects as the phase
    has left them; the game's when None) standing on the ground in between (``caught``)."""
    from cs_panel.fasa.referee import zeppelins as Z

    objs = tuple(state.objects if objects is None else objects)
    for b in placed:
        hulls = tuple(zeps.values()) if zeps is not None else state.zeppelins
        names = caught(b.weapon, b.hex, planes.values(), b.launcher, hulls, objs)
        said.append(f"step 7: {b.launcher}'s {b.name} goes off at {hex_text(b.hex)} ({b.rule}): "
                    + (f"{', '.join(names)} must roll Constitution against shock" if names else "it catches no pilot"))
        for n in names:
            rp = planes[n]
            tn = _roll_for(rp)
            roll = tn.resolve(dice)
            head = f"  {n}'s pilot rolls against the {b.name}: needs {tn} -- rolled {roll.faces[0]}"
            if roll.success:
                said.append(f"{head}: keeps his sight and head")
            else:
                rp = dataclasses.replace(rp, plane=dataclasses.replace(rp.plane, shocked=True), shocked_turn=state.turn)
                said.append(f"{head}: SHOCKED -- a straight maneuver next turn, +2 to every roll ({b.rule}, F.shock)")
            if rp.turret_gunpoints:  # a turret fighter's gunner is caught with his plane (p.14 step 7)
                gtn = blinding_roll(rp.record.gunner_constitution or 3, gunner_shocked(rp, state.turn))
                groll = gtn.resolve(dice)
                said.append(f"  {n}'s gunner rolls against the {b.name}: needs {gtn} -- rolled {groll.faces[0]}: "
                            + ("keeps his head" if groll.success else f"SHOCKED -- his turret fires at +2 this turn and "
                                                                       f"next ({b.rule}, F.shock)"))
                if not groll.success:
                    rp = dataclasses.replace(rp, gunner_shocked_turn=state.turn)
            planes[n] = rp
        for z, mount in Z.gunners_caught(tuple((zeps or {}).values()), b.weapon, b.hex, objs):
            said.append(f"  the {b.name} catches {z.name}'s {mount} gunner ({b.rule}, F.zep.gunners)")
            zeps[z.name] = Z.shock_gunner(zeps[z.name], mount, state.turn, dice, said)  # type: ignore[index]
