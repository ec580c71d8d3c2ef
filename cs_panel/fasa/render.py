"""Drawing FASA's rules objects as plain SVG and HTML strings (no widget library): the maneuver
template, a tailing position, a record sheet's damage boxes and a laid-out map as pictures, and
the tables of a tailing number, a pilot, experience points, a hit-location roll, a firing order
and a move's plan and result. Each object's
``to_svg`` / ``_repr_svg_`` / ``_repr_html_`` imports this module only when a picture is asked
for, as python-chess keeps ``chess/svg.py`` apart from its board; the colours are named in
``cs_panel.core.palette``.
"""

from __future__ import annotations

import functools
import html
import math
from fractions import Fraction
from typing import TYPE_CHECKING, Mapping

from cs_panel.core.palette import (
    ALT_SHEET, ARMOUR_BOX, BOTH_ARCS, BOX_STROKE, COMPONENT_BOX, DAMAGE_MARKS, FRONT_ARC, G_COLOURS, HALO,
    HEX_STROKE, HOME_EDGE, PAPER, PLAIN_BOX, PLAYER_COLOURS, REAR_ARC, TEMPLATE_HEX, TEMPLATE_LABEL,
    TEMPLATE_ORIGIN, TEMPLATE_PLANE, TEMPLATE_STROKE,
)
from cs_panel.core.explain import percent, terms_rows_html
from cs_panel.core.rules import rule
from cs_panel.core.svg import described, plane_arrow, returns_svg
from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex, HexLayout, in_front_arc, in_rear_arc, spiral
from cs_panel.fasa.maneuver import Direction, Maneuver, as_maneuver
from cs_panel.fasa.pilots import SKILL_NAMES, SKILLS

if TYPE_CHECKING:
    from cs_panel.fasa.damage import RecordSheet
    from cs_panel.fasa.fire_order import FiringOrder
    from cs_panel.fasa.gunnery import HitLocation
    from cs_panel.fasa.mapsheets import MapLayout
    from cs_panel.fasa.movement import MovePlan, MoveResult
    from cs_panel.fasa.pilots import Pilot, Points
    from cs_panel.fasa.tailing import Tailing, TailingNumber
    from cs_panel.fasa.template import Arrow, Destination, ManeuverTemplate


# -- the maneuver template (F.move.template) ------------------------------------------------------


def _facing_vector(layout: HexLayout, f: Facing) -> tuple[float, float]:
    x0, y0 = layout.center(ORIGIN)
    x1, y1 = layout.center(ORIGIN.neighbor(f))
    n = math.hypot(x1 - x0, y1 - y0)
    return (x1 - x0) / n, (y1 - y0) / n


@described(lambda t, size=30.0, highlight=None: f"maneuver template, {len(t.destinations)} destinations"
           + (f", {highlight} highlighted" if highlight is not None else ""),
           lambda *a, **k: template_text(*a, **k))
@returns_svg
def template_svg(template: ManeuverTemplate, size: float = 30.0, highlight: Maneuver | str | None = None) -> str:
    """Draw ``template`` as an SVG string (no plotting library needed).

    Each destination hex is outlined and labelled with its designation; each arrowhead points at
    the hexside of its final facing, with one bar across its shaft per G, coloured from green
    (0 G) to purple (6 G). Two arrows with the same facing in one hex (3L0D and 3R0D) sit side by
    side, port to the left. The plane's own hex is shaded, its nose up. ``highlight`` draws one
    maneuver's arrow path. The ``<desc>`` holds the text table for screen readers.
    """
    hl = as_maneuver(highlight) if highlight is not None else None
    layout = HexLayout(size)
    hexes: dict[Hex, list[Destination]] = {ORIGIN: []}
    for d in template.destinations:
        hexes.setdefault(d.hex, []).append(d)
    xs, ys = [], []
    for h in hexes:
        for x, y in layout.corners(h):
            xs.append(x)
            ys.append(-y)
    pad = size * 0.4
    minx, miny = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - minx + pad, max(ys) - miny + pad

    def pt(x: float, y: float) -> str:
        return f"{x - minx:.1f},{-y - miny:.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" class="cs-maneuver-template" role="img">',
        f"<title>{html.escape(template.title or 'maneuver template')}</title>",
        f"<desc>{html.escape(template.golden_text())}</desc>",
    ]
    labels: list[str] = []
    for h, ds in hexes.items():
        fill = TEMPLATE_ORIGIN if h == ORIGIN else TEMPLATE_HEX
        poly = " ".join(pt(x, y) for x, y in layout.corners(h))
        parts.append(f'<polygon points="{poly}" fill="{fill}" stroke="{TEMPLATE_STROKE}" stroke-width="1"/>')
        cx, cy = layout.center(h)
        label = "/".join(d.id for d in ds if d.speed > 0)
        if label:
            labels.append(
                f'<text x="{cx - minx:.1f}" y="{-cy - miny + size * 0.62:.1f}" font-size="{size * 0.22:.1f}" '
                f'text-anchor="middle" font-family="sans-serif" fill="{TEMPLATE_LABEL}" stroke="{HALO}" '
                f'stroke-width="{size * 0.08:.1f}" paint-order="stroke">{html.escape(label)}</text>'
            )
    if hl is not None and hl in template:
        a = template.arrow(hl)
        pts = [layout.center(ORIGIN)] + [layout.center(h) for h in a.path_hexes()]
        parts.append(
            f'<polyline points="{" ".join(pt(x, y) for x, y in pts)}" fill="none" stroke="{TEMPLATE_PLANE}" '
            f'stroke-width="{size * 0.12:.1f}" stroke-opacity="0.5" class="cs-path"/>'
        )
    # the plane itself: a small triangle pointing at hexside A
    ox, oy = layout.center(ORIGIN)
    s = size * 0.3
    parts.append(
        f'<polygon points="{pt(ox, oy + s)} {pt(ox - s * 0.6, oy - s * 0.6)} {pt(ox + s * 0.6, oy - s * 0.6)}" '
        f'fill="{TEMPLATE_PLANE}" class="cs-plane"/>'
    )
    # the hexside letters A-F around the plane's hex, as printed around the counter (FASA p.23)
    for f in Facing:
        ux, uy = _facing_vector(layout, f)
        lx, ly = ox + ux * size * 0.8, oy + uy * size * 0.8
        labels.append(
            f'<text x="{lx - minx:.1f}" y="{-ly - miny + size * 0.08:.1f}" font-size="{size * 0.2:.1f}" '
            f'text-anchor="middle" font-family="sans-serif" fill="{TEMPLATE_PLANE}" stroke="{HALO}" stroke-width="{size * 0.06:.1f}" paint-order="stroke" class="cs-hexside">{f.name}</text>'
        )
    for a in template:
        same = [b for b in template if b.hex == a.hex and b.facing == a.facing]
        offset = 0.0
        if len(same) > 1:
            offset = (0.14 if a.maneuver.direction is Direction.L else -0.14) * size
        parts.append(_arrow_svg(layout, a, pt, size, offset, hl is not None and a.maneuver == hl))
    parts.extend(labels)  # last, so that no arrow hides a designation
    parts.append("</svg>")
    return "\n".join(parts)


