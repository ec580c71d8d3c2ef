"""``ManeuverExplorer``: every move a FASA plane can plot this turn, on a hex map, and why
(F.move.plot, F.move.capability, F.move.accel-decel, F.move.restricted, F.move.push-target,
FASA p.23-26).

The plane's ratings (typed, or filled from a plane of ``cs_panel.fasa.aircraft``'s table and still
editable), last turn's maneuver and its pilot are widgets. Every arrow of the
maneuver template is drawn where it would take the plane, coloured by its Gs or by the push
target number it needs; hover an arrowhead for its odds, the provenance of its data and its
arrow path. Click an arrowhead (or pick a maneuver, or type its notation) to keep the arrow path on
the map and see the plan explained term by term: each comparison with the plane's ratings, each
push with its target number and odds, and every reason an illegal plot is illegal. "Two turns
ahead" shades every hex the plane can end the following turn in. The ``template`` parameter
takes any ``ManeuverTemplate`` (your printed one, loaded from a file); every arrow, list entry
and badge is read from it. The component only gathers inputs and draws what
``cs_panel.fasa.movement``, ``reach`` and ``explore`` answer.

Not yet widgets: the plane is always plotted clean. Smoke (``PlaneState.smoke_turns``) and the
damage hooks of ``Capabilities`` (``rudder_left_ok``, ``rudder_right_ok``, ``engine_out``) keep
their defaults here; the rules core takes them, this component does not offer them yet.
"""

from __future__ import annotations

import html
import math

import panel as pn
import param

from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.core import palette
from cs_panel.core.palette import text_on
from cs_panel.core.limits import LIMITS
from cs_panel.core.rules import rule
from cs_panel.core.svg import label_svg
from cs_panel.fasa.explore import comparisons, facing_at, hardest_push, options_by_hex, pick_option, two_turn_hexes
from cs_panel.fasa.hexgrid import ORIGIN, Facing, Hex, HexLayout, spiral
from cs_panel.fasa.maneuver import IllegalManeuverError, Maneuver
from cs_panel.fasa.movement import MovePlan, PlaneState, plan
from cs_panel.fasa.reach import Option, TwoTurnReach, reach_two_turns, reachable
from cs_panel.fasa.template import ManeuverTemplate
from cs_panel.ui.planes import PlaneRatings
from cs_panel.ui.common import RuleInteger, STYLES, FieldErrors, HTMLText, QuickSelect, badge_html, editing, plane_arrow
from cs_panel.ui.a11y import named, show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg, picked_point

PLANE_FIELDS = ["max_speed", "port_gs", "starboard_gs", "acceleration", "deceleration", "speed", "last_gs",
                "natural_touch"]


#: arrow colour by G bars, 0 (green) to 6 (purple), as on the template picture
G_COLOURS = palette.G_COLOURS
#: px: a breakdown with one push, drawn in the app's fonts (492 px; none 301, two 683)
BREAKDOWN_MIN_HEIGHT = 495

#: arrow colour by the hardest push target number: 2 or less (easy) to 10 or more (hard)
PUSH_COLOURS = ("#fcc419", "#fab005", "#f59f00", "#f08c00", "#e8590c", "#d9480f", "#c92a2a", "#a61e1e", "#7a1010")
NO_PUSH = "#2b8a3e"
ILLEGAL = "#adb5bd"
PATH = "#1c7ed6"

FRAME_W, FRAME_H = 540, 405  # pixels of the map's drawing area (no axes, no borders)
_K = 40  # the SVG's units to one unit of the hex layout (a hex's side): y is negated, SVG's runs down
#: where the map's top layer (the arrows and the chosen path) begins: the grid and the two-turn
#: shading under it stay in the browser while another arrow is chosen
MAP_TOP = "<g class='cs-mv-top'"
#: the map's own look: an arrow's path shows while its head is hovered (as the figure's hover did)
MAP_CSS = """
.cs-arrow:hover .cs-mv-route { stroke-opacity: 0.6; }
.cs-arrow, .cs-mv-hex { cursor: pointer; }
"""


class _Columns:
    """The map's columns, as the bokeh figure's data sources held them (``data``, ``patch``), from
    which the SVG is drawn: kept so that what the map shows can be read back in tests."""

    def __init__(self, **columns):
        self.data = dict(columns)

    def patch(self, patches: dict) -> None:
        for k, rows in patches.items():
            for i, v in rows:
                self.data[k][i] = v


