"""Who fires first in a FASA combat phase: pilots by Quick Draw, then turrets, ties settled by
d10 roll-offs, with the exact odds of every order (F.combat.order, F.pilot.qd-fraction; FASA
*Crimson Skies*, Who Goes First?, p.34; sequence of play, p.13).

Built on the pilots of ``cs_panel.fasa.pilots``, which keeps these names importable too.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from cs_panel.core.dice import ChanceEvent, Dice, Roll
from cs_panel.core.variants import OFFICIAL, RuleSet
from cs_panel.fasa.pilots import QD_FRACTIONS, Gunner, Pilot, PilotInputError, _check_fraction, format_quick_draw
from cs_panel.fasa.tohit import check_skill


class ShooterKind(Enum):
    """Who fires in which group, in firing order (F.combat.order, FASA p.13, 34)."""

    PILOT = "pilot"
    AIRCRAFT_TURRET = "aircraft turret"
    ZEPPELIN_TURRET = "zeppelin turret"
    GROUND_TURRET = "ground turret"

    @property
    def group(self) -> int:
        return list(ShooterKind).index(self)

    @classmethod
    def parse(cls, kind: "ShooterKind | str") -> "ShooterKind":
        if isinstance(kind, ShooterKind):
            return kind
        try:
            return cls(str(kind).strip().lower().replace("_", " "))
        except ValueError:
            raise PilotInputError(f"a firer is one of {[k.value for k in cls]}, not {kind!r}", field="kind") from None


@dataclass(frozen=True)
class Shooter:
    """One firer in the combat phase: a name, the Quick Draw it fires by, and its kind."""

    name: str
    quick_draw: int
    kind: ShooterKind = ShooterKind.PILOT
    quick_draw_fraction: int = 0

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise PilotInputError("every shooter needs a name", field="name")
        check_skill(self.quick_draw, "quick_draw")
        _check_fraction(self.quick_draw, self.quick_draw_fraction)
        object.__setattr__(self, "kind", ShooterKind.parse(self.kind))

    @classmethod
    def of(cls, who: Pilot | Gunner, kind: ShooterKind | str | None = None) -> "Shooter":
        """A pilot fires as a pilot; a gunner as an aircraft turret unless ``kind`` says otherwise."""
        if who.is_dead:
            raise PilotInputError(f"{who.name} is dead and does not fire", field="wounds")
        if kind is None:
            kind = ShooterKind.PILOT if isinstance(who, Pilot) else ShooterKind.AIRCRAFT_TURRET
        fraction = who.quick_draw_fraction if isinstance(who, Pilot) else 0
        return cls(who.name, who.quick_draw, ShooterKind.parse(kind), fraction)

    def key(self, rules: RuleSet = OFFICIAL) -> tuple[int, int]:
        """What orders firers within a group: Quick Draw, then the points toward the next level
        if the optional rule is on (F.pilot.qd-fraction, FASA p.18; F.combat.order, p.34)."""
        return self.quick_draw, (self.quick_draw_fraction if rules.enabled(QD_FRACTIONS.name) else 0)

    @property
    def quick_draw_text(self) -> str:
        return format_quick_draw(self.quick_draw, self.quick_draw_fraction)


@dataclass(frozen=True)
class RollOff(ChanceEvent):
    """Tied firers each roll a d10 and the highest fires first; any still tied roll again among
    themselves until nobody is (F.combat.order, FASA p.34).

    ``outcome_of`` reads one round of faces as groups, highest face first; ``resolve`` rolls
    again for any group of more than one, and ``outcomes`` gives the exact odds of each final
    order from the same rounds (a round where everyone ties again is simply repeated).

    >>> RollOff(("Ivy", "Dukes")).outcomes()[("Ivy", "Dukes")]
    Fraction(1, 2)
    """

    names: tuple[str, ...]

    def __post_init__(self):
        object.__setattr__(self, "names", tuple(self.names))
        if len(self.names) < 2 or len(set(self.names)) != len(self.names):
            raise PilotInputError(f"a roll-off needs two or more different names, got {self.names!r}", field="names")

    @property
    def dice(self) -> tuple[int, ...]:  # type: ignore[override]
        return (10,) * len(self.names)

    def outcome_of(self, faces: Sequence[int]) -> tuple[tuple[str, ...], ...]:
        by_face: dict[int, list[str]] = {}
        for name, face in zip(self.names, faces):
            by_face.setdefault(face, []).append(name)
        return tuple(tuple(by_face[f]) for f in sorted(by_face, reverse=True))

    def round_outcomes(self) -> dict[tuple[tuple[str, ...], ...], Fraction]:
        """Exact odds of one round's groups, from ``outcome_of`` over every face combination."""
        return ChanceEvent.outcomes(self)

    def outcomes(self) -> dict[Any, Fraction]:
        """Exact odds of every final firing order of the tied names.

        Every round enumerates 10**n faces, so this is for the handful of firers that tie in
        play; the sub-roll-offs of the same names are worked out once and remembered.
        """
        return dict(_rolloff_outcomes(self))

    def _outcomes(self) -> dict[Any, Fraction]:
        rounds = self.round_outcomes()
        again = rounds.get((self.names,), Fraction(0))  # everyone tied: the same roll-off again
        final: dict[Any, Fraction] = {}
        for groups, p in rounds.items():
            if groups == (self.names,):
                continue
            parts = [{g: Fraction(1)} if len(g) == 1 else _rolloff_outcomes(RollOff(g)) for g in groups]
            for combo in itertools.product(*(d.items() for d in parts)):
                q = p / (1 - again)
                order: tuple[str, ...] = ()
                for sub, r in combo:
                    order += sub
                    q *= r
                final[order] = final.get(order, Fraction(0)) + q
        return final

    def play(self, next_face: Callable[[], int]) -> tuple[tuple[str, ...], tuple[tuple[tuple[str, int], ...], ...]]:
        """Roll off with faces from ``next_face``: the final order, and each round's (name, face) pairs.

        Every round, each group still tied rolls among itself (``outcome_of``); the groups keep
        their places, so a round only ever reorders names inside a tie.
        """
        rounds: list[tuple[tuple[str, int], ...]] = []
        groups: tuple[tuple[str, ...], ...] = (self.names,)
        while not all(len(g) == 1 for g in groups):
            nxt: list[tuple[str, ...]] = []
            shown_round: list[tuple[str, int]] = []
            for g in groups:
                if len(g) == 1:
                    nxt.append(g)
                    continue
                shown = tuple(next_face() for _ in g)
                shown_round.extend(zip(g, shown))
                nxt.extend(RollOff(g).outcome_of(shown))
            rounds.append(tuple(shown_round))
            groups = tuple(nxt)
        return tuple(g[0] for g in groups), tuple(rounds)

    def resolve(self, dice: Dice) -> Roll:
        faces: list[int] = []

        def face() -> int:
            faces.append(dice.die(10))
            return faces[-1]

        order, _ = self.play(face)
        return Roll(self, tuple(faces), order)

    def narrate(self, faces: Sequence[int]) -> str:
        """The rounds of a resolved roll-off in words: ``Ivy 7, Dukes 2`` or ``A 5, B 5; again: A 4, B 9``."""
        it = iter(faces)
        _, rounds = self.play(lambda: next(it))
        return "; again: ".join(", ".join(f"{n} {f}" for n, f in r) for r in rounds)

    def describe(self) -> str:
        return "d10 roll-off between " + ", ".join(self.names)

    def describe_outcome(self, outcome: Any) -> str:
        if isinstance(outcome, tuple) and outcome and isinstance(outcome[0], tuple):
            return " | ".join(", ".join(g) for g in outcome)
        return " first, then ".join(outcome) if isinstance(outcome, tuple) else str(outcome)


