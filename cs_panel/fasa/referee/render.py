"""Drawing a referee's game: the map of planes and paths as SVG, and the table as HTML, built as
plain strings (no widget library). ``GameState`` imports this only when a notebook asks for a
picture, as python-chess keeps ``chess/svg.py`` apart from its board.
"""

from __future__ import annotations

import functools
import html
import math
import threading

from cs_panel.core.palette import PAPER, HEX_STROKE, OFF_MAP_FILL, PLAYER_COLOURS
from cs_panel.core.svg import described, returns_svg
from cs_panel.core.validate import check_int
from cs_panel.fasa.hexgrid import Hex, HexLayout, spiral
from cs_panel.fasa.referee.errors import RefereeError
from cs_panel.fasa.referee.phases import _next_step
from cs_panel.fasa.referee.state import GameState, Phase

#: each plane's colour on the map, by name (``cs_panel.core.palette``)
PLANE_COLOURS = PLAYER_COLOURS

#: the latest maps drawn, by what they show: a plot, a collision number or a fire order changes
#: the state but not its map, an undo shows an earlier one again, and a table redraws its map on
#: every click (issue 14)
MAPS_KEPT = 8
_MAPS: dict[tuple, str] = {}
_MAPS_LOCK = threading.Lock()


def _drawn(state: GameState) -> tuple:
    """Everything of ``state`` that ``map_svg`` and ``map_text`` read: two states with the same
    draw the same map. (A plane's record sheet, plots and orders are not drawn.)"""
    def look(planes):
        return tuple((p.name, p.plane.hex, p.plane.facing, p.plane.speed) for p in planes)
    return (state.turn, state.map, look(state.planes), look(state.abandoned), state.paths, state.departed,
            state.zeppelins, state.objects)


def _kept_by_look(draw):
    """``draw(state, ...)`` answered from ``_MAPS`` when a state showing the same (``_drawn``) was
    drawn with the same arguments lately."""

    @functools.wraps(draw)
    def wrapper(state, *args, **kwargs):
        try:
            key = (_drawn(state), args, tuple(sorted(kwargs.items())))
            kept = _MAPS.get(key)
        except TypeError:  # parts that cannot be a key: drawn afresh
            return draw(state, *args, **kwargs)
        if kept is not None:
            return kept
        svg = draw(state, *args, **kwargs)
        with _MAPS_LOCK:
            _MAPS.pop(key, None)
            _MAPS[key] = svg
            while len(_MAPS) > MAPS_KEPT:
                del _MAPS[next(iter(_MAPS))]
        return svg

    return wrapper


@_kept_by_look
@described(lambda state, *a, **k: f"map of turn {state.turn}: {len(state.planes)} planes",
           lambda *a, **k: map_text(*a, **k))
