"""The Bar-rooms part of the set-up page: a form for one character at a time (his points, stats,
special skills, gun and gear, side and starting hex), the list of those added, and the room with
its cover and the fight's length.

``BarroomsSetupForm`` holds no rules: every choice goes to ``cs_panel.barrooms.setup_builder``,
whose refusals (each naming its rule) are shown beside the input that caused them, the entries
staying as typed. ``build()`` gives the setup ``new_game("barrooms", seed, setup)`` takes, or
raises the refusal; ``view()`` is the form. ``GameSetup(system="barrooms")`` shows it, with the
setup's JSON editor a tick away (``as_json``).
"""

from __future__ import annotations

import html
from typing import Callable

import panel as pn
import param

from cs_panel.barrooms import setup_builder as B
from cs_panel.barrooms.character import STAT_NAMES, STATS
from cs_panel.core.errors import CsPanelError
from cs_panel.ui.common import FieldErrors, RuleInteger, html_pane, point_at

#: the form's message slots
FIELDS = ["br_name", "br_player", "br_budget", *(f"br_{s}" for s in STATS), "br_skills", "br_weapon", "br_gear",
          "br_grenades", "br_hex", "br_room", "br_cover", "br_turns", "br_fighters"]
#: a builder's field, as the form calls its input
SLOT_OF = {"name": "br_name", "player": "br_player", "budget": "br_budget", "stats": "br_budget",
           **{s: f"br_{s}" for s in STATS}, "skills": "br_skills", "weapon": "br_weapon", "inferior": "br_gear",
           "knife": "br_gear", "vest": "br_gear", "grenades": "br_grenades", "at": "br_hex", "cols": "br_room",
           "rows": "br_room", "room": "br_room", "cover": "br_cover", "max_turns": "br_turns",
           "fighters": "br_fighters", "players": "br_player", "setup": "br_fighters"}
#: number boxes wider than the rules' ranges, so the builder refuses a value naming its rule
BOX = (-100, 100)
SHORT = {"stamina": "St", "constitution": "Con", "deadeye": "DE", "steady_mind": "SM", "quickdraw": "QD",
         "sixth_sense": "6S", "melee": "Me"}
CSS = """
.cs-setup-list { border-collapse: collapse; font-size: 0.9em; }
.cs-setup-list th, .cs-setup-list td { padding: 2px 8px; border-bottom: 1px solid #e2e2e2; text-align: left; }
.cs-setup-status { font-size: 0.95em; }
"""


