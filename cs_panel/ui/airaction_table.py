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

Seats (``cs_panel.ui.seating``): each player is "human" (the default) or "computer". Only the
human players' planes have rows; at "Play turn" the computer plans its planes by itself
(``cs_panel.bots.choose`` at ``level``; it sees none of the human's plans, A.order) and its
one-line reasons are listed under the referee's log once the turn reveals the plans. With a
computer seated, Undo is the game's fair undo (``seats.undo_own``), which never crosses the turn's
rolls: a turn played against the computer stands.

Hot seat: ``player`` is the human at the screen. "everyone" plans every human plane at once (the
practice table); a player's name shows only that player's planes, and "Play turn" gives their
plans secretly (the plans given so far are listed as that player may see them, another side's
masked) and passes the screen to the next human with planes to plan; the last one's click plays
the turn. Undo then takes back the last plan given, while the turn is not played.

A game set up elsewhere plays here as it is: ``AirActionTable(record=GameSetup(system="airaction",
...).game)``.
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
from cs_panel.ui.common import RuleInteger, SEED_BOUNDS, editing, error_html, html_pane, put_changed, scroll_list_html, scroll_styles
from cs_panel.ui.seating import Seating

FIELDS = ("clicks", "card", "orientation")

# The turn log in a box of its own height that scrolls, newest last and opened at its end: a
# played or undone turn changes the box's words, not the page's height, which made the browser
# measure and lay out the whole page again at every turn (issue 14), and a long game's log no
# longer pushes the computer's reasons off the screen.
LOG_STYLES = scroll_styles("aa-log-box", "16em") + """
.aa-log-box ul { margin: 0; padding-left: 1.2em; }
"""
EVERYONE = "everyone"


def _cards_at(speed: int) -> list[str]:
    """The card ids a plane flying at ``speed`` may take from the basic deck (A.nav.deck)."""
    return NavigationDeck.basic().playable(speed)


def _orientations(card_id: str) -> list[str]:
    return [o.value for o in NavigationDeck.basic().card(card_id).orientations]


class AirActionTable(Seating, pn.viewable.Viewer):
    """Plan each plane's throttle, card and orientation, play the turn, undo it."""
    shows_rules = ('A.initiative', 'A.throttle', 'A.order', 'A.nav.deck', 'A.move.execute', 'A.collide.planes', 'A.combat.shot', 'A.nav.paths', 'A.victory')  # rule ids shown here (rules index)

    seed = RuleInteger(default=2024, bounds=SEED_BOUNDS, doc="The game's seed: each action's dice come from it and the "
                                           "action's place in the log, so a turn played again after an undo rolls the "
                                           "same dice.")
    start = param.ClassSelector(class_=GameState, default=None, allow_None=True,
                                doc="The table before turn 1, fresh dials at the players' edges (the demo game's four "
                                    "sample planes when None).")
    player = param.Selector(default=EVERYONE, objects=[EVERYONE],
                            doc="Who is at the screen: 'everyone' (one person plans every human side, to learn the "
                                "rules) or one player's name (hot seat: only that player's planes are planned here, "
                                "the others' plans stay secret until the turn reveals them, A.order).")
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
        record = params.pop("record", None)
        if record is not None and (not isinstance(record, Game) or record.system != "airaction"):
            raise CsPanelError(f"an AirActionTable plays an Air Action game, not {getattr(record, 'system', record)!r}",
                               field="record")
        if record is not None:
            params.setdefault("seed", record.seed)
        looking = params.pop("player", EVERYONE)  # a player's name is known once the game is
        super().__init__(**params)
        self._rows = pn.Column(sizing_mode="stretch_width")
        self._syncing = False  # True while _build_rows writes the plans into the inputs
        self._widgets: dict[str, dict[str, pn.widgets.Widget]] = {}
        self._slots: dict[str, dict[str, pn.pane.HTML]] = {}
        self._general = html_pane("")
        self._table_pane = html_pane("", css_classes=["aa-table"])
        self._status_pane = html_pane("", css_classes=["aa-status"], sizing_mode="stretch_width")
        self._log_pane = html_pane("", css_classes=["aa-log"], sizing_mode="stretch_width", stylesheets=[LOG_STYLES])
        self._plans_pane = html_pane("", css_classes=["aa-plans"], sizing_mode="stretch_width")
        self._computer_pane = html_pane("", css_classes=["aa-computer"], sizing_mode="stretch_width")
        self._play = pn.widgets.Button(label="Play turn", color="primary", css_classes=["aa-play"])
        self._undo = pn.widgets.Button(label="Undo last turn", css_classes=["aa-undo"])
        self._play.on_click(lambda _: self.play())
        self._undo.on_click(lambda _: self.undo())
        record = self._fresh() if record is None else record
        self._require_seats(record)
        self._set(record, [])
        if looking != EVERYONE:
            self.player = looking
        self.param.watch(lambda e: self._refresh(), "player")

    # --- state ---------------------------------------------------------------------------------

    @param.depends("start", "seed", watch=True)
    def _restart(self) -> None:
        self._set(self._fresh(), [])

    def _fresh(self) -> Game:
        """A new game from ``start`` (or the demo's planes) and ``seed``."""
        setup = setup_of(self.start) if self.start is not None else {**demo_setup(), "max_turns": 0}
        return new_game("airaction", self.seed, setup)

    def _set(self, record: Game, history: list) -> None:
        self.param.player.objects = [EVERYONE, *record.players]
        if self.player not in self.param.player.objects:
            with param.parameterized.discard_events(self):
                self.player = EVERYONE
        with editing(self, "record", "game", "history", "log", "error"):
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

    def planning(self) -> list[PlaneState]:
        """The planes planned at this screen now: the flying planes of the human players (of the
        ``player`` at the screen, at a hot seat) whose plan for this turn is not given yet."""
        assert self.record is not None
        state = self.record.state
        given, humans = dict(state.plans), self.humans(self.record)
        return [p for p in state.game.flying() if p.id not in given and p.player in humans
                and (self.player == EVERYONE or p.player == self.player)]

    def _reseat(self) -> None:
        if self.record is None:
            return
        refused = self.seats_refused(self.record)
        if refused is not None:
            with editing(self, "error"):
                self.error = str(refused)
            self._show(refused)
            return
        self._refresh()

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
        """Apply the plan of every plane planned here, let the computers plan theirs, and resolve
        the turn; at a hot seat with another human still to plan, the plans given stay secret and
        the screen goes to that player. A refused plan changes nothing and is shown beside its
        input."""
        assert self.record is not None
        before = g = self.record
        pid = None
        try:
            for p in self.planning():
                pid, plan = p.id, self.plans[p.id]
                targets = tuple((w, plan.targets[w]) for w in WEAPONS if w in plan.targets)
                g = self.seat_take(g, Plan(pid, plan.clicks, plan.card, plan.orientation, targets))
            pid = None
            g = self.seat_answer(g)  # the computers plan (they see no human plan)
            acting = self.humans_to_act(g)
            if not acting:
                g = g.apply(Resolve())
        except CsPanelError as e:
            with editing(self, "error"):
                self.error = str(e)
            self._show(e, pid)
            return False
        if acting:  # hot seat: the next human plans, not seeing these plans
            self._set(g, self.history)
            self.player = acting[0]
            return True
        began = self._turn_began(before)  # plans given earlier this turn at a hot seat: the rewind goes before them
        start = before if began == len(before.log) else before.history()[began]
        self._set(g, self.history + [start])
        if self.player == EVERYONE:  # the question below lists every plan of every plane: only a hot seat needs it
            return True
        acting = self.humans_to_act(g)
        if acting and self.player not in acting:
            self.player = acting[0]  # hot seat: the next turn's first planner
        return True

    @staticmethod
    def _turn_began(record: Game) -> int:
        """How many actions the record held when this turn began (after its last resolved turn)."""
        return max((i + 1 for i, e in enumerate(record.log) if isinstance(e.action, Resolve)), default=0)

    def undo(self) -> bool:
        """Put the game back as it was before the last turn (the table's teaching undo, see the
        module's docstring). With a computer seated, or a plan given at a hot seat and the turn not
        played yet, the game's fair undo instead (``seats.undo_own``); a refusal is shown."""
        record = self.record
        assert record is not None
        pending = bool(record.log) and isinstance(record.log[-1].action, Plan)
        if pending or self.computers(record):
            try:
                game = self.seat_undo(record)
            except CsPanelError as e:
                with editing(self, "error"):
                    self.error = str(e)
                self._show(e)
                return False
            owner = record.rules.owner(game.state, record.log[len(game.log)].action)
            self._set(game, self.history)
            if self.player != EVERYONE and owner in record.players:
                self.player = owner  # the screen goes back to the player whose plan came back
            return True
        if not self.history:
            return False
        self._set(self.history[-1], self.history[:-1])
        return True

    def _build_rows(self) -> None:
        assert self.game is not None
        flying = self.planning()
        if [p.id for p in flying] == list(self._widgets):
            # the same planes fly: update their inputs in place (new widgets would make the browser
            # build every row again on each turn and each undo)
            self._syncing = True
            try:
                for p in flying:
                    plan, w = self.plans[p.id], self._widgets[p.id]
                    put_changed(w["clicks"], value=plan.clicks)
                    put_changed(w["card"], options=_cards_at(p.speed.speed), value=plan.card,
                                label=f"card (speed {p.speed.speed})")
                    put_changed(w["orientation"], options=_orientations(plan.card), value=plan.orientation or "straight")
            finally:
                self._syncing = False
            return
        self._widgets, self._slots, rows = {}, {}, []
        for p in self.planning():
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
                put_changed(slot, object=error_html(text) if here else "")  # twelve slots, most of them empty as they were
                placed = placed or here
        put_changed(self._general, object=error_html(text) if error is not None and not placed else "")

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
        self._log_pane.object = ("<p><b>The turns played, step by step</b> (newest last)</p>"
                                 + scroll_list_html(self.log or ["No turn played yet."], "aa-log-box"))
        self._plans_pane.object = self._plans_html()
        self._computer_pane.object = self.computer_html(self.record, self._viewer())

    def _viewer(self) -> str | None:
        return None if self.player == EVERYONE else self.player

    def plans_seen(self) -> list[str]:
        """The plans given this turn, as the player at the screen may see them (``Game.observation``:
        another side's plan is masked until the turn reveals it, A.order)."""
        assert self.record is not None
        began = self._turn_began(self.record)
        return [text for text, _ in self.seen_log(self.record, self._viewer())[began:]]

    def _plans_html(self) -> str:
        seen, who = self.plans_seen(), self.player
        here = "" if self.planning() else "<p>No plane to plan at this screen now: press Play turn.</p>"
        if not seen:
            return here
        items = "".join(f"<li><code>{html.escape(x)}</code></li>" for x in seen)
        return f"<p>Plans given this turn, as {html.escape(who)} sees them:</p><ul>{items}</ul>" + here

    def __panel__(self):
        return pn.Column(
            pn.pane.Markdown("### Air Action table\nPlan each plane's turn, then play it (A.order)."),
            pn.Row(self.seat_controls(self.record.players, "Players"),
                   pn.widgets.Select.from_param(self.param.player, label="Who is at the screen", width=180,
                                                css_classes=["in-player"])),
            self._plans_pane,
            self._rows,
            pn.Row(self._play, self._undo),
            self._general,
            pn.Row(self._table_pane, self._status_pane),
            self._log_pane,
            self._computer_pane,
            sizing_mode="stretch_width",
        )