def _arrow_svg(layout: HexLayout, a: Arrow, pt, size: float, offset: float, highlighted: bool) -> str:
    cx, cy = layout.center(a.hex)
    ux, uy = _facing_vector(layout, a.facing)
    px, py = -uy, ux  # perpendicular, to the arrow's left
    cx, cy = cx - px * offset, cy - py * offset
    tail, head = size * 0.12, size * 0.74
    x0, y0 = cx + ux * tail, cy + uy * tail
    x1, y1 = cx + ux * head, cy + uy * head
    colour = G_COLOURS[min(a.gs, len(G_COLOURS) - 1)]
    w = size * (0.07 if highlighted else 0.045)
    hs = size * 0.14
    left = (x1 - ux * hs + px * hs * 0.6, y1 - uy * hs + py * hs * 0.6)
    right = (x1 - ux * hs - px * hs * 0.6, y1 - uy * hs - py * hs * 0.6)
    out = [
        f'<g class="cs-arrow" data-maneuver="{a.maneuver}" data-gs="{a.gs}">',
        f"<title>{a.maneuver}: {a.gs} G</title>",
        f'<line x1="{pt(x0, y0).split(",")[0]}" y1="{pt(x0, y0).split(",")[1]}" '
        f'x2="{pt(x1, y1).split(",")[0]}" y2="{pt(x1, y1).split(",")[1]}" stroke="{colour}" stroke-width="{w:.2f}"/>',
        f'<polygon points="{pt(x1, y1)} {pt(*left)} {pt(*right)}" fill="{colour}"/>',
    ]
    for i in range(a.gs):
        d = hs + size * 0.07 * (i + 0.8)
        bx, by = x1 - ux * d, y1 - uy * d
        b0 = (bx + px * hs * 0.45, by + py * hs * 0.45)
        b1 = (bx - px * hs * 0.45, by - py * hs * 0.45)
        out.append(
            f'<line x1="{pt(*b0).split(",")[0]}" y1="{pt(*b0).split(",")[1]}" '
            f'x2="{pt(*b1).split(",")[0]}" y2="{pt(*b1).split(",")[1]}" stroke="{colour}" stroke-width="{size * 0.035:.2f}" class="cs-bar"/>'
        )
    out.append("</g>")
    return "\n".join(out)



# -- a tailing position (F.tail.position) ---------------------------------------------------

#: the tailing drawing's hexes by arc, and its planes by role
SVG_FILL = {"front": FRONT_ARC, "rear": REAR_ARC, "both": BOTH_ARCS, "plain": PAPER}
SVG_PLANE = {"follower": PLAYER_COLOURS[0], "leader": PLAYER_COLOURS[1]}


