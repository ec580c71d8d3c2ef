"""``GameReplay``: step through a saved game of any system played through the game protocol
(``cs_panel.core.game``; FASA ``F.seq.phases``, Aces ``K.turns``).

The component holds the whole game (``game``) and a place in it (``step``: how many of its actions
have been taken, 0 for the start). For each step it shows the table as it stood (the system's own
picture, ``Rules.picture``), the action that led there, and what that action told: every roll's
target number with its terms, its odds, the die faces and the rule ids, as the log recorded them
(``Entry.lines``, ``Entry.faces``). Buttons go to the first step, back, forward and to the last; a
turn selector jumps to the start of any turn; a slider runs through the whole game.

A saved game (``Game.to_json``) is loaded from the browser with the file input: at most
``UPLOAD_BYTES``, UTF-8, and replayed face by face by ``Game.from_json``; a text that is not a
saved game is refused with a ``SavedStateError`` beside the input, and the game shown stays. The
demo selector shows a seeded demo game of each system. The replay shows every action, secret
plots and collision numbers included: a saved game is the whole table's record.

No rule is applied here: the states are the protocol's (``Game.history``) and the pictures the
systems' own.
"""

from __future__ import annotations

import html
import io
import random

import panel as pn
import param

from cs_panel.core.errors import CsPanelError, SavedStateError
from cs_panel.core.game import MAX_LOG, Game, random_playout
from cs_panel.core.validate import OutOfBoundsError
from cs_panel.games import available, new_game
from cs_panel.ui.common import FieldErrors, RuleInteger, html_pane, show_refusal, upload_text, editing, upload_box
from cs_panel.ui.a11y import show_text, text_view
from cs_panel.core.svg import svg_text

#: the demo games: each system's golden game of the tests (seed 7, random legal actions, 3 turns)
DEMO_SEED = 7
DEMO_TURNS = 3

REPLAY_STYLES = """
.replay-action code { font-size: 1.05em; }
.replay-lines { font-family: monospace; font-size: 0.85em; margin: 4px 0; padding-left: 1.2em; }
.replay-lines li { overflow-wrap: anywhere; }
.replay-dice { font-family: monospace; background: #f7fafc; padding: 1px 6px; border-radius: 3px; }
.replay-turn { font-family: monospace; font-size: 0.85em; margin: 0; padding-left: 1.6em; }
.replay-turn li.replay-here { font-weight: bold; background: #fbeaea; }
.replay-picture-box svg { max-width: 100%; height: auto; }  /* a wide map shrinks to its column */
"""


def demo_game(system: str) -> Game:
    """A seeded demo game of ``system``: random legal actions from seed 7 until turn 3 is over
    (the game ``tests/golden/<system>.txt`` records)."""
    return random_playout(new_game(system, seed=DEMO_SEED), random.Random(DEMO_SEED), max_turn=DEMO_TURNS)


class _Step(RuleInteger):
    """``step``: a whole number from 0 to the number of actions of the game shown; past the game's
    end it is refused by name (``OutOfBoundsError``) beside the slider, and the step stays."""

    __slots__: list[str] = []

    def __set__(self, obj, val):
        game = getattr(obj, "game", None) if isinstance(obj, GameReplay) else None
        if (game is not None and isinstance(val, int) and not isinstance(val, bool)
                and 0 <= val <= MAX_LOG and val > len(game.log)):
            error = OutOfBoundsError(f"step {val} is past the end of the game: it has {len(game.log)} actions, "
                                     f"so the steps are 0-{len(game.log)}", field="step")
            show_refusal(obj, error)
            raise error
        super().__set__(obj, val)


