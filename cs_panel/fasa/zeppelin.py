"""Zeppelins: a fixed obstacle of gas cells, engine nacelles, turrets, main guns and gunners
(F.zep.static, F.zep.gas-cells, F.zep.cell-destroyed, F.zep.nacelle, F.zep.turrets,
F.zep.main-guns, F.zep.gunners; FASA *Crimson Skies*, Zeppelins, p.45-47).

- A zeppelin does not move. Its hexes block planes and shots, except where a gas cell has been
  shredded: planes then fly and fire through (F.zep.static, F.zep.cell-destroyed).
- Five gas cells of 60 points; at 120 points or fewer left the zeppelin falls. A gas cell is so
  big that only a 1 misses it (3 or more when shocked). A hit takes as many points as the weapon's
  template has boxes (a military zeppelin's reinforced cells take the template's second, smaller
  number); a magnesium round on a hydrogen cell destroys the whole ship (F.zep.gas-cells).
- Engine nacelles shrug off flak; otherwise they are hit on 7 with every usual modifier except
  deflection. An attacker facing the zeppelin whose shot misses a plane or nacelle in between hits
  the first gas cell along that line of hexes (F.zep.nacelle).
- Turret guns reach 2 hexes further than the same gun on a plane and fire after everyone else;
  nacelle turrets turn through 3 lines of hexes, bow and stern turrets through 4 (F.zep.turrets).
- A military zeppelin has three main guns a side, each firing one flak round a turn up to 8
  hexes, which bursts like a flak rocket (F.zep.main-guns).
- Zeppelin gunners have an effective Constitution of 5 (2, plus 3 for their shelter); a shocked
  gunner's gun is silent while he is (F.zep.gunners).

The zeppelin maps and the diagrams of the cells and firing alleys were lost, so which hexes a cell
covers is given by the mission (``Zeppelin.along`` lays five cells down a line of hexes: a
``reconstructed`` stand-in), and turrets carry their alley count, not their geometry.

>>> z = Zeppelin.along(Hex(0, 0), Facing.B, cell_length=2)
>>> print(z.hit_cell(0, 70))
gas cell 1: 60 -> 0 (shredded); 240 of 300 points left
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import Modifier, TargetNumber
from cs_panel.fasa.deployed import FlakHit, flak_burst
from cs_panel.fasa.hexgrid import Facing, Hex, forward_column
from cs_panel.fasa.tohit import check_skill, shock_roll, weapons

CELLS, CELL_POINTS, FALLS_AT = 5, 60, 120  # F.zep.gas-cells
NACELLE_BASE = 7  # F.zep.nacelle
TURRET_EXTRA_RANGE = 2  # F.zep.turrets
TURRET_ALLEYS = {"port": 3, "starboard": 3, "bow": 4, "stern": 4}
MAIN_GUNS_PER_SIDE, MAIN_GUN_RANGE = 3, 8  # F.zep.main-guns
GUNNER_CONSTITUTION, GUNNER_SHELTER = 2, 3  # F.zep.gunners
SHOCKED = 2


class ZeppelinError(RuleInputError):
    """A zeppelin set-up or an attack on one the rules do not allow."""


@dataclass(frozen=True)
class CellHit:
    """What one hit did to a gas cell and to the ship."""

    cell: int
    before: int
    after: int
    total_left: int
    destroyed_ship: bool = False

    def __str__(self) -> str:
        if self.destroyed_ship:
            return f"gas cell {self.cell + 1}: magnesium in hydrogen: the zeppelin burns and is destroyed"
        shredded = " (shredded)" if self.after == 0 else ""
        return (f"gas cell {self.cell + 1}: {self.before} -> {self.after}{shredded}; "
                f"{self.total_left} of {CELLS * CELL_POINTS} points left" + ("; it falls" if self.total_left <= FALLS_AT else ""))


@dataclass(frozen=True)
class Zeppelin:
    """A zeppelin on the map: its gas cells' hexes and points, its kind and its lifting gas."""

    cell_hexes: tuple[frozenset[Hex], ...]
    cells: tuple[int, ...] = (CELL_POINTS,) * CELLS
    military: bool = False
    hydrogen: bool = False
    burned: bool = False

    def __post_init__(self):
        if len(self.cell_hexes) != CELLS or len(self.cells) != CELLS:
            raise ZeppelinError(f"a zeppelin has {CELLS} gas cells, got {len(self.cell_hexes)} (F.zep.gas-cells)", field="cells")
        for i, p in enumerate(self.cells):
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= CELL_POINTS:
                raise ZeppelinError(f"gas cell {i + 1} has 0-{CELL_POINTS} points, got {p!r}", field="cells")
        seen: set[Hex] = set()
        for hexes in self.cell_hexes:
            if not hexes or hexes & seen:
                raise ZeppelinError("every gas cell covers its own hexes, at least one", field="cell_hexes")
            seen |= hexes

    @classmethod
    def along(cls, start: Hex, facing: Facing, cell_length: int = 2, **kw) -> "Zeppelin":
        """Five cells laid one after another down the line of hexes from ``start`` toward ``facing``
        (a stand-in for the lost zeppelin map: ``reconstructed``)."""
        line = forward_column(start, facing, CELLS * cell_length - 1)
        line = [start, *[h for h in line if h != start]][:CELLS * cell_length]
        cells = tuple(frozenset(line[i * cell_length:(i + 1) * cell_length]) for i in range(CELLS))
        return cls(cells, **kw)

    # -- F.zep.gas-cells, F.zep.static, F.zep.cell-destroyed --------------------------------------------
    @property
    def points(self) -> int:
        return sum(self.cells)

    @property
    def falling(self) -> bool:
        """At 120 points or fewer (or burned) the zeppelin plummets (F.zep.gas-cells)."""
        return self.burned or self.points <= FALLS_AT

    def cell_at(self, h: Hex) -> int | None:
        for i, hexes in enumerate(self.cell_hexes):
            if h in hexes:
                return i
        return None

    def blocks(self, h: Hex) -> bool:
        """Does this hex stop planes and shots? Yes, unless its cell is shredded (F.zep.static,
        F.zep.cell-destroyed); a burned or fallen ship blocks nothing."""
        i = self.cell_at(h)
        return i is not None and self.cells[i] > 0 and not self.burned

    def hit_cell(self, cell: int, damage: int, magnesium: bool = False) -> CellHit:
        """One hit on a gas cell: ``damage`` points (the template's box count, or its military
        number), or the ship destroyed by magnesium in hydrogen (F.zep.gas-cells)."""
        if not isinstance(cell, int) or not 0 <= cell < CELLS:
            raise ZeppelinError(f"gas cells are numbered 0-{CELLS - 1}, got {cell!r}", field="cell")
        if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
            raise ZeppelinError(f"damage is a whole number of points, got {damage!r}", field="damage")
        before = self.cells[cell]
        if magnesium and self.hydrogen:
            return CellHit(cell, before, before, self.points, destroyed_ship=True)
        after = max(0, before - damage)
        left = self.points - (before - after)
        return CellHit(cell, before, after, left)

    def hit_with(self, cell: int, weapon: str, ammunition: str | None = None) -> CellHit:
        """One hit on a gas cell by a weapon: the points are its damage template's Zep. Dmg.
        number (the first on a commercial ship, the second on a military one), and a magnesium
        round in a hydrogen ship destroys it (F.zep.gas-cells, F.dmg.template, FASA p.37, 46).

        >>> z = Zeppelin.along(Hex(0, 0), Facing.B)
        >>> z.hit_with(2, "mg-50", "AP").after, replace(z, military=True).hit_with(2, "mg-50", "AP").after
        (55, 56)
        """
        from cs_panel.fasa.damage import template_for  # the damage core is only needed for this look-up

        t = template_for(weapon, ammunition)
        if t.zep_damage is None:
            raise ZeppelinError(f"the {t.name} template has no Zep. Dmg. number", field="weapon")
        return self.hit_cell(cell, t.zep_damage[1] if self.military else t.zep_damage[0], magnesium=t.burns)

    def after(self, hit: CellHit) -> "Zeppelin":
        if hit.destroyed_ship:
            return replace(self, burned=True)
        cells = list(self.cells)
        cells[hit.cell] = hit.after
        return replace(self, cells=tuple(cells))

    def stray_round(self, attacker: Hex, facing: Facing, reach: int = 30) -> int | None:
        """Which gas cell a missed shot goes on to hit, if the attacker faces the zeppelin: the first
        intact cell down his forward line of hexes (F.zep.nacelle)."""
        for h in forward_column(attacker, facing, reach):
            i = self.cell_at(h)
            if i is not None and self.cells[i] > 0:
                return i
        return None


