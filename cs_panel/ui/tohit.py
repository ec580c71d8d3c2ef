"""``ToHitCalculator``: the FASA to-hit number, live (F.hit.number, FASA p.35).

Every input is a widget (the target's base to-hit typed, or filled from a plane of
``cs_panel.fasa.aircraft``'s table and still editable); the breakdown lists each term with its rule and page, the chance is
exact, and a bar chart shows how the chance falls with range for the chosen weapon. The
component only gathers inputs and shows what ``cs_panel.fasa.tohit`` answers.
"""

from __future__ import annotations

import html

import panel as pn
import param
from cs_panel.core.chart import CHART_TOP, Bar, bar_chart_svg
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import TargetNumber, percent
from cs_panel.core.limits import LIMITS
from cs_panel.fasa.aircraft import choices as plane_choices
from cs_panel.fasa.aircraft import plane as aircraft_plane
from cs_panel.fasa.tohit import Deflection, to_hit_by_range, to_hit_number, weapons
from cs_panel.ui.common import STYLES, FieldErrors, badge_html, html_pane, RuleInteger, SEED_BOUNDS, editing
from cs_panel.ui.a11y import named, show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg

DEFLECTIONS = {f"{d.label} (+{d.modifier})": d.name for d in Deflection}
CUSTOM = "custom"


def _plane_options() -> dict[str, str]:
    return {"custom (type the number)": CUSTOM} | plane_choices()


def _weapon_options() -> dict[str, str]:
    return {f"{w['name']} (range {w['range']})": w.id for w in weapons()}


