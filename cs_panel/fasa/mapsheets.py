"""The map's edges: mapsheet layouts, set-up at the home side, leaving the map, and victory
(F.map.sheets, F.setup, F.roe.flee, F.victory; FASA p.10, 14-15).

- ``F.map.sheets``: a fighter battle uses one mapsheet; a zeppelin battle joins the blank sheet
  and a zeppelin sheet by their long sides, and a battle of two zeppelins adds the second zeppelin
  sheet on the blank sheet's other side (p.10). The sheets' hex counts were not in the text and
  are ``reconstructed`` (``cs_panel/data/fasa/mapsheets.md``).
- ``F.setup``: each side starts at its own end of the map, its home side, the two sides facing
  each other across it; the short sides give the most room. A plane may start at any speed up
  to its maximum (p.14).
- ``F.roe.flee``: leaving the map by any edge but your home side is fleeing and costs 20
  experience points; leaving by the home side is withdrawing, with no penalty (p.14-15).
- ``F.victory``: a side wins when every enemy plane has been shot down or driven from the map;
  if every side is too battered to go on, they may agree to a draw (p.15).

Readings of our own (RULINGS.md): a plane whose move takes it off the map has left for good,
even if the rest of its path would have come back; a plane that leaves through a corner of the
map where its home side meets another edge has withdrawn; starting "at" the home side means in
the row of hexes along that edge, unless the mission allows a deeper band.

Map hexes are numbered by column (left to right) and row (top to bottom), odd columns set half a
hex down; the map's centre hex is ``Hex(0, 0)`` of ``cs_panel.fasa.hexgrid``, so planes placed
around the origin are on the map.

>>> m = layout("fighters")
>>> m.columns, m.rows, [e.value for e in m.home_edges]
(20, 27, ['north', 'south'])
>>> print(departure(m, Edge.SOUTH, [Hex(0, 12), Hex(0, 13), Hex(0, 14)], "Ace"))
Ace leaves the map by the south edge, its home side: it withdraws without penalty (F.roe.flee, FASA p.14)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, Iterator, Mapping, Sequence

from cs_panel.core.data import Field, Table, in_range, load_table
from cs_panel.core.errors import DataFileError, RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.fasa.hexgrid import Hex

#: experience points a fleeing pilot loses (F.roe.flee, FASA p.14)
FLEE_XP = -20


class MapInputError(RuleInputError):
    """A hex off the map, an edge that is not one, a start the set-up rules do not allow."""


class Edge(str, Enum):
    """The four edges of the map as it is drawn: north is the top, where facing A points."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @classmethod
    def parse(cls, text: "str | Edge") -> "Edge":
        if isinstance(text, Edge):
            return text
        try:
            return cls(str(text).strip().lower())
        except ValueError:
            raise MapInputError(f"a map edge is one of {[e.value for e in cls]}, got {text!r}", field="edge") from None

    @property
    def opposite(self) -> "Edge":
        return {Edge.NORTH: Edge.SOUTH, Edge.SOUTH: Edge.NORTH, Edge.EAST: Edge.WEST, Edge.WEST: Edge.EAST}[self]


# -- the data ----------------------------------------------------------------------------------

def _sheet_names(v: Any) -> str | None:
    if not isinstance(v, list) or not v or not all(isinstance(x, str) for x in v):
        return "a layout lists one or more sheet ids"
    return None


MAPSHEET_SCHEMA = {
    "kind": Field(str, check=lambda v: None if v in ("sheet", "layout") else f"kind must be 'sheet' or 'layout', got {short_repr(v)}"),
    "note": Field(str, required=False),
    "width_in": Field(int, required=False, check=in_range(1, 200)),
    "height_in": Field(int, required=False, check=in_range(1, 200)),
    "columns": Field(int, required=False, check=in_range(2, 200)),
    "rows": Field(int, required=False, check=in_range(2, 200)),
    "sheets": Field(list, required=False, check=_sheet_names),
}


@lru_cache(maxsize=None)
def mapsheets(source: str = "package:fasa/mapsheets.json") -> Table:
    """The sheets and layouts (packaged, or your own file with your sheets' hex counts)."""
    table = load_table(source, MAPSHEET_SCHEMA)
    for e in table:
        if e["kind"] == "sheet":
            for f in ("width_in", "height_in", "columns", "rows"):
                if e.get(f) is None:
                    raise DataFileError(table.path, "a sheet needs its size in inches and in hexes", entry=e.id, field=f)
            if e["columns"] % 2:
                raise DataFileError(table.path, "a sheet needs an even number of columns so that a sheet beside it "
                                    "continues the hex pattern", entry=e.id, field="columns")
        else:
            if e.get("sheets") is None:
                raise DataFileError(table.path, "a layout lists its sheets", entry=e.id, field="sheets")
            for s in e["sheets"]:
                if s not in table or table[s]["kind"] != "sheet":
                    raise DataFileError(table.path, f"unknown sheet {s!r}", entry=e.id, field="sheets")
            sizes = {(table[s]["width_in"], table[s]["height_in"], table[s]["columns"], table[s]["rows"]) for s in e["sheets"]}
            if len(sizes) != 1:
                raise DataFileError(table.path, "sheets laid side by side must be the same size", entry=e.id, field="sheets")
    return table


