"""``ClixDial``: a clix figure's combat dial and speed dial, live (Air Action and Aces).

Air Action, "Pilot and Plane", "Hit the Skies!", "Set Throttle", "Bailing Out" (``A.base.values``,
``A.base.skills``, ``A.shot-down``, ``A.throttle``, ``A.campaign.bailout``); Aces, "Aces and
Character Tokens" (``K.base.values``). Pick a figure from the packaged samples or from your own
data file, click the combat dial forward (damage) and back, and watch the stat slot; the whole
dial is laid out as a strip, a teaching view that the etiquette of the game forbids at the table.
The speed dial shows its red line; the throttle control says what a change takes and its odds.
Every answer comes from ``cs_panel.clix`` and ``cs_panel.airaction``.
"""

from __future__ import annotations

import html

import panel as pn
import param
from panel.custom import JSComponent

from cs_panel.airaction.campaign import bail_out_from_dial
from cs_panel.airaction.throttle import ThrottlePlan, plan_throttle
from cs_panel.clix.dial import STAT_LABELS, CombatDial, SpeedDial
from cs_panel.clix.figures import PACKAGED_FIGURES, Figure, FigureTable, figures, figures_from_text
from cs_panel.clix.skills import showing_skills, skills, speed_effects
from cs_panel.clix.view import css_colour, dial_svg, marker_meanings, speed_ring, strip
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.core.limits import LIMITS
from cs_panel.ui.common import RuleInteger, SEED_BOUNDS, STYLES, UPLOAD_BYTES, FieldErrors, HTMLText, badge_html, editing, error_html, put_changed, served, upload_box
from cs_panel.ui.a11y import show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg
from cs_panel.ui.morph import MORPH_JS
from cs_panel.clix.view import dial_text

PACKAGED = "package:clix/figures.json"
#: the ``source`` of figures read from the browser's upload
UPLOAD_PREFIX = "upload:"



def _source_label(source: str) -> str:
    """What the figures select shows for a source: words, not the internal name."""
    if source in PACKAGED_FIGURES:
        return "the packaged figures" + ("" if source == PACKAGED else f" ({source.split(':', 1)[1]})")
    if source.startswith(UPLOAD_PREFIX):
        return f"your upload: {source[len(UPLOAD_PREFIX):]}"
    return source


def _source_options(extra: list[str]) -> dict[str, str]:
    """The figures select's options, label to source: the packaged files and any other source in use."""
    return {_source_label(s): s for s in dict.fromkeys([*PACKAGED_FIGURES, *extra])}


DIAL_STYLES = STYLES + """
.cs-strip { border-collapse: collapse; font-size: 0.85em; }
.cs-strip td, .cs-strip th { border: 1px solid #cbd5e0; padding: 1px 5px; text-align: center; }
.cs-strip td.cs-down { background: #fed7d7; }
.cs-strip td.cs-past { background: #e2e8f0; color: #718096; }
.cs-strip td.cs-limit { border-right: 5px solid black; }
.cs-teaching { background: #fffaf0; border: 1px dashed #dd6b20; padding: 4px 8px; }
.cs-ring td { border: 1px solid #cbd5e0; padding: 2px 8px; text-align: center; }
.cs-ring td.cs-now { outline: 3px solid #d69e2e; font-weight: bold; }
.cs-strip td.cs-slot { outline: 3px solid #d69e2e; box-shadow: inset 0 0 0 99px rgba(214, 158, 46, 0.25); }
.cs-ring td.cs-red { border-left: 4px solid #e53e3e; }
.cs-ring td.cs-red-end { border-right: 4px solid #e53e3e; }
.cs-square { display: inline-block; width: 0.9em; height: 0.9em; border: 1px solid #4a5568; vertical-align: middle; }
"""


def _load(source: str):
    """The figures of a packaged data file, or of a path (a local notebook only, read afresh each
    time: it may have been re-saved). Other ``package:`` names are refused: the select offers these."""
    if source.startswith("package:"):
        if source not in PACKAGED_FIGURES:
            raise CsPanelError(f"{source!r} is not a packaged figures file; choose one of {list(PACKAGED_FIGURES)}",
                               field="source")
        return figures(source)
    if served():
        raise CsPanelError("a served app reads no files from the server: upload your figures data file instead",
                           field="source")
    return figures.__wrapped__(source)


def _square(colour: str) -> str:
    return f"<span class='cs-square' style='background:{css_colour(colour)}'></span>"


