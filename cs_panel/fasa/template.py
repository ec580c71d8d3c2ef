"""The maneuver template: every destination, its arrowheads, their G bars and the arrow paths
(F.move.plot, F.move.capability, FASA p.10, 23-24).

The printed template was lost from the rule text, so the packaged file is ``reconstructed``
(``cs_panel/data/fasa/maneuver_template.md`` gives the reasoning). Load your own with
``ManeuverTemplate.load(path)``; everything else reads the template through this class.

>>> t = ManeuverTemplate.default()
>>> a = t.arrow("3L2F")
>>> a.gs, a.hex, "".join(f.name for f in a.path)
(1, Hex(-2, -1), 'AFF')
>>> t.arrow("3R0D").gs, t.arrow("1SD").gs
(4, 6)
>>> t.arrow("3L2D")
Traceback (most recent call last):
...
cs_panel.fasa.maneuver.IllegalManeuverError: 3L2D is not on the template: hex 3L2 has arrows A, B, C, E, F, not D (F.move.plot, FASA p.23)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Iterator, Mapping

from cs_panel.core.data import Field, Table, load_table
from cs_panel.core.errors import DataFileError
from cs_panel.core.validate import short_repr
from cs_panel.core.lazy import lazy_names
from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex
from cs_panel.fasa.maneuver import Direction, IllegalManeuverError, Maneuver, as_maneuver

if TYPE_CHECKING:
    from cs_panel.fasa.render import template_svg as template_svg

#: the drawing (``cs_panel.fasa.render``), loaded on first use: the rules import without it
__getattr__, __dir__ = lazy_names(globals(), "cs_panel.fasa.render", ("template_svg",))

PACKAGED = "package:fasa/maneuver_template.json"
MAX_BARS = 6  # the rules' own example of the most bars behind an arrowhead (FASA p.10)
_LETTERS = "ABCDEF"


def _letter_list(v) -> str | None:
    if not all(isinstance(x, str) and x in _LETTERS for x in v):
        return f"path steps must be facing letters A-F, got {short_repr(v)}"
    return None


def _hex_pair(v) -> str | None:
    if len(v) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return f"hex must be [q, r] with two whole numbers, got {short_repr(v)}"
    return None


def _facings(v) -> str | None:
    if not v:
        return "a destination needs at least one arrowhead"
    for k, g in v.items():
        if k not in _LETTERS:
            return f"facing {k!r} is not one of A-F"
        if isinstance(g, bool) or not isinstance(g, int) or not 0 <= g <= MAX_BARS:
            return f"arrow {k}: G bars must be a whole number 0-{MAX_BARS}, got {g!r}"
    return None


SCHEMA = {
    "speed": Field(int, check=lambda v: None if 0 <= v <= 9 else f"speed {v} is outside 0-9"),
    "direction": Field(str, check=lambda v: None if v in ("L", "R", "S") else f"direction must be L, R or S, got {short_repr(v)}"),
    "hexrow": Field(int, check=lambda v: None if v >= 0 else f"hexrow {v} is negative"),
    "hex": Field(list, check=_hex_pair),
    "path": Field(list, check=_letter_list),
    "facings": Field(dict, check=_facings),
}


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: one object per template hex
class Destination:
    """One destination hex of the template, relative to the plane at the origin facing A."""

    id: str
    speed: int
    direction: Direction
    hexrow: int
    hex: Hex
    path: tuple[Facing, ...]
    facings: Mapping[Facing, int]
    provenance: str
    source: str

    def maneuver(self, facing: Facing) -> Maneuver:
        if self.speed == 0:
            return Maneuver.stall(facing)
        return Maneuver(self.speed, self.direction, None if self.direction is Direction.S else self.hexrow, facing)

    def arrows(self) -> list["Arrow"]:
        return [Arrow(self.maneuver(f), g, self) for f, g in self.facings.items()]


@dataclass(frozen=True)
class Arrow:
    """One arrowhead: a maneuver, its G bars and the path to it (F.move.plot, FASA p.23)."""

    maneuver: Maneuver
    gs: int
    destination: Destination

    @property
    def hex(self) -> Hex:
        """The destination hex relative to the plane at the origin facing A."""
        return self.destination.hex

    @property
    def path(self) -> tuple[Facing, ...]:
        """The step direction of each hex entered, relative to the plane's facing."""
        return self.destination.path

    @property
    def facing(self) -> Facing:
        return self.maneuver.facing

    @property
    def restricted(self) -> bool:
        """3 or more Gs is a restricted (high-G) maneuver (F.move.restricted, FASA p.24)."""
        return self.gs >= 3

    @property
    def provenance(self) -> str:
        return self.destination.provenance

    def path_hexes(self, start: Hex = ORIGIN, facing: Facing = Facing.A) -> list[Hex]:
        """The hexes entered along the arrow path, in order, for a plane at ``start`` facing ``facing``.

        >>> ManeuverTemplate.default().arrow("4L2A").path_hexes()
        [Hex(0, -1), Hex(-1, -1), Hex(-2, -1), Hex(-2, -2)]
        """
        out, h = [], start
        for step in self.path:
            h = h.neighbor(step.turn(int(facing)))
            out.append(h)
        return out

    def end(self, start: Hex = ORIGIN, facing: Facing = Facing.A) -> tuple[Hex, Facing]:
        """Where the plane ends and which way it faces, on the map."""
        return self.hex.rotate(int(facing)) + start, self.facing.turn(int(facing))

    def __str__(self) -> str:
        return f"{self.maneuver} ({self.gs} G)"


