"""``AirActionTable``: play Air Action turn by turn at one screen, with the turn referee.

Air Action, the turn (A.initiative, A.throttle, A.order, A.nav.deck, A.move.execute,
A.collide.planes, A.combat.shot). Each flying plane has a row of inputs: its throttle clicks, the
navigation card it flies (only the cards of the deck its speed allows, A.nav.deck) and the card's
orientation (A.nav.paths). The table holds one ``Game`` of the game protocol (``record``,
``cs_panel.airaction.play``): "Play turn" applies each plane's plan to it, then the table's
``resolve``, which plays the turn with the referee; the dice of each action come from ``seed`` and
the action's place in the log, so the same plans always give the same turn. Every shot goes at
the enemy with the best expected hits. The table drawing, each plane's status and the referee's
log follow.

"Undo" puts back the game as it was before the last turn. The game's own ``undo`` is fair and never
crosses a die roll, as players facing each other need; this one-screen table, where one person
plans both sides to learn the rules, keeps the game of each turn's start instead, and a turn
played again rolls the same dice.

A plan the rules refuse changes nothing: its reason shows beside the plane's input it names, and
the inputs keep what was chosen.
"""

from __future__ import annotations

import html

import panel as pn
import param

from cs_panel.airaction.game import GameState, PlaneState
from cs_panel.airaction.navigation import NavigationDeck
from cs_panel.airaction.play import WEAPONS, Plan, Resolve, demo_setup, setup_of
from cs_panel.airaction.referee import PlanError, TurnPlan
from cs_panel.airaction.svg import COLOURS
from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game
from cs_panel.games import new_game
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

    seed = RuleInteger(default=2024, bounds=SEED_BOUNDS, doc="The game's seed: each action's dice come from it and the "
                                           "action's place in the log, so a turn played again after an undo rolls the "
                                           "same dice.")
    start = param.ClassSelector(class_=GameState, default=None, allow_None=True,
                                doc="The table before turn 1, fresh dials at the players' edges (the demo game's four "
                                    "sample planes when None).")
    plans = param.Dict(default={}, doc="Each flying plane's plan for the next turn: plane id -> TurnPlan "
                                       "(throttle clicks, card id, orientation).")

    record = param.ClassSelector(class_=Game, default=None, allow_None=True, constant=True,
                                 doc="The game played (read-only): its seed, setup and log of plans and resolved turns.")
    game = param.ClassSelector(class_=GameState, default=None, allow_None=True, constant=True,
                               doc="The table now, the record's state (read-only).")
    history = param.List(default=[], constant=True, doc="The record at the start of each turn played, for Undo "
                                                       "(read-only).")
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
        setup = setup_of(self.start) if self.start is not None else {**demo_setup(), "max_turns": 0}
        self._set(new_game("airaction", self.seed, setup), [])

    def _set(self, record: Game, history: list) -> None:
        with param.edit_constant(self):
            self.record = record
            self.game = record.state.game
            self.history = history
            self.log = [line for e in record.log if isinstance(e.action, Resolve) for line in e.lines]
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
        """Apply every flying plane's plan and resolve the turn; a refused plan changes nothing and
        is shown beside its input."""
        assert self.record is not None
        before = g = self.record
        pid = None
        try:
            for p in g.state.game.flying():
                pid, plan = p.id, self.plans[p.id]
                targets = tuple((w, plan.targets[w]) for w in WEAPONS if w in plan.targets)
                g = g.apply(Plan(pid, plan.clicks, plan.card, plan.orientation, targets))
            pid = None
            g = g.apply(Resolve())
        except CsPanelError as e:
            with param.edit_constant(self):
                self.error = str(e)
            self._show(e, pid)
            return False
        self._set(g, self.history + [before])
        return True

    def undo(self) -> bool:
        """Put the game back as it was before the last turn (the table's teaching undo, see the
        module's docstring)."""
        if not self.history:
            return False
        self._set(self.history[-1], self.history[:-1])
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

    def _show(self, error: CsPanelError | None, plane: str | None = None) -> None:
        if plane is None and isinstance(error, PlanError):
            plane = error.plane
        field = error.field if error is not None else None
        # the protocol's refusal starts with the action refused: beside its input the plane says enough
        text = str(error) if error is not None else ""
        if plane is not None and text.startswith("plan ") and ": " in text:
            text = text.split(": ", 1)[1]
        placed = False
        for pid, slots in self._slots.items():
            for f, slot in slots.items():
                here = error is not None and pid == plane and f == field
                slot.object = error_html(text) if here else ""
                placed = placed or here
        self._general.object = error_html(text) if error is not None and not placed else ""

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
        assert self.record is not None
        over = f"<p><b>{html.escape(self.record.result.text)}</b></p>" if self.record.is_over else ""
        self._status_pane.object = (f"<p>Turns played: {len(self.history)}; victory points now: {score} "
                                    "(A.victory)</p>" + over + self.status_html())
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