@returns_svg
def map_svg(state: GameState, radius: int = 3, size: float = 18.0) -> str:
    """An SVG of the planes, their facings and last movement paths, drawn without any widget library."""
    radius = check_int(radius, "radius", limit="map_radius", error=RefereeError)
    layout = HexLayout(size=size)
    region: set[Hex] = set()
    for p in state.planes + state.abandoned:  # an empty plane flies on until next movement (F.bail.safe)
        region |= set(spiral(p.plane.hex, radius))
    for _, path in state.paths:
        for h in path:
            region |= set(spiral(h, 1))
    for z in state.zeppelins:  # a zeppelin's hexes and a hex around them (F.zep.static)
        for h in _zeppelin_hexes(z):
            region |= set(spiral(h, 1))
    for o in state.objects:  # buildings, trains and small objects (F.collide.object-btn)
        for h in o.hexes:
            region |= set(spiral(h, 1))
    region = _filled(region, layout)
    xs, ys = [], []
    for h in region:
        for x, y in layout.corners(h):
            xs.append(x)
            ys.append(y)
    pad = 4
    x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad

    def pt(x: float, y: float) -> str:
        return f"{x - x0:.1f},{y1 - y:.1f}"  # SVG's y runs down

    parts = []
    # colours by name, so a plane keeps its colour when another leaves the map
    names = sorted({p.name for p in state.planes} | {n for n, _ in state.departed} | {n for n, _ in state.paths})
    colour = {n: PLANE_COLOURS[i % len(PLANE_COLOURS)] for i, n in enumerate(names)}
    field = state.map
    for h in sorted(region):
        pts = " ".join(pt(*c) for c in layout.corners(h))
        off = field is not None and h not in field  # beyond the map's edge: shaded
        look = f"fill='{OFF_MAP_FILL}' class='off-map'" if off else f"fill='{PAPER}'"
        parts.append(f"<polygon points='{pts}' {look} stroke='{HEX_STROKE}' stroke-width='0.8'/>")
    parts += _zeppelin_parts(state, layout, pt, size)
    parts += _objects_svg(state, layout, pt, size)
    for name, path in state.paths:
        if len(path) > 1:
            pts = " ".join(pt(*layout.center(h)) for h in path)
            parts.append(f"<polyline points='{pts}' fill='none' stroke='{colour[name]}' stroke-width='2' "
                         "stroke-dasharray='4 3' opacity='0.7'/>")
    empty = {p.name for p in state.abandoned}
    for p in state.planes + state.abandoned:
        cx, cy = layout.center(p.plane.hex)
        a = -int(p.plane.facing) * math.pi / 3  # facing A points up the map; B-F clockwise
        tri = [(0, size * 0.75), (-size * 0.4, -size * 0.5), (0, -size * 0.25), (size * 0.4, -size * 0.5)]  # an arrowhead
        pts = " ".join(pt(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in tri)
        # an empty plane is drawn faded and dashed, and labelled, so nobody takes it for a flying one
        look = "opacity='0.45' stroke-dasharray='2 2'" if p.name in empty else ""
        parts.append(f"<polygon points='{pts}' fill='{colour[p.name]}' stroke='black' stroke-width='1' {look}/>")
        lx, ly = pt(cx, cy - size * 1.05).split(",")
        label = p.name + (" (abandoned)" if p.name in empty else "")
        parts.append(f"<text x='{lx}' y='{ly}' font-size='{size * 0.6:.0f}' text-anchor='middle'>{html.escape(label)}</text>")
    desc = "; ".join([f"{p.name} at {p.plane.hex!r} facing {p.plane.facing.name}" for p in state.planes]
                     + [f"{p.name} (abandoned) at {p.plane.hex!r} facing {p.plane.facing.name}" for p in state.abandoned]
                     + [zeppelin_text(z) for z in state.zeppelins]
                     + [str(o) + (" (destroyed)" if o.destroyed else "") for o in state.objects])
    width, height = x1 - x0, y1 - y0
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.0f}' height='{height:.0f}' "
            f"viewBox='0 0 {width:.0f} {height:.0f}' "
            f"class='cs-referee-map'><desc>{html.escape(desc)}</desc>{''.join(parts)}</svg>")


#: the most hexes a map drawing fills in between its planes (about 250 kB of SVG); beyond it, planes
#: far apart are drawn as separate patches of sky rather than one huge sheet
FILL_CAP = 3000


def _filled(region: set[Hex], layout: HexLayout) -> set[Hex]:
    """Every hex whose centre lies in the region's bounding box, so planes far apart stand on one
    sheet of hexes, as on the table, and a player can count the hexes between them; the region
    itself where that would take more than ``FILL_CAP`` hexes."""
    ys = [layout.center(h)[1] for h in region]
    y_lo, y_hi = min(ys) - 1e-6, max(ys) + 1e-6
    qs = [h.q for h in region]
    step = layout.size * math.sqrt(3)  # centre to centre down a column of flat-topped hexes
    filled = set(region)
    for q in range(min(qs), max(qs) + 1):
        # a column's centres sit at y = origin_y - step * (r + q / 2): the r whose centre is in [y_lo, y_hi]
        r_lo = math.ceil((layout.origin_y - y_hi) / step - q / 2)
        r_hi = math.floor((layout.origin_y - y_lo) / step - q / 2)
        if len(filled) + max(0, r_hi - r_lo + 1) > FILL_CAP + len(region):
            return region
        filled.update(Hex(q, r) for r in range(r_lo, r_hi + 1))
    return filled if len(filled) <= FILL_CAP else region


#: how each kind of object is drawn: fill colour and shape (a square, a long box per car, a small diamond)
_OBJECT_LOOK = {"building": ("#8d6e63", "square"), "train": ("#455a64", "car"), "small-object": ("#c49a3a", "diamond"),
                "nacelle": ("#78909c", "diamond")}


