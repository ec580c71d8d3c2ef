"""Plain SVG drawings of the play area, markers, maneuvers and navigation cards.

Objects show themselves in a bare notebook before any widget exists (``Maneuver._repr_svg_``,
``NavigationCard._repr_svg_``, and an ``Attack``'s tables, ``attack_html``); a ``<desc>`` carries
a text version for screen readers. Pure string building: no plotting library needed.

>>> from cs_panel.airaction.navigation import card
>>> "<svg" in card_svg(card("turn"))
True
"""

from __future__ import annotations

import html
from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

from cs_panel.airaction.table import MARKER_WIDTH, TABLE_SIZE, Obstacle, Pose, octagon
from cs_panel.core.explain import percent
from cs_panel.core.palette import AIR_ACTION_COLOURS
from cs_panel.core.svg import described, returns_svg, svg_text

if TYPE_CHECKING:
    from cs_panel.airaction.combat import Attack

#: the planes' markers, in order (``cs_panel.core.palette``)
COLOURS = AIR_ACTION_COLOURS


def _poly(points, scale: float, size: float, **attrs) -> str:
    pts = " ".join(f"{x * scale:.2f},{(size - y) * scale:.2f}" for x, y in points)
    extra = " ".join(f"{k.replace('_', '-')}='{v}'" for k, v in attrs.items())
    return f"<polygon points='{pts}' {extra}/>"


def _marker(pose: Pose, scale: float, size: float, colour: str, label: str | None, opacity: float = 0.35) -> str:
    out = _poly(octagon(pose), scale, size, fill=colour, fill_opacity=opacity, stroke=colour, stroke_width=1)
    nose = pose.forward(MARKER_WIDTH / 2)
    out += (f"<line x1='{pose.x * scale:.2f}' y1='{(size - pose.y) * scale:.2f}' x2='{nose.x * scale:.2f}' "
            f"y2='{(size - nose.y) * scale:.2f}' stroke='{colour}' stroke-width='2'/>")
    if label:
        out += (f"<text x='{pose.x * scale:.2f}' y='{(size - pose.y) * scale + 4:.2f}' font-size='10' "
                f"text-anchor='middle'>{html.escape(label)}</text>")
    return out


@dataclass(frozen=True)
class PlayArea:
    """What a picture of the play area shows, drawn (``table_svg``) or in words (``table_text``), which
    take these fields as their arguments: the planes' markers, each laid path's markers (numbered from
    1), the obstacles, the area's side in inches, the picture's side in pixels, and a description
    (each plane's place and heading when none is given)."""

    planes: Sequence[tuple[str, Pose]] = ()
    paths: Sequence[tuple[str, Sequence[Pose]]] = ()
    obstacles: Sequence[Obstacle] = ()
    _: KW_ONLY
    size: float = TABLE_SIZE
    pixels: int = 432
    description: str = ""

    def __post_init__(self) -> None:
        # any iterable of obstacles is read once, so the picture and its words both see them all
        object.__setattr__(self, "obstacles", tuple(self.obstacles))

    def plane_lines(self) -> list[str]:
        """Each plane's place and heading, one line a plane."""
        return [f"{n} at x {p.x:.1f} in, y {p.y:.1f} in, heading {p.heading:.0f}" for n, p in self.planes]


def table_text(*args, **kwargs) -> str:
    """The play area in words, the same facts as ``table_svg`` from the same arguments (``PlayArea``'s
    fields): the caller's description (if any), then each plane's place and heading, each path's
    markers and the obstacles (A.move.execute, A.nav.paths)."""
    a = PlayArea(*args, **kwargs)
    lines = [a.description] if a.description else []
    lines.append(f"play area {a.size:g} by {a.size:g} inches")
    lines += a.plane_lines()
    for name, poses in a.paths:
        lines.append(f"{name}: markers " + "; ".join(f"{k} at x {p.x:.1f}, y {p.y:.1f}"
                                                   for k, p in enumerate(poses, start=1)))
    if a.obstacles:
        lines.append(f"{len(a.obstacles)} obstacles")
    return "\n".join(lines)


@described(lambda planes=(), *a, description="", **k: (description.split(";")[0].split(":")[0] if description
                                                       else f"the play area: {len(planes)} planes"),
           lambda *a, **k: table_text(*a, **k))
