"""Seats at the specialised tables: each player "human" or "computer".

``Seating`` is a mixin for the table components that hold one ``Game`` (``FasaTable``,
``AirActionTable``, ``AcesSkirmish``, ``BarroomsTable``). It holds no rules and no seat logic of
its own: which actions a human may take, when the computers answer and how far an undo goes are
``cs_panel.core.seats`` (``take``, ``advance``, ``undo_own``, ``to_act``), as at the generic
``PlayTable``; a computer's choice comes from ``cs_panel.bots.choose`` at ``level`` (or the
``chooser`` given), which sees only its player's observation.

What the mixin keeps: the ``seats`` and ``level`` parameters, the computer's one-line explanation
of each of its actions (``notes``, by log index, kept only while the log they explain stands), the
log as one player may see it with those explanations (a computer's reason for a secret action is
as secret as the action: it would tell the plot), and the widgets that seat the players.

Every seat is human unless ``seats`` says otherwise, so a table nobody seats plays as it always did.
"""

from __future__ import annotations

import html

import panel as pn
import param

from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game
from cs_panel.core.seats import COMPUTER, HUMAN, SEATS, advance, check_seats, last_actor, take, to_act, undo_own
from cs_panel.ui.play_table import bot_chooser
from cs_panel.ui.common import editing

LEVELS = ("tactical", "random")

SEAT_STYLES = """
.seat-why { color: #2c5282; font-family: sans-serif; }
"""