_STRIP_END = ("</table><p><small>&#9650; start (green triangle); outlined: in the slot now; red: three bullet holes "
              "(with the campaign bail-out value); thick black line: structural limit; grey: beyond it.</small></p></div>")


def _strip_html(d: CombatDial) -> str:
    """The teaching strip of ``d`` as it is whatever click is in the slot: the slot's column is
    marked by the browser (``StripTable``), not in the table, so a click changes one number and the
    browser keeps the table it has (issue 14)."""
    cells = strip(d)
    head = "".join(f"<th>{c.index}{' &#9650;' if c.is_start else ''}</th>" for c in cells)
    rows = []
    for s in d.stats:
        row = []
        for c in cells:
            cls = []
            if c.limit_line:
                cls.append("cs-limit")
            if c.eliminated:
                cls.append("cs-past" if c.past_limit else "cs-down")
                txt = "&#9679;&#9679;&#9679;" if s == d.stats[0] else (
                    f"bail {c.bail_out}" if s == d.stats[1] and c.bail_out is not None else "")
                style = ""
            else:
                txt = str(c.values[s])
                style = f" style='background:{css_colour(c.markers[s])}'" if s in c.markers else ""
            row.append(f"<td class='{' '.join(cls)}'{style}>{txt}</td>")
        rows.append(f"<tr><th>{html.escape(STAT_LABELS.get(s, s))}</th>{''.join(row)}</tr>")
    return ("<div class='cs-teaching'><p><b>Teaching view</b> <span class='cs-badge' style='background:#dd6b20'>"
            "not at the table</span>: the whole dial at once. In a game you may not turn a dial just to see "
            "what comes next (Air Action, Crimson Skies Etiquette, point 1).</p>"
            f"<table class='cs-strip'><tr><th>click</th>{head}</tr>{''.join(rows)}{_STRIP_END}")


class StripTable(JSComponent):
    """The teaching strip: its table, written once per dial, and the click in the slot (``at``),
    whose column the browser marks by giving each of its cells the class ``cs-slot``. A click
    changes only ``at``: the browser keeps its table (issue 14: writing the table again at every
    click took most of the dial's frame, and marking it by the pane's CSS class made the browser
    apply every pane's styles again, 13 ms a click). The marking is an inset shadow and an
    outline over the cell's marker colour; neither changes the table's layout."""

    object = param.String(default="", doc="The strip's HTML (_strip_html); '' for none.")
    at = param.Integer(default=-1, doc="The click in the slot, whose column is marked (-1: none).")

    _esm = MORPH_JS + """
export function render({ model }) {
  const box = document.createElement('div')
  const mark = (root) => {
    for (const td of root.querySelectorAll('td.cs-slot')) td.classList.remove('cs-slot')
    if (model.at < 0) return
    for (const row of root.querySelectorAll('table.cs-strip tr')) {
      const cell = row.children[model.at + 1]  // after the stat's name
      if (cell && cell.tagName === 'TD') cell.classList.add('cs-slot')
    }
  }
  // a dial edited (the dial editor) changes a cell or two: only they are touched (morph), the
  // slot's column marked in the new table before it is laid over the old
  morph(box, model.object, mark)
  model.on('object', () => morph(box, model.object, mark))
  model.on('at', () => mark(box))
  return box
}
"""