@described(lambda t, *a, **k: f"tailing position: {t}", lambda *a, **k: tailing_text(*a, **k))
@returns_svg
def tailing_svg(t: Tailing, size: float = 22.0, radius: int = 3) -> str:
    """An SVG of a tailing position, drawn in a bare notebook without any widget library.

    Hexes within ``radius`` of either plane; the follower's front arc green, the leader's rear arc
    orange, both darker green; each plane a triangle pointing along its facing. The verdict is
    written into ``<desc>`` for screen readers (the arcs are our reconstruction, see the module).

    >>> from cs_panel.fasa.tailing import TailingPlane, resolve_tailing
    >>> "<desc>Iverian tails Dukes" in resolve_tailing(
    ...     TailingPlane(Hex(0, 2), Facing.A, name="Iverian"), TailingPlane(Hex(0, 0), Facing.A, name="Dukes"), "3SA"
    ... ).position.to_svg()
    True
    """
    layout = HexLayout(size=size)
    f, l = t.follower, t.leader
    region = sorted(set(spiral(f.hex, radius)) | set(spiral(l.hex, radius)))
    pts = [c for h in region for c in layout.corners(h)]
    min_x, max_x = min(p[0] for p in pts) - 4, max(p[0] for p in pts) + 4
    min_y, max_y = min(p[1] for p in pts) - 4, max(p[1] for p in pts) + 4
    width, height = max_x - min_x, max_y - min_y

    def xy(x: float, y: float) -> str:  # drawing coordinates have y up; SVG has y down
        return f"{x - min_x:.1f},{max_y - y:.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}" class="cs-tailing-svg">',
        f"<desc>{html.escape(str(t))}</desc>",
    ]
    for h in region:
        front, rear = in_front_arc(f.hex, f.facing, h), in_rear_arc(l.hex, l.facing, h)
        zone = "both" if front and rear else "front" if front else "rear" if rear else "plain"
        corners = " ".join(xy(*c) for c in layout.corners(h))
        parts.append(f'<polygon points="{corners}" fill="{SVG_FILL[zone]}" stroke="{HEX_STROKE}" stroke-width="1"/>')
    shared = f.hex == l.hex
    for role, p in (("follower", f), ("leader", l)):
        cx, cy = layout.center(p.hex)
        if shared:
            cx += (-0.35 if role == "follower" else 0.35) * size
        nose = math.radians(90 - 60 * int(p.facing))  # facing A points up the map, B-F clockwise
        tri = [(cx + k * size * math.cos(nose + a), cy + k * size * math.sin(nose + a))
               for k, a in ((0.7, 0.0), (0.45, math.radians(145)), (0.45, math.radians(-145)))]
        parts.append(f'<polygon points="{" ".join(xy(*q) for q in tri)}" fill="{SVG_PLANE[role]}" stroke="black">'
                     f"<title>{html.escape(p.label)} ({role}), facing {p.facing}, speed {p.speed}</title></polygon>")
        lx, ly = xy(cx, cy - 0.8 * size).split(",")
        parts.append(f'<text x="{lx}" y="{ly}" font-size="{size * 0.5:.0f}" text-anchor="middle">{html.escape(p.label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


# -- a record sheet's damage boxes (F.plane.record-sheet) -----------------------------------------


@described(lambda sheet: f"record sheet of {sheet.name or 'plane'}: damage boxes",
           lambda sheet: damage_text(sheet))
def damage_svg(sheet: RecordSheet) -> str:
    """The sheet's boxes as SVG, each coloured by its kind or by how it was marked, with a
    ``<title>`` naming it; the text form (``RecordSheet.text``) in ``<desc>``."""
    from cs_panel.fasa.damage import SHEET_COLUMNS  # the sheet's width in boxes

    d = sheet.diagram
    marks = sheet.mark_of
    size, gap = 12, 6
    top = d.rows[0]
    width = SHEET_COLUMNS * size + 2 * gap + 4
    height = (d.rows[1] - top + 1) * size + 4
    fill = DAMAGE_MARKS
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'class="cs-damage-diagram"><desc>{html.escape(sheet.text())}</desc>')]
    for (c, r), b in sorted(d.boxes.items()):
        x = 2 + c * size + gap * (c >= 10) + gap * (c >= 20)
        y = 2 + (r - top) * size
        how = marks.get((c, r))
        colour = fill[how] if how else (ARMOUR_BOX if b.armour else COMPONENT_BOX if b.component else PLAIN_BOX)
        title = (d.components[b.component].name if b.component else "armour" if b.armour else "box") + \
            f" ({b.table.label})" + (f", {how}" if how else "")
        parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{colour}" stroke="{BOX_STROKE}" '
                     f'stroke-width="0.5"><title>{html.escape(title)}</title></rect>')
    parts.append("</svg>")
    return "".join(parts)


# -- the record sheet as the damage sheet component draws it, in two layers (F.dmg.template) ------

#: intact boxes by what they are; marked boxes by how they were lost (the damage sheet's key)
INTACT_COLOURS = {
    "armour": "#e2e8f0", "structure": "#ffffff", "gun": "#fbd38d", "rocket": "#f6ad55", "canopy": "#90cdf4",
    "max_speed": "#feb2b2", "engine": "#fc8181", "radio": "#c6f6d5", "landing_gear": "#e9d8fd",
    "zeppelin_gear": "#e9d8fd", "cargo": "#fefcbf", "pilot": "#9ae6b4", "fuel_tank": "#faf089",
    "tail_controls": "#d6bcfa", "elevator": "#b794f4", "rudder": "#b794f4", "wing_controls": "#d6bcfa",
    "flaps": "#bee3f8", "aileron": "#bee3f8", "spar": "#cbd5e0",
}
MARK_COLOURS = {"hit": "#2d3748", "tank": "#975a16", "widow": "#6b46c1", "burn": "#c53030", "drill": "#4a5568"}
MARK_WORDS = {"hit": "destroyed by a hit", "tank": "emptied with its tank", "widow": "widowed",
              "burn": "burnt by magnesium", "drill": "drilled"}
