"""The bar room drawn as SVG: the hex floor, the cover, and every fighter with his side, his
status and his gait this turn (B.cover, B.move.gait, B.hitloc). Pure Python, so the rules core
stays free of panel and bokeh; ``cs_panel.ui.barrooms_table`` imports it when it draws.

A text version of the room goes into the SVG's ``<desc>`` for screen readers (as python-chess
does), and ``room_text`` gives the same lines alone. A damage card's table
(``DamageCard._repr_html_``) is built here too, imported only when it is shown.

>>> from cs_panel.games import new_game
>>> svg = room_svg(new_game("barrooms", seed=1).state)
>>> svg.startswith("<svg") and "Mac (Ann" in svg
True
"""

from __future__ import annotations

import functools
import html
import math

from cs_panel.barrooms.damage import DamageCard, box_count, locations, wound
from cs_panel.core.palette import BADGE_COLOURS, CARD_BOX_STROKE, CROSSED_BOX, PLAYER_COLOURS
from cs_panel.core.svg import Svg, described, returns_svg

SIZE = 22.0  # hex radius in pixels (flat-topped)
SIDE_COLOURS = PLAYER_COLOURS  # one colour a side (cs_panel.core.palette)
COVER_COLOURS = {"table": "#a0522d", "stove": "#555555", "bar": "#6b4423"}
STATUS_MARK = {"fighting": "", "down": "down", "dead": "dead", "out cold": "out cold"}


def centre(col: int, row: int) -> tuple[float, float]:
    """Pixel centre of a (column, row) hex: odd columns sit half a hex lower."""
    x = SIZE + col * 1.5 * SIZE
    y = SIZE * math.sqrt(3) * (row + 0.5 * (col & 1)) + SIZE * math.sqrt(3) / 2
    return x, y


def _corners(x: float, y: float) -> str:
    return " ".join(f"{x + SIZE * math.cos(math.pi / 3 * k):.1f},{y + SIZE * math.sin(math.pi / 3 * k):.1f}"
                    for k in range(6))


def room_text(state) -> list[str]:
    """The room in words: its size, each piece of cover, each fighter."""
    lines = [f"Bar room {state.cols} by {state.rows} hexes, turn {state.turn}, {state.phase} phase"
             + (f", {state.queue[0]} to act" if state.queue else "")]
    lines += [f"{c.kind} at {c.at[0]},{c.at[1]} (cover {c.cover}, armour {c.armour})" for c in state.cover]
    for f in state.fighters:
        lines.append(f"{f.name} ({f.player}) at {f.at[0]},{f.at[1]}: {f.status}, {f.gait}"
                     + (", behind cover" if f.hid else "") + (f", shock {f.ch.shock}" if f.ch.shock else ""))
    return lines


@functools.lru_cache(maxsize=32)
def _floor(cols: int, rows: int, cover: tuple, highlight: tuple[int, int] | None) -> str:
    """The floor's hexes with their labels and the cover on them: the same for every action of a
    fight (the table draws the room again after each one), so it is made once."""
    # Hexes and labels take their shared look (stroke, fill, font) from a group rather than each
    # repeating it: the same picture, pixel for pixel, in half the text, and the table sends the
    # whole drawing again after every action. The hexes keep their order (a later hex's edge
    # overlaps an earlier one's); each label lies inside its own hex, so the labels may follow.
    at = {c.at: c for c in cover}
    hexes, labels, names = [], [], []
    for col in range(cols):
        for row in range(rows):
            x, y = centre(col, row)
            c = at.get((col, row))
            fill = COVER_COLOURS.get(c.kind, "#888") if c else ("#fff3b0" if highlight == (col, row) else None)
            hexes.append(f"<polygon points='{_corners(x, y)}'" + (f" fill='{fill}'/>" if fill else "/>"))
            if c:
                names.append(f"<text x='{x:.1f}' y='{y + 4:.1f}'>{html.escape(c.kind)}</text>")
            else:
                labels.append(f"<text x='{x:.1f}' y='{y + SIZE * 0.72:.1f}'>{col},{row}</text>")
    return (f"<g fill='#f4efe6' stroke='#b9ad99' stroke-width='1'>{''.join(hexes)}</g>"
            f"<g font-size='7' text-anchor='middle' fill='#9a8f7c'>{''.join(labels)}</g>"
            f"<g font-size='9' text-anchor='middle' fill='white'>{''.join(names)}</g>")


