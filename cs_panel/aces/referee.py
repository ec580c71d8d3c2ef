"""A referee for a game of *Crimson Skies: Aces*: the map, two or more teams, turns and actions,
knock-outs, captures, fate, the end and the score, as one saveable state (K.turns, K.actions,
K.move, K.break-away, K.ranged, K.close, K.attack, K.capture, K.escape, K.fate, K.end,
K.victory, K.withdraw, K.setup).

``AcesGame.start(map, teams, order)`` places each team in its starting area; then each turn the
player whose turn it is gives one action to one character: ``move``, ``move_and_attack``,
``escape`` or ``pass_turn``. Every action that needs dice takes a ``Dice`` (seeded, or
``ScriptedDice`` with the faces rolled at the table) and says in ``log`` what it rolled and
what happened. A rule broken is refused with every reason and the game is unchanged.

Readings of our own (RULINGS.md): a target Ace spends fate defensively when the flag is set and
the roll has a hit that fate would cancel; a captive is carried to a free square next to its
captor's new square (the first in reading order unless ``captive_to`` says where); a character
held captive by the enemy does not count among its own player's survivors. Several-target shots,
Second Wind and the other talents are not played here.

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

import html
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping, Sequence

from cs_panel.aces.board import Board, Square, maps
from cs_panel.aces.combat import (
    AttackError, Character, attack, escape, resolve, sample_character, take_hits, use_fate,
)
from cs_panel.aces.game import GameRuleError, Result, Standing, TurnRecord, Turns, game_over, recruit, victory
from cs_panel.aces.movement import BreakAway, enemies_adjacent, reachable
from cs_panel.core.dice import Dice


@dataclass(frozen=True)
class Out:
    """A character knocked out: its points and who scores them."""

    name: str
    player: str
    points: int
    scored_by: tuple[str, ...]  # one player, or every opponent when fate knocked it out
    by_fate: bool = False


@dataclass(frozen=True)
class AcesGame:
    """The table: the map, the characters still on it, whose turn it is, who is out, the log."""

    map_name: str
    characters: tuple[Character, ...]
    turns: Turns
    recruited: tuple[tuple[str, int], ...]
    out: tuple[Out, ...] = ()
    fate_used: tuple[str, ...] = ()  # Aces that used fate this turn
    withdrawn: tuple[str, ...] = ()
    log: tuple[str, ...] = field(default=())

    # -- setting up (K.setup, K.recruit) -------------------------------------------------------------
    @classmethod
    def start(cls, map_name: str, teams: Mapping[str, Sequence[tuple[str, str, Square]]], order: Sequence[str],
              check_areas: bool = True) -> "AcesGame":
        """Recruit each team (figure id, name, square) and place it; the first player in ``order``
        sets up in starting area 0, the second in area 1 (K.setup, K.recruit)."""
        if map_name not in maps():
            raise GameRuleError(f"unknown map {map_name!r}; maps: {list(maps())}", field="map_name")
        board = maps()[map_name]
        if sorted(order) != sorted(teams) or len(order) < 2:
            raise GameRuleError(f"the turn order must name every player once: {list(teams)}", field="order")
        chars, recruited, taken = [], [], set()
        for area, player in enumerate(order):
            team = recruit(player, [fid for fid, _, _ in teams[player]])
            recruited.append((player, team.points))
            for fid, name, square in teams[player]:
                board.check(square, "square")
                if square in taken or square in board.blocking:
                    raise GameRuleError(f"{name} cannot start on {square}: it is taken or blocking terrain", field="square")
                if check_areas and area < 2 and square not in board.starting_area(area):
                    raise GameRuleError(f"{name} must start in {player}'s starting area, three squares deep at "
                                        f"{'the first' if area == 0 else 'the other'} narrow end (K.setup)", field="square")
                taken.add(square)
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
        why = " (knocked out)" if name in gone else ""
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
                                  is_captive=c.captor is not None, has_captive=c.captive is not None)
        if why:
            raise GameRuleError("; ".join(why), field="action")
        return c

    def _next(self, player: str, name: str | None, action: str, chars: tuple[Character, ...], said: list[str],
              out: tuple[Out, ...] | None = None) -> "AcesGame":
        turns = Turns(self.turns.order, self.turns.history + (TurnRecord(player, name, action),))
        return replace(self, characters=chars, turns=turns, out=self.out if out is None else out, fate_used=(),
                       log=self.log + tuple(said))

    def _walk(self, c: Character, to: Square, dice: Dice, said: list[str]) -> tuple[Character, Character | None]:
        """Move ``c`` to ``to`` (rolling to break away if it must), with its captive; returns both."""
        board = self.board
        others = [o for o in self.characters if o.name != c.name]
        # captives neither stop nor hinder anyone (nobody may target them), but their squares are
        # taken: like friends, they may be passed and not ended on (our reading)
        friends = [o.square for o in others if o.player == c.player or o.captor is not None]
        enemies = [o.square for o in others if o.player != c.player and o.captor is None]
        captive = self.character(c.captive) if c.captive else None
        broke = False
        if to != c.square and enemies_adjacent(board, c.square, enemies):
            roll = BreakAway().resolve(dice)
            broke = bool(roll.outcome)
            said.append(f"{c.name} tries to break away: {roll}")
            if not broke:
                return c, captive  # it stays, and may still attack (K.break-away)
        reach = reachable(board, c.square, c.value("speed"), friends=friends, enemies=enemies, broke_away=broke,
                          captive_speed=captive.value("speed") if captive else None)
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
        return self._next(player, name, "pass", self.characters, [f"{player} passes" + (f" with {name}" if name else "")])

    def move(self, name: str, to: Square, dice: Dice) -> "AcesGame":
        """Move one character up to its speed (K.move, K.break-away, K.capture)."""
        c = self._check_turn(name, "move")
        said: list[str] = []
        moved, captive = self._walk(c, tuple(to), dice, said)  # type: ignore[arg-type]
        chars = self._put(*(x for x in (moved, captive) if x is not None))
        return self._next(c.player, name, "move", chars, said)

    def move_and_attack(self, name: str, to: Square, target: str, kind: str, dice: Dice, *,
                        offensive_fate: bool = False, defensive_fate: bool = False) -> "AcesGame":
        """Move, then make a ranged, close or capture attack (K.actions, K.ranged, K.close, K.capture, K.fate)."""
        c = self._check_turn(name, "move and attack")
        if offensive_fate and name in self.fate_used:
            raise GameRuleError(f"{name} has already used fate this turn (K.fate)", field="fate")
        said: list[str] = []
        moved, captive = self._walk(c, tuple(to), dice, said)  # type: ignore[arg-type]
        state = replace(self, characters=self._put(*(x for x in (moved, captive) if x is not None)))
        attacker, tgt = state.character(name), state.character(target)
        try:
            a = attack(state.board, attacker, tgt, kind, state.characters, offensive_fate=offensive_fate)
        except AttackError:
            raise  # nothing happened: the game is unchanged
        outcome = resolve(a, dice)
        verb = {"ranged": "shoots", "close": "strikes", "capture": "tries to capture"}[kind]
        chars = list(state.characters)
        out = list(self.out)
        hits = outcome.hits
        fate_clicks: list[tuple[Character, str]] = []
        if offensive_fate:
            fate_clicks.append((attacker, "offense"))
        if defensive_fate and hits and not tgt.is_token and tgt.value("fate") > 0:
            saved = a.with_defensive_fate().hits(outcome.faces)
            if saved < hits:
                said.append(f"{tgt.name} spends fate: only natural sixes still count ({hits} -> {saved})")
                hits = saved
                fate_clicks.append((tgt, "defense"))
        what = (f"{'captured' if hits else 'no capture'}" if kind == "capture" else f"{hits} hit{'s' if hits != 1 else ''}")
        said.append(f"{name} {verb} {target}: rolled {', '.join(map(str, outcome.faces))} against {a.defense}+: {what}")
        if kind == "capture":
            if hits:
                chars = [replace(x, captive=target) if x.name == name else replace(x, captor=name) if x.name == target else x
                         for x in chars]
        elif hits:
            hurt = take_hits(tgt, hits)
            chars = [hurt if x.name == target else x for x in chars]
        # knocked out by the attack itself, before any fate click
        hit_out = kind != "capture" and hits > 0 and next(x for x in chars if x.name == target).knocked_out
        # fate clicks come at the end of the action (K.fate)
        for who, how in fate_clicks:
            current = next(x for x in chars if x.name == who.name)
            if current.knocked_out:
                continue
            use = use_fate(current, how)
            chars = [replace(x, dial=use.dial) if x.name == who.name else x for x in chars]
        survivors = []
        for x in chars:
            if not x.knocked_out:
                survivors.append(x)
                continue
            by_fate = not (x.name == target and hit_out)
            scorers = tuple(p for p in self.players() if p != x.player) if by_fate else (c.player,)
            out.append(Out(x.name, x.player, x.points, scorers, by_fate))
            said.append(f"{x.name} is knocked out ({x.points} points to {', '.join(scorers)})"
                        + (" by its own fate click" if by_fate else ""))
            if x.captive:  # its captive is free again (K.capture)
                survivors = [replace(y, captor=None) if y.name == x.captive else y for y in survivors]
                chars = [replace(y, captor=None) if y.name == x.captive else y for y in chars]
        survivors = [next(y for y in chars if y.name == s_.name) for s_ in survivors]
        used = tuple(w.name for w, _ in fate_clicks)
        nxt = self._next(c.player, name, "move and attack", tuple(survivors), said, tuple(out))
        return replace(nxt, fate_used=used)

    def escape(self, name: str, dice: Dice, *, fate: bool = False) -> "AcesGame":
        """A captive's escape: both roll, the captive escapes with more hits, and may then act again
        this turn (K.escape, K.fate offensive only)."""
        c = self._check_turn(name, "escape")
        captor = self.character(c.captor)  # type: ignore[arg-type]
        e = escape(c, captor, captive_fate=fate)
        roll = e.resolve(dice)
        said = [f"{name} tries to escape {captor.name}: {roll}"]
        chars = self.characters
        if fate:
            use = use_fate(c, "offense")
            chars = tuple(replace(x, dial=use.dial) if x.name == name else x for x in chars)
        if roll.outcome:
            chars = tuple(replace(x, captor=None) if x.name == name else replace(x, captive=None) if x.name == captor.name
                          else x for x in chars)
            # a successful escape does not use up the turn: the player may give another action (K.escape)
            return replace(self, characters=chars, log=self.log + tuple(said) + (f"{name} is free and may act again",))
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
        players = list(self.players())
        colours = ("#2b6cb0", "#c53030", "#2f855a", "#b7791f")
        pieces = {c.square: (c.name, colours[players.index(c.player) % 4]) for c in self.characters}
        head = f"<p><b>{html.escape(self.over or 'next: ' + self.turns.current)}</b></p>"
        lines = "".join(f"<li>{html.escape(x)}</li>" for x in self.log[-8:])
        return f"<div class='cs-aces-game'>{head}{self.board.to_svg(cell=22, pieces=pieces)}<ul>{lines}</ul></div>"