def _objects_svg(state: GameState, layout: HexLayout, pt, size: float) -> list[str]:
    """Each object on the map in its hexes, named, with its points left; a towed one dashed, a
    destroyed one crossed out; the track still ahead of a train dotted (F.collide.object-btn)."""
    parts = []
    for o in state.objects:
        colour, shape = _OBJECT_LOOK.get(o.kind, ("#607d8b", "square"))
        if o.moving:
            pts = " ".join(pt(*layout.center(h)) for h in (o.hexes[0],) + o.track)
            parts.append(f"<polyline points='{pts}' fill='none' stroke='{colour}' stroke-width='1.5' "
                         "stroke-dasharray='1 3' class='track'/>")
        look = (f"fill='{colour}' opacity='{0.35 if o.destroyed else 0.9}' stroke='black' stroke-width='0.8'"
                + (" stroke-dasharray='3 2'" if o.towed_by else ""))
        for h in o.hexes:
            cx, cy = layout.center(h)
            k = size * (0.5 if shape != "diamond" else 0.35)
            if shape == "diamond":
                corners = [(cx, cy + k), (cx + k, cy), (cx, cy - k), (cx - k, cy)]
            elif shape == "car":
                corners = [(cx - k, cy - k * 0.5), (cx + k, cy - k * 0.5), (cx + k, cy + k * 0.5), (cx - k, cy + k * 0.5)]
            else:
                corners = [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
            parts.append(f"<polygon points='{' '.join(pt(x, y) for x, y in corners)}' {look} class='map-object'/>")
            if o.destroyed:
                a, b = pt(cx - k, cy - k).split(","), pt(cx + k, cy + k).split(",")
                c, d = pt(cx - k, cy + k).split(","), pt(cx + k, cy - k).split(",")
                parts.append(f"<path d='M{a[0]},{a[1]} L{b[0]},{b[1]} M{c[0]},{c[1]} L{d[0]},{d[1]}' stroke='black' "
                             "stroke-width='1.5'/>")
        lx, ly = pt(*layout.center(o.hexes[0])).split(",")
        ly = f"{float(ly) + size * 0.95:.1f}"
        label = f"{o.name} {o.left}/{o.points}" + (f" ({o.provenance})" if o.provenance != "rules" else "")
        parts.append(f"<text x='{lx}' y='{ly}' font-size='{size * 0.45:.0f}' text-anchor='middle' "
                     f"font-style='italic'>{html.escape(label)}</text>")
    return parts
def map_text(state: GameState, radius: int = 3, size: float = 18.0) -> str:
    """The map in words: each plane's hex, facing and speed, the hexes of each last movement path,
    the planes that have left the map, and whether a plane is beyond the map's edge."""
    field = state.map
    lines = [f"turn {state.turn}" + (f", map {field}" if field else "")]
    for p in state.planes:
        off = field is not None and p.plane.hex not in field
        lines.append(f"{p.name} in hex {p.plane.hex!r}, facing {p.plane.facing.name}, speed {p.plane.speed}"
                     + (" (beyond the map's edge)" if off else ""))
    for name, path in state.paths:
        if len(path) > 1:
            lines.append(f"{name} flew " + " - ".join(repr(h) for h in path))
    lines += [f"{p.name} (abandoned) in hex {p.plane.hex!r}, facing {p.plane.facing.name}, flying on until the next "
              "movement phase" for p in state.abandoned]  # (F.bail.safe)
    lines += [f"{name} {how}" for name, how in state.departed]
    lines += [zeppelin_text(z) for z in state.zeppelins]  # its cells and nacelles (F.zep.static)
    lines += [f"{o} in hex{'es' if len(o.hexes) > 1 else ''} {', '.join(repr(h) for h in o.hexes)}"
              + (" (destroyed)" if o.destroyed else "") for o in state.objects]  # (F.collide.object-btn)
    return "\n".join(lines)


def table_html(state: GameState, with_map: bool = True) -> str:
    """The game as HTML: the step, the map (unless ``with_map`` is False, for a view that draws
    the map itself), each plane's row and the last action's report."""
    lines = "".join(f"<li>{html.escape(x)}</li>" for x in state.report)
    head = (f"Turn {state.turn}: game over" if state.phase is Phase.OVER
            else f"Turn {state.turn}: next, {_next_step(state)}")
    if state.outcome:
        head += f". {state.outcome}"
    if state.destroyed:
        how = dict(state.losses)
        crashed = [n for n in state.destroyed if n not in how]
        if crashed:
            head += f". Destroyed in collisions: {', '.join(crashed)}"
        shot = [n for n in state.destroyed if n in how]
        if shot:
            head += f". Shot down: {', '.join(shot)}"
    for z in state.zeppelins:
        head += f". Zeppelin {z.summary()}"
    if state.flak:
        head += ". Flak waiting to burst over " + "; ".join(map(str, state.flak))
    if state.objects:
        head += ". On the map: " + "; ".join(str(o) + (" (destroyed)" if o.destroyed else "") for o in state.objects)
    if state.map:
        sides = ", ".join(f"{who} {edge.value}" for who, edge in state.homes)
        gone = "; ".join(f"{n} {how}" for n, how in state.departed)
        head += f". Map: {state.map} (home sides: {sides})" + (f"; off the map: {gone}" if gone else "")
    planes = "".join(
        f"<tr><td>{html.escape(p.label)}{' (shocked)' if p.plane.shocked else ''}</td>"
        f"<td>{p.plane.hex!r} facing {p.plane.facing.name}</td>"
        f"<td>speed {p.plane.speed}</td><td>{p.hits_taken}</td>"
        f"<td>{html.escape(p.weapons_summary())}</td>"
        f"<td>{html.escape(p.damage_summary())}"
        + (f"<details><summary>record sheet</summary>{p.record._repr_svg_()}</details>" if p.record.marks else "")
        + f"</td><td>{html.escape(', '.join(f'{n} {loc}' for loc, n in p.fracture) or '-')}</td></tr>"
        for p in state.planes)
    table = ("<table class='cs-breakdown'><tr><td><b>plane</b></td><td><b>where</b></td><td><b>speed</b></td>"
             f"<td><b>hits taken</b></td><td><b>weapons</b></td><td><b>damage</b></td><td><b>fracture hits</b></td></tr>{planes}</table>")
    table += "".join(f"<details><summary>{html.escape(z.name)}'s record sheet</summary>{zeppelin_sheet_html(z, state.turn)}"
                     "</details>" for z in state.zeppelins)
    drawing = f"<div>{state.to_svg()}</div>" if with_map else ""
    return (f"<div class='cs-referee'><p><b>{html.escape(head)}</b></p>{drawing}{table}"
            f"<ul>{lines}</ul></div>")


# -- zeppelins (F.zep.*) ----------------------------------------------------------------------------


def _zeppelin_hexes(z) -> list[Hex]:
    return sorted(z.hexes | {z.nacelle_hex(n) for n in z.nacelles})


def zeppelin_text(z) -> str:
    """A zeppelin in words, for the map's description: where each cell lies and its points, the nacelles."""
    cells = ", ".join(f"cell {i + 1} " + "/".join(f"{h.q},{h.r}" for h in z.cell_hexes(i))
                      + (" shredded" if p == 0 else f" {p} points") for i, p in enumerate(z.cells))
    pods = ", ".join(f"{n} at {z.nacelle_hex(n).q},{z.nacelle_hex(n).r}" + (" knocked out" if n in z.nacelles_lost else "")
                     for n in z.nacelles)
    state = f"fell in turn {z.fell_turn}" if z.fell_turn else f"aloft, {sum(z.cells)} points"
    return f"zeppelin {z.name} ({z.player}), heading {z.heading.name}, {state}: {cells}; nacelles {pods or 'none'}"


def _zeppelin_parts(state: GameState, layout: HexLayout, pt, size: float) -> list[str]:
    """Each zeppelin drawn over its hexes: intact cells shaded and numbered, shredded cells pale and
    dashed, nacelles as dots (a cross when knocked out), turrets as rings, a fallen ship faded."""
    from cs_panel.core.palette import ZEP_CELL, ZEP_LOST, ZEP_NACELLE, ZEP_SHREDDED

    out = []
    for z in state.zeppelins:
        fade = " opacity='0.35'" if not z.aloft else ""
        out.append(f"<g class='cs-zeppelin' data-name='{html.escape(z.name)}'{fade}>")
        for i, p in enumerate(z.cells):
            for h in z.cell_hexes(i):
                pts = " ".join(pt(*c) for c in layout.corners(h))
                look = (f"fill='{ZEP_SHREDDED}' stroke-dasharray='3 2' class='zep-cell shredded'" if p == 0
                        else f"fill='{ZEP_CELL}' class='zep-cell'")
                out.append(f"<polygon points='{pts}' {look} stroke='{ZEP_NACELLE}' stroke-width='1'/>")
            cx, cy = layout.center(z.cell_hexes(i)[0])
            x, y = pt(cx, cy).split(",")
            out.append(f"<text x='{x}' y='{y}' font-size='{size * 0.5:.0f}' text-anchor='middle'>"
                       f"{i + 1}: {p}</text>")
        for n in z.nacelles:
            x, y = pt(*layout.center(z.nacelle_hex(n))).split(",")
            lost = n in z.nacelles_lost
            out.append(f"<circle cx='{x}' cy='{y}' r='{size * 0.3:.1f}' fill='{ZEP_LOST if lost else ZEP_NACELLE}' "
                       f"class='zep-nacelle{' lost' if lost else ''}'/>")
        for mount in z.mounts:
            if mount.startswith("main "):
                continue
            x, y = pt(*layout.center(z.mount_hex(mount))).split(",")
            out.append(f"<circle cx='{x}' cy='{y}' r='{size * 0.45:.1f}' fill='none' stroke='{ZEP_NACELLE}' "
                       "stroke-width='1.5' class='zep-turret'/>")
        bx, by = layout.center(z.bow)
        x, y = pt(bx, by + size * 1.1).split(",")
        out.append(f"<text x='{x}' y='{y}' font-size='{size * 0.6:.0f}' text-anchor='middle' font-weight='bold'>"
                   f"{html.escape(z.name)}</text></g>")
    return out


def zeppelin_sheet_html(z, turn: int = 1) -> str:
    """A zeppelin's record sheet as HTML: each gas cell's points (out of 60) and hexes, the fall line,
    the nacelles, each turret's gun, range and field, the main guns, and each gunner's Constitution
    and shock (F.zep.gas-cells, F.zep.nacelle, F.zep.turrets, F.zep.main-guns, F.zep.gunners)."""
    from cs_panel.fasa.zeppelin import CELL_POINTS, FALLS_AT, GUNNER_CONSTITUTION, GUNNER_SHELTER, MAIN_GUN_RANGE, Turret

    kind = "military (reinforced cells: each template's second Zep. Dmg. number)" if z.military else (
        "commercial (each template's first Zep. Dmg. number)")
    gas = "hydrogen: a magnesium hit burns the whole ship" if z.hydrogen else "helium: magnesium does only its template"
    rows = "".join(
        f"<tr><td>cell {i + 1}</td><td>{' '.join(f'{h.q},{h.r}' for h in z.cell_hexes(i))}</td>"
        f"<td>{'shredded: fly and fire through' if p == 0 else f'{p} / {CELL_POINTS}'}</td></tr>"
        for i, p in enumerate(z.cells))
    pods = "".join(f"<li>{n} at {z.nacelle_hex(n).q},{z.nacelle_hex(n).r}: "
                   f"{'knocked out' if n in z.nacelles_lost else 'working'}; hit on 7 + modifiers, never by flak</li>"
                   for n in z.nacelles)
    guns = []
    for mount in z.mounts:
        if mount.startswith("main "):
            continue
        kind_ = z.turret_kind(mount)
        for m, g in z.turrets:
            if m == mount:
                t = Turret(kind_, g)
                silent = z.silent(mount, turn)
                guns.append(f"<li>{mount} .{g.split('-')[1]}: range {t.range}, {t.alleys} hexrows; gunner Constitution "
                            f"{GUNNER_CONSTITUTION} + {GUNNER_SHELTER} = {GUNNER_CONSTITUTION + GUNNER_SHELTER}"
                            + (f"; silent: {html.escape(silent)}" if silent else "") + "</li>")
    main = (f"<p>Main guns: 3 a side, one flak round each a turn to {MAIN_GUN_RANGE} hexes.</p>" if z.military else "")
    left = sum(z.cells)
    state = (f"fell in turn {z.fell_turn}" if z.fell_turn else f"{left} points left; it falls at {FALLS_AT} or fewer")
    return (f"<div class='cs-zeppelin-sheet'><p><b>{html.escape(z.name)}</b> ({html.escape(z.player)}), {kind}; {gas}. "
            f"{state}.</p><table class='cs-breakdown'><tr><td><b>gas cell</b></td><td><b>hexes</b></td>"
            f"<td><b>points</b></td></tr>{rows}</table><p>Nacelles:</p><ul>{pods or '<li>none</li>'}</ul>"
            f"<p>Turrets (fire after every plane):</p><ul>{''.join(guns) or '<li>none</li>'}</ul>{main}</div>")
