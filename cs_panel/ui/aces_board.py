"""``AcesSkirmish``: one game of *Crimson Skies: Aces* on a map: where a character may move,
what its attack would do, and the game's legal actions to take.

*Crimson Skies: Aces* (K.move, K.break-away, K.terrain.*, K.ranged, K.close, K.capture,
K.attack, K.fate, K.turns). The component holds one ``game`` (``cs_panel.core.game.Game`` of
system "aces", from ``cs_panel.games.new_game``) and keeps no rules or state of its own: every
change goes through ``game.apply(action)`` or ``game.undo()``, and every choice it offers comes
from ``game.legal_actions()`` (the notation of ``cs_panel.aces.play``).

Pick the active character and a target; the map shades every square the active character may end
its move in (``AcesGame.reach``; squares where the move must stop are darker), draws the line of
fire to the target (green when clear, red and dashed when blocked), and the panel gives the
attack's dice and defense term by term with the exact chance of each number of hits, as the
referee plans it (``AcesGame.plan_attack``), or every reason the attack is not allowed. A
character with several pistols may spread one ranged attack over several enemies
(K.ranged.multi): the targets list offers the enemies the game lets it shoot now.

With ``hand_out`` (a table choice, in the set-up) a several-target shot rolls and then waits for
the attacker to give each target one of the dice (K.ranged.multi): a die menu per target, and
"Give the dice" applies ``give NAME die N to TARGET & ...``; without it the dice go out at once so
as to click as many targets as possible.

"Roll the attack" applies the planned attack (``attack NAME from X,Y KIND TARGETS``, the active
character staying where it stands) to the game, whose seeded dice roll it; the results log says
what each roll did. "Take" applies any of the game's legal actions, chosen from the list (moves,
attacks, passes, Second Wind, escapes, a withdrawal). "Undo" takes back the last action only if it
rolled no dice (fair undo): a roll once seen stands, and the refusal is shown beside the button.
"Reset" starts the game again from its set-up.

The set-up: ``seed``, ``map_name``, ``positions`` and ``defensive_fate`` (does a target Ace spend
fate when hit, the table's choice in ``cs_panel.aces.play``). Changing any of them starts a new
game from that set-up; before the first action a click on the map places the active character
there (as a set-up, not limited to the shaded squares; the core refuses blocking, taken or
off-map squares), and once the game is under way a click moves it (``move NAME to X,Y``). The
cast table lists each figure's talents and abilities showing on its dial, badged
``reconstructed`` (their card was lost; ``cs_panel.aces.talents``).

Seats (``cs_panel.ui.seating``): each player is "human" (the default) or "computer". A computer
takes its turns by itself (``cs_panel.bots.choose`` at ``level``) whenever the game comes to it: at
the start, after each human action, after a new seating; its one-line reasons are listed over the
results log. The active character goes to a human's figure when the computer's turn is done. A
human's Undo takes back the computer's answers after it too (``seats.undo_own``, never across a
roll), and the computer waits for the human's next action. A game set up elsewhere plays here as
it is: ``AcesSkirmish(game=GameSetup(system="aces", ...).game)``.
"""

from __future__ import annotations

import dataclasses
import html
from contextlib import contextmanager
from dataclasses import dataclass

import panel as pn
import param

from cs_panel.aces.board import Board, maps
from cs_panel.aces.combat import AttackError, Character, FateError, MultiShot, knock_out_chance
from cs_panel.aces.game import BUILD_TOTAL
from cs_panel.aces.play import Attack, Give, Move
from cs_panel.aces.referee import AcesGame
from cs_panel.aces.talents import talents_of
from cs_panel.core import palette
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.core.game import Game, GameError, UndoRefusedError
from cs_panel.games import new_game
from cs_panel.ui.seating import Seating
from cs_panel.ui.chip_choice import ChipChoice
from cs_panel.ui.common import (
    STYLES, FieldErrors, RuleInteger, SEED_BOUNDS, badge_html, html_pane, point_at, short_labels, editing,
)
from cs_panel.ui.a11y import named, show_text, text_view
from cs_panel.ui.layered_svg import LayeredSvg, picked_cell

PLAYER_COLOURS = palette.PLAYER_COLOURS
#: the map's own look: a square says it can be clicked
MAP_CSS = ".cs-square, .cs-piece { cursor: pointer; }"
#: the attack's pane keeps one height whether it shows a breakdown or a refusal, so choosing
#: another character redraws its words without resizing the page around it (each resized box
#: costs bokeh a layout walk of the whole page, issue 14): its tables stand side by side, and a
#: refusal's few lines sit in the same reserved space
ATTACK_CSS = """
:host { min-height: 17.5em; border: 1px solid #ddd; border-radius: 4px; padding: 0 8px; box-sizing: border-box; }
.cs-attack { display: flex; flex-wrap: wrap; column-gap: 2.5em; align-items: flex-start; }
.cs-attack > p { flex-basis: 100%; margin: 0.2em 0; }
.cs-attack caption { white-space: nowrap; }
"""
KINDS = ["ranged", "close", "capture"]
FIELDS = ["active", "target", "targets", "kind", "square", "fate", "action", "undo", "seats", "give"]

