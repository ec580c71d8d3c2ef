"""FASA pilots: skills, Constitution, gunners, experience, and who fires first.

FASA *Crimson Skies*, Pilots and their planes, p.17-20; Who Goes First?, p.34; sequence of
play, p.13.

- ``F.pilot.skills``: Constitution (from 3) and five skills, Quick Draw, Dead Eye, Steady Hand,
  Natural Touch and Sixth Sense, each a level 0-10.
- ``F.pilot.constitution``: every wound takes a point of Constitution; at 0 the pilot is dead.
- ``F.pilot.gunner``: a turret gunner has the pilot's three gunnery skills one level lower (not
  below 0) and Constitution 3.
- ``F.pilot.skill-cost`` / ``F.pilot.create``: a new hero spends 450 experience points, a
  wingman 350, at the Skill Cost Table's prices; Constitution is raised at improvement prices;
  what is left is kept.
- ``F.pilot.advance``: raising a skill one level costs the Improving Skill Levels Table's entry
  for the level it is at now.
- ``F.pilot.xp-awards``: what a mission earns, from the Experience Points Table.
- ``F.pilot.qd-fraction`` (optional, variant ``fasa.quick-draw-fractions``): points put toward
  the next Quick Draw level before there are enough for it; they break Quick Draw ties.
- ``F.combat.order``: pilots fire by Quick Draw, highest first, tied pilots rolling a d10 each
  (highest first, rolling again while tied); then aircraft turrets, zeppelin turrets and ground
  turrets, each group in the same way.

>>> print(skill_cost(Pilot("Ivy", quick_draw=4, dead_eye=6, steady_hand=5, natural_touch=4, sixth_sense=4)))
70 Quick Draw 4 + 160 Dead Eye 6 + 110 Steady Hand 5 + 70 Natural Touch 4 + 70 Sixth Sense 4 = 480 XP
>>> print(advance_cost(Pilot("Ivy", dead_eye=3), "dead_eye"))
30 Dead Eye 3 to 4 = 30 XP
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cs_panel.core.lazy import lazy_names
from cs_panel.core.limits import LIMITS
from cs_panel.core.data import Field, Table, load_table
from cs_panel.core.errors import DataFileError, RuleInputError, SkillOutOfRangeError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber, terms_text
from cs_panel.core.variants import OFFICIAL, RuleSet, Variant, register_variant
from cs_panel.fasa.tohit import SKILL_MAX, SKILL_MIN, check_skill, shock_roll

QD_FRACTIONS = register_variant(Variant(
    name="fasa.quick-draw-fractions",
    description="Experience points may be put toward the next Quick Draw level before there are "
                "enough to buy it (written 4/25); they count when Quick Draw ties in combat.",
    rule="F.pilot.qd-fraction",
    source="optional rule",
))

#: the five skills, in the order of the record sheet (F.pilot.skills, p.17-19)
SKILLS = ("quick_draw", "dead_eye", "steady_hand", "natural_touch", "sixth_sense")
#: what the rules call them
SKILL_NAMES = {s: s.replace("_", " ").title() for s in SKILLS} | {"constitution": "Constitution"}
#: every character starts with this Constitution, and a gunner keeps it (F.pilot.constitution, p.17)
BASE_CONSTITUTION = 3
#: experience points a new character spends (F.pilot.create, p.19)
BUDGETS = {"hero": 450, "wingman": 350}
#: Constitution stops where the Improving Skill Levels Table stops (our reading: p.20 has no row past 10)
CONSTITUTION_MAX = 10


class PilotInputError(RuleInputError):
    """An input the pilot rules cannot take: a wound count below 0, an unknown skill, a dead gunner."""


class OverBudgetError(PilotInputError):
    """A new character whose skills cost more experience points than the role has; ``over`` says by how many."""

    def __init__(self, message: str, *, over: int, field: str | None = None):
        super().__init__(message, field=field)
        self.over = over


class NotEnoughXPError(PilotInputError):
    """An advance the pilot's unspent points cannot pay for; ``short`` says by how many."""

    def __init__(self, message: str, *, short: int, field: str | None = None):
        super().__init__(message, field=field)
        self.short = short


# ---------------------------------------------------------------------------------------------
# The tables (data)


def _xp_check(v: Any) -> str | None:
    if isinstance(v, list) and not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v):
        return "a by-level list holds whole numbers 0 or more"
    return None


