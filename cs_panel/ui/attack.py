"""``AttackOdds``: an Air Action shot, its exact odds of hits (clicks) and a seeded roll.

Crimson Skies: Air Action, "Combat" and "Fate" (``A.combat.shot``, ``A.combat.rear-arc-bonus``,
``A.combat.rear-gunner``, ``A.shot-down``, ``A.fate.offense``, ``A.fate.defense``). The
component gathers the firer's gunnery, the target's silhouette and the situation (point-blank,
rear-arc bonus die, rear gunner, fate on either side, with the target Ace's fate value, which
must be above 0 for defensive fate), asks ``cs_panel.airaction.combat`` for
the explained attack and shows: the breakdown term by term with rule ids, the exact
distribution of hits as a bar chart, the headline numbers, and a roll (seeded dice, or faces
typed from the table) die by die, with what the target's defensive fate would cancel.
"""

from __future__ import annotations

import html
from fractions import Fraction

import panel as pn
import param

from cs_panel.airaction.combat import Attack, AttackResult, attack
from cs_panel.airaction.fate import check_fate_above_zero
from cs_panel.airaction.odds_view import (
    check_clicks_left, check_pool, clicks_applied, die_verdicts, fate_summary, parse_faces,
)
from cs_panel.clix.figures import BASE_FIELDS
from cs_panel.core.chart import CHART_TOP, Bar, bar_chart_svg
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.core.limits import LIMITS
from cs_panel.ui.common import STYLES, FieldErrors, HTMLText, RuleInteger, SEED_BOUNDS, editing
from cs_panel.ui.a11y import named, show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg

WEAPONS = {"front guns": "front", "rear gunner (rear arc)": "rear"}
FIELDS = ["gunnery", "weapon", "silhouette", "fate_dice", "target_fate", "clicks_left"]

COLOURS = {"bar": "#4a5568", "down": "#c53030"}

DIE_STYLES = """
.cs-die { display: inline-block; min-width: 1.6em; padding: 2px 4px; margin: 0 2px; border-radius: 4px;
          text-align: center; font-family: monospace; font-weight: bold; border: 1px solid #888; }
.cs-die-miss { background: #edf2f7; color: #718096; }
.cs-die-stays { background: #276749; color: white; }
.cs-die-cancelled { background: #c6f6d5; color: #22543d; }
.cs-die-cancelled.cs-die-gone { background: #fefcbf; color: #975a16; text-decoration: line-through; }
.cs-headline b { font-size: 1.25em; }
"""


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


