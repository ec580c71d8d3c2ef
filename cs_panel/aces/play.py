"""*Crimson Skies: Aces* through the one game protocol (``cs_panel.core.game``), wrapping the
referee (``cs_panel.aces.referee.AcesGame``), which keeps every rule. Every action's die faces are
recorded by the protocol, so undo (fair: never across a roll) and replay work through ``Game``.

Actions and their notation (K.turns, K.actions):

- ``move Charlie to 8,3`` (K.move, K.break-away);
- ``attack Charlie from 8,3 ranged Ruffian`` (K.ranged, K.close, K.capture), several ranged
  targets joined by `` & `` (K.ranged.multi), `` with fate`` for offensive fate (K.fate), and
  ``then NAME`` for Old One-Two's second close attack;
- ``second wind Charlie``, ``escape Charlie`` (`` with fate``), ``pass Tim`` (the whole turn) or
  ``pass Tim with Charlie``, ``withdraw Tim`` (K.withdraw);
- ``end``: once the game is over (K.end), the score, with the d6 roll-off a tie needs (K.victory);
- ``give Charlie die 2 to Loyle & die 1 to Ruffian``: at a table that hands out a several-target
  shot's dice by hand (the setup's ``hand_out``), the attacker's share-out after the roll, one
  die (numbered in the order rolled) to each target (K.ranged.multi).

At such a table the attack rolls its dice and then waits: the only legal actions are the ways to
give them out, and the shot is resolved by the ``give``. Without ``hand_out`` (the default) the
dice go out at once so as to hit as many targets as possible.

``legal_actions`` lists, for the player whose turn it is, every reachable square of each
character that may act, every attack the rules allow from each of them (each target and kind,
each set of ranged targets up to the character's pistols, with and without fate, and each second
close attack), and the other actions. A character next to an enemy must roll to break away before
it moves; since it stays where it is when the roll fails and then attacks from there, its attacks
are listed from its own square only. Our readings: a target Ace spends defensive fate when the
setup's ``defensive_fate`` says the table plays it that way (default: yes), since the protocol has
no interrupt for the defender to decide at the roll; ``max_turns`` (rounds of every player's turn)
is the agreed time limit of K.end.

>>> from cs_panel.games import new_game
>>> g = new_game("aces", seed=1)
>>> g.waiting_for
('Tim',)
>>> g = g.apply("move Charlie to 4,3")
>>> g.state.game.character("Charlie").square
(4, 3)
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass

from cs_panel.aces import talents
from cs_panel.aces.board import Square
from cs_panel.aces.combat import AcesAttack, AttackError, MultiShot, attack_problems, may_use_fate
from cs_panel.aces.game import BUILD_TOTAL, GameRuleError, game_over, victory
from cs_panel.aces.referee import AcesGame
from cs_panel.core.dice import Dice, ScriptedDice
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import percent
from cs_panel.core.game import Action, Result, Rules, StepInfo, UnknownActionError

# -- actions ------------------------------------------------------------------------------------


def _sq(s: Square) -> str:
    return f"{s[0]},{s[1]}"


@dataclass(frozen=True)
class Move(Action):
    name: str
    to: Square

    def __str__(self) -> str:
        return f"move {self.name} to {_sq(self.to)}"


@dataclass(frozen=True)
class Attack(Action):
    name: str
    at: Square
    kind: str
    targets: tuple[str, ...]
    fate: bool = False
    second: str | None = None
    second_fate: bool = False

    def __str__(self) -> str:
        text = f"attack {self.name} from {_sq(self.at)} {self.kind} {' & '.join(self.targets)}"
        text += " with fate" if self.fate else ""
        if self.second is not None:
            text += f" then {self.second}" + (" with fate" if self.second_fate else "")
        return text


@dataclass(frozen=True)
class Give(Action):
    """The attacker's share-out of a several-target shot's dice after the roll (K.ranged.multi):
    die ``dice[i]`` (1-based, in the order the shot rolled them) to ``targets[i]``."""

    name: str
    targets: tuple[str, ...]
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"give {self.name} " + " & ".join(f"die {d} to {t}" for t, d in zip(self.targets, self.dice))


@dataclass(frozen=True)
class Pending:
    """A several-target shot rolled and not yet given out: the attack, every face its action rolled
    (a break-away roll first, if any), and where the shot's own dice start among them."""

    attack: Attack
    faces: tuple[int, ...]
    start: int

    @property
    def shot_faces(self) -> tuple[int, ...]:
        return self.faces[self.start:]