class Seating(param.Parameterized):
    """Seats (human or computer) for a table component holding one ``Game``."""

    seats = param.Dict(default={}, doc="Each player's seat, 'human' or 'computer' (cs_panel.core.seats); a player "
                                       "not named is human, so by default everyone plays at the screen.")
    level = param.Selector(default="tactical", objects=list(LEVELS),
                           doc="How the computer plays: 'tactical' (our exact odds) or 'random' (any legal action).")
    chooser = param.Callable(default=None, allow_None=True,
                             doc="(game, player) -> (action, why) for the computer; None: cs_panel.bots at `level`.")
    notes = param.Dict(default={}, constant=True,
                       doc="The computer's one-line explanation of each of its actions, by log index (read-only).")

    _noted: Game | None = None  # the game whose log ``notes`` explains
    _authors: dict = {}  # which computer took each noted action, by log index
    _good_seats: dict = {}  # the last seating the core accepted (a refused one goes back to it)
    _answered = False  # set while the game shown is the computers' answer (or an undo: no answer)

    def _show_answered(self, game: Game) -> None:
        """Show ``game`` as it is: the computers do not answer it again (their answer, or an undo).
        For a table whose ``game`` watcher lets the computers answer unless ``_answered`` is set."""
        self._answered = True
        try:
            self.game = game
        finally:
            self._answered = False

    # --- the core, asked ------------------------------------------------------------------------

    def seated(self, game: Game) -> dict[str, str]:
        """Every player's seat (``check_seats``: an unknown player or seat is a ``SeatError``)."""
        return check_seats(game, self.seats)

    def computers(self, game: Game) -> list[str]:
        seated = self.seated(game)
        return [p for p in game.players if seated[p] == COMPUTER]

    def humans(self, game: Game) -> list[str]:
        seated = self.seated(game)
        return [p for p in game.players if seated[p] == HUMAN]

    def humans_to_act(self, game: Game) -> tuple[str, ...]:
        """The human players who have something to do now (``seats.to_act``)."""
        return to_act(game, self.seats)

    def _require_seats(self, game: Game) -> None:
        """At construction: a seating that names nobody at ``game`` (or no seat) is refused by name
        (``SeatError``), as the other bad inputs a table is built with are."""
        check_seats(game, self.seats)
        self._good_seats = dict(self.seats)

    def seat_take(self, game: Game, action) -> Game:
        """``game`` after a human's ``action`` (an ``Action`` or its notation); refused by name when
        the action is a computer's (``seats.take``)."""
        if isinstance(action, str):
            action = game.parse(action)
        return take(game, self.seats, action)

    def seat_answer(self, game: Game, *, auto_table: bool = False) -> Game:
        """``game`` after the computers have answered (``seats.advance``): they act until a human
        has something to do; the table's own steps wait for the table's buttons unless
        ``auto_table``. Their explanations go into ``notes``."""
        if not self.computers(game) and not auto_table:  # nobody to answer: the table waits for its humans
            self._note(game, {}, {})
            return game
        chooser = self.chooser or bot_chooser(self.level)
        answered, moves = advance(game, self.seats, chooser, auto_table=auto_table)
        self._note(answered, {m.index: m.why for m in moves if m.why}, {m.index: m.player for m in moves})
        return answered

    def seat_undo(self, game: Game) -> Game:
        """Undo at a table with seats: with no computer seated, the game's own fair undo of its last
        action (as the tables always did); with one, the last human's own action and the computer's
        answers after it (``seats.undo_own``). A refusal (a roll or a reveal in the way) is an
        ``UndoRefusedError`` and the game stays."""
        if not self.computers(game):
            return game.undo()
        return undo_own(game, last_actor(game, self.humans(game)))

    # --- the computer's explanations -----------------------------------------------------------------

    def notes_for(self, game: Game) -> dict[int, str]:
        """The explanations that still belong to ``game``'s log: those of the actions it shares with
        the game they were written for (an undo or a new game leaves the others behind)."""
        old = self._noted
        if old is None or not self.notes:
            return {}
        if old is game:
            return dict(self.notes)
        same = 0
        for a, b in zip(old.log, game.log):
            if a != b:
                break
            same += 1
        return {i: w for i, w in self.notes.items() if i < same}

    def _note(self, game: Game, new: dict[int, str], authors: dict[int, str]) -> None:
        notes = {**self.notes_for(game), **new}
        self._authors = {**getattr(self, "_authors", {}), **authors}
        self._noted = game
        if notes != self.notes:
            with editing(self, "notes"):
                self.notes = notes

    def seen_log(self, game: Game, viewer: str | None) -> list[tuple[str, str]]:
        """Each action as ``viewer`` may see it (``Game.observation``; ``None``: the whole table,
        who sees a secret action once every player may, after the step that reveals it) with the
        computer's reason, "" when there is none or the action is hidden from the viewer (its
        reason would tell it)."""
        if viewer in game.players:
            seen = game.log_seen_by(viewer)
        else:
            views = [game.log_seen_by(p) for p in game.players]
            seen = [str(e.action) if all(v[i] == str(e.action) for v in views) else e.action.masked()
                    for i, e in enumerate(game.log)]
        notes = self.notes_for(game)
        return [(text, notes.get(i, "") if text == str(e.action) else "")
                for i, (text, e) in enumerate(zip(seen, game.log))]

    def computer_lines(self, game: Game, viewer: str | None) -> list[str]:
        """The computer's actions as ``viewer`` may see them, each with its one-line reason."""
        notes = self.notes_for(game)
        if not notes:
            return []
        seen = self.seen_log(game, viewer)
        return [f"{i + 1}. {self._authors.get(i, 'computer')} (computer): {seen[i][0]}"
                + (f" -- {seen[i][1]}" if seen[i][1] else "") for i in sorted(notes) if i < len(seen)]

    def computer_html(self, game: Game, viewer: str | None) -> str:
        lines = self.computer_lines(game, viewer)
        if not lines:
            return ""
        items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
        return f"<div class='seat-computer'><b>The computer's actions</b><ul>{items}</ul></div>"

    # --- widgets ---------------------------------------------------------------------------------------

    def seat_controls(self, players, title: str = "") -> pn.Column:
        """One human/computer switch per player, and the computer's level (under ``title``, if any)."""
        rows = [pn.pane.HTML(f"<b>{html.escape(title)}</b>", margin=(0, 5))] if title else []
        for p in players:
            w = pn.widgets.RadioButtonGroup(options=list(SEATS), value=self.seats.get(p, HUMAN), width=160,
                                            css_classes=[f"seat-{p}"], margin=(2, 5))
            w.param.watch(lambda e, p=p: self.param.update(seats={**self.seats, p: e.new}), "value")
            rows.append(pn.Row(pn.pane.HTML(f"<b>{html.escape(p)}</b>", width=70, align="center", margin=(0, 5)), w,
                               margin=0))
        level = pn.widgets.Select.from_param(self.param.level, label="The computer plays", width=160,
                                             css_classes=["in-level"])
        return pn.Column(*rows, level, margin=0)

    @param.depends("seats", "level", "chooser", watch=True)
    def _seating_changed(self) -> None:
        self._reseat()

    def seats_refused(self, game: Game) -> CsPanelError | None:
        """None when ``seats`` seat ``game``'s players (and they are kept as the good seating);
        else the seats go back to the last good seating and the refusal is returned, for the
        table to show."""
        try:
            check_seats(game, self.seats)
        except CsPanelError as e:
            with param.parameterized.discard_events(self):
                self.seats = dict(self._good_seats)
            return e
        self._good_seats = dict(self.seats)
        return None

    def _reseat(self) -> None:
        """The table's answer to a new seating: a computer seated now acts at once (each table
        says how it shows a refusal)."""
        raise NotImplementedError


__all__ = ["COMPUTER", "HUMAN", "LEVELS", "Seating"]
