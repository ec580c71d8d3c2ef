"""``ShootoutCalculator``: a Bar-rooms shot on foot, live (B.fire.target, B.fire.rate, B.weapons,
B.cover, B.shock, B.hitloc, B.knife, B.melee; *Crimson Bar-rooms*, Firing modifiers and Firing Method).

Every input of ``cs_panel.barrooms.firing.to_hit`` is a widget: what is shot at, the range, the
shooter's Deadeye, the weapon and how often it fires this turn, both sides' gait, cover, shock, a
punch taken first, a bow's Melee and the ``barrooms.shotgun-rules`` variant. The component shows
the explained to-hit number, the chance of a hit, the cover roll and the chance of hitting the
person behind it, where a hit lands and what it does on the damage card (ours, badged
reconstructed: the text's card was lost), the hit character's shock check, the odds that one hit
drops a man of the given Constitution, and a chart of the chance by range for the chosen weapon. It only gathers inputs and shows what ``cs_panel.barrooms``
answers; an input the rules refuse is named beside its widget, which keeps what was typed.
"""

from __future__ import annotations

import html
from fractions import Fraction

import panel as pn
import param

from cs_panel.barrooms.firing import (
    HIT_LOCATIONS, SHOTGUN_RULES, CoverRoll, HitLocation, Lob, chance_all, lob_allowed, max_range, shock_check, targets,
    to_hit, weapons,
)
from cs_panel.barrooms.damage import DamageCard, HitOnCard, box_count, card_legend
from cs_panel.core.chart import CHART_TOP, Bar, bar_chart_svg
from cs_panel.core.dice import Dice
from cs_panel.barrooms.movement import Gait
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import TargetNumber, percent
from cs_panel.core.limits import LIMITS
from cs_panel.core.variants import OFFICIAL, RuleSet
from cs_panel.ui.common import STYLES, FieldErrors, badge_html, html_pane, RuleInteger, SEED_BOUNDS, editing
from cs_panel.ui.a11y import named, show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg

NO_WEAPON = "none"
NO_COVER = "none"
COVERS = {"no cover": NO_COVER, "in cover, not firing": "hiding", "firing from cover": "firing"}
GAITS = {g.value: g.value for g in Gait}
CHART_RANGES = list(range(1, 21))
HIGHLIGHT, BAR, OUT_OF_REACH = "#c53030", "#718096", "#cbd5e0"

#: the inputs whose errors show beside their widgets, named as the rules core names them
SHOT_FIELDS = ["target", "target_speed", "range_hexes", "deadeye", "weapon", "shots", "full_auto", "shooter_gait",
               "target_gait", "cover", "cover_value", "armour", "shooter_shock", "melee_skill"]


def _target_options() -> dict[str, str]:
    return {f"{e['name']} (base {e['base']}{' + its speed' if e['per_speed'] else ''})": e.id for e in targets()}


def _weapon_options() -> dict[str, str]:
    return {"none (a plain shot)": NO_WEAPON} | {
        f"{w['name']} ({w['shots']} a turn, penetration {w['penetration']})": w.id for w in weapons()}


