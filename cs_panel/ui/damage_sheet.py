"""``DamageSheet``: a FASA record sheet's damage diagram, live: lay templates, widow, burn.

FASA *Crimson Skies*, record sheets p.8-10 and damage p.36-40 (``F.plane.record-sheet``,
``F.dmg.column``, ``F.dmg.template``, ``F.dmg.internal``, ``F.dmg.widow``, ``F.dmg.cut`` and the
component effects ``F.dmg.*``; ``F.weap.magnesium``). Pick a plane; choose a damage table and a
column (or roll the column, or click a box on the diagram), pick the weapon's template and press
**Fire**: the boxes under the template fall, components widow, the plane's performance drops.
**End attacker** widows what is cut off from the centre; **Next turn** burns magnesium and turns
drills (turn step 8). The sheet keeps no game turn, so each press is the step 8 of a turn after the
hits: a drill rolls on the first press, as it goes on only in the turns after its hit
(``F.rocket.drill``). Every action is a step in a log, so **Undo** takes back the last one.

The component only gathers inputs and draws what ``cs_panel.fasa.damage`` answers. The diagram
layouts are the fan redraw (badged *recovered*), the template shapes our reconstruction
(badged *reconstructed*).
"""

from __future__ import annotations

import functools
import html
from typing import Any, NamedTuple

import panel as pn
import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.core.rules import rule
from cs_panel.fasa.aircraft import choices as plane_choices
from cs_panel.fasa.damage import (
    MAGNESIUM_BURN, DamageDiagram, HitResult, MagnesiumBurn, RecordSheet, damage_layouts, damage_templates,
)
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.ui.common import RuleInteger, SEED_BOUNDS, STYLES, FieldErrors, badge_html, bokeh_writes, html_pane, point_at, set_data
from cs_panel.ui.a11y import named, show_text, text_view

TABLES = {t.label: t.value for t in DamageTable}

#: intact boxes by what they are; marked boxes by how they were lost
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
LAST, EDGE = "#e53e3e", "#a0aec0"

FIELDS = ["plane", "table", "column", "template", "range_hexes", "constitution", "burn_turns", "burn_rate"]


def _cite(rule_id: str) -> str:
    return f"<code>{html.escape(rule_id)}</code> {html.escape(rule(rule_id).citation)}"


def _template_options() -> dict[str, str]:
    return {f"{e['name']}": e.id for e in damage_templates()}


class _DiagramRows(NamedTuple):
    """What the diagram's drawing takes from the diagram alone: the boxes in drawing order, their
    fixed columns (place, table, column, what), each box's colour while intact, the labels. Kept
    for every sheet of the process, so every column is a tuple and a data source is given copies
    (``_own_lists``): bokeh's patch changes the lists a source holds in place."""
    cells: tuple
    intact: tuple
    fixed: dict[str, tuple]
    labels: dict[str, tuple]


@functools.lru_cache(maxsize=16)
def _diagram_rows(d: DamageDiagram) -> _DiagramRows:
    """The rows of a diagram that no mark changes (``diagram()`` keeps one object per layout and
    armour, so this is worked out once per plane; a redraw adds only the marks)."""
    cells, intact = [], []
    fixed: dict[str, list] = {k: [] for k in ("x", "y", "table", "column", "what")}
    for cell, box in sorted(d.boxes.items()):
        comp = d.components[box.component] if box.component else None
        kind = "armour" if box.armour else comp.kind if comp else "structure"
        table, column = d.table_column(cell) or (box.table, 0)
        cells.append(cell)
        intact.append(INTACT_COLOURS.get(kind, "#ffffff"))
        fixed["x"].append(cell[0])
        fixed["y"].append(-cell[1])
        fixed["table"].append(table.label)
        fixed["column"].append(column)
        fixed["what"].append("armour" if box.armour else comp.name if comp else "structure")
    labels: dict[str, list] = {"x": [], "y": [], "text": []}
    for comp in d.components.values():
        xs, ys = [c for c, _ in comp.cells], [r for _, r in comp.cells]
        labels["x"].append(sum(xs) / len(xs))
        labels["y"].append(-sum(ys) / len(ys))
        labels["text"].append(comp.code)
    return _DiagramRows(tuple(cells), tuple(intact), {k: tuple(v) for k, v in fixed.items()},
                        {k: tuple(v) for k, v in labels.items()})


