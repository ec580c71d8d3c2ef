"""Zeppelins in a referee's game: set up, blocking planes and fire, shot at in their gas cells and
engine nacelles, and falling (F.zep.static, F.zep.gas-cells, F.zep.cell-destroyed, F.zep.nacelle;
FASA *Crimson Skies*, Zeppelins, p.45-47). The rules themselves are the core's
(``cs_panel.fasa.zeppelin``); this module puts them on the referee's table, through small hooks
in ``state``, ``phases``, ``combat`` and ``actions``.

- A ``RefZeppelin`` belongs to a player (its side). Its five gas cells lie one after another from
  the ``bow`` hex, back along the line opposite its ``heading`` (``Zeppelin.along``: the zeppelin
  map was lost, so the layout is ``reconstructed``), cell 1 at the bow. Its engine nacelles sit
  beside a cell, to port or starboard (``"port 2"``); its turrets at the bow, the stern or on a
  nacelle, one or two machine guns each (F.zep.turrets).
- It does not move. A plot whose path enters a hex of an intact gas cell is refused; a shredded
  cell (0 points) lets planes fly and fire through (F.zep.static, F.zep.cell-destroyed). A plane
  whose push goes wrong and whose random path enters an intact cell crashes into the hull
  (our reading, RULINGS.md); a path through a nacelle's hex is the usual check against a
  non-piloted object of target number 7 (F.move.path-objects, F.collide.object).
- A line of fire through an intact cell's hex is blocked (F.zep.static).
- Fire orders aim at ``"NAME cell N"`` or ``"NAME nacelle port N"``: a cell is hit on anything but
  a 1 (3 or more shocked) for its template's Zep. Dmg. points, the commercial or the military
  number; magnesium in a hydrogen ship burns it (F.zep.gas-cells). A nacelle is hit on 7 with the
  usual modifiers but deflection and never by flak (F.zep.nacelle); one hit knocks it out (our
  reading: its points were on the lost record sheet). A shot that misses a plane or a nacelle
  while the shooter faces the zeppelin goes on down its hexrow into the first intact cell
  (F.zep.nacelle).
- At 120 points or fewer, or burned, the zeppelin falls: ``fell_turn`` records the turn, and from
  then on it blocks nothing, cannot be shot at, and no longer keeps its side in the game
  (F.zep.gas-cells, F.victory).
- Turrets fire after every plane, at the plane the side chose (``zeppelin Pegasus bow at Ace``) or
  the first enemy in reach; a military zeppelin's main guns fire the flak rounds the side orders;
  a shocked gunner's guns are silent (F.zep.turrets, F.zep.main-guns, F.zep.gunners).
- A plane beside its own side's zeppelin may plot ``land on NAME``: the landing roll and the
  zeppelin landing table (F.land.target, F.land.mishap).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import TargetNumber
from cs_panel.core.validate import check_bool, check_int, check_str, short_repr
from cs_panel.fasa.arcs import can_fire
from cs_panel.fasa.collisions import Obstacle, path_collision_checks
from cs_panel.fasa.gunnery import DoubleDown
from cs_panel.fasa.hexgrid import Facing, Hex, forward_column
from cs_panel.fasa.referee.errors import FireOrderError, LineOfFireBlockedError, RefereeError
from cs_panel.fasa.referee.sightline import IN_THE_WAY, fire_blocker
from cs_panel.fasa.tohit import weapons
from cs_panel.fasa.zeppelin import (
    CELL_POINTS, CELLS, FALLS_AT, MAIN_GUN_RANGE, MAIN_GUNS_PER_SIDE, Turret, Zeppelin, ZeppelinError, gas_cell_number,
    nacelle_number,
)

#: where the nacelles sit when a set-up names none: two a side, beside cells 2 and 4 (``reconstructed``)
DEFAULT_NACELLES = ("port 2", "starboard 2", "port 4", "starboard 4")
_NACELLE = re.compile(r"^(port|starboard) ([1-5])$")
#: a military zeppelin's main guns, three a side (F.zep.main-guns)
MAIN_GUNS = tuple(f"main {side} {n}" for side in ("port", "starboard") for n in range(1, MAIN_GUNS_PER_SIDE + 1))
_PART = re.compile(r"^(\S+) (?:cell ([1-5])|nacelle ((?:port|starboard) [1-5]))$", flags=re.IGNORECASE)
GUNS_PER_TURRET = 2  # one or two machine guns a turret (F.zep.turrets)
#: how far down his hexrow a shooter's miss is followed toward a gas cell: past any map's width (F.zep.nacelle)
STRAY_REACH = 30


class ZeppelinSetupError(RefereeError):
    """A zeppelin the referee cannot put on the table: bad cells, nacelles, turrets or hexes (F.zep.*)."""

    rule_id = "F.zep.static"


class ZeppelinBlockedError(RefereeError):
    """A plot that would fly a plane into an intact gas cell (F.zep.static)."""

    rule_id = "F.zep.static"


@dataclass(frozen=True)
class RefZeppelin:
    """A zeppelin on the referee's table: its side, where it lies, its kind and gas, its gas cells'
    points, its nacelles (and those knocked out) and its turrets (F.zep.*, FASA p.45-47).

    ``turrets`` are ``(mount, gun)`` pairs, the mount ``"bow"``, ``"stern"`` or a nacelle's name, at
    most two guns a mount. ``fell_turn`` is the turn it fell in (0: still aloft). ``aims`` are the
    side's choices for this combat phase, ``(mount, plane)`` or ``(mount, "hold")``; a mount
    without one fires at the first enemy it reaches. ``gunners_shocked`` holds the turn each
    shocked gunner was shocked in: his guns are silent that turn and the next (F.zep.gunners).

    >>> z = RefZeppelin("Pegasus", "Bob", Hex(0, -2), Facing.A, turrets=(("bow", "mg-50"),))
    >>> z.cell_hexes(0), z.nacelle_hex("port 2")
    ([Hex(0, -2), Hex(0, -1)], Hex(-1, 1))
    """

    name: str
    player: str
    bow: Hex
    heading: Facing = Facing.A
    cell_length: int = 2
    military: bool = False
    hydrogen: bool = False
    cells: tuple[int, ...] = (CELL_POINTS,) * CELLS
    nacelles: tuple[str, ...] = DEFAULT_NACELLES
    nacelles_lost: tuple[str, ...] = ()
    turrets: tuple[tuple[str, str], ...] = ()
    burned: bool = False
    fell_turn: int = 0
    aims: tuple[tuple[str, str], ...] = ()  # (mount, plane or "hold") chosen this combat phase
    gunners_shocked: tuple[tuple[str, int], ...] = ()  # (mount, turn its gunner was shocked in) (F.zep.gunners)

    def __post_init__(self):
        if not self.name:
            raise ZeppelinSetupError("every zeppelin needs a name", field="name")
        check_str(self.name, "name", error=ZeppelinSetupError)
        if any(c.isspace() for c in self.name):
            raise ZeppelinSetupError(f"a zeppelin's name is one word (fire orders say 'NAME cell 2'), not {self.name!r}",
                                     field="name")
        check_str(self.player, "player", error=ZeppelinSetupError)
        if not isinstance(self.bow, Hex):
            raise ZeppelinSetupError(f"{self.name}: bow must be a hex, got {short_repr(self.bow)}", field="bow")
        object.__setattr__(self, "heading", Facing.coerce(self.heading, "heading"))
        check_int(self.cell_length, "cell_length", 1, 4, error=ZeppelinSetupError)
        check_bool(self.military, "military", error=ZeppelinSetupError)
        check_bool(self.hydrogen, "hydrogen", error=ZeppelinSetupError)
        check_bool(self.burned, "burned", error=ZeppelinSetupError)
        check_int(self.fell_turn, "fell_turn", 0, 10_000, error=ZeppelinSetupError)
        for name in ("cells", "nacelles", "nacelles_lost", "turrets", "aims", "gunners_shocked"):
            v = getattr(self, name)
            if not isinstance(v, (tuple, list)):
                raise ZeppelinSetupError(f"{self.name}: {name} is a list, got {short_repr(v)}", field=name)
            object.__setattr__(self, name, tuple(tuple(x) if isinstance(x, list) else x for x in v))
        try:
            self.core  # five cells of 0-60 points, each on its own hexes (F.zep.gas-cells)
        except ZeppelinError as e:
            raise ZeppelinSetupError(f"{self.name}: {e}", field=e.field or "cells") from None
        for n in self.nacelles:
            if not isinstance(n, str) or not _NACELLE.match(n):
                raise ZeppelinSetupError(f"{self.name}: a nacelle is 'port N' or 'starboard N' beside gas cell N (1-5), "
                                         f"not {short_repr(n)} (F.zep.nacelle)", field="nacelles")
        if len(set(self.nacelles)) != len(self.nacelles):
            raise ZeppelinSetupError(f"{self.name}: a nacelle is listed twice: {list(self.nacelles)}", field="nacelles")
        for n in self.nacelles_lost:
            if n not in self.nacelles:
                raise ZeppelinSetupError(f"{self.name}: nacelles_lost names {short_repr(n)}, not one of its nacelles "
                                         f"{list(self.nacelles)}", field="nacelles_lost")
        mounts: dict[str, int] = {}
        for t in self.turrets:
            if not (isinstance(t, tuple) and len(t) == 2 and all(isinstance(x, str) for x in t)):
                raise ZeppelinSetupError(f"{self.name}: a turret is a [mount, gun] pair, got {short_repr(t)}",
                                         field="turrets")
            mount, gun = t
            if mount not in ("bow", "stern") and mount not in self.nacelles:
                raise ZeppelinSetupError(f"{self.name}: a turret sits at the bow, the stern or on a nacelle "
                                         f"({', '.join(self.nacelles) or 'none'}), not {mount!r} (F.zep.turrets)",
                                         field="turrets")
            if not gun.startswith("mg-") or gun not in weapons():
                raise ZeppelinSetupError(f"{self.name}: a turret carries machine guns (mg-30 ... mg-60), not {gun!r}; "
                                         "the flak cannon is not played yet (F.zep.turrets)", field="turrets")
            Turret(self.turret_kind(mount), gun)
            mounts[mount] = mounts.get(mount, 0) + 1
            if mounts[mount] > GUNS_PER_TURRET:
                raise ZeppelinSetupError(f"{self.name}: a turret carries one or two machine guns; {mount} has "
                                         f"{mounts[mount]} (F.zep.turrets)", field="turrets")

        for pair in (*self.aims, *self.gunners_shocked):
            if not (isinstance(pair, tuple) and len(pair) == 2 and pair[0] in self.mounts):
                raise ZeppelinSetupError(f"{self.name}: aims and gunners_shocked name a turret's mount "
                                         f"({', '.join(self.mounts) or 'none'}), got {short_repr(pair)}", field="aims")
        for _, turn in self.gunners_shocked:
            check_int(turn, "gunners_shocked", 1, 10_000, error=ZeppelinSetupError)

    # -- where it lies ----------------------------------------------------------------------------
    @property
    def core(self) -> Zeppelin:
        """The rules core's zeppelin: cells laid from the bow back along the line opposite the heading."""
        # laid once per (immutable) zeppelin and kept beside its fields, so equality and saving
        # never see it: every plot, shot and line of fire asks for it
        found = self.__dict__.get("_core")
        if found is None:
            found = self._lay()
            object.__setattr__(self, "_core", found)
        return found

    def _lay(self) -> Zeppelin:
        return Zeppelin.along(self.bow, self.heading.reverse, self.cell_length, cells=tuple(self.cells),
                              military=self.military, hydrogen=self.hydrogen, burned=self.burned)

    def cell_hexes(self, cell: int) -> list[Hex]:
        """The hexes of gas cell ``cell`` (0-based), bow end first."""
        return sorted(self.core.cell_hexes[cell], key=self.bow.distance)

    @property
    def hexes(self) -> frozenset[Hex]:
        return frozenset().union(*self.core.cell_hexes)

    def nacelle_hex(self, nacelle: str) -> Hex:
        """A nacelle's hex: beside the bow end of its cell, to port (left of the heading) or starboard."""
        side, n = nacelle.split()
        return self.cell_hexes(int(n) - 1)[0].neighbor(self.heading.turn(-2 if side == "port" else 2))

    @staticmethod
    def turret_kind(mount: str) -> str:
        return mount if mount in ("bow", "stern") else mount.split()[0]

    @property
    def mounts(self) -> tuple[str, ...]:
        """Each turret's mount once, in set-up order, then a military zeppelin's main guns (F.zep.main-guns)."""
        return tuple(dict.fromkeys(m for m, _ in self.turrets)) + (MAIN_GUNS if self.military else ())

    def mount_hex(self, mount: str) -> Hex:
        """Where a turret sits: the bow end of cell 1, the far end of cell 5, or its nacelle's hex; main
        gun N of a side fires from beside cell N + 1 (our reading: the flak alleys' diagram was lost)."""
        if mount.startswith("main "):
            _, side, n = mount.split()
            return self.cell_hexes(int(n))[0].neighbor(self.heading.turn(-2 if side == "port" else 2))
        if mount == "bow":
            return self.bow
        if mount == "stern":
            return self.cell_hexes(CELLS - 1)[-1]
        return self.nacelle_hex(mount)

    def silent(self, mount: str, turn: int) -> str | None:
        """Why a turret cannot fire this turn, or None: its nacelle knocked out (our reading), or its
        gunner shocked this turn or last (F.zep.gunners)."""
        if mount in self.nacelles_lost:
            return f"its {mount} nacelle is knocked out, and the turret on it with it"
        if any(m == mount and 0 <= turn - t <= 1 for m, t in self.gunners_shocked):
            return "its gunner is shocked (F.zep.gunners)"
        return None

    @property
    def intact_nacelles(self) -> tuple[str, ...]:
        return tuple(n for n in self.nacelles if n not in self.nacelles_lost)

    @property
    def aloft(self) -> bool:
        """Still in the sky: not yet fallen (F.zep.gas-cells)."""
        return not self.fell_turn and not self.core.falling

    def blocks(self, h: Hex) -> bool:
        """Does this hex stop planes and shots: an intact gas cell of a zeppelin still aloft (F.zep.static,
        F.zep.cell-destroyed)?"""
        return self.aloft and self.core.blocks(h)

    @property
    def cover(self) -> frozenset[Hex]:
        return frozenset(h for h in self.hexes if self.blocks(h)) if self.aloft else frozenset()

    @property
    def parts(self) -> tuple[str, ...]:
        """What a fire order may aim at: each cell with points left and each working nacelle."""
        if not self.aloft:
            return ()
        return tuple(f"cell {i + 1}" for i, p in enumerate(self.cells) if p > 0) + tuple(
            f"nacelle {n}" for n in self.intact_nacelles)

    def summary(self) -> str:
        """The zeppelin in a line: kind, gas, cells, nacelles, turrets, whether it has fallen."""
        kind = ("military" if self.military else "commercial") + (", hydrogen" if self.hydrogen else ", helium")
        cells = " ".join(f"{i + 1}:{p}" + ("(shredded)" if p == 0 else "") for i, p in enumerate(self.cells))
        lost = f" ({', '.join(self.nacelles_lost)} knocked out)" if self.nacelles_lost else ""
        guns = ", ".join(f"{m} .{g.split('-')[1]}" for m, g in self.turrets) or "none"
        guns += "".join(f"; {m} aims at {t}" if t != "hold" else f"; {m} holds fire" for m, t in self.aims)
        state = (f"FELL in turn {self.fell_turn}" + (" (burned)" if self.burned else "")) if self.fell_turn else (
            f"{sum(self.cells)} of {CELLS * CELL_POINTS} points, falls at {FALLS_AT}")
        return (f"{self.name} ({self.player}), {kind}: gas cells {cells}; {state}; nacelles "
                f"{', '.join(self.nacelles) or 'none'}{lost}; turrets {guns}")

    def _repr_html_(self) -> str:
        from cs_panel.fasa.referee.render import zeppelin_sheet_html  # drawing, loaded only when asked for

        return zeppelin_sheet_html(self)

    def observation(self) -> dict:
        return {"name": self.name, "player": self.player, "military": self.military, "hydrogen": self.hydrogen,
                "cells": list(self.cells), "cell_hexes": [[[h.q, h.r] for h in self.cell_hexes(i)] for i in range(CELLS)],
                "nacelles": {n: [self.nacelle_hex(n).q, self.nacelle_hex(n).r] for n in self.nacelles},
                "nacelles_lost": list(self.nacelles_lost), "turrets": [list(t) for t in self.turrets],
                "aims": dict(self.aims), "gunners_shocked": dict(self.gunners_shocked),
                "aloft": self.aloft, "fell_turn": self.fell_turn, "burned": self.burned}


