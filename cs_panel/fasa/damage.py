"""FASA damage: the record sheet's damage diagram, damage templates, and what each lost box does
(F.plane.record-sheet p.8-10; F.dmg.*, FASA p.36-40; F.weap.magnesium p.14, 39).

- ``DamageTemplate``: one weapon's damage profile (``damage_templates.json``, reconstructed:
  the plastic template was not recovered). ``template_for("mg-50", "AP")`` finds one.
- ``DamageDiagram``: the boxes of one layout (``damage_layouts.json``, the fan redraw of the four
  FASA layouts) with the plane's armour added as rows of ten outside each table. Cells are
  ``(col, row)`` on the sheet: columns 0-9 port wing, 10-19 fuselage, 20-29 starboard wing; row 0
  is the nose row of the fuselage, armour above the nose has negative rows.
- ``RecordSheet``: an immutable damage state (diagram + marks + burns and drills under way +
  crew Constitution). Every action returns a result holding the *new* sheet:
  ``sheet.hit(table, column, template)`` (F.dmg.template), ``sheet.widow()`` (F.dmg.widow, after
  each attacker), ``sheet.attack(hits)`` (both), ``sheet.continuing_damage(dice)`` (turn step 8).
  ``sheet.capabilities()`` turns destroyed components into the ``Capabilities`` the movement
  core takes; ``sheet.limits()`` explains each limit with its rule.

Readings of ours (RULINGS.md): tables' columns are numbered 1-10 left to right as the sheet is
printed; the wing's leading table is its first four rows, the trailing table its last three;
the "centre of the plane" is the two middle rows of the fuselage; a plane is cut when destroyed
boxes link a box on the front edge to one on the rear edge.

>>> sheet = RecordSheet.for_plane("devastator")
>>> sheet.layout, dict(sheet.armour)["nose"]
('pusher', 50)
>>> r = sheet.hit(DamageTable.NOSE, 3, "mg-70-AP")
>>> len(r.destroyed), r.lost
(7, 0)
>>> r.sheet.capabilities() == sheet.capabilities()  # only nose armour so far
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from typing import Any

from cs_panel.core.data import Entry, Field, Table, load_table
from cs_panel.core.dice import Dice
from cs_panel.core.errors import DataFileError, RuleInputError, SavedStateError
from cs_panel.core.validate import check_choice, check_int, short_repr
from cs_panel.core.explain import TargetNumber
from cs_panel.core.rules import rule
from cs_panel.core.variants import OFFICIAL, RuleSet, Variant, register_variant
from cs_panel.fasa.aircraft import ARMOUR_SECTIONS, Aircraft, plane
from cs_panel.fasa.gunnery import COLUMNS, DamageTable
from cs_panel.fasa.movement import REDLINE_PAST_ENGINE_DAMAGE, RUDDER_STRAIGHT, Capabilities
from cs_panel.fasa.random_movement import NOSE as FRACTURE_NOSE
from cs_panel.fasa.random_movement import PORT_LEADING, STARBOARD_LEADING
from cs_panel.fasa.tohit import shock_roll

Cell = tuple[int, int]  # (sheet column 0-29, row; 0 = the fuselage's nose row)

SHEET_COLUMNS = 30
WING_COLUMNS = {"port": range(10), "fuselage": range(10, 20), "starboard": range(20, 30)}
ARMOUR_ROW = 10  # boxes per armour row: one row per 10 points (research/fasa_data.md 4.2)
ARMOUR_MAX = 100
LEADING_ROWS = 4  # of a wing's seven rows, the first four form its leading table (RULINGS.md)

FRONT_TABLES = (DamageTable.NOSE, DamageTable.PORT_WING_LEADING, DamageTable.STARBOARD_WING_LEADING)
REAR_TABLES = (DamageTable.TAIL, DamageTable.PORT_WING_TRAILING, DamageTable.STARBOARD_WING_TRAILING)

WIDOW_STRICT_CENTRE = register_variant(Variant(
    "fasa.widow-strict-centre",
    "the centre widowing traces to is only the fuselage's two middle rows: once both are destroyed, "
    "every box left is widowed; the default lets the nearest intact fuselage rows stand in, since "
    "p.38 widows only areas walled off by destroyed boxes",
    "F.dmg.widow",
    "our reading",
))

WING_CONTROL_OWN_SIDE = register_variant(Variant(
    "fasa.wing-control-own-side",
    "a hit wing-control location costs only its own side's aileron (and the flaps); the default "
    "follows p.40's plain words: either location costs the flaps and both ailerons",
    "F.dmg.wing-controls",
    "our reading",
))

#: why a box was marked: a template, an emptied tank, widowing, a magnesium burn, a drill turn
MARK_KINDS = ("hit", "tank", "widow", "burn", "drill")


class DamageInputError(RuleInputError):
    """A damage action the sheet cannot take: unknown table, column or template, bad armour."""


class LayoutError(DamageInputError):
    """A layout id or an armour value the damage diagram cannot be built from."""


class PlaneDestroyedError(DamageInputError):
    """Damage marked on a plane that is already destroyed (cut in half, tank burned)."""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cite(rule_id: str) -> str:
    r = rule(rule_id)
    return f"{r.id}, {r.citation}"


# ---------------------------------------------------------------------------------------------
# Damage templates (F.dmg.template)


def _check_rows(rows: Any) -> str | None:
    if not rows or not all(_whole(w) and w > 0 and w % 2 == 1 for w in rows):
        return f"rows must be odd widths (each centred on the arrow), got {rows!r}"
    return None


def _check_pair(pair: Any) -> str | None:
    if len(pair) != 2 or not all(_whole(v) and v >= 0 for v in pair):
        return f"zep_damage must be [commercial, military], got {pair!r}"
    return None


TEMPLATE_SCHEMA = {
    "name": Field(str),
    "rows": Field(list, check=_check_rows),
    "zep_damage": Field(list, required=False, check=_check_pair),
    "weapon": Field(str, required=False),
    "ammunition": Field(str, required=False),
    "burns": Field(bool, required=False),
}


@dataclass(frozen=True)
class DamageTemplate:
    """One damage profile of the template: row widths from the arrow inward (F.dmg.template, p.37).

    ``offsets`` are ``(across, depth)`` from the arrow's box; ``burns`` marks magnesium rounds
    (F.weap.magnesium). The first Zep. Dmg. number equals the box count (FASA p.46).

    >>> print(template("mg-60-AP"))
    mg-60-AP: .60 armour-piercing, 6 boxes, Zep. Dmg. 6/5
      ###
       #
       #
       #
    """

    id: str
    name: str
    rows: tuple[int, ...]
    zep_damage: tuple[int, int] | None = None
    weapon: str | None = None
    ammunition: str | None = None
    burns: bool = False
    provenance: str = "reconstructed"
    source: str = ""

    @property
    def boxes(self) -> int:
        return sum(self.rows)

    @property
    def offsets(self) -> tuple[tuple[int, int], ...]:
        return tuple((dx, depth) for depth, w in enumerate(self.rows) for dx in range(-(w // 2), w // 2 + 1))

    def picture(self) -> str:
        wide = max(self.rows)
        return "\n".join("  " + " " * ((wide - w) // 2) + "#" * w for w in self.rows)

    def __str__(self) -> str:
        zep = f", Zep. Dmg. {self.zep_damage[0]}/{self.zep_damage[1]}" if self.zep_damage else ""
        burn = ", burns on" if self.burns else ""
        return f"{self.id}: {self.name}, {self.boxes} box{'es' if self.boxes != 1 else ''}{zep}{burn}\n{self.picture()}"


@cache
def damage_templates(source: str = "package:fasa/damage_templates.json") -> Table:
    """The damage profiles (packaged, or your own file): checked so that the commercial Zep. Dmg.
    number equals the box count, as the rules say it does (F.zep, FASA p.46)."""
    table = load_table(source, TEMPLATE_SCHEMA)
    for e in table:
        zep = e.get("zep_damage")
        if zep is not None and zep[0] != sum(e["rows"]):
            raise DataFileError(table.path, f"Zep. Dmg. {zep[0]} must equal the {sum(e['rows'])} boxes of the profile",
                                entry=e.id, field="zep_damage")
    return table


def _template_from(e: Entry) -> DamageTemplate:
    zep = e.get("zep_damage")
    return DamageTemplate(e.id, e["name"], tuple(e["rows"]), tuple(zep) if zep else None,  # type: ignore[arg-type]
                          e.get("weapon"), e.get("ammunition"), bool(e.get("burns", False)), e.provenance, e.source)


def template(template_id: str | DamageTemplate, source: str = "package:fasa/damage_templates.json") -> DamageTemplate:
    """A damage profile by id (``"mg-50-AP"``, ``"ap-rocket"``, ``"fracture"``)."""
    if isinstance(template_id, DamageTemplate):
        return template_id
    table = damage_templates(source)
    if template_id not in table:
        raise DamageInputError(f"unknown damage template {template_id!r}; known: {sorted(table.entries)}", field="template")
    return _template_from(table[template_id])


#: weapons that hit with another weapon's profile, or with none (F.rocket.*, p.42-45)
TEMPLATE_ALIASES = {"torpedo": "ap-rocket", "bomb-100": "ap-rocket", "bomb-250": "ap-rocket",
                    "bomb-500": "flak-rocket", "bomb-1000": "flak-rocket"}
NO_DAMAGE = ("beeper", "flare-rocket", "sonic-rocket", "harpoon")


def template_for(weapon: str, ammunition: str | None = None) -> DamageTemplate:
    """The profile a weapon hits with: guns by calibre and ammunition (``"mg-50"``, ``"DD"``),
    rockets by id; torpedoes and bombs use the AP rocket or flak profile (F.dmg.template, p.37, 44-45).

    >>> template_for("mg-30", "MG").burns, template_for("torpedo").id
    (True, 'ap-rocket')
    """
    if weapon in NO_DAMAGE:
        raise DamageInputError(f"a {weapon} does no template damage", field="weapon")
    if weapon.startswith("mg-"):
        if ammunition not in ("AP", "DD", "MG"):
            raise DamageInputError(f"a gun's damage depends on its rounds: AP, DD or MG, not {ammunition!r}", field="ammunition")
        return template(f"{weapon}-{ammunition}")
    return template(TEMPLATE_ALIASES.get(weapon, weapon))


# ---------------------------------------------------------------------------------------------
# Layouts and the damage diagram (F.plane.record-sheet, F.dmg.template)

COMPONENT_KINDS = ("gun", "rocket", "canopy", "max_speed", "engine", "radio", "landing_gear", "cargo", "pilot",
                   "zeppelin_gear", "fuel_tank", "tail_controls", "elevator", "rudder", "wing_controls", "spar",
                   "aileron", "flaps")
#: the rule each kind of location obeys once hit (FASA p.39-40)
KIND_RULE = {"gun": "F.dmg.guns", "rocket": "F.dmg.rockets", "canopy": "F.dmg.canopy", "max_speed": "F.dmg.engine",
             "engine": "F.dmg.engine", "radio": "F.dmg.radio", "landing_gear": "F.dmg.gear", "cargo": "F.dmg.internal",
             "pilot": "F.dmg.pilot", "zeppelin_gear": "F.dmg.gear", "fuel_tank": "F.dmg.fuel",
             "tail_controls": "F.dmg.tail-controls", "elevator": "F.dmg.elevator", "rudder": "F.dmg.rudder",
             "wing_controls": "F.dmg.wing-controls", "spar": "F.dmg.spar", "aileron": "F.dmg.aileron", "flaps": "F.dmg.flaps"}


def _check_grid(grid: Any) -> str | None:
    for i, row in enumerate(grid):
        if not isinstance(row, str) or len(row.split(" ")) != SHEET_COLUMNS:
            return f"grid row {i} must be {SHEET_COLUMNS} two-letter codes separated by spaces"
    return None


def _check_components(comps: Any) -> str | None:
    for code, c in comps.items():
        if not isinstance(c, dict) or c.get("kind") not in COMPONENT_KINDS or not isinstance(c.get("name"), str):
            return f"component {code!r} needs a name and a kind among {list(COMPONENT_KINDS)}"
    return None


LAYOUT_SCHEMA = {
    "name": Field(str),
    "turret": Field(bool),
    "engine": Field(str),
    "fuselage_rows": Field(int),
    "wing_rows": Field(list),
    "grid": Field(list, check=_check_grid),
    "components": Field(dict, check=_check_components),
}


@cache
def damage_layouts(source: str = "package:fasa/damage_layouts.json") -> Table:
    """The four damage-diagram layouts (packaged, or your own file), each checked: the grid has
    the stated rows, every code is a listed component, and each component's boxes join up."""
    table = load_table(source, LAYOUT_SCHEMA)
    for e in table:
        if len(e["grid"]) != e["fuselage_rows"]:
            raise DataFileError(table.path, f"grid has {len(e['grid'])} rows, not {e['fuselage_rows']}", entry=e.id, field="grid")
        cells: dict[str, set[Cell]] = {}
        for r, row in enumerate(e["grid"]):
            for c, code in enumerate(row.split(" ")):
                if code in ("..", "__"):
                    continue
                if code not in e["components"]:
                    raise DataFileError(table.path, f"code {code!r} at column {c}, row {r} is not a listed component",
                                        entry=e.id, field="grid")
                cells.setdefault(code, set()).add((c, r))
        for code in e["components"]:
            if code not in cells:
                raise DataFileError(table.path, f"component {code!r} has no boxes", entry=e.id, field="components")
            if len(_connected(next(iter(cells[code])), cells[code])) != len(cells[code]):
                raise DataFileError(table.path, f"the boxes of {code!r} do not join edge to edge", entry=e.id, field="grid")
    return table