#: the demonstration line-up: (figure id, name, player, square); sample figures, badged in the view
DEFAULT_CAST = (
    ("charlie-steele-ace", "Charlie", "Tim", (3, 5)),
    ("tail-gunner", "Tail Gunner", "Tim", (2, 8)),
    ("louis-thibodeaux-ace", "Louis", "Tim", (2, 2)),
    ("loyle-crawford-ace", "Loyle", "Kim", (13, 5)),
    ("ruffian", "Ruffian", "Kim", (9, 4)),
    ("soldier", "Soldier", "Kim", (9, 7)),
)
DEFAULT_MAP = "airfield-bar"
#: Tim's demonstration team costs 103 points, over the standard 100: a practice table agrees a
#: larger build total so every sample talent is on the map (K.recruit; RULINGS.md)
PRACTICE_BUILD_TOTAL = 110


def skirmish_setup(map_name: str = DEFAULT_MAP, positions: dict | None = None, defensive_fate: bool = False,
                   cast=DEFAULT_CAST, order=("Tim", "Kim"), hand_out: bool = False) -> dict:
    """The set-up of a practice game (``cs_panel.aces.play``): the cast at ``positions`` (their
    demonstration squares by default) on ``map_name``, Tim first, anywhere on the map (no starting
    areas), no time limit."""
    positions = positions or {}
    teams: dict[str, list] = {p: [] for p in order}
    for fid, name, player, square in cast:
        at = positions.get(name, square)
        teams.setdefault(player, []).append([fid, name, [int(at[0]), int(at[1])]])
    setup = {"map": map_name, "teams": teams, "order": list(order), "check_areas": False, "max_turns": 0,
             "defensive_fate": bool(defensive_fate), "build_total": PRACTICE_BUILD_TOTAL}
    if hand_out:  # the attacker gives out a several-target shot's dice after the roll (K.ranged.multi)
        setup["hand_out"] = True
    return setup


def default_game(seed: int = 1) -> Game:
    """The demonstration game: the default cast on the airfield bar, Tim to play."""
    return new_game("aces", seed, skirmish_setup())


def default_cast() -> dict[str, Character]:
    """The demonstration cast at their starting squares, as the game starts them."""
    return {c.name: c for c in default_game().state.game.characters}


@dataclass(frozen=True)
class RolledAttack:
    """One rolled attack as the game applied it: the faces, the referee's account, the clicks
    each target's dial turned, and who was knocked out or captured."""

    attacker: str
    targets: tuple[str, ...]
    kind: str
    faces: tuple[int, ...]
    said: tuple[str, ...]  # the referee's log lines for this action
    clicks: dict  # name -> clicks its dial turned (targets, and an Ace that paid for fate)
    knocked_out: tuple[str, ...]
    captured: tuple[str, ...]
    rules: tuple[str, ...]

    def __str__(self) -> str:
        who = ", ".join(self.targets)
        each = "; ".join(f"{n} {c} click{'s' if c != 1 else ''}" for n, c in self.clicks.items())
        ko = f"; knocked out: {', '.join(self.knocked_out)}" if self.knocked_out else ""
        cap = f"; captured: {', '.join(self.captured)}" if self.captured else ""
        return (f"{self.attacker} ({self.kind}) at {who}: dice {', '.join(map(str, self.faces)) or 'none'}; "
                f"{' / '.join(self.said)}; clicks: {each or 'none'}{ko}{cap} ({', '.join(self.rules)})")


def _cast_of(table: AcesGame, start: dict[str, Character], squares: dict) -> dict[str, Character]:
    """Every character of the game by name: those on the map as they stand, the knocked-out ones
    off it with their dial on the knock-out click (at the square they last stood on)."""
    here = {c.name: c for c in table.characters}
    out = {}
    for name, first in start.items():
        if name in here:
            out[name] = here[name]
        else:
            out[name] = dataclasses.replace(first, square=tuple(squares.get(name, first.square)),
                                            dial=first.dial.at(first.dial.limit()), captive=None, captor=None)
    return out


def rolled_attack(entry, before: AcesGame, after: AcesGame, start: dict[str, Character], defensive_fate: bool) -> RolledAttack:
    """What one logged attack did, read from the game's tables before and after it."""
    a: Attack = entry.action
    names = list(a.targets) + ([a.second] if a.second and a.second not in a.targets else [])
    old, new = _cast_of(before, start, {}), _cast_of(after, start, {})
    clicks = {}
    for name in sorted(start, key=lambda n: n not in names):  # targets first
        turned = new[name].dial.slot - old[name].dial.slot
        if turned or name in names:
            clicks[name] = turned
    knocked = tuple(o.name for o in after.out[len(before.out):])
    captured = tuple(n for n in names if n in new and new[n].captor and not old[n].captor)
    rules = ["K.ranged.multi" if len(a.targets) > 1 else f"K.{a.kind}", "K.attack"]
    if a.fate or a.second_fate or defensive_fate:
        rules.append("K.fate")
    if captured and "K.capture" not in rules:
        rules.append("K.capture")
    # the referee's account of the roll, without the standing still and the plan's odds
    said = tuple(line for line in entry.lines if not line.endswith(f"stays at {a.at}")
                 and not line.startswith(f"{a.name} fires at ") and not line.startswith(f"{a.name}'s {a.kind} attack on "))
    return RolledAttack(a.name, a.targets, a.kind, entry.faces, said, clicks, knocked, captured, tuple(rules))


