"""The Bar-rooms actions and their notation, as the game protocol reads and writes them
(``cs_panel/barrooms/play.py``): ``move Mac to 3,4 run``, ``fire Mac at Lou x2``, ``punch Mac at Lou
aim head and block``, ... ``parse_action(str(a)) == a`` for every action (B.sequence).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cs_panel.core.game import Action, UnknownActionError

Pos = tuple[int, int]  # (column, row) on the room's hex map, odd columns set half a hex down


def pos_text(p: Pos) -> str:
    """A hex as the notation writes it: ``3,4`` (column, row)."""
    return f"{p[0]},{p[1]}"


# -- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move(Action):
    """Move to a hex; the gait word must be the one the hexes moved make (B.move.gait)."""

    name: str
    to: Pos
    gait: str

    def __str__(self) -> str:
        return f"move {self.name} to {pos_text(self.to)} {self.gait}"


@dataclass(frozen=True)
class Stay(Action):
    name: str

    def __str__(self) -> str:
        return f"stay {self.name}"


@dataclass(frozen=True)
class Hide(Action):
    """Stay put and take shelter behind cover next to him (B.cover)."""

    name: str

    def __str__(self) -> str:
        return f"hide {self.name}"


@dataclass(frozen=True)
class Punch(Action):
    name: str
    target: str
    aim: str | None = None
    block: bool = False

    def __str__(self) -> str:
        return (f"punch {self.name} at {self.target}" + (f" aim {self.aim}" if self.aim else "")
                + (" and block" if self.block else ""))


@dataclass(frozen=True)
class Knife(Action):
    name: str
    target: str
    aim: str | None = None

    def __str__(self) -> str:
        return f"knife {self.name} at {self.target}" + (f" aim {self.aim}" if self.aim else "")


@dataclass(frozen=True)
class Guard(Action):
    """A defence for the hand-to-hand of this turn: ``block`` or ``evade`` (B.melee, B.knife)."""

    kind: str
    name: str

    def __str__(self) -> str:
        return f"{self.kind} {self.name}"


@dataclass(frozen=True)
class Fire(Action):
    name: str
    target: str
    shots: int = 1

    def __str__(self) -> str:
        return f"fire {self.name} at {self.target}" + (f" x{self.shots}" if self.shots != 1 else "")


@dataclass(frozen=True)
class Throw(Action):
    name: str
    kind: str
    to: Pos

    def __str__(self) -> str:
        return f"throw {self.name} {self.kind} at {pos_text(self.to)}"


@dataclass(frozen=True)
class Reload(Action):
    name: str
    then_fire: str | None = None

    def __str__(self) -> str:
        return f"reload {self.name}" + (f" then fire at {self.then_fire}" if self.then_fire else "")


@dataclass(frozen=True)
class Clear(Action):
    name: str

    def __str__(self) -> str:
        return f"clear {self.name}"


@dataclass(frozen=True)
class Pass(Action):
    name: str

    def __str__(self) -> str:
        return f"pass {self.name}"


_W = r"([A-Z][A-Za-z'-]*)"
_AT = r"(\d{1,3}),(\d{1,3})"
_AIM = r"(?: aim (head|torso|right arm|left arm))?"
_PATTERNS: tuple[tuple[re.Pattern, Any], ...] = (
    (re.compile(rf"move {_W} to {_AT} (walk|run|dash)"), lambda m: Move(m[1], (int(m[2]), int(m[3])), m[4])),
    (re.compile(rf"stay {_W}"), lambda m: Stay(m[1])),
    (re.compile(rf"hide {_W}"), lambda m: Hide(m[1])),
    (re.compile(rf"punch {_W} at {_W}{_AIM}( and block)?"), lambda m: Punch(m[1], m[2], m[3], bool(m[4]))),
    (re.compile(rf"knife {_W} at {_W}{_AIM}"), lambda m: Knife(m[1], m[2], m[3])),
    (re.compile(rf"(block|evade) {_W}"), lambda m: Guard(m[1], m[2])),
    (re.compile(rf"fire {_W} at {_W}(?: x([1-9]))?"), lambda m: Fire(m[1], m[2], int(m[3] or 1))),
    (re.compile(rf"throw {_W} (explosive|flash-bang) at {_AT}"), lambda m: Throw(m[1], m[2], (int(m[3]), int(m[4])))),
    (re.compile(rf"reload {_W}(?: then fire at {_W})?"), lambda m: Reload(m[1], m[2])),
    (re.compile(rf"clear {_W}"), lambda m: Clear(m[1])),
    (re.compile(rf"pass {_W}"), lambda m: Pass(m[1])),
)


def parse_action(text: str) -> Action:
    """A Bar-rooms action from its notation; ``str`` of the result gives the text back.

    >>> str(parse_action("punch  Mac at Lou aim head and block"))
    'punch Mac at Lou aim head and block'
    """
    words = " ".join(str(text).split())
    for pattern, make in _PATTERNS:
        m = pattern.fullmatch(words)
        if m:
            return make(m)
    raise UnknownActionError(
        f"cannot read {str(text)[:80]!r}: a Bar-rooms action is 'move NAME to C,R walk|run|dash', 'stay NAME', "
        "'hide NAME', 'punch NAME at NAME [aim PART] [and block]', 'knife NAME at NAME [aim PART]', 'block NAME', "
        "'evade NAME', 'fire NAME at NAME [xN]', 'throw NAME explosive|flash-bang at C,R', 'reload NAME [then fire "
        "at NAME]', 'clear NAME' or 'pass NAME'")


__all__ = ["Clear", "Fire", "Guard", "Hide", "Knife", "Move", "Pass", "Pos", "Punch", "Reload", "Stay", "Throw",
           "parse_action", "pos_text"]