class ManeuverTemplate:
    """The whole template: look arrows up by maneuver, iterate over them, draw them.

    Iterating yields every ``Arrow`` (stall arrows first, then by speed). ``in`` accepts a
    ``Maneuver`` or its notation.
    """

    def __init__(self, destinations: list[Destination], source: str = "", title: str = ""):
        self.source = source
        self.title = title
        self.destinations: tuple[Destination, ...] = tuple(destinations)
        self._by_id = {d.id: d for d in self.destinations}
        self._arrows: dict[Maneuver, Arrow] = {}
        for d in self.destinations:
            for a in d.arrows():
                self._arrows[a.maneuver] = a

    # -- loading -------------------------------------------------------------------------
    @classmethod
    def load(cls, source: str | Path = PACKAGED) -> "ManeuverTemplate":
        """Read a template file: the packaged reconstruction, or a path to your own in the same format."""
        table = load_table(source, SCHEMA)
        return cls.from_table(table)

    @classmethod
    def default(cls) -> "ManeuverTemplate":
        """The packaged (reconstructed) template, loaded once."""
        return _default()

    @classmethod
    def from_table(cls, table: Table) -> "ManeuverTemplate":
        dests = []
        for e in table:
            direction = Direction(e["direction"])
            speed, row = e["speed"], e["hexrow"]
            path = tuple(Facing[x] for x in e["path"])
            hex_ = Hex(*e["hex"])
            if speed == 0:
                expected = "stall"
                if direction is not Direction.S or path:
                    raise DataFileError(table.path, "the stall (speed 0) is direction S with an empty path", entry=e.id, field="path")
            elif direction is Direction.S:
                expected = f"{speed}S"
            else:
                expected = f"{speed}{direction.name}{row}"
            if e.id != expected:
                raise DataFileError(table.path, f"id must be the hex designation {expected!r}", entry=e.id, field="id")
            if len(path) != speed:
                raise DataFileError(table.path, f"a speed-{speed} path enters {speed} hexes, this one {len(path)}", entry=e.id, field="path")
            walked = ORIGIN
            for step in path:
                walked = walked.neighbor(step)
            if walked != hex_:
                raise DataFileError(table.path, f"path {''.join(f.name for f in path)} ends in {walked!r}, not {hex_!r}", entry=e.id, field="path")
            facings = MappingProxyType({Facing[k]: v for k, v in e["facings"].items()})
            dests.append(Destination(e.id, speed, direction, row, hex_, path, facings, e.provenance, e.source))
        return cls(dests, source=table.path, title=table.title)

    # -- lookup --------------------------------------------------------------------------
    def __iter__(self) -> Iterator[Arrow]:
        return iter(self._arrows.values())

    def __len__(self) -> int:
        return len(self._arrows)

    def __contains__(self, maneuver: object) -> bool:
        try:
            m = as_maneuver(maneuver)  # type: ignore[arg-type]
        except IllegalManeuverError:
            return False
        return m in self._arrows

    @property
    def max_speed(self) -> int:
        return max(d.speed for d in self.destinations)

    def destination(self, designation: str) -> Destination:
        """A destination hex by its designation (``"4L3"``, ``"3S"``, ``"stall"``)."""
        key = designation.strip().upper() if designation.strip().lower() != "stall" else "stall"
        try:
            return self._by_id[key]
        except KeyError:
            raise IllegalManeuverError(f"the template has no hex {designation!r}", field="maneuver") from None

    def arrow(self, maneuver: Maneuver | str) -> Arrow:
        """The template's arrow for a maneuver; a maneuver not on the template raises
        ``IllegalManeuverError`` naming why (F.move.plot, FASA p.23)."""
        m = as_maneuver(maneuver)
        found = self._arrows.get(m)
        if found is not None:
            return found
        raise IllegalManeuverError(self.why_not(m), field="maneuver")

    def why_not(self, m: Maneuver, cite: bool = True) -> str:
        """Why a maneuver has no arrow on this template, in words (with the rule cited unless ``cite=False``)."""
        plot = " (F.move.plot, FASA p.23)" if cite else ""
        if m.speed > self.max_speed:
            return f"{m} is not on the template: it stops at speed {self.max_speed}{plot}"
        if m.direction is not Direction.S and m.hexrow == 0 and m.facing is Facing.A:
            return (f"{m} would turn {'left' if m.direction is Direction.L else 'right'} and end flying straight "
                    "on the plane's own line: no jinking" + (" (F.move.no-jink, FASA p.24)" if cite else ""))
        d = self._by_id.get(m.designation)
        if d is None:
            if m.direction is not Direction.S and m.hexrow is not None and m.hexrow > m.speed:
                return f"{m} is not on the template: at speed {m.speed} a plane reaches at most hexrow {m.speed}{plot}"
            return f"{m} is not on the template: there is no hex {m.designation}{plot}"
        offered = ", ".join(f.name for f in sorted(d.facings))
        what = "a stall" if m.is_stall else f"hex {d.id}"
        return f"{m} is not on the template: {what} has arrows {offered}, not {m.facing.name}{plot}"

    # -- symmetry ------------------------------------------------------------------------
    def asymmetries(self) -> list[str]:
        """Every way the left and right halves fail to mirror each other (empty if they do)."""
        problems = []
        for m, a in self._arrows.items():
            mm = m.mirrored()
            b = self._arrows.get(mm)
            if b is None:
                problems.append(f"{m} has no mirror arrow {mm}")
                continue
            if b.gs != a.gs:
                problems.append(f"{m} is {a.gs} G but its mirror {mm} is {b.gs} G")
            if b.hex != a.hex.mirror():
                problems.append(f"{m} ends in {a.hex!r} but its mirror {mm} in {b.hex!r}")
            if tuple(f.mirrored for f in a.path) != b.path:
                problems.append(f"{m}'s path does not mirror {mm}'s")
        return sorted(problems)

    @property
    def is_mirror_symmetric(self) -> bool:
        return not self.asymmetries()

    # -- text and pictures ---------------------------------------------------------------
    def golden_text(self) -> str:
        """Every destination and arrow as a plain-text table (the golden file the tests diff)."""
        lines = [
            f"# {self.title}",
            "# id      hex        path     arrows (final facing:G bars)",
        ]
        for d in self.destinations:
            path = "".join(f.name for f in d.path) or "-"
            arrows = " ".join(f"{f.name}:{g}" for f, g in sorted(d.facings.items()))
            lines.append(f"{d.id:<7} ({d.hex.q:>2},{d.hex.r:>3})  {path:<8} {arrows}   [{d.provenance}]")
        return "\n".join(lines) + "\n"

    def to_svg(self, size: float = 40.0, highlight: Maneuver | str | None = None) -> str:
        """The template as an SVG picture: hexes, arrowheads and G bars (see ``template_svg``)."""
        from cs_panel.fasa.render import template_svg  # drawing, loaded only when a picture is asked for

        return template_svg(self, size=size, highlight=highlight)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __repr__(self) -> str:
        return f"ManeuverTemplate.load({self.source!r})"


@lru_cache(maxsize=1)
def _default() -> ManeuverTemplate:
    return ManeuverTemplate.load(PACKAGED)


if __name__ == "__main__":
    # regenerate the golden table: python -m cs_panel.fasa.template > tests/fasa/golden/maneuver_template.txt
    # and the picture: python -m cs_panel.fasa.template --svg > cs_panel/data/fasa/maneuver_template.svg
    import sys

    args = [a for a in sys.argv[1:] if a != "--svg"]
    loaded = ManeuverTemplate.load(args[0] if args else PACKAGED)
    sys.stdout.write(loaded.to_svg() + "\n" if "--svg" in sys.argv[1:] else loaded.golden_text())
