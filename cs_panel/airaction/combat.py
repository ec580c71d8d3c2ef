"""Taking a shot: attack dice against silhouette, with every term explained and the exact
distribution of hits (A.combat.shot, A.combat.rear-arc-bonus, A.combat.rear-gunner,
A.combat.order, A.shot-down, A.fate.offense, A.fate.defense; Air Action, "Combat" and "Fate").

Roll as many d6 as the firer's gunnery value for the weapon used, changed by gunnery speed
effects (and skills); add one die if the firer's whole marker sits in the target's rear arc,
and an ace's fate value in dice if the ace spends fate offensively. Each die at or above the
target's silhouette hits; the silhouette is one lower at point-blank range (within one marker)
and never counts as more than 6. Each hit is one click of the target's combat dial; once three
bullet holes show, further hits are ignored and the plane is shot down.

An ace whose plane is shot at may spend fate defensively after the roll: every hit except those
rolled as a natural six is cancelled. ``AttackDice(defensive_fate=True)`` writes that rule once,
in ``die_hits``, so its exact odds and its resolution agree.

The rulebook's examples:

>>> loyle = attack(3, 5, fate_dice=3, gunnery_label="Loyle Crawford's attack value")
>>> loyle.dice, loyle.silhouette
(6, 5)
>>> charlie = attack(4, 4).result((4, 4, 5, 6))
>>> charlie.hits, charlie.with_defensive_fate().hits
(4, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from cs_panel.clix.dial import CombatDial, Damage
from cs_panel.core.dice import DicePoolHits, Dice
from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import short_repr
from cs_panel.core.explain import Modifier

SILHOUETTE_CAP = 6  # A.combat.shot


class ShotError(RuleInputError):
    """A shot the rules do not allow (wrong weapon, weapon already used, out of range...)."""


class WeaponUsedError(ShotError):
    """A weapon fired twice in one turn, or a second shot by a plane without a second weapon
    (A.combat.rear-gunner)."""


@dataclass(frozen=True)
class AttackDice(DicePoolHits):
    """Attack dice against a silhouette; with ``defensive_fate`` only natural sixes still hit
    (A.fate.defense). The outcome is the number of hits.

    >>> AttackDice(4, 4, defensive_fate=True).outcome_of((4, 4, 5, 6))
    1
    """

    defensive_fate: bool = False

    def die_hits(self, face: int) -> bool:
        if self.defensive_fate:
            return face == self.sides and face >= self.threshold
        return face >= self.threshold

    def describe(self) -> str:
        base = super().describe()
        return base + (", defensive fate: natural sixes only" if self.defensive_fate else "")


@lru_cache(maxsize=256)
def _hit_distribution(dice: int, silhouette: int, defensive_fate: bool) -> tuple[tuple[int, Fraction], ...]:
    """The exact chance of each number of hits, 0 to ``dice`` (A.combat.shot, A.fate.defense).
    Cached: the odds screen asks it for the chart, the headline and the shoot-down chance of one
    shot, and a shot is only these three numbers."""
    out = AttackDice(dice, silhouette, defensive_fate=defensive_fate).outcomes()
    return tuple((k, out.get(k, Fraction(0))) for k in range(dice + 1))


@dataclass(frozen=True)
class AttackResult:
    """A rolled attack: the faces, the hits, and the attack that produced them."""

    attack: "Attack"
    faces: tuple[int, ...]

    @property
    def hits(self) -> int:
        return self.attack.event.outcome_of(self.faces)

    def with_defensive_fate(self) -> "AttackResult":
        """The same roll after the target's ace spends fate defensively (A.fate.defense): only
        natural sixes still hit. The caller checks that the ace may (``cs_panel.airaction.fate``)."""
        return AttackResult(replace(self.attack, defensive_fate=True), self.faces)

    def apply(self, dial: CombatDial, *, campaign: bool = False) -> Damage:
        """Click the target's dial once per hit (A.combat.shot, A.shot-down)."""
        return dial.take_hits(self.hits, campaign=campaign)

    def __str__(self) -> str:
        faces = ", ".join(map(str, self.faces))
        return f"rolled {faces} against silhouette {self.attack.silhouette}: {self.hits} hit" + ("" if self.hits == 1 else "s")


