"""``AcesSkirmish``: characters on an Aces map, where one may move, and what its attack would do.

*Crimson Skies: Aces* (K.move, K.break-away, K.terrain.*, K.ranged, K.close, K.capture,
K.attack, K.fate). Pick the active character and a target; the map shades every square the
active character may end its move in (squares where the move must stop are darker), draws the
line of fire to the target (green when clear, red and dashed when blocked), and the panel gives
the attack's dice and defense term by term with the exact chance of each number of hits, or every
reason the attack is not allowed. A character with several pistols may instead spread one ranged
attack over several enemies (K.ranged.multi): the targets list offers the enemies it could shoot
now, and the panel gives the shared dice and each target's defense term by term with its chance of
taking its one click, as the referee plans it (``AcesGame.plan_attack``), or the core's named reason
beside the list when the rules refuse it. "Roll the attack" resolves the planned attack with the
component's seeded dice through the referee (``AcesGame.move_and_attack``, the active character
staying where it stands), clicks each target's dial in the component's own cast (a knocked-out
character leaves the map and is shown as such) and adds a line to the results log; "Undo" puts the
characters back as they were before the last roll, "Reset" restores the starting line-up and the
dice. Click a square to place the active character there (a teaching tool: it is not limited to the
shaded squares). The cast table lists each figure's talents and abilities showing on its dial,
badged ``reconstructed`` (their card was lost; ``cs_panel.aces.talents``). All the
rules come from ``cs_panel.aces``; this component only gathers inputs and draws.
"""

from __future__ import annotations

import dataclasses
import html
from dataclasses import dataclass

import panel as pn
import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.plotting import figure

from cs_panel.aces.board import Board, BoardError, maps
from cs_panel.aces.combat import (
    AttackError, Character, FateError, MultiShot, attack, knock_out_chance, ranged_targets, sample_character,
)
from cs_panel.aces.game import GameRuleError, Turns
from cs_panel.aces.referee import AcesGame
from cs_panel.aces.talents import talents_of
from cs_panel.aces.movement import MoveError, reachable
from cs_panel.core.dice import Dice
from cs_panel.core import palette
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.ui.common import STYLES, FieldErrors, badge_html, bokeh_writes, html_pane, set_data, RuleInteger, SEED_BOUNDS, short_labels

PLAYER_COLOURS = palette.PLAYER_COLOURS
TERRAIN_FILL = {"clear": "#f7fafc", "hindering": "#c6f6d5", "blocking": "#4a5568"}
REACH_FILL, STOP_FILL = "#bee3f8", "#90cdf4"
KINDS = ["ranged", "close", "capture"]
FIELDS = ["active", "target", "targets", "kind", "square", "fate"]

#: the demonstration line-up: (figure id, name, player, square); sample figures, badged in the view
DEFAULT_CAST = (
    ("charlie-steele-ace", "Charlie", "Tim", (3, 5)),
    ("tail-gunner", "Tail Gunner", "Tim", (2, 8)),
    ("louis-thibodeaux-ace", "Louis", "Tim", (2, 2)),
    ("loyle-crawford-ace", "Loyle", "Kim", (13, 5)),
    ("ruffian", "Ruffian", "Kim", (9, 4)),
    ("soldier", "Soldier", "Kim", (9, 7)),
)


def default_cast() -> dict[str, Character]:
    return {name: sample_character(fid, name, player, sq) for fid, name, player, sq in DEFAULT_CAST}