TABLE_SCHEMA = {
    "kind": Field(str, check=lambda v: None if v in ("by-level", "award") else f"kind must be 'by-level' or 'award', got {short_repr(v)}"),
    "xp": Field((int, list), check=_xp_check),
    "label": Field(str),
}


@lru_cache(maxsize=None)
def pilot_tables(source: str = "package:fasa/pilot_tables.json") -> Table:
    """The Skill Cost, Improving Skill Levels and Experience Points tables (packaged, or your own file)."""
    table = load_table(source, TABLE_SCHEMA)
    _check_levels(table)
    return table


def _check_levels(table: Table) -> None:
    for e in table:
        if isinstance(e["xp"], list) != (e["kind"] == "by-level"):
            raise DataFileError(table.path, "a by-level entry holds a list, an award a number", entry=e.id, field="xp")
    cost, improve = table["skill-cost"]["xp"], table["improve-cost"]["xp"]
    if len(cost) != SKILL_MAX + 1:
        raise DataFileError(table.path, f"needs one cost per level {SKILL_MIN}-{SKILL_MAX}", entry="skill-cost", field="xp")
    if len(improve) != SKILL_MAX:
        raise DataFileError(table.path, f"needs one cost per level {SKILL_MIN}-{SKILL_MAX - 1}", entry="improve-cost", field="xp")
    if any(i <= 0 for i in improve):
        raise DataFileError(table.path, "raising a level must cost something", entry="improve-cost", field="xp")


def _by_level(name: str) -> tuple[int, ...]:
    return tuple(pilot_tables()[name]["xp"])


def _award(name: str) -> tuple[int, str]:
    e = pilot_tables()[name]
    return e["xp"], e["label"]


def level_cost(level: int) -> int:
    """Points a skill at ``level`` costs a new character (Skill Cost Table, F.pilot.skill-cost, p.19).

    >>> [level_cost(n) for n in (0, 3, 10)]
    [0, 40, 460]
    """
    return _by_level("skill-cost")[check_skill(level, "level")]


def improve_cost(level: int) -> int:
    """Points to raise a skill from ``level`` to the next (Improving Skill Levels Table, F.pilot.advance, p.20).

    >>> improve_cost(3)
    30
    """
    level = check_skill(level, "level")
    if level == SKILL_MAX:
        raise SkillOutOfRangeError(f"a skill at {SKILL_MAX} cannot be raised (F.pilot.skills, FASA p.17)", field="level")
    return _by_level("improve-cost")[level]


# ---------------------------------------------------------------------------------------------
# Explained point totals


@dataclass(frozen=True)
class Points:
    """A number of experience points as labelled terms, each citing its rule (like ``TargetNumber``)."""

    terms: tuple[Modifier, ...]
    what: str = "experience points"

    def __post_init__(self):
        object.__setattr__(self, "terms", tuple(self.terms))

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)

    def __int__(self) -> int:
        return self.total

    def __str__(self) -> str:
        if not self.terms:
            return "0 XP"
        return f"{terms_text(self.terms)} = {self.total} XP"

    def _repr_html_(self) -> str:
        from cs_panel.fasa.render import points_html  # drawing, loaded only when a picture is asked for

        return points_html(self)


# ---------------------------------------------------------------------------------------------
# Quick Draw notation


def format_quick_draw(level: int, fraction: int = 0) -> str:
    """Quick Draw as written on a record sheet: ``4`` or, with points toward 5, ``4/25`` (F.pilot.qd-fraction, p.18)."""
    return f"{level}/{fraction}" if fraction else str(level)