# -- the table: checks at the start and of every saved state ------------------------------------


def check_table(zeppelins, plane_names: Iterable[str]) -> None:
    """Zeppelins a table may hold: each a ``RefZeppelin``, names their own, hexes their own."""
    if not isinstance(zeppelins, (tuple, list)) or not all(isinstance(z, RefZeppelin) for z in zeppelins):
        raise ZeppelinSetupError("zeppelins must be a list of RefZeppelin", field="zeppelins")
    names = [z.name for z in zeppelins]
    clash = set(names) & set(plane_names)
    if len(set(names)) != len(names) or clash:
        raise ZeppelinSetupError(f"every zeppelin needs a name of its own, shared by no plane: {names}", field="zeppelins")
    seen: dict[Hex, str] = {}
    for z in zeppelins:
        for h in [*z.hexes, *(z.nacelle_hex(n) for n in z.nacelles)]:
            if h in seen:
                raise ZeppelinSetupError(f"{z.name} and {seen[h]} both take {h!r}", field="zeppelins")
            seen[h] = z.name


def check_start(zeppelins: Sequence[RefZeppelin], planes, field_map=None) -> None:
    """At the start: every zeppelin on the map (when there is one), no plane inside a gas cell or on a
    nacelle (F.zep.static, F.collide.object)."""
    check_table(zeppelins, [p.name for p in planes])
    for z in zeppelins:
        if field_map is not None:
            for h in sorted(z.hexes | {z.nacelle_hex(n) for n in z.nacelles}):
                if h not in field_map:
                    raise ZeppelinSetupError(f"{z.name} reaches {h!r}, off the {field_map.name} map (F.map.sheets)",
                                             field="zeppelins")
        for p in planes:
            if z.blocks(p.plane.hex) or p.plane.hex in {z.nacelle_hex(n) for n in z.intact_nacelles}:
                raise ZeppelinSetupError(f"{p.name} starts in {p.plane.hex!r}, inside {z.name} (F.zep.static)",
                                         field="planes")