class AttackOdds(pn.viewable.Viewer):
    """Set up an Air Action shot and see the exact odds of each number of hits (clicks)."""
    shows_rules = ('A.combat.shot', 'A.combat.rear-arc-bonus', 'A.combat.rear-gunner', 'A.shot-down', 'A.fate.offense', 'A.fate.defense')  # rule ids shown here (rules index)

    gunnery = RuleInteger(default=3, bounds=LIMITS["clix.attack_dice"].bounds, doc="The firer's gunnery value for the weapon fired, read from the stat slot after any gunnery speed effect; one attack die each (A.combat.shot).")
    weapon = param.Selector(default="front", objects=list(WEAPONS.values()),
                            doc="Front guns, or the rear gunner firing through the firer's rear arc with the rear gunnery value (A.combat.rear-gunner).")
    silhouette = RuleInteger(default=5, bounds=BASE_FIELDS["air-action"]["silhouette"], doc="The target's silhouette, printed on its base: each die at or above it hits (A.combat.shot).")
    point_blank = param.Boolean(default=False, doc="Is the target within one movement marker? Its silhouette counts 1 lower (A.combat.shot).")
    rear_arc_bonus = param.Boolean(default=False, doc="Is the firer's whole marker inside the target's rear arc? One extra attack die (A.combat.rear-arc-bonus).")
    offensive_fate = param.Boolean(default=False, doc="Does the firing Ace spend fate offensively, declared before the shot (A.fate.offense)?")
    fate_dice = RuleInteger(default=3, bounds=LIMITS["clix.dial_value"].bounds, doc="The firing Ace's fate value: the dice fate adds when spent offensively (A.fate.offense).")
    defensive_fate = param.Boolean(default=False, doc="Does the target's Ace spend fate defensively after the roll? Only natural sixes still hit (A.fate.defense).")
    target_fate = RuleInteger(default=1, bounds=LIMITS["clix.dial_value"].bounds, doc="The target Ace's fate value now, read from the Ace's dial: defensive fate needs it above 0 (A.fate.defense).")
    clicks_left = RuleInteger(default=3, bounds=LIMITS["clix.click"].bounds, doc="Clicks the target can still take before three bullet holes show; that many hits shoot it down (A.shot-down).")
    faces = param.String(default="", doc="The faces of a roll, e.g. '4, 4, 5, 6': typed from the table, or filled by the Roll button.")
    seed = RuleInteger(default=1937, bounds=SEED_BOUNDS, doc="Seed of the dice used by the Roll button, so a lesson can be replayed.")

    attack = param.ClassSelector(class_=Attack, default=None, allow_None=True, constant=True,
                                 doc="The explained attack for the current inputs, or None while an input is wrong.")
    error = param.String(default="", constant=True, doc="Why the current inputs give no attack ('' when they do).")
    at_least_one = param.Parameter(default=None, constant=True, doc="Exact chance (a Fraction) of at least one hit, or None.")
    expected_clicks = param.Parameter(default=None, constant=True, doc="Expected number of hits, i.e. clicks on the target's dial (a Fraction), or None.")
    shoot_down = param.Parameter(default=None, constant=True, doc="Exact chance (a Fraction) that the shot scores clicks_left hits or more, or None.")
    roll_result = param.ClassSelector(class_=AttackResult, default=None, allow_None=True, constant=True,
                                      doc="The roll in 'faces' read against the current attack, or None.")
    roll_error = param.String(default="", constant=True, doc="Why the faces cannot be read against the attack ('' when they can or are empty).")

    def __init__(self, **params):
        super().__init__(**params)
        self._dice = Dice(self.seed)
        self._rolled = None  # the faces text the Roll button wrote last
        self._errors = FieldErrors(FIELDS)
        self._face_errors = FieldErrors(["faces"])
        # the chart as SVG in layers: a new pool resends the bars, not the axes (cs_panel/core/chart.py)
        self._chart = LayeredSvg(css_classes=["attack-chart"], width=420, height=240, margin=(5, 10))
        self.bars: list[Bar] = []  # what the chart shows: one bar a number of hits
        self._text = text_view(css_classes=["attack-text"])  # the chart in words, for screen readers
        self._headline = HTMLText("", css_classes=["headline"], sizing_mode="stretch_width",
                              stylesheets=[STYLES, DIE_STYLES])
        self._breakdown = HTMLText("", css_classes=["breakdown"], sizing_mode="stretch_width",
                              stylesheets=[STYLES, DIE_STYLES])
        self._explained = HTMLText("", css_classes=["summary"], sizing_mode="stretch_width",
                              stylesheets=[STYLES, DIE_STYLES])
        self._roll = HTMLText("", css_classes=["roll"], sizing_mode="stretch_width",
                          stylesheets=[STYLES, DIE_STYLES])
        self._update()

    def _chart_svg(self, title: str) -> str:
        return bar_chart_svg(self.bars, title=title, x_label="hits = clicks on the target's dial",
                             y_ticks=(0, 0.25, 0.5, 0.75, 1), width=420, height=240,
                             name="chance of each number of hits")

    # -- the attack and its odds ---------------------------------------------------------------
    @param.depends("gunnery", "weapon", "silhouette", "point_blank", "rear_arc_bonus", "offensive_fate",
                   "fate_dice", "defensive_fate", "target_fate", "clicks_left", watch=True)
    def _update(self):
        notes = []
        if self.weapon == "rear":
            notes.append("The rear gunner fires through the firer's rear arc, with the rear gunnery value; "
                         "a plane with both guns may fire each once a turn, at one target each (A.combat.rear-gunner).")
        try:
            if self.defensive_fate:
                # the target's Ace can only spend fate defensively with a fate value above 0
                check_fate_above_zero(self.target_fate, "defense", field="target_fate")
            shot = check_pool(attack(
                self.gunnery, self.silhouette, weapon=self.weapon, point_blank=self.point_blank,
                rear_arc_bonus=self.rear_arc_bonus, fate_dice=self.fate_dice if self.offensive_fate else None,
                defensive_fate=self.defensive_fate, notes=notes,
            ), field="fate_dice" if self.offensive_fate and self.fate_dice > self.gunnery else "gunnery")
            clicks = check_clicks_left(self.clicks_left)
            error = None
        except CsPanelError as e:
            shot, error = None, e
        self._errors.show(error)
        with editing(self, "attack", "error", "at_least_one", "expected_clicks", "shoot_down"):
            self.attack = shot
            self.error = str(error) if error else ""
            self.at_least_one = shot.at_least(1) if shot else None
            self.expected_clicks = shot.expected_hits if shot else None
            self.shoot_down = shot.at_least(clicks) if shot else None
        if shot is None:
            self.bars = []
            self._chart.show(self._chart_svg("Hits (clicks)"), top_from=CHART_TOP)
            self._headline.object = ""
            self._explained.object = ""
            self._breakdown.object = "<p class='cs-error'>No odds until the input marked above is fixed.</p>"
            show_text(self._text, "No chart while an input above is wrong.")
        else:
            self._show_odds(shot, clicks)
        self._update_roll()

    def _show_odds(self, shot: Attack, clicks: int) -> None:
        dist = shot.distribution()
        fate = ", defensive fate" if shot.defensive_fate else ""
        self.bars = [Bar(k, float(p), COLOURS["down"] if k >= clicks else COLOURS["bar"],
                         f"{k} hits: {percent(p)} ({_fraction(p)})") for k, p in dist.items()]
        self._chart.show(self._chart_svg(f"Hits (clicks): {shot.dice} dice at silhouette {shot.silhouette}{fate}"),
                         top_from=CHART_TOP)
        show_text(self._text, lambda: f"Hits (clicks): {shot.dice} dice at silhouette {shot.silhouette}{fate}\n" + "\n".join(
            f"{k} hits: {percent(p)} ({_fraction(p)})" + (" (enough to shoot it down)" if k >= clicks else "")
            for k, p in dist.items()))
        self._headline.object = (
            "<div class='cs-headline'>"
            f"<p class='cs-at-least-one'>Chance of at least one hit: <b>{percent(self.at_least_one)}</b> "
            f"({_fraction(self.at_least_one)})</p>"
            f"<p class='cs-expected'>Expected clicks: <b>{float(self.expected_clicks):.2f}</b> "
            f"({_fraction(self.expected_clicks)})</p>"
            f"<p class='cs-shoot-down'>Chance to shoot it down ({clicks} click{'s' if clicks != 1 else ''} left, "
            f"<code>A.shot-down</code>): <b>{percent(self.shoot_down)}</b> ({_fraction(self.shoot_down)}); "
            "red bars shoot it down</p></div>"
        )
        self._explained.object = f"<p class='explained'>{html.escape(str(shot))}</p>"
        self._breakdown.object = shot._repr_html_()

    # -- a roll --------------------------------------------------------------------------------
    @param.depends("faces", watch=True)
    def _update_roll(self):
        shot, result, error = self.attack, None, None
        if shot is not None and self._rolled is not None and self.faces == self._rolled:
            # faces the Roll button wrote for an earlier attack are not the user's: drop them
            # when the pool changed, rather than flag them as wrong
            if len(parse_faces(self.faces)) != shot.dice:
                self._rolled = None
                self.faces = ""  # re-enters this method
                return
        if shot is not None and self.faces.strip():
            try:
                result = shot.result(parse_faces(self.faces))
            except CsPanelError as e:
                error = e
        self._face_errors.show(error)
        with editing(self, "roll_result", "roll_error"):
            self.roll_result = result
            self.roll_error = str(error) if error else ""
        self._roll.object = self._roll_html(result) if result else ""

    def _roll_html(self, result: AttackResult) -> str:
        shot = result.attack
        verdicts = die_verdicts(result)
        before, after = fate_summary(result)
        gone = " cs-die-gone" if shot.defensive_fate else ""
        dice = "".join(
            f"<span class='cs-die cs-die-{v.symbol}{gone if v.symbol == 'cancelled' else ''}' "
            f"title='{'miss' if v.symbol == 'miss' else 'hit'}'>{v.face}</span>"
            for v in verdicts
        )
        applied, down = clicks_applied(result.hits, self.clicks_left)
        parts = [
            f"<p class='cs-dice'>{dice}</p>",
            f"<p class='cs-roll-hits'>{html.escape(str(result))}: {applied} click{'s' if applied != 1 else ''} on the target's dial"
            + (" and it is <b>shot down</b> (<code>A.shot-down</code>)" if down else "") + ".</p>",
        ]
        cancelled = before - after
        if shot.defensive_fate:
            parts.append(f"<p class='cs-roll-fate'>The target's Ace spent fate: {cancelled} hit{'s' if cancelled != 1 else ''} "
                         f"cancelled, {after} natural six{'es' if after != 1 else ''} still hit; the Ace's own dial "
                         "clicks once (<code>A.fate.defense</code>).</p>")
        elif before:
            parts.append(f"<p class='cs-roll-fate'>If the target's Ace spent fate defensively, {cancelled} of these "
                         f"{before} hit{'s' if before != 1 else ''} would be cancelled and {after} would stay: "
                         "natural sixes always hit (<code>A.fate.defense</code>).</p>")
        cancelled_key = ("yellow, struck through: a hit the target's fate cancelled" if shot.defensive_fate
                         else "light green: a hit defensive fate would cancel")
        parts.append(f"<p class='cs-legend'>dark green: a natural six, a hit fate cannot cancel; {cancelled_key}; "
                     "grey: a miss.</p>")
        return "".join(parts)

    def roll(self) -> AttackResult | None:
        """Roll the current attack with the seeded dice; the faces land in ``faces``."""
        if self.attack is None:
            return None
        faces = self.attack.resolve(self._dice).faces
        text = ", ".join(map(str, faces))
        self._rolled = text
        if self.faces == text:
            self._update_roll()
        else:
            self.faces = text
        return self.roll_result

    @param.depends("seed", watch=True)
    def _reseed(self):
        self._dice = Dice(self.seed)

    # -- layout --------------------------------------------------------------------------------
    def __panel__(self):
        e = self._errors
        roll_button = pn.widgets.Button(label="Roll the attack dice", css_classes=["roll-button"])
        roll_button.on_click(lambda event: self.roll())
        faces = pn.widgets.TextInput.from_param(self.param.faces, label="Faces rolled (e.g. 4, 4, 5, 6)",
                                                css_classes=["in-faces"])
        inputs = pn.Column(
            "### The shot",
            e.beside(pn.widgets.Select.from_param(self.param.weapon, options=WEAPONS, label="Weapon",
                                                  css_classes=["in-weapon"]), "weapon"),
            e.beside(pn.widgets.IntInput.from_param(self.param.gunnery, label="Gunnery (attack dice)",
                                                    css_classes=["in-gunnery"]), "gunnery"),
            e.beside(pn.widgets.IntInput.from_param(self.param.silhouette, label="Target silhouette",
                                                    css_classes=["in-silhouette"]), "silhouette"),
            pn.widgets.Checkbox.from_param(self.param.point_blank, label="Point-blank: within one marker (silhouette -1)",
                                           css_classes=["in-point-blank"]),
            pn.widgets.Checkbox.from_param(self.param.rear_arc_bonus, label="Firing from the target's rear arc (+1 die)",
                                           css_classes=["in-rear-arc"]),
            "### Aces and fate",
            pn.widgets.Checkbox.from_param(self.param.offensive_fate, label="Firing Ace spends fate (offense)",
                                           css_classes=["in-offensive-fate"]),
            e.beside(pn.widgets.IntInput.from_param(self.param.fate_dice, label="Firing Ace's fate value",
                                                    css_classes=["in-fate-dice"]), "fate_dice"),
            pn.widgets.Checkbox.from_param(self.param.defensive_fate, label="Target's Ace spends fate (defense)",
                                           css_classes=["in-defensive-fate"]),
            e.beside(pn.widgets.IntInput.from_param(self.param.target_fate, label="Target Ace's fate value",
                                                    css_classes=["in-target-fate"]), "target_fate"),
            "### The target",
            e.beside(pn.widgets.IntInput.from_param(self.param.clicks_left, label="Clicks before it is shot down",
                                                    css_classes=["in-clicks-left"]), "clicks_left"),
            e.general,
            width=310,
        )
        results = pn.Column(
            "### Odds", self._headline, named(self._chart, "chart: the chance of each number of hits", self._text), self._explained, self._breakdown,
            "### Roll", pn.Row(roll_button, pn.Column(faces, self._face_errors.slots["faces"], margin=0)),
            self._roll,
        )
        return pn.Row(inputs, results, stylesheets=[STYLES, DIE_STYLES], css_classes=["cs-attack-odds"])
