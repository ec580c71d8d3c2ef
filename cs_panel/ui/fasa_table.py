"""``FasaTable``: the notebook as referee for a FASA demo game, for players sharing one screen.

FASA *Crimson Skies*, the turn sequence, p.13-14 (``F.seq.phases``). The component holds one
``game`` (``cs_panel.core.game.Game`` of system "fasa", whose rules ``cs_panel.fasa.play`` wraps
the referee) and keeps no rules or state of its own: every button applies one action to it
(``game.apply``) in the notation of ``cs_panel.fasa.play``: a plot (``F.move.plot``), the
movement phase (``F.move.resolve``), a collision number and the collision check
(``F.collide.piloted``), a fire order (``F.combat.choice``), with the Steady Hand shift chosen from
a menu that gives each column's odds (``F.pilot.sh-shift``, ``play.shift_choices``), and the combat phase
(``F.combat.order``, ``F.dmg.template``), a zeppelin's turret or main gun aimed by its side, from the
turret orders the game offers (``F.zep.turrets``; shown only when the game has zeppelins), the tailing phase (``F.tail.position``,
``F.tail.reveal``); Undo is the game's fair undo (never across a die roll or a reveal; a refusal
is shown beside the button). It shows what the game answers: the map, the game table, the next
step, the transcript, the referee's commentary and one plane's record sheet.

A refused action leaves the game as it was; the referee's reasons show beside the input they
name (the maneuver, a collision number, a fire order), or in the general slot under the buttons
(an action the phase does not allow), and every input keeps what was typed. Plots and collision
numbers are secret: ``player`` chooses who looks at the screen, and the plots of this turn are
shown as ``plots_seen_by`` gives them to that player ("everyone" sees none until the movement
phase reveals them all). A plot or collision number the referee takes is cleared from its input,
so the next player does not read it there.

Save writes the game as JSON text (``game.to_json()``) into the text area; Load reads it back
(``Game.from_json``, which replays the log face by face). A text that is not a saved FASA game
(or whose log does not replay) is refused beside the text area with a ``SavedStateError`` and the
current game stays. The saved text holds the log as
played, plots written but not yet flown included: it is for the table, not for one player.

Seats (``cs_panel.ui.seating``): each player is "human" (the default) or "computer". A computer
plots, picks and orders fire by itself (``cs_panel.bots.choose`` at ``level``) as soon as it has
something to do, after each human action and at the start; the table's phases still wait for their
buttons. Its one-line reasons go into the transcript beside its actions, except the reason for a
plot the viewer may not see yet (it would tell the plot). A human's Undo takes back the computer's
answers too (``seats.undo_own``), never across a roll or a reveal. At a hot seat, once the human
looking at the screen (``player``) has nothing left to do and another human has, the screen goes
to that player.

A game set up elsewhere plays here as it is: ``FasaTable(game=GameSetup(...).game)`` or
``FasaTable(game=new_game("fasa", seed, setup))``; "New game" starts it again from its own set-up.

Not offered here: die faces typed in by the players (the game rolls seeded dice), and a
set-up editor (``planes``, ``map_name`` and ``homes`` are parameters, set from code; or give a
``game`` set up with ``GameSetup``).
"""

from __future__ import annotations

import copy
import html
import io

import panel as pn
import param

from cs_panel.core.errors import CsPanelError, SavedStateError
from cs_panel.core.game import Game, UndoRefusedError
from cs_panel.core.limits import LIMITS
from cs_panel.fasa.play import Fire, Pick, Plot, Step, Turret, next_step, setup_of, shift_choices
from cs_panel.fasa.referee import Phase, RefPlane, demo_planes, map_svg
from cs_panel.games import new_game
from cs_panel.ui.common import RuleInteger, SEED_BOUNDS, FieldErrors, QuickSelect, QuickTextInput, html_pane, point_at, scroll_list_html, scroll_styles, upload_text, editing, upload_box, put_changed
from cs_panel.ui.seating import Seating
from cs_panel.ui.a11y import show_text, text_view

#: the demo game's table: one fighter mapsheet, Ann at the south end and Bob at the north (F.map.sheets, F.setup)
DEMO_SEED = 1937
DEMO_MAP = "fighters"
DEMO_HOMES = {"Ann": "south", "Bob": "north"}
EVERYONE = "everyone"

FIELDS = ["setup", "plot_plane", "maneuver", "pick_plane", "number", "fire_plane", "order", "shift_to", "saved", "undo",
          "turret_zeppelin", "turret_mount", "turret_target"]
#: the referee's names for the parts of a turret order, and the inputs of the table that hold them
TURRET_FIELDS = {"zeppelin": "turret_zeppelin", "order": "turret_mount", "target": "turret_target"}