def cover(zeppelins: Iterable[RefZeppelin]) -> frozenset[Hex]:
    """Every hex that blocks movement and fire: intact cells of zeppelins aloft (F.zep.static)."""
    return frozenset().union(*(z.cover for z in zeppelins))


def blocker_text(zeppelins: Iterable[RefZeppelin], h: Hex) -> str:
    for z in zeppelins:
        i = z.core.cell_at(h)
        if i is not None and z.blocks(h):
            return f"{z.name}'s gas cell {i + 1} ({z.cells[i]} points) in {h!r}"
    return f"{h!r}"


def plot_blocked(zeppelins: Iterable[RefZeppelin], path: Sequence[Hex]) -> str | None:
    """Why a plotted path may not be flown, or None: it enters an intact gas cell (F.zep.static)."""
    zeps = list(zeppelins)
    walls = cover(zeps)
    for h in path:
        if h in walls:
            return (f"its path enters {blocker_text(zeps, h)}: a zeppelin blocks movement through its hexes until "
                    "the cell there is shredded (F.zep.static, F.zep.cell-destroyed)")
    return None


def after_path(zeppelins: Sequence[RefZeppelin], name: str, path: Sequence[Hex], shocked: bool, dice: Dice,
               said: list[str]) -> str | None:
    """What a flown path met: the hull of an intact cell (a random path only: plots into one are
    refused), or a nacelle's hex, checked as a non-piloted object of target number 7
    (F.move.path-objects, F.collide.object). Returns why the plane is lost, or None."""
    walls = cover(zeppelins)
    for h in list(path)[1:]:
        if h in walls:
            said.append(f"{name}'s path carries it into {blocker_text(zeppelins, h)}: it crashes into the hull and "
                        "is destroyed; its crew must bail out (F.zep.static, F.collide.damage; our reading)")
            return f"crashed into a zeppelin's gas cell at {h!r} (F.zep.static)"
    pods = [Obstacle(z.nacelle_hex(n), "nacelle", f"{z.name}'s {n} nacelle") for z in zeppelins if z.aloft
            for n in z.intact_nacelles]
    for check in path_collision_checks(list(path), pods, shocked) if pods else ():
        roll = check.target.resolve(dice)
        said.append(f"{name} crosses {check.obstacle.label} at {check.obstacle.hex!r}: to avoid it needs "
                    f"{check.target} -- rolled {roll.faces[0]}: " + ("avoided" if roll.success else "COLLIDES")
                    + " (F.move.path-objects, F.collide.object)")
        if not roll.success:
            said.append(f"{name} is destroyed against the nacelle; its crew must bail out (F.collide.object)")
            return f"collided with {check.obstacle.label} (F.collide.object)"
    return None


# -- fire at a zeppelin (F.zep.gas-cells, F.zep.nacelle) ------------------------------------------


@dataclass(frozen=True)
class ZepTarget:
    """A part of a zeppelin a fire order aims at: a gas cell (0-based) or a nacelle."""

    zeppelin: str
    cell: int | None = None
    nacelle: str | None = None

    def __str__(self) -> str:
        return f"{self.zeppelin} " + (f"cell {self.cell + 1}" if self.cell is not None else f"nacelle {self.nacelle}")


