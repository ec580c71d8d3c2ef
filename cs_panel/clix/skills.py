"""What the coloured squares mean: a reconstructed Skills and Equipment card and speed effects.

The printed card was lost (MISSING.md, "Air Action and Aces"). The rules text names one skill,
Shaken, and says what kinds of speed effect exist: ones at the maximum-speed location that are
resolved before moving and may change speed and deal clicks (A.move.speed-effects), and
gunnery effects that change the firer's dice and the target's silhouette (A.combat.shot).
``cs_panel/data/clix/skills.json`` and ``speed_effects.json`` hold a small reconstructed set,
flagged as such; a player can load their own card instead. Skills may be optional: an optional
skill can be cancelled and stays off until the end of the turn (A.base.skills).

>>> speed_effects()["red-max_speed"]["name"]
'Engine strain'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cs_panel.clix.dial import ACES_STATS, SPEED_EFFECT_LOCATIONS, CombatDial, DialError, SpeedDial
from cs_panel.core.validate import short_repr
from cs_panel.core.data import Entry, Field, Table, in_range, load_table

SKILL_SCHEMA = {
    "name": Field(str),
    "kind": Field(str, check=lambda v: None if v in ("skill", "equipment", "talent") else f"unknown kind {short_repr(v)}"),
    "stat": Field(str),
    "colour": Field(str),
    "optional": Field(bool),
    "effect": Field(str),
    "attack_dice": Field(int, required=False, check=in_range(-3, 3)),
    "silhouette": Field(int, required=False, check=in_range(-3, 3)),
    "shaken": Field(bool, required=False),
}

#: the Aces Talents and Abilities card (``talents.json``): what ``use`` each one has and the
#: numbers ``cs_panel.aces.talents`` applies
TALENT_USES = ("action", "attack", "move", "damage")
TALENT_SCHEMA = {
    "name": Field(str),
    "stat": Field(str, check=lambda v: None if v in ACES_STATS else f"an Aces talent sits on one of {ACES_STATS}"),
    "colour": Field(str),
    "optional": Field(bool),
    "use": Field(str, check=lambda v: None if v in TALENT_USES else f"use must be one of {TALENT_USES}"),
    "effect": Field(str),
    "heal": Field(int, required=False, check=in_range(1, 3)),
    "close_attacks": Field(int, required=False, check=in_range(2, 3)),
    "ignores_hindering": Field(bool, required=False),
    "ranged_dice": Field(int, required=False, check=in_range(-3, 3)),
    "damage_reduction": Field(int, required=False, check=in_range(1, 3)),
}

SPEED_EFFECT_SCHEMA = {
    "name": Field(str),
    "location": Field(str, check=lambda v: None if v in SPEED_EFFECT_LOCATIONS else f"location must be one of {SPEED_EFFECT_LOCATIONS}"),
    "colour": Field(str),
    "effect": Field(str),
    "gunnery": Field(int, required=False, check=in_range(-5, 5)),
    "silhouette": Field(int, required=False, check=in_range(-5, 5)),
    "speed": Field(int, required=False, check=in_range(-5, 0)),
    "clicks": Field(int, required=False, check=in_range(0, 5)),
    "check_avoids": Field(bool, required=False),
}


@lru_cache(maxsize=None)
def skills(source: str = "package:clix/skills.json") -> Table:
    """The skills and equipment card, keyed ``"<colour>-<stat>"`` (A.base.skills)."""
    return load_table(source, SKILL_SCHEMA)


@lru_cache(maxsize=None)
def speed_effects(source: str = "package:clix/speed_effects.json") -> Table:
    """The speed effects, keyed ``"<colour>-<location>"`` (A.move.speed-effects)."""
    return load_table(source, SPEED_EFFECT_SCHEMA)


@lru_cache(maxsize=None)
def talents(source: str = "package:clix/talents.json") -> Table:
    """The Aces Talents and Abilities card, keyed ``"<colour>-<stat>"`` (K.base.values). The
    printed card is lost: every entry is ``reconstructed`` (see ``talents.md``)."""
    return load_table(source, TALENT_SCHEMA)


def talent_for(stat: str, colour: str, table: Table | None = None) -> Entry:
    """The talent or ability a colour means on an Aces stat; an unknown pair is named as such."""
    return _on_card(table or talents(), "talent", stat, colour)


def _on_card(table: Table, what: str, stat: str, colour: str) -> Entry:
    key = f"{colour}-{stat}"
    if key not in table:
        raise DialError(f"no {what} on the card for a {colour} square on {stat} ({table.path})", field="colour")
    return table[key]


def skill_for(stat: str, colour: str, table: Table | None = None) -> Entry:
    """The skill a colour means on a stat; an unknown pair is named as such."""
    return _on_card(table or skills(), "skill", stat, colour)


@dataclass(frozen=True)
class ActiveSkill:
    """A skill showing in the stat slot, and whether its owner has cancelled it this turn."""

    entry: Entry
    cancelled: bool = False

    @property
    def in_effect(self) -> bool:
        return not self.cancelled


def showing_skills(dial: CombatDial, cancelled: frozenset[str] = frozenset(), table: Table | None = None) -> tuple[ActiveSkill, ...]:
    """The skills and equipment in the stat slot now (A.base.skills). ``cancelled`` holds ids of
    optional skills switched off until the end of the turn; cancelling a skill that is not
    optional is refused."""
    out = []
    for m in dial.markers():
        e = skill_for(m.stat, m.colour, table)
        off = e.id in cancelled
        if off and not e["optional"]:
            raise DialError(f"{e['name']} is not optional and cannot be cancelled (A.base.skills)", field="cancelled")
        out.append(ActiveSkill(e, off))
    return tuple(out)


def is_shaken(dial: CombatDial, table: Table | None = None) -> bool:
    """Whether a skill marked as Shaken shows (it matters for A.end and A.victory)."""
    if dial.eliminated:
        return False
    return any(s.entry.get("shaken", False) for s in showing_skills(dial, table=table))


def speed_effects_now(speed_dial: SpeedDial, location: str, table: Table | None = None) -> tuple[Entry, ...]:
    """The speed effects at the current speed for one location (``"max_speed"`` or ``"gunnery"``)."""
    table = table or speed_effects()
    out = []
    for sq in speed_dial.squares_at(location):
        key = f"{sq.colour}-{sq.location}"
        if key not in table:
            raise DialError(f"no speed effect on the card for a {sq.colour} square at the {sq.location} location", field="colour")
        out.append(table[key])
    return tuple(out)