@lru_cache(maxsize=256)
def _rolloff_outcomes(event: RollOff) -> dict[Any, Fraction]:
    return event._outcomes()


@dataclass(frozen=True)
class FiringOrder:
    """The combat phase's firing order and the roll-offs that settled ties (F.combat.order, FASA p.13, 34)."""

    order: tuple[Shooter, ...]
    rolloffs: tuple[Roll, ...] = field(default=())

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.order)

    def __str__(self) -> str:
        lines = [f"{i}. {s.name} ({s.kind.value}, Quick Draw {s.quick_draw_text})" for i, s in enumerate(self.order, 1)]
        lines += [f"tie broken on d10s: {self._tie_text(r)}" for r in self.rolloffs]
        return "\n".join(lines)

    def tie_texts(self) -> list[str]:
        """Each roll-off in words, round by round, with the order it settled."""
        return [self._tie_text(r) for r in self.rolloffs]

    @staticmethod
    def _tie_text(roll: Roll) -> str:
        assert isinstance(roll.event, RollOff)
        return f"{roll.event.narrate(roll.faces)} -> {', '.join(roll.outcome)}"

    def _repr_html_(self) -> str:
        from cs_panel.fasa.render import firing_order_html  # drawing, loaded only when a picture is asked for

        return firing_order_html(self)