def target_of(zeppelins: Sequence[RefZeppelin], text: str) -> ZepTarget | None:
    """The zeppelin part a fire order's target names, None if it names no zeppelin; a zeppelin named
    without a part, or a part it has not, is refused by name."""
    by_name = {z.name: z for z in zeppelins}
    if text in by_name:
        z = by_name[text]
        raise FireOrderError(f"say which part of {z.name} to shoot at: {', '.join(f'{z.name} {p}' for p in z.parts)} "
                             "(F.zep.gas-cells, F.zep.nacelle)", field="target")
    m = _PART.match(text)
    if not m or m.group(1) not in by_name:
        return None
    z = by_name[m.group(1)]
    if m.group(2):
        return ZepTarget(z.name, cell=int(m.group(2)) - 1)
    nacelle = m.group(3).lower()
    if nacelle not in z.nacelles:
        raise FireOrderError(f"{z.name} has no {nacelle} nacelle; its nacelles are {', '.join(z.nacelles) or 'none'}",
                             field="target")
    return ZepTarget(z.name, nacelle=nacelle)


def _mount_reach(shooter, mount, z: RefZeppelin, t: ZepTarget, zeps: Sequence[RefZeppelin],
                 objects: Sequence = ()) -> tuple[Hex | None, int, str]:
    """The hex of the target part one gun or rocket can reach (nearest first), its range, and why not:
    an intact gas cell or an object standing on the ground in between blocks it (``sightline``,
    F.zep.static, F.combat.los)."""
    w = weapons()[mount.weapon]
    reach = int(w["range"])
    aims = z.cell_hexes(t.cell) if t.cell is not None else [z.nacelle_hex(str(t.nacelle))]
    own = frozenset(aims)
    why = []
    for h in sorted(aims, key=shooter.plane.hex.distance):
        if h == shooter.plane.hex:
            return h, 0, ""
        check = can_fire(shooter.plane.hex, shooter.plane.facing, h, reach)
        if not check:
            why.append("; ".join(check.reasons))
            continue
        blocked = fire_blocker(zeps, objects, shooter.plane.hex, h, ignore=own)
        if blocked:
            why.append(blocked)
            continue
        return h, check.range, ""
    return None, 0, " / ".join(sorted(set(why)))


def _number(shooter, mount, t: ZepTarget, rng: int) -> TargetNumber:
    if t.cell is not None:
        return gas_cell_number(shooter.plane.shocked)
    return nacelle_number(rng, shooter.dead_eye, mount.weapon, shooter.plane.shocked)


def check_order(zeppelins: Sequence[RefZeppelin], shooter, mounts, t: ZepTarget, objects: Sequence = ()) -> str:
    """Check a fire order at a zeppelin part when it is given and say the odds (F.zep.gas-cells,
    F.zep.nacelle); a part out of reach, a friendly or fallen zeppelin, flak at a nacelle, a
    weapon with no Zep. Dmg. number are refused by name."""
    from cs_panel.fasa.damage import template_for

    z = next(x for x in zeppelins if x.name == t.zeppelin)
    if z.player == shooter.player:
        raise FireOrderError(f"{z.name} flies for {shooter.player} too", field="target")
    if not z.aloft:
        raise FireOrderError(f"{z.name} has fallen: there is nothing left to shoot at", field="target")
    if t.cell is not None and z.cells[t.cell] == 0:
        raise FireOrderError(f"{z.name}'s gas cell {t.cell + 1} is already shredded (F.zep.cell-destroyed)", field="target")
    if t.nacelle is not None and t.nacelle in z.nacelles_lost:
        raise FireOrderError(f"{z.name}'s {t.nacelle} nacelle is already knocked out", field="target")
    parts = []
    for m in mounts:
        if t.cell is not None:
            try:
                tpl = template_for(m.weapon, m.rounds or None) if m.rounds else template_for(m.weapon)
            except CsPanelError as e:  # the beeper has no template at all
                raise FireOrderError(f"the {m.name} does no damage to a gas cell: {e}", field="target") from None
            if tpl.zep_damage is None:
                raise FireOrderError(f"the {m.name} has no Zep. Dmg. number (F.zep.gas-cells)", field="target")
        elif "flak" in m.weapon:
            raise FireOrderError("the nacelles' mats stop flak (F.zep.nacelle)", field="target")
        h, rng, why = _mount_reach(shooter, m, z, t, zeppelins, objects)
        if h is None:
            error = LineOfFireBlockedError if IN_THE_WAY in why else FireOrderError
            raise error(f"{shooter.name}'s {m.name} cannot reach {t}: {why} (F.combat.arc)", field="target")
        parts.append(f"{m.name} at {rng} hexes needs {_number(shooter, m, t, rng)}")
    return "; ".join(parts)


@dataclass(frozen=True)
class PartShot:
    """One gun or hardpoint of a fire order aimed at a zeppelin part, as ``attack`` would roll it:
    its to-hit number (None when it cannot reach, with why), and what one hit is worth: a cell's
    Zep. Dmg. points for the zeppelin's kind, or, at a nacelle (knocked out by one hit), the
    weapon's template boxes (F.zep.gas-cells, F.zep.nacelle)."""

    mount: str  # "gun 1", "hardpoint 2"
    is_gun: bool
    number: TargetNumber | None
    doubled: bool
    worth: int  # points (a cell) or template boxes (a nacelle) one hit is worth
    boxes: int  # the weapon's template boxes
    why: str = ""

    @property
    def expected_hits(self) -> float:
        if self.number is None:
            return 0.0
        return float(DoubleDown.of(self.number).expected_hits if self.doubled else self.number.chance)

    @property
    def expected_points(self) -> float:
        return self.expected_hits * self.worth


def part_odds(zeppelins: Sequence[RefZeppelin], shooter, order, t: ZepTarget, objects: Sequence = ()
              ) -> tuple[PartShot, ...]:
    """What a fire ``order`` (a ``FireOrder``) at the zeppelin part ``t`` would do as things stand:
    each gun's or hardpoint's reach and to-hit number, from the very ``_mount_reach`` and ``_number``
    ``attack`` rolls with (F.zep.gas-cells, F.zep.nacelle, F.zep.static). Sum ``expected_points``
    for the points the order is expected to take."""
    from cs_panel.fasa.damage import template_for
    from cs_panel.fasa.referee.combat import _mounts  # combat imports this module: a late import

    z = next(x for x in zeppelins if x.name == t.zeppelin)
    out = []
    for m in _mounts(shooter, order):
        tpl = template_for(m.weapon, m.rounds or None) if m.rounds else template_for(m.weapon)
        worth = (tpl.zep_damage[1] if z.military else tpl.zep_damage[0]) if t.cell is not None and tpl.zep_damage \
            else tpl.boxes
        h, rng, why = _mount_reach(shooter, m, z, t, zeppelins, objects)
        tn = _number(shooter, m, t, rng) if h is not None else None
        out.append(PartShot(m.mount, m.is_gun, tn, m.doubled, worth, tpl.boxes, why))
    return tuple(out)


def hit_gas_cell(zeps: dict[str, RefZeppelin], z: RefZeppelin, cell: int, weapon: str, rounds: str, turn: int,
                 said: list[str]) -> None:
    """One hit on a gas cell, and the fall it may bring (F.zep.gas-cells): ``zeps`` takes the zeppelin
    after it and ``said`` the lines that tell it. Shared by the turrets' and guns' fire here and the
    flak of an empty plane's crash (``bailing``)."""
    if not z.aloft:
        return
    hit = z.core.hit_with(cell, weapon, rounds or None)
    after = z.core.after(hit)
    z = dataclasses.replace(z, cells=after.cells, burned=after.burned)
    said.append(f"  {z.name} {hit} (F.zep.gas-cells)")
    if z.core.falling and not z.fell_turn:
        z = dataclasses.replace(z, fell_turn=turn)
        said.append(f"{z.name} " + ("burns" if z.burned else f"is down to {sum(z.cells)} points of gas (falls at "
                                    f"{FALLS_AT} or fewer)") + ": it plummets from the sky (F.zep.gas-cells)")
    zeps[z.name] = z