LAST_BOX, SHEET_EDGE = "#e53e3e", "#a0aec0"
#: where the sheet's top layer (marks, the last step's outline, the preview) begins
SHEET_TOP = "<g class='cs-sheet-top'"
#: where the components' codes begin: over the marks, but the same whatever is marked, so a
#: component shows them in a layer of their own that a hit does not redraw (ui/layered_svg.py)
SHEET_LABELS = "<g class='cs-sheet-labels'"
_CELL, _PAD, _HEAD = 15, 4, 22


def _box_at(c: int, r: int, top: int) -> tuple[int, int]:
    return _PAD + c * _CELL, _HEAD + (r - top) * _CELL


@functools.lru_cache(maxsize=16)
def _sheet_base(diagram, title: str) -> tuple[str, dict, int, str, tuple[int, int]]:
    """What no mark changes, kept per diagram (``RecordSheet`` keeps one per layout and armour):
    the layer of every box in its colour while intact, each with a ``<title>`` naming its table,
    column and what it is, and ``data-pick`` (the box a click chooses), and the sheet's name; each
    box's words, for the marks to say the same; the top row; the layer of the components' codes
    (``SHEET_LABELS``: worked out once, not at every hit, issue 14); the drawing's view (width,
    height). Returns (SVG, words by box, top row, codes' SVG, view)."""
    d = diagram
    top = min(r for _, r in d.boxes)
    parts, words = [], {}
    for cell, box in sorted(d.boxes.items()):
        comp = d.components[box.component] if box.component else None
        kind = "armour" if box.armour else comp.kind if comp else "structure"
        table, column = d.table_column(cell) or (box.table, 0)
        what = "armour" if box.armour else comp.name if comp else "structure"
        words[cell] = f"{table.label} column {column}: {what}"
        x, y = _box_at(cell[0], cell[1], top)
        parts.append(f"<rect class='cs-box' data-pick='{cell[0]},{cell[1]}' x='{x}' y='{y}' width='{_CELL - 1}' "
                     f"height='{_CELL - 1}' fill='{INTACT_COLOURS.get(kind, '#ffffff')}' stroke='{SHEET_EDGE}' "
                     f"stroke-width='0.6'><title>{html.escape(words[cell])}</title></rect>")
    parts.insert(0, f"<text x='{_PAD}' y='15' font-size='13' font-weight='bold' fill='#1a202c'>{html.escape(title)}</text>")
    size = _CELL - 1
    labels = [f"{SHEET_LABELS}>"]
    for comp in d.components.values():  # over the marks, so a lost component still says what it was
        xs = [_box_at(c, r, top)[0] for c, r in comp.cells]
        ys = [_box_at(c, r, top)[1] for c, r in comp.cells]
        labels.append(f"<text class='cs-label' x='{sum(xs) / len(xs) + size / 2:.1f}' y='{sum(ys) / len(ys) + size / 2 + 3:.1f}' "
                      "text-anchor='middle' font-size='8' fill='#1a202c' stroke='white' stroke-width='2' "
                      f"paint-order='stroke' pointer-events='none'>{html.escape(comp.code)}</text>")
    labels.append("</g>")
    cols = max(c for c, _ in d.boxes) + 1
    rows = max(r for _, r in d.boxes) - top + 1
    view = (2 * _PAD + cols * _CELL, _HEAD + rows * _CELL + _PAD)
    return "".join(parts), words, top, "".join(labels), view


@described(lambda sheet, *a, **k: f"record sheet of {sheet.name or 'plane'}: the damage diagram",
           lambda sheet, *a, **k: damage_text(sheet))
def damage_sheet_svg(sheet: RecordSheet, title: str, last=(), preview=(), width: int = 560, height: int = 520) -> str:
    """The record sheet's diagram as the damage sheet component shows it: the boxes (base layer),
    then from ``SHEET_TOP`` on the marks in the colour of how each box was lost, the ``last``
    step's boxes outlined, the boxes a template would take (``preview``, dashed) and each
    component's code. A click on a box is read from its ``data-pick`` ("column,row")."""
    base, words, top, labels, (view_w, view_h) = _sheet_base(sheet.diagram, title)
    layer = [f"{SHEET_TOP}>"]
    size = _CELL - 1
    for cell, how in sorted(sheet.mark_of.items()):
        x, y = _box_at(cell[0], cell[1], top)
        layer.append(f"<rect class='cs-mark' data-mark='{how}' data-pick='{cell[0]},{cell[1]}' x='{x}' y='{y}' "
                     f"width='{size}' height='{size}' fill='{MARK_COLOURS[how]}' stroke='{SHEET_EDGE}' stroke-width='0.6'>"
                     f"<title>{html.escape(words.get(cell, ''))}, {MARK_WORDS[how]}</title></rect>")
    for cell in preview:
        x, y = _box_at(cell[0], cell[1], top)
        layer.append(f"<rect class='cs-preview' x='{x}' y='{y}' width='{size}' height='{size}' fill='{LAST_BOX}' "
                     f"fill-opacity='0.35' stroke='{LAST_BOX}' stroke-width='1.5' stroke-dasharray='3 2' "
                     "pointer-events='none'/>")
    for cell in last:
        x, y = _box_at(cell[0], cell[1], top)
        layer.append(f"<rect class='cs-last' x='{x}' y='{y}' width='{size}' height='{size}' fill='none' "
                     f"stroke='{LAST_BOX}' stroke-width='2.5' pointer-events='none'/>")
    layer.append("</g>")
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-damage-sheet-svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {view_w} {view_h}' font-family='sans-serif'>"
            + base + "".join(layer) + labels + "</svg>")