def parse_quick_draw(text: str | int) -> tuple[int, int]:
    """``"4/25"`` -> ``(4, 25)``; ``"4"`` -> ``(4, 0)``. Checked as a ``Pilot`` would check it.

    >>> parse_quick_draw("4/25")
    (4, 25)
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return check_skill(text, "quick_draw"), 0
    parts = str(text).strip().split("/")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        raise PilotInputError(f"Quick Draw {text!r} is not a level or level/points such as 4/25", field="quick_draw") from None
    if len(nums) not in (1, 2):
        raise PilotInputError(f"Quick Draw {text!r} is not a level or level/points such as 4/25", field="quick_draw")
    level = check_skill(nums[0], "quick_draw")
    fraction = nums[1] if len(nums) == 2 else 0
    _check_fraction(level, fraction)
    return level, fraction


def _check_fraction(quick_draw: int, fraction: int) -> int:
    if isinstance(fraction, bool) or not isinstance(fraction, int) or fraction < 0:
        raise PilotInputError(f"Quick Draw points must be a whole number 0 or more, got {fraction!r}", field="quick_draw_fraction")
    if fraction and quick_draw == SKILL_MAX:
        raise PilotInputError(f"Quick Draw {SKILL_MAX} has no next level to put points toward (F.pilot.qd-fraction, FASA p.18)",
                              field="quick_draw_fraction")
    if fraction and fraction >= improve_cost(quick_draw):
        raise PilotInputError(
            f"{fraction} points toward Quick Draw {quick_draw + 1} would pay for the level ({improve_cost(quick_draw)}); "
            f"raise Quick Draw instead (F.pilot.qd-fraction, FASA p.18)",
            field="quick_draw_fraction",
        )
    return fraction


# ---------------------------------------------------------------------------------------------
# Pilots and gunners


def _whole(value: Any, field: str, lo: int, hi: int | None, why: str) -> int:
    label = SKILL_NAMES.get(field, field.replace("_", " "))
    if isinstance(value, bool) or not isinstance(value, int):
        raise PilotInputError(f"{label} must be a whole number, got {short_repr(value)}", field=field)
    if value < lo or (hi is not None and value > hi):
        bounds = f"{lo}-{hi}" if hi is not None else f"at least {lo}"
        raise PilotInputError(f"{label} {value} must be {bounds} ({why})", field=field)
    return value


@dataclass(frozen=True)
class Pilot:
    """A pilot or wingman: Constitution, five skills, unspent points and wounds (F.pilot.skills, FASA p.17-19).

    ``constitution`` is the rated value (3-10); ``wounds`` count the pilot boxes marked, so the
    current Constitution is their difference (F.pilot.constitution). ``quick_draw_fraction``
    holds points put toward the next Quick Draw level under the optional rule
    (F.pilot.qd-fraction).
    """

    name: str
    constitution: int = BASE_CONSTITUTION
    quick_draw: int = 0
    dead_eye: int = 0
    steady_hand: int = 0
    natural_touch: int = 0
    sixth_sense: int = 0
    quick_draw_fraction: int = 0
    unspent_xp: int = 0
    wounds: int = 0

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise PilotInputError("a pilot needs a name", field="name")
        _whole(self.constitution, "constitution", BASE_CONSTITUTION, CONSTITUTION_MAX,
               "it starts at 3 and is raised like a skill, F.pilot.constitution FASA p.17")
        for s in SKILLS:
            check_skill(getattr(self, s), s)
        _check_fraction(self.quick_draw, self.quick_draw_fraction)
        _whole(self.unspent_xp, "unspent_xp", 0, None, "points not yet spent, F.pilot.create FASA p.19")
        _whole(self.wounds, "wounds", 0, self.constitution,
               "each wound takes one Constitution point and 0 is death, F.pilot.constitution FASA p.17")

    # -- F.pilot.skills / F.pilot.constitution

    @property
    def skills(self) -> dict[str, int]:
        """The five skill levels by name (F.pilot.skills)."""
        return {s: getattr(self, s) for s in SKILLS}

    @property
    def current_constitution(self) -> int:
        """Constitution after wounds (F.pilot.constitution, FASA p.17)."""
        return self.constitution - self.wounds

    @property
    def is_dead(self) -> bool:
        """A pilot whose Constitution has fallen to 0 is dead (F.pilot.constitution, FASA p.17)."""
        return self.current_constitution == 0

    @property
    def quick_draw_text(self) -> str:
        return format_quick_draw(self.quick_draw, self.quick_draw_fraction)

    def wounded(self, count: int = 1) -> "Pilot":
        """The pilot after ``count`` more wounds. Wounds past death change nothing: the pilot stays dead."""
        count = _whole(count, "wounds", 0, None, "a number of pilot boxes marked")
        return replace(self, wounds=min(self.constitution, self.wounds + count))

    def shock_roll(self, already_shocked: bool = False) -> TargetNumber:
        """The Constitution roll against shock at the current Constitution (F.shock, F.pilot.constitution)."""
        if self.is_dead:
            raise PilotInputError(f"{self.name} is dead and rolls nothing (F.pilot.constitution, FASA p.17)", field="wounds")
        return shock_roll(self.current_constitution, already_shocked)

    def gunner(self, name: str | None = None) -> "Gunner":
        """This pilot's turret gunner (F.pilot.gunner, FASA p.17, 19)."""
        return gunner_of(self, name)

    def __str__(self) -> str:
        skills = ", ".join(f"{SKILL_NAMES[s]} {getattr(self, s) if s != 'quick_draw' else self.quick_draw_text}" for s in SKILLS)
        con = f"Constitution {self.current_constitution}/{self.constitution}" if self.wounds else f"Constitution {self.constitution}"
        return f"{self.name}: {con}, {skills}; {self.unspent_xp} XP unspent" + (" (dead)" if self.is_dead else "")

    def _repr_html_(self) -> str:
        from cs_panel.fasa.render import pilot_html  # drawing, loaded only when a picture is asked for

        return pilot_html(self)