def stray_round(zeps: dict[str, RefZeppelin], shooter, weapon: str, rounds: str, turn: int, said: list[str],
                objects: Sequence = ()) -> None:
    """A shot that missed a plane or a nacelle: if the shooter faces a zeppelin down its hexrow, the round
    goes on into the first intact gas cell there (F.zep.nacelle). A building, a train or a crate
    standing on the ground in the row before the cell stops it, as it stops any weapons fire, and
    takes nothing: the text sends misses into gas cells only (F.combat.los, F.map.hexes; our reading,
    RULINGS.md). Planes and objects in tow never stop it."""
    best = None
    for z in zeps.values():
        if not z.aloft:
            continue
        cell = z.core.stray_round(shooter.plane.hex, shooter.plane.facing, STRAY_REACH)
        if cell is not None:
            row = forward_column(shooter.plane.hex, shooter.plane.facing, STRAY_REACH)
            d = next(k for k, h in enumerate(row, 1) if h in z.cell_hexes(cell))  # where the row enters the cell
            if best is None or d < best[0]:
                best = (d, z, cell, row[d - 1])
    if best is None:
        return
    _, z, cell, h = best
    # the row runs through hex centres, so the straightedge meets just the row's hexes (F.map.hexes)
    blocked = fire_blocker(zeps.values(), objects, shooter.plane.hex, h, ignore=z.cell_hexes(cell))
    if blocked:
        said.append(f"  the miss flies on down {shooter.name}'s hexrow toward {z.name}'s gas cell {cell + 1}, but "
                    f"{blocked}: the round stops there (F.zep.nacelle)")
        return
    said.append(f"  the miss flies on down {shooter.name}'s hexrow into {z.name}'s gas cell {cell + 1} (F.zep.nacelle)")
    hit_gas_cell(zeps, z, cell, weapon, rounds, turn, said)


def attack(zeps: dict[str, RefZeppelin], shooter, mounts, t: ZepTarget, turn: int, dice: Dice,
           said: list[str], objects: Sequence = ()) -> tuple[list[int], list[int]]:
    """One plane's order at a zeppelin part, carried out: each gun a to-hit roll (two doubled down), each
    rocket one; hits on a cell take its Zep. Dmg. points (F.zep.gas-cells), a hit on a nacelle
    knocks it out (F.zep.nacelle, our reading), a miss at a nacelle may go on into a cell.
    Returns the gunpoints jammed and the hardpoints fired."""
    z = zeps[t.zeppelin]
    jams: list[int] = []
    fired: list[int] = []
    if not z.aloft or (t.cell is not None and z.cells[t.cell] == 0) or (t.nacelle in z.nacelles_lost):
        said.append(f"{shooter.name}'s target {t} is gone: {shooter.name} holds fire")
        return jams, fired
    for m in mounts:
        z = zeps[t.zeppelin]
        h, rng, why = _mount_reach(shooter, m, z, t, list(zeps.values()), objects)
        if h is None:
            said.append(f"{shooter.name}'s {m.name} cannot reach {t}: {why}")
            continue
        tn = _number(shooter, m, t, rng)
        if not m.is_gun:
            fired.append(m.number)
        if m.doubled:
            dd = DoubleDown.of(tn)
            roll = dd.resolve(dice)
            hits = roll.outcome.hits
            if roll.outcome.jammed:
                jams.append(m.number)
            faces = f"{roll.faces[0]} and {roll.faces[1]}: {dd.describe_outcome(roll.outcome)} (F.gun.double-down)"
            misses = 2 - hits
        else:
            roll = tn.resolve(dice)
            hits = int(roll.success)
            faces = f"{roll.faces[0]}: {'HIT' if hits else 'miss'}"
            misses = 1 - hits
        which = f"gun {m.number}" if m.is_gun else f"hardpoint {m.number}"
        said.append(f"{shooter.name} fires its {m.name} ({which}{', doubled down' if m.doubled else ''}) at {t}: needs "
                    f"{tn} -- rolled " + faces)
        for _ in range(hits):
            z = zeps[t.zeppelin]
            if t.cell is not None:
                if z.cells[t.cell] > 0:
                    hit_gas_cell(zeps, z, t.cell, m.weapon, m.rounds, turn, said)
            elif t.nacelle is not None and t.nacelle not in z.nacelles_lost:
                zeps[z.name] = dataclasses.replace(z, nacelles_lost=z.nacelles_lost + (t.nacelle,))
                said.append(f"  {z.name}'s {t.nacelle} nacelle is knocked out (F.zep.nacelle; one hit, our reading)")
        if t.nacelle is not None:
            for _ in range(misses):
                stray_round(zeps, shooter, m.weapon, m.rounds, turn, said, objects)
    return jams, fired


def aloft_count(zeppelins: Iterable[RefZeppelin], player: str) -> int:
    """How many of ``player``'s zeppelins are still aloft: each keeps its side in the game (F.victory, our reading)."""
    return sum(z.player == player and z.aloft for z in zeppelins)


# -- turrets: the zeppelin's side fires after every plane (F.zep.turrets, F.zep.gunners) -------------

#: the field of fire of each turret, in degrees either side of its centre line (our reading of the
#: lost firing-alley diagram, RULINGS.md): three hexrows of 60 degrees for a nacelle turret, the half
#: of the sky on its side; four for bow and stern, centred ahead and astern
_ARC_HALF = {"port": 90, "starboard": 90, "bow": 120, "stern": 120}
_ARC_CENTRE = {"port": -90, "starboard": 90, "bow": 0, "stern": 180}


def _bearing(z: RefZeppelin, origin: Hex, other: Hex) -> float | None:
    from cs_panel.fasa.hexgrid import _bearing as bearing  # the hex grid's own angle, 0 = the heading

    return bearing(origin, z.heading, other)


def turret_reach(z: RefZeppelin, mount: str, gun: str, target_hex: Hex, zeppelins: Sequence[RefZeppelin],
                 objects: Sequence = ()) -> tuple[bool, int, str]:
    """May this turret gun fire at a plane in ``target_hex``: in its field (``alleys`` hexrows), within
    the gun's range plus 2, with no intact gas cell or object standing on the ground in the way
    (F.zep.turrets, F.zep.static, F.combat.los)?"""
    kind = z.turret_kind(mount)
    Turret(kind, gun)
    origin = z.mount_hex(mount)
    d = origin.distance(target_hex)
    reach = Turret(kind, gun).range
    if d == 0:  # no deflection can be named for a plane on top of the gun (our reading, RULINGS.md)
        return False, 0, f"in the {mount} turret's own hex: the gun cannot bear on it (our reading)"
    if d > reach:
        return False, d, f"{d} hexes away, beyond the turret .{gun.split('-')[1]}'s {reach} (F.zep.turrets)"
    b = _bearing(z, origin, target_hex)
    if b is not None:
        off = abs((b - _ARC_CENTRE[kind] + 180) % 360 - 180)
        if off > _ARC_HALF[kind] + 1e-9:
            return False, d, f"outside the {mount} turret's {Turret(kind, gun).alleys} hexrows (F.zep.turrets)"
    blocked = fire_blocker(zeppelins, objects, origin, target_hex)
    if blocked:
        return False, d, blocked
    return True, d, ""