# -- a random movement, step by step (F.move.random) -------------------------------------------

#: the random movement map's colours (the component's key says the same)
RANDOM_MOVE_COLOURS = {"plain": "#f7fafc", "start": "#bee3f8", "plotted": "#e6fffa", "visited": "#fefcbf",
                       "current": "#fbd38d", "plane": "#c53030", "ghost": "#a0aec0", "path": "#dd6b20"}
#: where the random movement map's top layer (the path so far, step numbers, the planes) begins
RANDOM_MOVE_TOP = "<g class='cs-rm-top'"


def _random_move_facts(plan: MovePlan | None, result: MoveResult | None, step: int):
    """What the map of a random movement shows: the start, the hexes around the move, those of the
    plotted path, the steps shown so far and where the plane is now."""
    start = plan.state if plan is not None else None
    start_hex, start_facing = (start.hex, start.facing) if start else (ORIGIN, Facing.A)
    radius = max(3, plan.maneuver.speed if plan is not None else 3)
    region = set(spiral(start_hex, radius))
    plotted = set(plan.path_hexes) if plan is not None and plan.arrow is not None else set()
    shown = result.steps[:step] if result is not None else ()
    for s in (result.steps if result is not None else ()):
        region |= set(spiral(s.hex, 1))
    here = (shown[-1].hex, shown[-1].facing) if shown else (start_hex, start_facing)
    if result is None:
        title = f"{plan.maneuver}: not attempted yet" if plan is not None else "No maneuver"
    else:
        title = f"{result.plan.maneuver}, {result.outcome.value}: step {step} of {len(result.steps)}"
    return start_hex, start_facing, region, plotted, shown, here, title


def random_movement_text(plan: MovePlan | None, result: MoveResult | None, step: int = 0) -> str:
    """The random movement map in words: what it is called now, the start, the plotted path, each
    step shown so far and where the plane is (F.move.random)."""
    start_hex, start_facing, _, plotted, shown, (here_hex, here_facing), title = _random_move_facts(plan, result, step)
    return "\n".join([title, f"start in hex {start_hex!r}, facing {start_facing.name}"]
                     + (["plotted path: " + " ".join(repr(h) for h in plan.path_hexes)] if plotted and plan else [])
                     + [f"step {k}: hex {s.hex!r}, facing {s.facing.name}" for k, s in enumerate(shown, 1)]
                     + [f"now in hex {here_hex!r}, facing {here_facing.name}"])


@described(lambda *a, **k: "map: the plane's random movement, step by step",
           lambda *a, **k: random_movement_text(*a, **k))