@dataclass(frozen=True)
class SecondWind(Action):
    name: str

    def __str__(self) -> str:
        return f"second wind {self.name}"


@dataclass(frozen=True)
class Escape(Action):
    name: str
    fate: bool = False

    def __str__(self) -> str:
        return f"escape {self.name}" + (" with fate" if self.fate else "")


@dataclass(frozen=True)
class Pass(Action):
    who: str
    name: str | None = None

    @property
    def player(self) -> str:
        return self.who

    def __str__(self) -> str:
        return f"pass {self.who}" + (f" with {self.name}" if self.name else "")


@dataclass(frozen=True)
class Withdraw(Action):
    who: str

    @property
    def player(self) -> str:
        return self.who

    def __str__(self) -> str:
        return f"withdraw {self.who}"


@dataclass(frozen=True)
class End(Action):
    def __str__(self) -> str:
        return "end"


_SQ = r"(\d+),(\d+)"
_ATTACK = re.compile(rf"attack (.+?) from {_SQ} (ranged|close|capture) (.+?)( with fate)?(?: then (.+?)( with fate)?)?")


def parse_action(text: str) -> Action:
    """An Aces action from its notation; ``str`` of the result gives the text back."""
    w = " ".join(str(text).split())
    if w == "end":
        return End()
    m = re.fullmatch(rf"move (.+) to {_SQ}", w)
    if m:
        return Move(m.group(1), (int(m.group(2)), int(m.group(3))))
    m = _ATTACK.fullmatch(w)
    if m:
        name, x, y, kind, targets, fate, second, second_fate = m.groups()
        return Attack(name, (int(x), int(y)), kind, tuple(targets.split(" & ")), bool(fate), second, bool(second_fate))
    m = re.fullmatch(r"give (.+?) (die \d+ to .+)", w)
    if m:
        found = [re.fullmatch(r"die (\d{1,2}) to (.+)", x) for x in m.group(2).split(" & ")]
        parts = [x for x in found if x is not None]
        if len(parts) == len(found):
            return Give(m.group(1), tuple(x.group(2) for x in parts), tuple(int(x.group(1)) for x in parts))
    m = re.fullmatch(r"second wind (.+)", w)
    if m:
        return SecondWind(m.group(1))
    m = re.fullmatch(r"escape (.+?)( with fate)?", w)
    if m:
        return Escape(m.group(1), bool(m.group(2)))
    m = re.fullmatch(r"pass (.+?)(?: with (.+))?", w)
    if m:
        return Pass(m.group(1), m.group(2))
    m = re.fullmatch(r"withdraw (.+)", w)
    if m:
        return Withdraw(m.group(1))
    raise UnknownActionError(f"cannot read {str(text)[:80]!r}: an Aces action is 'move NAME to X,Y', 'attack NAME from "
                             "X,Y ranged|close|capture TARGET[ & TARGET][ with fate][ then TARGET]', 'second wind NAME', "
                             "'escape NAME', 'pass PLAYER[ with NAME]', 'withdraw PLAYER', 'end' or "
                             "'give NAME die N to TARGET[ & die N to TARGET]'")