def turret_number(target, gun: str, origin: Hex, rng: int) -> TargetNumber:
    """A turret gun's to-hit number: the usual one (F.hit.number) at the turret's range, the gunner
    with no Dead Eye (the text gives zeppelin gunners none: our reading)."""
    from cs_panel.core.explain import Modifier
    from cs_panel.fasa.tohit import deflection_from, to_hit_number

    base = to_hit_number(target.base_to_hit, deflection_from(target.plane.hex, target.plane.facing, origin), 0, 0, gun)
    terms = tuple(Modifier(rng, f"range {rng} hex{'' if rng == 1 else 'es'}", "F.hit.range")
                  if t.rule == "F.hit.range" else t for t in base.terms)
    return TargetNumber(terms, what=f"a zeppelin turret's {base.what[3:]}", notes=base.notes)


def aim_turret(state, action):
    """The zeppelin's side chooses a turret's target for this combat phase, ``"bow at Ace"`` or
    ``"bow hold"`` (F.zep.turrets): checked at once, with the odds; a later choice replaces it."""
    from cs_panel.fasa.referee.phases import _need

    _need(state, _combat_phase(), "aim a turret")
    z = next((x for x in state.zeppelins if x.name == action.plane), None)
    if z is None:
        raise RefereeError(f"no zeppelin called {action.plane!r}; the zeppelins are {[x.name for x in state.zeppelins]}",
                           field="zeppelin")
    words = " ".join(action.maneuver.split())
    if words.startswith("main "):
        return _aim_main_gun(state, z, words)
    m = re.fullmatch(r"(bow|stern|(?:port|starboard) [1-5]) (?:at (\S+)|(hold))", words)
    if not m:
        raise FireOrderError(f"a turret order is 'MOUNT at PLANE' or 'MOUNT hold', MOUNT one of "
                             f"{', '.join(z.mounts) or 'none'}, not {action.maneuver!r} (F.zep.turrets)", field="order")
    mount, target = m.group(1), m.group(2) or "hold"
    if mount not in z.mounts:
        raise FireOrderError(f"{z.name} has no turret at {mount}; its turrets are at {', '.join(z.mounts) or 'none'}",
                             field="order")
    if not z.aloft:
        raise FireOrderError(f"{z.name} has fallen: its turrets are silent", field="zeppelin")
    why = z.silent(mount, state.turn)
    if why:
        raise FireOrderError(f"{z.name}'s {mount} turret cannot fire this turn: {why}", field="order")
    line = f"{z.name} ({z.player}) orders its {mount} turret: "
    if target == "hold":
        line += "hold fire"
    else:
        p = next((x for x in state.planes if x.name == target), None)
        if p is None or p.player == z.player:
            raise FireOrderError(f"{z.name}'s turrets fire at enemy planes: {target!r} is not one", field="target")
        odds = []
        for mt, gun in z.turrets:
            if mt != mount:
                continue
            ok, rng, why = turret_reach(z, mount, gun, p.plane.hex, state.zeppelins, state.objects)
            if not ok:
                error = LineOfFireBlockedError if IN_THE_WAY in why else FireOrderError
                raise error(f"{z.name}'s {mount} turret cannot reach {p.name}: {why}", field="target")
            odds.append(f".{gun.split('-')[1]} at {rng} hexes needs {turret_number(p, gun, z.mount_hex(mount), rng)}")
        line += f"fire at {p.name}: " + "; ".join(odds)
    aims = tuple(a for a in z.aims if a[0] != mount) + ((mount, target),)
    new = dataclasses.replace(z, aims=aims)
    return dataclasses.replace(state, zeppelins=tuple(new if x.name == z.name else x for x in state.zeppelins),
                               report=state.report + (line,))


def main_gun_reach(z: RefZeppelin, mount: str, h: Hex, zeppelins: Sequence[RefZeppelin] = (),
                   objects: Sequence = ()) -> str | None:
    """Why a main gun cannot put its flak round on hex ``h``, or None: 8 hexes at most, on its own side
    of the ship (F.zep.main-guns; the side's field is our reading), with no intact gas cell of
    ``zeppelins`` (its own ship's too) and no object standing on the ground short of it (F.combat.los,
    F.zep.static)."""
    origin = z.mount_hex(mount)
    d = origin.distance(h)
    if d > MAIN_GUN_RANGE:
        return f"{d} hexes from the gun, beyond the main guns' {MAIN_GUN_RANGE} (F.zep.main-guns)"
    if h in z.hexes:
        return "a hex of the zeppelin itself"
    b = _bearing(z, origin, h)
    side = mount.split()[1]
    if b is not None and abs((b - _ARC_CENTRE[side] + 180) % 360 - 180) > _ARC_HALF[side] + 1e-9:
        return f"not on the {side} side, where the {mount} gun fires (F.zep.main-guns)"
    return fire_blocker(zeppelins, objects, origin, h)


def _aim_main_gun(state, z: RefZeppelin, words: str):
    """``main port 2 at hex Q,R`` (one flak round, bursting at the end of next turn's movement, like a
    flak rocket) or ``main port 2 hold`` (F.zep.main-guns, F.rocket.flak)."""
    from cs_panel.fasa.referee.notation import _HEX_TARGET, _target_hex

    m = re.fullmatch(r"(main (?:port|starboard) [1-3]) (?:at (.+)|(hold))", words)
    if not m:
        raise FireOrderError(f"a main gun order is 'main port 1 at hex Q,R' or 'main port 1 hold', not {words!r} "
                             "(F.zep.main-guns)", field="order")
    mount = m.group(1)
    if not z.military:
        raise FireOrderError(f"only a military zeppelin carries main guns; {z.name} is commercial (F.zep.main-guns)",
                             field="order")
    if not z.aloft:
        raise FireOrderError(f"{z.name} has fallen: its guns are silent", field="zeppelin")
    target = "hold"
    line = f"{z.name} ({z.player}) orders its {mount} gun: "
    if m.group(2):
        at = _HEX_TARGET.fullmatch(m.group(2).strip())
        if not at:
            raise FireOrderError(f"a main gun fires at a hex, 'hex Q,R', not {m.group(2)!r} (F.zep.main-guns)",
                                 field="target")
        h = _target_hex(at.group(1), at.group(2))
        why = main_gun_reach(z, mount, h, state.zeppelins, state.objects)
        if why:
            error = LineOfFireBlockedError if IN_THE_WAY in why else FireOrderError
            raise error(f"{z.name}'s {mount} gun cannot fire at {h!r}: {why}", field="target")
        if state.map is not None and h not in state.map:
            raise FireOrderError(f"{h!r} is off the {state.map.name} map (F.map.sheets)", field="target")
        target = f"hex {h.q},{h.r}"
        line += (f"one flak round at {target}: no to-hit roll; it bursts at the end of turn {state.turn + 1}'s "
                 "movement phase like a flak rocket (F.zep.main-guns, F.rocket.flak)")
    else:
        line += "hold fire"
    aims = tuple(a for a in z.aims if a[0] != mount) + ((mount, target),)
    new = dataclasses.replace(z, aims=aims)
    return dataclasses.replace(state, zeppelins=tuple(new if x.name == z.name else x for x in state.zeppelins),
                               report=state.report + (line,))


def _combat_phase():
    from cs_panel.fasa.referee.state import Phase

    return Phase.COMBAT


