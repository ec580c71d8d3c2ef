"""Pure views of clix dials for the UI: the whole dial as a strip, the stat slot as SVG, what the
coloured squares mean, the speed ring, and the dial editor's text form of a figure entry; and the
tables a dial or a figure shows in a notebook (``CombatDial._repr_html_``, ``SpeedDial._repr_html_``,
``Figure._repr_html_``), which import this module only when shown.

Nothing here decides a rule: positions, limits and bail-out values come from ``CombatDial`` and
``SpeedDial`` (A.base.values, A.shot-down, A.campaign.bailout, A.throttle); meanings come from the
skills card data (A.base.skills, A.move.speed-effects). The strip shows clicks a player may not
look at during a game (Air Action, "Crimson Skies Etiquette", point 1): it is a teaching view.

>>> from cs_panel.clix.figures import figures
>>> cells = strip(figures()["sample-fighter"].combat)
>>> [c.index for c in cells if c.is_first_shot_down], cells[6].bail_out, cells[9].limit_line
([6], 5, True)
"""

from __future__ import annotations

import hashlib
import html
import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cs_panel.core.limits import LIMITS
from cs_panel.clix.dial import STAT_LABELS, CombatDial, DialError, SpeedDial
from cs_panel.core.errors import DataFileError
from cs_panel.core.svg import described, returns_svg

if TYPE_CHECKING:
    from cs_panel.clix.figures import Figure

#: short labels printed in the drawn stat slot
STAT_SHORT = {
    "max_speed": "SPD", "front_gunnery": "FRONT", "rear_gunnery": "REAR", "piloting": "PILOT",
    "speed": "SPD", "attack": "ATK", "defense": "DEF", "fate": "FATE",
}

#: the text a player's eye reads for each marker colour name (fallback: the name itself)
CSS_COLOURS = {"grey": "#a0aec0", "red": "#fc8181", "blue": "#90cdf4", "green": "#9ae6b4",
               "yellow": "#faf089", "orange": "#fbd38d", "purple": "#d6bcfa", "black": "#4a5568"}


def css_colour(name: str) -> str:
    """A soft CSS colour for a marker colour name (unknown names are passed through, escaped)."""
    return CSS_COLOURS.get(name, html.escape(name))


@dataclass(frozen=True)
class StripCell:
    """One click of a dial as the strip shows it."""

    index: int
    values: dict[str, int]
    markers: dict[str, str]
    eliminated: bool
    bail_out: int | None
    is_start: bool
    is_slot: bool
    is_first_shot_down: bool
    limit_line: bool        # the black structural limit line follows this click
    past_limit: bool        # a campaign dial never turns this far


def strip(dial: CombatDial) -> tuple[StripCell, ...]:
    """Every click of ``dial`` in order, with where play starts, stops and ends."""
    first = dial.first_eliminated
    limit = dial.limit(campaign=True)
    out = []
    for i, c in enumerate(dial.clicks):
        out.append(StripCell(
            index=i, values=dict(zip(dial.stats, c.values)), markers={m.stat: m.colour for m in c.markers},
            eliminated=c.eliminated, bail_out=c.bail_out, is_start=i == dial.start, is_slot=i == dial.position,
            is_first_shot_down=i == first, limit_line=dial.structural_limit is not None and i == dial.structural_limit,
            past_limit=i > limit,
        ))
    return tuple(out)


@dataclass(frozen=True)
class MarkerMeaning:
    """What one coloured square in the slot means, looked up on the skills card."""

    stat: str
    colour: str
    name: str | None
    effect: str
    optional: bool
    provenance: str | None


def marker_meanings(dial: CombatDial, table=None) -> tuple[MarkerMeaning, ...]:
    """The coloured squares in the slot now and their meanings (A.base.skills; on an Aces dial the
    talents card, K.base.values). A colour the
    card does not list is reported as unknown rather than guessed."""
    from cs_panel.clix.dial import ACES_STATS
    from cs_panel.clix.skills import skill_for, talent_for

    # an Aces dial's squares are talents and abilities (K.base.values), on their own card
    lookup = talent_for if dial.stats == ACES_STATS else skill_for
    out = []
    for m in dial.markers():
        try:
            e = lookup(m.stat, m.colour, table)
        except DialError as err:
            out.append(MarkerMeaning(m.stat, m.colour, None, str(err), False, None))
            continue
        out.append(MarkerMeaning(m.stat, m.colour, e["name"], e["effect"], bool(e["optional"]), e.provenance))
    return tuple(out)