# -- state --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AcesState:
    """The referee's table, the agreed time limit, and the score once the game has ended."""

    game: AcesGame
    max_turns: int = 0  # 0: no time limit
    defensive_fate: bool = True
    owners: tuple[tuple[str, str], ...] = ()
    result: Result | None = None
    hand_out: bool = False  # the attacker gives out a several-target shot's dice after the roll
    pending: Pending | None = None  # such a shot rolled, waiting for its dice to be given out

    @property
    def turn(self) -> int:
        """The round: every player's turn once per round (K.turns)."""
        return len(self.game.turns.history) // max(1, len(self.game.players())) + 1

    @property
    def over(self) -> str | None:
        """Why the game has ended (K.end, K.withdraw), or None."""
        why = self.game.over
        if why is None and self.max_turns and self.turn > self.max_turns:
            why = game_over({p: 1 for p in self.game.players()}, time_up=True)
        return why


#: lines of the referee's own log the state keeps (the protocol's transcript has them all)
KEEP_LOG = 40

DEMO_CAST = (
    ("charlie-steele-ace", "Charlie", "Tim", (1, 3)),
    ("tail-gunner", "Tail Gunner", "Tim", (2, 5)),
    ("loyle-crawford-ace", "Loyle", "Kim", (14, 4)),
    ("ruffian", "Ruffian", "Kim", (13, 2)),
    ("soldier", "Soldier", "Kim", (13, 5)),
)
_BAD_NAME = re.compile(r"^\s|\s$| & | with | then | from | to |,|\s\s")


def demo_setup() -> dict:
    """Tim's two against Kim's three on the training yard (sample figures), each side in its starting area (K.setup, K.recruit)."""
    teams: dict[str, list] = {}
    for fid, name, player, sq in DEMO_CAST:
        teams.setdefault(player, []).append([fid, name, list(sq)])
    return {"map": "training-yard", "teams": teams, "order": ["Tim", "Kim"], "check_areas": True,
            "max_turns": 30, "defensive_fate": True}