def random_movement_svg(plan: MovePlan | None, result: MoveResult | None, step: int = 0,
                        width: int = 380, height: int = 380) -> str:
    """A random movement on its hexes (F.move.random): the hexes plain; then, from
    ``RANDOM_MOVE_TOP`` on, the start blue, the plotted path green, the hexes flown so far yellow
    and the current one orange, each laid over its plain hex, the path flown as a dashed line with
    each step's number, the plane where it started (grey) and where it is now (red), its nose
    showing its facing. The coloured hexes are in the top layer so that a step, or another
    maneuver of the same speed, leaves the plain hexes as they were (a component sends its base
    layer again only when it changes, ui/layered_svg.py)."""
    colours = RANDOM_MOVE_COLOURS
    start_hex, start_facing, region, plotted, shown, (here_hex, here_facing), title = _random_move_facts(plan, result, step)
    geom = HexLayout(size=10.0)
    fill = {h: colours["plain"] for h in region}
    for h in plotted:
        fill[h] = colours["plotted"]
    fill[start_hex] = colours["start"]
    for s in shown:
        fill[s.hex] = colours["visited"]
    if shown:
        fill[shown[-1].hex] = colours["current"]

    def xy(x: float, y: float) -> str:  # the hex layout's y runs up the map, SVG's down it
        return f"{x:.1f},{-y:.1f}"

    order = sorted(region)
    corners = {h: geom.corners(h) for h in order}
    xs_all = [c[0] for cs in corners.values() for c in cs]
    ys_all = [-c[1] for cs in corners.values() for c in cs]
    # the drawing is scaled to fit its box: lines and words are sized in the box's pixels
    span_x, span_y = max(xs_all) - min(xs_all) + 8, max(ys_all) - min(ys_all) + 8
    px = max(span_x / width, span_y / (height - 24))  # drawing units per pixel
    vw, vh = max(span_x, width * px), max(span_y + 24 * px, height * px)
    x0, y0 = min(xs_all) - 4 - (vw - span_x) / 2, min(ys_all) - 4 - 24 * px  # the hexes centred across
    def hexagon(cls: str, h, colour: str) -> str:
        return (f"<polygon class='{cls}' points='{' '.join(xy(*c) for c in corners[h])}' fill='{colour}' "
                f"stroke='#a0aec0' stroke-width='{px:.2f}'><title>hex {h!r}</title></polygon>")
    cells = [hexagon("cs-hex", h, colours["plain"]) for h in order]
    layer = [f"{RANDOM_MOVE_TOP}>"] + [hexagon("cs-hex-mark", h, fill[h]) for h in order if fill[h] != colours["plain"]]
    route = [geom.center(h) for h in [start_hex] + [s.hex for s in shown]]
    layer.append(f"<polyline class='cs-path' points='{' '.join(xy(*c) for c in route)}' fill='none' "
                 f"stroke='{colours['path']}' stroke-width='{3 * px:.2f}' stroke-dasharray='{6 * px:.1f} {4 * px:.1f}'/>")
    for k, s in enumerate(shown, 1):
        x, y = geom.center(s.hex)
        layer.append(f"<text class='cs-step' x='{x + 4.5:.1f}' y='{-y - 4:.1f}' text-anchor='middle' "
                     f"font-size='{11 * px:.1f}'>{k}</text>")
    for h, f, colour, who in ((start_hex, start_facing, colours["ghost"], "start"),
                              (here_hex, here_facing, colours["plane"], "now")):
        x, y = geom.center(h)
        xs, ys = plane_arrow(x, y, f, scale=10.0)
        layer.append(f"<polygon class='cs-plane' data-facing='{f.name}' points='{' '.join(xy(a, b) for a, b in zip(xs, ys))}' "
                     f"fill='{colour}' stroke='black' stroke-width='{px:.2f}'><title>{who}: hex {h!r}, facing {f.name}</title></polygon>")
    layer.append(f"<text class='cs-rm-title' x='{x0 + 2 * px:.1f}' y='{y0 + 16 * px:.1f}' font-size='{13 * px:.1f}' "
                 f"font-weight='bold' fill='#1a202c'>{html.escape(title)}</text></g>")
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-random-movement' width='{width}' height='{height}' "
            f"viewBox='{x0:.1f} {y0:.1f} {vw:.1f} {vh:.1f}' font-family='sans-serif'>"
            + "".join(cells) + "".join(layer) + "</svg>")


# -- a laid-out map (F.map) ---------------------------------------------------------------------


@described(lambda m, *a, **k: f"map: {m}", lambda *a, **k: map_text(*a, **k))
@returns_svg
def map_svg(m: MapLayout, size: float = 7.0, marks: Mapping[Hex, str] | None = None,
            labels: Mapping[Hex, str] | None = None) -> str:
    """The whole field as SVG: sheets shaded in turn, home sides drawn thick, and any
    ``marks`` (hex to colour) and ``labels`` (hex to text) on top."""
    draw = HexLayout(size=size)
    marks, labels = marks or {}, labels or {}
    cells = list(m.hexes())
    pts_all = [c for h in cells for c in draw.corners(h)]
    x0 = min(x for x, _ in pts_all) - 2
    y1 = max(y for _, y in pts_all) + 2
    width = max(x for x, _ in pts_all) + 2 - x0
    height = y1 - (min(y for _, y in pts_all) - 2)

    def pt(x: float, y: float) -> str:
        return f"{x - x0:.1f},{y1 - y:.1f}"  # SVG's y runs down

    parts = []
    for h in cells:
        col, _ = m.to_offset(h)
        sheet = col // m.sheet_columns
        fill = marks.get(h, PAPER if sheet % 2 == 0 else ALT_SHEET)
        parts.append(f"<polygon points='{' '.join(pt(*c) for c in draw.corners(h))}' fill='{fill}' "
                     f"stroke='{HEX_STROKE}' stroke-width='0.5'/>")
    for edge in m.home_edges:  # the two ends where the sides set up (F.setup)
        line = [h for h in cells if m.rows_from(h, edge) == 0]
        for h in line:
            cx, cy = draw.center(h)
            parts.append(f"<circle cx='{cx - x0:.1f}' cy='{y1 - cy:.1f}' r='{size * 0.35:.1f}' fill='{HOME_EDGE}' "
                         f"class='home-{edge.value}'/>")
    for h, text in labels.items():
        cx, cy = draw.center(h)
        parts.append(f"<text x='{cx - x0:.1f}' y='{y1 - cy - size:.1f}' font-size='{size * 1.4:.0f}' "
                     f"text-anchor='middle'>{html.escape(text)}</text>")
    desc = html.escape(str(m))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.0f}' height='{height:.0f}' "
            f"viewBox='0 0 {width:.0f} {height:.0f}' class='cs-mapsheet'><desc>{desc}</desc>{''.join(parts)}</svg>")