class ToHitCalculator(pn.viewable.Viewer):
    """Build a FASA to-hit number from its parts and see the odds of the d10 roll."""
    shows_rules = ('F.hit.number', 'F.plane.stats', 'F.hit.deflection', 'F.hit.range', 'F.pilot.skills', 'F.hit.weapon-mod', 'F.shock')  # rule ids shown here (rules index)

    target_plane = param.Selector(default=CUSTOM, objects=list(_plane_options().values()),
                                  doc="A plane whose base to-hit number fills the target's (still editable), or 'custom' "
                                      "to type it (F.plane.stats).")
    target_base = RuleInteger(default=4, bounds=LIMITS["fasa.base_to_hit"].bounds, doc="The target's base to-hit number, 1-10, from its record sheet (F.plane.stats).")
    deflection = param.Selector(default="NOSE_TO_NOSE", objects=list(DEFLECTIONS.values()),
                                doc="Angle of attack seen from the target (F.hit.deflection).")
    range_hexes = RuleInteger(default=2, bounds=LIMITS["hex_distance"].bounds, doc="Hexes to the target, counting its hex but not yours; 0 = same hex (F.hit.range).")
    dead_eye = RuleInteger(default=6, bounds=LIMITS["fasa.skill"].bounds, doc="The firer's Dead Eye skill, 0-10 (F.pilot.skills).")
    weapon = param.Selector(default="mg-50", objects=list(_weapon_options().values()),
                            doc="The weapon fired: guns +0, rockets +1, harpoon +2 (F.hit.weapon-mod).")
    shocked = param.Boolean(default=False, doc="Is the firer shocked? +2 to every roll (F.shock).")
    seed = RuleInteger(default=1937, bounds=SEED_BOUNDS, doc="Seed of the dice used by the Roll button, so a lesson can be replayed.")

    result = param.ClassSelector(class_=TargetNumber, default=None, allow_None=True, constant=True,
                                 doc="The explained to-hit number for the current inputs, or None while an input is wrong.")
    error = param.String(default="", constant=True, doc="Why the current inputs give no to-hit number ('' when they do).")
    last_roll = param.String(default="", constant=True, doc="The last roll made with the Roll button, in words.")

    def __init__(self, **params):
        super().__init__(**params)
        self._dice = Dice(self.seed)
        self._errors = FieldErrors(["target_base", "deflection", "range_hexes", "dead_eye", "weapon"])
        # the chart as SVG in layers: a new range resends the bars, not the axes (cs_panel/core/chart.py)
        self._chart = LayeredSvg(css_classes=["tohit-chart"], width=380, height=220, margin=(5, 10))
        self.bars: list[Bar] = []  # what the chart shows: one bar a range
        self._breakdown = html_pane("", css_classes=["breakdown"], sizing_mode="stretch_width")
        self._summary = html_pane("", css_classes=["summary"])
        self._roll_text = html_pane("", css_classes=["roll"])
        self._plane_pane = html_pane("", css_classes=["plane-badge"], margin=(0, 10))
        self._text = text_view()  # the chart in words, for screen readers
        if self.target_plane != CUSTOM:
            self._fill_from_plane()
        self._update()
        self._show_plane()

    @param.depends("target_plane", watch=True)
    def _fill_from_plane(self):
        if self.target_plane != CUSTOM:  # "custom" keeps whatever the input holds
            self.target_base = aircraft_plane(self.target_plane, field="target_plane").base_to_hit

    @param.depends("target_plane", "target_base", watch=True)
    def _show_plane(self):
        if self.target_plane == CUSTOM:
            self._plane_pane.object = ""
            return
        a = aircraft_plane(self.target_plane, field="target_plane")
        notes = list(a.rules_notes)
        if self.target_base != a.base_to_hit:
            notes.append(f"base to-hit changed by hand from {a.base_to_hit}")
        extra = "".join(f"<br>{html.escape(n)}" for n in notes)
        self._plane_pane.object = (
            f"<p class='plane-name'>{html.escape(a.name)}: base to-hit {a.base_to_hit} {badge_html(a.provenance)}<br>"
            f"<small>{html.escape(a.source)}{extra}</small></p>")

    @param.depends("target_base", "deflection", "range_hexes", "dead_eye", "weapon", "shocked", watch=True)
    def _update(self):
        inputs = dict(target_base=self.target_base, deflection=self.deflection, dead_eye=self.dead_eye,
                      weapon=self.weapon, shocked=self.shocked)
        try:
            result = to_hit_number(range_hexes=self.range_hexes, **inputs)
            error = None
        except CsPanelError as e:
            result, error = None, e
        try:
            by_range = to_hit_by_range(**inputs)
        except CsPanelError:
            by_range = []
        with editing(self, "result", "error"):
            self.result = result
            self.error = str(error) if error else ""
        self._errors.show(error)
        w = weapons()[self.weapon]
        self.bars = [Bar(r, float(t.chance), "#c53030" if r == self.range_hexes else "#718096",
                         f"range {r}: to hit {t.total}, chance {percent(t.chance)}") for r, t in enumerate(by_range)]
        self._chart.show(bar_chart_svg(self.bars, title=f"Chance to hit by range: {w['name']}", x_label="range (hexes)",
                                       name="chance to hit by range"), top_from=CHART_TOP)
        name, chosen = w["name"], self.range_hexes  # bound now: the text is made when a reader opens the view
        show_text(self._text, lambda: f"Chance to hit by range: {name}\n" + "\n".join(
            f"range {r}: to-hit number {t.total}, chance {percent(t.chance)}" + (" (the range set above)" if r == chosen else "")
            for r, t in enumerate(by_range)))
        if result is None:
            self._breakdown.object = "<p class='cs-error'>No to-hit number until the input above is fixed.</p>"
            self._summary.object = ""
        else:
            self._breakdown.object = result._repr_html_()
            self._summary.object = (
                f"<p class='explained'>{html.escape(str(result))}</p>"
                f"<p>Weapon data: {html.escape(w['name'])} {badge_html(w.provenance)}</p>"
            )

    def roll(self):
        """Roll the d10 against the current number with the seeded dice."""
        if self.result is None:
            return None
        outcome = self.result.resolve(self._dice)
        text = f"Rolled {outcome.faces[0]} against {self.result.total}: {'hit' if outcome.success else 'miss'}"
        with editing(self, "last_roll"):
            self.last_roll = text
        self._roll_text.object = f"<p>{html.escape(text)}</p>"
        return outcome

    @param.depends("seed", watch=True)
    def _reseed(self):
        self._dice = Dice(self.seed)

    def __panel__(self):
        e = self._errors
        roll_button = pn.widgets.Button(label="Roll the d10", css_classes=["roll-button"])
        roll_button.on_click(lambda event: self.roll())
        inputs = pn.Column(
            "### Inputs",
            pn.widgets.Select.from_param(self.param.target_plane, options=_plane_options(), label="Target plane",
                                         css_classes=["in-target-plane"]),
            self._plane_pane,
            e.beside(pn.widgets.IntInput.from_param(self.param.target_base, label="Target base to-hit", css_classes=["in-target-base"]), "target_base"),
            e.beside(pn.widgets.Select.from_param(self.param.deflection, options=DEFLECTIONS, label="Deflection", css_classes=["in-deflection"]), "deflection"),
            e.beside(pn.widgets.IntInput.from_param(self.param.range_hexes, label="Range (hexes)", css_classes=["in-range"]), "range_hexes"),
            e.beside(pn.widgets.IntInput.from_param(self.param.dead_eye, label="Dead Eye", css_classes=["in-dead-eye"]), "dead_eye"),
            e.beside(pn.widgets.Select.from_param(self.param.weapon, options=_weapon_options(), label="Weapon", css_classes=["in-weapon"]), "weapon"),
            pn.widgets.Checkbox.from_param(self.param.shocked, label="Firer is shocked", css_classes=["in-shocked"]),
            e.general,
            width=300,
        )
        results = pn.Column("### To-hit number", self._breakdown, self._summary,
                            named(self._chart, "chart: chance to hit by range", self._text),
                            pn.Row(roll_button, self._roll_text))
        return pn.Row(inputs, results, stylesheets=[STYLES], css_classes=["cs-tohit"])
