"""Drawing a referee's game: the map of planes and paths as SVG, and the table as HTML, built as
plain strings (no widget library). ``GameState`` imports this only when a notebook asks for a
picture, as python-chess keeps ``chess/svg.py`` apart from its board.
"""

from __future__ import annotations

import html
import math

from cs_panel.core.palette import PAPER, HEX_STROKE, OFF_MAP_FILL, PLAYER_COLOURS
from cs_panel.core.svg import returns_svg
from cs_panel.core.validate import check_int
from cs_panel.fasa.hexgrid import Hex, HexLayout, spiral
from cs_panel.fasa.referee.errors import RefereeError
from cs_panel.fasa.referee.phases import _next_step
from cs_panel.fasa.referee.state import GameState, Phase

#: each plane's colour on the map, by name (``cs_panel.core.palette``)
PLANE_COLOURS = PLAYER_COLOURS


@returns_svg
def map_svg(state: GameState, radius: int = 3, size: float = 18.0) -> str:
    """An SVG of the planes, their facings and last movement paths, drawn without any widget library."""
    radius = check_int(radius, "radius", limit="map_radius", error=RefereeError)
    layout = HexLayout(size=size)
    region: set[Hex] = set()
    for p in state.planes:
        region |= set(spiral(p.plane.hex, radius))
    for _, path in state.paths:
        for h in path:
            region |= set(spiral(h, 1))
    for o in state.objects:  # buildings, trains and small objects (F.collide.object-btn)
        for h in o.hexes:
            region |= set(spiral(h, 1))
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
    parts += _objects_svg(state, layout, pt, size)
    for name, path in state.paths:
        if len(path) > 1:
            pts = " ".join(pt(*layout.center(h)) for h in path)
            parts.append(f"<polyline points='{pts}' fill='none' stroke='{colour[name]}' stroke-width='2' "
                         "stroke-dasharray='4 3' opacity='0.7'/>")
    for p in state.planes:
        cx, cy = layout.center(p.plane.hex)
        a = -int(p.plane.facing) * math.pi / 3  # facing A points up the map; B-F clockwise
        tri = [(0, size * 0.75), (-size * 0.4, -size * 0.5), (0, -size * 0.25), (size * 0.4, -size * 0.5)]  # an arrowhead
        pts = " ".join(pt(cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)) for x, y in tri)
        parts.append(f"<polygon points='{pts}' fill='{colour[p.name]}' stroke='black' stroke-width='1'/>")
        lx, ly = pt(cx, cy - size * 1.05).split(",")
        parts.append(f"<text x='{lx}' y='{ly}' font-size='{size * 0.6:.0f}' text-anchor='middle'>{html.escape(p.name)}</text>")
    desc = "; ".join([f"{p.name} at {p.plane.hex!r} facing {p.plane.facing.name}" for p in state.planes]
                     + [str(o) + (" (destroyed)" if o.destroyed else "") for o in state.objects])
    width, height = x1 - x0, y1 - y0
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.0f}' height='{height:.0f}' "
            f"viewBox='0 0 {width:.0f} {height:.0f}' "
            f"class='cs-referee-map'><desc>{html.escape(desc)}</desc>{''.join(parts)}</svg>")


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
    drawing = f"<div>{state.to_svg()}</div>" if with_map else ""
    return (f"<div class='cs-referee'><p><b>{html.escape(head)}</b></p>{drawing}{table}"
            f"<ul>{lines}</ul></div>")
