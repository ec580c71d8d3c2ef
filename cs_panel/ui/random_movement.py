"""``RandomMovementPlayer``: attempt a maneuver that pushes the envelope and replay what happens,
hex by hex (F.move.push-target, F.move.push-gs, F.move.redline, F.move.flareout,
F.move.stall-push, F.move.random, F.move.illegal; FASA p.24-26).

Pick the plane (its ratings, typed or filled from a plane of ``cs_panel.fasa.aircraft``'s table and
still editable; last turn's speed and Gs; the pilot's Natural Touch) and type a
maneuver: the component shows every push it needs with the explained target number and the odds
of flying it as plotted. **Attempt** rolls seeded dice, or the faces you type (a push roll box and
a random-movement box, e.g. ``10 9 8``). A failed push is replayed step by step on the hex map:
the die, the row of the facing-change table it picks, the hexsides turned and the fracture hits
so far. The maneuver is read from the ``template`` parameter (the packaged reconstruction unless you
load your own), and its arrow's provenance is badged. The rules are ``cs_panel.fasa.movement``'s;
typed faces are read by ``cs_panel.fasa.referee.resolve_with_faces``.
"""

from __future__ import annotations

import dataclasses
import html

import panel as pn
import param

from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.core.limits import LIMITS
from cs_panel.fasa.maneuver import Direction
from cs_panel.fasa.movement import MovePlan, MoveResult, Outcome, PlaneState, plan, resolve
from cs_panel.fasa.random_movement import FacingChange
from cs_panel.fasa.referee import parse_faces, resolve_with_faces
from cs_panel.fasa.template import ManeuverTemplate
from cs_panel.ui.planes import PlaneRatings
from cs_panel.fasa.render import RANDOM_MOVE_COLOURS as COLOURS
from cs_panel.ui.common import FieldErrors, STYLES, badge_html, html_pane, RuleInteger, SEED_BOUNDS, editing
from cs_panel.ui.a11y import named, show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg

PLANE_FIELDS = ["max_speed", "port_gs", "starboard_gs", "acceleration", "deceleration", "speed", "last_gs",
                "natural_touch"]
FIELDS = PLANE_FIELDS + ["maneuver", "push_faces", "move_faces"]
DICE_MODES = {"Seeded dice": "seeded", "Faces I type": "typed"}




def _table_rows() -> list[tuple[str, int]]:
    """The facing-change table as rows of faces, read from the chance event itself."""
    event = FacingChange()
    rows: list[tuple[list[int], int]] = []
    for face in range(1, 11):
        out = event.outcome_of((face,))
        if rows and rows[-1][1] == out:
            rows[-1][0].append(face)
        else:
            rows.append(([face], out))
    return [(f"{fs[0]}-{fs[-1]}" if len(fs) > 1 else str(fs[0]), out) for fs, out in rows]


TABLE_ROWS = _table_rows()


def _row_of(face: int) -> str:
    out = FacingChange().outcome_of((face,))
    return next(label for label, o in TABLE_ROWS if o == out)


def _hits_text(hits: dict[str, int]) -> str:
    return ", ".join(f"{n} on the {loc}" for loc, n in hits.items()) or "none"