@dataclass(frozen=True)
class RolledAttack:
    """One rolled attack as the component applied it: the faces, the referee's account, the clicks
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


class AcesSkirmish(pn.viewable.Viewer):
    """An Aces map with characters: movement reach, line of fire and attack odds for the active one."""
    shows_rules = ('K.move', 'K.break-away', 'K.ranged', 'K.close', 'K.capture', 'K.attack', 'K.fate', 'K.ranged.multi', 'K.turns', 'K.terrain.blocking')  # rule ids shown here (rules index)

    map_name = param.Selector(default="airfield-bar", objects=list(maps()),
                              doc="Which Aces map to play on (the packaged maps are sample layouts).")
    active = param.Selector(default="Charlie", objects=[c[1] for c in DEFAULT_CAST],
                            doc="The character taking the action: its reach is shaded and it attacks the target.")
    target = param.Selector(default="Ruffian", objects=[c[1] for c in DEFAULT_CAST],
                            doc="The character the active one attacks (when no targets are listed below).")
    targets = param.List(default=[], item_type=str,
                         doc="The enemies one ranged attack is spread over, one die each, at most one click each "
                             "(K.ranged.multi): up to as many as the active character has pistols. Empty: the "
                             "single target above.")
    kind = param.Selector(default="ranged", objects=KINDS, doc="Ranged, close, or a close attack declared as a capture (K.capture).")
    broke_away = param.Boolean(default=False, doc="The active character rolled 4-6 to break away from adjacent enemies (K.break-away).")
    offensive_fate = param.Boolean(default=False, doc="The active Ace spends fate for extra dice (K.fate).")
    defensive_fate = param.Boolean(default=False, doc="The target Ace spends fate: only natural sixes hit (K.fate).")
    positions = param.Dict(default={}, doc="Square (x, y) of each character by name; a map click moves the active one.")

    attack_result = param.Parameter(default=None, constant=True, doc="The explained AcesAttack on one target, or None when it is not "
                                    "allowed or several targets are listed (see multi_result).")
    reasons = param.List(default=[], constant=True, doc="Every reason the attack is not allowed ([] when it is).")
    reach = param.Parameter(default=None, constant=True, doc="The active character's Reach (cs_panel.aces.movement).")
    multi_result = param.Parameter(default=None, constant=True,
                                   doc="The explained MultiShot when several targets are listed and allowed, else None.")
    seed = RuleInteger(default=1, bounds=SEED_BOUNDS, doc="The seed of the component's dice (cs_panel.core.dice.Dice): two components "
                                       "with the same seed roll the same faces. Changing it (or Reset) starts the dice afresh.")
    roll_log = param.List(default=[], item_type=str, constant=True,
                          doc="One line per rolled attack: faces, hits, clicks per target, knock-outs, rule ids.")
    last_roll = param.Parameter(default=None, constant=True,
                                doc="The RolledAttack of the last roll still standing (None before any, or after Undo/Reset).")
    shootable = param.List(default=[], constant=True,
                           doc="The enemies the active character could shoot now, in range and in a clear line of fire "
                               "(cs_panel.aces.combat.ranged_targets): what the targets list offers.")

    def __init__(self, **params):
        cast = default_cast()
        params.setdefault("positions", {n: c.square for n, c in cast.items()})
        super().__init__(**params)
        self._cast = cast
        self._dice = Dice(self.seed)
        self._undo: list[tuple[dict[str, Character], list[str], object]] = []  # before each roll still standing
        self._refusal: CsPanelError | None = None  # why the planned attack may not be rolled now
        self._errors = FieldErrors(FIELDS)
        self._squares = ColumnDataSource(dict(x=[], y=[], fill=[], terrain=[], sx=[], sy=[]))
        self._people = ColumnDataSource(dict(x=[], y=[], colour=[], name=[], size=[], label=[]))
        self._line = ColumnDataSource(dict(xs=[], ys=[], colour=[], dash=[]))
        self._figure = self._make_figure()
        self._reach_pane = html_pane("", css_classes=["aces-reach"], sizing_mode="stretch_width")
        self._attack_pane = html_pane("", css_classes=["aces-attack"], sizing_mode="stretch_width")
        self._cast_pane = html_pane("", css_classes=["aces-cast"], sizing_mode="stretch_width")
        self._target_select = pn.widgets.Select.from_param(self.param.target, name="Target", width=220,
                                                           css_classes=["in-target"])
        self._targets_choice = pn.widgets.MultiChoice.from_param(
            self.param.targets, name="Or several targets", options=[], width=220,
            description="One die at each target listed, when the attack allows it (K.ranged.multi).",
            css_classes=["in-targets"])
        self._log_pane = html_pane("", css_classes=["aces-log"], sizing_mode="stretch_width")
        self._roll_button = pn.widgets.Button(label="Roll the attack", color="primary", width=220,
                                              css_classes=["in-roll"])
        self._undo_button = pn.widgets.Button(label="Undo last roll", width=105, css_classes=["in-undo"])
        self._reset_button = pn.widgets.Button(label="Reset", width=105, css_classes=["in-reset"])
        self._roll_button.on_click(lambda event: self.roll())
        self._undo_button.on_click(lambda event: self.undo())
        self._reset_button.on_click(lambda event: self.reset())
        self._update()
        self._show_log()

    # --- the board -------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return maps()[self.map_name]

    def characters(self) -> dict[str, Character]:
        """The cast at their current squares (knocked-out characters included, off the map)."""
        return {n: dataclasses.replace(c, square=tuple(self.positions.get(n, c.square))) for n, c in self._cast.items()}

    @staticmethod
    def on_map(cast: dict[str, Character]) -> dict[str, Character]:
        """The characters still on the map: a knocked-out one is removed (K.attack)."""
        return {n: c for n, c in cast.items() if not c.knocked_out}

    def table(self, cast: dict[str, Character] | None = None) -> AcesGame:
        """The cast as a referee's table, so an attack is planned as the referee plans it
        (``AcesGame.plan_attack``); whose turn it is does not matter for a plan."""
        cast = self.on_map(self.characters() if cast is None else cast)
        # the active character's player has the turn, so the referee lets it act (K.turns)
        me = [cast[self.active].player] if self.active in cast else []
        players = tuple(dict.fromkeys([*me, *(c.player for c in cast.values())]))
        return AcesGame(self.map_name, tuple(cast.values()), Turns(players), recruited=())

    def _make_figure(self):
        fig = figure(height=360, width=720, match_aspect=True, name="aces_map", title="Aces map",
                     toolbar_location=None, tools="")
        fig.rect(x="x", y="y", width=1, height=1, fill_color="fill", line_color="#a0aec0", source=self._squares)
        fig.multi_line(xs="xs", ys="ys", line_color="colour", line_width=3, line_dash="dash", source=self._line)
        fig.scatter(x="x", y="y", size="size", fill_color="colour", line_color="black", source=self._people)
        fig.text(x="x", y="y", text="label", text_align="center", text_baseline="middle", text_color="white",
                 text_font_size="9pt", source=self._people)
        fig.add_tools(HoverTool(tooltips=[("square", "(@sx, @sy)"), ("terrain", "@terrain")]))
        fig.axis.visible = False
        fig.grid.visible = False
        fig.on_event(Tap, lambda event: self.place_at(event.x, event.y))
        return fig

    @staticmethod
    def to_square(x: float, y: float) -> tuple[int, int]:
        """The map square under drawing point (x, y); drawing y runs up, the map's y down."""
        return int(round(x)), int(round(-y))

    def place_at(self, x: float, y: float) -> tuple[int, int]:
        """Move the active character to the square under drawing point (x, y), if it is free."""
        square = self.to_square(x, y)
        try:
            self.board.check(square, "square")
            if square in self.board.blocking:
                raise BoardError(f"{square} is blocking terrain: nobody stands there (K.terrain.blocking)", field="square")
            others = {n: s for n, s in self.positions.items() if n != self.active}
            if tuple(square) in {tuple(s) for s in others.values()}:
                raise MoveError(f"{square} is taken: a character cannot end in an occupied square (K.move)", field="square")
        except CsPanelError as e:
            self._errors.show(e)
            return square
        self.positions = {**self.positions, self.active: square}
        return square

    # --- the rules, asked --------------------------------------------------------------------------
    @param.depends("map_name", "active", "target", "targets", "kind", "broke_away", "offensive_fate",
                   "defensive_fate", "positions", watch=True)
    def _update(self):
        board, cast = self.board, self.characters()
        here = self.on_map(cast)
        me = cast[self.active]
        friends = [c.square for c in here.values() if c.player == me.player and c.name != me.name]
        enemies = [c.square for c in here.values() if c.player != me.player]
        error = None
        reach = None
        result, shot, reasons, shootable, refused = None, None, [], [], None
        if me.knocked_out:
            reasons = [f"{me.name} is knocked out: off the map, it takes no more actions (K.attack)"]
            refused = error = AttackError(reasons[0], reasons=reasons, field="active")
        else:
            try:
                reach = reachable(board, me.square, me.value("speed"), friends=friends, enemies=enemies,
                                  broke_away=self.broke_away)
            except CsPanelError as e:
                error = e
                e.field = "active" if e.field in (None, "start") else e.field
            shootable = [n for n, why in ranged_targets(board, me, here.values()).items() if not why]
            if self.targets:
                result, shot, reasons, refused = self._plan_targets(cast)
            else:
                result, reasons, refused = self._plan_single(board, cast, me)
            error = error or refused
            if refused is None and result is None and shot is None:
                field = "targets" if self.targets else "target"
                refused = AttackError("; ".join(reasons) or "no attack planned", reasons=reasons, field=field)
        self._refusal = refused
        with param.edit_constant(self):
            self.reach, self.attack_result, self.reasons = reach, result, reasons
            self.multi_result, self.shootable = shot, shootable
        self._errors.show(error)
        self._target_select.disabled = bool(self.targets)
        # the list offers what may be shot now; a chosen name the rules now refuse stays, marked
        kept = {f"{n} (cannot be shot now)": n for n in self.targets if n not in shootable}
        self._targets_choice.options = {**{n: n for n in shootable}, **kept}
        self._draw(board, cast, reach)
        self._reach_pane.object = self._reach_html(me, reach)
        if self.targets and result is None:
            self._attack_pane.object = self._multi_html(me, shot, reasons)
        else:
            them = cast[self.targets[0]] if self.targets else cast[self.target]
            self._attack_pane.object = self._attack_html(me, them, result, reasons)
        self._cast_pane.object = self._cast_html(cast)

    def _plan_single(self, board: Board, cast: dict[str, Character], me: Character):
        """The attack on the one ``target``: (result, reasons, error for a field)."""
        result, reasons, error = None, [], None
        try:
            if self.target == self.active:
                raise AttackError("a character may not attack itself (K.ranged)", reasons=["a character may not attack itself"])
            them = cast[self.target]  # a knocked-out target is named, and refused, by the core
            result = attack(board, me, them, self.kind, [*self.on_map(cast).values(), *([them] if them.knocked_out else [])],
                            offensive_fate=self.offensive_fate)
            if self.defensive_fate:
                if cast[self.target].is_token or cast[self.target].value("fate") <= 0:
                    raise FateError(f"{self.target} cannot spend fate defensively: tokens never, Aces only with fate "
                                       "above 0 (K.fate)", field="fate")
                result = result.with_defensive_fate()
        except AttackError as e:
            reasons = list(e.reasons) or [str(e)]
        except CsPanelError as e:
            error = e
        return result, reasons, error

    def _plan_targets(self, cast: dict[str, Character]):
        """The attack at the listed ``targets``, planned by the referee: one name is a single
        attack, several a shot with one die each (K.ranged.multi). Returns (single result,
        MultiShot, reasons, error); a refusal is named beside the targets list."""
        result, shot, reasons, error = None, None, [], None
        try:
            gone = [t for t in self.targets if t in cast and cast[t].knocked_out]
            if gone:
                why = [f"{t}: a knocked-out character is off the map (K.attack)" for t in gone]
                raise AttackError("; ".join(why), reasons=why, field="targets")
            plan = self.table(cast).plan_attack(self.active, cast[self.active].square, self.targets, self.kind,
                                                offensive_fate=self.offensive_fate)
            if isinstance(plan, MultiShot):
                shot = plan
                if self.defensive_fate:
                    # each target Ace that may spend fate does (K.fate); tokens and fate 0 cannot
                    can = tuple(not cast[t].is_token and cast[t].value("fate") > 0 for t in shot.targets)
                    if not any(can):
                        raise FateError(f"none of {', '.join(shot.targets)} can spend fate defensively: tokens "
                                        "never, Aces only with fate above 0 (K.fate)", field="fate")
                    shot = shot.with_defensive_fate(can)
            else:
                result = plan
                them = cast[self.targets[0]]
                if self.defensive_fate:
                    if them.is_token or them.value("fate") <= 0:
                        raise FateError(f"{them.name} cannot spend fate defensively: tokens never, Aces only with "
                                        "fate above 0 (K.fate)", field="fate")
                    result = result.with_defensive_fate()
        except CsPanelError as e:
            if isinstance(e, AttackError):
                reasons = list(e.reasons) or [str(e)]
            if e.field in (None, "target", "targets", "character"):
                e.field = "targets"
            error = e
        return result, shot, reasons, error

    # --- rolling (K.attack, K.ranged.multi, K.capture, K.fate) -----------------------------------------
    @param.depends("seed", watch=True)
    def _reseed(self):
        self._dice = Dice(self.seed)
        self._show_log()

    def roll(self, dice: Dice | None = None) -> RolledAttack | None:
        """Roll the planned attack (one target or several) with the component's dice, or ``dice``
        (a ``ScriptedDice`` for a worked example), through the referee: the active character stays
        where it stands and attacks (``AcesGame.move_and_attack``). The clicks land on each
        character's dial in this component's cast; a knocked-out one leaves the map (K.attack). A
        refused attack is named beside its input and nothing changes. Returns what was rolled, or None."""
        dice = self._dice if dice is None else dice
        if self._refusal is not None:
            self._errors.show(self._refusal)
            return None
        cast = self.characters()
        names = list(self.targets) or [self.target]
        rolled_before = len(dice.log)
        try:
            after = self.table(cast).move_and_attack(
                self.active, cast[self.active].square, names if len(names) > 1 else names[0], self.kind, dice,
                offensive_fate=self.offensive_fate, defensive_fate=self.defensive_fate)
        except CsPanelError as e:
            if isinstance(e, GameRuleError) and e.field in (None, "action", "character"):
                e.field = "active"
            self._errors.show(e)
            return None
        faces = tuple(face for _, face in dice.log[rolled_before:])
        now = {c.name: c for c in after.characters}
        knocked = tuple(o.name for o in after.out)
        before = dict(self._cast)
        new, clicks = dict(self._cast), {}
        for name, old in sorted(self._cast.items(), key=lambda kv: kv[0] not in names):  # targets first
            if name in now:
                c = now[name]
                new[name] = dataclasses.replace(old, dial=c.dial, captive=c.captive, captor=c.captor)
            elif name in knocked:  # off the map: its dial stays on the knock-out click
                new[name] = dataclasses.replace(old, dial=old.dial.at(old.dial.limit()), captive=None, captor=None)
            turned = new[name].dial.slot - old.dial.slot
            if turned or name in names:
                clicks[name] = turned
        captured = tuple(n for n in names if new[n].captor and not before[n].captor)
        rules = ["K.ranged.multi" if len(names) > 1 else f"K.{self.kind}", "K.attack"]
        if self.offensive_fate or self.defensive_fate:
            rules.append("K.fate")
        if captured and "K.capture" not in rules:
            rules.append("K.capture")
        # the referee's account of the roll, without the standing still and the plan's odds
        said = tuple(line for line in after.log if not line.endswith(f"stays at {cast[self.active].square}")
                     and not line.startswith(f"{self.active} fires at "))
        done = RolledAttack(self.active, tuple(names), self.kind, faces, said, clicks, knocked, captured, tuple(rules))
        self._undo.append((before, list(self.roll_log), self.last_roll))
        self._cast = new
        with param.edit_constant(self):
            self.roll_log = [*self.roll_log, f"{len(self.roll_log) + 1}. {done}"]
            self.last_roll = done
        self._update()
        self._show_log()
        return done

    def undo(self) -> bool:
        """Put the characters (dials, captives) back as they were before the last roll; the dice
        go on (a new roll shows new faces). False, named in the general slot, when nothing was rolled."""
        if not self._undo:
            self._errors.show(CsPanelError("nothing to undo: no roll since the start or the last reset"))
            return False
        self._cast, log, last = self._undo.pop()
        with param.edit_constant(self):
            self.roll_log, self.last_roll = log, last
        self._update()
        self._show_log()
        return True

    def reset(self) -> None:
        """The starting line-up again: every dial at its start, every character on its first square,
        an empty log and the dice started afresh from ``seed``."""
        self._cast = default_cast()
        self._undo.clear()
        self._dice = Dice(self.seed)
        with param.edit_constant(self):
            self.roll_log, self.last_roll = [], None
        self.positions = {n: c.square for n, c in self._cast.items()}
        self._update()
        self._show_log()

    def _show_log(self) -> None:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.roll_log)
        self._log_pane.object = ("<p><b>results</b> (seed " + str(self.seed) + ")</p>"
                                 + (f"<ol class='aces-rolls' style='list-style:none;padding-left:0'>{items}</ol>"
                                    if items else "<p><i>no attack rolled yet</i></p>"))

    # --- drawing --------------------------------------------------------------------------------
    @bokeh_writes()
    def _draw(self, board: Board, cast: dict[str, Character], reach) -> None:
        sq = dict(x=[], y=[], fill=[], terrain=[], sx=[], sy=[])
        for s in board.squares():
            terrain = board.terrain(s)
            fill = TERRAIN_FILL[terrain]
            if reach is not None and s in reach.squares and s != reach.start:
                fill = STOP_FILL if s in reach.stops else REACH_FILL
            sq["x"].append(s[0])
            sq["y"].append(-s[1])
            sq["fill"].append(fill)
            sq["terrain"].append(terrain)
            sq["sx"].append(s[0])
            sq["sy"].append(s[1])
        set_data(self._squares, sq)  # a new active character changes the fills only
        players = sorted({c.player for c in cast.values()})
        people = dict(x=[], y=[], colour=[], name=[], size=[], label=[])
        here = self.on_map(cast)  # a knocked-out character is off the map (K.attack)
        labels = short_labels(list(cast))  # two characters never share a token label (Louis, Loyle)
        for c in here.values():
            people["x"].append(c.square[0])
            people["y"].append(-c.square[1])
            people["colour"].append(PLAYER_COLOURS[players.index(c.player) % len(PLAYER_COLOURS)])
            people["name"].append(c.name)
            people["size"].append(14 if c.is_token else 20)
            people["label"].append(labels[c.name])
        set_data(self._people, people)
        me = cast[self.active]
        line = dict(xs=[], ys=[], colour=[], dash=[])
        aimed = [cast[n] for n in (self.targets or [self.target]) if n in cast and n != me.name]
        if self.kind == "ranged" and not me.knocked_out:
            for them in aimed:  # one line of fire for each target
                lof = board.line_of_fire(me.square, them.square,
                                         [c.square for c in here.values() if c.name not in (me.name, them.name)])
                line["xs"].append([me.square[0], them.square[0]])
                line["ys"].append([-me.square[1], -them.square[1]])
                line["colour"].append("#2f855a" if lof.clear else "#c53030")
                line["dash"].append("solid" if lof.clear else "dashed")
        set_data(self._line, line)

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
    def __panel__(self):
        e, p = self._errors, self.param
        inputs = pn.Column(
            "### Action",
            e.beside(pn.widgets.Select.from_param(p.map_name, label="Map", width=220, css_classes=["in-map"]), "square"),
            e.beside(pn.widgets.Select.from_param(p.active, label="Active character (a click places it)", width=220,
                                                  css_classes=["in-active"]), "active"),
            e.beside(self._target_select, "target"),
            e.beside(self._targets_choice, "targets"),
            e.beside(pn.widgets.RadioButtonGroup.from_param(p.kind, css_classes=["in-kind"]), "kind"),
            pn.widgets.Checkbox.from_param(p.broke_away, label="Broke away (rolled 4-6)", css_classes=["in-broke-away"]),
            pn.widgets.Checkbox.from_param(p.offensive_fate, label="Active Ace uses fate (extra dice)", css_classes=["in-offensive-fate"]),
            e.beside(pn.widgets.Checkbox.from_param(p.defensive_fate, label="Target Ace uses fate (sixes only)",
                                                    css_classes=["in-defensive-fate"]), "fate"),
            pn.widgets.IntInput.from_param(p.seed, label="Dice seed", width=220, css_classes=["in-seed"]),
            self._roll_button, pn.Row(self._undo_button, self._reset_button, margin=0),
            e.general, width=260)
        legend = html_pane(
            f"<span style='background:{REACH_FILL}'>&nbsp;may move here&nbsp;</span> "
            f"<span style='background:{STOP_FILL}'>&nbsp;move ends here&nbsp;</span> "
            f"<span style='background:{TERRAIN_FILL['hindering']}'>&nbsp;hindering&nbsp;</span> "
            f"<span style='background:{TERRAIN_FILL['blocking']};color:white'>&nbsp;blocking&nbsp;</span> "
            + badge_html(self.board.provenance) + " map")
        results = pn.Column(pn.pane.Bokeh(self._figure), legend, self._reach_pane, self._attack_pane, self._cast_pane,
                            self._log_pane, sizing_mode="stretch_width", min_width=600, styles={"flex": "1 1 600px"})
        # side by side when there is room; in a narrow notebook column the map wraps under the inputs
        return pn.FlexBox(inputs, results, flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width",
                          stylesheets=[STYLES], css_classes=["cs-aces"])


__all__ = ["AcesSkirmish"]