TABLE_STYLES = """
.fasa-next { font-size: 1.1em; }
.fasa-scroll ul { font-family: monospace; font-size: 0.85em; margin: 0; padding-left: 0.5em; list-style: none; }
.fasa-plots td { padding: 2px 8px; }
""" + scroll_styles("fasa-scroll", "300px")

#: the referee names its next step as the call that takes it (``move()``); the table says it in words
STEP_WORDS = {"move()": "the movement phase: press Move", "collide()": "the collision check: press Collide",
              "combat()": "the combat phase: press Combat", "tailing()": "the tailing phase: press Tailing"}


def next_in_words(step: str) -> str:
    """The referee's next step as the screen says it: "tailing()" becomes "the tailing phase: press Tailing"."""
    for call, words in STEP_WORDS.items():
        if step.startswith(call):
            return words + step[len(call):]
    return step


def _offer(parameter: param.Selector, choices: list) -> None:
    """Give a selector these choices, unless it has them already."""
    if list(parameter.objects) != choices:
        parameter.objects = choices


def _moved(error: CsPanelError, fields: dict[str, str], default: str | None) -> CsPanelError:
    """The same message, pointed at the widget of this component it belongs beside: a refusal of
    the whole action (``field="action"``) goes to the general slot."""
    return point_at(error, fields.get(error.field or "", default if error.field != "action" else None))