@returns_svg
def table_svg(*args, **kwargs) -> str:
    """The play area with obstacles, laid markers (numbered from 1) and planes' markers; its arguments
    are ``PlayArea``'s fields."""
    a = PlayArea(*args, **kwargs)
    size, pixels = a.size, a.pixels
    scale = pixels / size
    parts = [f"<rect x='0' y='0' width='{pixels}' height='{pixels}' fill='#eef5fb' stroke='#333'/>"]
    for ob in a.obstacles:
        parts.append(_poly(ob.corners, scale, size, fill="#777", fill_opacity=0.6, stroke="#333"))
    for i, (name, poses) in enumerate(a.paths):
        c = COLOURS[i % len(COLOURS)]
        for k, p in enumerate(poses, start=1):
            parts.append(_marker(p, scale, size, c, str(k), 0.15))
    for i, (name, pose) in enumerate(a.planes):
        parts.append(_marker(pose, scale, size, COLOURS[i % len(COLOURS)], None, 0.6))
    desc = a.description or "; ".join(a.plane_lines())
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{pixels}' height='{pixels}' viewBox='0 0 {pixels} {pixels}'>"
            f"<desc>{html.escape(desc)}</desc>{''.join(parts)}</svg>")


#: the navigation card explorer's colours (its key says the same)
NAV_COLOURS = {"laid": "#2b6cb0", "final": "#1a365d", "off": "#c53030", "hit": "#dd6b20",
               "unflown": "#cbd5e0", "plane": "#2f855a", "obstacle": "#718096", "bounce": "#dd6b20"}
#: where the explorer's table's top layer (the plane, the markers laid and to come) begins
NAV_TOP = "<g class='cs-nav-top'"
_NAV_PX = 12  # pixels an inch


def nav_point(x: float, y: float) -> tuple[float, float]:
    """The table's point (inches, y up the table) of a point of ``nav_table_svg`` (y down)."""
    return x / _NAV_PX - 1, TABLE_SIZE + 1 - y / _NAV_PX


def _nav_at(x: float, y: float) -> tuple[float, float]:
    """The drawing's point of the table's (x, y) inches: a 1-inch margin, y down the drawing."""
    return (x + 1) * _NAV_PX, (TABLE_SIZE + 1 - y) * _NAV_PX


def _nav_pts(points) -> str:
    return " ".join("{:.1f},{:.1f}".format(*_nav_at(x, y)) for x, y in points)


def _nav_octagon(pose: Pose, cls: str, fill: str, stroke: str, opacity: float, title: str = "", dash: bool = False) -> str:
    pts = _nav_pts(octagon(pose, MARKER_WIDTH))
    note = f"<title>{html.escape(title)}</title>" if title else ""
    dashes = " stroke-dasharray='4 3'" if dash else ""
    return (f"<polygon class='{cls}' data-pick='table' data-pick-point='' points='{pts}' fill='{fill}' "
            f"fill-opacity='{opacity}' stroke='{stroke}'{dashes}>{note}</polygon>")


def _nav_nose(pose: Pose, colour: str, width: float) -> str:
    nose = pose.forward(MARKER_WIDTH / 2)
    (x1, y1), (x2, y2) = _nav_at(pose.x, pose.y), _nav_at(nose.x, nose.y)
    return (f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke='{colour}' stroke-width='{width}' "
            "pointer-events='none'/>")


def _nav_label(pose: Pose, text: str, colour: str, size: int, bold: bool = False) -> str:
    x, y = _nav_at(pose.x, pose.y)
    weight = " font-weight='bold'" if bold else ""
    return (f"<text x='{x:.1f}' y='{y + size / 3:.1f}' text-anchor='middle' font-size='{size}' fill='{colour}'"
            f"{weight} pointer-events='none'>{html.escape(text)}</text>")


@described(lambda *a, **k: "the table: the maneuver's markers",
           lambda start=None, maneuver=None, unflown_poses=(), obstacles=(), bounced=None, description="", **k:
           table_text([("start", start)] if start is not None else [],
                      [(maneuver.card_id, maneuver.markers)] if maneuver is not None else [], list(obstacles),
                      description=description))