def _check_shooters(shooters: Iterable[Shooter | Pilot | Gunner]) -> tuple[Shooter, ...]:
    out = tuple(s if isinstance(s, Shooter) else Shooter.of(s) for s in shooters)
    seen = Counter(s.name for s in out)
    dupes = sorted(n for n, c in seen.items() if c > 1)
    if dupes:
        raise PilotInputError(f"two firers share the name(s) {dupes}; give each its own", field="shooters")
    return out


def tied_groups(shooters: Iterable[Shooter | Pilot | Gunner], rules: RuleSet = OFFICIAL) -> list[tuple[Shooter, ...]]:
    """Every group in firing order: one firer, or several tied that must roll off (F.combat.order)."""
    ss = _check_shooters(shooters)

    def sort_key(s: Shooter) -> tuple[int, int, int]:
        qd, frac = s.key(rules)
        return (s.kind.group, -qd, -frac)

    ordered = sorted(ss, key=sort_key)  # stable: ties keep the order given, which is the order they roll in
    return [tuple(g) for _, g in itertools.groupby(ordered, key=sort_key)]


def combat_order(shooters: Iterable[Shooter | Pilot | Gunner], dice: Dice, rules: RuleSet = OFFICIAL) -> FiringOrder:
    """Who fires when: pilots by Quick Draw, highest first, then aircraft turrets, zeppelin
    turrets and ground turrets, each by Quick Draw; tied firers roll off on a d10, in the order
    given (F.combat.order, FASA p.13, 34). With ``fasa.quick-draw-fractions`` on, points toward
    the next level break ties first (F.pilot.qd-fraction, p.18).

    >>> from cs_panel.core.dice import ScriptedDice
    >>> combat_order([Shooter("Ivy", 4), Shooter("Dukes", 4)], ScriptedDice([7, 2])).names
    ('Ivy', 'Dukes')
    """
    order: list[Shooter] = []
    rolls: list[Roll] = []
    for group in tied_groups(shooters, rules):
        if len(group) == 1:
            order.extend(group)
            continue
        roll = RollOff(tuple(s.name for s in group)).resolve(dice)
        by_name = {s.name: s for s in group}
        order.extend(by_name[n] for n in roll.outcome)
        rolls.append(roll)
    return FiringOrder(tuple(order), tuple(rolls))


def order_odds(shooters: Iterable[Shooter | Pilot | Gunner], rules: RuleSet = OFFICIAL) -> dict[tuple[str, ...], Fraction]:
    """The exact chance of every possible firing order, from the same roll-offs ``combat_order`` makes."""
    dist: dict[tuple[str, ...], Fraction] = {(): Fraction(1)}
    for group in tied_groups(shooters, rules):
        if len(group) == 1:
            parts: dict[Any, Fraction] = {(group[0].name,): Fraction(1)}
        else:
            parts = RollOff(tuple(s.name for s in group)).outcomes()
        dist = {a + b: p * q for a, p in dist.items() for b, q in parts.items()}
    return dist