def _neighbours(cell: Cell) -> Iterator[Cell]:
    c, r = cell
    yield (c - 1, r)
    yield (c + 1, r)
    yield (c, r - 1)
    yield (c, r + 1)


def _around(cell: Cell) -> Iterator[Cell]:
    """The eight boxes around one, corners included."""
    c, r = cell
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if dc or dr:
                yield (c + dc, r + dr)


def _connected(start: Cell, allowed: set[Cell] | frozenset[Cell], step=_neighbours) -> set[Cell]:
    seen = {start}
    todo = deque([start])
    while todo:
        for n in step(todo.popleft()):
            if n in allowed and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


@dataclass(frozen=True)
class Component:
    """One internal location: bold-outlined boxes that stop working at the first box lost
    (F.dmg.internal, p.39); ``number`` for guns, rockets and Max Speed boxes; ``side`` port,
    starboard or both; ``rear`` for the rear canopy."""

    code: str
    name: str
    kind: str
    cells: tuple[Cell, ...]
    side: str | None = None
    number: int | None = None
    rear: bool = False

    @property
    def rule(self) -> str:
        return KIND_RULE[self.kind]


@dataclass(frozen=True)
class Box:
    """One box of the diagram: the table it belongs to, whether it is armour, its component code."""

    table: DamageTable
    armour: bool = False
    component: str | None = None


def _section(col: int) -> str:
    return "port" if col < 10 else "fuselage" if col < 20 else "starboard"


def _armour_rows(value: int, table: str) -> int:
    if not _whole(value) or not 0 <= value <= ARMOUR_MAX or value % ARMOUR_ROW:
        raise LayoutError(f"armour of the {table.replace('_', ' ')} must be 0-{ARMOUR_MAX} in whole rows of "
                          f"{ARMOUR_ROW}, got {short_repr(value)}", field="armour")
    return value // ARMOUR_ROW