@dataclass(frozen=True)
class Attack:
    """One shot, explained: the terms that make the number of dice, the terms that make the
    target's silhouette, and whether the target's ace spends fate defensively."""

    dice_terms: tuple[Modifier, ...]
    silhouette_terms: tuple[Modifier, ...]
    weapon: str = "front"
    defensive_fate: bool = False
    notes: tuple[str, ...] = field(default=())

    @property
    def dice(self) -> int:
        """Attack dice rolled (never fewer than none)."""
        return max(0, sum(t.value for t in self.dice_terms))

    @property
    def raw_silhouette(self) -> int:
        return sum(t.value for t in self.silhouette_terms)

    @property
    def silhouette(self) -> int:
        """The modified silhouette each die must reach, capped at 6 (A.combat.shot)."""
        return min(self.raw_silhouette, SILHOUETTE_CAP)

    @property
    def capped(self) -> bool:
        return self.raw_silhouette > SILHOUETTE_CAP

    @property
    def event(self) -> AttackDice:
        """The roll: the same object gives the odds and resolves the dice."""
        return AttackDice(self.dice, self.silhouette, defensive_fate=self.defensive_fate)

    @property
    def hit_chance_per_die(self) -> Fraction:
        ev = self.event
        return Fraction(sum(ev.die_hits(f) for f in range(1, 7)), 6)

    def distribution(self) -> dict[int, Fraction]:
        """Exact chance of each number of hits (= clicks), 0 to the number of dice."""
        return dict(_hit_distribution(self.dice, self.silhouette, self.defensive_fate))  # a fresh dict: the cache stays

    def at_least(self, hits: int) -> Fraction:
        """Chance of ``hits`` or more hits."""
        return sum((p for k, p in self.distribution().items() if k >= hits), Fraction(0))

    @property
    def expected_hits(self) -> Fraction:
        return self.dice * self.hit_chance_per_die

    def chance_to_shoot_down(self, dial: CombatDial) -> Fraction:
        """Chance this shot puts three bullet holes in the target's slot."""
        need = dial.clicks_to_eliminate()
        return self.at_least(need) if need else Fraction(1)

    def result(self, faces: Sequence[int]) -> AttackResult:
        """The attack with the given faces (a worked example, or dice rolled at the table)."""
        faces = tuple(faces)
        if len(faces) != self.dice:
            raise RuleInputError(f"this attack rolls {self.dice} dice, got {len(faces)} faces", field="faces")
        for f in faces:
            if isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6:
                raise RuleInputError(f"a d6 shows 1-6, got {f!r}", field="faces")
        return AttackResult(self, faces)

    def resolve(self, dice: Dice) -> AttackResult:
        roll = self.event.resolve(dice)
        return AttackResult(self, roll.faces)

    def with_defensive_fate(self, on: bool = True) -> "Attack":
        """The attack as it plays if the target's ace always spends fate defensively."""
        return replace(self, defensive_fate=on)

    # -- showing -----------------------------------------------------------------------------
    @staticmethod
    def _sum(terms: Sequence[Modifier]) -> str:
        parts = []
        for i, t in enumerate(terms):
            if i == 0:
                parts.append(f"{t.value} {t.label}")
            else:
                parts.append(f"{'-' if t.value < 0 else '+'} {abs(t.value)} {t.label}")
        return " ".join(parts)

    def __str__(self) -> str:
        sil = f"{self._sum(self.silhouette_terms)} = {self.raw_silhouette}"
        if self.capped:
            sil += f", capped at {SILHOUETTE_CAP}"
        fate = "; defensive fate: only natural sixes hit" if self.defensive_fate else ""
        return (
            f"{self._sum(self.dice_terms)} = {self.dice} dice; silhouette {sil}; "
            f"each die hits on {self.silhouette}+{fate}; expected {float(self.expected_hits):.2f} hits"
        )

    def __repr__(self) -> str:
        return f"Attack(dice={self.dice}, silhouette={self.silhouette}, weapon={self.weapon!r}, defensive_fate={self.defensive_fate})"

    def _repr_html_(self) -> str:
        from cs_panel.airaction.svg import attack_html  # drawing, loaded only when a picture is asked for

        return attack_html(self)


def _count(v, field: str, lo: int = 0) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        raise RuleInputError(f"{field.replace('_', ' ')} must be a whole number of {lo} or more, got {short_repr(v)}",
                             field=field)
    most = LIMITS["count"].hi  # a project limit: every loop over a count stays short
    if v > most:
        raise RuleInputError(f"{field.replace('_', ' ')} {short_repr(v)} is over {most} (project limit: "
                             f"{LIMITS['count'].why})", field=field)
    return v