class AcesSkirmish(Seating, pn.viewable.Viewer):
    """One Aces game on a map: movement reach, line of fire and attack odds for the active character,
    and the game's legal actions."""
    shows_rules = ('K.move', 'K.break-away', 'K.ranged', 'K.close', 'K.capture', 'K.attack', 'K.fate', 'K.ranged.multi', 'K.turns', 'K.terrain.blocking')  # rule ids shown here (rules index)

    game = param.ClassSelector(class_=Game, default=None, allow_None=True,
                               doc="The one game (cs_panel.core.game.Game of system 'aces'): its seed, set-up and log; "
                                   "everything shown is read from it and every action goes through it.")
    # -- the set-up (changing any of these starts a new game)
    seed = RuleInteger(default=1, bounds=SEED_BOUNDS, doc="The game's seed: every die is rolled from it and the action's "
                                       "place in the log, so the same seed and actions roll the same faces.")
    map_name = param.Selector(default=DEFAULT_MAP, objects=list(maps()),
                              doc="Which Aces map to play on (the packaged maps are sample layouts); a new game.")
    positions = param.Dict(default={}, doc="Square (x, y) of each character by name, as the game stands; setting it "
                                           "starts a new game with the characters there (a click before the first "
                                           "action places the active one).")
    defensive_fate = param.Boolean(default=False, doc="The table plays defensive fate: a target Ace that may spend fate "
                                                      "does when hit, so only natural sixes hit it (K.fate); a new game.")
    hand_out = param.Boolean(default=False, doc="The attacker gives out a several-target shot's dice by hand after the "
                                                "roll, one die to each target (K.ranged.multi); off, they go out so as "
                                                "to click as many targets as possible; a new game.")
    # -- the action planned
    active = param.Selector(default="Charlie", objects=[c[1] for c in DEFAULT_CAST],
                            doc="The character taking the action: its reach is shaded and it attacks the target.")
    target = param.Selector(default="Ruffian", objects=[c[1] for c in DEFAULT_CAST],
                            doc="The character the active one attacks (when no targets are listed below).")
    targets = param.List(default=[], item_type=str,
                         doc="The enemies one ranged attack is spread over, one die each, at most one click each "
                             "(K.ranged.multi): up to as many as the active character has pistols. Empty: the "
                             "single target above.")
    kind = param.Selector(default="ranged", objects=KINDS, doc="Ranged, close, or a close attack declared as a capture (K.capture).")
    broke_away = param.Boolean(default=False, doc="Shade the reach as if the active character rolled 4-6 to break away "
                                                  "from adjacent enemies (K.break-away); a move rolls for it.")
    offensive_fate = param.Boolean(default=False, doc="The active Ace spends fate for extra dice (K.fate).")
    action = param.Selector(default=None, objects=[], allow_None=True, check_on_set=True,
                            doc="One of the game's legal actions now, in notation ('Take' applies it).")

    # -- what the game answers (read-only)
    legal = param.List(default=[], constant=True, doc="The game's legal actions now, in notation (game.legal_actions()).")
    attack_result = param.Parameter(default=None, constant=True, doc="The explained AcesAttack on one target, or None when it is not "
                                    "allowed or several targets are listed (see multi_result).")
    reasons = param.List(default=[], constant=True, doc="Every reason the attack is not allowed ([] when it is).")
    reach = param.Parameter(default=None, constant=True, doc="The active character's Reach (AcesGame.reach).")
    multi_result = param.Parameter(default=None, constant=True,
                                   doc="The explained MultiShot when several targets are listed and allowed, else None.")
    roll_log = param.List(default=[], item_type=str, constant=True,
                          doc="One line per rolled attack in the game: faces, hits, clicks per target, knock-outs, rule ids.")
    last_roll = param.Parameter(default=None, constant=True,
                                doc="The RolledAttack of the game's last attack (None before any).")
    shootable = param.List(default=[], constant=True,
                           doc="The enemies the active character may shoot now from where it stands: the targets of "
                               "the game's legal ranged attacks (what the targets list offers).")

    def __init__(self, **params):
        game = params.pop("game", None)
        params.setdefault("positions", {name: sq for _, name, _, sq in DEFAULT_CAST})
        super().__init__(**params)
        self._quiet = False  # set while the component mirrors the game into its set-up inputs
        self._start: dict[str, Character] = {}  # the game's starting cast, read from its set-up (for knocked-out ones)
        self._legal_actions: list = []  # the game's legal actions, read from it whenever it changes
        self._errors = FieldErrors(FIELDS)
        # the map as SVG in layers: its squares and walls go to the browser once a map, a change of
        # active character sends the reach, the lines of fire and the characters (aces/render.py)
        self._map = LayeredSvg(css_classes=["aces-map"], stylesheets=[MAP_CSS], width=720, height=360)
        self._map.on_pick(self.pick)
        self._reach_pane = html_pane("", css_classes=["aces-reach"], sizing_mode="stretch_width")
        self._attack_pane = html_pane("", css_classes=["aces-attack"], sizing_mode="stretch_width",
                                       stylesheets=[ATTACK_CSS])
        self._cast_pane = html_pane("", css_classes=["aces-cast"], sizing_mode="stretch_width")
        self._status_pane = html_pane("", css_classes=["aces-status"], sizing_mode="stretch_width")
        self._text = text_view(css_classes=["aces-text"])  # the map in words, for screen readers
        self._target_select = pn.widgets.Select.from_param(self.param.target, name="Target", width=220,
                                                           css_classes=["in-target"])
        # toggle buttons, not a MultiChoice: its list was built again in the browser, and the page laid
        # out again, each time another character was chosen (ui/chip_choice.py, issue 14)
        self._targets_choice = ChipChoice(
            label="Or several targets", value=list(self.targets), width=220,
            empty="no enemy it can shoot from here",
            description="One die at each target listed, when the attack allows it (K.ranged.multi).",
            css_classes=["in-targets"])
        self._targets_choice.param.watch(lambda e: setattr(self, "targets", list(e.new)), "value")
        self.param.watch(self._targets_shown, "targets")
        self._log_pane = html_pane("", css_classes=["aces-log"], sizing_mode="stretch_width")
        self._roll_button = pn.widgets.Button(label="Roll the attack", color="primary", width=220,
                                              css_classes=["in-roll"])
        self._take_button = pn.widgets.Button(label="Take", width=60, css_classes=["in-take"], align="end")
        self._undo_button = pn.widgets.Button(label="Undo", width=105, css_classes=["in-undo"])
        self._reset_button = pn.widgets.Button(label="Reset", width=105, css_classes=["in-reset"])
        self._roll_button.on_click(lambda event: self.roll())
        self._take_button.on_click(lambda event: self.act())
        self._undo_button.on_click(lambda event: self.undo())
        self._reset_button.on_click(lambda event: self.reset())
        self.param.watch(self._game_changed, ["game"])
        self._give_box = pn.Column(margin=0, css_classes=["aces-give"])
        self._give_choices: dict[str, pn.widgets.Select] = {}
        self.param.watch(self._setup_changed, ["seed", "map_name", "positions", "defensive_fate", "hand_out"])
        if game is None:
            game = self._new(self.seed, self.map_name, self.positions, self.defensive_fate)
            if game is None:  # a set-up given that the rules refuse: the demonstration, the refusal shown
                game = default_game(self.seed)
        self._require_seats(game)
        self.game = game

    # --- the game ---------------------------------------------------------------------------------
    @contextmanager
    def _mirroring(self):
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    @property
    def table(self) -> AcesGame:
        """The referee's table of the game as it stands."""
        return self.game.state.game

    @property
    def board(self) -> Board:
        return self.table.board

    def _new(self, seed, map_name, positions, defensive_fate) -> Game | None:
        """A new game from this set-up, or None with the core's refusal shown (beside the map)."""
        setup = skirmish_setup(map_name, positions, defensive_fate, self._cast_spec(), self._order(), self.hand_out)
        if self.game is not None:  # the table's other agreements stay: starting areas, time limit, build total
            was = self.game.setup
            setup.update(check_areas=was["check_areas"], max_turns=was["max_turns"],
                         build_total=was.get("build_total", BUILD_TOTAL))
        try:
            return new_game("aces", seed, setup)
        except CsPanelError as e:
            self._errors.show(point_at(e, "square"))
            return None

    def _targets_shown(self, event) -> None:
        """The toggle buttons follow ``targets`` set from code (or put back after a refusal)."""
        if self._targets_choice.value != list(event.new):
            self._targets_choice.value = list(event.new)

    def _cast_spec(self):
        """(figure, name, player, square) of the game's cast, from its set-up (the demonstration's first)."""
        if self.game is None:
            return DEFAULT_CAST
        setup = self.game.setup
        return tuple((fid, name, player, tuple(sq)) for player in setup["order"] for fid, name, sq in setup["teams"][player])

    def _order(self):
        return tuple(self.game.setup["order"]) if self.game is not None else ("Tim", "Kim")

    def _setup_changed(self, *events) -> None:
        """A set-up input changed: a new game from it; one the rules refuse keeps the game and the input."""
        if self._quiet:
            return
        game = self._new(self.seed, self.map_name, self.positions, self.defensive_fate)
        if game is None:
            with self._mirroring():
                self.param.update(**{e.name: e.old for e in events})
            return
        self.game = game

    def _game_changed(self, event) -> None:
        game = event.new
        if game is None or game.system != "aces":
            with self._mirroring():
                self.game = event.old
            self._errors.show(GameError(f"AcesSkirmish plays a game of system 'aces', not "
                                        f"{getattr(game, 'system', game)!r}", field="action"))
            return
        if not self._answered:  # the computers answer before the game is shown
            try:
                answered, problem = self.seat_answer(game), None
            except CsPanelError as e:
                answered, problem = game, e
            if answered is not game:
                self._show_answered(answered)
                return
            if problem is not None:
                self._sync()
                self._errors.show(point_at(problem, "seats" if problem.field == "seats" else None))
                return
        self._sync()

    def _reseat(self) -> None:
        if self.game is None:
            return
        refused = self.seats_refused(self.game)
        if refused is not None:
            self._errors.show(point_at(refused, "seats"))
            return
        try:
            answered = self.seat_answer(self.game)
        except CsPanelError as e:
            self._errors.show(point_at(e, "seats" if e.field == "seats" else None))
            return
        if answered is not self.game:
            self._show_answered(answered)
        else:
            self._errors.show(None)

    def _sync(self) -> None:
        """Mirror the game into the inputs and outputs: the set-up, the cast, the legal actions, the rolls."""
        game = self.game
        setup = game.setup
        start_game = game.rules.initial(setup, game.seed).game
        self._start = {c.name: c for c in start_game.characters}
        names = list(self._start)
        squares = {**{n: tuple(c.square) for n, c in self._start.items()}, **dict(self.positions)}
        squares.update({c.name: tuple(c.square) for c in self.table.characters})
        self._legal_actions = game.legal_actions()  # asked once per game: the game is immutable
        legal = [str(a) for a in self._legal_actions]
        self.param.active.objects = names
        self.param.target.objects = names
        self.param.action.objects = legal
        with self._mirroring():
            update = dict(seed=game.seed, map_name=setup["map"], defensive_fate=setup["defensive_fate"],
                          positions={n: squares[n] for n in names}, hand_out=bool(setup.get("hand_out", False)))
            if self.active not in names:
                update["active"] = names[0]
            acting = self.humans_to_act(game) if self.computers(game) else ()
            active = update.get("active", self.active)
            on_map = {c.name for c in self.table.characters}
            if acting and (self._start[active].player not in acting or active not in on_map):
                # the computer's turn is over: the human's figures still on the map are the ones to move
                here = [c.name for c in self.table.characters if c.player == acting[0]]
                if here:
                    update["active"] = here[0]
            if self.target not in names:
                update["target"] = next((n for n in names if n != update.get("active", self.active)), names[0])
            kept = [t for t in self.targets if t in names]
            if kept != list(self.targets):
                update["targets"] = kept
            update["action"] = self.action if self.action in legal else (legal[0] if legal else None)
            self.param.update(**{k: v for k, v in update.items() if getattr(self, k) != v})
        rolls = self._rolls(game)
        with editing(self, "legal", "roll_log", "last_roll"):
            self.legal = legal
            self.roll_log = [f"{i}. {r}" for i, r in enumerate(rolls, 1)]
            self.last_roll = rolls[-1] if rolls else None
        self._update()
        self._show_log()
        self._show_give()

    def _show_give(self) -> None:
        """A die menu per target while a several-target shot waits for its dice (K.ranged.multi)."""
        pending = self.game.state.pending
        if pending is None:
            self._give_choices = {}
            self._give_box.objects = []
            return
        faces = pending.shot_faces
        options = {f"die {i} (shows {f})": i for i, f in enumerate(faces, 1)}
        self._give_choices = {t: pn.widgets.Select(label=f"die for {t}", options=options, value=i, width=200,
                                                   css_classes=[f"in-give-{k}"])
                              for k, (i, t) in enumerate(zip(range(1, len(faces) + 1), pending.attack.targets))}
        button = pn.widgets.Button(label="Give the dice", color="primary", width=200, css_classes=["in-give"])
        button.on_click(lambda event: self.give())
        said = html_pane(f"<p><b>{html.escape(pending.attack.name)}</b> rolled "
                         f"{html.escape(', '.join(map(str, faces)))}: give each target one die (K.ranged.multi).</p>",
                         width=240)
        self._give_box.objects = [said, *self._give_choices.values(), button]

    def _rolls(self, game: Game) -> list[RolledAttack]:
        if not any(isinstance(e.action, Attack) for e in game.log):
            return []
        history = game.history()
        fate = game.setup["defensive_fate"]
        out = []
        for k, e in enumerate(game.log):
            if not isinstance(e.action, Attack):
                continue
            given = k + 1 < len(game.log) and isinstance(game.log[k + 1].action, Give)
            if history[k + 1].state.pending is not None and not given:
                continue  # rolled, its dice not given out yet (K.ranged.multi)
            if given:  # the roll and the share-out as one attack
                e = dataclasses.replace(e, lines=e.lines[:-1] + game.log[k + 1].lines)  # the roll's call to give: done
            out.append(rolled_attack(e, history[k].state.game, history[k + 2 if given else k + 1].state.game,
                                     self._start, fate))
        return out

    def characters(self) -> dict[str, Character]:
        """The cast as the game stands (knocked-out characters included, off the map)."""
        return _cast_of(self.table, self._start, self.positions)

    @staticmethod
    def on_map(cast: dict[str, Character]) -> dict[str, Character]:
        """The characters still on the map: a knocked-out one is removed (K.attack)."""
        return {n: c for n, c in cast.items() if not c.knocked_out}

    def _apply(self, action, field: str | None) -> bool:
        """Apply one action to the game; a refusal is shown beside ``field`` (or the input the
        core names) and the game is unchanged."""
        try:
            game = self.seat_take(self.game, action)
        except CsPanelError as e:
            where = e.field
            if where in (None, "action", "character", "target", "targets", "second", "dice"):
                where = field
            self._errors.show(point_at(e, where))
            return False
        self.game = game
        return True

    # --- actions (the buttons call these) -------------------------------------------------------------
    def act(self, action: str | None = None) -> bool:
        """Apply ``action`` (notation), or the one chosen in the list of legal actions."""
        text = self.action if action is None else action
        if not text:
            self._errors.show(GameError("no legal action to take: the game is over", field="action"))
            return False
        return self._apply(text, "action")

    def roll(self) -> RolledAttack | None:
        """Apply the planned attack (one target or several) to the game, the active character
        staying where it stands: the game's seeded dice roll it. A refusal is named beside its
        input and nothing changes. Returns what was rolled, or None."""
        me = self.characters()[self.active]
        names = tuple(self.targets) or (self.target,)
        attack = Attack(self.active, tuple(me.square), self.kind, names, bool(self.offensive_fate))
        if self._apply(attack, "targets" if self.targets else "target"):
            # at a hand-out table a several-target shot waits for its dice to be given out (give)
            return None if self.game.state.pending is not None else self.last_roll
        return None

    def give(self, dice: dict[str, int] | None = None) -> RolledAttack | None:
        """Give out a rolled several-target shot's dice (K.ranged.multi): ``dice`` maps each target
        to a die number (1-based, in the order rolled), by default as the die menus show. A
        share-out the rules refuse is named beside the menus and nothing changes. Returns the
        attack as rolled and given out, or None."""
        pending = self.game.state.pending
        if pending is None:
            self._errors.show(GameError("no several-target shot is waiting for its dice (K.ranged.multi)",
                                        field="give"))
            return None
        chosen = dice if dice is not None else {t: w.value for t, w in self._give_choices.items()}
        targets = pending.attack.targets
        if set(chosen) != set(targets):
            self._errors.show(GameError(f"give one die to each of {' & '.join(targets)} (K.ranged.multi)",
                                        field="give"))
            return None
        if self._apply(Give(pending.attack.name, targets, tuple(int(chosen[t]) for t in targets)), "give"):
            return self.last_roll
        return None

    def undo(self) -> bool:
        """Take back the game's last action if it rolled no dice and revealed nothing (fair undo);
        otherwise the reason is shown beside the Undo button and the game stays."""
        try:
            game = self.seat_undo(self.game)
        except UndoRefusedError as e:
            self._errors.show(point_at(e, "undo"))
            return False
        self._show_answered(game)  # the human acts again before the computer answers
        return True

    def reset(self) -> None:
        """The game again from its set-up: every dial at its start, every character on its first
        square, an empty log; the same seed rolls the same faces again."""
        self.game = new_game("aces", self.game.seed, self.game.setup)

    # --- the map --------------------------------------------------------------------------------------
    def pick(self, text: str) -> tuple[int, int] | None:
        """A click on the map as the browser sends it: a square's "column,row", where the active
        character is placed or moves (``place_on``). Anything else, from a stranger's page, is
        ignored."""
        square = picked_cell(text)
        return self.place_on(square) if square is not None and min(square) >= 0 else None

    def place_on(self, square: tuple[int, int]) -> tuple[int, int]:
        """The square (column, row) for the active character, as a click on the map or the typed
        square gives it: before the first action a new game with it set up there; after, a move
        there (``move NAME to X,Y``). A square the rules refuse is named beside the map input and
        nothing changes."""
        square = (int(square[0]), int(square[1]))
        if self.game.log:
            self._apply(Move(self.active, square), "square")
            return square
        game = self._new(self.seed, self.map_name, {**self.positions, self.active: square}, self.defensive_fate)
        if game is not None:
            self.game = game
        return square

    # --- the rules, asked ----------------------------------------------------------------------------
    @param.depends("active", "target", "targets", "kind", "broke_away", "offensive_fate", watch=True)
    def _update(self):
        if self.game is None or self._quiet:
            return
        table, cast = self.table, self.characters()
        me = cast[self.active]
        error, reach = None, None
        result, shot, reasons, shootable = None, None, [], []
        try:  # a knocked-out character is off the table: the referee says so, and it has no reach
            reach = table.reach(me.name, broke_away=self.broke_away)
        except CsPanelError as e:
            error = point_at(e, "active" if e.field in (None, "start", "character") else e.field)
        # the targets offered: those of the game's legal ranged attacks from where it stands
        for a in self._legal_actions:
            if (isinstance(a, Attack) and a.name == me.name and a.at == me.square and a.kind == "ranged"
                    and len(a.targets) == 1 and a.targets[0] not in shootable):
                shootable.append(a.targets[0])
        result, shot, reasons, refused = self._plan(table, me)
        error = error or refused
        with editing(self, "reach", "attack_result", "reasons", "multi_result", "shootable"):
            self.reach, self.attack_result, self.reasons = reach, result, reasons
            self.multi_result, self.shootable = shot, shootable
        self._errors.show(error)
        self._target_select.disabled = bool(self.targets)
        # the list offers what may be shot now; a chosen name the rules now refuse stays, marked
        kept = {f"{n} (cannot be shot now)": n for n in self.targets if n not in shootable}
        self._targets_choice.options = {**{n: n for n in shootable}, **kept}
        self._draw(table.board, cast, reach)
        self._reach_pane.object = self._reach_html(me, reach)
        if self.targets and result is None:
            self._attack_pane.object = self._multi_html(me, shot, reasons)
        else:
            them = cast[self.targets[0]] if self.targets else cast[self.target]
            self._attack_pane.object = self._attack_html(me, them, result, reasons)
        self._cast_pane.object = self._cast_html(cast)
        self._status_pane.object = self._status_html()

    def _plan(self, table: AcesGame, me: Character):
        """The attack as the referee plans it (``AcesGame.plan_attack``): one target, or several
        with one die each (K.ranged.multi). Returns (single result, MultiShot, reasons, error for a
        field); a refused defensive fate leaves the attack planned without it."""
        result, shot, reasons, error = None, None, [], None
        names = list(self.targets) or [self.target]

        def plan(defensive: bool):
            return table.plan_attack(me.name, me.square, names if len(names) > 1 else names[0], self.kind,
                                     offensive_fate=self.offensive_fate, defensive_fate=defensive)
        try:
            try:
                planned = plan(self.defensive_fate)
            except FateError as e:
                if not self.defensive_fate:
                    raise
                planned = plan(False)  # the attack stands; only the target's fate is refused
                error = e
            if isinstance(planned, MultiShot):
                shot = planned
            else:
                result = planned
        except AttackError as e:
            reasons = list(e.reasons) or [str(e)]
            if self.targets:
                error = point_at(e, "targets" if e.field in (None, "target", "targets", "character") else e.field)
        except CsPanelError as e:
            reasons = [str(e)]
            error = point_at(e, ("targets" if self.targets else "target")
                             if e.field in (None, "target", "targets", "character") else e.field)
        return result, shot, reasons, error

    def _show_log(self) -> None:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.roll_log)
        self._log_pane.object = (self.computer_html(self.game, None)
                                 + "<p><b>results</b> (seed " + str(self.game.seed) + ")</p>"
                                 + (f"<ol class='aces-rolls' style='list-style:none;padding-left:0'>{items}</ol>"
                                    if items else "<p><i>no attack rolled yet</i></p>")
                                 + self.game.transcript_html())

    def _status_html(self) -> str:
        g = self.game
        if g.is_over:
            return f"<p><b>{html.escape(g.result.text)}</b></p>"
        state = g.state
        why = f" ({html.escape(state.over)}: take <code>end</code> to score it)" if state.over else ""
        return (f"<p>Round {g.turn}: <b>{html.escape(', '.join(g.waiting_for) or 'nobody')}</b> to act{why}; "
                f"{len(self.legal)} legal action{'s' if len(self.legal) != 1 else ''} (<code>K.turns</code>).</p>")

    # --- drawing --------------------------------------------------------------------------------
    def _draw(self, board: Board, cast: dict[str, Character], reach) -> None:
        from cs_panel.aces.render import SKIRMISH_TOP, skirmish_svg  # drawing code, only when a map is shown

        players = sorted({c.player for c in cast.values()})
        here = self.on_map(cast)  # a knocked-out character is off the map (K.attack)
        labels = short_labels(list(cast))  # two characters never share a token label (Louis, Loyle)
        pieces = [(c.square, labels[c.name], f"{c.name} ({c.player})",
                   PLAYER_COLOURS[players.index(c.player) % len(PLAYER_COLOURS)], c.is_token) for c in here.values()]
        me = cast[self.active]
        lofs = []
        aimed = [cast[n] for n in (self.targets or [self.target]) if n in cast and n != me.name]
        if self.kind == "ranged" and not me.knocked_out:
            for them in aimed:  # one line of fire for each target
                lofs.append(board.line_of_fire(me.square, them.square,
                                               [c.square for c in here.values() if c.name not in (me.name, them.name)]))
        moves = [s for s in reach.squares if s != reach.start] if reach is not None else []
        stops = reach.stops if reach is not None else ()
        self._map.show(skirmish_svg(board, pieces, moves, stops, lofs, mover=me.name), top_from=SKIRMISH_TOP)
        show_text(self._text, self._map.words)  # the drawing's own words, for the text view

    def _reach_html(self, me: Character, reach) -> str:
        if reach is None:
            return ""
        n = len(reach.squares) - 1
        notes = "; ".join(reach.notes)
        return (f"<p><b>{html.escape(me.label)}</b> may end its move in {n} other square{'s' if n != 1 else ''} "
                f"({html.escape(notes)}; <code>K.move</code>). Darker squares end the move: next to an enemy, or "
                f"in hindering terrain.</p>")

    def _attack_html(self, me: Character, them: Character, result, reasons: list[str]) -> str:
        if result is None:
            items = "".join(f"<li>{html.escape(r)}</li>" for r in reasons)
            return f"<p><b>{html.escape(me.name)} cannot make a {self.kind} attack on {html.escape(them.name)}:</b></p><ul class='aces-why'>{items}</ul>"
        if self.kind == "capture":
            odds = f"chance to capture: <b>{percent(result.chance_to_capture)}</b>"
        else:
            odds = f"chance to knock {html.escape(them.name)} out: <b>{percent(knock_out_chance(result, them))}</b>"
        return (f"<p class='aces-odds'>{html.escape(me.name)} on {html.escape(them.name)}: {odds}</p>"
                + result._repr_html_())

    def _multi_html(self, me: Character, shot: MultiShot | None, reasons: list[str]) -> str:
        who = html.escape(", ".join(self.targets if shot is None else shot.targets))
        if shot is None:
            items = "".join(f"<li>{html.escape(r)}</li>" for r in reasons)
            return (f"<p><b>{html.escape(me.name)} cannot make this {self.kind} attack on {who}:</b></p>"
                    f"<ul class='aces-why'>{items}</ul>")
        chances = shot.hit_chances()
        each = ", ".join(f"{html.escape(t)} <b>{percent(chances[t])}</b>" for t in shot.targets)
        fate = [t for t, f in zip(shot.targets, shot.defensive_fate) if f]
        note = (f" ({html.escape(', '.join(fate))} spending fate: natural sixes only)" if fate else "")
        # a target whose talents take off the one click (Charmed Life) can take none: say why
        spared = "".join(f" ({html.escape(t)}: {html.escape(w)})" for t in shot.targets
                         if (w := shot.why_no_click(t)))
        return (f"<p class='aces-odds'>{html.escape(me.name)} fires at {who}, one die each: chance each takes its "
                f"click: {each}{note}{spared}</p>" + shot._repr_html_())

    def _cast_html(self, cast: dict[str, Character]) -> str:
        rows = []
        for c in cast.values():
            kind = "token" if c.is_token else "Ace"
            if c.knocked_out:
                rows.append(f"<tr class='aces-ko'><td>{html.escape(c.name)}</td><td>{html.escape(c.player)}</td>"
                            f"<td>{kind}</td><td>off the map</td><td>{c.dial.slot}</td>"
                            f"<td colspan='6'><b>knocked out</b> (<code>K.attack</code>)</td></tr>")
                continue
            v = c.dial.values
            held = (f" holds {html.escape(c.captive)}" if c.captive else "") + \
                   (f" captive of {html.escape(c.captor)}" if c.captor else "")
            shown = "".join(f"<span class='aces-talent' title='{html.escape(t.effect)}'>{html.escape(t.name)} "
                            f"{badge_html(t.provenance)}</span> " for t in talents_of(c))
            rows.append(f"<tr><td>{html.escape(c.name)}</td><td>{html.escape(c.player)}</td><td>{kind}</td>"
                        f"<td>{c.square}{held}</td><td>{c.dial.slot}</td><td>{v.get('speed')}</td><td>{v.get('attack')}</td><td>{v.get('defense')}</td>"
                        f"<td>{v.get('fate')}</td><td>{c.range}</td><td>{shown}</td></tr>")
        return ("<table class='cs-breakdown aces-cast-table'><caption>characters " + badge_html("sample") + "</caption>"
                "<tr><td>name</td><td>player</td><td></td><td>square</td><td>click</td><td>speed</td><td>attack</td><td>defense</td>"
                "<td>fate</td><td>range</td><td>talents and abilities</td></tr>" + "".join(rows) + "</table>")

    # --- layout -----------------------------------------------------------------------------------
    def _place_row(self) -> pn.Column:
        """A square typed by column and row, and a button that places (or moves) the active
        character there, as a click on the map does."""
        col = pn.widgets.IntInput(value=0, start=0, label="Column", width=100, css_classes=["in-place-col"])
        row = pn.widgets.IntInput(value=0, start=0, label="Row", width=100, css_classes=["in-place-row"])
        go = pn.widgets.Button(label="Place or move it there", width=220, css_classes=["in-place"])
        go.on_click(lambda event: None if col.value is None or row.value is None else self.place_on((col.value, row.value)))
        return pn.Column(pn.Row(col, row, margin=0), go, margin=0)

    def __panel__(self):
        e, p = self._errors, self.param
        players = list(self.game.setup["order"])
        inputs = pn.Column(
            "### Players", self.seat_controls(players), e.slots["seats"],
            "### Action",
            e.beside(pn.widgets.Select.from_param(p.map_name, label="Map", width=220, css_classes=["in-map"]), "square"),
            e.beside(pn.widgets.Select.from_param(p.active, label="Active character (a click places it)", width=220,
                                                  css_classes=["in-active"]), "active"),
            e.beside(self._target_select, "target"),
            e.beside(self._targets_choice, "targets"),
            e.beside(pn.widgets.RadioButtonGroup.from_param(p.kind, css_classes=["in-kind"]), "kind"),
            pn.widgets.Checkbox.from_param(p.broke_away, label="Broke away (rolled 4-6)", css_classes=["in-broke-away"]),
            pn.widgets.Checkbox.from_param(p.offensive_fate, label="Active Ace uses fate (extra dice)", css_classes=["in-offensive-fate"]),
            e.beside(pn.widgets.Checkbox.from_param(p.defensive_fate, label="Target Aces use fate (sixes only; new game)",
                                                    css_classes=["in-defensive-fate"]), "fate"),
            pn.widgets.Checkbox.from_param(p.hand_out, label="Give out a several-target shot's dice by hand (new game)",
                                           css_classes=["in-hand-out"]),
            pn.widgets.IntInput.from_param(p.seed, label="Dice seed (new game)", width=220, css_classes=["in-seed"]),
            self._roll_button,
            e.under(self._give_box, "give"),
            self._place_row(),
            e.under(pn.Row(pn.widgets.Select.from_param(p.action, label="Or any legal action", width=170,
                                                        css_classes=["in-action"]), self._take_button, margin=0),
                    "action"),
            e.under(pn.Row(self._undo_button, self._reset_button, margin=0), "undo"),
            e.general, width=260)
        from cs_panel.aces.render import REACH_FILL, STOP_FILL, TERRAIN_FILL  # the map's own colours

        legend = html_pane(
            f"<span style='background:{REACH_FILL}'>&nbsp;may move here&nbsp;</span> "
            f"<span style='background:{STOP_FILL}'>&nbsp;move ends here&nbsp;</span> "
            f"<span style='background:{TERRAIN_FILL['hindering']}'>&nbsp;hindering&nbsp;</span> "
            f"<span style='background:{TERRAIN_FILL['blocking']};color:white'>&nbsp;blocking&nbsp;</span> "
            + badge_html(self.board.provenance) + " map")
        results = pn.Column(self._status_pane, named(self._map, "map: the squares and the characters", self._text),
                            legend, self._reach_pane, self._attack_pane, self._cast_pane,
                            self._log_pane, sizing_mode="stretch_width", min_width=600, styles={"flex": "1 1 600px"})
        # side by side when there is room; in a narrow notebook column the map wraps under the inputs
        return pn.FlexBox(inputs, results, flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width",
                          stylesheets=[STYLES], css_classes=["cs-aces"])


__all__ = ["AcesSkirmish"]