def _own_lists(kept: dict[str, tuple]) -> dict[str, list]:
    """Lists of a data source's own, copied from kept columns: a source patched later (a hit on the
    same plane's sheet) changes its lists in place, which must not reach the kept ones."""
    return {k: list(v) for k, v in kept.items()}


class DamageSheet(pn.viewable.Viewer):
    """Mark damage on a FASA plane's record sheet and see what every lost box does."""
    shows_rules = ('F.plane.record-sheet', 'F.dmg.column', 'F.dmg.template', 'F.dmg.internal', 'F.dmg.widow', 'F.dmg.cut', 'F.weap.magnesium', 'F.rocket.drill', 'F.dmg.pilot', 'F.pilot.constitution')  # rule ids shown here (rules index)

    plane = param.Selector(default="devastator", objects=list(plane_choices().values()),
                           doc="The plane whose record sheet is shown: its layout (front or rear engine, turret) and "
                               "its armour per table (F.plane.record-sheet). Changing it starts a fresh sheet.")
    constitution = RuleInteger(default=3, bounds=LIMITS["fasa.skill"].bounds, doc="The pilot's Constitution, 1-10: each pilot box lost takes a point, and "
                                                "shock rolls use what is left (F.dmg.pilot, F.pilot.constitution).")
    table = param.Selector(default=DamageTable.NOSE.value, objects=list(TABLES.values()),
                           doc="The damage table the hit lands on, from the hit-location roll (F.combat.hitloc).")
    column = RuleInteger(default=5, bounds=LIMITS["fasa.d10"].bounds, doc="The column of the table, 1-10, from the attacker's d10 (F.dmg.column); "
                                          "a click on the diagram sets table and column.")
    template = param.Selector(default="mg-50-AP", objects=list(damage_templates().entries),
                              doc="The weapon and ammunition's damage template (F.dmg.template): reconstructed shapes.")
    range_hexes = RuleInteger(default=2, bounds=LIMITS["hex_distance"].bounds, doc="Range of the attack in hexes: a drill rocket's later rolls need it "
                                               "(F.rocket.drill).")
    burn_turns = RuleInteger(default=MAGNESIUM_BURN.turns, bounds=(0, LIMITS["turns"].hi), doc="Reconstructed magnesium rule: turns a burn goes "
                                                                 "on (F.weap.magnesium).")
    burn_rate = RuleInteger(default=MAGNESIUM_BURN.boxes_per_turn, bounds=LIMITS["count"].bounds, doc="Reconstructed magnesium rule: boxes a burn "
                                                                         "eats each turn (F.weap.magnesium).")
    seed = RuleInteger(default=1, bounds=SEED_BOUNDS, doc="Seed of the dice that roll columns and drills, so a lesson replays the same way.")

    sheet = param.ClassSelector(class_=RecordSheet, constant=True, doc="The record sheet now: every step of the log applied.")
    log = param.List(default=[], constant=True, doc="The steps taken, in order: ('hit', Hit args), ('widow',), ('turn',).")
    reports = param.List(default=[], constant=True, doc="What each step did, in words, newest last.")
    last_boxes = param.List(default=[], constant=True, doc="The boxes the last step marked, outlined on the diagram.")
    error = param.String(default="", constant=True, doc="Why the last input or step was refused ('' when fine).")

    def __init__(self, **params):
        super().__init__(**params)
        self._dice = Dice(self.seed)
        self._errors = FieldErrors(FIELDS)
        self._source = ColumnDataSource(dict(x=[], y=[], colour=[], line=[], width=[], table=[], column=[], what=[],
                                             state=[]))
        self._preview = ColumnDataSource(dict(x=[], y=[]))
        self._labels = ColumnDataSource(dict(x=[], y=[], text=[]))
        self._drawn: _DiagramRows | None = None  # the diagram whose boxes the sources hold
        self._figure = self._make_figure()
        self._effects = html_pane("", css_classes=["damage-effects"], sizing_mode="stretch_width")
        self._limits = html_pane("", css_classes=["damage-limits"], sizing_mode="stretch_width")
        self._status = html_pane("", css_classes=["damage-status"], sizing_mode="stretch_width")
        self._template_pane = html_pane("", css_classes=["damage-template"])
        self._text = text_view(css_classes=["damage-text"])  # the diagram in words, for screen readers
        self._new_sheet()
        self._show_template()

    # --- the log ------------------------------------------------------------------------------

    @property
    def burn(self) -> MagnesiumBurn:
        return MagnesiumBurn(self.burn_rate, self.burn_turns)

    def _fresh(self) -> RecordSheet:
        return RecordSheet.for_plane(self.plane, constitution=self.constitution)

    @param.depends("plane", "constitution", watch=True)
    def _new_sheet(self) -> None:
        try:
            sheet = self._fresh()
        except CsPanelError as e:
            self._refuse(e)
            return
        with param.edit_constant(self):
            self.sheet, self.log, self.reports, self.last_boxes, self.error = sheet, [], [], [], ""
        self._errors.show(None)
        self._redraw()

    def _apply(self, sheet: RecordSheet, step: tuple[Any, ...], dice: Dice | None = None):
        kind = step[0]
        if kind == "hit":
            _, table, column, tpl, rng, burn = step
            return sheet.hit(table, column, tpl, range_hexes=rng, burn=burn)
        if kind == "widow":
            return sheet.widow()
        return sheet.continuing_damage(dice)

    def _take(self, step: tuple[Any, ...], field: str | None = None) -> bool:
        try:
            result = self._apply(self.sheet, step, self._dice)
        except CsPanelError as e:
            self._refuse(e, field)
            return False
        boxes, text = self._describe(step, result)
        with param.edit_constant(self):
            self.sheet = result.sheet
            self.log = [*self.log, (step, result)]
            self.reports = [*self.reports, text]
            self.last_boxes = boxes
            self.error = ""
        self._errors.show(None)
        self._redraw()
        return True

    def _describe(self, step: tuple[Any, ...], result) -> tuple[list, str]:
        if step[0] == "hit":
            r: HitResult = result
            spilled = f"; also struck {', '.join(t.label for t in r.spilled)}" if r.spilled else ""
            head = (f"{r.hit.template} on {r.hit.table.label} column {r.hit.column}: {len(r.destroyed)} box(es) "
                    f"destroyed, {r.lost} lost{spilled}")
            return list(r.destroyed), self._with_effects(head, r.effects)
        if step[0] == "widow":
            return list(result.widowed), self._with_effects(f"end of the attacker's hits: {len(result.widowed)} box(es) "
                                                            f"widowed ({_cite('F.dmg.widow')})", result.effects)
        boxes = [x for s in result.steps for x in s.destroyed]
        rolls = "".join(f"; rolled {html.escape(str(r))}" for r in result.rolls)
        return boxes, self._with_effects(f"next turn, step 8: {len(boxes)} box(es) burnt or drilled{rolls}", result.effects)

    @staticmethod
    def _with_effects(head: str, effects) -> str:
        items = "".join(f"<li>{html.escape(str(e))}</li>" for e in effects)
        return f"<p>{head}</p>" + (f"<ul class='damage-effect-list'>{items}</ul>" if items else "")

    def _refuse(self, error: CsPanelError, field: str | None = None) -> None:
        if field and error.field not in FIELDS:
            error = point_at(error, field)
        with param.edit_constant(self):
            self.error = str(error)
        self._errors.show(error)

    # --- actions (the buttons call these) -----------------------------------------------------

    def fire(self) -> bool:
        """Lay the chosen template on the chosen table and column (F.dmg.template, p.37)."""
        try:
            burn = self.burn
        except CsPanelError as e:
            self._refuse(e)
            return False
        return self._take(("hit", DamageTable(self.table), self.column, self.template, self.range_hexes, burn))

    def roll_column(self) -> int:
        """Roll the attacker's d10 for the column (F.dmg.column, p.37) and set it."""
        self.column = self._dice.d10()
        return self.column

    def end_attacker(self) -> bool:
        """The attacker's hits are all placed: widow what is cut off from the centre (F.dmg.widow, p.38)."""
        return self._take(("widow",))

    def next_turn(self) -> bool:
        """Turn step 8: magnesium burns on, drills turn (F.weap.magnesium, F.rocket.drill)."""
        return self._take(("turn",))

    def undo(self) -> bool:
        """Take back the last step (a die rolled for a drill is not rolled again the same way)."""
        if not self.log:
            return False
        log = self.log[:-1]
        sheet = log[-1][1].sheet if log else self._fresh()
        with param.edit_constant(self):
            self.sheet, self.log, self.reports, self.last_boxes = sheet, log, self.reports[:-1], []
        self._redraw()
        return True

    def reset(self) -> None:
        """A fresh sheet for the same plane."""
        self._new_sheet()

    def select_at(self, x: float, y: float) -> bool:
        """A click on the diagram: the box under it sets the table and column it belongs to."""
        found = self.sheet.diagram.table_column((round(x), -round(y)))
        if found is None:
            return False
        table, column = found
        self.param.update(table=table.value, column=column)
        return True

    @param.depends("seed", watch=True)
    def _reseed(self) -> None:
        self._dice = Dice(self.seed)

    # --- drawing ------------------------------------------------------------------------------

    def _make_figure(self):
        fig = figure(height=520, width=560, title="Damage diagram", name="damage_sheet_fig", match_aspect=True,
                     toolbar_location=None, tools="", x_axis_location=None, y_axis_location=None)
        fig.grid.visible = False
        fig.rect(x="x", y="y", width=0.92, height=0.92, fill_color="colour", line_color="line", line_width="width",
                 source=self._source, name="boxes")
        # where the template would fall with the inputs as they are: a dashed preview before Fire
        fig.rect(x="x", y="y", width=0.92, height=0.92, fill_color=LAST, fill_alpha=0.35, line_color=LAST,
                 line_dash="dashed", line_width=1.5, source=self._preview, name="preview")
        fig.text(x="x", y="y", text="text", source=self._labels, text_font_size="7pt", text_align="center",
                 text_baseline="middle", text_color="#1a202c", name="labels")
        boxes = fig.select_one({"name": "boxes"})
        fig.add_tools(HoverTool(renderers=[boxes], tooltips=[("table", "@table"), ("column", "@column"),
                                                             ("box", "@what"), ("state", "@state")]))
        fig.on_event(Tap, lambda event: self.select_at(event.x, event.y))
        return fig

    def _redraw(self) -> None:
        s = self.sheet
        rows = _diagram_rows(s.diagram)
        marks = s.mark_of
        last = set(map(tuple, self.last_boxes))
        # only what a mark or the last step changes is worked out per redraw; where each box sits
        # and what it belongs to is the diagram's, worked out once (a sheet has ~560 boxes)
        colour, line, width, state = [], [], [], []
        for cell, intact in zip(rows.cells, rows.intact):
            mark = marks.get(cell)
            colour.append(MARK_COLOURS[mark] if mark else intact)
            state.append(MARK_WORDS[mark] if mark else "intact")
            lit = cell in last
            line.append(LAST if lit else EDGE)
            width.append(2.5 if lit else 0.6)
        marked = {"colour": colour, "line": line, "width": width, "state": state}
        layout = damage_layouts()[s.layout]
        with bokeh_writes():
            if rows is self._drawn:  # the same diagram: a hit recolours a few boxes, only those are sent
                set_data(self._source, marked, partial=True)
            else:
                set_data(self._source, {**_own_lists(rows.fixed), **marked})
                set_data(self._labels, _own_lists(rows.labels))
                self._drawn = rows
            self._figure.title.text = f"{s.name}: {layout['name']}"
        from cs_panel.fasa.render import damage_text  # drawing code, only when a sheet is shown

        show_text(self._text, lambda: damage_text(s))  # made when a reader opens the view
        self._show_preview()
        self._show_status()

    def _show_status(self) -> None:
        s = self.sheet
        layout = damage_layouts()[s.layout]
        armour = ", ".join(f"{t.replace('_', ' ')} {v}" for t, v in s.armour if v)
        lines = [f"<p class='data'>Layout: {html.escape(layout['name'])} {badge_html(layout.provenance)}<br>"
                 f"<small>{html.escape(layout.source)}</small></p>",
                 f"<p>Armour: {html.escape(armour) or 'none'} (a row of ten boxes per 10 points, "
                 f"{_cite('F.plane.record-sheet')})</p>"]
        if s.destroyed:
            lines.insert(0, f"<p class='damage-destroyed'><b>Destroyed:</b> {html.escape(str(s.destruction))}</p>")
        if s.continuing:
            items = "".join(f"<li>{html.escape(str(c))}</li>" for c in s.continuing)
            lines.append(f"<p>Still under way (next turn, step 8):</p><ul>{items}</ul>")
        self._status.object = "".join(lines)
        c, b = s.capabilities(), s.base
        rows = "".join(
            f"<tr><td>{name}</td><td class='cs-value'>{getattr(b, key)}</td><td class='cs-value'>{getattr(c, key)}</td></tr>"
            for name, key in (("Max Speed", "max_speed"), ("Acceleration", "acceleration"),
                              ("Deceleration", "deceleration"), ("Port Gs", "port_gs"), ("Starboard Gs", "starboard_gs")))
        limits = "".join(f"<li>{html.escape(str(e))}</li>" for e in s.limits())
        self._limits.object = (f"<table class='cs-breakdown'><caption>Performance</caption><tr><td></td><td>undamaged</td>"
                               f"<td>now</td></tr>{rows}<tr><td>Pilot Constitution</td><td class='cs-value'>"
                               f"{s.constitution}</td><td class='cs-value'>{s.pilot_constitution}</td></tr></table>"
                               + (f"<ul class='damage-limit-list'>{limits}</ul>" if limits else
                                  "<p>No damage limits the plane yet.</p>"))
        self._effects.object = "".join(reversed(self.reports)) or "<p>No hits yet: choose a table and column and fire.</p>"

    @param.depends("table", "column", "template", watch=True)
    def _show_preview(self) -> None:
        """Dry-run the hit the inputs describe: nothing is marked, the boxes it would take are shown."""
        try:
            would = self.sheet.hit(DamageTable(self.table), self.column, self.template).destroyed
        except CsPanelError:
            would = ()  # a wrong input or a destroyed plane: no preview; Fire says why
        with bokeh_writes():
            self._preview.data = {"x": [c for c, _ in would], "y": [-r for _, r in would]}

    @param.depends("template", watch=True)
    def _show_template(self) -> None:
        e = damage_templates()[self.template]
        rows = e["rows"]
        widest = max(rows)
        pic = "<br>".join("&nbsp;" * (widest - w) + "&#9632;&nbsp;" * w for w in rows)
        arrow = "&nbsp;" * (widest - 1) + "&#8595;"
        zep = f"; Zep. Dmg. {e['zep_damage'][0]}/{e['zep_damage'][1]}" if e.get("zep_damage") else ""
        burns = " Burns on (magnesium)." if e.get("burns") else ""
        self._template_pane.object = (f"<p>{html.escape(e['name'])} {badge_html(e.provenance)}: {sum(rows)} boxes"
                                      f"{zep}.{burns}</p><p style='font-family:monospace;line-height:1'>{arrow}<br>{pic}</p>")

    # --- layout -------------------------------------------------------------------------------

    def __panel__(self):
        p, e = self.param, self._errors
        fire = pn.widgets.Button(label="Fire", color="primary", css_classes=["damage-fire"])
        fire.on_click(lambda event: self.fire())
        roll = pn.widgets.Button(label="Roll column (d10)", css_classes=["damage-roll"])
        roll.on_click(lambda event: self.roll_column())
        widow = pn.widgets.Button(label="End attacker (widow)", css_classes=["damage-widow"])
        widow.on_click(lambda event: self.end_attacker())
        turn = pn.widgets.Button(label="Next turn (burns, drills)", css_classes=["damage-turn"])
        turn.on_click(lambda event: self.next_turn())
        undo = pn.widgets.Button(label="Undo", css_classes=["damage-undo"], width=80)
        undo.on_click(lambda event: self.undo())
        reset = pn.widgets.Button(label="Fresh sheet", css_classes=["damage-reset"], width=100)
        reset.on_click(lambda event: self.reset())
        inputs = pn.Column(
            "### The plane",
            e.beside(pn.widgets.Select.from_param(p.plane, options=plane_choices(), label="Plane", css_classes=["in-plane"]),
                     "plane"),
            e.beside(pn.widgets.IntInput.from_param(p.constitution, label="Pilot's Constitution",
                                                    css_classes=["in-constitution"]), "constitution"),
            "### The hit",
            e.beside(pn.widgets.Select.from_param(p.table, options=TABLES, label="Damage table", css_classes=["in-table"]),
                     "table"),
            e.beside(pn.widgets.IntInput.from_param(p.column, label="Column (1-10)", css_classes=["in-column"]), "column"),
            roll,
            e.beside(pn.widgets.Select.from_param(p.template, options=_template_options(), label="Template",
                                                  css_classes=["in-template"]), "template"),
            self._template_pane,
            e.beside(pn.widgets.IntInput.from_param(p.range_hexes, label="Range (drill rockets)",
                                                    css_classes=["in-range"]), "range_hexes"),
            pn.Row(fire, widow), pn.Row(turn), pn.Row(undo, reset),
            e.general,
            "### Magnesium (reconstructed rule)",
            pn.Row(e.beside(pn.widgets.IntInput.from_param(p.burn_turns, label="Burn turns", width=120,
                                                           css_classes=["in-burn-turns"]), "burn_turns"),
                   e.beside(pn.widgets.IntInput.from_param(p.burn_rate, label="Boxes a turn", width=120,
                                                           css_classes=["in-burn-rate"]), "burn_rate")),
            width=320,
        )
        legend = "".join(f"<span style='background:{c};padding:0 6px;margin-right:4px;color:white'>{MARK_WORDS[k]}</span>"
                         for k, c in MARK_COLOURS.items())
        kinds = "".join(f"<span style='background:{INTACT_COLOURS[k]};padding:0 6px;margin-right:4px;"
                        f"border:1px solid {EDGE}'>{k.replace('_', ' ')}</span>"
                        for k in ("armour", "structure", "gun", "rocket", "canopy", "pilot", "max_speed", "engine",
                                  "fuel_tank", "elevator", "flaps", "spar"))
        drawing = pn.Column(named(pn.pane.Bokeh(self._figure), "record sheet: the damage diagram", self._text),
                            html_pane(f"<p><small>{kinds}</small></p><p><small>{legend} <span style='border:1px dashed "
                                      f"{LAST};padding:0 6px'>where the template would fall</span></small></p>",
                                      sizing_mode="stretch_width"),
                            self._status, width=580)
        # the side column takes what is left, at least 300 px: with less room it wraps under the
        # drawing instead of being squeezed (a notebook column, a narrow window)
        results = pn.Column("### What the damage does", self._limits, "### Log (newest first)", self._effects,
                            sizing_mode="stretch_width", min_width=300, styles={"flex": "1 1 300px"})
        return pn.FlexBox(inputs, drawing, results, flex_wrap="wrap", align_items="flex-start",
                          sizing_mode="stretch_width", stylesheets=[STYLES], css_classes=["cs-damage-sheet"])


__all__ = ["DamageSheet"]