class DamageDiagram:
    """The boxes of one plane's damage diagram: a layout plus its armour rows (F.plane.record-sheet, p.8-10).

    Build one with ``diagram(layout, armour)`` (cached). Read-only: marks live in ``RecordSheet``.
    """

    def __init__(self, layout: str, armour: tuple[tuple[str, int], ...], source: str = "package:fasa/damage_layouts.json"):
        table = damage_layouts(source)
        if layout not in table:
            raise LayoutError(f"unknown damage layout {layout!r}; known: {sorted(table.entries)}", field="layout")
        e = table[layout]
        self.layout = layout
        self.entry = e
        self.name: str = e["name"]
        self.turret: bool = e["turret"]
        self.armour = armour
        self.fuselage_rows: int = e["fuselage_rows"]
        wing_top, wing_bottom = e["wing_rows"]
        self.wing_rows = (wing_top, wing_bottom)
        half = self.fuselage_rows // 2
        boxes: dict[Cell, Box] = {}
        members: dict[str, list[Cell]] = {}
        for r, row in enumerate(e["grid"]):
            for c, code in enumerate(row.split(" ")):
                if code == "__":
                    continue
                section = _section(c)
                if section == "fuselage":
                    t = DamageTable.NOSE if r < half else DamageTable.TAIL
                else:
                    lead = r < wing_top + LEADING_ROWS
                    t = DamageTable(f"{section}_wing_{'leading' if lead else 'trailing'}")
                comp = None if code == ".." else code
                boxes[(c, r)] = Box(t, False, comp)
                if comp:
                    members.setdefault(comp, []).append((c, r))
        armour_by = dict(armour)
        for t in DamageTable:
            n = _armour_rows(armour_by.get(t.value, 0), t.value)
            cols = self.sheet_columns(t)
            front = t in FRONT_TABLES
            if t in (DamageTable.NOSE, DamageTable.TAIL):
                edge = -1 if front else self.fuselage_rows
            else:
                edge = wing_top - 1 if front else wing_bottom + 1
            step = -1 if front else 1
            for i in range(n):
                for c in cols:
                    boxes[(c, edge + i * step)] = Box(t, True, None)
        self.boxes: Mapping[Cell, Box] = boxes
        self.components: Mapping[str, Component] = {
            code: Component(code, spec["name"], spec["kind"], tuple(sorted(members[code])), spec.get("side"),
                            spec.get("number"), bool(spec.get("rear", False)))
            for code, spec in e["components"].items()
        }
        rows = [r for _, r in boxes]
        self.rows = (min(rows), max(rows))
        #: the "centre of the plane" widowing traces to: the fuselage's two middle rows (RULINGS.md)
        self.centre: frozenset[Cell] = frozenset((c, r) for c in WING_COLUMNS["fuselage"] for r in (half - 1, half))
        self._half = half
        self.front_edge: frozenset[Cell] = frozenset(
            x for x, b in boxes.items() if b.table in FRONT_TABLES and (x[0], x[1] - 1) not in boxes)
        self.rear_edge: frozenset[Cell] = frozenset(
            x for x, b in boxes.items() if b.table in REAR_TABLES and (x[0], x[1] + 1) not in boxes)

    @staticmethod
    def sheet_columns(table: DamageTable) -> range:
        """The sheet columns of a table, its column 1 first (left to right as printed)."""
        if table in (DamageTable.NOSE, DamageTable.TAIL):
            return WING_COLUMNS["fuselage"]
        return WING_COLUMNS["port" if table.value.startswith("port") else "starboard"]

    def sheet_column(self, table: DamageTable, column: int) -> int:
        """The sheet column of a table's column 1-10 (F.dmg.column)."""
        if not _whole(column) or not COLUMNS[0] <= column <= COLUMNS[1]:
            raise DamageInputError(f"a damage column is a whole number 1-10, got {column!r}", field="column")
        return self.sheet_columns(table)[column - 1]

    def table_column(self, cell: Cell) -> tuple[DamageTable, int] | None:
        """The damage table a box belongs to and its column 1-10 there (F.dmg.column), or None off
        the diagram: what a die roll of that column would aim at.

        >>> diagram("tractor").table_column((22, 9))
        (<DamageTable.STARBOARD_WING_LEADING: 'starboard_wing_leading'>, 3)
        """
        box = self.boxes.get(cell)
        if box is None:
            return None
        return box.table, self.sheet_columns(box.table).index(cell[0]) + 1

    @staticmethod
    def inward(table: DamageTable) -> int:
        """Which way a template points on this table: +1 down the sheet (nose, leading edges), -1 up."""
        return 1 if table in FRONT_TABLES else -1

    def column_boxes(self, table: DamageTable, column: int) -> list[Cell]:
        """Every box of a column, from the table's outer edge inward and on through the section."""
        col = self.sheet_column(table, column)
        cells = sorted((x for x in self.boxes if x[0] == col), key=lambda x: x[1] * self.inward(table))
        return cells

    def table_boxes(self, table: DamageTable) -> list[Cell]:
        return sorted(x for x, b in self.boxes.items() if b.table is table)

    def component_at(self, cell: Cell) -> Component | None:
        b = self.boxes.get(cell)
        return self.components[b.component] if b and b.component else None

    def components_of(self, kind: str) -> list[Component]:
        """The components of one kind, in the diagram's order (a fresh list). The diagram is
        read-only, so they are sorted by kind once: a record sheet's limits and capabilities ask
        this some hundred times after each hit (issue 14)."""
        return list(self._by_kind.get(kind, ()))

    @cached_property
    def _by_kind(self) -> dict[str, tuple[Component, ...]]:
        by_kind: dict[str, list[Component]] = {}
        for c in self.components.values():
            by_kind.setdefault(c.kind, []).append(c)
        return {k: tuple(v) for k, v in by_kind.items()}

    def mirror(self, cell: Cell) -> Cell:
        """The same box on the other side of the sheet (port and starboard swap)."""
        return (SHEET_COLUMNS - 1 - cell[0], cell[1])

    def __repr__(self) -> str:
        return f"diagram({self.layout!r}, {dict(self.armour)!r})"


@lru_cache(maxsize=64)
def _diagram(layout: str, armour: tuple[tuple[str, int], ...]) -> DamageDiagram:
    return DamageDiagram(layout, armour)


@lru_cache(maxsize=256)
def _lost_codes(layout: str, armour: tuple[tuple[str, int], ...], marks: tuple[tuple[int, int, str], ...]) -> tuple[str, ...]:
    """The codes of the components with a marked box (F.dmg.internal, p.39). Cached: a sheet's
    ratings, guns, rockets and drawing each ask it again of the same marks (about a hundred times
    a change on the FASA table)."""
    if not marks:
        return ()
    # a box names the component it belongs to, so only the marked boxes need looking at; the
    # diagram's order of components is kept
    diagram = _diagram(layout, armour)
    hit = {diagram.boxes[(c, r)].component for c, r, _ in marks}
    return tuple(code for code in diagram.components if code in hit)