@dataclass(frozen=True)
class RingCell:
    """One position of a speed dial, in throttle-up order."""

    position: int
    speed: int
    squares: tuple[tuple[str, str], ...]   # (location, colour)
    current: bool


def speed_ring(speed: SpeedDial) -> tuple[RingCell, ...]:
    """The speeds from the one just past the red line up to the one just before it (A.throttle)."""
    order = sorted(range(len(speed.speeds)), key=lambda i: speed.steps_to(speed.speeds[i]))
    return tuple(
        RingCell(i, speed.speeds[i], tuple((s.location, s.colour) for s in speed.squares if s.position == i), i == speed.position)
        for i in order
    )


def dial_text(dial: CombatDial, size: int = 260) -> str:
    """The dial in words, the same facts as ``dial_svg``: the click it shows, its values by stat
    with their coloured squares, or that it is shot down, and where the start and the structural
    limit sit."""
    cur = dial.current
    lines = [f"click {dial.position} of {len(dial.clicks)} (start at click {dial.start}"
             + (f", structural limit after click {dial.structural_limit}" if dial.structural_limit is not None else "")
             + ")"]
    if cur.eliminated:
        lines.append("eliminated" + (f", bail out {cur.bail_out}" if cur.bail_out is not None else ""))
    else:
        colours = {m.stat: m.colour for m in cur.markers}
        lines += [f"{STAT_LABELS.get(stat, stat)}: {v}" + (f" ({colours[stat]} square)" if stat in colours else "")
                  for stat, v in zip(dial.stats, cur.values)]
    lines.append(dial.describe_click())
    return "\n".join(lines)