class ClixDial(pn.viewable.Viewer):
    """Turn a clix figure's combat dial and throttle its speed dial, seeing what the rules say."""
    shows_rules = ('A.base.values', 'A.base.skills', 'A.shot-down', 'A.throttle', 'A.campaign.bailout', 'K.base.values', 'A.campaign.levels', 'K.attack')  # rule ids shown here (rules index)

    source = param.String(default=PACKAGED, doc="Where the figures come from: a packaged file ('package:clix/figures.json'), "
                          "your uploaded file ('upload:<name>', set by load_upload), or in a local notebook only the "
                          "path of your own figures data file (refused when the app is served).")
    figure_id = param.Selector(default="sample-fighter", objects=figures(PACKAGED).ids(),
                               doc="Which figure of the data file to show (its id).")
    campaign = param.Boolean(default=False, doc="Campaign play: damage goes on past the first three-bullet-hole "
                             "click up to the structural limit line (A.campaign.bailout).")
    level = param.Selector(default="rookie", objects=["rookie", "veteran", "ace", "double-ace", "legend"],
                           doc="The pilot's campaign level, for the bail-out roll (A.campaign.levels).")
    throttle_clicks = RuleInteger(default=1, bounds=(-LIMITS["clix.click"].hi, LIMITS["clix.click"].hi), doc="Throttle change to plan: clicks up (positive) or down (negative); "
                                    "one is safe, two need a pilot check (A.throttle).")
    first_turn = param.Boolean(default=False, doc="First turn of the game: the speed dial may be set to any speed (A.throttle).")
    chooser = param.Boolean(default=True, doc="Show the figure chooser (off when another component hands in the figure).")
    cancelled = param.List(default=[], item_type=str, doc="Ids of optional skills or equipment the owner has switched "
                           "off; they stay off until the end of the turn (A.base.skills).")
    show_strip = param.Boolean(default=True, doc="Show the whole combat dial as a strip (a teaching view only).")
    seed = RuleInteger(default=2003, bounds=SEED_BOUNDS, doc="Seed of the dice rolled for a two-click throttle check.")

    figure = param.ClassSelector(class_=Figure, default=None, allow_None=True,
                                 doc="The figure shown; set by figure_id, or handed in by show_figure (the dial editor).")
    combat = param.ClassSelector(class_=CombatDial, default=None, allow_None=True, constant=True,
                                 doc="The combat dial as it is turned now.")
    speed = param.ClassSelector(class_=SpeedDial, default=None, allow_None=True, constant=True,
                                doc="The speed dial as it is set now (None for an Aces figure).")
    plan = param.ClassSelector(class_=ThrottlePlan, default=None, allow_None=True, constant=True,
                               doc="What the planned throttle change takes, or None while it is refused.")
    error = param.String(default="", constant=True, doc="The last refusal from the rules core ('' if none).")
    last_throttle = param.String(default="", constant=True, doc="What the last throttle change did, in words.")

    def __init__(self, **params):
        wanted = params.pop("figure_id", None)  # an id of the file in ``source``, known once it is read
        super().__init__(**params)
        self._dice = Dice(self.seed)
        self._errors = FieldErrors(["source", "figure_id", "clicks", "cancelled"])
        self._cancel = pn.widgets.CheckBoxGroup.from_param(self.param.cancelled, options={}, css_classes=["in-cancelled"])
        self._throttle_errors = FieldErrors(["throttle_clicks"])
        self._header = HTMLText("", css_classes=["dial-header"], stylesheets=[DIAL_STYLES], sizing_mode="stretch_width")
        # the drawing in layers: a click sends the ring's turn and the slot, not the ring (layered_svg.py)
        self._svg = LayeredSvg(css_classes=["dial-svg"], stylesheets=[DIAL_STYLES], width=270, height=290)
        self._slot = HTMLText("", css_classes=["dial-slot"], stylesheets=[DIAL_STYLES], sizing_mode="stretch_width")
        self._markers = HTMLText("", css_classes=["dial-markers"], stylesheets=[DIAL_STYLES], sizing_mode="stretch_width")
        self._status = HTMLText("", css_classes=["dial-status"], stylesheets=[DIAL_STYLES], sizing_mode="stretch_width")
        self._strip = StripTable(css_classes=["dial-strip"], stylesheets=[STYLES, DIAL_STYLES], sizing_mode="stretch_width",
                                 margin=(5, 10))  # where the HTML pane had it
        self._speed = HTMLText("", css_classes=["speed-dial"], stylesheets=[DIAL_STYLES], sizing_mode="stretch_width")
        self._plan = HTMLText("", css_classes=["throttle-plan"], stylesheets=[DIAL_STYLES], sizing_mode="stretch_width")
        self._throttle_result = HTMLText("", css_classes=["throttle-result"], stylesheets=[DIAL_STYLES])
        self._text = text_view(css_classes=["dial-text"])  # the dial in words, for screen readers
        self._table = None
        self._strip_cells = None  # (the dial's shape, its strip in parts): see _draw_strip
        self._plan_asked = None  # what the throttle plan shown was worked out for: see _plan_throttle
        self._speed_drawn = None  # the speed dial drawn last: see _draw_speed
        self._uploaded: FigureTable | None = None  # the last upload only: one table per component
        self._upload_errors = FieldErrors(["upload"])
        given = params.get("figure")
        self._load_source()
        if wanted is not None:
            self.figure_id = wanted
        if given is not None:
            self.figure = given
        self._reset_dials()
        if "level" in params:  # a level given by the caller wins over the figure's printed one
            self.level = params["level"]

    # --- choosing a figure -------------------------------------------------------------------

    def load_upload(self, data: bytes | str | None, filename: str | None = "upload.json") -> bool:
        """Read figures from an uploaded data file (bytes from the browser's file input), capped
        in size and checked like a packaged file; a refusal is shown beside the upload and the
        figure shown stays. Nothing touches the server's disk."""
        name = f"{UPLOAD_PREFIX}{(filename or 'upload.json')[:80]}"
        try:
            if data is None or len(data) == 0:
                raise CsPanelError("the upload is empty: choose a figures data file", field="upload")
            if len(data) > UPLOAD_BYTES:
                raise CsPanelError(f"the upload is {len(data)} bytes; the limit is {UPLOAD_BYTES}", field="upload")
            table = figures_from_text(data, name)
            if not len(table):
                raise CsPanelError(f"{name}: the file holds no figures", field="upload")
        except CsPanelError as e:
            self._upload_errors.show(CsPanelError(str(e), field="upload"))
            return False
        self._upload_errors.show(None)
        self._uploaded = table
        if self.source == name:
            self._load_source()
        else:
            self.source = name
        return self.source == name and self.error == ""

    def _read(self, source: str):
        if source.startswith(UPLOAD_PREFIX):
            if self._uploaded is None or self._uploaded.path != source:
                raise CsPanelError(f"{source!r} is not the file uploaded last: upload it again", field="source")
            return self._uploaded
        return _load(source)

    @param.depends("source", watch=True)
    def _load_source(self):
        try:
            table = self._read(self.source)
        except CsPanelError as e:
            self._refuse(e, "source")
            return
        except OSError as e:
            self._refuse(CsPanelError(f"{self.source}: {e.strerror or e}", field="source"))
            return
        if not len(table):
            self._refuse(CsPanelError(f"{self.source}: the file holds no figures", field="source"))
            return
        self._table = table
        ids = table.ids()
        self.param.figure_id.objects = ids
        self._refuse(None)
        if self.figure_id not in ids:
            self.figure_id = ids[0]  # triggers _choose
        else:
            self._choose()

    @param.depends("figure_id", watch=True)
    def _choose(self):
        if self._table is None:
            return
        try:
            self.figure = self._table[self.figure_id]
        except CsPanelError as e:
            self._refuse(e, "figure_id")

    def show_figure(self, figure: Figure) -> None:
        """Show a figure that is not in the data file (the dial editor hands its figure here)."""
        self.figure = figure

    @param.depends("figure", watch=True)
    def _reset_dials(self):
        f = self.figure
        with editing(self, "combat", "speed"):
            self.combat = f.combat.reset() if f else None
            self.speed = f.speed if f else None
        if f is not None and f.level:
            self.level = f.level
        card = skills()
        on_dial = sorted({f"{m.colour}-{m.stat}" for c in (f.combat.clicks if f else ()) for m in c.markers})
        self._cancel.options = {card[k]["name"]: k for k in on_dial if k in card}
        self.cancelled = []
        self._refuse(None)
        self._update()

    # --- turning the combat dial ---------------------------------------------------------------

    def click_forward(self, n: int = 1) -> bool:
        """Take ``n`` clicks of damage (clockwise). A refused click leaves the dial as it was and
        shows the core's reason beside the buttons; returns whether the dial turned."""
        return self._turn(lambda d: d.click(n, campaign=self.campaign))

    def click_back(self, n: int = 1) -> bool:
        """Turn the dial ``n`` clicks back (healing or undoing a click), never past the start."""
        return self._turn(lambda d: d.click_back(n))

    def reset(self) -> None:
        """Back to the green starting triangle."""
        self._turn(lambda d: d.reset())

    def _turn(self, how) -> bool:
        if self.combat is None:
            return False
        try:
            new = how(self.combat)
        except CsPanelError as e:
            self._refuse(e, "clicks")
            return False
        with editing(self, "combat"):
            self.combat = new
        self._refuse(None)
        self._update()
        return True

    def _refuse(self, error: Exception | None, field: str | None = None) -> None:
        if error is not None and field is not None and getattr(error, "field", None) != field:
            error = CsPanelError(str(error), field=field)
        with editing(self, "error"):
            self.error = str(error) if error else ""
        self._errors.show(error)

    # --- throttle -----------------------------------------------------------------------------

    @param.depends("throttle_clicks", "first_turn", watch=True)
    def _plan_throttle(self):
        # the plan follows from the speed dial (frozen), the clicks asked, the pilot's piloting value
        # and the first turn alone: a click of the combat dial that leaves the piloting value as it
        # was (most do) asks the core nothing (issue 14); what the core said is shown again
        piloting, refused = None, None
        if self.combat is not None and not self.combat.eliminated:
            try:
                piloting = self.combat.value("piloting")
            except CsPanelError as e:
                refused = e
        asked = (self.speed, self.throttle_clicks, piloting, self.first_turn)
        kept = self._plan_asked
        if kept is not None and kept[0][0] is asked[0] and kept[0][1:] == asked[1:] and refused is None:
            self._throttle_errors.show(kept[1])
            return
        plan, error = None, None
        if self.speed is not None:
            try:
                if refused is not None:
                    raise refused
                plan = plan_throttle(self.speed, self.throttle_clicks, piloting, first_turn=self.first_turn)
            except CsPanelError as e:
                error = CsPanelError(str(e), field="throttle_clicks")
        self._plan_asked = (asked, error)
        with editing(self, "plan"):
            self.plan = plan
        self._throttle_errors.show(error)
        self._draw_plan()

    def throttle(self) -> str:
        """Carry out the planned throttle change: a safe one at once; a two-click one rolls the
        pilot check with the seeded dice, and a failure costs a click of damage (A.throttle)."""
        if self.plan is None or self.combat is None:
            return ""
        if self.combat.eliminated:
            self._throttle_errors.show(CsPanelError("the plane is shot down: its throttle no longer matters (A.shot-down)",
                                                    field="throttle_clicks"))
            return ""
        result = self.plan.resolve(self._dice, self.combat, campaign=self.campaign)
        if result.roll is None:
            text = f"Throttled to speed {result.speed.speed}."
        else:
            faces = "+".join(map(str, result.roll.faces))
            text = (f"Pilot check: rolled {faces} = {sum(result.roll.faces)} against {self.plan.check.total}: "
                    + (f"success, speed {result.speed.speed}." if result.roll.success
                       else f"failure, speed stays {result.speed.speed} and the plane takes {result.damage.applied} click of damage."))
        with editing(self, "speed", "combat", "last_throttle"):
            self.speed = result.speed
            self.combat = result.damage.dial
            self.last_throttle = text
        self._throttle_result.object = f"<p>{html.escape(text)}</p>"
        self._update()
        return text

    @param.depends("seed", watch=True)
    def _reseed(self):
        self._dice = Dice(self.seed)

    # --- showing ------------------------------------------------------------------------------

    def end_turn(self) -> None:
        """The turn ends: every cancelled optional skill is back in effect (A.base.skills)."""
        self.cancelled = []

    @param.depends("campaign", "level", "show_strip", "cancelled", watch=True)
    def _update(self):
        f, d = self.figure, self.combat
        if f is None or d is None:
            for pane in (self._header, self._slot, self._markers, self._status, self._strip, self._speed):
                pane.object = ""
            self._svg.clear()
            self._speed_drawn = self._strip_cells = None  # emptied: drawn again for the next dial
            show_text(self._text, "No dial.")
            return
        base = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in f.base.items())
        self._header.object = (f"<h3>{html.escape(f.name)} {badge_html(f.provenance)}</h3>"
                               f"<p>{f.points} points; printed on the base (never change): {html.escape(base)} "
                               f"<small>({'A.base.values' if f.game == 'air-action' else 'K.base.values'})</small></p>")
        self._svg.show(dial_svg(d), top_from="<g class='cs-dial-turn'")
        show_text(self._text, lambda: dial_text(d))  # made when a reader opens the view
        self._slot.object = f"<p class='slot-text'>click {d.position}: {html.escape(d.describe_click())}</p>"
        self._draw_markers(d)
        self._draw_status(f, d)
        self._draw_strip(d)
        self._draw_speed()
        self._plan_throttle()

    def _draw_markers(self, d: CombatDial) -> None:
        if d.eliminated:
            self._markers.object = ""
            self._errors.slots["cancelled"].object = ""
            return
        off = set()
        try:
            off = {s.entry.id for s in showing_skills(d, frozenset(self.cancelled)) if s.cancelled}
            self._errors.slots["cancelled"].object = ""
        except CsPanelError as e:  # a skill that is not optional stays in effect; say why
            self._errors.slots["cancelled"].object = error_html(str(e))
        rows = []
        for m in marker_meanings(d):
            state = ""
            if m.optional:
                state = (" <i class='cs-cancelled'>cancelled until the end of the turn</i>" if f"{m.colour}-{m.stat}" in off
                         else " (optional: may be cancelled until the end of the turn)")
            what = (f"<b>{html.escape(m.name)}</b>{state}: {html.escape(m.effect)} {badge_html(m.provenance)}"
                    if m.name else html.escape(m.effect))
            rows.append(f"<li>{_square(m.colour)} {html.escape(m.colour)} on {html.escape(STAT_LABELS.get(m.stat, m.stat))}: {what}</li>")
        self._markers.object = (
            "<p><b>Coloured squares in the slot</b> (A.base.skills):</p><ul>" + "".join(rows) + "</ul>" if rows
            else "<p>No coloured squares in the slot now.</p>")

    def _draw_status(self, f: Figure, d: CombatDial) -> None:
        parts = []
        if d.eliminated:
            down = "KO: the character is out (K.attack)" if f.game == "aces" else (
                "<b>Shot down</b>: three bullet holes in the slot; the plane leaves the table (A.shot-down)")
            parts.append(f"<p class='cs-down'>{down}.</p>")
            if self.campaign and d.bail_out is not None:
                try:
                    bo = bail_out_from_dial(d, self.level)
                    parts.append(f"<p class='bail-out'>Bail-out value {d.bail_out}: {html.escape(str(bo.check))} to survive "
                                 f"(A.campaign.bailout).</p>")
                except CsPanelError as e:
                    parts.append(f"<p class='cs-error'>{html.escape(str(e))}</p>")
            if self.campaign and d.position == d.limit(campaign=True):
                parts.append("<p>The structural limit line: the dial turns no further, whatever the hits.</p>")
        else:
            n = d.clicks_to_eliminate()
            parts.append(f"<p>{n} more click{'s' if n != 1 else ''} of damage and three bullet holes show "
                         f"(click {d.limit()}).</p>")
        if d.structural_limit is not None:
            parts.append(f"<p><small>Campaign dial: bail-out values on the shot-down clicks, structural limit line "
                         f"after click {d.structural_limit}. {'Campaign play is on.' if self.campaign else ''}</small></p>")
        self._status.object = "".join(parts)

    def _draw_strip(self, d: CombatDial) -> None:
        if not self.show_strip:
            self._strip.object = ""
            return
        # the table is written once per dial; a click moves the slot's mark (StripTable). The dial's
        # fields other than its position decide the cells.
        shape = (d.stats, d.clicks, d.start, d.structural_limit, d.eliminated_symbol)
        if self._strip_cells is None or self._strip_cells[0] != shape:
            self._strip_cells = (shape, _strip_html(d))
        put_changed(self._strip, object=self._strip_cells[1], at=d.position)  # most clicks: ``at`` alone

    def _draw_speed(self) -> None:
        sp = self.speed
        if sp is not None and sp is self._speed_drawn:  # the same speed dial (frozen): drawn already
            return
        self._speed_drawn = sp
        if sp is None:
            self._speed.object = "<p>An Aces figure has no speed dial.</p>"
            return
        effects = speed_effects()
        cells = []
        ring = speed_ring(sp)
        for k, c in enumerate(ring):
            cls = (["cs-now"] if c.current else []) + (["cs-red"] if k == 0 else []) + (["cs-red-end"] if k == len(ring) - 1 else [])
            sq = "".join(_square(col) for _, col in c.squares)
            cells.append(f"<td class='{' '.join(cls)}'>{c.speed}<br>{sq}</td>")
        showing = []
        for s in sp.squares_at():
            key = f"{s.colour}-{s.location}"
            e = effects[key] if key in effects else None
            name = f"{e['name']}: {e['effect']} {badge_html(e.provenance)}" if e else "not on the card"
            showing.append(f"<li>{_square(s.colour)} {html.escape(s.colour)} at the {s.location.replace('_', ' ')} location: {name}</li>")
        self._speed.object = (
            f"<p><b>Speed dial</b>: speed <span class='speed-now'>{sp.speed}</span>; throttle up to the right. "
            f"The red line sits between {sp.highest} and {sp.lowest}: the dial never turns across it (A.throttle).</p>"
            f"<table class='cs-ring'><tr>{''.join(cells)}</tr></table>"
            + (f"<ul>{''.join(showing)}</ul>" if showing else ""))

    def _draw_plan(self) -> None:
        p = self.plan
        if p is None:
            self._plan.object = ""
            return
        if p.check is None:
            text = f"{'Setting the speed freely' if self.first_turn else 'A safe change'}: speed {p.dial.speed} to {p.target.speed}."
        else:
            odds = "; ".join(f"{html.escape(k)} {percent(v)}" for k, v in p.outcomes().items())
            text = f"Two clicks need a pilot check: {html.escape(str(p.check))}. Outcomes: {odds}."
        self._plan.object = f"<p>{text}</p>"

    def _source_controls(self):
        """The data file, a small control below the figure: a packaged file or your upload (and,
        in a local notebook only, a path box)."""
        options = _source_options([self.source])
        choose = pn.widgets.Select(label="Figures from", options=options, value=self.source, width=200,
                                   css_classes=["in-source"])

        def chosen(event):
            if event.new:
                self.source = event.new

        def source_changed(event):
            if event.new not in choose.options.values():
                choose.options = _source_options([event.new])
            choose.value = event.new
        choose.param.watch(chosen, "value")
        self.param.watch(source_changed, "source")
        upload = upload_box(label="Upload figures (JSON)", accept=".json", multiple=False, css_classes=["in-upload"])
        upload.param.watch(lambda event: event.new is not None and self.load_upload(event.new, upload.filename), "value")
        parts = [self._errors.beside(choose, "source"), pn.pane.HTML("<small>or upload your own figures data file:</small>",
                                                                   margin=(0, 5)),
                 self._upload_errors.beside(upload, "upload")]
        if not served():
            parts.append(pn.widgets.TextInput(label="Path (local notebook only)", value="", width=200,
                                              placeholder="my_figures.json", css_classes=["in-source-path"]))
            parts[-1].param.watch(lambda event: event.new and setattr(self, "source", event.new), "value")
        return pn.Column(*parts, margin=0, css_classes=["dial-source"])

    def __panel__(self):
        e = self._errors
        fwd = pn.widgets.Button(label="Take a hit (click forward)", css_classes=["dial-forward"])
        back = pn.widgets.Button(label="Click back", css_classes=["dial-back"])
        reset = pn.widgets.Button(label="Reset to start", css_classes=["dial-reset"])
        fwd.on_click(lambda event: self.click_forward())
        back.on_click(lambda event: self.click_back())
        reset.on_click(lambda event: self.reset())
        end = pn.widgets.Button(label="End of turn (skills back on)", css_classes=["end-turn"])
        end.on_click(lambda event: self.end_turn())
        go = pn.widgets.Button(label="Throttle", css_classes=["throttle-go"])
        go.on_click(lambda event: self.throttle())
        pick = pn.Column(
            "### Figure",
            e.beside(pn.widgets.Select.from_param(self.param.figure_id, label="Figure", css_classes=["in-figure"]), "figure_id"),
            self._source_controls(),
            margin=0, visible=self.chooser)
        chooser = pn.Column(
            pick,
            pn.widgets.Checkbox.from_param(self.param.campaign, label="Campaign play", css_classes=["in-campaign"]),
            pn.widgets.Select.from_param(self.param.level, label="Pilot level (bail-out roll)"),
            pn.widgets.Checkbox.from_param(self.param.show_strip, label="Show the whole dial (teaching view)"),
            "### Cancel skills this turn", e.beside(self._cancel, "cancelled"), end,
            "### Throttle",
            self._throttle_errors.beside(pn.widgets.IntInput.from_param(
                self.param.throttle_clicks, label="Throttle clicks (+ up, - down)", css_classes=["in-throttle"]), "throttle_clicks"),
            pn.widgets.Checkbox.from_param(self.param.first_turn, label="First turn (any speed)"),
            self._plan, go, self._throttle_result,
            e.general,
            width=300,
        )
        dial = pn.Column(self._header, pn.Row(self._svg, pn.Column(self._slot, self._markers, self._status)), self._text,
                         pn.Row(fwd, back, reset), e.slots["clicks"], self._strip, self._speed)
        return pn.Row(chooser, dial, stylesheets=[DIAL_STYLES], css_classes=["cs-clix-dial"])