def map_html(m: MapLayout) -> str:
    """The map's name, sheets and size over its picture, badged when its hex counts are ours."""
    badge = f" <i>[{m.provenance}: hex counts are ours]</i>" if m.provenance != "rules" else ""
    return f"<div class='cs-mapsheet'><p>{html.escape(str(m))}{badge}</p>{m.to_svg()}</div>"


# -- explained numbers and tables -----------------------------------------------------------------


def tailing_number_html(number: TailingNumber) -> str:
    """The tailing number as a table: each labelled term, the total and the reveal it earns (F.tail.reveal)."""
    reveal_rule = rule("F.tail.reveal")
    return (
        "<div class='cs-target'><table class='cs-breakdown'><caption>tailing number</caption>"
        + terms_rows_html(number.terms)
        + f"<tr class='cs-total'><td>= {number.total}</td><td>reveal {html.escape(number.reveal.value)}</td>"
        f"<td class='cs-rule'><code>{reveal_rule.id}</code> {reveal_rule.citation}</td></tr></table></div>"
    )


def points_html(points: Points) -> str:
    """Experience points as a table of their labelled terms and total."""
    return (
        f"<div class='cs-target'><table class='cs-breakdown'><caption>{html.escape(points.what)}</caption>"
        f"{terms_rows_html(points.terms)}<tr class='cs-total'><td>= {points.total}</td><td>experience points</td>"
        f"<td></td></tr></table></div>"
    )


def pilot_html(pilot: Pilot, over: int | None = None) -> str:
    """A pilot's card as a table: Constitution, the five skills and unspent experience; with
    ``over``, a build that costs that many points more than its budget (F.pilot.create): the same
    card (the caption too: a longer one wraps in the narrow table), its last line saying so
    instead of the unspent points, so a sheet keeps its shape."""
    rows = "".join(
        f"<tr><td>{SKILL_NAMES[s]}</td><td class='cs-value'>{html.escape(pilot.quick_draw_text if s == 'quick_draw' else str(getattr(pilot, s)))}</td></tr>"
        for s in SKILLS
    )
    con = f"{pilot.current_constitution} of {pilot.constitution}" if pilot.wounds else str(pilot.constitution)
    return (
        f"<div class='cs-pilot'><table class='cs-breakdown'><caption>{html.escape(pilot.name)}</caption>"
        f"<tr><td>Constitution</td><td class='cs-value'>{con}{' (dead)' if pilot.is_dead else ''}</td></tr>{rows}"
        + (f"<tr class='cs-total pilot-over'><td>over budget</td><td>{over}</td></tr></table></div>" if over is not None
           else f"<tr class='cs-total'><td>unspent experience</td><td>{pilot.unspent_xp}</td></tr></table></div>")
    )


def hit_location_html(location: HitLocation) -> str:
    """The hit-location roll as a table: each d10 band, its damage table and its chance (F.hitloc.table)."""
    r = rule("F.hitloc.table")
    rows = "".join(
        f"<tr><td class='cs-value'>{lo}&ndash;{hi}</td><td>{html.escape(t.label)}</td>"
        f"<td>{percent(Fraction(hi - lo + 1, 10))}</td></tr>"
        for lo, hi, t in location.bands
    )
    badge = (f"<p class='cs-badge cs-{location.provenance}'>{html.escape(location.provenance)}: "
             f"{html.escape(location.source)}</p>" if location.provenance != "rules" else "")
    return (
        f"<div class='cs-target'><table class='cs-breakdown'><caption>hit location, attacker on "
        f"hexside {location.hexside.name} ({html.escape(location.attitude)}) &middot; <code>{r.id}</code> "
        f"{r.citation}</caption><tr><th>d10</th><th>damage table</th><th>chance</th></tr>{rows}</table>"
        f"{badge}</div>"
    )


def firing_order_html(order: FiringOrder) -> str:
    """The firing order as a numbered list, with the d10 roll-offs that broke ties (F.combat.order)."""
    items = "".join(
        f"<li>{html.escape(s.name)} <span class='cs-kind'>({s.kind.value}, Quick Draw {s.quick_draw_text})</span></li>"
        for s in order.order
    )
    ties = "".join(f"<li>{html.escape(order._tie_text(r))}</li>" for r in order.rolloffs)
    return (
        f"<div class='cs-order'><ol>{items}</ol>"
        + (f"<p>Ties broken on d10s (<code>F.combat.order</code> FASA p.34):</p><ul>{ties}</ul>" if ties else "")
        + "</div>"
    )


def move_plan_html(plan: MovePlan) -> str:
    """A plotted maneuver's plan: its first line, why it is illegal if it is, and each push's target number."""
    items = "".join(f"<li class='cs-illegal'>{html.escape(str(r))}</li>" for r in plan.reasons)
    pushes = "".join(p.target._repr_html_() for p in plan.pushes)
    head = html.escape(plan.explain().splitlines()[0])
    return f"<div class='cs-move-plan'><b>{head}</b><ul>{items}</ul>{pushes}</div>"


def move_result_html(result: MoveResult) -> str:
    """A resolved move's log: its first line, then each step in order."""
    lines = result.log()
    items = "".join(f"<li>{html.escape(x.strip())}</li>" for x in lines[1:])
    return f"<div class='cs-move-result'><b>{html.escape(lines[0])}</b><ol>{items}</ol></div>"


