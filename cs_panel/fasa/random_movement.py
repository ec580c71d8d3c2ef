"""Random movement after a failed push or an illegal plot (F.move.random, FASA p.26).

For each point of the failed maneuver's speed the plane moves one hex straight ahead, then a d10
on the facing change table turns it: 1-3 not at all, 4-7 one hexside, 8-10 two hexsides, toward
the side of the failed turn (for a straight maneuver a die decides: even right, odd left). Every
hexside turned is one fracture hit on the leading edge of the wing on the outside of the turn:
the port wing for a right turn, the starboard wing for a left one.

Pilot Condor's failed 3R0D (p.26): rolls of 10, 9 and 8 turn him two hexsides right after each
hex, which brings him back to his start hex with six fracture hits on the port wing.

>>> from cs_panel.core.dice import ScriptedDice
>>> rm = random_movement(Hex(0, 0), Facing.A, 3, Direction.R, ScriptedDice([10, 9, 8]))
>>> rm.end, rm.fracture_hits
((Hex(0, 0), <Facing.A: 0>), {'port wing leading edge': 6})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from cs_panel.core.dice import ChanceEvent, Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.maneuver import Direction

PORT_LEADING = "port wing leading edge"
STARBOARD_LEADING = "starboard wing leading edge"
NOSE = "nose"


@dataclass(frozen=True)
class FacingChange(ChanceEvent):
    """The facing change table: a d10 gives 0, 1 or 2 hexsides (F.move.random, FASA p.26).

    >>> {k: str(v) for k, v in sorted(FacingChange().outcomes().items())}
    {0: '3/10', 1: '2/5', 2: '3/10'}
    """

    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> int:
        (face,) = faces
        if face <= 3:
            return 0
        if face <= 7:
            return 1
        return 2

    def describe(self) -> str:
        return "d10 facing change"

    def describe_outcome(self, outcome: int) -> str:
        return "no turn" if outcome == 0 else f"{outcome} hexside" + ("" if outcome == 1 else "s")


@dataclass(frozen=True)
class StraightTurnSide(ChanceEvent):
    """Which way a failed straight maneuver turns: an even die right, an odd one left (F.move.random, p.26)."""

    dice: tuple[int, ...] = field(default=(10,), init=False, repr=False)

    def outcome_of(self, faces: Sequence[int]) -> Direction:
        (face,) = faces
        return Direction.R if face % 2 == 0 else Direction.L

    def describe(self) -> str:
        return "d10 even right / odd left"

    def describe_outcome(self, outcome: Direction) -> str:
        return "right" if outcome is Direction.R else "left"


@dataclass(frozen=True)
class Step:
    """One hex of a move: the hex entered, the facing after it, and the die that turned it."""

    hex: Hex
    facing: Facing
    roll: int | None = None  # the facing-change d10, for random movement
    turn: int = 0  # hexsides rotated after entering, + right (clockwise), - left
    note: str = ""

    def __str__(self) -> str:
        s = f"enter {self.hex!r} facing {self.facing.name}"
        if self.roll is not None:
            s += f", rolled {self.roll}: " + ("no turn" if not self.turn else f"{abs(self.turn)} hexside(s) {'right' if self.turn > 0 else 'left'}")
        return s + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True)
class RandomMovement:
    """A whole random movement, step by step, for a UI to replay (F.move.random, FASA p.26)."""

    start: tuple[Hex, Facing]
    speed: int
    direction: Direction  # the side of the failed maneuver (L, R or S)
    steps: tuple[Step, ...]
    side_roll: int | None = None  # the even/odd die of a straight maneuver
    turn_side: Direction | None = None  # the side a straight maneuver's turns went

    @property
    def end(self) -> tuple[Hex, Facing]:
        return (self.steps[-1].hex, self.steps[-1].facing) if self.steps else self.start

    @property
    def hexsides_turned(self) -> int:
        return sum(abs(s.turn) for s in self.steps)

    @property
    def fracture_hits(self) -> dict[str, int]:
        """Fracture hits by damage table: one per hexside, on the outside wing's leading edge."""
        port = sum(s.turn for s in self.steps if s.turn > 0)  # right turns load the port wing
        starboard = -sum(s.turn for s in self.steps if s.turn < 0)
        out = {}
        if port:
            out[PORT_LEADING] = port
        if starboard:
            out[STARBOARD_LEADING] = starboard
        return out

    def __str__(self) -> str:
        lines = [f"random movement at speed {self.speed} from {self.start[0]!r} facing {self.start[1].name}"]
        if self.side_roll is not None:
            lines.append(f"straight maneuver: rolled {self.side_roll}, turns go {'right' if self.turn_side is Direction.R else 'left'}")
        lines += [f"  {i}. {s}" for i, s in enumerate(self.steps, 1)]
        hits = ", ".join(f"{n} on the {loc}" for loc, n in self.fracture_hits.items()) or "none"
        lines.append(f"fracture hits: {hits}")
        return "\n".join(lines)


def random_movement(start: Hex, facing: Facing, speed: int, direction: Direction | str, dice: Dice) -> RandomMovement:
    """Move a plane randomly at ``speed`` toward ``direction`` (the failed maneuver's side), rolling
    ``dice`` for each hex (F.move.random, FASA p.26).

    For a straight maneuver one extra die, rolled first, picks the side for the whole movement
    (our reading of the table's footnote: the failed maneuver has one direction).
    """
    if isinstance(speed, bool) or not isinstance(speed, int) or speed < 0:
        raise RuleInputError(f"random movement speed must be a whole number 0 or more, got {speed!r}", field="speed")
    direction = direction if isinstance(direction, Direction) else Direction(str(direction).upper())
    side_roll = None
    side = direction
    if direction is Direction.S and speed > 0:
        roll = StraightTurnSide().resolve(dice)
        side_roll, side = roll.faces[0], roll.outcome
    sign = 1 if side is Direction.R else -1
    h, f = start, facing
    steps = []
    table = FacingChange()
    for _ in range(speed):
        h = h.neighbor(f)
        roll = table.resolve(dice)
        turn = sign * roll.outcome
        f = f.turn(turn)
        steps.append(Step(h, f, roll.faces[0], turn))
    return RandomMovement((start, facing), speed, direction, tuple(steps), side_roll,
                          side if direction is Direction.S and speed > 0 else None)
