"""``AirActionTable``: play Air Action turn by turn at one screen, with the turn referee.

Air Action, the turn (A.initiative, A.throttle, A.order, A.nav.deck, A.move.execute,
A.collide.planes, A.combat.shot). Each flying plane has a row of inputs: its throttle clicks, the
navigation card it flies (only the cards of the deck its speed allows, A.nav.deck) and the card's
orientation (A.nav.paths). "Play turn" hands the plans to ``cs_panel.airaction.referee.play_turn``
with dice seeded from ``seed`` and the turn's number, so the same plans always give the same
turn; every shot goes at the enemy with the best expected hits. The table drawing, each plane's
status and the referee's log follow. "Undo" puts back the table as it was before the last turn.

A plan the referee refuses changes nothing: its reason shows beside the plane's input it names,
and the inputs keep what was chosen.
"""

from __future__ import annotations

import html

import panel as pn
import param

from cs_panel.airaction.game import GameState, PlaneState
from cs_panel.airaction.navigation import NavigationDeck
from cs_panel.airaction.referee import PlanError, TurnPlan, demo_game, play_turn
from cs_panel.airaction.svg import COLOURS
from cs_panel.core.dice import Dice
from cs_panel.core.errors import CsPanelError
from cs_panel.ui.common import RuleInteger, SEED_BOUNDS, error_html, html_pane

FIELDS = ("clicks", "card", "orientation")


def _cards_at(speed: int) -> list[str]:
    """The card ids a plane flying at ``speed`` may take from the basic deck (A.nav.deck)."""
    return NavigationDeck.basic().playable(speed)


def _orientations(card_id: str) -> list[str]:
    return [o.value for o in NavigationDeck.basic().card(card_id).orientations]