@described(lambda dial, *a, **k: f"combat dial at click {dial.position}", lambda *a, **k: dial_text(*a, **k))
@returns_svg
def dial_svg(dial: CombatDial, size: int = 260) -> str:
    """The base seen from above: the ring of clicks (green start triangle, red shot-down clicks,
    the black structural limit line) and the L-shaped stat slot with the current values on their
    coloured squares. A text version sits in ``<desc>`` for screen readers."""
    r_out, cx, cy = size * 0.46, size / 2, size / 2
    n = len(dial.clicks)
    step = 360 / max(n, 12)
    # The ring is drawn once, click 0 at the top, and turned under the slot: a click on the dial
    # changes only the turn, the slot and the caption, so a drawing held in layers
    # (cs_panel/ui/layered_svg.py) sends those alone (issue 14). Its id names its content, so
    # two dials drawn in one document never borrow each other's ring.
    ring = []
    for i in range(n):
        ang = math.radians(-90 + i * step)
        x, y = cx + r_out * 0.86 * math.cos(ang), cy + r_out * 0.86 * math.sin(ang)
        c = dial.clicks[i]
        past = dial.structural_limit is not None and i > dial.structural_limit
        fill = "#4a5568" if past else "#e53e3e" if c.eliminated else "#edf2f7"
        ring.append(f"<circle class='cs-ring-click' data-click='{i}' cx='{x:.1f}' cy='{y:.1f}' r='8' fill='{fill}' "
                    f"stroke='#1a202c' stroke-width='1'><title>click {i}</title></circle>")
        if i == dial.start:
            ring.append(f"<polygon points='{x:.1f},{y - 15:.1f} {x - 6:.1f},{y - 24:.1f} {x + 6:.1f},{y - 24:.1f}' "
                        "fill='#38a169'><title>start (green triangle)</title></polygon>")
        if dial.structural_limit == i:
            a2 = math.radians(-90 + (i + 0.5) * step)
            x1, y1 = cx + r_out * 0.72 * math.cos(a2), cy + r_out * 0.72 * math.sin(a2)
            x2, y2 = cx + r_out * math.cos(a2), cy + r_out * math.sin(a2)
            ring.append(f"<line x1='{x1:.1f}' y1='{y1:.1f}' x2='{x2:.1f}' y2='{y2:.1f}' stroke='black' stroke-width='5'>"
                        "<title>structural limit line</title></line>")
    drawn = "".join(ring)
    ring_id = "cs-dial-ring-" + hashlib.sha1(f"{size}{drawn}".encode()).hexdigest()[:12]
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-dial-svg' width='{size}' height='{size + 18}' "
             f"viewBox='0 0 {size} {size + 18}' role='img'>",
             f"<desc>click {dial.position}: {html.escape(dial.describe_click())}</desc>",
             f"<circle cx='{cx}' cy='{cy}' r='{r_out:.1f}' fill='#2d3748' stroke='#1a202c' stroke-width='3'/>",
             f"<defs><g id='{ring_id}'>{drawn}</g></defs>",
             # the click in the slot comes to the top; a yellow ring marks it
             f"<g class='cs-dial-turn' transform='rotate({-dial.slot * step:.2f} {cx} {cy})'><use href='#{ring_id}'/></g>",
             f"<circle class='cs-ring-current' cx='{cx:.1f}' cy='{cy - r_out * 0.86:.1f}' r='8' fill='none' "
             f"stroke='#f6e05e' stroke-width='3'/>"]
    # the L-shaped slot
    sx, sy, w, h = cx - 70, cy - 45, 140, 90
    parts.append(f"<path d='M{sx},{sy} h{w} v{h / 2} h-{w / 2} v{h / 2} h-{w / 2} z' fill='#f7fafc' stroke='#1a202c' stroke-width='2'/>")
    cur = dial.current
    if cur.eliminated:
        for k in range(3):
            parts.append(f"<circle cx='{sx + 30 + 40 * k}' cy='{sy + 22}' r='9' fill='#1a202c'/>")
        label = "SHOT DOWN" if "bullet" in dial.eliminated_symbol else "KO"
        parts.append(f"<text class='cs-slot-symbol' x='{sx + 35}' y='{sy + 68}' text-anchor='middle' font-size='10' "
                     f"font-weight='bold'>{label}</text>")
        if cur.bail_out is not None:
            parts.append(f"<text class='cs-slot-bailout' x='{sx + 35}' y='{sy + 84}' text-anchor='middle' font-size='11'>"
                         f"bail out {cur.bail_out}</text>")
    else:
        colours = {m.stat: m.colour for m in cur.markers}
        boxes = [(sx + 4, sy + 4), (sx + 74, sy + 4), (sx + 4, sy + 47), (sx + 39, sy + 47)]
        widths = [66, 62, 33, 29]
        for (bx, by), bw, stat, v in zip(boxes, widths, dial.stats, cur.values):
            fill = css_colour(colours[stat]) if stat in colours else "#ffffff"
            parts.append(f"<rect x='{bx}' y='{by}' width='{bw}' height='38' fill='{fill}' stroke='#718096'>"
                         f"<title>{html.escape(STAT_LABELS.get(stat, stat))}"
                         f"{' (' + html.escape(colours[stat]) + ' square)' if stat in colours else ''}</title></rect>")
            parts.append(f"<text x='{bx + bw / 2}' y='{by + 11}' text-anchor='middle' font-size='8'>{STAT_SHORT.get(stat, stat)}</text>")
            parts.append(f"<text class='cs-slot-value' data-stat='{stat}' x='{bx + bw / 2}' y='{by + 32}' text-anchor='middle' "
                         f"font-size='18' font-weight='bold'>{v}</text>")
    parts.append(f"<text x='{cx}' y='{size + 12}' text-anchor='middle' font-size='11' fill='#2d3748'>click {dial.position}</text>")
    parts.append("</svg>")
    return "".join(parts)


# -- the dial editor's text form -----------------------------------------------------------------

_INT = re.compile(r"^[+-]?\d+$")


def number(text: Any) -> Any:
    """A typed number as an int; anything else is handed on unchanged (stripped), so the data
    checks name the field and quote what was typed. Empty text is None."""
    if text is None:
        return None
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if isinstance(text, float):
        return int(text) if math.isfinite(text) and text.is_integer() else text
    t = str(text).strip()
    if not t:
        return None
    # a number longer than the digits limit is handed on as text, for the data checks to refuse
    # by name (converting thousands of digits would cost time, and past 4,300 raise ValueError)
    return int(t) if _INT.match(t) and len(t.lstrip("+-")) <= LIMITS["number_digits"].hi else t


def parse_markers(text: str, where: str, path: str, eid: str) -> dict[str, str]:
    """``"front_gunnery=red; piloting=grey"`` as a stat -> colour mapping."""
    out: dict[str, str] = {}
    for part in re.split(r"[;,]", text or ""):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise DataFileError(path, f"write a marker as stat=colour (e.g. piloting=grey), got {part!r}", entry=eid, field=where)
        stat, colour = (s.strip() for s in part.split("=", 1))
        out[stat.replace(" ", "_")] = colour
    return out


def parse_list(text: str, where: str, path: str, eid: str) -> list:
    """``"1, 2, 3"`` as ``[1, 2, 3]`` (non-numbers kept for the data checks to name)."""
    items = [number(p) for p in re.split(r"[,\s]+", (text or "").strip()) if p]
    return items