def gas_cell_number(shocked: bool = False) -> TargetNumber:
    """Hitting a gas cell: anything but a 1, or 3 or more when shocked (F.zep.gas-cells)."""
    terms = [Modifier(1, "gas cell: only a 1 misses", "F.zep.gas-cells")]
    if shocked:
        terms.append(Modifier(SHOCKED, "shocked", "F.shock"))
    return TargetNumber(tuple(terms), what="hit a gas cell")


def nacelle_number(range_hexes: int, dead_eye: int = 0, weapon: str = "mg-50", shocked: bool = False) -> TargetNumber:
    """Hitting an engine nacelle: 7 with every usual modifier but deflection; never with flak (F.zep.nacelle)."""
    if "flak" in weapon:
        raise ZeppelinError("the nacelles' mats stop flak: flak rockets and barrages do them no harm (F.zep.nacelle)",
                            field="weapon")
    w = weapons()[weapon]
    if isinstance(range_hexes, bool) or not isinstance(range_hexes, int) or not 0 <= range_hexes <= w["range"]:
        raise ZeppelinError(f"the {w['name']} reaches 0-{w['range']} hexes, not {range_hexes!r}", field="range_hexes")
    terms = [Modifier(NACELLE_BASE, "engine nacelle", "F.zep.nacelle"),
             Modifier(range_hexes, f"range {range_hexes} hexes", "F.hit.range"),
             Modifier(-check_skill(dead_eye, "dead_eye"), f"Dead Eye {dead_eye}", "F.hit.number")]
    if w["modifier"]:
        terms.append(Modifier(w["modifier"], w["name"], "F.hit.weapon-mod"))
    if shocked:
        terms.append(Modifier(SHOCKED, "shocked", "F.shock"))
    return TargetNumber(tuple(terms), what="hit an engine nacelle")