class BarroomsSetupForm(pn.viewable.Viewer):
    """Bar-rooms characters, one at a time, and the room they fight in."""

    br_name = param.String(default="Mac", doc="The character's name, one capitalised word: actions say 'fire Mac at Lou'.")
    br_player = param.String(default="Ann", doc="The side (player) he fights for; a fight has two.")
    br_budget = param.Selector(default="lead", objects=list(B.BUDGET_NAMES), doc="The points his stats and skills are "
                               "bought with: lead 450, wing 350, squadron leader 600, squadron wingman 450 (B.chargen).")
    br_stamina = RuleInteger(default=4, bounds=BOX, doc="Stamina, his movement points, 0-6 (B.chargen).")
    br_constitution = RuleInteger(default=4, bounds=BOX, doc="Constitution, 1-10: punch points are 4 times it (B.chargen, B.melee).")
    br_deadeye = RuleInteger(default=4, bounds=BOX, doc="Deadeye, 0-10: taken off the number to hit (B.chargen).")
    br_steady_mind = RuleInteger(default=4, bounds=BOX, doc="Steady Mind, 0-10: against shock (B.chargen).")
    br_quickdraw = RuleInteger(default=4, bounds=BOX, doc="Quickdraw, 0-10: the highest fires first (B.chargen).")
    br_sixth_sense = RuleInteger(default=3, bounds=BOX, doc="Sixth Sense, 0-10 (B.chargen).")
    br_melee = RuleInteger(default=3, bounds=BOX, doc="Melee, 0-10: fists and knives (B.chargen).")
    br_skills = param.ListSelector(default=[], objects=list(B.skill_choices().values()),
                                   doc="Special skills, paid from the same points (B.skills).")
    br_weapon = param.Selector(default="colt-1911", objects=["", *B.firearms().values()],
                               doc="His firearm, or '' for none (B.weapons).")
    br_inferior = param.Boolean(default=False, doc="His gun is an inferior make that may jam (B.jam).")
    br_knife = param.Boolean(default=False, doc="He carries a knife (B.knife).")
    br_vest = param.Boolean(default=False, doc="He wears a bullet-proof vest: -1 Stamina and Quickdraw (B.cover).")
    br_explosive = RuleInteger(default=0, bounds=BOX, doc="Explosive grenades he carries (B.grenade).")
    br_flash_bang = RuleInteger(default=0, bounds=BOX, doc="Flash-bangs he carries (B.grenade).")
    br_auto_hex = param.Boolean(default=True, doc="Start him on the first free hex from his side's wall (the first "
                                "side the left, the second the right).")
    br_col = RuleInteger(default=1, bounds=BOX, doc="Starting hex, column (when not placed automatically).")
    br_row = RuleInteger(default=1, bounds=BOX, doc="Starting hex, row (when not placed automatically).")
    br_cols = RuleInteger(default=12, bounds=BOX, doc="The room's width in hexes, 2-40 (a hex is about 5 yards).")
    br_rows = RuleInteger(default=8, bounds=BOX, doc="The room's depth in hexes, 2-40.")
    br_cover = param.String(default="bar 5,0; bar 6,0; table 3,2; table 8,2; table 4,5; table 7,5; stove 11,4",
                            doc="The cover in the room, 'table 3,2; bar 5,0; stove 11,4' (B.cover).")
    br_turns = RuleInteger(default=10, bounds=(-1000, 10_000), doc="How many turns the fight lasts at most.")
    as_json = param.Boolean(default=False, doc="Edit the whole setup as JSON text instead of the form.")

    def __init__(self, errors: FieldErrors | None = None, refuse: Callable | None = None,
                 changed: Callable | None = None, **params):
        super().__init__(**params)
        self.fighters: list[dict] = []
        self._players: list[str] | None = None  # the sides' order of a loaded setup
        self._own_errors = errors is None  # standalone: the form shows its general message slot itself
        self.errors = errors or FieldErrors([])
        self.errors.slots.update(FieldErrors(FIELDS).slots)  # one set of slots: one refusal shows at a time
        self._report = refuse or (lambda e, field=None: self.errors.show(e) or e is None)
        self._changed = changed or (lambda: None)
        self._cost = html_pane("", css_classes=["cs-br-cost"], stylesheets=[CSS], sizing_mode="stretch_width")
        self._cost_line()

    # -- refusals ----------------------------------------------------------------------------------

    def _slot(self, error: CsPanelError) -> CsPanelError:
        """The refusal pointed at the form's input it names."""
        field = error.field if error.field in FIELDS else SLOT_OF.get(error.field or "")
        return point_at(error, field)

    def show_error(self, error: CsPanelError | None) -> None:
        """A number refused by its box (``show_refusal``): beside the box."""
        self.errors.show(None if error is None else self._slot(error))

    def message(self, field: str | None = None) -> str:
        """The refusal beside an input of the form ('' if none); with no field, every one shown."""
        if field:
            return self.errors.message(field)
        return " ".join(m for m in (self.errors.message(f) for f in (None, *FIELDS)) if m)

    # -- characters -----------------------------------------------------------------------------------

    def _stats(self) -> dict:
        return {s: getattr(self, f"br_{s}") for s in STATS}

    def _room(self) -> dict:
        return B.room(self.br_cols, self.br_rows, self.br_cover)

    def _sides(self) -> list[str]:
        return list(dict.fromkeys(f["player"] for f in self.fighters))

    def add_character(self) -> bool:
        """Build a character from the form and add him; a refusal stays beside its input."""
        try:
            where = self._room()
            taken = {tuple(f["at"]): f["name"] for f in self.fighters}
            sides = self._sides()
            player = self.br_player.strip()
            side = sides.index(player) if player in sides else len(sides)
            if side > 1:
                raise B.PlacementError(f"a fight is between two sides, {' and '.join(sides)}; {player[:20]!r} would be "
                                       "a third", rule_id="B.sequence", field="player")
            at = B.free_hex(where, side, list(taken)) if self.br_auto_hex else (self.br_col, self.br_row)
            new = B.character(self.br_name, player, self._stats(), skills=list(self.br_skills), budget=self.br_budget,
                              weapon=self.br_weapon or None, inferior=self.br_inferior, knife=self.br_knife,
                              grenades=B.grenades(self.br_explosive, self.br_flash_bang), vest=self.br_vest, at=at)
            if new["name"] in taken.values():
                raise B.PlacementError(f"a character called {new['name']!r} is already in the fight", rule_id="B.sequence",
                                       field="name")
            if len(self.fighters) >= B.MAX_FIGHTERS:
                raise B.PlacementError(f"a fight has at most {B.MAX_FIGHTERS} characters", rule_id="B.sequence",
                                       field="fighters")
            B.check_hex(where, new["name"], new["at"], taken)
        except CsPanelError as e:
            return self._report(self._slot(e))
        self.fighters.append(new)
        self._report(None)
        self._changed()
        return True

    def demo(self) -> None:
        """Start from the demo fight (two against two in a small bar room), to change or play as it is."""
        from cs_panel.games import rules_for

        self.load(rules_for("barrooms").check_setup(rules_for("barrooms").default_setup()))
        self._report(None)
        self._changed()

    def remove_character(self, name: str) -> None:
        """Take a character out of the fight."""
        self.fighters = [f for f in self.fighters if f["name"] != name]
        self._changed()

    @param.depends("br_name", "br_budget", "br_skills", *(f"br_{s}" for s in STATS), watch=True)
    def _cost_line(self) -> None:
        """What his stats and skills cost and what is left of his points, term by term (B.chargen,
        B.skills), or why the rules refuse them, as the form is filled in."""
        who = {"name": self.br_name.strip() or "He", "stats": self._stats(), "skills": list(self.br_skills)}
        try:
            cost = B.points(who["name"], who["stats"], who["skills"], self.br_budget)
            text = f"Points: {cost}; {cost.left} left unspent"
        except CsPanelError as e:  # over the points: the terms still show where they went
            text = f"Points: {B.cost(who)}; {e}" if e.field == "budget" else f"Points: {e}"
        self._cost.object = f"<p class='cs-setup-status'>{html.escape(text)}</p>"

    def cost_text(self) -> str:
        """The points line shown under the stats."""
        return html.unescape(self._cost.object.replace("<p class='cs-setup-status'>", "").replace("</p>", ""))

    @param.depends("br_cols", "br_rows", "br_cover", "br_turns", watch=True)
    def _room_changed(self) -> None:
        """A changed room or length: refused beside its input at once, and the setup tried again."""
        try:
            self._room()
            B.turns(self.br_turns)
            if any(self.errors.message(f) for f in ("br_room", "br_cover", "br_turns")):
                self._report(None)
        except CsPanelError as e:
            self._report(self._slot(e))
        self._changed()

    # -- the setup ---------------------------------------------------------------------------------------

    def build(self) -> dict:
        """The setup from the characters added and the room (raises the builder's refusal, pointed
        at the form's input)."""
        try:
            return B.game_setup(self.fighters, cols=self.br_cols, rows=self.br_rows, cover=self.br_cover,
                                max_turns=self.br_turns, players=self._players if self._players and
                                sorted(self._players) == sorted(self._sides()) else None)
        except CsPanelError as e:  # a fault of the characters already listed is shown under the list
            raise (self._slot(e) if e.field in ("cols", "rows", "room", "cover", "max_turns")
                   else point_at(e, "br_fighters")) from None

    def load(self, setup: dict) -> None:
        """Fill the list and the room from a setup the rules have checked (a loaded file)."""
        self.fighters = [dict(f) for f in setup["fighters"]]
        self._players = list(setup["players"])
        self.param.update(br_cols=setup["room"]["cols"], br_rows=setup["room"]["rows"],
                          br_cover=B.cover_text(setup["cover"]), br_turns=setup["max_turns"])

    def list_html(self) -> str:
        e = html.escape
        if not self.fighters:
            return "<p>No characters yet: fill in the form and add one.</p>"
        rows = []
        for f in self.fighters:
            try:
                points = str(B.cost(f).total)
            except CsPanelError as err:
                points = str(err)
            gear = [("inferior " if f["inferior"] else "") + f["weapon"] if f["weapon"] else "no gun"]
            gear += ["knife"] * f["knife"] + ["vest"] * f["vest"] + list(f["grenades"])
            stats = ", ".join(f"{SHORT[s]} {f['stats'][s]}" for s in STATS)
            rows.append(f"<tr><td>{e(f['name'])}</td><td>{e(f['player'])}</td><td>{e(stats)}</td>"
                        f"<td>{e(', '.join(f['skills']) or '-')}</td><td>{points}</td><td>{e(', '.join(gear))}</td>"
                        f"<td>{f['at'][0]},{f['at'][1]}</td></tr>")
        return ("<table class='cs-setup-list'><tr><th>character</th><th>side</th><th>stats</th><th>skills</th>"
                f"<th>points</th><th>carries</th><th>hex</th></tr>{''.join(rows)}</table>")

    # -- the view -------------------------------------------------------------------------------------------

    def view(self) -> pn.Column:
        """The form (or, with ``as_json``, only the tick box: the page shows the JSON editor)."""
        W = pn.widgets
        e = self.errors
        box = dict(margin=0, sizing_mode="stretch_width")
        toggle = W.Checkbox.from_param(self.param.as_json, label="Edit the setup as JSON instead", width=260,
                                       css_classes=["in-as_json"])
        if self.as_json:
            return pn.Column(toggle, sizing_mode="stretch_width", css_classes=["cs-barrooms-setup"])
        skills = {v: k for k, v in B.skill_choices().items()}
        guns = {v: k for k, v in B.firearms().items()}
        add = W.Button(label="Add this character", color="primary", css_classes=["add-br-character"], width=160)
        add.on_click(lambda event: self.add_character())
        remove = W.TextInput(label="Remove the character called", width=180, css_classes=["remove-br-character"])
        remove.param.watch(lambda event: event.new and self.remove_character(event.new.strip()), "value")
        demo = W.Button(label="Start from the demo fight", css_classes=["br-demo"], width=190, margin=(23, 10, 5, 10))
        demo.on_click(lambda event: self.demo())

        def number(name: str, label: str, width: int = 90):
            return e.beside(W.IntInput.from_param(self.param[name], label=label, width=width, css_classes=[f"in-{name}"]),
                            name)

        return pn.Column(
            toggle,
            pn.pane.Markdown("**A character** (his points, stats, skills, gear and start), then *Add this character*; "
                             "two sides, each with one or more."),
            pn.FlexBox(e.beside(W.TextInput.from_param(self.param.br_name, label="Name (one word)", width=140,
                                                       css_classes=["in-br_name"]), "br_name"),
                       e.beside(W.TextInput.from_param(self.param.br_player, label="Side (player)", width=120,
                                                       css_classes=["in-br_player"]), "br_player"),
                       e.beside(W.Select.from_param(self.param.br_budget, label="Built with the points of a", width=180,
                                                    css_classes=["in-br_budget"]), "br_budget"), **box),
            pn.FlexBox(*(number(f"br_{s}", STAT_NAMES[s]) for s in STATS), **box),
            pn.FlexBox(e.beside(W.MultiChoice.from_param(self.param.br_skills, label="Special skills", width=420,
                                                         options={skills[i]: i for i in self.param.br_skills.objects},
                                                         css_classes=["in-br_skills"]), "br_skills"), **box),
            self._cost,
            pn.FlexBox(e.beside(W.Select.from_param(self.param.br_weapon, label="Firearm", width=250,
                                                    options={"none": "", **{guns[i]: i for i in B.firearms().values()}},
                                                    css_classes=["in-br_weapon"]), "br_weapon"),
                       e.beside(pn.Row(W.Checkbox.from_param(self.param.br_inferior, label="inferior make (jams)",
                                                             width=150, css_classes=["in-br_inferior"]),
                                       W.Checkbox.from_param(self.param.br_knife, label="knife", width=60,
                                                             css_classes=["in-br_knife"]),
                                       W.Checkbox.from_param(self.param.br_vest, label="vest", width=60,
                                                             css_classes=["in-br_vest"]),
                                       margin=(18, 0, 0, 0), width=300), "br_gear"),
                       e.beside(pn.Row(W.IntInput.from_param(self.param.br_explosive, label="Explosive grenades", width=145,
                                                             css_classes=["in-br_explosive"]),
                                       W.IntInput.from_param(self.param.br_flash_bang, label="Flash-bangs", width=90,
                                                             css_classes=["in-br_flash_bang"]), margin=0, width=255),
                                "br_grenades"), **box),
            pn.FlexBox(W.Checkbox.from_param(self.param.br_auto_hex, label="First free hex by his side's wall", width=230,
                                             css_classes=["in-br_auto_hex"], margin=(22, 10, 0, 10)),
                       e.beside(pn.Row(W.IntInput.from_param(self.param.br_col, label="Column", width=80,
                                                             css_classes=["in-br_col"]),
                                       W.IntInput.from_param(self.param.br_row, label="Row", width=80,
                                                             css_classes=["in-br_row"]), margin=0, width=180), "br_hex"),
                       **box),
            pn.Row(add, remove, demo, margin=0),
            e.slots["br_fighters"],
            *([e.general] if self._own_errors else []),
            pn.pane.Markdown("**The room and the fight**"),
            pn.FlexBox(e.beside(pn.Row(W.IntInput.from_param(self.param.br_cols, label="Room width (hexes)", width=150,
                                                             css_classes=["in-br_cols"]),
                                       W.IntInput.from_param(self.param.br_rows, label="Depth", width=80,
                                                             css_classes=["in-br_rows"]), margin=0, width=250), "br_room"),
                       e.beside(W.TextInput.from_param(self.param.br_cover, label="Cover: kind column,row; ...", width=540,
                                                       css_classes=["in-br_cover"]), "br_cover"),
                       number("br_turns", "Turns at most", 110), **box),
            sizing_mode="stretch_width", css_classes=["cs-barrooms-setup"])

    def __panel__(self):
        return self.view()


__all__ = ["BarroomsSetupForm", "FIELDS"]
