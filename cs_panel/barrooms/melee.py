"""Fists and knives (B.melee, B.knife; *Crimson Bar-rooms*, Hand-to-hand).

- Hand-to-hand happens at 0 or 1 hex, after movement and before any gun fires (B.sequence).
- A blow needs a d10 of 4 + the opponent's Melee - your Melee, plus modifiers: aiming at the
  head or an arm +2, the torso +1; the defender's choice of **block** (+2, and he cannot hit
  back), **evade** (+3, but a blow that lands does double) or **punch and block** (his own punch
  +1, and +1 to be hit); Brawler and Knifer skills take 1 off fists or knives (B.melee, B.skills).
- Fists do no wounds: a character has **punch points** of 4 x Constitution, and a blow to the
  head takes 4, the torso 2, an arm or leg 1. Each time another quarter of them is gone he
  makes a **readiness roll** (12 - Constitution + Stamina, as the rules print it) or loses 1
  from every stat; at 0 he is out cold, or a human shield (B.melee).
- Knives hit like firearms for damage. A knife from someone who got within a hex unseen is 2
  easier; throwing knives reach 2 hexes at +2; an evade against a knife first needs a d10 of
  8 - Sixth Sense, and a failed one makes you 1 easier to hit (B.knife).
- Arm wounds: the text gives them no blow effect; our reconstructed damage card has a blow struck
  with the better arm, 1 or 2 harder for each winged or wounded box of it, as for a gun in that
  hand, and none with both arms lost (``wounds``, ``DamageCard.blow_terms``, RULINGS.md).

Readings of our own (RULINGS.md): unaimed blows land where the firearm hit table says (the
section, not the exact spot); the readiness number is kept as printed, though it makes Stamina
a handicap.

>>> print(blow_number(3, 2, aim="head"))
4 base + 2 opponent's Melee 2 - 3 Melee 3 + 2 aimed at the head = 5 (60%)
>>> punch_points(6)
24
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from cs_panel.barrooms.firing import HitLocation
from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier, TargetNumber

AIM = {"head": 2, "arm": 2, "torso": 1}  # B.melee
DEFENCES = {"none": 0, "block": 2, "evade": 3, "punch-and-block": 1}  # B.melee
PUNCH_DAMAGE = {"head": 4, "torso": 2, "arm": 1, "leg": 1}  # B.melee
STEALTH_KNIFE = -2  # B.knife
THROW_PENALTY, THROW_RANGE = 2, 2  # B.knife


class MeleeError(RuleInputError):
    """A blow the rules do not allow, or an input out of range."""


def _stat(v, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10:
        raise MeleeError(f"{name.replace('_', ' ')} is a whole number 0-10, got {short_repr(v)}", field=name)
    return v


def blow_number(melee: int, opponent_melee: int, *, weapon: str = "fist", aim: str | None = None,
                defence: str = "none", own_punch_and_block: bool = False, skill_bonus: int = 0,
                stealth: bool = False, thrown_hexes: int = 0, wounds: Sequence[Modifier] = ()) -> TargetNumber:
    """The d10 a punch or knife needs (B.melee, B.knife).

    ``defence`` is what the target chose this turn; ``own_punch_and_block`` that the attacker
    punches and blocks at once (+1 to his own punch); ``skill_bonus`` the Brawler/Knifer bonus
    (each point takes 1 off); ``stealth`` a knife from an unseen attacker (-2); ``thrown_hexes``
    for a throwing knife (1-2 hexes, +2); ``wounds`` the striking arm's wound terms
    (``damage.DamageCard.blow_terms``, our reconstructed card), added as they are.

    >>> from cs_panel.barrooms.damage import DamageCard, take_hit
    >>> card = take_hit(DamageCard(constitution=4), "right arm", 4).card
    >>> print(blow_number(3, 2, wounds=take_hit(card, "left arm", 1).card.blow_terms()))
    4 base + 2 opponent's Melee 2 - 3 Melee 3 + 1 striking with the left arm, winged (box 1, reconstructed card) = 4 (70%)
    """
    if weapon not in ("fist", "knife"):
        raise MeleeError(f"hand-to-hand is with a 'fist' or a 'knife', not {weapon!r}", field="weapon")
    terms = [Modifier(4, "base", "B.melee"),
             Modifier(_stat(opponent_melee, "opponent_melee"), f"opponent's Melee {opponent_melee}", "B.melee"),
             Modifier(-_stat(melee, "melee"), f"Melee {melee}", "B.melee")]
    if aim is not None:
        if aim not in AIM:
            raise MeleeError(f"aim at the {', '.join(AIM)}, or not at all; not {aim!r}", field="aim")
        terms.append(Modifier(AIM[aim], f"aimed at the {aim}", "B.melee"))
    if defence not in DEFENCES:
        raise MeleeError(f"the defender may {', '.join(DEFENCES)}; not {defence!r}", field="defence")
    if DEFENCES[defence]:
        terms.append(Modifier(DEFENCES[defence], f"defender chose to {defence.replace('-', ' ')}", "B.melee"))
    if own_punch_and_block:
        terms.append(Modifier(1, "punching while blocking", "B.melee"))
    if skill_bonus:
        name = "Brawler" if weapon == "fist" else "Knifer"
        terms.append(Modifier(-skill_bonus, f"{name} skill", "B.skills"))
    if stealth:
        if weapon != "knife":
            raise MeleeError("the unseen approach helps a knife, not a fist (B.knife)", field="stealth")
        terms.append(Modifier(STEALTH_KNIFE, "unseen until within a hex", "B.knife"))
    if thrown_hexes:
        if weapon != "knife" or not 1 <= thrown_hexes <= THROW_RANGE:
            raise MeleeError(f"a throwing knife reaches 1-{THROW_RANGE} hexes, got {thrown_hexes!r} (B.knife)",
                             field="thrown_hexes")
        terms.append(Modifier(THROW_PENALTY, "thrown knife", "B.knife"))
    for w in wounds:
        if not isinstance(w, Modifier):
            raise MeleeError(f"wounds are labelled Modifier terms (DamageCard.blow_terms), got {short_repr(w)}",
                             field="wounds")
        terms.append(w)
    return TargetNumber(tuple(terms), what=f"{weapon} blow")


def punch_points(constitution: int) -> int:
    """A fighter's punch points: 4 x Constitution (B.melee)."""
    return 4 * _stat(constitution, "constitution")