class AirActionTable(pn.viewable.Viewer):
    """Plan each plane's throttle, card and orientation, play the turn, undo it."""
    shows_rules = ('A.initiative', 'A.throttle', 'A.order', 'A.nav.deck', 'A.move.execute', 'A.collide.planes', 'A.combat.shot', 'A.nav.paths', 'A.victory')  # rule ids shown here (rules index)

    seed = RuleInteger(default=2024, bounds=SEED_BOUNDS, doc="The seed of the dice: the n-th turn rolls Dice(seed + n - 1), so a turn played "
                                           "again after an undo rolls the same dice.")
    start = param.ClassSelector(class_=GameState, default=None, allow_None=True,
                                doc="The table before turn 1 (the demo game's four sample planes when None).")
    plans = param.Dict(default={}, doc="Each flying plane's plan for the next turn: plane id -> TurnPlan "
                                       "(throttle clicks, card id, orientation).")

    game = param.ClassSelector(class_=GameState, default=None, allow_None=True, constant=True,
                               doc="The table now (read-only).")
    history = param.List(default=[], constant=True, doc="For each turn played, the table before it and how long the log "
                                                       "was then, for Undo (read-only).")
    log = param.List(default=[], constant=True, doc="The referee's log of the turns played, each line citing its rule.")
    error = param.String(default="", constant=True, doc="Why the last turn was refused ('' when it was played).")

    def __init__(self, **params):
        super().__init__(**params)
        self._rows = pn.Column(sizing_mode="stretch_width")
        self._syncing = False  # True while _build_rows writes the plans into the inputs
        self._widgets: dict[str, dict[str, pn.widgets.Widget]] = {}
        self._slots: dict[str, dict[str, pn.pane.HTML]] = {}
        self._general = html_pane("")
        self._table_pane = html_pane("", css_classes=["aa-table"])
        self._status_pane = html_pane("", css_classes=["aa-status"], sizing_mode="stretch_width")
        self._log_pane = html_pane("", css_classes=["aa-log"], sizing_mode="stretch_width")
        self._play = pn.widgets.Button(label="Play turn", color="primary", css_classes=["aa-play"])
        self._undo = pn.widgets.Button(label="Undo last turn", css_classes=["aa-undo"])
        self._play.on_click(lambda _: self.play())
        self._undo.on_click(lambda _: self.undo())
        self._restart()

    # --- state ---------------------------------------------------------------------------------

    @param.depends("start", "seed", watch=True)
    def _restart(self) -> None:
        with param.edit_constant(self):
            self.game = self.start if self.start is not None else demo_game()
            self.history = []
            self.log = []
            self.error = ""
        self._refresh()

    def _default_plan(self, p: PlaneState) -> TurnPlan:
        old = self.plans.get(p.id)
        cards = _cards_at(p.speed.speed)
        if old is not None and old.card in cards:
            return old
        card = "cruise" if "cruise" in cards else cards[0]
        return TurnPlan(0, card, None if _orientations(card) == ["straight"] else _orientations(card)[0])

    def _refresh(self) -> None:
        """Plans, inputs and views for the table now."""
        assert self.game is not None
        self.plans = {p.id: self._default_plan(p) for p in self.game.flying()}
        self._build_rows()
        self._show(None)
        self._redraw()

    def set_plan(self, pid: str, *, clicks: int | None = None, card: str | None = None, orientation: str | None = None) -> None:
        """Change one plane's plan (the inputs call this; tests may too)."""
        old = self.plans[pid]
        new = TurnPlan(old.clicks if clicks is None else clicks, old.card if card is None else card,
                       old.orientation if orientation is None else (None if orientation == "straight" else orientation))
        if card is not None and card != old.card and orientation is None:
            # a new card starts at its first path, as its orientation menu does
            opts = _orientations(card) if card in NavigationDeck.basic().cards else []
            new = TurnPlan(new.clicks, new.card, None if opts in ([], ["straight"]) else opts[0])
        self.plans = {**self.plans, pid: new}
        w = self._widgets.get(pid)
        if w:
            w["clicks"].value = new.clicks
            w["card"].value = new.card if new.card in w["card"].options else w["card"].value
            w["orientation"].options = _orientations(new.card) if new.card in NavigationDeck.basic().cards else []
            w["orientation"].value = new.orientation or "straight"

    # --- actions -------------------------------------------------------------------------------

    def play(self) -> bool:
        """Play the turn with every plan; a refused plan changes nothing and is shown beside its input."""
        assert self.game is not None
        before = self.game
        try:
            after, lines = play_turn(before, self.plans, Dice(self.seed + len(self.history)))
        except CsPanelError as e:
            with param.edit_constant(self):
                self.error = str(e)
            self._show(e)
            return False
        with param.edit_constant(self):
            self.history = self.history + [(before, len(self.log))]
            self.game = after
            self.log = self.log + lines
            self.error = ""
        self._refresh()
        return True

    def undo(self) -> bool:
        """Put the table back as it was before the last turn."""
        if not self.history:
            return False
        game, logged = self.history[-1]
        with param.edit_constant(self):
            self.game = game
            self.history = self.history[:-1]
            self.log = self.log[:logged]
            self.error = ""
        self._refresh()
        return True

    def _build_rows(self) -> None:
        assert self.game is not None
        flying = self.game.flying()
        if [p.id for p in flying] == list(self._widgets):
            # the same planes fly: update their inputs in place (new widgets would make the browser
            # build every row again on each turn and each undo)
            self._syncing = True
            try:
                for p in flying:
                    plan, w = self.plans[p.id], self._widgets[p.id]
                    w["clicks"].value = plan.clicks
                    w["card"].param.update(options=_cards_at(p.speed.speed), value=plan.card,
                                           label=f"card (speed {p.speed.speed})")
                    w["orientation"].param.update(options=_orientations(plan.card), value=plan.orientation or "straight")
            finally:
                self._syncing = False
            return
        self._widgets, self._slots, rows = {}, {}, []
        for p in self.game.flying():
            plan = self.plans[p.id]
            cards = _cards_at(p.speed.speed)
            w = {
                "clicks": pn.widgets.IntInput(label="throttle clicks", value=plan.clicks, width=110),
                "card": pn.widgets.Select(label=f"card (speed {p.speed.speed})", options=cards, value=plan.card, width=150),
                "orientation": pn.widgets.Select(label="orientation", options=_orientations(plan.card),
                                                 value=plan.orientation or "straight", width=110),
            }
            w["clicks"].param.watch(lambda e, pid=p.id: self._syncing or self.set_plan(pid, clicks=e.new), "value")
            w["card"].param.watch(lambda e, pid=p.id: self._syncing or self.set_plan(pid, card=e.new), "value")
            w["orientation"].param.watch(lambda e, pid=p.id: self._syncing or self.set_plan(pid, orientation=e.new), "value")
            slots = {f: html_pane("", css_classes=[f"aa-error-{f}"]) for f in FIELDS}
            self._widgets[p.id], self._slots[p.id] = w, slots
            rows.append(pn.Row(pn.pane.Markdown(f"**{html.escape(p.name)}** ({p.player})", width=220),
                               *(pn.Column(w[f], slots[f], margin=0) for f in FIELDS)))
        self._rows.objects = rows

    def _show(self, error: CsPanelError | None) -> None:
        plane = getattr(error, "plane", None) if isinstance(error, PlanError) else None
        field = error.field if error is not None else None
        placed = False
        for pid, slots in self._slots.items():
            for f, slot in slots.items():
                here = error is not None and pid == plane and f == field
                slot.object = error_html(str(error)) if here else ""
                placed = placed or here
        self._general.object = error_html(str(error)) if error is not None and not placed else ""

    def show_error(self, error: CsPanelError | None) -> None:
        """Show a refused input value (``common.show_refusal``), or clear it (None)."""
        self._show(error)

    def message(self, pid: str | None = None, field: str | None = None) -> str:
        """The error text shown beside a plane's input (or in the general slot), for tests."""
        pane = self._slots[pid][field] if pid and field else self._general
        return html.unescape(pane.object).replace("\u26a0 ", "").replace("<span class='cs-error'>", "").replace("</span>", "")

    def status_html(self) -> str:
        assert self.game is not None
        # the same colour as the plane's marker on the table drawing (colours follow the planes still flying)
        colour = {p.id: COLOURS[i % len(COLOURS)] for i, p in enumerate(self.game.flying())}
        rows = "".join(
            f"<tr><td><span style='color:{colour.get(p.id, '#999')}'>&#9632;</span> {html.escape(p.name)}</td><td>{p.player}</td><td>{p.status.value}</td><td>{p.speed.speed}</td>"
            f"<td>{p.combat.position}</td><td>{p.pose.x:.1f}, {p.pose.y:.1f}, {p.pose.heading:.0f}</td></tr>"
            for p in self.game.planes)
        return ("<table><tr><th>plane</th><th>player</th><th>status</th><th>speed</th><th>clicks taken</th>"
                f"<th>x, y, heading</th></tr>{rows}</table>")

    def _redraw(self) -> None:
        assert self.game is not None
        self._table_pane.object = self.game._repr_svg_()
        score = ", ".join(f"{pl} {s.total}" for pl, s in self.game.victory_points().items())
        self._status_pane.object = (f"<p>Turns played: {len(self.history)}; victory points now: {score} "
                                    "(A.victory)</p>" + self.status_html())
        self._log_pane.object = "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in self.log) + "</ul>"

    def __panel__(self):
        return pn.Column(
            pn.pane.Markdown("### Air Action table\nPlan each plane's turn, then play it (A.order)."),
            self._rows,
            pn.Row(self._play, self._undo),
            self._general,
            pn.Row(self._table_pane, self._status_pane),
            self._log_pane,
            sizing_mode="stretch_width",
        )
