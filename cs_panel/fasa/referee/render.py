"""Drawing a referee's game: the map of planes and paths as SVG, and the table as HTML, built as
plain strings (no widget library). ``GameState`` imports this only when a notebook asks for a
picture, as python-chess keeps ``chess/svg.py`` apart from its board.
"""

from __future__ import annotations

import html
import math

from cs_panel.core.palette import PAPER, HEX_STROKE, OFF_MAP_FILL, PLAYER_COLOURS
from cs_panel.core.svg import described, returns_svg
from cs_panel.core.validate import check_int
from cs_panel.fasa.hexgrid import Hex, HexLayout, spiral
from cs_panel.fasa.referee.errors import RefereeError
from cs_panel.fasa.referee.phases import _next_step
from cs_panel.fasa.referee.state import GameState, Phase

#: each plane's colour on the map, by name (``cs_panel.core.palette``)
PLANE_COLOURS = PLAYER_COLOURS


@described(lambda state, *a, **k: f"map of turn {state.turn}: {len(state.planes)} planes",
           lambda *a, **k: map_text(*a, **k))
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
    desc = "; ".join(f"{p.name} at {p.plane.hex!r} facing {p.plane.facing.name}" for p in state.planes)
    width, height = x1 - x0, y1 - y0
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.0f}' height='{height:.0f}' "
            f"viewBox='0 0 {width:.0f} {height:.0f}' "
            f"class='cs-referee-map'><desc>{html.escape(desc)}</desc>{''.join(parts)}</svg>")


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
    lines += [f"{name} {how}" for name, how in state.departed]
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
    if state.flak:
        head += ". Flak waiting to burst over " + "; ".join(map(str, state.flak))
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
