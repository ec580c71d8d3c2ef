"""The limits every input is checked against, in one place.

Two kinds of limit live here, each a ``Limit(lo, hi, rule, why)``:

- **rules limits** come from a rule text and cite its rule id (``rule="F.pilot.skills"``): a
  FASA skill runs 0-10, a Clix silhouette is capped at 6, an Aces team costs at most 100;
- **project limits** (``rule=None``) bound what an untrusted user can make the program do, so
  that every operation is bounded in time and memory before it starts: the size of a saved
  game, the nesting of a JSON document, the digits of a number typed into a box, how far apart
  two hexes may be. They are generous: no table game comes near them.

The core's constructors and loaders check against these through ``cs_panel.core.validate``;
the UI takes the same numbers for its widgets' bounds (``LIMITS["fasa.skill"].bounds``), so a
slider and the rule that refuses a value never disagree.

>>> LIMITS["fasa.skill"].bounds
(0, 10)
>>> print(LIMITS["fasa.skill"])
0-10 (F.pilot.skills)
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping


@dataclass(frozen=True)
class Limit:
    """Inclusive bounds ``lo``-``hi``, the rule id they come from (``None`` for a project limit)
    and why, in a few words."""

    lo: int
    hi: int
    rule: str | None
    why: str

    @property
    def bounds(self) -> tuple[int, int]:
        """``(lo, hi)``, as a ``param`` parameter's ``bounds`` wants them."""
        return (self.lo, self.hi)

    def describe(self) -> str:
        """The bounds in words: ``"0-10"``."""
        return f"{self.lo}-{self.hi}"

    def __str__(self) -> str:
        return f"{self.describe()} ({self.rule or 'project limit: ' + self.why})"


_L = Limit
_LIMITS: dict[str, Limit] = {
    # ---- FASA Crimson Skies (rule ids from the rules index) ----
    "fasa.skill": _L(0, 10, "F.pilot.skills", "a pilot skill level"),
    "fasa.constitution": _L(3, 10, "F.pilot.skills", "rated Constitution, base 3"),
    "fasa.max_speed": _L(1, 5, "F.plane.stats", "a plane's Max Speed"),
    "fasa.speed": _L(0, 9, "F.move.redline", "a flown speed; over Max Speed is a redline push "
                     "(our bound: 9, as the movement rules take it)"),
    "fasa.wing_gs": _L(0, 5, "F.plane.stats", "Max Gs per wing"),
    "fasa.acceleration": _L(1, 3, "F.plane.stats", "Acceleration"),
    "fasa.base_to_hit": _L(1, 10, "F.plane.stats", "a plane's base to-hit number"),
    "fasa.facing": _L(0, 5, "F.move.plot", "facings A-F"),
    "fasa.d10": _L(1, 10, "F.dice.d10", "a face of a d10"),
    "fasa.d6": _L(1, 6, None, "a face of a d6"),
    "fasa.hits_taken": _L(0, 10_000, None, "hits a plane has taken"),
    # ---- Clix: Air Action and Aces ----
    "clix.d6": _L(1, 6, "A.initiative", "a face of a d6"),
    "clix.silhouette": _L(1, 6, "A.combat.shot", "a silhouette, capped at 6 for a shot"),
    "clix.click": _L(0, 40, "A.base.values", "a click number on a combat dial (our bound)"),
    "clix.dial_value": _L(0, 20, "A.base.values", "a value printed on a dial (our bound)"),
    "clix.attack_dice": _L(0, 20, "A.combat.shot", "attack dice rolled at once (our bound)"),
    "aces.defense": _L(1, 6, "K.attack", "defense, capped at 6 for an attack"),
    "aces.team_points": _L(0, 100, "K.recruit", "points a team may spend"),
    "aces.points": _L(0, 10_000, None, "points a character is worth or a team has scored"),
    # ---- Bar-rooms ----
    "barrooms.stamina": _L(1, 6, "B.chargen", "Stamina, at most 6"),
    "barrooms.stat": _L(0, 10, "B.chargen", "a character's statistic"),
    # ---- project limits: bounded cost for untrusted input ----
    "turns": _L(1, 500, None, "turns a game may last"),
    "count": _L(0, 10_000, None, "a count of things in one game (kills, shots, planes, dice)"),
    "dice_count": _L(0, 100, None, "dice rolled at once"),
    "die_sides": _L(2, 100, None, "sides of one die"),
    "outcome_combinations": _L(1, 1_000_000, None, "face combinations enumerated for exact odds"),
    "nav_markers": _L(1, 30, None, "markers one navigation-card path lays"),
    "path_hexes": _L(0, 64, None, "hexes in one plane's movement path"),
    "map_radius": _L(0, 20, None, "hexes drawn around each plane on a map"),
    "hex_coordinate": _L(-10_000, 10_000, None, "a hex coordinate; map sheets are a few dozen hexes"),
    "hex_distance": _L(0, 1_000, None, "hexes walked along one line (sight, fire, flak)"),
    "square_coordinate": _L(-1_000, 1_000, None, "a square coordinate on an Aces map"),
    "number_digits": _L(1, 12, None, "digits in a number typed as text"),
    "json_number_digits": _L(1, 40, None, "digits in a number inside a saved game or data file (seeds fit)"),
    "text_chars": _L(0, 200, None, "characters in a name or a short text field"),
    "line_chars": _L(0, 2_000, None, "characters in one typed line (faces, orders, programmes)"),
    "saved_chars": _L(0, 4_000_000, None, "characters in a pasted or uploaded saved game"),
    "data_file_chars": _L(0, 2_000_000, None, "characters in a data file"),
    "log_actions": _L(0, 20_000, None, "actions in one saved game's log"),
    "json_depth": _L(1, 40, None, "nesting depth of a JSON document"),
}

#: every limit by name; read-only
LIMITS: Mapping[str, Limit] = MappingProxyType(_LIMITS)


def limit(name: str) -> Limit:
    """The limit called ``name``; an unknown name is a ``KeyError`` naming the known ones."""
    try:
        return LIMITS[name]
    except KeyError:
        raise KeyError(f"no limit {name!r}; known: {sorted(LIMITS)}") from None