class RandomMovementPlayer(PlaneRatings, pn.viewable.Viewer):
    """Attempt a pushed maneuver with seeded or typed dice and step through what the plane does."""
    shows_rules = ('F.move.push-target', 'F.move.push-gs', 'F.move.redline', 'F.move.flareout', 'F.move.stall-push', 'F.move.random', 'F.move.illegal', 'F.move.restricted', 'F.shock', 'F.move.plot')  # rule ids shown here (rules index)

    speed = RuleInteger(default=3, bounds=LIMITS["fasa.speed"].bounds, doc="Speed of last turn's maneuver (0 if the plane stalled).")
    last_gs = RuleInteger(default=0, bounds=LIMITS["fasa.speed"].bounds, doc="G rating of last turn's maneuver; 3 or more was restricted (F.move.restricted).")
    natural_touch = RuleInteger(default=3, bounds=LIMITS["fasa.skill"].bounds, doc="The pilot's Natural Touch skill, 0-10: taken off every push target (F.move.push-target).")
    shocked = param.Boolean(default=False, doc="Is the pilot shocked? +2 to every push, straight maneuvers only (F.shock).")
    template = param.ClassSelector(class_=ManeuverTemplate, default=ManeuverTemplate.default(), instantiate=False,
                                   doc="The maneuver template the attempt is read from: the packaged reconstruction, or "
                                       "your own from ManeuverTemplate.load(path). Changing it re-plans (F.move.plot).")
    maneuver = param.String(default="3R0D", doc="The maneuver to attempt, in template notation: 3R0D, 3L2F, 1SD, 5SA, or a stall facing.")

    dice = param.Selector(default="seeded", objects=list(DICE_MODES.values()),
                          doc="Roll seeded dice, or use the faces typed in the two boxes.")
    seed = RuleInteger(default=1937, bounds=SEED_BOUNDS, doc="Seed of the dice the Attempt button rolls, so a lesson can be replayed.")
    push_faces = param.String(default="", doc="Typed faces of the push rolls in the order rolled (redline, stall, Gs), e.g. '3'.")
    move_faces = param.String(default="10 9 8", doc="Typed faces of the random movement: one per hex (a straight maneuver rolls its even/odd side die first).")
    step = RuleInteger(default=0, bounds=(0, LIMITS["hex_distance"].hi), doc="The step of the move shown on the map: 0 is the start, then one per hex entered.")

    plan = param.ClassSelector(class_=MovePlan, default=None, allow_None=True, constant=True,
                               doc="The checked maneuver for the current plane, or None while an input is wrong.")
    result = param.ClassSelector(class_=MoveResult, default=None, allow_None=True, constant=True,
                                 doc="What the last attempt did, or None before an attempt (or after an input changed).")
    error = param.String(default="", constant=True, doc="Why the inputs give no answer ('' when they do).")
    step_text = param.String(default="", constant=True, doc="The shown step in words: hex, die, table row, hexsides turned, fracture hits so far.")

    def __init__(self, **params):
        super().__init__(**params)
        self._dice = Dice(self.seed)
        self._errors = FieldErrors(FIELDS)
        self._face_error: CsPanelError | None = None
        self._plan_error: CsPanelError | None = None
        self._rolled: list[int] = []
        # the map as SVG in layers: a new step, or another maneuver of the same speed, sends the top
        # layer alone (the coloured hexes, the path, the numbers and the planes); a maneuver of
        # another speed the plain hexes too (fasa/render.py random_movement_svg); its margin the
        # panes' around it, so its title lines up with their words
        self._map = LayeredSvg(css_classes=["rm-map"], width=380, height=380, margin=(5, 10))
        self._text = text_view(css_classes=["rm-text"])  # the map in words, for screen readers
        self._plan_pane = html_pane("", css_classes=["rm-plan"], sizing_mode="stretch_width")
        self._outcome_pane = html_pane("", css_classes=["rm-outcome"], sizing_mode="stretch_width")
        self._step_pane = html_pane("", css_classes=["rm-step"], sizing_mode="stretch_width")
        self._table_pane = html_pane("", css_classes=["rm-table"])
        self._slider = pn.widgets.IntSlider(start=0, end=1, value=0, disabled=True, css_classes=["rm-step-slider"],
                                            label="Step")
        self._slider.param.watch(lambda e: setattr(self, "step", e.new), "value")
        self._init_plane()
        self._update()

    # --- the rules, asked ------------------------------------------------------------------

    def _state(self) -> PlaneState:
        return PlaneState(self.capabilities(), speed=self.speed, last_gs=self.last_gs, natural_touch=self.natural_touch,
                          shocked=self.shocked)


    def _check_faces(self) -> None:
        """Read both typed boxes so a bad face shows beside its box at once (the text is kept)."""
        self._face_error = None
        if self.dice != "typed":
            return
        try:
            parse_faces(self.push_faces, "push_faces")
            parse_faces(self.move_faces, "move_faces")
        except CsPanelError as e:
            self._face_error = e

    @param.depends(*PLANE_FIELDS, "shocked", "maneuver", "template", watch=True)
    def _update(self):
        try:
            p, error = plan(self._state(), self.maneuver, self.template), None
        except CsPanelError as e:
            p, error = None, e
        self._plan_error = error
        with editing(self, "plan", "result", "error"):
            self.plan = p
            self.result = None  # an attempt belongs to the inputs it was made with
            self.error = str(error) if error else ""
        self._check_faces()
        self._errors.show(error or self._face_error)
        self._set_steps()
        self._plan_pane.object = self._plan_html(p)
        self._outcome_pane.object = ""

    @param.depends("push_faces", "move_faces", "dice", watch=True)
    def _faces_changed(self):
        self._check_faces()
        self._errors.show(self._plan_error or self._face_error)

    @param.depends("seed", watch=True)
    def _reseed(self):
        self._dice = Dice(self.seed)

    def attempt(self) -> MoveResult | None:
        """Roll for the current plan (seeded dice, or the typed faces) and show the move from its start."""
        if self.plan is None:
            return None
        error = None
        result = None
        try:
            if self.dice == "typed":
                entered = resolve_with_faces(self.plan, parse_faces(self.push_faces, "push_faces"),
                                             parse_faces(self.move_faces, "move_faces"))
                result, unused = entered.result, entered.unused
            else:
                before = len(self._dice.log)
                result, unused = resolve(self.plan, self._dice), ()
                self._rolled = [f for _, f in self._dice.log[before:]]
        except CsPanelError as e:
            error = e
        self._errors.show(error)
        if error is not None:
            with editing(self, "result", "error"):
                self.result = None
                self.error = str(error)
            self._outcome_pane.object = ""
            self._set_steps()
            return None
        with editing(self, "result", "error"):
            self.result = result
            self.error = ""
        self._outcome_pane.object = self._outcome_html(result, unused)
        self._set_steps()
        return result

    # --- stepping ---------------------------------------------------------------------------

    @property
    def steps_total(self) -> int:
        return len(self.result.steps) if self.result is not None else 0

    def next(self) -> None:
        if self.step < self.steps_total:
            self.step += 1

    def back(self) -> None:
        if self.step > 0:
            self.step -= 1

    def _set_steps(self) -> None:
        n = self.steps_total
        self._slider.end = max(n, 1)
        self._slider.disabled = n == 0
        self.step = n if self.result is not None and self.result.outcome is Outcome.AS_PLOTTED else 0
        self._show_step()

    @param.depends("step", watch=True)
    def _show_step(self):
        if self.step > self.steps_total:
            self.step = self.steps_total  # re-enters this method with a step that exists
            return
        if self._slider.value != self.step:
            self._slider.value = self.step
        text, row = self._describe_step()
        with editing(self, "step_text"):
            self.step_text = text
        self._step_pane.object = f"<p class='rm-step-text'>{html.escape(text)}</p>" if text else ""
        self._table_pane.object = self._table_html(row)
        self._draw()

    def _describe_step(self) -> tuple[str, str | None]:
        r = self.result
        if r is None:
            return "", None
        i, n = self.step, len(r.steps)
        start = r.plan.state
        if i == 0:
            text = f"Start: {start.hex!r} facing {start.facing.name}, {r.outcome.value}; {n} step{'s' if n != 1 else ''} to go."
            if r.random is not None and r.random.side_roll is not None:
                side = "right" if r.random.turn_side is Direction.R else "left"
                text += f" Side die {r.random.side_roll}: {'even' if r.random.side_roll % 2 == 0 else 'odd'}, every turn goes {side}."
            return text, None
        s = r.steps[i - 1]
        head = f"Step {i} of {n}: enters {s.hex!r}, now facing {s.facing.name}"
        if s.roll is None:
            note = f" ({s.note})" if s.note else ""
            return head + note + "." + (f" Fracture hits: {_hits_text(r.fracture_hits)}." if i == n and r.fracture else ""), None
        row = _row_of(s.roll)
        turned = "no turn" if not s.turn else f"{abs(s.turn)} hexside{'s' if abs(s.turn) != 1 else ''} {'right' if s.turn > 0 else 'left'}"
        so_far = dataclasses.replace(r.random, steps=r.random.steps[:i])
        hits = dict(so_far.fracture_hits)
        for loc, k in r.fracture:  # hits from a failed stall roll came before the random movement
            extra = k - r.random.fracture_hits.get(loc, 0)
            if extra > 0:
                hits[loc] = hits.get(loc, 0) + extra
        text = (f"{head}. Die {s.roll}: table row {row} -> {turned}; {so_far.hexsides_turned} hexside"
                f"{'s' if so_far.hexsides_turned != 1 else ''} turned so far. Fracture hits so far: {_hits_text(hits)}.")
        return text, row

    # --- drawing ----------------------------------------------------------------------------

    def _draw(self) -> None:
        from cs_panel.fasa.render import RANDOM_MOVE_TOP, random_movement_svg  # drawing code, only when shown

        self._map.show(random_movement_svg(self.plan, self.result, self.step), top_from=RANDOM_MOVE_TOP)
        show_text(self._text, self._map.words)  # the drawing's own words, for the text view

    # --- words ------------------------------------------------------------------------------

    def _plan_html(self, p: MovePlan | None) -> str:
        if p is None:
            return "<p class='cs-error'>No plan until the input marked above is fixed.</p>"
        head = (f"<p><b>{html.escape(str(p.maneuver))}</b>: "
                + (f"{p.gs} G {badge_html(p.arrow.provenance)}" if p.arrow is not None else "not on the template") + "</p>")
        if not p.legal:
            reasons = "".join(f"<li>{html.escape(str(x))}</li>" for x in p.reasons)
            return (head + f"<ul class='rm-illegal'>{reasons}</ul><p>Flown anyway, an illegal plot becomes random "
                    "movement at its speed (<code>F.move.illegal</code>, FASA p.24).</p>")
        if not p.pushes:
            return head + "<p class='rm-chance'>No push needed: it flies as plotted (100%).</p>"
        pushes = "".join(
            f"<div class='rm-push'>{x.target._repr_html_()}<p>On a failure: <b>{html.escape(x.kind.on_failure)}</b>.</p></div>"
            for x in p.pushes)
        return head + pushes + f"<p class='rm-chance'>Chance to fly it as plotted: <b>{percent(p.chance)}</b></p>"

    def _outcome_html(self, r: MoveResult, unused: tuple[int, ...]) -> str:
        rolls = "".join(f"<li>{html.escape(str(x))}</li>" for x in r.rolls)
        notes = "".join(f"<li>{html.escape(x)}</li>" for x in r.notes)
        h, f = r.end
        hits = _hits_text(r.fracture_hits)
        extra = (f"<p>Faces not needed: {' '.join(map(str, unused))}</p>" if unused else "")
        rolled = ""
        if self.dice == "seeded":
            rolled = f"<p>Dice (seed {self.seed}) showed: {' '.join(map(str, self._rolled))}</p>"
        return (f"<p class='rm-outcome-head'><b>{html.escape(r.outcome.value.capitalize())}</b>: ends in {h!r} facing "
                f"{f.name}, speed {r.state_after.speed}; fracture hits: {html.escape(hits)}.</p>"
                f"<ul>{rolls}{notes}</ul>{rolled}{extra}")

    def _table_html(self, row: str | None) -> str:
        event = FacingChange()
        body = "".join(
            f"<tr class='{'rm-row-used' if label == row else ''}' style='{'background:#fbd38d' if label == row else ''}'>"
            f"<td>{label}</td><td>{html.escape(event.describe_outcome(out))}</td></tr>" for label, out in TABLE_ROWS)
        return (f"<table class='cs-breakdown rm-facing-table'><caption>Facing change table "
                f"(<code>F.move.random</code>, FASA p.26)</caption><tr><td><b>d10</b></td><td><b>turn</b></td></tr>{body}</table>")

    # --- layout -----------------------------------------------------------------------------

    def __panel__(self):
        e, p = self._errors, self.param

        def num(name, label):
            return e.beside(pn.widgets.IntInput.from_param(p[name], label=label, width=130,
                                                           css_classes=[f"in-{name.replace('_', '-')}"]), name)

        attempt = pn.widgets.Button(label="Attempt", css_classes=["rm-attempt"])
        attempt.on_click(lambda event: self.attempt())
        back = pn.widgets.Button(label="Back", css_classes=["rm-back"], width=80)
        back.on_click(lambda event: self.back())
        nxt = pn.widgets.Button(label="Next", css_classes=["rm-next"], width=80)
        nxt.on_click(lambda event: self.next())
        plane = pn.Column(
            "### The plane",
            self.plane_picker(width=270),
            pn.Row(num("max_speed", "Max speed"), num("acceleration", "Acceleration")),
            pn.Row(num("port_gs", "Port wing Gs"), num("starboard_gs", "Starboard wing Gs")),
            pn.Row(num("speed", "Last turn's speed"), num("last_gs", "Last turn's Gs")),
            pn.Row(num("natural_touch", "Natural Touch"), num("deceleration", "Deceleration")),
            pn.widgets.Checkbox.from_param(p.shocked, label="Pilot shocked", css_classes=["in-shocked"]),
            "### The attempt",
            e.beside(pn.widgets.TextInput.from_param(p.maneuver, label="Maneuver", css_classes=["in-maneuver"]), "maneuver"),
            pn.widgets.RadioButtonGroup.from_param(p.dice, options=DICE_MODES, css_classes=["in-dice"]),
            pn.widgets.IntInput.from_param(p.seed, label="Seed", width=130, css_classes=["in-seed"]),
            e.beside(pn.widgets.TextInput.from_param(p.push_faces, label="Push roll(s), typed", css_classes=["in-push-faces"]), "push_faces"),
            e.beside(pn.widgets.TextInput.from_param(p.move_faces, label="Random movement dice, typed", css_classes=["in-move-faces"]), "move_faces"),
            attempt,
            e.general,
            width=300,
        )
        legend = html_pane(" ".join(
            f"<span style='background:{COLOURS[k]}'>&nbsp;{words}&nbsp;</span>" for k, words in
            (("start", "start hex (grey plane)"), ("plotted", "plotted path"), ("visited", "hexes entered"),
             ("current", "this step (red plane)"))))
        results = pn.Column("### Push and odds", self._plan_pane, "### What happened", self._outcome_pane,
                            named(self._map, "map: the plane's random movement, step by step", self._text),
                            legend, pn.Row(back, nxt, self._slider), self._step_pane)
        return pn.Row(plane, results, pn.Column(self._table_pane, width=220), stylesheets=[STYLES],
                      css_classes=["cs-random-movement"])


__all__ = ["RandomMovementPlayer"]
