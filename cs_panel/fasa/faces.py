"""Die faces a player types in: read them, and resolve a plotted move with them instead of
seeded dice (F.dice.d10, F.move.resolve, F.move.random; FASA p.11, 24-26). A component uses this to
replay the rulebook's examples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import short_repr
from cs_panel.fasa.maneuver import Direction
from cs_panel.fasa.movement import MovePlan, MoveResult, resolve


class DieFacesError(RuleInputError):
    """Die faces typed in that cannot be used: not a d10 face, too few, or in the wrong box."""


_TOKEN = re.compile(r"[\s,;]+")


def parse_faces(text: str, field: str = "faces", sides: int = 10) -> tuple[int, ...]:
    """Read die faces typed as ``"10 9 8"`` (spaces or commas); each must be 1-``sides``
    (F.dice.d10, FASA p.11). Empty text is no faces.

    >>> parse_faces("10, 9 8")
    (10, 9, 8)
    """
    cap = LIMITS["line_chars"].hi
    if not isinstance(text, str):
        raise DieFacesError(f"die faces are typed as text, got {short_repr(text)}", field=field)
    if len(text) > cap:
        raise DieFacesError(f"{len(text)} characters of die faces; the limit is {cap} (project limit: "
                            f"{LIMITS['line_chars'].why})", field=field)
    out = []
    for tok in (t for t in _TOKEN.split(text.strip()) if t):
        # a face has at most two digits: no long number is ever converted
        if not tok.isdecimal() or len(tok) > 2 or not 1 <= int(tok) <= sides:
            raise DieFacesError(f"{tok!r} is not a face of a d{sides}: type whole numbers 1-{sides}, e.g. \"10 9 8\"",
                                field=field)
        out.append(int(tok))
    return tuple(out)


def random_movement_faces(speed: int, direction: Direction) -> int:
    """How many dice a random movement rolls: one per hex, plus the even/odd side die first for a
    straight maneuver (F.move.random, FASA p.26)."""
    return speed + (1 if direction is Direction.S and speed > 0 else 0)


@dataclass(frozen=True)
class EnteredMove:
    """A move resolved with faces typed in: the result and the faces that were not needed."""

    result: MoveResult
    unused: tuple[int, ...]


def resolve_with_faces(p: MovePlan, push_faces: Sequence[int], move_faces: Sequence[int]) -> EnteredMove:
    """Resolve a plan with typed faces: ``push_faces`` for the push rolls in the order they are
    rolled (redline, stall, then Pushing the Gs), ``move_faces`` for the random movement, if any
    (F.move.resolve, F.move.random; FASA p.24-26). A face in the wrong box or too few faces is a
    ``DieFacesError`` naming the box."""
    push_faces, move_faces = tuple(push_faces), tuple(move_faces)
    needed = len(p.pushes) if p.legal else 0
    what = ", ".join(x.target.what for x in p.pushes) if p.legal else ""
    if len(push_faces) > needed:
        raise DieFacesError(
            f"{p.maneuver} rolls at most {needed} push roll{'s' if needed != 1 else ''}" + (f" ({what})" if what else
            " (an illegal plot is not pushed: it moves randomly, F.move.illegal)") + f"; {len(push_faces)} given",
            field="push_faces")
    dice = ScriptedDice([*push_faces, *move_faces])
    try:
        result = resolve(p, dice)
    except RuleInputError as e:
        if "ran out" not in str(e):
            raise
        if len(push_faces) < needed:
            raise DieFacesError(f"{p.maneuver} needs {needed} push roll{'s' if needed != 1 else ''} ({what}); "
                                f"{len(push_faces)} given", field="push_faces") from None
        m = p.maneuver
        n = random_movement_faces(m.speed, m.turn_direction)
        side = " (the even/odd side die first, then one per hex)" if m.turn_direction is Direction.S else " (one per hex)"
        raise DieFacesError(f"the random movement at speed {m.speed} needs {n} facing-change roll{'s' if n != 1 else ''}"
                            f"{side}; {len(move_faces)} given", field="move_faces") from None
    if len(result.rolls) != len(push_faces):
        # the movement dice were read as push rolls: the push box is short
        raise DieFacesError(f"{p.maneuver} needs {len(result.rolls)} push roll{'s' if len(result.rolls) != 1 else ''} "
                            f"({what}); {len(push_faces)} given", field="push_faces")
    return EnteredMove(result, tuple(dice.remaining))
