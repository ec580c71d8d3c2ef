"""Campaign play: experience, levels, bailing out and heroic acts (A.campaign.levels,
A.campaign.xp, A.campaign.bailout; Air Action, "Playing a Crimson Skies: Air Action Campaign").

Pilots start as Rookies and climb through Veteran, Ace and Double Ace to Legend. Moving up a
level takes 100 times the pilot's experience multiplier in experience points (a Veteran with
multiplier 4 needs 400). Points come from shooting planes down (100 each), bailing out safely
(25), being on the table at the end of a won game (25) and daring feats (10, 15, or 50 plus 100).

A plane shot down in a campaign keeps taking its hits past the first three-bullet-hole click,
up to the structural limit line; the click it stops on gives the bail-out value. The pilot
rolls 2d6 and survives at or above it; Veterans and Aces add 1 to the roll, Double Aces 2,
Legends 3. Before rolling, the pilot may attempt one heroic act, which makes the roll harder
but earns experience if it succeeds.

>>> bo = bail_out(6, "veteran", "one-memento")
>>> print(bo.check)
6 bail-out value + 1 grabbing one memento - 1 veteran pilot = 6 (72%)
>>> bo.xp_if_safe
50
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cs_panel.clix.dial import CombatDial
from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber

LEVELS = ("rookie", "veteran", "ace", "double-ace", "legend")
LEVEL_NAMES = {"rookie": "Rookie", "veteran": "Veteran", "ace": "Ace", "double-ace": "Double Ace", "legend": "Legend"}
#: bail-out roll bonus by level (A.campaign.bailout); Rookies get none
BAIL_OUT_BONUS = {"rookie": 0, "veteran": 1, "ace": 1, "double-ace": 2, "legend": 3}
#: heroic acts: (bail-out value increase, XP if the bail-out succeeds, label)
HEROIC_ACTS = {
    "one-memento": (1, 25, "grabbing one memento"),
    "two-mementos": (2, 50, "grabbing two mementos"),
    "safe-crash-site": (3, 100, "steering for a safe crash site"),
}
#: experience awards (A.campaign.xp)
XP_AWARDS = {
    "shot-down": 100,
    "bail-out": 25,
    "survive-and-win": 25,
    "winged-em": 10,
    "timely-distraction": 15,
    "enjoy-the-ride": 50 + 100,  # 50 for the feat, 100 as if the plane were shot down
}


class CampaignError(RuleInputError):
    """A campaign input the rules do not know (a level, an act, an award)."""


def _level(level: str) -> str:
    if level not in LEVELS:
        raise CampaignError(f"level must be one of {list(LEVELS)}, got {level!r}", field="level")
    return level


def xp_to_advance(multiplier: int) -> int:
    """Experience needed to move up one level: 100 x the experience multiplier (A.campaign.levels)."""
    if isinstance(multiplier, bool) or not isinstance(multiplier, int) or multiplier < 1:
        raise CampaignError(f"the experience multiplier is a whole number of 1 or more, got {multiplier!r}", field="multiplier")
    return 100 * multiplier


@dataclass(frozen=True)
class PilotRecord:
    """A campaign pilot: level, experience toward the next level, and whether still alive."""

    name: str
    level: str = "rookie"
    xp: int = 0
    alive: bool = True

    def __post_init__(self):
        _level(self.level)

    def award(self, what: str, times: int = 1) -> "PilotRecord":
        """Add an award from the table (A.campaign.xp); the dead earn nothing."""
        if what not in XP_AWARDS:
            raise CampaignError(f"unknown award {what!r}; known: {sorted(XP_AWARDS)}", field="award")
        if not self.alive:
            raise CampaignError(f"{self.name} died bailing out and earns no more experience", field="award")
        return replace(self, xp=self.xp + XP_AWARDS[what] * times)

    def add_xp(self, points: int) -> "PilotRecord":
        if not self.alive:
            raise CampaignError(f"{self.name} died bailing out and earns no more experience", field="xp")
        return replace(self, xp=self.xp + points)

    def advance(self, multiplier: int) -> "PilotRecord":
        """Move up as many levels as the experience pays for; the surplus carries over (our
        reading: the text only says points accumulate). ``multiplier`` is the one printed for
        the figure at its level; a figure at a new level brings its own multiplier, so this
        moves up one level at most."""
        need = xp_to_advance(multiplier)
        if self.level == LEVELS[-1] or self.xp < need:
            return self
        return replace(self, level=LEVELS[LEVELS.index(self.level) + 1], xp=self.xp - need)


@dataclass(frozen=True)
class BailOut:
    """The bail-out roll, explained (A.campaign.bailout)."""

    check: TargetNumber
    act: str | None

    @property
    def xp_if_safe(self) -> int:
        """Experience for a safe bail-out plus the heroic act's, if any."""
        return XP_AWARDS["bail-out"] + (HEROIC_ACTS[self.act][1] if self.act else 0)


def bail_out(value: int, level: str = "rookie", act: str | None = None) -> BailOut:
    """The explained 2d6 bail-out roll against the dial's bail-out value, with the heroic act's
    increase and the level's bonus (shown as lowering the number to roll)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
        raise CampaignError(f"a bail-out value is a whole number, got {short_repr(value)}", field="value")
    _level(level)
    terms = [Modifier(value, "bail-out value", "A.campaign.bailout")]
    if act is not None:
        if act not in HEROIC_ACTS:
            raise CampaignError(f"unknown heroic act {act!r}; choose one of {sorted(HEROIC_ACTS)}", field="act")
        inc, _, label = HEROIC_ACTS[act]
        terms.append(Modifier(inc, label, "A.campaign.bailout"))
    if BAIL_OUT_BONUS[level]:
        terms.append(Modifier(-BAIL_OUT_BONUS[level], f"{LEVEL_NAMES[level].lower()} pilot", "A.campaign.bailout"))
    return BailOut(TargetNumber(tuple(terms), what="bail-out roll", check="2d6"), act)


def bail_out_from_dial(dial: CombatDial, level: str = "rookie", act: str | None = None) -> BailOut:
    """The bail-out roll for a campaign plane whose dial stopped on a shot-down click."""
    if not dial.eliminated:
        raise CampaignError("the plane is not shot down: nothing to bail out of", field="dial")
    if dial.bail_out is None:
        raise CampaignError("this click shows no bail-out value", field="dial")
    return bail_out(dial.bail_out, level, act)