def nav_table_svg(start: Pose | None = None, maneuver=None, unflown_poses: Sequence[Pose] = (),
                  obstacles: Iterable[Obstacle] = (), bounced: Pose | None = None, description: str = "",
                  width: int = 460, height: int = 460) -> str:
    """The 36-inch table as the navigation card explorer shows it (A.move.execute): the table, a
    grid every 6 inches and the obstacles (base layer), then from ``NAV_TOP`` on the plane where
    it starts, the markers the card lays (numbered; the last dark, one that hits an obstacle
    orange, any off the table red), the rest of the card's path faint and dashed, and where a
    collision bounces the plane, dotted. Each marker says where it lies on hover. A click anywhere
    on the table is read from ``data-pick`` with its point (``nav_point``)."""
    side = (TABLE_SIZE + 2) * _NAV_PX
    base = [f"<rect class='cs-nav-table' data-pick='table' data-pick-point='' x='{_NAV_PX}' y='{_NAV_PX}' "
            f"width='{TABLE_SIZE * _NAV_PX}' height='{TABLE_SIZE * _NAV_PX}' fill='#eef5fb' stroke='#2d3748' "
            "stroke-width='2'><title>the 36 x 36 inch table: a click places the plane (or an obstacle)</title></rect>"]
    for k in range(0, int(TABLE_SIZE) + 1, 6):
        x0, y0 = _nav_at(k, k)  # the grid line k inches across, and k inches up
        if 0 < k < TABLE_SIZE:
            base.append(f"<line x1='{x0:.1f}' y1='{_NAV_PX}' x2='{x0:.1f}' y2='{side - _NAV_PX}' stroke='#d6e4f0' "
                        f"pointer-events='none'/><line x1='{_NAV_PX}' y1='{y0:.1f}' x2='{side - _NAV_PX}' y2='{y0:.1f}' "
                        "stroke='#d6e4f0' pointer-events='none'/>")
        base.append(f"<text x='{x0:.1f}' y='{side - 2}' text-anchor='middle' font-size='8' fill='#718096'>{k}</text>"
                    f"<text x='{_NAV_PX - 2}' y='{y0 + 3:.1f}' text-anchor='end' font-size='8' fill='#718096'>{k}</text>")
    for ob in obstacles:
        pts = _nav_pts(ob.corners)
        cx = sum(c[0] for c in ob.corners) / len(ob.corners)
        cy = sum(c[1] for c in ob.corners) / len(ob.corners)
        base.append(f"<polygon class='cs-obstacle' data-id='{html.escape(ob.id)}' data-pick='table' data-pick-point='' "
                    f"points='{pts}' fill='{NAV_COLOURS['obstacle']}' fill-opacity='0.7' stroke='#2d3748'>"
                    f"<title>obstacle {html.escape(ob.id)}</title></polygon>"
                    + _nav_label(Pose(cx, cy, 0), ob.id, "white", 10))
    layer = [f"{NAV_TOP}>"]
    m = maneuver
    if m is not None:
        for n, pose in enumerate(unflown_poses, start=len(m.markers) + 1):
            layer.append(_nav_octagon(pose, "cs-unflown", NAV_COLOURS["unflown"], "#a0aec0", 0.3,
                                      f"marker {n}, not flown", dash=True) + _nav_label(pose, str(n), "#a0aec0", 10))
    if start is not None:
        layer.append(_nav_octagon(start, "cs-start", NAV_COLOURS["plane"], "black", 0.8,
                                  f"the plane: x {start.x:.2f} in, y {start.y:.2f} in, heading {start.heading:.0f}")
                     + _nav_nose(start, "white", 3))
    if m is not None:
        for n, pose in enumerate(m.markers, start=1):
            if m.off_table_at is not None and n >= m.off_table_at:
                colour, state = NAV_COLOURS["off"], "overhangs the edge" if n == m.off_table_at else "off the table"
            elif m.hit_at == n:
                colour, state = NAV_COLOURS["hit"], f"hits {m.obstacle}"
            elif n == len(m.markers):
                colour, state = NAV_COLOURS["final"], "final marker"
            else:
                colour, state = NAV_COLOURS["laid"], ""
            title = f"marker {n}: x {pose.x:.2f} in, y {pose.y:.2f} in, heading {pose.heading:.0f}" + (f", {state}" if state else "")
            layer.append(_nav_octagon(pose, "cs-marker", colour, colour, 0.55, title).replace(
                "class='cs-marker'", f"class='cs-marker' data-number='{n}'") + _nav_nose(pose, "black", 2)
                + _nav_label(pose, str(n), "#1a202c", 11, bold=True))
    if bounced is not None:
        pts = _nav_pts(octagon(bounced, MARKER_WIDTH))
        layer.append(f"<polygon class='cs-bounce' points='{pts}' fill='none' stroke='{NAV_COLOURS['bounce']}' "
                     "stroke-width='2' stroke-dasharray='2 3' pointer-events='none'/>")
    layer.append("</g>")
    return (f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-nav-table-svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {side} {side}' font-family='sans-serif'>" + "".join(base) + "".join(layer) + "</svg>")


@returns_svg
def maneuver_svg(maneuver, obstacles: Iterable[Obstacle] = (), others: Sequence[tuple[str, Pose]] = ()) -> str:
    """A laid maneuver on the table: the start, the numbered markers, obstacles."""
    m = maneuver
    text = (f"{m.card_id} ({m.orientation.value}) at speed {m.speed}: {len(m.markers)} markers, ends at "
            f"x {m.final.x:.1f}, y {m.final.y:.1f}, heading {m.final.heading:.0f}"
            + ("; leaves the play area" if m.left_table else "")
            + (f"; hits obstacle {m.obstacle}" if m.obstacle else ""))
    return table_svg([("start", m.start)] + list(others), [(m.card_id, m.markers)], obstacles, description=text)


@returns_svg
def card_svg(nav_card, pixels: int = 240) -> str:
    """A navigation card: every path from a plane at the bottom centre, markers numbered."""
    span = max(max(abs(p.x), abs(p.y)) for path in nav_card.paths for p in path.markers) + MARKER_WIDTH
    size = 2 * span
    origin = Pose(span, MARKER_WIDTH, 0)
    paths = [(p.orientation.value, [origin.compose(q) for q in p.markers]) for p in nav_card.paths]
    desc = f"{nav_card.name}, speed rating {nav_card.speed_rating}; paths: " + ", ".join(
        f"{p.orientation.value} ({p.highest} markers)" for p in nav_card.paths)
    return table_svg([(nav_card.name, origin)], paths, size=size, pixels=pixels, description=desc)


# a laid maneuver and a card are drawn by ``table_svg``, which names them and describes them: their
# text views are what their pictures' text alternatives say
maneuver_svg.text_view = lambda *a, **k: svg_text(maneuver_svg(*a, **k))  # type: ignore[attr-defined]
card_svg.text_view = lambda *a, **k: svg_text(card_svg(*a, **k))  # type: ignore[attr-defined]


def attack_html(attack: Attack) -> str:
    """An attack as tables: the attack dice, the target's silhouette, and the exact chance of each number of hits (A.combat.shot)."""
    from cs_panel.airaction.combat import SILHOUETTE_CAP  # the rules' cap, named where the rule is
    def rows(terms):
        out = []
        for i, t in enumerate(terms):
            sign = "" if i == 0 else ("&minus;" if t.value < 0 else "+")
            out.append(
                f"<tr><td class='cs-value'>{sign}{abs(t.value) if i else t.value}</td><td>{html.escape(t.label)}</td>"
                f"<td class='cs-rule'><code>{t.rule}</code> {html.escape(t.citation.citation)}</td></tr>"
            )
        return "".join(out)

    # the distribution across, a column for each number of hits: more dice add columns, not rows,
    # so the table keeps its height as the dice change (a change of height resized every box
    # around it in the browser, issue 14)
    odds = attack.distribution()
    lines = {"hits": [str(k) for k in odds], "chance": [percent(p) for p in odds.values()],
             "exact": [f"{p.numerator}/{p.denominator}" for p in odds.values()]}
    dist = "".join(f"<tr><th>{name}</th>{''.join(f'<td>{c}</td>' for c in cells)}</tr>" for name, cells in lines.items())
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in attack.notes)
    cap = f" (capped at {SILHOUETTE_CAP})" if attack.capped else ""
    return (
        "<div class='cs-attack'><table class='cs-breakdown'><caption>attack dice</caption>"
        f"{rows(attack.dice_terms)}<tr class='cs-total'><td>= {attack.dice}</td><td>dice</td><td></td></tr></table>"
        "<table class='cs-breakdown'><caption>target silhouette</caption>"
        f"{rows(attack.silhouette_terms)}<tr class='cs-total'><td>= {attack.silhouette}</td><td>hit on {attack.silhouette}+{cap}"
        + (", natural sixes only (defensive fate)" if attack.defensive_fate else "")
        + "</td><td></td></tr></table>"
        f"<div class='cs-across' style='overflow-x: auto'><table class='cs-distribution'><caption>hits (clicks)</caption>{dist}</table></div>"
        + (f"<ul class='cs-notes'>{notes}</ul>" if notes else "")
        + "</div>"
    )