def parse_squares(text: str, where: str, path: str, eid: str) -> list[dict]:
    """``"6 gunnery yellow; 7 max_speed red"`` as speed-effect square entries."""
    out = []
    for part in (text or "").split(";"):
        bits = part.split()
        if not bits:
            continue
        if len(bits) != 3:
            raise DataFileError(path, f"write a square as 'position location colour', got {part.strip()!r}", entry=eid, field=where)
        out.append({"position": number(bits[0]), "location": bits[1], "colour": bits[2]})
    return out


def entry_from_form(form: dict[str, Any], rows: list[dict[str, Any]], stats: tuple[str, ...], path: str = "dial editor") -> dict:
    """A figure data entry (for ``figure_from_entry``) from the editor's texts: ``form`` holds the
    single fields, ``rows`` one dict per click with a text per stat, ``markers``, ``shot_down``
    and ``bail_out``. Only the form's own syntax is checked here; every value is left to the
    figure checks of the rules core."""
    eid = str(form.get("id", "")).strip()
    entry: dict[str, Any] = {"id": eid, "name": str(form.get("name", "")).strip(), "game": form.get("game"),
                             "points": number(form.get("points")), "provenance": form.get("provenance"),
                             "source": str(form.get("source", "")).strip()}
    if entry["points"] is None:
        del entry["points"]
    for k in ("pilot", "plane", "squadron_symbol", "level"):
        v = str(form.get(k) or "").strip()
        if v:
            entry[k] = v
    if form.get("rules_values"):
        entry["rules_values"] = dict(form["rules_values"])
    xm = number(form.get("experience_multiplier"))
    if xm is not None:
        entry["experience_multiplier"] = xm
    entry["base"] = {k: number(v) for k, v in (form.get("base") or {}).items()}
    clicks = []
    for i, row in enumerate(rows):
        where = f"combat_dial.clicks[{i}]"
        if _truthy(row.get("shot_down")):
            c: dict[str, Any] = {"eliminated": True}
            bo = number(row.get("bail_out"))
            if bo is not None:
                c["bail_out"] = bo
            typed = [s for s in stats if number(row.get(s)) is not None]
            if typed:
                raise DataFileError(path, f"a shot-down click shows no values; clear {typed[0]}", entry=eid, field=f"{where}.values.{typed[0]}")
        else:
            c = {"values": {s: number(row.get(s)) for s in stats}}
            for s in stats:
                if c["values"][s] is None:
                    raise DataFileError(path, "missing value", entry=eid, field=f"{where}.values.{s}")
            marks = parse_markers(str(row.get("markers") or ""), f"{where}.markers", path, eid)
            if marks:
                c["markers"] = marks
            if number(row.get("bail_out")) is not None:
                c["bail_out"] = number(row.get("bail_out"))
        clicks.append(c)
    dial: dict[str, Any] = {"clicks": clicks}
    for k in ("start", "structural_limit"):
        v = number(form.get(k))
        if v is not None:
            dial[k] = v
    entry["combat_dial"] = dial
    if form.get("game") == "air-action":
        sd: dict[str, Any] = {"speeds": parse_list(str(form.get("speeds") or ""), "speed_dial.speeds", path, eid)}
        for src, key in (("red_line", "red_line"), ("speed_start", "start")):
            v = number(form.get(src))
            if v is not None:
                sd[key] = v
        sd["squares"] = parse_squares(str(form.get("squares") or ""), "speed_dial.squares", path, eid)
        entry["speed_dial"] = sd
    return entry


def _truthy(v: Any) -> bool:
    if isinstance(v, str):
        return v.strip().lower() in ("1", "true", "yes", "x", "y")
    return bool(v) and v == v  # NaN from an empty table cell is not a tick


