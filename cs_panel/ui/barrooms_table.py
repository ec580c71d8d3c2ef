"""``BarroomsTable``: play a *Crimson Bar-rooms* fight through the game protocol, one action at a time.

The component holds one ``Game`` (``cs_panel.core.game``; the system "barrooms",
``cs_panel/barrooms/play.py``) and keeps no rules of its own: the menu lists
``game.legal_actions`` for the player the game waits for, "Apply" hands the chosen notation to
``game.apply``, "Undo" to ``game.undo`` (fair undo: never across a die roll). A refusal shows
beside the buttons and leaves the game as it was. The room is drawn by
``cs_panel.barrooms.render`` (imported when it draws), and the transcript lists every action
with its rolls, their terms, odds and rule ids (B.sequence, B.move.gait, B.fire.target, B.cover,
B.grenade, B.melee, B.knife, B.shock, B.hitloc, B.jam).

Seats (``cs_panel.ui.seating``): each side is "human" (the default) or "computer". A computer's
men act by themselves (``cs_panel.bots.choose`` at ``level``) whenever their go comes: at the
start, after each human action, after a new seating; its one-line reasons are listed over the
transcript. Undo then takes back the human's last action and the computer's after it
(``seats.undo_own``, never across a roll). A fight set up elsewhere plays here as it is:
``BarroomsTable(game=GameSetup(system="barrooms", ...).game)``.
"""

from __future__ import annotations

import html

import panel as pn
import param

from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game
from cs_panel.ui.common import FRAME, editing, error_html, html_pane, put_changed
from cs_panel.ui.long_select import LongSelect
from cs_panel.ui.seating import Seating
from cs_panel.ui.a11y import show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg

DEMO_SEED = 1931


def _demo() -> Game:
    from cs_panel.games import new_game

    return new_game("barrooms", seed=DEMO_SEED)