class FasaTable(Seating, pn.viewable.Viewer):
    """Referee a FASA game at the table: plot, move, collide, fire, tail, undo, save and load."""
    shows_rules = ('F.zep.gas-cells', 'F.seq.phases', 'F.move.plot', 'F.move.resolve', 'F.collide.piloted', 'F.combat.choice', 'F.combat.order', 'F.dmg.template', 'F.tail.position', 'F.tail.reveal', 'F.map.sheets', 'F.setup', 'F.gun.double-down', 'F.rocket.flak', 'F.plane.record-sheet', 'F.pilot.sh-shift', 'F.zep.turrets', 'F.bail.safe', 'F.bail.projectile')  # rule ids shown here (rules index)

    # -- the game set up (changing any of these starts a new game)
    seed = RuleInteger(default=DEMO_SEED, bounds=SEED_BOUNDS, doc="The game's seed: every die is rolled from it and the action's place in the log, "
                                                "so the same seed and actions give the same game.")
    planes = param.List(default=demo_planes(), item_type=RefPlane,
                        doc="The planes at the start (RefPlane: pilot, player, position, guns); the demo's Ace (Ann) and "
                            "Raider (Bob) by default (sample data).")
    map_name = param.String(default=DEMO_MAP, doc="The mapsheet layout the game is played on (F.map.sheets); '' for a sky "
                                                  "without edges.")
    homes = param.Dict(default=dict(DEMO_HOMES), doc="Each player's home side on the map, at opposite ends (F.setup).")
    max_turns = RuleInteger(default=3, bounds=LIMITS["turns"].bounds, doc="How many turns the game lasts (F.seq.phases).")

    # -- who looks at the screen
    player = param.Selector(default=EVERYONE, objects=[EVERYONE],
                            doc="Who is looking: 'everyone' (no plot is shown) or one player's name (that player's plots "
                                "are shown, the others stay secret until movement reveals them, F.move.plot).")

    # -- the inputs of the actions
    plot_plane = param.Selector(default=None, objects=[], check_on_set=True, doc="The plane whose maneuver 'Plot' writes down.")
    maneuver = param.String(default="", doc="The maneuver plotted, in the players' notation: 3SA, 3L2F, 1SD (F.move.plot); "
                                            "or a bail-out, bail 3, aimed with bail 3 at Raider (F.bail.safe, F.bail.projectile).")
    pick_plane = param.Selector(default=None, objects=[], check_on_set=True, doc="The plane choosing a collision number (F.collide.piloted).")
    number = param.String(default="", doc="The secret collision number, 1-10 (F.collide.piloted).")
    fire_plane = param.Selector(default=None, objects=[], check_on_set=True, doc="The plane given a fire order before combat (F.combat.choice).")
    order = param.String(default="guns", doc='The fire order: "guns", "guns x2 at Ace", "gun 1, gun 2", "rockets", '
                                             '"rocket 1", a flak, flare or sonic rocket at a hex ("rocket 4 at hex 0,-1"; '
                                             'several hexes: "rocket 3 at hex 0,0; rocket 4 at hex 0,-1"), "clear jams" '
                                             'or "hold" (F.combat.choice, F.gun.double-down, F.rocket.flak).')
    shift_to = RuleInteger(default=0, bounds=(0, 10),
                           doc="The damage column the attacker pulls each gun hit toward, as far as his Steady Hand "
                               "reaches (6-8: one column, 9-10: two; F.pilot.sh-shift): 0 keeps every hit as rolled. "
                               "Sent with the order as ' shift to N'; the choices offered show each column's odds.")
    turret_zeppelin = param.Selector(default=None, objects=[], check_on_set=True,
                                     doc="The zeppelin whose turret 'Aim' aims this combat phase (F.zep.turrets).")
    turret_mount = param.String(default="", doc="The turret or main gun aimed: bow, stern, port 2, starboard 1, "
                                                "main port 1 (the choices offered are the game's legal ones; F.zep.turrets).")
    turret_target = param.String(default="", doc="What it aims at: an enemy plane's name (Ace), a hex for a main gun "
                                                 "(hex 0,-1), or 'hold' (F.zep.turrets, F.zep.main-guns).")
    sheet_plane = param.Selector(default=None, objects=[], check_on_set=True, doc="The plane (or zeppelin) whose record "
                                 "sheet is shown (F.plane.record-sheet; a zeppelin's cells, nacelles and turrets, F.zep.gas-cells).")
    saved = param.String(default="", doc="The game as JSON text: 'Save' writes it here, 'Load' reads it back.")

    # -- what the referee answers (read-only)
    game = param.ClassSelector(class_=Game, default=None, allow_None=True, constant=True,
                               doc="The one game (cs_panel.core.game.Game of system 'fasa'): the seed, the set-up and "
                                   "the log of actions; its state is their fold.")
    next_step = param.String(default="", constant=True, doc="What the referee waits for next.")
    legal = param.List(default=[], constant=True, doc="The game's legal actions now, in notation (game.legal_actions()): "
                                                      "the plots and fire orders offered under their inputs come from it.")
    error = param.String(default="", constant=True, doc="Why the last action was refused ('' when it was taken).")

    def __init__(self, **params):
        game = params.pop("game", None)
        if game is not None and (not isinstance(game, Game) or game.system != "fasa"):
            raise CsPanelError(f"a FasaTable plays a FASA game, not {getattr(game, 'system', game)!r}", field="game")
        if game is not None:
            params.setdefault("seed", game.seed)
        looking = params.pop("player", EVERYONE)  # a player's name is known once the game is
        super().__init__(**params)
        self._errors = FieldErrors(FIELDS + ["seats"])
        pane = dict(sizing_mode="stretch_width", stylesheets=[TABLE_STYLES])
        self._map_pane = html_pane("", css_classes=["fasa-map"], **pane)
        self._text = text_view(css_classes=["fasa-map-text"])  # the map in words, for screen readers
        self._table_pane = html_pane("", css_classes=["fasa-game"], **pane)
        self._next_pane = html_pane("", css_classes=["fasa-next"], **pane)
        self._plots_pane = html_pane("", css_classes=["fasa-plots"], **pane)
        self._transcript_pane = html_pane("", css_classes=["fasa-transcript"], **pane)
        self._commentary_pane = html_pane("", css_classes=["fasa-commentary"], **pane)
        self._sheet_pane = html_pane("", css_classes=["fasa-sheet"], **pane)
        self._plot_choices = html_pane("", css_classes=["fasa-plot-choices"], **pane)
        self._fire_choices = html_pane("", css_classes=["fasa-fire-choices"], **pane)
        self._shift_select = QuickSelect(label="Steady Hand shift", options={"as rolled": 0}, value=0, width=250,
                                         css_classes=["in-shift-to"])
        self._shift_select.param.watch(lambda event: setattr(self, "shift_to", event.new), "value")
        self._computer_pane = html_pane("", css_classes=["fasa-computer"], **pane)
        # the zeppelin's turrets (F.zep.turrets): a select of the mounts the game offers now; shown only
        # when the game has zeppelins
        self._mount_select = QuickSelect(label="Turret", options=[], width=120, css_classes=["in-turret-mount"])
        self._mount_select.param.watch(lambda event: event.new is not None and setattr(self, "turret_mount", event.new),
                                       "value")
        self._turret_choices = html_pane("", css_classes=["fasa-turret-choices"], **pane)
        self._turret_box = pn.Column(margin=0, visible=False, css_classes=["fasa-turrets"])
        if game is None:
            self._new_game()
        else:
            self._set_game(game)
        self._require_seats(self.game)
        if looking != EVERYONE:
            self.player = looking
        self.param.watch(self._input_changed, ["plot_plane", "maneuver", "pick_plane", "number", "fire_plane",
                                               "order", "shift_to", "saved", "turret_zeppelin",
                                               "turret_mount", "turret_target"])

    # --- the game ------------------------------------------------------------------------------

    @param.depends("seed", "planes", "map_name", "homes", "max_turns", watch=True)
    def _new_game(self) -> bool:
        """Start again from the set-up; a set-up the referee refuses keeps the game there was."""
        try:
            game = new_game("fasa", self.seed, setup_of(self.planes, self.max_turns, self.map_name,
                                                        self.homes if self.map_name else None))
        except CsPanelError as e:
            self._refuse(_moved(e, {}, "setup"))
            return False
        self._set_game(game)
        return True

    def restart(self) -> bool:
        """A new game from the same set-up (the log is forgotten)."""
        if self.game is not None:
            self._set_game(new_game("fasa", self.game.seed, self.game.setup))
            return True
        return self._new_game()

    def _set_game(self, game: Game, answer: bool = True) -> None:
        """Show ``game``; with ``answer``, first the computers act in it until a human must."""
        problem = None
        if answer:
            try:
                game = self.seat_answer(game)
            except CsPanelError as e:  # seats naming nobody, or a computer that cannot choose
                problem = e
        start = self._start_of(game)
        names = [p.name for p in start.planes]
        players = sorted({p.player for p in start.planes})
        # a list of choices is given again only when it changed: each assignment updates its widget's
        # options in the browser (about 1 ms a select, every click, issue 14)
        _offer(self.param.player, [EVERYONE, *players])
        for p in (self.param.plot_plane, self.param.pick_plane, self.param.fire_plane):
            _offer(p, names)
        # the record-sheet tab offers each zeppelin's sheet after the planes' (F.zep.gas-cells)
        _offer(self.param.sheet_plane, names + [z.name for z in start.zeppelins if z.name not in names])
        updates = {}
        if self.player not in self.param.player.objects:
            updates["player"] = EVERYONE
        elif self.player != EVERYONE and problem is None:
            acting = self.humans_to_act(game)
            if acting and self.player not in acting:
                updates["player"] = acting[0]  # hot seat: the screen goes to the human who has something to do
        for which in ("plot_plane", "pick_plane", "fire_plane", "sheet_plane"):
            if getattr(self, which) not in self.param[which].objects:
                updates[which] = names[0] if names else None
        zeps = [z.name for z in start.zeppelins]
        _offer(self.param.turret_zeppelin, zeps)
        if self.turret_zeppelin not in zeps and zeps:
            updates["turret_zeppelin"] = zeps[0]
        # the plane the referee waits for is the likely next one to plot or choose a number
        waiting = game.state.game.waiting_for
        if waiting:
            updates["plot_plane" if game.state.game.phase is Phase.PLOT else "pick_plane"] = waiting[0]
        with editing(self, "game", "next_step", "legal", "error"):
            self.game = game
            self.next_step = next_step(game.state)
            self.legal = [str(a) for a in self._legal_of(game)]
            self.error = ""
        if updates:  # only what changed, without param.update's copy of all forty-odd values first (issue 14)
            put_changed(self, **updates)
        self._errors.show(None)
        if problem is not None:
            self._refuse(point_at(problem, "seats" if problem.field == "seats" else None))
        self._redraw()

    def _start_of(self, game: Game):
        """The referee's opening state of ``game`` (its planes, players and zeppelins): made again
        only for another set-up or seed, not for every action of the same game (issue 14: it reads
        every plane from the set-up, a few ms a change)."""
        kept = getattr(self, "_start_kept", None)
        if kept is not None and kept[1] == game.seed and kept[0] == game.setup:
            return kept[2]
        start = game.rules.initial(game.setup, game.seed).game
        self._start_kept = (copy.deepcopy(game.setup), game.seed, start)  # a copy: a later edit of the set-up is seen
        return start

    def _reseat(self) -> None:
        if self.game is None:
            return
        refused = self.seats_refused(self.game)
        if refused is not None:
            self._refuse(point_at(refused, "seats"))
            return
        self._set_game(self.game)  # a player given to the computer plays at once

    def _refuse(self, error: CsPanelError) -> None:
        with editing(self, "error"):
            self.error = str(error)
        self._errors.show(error)

    def _act(self, action, fields: dict[str, str], default: str | None) -> bool:
        """Apply one action to the game (an ``Action`` or its notation); a refusal is shown where it
        belongs and changes nothing."""
        if self.game is None:
            self._refuse(CsPanelError("no game: fix the set-up first", field="setup"))
            return False
        try:
            game = self.seat_take(self.game, action)
        except CsPanelError as e:
            self._refuse(_moved(e, fields, default))
            return False
        self._set_game(game)
        return True

    # --- actions (the buttons call these) -------------------------------------------------------

    def plot(self) -> bool:
        """Write down the chosen plane's secret maneuver (F.move.plot); refused with every reason."""
        if self._act(Plot(self.plot_plane or "", self.maneuver.strip()),
                     {"plane": "plot_plane", "maneuver": "maneuver"}, "maneuver"):
            self.maneuver = ""  # secret: not left on the shared screen
            return True
        return False

    def move(self) -> bool:
        """The movement phase: plots revealed, planes moved, pushes rolled (F.move.resolve)."""
        return self._act(Step("move"), {}, None)

    def pick(self) -> bool:
        """The chosen plane's secret collision number (F.collide.piloted)."""
        n = self.number.strip()
        # a number in the notation's digits is the action's number; any other text the referee refuses by name
        number = int(n) if n.isdigit() and len(n) <= 2 else n
        if self._act(Pick(self.pick_plane or "", number), {"plane": "pick_plane", "number": "number"}, "number"):
            self.number = ""  # secret, like a plot
            return True
        return False

    def collide(self) -> bool:
        """Reveal the collision numbers; planes that collide are destroyed (F.collide.piloted)."""
        return self._act(Step("collide"), {}, None)

    def fire(self) -> bool:
        """Give the chosen plane its fire order for this combat phase (F.combat.choice)."""
        order = self.order
        if self.shift_to and "shift to" not in order.lower():  # the chosen shift rides on the order (F.pilot.sh-shift)
            order = f"{order} shift to {self.shift_to}"
        try:  # the order in its written form, as the notation keeps it; an unreadable one is named beside it
            action = self.game.parse(f"fire {self.fire_plane or ''} {order}")
        except CsPanelError as e:
            self._refuse(_moved(e, {"plane": "fire_plane", "shift_to": "shift_to"}, "order"))
            return False
        if not isinstance(action, Fire):
            self._refuse(CsPanelError(f"{self.order!r} is not a fire order", field="order"))
            return False
        return self._act(action, {"plane": "fire_plane", "shift_to": "shift_to"}, "order")

    def aim(self) -> bool:
        """Aim the chosen zeppelin's turret (or main gun) for this combat phase: at an enemy plane,
        at a hex for a main gun, or hold (F.zep.turrets, F.zep.main-guns). The referee's refusal is
        shown beside the input it names (the zeppelin, the turret, the target); the inputs stay."""
        if self.game is None:
            return False
        target = " ".join(self.turret_target.split())
        if target and target != "hold" and not target.startswith("at "):
            target = f"at {target}"
        try:  # the order in the notation; an unreadable one is named beside the target
            action = self.game.parse(f"zeppelin {self.turret_zeppelin or ''} {self.turret_mount.strip()} {target}")
        except CsPanelError as e:
            self._refuse(point_at(e, "turret_target"))
            return False
        if not isinstance(action, Turret):
            self._refuse(CsPanelError(f"{self.turret_target!r} is not a turret order", field="turret_target"))
            return False
        if not self._act(action, TURRET_FIELDS, "turret_target"):
            return False
        self.turret_mount = ""  # the next turret the game offers comes up; the target stays
        return True

    def combat(self) -> bool:
        """The combat phase: each plane fires in Quick Draw order (F.combat.order)."""
        return self._act(Step("combat"), {}, None)

    def tailing(self) -> bool:
        """The tailing phase: who tails whom, and the turn ends (F.tail.position)."""
        return self._act(Step("tailing"), {}, None)

    def undo(self) -> bool:
        """The game's fair undo: a plot or fire order not yet revealed or rolled is taken back; one
        that would cross a die roll or a reveal is refused, the reason beside the Undo button. With
        a computer seated, the last human's own action goes back with the computer's answers after
        it (``seats.undo_own``), and the computer does not answer again until the human acts."""
        if self.game is None:
            return False
        try:
            game = self.seat_undo(self.game)
        except UndoRefusedError as e:
            self._refuse(point_at(e, "undo"))
            return False
        self._set_game(game, answer=False)
        return True

    def save(self) -> bool:
        """Write the game as JSON text into ``saved`` (``game.to_json()``)."""
        if self.game is None:
            return False
        self.saved = self.game.to_json()
        self._errors.show(None)
        return True

    def load(self) -> bool:
        """Read the game back from ``saved`` (``Game.from_json``, replayed face by face); a text that
        is not a saved FASA game is refused beside it and the game kept."""
        try:
            game = Game.from_json(self.saved)
            if game.system != "fasa":
                raise SavedStateError(f"a saved game of {game.system!r}, not of the FASA board game")
        except CsPanelError as e:
            self._refuse(SavedStateError(f"cannot load this text: {e}", field="saved"))
            return False
        self._set_game(game)
        return True

    def load_upload(self, data: bytes | None) -> bool:
        """Load a saved game from an uploaded file (the browser's file input): at most
        ``UPLOAD_BYTES``, UTF-8; it goes into ``saved`` and is loaded from there, so a refusal
        is shown beside the saved text and the game stays."""
        try:
            text = upload_text(data, "saved", SavedStateError)
        except CsPanelError as e:
            self._refuse(e)
            return False
        self.saved = text
        return self.load()

    def _download(self):
        """The saved game for the browser's download (saving first puts it in ``saved`` too)."""
        return io.StringIO(self.saved if self.save() else "")

    def _input_changed(self, *events) -> None:
        """A changed input no longer holds what was refused: its message (and a general one) goes."""
        self._errors.clear(*(e.name for e in events))
        if self.error:
            with editing(self, "error"):
                self.error = ""

    # --- drawing ---------------------------------------------------------------------------------

    def offered(self, kind: type, plane: str | None) -> list[str]:
        """What the game offers ``plane`` now among its legal actions of ``kind`` (``Plot``:
        the maneuvers it may fly, ``Fire``: the fire orders), in their notation's words."""
        if self.game is None or not plane:
            return []
        return [a.maneuver if kind is Plot else a.order for a in self._legal_of(self.game)
                if isinstance(a, kind) and a.plane == plane]

    def _legal_of(self, game: Game) -> list:
        """``game.legal_actions()`` (the game keeps its answer: asking again costs a copy)."""
        return game.legal_actions()

    def turret_offered(self) -> list[str]:
        """The turret orders the game offers the chosen zeppelin's side now (among ``game.legal_actions()``,
        F.zep.turrets), in their notation's words: "bow at Ace", "port 2 hold"."""
        if self.game is None or not self.turret_zeppelin:
            return []
        # every side's legal actions, asked once per game: the turret orders in it are the zeppelin's side's
        return [a.order for a in self._legal_of(self.game)
                if isinstance(a, Turret) and a.zeppelin == self.turret_zeppelin]

    @staticmethod
    def _mount_of(order: str) -> str:
        """ "main port 1 at hex 0,-1" -> "main port 1"; "bow hold" -> "bow"."""
        return order.split(" at ")[0].removesuffix(" hold")

    @param.depends("turret_zeppelin", "turret_mount", watch=True)
    def _show_turrets(self) -> None:
        game = self.game
        self._turret_box.visible = bool(game and game.state.game.zeppelins)
        offered = self.turret_offered()
        mounts = list(dict.fromkeys(self._mount_of(o) for o in offered))
        if self.turret_mount and self.turret_mount not in mounts:
            mounts.append(self.turret_mount)  # what was typed or chosen stays shown, even refused
        self._mount_select.options = mounts
        if mounts and self._mount_select.value != (self.turret_mount or mounts[0]):
            self._mount_select.value = self.turret_mount or mounts[0]
        if mounts and not self.turret_mount:
            self.turret_mount = mounts[0]
        for_mount = [o[len(self.turret_mount):].strip() for o in offered if self._mount_of(o) == self.turret_mount]
        name = html.escape(f"{self.turret_zeppelin or ''} {self.turret_mount}")
        if for_mount:
            text = f"{name} may aim now: {html.escape(', '.join(for_mount))}"
        else:
            text = f"{name}: nothing to aim now (turrets are aimed in the combat phase, each once)"
        self._turret_choices.object = f"<p><small>{text}</small></p>"

    def shift_options(self) -> dict[str, int]:
        """The Steady Hand shifts the fire plane's pilot may order, each column with the exact chance
        a gun hit can be put there (``play.shift_choices``, F.pilot.sh-shift); only "as rolled" for a
        pilot below Steady Hand 6 or a plane out of the game."""
        state = self.game.state.game if self.game else None
        plane = next((p for p in state.planes if p.name == self.fire_plane), None) if state else None
        return {text: n for n, text in (shift_choices(plane) if plane else [(0, "as rolled")])}

    @param.depends("shift_to", watch=True)
    def _shift_shown(self) -> None:
        if self._shift_select.value != self.shift_to:
            self._shift_select.value = self.shift_to

    @param.depends("plot_plane", "fire_plane", watch=True)
    def _show_choices(self) -> None:
        # what the choices show follows from the game (frozen: the same object, the same legal
        # actions) and the two planes alone; a plot that hands the screen to the next plane shows
        # them through the plane's watcher and then again through _redraw: work them out once
        shown = (self.game, self.plot_plane, self.fire_plane)
        kept = getattr(self, "_choices_shown", None)
        if kept is not None and kept[0] is shown[0] and kept[1:] == shown[1:]:
            return
        self._choices_shown = shown
        options = self.shift_options()
        if self.shift_to not in options.values():
            self.shift_to = 0
        self._shift_select.options = options
        self._shift_select.value = self.shift_to
        for pane, kind, plane, what in ((self._plot_choices, Plot, self.plot_plane, "may fly"),
                                        (self._fire_choices, Fire, self.fire_plane, "may be ordered")):
            offered = self.offered(kind, plane)
            pane.object = (f"<p><small>{html.escape(plane or '')} {what} now: "
                           f"{html.escape(', '.join(offered))}</small></p>" if offered else "")

    @param.depends("player", "sheet_plane", watch=True)
    def _redraw(self) -> None:
        game = self.game
        if game is None:
            return
        state = game.state.game
        self._map_pane.object = map_svg(state, radius=3, size=22)
        from cs_panel.fasa.referee.render import map_text  # drawing code, only when a map is shown

        show_text(self._text, lambda: map_text(state))  # made when a reader opens the view
        self._table_pane.object = state.table_html(with_map=False)  # the map is drawn larger above
        self._next_pane.object = f"<p><b>Next:</b> {html.escape(next_in_words(self.next_step))}</p>"
        self._plots_pane.object = self._plots_html()
        self._transcript_pane.object = self._list_html(self.transcript(), "No action yet.")
        said = [*state.history, *(f"turn {state.turn}: {x}" for x in state.report)]
        self._commentary_pane.object = self._list_html(said, "The referee has said nothing yet.")
        self._sheet_pane.object = self._sheet_html()
        self._computer_pane.object = self._computer_html()
        self._show_choices()
        self._show_turrets()

    def _computer_html(self) -> str:
        """The computer's latest actions, as the player at the screen may see them, with its reasons."""
        lines = self.computer_lines(self.game, None if self.player == EVERYONE else self.player)[-4:]
        if not lines:
            return ""
        items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
        return f"<p><b>The computer's latest actions</b></p><ul class='fasa-computer-list'>{items}</ul>"

    @staticmethod
    def _list_html(lines: list[str], empty: str) -> str:
        return scroll_list_html(lines, "fasa-scroll", empty)  # newest last, opened at its end; one height

    def transcript(self) -> list[str]:
        """Every action of the game, one line each, as ``player`` may see it (the others' plots and
        collision numbers masked, F.move.plot, F.collide.piloted), with the dice it rolled; after a
        combat phase, the guns left jammed (F.gun.double-down, F.gun.jam-clear). A computer's action
        ends with its reason, unless the action is still hidden from ``player``."""
        game = self.game
        seen = self.seen_log(game, None if self.player == EVERYONE else self.player)
        after = game.history()[1:] if any(e.action == Step("combat") for e in game.log) else []
        out = []
        for i, (e, (text, why)) in enumerate(zip(game.log, seen), 1):
            line = f"{i}. {text}" + (f" dice {list(e.faces)}" if e.faces else "")
            if e.action == Step("combat"):
                jams = [f"{p.name} gun{'s' if len(p.jammed_guns) > 1 else ''} {', '.join(map(str, p.jammed_guns))}"
                        for p in after[i - 1].state.game.planes if p.jammed_guns]
                line += f" -- jammed: {'; '.join(jams)}" if jams else ""
            out.append(line + (f" (computer: {why})" if why else ""))
        return out

    def plots_shown(self) -> dict[str, str]:
        """This turn's plots as the screen shows them to ``player`` (F.move.plot)."""
        return self.game.state.game.plots_seen_by(self.player) if self.game else {}

    def _plots_html(self) -> str:
        shown = self.plots_shown()
        who = "everyone at the table" if self.player == EVERYONE else self.player
        # a row for every plane in the game, plotted or not yet: the table keeps its size through the
        # plotting, so a plot (or its undo) changes a row's words and the page around it stays put
        # (a table that grew by a row at each plot made the browser lay out the whole page again)
        in_play = [p.name for p in self.game.state.game.planes]
        names = [*in_play, *(n for n in shown if n not in in_play)]  # and a plane lost since its plot
        rows = "".join(f"<tr><td>{html.escape(n)}</td><td>" + (f"<code>{html.escape(shown[n])}</code>" if n in shown
                                                                else "<i>not plotted yet</i>") + "</td></tr>"
                       for n in names)
        return f"<p>Plots this turn, as {html.escape(who)} sees them:</p><table class='fasa-plots'>{rows}</table>"

    def _sheet_html(self) -> str:
        name, state = self.sheet_plane, self.game.state.game
        if not name:
            return ""
        zep = next((z for z in state.zeppelins if z.name == name), None)
        if zep is not None:  # a zeppelin's sheet: its gas cells' points, nacelles and turrets (F.zep.gas-cells)
            from cs_panel.fasa.referee.render import zeppelin_sheet_html  # drawing code, only when shown

            return (f"<p class='fasa-sheet-caption'><b>Record sheet of the zeppelin {html.escape(name)}</b>: "
                    f"{html.escape(zep.summary())}</p>{zeppelin_sheet_html(zep, state.turn)}")
        if name not in [p.name for p in state.planes]:
            how = dict(state.losses).get(name) or dict(state.departed).get(name) or (
                "destroyed in a collision" if name in state.destroyed else "out of the game")
            return f"<p>{html.escape(name)} is no longer in the game: {html.escape(how)}.</p>"
        p = state.plane(name)
        return (f"<p><b>{html.escape(p.label)}</b>: {html.escape(p.weapons_summary())}; "
                f"{html.escape(p.damage_summary())}</p>"
                f"<p class='fasa-sheet-caption'><b>Record sheet of {html.escape(p.label)}</b>: one square per "
                f"box: grey for armour, yellow for a component, white for the airframe; a box lost is filled "
                f"dark (F.plane.record-sheet, FASA p.8-10).</p>{p.record._repr_svg_()}")

    # --- layout ----------------------------------------------------------------------------------

    def _file_controls(self):
        """Save to and load from the browser: a download of the saved game and an upload."""
        down = pn.widgets.FileDownload(callback=self._download, filename="fasa_game.json", label="Download the game",
                                       css_classes=["fasa-download"], width=200)
        up = upload_box(label="Upload a saved game", accept=".json", multiple=False, css_classes=["fasa-upload"])
        up.param.watch(lambda event: event.new is not None and self.load_upload(event.new), "value")
        return pn.Row(down, up)

    def __panel__(self):
        p, e = self.param, self._errors

        def button(label, action, css, **kw):
            b = pn.widgets.Button(label=label, css_classes=[css], **kw)
            b.on_click(lambda event: action())
            return b

        # each row's messages go under the whole row: a long one never pushes the row's button away
        plot_row = e.under(pn.Row(
            QuickSelect.from_param(p.plot_plane, label="Plane", width=130, css_classes=["in-plot-plane"]),
            QuickTextInput.from_param(p.maneuver, label="Maneuver", placeholder="3SA", width=140,
                                  css_classes=["in-maneuver"]),
            button("Plot", self.plot, "fasa-plot", color="primary", align="end"),
        ), "plot_plane", "maneuver")
        pick_row = e.under(pn.Row(
            QuickSelect.from_param(p.pick_plane, label="Plane", width=130, css_classes=["in-pick-plane"]),
            QuickTextInput.from_param(p.number, label="Collision number (1-10)", width=165,
                                  css_classes=["in-number"]),
            button("Pick", self.pick, "fasa-pick", align="end"),
        ), "pick_plane", "number")
        fire_row = e.under(pn.Row(
            QuickSelect.from_param(p.fire_plane, label="Plane", width=130, css_classes=["in-fire-plane"]),
            QuickTextInput.from_param(p.order, label="Fire order", placeholder="guns x2 at Ace", width=180,
                                  css_classes=["in-order"]),
            button("Order fire", self.fire, "fasa-fire", align="end"),
        ), "fire_plane", "order")
        shift_row = e.under(pn.Row(self._shift_select), "shift_to")
        turret_row = e.under(pn.Row(
            pn.widgets.Select.from_param(p.turret_zeppelin, label="Zeppelin", width=100,
                                         css_classes=["in-turret-zeppelin"]),
            self._mount_select,
            pn.widgets.TextInput.from_param(p.turret_target, label="Target", placeholder="Ace or hold",
                                            width=130, css_classes=["in-turret-target"]),
            button("Aim", self.aim, "fasa-aim", align="end", width=60),
        ), "turret_zeppelin", "turret_mount", "turret_target")
        self._turret_box.objects = ["#### Zeppelin turrets", turret_row, self._turret_choices]
        phases = pn.Row(button("Move", self.move, "fasa-move"), button("Collide", self.collide, "fasa-collide"),
                        button("Combat", self.combat, "fasa-combat"), button("Tailing", self.tailing, "fasa-tailing"),
                        button("Undo", self.undo, "fasa-undo"))
        phases = e.under(phases, "undo")
        saving = pn.Column(
            pn.Row(button("Save", self.save, "fasa-save"), button("Load", self.load, "fasa-load"),
                   button("New game", self.restart, "fasa-restart")),
            e.beside(pn.widgets.TextAreaInput.from_param(p.saved, label="Saved game (JSON)", height=120,
                                                         sizing_mode="stretch_width", css_classes=["in-saved"]), "saved"),
            self._file_controls(),
        )
        players = [x for x in p.player.objects if x != EVERYONE]
        controls = pn.Column(
            "### Players", self.seat_controls(players), e.slots["seats"],
            pn.widgets.Select.from_param(p.player, label="Who is looking at the screen", width=220,
                                         css_classes=["in-player"]),
            self._next_pane, self._computer_pane,
            "### Movement phase", plot_row, self._plot_choices, self._plots_pane,
            "### Collisions", pick_row,
            "### Combat phase", fire_row, shift_row, self._fire_choices, self._turret_box,
            phases, e.general, e.slots["setup"],
            "### Save and load", saving,
            width=520,
        )
        board = pn.Column(
            self._map_pane, self._text,
            pn.Tabs(("Game table", self._table_pane),
                    ("Transcript", self._transcript_pane),
                    ("Commentary", self._commentary_pane),
                    ("Record sheet", pn.Column(pn.widgets.Select.from_param(p.sheet_plane, label="Plane", width=160,
                                                                            css_classes=["in-sheet-plane"]),
                                               self._sheet_pane)),
                    dynamic=False),
            sizing_mode="stretch_width", min_width=450, styles={"flex": "1 1 450px"},
        )
        # side by side when there is room; in a narrow notebook column the board wraps under the controls
        return pn.FlexBox(controls, board, flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width")