def form_from_entry(entry: dict) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The editor's texts for a figure data entry (the inverse of ``entry_from_form``)."""
    from cs_panel.clix.dial import stats_for

    stats = stats_for(entry["game"])
    form: dict[str, Any] = {k: str(entry.get(k, "") if entry.get(k) is not None else "")
                            for k in ("id", "name", "pilot", "plane", "squadron_symbol", "level", "source")}
    form.update(game=entry["game"], provenance=entry["provenance"], points=str(entry["points"]),
                experience_multiplier=str(entry.get("experience_multiplier") or ""),
                base={k: str(v) for k, v in entry["base"].items()}, rules_values=dict(entry.get("rules_values") or {}))
    dial = entry["combat_dial"]
    form["start"] = str(dial.get("start", 0))
    form["structural_limit"] = "" if dial.get("structural_limit") is None else str(dial["structural_limit"])
    rows = []
    for c in dial["clicks"]:
        row: dict[str, Any] = {s: "" for s in stats}
        row.update(markers="", shot_down=bool(c.get("eliminated")), bail_out="")
        if c.get("eliminated"):
            row["bail_out"] = "" if c.get("bail_out") is None else str(c["bail_out"])
        else:
            vals = c["values"]
            vals = vals if isinstance(vals, dict) else dict(zip(stats, vals))
            row.update({s: str(vals[s]) for s in stats})
            row["markers"] = "; ".join(f"{s}={col}" for s, col in sorted((c.get("markers") or {}).items()))
        rows.append(row)
    sd = entry.get("speed_dial")
    if sd:
        form["speeds"] = ", ".join(map(str, sd["speeds"]))
        form["red_line"] = str(sd.get("red_line", len(sd["speeds"]) - 1))
        form["speed_start"] = str(sd.get("start", 0))
        form["squares"] = "; ".join(f"{q['position']} {q['location']} {q['colour']}" for q in sd.get("squares", []))
    else:
        form.update(speeds="", red_line="", speed_start="", squares="")
    return form, rows


def combat_dial_html(dial: CombatDial) -> str:
    """The whole combat dial as a table, one row a click: start, slot and structural limit marked, coloured squares shaded (a teaching view)."""
    head = "".join(f"<th>{html.escape(STAT_LABELS.get(s, s))}</th>" for s in dial.stats)
    rows = []
    for i, c in enumerate(dial.clicks):
        mark = []
        if i == dial.start:
            mark.append("&#9650; start")
        if i == dial.position:
            mark.append("&#9664; slot")
        if dial.structural_limit == i:
            mark.append("structural limit")
        if c.eliminated:
            cells = f"<td colspan='{len(dial.stats)}'>{html.escape(dial.eliminated_symbol)}" + (
                f", bail out {c.bail_out}" if c.bail_out is not None else "") + "</td>"
        else:
            cells = ""
            for s, v in zip(dial.stats, c.values):
                colours = [m.colour for m in c.markers if m.stat == s]
                style = f" style='background:{html.escape(colours[0])}'" if colours else ""
                cells += f"<td{style}>{v}</td>"
        cls = " class='cs-slot'" if i == dial.position else ""
        rows.append(f"<tr{cls}><td>{i}</td>{cells}<td>{' '.join(mark)}</td></tr>")
    return (
        "<table class='cs-dial'><caption>combat dial (teaching view: at the table you may not look "
        "ahead, A.etiquette)</caption>"
        f"<tr><th>click</th>{head}<th></th></tr>{''.join(rows)}</table>"
    )


def speed_dial_html(speed: SpeedDial) -> str:
    """The speed dial as one row of speeds, the slot marked and each square's colour and place written under its speed."""
    cells = []
    n = len(speed.speeds)
    for k in range(n):
        i = speed._from_linear(k)
        colours = [f"{html.escape(s.colour)} {s.location.replace('_', ' ')}" for s in speed.squares if s.position == i]
        here = " class='cs-slot'" if i == speed.position else ""
        cells.append(f"<td{here}>{speed.speeds[i]}" + (f"<br><small>{', '.join(colours)}</small>" if colours else "") + "</td>")
    return ("<table class='cs-speed-dial'><caption>speed dial, throttle up to the right; red line at both ends</caption>"
            f"<tr>{''.join(cells)}</tr></table>")


def figure_html(figure: Figure) -> str:
    """A figure's card: name and badge, points and base values, its speed dial in words, its combat dial and its source."""
    badge = f" <span class='cs-badge cs-{figure.badge}'>{figure.badge}</span>" if figure.badge else ""
    base = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in figure.base.items())
    speed = ""
    if figure.speed is not None:
        speed = f"<p>speed dial: {', '.join(map(str, figure.speed.speeds))} (red line after {figure.speed.highest}); now {figure.speed.speed}</p>"
    return (f"<div class='cs-figure'><h4>{html.escape(figure.name)}{badge}</h4>"
            f"<p>{figure.points} points; base: {html.escape(base)}</p>{speed}{figure.combat._repr_html_()}"
            f"<p class='cs-source'>{html.escape(figure.source)}</p></div>")


__all__ = ["MarkerMeaning", "RingCell", "StripCell", "combat_dial_html", "dial_svg", "entry_from_form", "figure_html",
           "form_from_entry", "marker_meanings", "number", "speed_dial_html", "speed_ring", "strip"]