@described(lambda state, *a, **k: "the bar room", lambda state, *a, **k: "\n".join(room_text(state)))
@returns_svg
def room_svg(state, highlight: tuple[int, int] | None = None) -> str:
    """The room: floor hexes with their (column, row), cover in brown or grey, fighters as discs in
    their side's colour (a cross for a man out of the fight), the one to act ringed in gold;
    ``highlight`` marks a hex (a move's or a grenade's destination)."""
    colour = {p: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, p in enumerate(state.players)}
    w = SIZE * (1.5 * state.cols + 0.5) + 2
    h = SIZE * math.sqrt(3) * (state.rows + 0.5) + 2
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' class='br-room' width='{w:.0f}' height='{h:.0f}' "
             f"viewBox='0 0 {w:.0f} {h:.0f}' role='img' aria-label='the bar room'>",
             f"<desc>{html.escape(chr(10).join(room_text(state)))}</desc>"]
    parts.append(_floor(state.cols, state.rows, tuple(state.cover), highlight))
    current = state.queue[0] if state.queue else None
    for f in state.fighters:
        x, y = centre(*f.at)
        fill = colour.get(f.player, "#444")
        ring = "#e0a800" if f.name == current else "#222"
        opacity = "1" if f.fighting else "0.45"
        parts.append(f"<g class='br-fighter' data-name='{html.escape(f.name)}' opacity='{opacity}'>"
                     f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{SIZE * 0.62:.1f}' fill='{fill}' stroke='{ring}' "
                     f"stroke-width='{3 if f.name == current else 1.5}'/>"
                     f"<text x='{x:.1f}' y='{y + 4:.1f}' font-size='10' font-weight='bold' text-anchor='middle' "
                     f"fill='white'>{html.escape(f.name[:3])}</text>")
        if not f.fighting:
            d = SIZE * 0.45
            parts.append(f"<path d='M{x - d:.1f},{y - d:.1f} L{x + d:.1f},{y + d:.1f} M{x + d:.1f},{y - d:.1f} "
                         f"L{x - d:.1f},{y + d:.1f}' stroke='#000' stroke-width='2'/>")
        if f.hid:
            parts.append(f"<text x='{x:.1f}' y='{y - SIZE * 0.7:.1f}' font-size='8' text-anchor='middle'>hiding</text>")
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def damage_card_html(card: DamageCard) -> str:
    """The damage card as a table, one row a location with its boxes, crossed where wounded, and the status under it (B.hitloc, B.shock)."""
    n = box_count()
    rows = []
    for e in locations():
        crossed = card.crossed(e["name"])
        cells = "".join(
            f"<td class='cs-box{' cs-crossed' if b in crossed else ''}' title='{html.escape(wound(e['part'], b)['grade'])}'"
            f" style='border:1px solid {CARD_BOX_STROKE};width:1.6em;text-align:center;"
            f"{'background:' + CROSSED_BOX + ';font-weight:bold' if b in crossed else ''}'>{'&#10007;' if b in crossed else b}</td>"
            for b in range(1, n + 1))
        lo, hi = e["faces"]
        rows.append(f"<tr><td class='cs-value'>{lo if lo == hi else f'{lo}-{hi}'}</td>"
                    f"<td>{html.escape(e['name'])}</td>{cells}</tr>")
    status = html.escape(card.status)
    vest = f"; vest {card.vest_left} of 5 left" if card.vest else ""
    return (
        f"<div class='cs-damage-card'><table class='cs-breakdown'><caption>Damage card"
        f"{' of ' + html.escape(card.name) if card.name else ''} "
        f"<span class='cs-badge cs-badge-reconstructed' style='background:{BADGE_COLOURS['reconstructed']};color:white;border-radius:8px;"
        f"padding:0 6px;font-size:0.75em'>reconstructed</span></caption>{''.join(rows)}</table>"
        f"<p class='cs-status'>Constitution {card._constitution_text()}: <b>{status}</b>, {card.wound_count} wound(s), "
        f"lasting shock {card.lasting_shock}{vest} <small>(<code>B.hitloc</code>, <code>B.shock</code>)</small></p></div>"
    )


__all__ = ["Svg", "centre", "damage_card_html", "room_svg", "room_text"]