@dataclass(frozen=True)
class Gunner:
    """A turret gunner: three gunnery skills and Constitution 3 (F.pilot.gunner, FASA p.17, 19)."""

    name: str
    quick_draw: int = 0
    dead_eye: int = 0
    steady_hand: int = 0
    constitution: int = BASE_CONSTITUTION
    wounds: int = 0

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise PilotInputError("a gunner needs a name", field="name")
        for s in ("quick_draw", "dead_eye", "steady_hand"):
            check_skill(getattr(self, s), s)
        # a gunner's Constitution is never raised at creation (p.17); wounds lower it like a pilot's
        _whole(self.constitution, "constitution", BASE_CONSTITUTION, BASE_CONSTITUTION,
               "a gunner has Constitution 3, F.pilot.gunner FASA p.17")
        _whole(self.wounds, "wounds", 0, self.constitution, "each wound takes one Constitution point, F.pilot.constitution FASA p.17")

    @property
    def current_constitution(self) -> int:
        return self.constitution - self.wounds

    @property
    def is_dead(self) -> bool:
        return self.current_constitution == 0

    def wounded(self, count: int = 1) -> "Gunner":
        count = _whole(count, "wounds", 0, None, "a number of boxes marked")
        return replace(self, wounds=min(self.constitution, self.wounds + count))


def gunner_of(pilot: Pilot, name: str | None = None) -> Gunner:
    """The gunner who flies with ``pilot``: Quick Draw, Dead Eye and Steady Hand one level lower,
    never below 0, and Constitution 3 (F.pilot.gunner, FASA p.17, 19). Points toward the pilot's
    next Quick Draw level do not pass to the gunner (our reading).

    >>> gunner_of(Pilot("Ivy", quick_draw=4, dead_eye=0, steady_hand=5))
    Gunner(name="Ivy's gunner", quick_draw=3, dead_eye=0, steady_hand=4, constitution=3, wounds=0)
    """
    return Gunner(
        name=name if name is not None else f"{pilot.name}'s gunner",
        quick_draw=max(SKILL_MIN, pilot.quick_draw - 1),
        dead_eye=max(SKILL_MIN, pilot.dead_eye - 1),
        steady_hand=max(SKILL_MIN, pilot.steady_hand - 1),
    )


# ---------------------------------------------------------------------------------------------
# What a pilot costs, creating one, advancing one


def _skill_name(skill: str) -> str:
    if skill not in SKILLS and skill != "constitution":
        raise PilotInputError(f"unknown skill {skill!r}; choose one of {list(SKILLS) + ['constitution']}", field="skill")
    return skill


def constitution_cost(constitution: int) -> int:
    """Points to raise Constitution from 3 to ``constitution``, level by level at the Improving
    Skill Levels Table's prices (F.pilot.create, FASA p.19; F.pilot.advance, p.20).

    >>> constitution_cost(5)
    70
    """
    constitution = _whole(constitution, "constitution", BASE_CONSTITUTION, CONSTITUTION_MAX,
                          "it starts at 3 and is raised like a skill, F.pilot.constitution FASA p.17")
    return sum(improve_cost(level) for level in range(BASE_CONSTITUTION, constitution))