@dataclass(frozen=True)
class Turret:
    """A zeppelin turret: where it sits and its gun (F.zep.turrets)."""

    position: str
    gun: str

    def __post_init__(self):
        if self.position not in TURRET_ALLEYS:
            raise ZeppelinError(f"a turret sits at {', '.join(TURRET_ALLEYS)}, not {self.position!r}", field="position")
        weapons()[self.gun]  # an unknown gun fails here, naming the weapons file

    @property
    def range(self) -> int:
        """Two hexes more than the same gun on a plane (F.zep.turrets: a .70 reaches 5)."""
        return weapons()[self.gun]["range"] + TURRET_EXTRA_RANGE

    @property
    def alleys(self) -> int:
        """Lines of hexes the turret can turn through: 3 at the nacelles, 4 at bow and stern."""
        return TURRET_ALLEYS[self.position]


def main_gun_barrage(zeppelin: Zeppelin, side: str, targets: Iterable[Hex], gun_hex: Hex,
                     planes: Iterable[tuple[str, Hex, Facing]]) -> list[list[FlakHit]]:
    """A military zeppelin's main guns on one side: up to three flak rounds, each at a hex within 8,
    bursting like a flak rocket (F.zep.main-guns, F.rocket.flak)."""
    if not zeppelin.military:
        raise ZeppelinError("only a military zeppelin carries main guns (F.zep.main-guns)", field="military")
    if side not in ("port", "starboard"):
        raise ZeppelinError(f"main guns fire to port or starboard, not {side!r}", field="side")
    targets = list(targets)
    if len(targets) > MAIN_GUNS_PER_SIDE:
        raise ZeppelinError(f"{MAIN_GUNS_PER_SIDE} main guns a side, one round each: not {len(targets)} rounds", field="targets")
    planes = list(planes)
    out = []
    for t in targets:
        if gun_hex.distance(t) > MAIN_GUN_RANGE:
            raise ZeppelinError(f"the main guns reach {MAIN_GUN_RANGE} hexes; {t!r} is {gun_hex.distance(t)} away", field="targets")
        out.append(flak_burst(t, planes))
    return out


def gunner_shock_roll(already_shocked: bool = False) -> TargetNumber:
    """A zeppelin gunner's roll against flare or sonic shock, at an effective Constitution of 5 (F.zep.gunners)."""
    t = shock_roll(GUNNER_CONSTITUTION + GUNNER_SHELTER, already_shocked)
    return TargetNumber(t.terms + (Modifier(0, "zeppelin gunner: Constitution 2 + 3 for shelter", "F.zep.gunners"),),
                        what="zeppelin gunner against shock", notes=("failed: the gun cannot fire while he is shocked",))