class _Range:
    """One axis of the map's view: from ``start`` to ``end`` in the hex layout's units."""

    def __init__(self, start: float, end: float):
        self.start, self.end = start, end

    def update(self, start: float, end: float) -> None:
        self.start, self.end = start, end


def _template_options(template: ManeuverTemplate) -> dict[str, str]:
    """The 'pick an arrow' list of ``template``: label (with Gs) to notation."""
    return {"(none)": ""} | {f"{a.maneuver} ({a.gs} G)": str(a.maneuver) for a in template}


def push_colour(option: Option) -> str:
    """The arrow colour in 'push' mode: grey if illegal, green without a push, else by target number."""
    if not option.legal:
        return ILLEGAL
    t = hardest_push(option)
    if t is None:
        return NO_PUSH
    return PUSH_COLOURS[min(max(t.total, 2), 10) - 2]


def _cite(rule_id: str) -> str:
    r = rule(rule_id)
    return f"<code>{html.escape(r.id)}</code> {html.escape(r.citation)}"


class ManeuverExplorer(PlaneRatings, pn.viewable.Viewer):
    """See every maneuver a FASA plane can plot this turn: where it goes, its Gs, its pushes and odds.

    Read from ``template`` (any ``ManeuverTemplate``). Smoke and the damage hooks (rudders, engine
    out) have no widgets yet: the plane is always plotted undamaged and not smoking.
    """
    shows_rules = ('F.move.plot', 'F.move.capability', 'F.move.accel-decel', 'F.move.restricted', 'F.move.push-target', 'F.move.stall', 'F.shock', 'F.move.illegal')  # rule ids shown here (rules index)

    speed = RuleInteger(default=3, bounds=LIMITS["fasa.speed"].bounds, doc="Speed of last turn's maneuver, 0 if the plane stalled (F.move.accel-decel, F.move.stall).")
    last_gs = RuleInteger(default=0, bounds=LIMITS["fasa.speed"].bounds, doc="G rating of last turn's maneuver; 3 or more makes it restricted (F.move.restricted).")
    last_restricted = param.Boolean(default=False, doc="Was last turn's maneuver restricted (3+ G)? Follows last_gs; may be set by hand (F.move.restricted).")
    shocked = param.Boolean(default=False, doc="Is the pilot shocked? Straight maneuvers only, no Immelmann, +2 on pushes (F.shock).")
    natural_touch = RuleInteger(default=5, bounds=LIMITS["fasa.skill"].bounds, doc="The pilot's Natural Touch skill, 0-10, subtracted from every push target (F.move.push-target).")

    template = param.ClassSelector(class_=ManeuverTemplate, default=ManeuverTemplate.default(), instantiate=False,
                                   doc="The maneuver template every arrow is read from: the packaged reconstruction, or "
                                       "your own from ManeuverTemplate.load(path). Changing it redraws (F.move.plot).")
    maneuver = param.String(default="3L2F", doc="The maneuver explained, in the notation players write: 3L2F, 3SA, 1SD, or a stall's facing B (F.move.plot).")
    pick = param.Selector(default="3L2F", objects=_template_options(ManeuverTemplate.default()),
                          doc="A maneuver chosen from the template's arrows ('' when the typed one is off the template).")
    colour_by = param.Selector(default="gs", objects=["gs", "push"], doc="Colour the arrows by their Gs or by the push target number they need.")
    two_turns = param.Boolean(default=False, doc="Shade every hex the plane could end in after two turns (reach_two_turns).")

    state = param.ClassSelector(class_=PlaneState, default=None, allow_None=True, constant=True,
                                doc="The plane as it plots this turn, or None while a plane input is wrong.")
    options = param.List(default=[], constant=True, doc="Every template arrow as a reach.Option for this plane (empty while an input is wrong).")
    plan = param.ClassSelector(class_=MovePlan, default=None, allow_None=True, constant=True,
                               doc="The plan for the chosen maneuver, or None while there is none.")
    reach2 = param.ClassSelector(class_=TwoTurnReach, default=None, allow_None=True, constant=True,
                                 doc="Where the plane can be after two turns, while 'two_turns' is on.")
    error = param.String(default="", constant=True, doc="Why the inputs give no answer ('' when they do).")

    def __init__(self, **params):
        super().__init__(**params)
        self.param.pick.objects = _template_options(self.template)
        self._geom = HexLayout(size=1.0)
        # what the options and the drawing were last made for: a change of maneuver alone reuses them
        self._asked: tuple | None = None
        self._drawn: tuple | None = None
        self._shared_ends: dict[tuple[Hex, Facing], int] = {}
        self._errors = FieldErrors(PLANE_FIELDS)
        self._m_errors = FieldErrors(["maneuver"])
        self._grid = _Columns(xs=[], ys=[], fill=[])
        self._reach = _Columns(xs=[], ys=[], alpha=[], hex=[], facings=[], route=[])
        self._arrows = _Columns(**dict(x0=[], y0=[], x1=[], y1=[], hxs=[], hys=[], colour=[], maneuver=[], gs=[],
                                             legal=[], pushes=[], odds=[], width=[], size=[], line=[],
                                             provenance=[], pxs=[], pys=[]))
        self._labels = _Columns(x=[], y=[], text=[])
        self._path = _Columns(xs=[], ys=[])
        self._x_range, self._y_range = _Range(-9, 9), _Range(-2, 11)
        # the map as SVG in layers: another arrow chosen sends the arrows and the path, not the grid
        self._map = LayeredSvg(css_classes=["maneuver-svg"], stylesheets=[MAP_CSS], width=FRAME_W, height=FRAME_H)
        self._map.on_pick(self.pick_at)
        self._map_base: str | None = None  # the base layer as last drawn (see _show_map)
        # The breakdown keeps at least the height of one with a push: typing another maneuver then
        # leaves the page's height alone (67 of the first 80 arrows of the list fit), where a breakdown
        # growing by its push section made the browser measure and lay out the whole page again,
        # 4 resize callbacks a change (issue 14), and moved everything below it under the player.
        self._breakdown = HTMLText("", css_classes=["maneuver-breakdown"], sizing_mode="stretch_width",
                                   min_height=BREAKDOWN_MIN_HEIGHT)
        self._summary = HTMLText("", css_classes=["maneuver-summary"], sizing_mode="stretch_width")
        self._legend = HTMLText("", css_classes=["maneuver-legend"])
        self._text = text_view(css_classes=["maneuver-text"])  # the map in words, for screen readers
        if self.last_gs >= 3 and "last_restricted" not in params:
            self.last_restricted = True
        self._sync_pick()
        self._init_plane()
        self._update()

    # --- drawing ---------------------------------------------------------------------------

    def _fit(self, hexes: list[Hex]) -> None:
        """Set the map's ranges to show ``hexes`` at the frame's aspect ratio (regular hexes)."""
        pts = [c for h in hexes for c in self._geom.corners(h)]
        x0, x1 = min(p[0] for p in pts) - 0.3, max(p[0] for p in pts) + 0.3
        y0, y1 = min(p[1] for p in pts) - 0.3, max(p[1] for p in pts) + 0.3
        want = FRAME_W / FRAME_H
        if (x1 - x0) / (y1 - y0) < want:
            grow = (y1 - y0) * want - (x1 - x0)
            x0, x1 = x0 - grow / 2, x1 + grow / 2
        else:
            grow = (x1 - x0) / want - (y1 - y0)
            y0, y1 = y0 - grow / 2, y1 + grow / 2
        self._x_range.update(start=x0, end=x1)
        self._y_range.update(start=y0, end=y1)

    def _arrow_geometry(self, o: Option, shared: bool) -> tuple[float, float, float, float]:
        cx, cy = self._geom.center(o.hex)
        nx, ny = self._geom.center(o.hex.neighbor(o.facing))
        ux, uy = (nx - cx) / math.sqrt(3), (ny - cy) / math.sqrt(3)
        if shared:  # 3L0D and 3R0D share a hex and a facing: port's arrow to the plane's left
            side = 0.15 if o.maneuver.direction.name == "L" else -0.15
            cx, cy = cx + uy * side, cy - ux * side
        return cx + ux * 0.15, cy + uy * 0.15, cx + ux * 0.55, cy + uy * 0.55

    def _draw(self) -> None:
        options: list[Option] = self.options
        selected = self.plan.maneuver if self.plan is not None else None
        # the grid: every hex of the picture, destinations tinted, the plane's own hex blue
        dests = {o.hex for o in options}
        radius = 11 if self.reach2 is not None else 6
        grid = dict(xs=[], ys=[], fill=[])
        for h in spiral(ORIGIN, radius):
            corners = self._geom.corners(h)
            grid["xs"].append([c[0] for c in corners])
            grid["ys"].append([c[1] for c in corners])
            grid["fill"].append("#e7f5ff" if h == ORIGIN else "#fff9db" if h in dests else "#ffffff")
        self._grid.data = grid
        # two turns ahead: hexes shaded by the likeliest route's odds
        reach = dict(xs=[], ys=[], alpha=[], hex=[], facings=[], route=[])
        if self.reach2 is not None:
            for h, hr in sorted(two_turn_hexes(self.reach2).items()):
                corners = self._geom.corners(h)
                reach["xs"].append([c[0] for c in corners])
                reach["ys"].append([c[1] for c in corners])
                reach["alpha"].append(0.08 + 0.4 * hr.best.chance)
                reach["hex"].append(f"({h.q}, {h.r})")
                reach["facings"].append(" ".join(f.name for f in hr.facings))
                reach["route"].append(f"{hr.best} facing {hr.best_facing.name}")
        self._reach.data = reach
        # the arrows
        seen: dict[tuple[Hex, Facing], int] = {}
        for o in options:
            seen[(o.hex, o.facing)] = seen.get((o.hex, o.facing), 0) + 1
        self._shared_ends = seen
        cols = {k: [] for k in self._arrows.data}
        for o in options:
            x0, y0, x1, y1 = self._arrow_geometry(o, seen[(o.hex, o.facing)] > 1)
            chosen = o.maneuver == selected
            hxs, hys = plane_arrow(x1, y1, int(o.facing), scale=0.3 if chosen else 0.2)
            colour = G_COLOURS[min(o.gs, 6)] if self.colour_by == "gs" else push_colour(o)
            if self.colour_by == "gs" and not o.legal:
                colour = ILLEGAL
            provenance = o.plan.arrow.provenance if o.plan.arrow is not None else ""
            route = [self._geom.center(h) for h in [o.plan.state.hex, *o.plan.path_hexes]]
            for k, v in dict(x0=x0, y0=y0, x1=x1, y1=y1, hxs=hxs, hys=hys, colour=colour, maneuver=str(o.maneuver),
                             gs=o.gs, legal="yes" if o.legal else "no: " + "; ".join(r.text for r in o.reasons),
                             pushes=", ".join(f"{t.total} ({percent(t.chance)})" for t in o.pushes) or "none",
                             odds=percent(o.chance), width=4 if chosen else 2, size=16 if chosen else 12,
                             line="black" if chosen else colour, provenance=provenance,
                             pxs=[p[0] for p in route],
                             pys=[p[1] for p in route]).items():
                cols[k].append(v)
        self._arrows.data = cols
        # designations under each destination, as printed on the template
        names = {h: sorted({o.plan.arrow.destination.id for o in group if o.maneuver.speed > 0},
                           key=lambda d: (d[1] != "S", d))  # 3S before 3L0 and 3R0
                 for h, group in options_by_hex(options).items()}
        labels = dict(x=[], y=[], text=[])
        for h, ids in names.items():
            if not ids:  # the plane's own hex: stall arrows only
                continue
            x, y = self._geom.center(h)
            labels["x"].append(x)
            labels["y"].append(y - 0.76)
            # one map hex can carry several designations (3S, 3L0, 3R0): the speed is written once
            labels["text"].append(ids[0] + "".join("/" + i[1:] for i in ids[1:]))
        self._labels.data = labels
        self._draw_path()
        self._fit(list(self.reach2.hexes()) + [ORIGIN] if self.reach2 is not None else sorted(dests | {ORIGIN}))
        self._show_map()
        self._legend.object = self._legend_html()
        self._show_text()

    def _show_text(self) -> None:
        from cs_panel.fasa.render import reach_text  # drawing code, only when a map is shown

        selected = self.plan.maneuver if self.plan is not None else None
        state, options = self.state, self.options  # the text is made when a reader opens it
        show_text(self._text, (lambda: reach_text(state, options, selected)) if state is not None
                  else "No map while an input above is wrong.")

    def _chosen_style(self, o: Option, chosen: bool, colour: str) -> dict:
        """The columns of an arrow that show whether it is the chosen one."""
        x0, y0, x1, y1 = self._arrow_geometry(o, self._shared_ends[(o.hex, o.facing)] > 1)
        hxs, hys = plane_arrow(x1, y1, int(o.facing), scale=0.3 if chosen else 0.2)
        return dict(hxs=hxs, hys=hys, width=4 if chosen else 2, size=16 if chosen else 12,
                    line="black" if chosen else colour)

    def _draw_choice(self) -> None:
        """Another maneuver of the same plane: restyle the arrows whose choice changed (a patch of
        those rows, not the whole drawing again) and redraw the chosen path."""
        selected = str(self.plan.maneuver) if self.plan is not None else None
        data = self._arrows.data
        patches: dict[str, list] = {}
        for i, o in enumerate(self.options):
            chosen = data["maneuver"][i] == selected
            if chosen == (data["width"][i] == 4):
                continue
            for k, v in self._chosen_style(o, chosen, data["colour"][i]).items():
                patches.setdefault(k, []).append((i, v))
        if patches:
            self._arrows.patch(patches)
        self._draw_path()
        self._show_map(full=False)
        self._show_text()

    def _show_map(self, full: bool = True) -> None:
        """Draw the columns as SVG. The base layer: the grid, the two-turn shading, the labels and every
        arrow as an unchosen one, each with its path (shown on hover) and its words (a title); it is
        built again only for a new plane or template (``full``). The top layer: the chosen path and
        the chosen arrow drawn over its plain self, so choosing another arrow sends only these."""
        def pts(xs, ys) -> str:
            return " ".join(f"{x * _K:.1f},{-y * _K:.1f}" for x, y in zip(xs, ys))

        a = self._arrows.data

        def arrow(i: int, style: dict) -> str:
            m = a["maneuver"][i]
            words = (f"{m}: {a['gs'][i]} Gs; legal: {a['legal'][i]}; pushes: {a['pushes'][i]}; flies as plotted: "
                     f"{a['odds'][i]}" + (f"; data: {a['provenance'][i]}" if a["provenance"][i] else ""))
            return (f"<g class='cs-arrow' data-pick='{html.escape(m, quote=True)}'><title>{html.escape(words)}</title>"
                    f"<polyline class='cs-mv-route' points='{pts(a['pxs'][i], a['pys'][i])}' fill='none' stroke='{PATH}' "
                    "stroke-width='5' stroke-dasharray='8 5' stroke-opacity='0'/>"
                    f"<line x1='{a['x0'][i] * _K:.1f}' y1='{-a['y0'][i] * _K:.1f}' x2='{a['x1'][i] * _K:.1f}' "
                    f"y2='{-a['y1'][i] * _K:.1f}' stroke='{a['colour'][i]}' stroke-width='{style['width']}'/>"
                    f"<polygon points='{pts(style['hxs'], style['hys'])}' fill='{a['colour'][i]}' stroke='{style['line']}'/>"
                    f"<circle cx='{a['x1'][i] * _K:.1f}' cy='{-a['y1'][i] * _K:.1f}' r='{style['size'] * 0.6:.1f}' "
                    "fill='transparent'/></g>")

        options = list(self.options or ())
        chosen = [i for i, w in enumerate(a["width"]) if w == 4]
        if full or self._map_base is None:
            g, r, lab = self._grid.data, self._reach.data, self._labels.data
            base = [f"<polygon class='cs-mv-hex' data-pick='map' data-pick-point='' points='{pts(xs, ys)}' "
                    f"fill='{fill}' stroke='#ced4da'/>" for xs, ys, fill in zip(g["xs"], g["ys"], g["fill"])]
            base += [f"<polygon points='{pts(xs, ys)}' fill='{PATH}' fill-opacity='{alpha:.2f}' pointer-events='none'>"
                     f"<title>after two turns: hex {html.escape(h)}; facings {html.escape(f)}; likeliest "
                     f"{html.escape(rt)}</title></polygon>"
                     for xs, ys, alpha, h, f, rt in zip(r["xs"], r["ys"], r["alpha"], r["hex"], r["facings"], r["route"])]
            px, py = plane_arrow(0.0, 0.0, 0, scale=0.55)
            base.append(f"<polygon points='{pts(px, py)}' fill='#1c7ed6' fill-opacity='0.8' stroke='black' "
                        "pointer-events='none'/>")
            base += [f"<text x='{x * _K:.1f}' y='{-y * _K + 3:.1f}' text-anchor='middle' font-size='8.5' fill='#495057' "
                     f"pointer-events='none'>{html.escape(t)}</text>" for x, y, t in zip(lab["x"], lab["y"], lab["text"])]
            for i in range(len(a["maneuver"])):
                plain = (self._chosen_style(options[i], False, a["colour"][i]) if i in chosen
                         else {k: a[k][i] for k in ("hxs", "hys", "width", "size", "line")})
                base.append(arrow(i, plain))
            self._map_base = "".join(base)
        top = [f"{MAP_TOP}>"]
        path = self._path.data
        for xs, ys in zip(path["xs"], path["ys"]):
            top.append(f"<polyline points='{pts(xs, ys)}' fill='none' stroke='{PATH}' stroke-width='9' "
                       "stroke-opacity='0.45' pointer-events='none'/>")
        top += [arrow(i, {k: a[k][i] for k in ("hxs", "hys", "width", "size", "line")}) for i in chosen]
        top.append("</g>")
        x0, x1, y0, y1 = self._x_range.start, self._x_range.end, self._y_range.start, self._y_range.end
        svg = (f"<svg xmlns='http://www.w3.org/2000/svg' class='cs-maneuver-map' width='{FRAME_W}' height='{FRAME_H}' "
               f"viewBox='{x0 * _K:.1f} {-y1 * _K:.1f} {(x1 - x0) * _K:.1f} {(y1 - y0) * _K:.1f}' font-family='sans-serif'>"
               + self._map_base + "".join(top) + "</svg>")
        # named for screen readers (role, label, title); its words are the text view under it
        self._map.show(label_svg(svg, "map: the maneuvers this plane can fly"), top_from=MAP_TOP)

    def pick_at(self, text: str) -> Option | None:
        """A click on the map as the browser sends it: an arrow's maneuver (chosen if it is one of
        the arrows drawn), or ``map@x,y``, a point of the grid, where the nearest arrow is chosen
        (``select_at``). Anything else, from a stranger's page, is ignored."""
        for o in self.options or ():
            if str(o.maneuver) == text:
                self.maneuver = text
                return o
        at = picked_point(text, "map")
        return self.select_at(at[0] / _K, -at[1] / _K) if at is not None else None

    def _draw_path(self) -> None:
        # the chosen maneuver's arrow path
        path = dict(xs=[], ys=[])
        if self.plan is not None and self.plan.arrow is not None and self.plan.path_hexes:
            pts = [self._geom.center(h) for h in [self.state.hex, *self.plan.path_hexes]]
            path = dict(xs=[[p[0] for p in pts]], ys=[[p[1] for p in pts]])
        self._path.data = path

    def _legend_html(self) -> str:
        def chip(colour: str, text: str) -> str:
            return (f"<span style='background:{colour};color:{text_on(colour)};padding:0 5px;border-radius:3px'>"
                    f"{html.escape(text)}</span>")  # black or white words, whichever reads better

        if self.colour_by == "gs":
            chips = " ".join(chip(c, f"{g} G") for g, c in enumerate(G_COLOURS))
            what = "Arrow colour: G bars (<code>F.move.plot</code> FASA p.23)"
        else:
            chips = chip(NO_PUSH, "no push") + " " + " ".join(
                chip(c, f"{'≤' if i == 0 else '≥' if i == 8 else ''}{i + 2}") for i, c in enumerate(PUSH_COLOURS))
            what = "Arrow colour: hardest push target number (<code>F.move.push-target</code> FASA p.25)"
        extra = (f" <span style='background:{PATH};opacity:0.5;color:white;padding:0 5px'>two turns ahead</span>"
                 if self.reach2 is not None else "")
        return f"<p>{what}: {chips} {chip(ILLEGAL, 'illegal')}{extra}</p>" + self._provenance_html()

    def _provenance_html(self) -> str:
        """Where the template's arrows come from, counted per provenance, each kind with its badge."""
        counts: dict[str, int] = {}
        for a in self.template:
            counts[a.provenance] = counts.get(a.provenance, 0) + 1
        kinds = ", ".join(f"{n} {badge_html(k) or html.escape(k)}" for k, n in sorted(counts.items()))  # the badge names its kind once
        note = (" The printed template was lost: badged arrows are rebuilt from the rules' examples or come from "
                "the file loaded; hover an arrowhead to see its own." if set(counts) - {"rules"} else "")
        return (f"<p class='mv-provenance'>Maneuver template ({html.escape(self.template.title or 'untitled')}): "
                f"{len(self.template)} arrows: {kinds}.{note}</p>")

    # --- selection -------------------------------------------------------------------------

    def select_at(self, x: float, y: float) -> Option | None:
        """Choose the arrow nearest drawing point (x, y): its hex, then the facing it points at."""
        h = self._geom.hex_at(x, y)
        o = pick_option(self.options, h, facing_at(self._geom, h, x, y))
        if o is not None:
            self.maneuver = str(o.maneuver)
        return o

    @param.depends("pick", watch=True)
    def _pick_changed(self):
        if not self.pick:
            return
        try:
            same = Maneuver.parse(self.maneuver) == Maneuver.parse(self.pick)
        except IllegalManeuverError:
            same = False
        if not same:  # the typed text stays as the user wrote it when it already names this arrow
            self.maneuver = self.pick

    @param.depends("template", watch=True)
    def _template_changed(self):
        self.param.pick.objects = _template_options(self.template)
        self._sync_pick()
        self._update()

    @param.depends("maneuver", watch=True)
    def _sync_pick(self):
        try:
            m = Maneuver.parse(self.maneuver)
        except IllegalManeuverError:
            return  # keep the list where it was; the error shows beside the text
        self.pick = str(m) if m in self.template else ""


    @param.depends("last_gs", watch=True)
    def _restricted_follows_gs(self):
        self.last_restricted = self.last_gs >= 3

    # --- the rules, asked ------------------------------------------------------------------

    def _plane(self) -> PlaneState:
        return PlaneState(self.capabilities(), speed=self.speed, last_gs=self.last_gs, last_restricted=self.last_restricted,
                          natural_touch=self.natural_touch, shocked=self.shocked)

    @param.depends(*PLANE_FIELDS, "last_restricted", "shocked", "maneuver", "colour_by", "two_turns", watch=True)
    def _update(self):
        state = p = reach2 = None
        options: list[Option] = []
        error = m_error = None
        try:
            state = self._plane()
            asked = (state, self.template, self.two_turns)
            if asked == self._asked:  # only the maneuver changed: the plane's options are the same
                options, reach2 = self.options, self.reach2
            else:
                options = reachable(state, self.template)
                reach2 = reach_two_turns(state, self.template) if self.two_turns else None
        except CsPanelError as e:
            state, options, reach2, error, asked = None, [], None, e, None
        try:
            m = Maneuver.parse(self.maneuver)
            p = plan(state, m, self.template) if state is not None else None
        except CsPanelError as e:
            e.field = "maneuver"  # a notation error belongs beside the notation, whatever part it names
            m_error = e
        with editing(self, "state", "options", "plan", "reach2", "error"):
            self.state, self.options, self.plan, self.reach2 = state, options, p, reach2
            self.error = str(error or m_error or "")
        self._errors.show(error)
        self._m_errors.show(m_error)
        drawn = (asked, self.colour_by)
        if asked is not None and drawn == self._drawn:
            self._draw_choice()  # the same arrows: only the chosen one and its path change
        else:
            self._draw()
        self._asked, self._drawn = asked, drawn
        self._summary.object = self._summary_html()
        if error is not None:
            self._breakdown.object = "<p class='cs-error'>No maneuvers until the plane input marked above is fixed.</p>"
        elif m_error is not None:
            self._breakdown.object = "<p class='cs-error'>No breakdown until the notation beside the maneuver box is fixed.</p>"
        else:
            self._breakdown.object = self._breakdown_html(p)

    def _summary_html(self) -> str:
        if self.state is None:
            return ""
        opts = self.options
        legal = [o for o in opts if o.legal]
        free = [o for o in legal if not o.pushes]
        text = (f"{len(opts)} arrows on the template: {len(legal)} legal for this plane, {len(free)} without a push.")
        if self.reach2 is not None:
            text += (f" Two turns ahead: {len(self.reach2.hexes())} hexes, {len(self.reach2)} hex-and-facing "
                     f"positions ({self.reach2.states} end states).")
        return f"<p class='mv-summary'>{html.escape(text)}</p>"

    def _breakdown_html(self, p: MovePlan) -> str:
        m = p.maneuver
        parts = []
        if p.arrow is None:
            parts.append(f"<p class='mv-head'><b>{html.escape(str(m))}</b>: not an arrow on the template</p>")
        else:
            end_hex, end_facing = p.end
            steps = " ".join(f.name for f in p.arrow.path) or "none (turns in its own hex)"
            kind = "restricted (3 G or more)" if p.restricted else "not restricted"
            parts.append(
                f"<p class='mv-head'><b>{html.escape(str(m))}</b>: {p.gs} G, {kind}; ends in hex "
                f"({end_hex.q}, {end_hex.r}) facing {end_facing.name}; arrow path {steps} "
                f"{badge_html(p.arrow.provenance)} (<code>F.move.plot</code> FASA p.23)</p>")
        if p.legal:
            parts.append(f"<p class='mv-verdict mv-legal'>Legal. Chance to fly it as plotted: <b>{percent(p.chance)}</b></p>")
        else:
            reasons = "".join(f"<li>{html.escape(r.text)} ({_cite(r.rule)})</li>" for r in p.reasons)
            parts.append("<p class='mv-verdict mv-illegal'><b>Illegal.</b> An illegal plot is flown as random movement "
                         f"at its speed ({_cite('F.move.illegal')}). Why:</p><ul class='mv-reasons'>{reasons}</ul>")
        rows = "".join(
            f"<tr class='{'mv-ok' if c.ok else 'mv-over'}'><td>{'&#10003;' if c.ok else '&#10007;'}</td>"
            f"<td>{html.escape(c.text)}</td><td class='cs-rule'>{_cite(c.rule)}</td></tr>" for c in comparisons(p))
        parts.append(f"<table class='cs-breakdown mv-compare'><caption>Against the plane's ratings</caption>{rows}</table>")
        if p.pushes:
            parts.append(f"<p class='mv-pushes-head'><b>{len(p.pushes)} push{'es' if len(p.pushes) > 1 else ''}</b> "
                         "(pushing the envelope):</p>")
            for push in p.pushes:
                cause = push.cause
                parts.append(
                    f"<div class='mv-push'><p>{html.escape(cause.text)} ({_cite(cause.rule)}); if the roll fails: "
                    f"{html.escape(push.kind.on_failure)}.</p>{push.target._repr_html_()}</div>")
        elif p.arrow is not None:
            parts.append("<p class='mv-pushes-head'>No push needed.</p>"
                         # the room kept below (BREAKDOWN_MIN_HEIGHT) says what would fill it
                         "<p class='mv-push-room'><small>A plot past the plane's ratings shows its push "
                         f"roll here: the target number, its terms and its odds ({_cite('F.move.push-target')}).</small></p>")
        return "<div class='cs-maneuver'>" + "".join(parts) + "</div>"

    # --- layout ----------------------------------------------------------------------------

    def __panel__(self):
        e, p = self._errors, self.param

        def num(name: str, label: str) -> pn.Column:
            css = "in-" + name.replace("_", "-")
            return e.beside(pn.widgets.IntInput.from_param(p[name], label=label, width=120, css_classes=[css]), name)

        plane = pn.Column(
            "#### The plane",
            self.plane_picker(width=260),
            pn.Row(num("max_speed", "Max speed"), num("acceleration", "Acceleration")),
            pn.Row(num("port_gs", "Port Gs"), num("starboard_gs", "Starboard Gs")),
            num("deceleration", "Deceleration"),
            "#### Last turn and the pilot",
            pn.Row(num("speed", "Last speed"), num("last_gs", "Last Gs")),
            pn.widgets.Checkbox.from_param(p.last_restricted, label="Last maneuver restricted (3+ G)", css_classes=["in-last-restricted"]),
            num("natural_touch", "Natural Touch"),
            pn.widgets.Checkbox.from_param(p.shocked, label="Pilot shocked", css_classes=["in-shocked"]),
            e.general,
            width=280,
        )
        choose = pn.Column(
            "#### The maneuver",
            self._m_errors.beside(pn.widgets.TextInput.from_param(p.maneuver, label="Type notation (e.g. 3L2F, 1SD, B)",
                                                                  width=260, css_classes=["in-maneuver"]), "maneuver"),
            QuickSelect.from_param(p.pick, label="or pick an arrow", width=260, css_classes=["in-pick"]),  # follows the typed maneuver: no stylesheet rebuild a change
            pn.widgets.RadioButtonGroup.from_param(p.colour_by, options={"colour by Gs": "gs", "colour by push target": "push"},
                                                   css_classes=["in-colour-by"]),
            pn.widgets.Checkbox.from_param(p.two_turns, label="Two turns ahead", css_classes=["in-two-turns"]),
            width=280,
        )
        results = pn.Column(pn.Column(named(self._map, "map: the maneuvers this plane can fly"),
                                      css_classes=["maneuver-map"], margin=0), self._legend, self._text, self._summary,
                            self._breakdown, width=570)
        return pn.Row(pn.Column(plane, choose), results, stylesheets=[STYLES], css_classes=["cs-maneuver-explorer"])


__all__ = ["ManeuverExplorer"]