def punch_damage(location: str, defence: str = "none") -> int:
    """Punch points a landed blow takes: head 4, torso 2, limb 1; double against an evader (B.melee)."""
    loc = location.replace("left ", "").replace("right ", "")
    if loc not in PUNCH_DAMAGE:
        raise MeleeError(f"a blow lands on the {', '.join(PUNCH_DAMAGE)}; not {location!r}", field="location")
    return PUNCH_DAMAGE[loc] * (2 if defence == "evade" else 1)


def blow_location() -> HitLocation:
    """Where an unaimed blow lands: the firearm hit table's sections (B.melee, B.hitloc)."""
    return HitLocation()


def readiness_roll(constitution: int, stamina: int, brawler_upgrade: bool = False) -> TargetNumber:
    """The d10 to keep fighting each time a quarter of the punch points is gone: 12 - Constitution
    + Stamina, as printed (B.melee); Brawler Upgrade takes 1 off (B.skills)."""
    terms = [Modifier(12, "base", "B.melee"),
             Modifier(-_stat(constitution, "constitution"), f"Constitution {constitution}", "B.melee"),
             Modifier(_stat(stamina, "stamina"), f"Stamina {stamina}", "B.melee")]
    if brawler_upgrade:
        terms.append(Modifier(-1, "Brawler Upgrade", "B.skills"))
    return TargetNumber(tuple(terms), what="readiness")


@dataclass(frozen=True)
class PunchTrack:
    """Punch points lost so far, and which quarter marks call for a readiness roll (B.melee)."""

    total: int
    lost: int = 0

    def __post_init__(self):
        if self.total <= 0:
            raise MeleeError("a fighter with no punch points is already out", field="total")
        if not 0 <= self.lost:
            raise MeleeError("punch points lost is 0 or more", field="lost")

    @property
    def left(self) -> int:
        return max(0, self.total - self.lost)

    @property
    def out(self) -> bool:
        """At 0: unconscious, or a human shield if the attacker prefers (B.melee)."""
        return self.left == 0

    def quarters_gone(self, lost: int | None = None) -> int:
        lost = self.lost if lost is None else lost
        return min(4, (4 * min(lost, self.total)) // self.total)

    def take(self, points: int) -> tuple["PunchTrack", int]:
        """Lose ``points``; also returns how many readiness rolls the loss calls for (one per new quarter)."""
        if points < 0:
            raise MeleeError("a blow takes 0 or more punch points", field="points")
        after = PunchTrack(self.total, self.lost + points)
        rolls = after.quarters_gone() - self.quarters_gone()
        if after.out:
            rolls = max(0, rolls - 1)  # the last quarter is the knockout itself, not a roll
        return after, rolls


def evade_roll(sixth_sense: int) -> TargetNumber:
    """Evading a knife first needs a d10 of 8 - Sixth Sense; success +3 to be hit, failure -1 (B.knife)."""
    return TargetNumber((Modifier(8, "base", "B.knife"),
                         Modifier(-_stat(sixth_sense, "sixth_sense"), f"Sixth Sense {sixth_sense}", "B.knife")),
                        what="evade a knife")

