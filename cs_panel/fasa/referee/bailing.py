"""Bailing out in a referee's game: the "bail N" plot, the empty plane flying on, and the aimed
plane's strike at the end of the movement phase (F.bail.safe, F.bail.projectile; FASA p.29-31).

The numbers are the core's (``cs_panel.fasa.bailout``); this module puts them on the table.

- A plane may plot ``bail N`` (N a speed it could fly a straight ``NSA`` move at, with no push) or
  ``bail N at TARGET``, TARGET named as fire orders name it: a plane, a zeppelin part
  (``Pegasus nacelle port 2``, ``Pegasus cell 3``) or an object on the map (F.bail.safe,
  F.bail.projectile). ``read_bail`` and ``BailPlot.__str__`` read and write it back.
- In the movement phase the pilot jumps and is safe; the plane flies ``N`` hexes straight on, with no
  pilot to roll for it, and leaves the fight: it goes from ``GameState.planes`` to
  ``GameState.abandoned`` (drawn on the map, doing nothing) and into ``departed``. It is taken off the
  table when the next movement phase begins, at the end of the turn's tailing step.
- An aimed plane that ends the movement phase in its target's hex rolls, after collisions and flak
  (F.seq.phases, p.13), at the target's base number plus its own, less the hexes it has flown
  straight at the target, counted over several turns from ``GameState.tracks``. A hit deals 14 minus
  its own base number in flak hits: on a plane each is located, a column rolled and the flak template
  laid; on a gas cell each is a flak hit's Zep. Dmg.; a nacelle is knocked out; an object takes the
  flak template's boxes in points a hit.

Readings of our own (RULINGS.md, "Bailing out in the referee"): a plot that needs a push cannot be a
bail-out (the pilot is gone before the plane would fly it); the empty plane's path makes no rolls to
avoid objects or nacelles and takes no part in collision checks; a gas cell's base number is 1 (a
large, slow object, F.collide.object-btn) and the plane's flight may end in the targeted cell; a
bailed-out plane has departed, not been lost.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Sequence

from cs_panel.core.dice import Dice
from cs_panel.fasa.bailout import (
    bailout_xp, hexes_flown_straight_at, projectile_damage, projectile_in_reach, projectile_to_hit,
)
from cs_panel.fasa.collisions import collision_attitude, object_number
from cs_panel.fasa.damage import template_for
from cs_panel.fasa.gunnery import hit_location
from cs_panel.fasa.hexgrid import Hex
from cs_panel.fasa.maneuver import IllegalManeuverError
from cs_panel.fasa.movement import MovePlan, plan
from cs_panel.fasa.referee.errors import FireOrderError, RefereeError
from cs_panel.fasa.referee.marking import _lost_to_damage, _place, _remove_lost, _widow
from cs_panel.fasa.referee.notation import hex_text
from cs_panel.fasa.referee.state import TRACK_KEEP, GameState, RefPlane
from cs_panel.fasa.referee import zeppelins as Z
from cs_panel.fasa.zeppelin import NACELLE_BASE

#: "bail 3" or "bail 3 at Raider" (any case, spaces as typed)
_BAIL = re.compile(r"^\s*bail\s+(\S+)(?:\s+at\s+(.+?))?\s*$", flags=re.IGNORECASE)


class BailPlotError(IllegalManeuverError, RefereeError):
    """A bail-out plot the referee cannot take: a speed the plane cannot fly straight, a target the
    game does not have, a path into a zeppelin (F.bail.safe, F.bail.projectile)."""

    rule_id = "F.bail.safe"

    def __init__(self, message: str, *, field: str | None = "maneuver", reasons: tuple = ()):
        super().__init__(message, field=field, reasons=reasons)


@dataclass(frozen=True)
class BailPlot:
    """A bail-out as plotted: the speed the empty plane flies on at, and what it is aimed at ("": none)."""

    speed: int
    target: str = ""

    @property
    def maneuver(self) -> str:
        """The straight maneuver the empty plane flies (F.bail.safe)."""
        return f"{self.speed}SA"

    def __str__(self) -> str:
        return f"bail {self.speed}" + (f" at {self.target}" if self.target else "")


def is_bail(text: str | None) -> bool:
    """Whether a plot is a bail-out (it starts with the word "bail")."""
    words = str(text).split() if text else []  # any spacing, as read_bail reads it
    return bool(words) and words[0].lower() == "bail"


def read_bail(text: str) -> BailPlot:
    """Read ``bail N`` or ``bail N at TARGET`` (F.bail.safe, F.bail.projectile); it writes back the same.

    >>> str(read_bail("  Bail 3   at Raider ")), read_bail("bail 2").target
    ('bail 3 at Raider', '')
    """
    m = _BAIL.match(str(text))
    if not m:
        raise BailPlotError(f"cannot read the bail-out plot {text!r}: write \"bail N\" (N the speed the empty plane "
                            "flies straight on at) or \"bail N at TARGET\" to aim it (F.bail.safe, F.bail.projectile)")
    speed = m.group(1)
    if not speed.isdigit() or len(speed) > 2:
        raise BailPlotError(f"the speed in {text!r} must be a whole number, got {speed!r} (F.bail.safe)")
    target = " ".join((m.group(2) or "").split())
    return BailPlot(int(speed), target)


@dataclass(frozen=True)
class Target:
    """What an aimed plane can strike as the table stands: its hexes, its base number and a label."""

    label: str
    hexes: frozenset[Hex]
    base: int
    base_label: str
    plane: str = ""
    zep: "Z.ZepTarget | None" = None
    thing: str = ""


def find_target(state: GameState, who: RefPlane | str, name: str) -> Target | None:
    """The target ``name`` as things stand, None if it is gone (shot down, fled, fallen, destroyed);
    a name the game never had is refused by name (F.bail.projectile)."""
    me = who if isinstance(who, str) else who.name
    if name == me:
        raise BailPlotError(f"{me} cannot be aimed at itself (F.bail.projectile)")
    for p in state.planes:
        if p.name == name:
            return Target(name, frozenset({p.plane.hex}), p.base_to_hit, f"{name}'s base to-hit number", plane=name)
    if name in {n for n, _ in state.departed} | set(state.destroyed):
        return None
    try:
        zt = Z.target_of(state.zeppelins, name) if state.zeppelins else None
    except FireOrderError as e:
        raise BailPlotError(f"aim at {name!r}: {e}") from None
    if zt is not None:
        z = next(x for x in state.zeppelins if x.name == zt.zeppelin)
        if not z.aloft or (zt.cell is not None and z.cells[zt.cell] == 0) or zt.nacelle in z.nacelles_lost:
            return None
        if zt.nacelle is not None:
            return Target(str(zt), frozenset({z.nacelle_hex(zt.nacelle)}), NACELLE_BASE,
                          "engine nacelle's base number (F.zep.nacelle)", zep=zt)
        assert zt.cell is not None  # a zeppelin target is a nacelle or a gas cell
        base, _, _ = object_number("building")  # a gas cell is large and slow: the object table's 1 (our reading)
        return Target(str(zt), frozenset(z.cell_hexes(zt.cell)), base, "gas cell's base number (our reading)", zep=zt)
    o = state.thing(name)
    if o is not None:
        if o.destroyed:
            return None
        if o.aboard:  # only a harpoon reaches cargo aboard (RULINGS "Cargo aboard a zeppelin")
            raise BailPlotError(f"{o.name} is aboard {o.aboard}: only a harpoon reaches cargo aboard a zeppelin; "
                                f"aim the plane at {o.aboard}'s gas cell instead (F.bail.projectile, F.rocket.harpoon)")
        return Target(o.name, frozenset(o.hexes), o.base_number, f"{o.label}'s base number", thing=o.name)
    known = [p.name for p in state.planes if p.name != me] + [f"{z.name} {part}" for z in state.zeppelins
                                                              if z.aloft for part in z.parts]
    known += [o.name for o in state.objects if not o.destroyed and not o.aboard]
    raise BailPlotError(f"there is no {name!r} to aim at; aim at {', '.join(known) or 'nothing: there is no target'} "
                        "(F.bail.projectile)")


def check_bail(state: GameState, rp: RefPlane, text: str) -> tuple[BailPlot, MovePlan]:
    """A bail-out plot checked against the plane and the table, and the straight move it flies:
    a speed the plane can fly an ``NSA`` move at without a push (F.bail.safe), a target the game has
    (F.bail.projectile), a path clear of intact gas cells but for the targeted one (F.zep.static)."""
    b = read_bail(text)
    try:
        p = plan(rp.plane, b.maneuver)
    except IllegalManeuverError as e:
        raise BailPlotError(f"{rp.name} cannot bail out at speed {b.speed}: {e} (F.bail.safe)") from None
    if not p.legal:
        raise BailPlotError(f"{rp.name} cannot bail out at speed {b.speed}: it cannot fly {b.maneuver}: "
                            + "; ".join(map(str, p.reasons)) + " (F.bail.safe)", reasons=p.reasons)
    if p.pushes:
        raise BailPlotError(f"{rp.name} cannot bail out at speed {b.speed}: flying {b.maneuver} needs a push, and "
                            "the pilot is gone before the plane flies (F.bail.safe; our reading)")
    t = find_target(state, rp, b.target) if b.target else None
    if b.target and t is None:
        raise BailPlotError(f"{b.target} is out of the game: there is nothing there to aim at (F.bail.projectile)")
    path = list(p.path_hexes)
    if t is not None and t.zep is not None and path and path[-1] in t.hexes:
        path = path[:-1]  # aimed at the zeppelin, the plane may end its flight in it (our reading)
    blocked = Z.plot_blocked(state.zeppelins, path) if state.zeppelins else None
    if blocked:
        raise BailPlotError(f"{rp.name} cannot bail out at speed {b.speed}: {blocked}")
    return b, p


def bail_plots(state: GameState, rp: RefPlane) -> list[str]:
    """The bail-out plots ``rp`` may make now, compact: ``bail N`` at every speed it may bail out at,
    and ``bail N at TARGET`` only where the straight flight ends in an enemy target's hex
    (F.bail.safe, F.bail.projectile)."""
    out = []
    enemies = [p.name for p in state.planes if p.player != rp.player]
    enemies += [f"{z.name} {part}" for z in state.zeppelins if z.aloft and z.player != rp.player for part in z.parts]
    enemies += [o.name for o in state.objects if not o.destroyed and not o.aboard]
    for n in range(0, rp.plane.capabilities.max_speed + 1):
        try:
            b, p = check_bail(state, rp, f"bail {n}")
        except BailPlotError:
            continue
        out.append(str(b))
        end = p.path_hexes[-1] if p.path_hexes else rp.plane.hex
        for name in enemies:
            t = find_target(state, rp, name)
            if t is not None and end in t.hexes:
                try:
                    out.append(str(check_bail(state, rp, f"bail {n} at {name}")[0]))
                except BailPlotError:
                    continue
    return out


def extend_track(track: Sequence[Hex], path: Sequence[Hex]) -> tuple[Hex, ...]:
    """A plane's track after flying ``path`` (its start hex first), kept to the last ``TRACK_KEEP``
    hexes; a path that does not start where the track ends starts the track afresh."""
    track = tuple(track)
    path = tuple(path)
    if not path:
        return track
    if track and track[-1] == path[0]:
        joined = track + path[1:]
    else:
        joined = path
    # a plane that turns in its hex (a stall) or keeps its hex keeps its track as it was
    out: list[Hex] = []
    for h in joined:
        if not out or out[-1] != h:
            if out and out[-1].distance(h) != 1:
                out = []  # moved without flying (never in play): the count starts again
            out.append(h)
    return tuple(out[-TRACK_KEEP:])


def leave(rp: RefPlane, b: BailPlot, said: list[str]) -> str:
    """What the jump does to the pilot, said, and how the plane's leaving is recorded (F.bail.safe,
    F.roe.bailout-penalty)."""
    said.append(f"{rp.name}'s pilot bails out and lands safely; the empty plane flies on {b.speed} hexes straight"
                + (f", aimed at {b.target}" if b.target else "")
                + f" (F.bail.safe). No experience for the jump; a planned bail-out costs {-bailout_xp(combat=False)} "
                  "XP (F.roe.bailout-penalty), which this referee does not keep")
    return f"bailed out; the empty plane aimed at {b.target} (F.bail.projectile)" if b.target else \
        "bailed out safely (F.bail.safe)"


def _aimed(state: GameState) -> list[tuple[RefPlane, BailPlot]]:
    """The empty planes aimed at a target this turn (their bail-out plots are this turn's)."""
    out = []
    for a in state.abandoned:
        plotted = state.plotted(a.name)
        if is_bail(plotted):
            b = read_bail(str(plotted))
            if b.target:
                out.append((a, b))
    return out


def pending(state: GameState) -> bool:
    """Whether an aimed empty plane has yet to strike this movement phase (F.bail.projectile)."""
    return bool(_aimed(state))


def strikes(state: GameState, dice: Dice) -> GameState:
    """The aimed empty planes' strikes, at the end of the movement phase after collisions, turrets and
    flak (F.seq.phases, F.bail.projectile): each in its target's hex rolls at the target's base number
    plus its own, less the hexes flown straight at it; a hit deals 14 - its own base number in flak
    hits. A plane not in its target's hex, or whose target is gone, does not roll."""
    aimed = _aimed(state)
    if not aimed:
        return state
    said: list[str] = []
    planes = {p.name: p for p in state.planes}
    zeps = {z.name: z for z in state.zeppelins}
    objs = {o.name: o for o in state.objects}
    tracks = dict(state.tracks)
    for a, b in aimed:
        now = dataclasses.replace(state, planes=tuple(planes.values()), zeppelins=tuple(zeps.values()),
                                  objects=tuple(objs.values()))
        t = find_target(now, a, b.target)
        if t is None or (t.plane and _lost_to_damage(planes[t.plane])):
            said.append(f"{a.name}'s empty plane was aimed at {b.target}, which is out of the game: no strike "
                        "(F.bail.projectile)")
            continue
        at = a.plane.hex
        if not any(projectile_in_reach(at, h) for h in t.hexes):
            said.append(f"{a.name}'s empty plane ends in {hex_text(at)}, not in {t.label}'s hex: no strike "
                        "(F.bail.projectile)")
            continue
        run = hexes_flown_straight_at(tracks.get(a.name, (at,)), at)
        tn = projectile_to_hit(t.base, a.base_to_hit, run)
        roll = tn.resolve(dice)
        said.append(f"{a.name}'s empty plane strikes at {t.label} ({t.base_label} {t.base}): needs {tn} -- rolled "
                    f"{roll.faces[0]}: " + ("HIT" if roll.success else "miss") + " (F.bail.projectile)")
        if not roll.success:
            continue
        dmg = projectile_damage(a.base_to_hit)
        n = dmg.total
        said.append(f"  {t.label} takes {dmg} (F.bail.projectile)")
        if t.plane:
            me = planes[t.plane]
            me = dataclasses.replace(me, hits_taken=me.hits_taken + n)
            where = hit_location(collision_attitude(me.plane.facing, a.plane.facing))
            rolls = [where.resolve(dice) for _ in range(n)]
            for i, r in enumerate(rolls, 1):
                said.append(f"  {t.plane}, flak hit {i} of {n}: hit location d10 {r.faces[0]} -> {r.outcome.label} "
                            "table (F.hitloc.table)")
            template = template_for("flak-rocket").id
            for i, r in enumerate(rolls, 1):
                me = _place(me, r.outcome, template, f"flak hit {i} on {t.plane}", dice, state.turn, said)
            planes[t.plane] = _widow(me, dice, state.turn, said)
        elif t.zep is not None:
            z = zeps[t.zep.zeppelin]
            if t.zep.nacelle is not None:
                zeps[z.name] = dataclasses.replace(z, nacelles_lost=z.nacelles_lost + (t.zep.nacelle,))
                said.append(f"  {z.name}'s {t.zep.nacelle} nacelle is knocked out (F.zep.nacelle; one hit, our reading)")
            else:
                cell = t.zep.cell
                assert cell is not None  # not a nacelle: a gas cell (see find_target)
                for _ in range(n):
                    z = zeps[z.name]
                    if z.aloft and z.cells[cell] > 0:
                        Z.hit_gas_cell(zeps, z, cell, "flak-rocket", "", state.turn, said)
        else:
            from cs_panel.fasa.referee.ground_play import damage_object

            damage_object(objs, objs[t.thing], n, template_for("flak-rocket"), "the empty plane's flak hits", said)
    after = dataclasses.replace(state, zeppelins=tuple(zeps.values()), objects=tuple(objs.values()))
    after = _remove_lost(after, planes, said)
    return dataclasses.replace(after, report=state.report + tuple(said))