def skill_cost(pilot: Pilot) -> Points:
    """The points a pilot's Constitution and skills are worth, as a new character would pay for
    them (F.pilot.skill-cost, FASA p.19): each skill at the Skill Cost Table's price, Constitution
    above 3 at improvement prices, plus points put toward the next Quick Draw level. Skills at 0
    and Constitution 3 cost nothing and are left out of the sum."""
    terms = []
    if pilot.constitution > BASE_CONSTITUTION:
        terms.append(Modifier(constitution_cost(pilot.constitution), f"Constitution {pilot.constitution}", "F.pilot.create"))
    for s in SKILLS:
        level = getattr(pilot, s)
        if level:
            terms.append(Modifier(level_cost(level), f"{SKILL_NAMES[s]} {level}", "F.pilot.skill-cost"))
    if pilot.quick_draw_fraction:
        terms.append(Modifier(pilot.quick_draw_fraction, f"toward Quick Draw {pilot.quick_draw + 1}", "F.pilot.qd-fraction"))
    return Points(tuple(terms), what=f"what {pilot.name}'s skills cost")


def create_pilot(
    name: str,
    role: str = "hero",
    *,
    constitution: int = BASE_CONSTITUTION,
    quick_draw: int = 0,
    dead_eye: int = 0,
    steady_hand: int = 0,
    natural_touch: int = 0,
    sixth_sense: int = 0,
    quick_draw_fraction: int = 0,
    rules: RuleSet = OFFICIAL,
) -> Pilot:
    """A new hero (450 points) or wingman (350) with these levels; points not spent are kept
    (F.pilot.create, FASA p.19). A build that costs too much is an ``OverBudgetError`` saying by
    how many points; points toward Quick Draw need the optional rule ``fasa.quick-draw-fractions``.

    >>> create_pilot("Ivy", "hero", quick_draw=5, dead_eye=6, steady_hand=5, natural_touch=3).unspent_xp
    30
    """
    if role not in BUDGETS:
        raise PilotInputError(f"a new character is a hero or a wingman, not {role!r} (F.pilot.create, FASA p.19)", field="role")
    if quick_draw_fraction and not rules.enabled(QD_FRACTIONS.name):
        raise PilotInputError(
            "points toward the next Quick Draw level need the optional rule fasa.quick-draw-fractions (F.pilot.qd-fraction, FASA p.18)",
            field="quick_draw_fraction",
        )
    pilot = Pilot(name, constitution, quick_draw, dead_eye, steady_hand, natural_touch, sixth_sense, quick_draw_fraction)
    budget = BUDGETS[role]
    cost = skill_cost(pilot)
    if cost.total > budget:
        over = cost.total - budget
        raise OverBudgetError(
            f"this {role} costs {cost.total} points, {over} over the {budget} a {role} has ({cost}; F.pilot.create, FASA p.19)",
            over=over, field="unspent_xp",
        )
    return replace(pilot, unspent_xp=budget - cost.total)


def advance_cost(pilot: Pilot, skill: str) -> Points:
    """The points to raise ``skill`` (or ``"constitution"``) one level: the Improving Skill Levels
    Table's entry for the current level (F.pilot.advance, FASA p.20), less any points already put
    toward the next Quick Draw level (F.pilot.qd-fraction, p.18)."""
    skill = _skill_name(skill)
    level = getattr(pilot, skill)
    label = SKILL_NAMES[skill]
    if skill == "constitution" and level >= CONSTITUTION_MAX:
        raise SkillOutOfRangeError(f"Constitution {level} cannot be raised further (F.pilot.advance, FASA p.20)", field=skill)
    if level >= SKILL_MAX:
        raise SkillOutOfRangeError(f"{label} {level} is the highest level (F.pilot.skills, FASA p.17)", field=skill)
    terms = [Modifier(improve_cost(level), f"{label} {level} to {level + 1}", "F.pilot.advance")]
    if skill == "quick_draw" and pilot.quick_draw_fraction:
        terms.append(Modifier(-pilot.quick_draw_fraction, "already put toward it", "F.pilot.qd-fraction"))
    return Points(tuple(terms), what=f"raising {pilot.name}'s {label}")


