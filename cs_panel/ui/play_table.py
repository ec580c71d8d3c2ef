"""``PlayTable``: play any game on the protocol at one screen, each player seated as a human or the
computer.

The component holds one ``Game`` (``cs_panel.core.game``) and nothing else of the game's: the
choices it offers are the rules' legal actions for the human at the screen, an action goes
through ``Game.apply``, undo through the fair undo (``cs_panel.core.seats.undo_own``), and the
computers and the table's own steps through ``cs_panel.core.seats.advance``. A computer's choice
comes from ``cs_panel.bots.choose`` (or the ``chooser`` given), which sees only that player's
observation; its one-line explanation goes into the log beside its action.

Under the table, "Set up a new game" holds a ``GameSetup``: the game it starts comes to this
table, each player keeping his seat where the names match.

Hot seat: ``viewer`` is the human looking at the screen. The log shows the game as
``Game.observation(viewer)`` gives it, so another player's secret plot reads ``plot Raider
(secret)`` until the rules reveal it. When the viewer has nothing to do and another human has,
the screen says to pass it on and switches to that player.

A refused action (notation typed by hand, or an undo across a die roll) is shown under the
buttons; the game and the inputs stay as they were.
"""

from __future__ import annotations

import html

import panel as pn
import param

from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game
from cs_panel.core.seats import (
    COMPUTER, HUMAN, SEATS, advance, check_seats, last_actor, own_actions, take, to_act, undo_own,
)
from cs_panel.ui.common import FieldErrors, editing, html_pane, point_at, put_changed, scroll_box_html, scroll_styles
from cs_panel.ui.long_select import LongSelect
from cs_panel.ui.a11y import show_text, text_view
from cs_panel.core.svg import svg_text

FIELDS = ["action", "seats"]

# the log's box keeps one height (a line more or less per action would resize the page, and the
# browser then measures every part of it again: about 3 ms a click, issue 14)
TABLE_STYLES = scroll_styles("play-log", "340px") + """
.play-log ol { font-family: monospace; font-size: 0.85em; margin: 0; padding-left: 2.2em; }
.play-log .why { color: #2c5282; font-family: sans-serif; }
.play-log .roll { color: #555; }
.play-status { font-size: 1.1em; }
"""


def bot_chooser(level: str):
    """A chooser for ``cs_panel.core.seats.advance``: the computer opponent at ``level``."""
    def pick(game: Game, player: str):
        from cs_panel.bots import choose  # imported when a computer first plays
        choice = choose(game, player, level)
        return choice.action, choice.why
    return pick