class GameReplay(pn.viewable.Viewer):
    """Step through a saved game of any system: the table, the action and its rolls, step by step."""

    shows_rules = ("F.seq.phases", "K.turns")  # rule ids shown here (rules index)

    game = param.ClassSelector(class_=Game, default=None, allow_None=True,
                               doc="The whole game replayed (a seed, a setup and a log of actions); a demo game "
                                   "by default.")
    step = _Step(default=0, bounds=(0, MAX_LOG),
                 doc="How many of the game's actions have been taken: 0 is the start, the number of actions the end.")
    turn = param.Selector(default=None, objects=[], check_on_set=True, allow_None=True,
                          doc="The turn the step is in; choosing a turn jumps to its start.")
    demo = param.Selector(default=None, objects=[], check_on_set=True,
                          doc="Show the seeded demo game of this system (replacing the game shown).")
    load_error = param.String(default="", constant=True, doc="Why the last file loaded was refused ('' if none).")

    def __init__(self, **params):
        systems = list(available())
        self.param.demo.objects = systems
        params.setdefault("demo", systems[0] if systems else None)
        if params.get("game") is None and params["demo"] is not None:
            params["game"] = demo_game(params["demo"])
        step = params.pop("step", 0)
        super().__init__(**params)
        self._errors = FieldErrors(["upload", "step"])
        self._history: tuple[Game, ...] = ()
        self._starts: tuple[tuple[int, int], ...] = ()
        self._quiet = False  # set while the component moves the turn to follow the step
        pane = dict(sizing_mode="stretch_width", stylesheets=[REPLAY_STYLES])
        self._where_pane = html_pane("", css_classes=["replay-where"], **pane)
        self._picture_pane = html_pane("", css_classes=["replay-picture"], **pane)
        self._text = text_view(css_classes=["replay-text"])  # the picture in words, for screen readers
        self._action_pane = html_pane("", css_classes=["replay-action"], **pane)
        self._turn_pane = html_pane("", css_classes=["replay-turn-log"], **pane)
        self._slider = pn.widgets.IntSlider(label="Step", start=0, end=1, value=0, css_classes=["replay-slider"],
                                            sizing_mode="stretch_width", min_width=200)
        self._slider.param.watch(self._slid, "value_throttled")
        self._game_changed()
        self.step = step  # after the game: a step past its end is refused by name

    # -- moving ---------------------------------------------------------------------------------

    @property
    def length(self) -> int:
        """The number of actions of the game shown (the last step)."""
        return len(self.game.log) if self.game is not None else 0

    def first(self) -> None:
        self.step = 0

    def back(self) -> None:
        self.step = max(0, self.step - 1)

    def forward(self) -> None:
        self.step = min(self.length, self.step + 1)

    def last(self) -> None:
        self.step = self.length

    def turn_starts(self) -> dict[int, int]:
        """Each turn of the game, with the step at which it starts."""
        return dict(self._starts)

    @property
    def shown(self) -> Game | None:
        """The game as it stood at ``step``."""
        return self._history[self.step] if self._history else None

    # -- loading --------------------------------------------------------------------------------

    def load_text(self, text: str | bytes) -> bool:
        """Load a saved game (``Game.to_json`` text); a text that is not one is refused beside the
        file input with a ``SavedStateError``, and the game shown stays."""
        try:
            game = Game.from_json(text)
        except CsPanelError as e:
            self._refuse(SavedStateError(f"cannot replay this file: {e}", field="upload"))
            return False
        except (TypeError, KeyError, AttributeError, ValueError, RecursionError) as e:
            self._refuse(SavedStateError(f"cannot replay this file: {type(e).__name__}: {str(e)[:200]}",
                                         field="upload"))
            return False
        self._accept()
        self.game = game
        return True

    def load_upload(self, data: bytes | None) -> bool:
        """Load a saved game from the browser's file input: at most ``UPLOAD_BYTES``, UTF-8."""
        try:
            text = upload_text(data, "upload", SavedStateError)
        except CsPanelError as e:
            self._refuse(e)
            return False
        return self.load_text(text)

    def _download(self) -> io.StringIO:
        """The game shown, as a saved game (``Game.to_json``) for the browser's download."""
        return io.StringIO(self.game.to_json() if self.game is not None else "")

    def _refuse(self, error: CsPanelError) -> None:
        with editing(self, "load_error"):
            self.load_error = str(error)
        self._errors.show(error)

    def _accept(self) -> None:
        with editing(self, "load_error"):
            self.load_error = ""
        self._errors.show(None)

    def show_error(self, error: CsPanelError | None) -> None:
        """Show a refusal beside the input it names (``show_refusal`` calls this)."""
        self._errors.show(error)

    def message(self, field: str | None = None) -> str:
        """The message shown beside an input ('upload' or 'step'; None: the general slot), for tests."""
        return self._errors.message(field)

    # -- reacting -------------------------------------------------------------------------------

    @param.depends("demo", watch=True)
    def _demo_chosen(self) -> None:
        if self.demo is not None:
            self._accept()
            self.game = demo_game(self.demo)

    @param.depends("game", watch=True)
    def _game_changed(self) -> None:
        game = self.game
        self._history = game.history() if game is not None else ()
        self._starts = game.turn_starts() if game is not None else ()
        turns = [t for t, _ in self._starts]
        self._quiet = True
        try:
            self.param.turn.objects = turns
            self.turn = turns[0] if turns else None
        finally:
            self._quiet = False
        self._slider.end = max(1, self.length)
        self._slider.disabled = self.length == 0
        if self.step == 0:
            self._redraw()
        else:
            self.step = 0

    @param.depends("turn", watch=True)
    def _turn_chosen(self) -> None:
        if self._quiet or self.turn is None:
            return
        start = dict(self._starts).get(self.turn)
        if start is not None:
            self.step = start

    @param.depends("step", watch=True)
    def _stepped(self) -> None:
        self._errors.clear("step")
        self._redraw()

    def _slid(self, event) -> None:
        if event.new is not None and event.new != self.step and event.new <= self.length:
            self.step = event.new

    # -- drawing --------------------------------------------------------------------------------

    def _turn_of_step(self) -> int | None:
        here = None
        for t, start in self._starts:
            if start <= self.step:
                here = t
        return here

    def _redraw(self) -> None:
        game, shown = self.game, self.shown
        self._slider.value = self.step
        if game is None or shown is None:
            for pane in (self._where_pane, self._picture_pane, self._action_pane, self._turn_pane):
                pane.object = ""
            self._where_pane.object = "<p>No game: choose a demo or load a saved game.</p>"
            show_text(self._text, "No game.")
            return
        here = self._turn_of_step()
        if here is not None and here != self.turn:
            self._quiet = True
            try:
                self.turn = here
            finally:
                self._quiet = False
        e = html.escape
        status = (f"over: {e(shown.result.text)}" if shown.is_over
                  else f"waiting for {e(', '.join(shown.waiting_for) or 'the table')}")
        self._where_pane.object = (
            f"<p><b>{e(game.system)}</b> game, seed {game.seed}: step <b>{self.step}</b> of {self.length}, "
            f"turn {shown.turn}; {status}</p>")
        picture = shown.picture()
        show_text(self._text, (lambda: svg_text(str(picture))) if picture else "No picture of this game.")
        self._picture_pane.object = (f"<div class='replay-picture-box'>{picture}</div>" if picture else
                                     f"<p>The {e(game.system)} rules draw no picture of the table.</p>")
        self._action_pane.object = self._action_html()
        self._turn_pane.object = self._turn_html(here)

    def _action_html(self) -> str:
        e = html.escape
        if self.step == 0:
            first = (f" The first action is <code>{e(str(self.game.log[0].action))}</code>." if self.game.log else "")
            return f"<p class='replay-what'>The start: no action taken yet.{first}</p>"
        entry = self.game.log[self.step - 1]
        dice = (" <span class='replay-dice'>dice " + " ".join(f"d{s}={f}" for s, f in zip(entry.sides, entry.faces))
                + "</span>") if entry.faces else ""
        reveal = " <i>(reveals hidden information)</i>" if entry.revealed else ""
        lines = "".join(f"<li>{e(x)}</li>" for x in entry.lines)
        told = f"<ul class='replay-lines'>{lines}</ul>" if lines else "<p>It told nothing more.</p>"
        return (f"<p class='replay-what'>Action {self.step}: <code>{e(str(entry.action))}</code>{dice}{reveal}</p>"
                f"{told}")

    def _turn_html(self, here: int | None) -> str:
        """The actions of the turn the step is in, the one just taken marked."""
        if here is None:
            return ""
        starts = dict(self._starts)
        begin = starts[here]
        later = [s for t, s in self._starts if s > begin]
        end = later[0] if later else self.length
        items = []
        for k in range(begin, end):
            mark = " class='replay-here'" if k + 1 == self.step else ""
            items.append(f"<li value='{k + 1}'{mark}>{html.escape(str(self.game.log[k].action))}</li>")
        body = f"<ol class='replay-turn'>{''.join(items)}</ol>" if items else "<p>No action in this turn yet.</p>"
        return f"<p><b>Turn {here}</b>, its actions:</p>{body}"

    # -- layout ---------------------------------------------------------------------------------

    def __panel__(self):
        # the buttons stay enabled at the ends, where they do nothing: the step shown says where it is
        def button(name: str, label: str, action):
            b = pn.widgets.Button(label=label, css_classes=[f"replay-{name}"], width=90, align="end")
            b.on_click(lambda event: action())
            return b

        moves = pn.Row(button("first", "First", self.first), button("back", "Back", self.back),
                       button("forward", "Forward", self.forward), button("last", "Last", self.last),
                       pn.widgets.Select.from_param(self.param.turn, label="Turn", width=100, css_classes=["in-turn"]),
                       sizing_mode="stretch_width", styles={"flex-wrap": "wrap"})
        upload = upload_box(accept=".json", multiple=False, css_classes=["replay-upload"])
        upload.param.watch(lambda event: event.new is not None and self.load_upload(event.new), "value")
        download = pn.widgets.FileDownload(callback=self._download, filename="game.json", label="Download this game",
                                           css_classes=["replay-download"], width=180, align="end")
        loading = pn.Row(
            pn.widgets.Select.from_param(self.param.demo, label="Demo game", width=140, css_classes=["in-demo"]),
            pn.Column(pn.pane.Markdown("Or load a saved game (.json):", margin=(5, 10, 0, 10)),
                      self._errors.beside(upload, "upload"), margin=0),
            download, styles={"flex-wrap": "wrap"}, sizing_mode="stretch_width")
        text = pn.Column(self._action_pane, self._turn_pane, sizing_mode="stretch_width", min_width=320,
                         styles={"flex": "1 1 320px"})
        picture = pn.Column(self._picture_pane, self._text, sizing_mode="stretch_width", min_width=260, max_width=520,
                            styles={"flex": "0 1 500px"})
        return pn.Column(
            loading, self._where_pane, moves, self._slider, self._errors.slots["step"],
            pn.FlexBox(picture, text, flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width"),
            sizing_mode="stretch_width")


__all__ = ["DEMO_SEED", "DEMO_TURNS", "GameReplay", "demo_game"]
