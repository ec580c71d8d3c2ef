"""A Bar-rooms character: seven stats, their cost, special skills, and what wounds and shock do
to them (B.chargen, B.skills; *Crimson Bar-rooms and Redheaded Dames*, Character generation).

- Seven stats: Stamina (movement points, at most 6), Constitution, Deadeye, Steady Mind,
  Quickdraw, Sixth Sense and Melee. They are bought with the board game's skill costs (the fan
  rules use "the same number of points as normal aircraft"): 450 points for a lead, 350 for a
  wing, or 600 and 450 for a squadron leader and wingman. Constitution gets no free 3 here: it is
  bought from 0 like the rest (B.chargen).
- Special skills cost experience points; Superman needs Fast Reaction first (B.skills). Our
  reading: they are paid from the same points at creation, and an "upgrade" or "expert" skill
  needs its plain version first (flagged ``reconstructed`` in the data).
- Shock (from a hit, a flash-bang or a failed readiness roll) takes 1 from every stat until
  shaken off (B.shock, B.melee); ``effective`` gives the stats as they are used.

>>> c = Character("Johnny Thunder", stamina=4, constitution=4, deadeye=5, steady_mind=4, quickdraw=5, sixth_sense=5, melee=3)
>>> print(build_cost(c))
70 Stamina 4 + 70 Constitution 4 + 110 Deadeye 5 + 70 Steady Mind 4 + 110 Quickdraw 5 + 110 Sixth Sense 5 + 40 Melee 3 = 580
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from cs_panel.core.validate import check_bool, check_int, check_str, short_repr
from cs_panel.core.data import Field, Table, load_table
from cs_panel.core.errors import DataFileError, RuleInputError
from cs_panel.core.explain import Modifier, terms_text
from cs_panel.fasa.pilots import level_cost

STATS = ("stamina", "constitution", "deadeye", "steady_mind", "quickdraw", "sixth_sense", "melee")
STAT_NAMES = {s: s.replace("_", " ").title() for s in STATS}
STAMINA_MAX = 6  # B.chargen
STAT_MAX = 10
BUDGETS = {"lead": 450, "wing": 350, "squadron-leader": 600, "squadron-wingman": 450}


class CharacterError(RuleInputError):
    """A stat out of range, a skill not known or bought without its prerequisite, a build over budget."""


SKILL_SCHEMA = {
    "name": Field(str),
    "xp": Field(int),
    "requires": Field(str),
    "effect": Field(str),
}


@lru_cache(maxsize=None)
def special_skills(source: str = "package:barrooms/skills.json") -> Table:
    table = load_table(source, SKILL_SCHEMA)
    for e in table:
        if e["requires"] and e["requires"] not in table:
            raise DataFileError(table.path, f"requires unknown skill {e['requires']!r}", entry=e.id, field="requires")
    return table


@dataclass(frozen=True)
class Character:
    """A character's rated stats, special skills, and the shock and wounds on it now."""

    name: str
    stamina: int = 4
    constitution: int = 4
    deadeye: int = 3
    steady_mind: int = 3
    quickdraw: int = 3
    sixth_sense: int = 3
    melee: int = 3
    skills: tuple[str, ...] = ()
    shock: int = 0  # points of shock: each takes 1 from every stat until shaken off (B.shock)
    vest: bool = False  # bullet-proof vest: -1 Stamina, -1 Quickdraw (B.cover)
    carried: tuple[str, ...] = field(default=())  # weapon ids carried (long arms cost Stamina, B.move.special)

    def __post_init__(self):
        check_str(self.name, "name", error=CharacterError)
        check_bool(self.vest, "vest", error=CharacterError)
        for name in ("skills", "carried"):
            v = getattr(self, name)
            if not isinstance(v, (tuple, list)) or not all(isinstance(x, str) for x in v):
                raise CharacterError(f"{name} is a list of ids, got {short_repr(v)}", field=name)
            object.__setattr__(self, name, tuple(v))
        for s in STATS:
            v = getattr(self, s)
            hi = STAMINA_MAX if s == "stamina" else STAT_MAX
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
                raise CharacterError(f"{STAT_NAMES[s]} is a whole number 0-{hi}, got {short_repr(v)} (B.chargen)", field=s)
        table = special_skills()
        for k in self.skills:
            if k not in table:
                raise CharacterError(f"unknown special skill {k!r}; known: {sorted(table.entries)}", field="skills")
            need = table[k]["requires"]
            if need and need not in self.skills:
                raise CharacterError(f"{table[k]['name']} needs {table[need]['name']} first (B.skills)", field="skills")
        check_int(self.shock, "shock", limit="count", error=CharacterError)
        carry_penalty(self.carried)  # an unknown weapon is refused now, not when a stat is read

    def has(self, skill: str) -> bool:
        return skill in self.skills

    def effective(self, stat: str) -> int:
        """The stat as it plays now: minus shock, and for Stamina and Quickdraw minus a vest and
        Stamina minus long arms carried (B.shock, B.cover, B.move.special); never below 0."""
        if stat not in STATS:
            raise CharacterError(f"unknown stat {stat!r}; the stats are {list(STATS)}", field="stat")
        v = getattr(self, stat) - self.shock
        if self.vest and stat in ("stamina", "quickdraw"):
            v -= 1
        if stat == "stamina":
            v += carry_penalty(self.carried)
        return max(0, v)

    def shocked(self, n: int = 1) -> "Character":
        return replace(self, shock=self.shock + n)

    def shaken_off(self) -> "Character":
        return replace(self, shock=0)


def carry_penalty(carried: tuple[str, ...]) -> int:
    """Stamina lost to the heaviest long arm carried: a rifle or SMG 1, a light machine gun 2 (B.move.special)."""
    from cs_panel.barrooms.firing import weapons  # the weapon data lives with the firing rules

    table = weapons()
    worst = 0
    for w in carried:
        if w not in table:
            raise CharacterError(f"unknown weapon {w!r}; known: {sorted(table.entries)}", field="carried")
        worst = min(worst, int(table[w].get("carry_stamina", 0)))
    return worst


@dataclass(frozen=True)
class Cost:
    terms: tuple[Modifier, ...]
    budget: int | None = None

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)

    @property
    def left(self) -> int | None:
        return None if self.budget is None else self.budget - self.total

    def __str__(self) -> str:
        return f"{terms_text(self.terms)} = {self.total}"


def build_cost(c: Character, budget: str | int | None = None) -> Cost:
    """What a character costs: every stat at the board game's skill cost, plus special skills
    (B.chargen, B.skills). With ``budget`` ("lead", "wing", ... or a number) a build over it is
    refused, naming the amount over."""
    terms = [Modifier(level_cost(getattr(c, s)), f"{STAT_NAMES[s]} {getattr(c, s)}", "B.chargen") for s in STATS]
    table = special_skills()
    terms += [Modifier(table[k]["xp"], table[k]["name"], "B.skills") for k in c.skills]
    limit: int | None
    if budget is None:
        limit = None
    elif isinstance(budget, str):
        if budget not in BUDGETS:
            raise CharacterError(f"budget is one of {sorted(BUDGETS)} or a number, got {budget!r}", field="budget")
        limit = BUDGETS[budget]
    else:
        limit = _whole(budget, "budget")
    cost = Cost(tuple(terms), limit)
    if limit is not None and cost.total > limit:
        raise CharacterError(f"{c.name} costs {cost.total}, {cost.total - limit} over the {limit} points allowed (B.chargen)",
                             field="budget")
    return cost


def _whole(v: Any, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise CharacterError(f"{name} is a whole number of 0 or more, got {short_repr(v)}", field=name)
    return v