class PlayTable(pn.viewable.Viewer):
    """Play a game against the computer or a friend: choose an action, apply it, undo it."""

    shows_rules = ("F.seq.phases", "F.move.plot", "F.move.resolve", "F.combat.choice", "F.victory",
                   "A.victory", "K.victory")  # rule ids shown here (rules index)

    game = param.ClassSelector(class_=Game, default=None, allow_None=True,
                               doc="The game being played (any system on the protocol: cs_panel.games.new_game).")
    seats = param.Dict(default={}, doc="Each player's seat, 'human' or 'computer' (a player not named is human; "
                       "when not given, the first player is human and the others the computer).")
    level = param.Selector(default="tactical", objects=["tactical", "random"],
                           doc="How the computer plays: 'tactical' (our exact odds) or 'random' (any legal action).")
    viewer = param.String(default="", doc="The human at the screen (hot seat): the log shows what this player may see.")
    action = param.String(default="", doc="The action to take, in the game's notation (one of the choices offered).")
    auto_table = param.Boolean(default=True, doc="Take the table's steps (movement, combat, ...) as soon as nobody "
                               "has anything left to do; off, a button takes each one.")
    chooser = param.Callable(default=None, allow_None=True,
                             doc="(game, player) -> (action, why) for the computer; None: cs_panel.bots at `level`.")
    with_setup = param.Boolean(default=True, doc="Show 'Set up a new game' under the table.")
    notes = param.Dict(default={}, constant=True, doc="The computer's explanation of each of its actions, by log index.")
    error = param.String(default="", constant=True, doc="The last refusal ('' when the last request was taken).")

    def __init__(self, **params):
        if params.get("game") is None:
            from cs_panel.games import new_game
            params["game"] = new_game("fasa", seed=1)
        if "seats" not in params:  # by default the first player is you and the others the computer
            params["seats"] = {p: COMPUTER for p in params["game"].players[1:]}
        self._busy = False
        self._last_game, self._last_seats, self._last_viewer = params["game"], {}, ""
        super().__init__(**params)
        self._errors = FieldErrors(FIELDS)
        self._status = html_pane("", css_classes=["play-status"], sizing_mode="stretch_width")
        self._picture = html_pane("", css_classes=["play-picture"], sizing_mode="stretch_width",
                                  stylesheets=[TABLE_STYLES])
        self._text = text_view(css_classes=["play-text"])  # the picture in words, for screen readers
        self._log = html_pane("", css_classes=["play-log-pane"], sizing_mode="stretch_width",
                              stylesheets=[TABLE_STYLES])
        self._choices = LongSelect(label="Your action", width=480, css_classes=["in-action"])
        self._choices.param.watch(lambda e: self.param.update(action=e.new or ""), "value")
        self._seat_box = pn.Column(margin=0)
        self._setup_form = None  # the "Set up a new game" form, once its card has been opened
        self._settle()

    # --- what the table does -------------------------------------------------------------------

    def _pick(self):
        return self.chooser or bot_chooser(self.level)

    def _set(self, **values) -> None:
        self._busy = True
        try:
            with editing(self, *values):
                self.param.update(**values)
        finally:
            self._busy = False

    @param.depends("game", watch=True)
    def _game_changed(self):
        if self._busy:
            return
        if self.game is None:  # no game to show: keep the one there was, and say why
            self._set(game=self._last_game)
            self._refuse(CsPanelError("choose a game: the table needs one to play", field="action"), "action")
            return
        self._set(notes={})  # a game set from outside (a new game, a loaded one): its notes start afresh
        self._settle()

    def _settle(self, game: Game | None = None) -> None:
        """Let the computers and the table act until a human must, then show the result."""
        game = self.game if game is None else game
        try:
            seats = check_seats(game, self.seats)
        except CsPanelError as e:  # seats naming nobody: keep the seating that worked, say why
            self._set(seats=self._last_seats)
            self._refuse(e, "seats")
            return
        try:
            game, moves = advance(game, seats, self._pick(), auto_table=self.auto_table)
        except CsPanelError as e:
            self._refuse(e, "action")
            return
        notes = dict(self.notes)
        notes.update({m.index: m.why for m in moves if m.why})
        humans = [p for p in game.players if seats[p] == HUMAN]
        viewer = self.viewer if self.viewer in humans else (humans[0] if humans else "")
        acting = to_act(game, seats)
        if acting and viewer not in acting:
            viewer = acting[0]  # hot seat: the screen goes to the human who has something to do
        self._set(game=game, notes=notes, viewer=viewer, error="")
        self._last_game, self._last_seats = game, dict(self.seats)
        self._errors.show(None)
        self._refresh()

    def _refuse(self, error: CsPanelError, field: str) -> None:
        self._set(error=str(error))
        self._errors.show(error if error.field in FIELDS else point_at(error, field))

    def apply(self, text: str | None = None) -> bool:
        """Take ``text`` (or the chosen ``action``) for the human at the screen; False if refused."""
        text = self.action if text is None else text
        if not text:
            self._refuse(CsPanelError("choose an action first", field="action"), "action")
            return False
        try:
            game = take(self.game, self.seats, self.game.parse(text))
        except CsPanelError as e:
            self._refuse(e, "action")
            return False
        self._settle(game)
        return True

    def step_table(self) -> bool:
        """Take the table's next step by hand (when ``auto_table`` is off)."""
        from cs_panel.core.seats import table_actions
        steps = table_actions(self.game)
        if not steps:
            self._refuse(CsPanelError("the table has no step to take now: a player has something to do",
                                      field="action"), "action")
            return False
        return self.apply(str(steps[0]))

    def undo(self) -> bool:
        """Take back the last action a human took (and the computers' after it), by the fair undo;
        the screen goes back to that player. At a hot seat, whoever acted last may take it back
        before the screen is passed on."""
        try:
            seats = check_seats(self.game, self.seats)
            player = last_actor(self.game, [p for p in self.game.players if seats[p] == HUMAN])
            game = undo_own(self.game, player)
        except CsPanelError as e:
            self._refuse(e, "action")
            return False
        notes = {i: w for i, w in self.notes.items() if i < len(game.log)}
        # the computers' undone actions are not played again at once: the human acts first
        self._set(game=game, notes=notes, viewer=player, error="")
        self._errors.show(None)
        self._refresh()
        return True

    @param.depends("seats", "level", "auto_table", watch=True)
    def _seating_changed(self):
        self._settle()

    @param.depends("viewer", watch=True)
    def _viewer_changed(self):
        if self._busy:
            return
        if self.viewer not in self.game.players:  # nobody of that name at the table: the screen stays
            bad = self.viewer
            self._set(viewer=self._last_viewer)
            self._refuse(CsPanelError(f"{bad[:40]!r} does not play here; the players are {list(self.game.players)}",
                                      field="action"), "action")
            return
        self._refresh()

    # --- what the screen shows ---------------------------------------------------------------

    def choices(self) -> list[str]:
        """The actions offered to the human at the screen, in notation."""
        if not self.viewer:
            return []
        return [str(a) for a in own_actions(self.game, self.viewer)]

    def log_lines(self) -> list[str]:
        """The log as the viewer may see it, each computer action with its explanation."""
        if not self.viewer:
            return [str(e.action) for e in self.game.log]
        seen = self.game.log_seen_by(self.viewer)
        out = []
        for i, (text, entry) in enumerate(zip(seen, self.game.log)):
            # a computer's reason for a secret action is as secret as the action (it tells its plot)
            why = self.notes.get(i) if text == str(entry.action) else None
            out.append(text + (f"  ({why})" if why else ""))
        return out

    def _refresh(self) -> None:
        g = self.game
        self._last_viewer = self.viewer
        seats = check_seats(g, self.seats)
        if g.is_over:
            status = f"<b>The game is over.</b> {html.escape(g.result.text)}"
        else:
            acting = to_act(g, seats)
            who = ", ".join(f"{p} ({seats[p]})" for p in g.players)
            if acting:
                status = f"Turn {g.turn}. <b>{html.escape(self.viewer)}</b> to act."
                others = [p for p in acting if p != self.viewer]
                if others:
                    status += f" Then pass the screen to {html.escape(', '.join(others))}."
            elif not self.auto_table:
                status = f"Turn {g.turn}. The table's next step: press Table step."
            else:
                status = f"Turn {g.turn}."
            status += f" <small>Players: {html.escape(who)}</small>"
        self._status.object = status
        options = self.choices()
        if options:
            keep = self.action if self.action in options else options[0]
            # options and value in one update: one message to the widget's model, not two; only what
            # changed, without param.update's copy of every one of the widget's values first (issue 14)
            put_changed(self._choices, options=options, value=keep)
            self.action = keep
        else:
            put_changed(self._choices, options=options, value=None)
        picture = None
        drawer = getattr(g.rules, "picture", None)
        if drawer is not None:
            try:
                picture = drawer(g.state)
            except CsPanelError:
                picture = None
        self._picture.object = picture or ""
        show_text(self._text, (lambda: svg_text(str(picture))) if picture else "No picture of this game.")
        self._log.object = self._log_html()

    def _log_html(self) -> str:
        seen = self.game.log_seen_by(self.viewer) if self.viewer else [str(e.action) for e in self.game.log]
        items = []
        for i, (text, entry) in enumerate(zip(seen, self.game.log)):
            hidden = text != str(entry.action)
            why = None if hidden else self.notes.get(i)  # the reason for a secret action is secret too
            body = f"<code>{html.escape(text)}</code>"
            if why:
                body += f" <span class='why'>{html.escape(why)}</span>"
            if entry.lines and not hidden:
                body += "<ul>" + "".join(f"<li class='roll'>{html.escape(x)}</li>" for x in entry.lines) + "</ul>"
            items.append(f"<li>{body}</li>")
        inside = f"<ol>{''.join(items)}</ol>" if items else "<p>No action yet.</p>"
        return scroll_box_html(inside, "play-log")  # the same box, empty or not

    def _seat_widgets(self) -> pn.Column:
        seats = check_seats(self.game, self.seats)
        rows = []
        for p in self.game.players:
            w = pn.widgets.RadioButtonGroup(label=p, options=list(SEATS), value=seats[p], width=180,
                                            css_classes=[f"seat-{p}"])
            w.param.watch(lambda e, p=p: self.param.update(seats={**self.seats, p: e.new}), "value")
            rows.append(pn.Row(pn.pane.Markdown(f"**{p}**", width=90, margin=(8, 5)), w, margin=0))
        return pn.Column(*rows, margin=0)

    def __panel__(self):
        e = self._errors

        def button(label, act, css, **kw):
            b = pn.widgets.Button(label=label, css_classes=[css], **kw)
            b.on_click(lambda event: act())
            return b

        controls = pn.Column(
            "### Players", self._seat_widgets(),
            pn.widgets.Select.from_param(self.param.level, label="The computer plays", width=180,
                                         css_classes=["in-level"]),
            pn.widgets.Checkbox.from_param(self.param.auto_table, label="Take the table's steps by itself"),
            self._status,
            # the choice on its own line (FASA plots and Air Action plans are long), the buttons under it
            e.under(pn.Column(self._choices,
                              pn.Row(button("Apply", self.apply, "play-apply", color="primary", width=110),
                                     button("Undo", self.undo, "play-undo", width=110),
                                     button("Table step", self.step_table, "play-table-step", width=110),
                                     margin=0),
                              margin=0), "action"),
            e.slots["seats"], e.general,
            "### Log", self._log,
            width=520,
        )
        board = pn.Column(self._picture, self._text, sizing_mode="stretch_width", min_width=420, styles={"flex": "1 1 420px"})
        table = pn.FlexBox(controls, board, flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width")
        # no side margins: a stretched box with a margin ends past its container's edge
        if not self.with_setup:
            return table
        return pn.Column(table, self._setup_card(), sizing_mode="stretch_width", margin=0)

    def _setup_card(self) -> pn.Card:
        """The card "Set up a new game", closed; its form is built when a player first opens it. (Built at once,
        its ~250 widgets sat in every page's document unseen, and each click of the table cost the
        server a look over them all as it wrote its message: about 1 ms a click, issue 14.)"""
        card = pn.Card(title="Set up a new game", collapsed=True, margin=(10, 0), sizing_mode="stretch_width",
                       css_classes=["play-new-game"])

        def opened(event):
            if not event.new and not card.objects:  # each view of the table has its card; one form
                if self._setup_form is None:
                    self._setup_form = self._setup_view()
                card.objects = [self._setup_form]
        card.param.watch(opened, "collapsed")
        return card

    def _setup_view(self):
        """A ``GameSetup`` whose started game comes to this table (seats as they are, where the
        players' names match)."""
        from cs_panel.ui.game_setup import GameSetup

        setup = GameSetup(system=self.game.system, play_here=False)  # its game is played at this table

        def started(event):
            if event.new is None:
                return
            game = event.new
            kept = {p: s for p, s in self.seats.items() if p in game.players}
            self._set(seats=kept)
            self.game = game
        setup.param.watch(started, "game")
        return setup


__all__ = ["COMPUTER", "HUMAN", "PlayTable", "bot_chooser"]
