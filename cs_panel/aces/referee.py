"""A referee for a game of *Crimson Skies: Aces*: the map, two or more teams, turns and actions,
knock-outs, captures, fate, the end and the score, as one saveable state (K.turns, K.actions,
K.move, K.break-away, K.ranged, K.close, K.attack, K.capture, K.escape, K.fate, K.end,
K.victory, K.withdraw, K.setup).

``AcesGame.start(map, teams, order)`` places each team in its starting area; then each turn the
player whose turn it is gives one action to one character: ``move``, ``move_and_attack``,
``second_wind``, ``escape`` or ``pass_turn``. Every action that needs dice takes a ``Dice``
(seeded, or ``ScriptedDice`` with the faces rolled at the table) and says in ``log`` what it
rolled and what happened. A rule broken is refused with every reason and the game is unchanged.

- ``move_and_attack`` takes one target, or for a ranged attack a list of up to as many targets as
  the attacker has pistols: one roll, one die to each, at most one click each (K.ranged.multi).
  ``plan_attack`` gives the same attack explained, with its odds, without rolling.
- Talents and abilities showing on a dial are applied where the rules ask
  (``cs_panel.aces.talents``, reconstructed): Old One-Two's second close attack (``second=``),
  Second Wind as an action, Sure-footed in moves, Sharpshooter's die, Charmed Life's lost click.
- Taking an action back is the game protocol's fair undo (``cs_panel.aces.play`` through
  ``cs_panel.core.game.Game.undo``): never across a die roll.

Readings of our own (RULINGS.md): a target Ace spends fate defensively when the flag is set and
the roll has a hit that fate would cancel (in a shot at several targets, after the attacker has
given out the dice); a captive is carried to a free square next to its captor's new square; a
character held captive by the enemy does not count among its own player's survivors.

>>> from cs_panel.core.dice import ScriptedDice
>>> g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (1, 3))],
...                                      "Kim": [("ruffian", "Ruffian", (14, 3))]}, order=("Tim", "Kim"))
>>> g = g.move_and_attack("Charlie", (8, 3), "Ruffian", "ranged", ScriptedDice([6, 1, 1]))
>>> g.log[-2:]
('Charlie shoots Ruffian: rolled 6, 1, 1 against 3+: 1 hit', 'Ruffian is knocked out (6 points to Tim)')
>>> g.over
'only one player has characters on the map'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from fractions import Fraction
from typing import Mapping, Sequence

from cs_panel.aces import talents
from cs_panel.aces.board import Board, Square, maps
from cs_panel.aces.combat import (
    AcesAttack, AttackError, Character, MultiShot, attack, attack_problems, best_assignment, escape, may_use_fate,
    multi_shot, resolve, sample_character, take_hits, use_fate, with_defensive_fate,
)
from cs_panel.aces.game import BUILD_TOTAL, GameRuleError, Result, Standing, TurnRecord, Turns, game_over, recruit, victory
from cs_panel.aces.movement import BreakAway, Reach, check_stand, enemies_adjacent, reachable
from cs_panel.core.dice import Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_bool, check_int, check_str, short_repr


@dataclass(frozen=True)
class Out:
    """A character knocked out: its points and who scores them."""

    name: str
    player: str
    points: int
    scored_by: tuple[str, ...]  # one player, or every opponent when fate knocked it out
    by_fate: bool = False

    def __post_init__(self):
        check_str(self.name, "name", error=GameRuleError)
        check_str(self.player, "player", error=GameRuleError)
        check_int(self.points, "points", limit="aces.points", error=GameRuleError)
        check_bool(self.by_fate, "by_fate", error=GameRuleError)
        if not isinstance(self.scored_by, (tuple, list)) or not all(isinstance(p, str) for p in self.scored_by):
            raise GameRuleError("scored_by lists players", field="scored_by")
        object.__setattr__(self, "scored_by", tuple(self.scored_by))


@dataclass(frozen=True)
class AcesGame:
    """The table: the map, the characters still on it, whose turn it is, who is out, the log."""

    map_name: str
    characters: tuple[Character, ...]
    turns: Turns
    recruited: tuple[tuple[str, int], ...]
    out: tuple[Out, ...] = ()
    # Aces that used fate in the turn still in progress (K.fate: once per turn). A turn is one
    # player's action and its resolution (K.turns), so this empties whenever a turn ends; only a
    # successful escape, which leaves the turn open for another action (K.escape), carries it on.
    fate_used: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()
    log: tuple[str, ...] = field(default=())

    def __post_init__(self):
        """The invariants play keeps (K.setup, K.move, K.capture, K.victory), so that a saved table
        breaking one is refused on load, never repaired."""
        if not isinstance(self.map_name, str) or self.map_name not in maps():
            raise GameRuleError(f"unknown map {short_repr(self.map_name)}; maps: {list(maps())}", field="map_name")
        board = maps()[self.map_name]
        if not isinstance(self.turns, Turns):
            raise GameRuleError("turns must be a Turns record", field="turns")
        players = set(self.turns.order)
        if len(players) < 2:
            raise GameRuleError("a game needs two players or more (K.setup)", field="order")
        if not isinstance(self.characters, (tuple, list)) or not all(isinstance(c, Character) for c in self.characters):
            raise GameRuleError("characters must be a list of Character", field="characters")
        if len(self.characters) > LIMITS["count"].hi:
            raise GameRuleError(f"{len(self.characters)} characters; at most {LIMITS['count'].hi}", field="characters")
        by_name = {c.name: c for c in self.characters}
        out_names = [o.name for o in self.out] if isinstance(self.out, (tuple, list)) else None
        if out_names is None or not all(isinstance(o, Out) for o in self.out):
            raise GameRuleError("out must be a list of Out records", field="out")
        every = [c.name for c in self.characters] + out_names
        if len(set(every)) != len(every):
            dup = next(n for n in every if every.count(n) > 1)
            raise GameRuleError(f"two characters share the name {short_repr(dup)}", field="characters")
        squares: dict = {}
        for c in self.characters:
            board.check(c.square, "square")
            if c.square in board.blocking:
                raise GameRuleError(f"{c.name} stands on blocking terrain at {c.square} (K.move)", field="square")
            if c.square in squares:
                raise GameRuleError(f"{c.name} and {squares[c.square]} stand on one square {c.square} (K.move)",
                                    field="square")
            squares[c.square] = c.name
            if c.player not in players:
                raise GameRuleError(f"{c.name} belongs to {short_repr(c.player)}, who is not a player", field="player")
            if c.knocked_out:
                raise GameRuleError(f"{c.name} is knocked out but still on the map (K.attack)", field="characters")
            if c.captive is not None:
                held = by_name.get(c.captive)
                if held is None or held.captor != c.name or held.player == c.player:
                    raise GameRuleError(f"{c.name} holds {short_repr(c.captive)}, who is not its captive (K.capture)",
                                        field="captive")
            if c.captor is not None:
                holder = by_name.get(c.captor)
                if holder is None or holder.captive != c.name:
                    raise GameRuleError(f"{c.name} is held by {short_repr(c.captor)}, who does not hold it (K.capture)",
                                        field="captor")
        for o in self.out:
            if o.player not in players or not set(o.scored_by) <= players:
                raise GameRuleError(f"{o.name} is scored by or belongs to someone who is not a player", field="out")
        if not isinstance(self.recruited, (tuple, list)):
            raise GameRuleError("recruited lists (player, points)", field="recruited")
        for pair in self.recruited:
            if not isinstance(pair, (tuple, list)) or len(pair) != 2 or pair[0] not in players:
                raise GameRuleError(f"recruited lists (player, points), got {short_repr(pair)}", field="recruited")
            check_int(pair[1], "recruited", limit="aces.points", error=GameRuleError)
        for name, pool in (("fate_used", by_name), ("withdrawn", players)):
            v = getattr(self, name)
            if not isinstance(v, (tuple, list)) or not all(isinstance(x, str) and x in pool for x in v):
                raise GameRuleError(f"{name} names someone not in the game: {short_repr(v)}", field=name)
        if len(self.log) > LIMITS["log_actions"].hi:
            raise GameRuleError(f"a log of {len(self.log)} lines; the limit is {LIMITS['log_actions'].hi}", field="log")

    # -- setting up (K.setup, K.recruit) -------------------------------------------------------------
    @classmethod
    def start(cls, map_name: str, teams: Mapping[str, Sequence[tuple[str, str, Square]]], order: Sequence[str],
              check_areas: bool = True, build_total: int = BUILD_TOTAL) -> "AcesGame":
        """Recruit each team (figure id, name, square) within ``build_total`` points and place it;
        the first player in ``order`` sets up in starting area 0, the second in area 1 (K.setup,
        K.recruit). Each square is checked as any square a character stands on (``check_stand``)."""
        if map_name not in maps():
            raise GameRuleError(f"unknown map {map_name!r}; maps: {list(maps())}", field="map_name")
        board = maps()[map_name]
        if sorted(order) != sorted(teams) or len(order) < 2:
            raise GameRuleError(f"the turn order must name every player once: {list(teams)}", field="order")
        chars, recruited = [], []
        taken: dict[Square, str] = {}
        for area, player in enumerate(order):
            team = recruit(player, [fid for fid, _, _ in teams[player]], build_total)
            recruited.append((player, team.points))
            for fid, name, square in teams[player]:
                try:
                    at = check_stand(board, square, taken)
                except RuleInputError as e:
                    raise GameRuleError(f"{name} cannot start on {square}: {e}", field="square") from None
                if check_areas and area < 2 and square not in board.starting_area(area):
                    raise GameRuleError(f"{name} must start in {player}'s starting area, three squares deep at "
                                        f"{'the first' if area == 0 else 'the other'} narrow end (K.setup)", field="square")
                taken[at] = name
                chars.append(sample_character(fid, name, player, square))
        names = [c.name for c in chars]
        if len(set(names)) != len(names):
            raise GameRuleError(f"two characters share a name: {names}", field="teams")
        return cls(map_name, tuple(chars), Turns(tuple(order)), tuple(recruited),
                   log=(f"{order[0]} plays first on the {board.name}",))

    # -- reading -------------------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return maps()[self.map_name]

    def character(self, name: str) -> Character:
        for c in self.characters:
            if c.name == name:
                return c
        gone = [o.name for o in self.out]
        why = " (knocked out: a knocked-out character is off the map, K.attack)" if name in gone else ""
        raise GameRuleError(f"no character {name!r} on the map{why}; on it: {[c.name for c in self.characters]}",
                            field="character")

    def players(self) -> tuple[str, ...]:
        return self.turns.order

    def on_map(self) -> dict[str, int]:
        return {p: sum(c.player == p for c in self.characters) for p in self.players()}

    @property
    def over(self) -> str | None:
        """Why the game has ended, or None (K.end, K.withdraw)."""
        if len(self.withdrawn) >= len(self.players()) - 1:
            return f"{', '.join(self.withdrawn)} withdrew"
        return game_over({p: n for p, n in self.on_map().items() if p not in self.withdrawn})

    # -- internals -----------------------------------------------------------------------------------
    def _put(self, *chars: Character) -> tuple[Character, ...]:
        new = {c.name: c for c in chars}
        return tuple(new.get(c.name, c) for c in self.characters)

    def _check_turn(self, name: str, action: str) -> Character:
        if self.over:
            raise GameRuleError(f"the game is over: {self.over}", field="action")
        c = self.character(name)
        left = self.on_map()[c.player]
        why = self.turns.problems(c.player, name, action, characters_left=left,
                                  is_captive=c.captor is not None, has_captive=c.captive is not None,
                                  has_second_wind=talents.has_second_wind(c))
        if why:
            raise GameRuleError("; ".join(why), field="action")
        return c

    def _next(self, player: str, name: str | None, action: str, chars: tuple[Character, ...], said: list[str],
              out: tuple[Out, ...] | None = None) -> "AcesGame":
        turns = Turns(self.turns.order, self.turns.history + (TurnRecord(player, name, action),))
        return replace(self, characters=chars, turns=turns, out=self.out if out is None else out, fate_used=(),
                       log=self.log + tuple(said))

    def enemy_squares(self, name: str) -> list[Square]:
        """The squares of the enemies that hold ``name`` back and stop its move: captives neither
        stop nor hinder anyone, as nobody may target them (K.move, K.capture)."""
        c = self.character(name)
        return [o.square for o in self.characters if o.player != c.player and o.captor is None and o.name != name]

    def is_held(self, name: str) -> bool:
        """Whether ``name`` stands next to an enemy and must roll to break away before it moves (K.break-away)."""
        return bool(enemies_adjacent(self.board, self.character(name).square, self.enemy_squares(name)))

    def reach(self, name: str, broke_away: bool | None = None) -> Reach:
        """Where ``name`` may end its move (K.move, K.terrain.*, K.capture): held next to an enemy
        it stays put unless ``broke_away`` (None: as if the break-away roll succeeds, the squares
        a move may name); a captor moves at the lower speed of the two."""
        c = self.character(name)
        # captives' squares are taken: like friends', they may be passed and not ended on (our reading)
        friends = [o.square for o in self.characters if o.name != name and (o.player == c.player or o.captor is not None)]
        enemies = self.enemy_squares(name)
        captive = self.character(c.captive) if c.captive else None
        broke = bool(enemies_adjacent(self.board, c.square, enemies)) if broke_away is None else broke_away
        # kept for this table (it is frozen): the legal moves, the computer and a player choosing one
        # character and another ask the same reach again and again (issue 14: a tenth of a skirmish
        # map's change); a refusal raises and is kept nowhere
        key = (name, broke)
        if key not in self._reaches:
            # a captor's speed abilities move its captive too (K.capture)
            self._reaches[key] = reachable(self.board, c.square, c.value("speed"), friends=friends, enemies=enemies,
                                           broke_away=broke, captive_speed=captive.value("speed") if captive else None,
                                           sure_footed=talents.ignores_hindering(c))
        return self._reaches[key]

    @cached_property
    def _reaches(self) -> dict[tuple[str, bool], Reach]:
        """The reaches ``reach`` has worked out on this table, by character and break-away."""
        return {}

    def _walk(self, c: Character, to: Square, dice: Dice, said: list[str]) -> tuple[Character, Character | None]:
        """Move ``c`` to ``to`` (rolling to break away if it must), with its captive; returns both."""
        board = self.board
        others = [o for o in self.characters if o.name != c.name]
        captive = self.character(c.captive) if c.captive else None
        broke = False
        if to != c.square and self.is_held(c.name):
            roll = BreakAway().resolve(dice)
            broke = bool(roll.outcome)
            said.append(f"{c.name} tries to break away: {roll}")
            if not broke:
                return c, captive  # it stays, and may still attack (K.break-away)
        reach = self.reach(c.name, broke)
        reach.path_to(to)  # raises, naming the square, if it is out of reach
        moved = replace(c, square=to)
        if to == c.square:
            said.append(f"{c.name} stays at {to}")
        else:
            said.append(f"{c.name} moves {c.square} -> {to}" + (f" ({reach.stops[to]})" if to in reach.stops else ""))
        if captive is not None:
            taken = {o.square for o in others if o.name != captive.name} | {to}
            spot = next((s for s in board.neighbours(to) if s not in taken), None)
            if spot is None:
                raise GameRuleError(f"no free square next to {to} for the captive {captive.name}", field="square")
            captive = replace(captive, square=spot)
        return moved, captive

    # -- actions (K.actions) -------------------------------------------------------------------------
    def pass_turn(self, player: str, name: str | None = None) -> "AcesGame":
        """Pass: the whole turn, or as an action given to one character (K.actions, K.turns)."""
        if self.over:
            raise GameRuleError(f"the game is over: {self.over}", field="action")
        if name is not None:
            self._check_turn(name, "pass")
        elif player != self.turns.current:
            raise GameRuleError(f"it is {self.turns.current}'s turn, not {player}'s (K.turns)", field="action")
        return self._next(player, name, "pass", self.characters,
                                       [f"{player} passes" + (f" with {name}" if name else "")])

    def move(self, name: str, to: Square, dice: Dice) -> "AcesGame":
        """Move one character up to its speed (K.move, K.break-away, K.capture)."""
        c = self._check_turn(name, "move")
        said: list[str] = []
        moved, captive = self._walk(c, tuple(to), dice, said)  # type: ignore[arg-type]
        chars = self._put(*(x for x in (moved, captive) if x is not None))
        return self._next(c.player, name, "move", chars, said)

    def second_wind(self, name: str) -> "AcesGame":
        """Use Second Wind: no move, no attack; the character heals a click (K.actions; the
        effect is our reconstruction of the lost card, ``cs_panel.aces.talents``)."""
        c = self._check_turn(name, "second wind")
        sw = talents.second_wind(c)
        chars = self._put(replace(c, dial=sw.dial))
        return self._next(c.player, name, "second wind", chars, [str(sw)])

    def plan_attack(self, name: str, to: Square, target: str | Sequence[str], kind: str, *,
                    offensive_fate: bool = False, defensive_fate: bool = False) -> AcesAttack | MultiShot:
        """The attack ``move_and_attack`` would roll, explained term by term with its odds, if
        ``name`` first moves to ``to`` (not checked here: the move may still be refused). With
        ``defensive_fate``, as rolled when every target Ace that may spend fate does (K.fate);
        a ``FateError`` when none may."""
        names = _targets(target)
        c = self.character(name)
        chars = [replace(c, square=tuple(to)) if x.name == name else x for x in self.characters]  # type: ignore[arg-type]
        me = next(x for x in chars if x.name == name)
        picked = [next((x for x in chars if x.name == t), None) or self.character(t) for t in names]
        if len(names) > 1:
            if kind != "ranged":
                raise AttackError("only a ranged attack may name several targets (K.ranged.multi)", field="kind")
            plan: AcesAttack | MultiShot = multi_shot(self.board, me, picked, chars, offensive_fate)
        else:
            plan = attack(self.board, me, picked[0], kind, chars, offensive_fate=offensive_fate)
        return with_defensive_fate(plan, picked, self.fate_used) if defensive_fate else plan

    def move_and_attack(self, name: str, to: Square, target: str | Sequence[str], kind: str, dice: Dice, *,
                        offensive_fate: bool = False, defensive_fate: bool = False,
                        assignment: Mapping[str, int] | None = None, second: str | None = None,
                        second_fate: bool = False) -> "AcesGame":
        """Move, then make a ranged, close or capture attack (K.actions, K.ranged, K.close, K.capture, K.fate).

        ``target`` names one enemy, or for a ranged attack a list of up to ``pistols`` enemies: one
        roll, one die each, at most one click each (K.ranged.multi). ``assignment`` gives each of
        them a die (0-based, in the order rolled); without it the dice go out to hit as many
        targets as possible. ``second`` names the target of a second close attack, allowed by Old
        One-Two; ``second_fate`` spends fate on it as well (K.fate)."""
        names = _targets(target)
        c = self._check_turn(name, "move and attack")
        if (offensive_fate or second_fate) and name in self.fate_used:
            # fate spent earlier in this same turn (in an escape); never a use in another turn
            raise GameRuleError(f"{name} has already used fate this turn (K.fate)", field="fate")
        multi = len(names) > 1
        if multi and kind != "ranged":
            raise AttackError("only a ranged attack may name several targets (K.ranged.multi)", field="kind")
        if multi and second is not None:
            raise AttackError("Old One-Two gives a second close attack, not a second ranged one", field="second")
        if second is not None:
            terms = talents.attack_count_terms(c, kind)
            if kind != "close" or sum(t.value for t in terms) < 2:
                raise AttackError(f"{name} may make only one attack this action: a second close attack needs Old "
                                  "One-Two showing, and a close first attack (K.actions, K.fate)", field="second")
        elif second_fate:
            raise GameRuleError("fate for a second attack needs a second attack", field="second_fate")
        for t in names:
            self.character(t)  # an unknown name is refused before anything moves
        said: list[str] = []
        moved, captive = self._walk(c, tuple(to), dice, said)  # type: ignore[arg-type]
        state = replace(self, characters=self._put(*(x for x in (moved, captive) if x is not None)))
        chars = list(state.characters)
        fate_clicks: list[tuple[str, str]] = []
        fated: set[str] = set(self.fate_used)  # spent fate in this turn (once each, K.fate)
        knocked: set[str] = set()  # knocked out by hits of this action, scored by the attacker
        if multi:
            chars = state._volley(chars, name, names, dice, offensive_fate, defensive_fate, assignment,
                                  fate_clicks, fated, knocked, said)
        else:
            if second is not None:  # check the second blow before any die is rolled
                me, foe = state.character(name), state.character(second)
                why = attack_problems(state.board, me, foe, "close", chars)
                if why:
                    raise AttackError(f"{name} cannot follow up on {second}: " + "; ".join(why), reasons=why,
                                      field="second")
            chars = state._strike(chars, name, names[0], kind, dice, offensive_fate, defensive_fate,
                                  fate_clicks, fated, knocked, said)
            if second is not None:
                if second in knocked or next(x for x in chars if x.name == second).knocked_out:
                    said.append(f"{name} has no second blow to throw: {second} is already down")
                else:
                    said.append(f"{name} follows up with Old One-Two (reconstructed talent)")
                    chars = state._strike(chars, name, second, "close", dice, second_fate, defensive_fate,
                                          fate_clicks, fated, knocked, said)
        # fate clicks come at the end of the action, one per use (K.fate)
        for who, how in fate_clicks:
            current = next(x for x in chars if x.name == who)
            if current.knocked_out:
                continue
            # defensive fate was checked when it was spent, at the roll; the hits since may have turned
            # the dial to a fate of 0, and the click it costs is owed all the same (our reading)
            use = use_fate(current, "offense") if how == "defense" else use_fate(current, how)
            chars = [replace(x, dial=use.dial) if x.name == who else x for x in chars]
        out = list(self.out)
        survivors = []
        for x in chars:
            if not x.knocked_out:
                survivors.append(x)
                continue
            by_fate = x.name not in knocked
            scorers = tuple(p for p in self.players() if p != x.player) if by_fate else (c.player,)
            out.append(Out(x.name, x.player, x.points, scorers, by_fate))
            said.append(f"{x.name} is knocked out ({x.points} points to {', '.join(scorers)})"
                        + (" by its own fate click" if by_fate else ""))
            if x.captive:  # its captive is free again (K.capture)
                chars = [replace(y, captor=None) if y.name == x.captive else y for y in chars]
        survivors = [next(y for y in chars if y.name == s_.name) for s_ in survivors]
        # the action ends the turn: fate spent in it does not count against the next turn (K.fate, K.turns)
        return self._next(c.player, name, "move and attack", tuple(survivors), said, tuple(out))

    def _strike(self, chars: list[Character], name: str, target: str, kind: str, dice: Dice, offensive_fate: bool,
                defensive_fate: bool, fate_clicks: list[tuple[str, str]], fated: set[str], knocked: set[str],
                said: list[str]) -> list[Character]:
        """One attack on one target, rolled and applied (K.attack, K.capture, K.fate, talents)."""
        attacker = next(x for x in chars if x.name == name)
        tgt = next(x for x in chars if x.name == target)
        a = attack(self.board, attacker, tgt, kind, chars, offensive_fate=offensive_fate)
        outcome = resolve(a, dice)
        hits = outcome.hits
        if offensive_fate:
            fate_clicks.append((name, "offense"))
        if defensive_fate and hits and not tgt.knocked_out and may_use_fate(tgt, "defense", target in fated):
            saved = a.with_defensive_fate().hits(outcome.faces)
            if saved < hits:
                said.append(f"{target} spends fate: only natural sixes still count ({hits} -> {saved})")
                hits = saved
                fate_clicks.append((target, "defense"))
                fated.add(target)
        verb = {"ranged": "shoots", "close": "strikes", "capture": "tries to capture"}[kind]
        what = (f"{'captured' if hits else 'no capture'}" if kind == "capture" else f"{hits} hit{'s' if hits != 1 else ''}")
        said.append(f"{name} {verb} {target}: rolled {', '.join(map(str, outcome.faces))} against {a.defense}+: {what}")
        if kind == "capture":
            if hits:
                return [replace(x, captive=target) if x.name == name else replace(x, captor=name) if x.name == target
                        else x for x in chars]
            return chars
        if hits:
            taken = talents.damage(tgt, hits)
            if taken.clicks != hits:
                said.append(f"{target} takes {taken}")
            hurt = take_hits(tgt, hits)
            chars = [hurt if x.name == target else x for x in chars]
            if hurt.knocked_out:
                knocked.add(target)
        return chars

    def _volley(self, chars: list[Character], name: str, names: Sequence[str], dice: Dice, offensive_fate: bool,
                defensive_fate: bool, assignment: Mapping[str, int] | None, fate_clicks: list[tuple[str, str]],
                fated: set[str], knocked: set[str], said: list[str]) -> list[Character]:
        """One ranged attack at several targets: roll, give one die to each, one click at most each
        (K.ranged.multi); each target Ace may then spend fate on its own die (K.fate)."""
        attacker = next(x for x in chars if x.name == name)
        targets = [next(x for x in chars if x.name == t) for t in names]
        shot = multi_shot(self.board, attacker, targets, chars, offensive_fate)
        said.append(f"{name} fires at {', '.join(names)}: {shot}")
        faces = shot.event.resolve(dice).faces
        if assignment is None:
            # targets that can take a click first: a die that hits a Charmed Life target is wasted
            give = best_assignment(faces, shot.event.thresholds, shot.event.takes_click)
            dealt = {shot.targets[t]: i for t, i in give.items()}
        else:
            shot.event.resolve_assigned(faces, assignment)  # checks the assignment: one different die each
            dealt = dict(assignment)
        if offensive_fate:
            fate_clicks.append((name, "offense"))
        parts = []
        for t in targets:
            i = dealt.get(t.name)
            if i is None:
                parts.append(f"{t.name} gets no die")
                continue
            face, needs = faces[i], shot.needs(t.name)
            hit = face >= needs
            note = ""
            if hit and defensive_fate and face != 6 and may_use_fate(t, "defense", t.name in fated):
                hit, note = False, f", cancelled by {t.name}'s fate"
                fate_clicks.append((t.name, "defense"))
                fated.add(t.name)
            parts.append(f"{face} to {t.name} (needs {needs}+): {'hit' if hit else 'miss'}{note}")
            if hit:
                taken = talents.damage(t, 1)
                if taken.clicks != 1:
                    parts[-1] += f"; {t.name} takes {taken}"
                hurt = take_hits(t, 1)  # one click at most from a several-target shot (K.ranged.multi)
                chars = [hurt if x.name == t.name else x for x in chars]
                if hurt.knocked_out:
                    knocked.add(t.name)
        said.append(f"{name} rolled {', '.join(map(str, faces))}: " + "; ".join(parts))
        return chars

    def escape(self, name: str, dice: Dice, *, fate: bool = False) -> "AcesGame":
        """A captive's escape: both roll, the captive escapes with more hits, and may then act again
        this turn (K.escape, K.fate offensive only)."""
        c = self._check_turn(name, "escape")
        captor = self.character(c.captor)  # type: ignore[arg-type]
        e = escape(c, captor, captive_fate=fate)
        roll = e.resolve(dice)
        said = [f"{name} tries to escape {captor.name}: {roll}"]
        chars = self.characters
        used = self.fate_used
        if fate:
            use = use_fate(c, "offense", used_this_turn=name in self.fate_used)
            chars = tuple(replace(x, dial=use.dial) if x.name == name else x for x in chars)
            used = tuple(dict.fromkeys((*used, name)))
            if use.knocked_out:
                # the click that pays for fate was its last: it leaves the map whatever the roll,
                # its opponents share its points (K.fate, K.victory), its captor holds no one
                # (K.capture), and its turn is over, as it cannot act again (K.escape)
                scorers = tuple(p for p in self.players() if p != c.player)
                said.append(f"{name} is knocked out by its own fate click ({c.points} points to {', '.join(scorers)})")
                chars = tuple(replace(x, captive=None) if x.name == captor.name else x for x in chars if x.name != name)
                out = self.out + (Out(name, c.player, c.points, scorers, True),)
                return self._next(c.player, name, "escape", chars, said, out)
        if roll.outcome:
            chars = tuple(replace(x, captor=None) if x.name == name else replace(x, captive=None) if x.name == captor.name
                          else x for x in chars)
            # a successful escape does not use up the turn: the player may give another action
            # (K.escape), and fate spent on the escape counts in that action too (K.fate: once a turn)
            return replace(self, characters=chars, fate_used=used,
                           log=self.log + tuple(said) + (f"{name} is free and may act again",))
        return self._next(c.player, name, "escape", chars, said)

    def withdraw(self, player: str) -> "AcesGame":
        """A player withdraws in his turn: he scores as usual, but nothing for his own characters (K.withdraw)."""
        if player != self.turns.current:
            raise GameRuleError(f"a player withdraws in his own turn; it is {self.turns.current}'s", field="player")
        return replace(self, withdrawn=self.withdrawn + (player,), log=self.log + (f"{player} withdraws",))

    # -- scoring (K.victory) -------------------------------------------------------------------------
    def standings(self) -> list[Standing]:
        recruited = dict(self.recruited)
        rows = []
        for p in self.players():
            kos = tuple((o.name, o.points) for o in self.out if o.scored_by == (p,) and not o.by_fate)
            gifts = tuple((o.name, Fraction(o.points, len(o.scored_by))) for o in self.out if o.by_fate and p in o.scored_by)
            held = tuple((x.name, x.points) for x in self.characters if x.player != p and x.captor
                         and self.character(x.captor).player == p)
            mine = tuple((x.name, x.points) for x in self.characters if x.player == p and not x.captor)
            rows.append(Standing(p, recruited[p], kos, held, mine, gifts, p in self.withdrawn))
        return rows

    def result(self, dice: Dice | None = None) -> Result:
        return victory(self.standings(), dice)

    def _repr_html_(self) -> str:
        from cs_panel.aces.render import game_html  # drawing, loaded only when a picture is asked for

        return game_html(self)


def _targets(target: str | Sequence[str]) -> tuple[str, ...]:
    """One target name, or several (K.ranged.multi), as a tuple of names."""
    names = (target,) if isinstance(target, str) else tuple(target)
    if not names or not all(isinstance(n, str) and n for n in names):
        raise AttackError("name the target, or for a ranged attack the targets", field="target")
    if len(set(names)) != len(names):
        raise AttackError("a ranged attack never targets the same character twice (K.ranged.multi)", field="target")
    return names