def layout_names(source: str = "package:fasa/mapsheets.json") -> list[str]:
    return [e.id for e in mapsheets(source) if e["kind"] == "layout"]


# -- a laid-out map ----------------------------------------------------------------------------

@dataclass(frozen=True)
class MapLayout:
    """Sheets laid side by side by their long sides (F.map.sheets), as one field of hexes."""

    name: str
    sheets: tuple[str, ...]
    sheet_columns: int
    rows: int
    sheet_width_in: int
    sheet_height_in: int
    provenance: str = "rules"
    note: str = ""

    @property
    def columns(self) -> int:
        return self.sheet_columns * len(self.sheets)

    @property
    def width_in(self) -> int:
        return self.sheet_width_in * len(self.sheets)

    @property
    def height_in(self) -> int:
        return self.sheet_height_in

    @property
    def home_edges(self) -> tuple[Edge, Edge]:
        """The two short sides, the ends of the field, where the sides set up (F.setup, p.14)."""
        return (Edge.NORTH, Edge.SOUTH) if self.width_in < self.height_in else (Edge.WEST, Edge.EAST)

    # the centre hex of the field is Hex(0, 0); an even centre column keeps the offset arithmetic simple
    @property
    def _centre(self) -> tuple[int, int]:
        return self.columns // 2 - (self.columns // 2) % 2, self.rows // 2

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """(column, row) on the field, counting from 0 at the top left; may lie outside it."""
        cc, rc = self._centre
        col = h.q + cc
        row = h.r + rc + (col - (col & 1)) // 2 - cc // 2
        return col, row

    def from_offset(self, col: int, row: int) -> Hex:
        cc, rc = self._centre
        return Hex(col - cc, row - rc - ((col - (col & 1)) // 2 - cc // 2))

    def contains(self, h: Hex) -> bool:
        col, row = self.to_offset(h)
        return 0 <= col < self.columns and 0 <= row < self.rows

    def __contains__(self, h: object) -> bool:
        return isinstance(h, Hex) and self.contains(h)

    def hexes(self) -> Iterator[Hex]:
        for col in range(self.columns):
            for row in range(self.rows):
                yield self.from_offset(col, row)

    def edges_beyond(self, h: Hex) -> tuple[Edge, ...]:
        """The edges a hex off the map lies beyond (two past a corner); none for a hex on it."""
        col, row = self.to_offset(h)
        out = []
        if row < 0:
            out.append(Edge.NORTH)
        if col >= self.columns:
            out.append(Edge.EAST)
        if row >= self.rows:
            out.append(Edge.SOUTH)
        if col < 0:
            out.append(Edge.WEST)
        return tuple(out)

    def rows_from(self, h: Hex, edge: Edge) -> int:
        """How many hex rows (or columns) lie between ``h`` and ``edge``: 0 along the edge itself."""
        col, row = self.to_offset(h)
        return {Edge.NORTH: row, Edge.SOUTH: self.rows - 1 - row,
                Edge.WEST: col, Edge.EAST: self.columns - 1 - col}[edge]

    def check_on_map(self, h: Hex, field: str = "hex") -> Hex:
        if not self.contains(h):
            col, row = self.to_offset(h)
            raise MapInputError(f"{h!r} is off the {self.name} map (column {col}, row {row}; the map has "
                                f"columns 0-{self.columns - 1} and rows 0-{self.rows - 1})", field=field)
        return h

    def to_svg(self, size: float = 7.0, marks: Mapping[Hex, str] | None = None, labels: Mapping[Hex, str] | None = None) -> str:
        """The whole field as SVG: sheets shaded in turn, home sides drawn thick, and any
        ``marks`` (hex to colour) and ``labels`` (hex to text) on top."""
        from cs_panel.fasa.render import map_svg  # drawing, loaded only when a picture is asked for

        return map_svg(self, size, marks, labels)

    def _repr_html_(self) -> str:
        from cs_panel.fasa.render import map_html

        return map_html(self)

    def __str__(self) -> str:
        return (f"{self.name}: {' + '.join(self.sheets)}, {self.columns} x {self.rows} hexes "
                f"({self.width_in} x {self.height_in} inches), home sides {self.home_edges[0].value} and {self.home_edges[1].value}")


def layout(name: str = "fighters", source: str = "package:fasa/mapsheets.json") -> MapLayout:
    """A named layout of the mapsheets (F.map.sheets, FASA p.10)."""
    table = mapsheets(source)
    names = layout_names(source)
    if name not in names:
        raise MapInputError(f"unknown map layout {name!r}; choose one of {names}", field="layout")
    e = table[name]
    first = table[e["sheets"][0]]
    # the layout is from the rules, but its hex counts are only as good as its sheets'
    prov = first.provenance if first.provenance != "rules" else e.provenance
    return MapLayout(name, tuple(e["sheets"]), first["columns"], first["rows"], first["width_in"],
                     first["height_in"], prov, e.get("note", ""))


# -- F.setup -------------------------------------------------------------------------------------

def check_start(m: MapLayout, home: Edge | str, h: Hex, speed: int, max_speed: int, depth: int = 1) -> None:
    """Refuse a starting position the set-up rules do not allow (F.setup, FASA p.14): off the map,
    not within ``depth`` rows of the home side (our reading: 1, the edge row itself), or faster
    than the plane's maximum speed."""
    home = Edge.parse(home)
    if home not in m.home_edges:
        raise MapInputError(f"the home sides of the {m.name} map are its ends, {m.home_edges[0].value} and "
                            f"{m.home_edges[1].value}, not {home.value} (F.setup, FASA p.14)", field="home")
    m.check_on_map(h)
    away = m.rows_from(h, home)
    if away >= depth:
        raise MapInputError(f"{h!r} is {away} row{'s' if away != 1 else ''} in from the {home.value} edge; a plane starts within {depth} "
                            f"row{'s' if depth != 1 else ''} of its home side (F.setup, FASA p.14)", field="hex")
    if not isinstance(speed, int) or not 0 <= speed <= max_speed:
        raise MapInputError(f"a plane starts at any speed from 0 to its maximum, {max_speed}; got {speed!r} "
                            "(F.setup, FASA p.14)", field="speed")


# -- F.roe.flee ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Departure:
    """A plane that has left the map: by which edge(s), and whether that was fleeing."""

    plane: str
    edges: tuple[Edge, ...]
    home: Edge
    at: Hex  # the last hex on the map

    @property
    def fled(self) -> bool:
        """Fleeing is leaving by any edge but home; a corner shared with home counts as home (our reading)."""
        return self.home not in self.edges

    @property
    def xp(self) -> int:
        """The experience award it earns the pilot (F.roe.flee, FASA p.14)."""
        return FLEE_XP if self.fled else 0

    def __str__(self) -> str:
        where = " and ".join(e.value for e in self.edges)
        corner = " (a corner)" if len(self.edges) > 1 else ""
        if self.fled:
            return (f"{self.plane} leaves the map by the {where} edge{corner}, not its home side ({self.home.value}): "
                    f"it has fled, {FLEE_XP} experience points, and the last pilot to hit it earns half a kill "
                    "(F.roe.flee, FASA p.14)")
        return (f"{self.plane} leaves the map by the {where} edge{corner}, its home side: it withdraws without "
                "penalty (F.roe.flee, FASA p.14)")


def departure(m: MapLayout, home: Edge | str, path: Sequence[Hex], plane: str = "the plane") -> Departure | None:
    """Whether a move along ``path`` (the hexes entered in order, the first one the start) leaves
    the map, and how (F.roe.flee). The first hex off the map ends it: the plane is gone."""
    home = Edge.parse(home)
    last = None
    for h in path:
        beyond = m.edges_beyond(h)
        if beyond:
            if last is None:
                raise MapInputError(f"the move starts off the map, at {h!r}", field="path")
            return Departure(plane, beyond, home, last)
        last = h
    return None


# -- F.victory -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    """Whether the fight is over, who won, and why (F.victory, FASA p.15)."""

    over: bool
    winner: str | None
    reason: str

    def __str__(self) -> str:
        return self.reason


def victory(in_play: Mapping[str, int], draw_agreed: bool = False) -> Outcome:
    """Who has won, from the number of planes each side still has on the map and in the fight
    (shot-down and departed planes do not count). A side wins when no enemy plane is left; if no
    side has a plane left it is a draw, as it is when the sides agree to one (F.victory, p.15).

    >>> print(victory({"Fortune Hunters": 2, "Red Skull Legion": 0}))
    Fortune Hunters wins: every enemy plane is shot down or driven from the map (F.victory, FASA p.15)
    """
    for side, n in in_play.items():
        if not isinstance(n, int) or n < 0:
            raise MapInputError(f"{side} has {short_repr(n)} planes; a count is a whole number, 0 or more", field="in_play")
    if len(in_play) < 2:
        raise MapInputError(f"a fight needs two or more sides, got {list(in_play)}", field="in_play")
    left = [s for s, n in in_play.items() if n > 0]
    if draw_agreed:
        return Outcome(True, None, "a draw, agreed by sides too battered to fight on; they withdraw by their "
                                   "home sides (F.victory, FASA p.15)")
    if not left:
        return Outcome(True, None, "a draw: no side has a plane left in the fight (F.victory, FASA p.15)")
    if len(left) == 1:
        return Outcome(True, left[0], f"{left[0]} wins: every enemy plane is shot down or driven from the map "
                                      "(F.victory, FASA p.15)")
    counts = ", ".join(f"{s} {in_play[s]} plane{'s' if in_play[s] != 1 else ''}" for s in left)
    return Outcome(False, None, f"the fight goes on, with {counts} left in it")
