"""Bar charts as SVG: the chance of each outcome (a range in hexes, a number of hits).

The calculators (FASA to-hit ``F.hit.number``, Bar-rooms shots, Air Action attack odds) draw
how a chance falls with range or spreads over hits. A bokeh figure laid out its axes again and
repainted its whole canvas on every change: 5 to 14 ms of the browser's main thread for twenty
bars, most of a change's cost in the browser (issue 14, README "Speed"). These charts are plain
SVG, drawn here in the core, with no widget library: a component shows them in a
``LayeredSvg`` (``cs_panel/ui/layered_svg.py``), whose base layer (frame, grid, the chance axis)
goes to the browser once and whose top layer (title, bars, the outcome axis) alone is sent again.
``CHART_TOP`` marks where that top layer begins. Each bar carries a ``<title>``, which browsers
show on hover, as the figure's hover tool did.

>>> svg = bar_chart_svg([Bar(1, 0.9, "#718096", "range 1: 90%"), Bar(2, 0.5, "#c53030", "range 2: 50%")],
...                     title="Chance to hit by range", x_label="range (hexes)")
>>> svg.count("<rect class='cs-bar'"), "range 2: 50%" in svg, CHART_TOP in svg
(2, True, True)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cs_panel.core.errors import CsPanelError
from cs_panel.core.svg import Svg, label_svg

#: where a chart's top layer begins: everything before it depends only on the chart's size and
#: its chance axis, so it is sent to the browser once
CHART_TOP = "<g class='cs-chart-top'"

AXIS, GRID, INK, MARK = "#4a5568", "#e2e8f0", "#1a202c", "#c53030"


class ChartError(CsPanelError):
    """A chart asked for with values it cannot draw (a chance outside 0..1, no room)."""


@dataclass(frozen=True)
class Bar:
    """One bar: its outcome ``x`` (labelled under it), its ``value`` (a chance, 0 to 1), its
    ``colour``, and ``note``, the words shown on hover (plain text; escaped when drawn).
    ``crossed`` draws a cross at its foot: an outcome that cannot happen (out of reach)."""
    x: int
    value: float
    colour: str
    note: str = ""
    crossed: bool = False


def _percent_label(v: float) -> str:
    return f"{v * 100:.0f}%"


def bar_chart_svg(bars: Sequence[Bar], *, title: str, x_label: str, y_label: str = "chance",
                  y_ticks: Iterable[float] = (0, 0.1, 0.5, 0.9, 1), x_ticks: Iterable[int] | None = None,
                  width: int = 380, height: int = 220, name: str = "") -> Svg:
    """The bars side by side, one slot per outcome from the least ``x`` to the greatest (an
    outcome without a bar leaves its slot empty), heights on a 0-1 chance axis with gridlines at
    ``y_ticks``; outcomes labelled at ``x_ticks`` (every bar's ``x`` by default). ``name`` is the
    drawing's accessible name (``title`` when empty). Only the part from ``CHART_TOP`` on
    depends on ``bars``, ``title`` and ``x_ticks``."""
    left, right, top, bottom = 46, 10, 28, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    if plot_w < 20 or plot_h < 20:
        raise ChartError(f"a chart of {width} x {height} px leaves no room for its bars", field="size")
    for b in bars:
        if not 0 <= b.value <= 1:
            raise ChartError(f"bar {b.x}: a chance of {b.value} is not between 0 and 1", field="value")
    ticks = sorted(set(y_ticks))

    def y_of(v: float) -> float:
        return top + plot_h * (1 - v)

    base = [f"<rect x='{left}' y='{top}' width='{plot_w}' height='{plot_h}' fill='white' stroke='{GRID}'/>"]
    for t in ticks:  # the chance axis: the same whatever the bars say
        y = y_of(t)
        base.append(f"<line x1='{left}' y1='{y:.1f}' x2='{left + plot_w}' y2='{y:.1f}' stroke='{GRID}'/>"
                    f"<text x='{left - 5}' y='{y + 4:.1f}' text-anchor='end' font-size='11' fill='{AXIS}'>"
                    f"{_percent_label(t)}</text>")
    base.append(f"<line x1='{left}' y1='{top}' x2='{left}' y2='{top + plot_h}' stroke='{AXIS}'/>"
                f"<line x1='{left}' y1='{top + plot_h}' x2='{left + plot_w}' y2='{top + plot_h}' stroke='{AXIS}'/>"
                f"<text transform='translate(12 {top + plot_h / 2:.1f}) rotate(-90)' text-anchor='middle' "
                f"font-size='12' fill='{AXIS}'>{html.escape(y_label)}</text>")

    layer = [f"{CHART_TOP}>",
             f"<text x='{left}' y='17' font-size='13' font-weight='bold' fill='{INK}'>{html.escape(title)}</text>",
             f"<text x='{left + plot_w / 2:.1f}' y='{height - 6}' text-anchor='middle' font-size='12' "
             f"fill='{AXIS}'>{html.escape(x_label)}</text>"]
    if bars:
        lo, hi = min(b.x for b in bars), max(b.x for b in bars)
        slot = plot_w / (hi - lo + 1)

        def x_of(x: int) -> float:  # the centre of outcome x's slot
            return left + slot * (x - lo + 0.5)

        for b in bars:
            y = y_of(b.value)
            note = f"<title>{html.escape(b.note)}</title>" if b.note else ""
            layer.append(f"<rect class='cs-bar' data-x='{b.x}' x='{x_of(b.x) - slot * 0.4:.1f}' y='{y:.1f}' "
                         f"width='{slot * 0.8:.1f}' height='{top + plot_h - y:.1f}' fill='{b.colour}'>{note}</rect>")
            if b.crossed:
                cx, cy, r = x_of(b.x), top + plot_h - 6, 4
                layer.append(f"<path class='cs-bar-cross' d='M{cx - r:.1f},{cy - r:.1f}L{cx + r:.1f},{cy + r:.1f}"
                             f"M{cx - r:.1f},{cy + r:.1f}L{cx + r:.1f},{cy - r:.1f}' stroke='{MARK}' stroke-width='2'>"
                             f"{note}</path>")
        shown = sorted(set(x_ticks)) if x_ticks is not None else sorted({b.x for b in bars})
        for x in shown:
            if lo <= x <= hi:
                layer.append(f"<text x='{x_of(x):.1f}' y='{top + plot_h + 15}' text-anchor='middle' font-size='11' "
                             f"fill='{AXIS}'>{x}</text>")
    layer.append("</g>")
    svg = (f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-chart' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}' font-family='sans-serif'>" + "".join(base) + "".join(layer) + "</svg>")
    return label_svg(svg, name or title)


__all__ = ["Bar", "CHART_TOP", "ChartError", "bar_chart_svg"]