# -- text views: the same facts as the drawings above, in words (screen readers, "Text view") -----


def template_text(template: ManeuverTemplate, size: float = 30.0, highlight: Maneuver | str | None = None) -> str:
    """The maneuver template in words: each maneuver's hex, path and arrows (final facing and Gs),
    as ``golden_text`` lists them, then the highlighted maneuver if any (F.move.plot)."""
    lines = [template.golden_text().rstrip("\n")]
    if highlight is not None:
        hl = as_maneuver(highlight)
        if hl in template:
            a = template.arrow(hl)
            lines.append(f"highlighted: {hl}, ends in hex {a.hex!r} facing {a.facing.name}, {a.gs} G")
    return "\n".join(lines)


def tailing_text(t: Tailing, size: float = 22.0, radius: int = 3) -> str:
    """A tailing position in words: the verdict, then each plane's hex, facing and speed, and
    whether the leader sits in the follower's front arc and the follower in the leader's rear arc
    (F.tail.position)."""
    f, l = t.follower, t.leader
    lines = [str(t)]
    for role, p in (("follower", f), ("leader", l)):
        lines.append(f"{p.label} ({role}) in hex {p.hex!r}, facing {p.facing.name}, speed {p.speed}")
    lines.append(f"{l.label} is {'' if in_front_arc(f.hex, f.facing, l.hex) else 'not '}in {f.label}'s front arc; "
                 f"{f.label} is {'' if in_rear_arc(l.hex, l.facing, f.hex) else 'not '}in {l.label}'s rear arc; "
                 f"{t.distance} hexes apart")
    return "\n".join(lines)


@functools.lru_cache(maxsize=16)
def _boxes_by_table(diagram) -> tuple[tuple[str, int], ...]:
    """Each damage table's name and its number of boxes, in the order the sheet's boxes first
    reach it: the same for every sheet of a diagram, so worked out once (the damage sheet's
    drawing says it after every hit)."""
    counts: dict = {}
    for _, b in sorted(diagram.boxes.items()):
        counts[b.table] = counts.get(b.table, 0) + 1
    return tuple((t.label, n) for t, n in counts.items())


def damage_text(sheet: RecordSheet) -> str:
    """A record sheet in words: its plane and layout, the boxes on each damage table and how many
    are marked, each marked box by component and how it was marked, and the plane's status
    (F.plane.record-sheet)."""
    d = sheet.diagram
    marks = sheet.mark_of
    per_table: dict[str, int] = {}
    marked: list[str] = []
    for cell in sorted(marks):  # only the marked boxes are looked at: a sheet has hundreds
        b = d.boxes.get(cell)
        if b is None:
            continue
        label = b.table.label
        per_table[label] = per_table.get(label, 0) + 1
        what = d.components[b.component].name if b.component else "armour" if b.armour else "box"
        marked.append(f"{what} ({label}), {marks[cell]}")
    lines = [f"record sheet of {sheet.name or 'plane'}: {d.name} ({sheet.layout})"]
    lines += [f"{label}: {n} boxes, {per_table.get(label, 0)} marked" for label, n in _boxes_by_table(d)]
    lines += [f"marked: {x}" for x in marked]
    lines.append(f"status: {sheet.destruction or ('pilot dead' if sheet.pilot_dead else 'flying')}")
    lines += [str(e) for e in sheet.limits()]
    return "\n".join(lines)


def map_text(m: MapLayout, size: float = 7.0, marks: Mapping[Hex, str] | None = None,
             labels: Mapping[Hex, str] | None = None) -> str:
    """A laid-out map in words: its name, sheets and size, its home sides, and each label with its
    hex (F.map.sheets)."""
    lines = [str(m)]
    lines += [f"{text} in hex {h!r}" for h, text in (labels or {}).items()]
    if marks:
        lines.append(f"{len(marks)} hexes marked")
    return "\n".join(lines)


def reach_text(state, options, selected: Maneuver | str | None = None) -> str:
    """The maneuver explorer's map in words: the plane's hex, facing and last speed, then every
    arrow it could fly this turn: where it ends and facing which way, its Gs, whether it is legal
    (and why not), its push target numbers and its chance (F.move.plot, F.move.push-target).
    ``state`` is a ``PlaneState`` and ``options`` its ``reach.reachable`` list."""
    chosen = str(as_maneuver(selected)) if selected is not None else None
    lines = [f"plane in hex {state.hex!r}, facing {state.facing.name}, last speed {state.speed}; "
             f"{sum(o.legal for o in options)} of {len(options)} maneuvers legal"]
    for o in options:
        why = "legal" if o.legal else "illegal: " + "; ".join(r.text for r in o.reasons)
        pushes = (", pushes " + ", ".join(f"{t.total} ({percent(t.chance)})" for t in o.pushes)
                  + f", chance {percent(o.chance)}") if o.pushes else ""
        lines.append(f"{o.maneuver}{' (chosen)' if str(o.maneuver) == chosen else ''}: ends in hex {o.hex!r} "
                     f"facing {o.facing.name}, {o.gs} G, {why}{pushes}")
    return "\n".join(lines)