class BarroomsTable(Seating, pn.viewable.Viewer):
    """A Bar-rooms fight: the legal actions of the man whose go it is, Apply and Undo, the room, the fighters, the transcript."""

    shows_rules = ("B.sequence", "B.move.gait", "B.move.dash-roll", "B.fire.target", "B.fire.rate", "B.cover",
                   "B.grenade", "B.melee", "B.knife", "B.shock", "B.hitloc", "B.jam", "B.weapons")  # rules index

    game = param.ClassSelector(class_=Game, default=None, allow_None=True,
                               doc="The fight (a Bar-rooms Game); None starts the demo fight with seed 1931. Apply and "
                                   "Undo replace it with the game after the action.")
    action = param.String(default="", doc="The notation of the action Apply takes (the menu sets it; any notation may "
                                          "be typed, and the rules refuse what is not legal).")
    error = param.String(default="", constant=True, doc="Why the last Apply or Undo was refused ('' when it was done).")

    def __init__(self, **params):
        if params.get("game") is None:
            params["game"] = _demo()
        super().__init__(**params)
        if self.game.system != "barrooms":
            raise CsPanelError(f"a BarroomsTable plays a Bar-rooms game, not {self.game.system!r}", field="game")
        self._menu = LongSelect(label="Action", css_classes=["br-actions"], width=320)
        self._apply = pn.widgets.Button(label="Apply", color="primary", css_classes=["br-apply"], width=80)
        self._undo = pn.widgets.Button(label="Undo", css_classes=["br-undo"], width=80)
        self._error_pane = html_pane("", css_classes=["br-error"], min_width=200, sizing_mode="stretch_width")
        self._status = html_pane("", css_classes=["br-status"], sizing_mode="stretch_width")
        # the floor goes to the browser once; each action sends the fighters and the words again
        self._room = LayeredSvg(css_classes=["br-room-pane"], margin=(5, 10))  # where the HTML pane drew it
        self._text = text_view(css_classes=["br-text"])  # the room in words, for screen readers
        self._fighters = html_pane("", css_classes=["br-fighters"], sizing_mode="stretch_width")
        self._computer = html_pane("", css_classes=["br-computer"], sizing_mode="stretch_width")
        # one height, scrolled inside: a transcript a line longer or shorter after each action resized
        # the page, and the browser measured every part of it again (about 3 ms a click, issue 14)
        self._log = html_pane("", css_classes=["br-log"], sizing_mode="stretch_width", height=360,
                              stylesheets=[f":host {{ overflow-y: auto; {FRAME} }}"])
        self._apply.on_click(lambda _: self.apply())
        self._undo.on_click(lambda _: self.undo())
        self._menu.param.watch(lambda e: setattr(self, "action", e.new or ""), "value")
        self._require_seats(self.game)
        self._refresh()

    # -- what the buttons do ------------------------------------------------------------------------

    @property
    def legal(self) -> list[str]:
        """The notation of every legal action of the player the game waits for."""
        g = self.game
        if g is None or g.is_over or not g.waiting_for:
            return []
        return [str(a) for a in g.legal_actions(g.waiting_for[0])]

    def apply(self, text: str | None = None) -> bool:
        """Take ``text`` (default: ``action``); True when the game took it, else the refusal is in ``error``."""
        text = self.action if text is None else text
        try:
            game = self.seat_take(self.game, text)
        except CsPanelError as e:
            self._refuse(str(e))
            return False
        self._done()
        self.game = game
        return True

    def undo(self) -> bool:
        """Take back the last action if the fair undo allows it; else the refusal is in ``error``."""
        try:
            game = self.seat_undo(self.game)
        except CsPanelError as e:
            self._refuse(str(e))
            return False
        self._done()
        self._show_answered(game)  # the human acts again before the computer answers
        return True

    def _reseat(self) -> None:
        refused = self.seats_refused(self.game)
        if refused is not None:
            self._refuse(str(refused))
            return
        self._done()
        self._refresh()

    def _refuse(self, message: str) -> None:
        with editing(self, "error"):
            self.error = message
        self._error_pane.object = error_html(message)

    def _done(self) -> None:
        with editing(self, "error"):
            self.error = ""
        self._error_pane.object = ""

    # -- views -------------------------------------------------------------------------------------

    @param.depends("game", watch=True)
    def _refresh(self) -> None:
        from cs_panel.barrooms.render import room_svg  # drawing code, only when a table draws

        if self.game is None:  # None asks for the demo fight, as at the start
            self.game = _demo()
            return
        if not self._answered:  # the computer's men act before the fight is shown
            try:
                answered = self.seat_answer(self.game)
            except CsPanelError as e:
                answered = self.game
                self._refuse(str(e))
            if answered is not self.game:
                self._show_answered(answered)
                return
        g = self.game
        options = self.legal
        # options and value in one update: one change to the menu's model, not two; only what changed,
        # without param.update's copy of every one of the menu's values first (issue 14)
        put_changed(self._menu, options=options, value=options[0] if options else None)
        self.action = options[0] if options else ""
        self._menu.disabled = self._apply.disabled = not options
        self._room.show(room_svg(g.state), top_from="<g class='br-fighter'")
        from cs_panel.barrooms.render import room_text

        room = g.state
        show_text(self._text, lambda: "\n".join(room_text(room)))  # made when a reader opens the view
        self._status.object = self._status_html(len(options))  # the moves are worked out once a change
        self._fighters.object = self._fighters_html()
        self._computer.object = self.computer_html(g, None)
        self._log.object = g.transcript_html()

    def _status_html(self, legal: int) -> str:
        g = self.game
        if g.is_over:
            return f"<p class='br-result'><b>The fight is over.</b> {html.escape(g.result.text)}</p>"
        s = g.state
        return (f"<p>Turn {g.turn}, {html.escape(s.phase)} phase: <b>{html.escape(s.queue[0])}</b> "
                f"({html.escape(g.waiting_for[0])}) to act; {legal} legal actions. "
                f"Actions so far: {len(g.log)}.</p>")

    def _fighters_html(self) -> str:
        rows = []
        for f in self.game.state.fighters:
            gun = f"{f.weapon} {f.ammo} rounds" + (f" ({f.gun})" if f.gun != "ready" else "") if f.weapon else "no gun"
            wounds = ", ".join(f"{loc} {b}" for loc, b in f.card.marks) or "none"
            rows.append("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in (
                f.name, f.player, f"{f.at[0]},{f.at[1]}", f.status, f.gait, gun, f"{f.track.left}/{f.punch_total}",
                f.ch.shock, wounds, ", ".join(f.grenades) or "-")) + "</tr>")
        head = "".join(f"<th>{h}</th>" for h in ("name", "side", "hex", "status", "gait", "gun", "punch points",
                                                 "shock", "wounds (reconstructed card)", "grenades"))
        return f"<table class='cs-breakdown br-fighter-table'><tr>{head}</tr>{''.join(rows)}</table>"

    def __panel__(self):
        return pn.Column(
            pn.Row(self._menu, self._apply, self._undo, self._error_pane, sizing_mode="stretch_width"),
            self._status,
            self.seat_controls(self.game.players, "Players"),
            self._room, self._text,
            self._fighters,
            self._computer,
            pn.pane.Markdown("**Transcript**: every roll with its terms, odds, faces and rule ids."),
            self._log,
            sizing_mode="stretch_width",
        )


__all__ = ["BarroomsTable"]