def attack(
    gunnery: int,
    silhouette: int,
    *,
    weapon: str = "front",
    point_blank: bool = False,
    rear_arc_bonus: bool = False,
    fate_dice: int | None = None,
    gunnery_effects: Sequence[Modifier] = (),
    silhouette_effects: Sequence[Modifier] = (),
    defensive_fate: bool = False,
    gunnery_label: str | None = None,
    notes: Sequence[str] = (),
) -> Attack:
    """Build the explained attack (A.combat.shot).

    ``gunnery`` is the firer's gunnery value for ``weapon`` (``"front"`` or ``"rear"``);
    ``fate_dice`` the ace's fate value when fate is spent offensively (A.fate.offense; 0 is
    allowed and adds nothing); ``gunnery_effects`` and ``silhouette_effects`` the speed-effect
    and skill terms.
    """
    gunnery = _count(gunnery, "gunnery")
    silhouette = _count(silhouette, "silhouette", 1)
    if weapon not in ("front", "rear"):
        raise RuleInputError(f"weapon must be 'front' or 'rear', got {weapon!r}", field="weapon")
    if gunnery == 0:
        raise ShotError(f"a {weapon} gunnery value of 0 means no {weapon} guns (A.combat.rear-gunner)", field="gunnery")
    label = gunnery_label or f"{weapon} gunnery"
    dice = [Modifier(gunnery, label, "A.combat.shot")]
    dice.extend(gunnery_effects)
    if rear_arc_bonus:
        dice.append(Modifier(1, "firing from the target's rear arc", "A.combat.rear-arc-bonus"))
    if fate_dice is not None:
        dice.append(Modifier(_count(fate_dice, "fate_dice"), "fate spent offensively", "A.fate.offense"))
    sil = [Modifier(silhouette, "target silhouette", "A.combat.shot")]
    sil.extend(silhouette_effects)
    if point_blank:
        sil.append(Modifier(-1, "point-blank (within one marker)", "A.combat.shot"))
    return Attack(tuple(dice), tuple(sil), weapon, defensive_fate, tuple(notes))


# -- who may shoot, and in what order ----------------------------------------------------------

def weapons_of(front_gunnery: int, rear_gunnery: int) -> tuple[str, ...]:
    """The weapons a plane can fire now: front guns if its front gunnery is not 0, rear guns
    (a rear gunner) if its rear gunnery is not 0 (A.combat.rear-gunner)."""
    out = []
    if front_gunnery > 0:
        out.append("front")
    if rear_gunnery > 0:
        out.append("rear")
    return tuple(out)


@dataclass(frozen=True)
class ShotLog:
    """The shots taken this turn, as (plane id, weapon) pairs. A plane shoots once a turn; a
    plane with both front and rear guns may use each once, at one target each
    (A.combat.rear-gunner)."""

    shots: tuple[tuple[str, str], ...] = ()

    def __post_init__(self):
        if not isinstance(self.shots, (tuple, list)) or not all(
                isinstance(s, (tuple, list)) and len(s) == 2 and all(isinstance(x, str) for x in s) for s in self.shots):
            raise ShotError(f"shots are (plane id, weapon) pairs, got {short_repr(self.shots)}", field="shots")
        object.__setattr__(self, "shots", tuple(tuple(s) for s in self.shots))
        if len(set(self.shots)) != len(self.shots):
            raise ShotError("a plane fires each of its weapons once a turn (A.combat.rear-gunner)", field="shots")

    def used(self, plane: str) -> tuple[str, ...]:
        return tuple(w for p, w in self.shots if p == plane)

    def can_fire(self, plane: str, weapon: str, available: Sequence[str]) -> bool:
        return weapon in available and weapon not in self.used(plane)

    def fire(self, plane: str, weapon: str, available: Sequence[str]) -> "ShotLog":
        if weapon not in available:
            raise ShotError(f"{plane} has no {weapon} guns able to fire (A.combat.rear-gunner)", field="weapon")
        if weapon in self.used(plane):
            raise WeaponUsedError(f"{plane} has already fired its {weapon} guns this turn", field="weapon")
        return ShotLog(self.shots + ((plane, weapon),))

    def shots_left(self, plane: str, available: Sequence[str]) -> tuple[str, ...]:
        return tuple(w for w in available if w not in self.used(plane))


def attack_order(players: Sequence[str], aggressor: str, shots: dict[str, int]) -> list[str]:
    """Whose turn it is to shoot, shot by shot, at one announced speed (A.combat.order): the
    aggressor first, then clockwise (``players`` in seating order), one shot at a time, skipping
    players with no shots left, until every shot has been taken or passed.

    >>> attack_order(["Ann", "Bob", "Cy"], "Bob", {"Ann": 1, "Bob": 2, "Cy": 1})
    ['Bob', 'Cy', 'Ann', 'Bob']
    """
    if aggressor not in players:
        raise RuleInputError(f"aggressor {aggressor!r} is not a player", field="aggressor")
    left = {p: _count(shots.get(p, 0), "shots") for p in players}
    start = list(players).index(aggressor)
    seats = list(players[start:]) + list(players[:start])
    order = []
    while any(left.values()):
        for p in seats:
            if left[p]:
                order.append(p)
                left[p] -= 1
    return order