def turret_orders(state, zeppelin: RefZeppelin) -> list[str]:
    """Every turret order the side may give now for ``zeppelin``: hold, or each enemy plane in reach."""
    out: list[str] = []
    if not zeppelin.aloft:
        return out
    chosen = dict(zeppelin.aims)
    for mount in zeppelin.mounts:
        if mount in chosen or zeppelin.silent(mount, state.turn):
            continue
        out.append(f"{mount} hold")
        if mount.startswith("main "):  # at the hexes enemy planes are in now (every hex would be too many)
            hexes = sorted({p.plane.hex for p in state.planes if p.player != zeppelin.player})
            out += [f"{mount} at hex {h.q},{h.r}" for h in hexes
                    if main_gun_reach(zeppelin, mount, h, state.zeppelins, state.objects) is None
                    and (state.map is None or h in state.map)]
            continue
        guns = [g for m, g in zeppelin.turrets if m == mount]
        for p in state.planes:
            if p.player != zeppelin.player and all(turret_reach(zeppelin, mount, g, p.plane.hex, state.zeppelins,
                                                                state.objects)[0]
                                                    for g in guns):
                out.append(f"{mount} at {p.name}")
    return out


def turret_fire(state, planes: dict, zeps: dict[str, RefZeppelin], dice: Dice, said: list[str], placed: list,
                objects: Sequence | None = None) -> None:
    """Step 7 of the combat phase for zeppelins: after every plane, each turret of each zeppelin still
    aloft fires its guns, at the plane its side chose or else the first enemy it reaches in firing
    order; each hit one location roll for the turret's hits, a column and the gun's AP template,
    then widowing (F.zep.turrets, F.hitloc.table, F.dmg.template). A knocked-out nacelle's turret
    and a shocked gunner's guns are silent (F.zep.gunners). A military zeppelin's main guns fire the
    flak rounds their side ordered, each waiting in ``placed`` to burst like a flak rocket (F.zep.main-guns).
    ``objects`` are the map's objects as the phase has left them (the state's by default): those still
    standing block, as the hulls do (F.combat.los)."""
    from cs_panel.fasa.damage import template_for
    from cs_panel.fasa.gunnery import hit_location
    from cs_panel.fasa.referee.marking import _lost_to_damage, _place, _widow
    from cs_panel.fasa.tohit import attack_hexside

    things = tuple(state.objects if objects is None else objects)
    for name in list(zeps):
        z = zeps[name]
        if not z.aloft or not z.mounts:
            continue
        said.append(f"{z.name}'s turrets fire, after every plane (F.zep.turrets)")
        chosen = dict(z.aims)
        for mount in z.mounts:
            if mount.startswith("main "):
                _fire_main_gun(state, z, mount, chosen.get(mount), placed, said)
                continue
            why = z.silent(mount, state.turn)
            if why:
                said.append(f"{z.name}'s {mount} turret is silent: {why}")
                continue
            if chosen.get(mount) == "hold":
                said.append(f"{z.name}'s {mount} turret holds fire")
                continue
            guns = [g for m, g in z.turrets if m == mount]
            origin = z.mount_hex(mount)
            live = [p for p in planes.values() if p.player != z.player and not _lost_to_damage(p)]
            if mount in chosen:
                live = [p for p in live if p.name == chosen[mount]]
            target = next((p for p in live if any(turret_reach(z, mount, g, p.plane.hex, list(zeps.values()), things)[0]
                                                   for g in guns)), None)
            if target is None:
                said.append(f"{z.name}'s {mount} turret has no enemy in reach")
                continue
            hits = []
            for gun in guns:
                ok, rng, why = turret_reach(z, mount, gun, target.plane.hex, list(zeps.values()), things)
                if not ok:
                    said.append(f"{z.name}'s {mount} turret .{gun.split('-')[1]} cannot reach {target.name}: {why}")
                    continue
                tn = turret_number(target, gun, origin, rng)
                roll = tn.resolve(dice)
                said.append(f"{z.name}'s {mount} turret fires a .{gun.split('-')[1]} at {target.name}: needs {tn} -- "
                            f"rolled {roll.faces[0]}: {'HIT' if roll.success else 'miss'}")
                if roll.success:
                    hits.append((gun, rng))
            if not hits:
                continue
            side = attack_hexside(target.plane.hex, target.plane.facing, origin) or Facing.A
            t = dataclasses.replace(target, hits_taken=target.hits_taken + len(hits))
            where = hit_location(side).resolve(dice)
            said.append(f"{t.name} takes {len(hits)} hit{'s' if len(hits) != 1 else ''} through hexside {side.name}: "
                        f"hit location d10 {where.faces[0]} -> {where.outcome.label} table (F.hitloc.table)")
            for gun, rng in hits:
                t = _place(t, where.outcome, template_for(gun, "AP").id, f"{z.name}'s {mount} turret .{gun.split('-')[1]}",
                           dice, state.turn, said, range_hexes=rng)
            planes[t.name] = _widow(t, dice, state.turn, said)
    for name, z in zeps.items():  # choices last for one combat phase
        if z.aims:
            zeps[name] = dataclasses.replace(z, aims=())


def _fire_main_gun(state, z: RefZeppelin, mount: str, target: str | None, placed: list, said: list[str]) -> None:
    """One main gun's flak round, if its side aimed it: no to-hit roll, a burst at the end of next turn's
    movement phase (F.zep.main-guns, F.rocket.flak). A gun not aimed does not fire (our reading)."""
    from cs_panel.fasa.referee.notation import _HEX_TARGET, _target_hex
    from cs_panel.fasa.referee.state import Flak

    if not target or target == "hold":
        return
    why = z.silent(mount, state.turn)
    if why:
        said.append(f"{z.name}'s {mount} gun is silent: {why}")
        return
    at = _HEX_TARGET.fullmatch(target)
    if at is None:  # aims are checked when given: a saved game edited by hand
        raise RefereeError(f"{z.name}'s {mount} gun is aimed at {target!r}, not a hex", field="aims")
    h = _target_hex(at.group(1), at.group(2))
    side, n = mount.split()[1:]
    placed.append(Flak(z.name, h, state.turn, (3 if side == "starboard" else 0) + int(n), source=f"main gun {side} {n}"))
    said.append(f"{z.name}'s {mount} gun fires a flak round at hex {h.q},{h.r}: no to-hit roll; it bursts at the end "
                f"of turn {state.turn + 1}'s movement phase (F.zep.main-guns, F.rocket.flak)")


def shock_gunner(z: RefZeppelin, mount: str, turn: int, dice: Dice, said: list[str]) -> RefZeppelin:
    """A flare or sonic blast reaches a turret's gunner: his roll at an effective Constitution of 5 (2,
    plus 3 for the guns around him); failed, his guns are silent this turn and the next (F.zep.gunners).
    For the flare and sonic rockets to call when they land."""
    from cs_panel.fasa.zeppelin import gunner_shock_roll

    if mount not in z.mounts:
        raise RefereeError(f"{z.name} has no turret at {mount!r}", field="mount")
    already = any(m == mount and 0 <= turn - t <= 1 for m, t in z.gunners_shocked)
    tn = gunner_shock_roll(already)
    roll = tn.resolve(dice)
    said.append(f"{z.name}'s {mount} gunner resists shock: needs {tn} -- rolled {roll.faces[0]}: "
                + ("holds" if roll.success else "SHOCKED, the gun is silent this turn and the next") + " (F.zep.gunners)")
    if roll.success:
        return z
    kept = tuple(x for x in z.gunners_shocked if x[0] != mount)
    return dataclasses.replace(z, gunners_shocked=kept + ((mount, turn),))