class ShootoutCalculator(pn.viewable.Viewer):
    """Build a Bar-rooms to-hit number from its parts; see the odds, the cover, where it lands and the shock."""
    shows_rules = ('B.fire.target', 'B.fire.rate', 'B.weapons', 'B.cover', 'B.shock', 'B.hitloc', 'B.knife', 'B.melee', 'B.chargen', 'B.move.gait', 'B.move.special')  # rule ids shown here (rules index)

    target = param.Selector(default="person", objects=list(targets().entries),
                            doc="What is shot at: its base number from the text's rough list; a person's base is ours "
                                "(reconstructed) (B.fire.target).")
    target_speed = RuleInteger(default=0, bounds=LIMITS["count"].bounds, doc="A car's or aircraft's last speed, added to its base; ignored for the "
                                                "rest (B.fire.target).")
    range_hexes = RuleInteger(default=4, bounds=LIMITS["hex_distance"].bounds, doc="Hexes to the target, about five yards each (B.fire.target).")
    deadeye = RuleInteger(default=5, bounds=LIMITS["barrooms.stat"].bounds, doc="The shooter's Deadeye, 0-10, taken off the number (B.chargen, B.fire.target).")
    weapon = param.Selector(default="colt-1911", objects=[NO_WEAPON, *weapons().entries],
                            doc="The weapon fired, or 'none' for a plain shot: its shots a turn, range bands and "
                                "penetration (B.weapons).")
    shots = RuleInteger(default=3, bounds=LIMITS["dice_count"].bounds, doc="Shots (bursts, for a submachine gun) this gun fires this turn; each after the "
                                         "first adds 1 (B.fire.rate).")
    full_auto = param.Boolean(default=False, doc="Fired on full automatic: the range counts half past 10 hexes; only a "
                                                 "weapon that fires bursts can (B.fire.rate).")
    shooter_gait = param.Selector(default=Gait.STILL.value, objects=list(GAITS),
                                  doc="How the shooter moved this turn: walking +1, running +2, dashing +4; a swimmer "
                                      "cannot fire (B.move.gait, B.move.special).")
    target_gait = param.Selector(default=Gait.STILL.value, objects=list(GAITS),
                                 doc="How the target moved: running +1, dashing +3, swimming +1 "
                                     "(B.move.gait, B.move.special).")
    cover = param.Selector(default=NO_COVER, objects=list(COVERS.values()),
                           doc="The target's cover: 'none', 'hiding' (in cover, not firing, +3) or 'firing' "
                               "(firing from cover, +1) (B.cover).")
    cover_value = RuleInteger(default=5, bounds=LIMITS["barrooms.stat"].bounds, doc="How much of the target the cover hides, 0-10: a hit must roll above it "
                                               "on a d10 (B.cover). The text's table is 5, its stove 3.")
    armour = RuleInteger(default=2, bounds=LIMITS["count"].bounds, doc="How tough the cover is: a weapon whose penetration is above it goes "
                                          "straight through (B.cover). The text's wooden table is 2, its iron stove 4.")
    shooter_shock = RuleInteger(default=0, bounds=LIMITS["count"].bounds, doc="Points of shock on the shooter, each +1 (B.shock).")
    punched = param.Boolean(default=False, doc="Was the shooter punched from the next hex before firing? +2 (B.melee).")
    melee_skill = RuleInteger(default=3, bounds=LIMITS["barrooms.stat"].bounds, doc="The archer's Melee: a bow is aimed with Melee instead of Deadeye "
                                               "(B.knife).")
    shotgun_rules = param.Boolean(default=False,
                                  doc=f"Play the variant {SHOTGUN_RULES.name!r}: {SHOTGUN_RULES.description} (B.weapons)")
    steady_mind = RuleInteger(default=4, bounds=LIMITS["barrooms.stat"].bounds, doc="The Steady Mind of the character hit, for his shock check (B.shock).")
    constitution = RuleInteger(default=4, bounds=LIMITS["barrooms.stat"].bounds, doc="The Constitution of the character hit: on our reconstructed damage "
                                                "card he is out of action once his wounds outnumber it (B.hitloc).")

    result = param.ClassSelector(class_=TargetNumber, default=None, allow_None=True, constant=True,
                                 doc="The explained to-hit number of each shot, or None while an input is wrong.")
    cover_roll = param.ClassSelector(class_=CoverRoll, default=None, allow_None=True, constant=True,
                                     doc="The roll a hit must make to get past the cover (or its going straight "
                                         "through), or None without cover or without a weapon.")
    hit_chance = param.ClassSelector(class_=Fraction, default=None, allow_None=True, constant=True,
                                     doc="The chance that one shot hits the target, past any cover; None while it "
                                         "cannot be known.")
    shock = param.ClassSelector(class_=TargetNumber, default=None, allow_None=True, constant=True,
                                doc="The d10 the character hit needs to avoid shock, or None while Steady Mind is wrong.")
    error = param.String(default="", constant=True, doc="Why the shot's inputs give no number ('' when they do).")
    shock_error = param.String(default="", constant=True, doc="Why the shock check cannot be made ('' when it can).")
    card_odds = param.Dict(default=None, allow_None=True, constant=True,
                           doc="The chance that one hit leaves a fresh card 'fighting', 'down' or 'dead' (our "
                               "reconstructed card), or None while Constitution is wrong.")
    card_error = param.String(default="", constant=True, doc="Why the card's odds cannot be shown ('' when they can).")
    card = param.ClassSelector(class_=DamageCard, default=None, allow_None=True, constant=True,
                               doc="The hit character's damage card now, with every hit marked so far (reconstructed "
                                   "card); a new Constitution starts a fresh one.")
    card_hits = param.List(default=[], constant=True, doc="What each hit marked on the card did, in words, oldest first.")
    seed = RuleInteger(default=1, bounds=SEED_BOUNDS, doc="Seed of the dice that roll a hit's place on the card, so a lesson replays.")

    #: the inputs the kept to-hit numbers were made for, and those numbers by range (see ``_shot``)
    _shots_for: tuple = (None, {})

    def __init__(self, **params):
        super().__init__(**params)
        self._errors = FieldErrors(SHOT_FIELDS)
        self._shock_errors = FieldErrors(["steady_mind"])
        # the chart as SVG in layers: a new range resends the bars, not the axes (cs_panel/core/chart.py)
        self._chart = LayeredSvg(css_classes=["shootout-chart"], width=420, height=220, margin=(5, 10))
        self.bars: list[Bar] = []  # what the chart shows: ranges 1-20, those out of reach crossed
        self._text = text_view(css_classes=["shootout-text"])  # the chart in words, for screen readers
        self._breakdown = html_pane("", css_classes=["breakdown"], sizing_mode="stretch_width")
        self._summary = html_pane("", css_classes=["summary"])
        self._cover_pane = html_pane("", css_classes=["cover-roll"])
        self._location_pane = html_pane(self._locations_html(), css_classes=["hit-location"], sizing_mode="stretch_width")
        self._shock_pane = html_pane("", css_classes=["shock"])
        self._card_errors = FieldErrors(["constitution"])
        self._dice = Dice(self.seed)
        self._cards: list[DamageCard] = []  # the card before each hit, for undo
        self._card_pane = html_pane("", css_classes=["card-odds"], sizing_mode="stretch_width")
        self._update()
        self._update_shock()
        self._update_card()

    @property
    def rules(self) -> RuleSet:
        """The rule set played: the printed rules, or with the Shotgun Rules' bands (B.weapons)."""
        return RuleSet.of(SHOTGUN_RULES.name) if self.shotgun_rules else OFFICIAL

    def _weapon_id(self) -> str | None:
        return None if self.weapon == NO_WEAPON else self.weapon

    def _shots(self, ranges) -> dict[int, TargetNumber]:
        """The to-hit numbers at each of ``ranges`` with the other inputs as set. The numbers of the
        last inputs are kept by range (a TargetNumber is frozen): the chart asks every range, and
        a new range alone, the input changed most, then asks the rules nothing (issue 14). The
        inputs are read once for all the ranges asked: the chart's twenty ranges each reading a
        dozen parameters again cost about a sixth of a change's server time."""
        inputs = dict(weapon=self._weapon_id(), shots=self.shots, target_speed=self.target_speed,
                      shooter_gait=self.shooter_gait, target_gait=self.target_gait,
                      cover=None if self.cover == NO_COVER else self.cover, shooter_shock=self.shooter_shock,
                      punched=self.punched, full_auto=self.full_auto, melee_skill=self.melee_skill, rules=self.rules)
        target, deadeye = self.target, self.deadeye
        key = (target, deadeye, tuple(inputs.items()))
        if self._shots_for[0] != key:
            self._shots_for = (key, {})
        kept = self._shots_for[1]
        for r in ranges:
            if r not in kept:
                kept[r] = to_hit(target, r, deadeye, **inputs)  # a refusal raises, kept nowhere
        return {r: kept[r] for r in ranges}

    def _shot(self, range_hexes: int) -> TargetNumber:
        """The to-hit number at ``range_hexes`` with the other inputs as set (``_shots``)."""
        return self._shots((range_hexes,))[range_hexes]

    @param.depends("target", "target_speed", "range_hexes", "deadeye", "weapon", "shots", "full_auto", "shooter_gait",
                   "target_gait", "cover", "cover_value", "armour", "shooter_shock", "punched", "melee_skill",
                   "shotgun_rules", watch=True)
    def _update(self):
        weapon = self._weapon_id()
        result = cover_roll = hit = None
        error: CsPanelError | None = None
        try:
            result = self._shot(self.range_hexes)
            if self.cover != NO_COVER and weapon is not None:
                cover_roll = CoverRoll(self.cover_value, self.armour, weapons()[weapon]["penetration"])
            if self.cover == NO_COVER or cover_roll is not None:
                hit = chance_all([result.event] + ([cover_roll] if cover_roll else []))
        except CsPanelError as e:
            result, cover_roll, hit, error = None, None, None, e
        with editing(self, "result", "cover_roll", "hit_chance", "error"):
            self.result, self.cover_roll, self.hit_chance = result, cover_roll, hit
            self.error = str(error) if error else ""
        self._errors.show(error)
        self._show_chart()
        if result is None:
            self._breakdown.object = "<p class='cs-error'>No to-hit number until the input marked above is fixed.</p>"
            self._summary.object = ""
            self._cover_pane.object = ""
            return
        self._breakdown.object = result._repr_html_()
        self._summary.object = self._summary_html(result)
        self._cover_pane.object = self._cover_html(result, cover_roll, hit)

    def _summary_html(self, result: TargetNumber) -> str:
        t = targets()[self.target]
        lines = [f"<p class='explained'>{html.escape(str(result))}</p>",
                 f"<p class='hit-chance'>Chance of a hit: <b>{percent(result.chance)}</b> for each shot "
                 f"({self.shots} this turn, each rolled on its own)</p>",
                 f"<p class='data'>Target: {html.escape(t['name'])}, base {t['base']} {badge_html(t.provenance)}"
                 f"<br><small>{html.escape(t.source)}</small></p>"]
        weapon = self._weapon_id()
        if weapon is not None:
            w = weapons()[weapon]
            lines.append(f"<p class='data'>Weapon: {html.escape(w['name'])}, penetration {w['penetration']} "
                         f"{badge_html(w.provenance)}</p>")
        return "".join(lines)

    def _cover_html(self, result: TargetNumber, roll: CoverRoll | None, hit: Fraction | None) -> str:
        if self.cover == NO_COVER:
            return ""
        if roll is None:
            return ("<p class='cover-note'>Choose a weapon to see whether the cover stops it: the cover roll sets the "
                    "weapon's penetration against the cover's armour.</p>")
        assert hit is not None
        return (f"<p class='cover-note'>Behind cover {roll.cover}, armour {roll.armour}: {html.escape(roll.describe())}.</p>"
                f"<p>A hit gets past the cover: <b>{percent(roll.chance)}</b></p>"
                f"<p class='combined'>Chance a shot hits the person: {percent(result.chance)} to hit &times; "
                f"{percent(roll.chance)} past the cover = <b>{percent(hit)}</b></p>")

    def _show_chart(self):
        weapon = self._weapon_id()
        rules = self.rules
        reach = max_range(weapon, rules) if weapon is not None else None
        try:
            by_range = self._shots([r for r in CHART_RANGES if reach is None or r <= reach])
        except CsPanelError:  # a wrong input elsewhere: the chart waits for it, like the number does
            by_range = None
        rows: list[tuple[int, str, str]] = []  # (range, to-hit number, chance in words) for the text view
        if by_range is None:
            self.bars = []
        else:
            out = [r for r in CHART_RANGES if r not in by_range]
            lob = Lob()

            def out_label(r: int) -> str:
                assert weapon is not None
                return f"out of reach: lob only, {percent(lob.chance)}" if lob_allowed(weapon, r, rules) else "out of reach"

            rows = [(r, str(by_range[r].total), percent(by_range[r].chance)) if r in by_range else (r, "-", out_label(r))
                    for r in CHART_RANGES]
            self.bars = [Bar(r, float(by_range[r].chance) if r in by_range else 0.0,
                             OUT_OF_REACH if r not in by_range else HIGHLIGHT if r == self.range_hexes else BAR,
                             f"range {r}: to hit {t}, chance {label}" if r in by_range else f"range {r}: {label}",
                             crossed=r in out) for r, t, label in rows]
        name = weapons()[weapon]["name"] if weapon is not None else "a plain shot"
        self._chart.show(bar_chart_svg(self.bars, title=f"Chance to hit by range: {name}", x_label="range (hexes)",
                                       x_ticks=[1, 5, 10, 15, 20], width=420, name="chance to hit by range"),
                         top_from=CHART_TOP)
        chosen = self.range_hexes  # bound now, read on opening
        show_text(self._text, lambda: f"Chance to hit by range: {name}\n" + ("\n".join(
            f"range {r}: to-hit number {t}, {label}" + (" (the range set above)" if r == chosen else "")
            for r, t, label in rows) or "No chart while an input above is wrong."))

    @param.depends("steady_mind", watch=True)
    def _update_shock(self):
        try:
            shock, error = shock_check(self.steady_mind), None
        except CsPanelError as e:
            shock, error = None, e
        with editing(self, "shock", "shock_error"):
            self.shock = shock
            self.shock_error = str(error) if error else ""
        self._shock_errors.show(error)
        self._shock_pane.object = shock._repr_html_() if shock else ""

    @staticmethod
    def _locations_html() -> str:
        odds = HitLocation().outcomes()
        legend = {row["location"]: row["grades"] for row in card_legend()}
        n = box_count()

        def effects(name: str) -> str:
            return "<br>".join(f"<b>{html.escape(boxes)}</b> {html.escape(grade)}: {html.escape(effect)} {badge_html(prov)}"
                               for boxes, grade, effect, prov in legend[name])

        rows = "".join(f"<tr><td class='cs-value'>{lo if lo == hi else f'{lo}-{hi}'}</td><td>{name}</td>"
                       f"<td class='cs-value'>{percent(odds[name])}</td><td class='card-effect'>{effects(name)}</td></tr>"
                       for lo, hi, name in HIT_LOCATIONS)
        return (f"<table class='cs-breakdown'><caption>Where a hit lands (d10, <code>B.hitloc</code>) and what it does "
                f"(d{n} on the damage card {badge_html('reconstructed')})</caption>"
                f"<tr><th>d10</th><th>location</th><th>chance</th><th>box rolled: effect</th></tr>{rows}</table>"
                f"<p class='cs-notes'><small>The text's damage card was lost; this one is ours "
                f"(<code>cs_panel/data/barrooms/damage_card.md</code>). From the text: a hit that rolls a box already "
                f"crossed does nothing more; a knife marks the card like a bullet (<code>B.knife</code>); fists take "
                f"punch points instead (<code>B.melee</code>). More crossed boxes than Constitution, less lasting shock: "
                f"out of action; a man can always crawl 1 hex "
                f"{badge_html('reconstructed')}.</small></p>")

    @param.depends("constitution", watch=True)
    def _update_card(self):
        try:
            card, error = DamageCard(constitution=self.constitution), None
        except CsPanelError as e:
            card, error = None, e
        self._cards = []
        with editing(self, "card", "card_hits"):
            self.card, self.card_hits = card, []
        self._card_errors.show(error)
        self._show_card(error)

    def _show_card(self, error: CsPanelError | None = None) -> None:
        card = self.card
        event = HitOnCard(card, penetration=self._penetration()) if card is not None else None
        with editing(self, "card_odds", "card_error"):
            self.card_odds = event.outcomes() if event else None
            self.card_error = str(error) if error else ""
        if event is None:
            self._card_pane.object = ""
            return
        odds = event.outcomes()
        which = "a fresh card" if not self.card_hits else f"this card ({len(self.card_hits)} hit(s) so far)"
        hits = "".join(f"<li>{html.escape(t)}</li>" for t in self.card_hits)
        self._card_pane.object = (
            f"<p class='card-odds'>One more hit on {which}, Constitution {self.constitution}: "
            + ", ".join(f"{status} <b>{percent(odds.get(status, 0))}</b>" for status in ("fighting", "down", "dead"))
            + f" {badge_html('reconstructed')}</p>" + card._repr_html_()
            + (f"<ol class='card-hits'>{hits}</ol>" if hits else ""))

    @param.depends("weapon", watch=True)
    def _weapon_changed(self) -> None:
        self._show_card()  # the odds on the card depend on the round's penetration (the vest)

    def _penetration(self) -> int | None:
        weapon = self._weapon_id()
        return weapons()[weapon]["penetration"] if weapon is not None else None

    def hit_card(self) -> bool:
        """Roll where one hit from the chosen weapon lands on the card (d10 location, d6 box) and mark it."""
        if self.card is None:
            return False
        try:
            result = HitOnCard(self.card, penetration=self._penetration()).hit(self._dice)
        except CsPanelError as e:
            self._card_errors.show(e)
            return False
        self._cards.append(self.card)
        with editing(self, "card", "card_hits"):
            self.card, self.card_hits = result.card, [*self.card_hits, str(result)]
        self._card_errors.show(None)
        self._show_card()
        return True

    def undo_hit(self) -> bool:
        """Take the last hit off the card."""
        if not self._cards:
            return False
        with editing(self, "card", "card_hits"):
            self.card, self.card_hits = self._cards.pop(), self.card_hits[:-1]
        self._show_card()
        return True

    @param.depends("seed", watch=True)
    def _reseed(self) -> None:
        self._dice = Dice(self.seed)

    def __panel__(self):
        e, s = self._errors, self._shock_errors
        roll = pn.widgets.Button(label="Hit him", css_classes=["card-hit"], width=85)
        roll.on_click(lambda event: self.hit_card())
        undo = pn.widgets.Button(label="Undo hit", css_classes=["card-undo"], width=85)
        undo.on_click(lambda event: self.undo_hit())
        fresh = pn.widgets.Button(label="Fresh card", css_classes=["card-fresh"], width=85)
        fresh.on_click(lambda event: self._update_card())

        def beside(widget, field):
            return e.beside(widget, field)

        inputs = pn.Column(
            "### The shot",
            beside(pn.widgets.Select.from_param(self.param.target, options=_target_options(), label="Target",
                                                css_classes=["in-target"]), "target"),
            beside(pn.widgets.IntInput.from_param(self.param.target_speed, label="Target's last speed (car, aircraft)",
                                                  css_classes=["in-target-speed"]), "target_speed"),
            beside(pn.widgets.IntInput.from_param(self.param.range_hexes, label="Range (hexes)", css_classes=["in-range"]),
                   "range_hexes"),
            beside(pn.widgets.IntInput.from_param(self.param.deadeye, label="Shooter's Deadeye", css_classes=["in-deadeye"]),
                   "deadeye"),
            beside(pn.widgets.Select.from_param(self.param.weapon, options=_weapon_options(), label="Weapon",
                                                css_classes=["in-weapon"]), "weapon"),
            beside(pn.widgets.IntInput.from_param(self.param.shots, label="Shots this turn", css_classes=["in-shots"]),
                   "shots"),
            beside(pn.widgets.Checkbox.from_param(self.param.full_auto, label="Full auto", css_classes=["in-full-auto"]),
                   "full_auto"),
            pn.widgets.Checkbox.from_param(self.param.shotgun_rules, label="Variant: the Shotgun Rules' bands",
                                           css_classes=["in-shotgun-rules"]),
            "### Moving",
            beside(pn.widgets.Select.from_param(self.param.shooter_gait, options=GAITS, label="Shooter",
                                                css_classes=["in-shooter-gait"]), "shooter_gait"),
            beside(pn.widgets.Select.from_param(self.param.target_gait, options=GAITS, label="Target",
                                                css_classes=["in-target-gait"]), "target_gait"),
            "### Cover",
            beside(pn.widgets.Select.from_param(self.param.cover, options=COVERS, label="Target's cover",
                                                css_classes=["in-cover"]), "cover"),
            beside(pn.widgets.IntInput.from_param(self.param.cover_value, label="Cover value",
                                                  css_classes=["in-cover-value"]), "cover_value"),
            beside(pn.widgets.IntInput.from_param(self.param.armour, label="Armour", css_classes=["in-armour"]), "armour"),
            "### The shooter",
            beside(pn.widgets.IntInput.from_param(self.param.shooter_shock, label="Shock on the shooter",
                                                  css_classes=["in-shooter-shock"]), "shooter_shock"),
            pn.widgets.Checkbox.from_param(self.param.punched, label="Punched before firing", css_classes=["in-punched"]),
            beside(pn.widgets.IntInput.from_param(self.param.melee_skill, label="Melee (aims a bow)",
                                                  css_classes=["in-melee"]), "melee_skill"),
            e.general,
            "### The one hit",
            s.beside(pn.widgets.IntInput.from_param(self.param.steady_mind, label="Steady Mind",
                                                    css_classes=["in-steady-mind"]), "steady_mind"),
            s.general,
            self._card_errors.beside(pn.widgets.IntInput.from_param(self.param.constitution, label="Constitution",
                                                                    css_classes=["in-constitution"]), "constitution"),
            self._card_errors.general,
            pn.Row(roll, undo, fresh),
            width=320,
        )
        # the results take the width left of the inputs; the shock check sits beside the hit table
        # when there is room and wraps under it when there is not (never past the right edge)
        results = pn.Column("### To-hit number", self._breakdown, self._summary, self._cover_pane,
                            named(self._chart, "chart: chance to hit by range", self._text),
                            pn.FlexBox(pn.Column(self._location_pane, self._card_pane, sizing_mode="stretch_width",
                                                 min_width=300, styles={"flex": "1 1 420px"}),
                                       pn.Column("#### Shock", self._shock_pane, width=300),
                                       flex_wrap="wrap", sizing_mode="stretch_width"),
                            sizing_mode="stretch_width", min_width=320)
        return pn.Row(inputs, results, stylesheets=[STYLES], css_classes=["cs-shootout"], sizing_mode="stretch_width")