def advance(pilot: Pilot, skill: str) -> Pilot:
    """``pilot`` with ``skill`` one level higher, paid from the unspent points (F.pilot.advance, FASA p.20).

    >>> advance(Pilot("Ivy", dead_eye=3, unspent_xp=30), "dead_eye").dead_eye
    4
    """
    cost = advance_cost(pilot, skill)
    if cost.total > pilot.unspent_xp:
        short = cost.total - pilot.unspent_xp
        level = getattr(pilot, skill)
        raise NotEnoughXPError(
            f"{pilot.name} has {pilot.unspent_xp} points, {short} short of the {cost.total} that raising "
            f"{SKILL_NAMES[skill]} from {level} to {level + 1} costs (F.pilot.advance, FASA p.20)",
            short=short, field=skill,
        )
    changes: dict[str, Any] = {skill: getattr(pilot, skill) + 1, "unspent_xp": pilot.unspent_xp - cost.total}
    if skill == "quick_draw":
        changes["quick_draw_fraction"] = 0
    return replace(pilot, **changes)


def put_toward_quick_draw(pilot: Pilot, points: int, rules: RuleSet) -> Pilot:
    """Optional rule: put ``points`` of the unspent experience toward the next Quick Draw level
    (F.pilot.qd-fraction, FASA p.18). Enough points raise the level; our reading is that any
    points beyond that price start toward the level after.

    >>> rules = OFFICIAL.with_("fasa.quick-draw-fractions")
    >>> put_toward_quick_draw(Pilot("Joe Condor", quick_draw=4, unspent_xp=25), 25, rules).quick_draw_text
    '4/25'
    """
    if not rules.enabled(QD_FRACTIONS.name):
        raise PilotInputError(
            "points toward the next Quick Draw level need the optional rule fasa.quick-draw-fractions (F.pilot.qd-fraction, FASA p.18)",
            field="quick_draw_fraction",
        )
    points = _whole(points, "points", 0, None, "experience points to put toward Quick Draw")
    if points > pilot.unspent_xp:
        short = points - pilot.unspent_xp
        raise NotEnoughXPError(f"{pilot.name} has only {pilot.unspent_xp} unspent points, {short} short", short=short, field="quick_draw_fraction")
    level, pot = pilot.quick_draw, pilot.quick_draw_fraction + points
    while level < SKILL_MAX and pot >= improve_cost(level):
        pot -= improve_cost(level)
        level += 1
    if level == SKILL_MAX and pot:
        raise PilotInputError(f"Quick Draw would reach {SKILL_MAX} with {pot} points left over; put fewer points toward it",
                              field="quick_draw_fraction")
    return replace(pilot, quick_draw=level, quick_draw_fraction=pot, unspent_xp=pilot.unspent_xp - points)


# ---------------------------------------------------------------------------------------------
# Experience from a mission


class Bailout(Enum):
    """How a pilot left the plane, if he did (F.bail.combat, F.bail.safe, FASA p.29-31)."""

    COMBAT = "combat"
    NON_COMBAT = "non-combat"


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise PilotInputError(f"{field.replace('_', ' ')} must be true or false, got {short_repr(value)}", field=field)
    return value