def gunners_caught(zeppelins: Iterable[RefZeppelin], weapon: str, aim: Hex,
                   objects: Sequence = ()) -> list[tuple[RefZeppelin, str]]:
    """The zeppelin gunners a flare or sonic rocket going off at ``aim`` makes roll, each as
    (zeppelin, mount), friend or foe as a wingman is (F.zep.gunners, F.rocket.flare, F.rocket.sonic;
    our reading, RULINGS.md). A sonic blast reaches every gun whose hex is in the mega-hex around
    ``aim``. A gunner faces down the hexrow his gun points along, and the gun may be turned into any
    hexrow of its field, so a flare catches him when it is in his gun's hex, or on a straight hexrow
    from it inside the gun's field (``turret_reach``'s arcs; a main gun, its side's) with nothing
    between that blocks sight: an intact gas cell or an object standing on the ground, the walls of
    ``sightline.fire_blocker`` (F.map.hexes, F.combat.los). Fallen zeppelins and knocked-out
    nacelles' turrets have no gunner left to catch."""
    from cs_panel.fasa.hexgrid import mega_hex

    zeps = tuple(zeppelins)
    objs = tuple(objects)
    zone = set(mega_hex(aim))
    out = []
    for z in zeps:
        if not z.aloft:
            continue
        for mount in z.mounts:
            if mount in z.nacelles_lost:
                continue
            h = z.mount_hex(mount)
            if weapon == "sonic-rocket":
                if h in zone:
                    out.append((z, mount))
                continue
            if h == aim:
                out.append((z, mount))
                continue
            d = h.distance(aim)
            if not any(h.neighbor(f, d) == aim for f in Facing):
                continue  # not down a straight hexrow from the gun
            kind = mount.split()[1] if mount.startswith("main ") else z.turret_kind(mount)
            b = _bearing(z, h, aim)
            if b is not None and abs((b - _ARC_CENTRE[kind] + 180) % 360 - 180) > _ARC_HALF[kind] + 1e-9:
                continue  # behind the gun: the gunner does not look that way
            if fire_blocker(zeps, objs, h, aim) is None:
                out.append((z, mount))
    return out


# -- landing on a zeppelin (F.land.target, F.land.mishap) --------------------------------------------

LANDING = re.compile(r"^land on (\S+)$")


def landing_of(plotted: str | None) -> str | None:
    """The zeppelin a plot lands on (``"land on Pegasus"``), or None for a maneuver."""
    m = LANDING.match(plotted or "")
    return m.group(1) if m else None


def check_landing(zeppelins: Sequence[RefZeppelin], rp, text: str) -> RefZeppelin:
    """A plane of the zeppelin's own side, flying beside one of its intact gas cells (under the ship,
    where the landing hook hangs: our reading of the lost map), may land on it instead of plotting a
    maneuver (F.land.target)."""
    name = landing_of(text)
    z = next((x for x in zeppelins if x.name == name), None)
    if z is None:
        raise RefereeError(f"{rp.name} cannot land on {name!r}: the zeppelins are {[x.name for x in zeppelins]}",
                           field="maneuver")
    if z.player != rp.player:
        raise RefereeError(f"{rp.name} lands only on its own side's zeppelin; {z.name} flies for {z.player} "
                           "(F.land.target)", field="maneuver")
    if not z.aloft:
        raise RefereeError(f"{z.name} has fallen: nothing to land on", field="maneuver")
    if not any(rp.plane.hex.distance(h) == 1 for h in z.cover):
        raise RefereeError(f"{rp.name} must be in a hex beside one of {z.name}'s intact gas cells to reach its landing "
                           "hook (F.land.target; our reading)", field="maneuver")
    return z


def can_land(zeppelins: Sequence[RefZeppelin], rp, z: RefZeppelin) -> bool:
    try:
        check_landing(zeppelins, rp, f"land on {z.name}")
    except RefereeError:
        return False
    return True


def land(zeppelins: dict[str, RefZeppelin], name: str, rp, dice: Dice, turn: int, said: list[str]) -> tuple[str, bool]:
    """A plane lands on its zeppelin: the landing number with the zeppelin gear, rudders, flaps and
    wounds the record sheet shows, rolled unless it is automatic; a failure by some margin is read
    on the zeppelin landing table (F.land.target, F.land.mishap, FASA p.31-32). The plane leaves
    the fight either way. Returns what happened and whether the plane was destroyed; the worst
    mishap shreds the gas cell nearest the plane (our reading of which cell is torn open)."""
    from cs_panel.fasa.landing import Mishap, landing_check

    z = zeppelins[name]
    s = rp.record
    rudders = int(bool(s.lost("rudder", "port"))) + int(bool(s.lost("rudder", "starboard")))
    check = landing_check(rp.plane.natural_touch, gear_damaged=bool(s.lost("zeppelin_gear")), rudders_damaged=rudders,
                          flaps_damaged=bool(s.lost("flaps")), pilot_wounds=s.pilot_wounds,
                          other_damage=bool(s.marks), zeppelin=True)
    roll = check.resolve(dice)
    if roll is None:
        said.append(f"{rp.name} lands on {z.name}: {check} (F.land.target)")
        return f"landed on {z.name}", False
    mishap = roll.outcome
    said.append(f"{rp.name} lands on {z.name}: needs {check.target} -- rolled {roll.faces[0]}: {mishap.value} "
                "(F.land.target, F.land.mishap)")
    if mishap is Mishap.SAFE:
        return f"landed on {z.name}", False
    if mishap is Mishap.ZEP_CRASH:
        cell = min(range(CELLS), key=lambda i: (z.cells[i] == 0, min(rp.plane.hex.distance(h) for h in z.cell_hexes(i))))
        if z.cells[cell]:
            cells = tuple(0 if i == cell else p for i, p in enumerate(z.cells))
            said.append(f"  {z.name}'s gas cell {cell + 1} is torn open: {z.cells[cell]} -> 0 (F.land.mishap)")
            z = dataclasses.replace(z, cells=cells)
            if z.core.falling and not z.fell_turn:
                z = dataclasses.replace(z, fell_turn=turn)
                said.append(f"{z.name} is down to {sum(z.cells)} points of gas: it plummets from the sky (F.zep.gas-cells)")
            zeppelins[z.name] = z
        return f"crashed landing on {z.name} (F.land.mishap)", True
    # the plane is aboard, damaged as the table says; it is out of this fight, so its sheet is not marked
    return f"landed on {z.name}, damaged: {mishap.value}", False


# -- flak over a zeppelin (F.rocket.flak, F.zep.gas-cells, F.zep.nacelle) -------------------------------


def flak_on_cells(zeppelins: dict[str, RefZeppelin], burst_hex: Hex, weapon: str, turn: int, said: list[str]) -> None:
    """A flak burst over a zeppelin: two hits on the gas cell in the burst's hex, one on each other
    intact cell with a hex beside it, each for the flak template's Zep. Dmg. points; the nacelles'
    mats stop it (F.rocket.flak, F.zep.gas-cells, F.zep.nacelle; a cell is hit once however many of
    its hexes the burst reaches: our reading)."""
    for name in list(zeppelins):
        z = zeppelins[name]
        if not z.aloft:
            continue
        for i in range(CELLS):
            hexes = z.cell_hexes(i)
            if z.cells[i] == 0:
                continue
            hits = 2 if burst_hex in hexes else 1 if any(burst_hex.distance(h) == 1 for h in hexes) else 0
            if hits:
                said.append(f"  the burst catches {z.name}'s gas cell {i + 1}: {hits} hit{'s' if hits > 1 else ''} "
                            "(F.rocket.flak, F.zep.gas-cells)")
            for _ in range(hits):
                z = zeppelins[name]
                if z.aloft and z.cells[i] > 0:
                    hit_gas_cell(zeppelins, z, i, weapon, "", turn, said)
