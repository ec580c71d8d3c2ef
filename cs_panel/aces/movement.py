"""Moving a character: up to its speed, past friends, stopping beside enemies, breaking away,
and hindering terrain (K.move, K.break-away, K.terrain.hindering, K.terrain.blocking;
*Crimson Skies: Aces*, Movement, Breaking Away, Terrain).

- A character moves up to its speed in squares, in any direction, one adjacent square a step;
  moving no squares at all is a move too. It may pass through a friend's square but not an
  enemy's, may not end in an occupied square, and must stop when it steps into a square next to
  an enemy (K.move).
- It cannot enter blocking terrain, nor step across a wall; a straight diagonal step passes
  (K.terrain.blocking). Stepping into hindering terrain it did not start in ends the move; one
  that starts its turn in hindering terrain has half its speed, rounded up (K.terrain.hindering).
- A character that starts next to an enemy must roll a d6 to break away: 4-6 lets it move, and
  it may then pass squares next to the enemies it broke away from; 1-3 keeps it where it is.
  Either way it may still attack. One roll covers every adjacent enemy (K.break-away). Enemies
  on the other side of a wall are not adjacent, so they call for no roll.

Readings of our own (RULINGS.md): the squares next to the enemies it broke away from never stop
the move, but a square next to any other enemy does; a character carrying a captive moves at
the lower of the two speeds, and the captive is then put in a free square next to it.

>>> from cs_panel.aces.board import Board
>>> b = Board(8, 6, hindering={(3, 0)})
>>> sorted(reachable(b, (0, 0), 2, enemies=[(4, 2)]).squares)[:5]
[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field
from typing import Iterable

from cs_panel.aces.board import Board, BoardError, Square
from cs_panel.core.dice import ChanceEvent
from cs_panel.core.errors import RuleInputError

BREAK_AWAY_SUCCESS = 4  # a d6 of 4, 5 or 6 breaks away (K.break-away)


class MoveError(RuleInputError):
    """A move the rules do not allow: out of reach, into an occupied square, without breaking away."""


@dataclass(frozen=True)
class BreakAway(ChanceEvent):
    """The break-away roll: one d6, 4-6 succeeds (K.break-away). Outcome: True if it breaks away.

    >>> BreakAway().chance
    Fraction(1, 2)
    """

    dice: tuple[int, ...] = field(default=(6,), init=False, repr=False)

    def outcome_of(self, faces):
        (face,) = faces
        return face >= BREAK_AWAY_SUCCESS

    def describe(self) -> str:
        return "break away: d6, 4-6 succeeds"

    def describe_outcome(self, outcome) -> str:
        return "breaks away" if outcome else "held: cannot move (may still attack)"


def move_speed(board: Board, start: Square, speed: int, captive_speed: int | None = None,
               sure_footed: bool = False) -> tuple[int, list[str]]:
    """The squares a character may move this action, and why (K.move, K.terrain.hindering, K.capture).
    ``sure_footed``: a speed ability lets it ignore hindering terrain (``cs_panel.aces.talents``)."""
    if isinstance(speed, bool) or not isinstance(speed, int) or speed < 0:
        raise MoveError(f"speed is a whole number of 0 or more, got {speed!r}", field="speed")
    why = [f"speed {speed}"]
    if captive_speed is not None and captive_speed < speed:
        speed = captive_speed
        why.append(f"moving with a captive: the lower speed, {speed} (K.capture)")
    if start in board.hindering and sure_footed:
        why.append("starts in hindering terrain, but sure-footed: full speed (talent, K.terrain.hindering)")
    elif start in board.hindering:
        speed = math.ceil(speed / 2)
        why.append(f"starts in hindering terrain: half, rounded up, {speed} (K.terrain.hindering)")
    return speed, why


def check_stand(board: Board, square, taken: "dict[Square, str] | Iterable[Square]" = ()) -> Square:
    """``square`` if a character may stand there: on the map (``board.check``), not blocking
    terrain (K.terrain.blocking), and not taken by another character (K.move; ``taken`` maps the
    other characters' squares to their names, or lists them). Else a named error saying why: the
    one check of a square to set up or end on."""
    s = board.check(square, "square")
    if s in board.blocking:
        raise BoardError(f"{s} is blocking terrain: nobody stands there (K.terrain.blocking)", field="square")
    who = taken if isinstance(taken, dict) else {tuple(t): "" for t in taken}
    if s in who:
        by = f" by {who[s]}" if who[s] else ""
        raise MoveError(f"{s} is taken{by}: a character cannot end in an occupied square (K.move)", field="square")
    return s


def enemies_adjacent(board: Board, square: Square, enemies: Iterable[Square]) -> list[Square]:
    return [e for e in enemies if board.adjacent(square, e)]


@dataclass(frozen=True)
class Reach:
    """Where a character may end its move, with a shortest path to each square and why it stops there."""

    start: Square
    speed: int
    paths: dict[Square, tuple[Square, ...]]
    stops: dict[Square, str]  # squares where the move must end, and why
    notes: tuple[str, ...] = ()

    @property
    def squares(self) -> frozenset[Square]:
        return frozenset(self.paths)

    def path_to(self, square: Square) -> tuple[Square, ...]:
        if square not in self.paths:
            raise MoveError(f"{square} is not within reach from {self.start} at speed {self.speed} "
                            f"({'; '.join(self.notes)})", field="square")
        return self.paths[square]


def reachable(board: Board, start: Square, speed: int, *, friends: Iterable[Square] = (),
              enemies: Iterable[Square] = (), broke_away: bool = False, captive_speed: int | None = None,
              sure_footed: bool = False) -> Reach:
    """Every square a character at ``start`` may end its move in (K.move).

    ``friends`` and ``enemies`` are the other characters' squares. A character that starts next to
    an enemy may move only with ``broke_away`` (the d6 of ``BreakAway`` came up 4-6); otherwise
    it stays put. ``sure_footed`` (a speed ability, ``cs_panel.aces.talents``): hindering terrain
    neither ends the move nor halves the speed; a captor's speed ability carries its captive too
    (K.capture)."""
    start = board.check(start, "start")
    friends, enemies = set(friends) - {start}, set(enemies)
    steps, notes = move_speed(board, start, speed, captive_speed, sure_footed)
    held = enemies_adjacent(board, start, enemies)
    if held and not broke_away:
        notes.append(f"next to an enemy at {', '.join(map(str, held))}: it must break away to move (K.break-away)")
        return Reach(start, 0, {start: (start,)}, {start: "held by an adjacent enemy"}, tuple(notes))
    ignored = set(held)  # enemies it broke away from no longer stop it (K.break-away)
    if held:
        notes.append("broke away: it may pass squares next to " + ", ".join(map(str, held)))
    paths: dict[Square, tuple[Square, ...]] = {start: (start,)}
    stops: dict[Square, str] = {}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        path = paths[here]
        if len(path) - 1 >= steps or (here != start and here in stops):
            continue
        for n in board.neighbours(here):
            if n in paths or n in enemies:
                continue
            paths[n] = path + (n,)
            near = [e for e in enemies_adjacent(board, n, enemies) if e not in ignored]
            if near:
                stops[n] = f"next to the enemy at {near[0]}: the move ends here (K.move)"
            elif n in board.hindering and not sure_footed:
                stops[n] = "entered hindering terrain: the move ends here (K.terrain.hindering)"
            queue.append(n)
    # a friend's square may be passed, never ended in (K.move); one where the move would have to
    # stop was never passed either (the search does not go on from a stop)
    ends = {s: p for s, p in paths.items() if s not in friends}
    return Reach(start, steps, ends, {s: w for s, w in stops.items() if s in ends}, tuple(notes))