def mission_xp(
    *,
    survived: bool = True,
    damaged_enemy: bool = False,
    kills: int = 0,
    half_kills: int = 0,
    landed: bool = False,
    bailout: Bailout | str | None = None,
    memento: bool = False,
    cargo: bool = False,
    fled: bool = False,
) -> Points:
    """A mission's experience points from the Experience Points Table (F.pilot.xp-awards, FASA p.19).

    Surviving earns points only with damage done to the enemy (a kill counts as damage, our
    reading). Kills earn 20, 40 and 60 for the first three and 80 for each one after. A half kill
    (the last hit on a plane that fled) earns half of the award for the kill it counts as, and
    counts after all whole kills (F.roe.flee, p.14). Keepsake and cargo points need a combat
    bailout; a non-combat bailout and fleeing each cost 20 (F.roe.bailout-penalty, p.15).

    >>> print(mission_xp(damaged_enemy=True, kills=2, landed=True))
    20 survived, having damaged the enemy + 20 1st kill + 40 2nd kill + 10 landed safely or back aboard the zeppelin = 90 XP
    """
    survived, damaged_enemy = _flag(survived, "survived"), _flag(damaged_enemy, "damaged_enemy")
    landed, memento, cargo, fled = (_flag(landed, "landed"), _flag(memento, "memento"), _flag(cargo, "cargo"), _flag(fled, "fled"))
    most = LIMITS["count"].hi  # a project limit: no mission has more, and the message says so
    kills = _whole(kills, "kills", 0, most, f"planes shot down this mission; project limit {most}")
    half_kills = _whole(half_kills, "half_kills", 0, most,
                        f"fleeing planes this pilot hit last, F.roe.flee FASA p.14; project limit {most}")
    if bailout is not None and not isinstance(bailout, Bailout):
        try:
            bailout = Bailout(str(bailout).strip().lower().replace("_", "-"))
        except ValueError:
            raise PilotInputError(f"bailout must be 'combat', 'non-combat' or none, got {bailout!r}", field="bailout") from None
    if landed and bailout is not None:
        raise PilotInputError("a pilot who bailed out did not land the plane", field="landed")
    if landed and not survived:
        raise PilotInputError("a pilot who did not survive did not land", field="landed")
    for flag, name in ((memento, "memento"), (cargo, "cargo")):
        if flag and bailout is not Bailout.COMBAT:
            raise PilotInputError(f"{name} points are earned only in a combat bailout (F.pilot.xp-awards, FASA p.19)", field=name)
        if flag and not survived:
            raise PilotInputError(f"a pilot who did not survive the bailout saved no {name}", field=name)
    terms: list[Modifier] = []

    def add(entry: str, rule_id: str = "F.pilot.xp-awards", times: int = 1, label: str | None = None) -> None:
        xp, text = _award(entry)
        terms.append(Modifier(xp * times, label or text, rule_id))

    if survived and (damaged_enemy or kills or half_kills):
        add("award-survive")
    slots = ["award-kill-1", "award-kill-2", "award-kill-3"]
    for i in range(min(kills, len(slots))):
        add(slots[i])
    if kills > len(slots):
        extra = kills - len(slots)
        add("award-kill-more", times=extra, label=f"{extra} kill{'s' if extra > 1 else ''} after the 3rd")
    # half kills count after the whole ones: the first few may land on the 1st-3rd kill awards,
    # one term each; all the rest earn half the "after the 3rd" award, so they are one term
    # (a closed formula: the cost does not grow with the count)
    first = kills + 1
    for n in range(first, min(first + half_kills, len(slots) + 1)):
        # half of an odd award would be a fraction; the table's awards are all even, so this is exact
        terms.append(Modifier(_award(slots[n - 1])[0] // 2, f"half kill, counted as kill {n}", "F.roe.flee"))
    later = half_kills - max(0, min(first + half_kills, len(slots) + 1) - first)
    if later == 1:
        n = kills + half_kills
        terms.append(Modifier(_award("award-kill-more")[0] // 2, f"half kill, counted as kill {n}", "F.roe.flee"))
    elif later > 1:
        n0, n1 = kills + half_kills - later + 1, kills + half_kills
        terms.append(Modifier(_award("award-kill-more")[0] // 2 * later,
                              f"{later} half kills, counted as kills {n0}-{n1}", "F.roe.flee"))
    if landed:
        add("award-landing")
    if memento:
        add("award-memento")
    if cargo:
        add("award-cargo")
    if bailout is Bailout.NON_COMBAT:
        add("award-non-combat-bailout", "F.roe.bailout-penalty")
    if fled:
        add("award-fled", "F.roe.flee")
    return Points(tuple(terms), what="experience points for the mission")


def award(pilot: Pilot, points: Points | int) -> Pilot:
    """``pilot`` with a mission's points added to the unspent ones (F.pilot.xp-awards, FASA p.19).

    Our reading: a penalty takes unspent points only down to 0; skills already bought are kept.
    """
    if isinstance(points, Points):
        total = points.total
    elif isinstance(points, int) and not isinstance(points, bool):
        total = points
    else:
        raise PilotInputError(f"experience points must be a whole number, got {points!r}", field="points")
    return replace(pilot, unspent_xp=max(0, pilot.unspent_xp + total))


# ---------------------------------------------------------------------------------------------
# Who fires first: ``cs_panel.fasa.fire_order`` (F.combat.order), built on the pilots above. Its
# names stay importable from here, loaded on first use (it imports this module).

if TYPE_CHECKING:
    from cs_panel.fasa.fire_order import (
        FiringOrder as FiringOrder, RollOff as RollOff, Shooter as Shooter, ShooterKind as ShooterKind,
        combat_order as combat_order, order_odds as order_odds, tied_groups as tied_groups,
    )

__getattr__, __dir__ = lazy_names(globals(), "cs_panel.fasa.fire_order", (
    "ShooterKind", "Shooter", "RollOff", "FiringOrder", "tied_groups", "combat_order", "order_odds"))
