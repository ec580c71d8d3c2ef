"""``PilotSheet``: create a FASA pilot, see what the skills cost, fly missions and advance.

FASA *Crimson Skies*, Pilots, p.17-20 (``F.pilot.skills``, ``F.pilot.constitution``,
``F.pilot.gunner``, ``F.pilot.skill-cost``, ``F.pilot.create``, ``F.pilot.xp-awards``,
``F.pilot.advance`` and the optional ``F.pilot.qd-fraction``). The component gathers a build
(hero or wingman, Constitution and the five skills), a mission's results and the choices of a
career, and shows what ``cs_panel.fasa.pilots`` answers: the cost term by term with rule ids,
the points left or by how many the build is over, the turret gunner, the mission's award line
by line, and the price of the next level. Every number comes from the core.

A career is a log of steps (award a mission, raise a skill, put points toward Quick Draw); the
pilot shown is the new pilot with every step applied in order, and ``undo`` takes the last one
back. Changing the build or the optional rule starts a new career; renaming keeps it.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from cs_panel.core.errors import CsPanelError
from cs_panel.core.limits import LIMITS
from cs_panel.core.rules import rule
from cs_panel.core.variants import OFFICIAL, RuleSet
from cs_panel.fasa.pilots import (
    BUDGETS, QD_FRACTIONS, SKILL_NAMES, SKILLS, Gunner, OverBudgetError, Pilot, Points,
    advance as advance_pilot, advance_cost, award as award_points, create_pilot, gunner_of, mission_xp,
    put_toward_quick_draw as put_toward, skill_cost,
)
from cs_panel.ui.common import RuleInteger, STYLES, FieldErrors, editing, html_pane, point_at

ROLES = {f"hero ({BUDGETS['hero']} points)": "hero", f"wingman ({BUDGETS['wingman']} points)": "wingman"}
BAILOUTS = {"no bailout": "none", "combat bailout": "combat", "non-combat bailout": "non-combat"}
ADVANCES = {SKILL_NAMES[s]: s for s in ("constitution",) + SKILLS}
GUNNER_SKILLS = ("quick_draw", "dead_eye", "steady_hand")

BUILD_FIELDS = ["pilot_name", "role", "constitution", *SKILLS, "quick_draw_fraction"]
MISSION_FIELDS = ["survived", "damaged_enemy", "kills", "half_kills", "landed", "bailout", "memento", "cargo", "fled"]
CAREER_FIELDS = ["advance_skill", "qd_points"]

SHEET_STYLES = """
.pilot-left b { color: #276749; }
.pilot-over b { color: #c53030; }
.pilot-history li { font-family: monospace; font-size: 0.9em; }
"""
#: the budget's line under the Budget input: three short lines' room whatever it says (points left,
#: points over, or the budget alone while an input is wrong), so a skill typed across the budget
#: line changes its words, not the height of the page (a box that resizes costs bokeh a layout walk
#: of the whole page: issue 14)
BUDGET_LINE_STYLES = """
:host { min-height: 46px; }
.pilot-left, .pilot-over { font-size: 0.85em; margin: 0 0 4px 0; }
"""


def _cite(rule_id: str) -> str:
    return f"<code>{html.escape(rule_id)}</code> {html.escape(rule(rule_id).citation)}"


class PilotSheet(pn.viewable.Viewer):
    """Create a FASA pilot or wingman, see the cost of every skill, and earn and spend experience."""
    shows_rules = ('F.pilot.skills', 'F.pilot.constitution', 'F.pilot.gunner', 'F.pilot.skill-cost', 'F.pilot.create', 'F.pilot.xp-awards', 'F.pilot.advance', 'F.pilot.qd-fraction', 'F.combat.order', 'F.hit.number', 'F.tail.number', 'F.roe.flee', 'F.bail.combat', 'F.roe.bailout-penalty')  # rule ids shown here (rules index)

    # -- the build (F.pilot.create)
    pilot_name = param.String(default="Ivy Iverian", doc="The pilot's name; every character needs one (F.pilot.skills).")
    role = param.Selector(default="hero", objects=list(ROLES.values()),
                          doc="A new hero has 450 experience points to spend, a wingman 350 (F.pilot.create).")
    constitution = RuleInteger(default=3, bounds=LIMITS["fasa.constitution"].bounds, doc="Constitution, 3-10: everyone starts at 3; each level above is bought at "
                                                "the improvement price (F.pilot.constitution, F.pilot.create).")
    quick_draw = RuleInteger(default=4, bounds=LIMITS["fasa.skill"].bounds, doc="Quick Draw, 0-10: who fires first (F.pilot.skills, F.combat.order).")
    dead_eye = RuleInteger(default=5, bounds=LIMITS["fasa.skill"].bounds, doc="Dead Eye, 0-10: taken off every to-hit number (F.pilot.skills, F.hit.number).")
    steady_hand = RuleInteger(default=5, bounds=LIMITS["fasa.skill"].bounds, doc="Steady Hand, 0-10: clearing jams and grouping hits (F.pilot.skills).")
    natural_touch = RuleInteger(default=4, bounds=LIMITS["fasa.skill"].bounds, doc="Natural Touch, 0-10: pushing the plane past its ratings (F.pilot.skills).")
    sixth_sense = RuleInteger(default=4, bounds=LIMITS["fasa.skill"].bounds, doc="Sixth Sense, 0-10: tailing and bailing out (F.pilot.skills, F.tail.number).")
    quick_draw_fraction = RuleInteger(default=0, bounds=LIMITS["count"].bounds, doc="Points bought toward the next Quick Draw level at creation; needs "
                                                       "the optional rule (F.pilot.qd-fraction).")
    quick_draw_fractions = param.Boolean(default=False, doc="Play the optional rule fasa.quick-draw-fractions: points may go "
                                                            "toward the next Quick Draw level and break ties (F.pilot.qd-fraction).")

    # -- a mission's results (F.pilot.xp-awards)
    survived = param.Boolean(default=True, doc="Did the pilot live through the engagement (F.pilot.xp-awards)?")
    damaged_enemy = param.Boolean(default=True, doc="Did the pilot damage an enemy? Surviving earns points only then (F.pilot.xp-awards).")
    kills = RuleInteger(default=2, bounds=LIMITS["count"].bounds, doc="Planes the pilot shot down this mission (F.pilot.xp-awards).")
    half_kills = RuleInteger(default=0, bounds=LIMITS["count"].bounds, doc="Fleeing planes the pilot hit last: each counts as half a kill, after the whole ones (F.roe.flee).")
    landed = param.Boolean(default=True, doc="Did the pilot land safely or get back aboard the zeppelin (F.pilot.xp-awards)?")
    bailout = param.Selector(default="none", objects=list(BAILOUTS.values()),
                             doc="How the pilot left the plane, if he did: a combat bailout, or a planned one that costs points "
                                 "(F.bail.combat, F.roe.bailout-penalty).")
    memento = param.Boolean(default=False, doc="Saved a keepsake from the cockpit in a combat bailout (F.pilot.xp-awards).")
    cargo = param.Boolean(default=False, doc="Saved the cargo in a combat bailout (F.pilot.xp-awards).")
    fled = param.Boolean(default=False, doc="Left the map by a side other than home: a penalty (F.roe.flee).")

    # -- spending (F.pilot.advance, F.pilot.qd-fraction)
    advance_skill = param.Selector(default="steady_hand", objects=list(ADVANCES.values()),
                                   doc="The skill (or Constitution) the Advance button raises one level (F.pilot.advance).")
    qd_points = RuleInteger(default=0, bounds=LIMITS["count"].bounds, doc="Unspent points to put toward the next Quick Draw level, under the optional "
                                             "rule (F.pilot.qd-fraction).")

    # -- what the core answers (read-only)
    rules = param.ClassSelector(class_=RuleSet, default=OFFICIAL, constant=True,
                                doc="The rules in play: the printed ones, plus fasa.quick-draw-fractions when ticked.")
    cost = param.ClassSelector(class_=Points, default=None, allow_None=True, constant=True,
                               doc="What the build's skills and Constitution cost, term by term; None while a level is wrong.")
    created = param.ClassSelector(class_=Pilot, default=None, allow_None=True, constant=True,
                                  doc="The new pilot as created, with the points left unspent; None while the build is wrong or over budget.")
    points_left = param.Integer(default=None, allow_None=True, constant=True,
                                doc="Points of the budget the build leaves unspent (kept for later), or None.")
    over_budget = param.Integer(default=None, allow_None=True, constant=True,
                                doc="By how many points the build costs more than the budget, or None when it fits.")
    error = param.String(default="", constant=True, doc="Why the build gives no pilot ('' when it does).")
    log = param.List(default=[], constant=True,
                     doc="The career so far: ('award', Points), ('advance', skill) or ('quick_draw', points) steps, in order.")
    pilot = param.ClassSelector(class_=Pilot, default=None, allow_None=True, constant=True,
                                doc="The pilot now: the new pilot with every step of the log applied; None while the build is wrong.")
    gunner = param.ClassSelector(class_=Gunner, default=None, allow_None=True, constant=True,
                                 doc="The turret gunner who flies with the pilot now (F.pilot.gunner), or None.")
    history = param.List(default=[], constant=True, doc="Each step of the log in words, with the points unspent after it.")
    earned = param.ClassSelector(class_=Points, default=None, allow_None=True, constant=True,
                                 doc="What the mission earns, line by line; None while a mission input is wrong.")
    mission_error = param.String(default="", constant=True, doc="Why the mission's results give no award ('' when they do).")
    next_cost = param.ClassSelector(class_=Points, default=None, allow_None=True, constant=True,
                                    doc="What raising advance_skill one level costs the pilot now, or None when it cannot be raised.")
    career_error = param.String(default="", constant=True, doc="Why the last step was refused or the chosen skill cannot be raised ('' when fine).")

    def __init__(self, **params):
        super().__init__(**params)
        self._errors = FieldErrors(BUILD_FIELDS)
        self._mission_errors = FieldErrors(MISSION_FIELDS)
        self._career_errors = FieldErrors(CAREER_FIELDS)
        pane = dict(sizing_mode="stretch_width", stylesheets=[SHEET_STYLES])
        self._cost_pane = html_pane("", css_classes=["pilot-cost"], **pane)
        self._budget_pane = html_pane("", css_classes=["pilot-budget"], width=290, margin=(0, 10),
                                      stylesheets=[SHEET_STYLES, BUDGET_LINE_STYLES])
        self._sheet_pane = html_pane("", css_classes=["pilot-record"], **pane)
        self._gunner_pane = html_pane("", css_classes=["pilot-gunner"], **pane)
        self._history_pane = html_pane("", css_classes=["pilot-career"], **pane)
        self._earned_pane = html_pane("", css_classes=["pilot-earned"], **pane)
        self._next_pane = html_pane("", css_classes=["pilot-next"], **pane)
        self._update_build()
        self._update_mission()

    # --- the build ---------------------------------------------------------------------------

    @param.depends("role", "constitution", *SKILLS, "quick_draw_fraction", "quick_draw_fractions", watch=True)
    def _new_build(self):
        with editing(self, "log"):
            self.log = []  # a different character: its career starts again
        self._update_build()

    @param.depends("pilot_name", watch=True)
    def _renamed(self):
        self._update_build()

    def _levels(self) -> dict[str, int]:
        return dict(constitution=self.constitution, quick_draw=self.quick_draw, dead_eye=self.dead_eye,
                    steady_hand=self.steady_hand, natural_touch=self.natural_touch, sixth_sense=self.sixth_sense,
                    quick_draw_fraction=self.quick_draw_fraction)

    def _update_build(self) -> None:
        rules = OFFICIAL.with_(QD_FRACTIONS.name) if self.quick_draw_fractions else OFFICIAL
        cost = created = over = error = None
        self._build = None
        try:
            self._build = Pilot(self.pilot_name, **self._levels())
            cost = skill_cost(self._build)
            created = create_pilot(self.pilot_name, self.role, rules=rules, **self._levels())
        except OverBudgetError as e:
            # the budget is the role's: the budget's line under its input says so (not a slot),
            # and the whole sum is in the cost column beside it
            over, error = e.over, e
        except CsPanelError as e:
            error = point_at(e, "pilot_name") if e.field == "name" else e
        with editing(self, "rules", "cost", "created", "points_left", "over_budget", "error"):
            self.rules = rules
            self.cost, self.created = cost, created
            self.points_left = created.unspent_xp if created is not None else None
            self.over_budget = over
            self.error = str(error) if error else ""
        self._errors.show(None if over is not None else error)
        self._cost_pane.object = self._cost_html()
        self._budget_pane.object = self._budget_html()
        self._replay()

    def _cost_html(self) -> str:
        if self.cost is None:
            return "<p class='cs-error'>No cost until the input marked on the left is fixed.</p>"
        return f"{self.cost._repr_html_()}<p class='explained'>{html.escape(str(self.cost))}</p>"

    def _budget_html(self) -> str:
        budget, role = BUDGETS[self.role], html.escape(self.role)
        if self.over_budget is not None:
            return (f"<p class='pilot-over cs-error'>&#9888; <b>{self.over_budget} points over</b> the {budget} a {role} "
                    f"has: lower a skill or Constitution ({_cite('F.pilot.create')}).</p>")
        if self.created is None:
            return f"<p class='pilot-left'>A {role} has {budget} points to spend ({_cite('F.pilot.create')}).</p>"
        return (f"<p class='pilot-left'>A {role} has {budget} points: <b>{self.points_left} left</b>, kept for raising "
                f"skills later ({_cite('F.pilot.create')}).</p>")

    # --- the career: a log of steps, replayed on the new pilot -----------------------------------

    def _apply(self, pilot: Pilot, step: tuple[str, Any]) -> Pilot:
        kind, arg = step
        if kind == "award":
            return award_points(pilot, arg)
        if kind == "advance":
            return advance_pilot(pilot, arg)
        return put_toward(pilot, arg, self.rules)

    def _step_text(self, before: Pilot, step: tuple[str, Any], after: Pilot) -> str:
        kind, arg = step
        if kind == "award":
            what = f"mission: {arg}"
        elif kind == "advance":
            what = f"raised: {advance_cost(before, arg)}"
        else:
            what = f"{arg} points put toward Quick Draw: now Quick Draw {after.quick_draw_text}"
        return f"{what} -> {after.unspent_xp} unspent"

    def _replay(self) -> None:
        pilot, texts = self.created, []
        if pilot is not None:
            for step in self.log:
                after = self._apply(pilot, step)
                texts.append(self._step_text(pilot, step, after))
                pilot = after
        with editing(self, "pilot", "gunner", "history"):
            self.pilot = pilot
            self.gunner = gunner_of(pilot) if pilot is not None else None
            self.history = texts
        self._sheet_pane.object = self._sheet_html()
        self._gunner_pane.object = self._gunner_html()
        self._history_pane.object = self._history_html()
        self._update_next()

    def _take(self, step: tuple[str, Any], field: str | None) -> bool:
        """Apply one step to the pilot now; a refused step leaves the career as it was and shows why."""
        if self.pilot is None:
            self._refuse(CsPanelError("fix the pilot's build first: there is no pilot to play"), None)
            return False
        try:
            self._apply(self.pilot, step)
        except CsPanelError as e:
            self._refuse(e, field)
            return False
        with editing(self, "log"):
            self.log = [*self.log, step]
        self._replay()
        return True

    def _refuse(self, error: CsPanelError, field: str | None) -> None:
        error = point_at(error, field)  # no field: the general slot
        with editing(self, "career_error"):
            self.career_error = str(error)
        self._career_errors.show(error)

    def award(self) -> bool:
        """Add the mission's points to the pilot's unspent ones (F.pilot.xp-awards); returns whether it was done."""
        if self.earned is None:
            self._refuse(CsPanelError(f"the mission's results have an error: {self.mission_error}"), None)
            return False
        return self._take(("award", self.earned), None)

    def advance(self) -> bool:
        """Raise ``advance_skill`` one level, paid from the unspent points (F.pilot.advance)."""
        return self._take(("advance", self.advance_skill), "advance_skill")

    def put_toward_quick_draw(self) -> bool:
        """Put ``qd_points`` unspent points toward the next Quick Draw level (optional, F.pilot.qd-fraction)."""
        return self._take(("quick_draw", self.qd_points), "qd_points")

    def undo(self) -> bool:
        """Take back the last step of the career; returns whether there was one."""
        if not self.log:
            return False
        with editing(self, "log"):
            self.log = self.log[:-1]
        self._replay()
        return True

    def reset(self) -> None:
        """Back to the pilot as created, every step forgotten."""
        with editing(self, "log"):
            self.log = []
        self._replay()

    @param.depends("advance_skill", "qd_points", watch=True)
    def _update_next(self) -> None:
        next_cost, error = None, None
        if self.pilot is not None:
            try:
                next_cost = advance_cost(self.pilot, self.advance_skill)
            except CsPanelError as e:
                error = point_at(e, "advance_skill")
        with editing(self, "next_cost", "career_error"):
            self.next_cost = next_cost
            self.career_error = str(error) if error else ""
        self._career_errors.show(error)
        self._next_pane.object = self._next_html()

    def _over_build(self) -> Pilot | None:
        """The build as entered when it is over its budget (no pilot is made of it), else None. The
        card, the gunner and the next raise show it, marked, so the page keeps its shape while a
        player tries skills across the budget line (F.pilot.create)."""
        return self._build if self.pilot is None and self.over_budget is not None else None

    def _sheet_html(self) -> str:
        if self.pilot is None:
            if (build := self._over_build()) is not None:
                from cs_panel.fasa.render import pilot_html

                return pilot_html(build, over=self.over_budget)
            return "<p class='cs-error'>No pilot until the build is fixed.</p>"
        return self.pilot._repr_html_()

    def _gunner_html(self) -> str:
        p, g = self.pilot, self.gunner
        if (build := self._over_build()) is not None:
            p, g = build, gunner_of(build)  # the build's gunner, beside the build's card
        if p is None or g is None:
            return ""
        rows = "".join(f"<tr><td>{SKILL_NAMES[s]}</td><td class='cs-value'>{getattr(p, s)}</td>"
                       f"<td class='cs-value'>{getattr(g, s)}</td></tr>" for s in GUNNER_SKILLS)
        return (f"<table class='cs-breakdown'><caption>{html.escape(g.name)} ({_cite('F.pilot.gunner')})</caption>"
                f"<tr><td></td><td>pilot</td><td>gunner</td></tr>{rows}"
                f"<tr><td>Constitution</td><td class='cs-value'>{p.constitution}</td>"
                f"<td class='cs-value'>{g.constitution}</td></tr></table>")

    def _history_html(self) -> str:
        if not self.history:
            return "<p>No missions flown yet.</p>"
        items = "".join(f"<li>{html.escape(t)}</li>" for t in self.history)
        return f"<p>Career ({_cite('F.pilot.advance')}):</p><ol class='pilot-history'>{items}</ol>"

    def _next_html(self) -> str:
        if (build := self._over_build()) is not None:
            try:  # what the raise would cost the build, said to wait for a legal one
                cost = advance_cost(build, self.advance_skill)
            except CsPanelError:
                return ""
            return (f"{cost._repr_html_()}<p class='explained'>{html.escape(str(cost))}; no skill is raised "
                    f"until the build is within its budget</p>")
        if self.next_cost is None or self.pilot is None:
            return ""
        return (f"{self.next_cost._repr_html_()}<p class='explained'>{html.escape(str(self.next_cost))}; "
                f"{html.escape(self.pilot.name)} has {self.pilot.unspent_xp} unspent</p>")

    # --- a mission -----------------------------------------------------------------------------

    @param.depends(*MISSION_FIELDS, watch=True)
    def _update_mission(self) -> None:
        try:
            earned, error = mission_xp(
                survived=self.survived, damaged_enemy=self.damaged_enemy, kills=self.kills, half_kills=self.half_kills,
                landed=self.landed, bailout=None if self.bailout == "none" else self.bailout,
                memento=self.memento, cargo=self.cargo, fled=self.fled), None
        except CsPanelError as e:
            earned, error = None, e
        with editing(self, "earned", "mission_error"):
            self.earned = earned
            self.mission_error = str(error) if error else ""
        self._mission_errors.show(error)
        if earned is None:
            self._earned_pane.object = "<p class='cs-error'>No award until the result marked on the left is fixed.</p>"
        else:
            self._earned_pane.object = f"{earned._repr_html_()}<p class='explained'>{html.escape(str(earned))}</p>"

    # --- layout ----------------------------------------------------------------------------------

    def __panel__(self):
        p, e, m, c = self.param, self._errors, self._mission_errors, self._career_errors

        def num(errors, name, label, width=140):
            css = ["in-" + name.replace("_", "-")]
            return errors.beside(pn.widgets.IntInput.from_param(p[name], label=label, width=width, css_classes=css), name)

        def tick(errors, name, label):
            box = pn.widgets.Checkbox.from_param(p[name], label=label, css_classes=["in-" + name.replace("_", "-")])
            return errors.beside(box, name)

        build = pn.Column(
            "### Create a pilot",
            e.beside(pn.widgets.TextInput.from_param(p.pilot_name, label="Name", width=290, css_classes=["in-pilot-name"]), "pilot_name"),
            e.beside(pn.widgets.Select.from_param(p.role, options=ROLES, label="Budget", width=290, css_classes=["in-role"]), "role"),
            self._budget_pane,
            pn.Row(num(e, "constitution", "Constitution"), num(e, "quick_draw", "Quick Draw")),
            pn.Row(num(e, "dead_eye", "Dead Eye"), num(e, "steady_hand", "Steady Hand")),
            pn.Row(num(e, "natural_touch", "Natural Touch"), num(e, "sixth_sense", "Sixth Sense")),
            pn.widgets.Checkbox.from_param(p.quick_draw_fractions, label="Optional rule: Quick Draw fractions (F.pilot.qd-fraction)",
                                           css_classes=["in-quick-draw-fractions"]),
            num(e, "quick_draw_fraction", "Points toward next Quick Draw", width=290),
            e.general,
            width=320,
        )
        cost = pn.Column("### What the skills cost", self._cost_pane, sizing_mode="stretch_width")

        mission = pn.Column(
            "### A mission's results",
            tick(m, "survived", "Survived"), tick(m, "damaged_enemy", "Damaged an enemy"),
            pn.Row(num(m, "kills", "Kills"), num(m, "half_kills", "Half kills")),
            tick(m, "landed", "Landed (or back aboard)"),
            m.beside(pn.widgets.Select.from_param(p.bailout, options=BAILOUTS, label="Bailout", width=290,
                                                  css_classes=["in-bailout"]), "bailout"),
            tick(m, "memento", "Saved a keepsake"), tick(m, "cargo", "Saved the cargo"), tick(m, "fled", "Fled the map"),
            m.general,
            width=320,
        )
        award = pn.widgets.Button(label="Award these points", css_classes=["pilot-award"])
        award.on_click(lambda event: self.award())
        raise_ = pn.widgets.Button(label="Advance", css_classes=["pilot-advance"])
        raise_.on_click(lambda event: self.advance())
        put = pn.widgets.Button(label="Put toward Quick Draw", css_classes=["pilot-put"])
        put.on_click(lambda event: self.put_toward_quick_draw())
        undo = pn.widgets.Button(label="Undo", css_classes=["pilot-undo"], width=80)
        undo.on_click(lambda event: self.undo())
        experience = pn.Column(
            "### Experience",
            self._earned_pane, award,
            c.beside(pn.widgets.Select.from_param(p.advance_skill, options=ADVANCES, label="Raise one level", width=200,
                                                  css_classes=["in-advance-skill"]), "advance_skill"),
            self._next_pane, pn.Row(raise_, undo),
            c.beside(pn.widgets.IntInput.from_param(p.qd_points, label="Points toward Quick Draw (optional rule)", width=270,
                                                    css_classes=["in-qd-points"]), "qd_points"),
            put, c.general,
            sizing_mode="stretch_width",
        )
        sheet = pn.Column("### The pilot now", pn.Row(self._sheet_pane, self._gunner_pane), self._history_pane,
                          sizing_mode="stretch_width")
        return pn.Column(
            pn.Row(build, cost),
            pn.Row(mission, experience),
            sheet,
            stylesheets=[STYLES], css_classes=["cs-pilot-sheet"],
        )


__all__ = ["PilotSheet"]