def _armour_tuple(armour: Mapping[str, int] | Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    given = dict(armour)
    unknown = sorted(set(given) - set(ARMOUR_SECTIONS))
    if unknown:
        raise LayoutError(f"unknown armour table(s) {unknown}; known: {list(ARMOUR_SECTIONS)}", field="armour")
    out = tuple((t, given.get(t, 0)) for t in ARMOUR_SECTIONS)
    for t, v in out:
        _armour_rows(v, t)
    return out


def diagram(layout: str, armour: Mapping[str, int] | Iterable[tuple[str, int]] = ()) -> DamageDiagram:
    """The damage diagram of a layout (``tractor``, ``tractor-turret``, ``pusher``, ``pusher-turret``)
    with armour in points per table, one row of ten boxes per 10 points.

    >>> d = diagram("tractor", {"nose": 30})
    >>> d.column_boxes(DamageTable.NOSE, 1)[:4]
    [(10, -3), (10, -2), (10, -1), (10, 0)]
    """
    return _diagram(layout, _armour_tuple(armour))


def layout_for(aircraft: Aircraft) -> str:
    """The layout a plane's sheet uses: front or rear engine, with a turret if any gun is in one
    (F.plane.record-sheet, p.8). Autogyros take the front-engine sheets (our reading)."""
    base = "pusher" if aircraft.propulsion == "pusher" else "tractor"
    return base + ("-turret" if any(g.turret for g in aircraft.guns) else "")


# ---------------------------------------------------------------------------------------------
# Magnesium and drills: damage that goes on (F.weap.magnesium, F.rocket.drill)


@dataclass(frozen=True)
class MagnesiumBurn:
    """How a magnesium round burns on after its hit (F.weap.magnesium, FASA p.14, 39): the rules
    say it keeps burning inward and is marked in step 8 of the turn, not how fast or how long.

    Reconstructed (damage_templates.md): ``boxes_per_turn`` boxes a turn, inward along the hit's
    column, for ``turns`` turns; a burn that reaches an intact fuel tank destroys the plane at the
    end of that turn's combat phase.
    """

    boxes_per_turn: int = 1
    turns: int = 3
    rule: str = "F.weap.magnesium"
    provenance: str = "reconstructed"

    def __post_init__(self):
        for name in ("boxes_per_turn", "turns"):
            v = getattr(self, name)
            if not _whole(v) or v < 1:
                raise DamageInputError(f"magnesium burn {name.replace('_', ' ')} must be a whole number 1 or more, got {short_repr(v)}",
                                       field=name)


MAGNESIUM_BURN = MagnesiumBurn()


@dataclass(frozen=True)
class Continuing:
    """Damage still under way on a sheet: a magnesium ``burn`` (``turns_left``) or a ``drill``
    rocket (``range_hexes`` of the attack, for its roll each turn). ``turn`` is the game turn of
    the hit (0 when not known): a drill goes on only in the turns after its hit (F.rocket.drill,
    p.44), so step 8 of the hit's own turn passes it by."""

    kind: str
    table: DamageTable
    column: int
    turns_left: int = 0
    boxes_per_turn: int = 1
    range_hexes: int = 0
    turn: int = 0

    def __post_init__(self):
        check_choice(self.kind, "kind", ("burn", "drill"), error=DamageInputError)
        object.__setattr__(self, "table", _table(self.table))
        check_int(self.column, "column", COLUMNS[0], COLUMNS[1], error=DamageInputError)
        for name, lim in (("turns_left", "count"), ("boxes_per_turn", "count"), ("range_hexes", "hex_distance"),
                          ("turn", "count")):
            check_int(getattr(self, name), name, limit=lim, error=DamageInputError)

    def __str__(self) -> str:
        where = f"{self.table.label} column {self.column}"
        if self.kind == "burn":
            return f"magnesium burning in {where}, {self.turns_left} turn(s) left"
        return f"drill rocket in {where} (range {self.range_hexes})"


# ---------------------------------------------------------------------------------------------
# Effects and results


@dataclass(frozen=True)
class Effect:
    """One consequence of damage, in words, citing its rule; ``roll`` when the rules ask for one
    (a Constitution roll against shock) and ``who`` rolls it."""

    rule: str
    text: str
    roll: TargetNumber | None = None
    who: str = ""

    def __post_init__(self):
        rule(self.rule)

    def __str__(self) -> str:
        roll = f" [{self.who} rolls {self.roll}]" if self.roll is not None else ""
        return f"{self.text}{roll} ({_cite(self.rule)})"


@dataclass(frozen=True)
class Hit:
    """One hit to place: the damage table, its column 1-10, the template id, and for a drill
    rocket the attack's range (its later rolls need it)."""

    table: DamageTable
    column: int
    template: str
    range_hexes: int = 0


@dataclass(frozen=True)
class HitResult:
    """What placing one template did (F.dmg.template, p.37): the new ``sheet``, the boxes it
    destroyed (``destroyed``, tank boxes emptied included), how many it lost off the diagram or on
    dead boxes (``lost``), the other tables it reached (``spilled``), components knocked out and effects."""

    sheet: RecordSheet
    hit: Hit
    top: Cell | None
    destroyed: tuple[Cell, ...]
    lost: int
    spilled: tuple[DamageTable, ...]
    components: tuple[str, ...]
    effects: tuple[Effect, ...]

    def __str__(self) -> str:
        where = f"{self.hit.template} on {self.hit.table.label} column {self.hit.column}"
        lines = [f"{where}: {len(self.destroyed)} box(es) destroyed, {self.lost} lost"]
        if self.spilled:
            lines.append("  also struck: " + ", ".join(t.label for t in self.spilled))
        lines += [f"  {e}" for e in self.effects]
        return "\n".join(lines)


@dataclass(frozen=True)
class WidowResult:
    """The boxes widowing destroyed after an attacker's hits (F.dmg.widow, p.38) and their effects."""

    sheet: RecordSheet
    widowed: tuple[Cell, ...]
    components: tuple[str, ...]
    effects: tuple[Effect, ...]

    def __str__(self) -> str:
        return "\n".join([f"widowed: {len(self.widowed)} box(es)"] + [f"  {e}" for e in self.effects])


@dataclass(frozen=True)
class AttackResult:
    """One attacker's hits in order, then widowing: the final ``sheet`` and each step."""

    sheet: RecordSheet
    hits: tuple[HitResult, ...]
    widow: WidowResult

    @property
    def effects(self) -> tuple[Effect, ...]:
        return tuple(e for h in self.hits for e in h.effects) + self.widow.effects

    def __str__(self) -> str:
        return "\n".join([str(h) for h in self.hits] + [str(self.widow)])


@dataclass(frozen=True)
class ContinuingResult:
    """Step 8 of the turn: what burns and drills marked, and which drill rolls were made."""

    sheet: RecordSheet
    steps: tuple[HitResult, ...]
    rolls: tuple[Any, ...]
    effects: tuple[Effect, ...]


# ---------------------------------------------------------------------------------------------
# The record sheet


def _capabilities_dict(c: Capabilities) -> dict[str, Any]:
    return {"max_speed": c.max_speed, "port_gs": c.port_gs, "starboard_gs": c.starboard_gs,
            "acceleration": c.acceleration, "deceleration": c.deceleration}


@dataclass(frozen=True)
class RecordSheet:
    """A plane's damage state: its diagram, the boxes marked off and how, damage still under way,
    and the crew's starting Constitution (F.plane.record-sheet p.8-10; F.dmg.* p.36-40).

    Immutable: every action returns a result whose ``sheet`` is the new state. ``base`` is the
    undamaged performance; ``capabilities()`` the performance after damage.
    """

    layout: str
    armour: tuple[tuple[str, int], ...]
    base: Capabilities
    constitution: int = 3
    gunner_constitution: int | None = None
    marks: tuple[tuple[int, int, str], ...] = ()
    continuing: tuple[Continuing, ...] = ()
    destroyed_by: str | None = None
    name: str = ""

    def __post_init__(self):
        object.__setattr__(self, "armour", _armour_tuple(self.armour))
        object.__setattr__(self, "marks", tuple(sorted(tuple(m) for m in self.marks)))  # type: ignore[misc]
        object.__setattr__(self, "continuing", tuple(self.continuing))
        if not _whole(self.constitution) or not 1 <= self.constitution <= 10:
            raise DamageInputError(f"Constitution runs 1-10, got {self.constitution!r}", field="constitution")
        d = self.diagram
        for c, r, how in self.marks:
            if (c, r) not in d.boxes or how not in MARK_KINDS:
                raise DamageInputError(f"mark {(c, r, how)!r} is not a box of this diagram", field="marks")

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def for_plane(cls, aircraft: Aircraft | str, *, constitution: int = 3, gunner_constitution: int | None = None,
                  layout: str | None = None) -> RecordSheet:
        """A fresh sheet for a plane of the aircraft table (by id or ``Aircraft``): its layout
        (front/rear engine, turret), its armour per table and its undamaged ratings."""
        a = plane(aircraft) if isinstance(aircraft, str) else aircraft
        lay = layout or layout_for(a)
        armour = tuple((t, a.armour_of(t)) for t in ARMOUR_SECTIONS)
        gunner = gunner_constitution
        if gunner is None and diagram(lay).turret:
            gunner = 3
        return cls(lay, armour, a.capabilities(), constitution, gunner, name=a.name)

    @property
    def diagram(self) -> DamageDiagram:
        return _diagram(self.layout, self.armour)

    # -- reading -------------------------------------------------------------------------------

    @property
    def mark_of(self) -> dict[Cell, str]:
        return {(c, r): how for c, r, how in self.marks}

    @property
    def destroyed_boxes(self) -> frozenset[Cell]:
        return frozenset((c, r) for c, r, _ in self.marks)

    def intact(self, cell: Cell) -> bool:
        return cell in self.diagram.boxes and cell not in self.destroyed_boxes

    def lost_components(self) -> tuple[str, ...]:
        """Codes of components with at least one box marked: they no longer work (F.dmg.internal, p.39)."""
        return _lost_codes(self.layout, self.armour, self.marks)

    @cached_property
    def _lost_codes(self) -> frozenset[str]:
        return frozenset(self.lost_components())

    def lost(self, kind: str, side: str | None = None) -> list[Component]:
        gone = self._lost_codes  # the sheet is immutable: worked out once (asked ~85 times a hit)
        return [c for c in self.diagram.components_of(kind) if c.code in gone and (side is None or c.side in (side, "both"))]

    @property
    def guns_lost(self) -> frozenset[int]:
        """Gun positions destroyed for the rest of the mission (F.dmg.guns, p.39)."""
        return frozenset(c.number for c in self.lost("gun") if c.number is not None)

    @property
    def rockets_lost(self) -> frozenset[int]:
        """Hardpoints whose rocket is destroyed (F.dmg.rockets, p.39)."""
        return frozenset(c.number for c in self.lost("rocket") if c.number is not None)

    @property
    def radio_ok(self) -> bool:
        """False once the radio is hit: no talking to teammates, so collision checks (F.dmg.radio, p.39)."""
        return not self.lost("radio")

    @property
    def pilot_wounds(self) -> int:
        """Pilot boxes marked off: each one is a point of Constitution lost (F.dmg.pilot, p.39)."""
        dead = self.destroyed_boxes
        return sum(1 for c in self.diagram.components_of("pilot") for x in c.cells if x in dead)

    @property
    def pilot_constitution(self) -> int:
        return max(0, self.constitution - self.pilot_wounds)

    @property
    def pilot_dead(self) -> bool:
        """At 0 Constitution the pilot is dead (F.dmg.pilot, F.pilot.constitution)."""
        return self.pilot_constitution == 0

    @property
    def tanks_left(self) -> int:
        return len(self.diagram.components_of("fuel_tank")) - len(self.lost("fuel_tank"))

    def cut_path(self) -> tuple[Cell, ...] | None:
        """An edge-to-edge chain of destroyed boxes from the front edge (nose, leading edges) to the
        rear edge (tail, trailing edges), if there is one: the plane is cut in half or has lost a
        wing (F.dmg.cut, p.38). Boxes join flat edge to flat edge, never diagonally."""
        dead = self.destroyed_boxes
        d = self.diagram
        starts = sorted(d.front_edge & dead)
        parent: dict[Cell, Cell | None] = {s: None for s in starts}
        todo = deque(starts)
        while todo:
            x = todo.popleft()
            if x in d.rear_edge:
                path = [x]
                while parent[path[-1]] is not None:
                    path.append(parent[path[-1]])  # type: ignore[arg-type]
                return tuple(reversed(path))
            for n in _neighbours(x):
                if n in dead and n not in parent:
                    parent[n] = x
                    todo.append(n)
        return None

    @property
    def destruction(self) -> str | None:
        """Why the plane is destroyed, with the rule, or None while it flies."""
        if self.destroyed_by:
            return self.destroyed_by
        path = self.cut_path()
        if path is not None:
            wing = {_section(c) for c, _ in path}
            what = "a wing has been shot off" if wing <= {"port"} or wing <= {"starboard"} else "the plane is cut in half"
            return f"{what}: destroyed boxes link the front edge to the rear edge ({_cite('F.dmg.cut')})"
        return None

    @property
    def destroyed(self) -> bool:
        return self.destruction is not None

    # -- performance (F.dmg.engine, F.dmg.fuel, controls) --------------------------------------

    def _control_losses(self, rules: RuleSet = OFFICIAL) -> dict[str, bool]:
        tail = bool(self.lost("tail_controls"))
        left_wc, right_wc = bool(self.lost("wing_controls", "port")), bool(self.lost("wing_controls", "starboard"))
        if not rules.enabled(WING_CONTROL_OWN_SIDE.name):
            # p.40's plain words: a hit on either wing-control location costs the flaps and the
            # ailerons, so both wings' ailerons go, whichever side was hit
            left_wc = right_wc = left_wc or right_wc
        return {
            "tail": tail,
            "port_elevator": tail or bool(self.lost("elevator", "port")),
            "starboard_elevator": tail or bool(self.lost("elevator", "starboard")),
            "left_rudder": tail or bool(self.lost("rudder", "port")),
            "right_rudder": tail or bool(self.lost("rudder", "starboard")),
            "port_aileron": left_wc or bool(self.lost("aileron", "port")),
            "starboard_aileron": right_wc or bool(self.lost("aileron", "starboard")),
            "flaps": left_wc or right_wc or bool(self.lost("flaps")),
        }

    def engine_cap(self) -> int | None:
        """The lowest Max Speed location hit that is below the plane's own max speed, if any (F.dmg.engine, p.39)."""
        caps = [c.number for c in self.lost("max_speed") if c.number is not None and c.number < self.base.max_speed]
        return min(caps) if caps else None

    @property
    def engine_out(self) -> bool:
        """The engine is destroyed, or every fuel tank is gone (F.dmg.engine, F.dmg.fuel, p.39)."""
        return bool(self.lost("engine")) or self.tanks_left == 0

    def capabilities(self, rules: RuleSet = OFFICIAL) -> Capabilities:
        """The plane's performance after damage, as ``cs_panel.fasa.movement`` takes it.

        Max speed: the lowest Max Speed location hit below the plane's rating, 0 with the engine
        gone; acceleration never above max speed; Gs per wing: -1 for its elevator, aileron and
        each spar lost; deceleration 1 once a flap is lost; rudder sides (F.dmg.engine,
        F.dmg.fuel, F.dmg.tail-controls, F.dmg.elevator, F.dmg.rudder, F.dmg.wing-controls,
        F.dmg.flaps, F.dmg.aileron, F.dmg.spar; FASA p.39-40). ``rules``: the variants on
        (``fasa.wing-control-own-side``, ``fasa.redline-past-engine-damage``).
        """
        b = self.base
        loss = self._control_losses(rules)
        speed = b.max_speed
        cap = self.engine_cap()
        if cap is not None:
            speed = min(speed, cap)
        out = self.engine_out
        if out:
            speed = 0
        port = b.port_gs - loss["port_elevator"] - loss["port_aileron"] - len(self.lost("spar", "port"))
        stbd = b.starboard_gs - loss["starboard_elevator"] - loss["starboard_aileron"] - len(self.lost("spar", "starboard"))
        return Capabilities(
            max_speed=speed, port_gs=max(0, port), starboard_gs=max(0, stbd),
            acceleration=min(b.acceleration, speed), deceleration=min(b.deceleration, 1) if loss["flaps"] else b.deceleration,
            rudder_left_ok=b.rudder_left_ok and not loss["left_rudder"],
            rudder_right_ok=b.rudder_right_ok and not loss["right_rudder"], engine_out=b.engine_out or out,
            engine_damaged=cap is not None and not out,
        )

    def limits(self, rules: RuleSet = OFFICIAL) -> tuple[Effect, ...]:
        """Each way damage limits the plane now, in words with its rule: the explanation of ``capabilities()``.
        ``rules`` says which variants are on (the rudder line names ``fasa.faq.rudder-straight``)."""
        out: list[Effect] = []
        b, c = self.base, self.capabilities(rules)
        loss = self._control_losses(rules)
        if self.lost("engine"):
            out.append(Effect("F.dmg.engine", "engine destroyed: the plane glides, losing 1 speed a turn, hangs a turn at 0, "
                                              "then falls; straight maneuvers only, no Immelmann"))
        elif self.tanks_left == 0:
            out.append(Effect("F.dmg.fuel", "every fuel tank is gone: the engine is out as if destroyed"))
        elif c.max_speed < b.max_speed:
            how = (f"redlining past it is a push (variant {REDLINE_PAST_ENGINE_DAMAGE.name} on)"
                   if rules.enabled(REDLINE_PAST_ENGINE_DAMAGE.name) else "no faster, not even by redlining")
            out.append(Effect("F.dmg.engine", f"engine damaged: max speed {b.max_speed} -> {c.max_speed}, {how}"))
        if c.acceleration < b.acceleration:
            out.append(Effect("F.dmg.engine", f"acceleration {b.acceleration} -> {c.acceleration} (never above max speed)"))
        for side, word in (("port", "port (left turns)"), ("starboard", "starboard (right turns)")):
            if loss[f"{side}_elevator"]:
                via = " via the tail controls" if loss["tail"] and not self.lost("elevator", side) else ""
                out.append(Effect("F.dmg.elevator", f"{side} elevator lost{via}: -1 G {word}"))
            if loss[f"{side}_aileron"]:
                via = " via the wing controls" if not self.lost("aileron", side) else ""
                out.append(Effect("F.dmg.aileron", f"{side} aileron lost{via}: -1 G {word}"))
            for spar in self.lost("spar", side):
                out.append(Effect("F.dmg.spar", f"{spar.name} lost: -1 G {word}"))
        if loss["left_rudder"] and loss["right_rudder"]:
            out.append(Effect("F.dmg.rudder", "both rudder sides lost: straight maneuvers only"))
        elif loss["left_rudder"] or loss["right_rudder"]:
            side = "left" if loss["left_rudder"] else "right"
            if rules.enabled(RUDDER_STRAIGHT.name):
                allowed = f"{side} or straight maneuvers (official FAQ variant {RUDDER_STRAIGHT.name} on)"
            else:
                allowed = (f"{side} maneuvers only, or straight while shock or a dead engine forces it (our reading); "
                           f"the optional FAQ variant {RUDDER_STRAIGHT.name} would allow straight always")
            out.append(Effect("F.dmg.rudder", f"{side} rudder lost: locked, {allowed}"))
        if loss["tail"]:
            out.append(Effect("F.dmg.tail-controls", "tail controls lost: elevators and rudder no longer answer"))
        if loss["flaps"]:
            out.append(Effect("F.dmg.flaps", "flaps lost: slow down by 1 a turn at most without a stall roll"))
        if self.lost("wing_controls"):
            what = ("that side's flap and aileron no longer answer (variant "
                    f"{WING_CONTROL_OWN_SIDE.name} on)" if rules.enabled(WING_CONTROL_OWN_SIDE.name)
                    else "the flaps and both ailerons no longer answer")
            out.append(Effect("F.dmg.wing-controls", f"wing controls lost: {what}"))
        if self.guns_lost:
            out.append(Effect("F.dmg.guns", f"guns destroyed for the mission: {sorted(self.guns_lost)}"))
        if self.rockets_lost:
            out.append(Effect("F.dmg.rockets", f"rockets destroyed on hardpoints {sorted(self.rockets_lost)}"))
        if not self.radio_ok:
            out.append(Effect("F.dmg.radio", "radio destroyed: no word with teammates, so collision checks apply"))
        if self.lost("landing_gear") or self.lost("zeppelin_gear"):
            names = ", ".join(g.name for g in self.lost("landing_gear") + self.lost("zeppelin_gear"))
            out.append(Effect("F.dmg.gear", f"{names} damaged: landing is harder"))
        if self.pilot_wounds:
            state = "dead" if self.pilot_dead else f"Constitution {self.pilot_constitution}"
            out.append(Effect("F.dmg.pilot", f"pilot wounded {self.pilot_wounds} time(s): {state}"))
        return tuple(out)

    def landing_modifiers(self, zeppelin: bool = False) -> dict[str, Any]:
        """The damage inputs of ``cs_panel.fasa.landing.landing_check`` (F.dmg.gear, F.land.target, p.31-32)."""
        loss = self._control_losses()
        gear = self.lost("zeppelin_gear") if zeppelin else self.lost("landing_gear")
        return {"gear_damaged": bool(gear), "rudders_damaged": int(loss["left_rudder"]) + int(loss["right_rudder"]),
                "flaps_damaged": loss["flaps"], "pilot_wounds": self.pilot_wounds,
                "other_damage": bool(self.marks), "zeppelin": zeppelin}

    # -- marking damage ------------------------------------------------------------------------

    def _crew_roll(self, who: str, cons_now: int, rule_id: str, why: str) -> Effect:
        if cons_now <= 0:
            return Effect(rule_id, f"{why}: the {who} is dead")
        return Effect(rule_id, why, shock_roll(cons_now), who)

    def _consequences(self, before: frozenset[Cell], newly: Sequence[Cell], magnesium: bool,
                      widow: bool = False) -> tuple[list[tuple[int, int, str]], list[str], list[Effect], str | None]:
        """Extra marks (emptied tanks), components newly lost, effects and any destruction, for boxes just lost."""
        d = self.diagram
        extra: list[tuple[int, int, str]] = []
        lost_now: list[str] = []
        effects: list[Effect] = []
        destroyed_by = None
        newly_set = set(newly)
        hit_comps = [c for c in d.components.values() if newly_set.intersection(c.cells)]
        for comp in hit_comps:
            fresh = not before.intersection(comp.cells)
            if comp.kind in ("canopy", "pilot"):
                continue  # rolled once per hit and crew member below
            if comp.kind == "fuel_tank" and fresh:
                rest = [x for x in comp.cells if x not in before and x not in newly_set]
                extra += [(c, r, "tank") for c, r in rest]
                lost_now.append(comp.code)
                if magnesium:
                    destroyed_by = (f"a magnesium round reached the intact {comp.name}: the plane explodes "
                                    f"({_cite('F.dmg.fuel')}, {_cite('F.weap.magnesium')})")
                    effects.append(Effect("F.weap.magnesium", f"magnesium in the intact {comp.name}: plane destroyed"))
                else:
                    effects.append(Effect("F.dmg.fuel", f"{comp.name} hit: it empties at once, every box marked"))
                continue
            if not fresh:
                continue
            lost_now.append(comp.code)
            effects.append(self._component_effect(comp))
        # canopy: one Constitution roll per hit (widowing counts as one hit), per crew member
        crews = sorted({("gunner" if c.rear and d.turret else "pilot") for c in hit_comps if c.kind == "canopy"})
        pilot_boxes = sum(len(newly_set.intersection(c.cells)) for c in hit_comps if c.kind == "pilot")
        cons = {"pilot": self.constitution - sum(1 for c in d.components_of("pilot") for x in c.cells if x in before)
                - pilot_boxes, "gunner": self.gunner_constitution or 3}
        if pilot_boxes:
            for c in hit_comps:
                if c.kind == "pilot" and not before.intersection(c.cells):
                    lost_now.append(c.code)
            effects.append(self._crew_roll("pilot", cons["pilot"], "F.dmg.pilot",
                                           f"pilot wounded: -{pilot_boxes} Constitution, now {max(0, cons['pilot'])}"))
        for crew in crews:
            for c in hit_comps:
                if c.kind == "canopy" and not before.intersection(c.cells) and c.code not in lost_now:
                    lost_now.append(c.code)
            if crew == "pilot" and pilot_boxes:
                # one hit, one roll: the pilot's wound roll above already answers for the canopy (RULINGS.md)
                effects.append(Effect("F.dmg.canopy", "canopy hit too: the same hit, so the pilot's one roll above "
                                                      "stands for it"))
                continue
            why = "canopy hit" + (" (widowed boxes count as one hit)" if widow else "")
            effects.append(self._crew_roll(crew, cons[crew], "F.dmg.canopy", why))
        tanks_before = sum(1 for c in d.components_of("fuel_tank") if not before.intersection(c.cells))
        tanks_after = sum(1 for c in d.components_of("fuel_tank") if not (before | newly_set).intersection(c.cells))
        if tanks_before and not tanks_after:
            effects.append(Effect("F.dmg.fuel", "the last fuel tank is gone: the engine stops as if destroyed"))
        return extra, lost_now, effects, destroyed_by

    def _component_effect(self, comp: Component) -> Effect:
        k = comp.kind
        if k == "gun":
            return Effect("F.dmg.guns", f"gun {comp.number} destroyed: it cannot fire again this mission")
        if k == "rocket":
            return Effect("F.dmg.rockets", f"the rocket on hardpoint {comp.number} is destroyed")
        if k == "max_speed":
            n = comp.number or 0
            if n >= self.base.max_speed:
                return Effect("F.dmg.engine", f"{comp.name} is above the plane's max speed {self.base.max_speed}: "
                                              "no effect, the boxes only shield")
            return Effect("F.dmg.engine", f"{comp.name} hit: the plane flies no faster than {n}")
        if k == "engine":
            return Effect("F.dmg.engine", "engine destroyed: glide, shedding 1 speed a turn, then hang a turn at 0 and fall")
        if k == "radio":
            return Effect("F.dmg.radio", "radio destroyed: no communications")
        if k in ("landing_gear", "zeppelin_gear"):
            return Effect("F.dmg.gear", f"{comp.name} damaged: landing will be harder")
        if k == "tail_controls":
            return Effect("F.dmg.tail-controls", "tail controls cut: whatever still worked of elevators and rudder is lost")
        if k == "elevator":
            sides = "each side" if comp.side == "both" else f"the {comp.side} side"
            return Effect("F.dmg.elevator", f"{comp.name} lost: -1 G on {sides}")
        if k == "rudder":
            return Effect("F.dmg.rudder", f"{comp.name} lost: the rudder locks that way")
        if k == "wing_controls":
            return Effect("F.dmg.wing-controls", f"{comp.name} cut: the flaps and ailerons no longer answer")
        if k == "flaps":
            return Effect("F.dmg.flaps", f"{comp.name} lost: slow down by 1 a turn at most without a stall roll")
        if k == "aileron":
            return Effect("F.dmg.aileron", f"{comp.name} lost: -1 G on the {comp.side} wing")
        if k == "spar":
            return Effect("F.dmg.spar", f"{comp.name} lost: -1 G on the {comp.side} wing")
        return Effect("F.dmg.internal", f"{comp.name} destroyed")

    def _check_alive(self) -> None:
        if self.destroyed:
            raise PlaneDestroyedError(f"this plane is already destroyed: {self.destruction}", field="sheet")

    def hit(self, table: DamageTable | str, column: int, template_id: str | DamageTemplate, *,
            range_hexes: int = 0, burn: MagnesiumBurn = MAGNESIUM_BURN, mark: str = "hit", turn: int = 0) -> HitResult:
        """Lay a template on ``column`` of ``table`` and mark what it covers (F.dmg.template, p.37).

        The arrow points inward; the template's top goes on the column's first undamaged box. Boxes
        off the diagram or already marked are lost; boxes of other tables under it are marked too.
        Then each newly hit component takes effect (F.dmg.internal, p.39). A magnesium round starts
        a burn (F.weap.magnesium); a drill rocket keeps drilling (``range_hexes`` for its roll) from the
        turn after ``turn``, the game turn of the hit (F.rocket.drill).
        """
        self._check_alive()
        t = _table(table)
        tpl = template(template_id)
        hit = Hit(t, column, tpl.id, range_hexes)
        d = self.diagram
        dead = self.destroyed_boxes
        col_boxes = d.column_boxes(t, column)
        top = next((x for x in col_boxes if x not in dead), None)
        if top is None:
            return HitResult(self, hit, None, (), tpl.boxes, (), (),
                             (Effect("F.dmg.template", "every box of this column is already gone: the damage is lost"),))
        step = d.inward(t)
        newly: list[Cell] = []
        lost = 0
        for dx, depth in tpl.offsets:
            # the template turns half round on the rear tables, so across-offsets flip with depth
            cell = (top[0] + dx * step, top[1] + depth * step)
            if cell in d.boxes and cell not in dead:
                newly.append(cell)
            else:
                lost += 1
        extra, comps, effects, destroyed_by = self._consequences(dead, newly, tpl.burns)
        marks = self.marks + tuple((c, r, mark) for c, r in newly) + tuple(extra)
        continuing = self.continuing
        if tpl.burns and mark != "burn" and destroyed_by is None:  # a burn step does not light a new fire
            continuing += (Continuing("burn", t, column, burn.turns, burn.boxes_per_turn),)
            effects.append(Effect("F.weap.magnesium", f"magnesium burning on: {burn.boxes_per_turn} box(es) a turn for "
                                                      f"{burn.turns} turns, marked in step 8 (reconstructed)"))
        if tpl.id == "drill":
            continuing += (Continuing("drill", t, column, range_hexes=range_hexes, turn=turn),)
        sheet = replace(self, marks=marks, continuing=continuing, destroyed_by=self.destroyed_by or destroyed_by)
        spilled = tuple(sorted({d.boxes[x].table for x in newly} - {t}, key=lambda x: list(DamageTable).index(x)))
        if spilled:
            effects.insert(0, Effect("F.dmg.template", "the template reaches into " + ", ".join(x.label for x in spilled)
                                     + ": those boxes count too"))
        if sheet.destroyed and sheet.cut_path() is not None and not self.cut_path():
            effects.append(Effect("F.dmg.cut", sheet.destruction or ""))
        all_new = tuple(newly) + tuple((c, r) for c, r, _ in extra)
        return HitResult(sheet, hit, top, all_new, lost, spilled, tuple(comps), tuple(effects))

    def widow_centre(self, rules: RuleSet = OFFICIAL) -> frozenset[Cell]:
        """The intact boxes widowing traces to (F.dmg.widow, p.38): the fuselage's two middle rows.
        When every box of both is destroyed, the next fuselage rows out on each side that still
        hold intact boxes take their place, so a wing or a nose still joined to intact fuselage is
        not lost with the middle rows (the text: an area must be walled off to be widowed). With
        the variant ``fasa.widow-strict-centre`` nothing takes their place and every box left is
        widowed."""
        d = self.diagram
        dead = self.destroyed_boxes
        centre = frozenset(x for x in d.centre if x not in dead)
        if centre or rules.enabled(WIDOW_STRICT_CENTRE.name):
            return centre
        fuselage = WING_COLUMNS["fuselage"]
        for k in range(1, d.fuselage_rows + 1):
            ring = frozenset((c, r) for c in fuselage for r in (d._half - 1 - k, d._half + k)
                             if (c, r) in d.boxes and (c, r) not in dead)
            if ring:
                return ring
        return frozenset()

    def widow(self, rules: RuleSet = OFFICIAL) -> WidowResult:
        """Destroy every intact box walled off from the centre of the plane; run it after each
        attacker's hits (F.dmg.widow, p.38). Widowed canopy boxes count as one hit. The centre is
        ``widow_centre(rules)``.

        The wall must be destroyed boxes joined flat edge to flat edge (and the diagram's edge):
        two destroyed boxes touching only at a corner leave a gap, so intact boxes still reach
        the centre through it. The search for a way out therefore steps to all eight boxes
        around one, corners included (RULINGS.md)."""
        d = self.diagram
        dead = self.destroyed_boxes
        alive = frozenset(x for x in d.boxes if x not in dead)
        reached: set[Cell] = set()
        for start in sorted(self.widow_centre(rules)):
            if start not in reached:
                reached |= _connected(start, alive, _around)
        widowed = tuple(sorted(alive - reached))
        if not widowed:
            return WidowResult(self, (), (), ())
        extra, comps, effects, _ = self._consequences(dead, widowed, magnesium=False, widow=True)
        marks = self.marks + tuple((c, r, "widow") for c, r in widowed) + tuple(extra)
        sheet = replace(self, marks=marks)
        effects.insert(0, Effect("F.dmg.widow", f"{len(widowed)} box(es) cut off from the centre are widowed"))
        if sheet.cut_path() is not None and self.cut_path() is None:
            effects.append(Effect("F.dmg.cut", sheet.destruction or ""))
        return WidowResult(sheet, widowed, tuple(comps), tuple(effects))

    def attack(self, hits: Iterable[Hit | tuple], *, burn: MagnesiumBurn = MAGNESIUM_BURN,
               rules: RuleSet = OFFICIAL) -> AttackResult:
        """One attacker's hits in the order given, then widowing (F.dmg.template, F.dmg.widow). Hits
        after the plane is destroyed are not placed."""
        sheet = self
        results = []
        for h in hits:
            hh = h if isinstance(h, Hit) else Hit(*h)
            if sheet.destroyed:
                break
            r = sheet.hit(hh.table, hh.column, hh.template, range_hexes=hh.range_hexes, burn=burn)
            results.append(r)
            sheet = r.sheet
        w = sheet.widow(rules)
        return AttackResult(w.sheet, tuple(results), w)

    def continuing_damage(self, dice: Dice | None = None, turn: int | None = None) -> ContinuingResult:
        """Step 8 of the turn: each magnesium burn marks its boxes inward along its column, and a burn
        reaching an intact fuel tank destroys the plane (F.weap.magnesium, F.dmg.fuel, p.14, 39); each
        drill rolls 10 - range and on a success drills a row of 3 and a tip (F.rocket.drill, p.44).

        ``turn`` is the game turn whose step 8 this is: a drill that hit in that same turn has done
        its template's damage and waits for the next turn (the rule drills on each turn *after* the
        hit). Without ``turn`` (a sheet kept outside a game) every step 8 is a later turn's."""
        from cs_panel.fasa.deployed import (
            drill_number,  # the drill's roll lives with the other rockets
        )

        sheet = self
        steps: list[HitResult] = []
        rolls: list[Any] = []
        effects: list[Effect] = []
        still: list[Continuing] = []
        for cont in self.continuing:
            if sheet.destroyed:
                break
            if cont.kind == "burn":
                for _ in range(cont.boxes_per_turn):
                    r = replace(sheet, continuing=()).hit(cont.table, cont.column, "magnesium-burn", mark="burn")
                    steps.append(r)
                    sheet = replace(r.sheet, continuing=sheet.continuing)
                    if sheet.destroyed:
                        break
                if cont.turns_left > 1:
                    still.append(replace(cont, turns_left=cont.turns_left - 1))
                else:
                    effects.append(Effect("F.weap.magnesium", f"the magnesium in {cont.table.label} column {cont.column} burns out"))
            elif turn is not None and cont.turn == turn:
                still.append(cont)  # hit this turn: it drills on from the next turn's step 8
            else:
                if dice is None:
                    raise DamageInputError("a drill rocket is still in the plane: give dice for its roll", field="dice")
                roll = drill_number(cont.range_hexes).resolve(dice)
                rolls.append(roll)
                if roll.success:
                    r = replace(sheet, continuing=()).hit(cont.table, cont.column, "drill-step", mark="drill")
                    steps.append(r)
                    sheet = replace(r.sheet, continuing=sheet.continuing)
                    still.append(cont)
                else:
                    effects.append(Effect("F.rocket.drill", f"the drill in {cont.table.label} column {cont.column} stops"))
        for s in steps:
            effects = list(s.effects) + effects
        sheet = replace(sheet, continuing=tuple(still) if not sheet.destroyed else ())
        return ContinuingResult(sheet, tuple(steps), tuple(rolls), tuple(effects))

    def burn_forecast(self) -> int | None:
        """In how many turns' step 8 a burn under way destroys the plane by reaching an intact tank,
        or None if none will (F.weap.magnesium, F.dmg.fuel): the pilot's "turns to live"."""
        sheet = replace(self, continuing=tuple(c for c in self.continuing if c.kind == "burn"))
        turn = 0
        while sheet.continuing and not sheet.destroyed:
            turn += 1
            sheet = sheet.continuing_damage().sheet
        return turn if sheet.destroyed_by and not self.destroyed_by else None

    # -- showing -------------------------------------------------------------------------------

    def text(self) -> str:
        """The diagram as text, two characters a box: ``..`` armour or structure, a component's code,
        ``XX`` destroyed by a hit, ``##`` emptied tank, ``//`` widowed, ``~~`` burned, ``@@`` drilled."""
        d = self.diagram
        marks = self.mark_of
        sym = {"hit": "XX", "tank": "##", "widow": "//", "burn": "~~", "drill": "@@"}
        lines = [f"{self.name or 'plane'}: {d.name} ({self.layout})",
                 " " * 6 + "port wing".ljust(31) + "fuselage".ljust(31) + "starboard wing"]
        for r in range(d.rows[0], d.rows[1] + 1):
            cells = []
            for c in range(SHEET_COLUMNS):
                b = d.boxes.get((c, r))
                if b is None:
                    s = "  "
                elif (c, r) in marks:
                    s = sym[marks[(c, r)]]
                elif b.component:
                    s = b.component
                else:
                    s = "::" if b.armour else ".."
                cells.append(s + (" " if c in (9, 19) else ""))
            lines.append(f"{r:>4}  " + " ".join(cells).rstrip())
        status = self.destruction or ("pilot dead" if self.pilot_dead else "flying")
        lines.append(f"status: {status}")
        lines += [f"  {e}" for e in self.limits()]
        lines += [f"  {c}" for c in self.continuing]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def _repr_svg_(self) -> str:
        return _sheet_drawn(self)  # every field is immutable (``__post_init__`` makes them tuples)

    # -- saving --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "layout": self.layout, "armour": dict(self.armour), "base": _capabilities_dict(self.base),
            "constitution": self.constitution, "gunner_constitution": self.gunner_constitution,
            "marks": [list(m) for m in self.marks],
            "continuing": [{"kind": c.kind, "table": c.table.value, "column": c.column, "turns_left": c.turns_left,
                            "boxes_per_turn": c.boxes_per_turn, "range_hexes": c.range_hexes, "turn": c.turn}
                           for c in self.continuing],
            "destroyed_by": self.destroyed_by, "name": self.name,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RecordSheet:
        try:
            return cls(
                layout=data["layout"], armour=tuple(data["armour"].items()), base=Capabilities(**data["base"]),
                constitution=data["constitution"], gunner_constitution=data.get("gunner_constitution"),
                marks=tuple((int(c), int(r), str(k)) for c, r, k in data["marks"]),
                continuing=tuple(Continuing(x["kind"], DamageTable(x["table"]), x["column"], x["turns_left"],
                                            x["boxes_per_turn"], x["range_hexes"], x.get("turn", 0))
                                 for x in data.get("continuing", ())),
                destroyed_by=data.get("destroyed_by"), name=data.get("name", ""),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise SavedStateError(f"RecordSheet: cannot read back {e}") from e


def _table(table: DamageTable | str) -> DamageTable:
    if isinstance(table, DamageTable):
        return table
    try:
        return DamageTable(table)
    except ValueError:
        raise DamageInputError(f"unknown damage table {table!r}; known: {[t.value for t in DamageTable]}",
                               field="table") from None


#: where the movement rules put fracture hits (``MoveResult.fracture``), as damage tables (F.move.*, p.26)
FRACTURE_TABLES = {FRACTURE_NOSE: DamageTable.NOSE, PORT_LEADING: DamageTable.PORT_WING_LEADING,
                   STARBOARD_LEADING: DamageTable.STARBOARD_WING_LEADING}


def fracture_table(location: str) -> DamageTable:
    """The damage table of a fracture hit named as the movement rules name it (``"nose"``,
    ``"port wing leading edge"``); each such hit is one ``fracture`` template at a rolled column."""
    if location not in FRACTURE_TABLES:
        raise DamageInputError(f"unknown fracture location {location!r}; known: {sorted(FRACTURE_TABLES)}", field="location")
    return FRACTURE_TABLES[location]


__all__ = [
    "MAGNESIUM_BURN",
    "AttackResult",
    "Box",
    "Component",
    "Continuing",
    "ContinuingResult",
    "DamageDiagram",
    "DamageInputError",
    "DamageTable",
    "DamageTemplate",
    "Effect",
    "Hit",
    "HitResult",
    "LayoutError",
    "MagnesiumBurn",
    "PlaneDestroyedError",
    "RecordSheet",
    "WidowResult",
    "damage_layouts",
    "damage_templates",
    "diagram",
    "fracture_table",
    "layout_for",
    "template",
    "template_for",
]


@lru_cache(maxsize=64)
def _sheet_drawn(sheet: RecordSheet) -> str:
    """A sheet's drawing, kept for the latest sheets drawn: an immutable sheet always draws the
    same, and a game table redraws every plane's sheet on every click though most did not change
    (issue 14: 2.5 ms of a FASA table's 6 ms a click)."""
    from cs_panel.fasa.render import damage_svg  # drawing, loaded only when a picture is asked for

    return damage_svg(sheet)
