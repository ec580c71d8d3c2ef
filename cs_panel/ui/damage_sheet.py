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

import html
from typing import Any

import panel as pn
import param
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.core.rules import rule
from cs_panel.fasa.aircraft import choices as plane_choices
from cs_panel.fasa.damage import (
    MAGNESIUM_BURN, HitResult, MagnesiumBurn, RecordSheet, damage_layouts, damage_templates,
)
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.fasa.render import INTACT_COLOURS, LAST_BOX as LAST, MARK_COLOURS, MARK_WORDS, SHEET_EDGE as EDGE
from cs_panel.ui.common import RuleInteger, SEED_BOUNDS, STYLES, FieldErrors, badge_html, html_pane, point_at, editing
from cs_panel.ui.a11y import named, show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg, picked_cell

TABLES = {t.label: t.value for t in DamageTable}

FIELDS = ["plane", "table", "column", "template", "range_hexes", "constitution", "burn_turns", "burn_rate"]


def _cite(rule_id: str) -> str:
    return f"<code>{html.escape(rule_id)}</code> {html.escape(rule(rule_id).citation)}"


def _template_options() -> dict[str, str]:
    return {f"{e['name']}": e.id for e in damage_templates()}


#: the drawing's own look: a box says it can be clicked
SHEET_CSS = ".cs-box, .cs-mark { cursor: pointer; }"


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
        # the diagram as SVG in layers: the boxes go to the browser once a plane, a hit sends the
        # marks, the outline and the labels (cs_panel/fasa/render.py damage_sheet_svg; issue 14)
        self._drawing = LayeredSvg(css_classes=["damage-svg"], stylesheets=[SHEET_CSS], width=560, height=520)
        self._drawing.on_pick(self.pick)
        self.preview: list = []  # the boxes the template would take with the inputs as they are
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
        with editing(self, "sheet", "log", "reports", "last_boxes", "error"):
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
        with editing(self, "sheet", "log", "reports", "last_boxes", "error"):
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
        with editing(self, "error"):
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
        with editing(self, "sheet", "log", "reports", "last_boxes"):
            self.sheet, self.log, self.reports, self.last_boxes = sheet, log, self.reports[:-1], []
        self._redraw()
        return True

    def reset(self) -> None:
        """A fresh sheet for the same plane."""
        self._new_sheet()

    def select_box(self, cell: tuple[int, int]) -> bool:
        """A click on the diagram: the box ``cell`` (column, row) sets the table and column it
        belongs to (F.dmg.column); a place with no box changes nothing."""
        found = self.sheet.diagram.table_column((int(cell[0]), int(cell[1])))
        if found is None:
            return False
        table, column = found
        self.param.update(table=table.value, column=column)
        return True

    def pick(self, text: str) -> bool:
        """A click on the drawing as the browser sends it: a box's "column,row" (anything else,
        from a stranger's page, is ignored)."""
        cell = picked_cell(text)
        return cell is not None and self.select_box(cell)

    @param.depends("seed", watch=True)
    def _reseed(self) -> None:
        self._dice = Dice(self.seed)

    # --- drawing ------------------------------------------------------------------------------

    def _redraw(self) -> None:
        self._show_preview()  # draws the sheet with the boxes the template would take
        show_text(self._text, self._drawing.words)  # the drawing's own words, for the text view
        self._show_status()

    def _draw(self) -> None:
        from cs_panel.fasa.render import SHEET_LABELS, SHEET_TOP, damage_sheet_svg

        s = self.sheet
        title = f"{s.name}: {damage_layouts()[s.layout]['name']}"
        self._drawing.show(damage_sheet_svg(s, title, last=self.last_boxes, preview=self.preview), top_from=SHEET_TOP,
                          over_from=SHEET_LABELS)

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
        self.preview = list(would)
        self._draw()

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
        drawing = pn.Column(named(self._drawing, "record sheet: the damage diagram", self._text),
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