class AcesRules(Rules):
    system = "aces"
    default_rule = "K.actions"

    def default_setup(self) -> dict:
        return demo_setup()

    def check_setup(self, setup: dict) -> dict:
        if not isinstance(setup, dict):
            raise GameRuleError("an Aces setup is an object with 'map', 'teams' and 'order'", field="setup")
        extra = set(setup) - {"map", "teams", "order", "check_areas", "max_turns", "defensive_fate", "build_total",
                              "hand_out"}
        if extra:
            raise GameRuleError(f"unknown setup field(s) {sorted(extra)}", field="setup")
        teams, order = setup.get("teams"), setup.get("order")
        if not isinstance(teams, dict) or not isinstance(order, list) or not all(isinstance(p, str) for p in order):
            raise GameRuleError("'teams' maps each player to [figure, name, [x, y]] entries; 'order' lists the players",
                                field="teams")
        clean: dict[str, list] = {}
        for player, team in teams.items():
            if not isinstance(team, list) or len(team) > 20:
                raise GameRuleError(f"{player}'s team must be a list of at most 20 characters", field="teams")
            for entry in team:
                ok = (isinstance(entry, list) and len(entry) == 3 and all(isinstance(x, str) for x in entry[:2])
                      and isinstance(entry[2], list) and len(entry[2]) == 2
                      and all(isinstance(v, int) and not isinstance(v, bool) for v in entry[2]))
                if not ok:
                    raise GameRuleError(f"{player}'s character {str(entry)[:60]} must be [figure, name, [x, y]]",
                                        field="teams")
                if _BAD_NAME.search(entry[1]) or not entry[1]:
                    raise GameRuleError(f"{entry[1]!r}: a name must not hold ',', ' & ', ' with ', ' then ', ' from ' "
                                        "or ' to ' (the action notation uses them)", field="teams")
            clean[player] = [[f, n, list(s)] for f, n, s in team]
        for p in order:
            if _BAD_NAME.search(p) or not p:
                raise GameRuleError(f"{p!r} cannot be a player's name in the action notation", field="order")
        max_turns, fate = setup.get("max_turns", 0), setup.get("defensive_fate", True)
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 0 <= max_turns <= 1000:
            raise GameRuleError(f"max_turns must be 0 (no limit) to 1000, not {max_turns!r}", field="max_turns")
        if not isinstance(fate, bool) or not isinstance(setup.get("check_areas", True), bool):
            raise GameRuleError("defensive_fate and check_areas are true or false", field="defensive_fate")
        if not isinstance(setup.get("map", ""), str):
            raise GameRuleError("map is a map's name", field="map")
        total = setup.get("build_total", BUILD_TOTAL)
        if isinstance(total, bool) or not isinstance(total, int) or not 1 <= total <= 1000:
            raise GameRuleError(f"build_total must be 1 to 1000 points, not {total!r}", field="build_total")
        out = {"map": setup.get("map", "training-yard"), "teams": clean, "order": list(order),
               "check_areas": setup.get("check_areas", True), "max_turns": max_turns, "defensive_fate": fate}
        if total != BUILD_TOTAL:  # the standard total goes unsaid, so saved games and transcripts keep their text
            out["build_total"] = total
        if not isinstance(setup.get("hand_out", False), bool):
            raise GameRuleError("hand_out is true or false", field="hand_out")
        if setup.get("hand_out"):  # unsaid when off, like the build total
            out["hand_out"] = True
        self._start(out)
        return out

    def _start(self, setup: dict) -> AcesGame:
        teams = {p: [(f, n, tuple(s)) for f, n, s in team] for p, team in setup["teams"].items()}
        return AcesGame.start(setup["map"], teams, tuple(setup["order"]), check_areas=setup["check_areas"],
                              build_total=setup.get("build_total", BUILD_TOTAL))

    def initial(self, setup: dict, seed: int) -> AcesState:
        g = self._start(setup)
        return AcesState(g, setup["max_turns"], setup["defensive_fate"], tuple((c.name, c.player) for c in g.characters),
                         hand_out=bool(setup.get("hand_out", False)))

    def players(self, state: AcesState) -> tuple[str, ...]:
        return tuple(state.game.players())

    def owner(self, state: AcesState, action: Action) -> str:
        return action.player or dict(state.owners).get(getattr(action, "name", "") or "", "")

    def waiting_for(self, state: AcesState) -> tuple[str, ...]:
        if state.result is not None or state.over:
            return ()
        return (state.game.turns.current,)

    def legal_actions(self, state: AcesState, player: str | None = None) -> list[Action]:
        if state.result is not None:
            return []
        if state.over:
            return [End()]
        g = state.game
        me = g.turns.current
        if state.pending is not None:  # the shot's dice are given out before anything else
            p = state.pending
            if player not in (None, me):
                return []
            numbers = range(1, len(p.shot_faces) + 1)
            return [Give(p.attack.name, p.attack.targets, d)
                    for d in itertools.permutations(numbers, len(p.attack.targets))]
        if player not in (None, me):
            return []
        out: list[Action] = [Pass(me)]
        left = g.on_map()[me]
        for c in g.characters:
            if c.player != me:
                continue

            def may(action: str, c=c) -> bool:
                return not g.turns.problems(me, c.name, action, characters_left=left, is_captive=c.captor is not None,
                                            has_captive=c.captive is not None,
                                            has_second_wind=talents.has_second_wind(c))
            if may("pass"):
                out.append(Pass(me, c.name))
            if may("escape"):
                out.append(Escape(c.name))
                if may_use_fate(c, "offense", c.name in g.fate_used):
                    out.append(Escape(c.name, True))
            if may("second wind"):
                out.append(SecondWind(c.name))
            squares = self._reach(g, c) if may("move") or may("move and attack") else []
            if may("move"):
                out += [Move(c.name, s) for s in squares]
            if may("move and attack"):
                for s in ([c.square] if g.is_held(c.name) else squares):
                    out += self._attacks(g, c, s)
        if len(g.withdrawn) < len(g.players()) - 1:
            out.append(Withdraw(me))
        return out

    def _reach(self, g: AcesGame, c) -> list[Square]:
        others = [o for o in g.characters if o.name != c.name]
        captive = g.character(c.captive) if c.captive else None
        squares = sorted(g.reach(c.name).squares)  # a held character's moves are listed as if it broke away
        if captive is not None:  # the captive needs a free square next to its captor's new one (K.capture)
            taken = {o.square for o in others if o.name != captive.name}
            squares = [s for s in squares if any(n not in taken | {s} for n in g.board.neighbours(s))]
        return squares

    def _attacks(self, g: AcesGame, c, s: Square) -> list[Action]:
        me = dataclasses.replace(c, square=s)
        chars = [me if x.name == c.name else x for x in g.characters]
        foes = [x for x in chars if x.player != c.player]
        fate_ok = may_use_fate(c, "offense", c.name in g.fate_used)
        out: list[Action] = []
        ranged = []
        close = []
        board = g.board
        free = not any(board.adjacent(s, t.square) for t in foes if t.captor is None)
        for t in foes:
            # cheap necessary conditions first; attack_problems (with its line of fire) decides
            kinds: tuple[str, ...] = ("close", "capture") if board.adjacent(s, t.square) else ()
            if free and 0 < board.distance(s, t.square) <= c.range:
                kinds = ("ranged",)
            for kind in kinds:
                if attack_problems(board, me, t, kind, chars):
                    continue
                if kind == "ranged":
                    ranged.append(t.name)
                if kind == "close":
                    close.append(t.name)
                for fate in (False, True) if fate_ok else (False,):
                    out.append(Attack(c.name, s, kind, (t.name,), fate))
        for n in range(2, min(c.pistols, len(ranged)) + 1):
            for group in itertools.combinations(ranged, n):
                for fate in (False, True) if fate_ok else (False,):
                    out.append(Attack(c.name, s, "ranged", group, fate))
        if close and talents.close_attacks(c) >= 2:
            for first in close:
                for then in close:
                    out.append(Attack(c.name, s, "close", (first,), False, then))
        return out

    def step(self, state: AcesState, action: Action, dice: Dice) -> tuple[AcesState, StepInfo]:
        if state.result is not None:
            raise GameRuleError(f"the game is over and scored: {state.result.text}", field="action")
        g = state.game
        if isinstance(action, End):
            if not state.over:
                raise GameRuleError("the game goes on: it ends when one player (or none) has characters on the map, "
                                    "a player withdraws, or the agreed time runs out (K.end)", field="action")
            r = victory(g.standings(), dice)
            scores = tuple((p, float(t.value)) for p, t in r.scores.items())
            result = Result(r.winner, scores, f"{r.winner} wins ({r.how}); the game ended: {state.over} (K.victory)")
            lines = tuple(str(r).splitlines())
            return dataclasses.replace(state, result=result), StepInfo(lines)
        if state.over:
            raise GameRuleError(f"the game is over ({state.over}): only 'end' is left, to score it (K.end)",
                                field="action")
        if state.pending is not None:
            if not isinstance(action, Give):
                p = state.pending
                raise GameRuleError(f"{p.attack.name} has rolled {', '.join(map(str, p.shot_faces))}: give out the "
                                    f"dice first ('give {p.attack.name} die N to TARGET & ...', K.ranged.multi)",
                                    field="action")
            return self._give(state, action)
        if isinstance(action, Give):
            raise GameRuleError("no several-target shot is waiting for its dice (K.ranged.multi)", field="action")
        if isinstance(action, Attack) and state.hand_out and len(action.targets) > 1:
            return self._roll_for_hand_out(state, action, dice)
        if isinstance(action, Move):
            after = g.move(action.name, action.to, dice)
        elif isinstance(action, Attack):
            told = self._odds(g, action)
            after = g.move_and_attack(action.name, action.at, action.targets if len(action.targets) > 1
                                      else action.targets[0], action.kind, dice, offensive_fate=action.fate,
                                      defensive_fate=state.defensive_fate, second=action.second,
                                      second_fate=action.second_fate)
        elif isinstance(action, SecondWind):
            after = g.second_wind(action.name)
        elif isinstance(action, Escape):
            after = g.escape(action.name, dice, fate=action.fate)
        elif isinstance(action, Pass):
            after = g.pass_turn(action.who, action.name)
        elif isinstance(action, Withdraw):
            after = g.withdraw(action.who)
        else:
            raise UnknownActionError(f"{action!r} is not an Aces action")
        lines = after.log[len(g.log):]
        if isinstance(action, Attack) and told:
            lines = (told,) + lines
        # the transcript keeps every line; the table keeps its recent ones, so a step costs the same late in a game
        kept = dataclasses.replace(after, log=after.log[-KEEP_LOG:])
        return dataclasses.replace(state, game=kept), StepInfo(tuple(lines))

    def _roll_for_hand_out(self, state: AcesState, action: Attack, dice: Dice) -> tuple[AcesState, StepInfo]:
        """A several-target shot at a table that gives its dice out by hand: the action's dice are
        rolled (the referee checks the whole action and rolls them), and the game waits for the
        attacker's ``give`` (K.ranged.multi); the referee's own share-out is not kept or told."""
        g = state.game
        first = len(dice.log)
        after = g.move_and_attack(action.name, action.at, action.targets, "ranged", dice, offensive_fate=action.fate,
                                  defensive_fate=state.defensive_fate)
        faces = tuple(f for _, f in dice.log[first:])
        stood = after.character(action.name).square  # where it shot from (a failed break-away stays put)
        shot = g.plan_attack(action.name, stood, list(action.targets), "ranged", offensive_fate=action.fate)
        assert isinstance(shot, MultiShot)  # several targets: a several-target shot (K.ranged.multi)
        start = len(faces) - shot.dice
        said = after.log[len(g.log):]
        shot_at = next(i for i, line in enumerate(said) if line.startswith(f"{action.name} rolled "))
        told = list(said[:shot_at])  # the move and the shot's plan; the referee's own share-out is left out
        needs = ", ".join(f"{t} needs {shot.needs(t)}+" for t in shot.targets)
        fate = "; a target Ace may spend fate against any die but a six (K.fate)" if state.defensive_fate else ""
        told.append(f"{action.name} rolled {', '.join(map(str, faces[start:]))} for {', '.join(action.targets)} "
                    f"({needs}{fate}): the attacker gives each target one die (K.ranged.multi)")
        return dataclasses.replace(state, pending=Pending(action, faces, start)), StepInfo(tuple(told))

    def _give(self, state: AcesState, action: Give) -> tuple[AcesState, StepInfo]:
        """The shot resolved with the dice as the attacker gives them out (K.ranged.multi)."""
        p, g = state.pending, state.game
        assert p is not None
        a = p.attack
        if action.name != a.name or sorted(action.targets) != sorted(a.targets) \
                or len(set(action.targets)) != len(action.targets):
            raise AttackError(f"{a.name}'s shot gives one die to each of {' & '.join(a.targets)} (K.ranged.multi)",
                              field="targets")
        n = len(p.shot_faces)
        if len(set(action.dice)) != len(action.dice) or not all(1 <= d <= n for d in action.dice):
            raise AttackError(f"each target gets a different die, numbered 1-{n} (K.ranged.multi)", field="dice")
        assignment = {t: d - 1 for t, d in zip(action.targets, action.dice)}
        # the same faces again, from the same square: only the share-out is the attacker's
        after = g.move_and_attack(a.name, a.at, a.targets, "ranged", ScriptedDice(p.faces), offensive_fate=a.fate,
                                  defensive_fate=state.defensive_fate, assignment=assignment)
        said = after.log[len(g.log):]
        shot_at = next(i for i, line in enumerate(said) if line.startswith(f"{a.name} rolled "))
        lines = tuple(said[shot_at:])  # the move and the plan were told with the roll
        kept = dataclasses.replace(after, log=after.log[-KEEP_LOG:])
        return dataclasses.replace(state, game=kept, pending=None), StepInfo(lines)

    def _odds(self, g: AcesGame, action: "Attack") -> str:
        """The attack's dice, defense and odds before it is rolled (K.attack), for the transcript; ""
        when the attacker may yet fail to break away and attack from elsewhere, or several targets
        are shot at (the referee then explains the shot itself)."""
        c = g.character(action.name)
        if len(action.targets) != 1 or (g.is_held(c.name) and action.at != c.square):
            return ""
        try:
            a = g.plan_attack(action.name, action.at, action.targets[0], action.kind, offensive_fate=action.fate)
        except CsPanelError:
            return ""  # the referee refuses it, naming why
        assert isinstance(a, AcesAttack)
        return (f"{action.name}'s {action.kind} attack on {action.targets[0]}: {a}; at least one hit "
                f"{percent(a.at_least(1))} (K.attack)")

    def rule_of(self, error: CsPanelError, action: Action) -> str | None:
        own = getattr(error, "rule_id", None)
        if own:
            return own
        m = re.search(r"\((K\.[a-z.-]+)\)", str(error))
        return m.group(1) if m else {Move: "K.move", Attack: "K.attack", Escape: "K.escape", Give: "K.ranged.multi",
                                     Withdraw: "K.withdraw", End: "K.end"}.get(type(action), "K.actions")

    def is_over(self, state: AcesState) -> bool:
        return state.result is not None

    def result(self, state: AcesState) -> Result:
        if state.result is not None:
            return state.result
        return Result(None, (), f"the game goes on (turn {state.turn})" if not state.over
                      else f"the game is over ({state.over}); 'end' scores it")

    def observation(self, state: AcesState, player: str) -> dict:
        g = state.game
        chars = [{"name": c.name, "player": c.player, "square": list(c.square), "click": c.dial.position,
                  **{stat: c.value(stat) for stat in c.dial.stats}, "range": c.range, "pistols": c.pistols,
                  "points": c.points, "captive": c.captive, "captor": c.captor} for c in g.characters]
        return {"map": g.map_name, "turn": state.turn, "current": g.turns.current, "characters": chars,
                "out": [[o.name, o.player, o.points] for o in g.out], "withdrawn": list(g.withdrawn),
                "fate_used": list(g.fate_used), "log": list(g.log[-20:]), "over": state.over,
                "rolled": None if state.pending is None else {"attacker": state.pending.attack.name,
                                                              "targets": list(state.pending.attack.targets),
                                                              "dice": list(state.pending.shot_faces)},
                "result": state.result.to_dict() if state.result else None}

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def invariants(self, state: AcesState) -> list[str]:
        g = state.game
        out = []
        squares = [c.square for c in g.characters]
        if len(set(squares)) != len(squares):
            out.append(f"two characters on one square: {squares}")
        for c in g.characters:
            d = c.dial
            at = d.start if d.position is None else d.position
            if not d.start <= at <= d.first_eliminated:
                out.append(f"{c.name}'s dial is at click {at}, outside {d.start}-{d.first_eliminated}")
            if c.knocked_out:
                out.append(f"{c.name} is knocked out but still on the map")
            try:
                g.board.check(c.square, "square")
            except CsPanelError as e:
                out.append(str(e))
        gone = {o.name for o in g.out}
        if gone & {c.name for c in g.characters}:
            out.append(f"knocked out yet on the map: {sorted(gone & {c.name for c in g.characters})}")
        if state.result is not None and any(v < 0 for _, v in state.result.scores):
            out.append(f"a negative score: {state.result.scores}")
        return out

    def turn(self, state: AcesState) -> int:
        return state.turn

    def picture(self, state: AcesState) -> str:
        """The map with each character on its square, coloured by player, and a key (``render``)."""
        from cs_panel.aces.render import board_html

        return board_html(state.game)


def rules() -> AcesRules:
    return AcesRules()


__all__ = ["AcesRules", "AcesState", "Attack", "End", "Escape", "Give", "Move", "Pass", "Pending", "SecondWind", "Withdraw",
           "demo_setup", "parse_action", "rules"]
