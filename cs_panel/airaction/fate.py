"""Aces flying in Air Action, and fate (A.aces.pilots, A.fate.offense, A.fate.defense,
A.fate.collision; Air Action, "Using Crimson Skies: Aces Characters..." and "Fate").

An Ace figure from Crimson Skies: Aces may fly its own plane. The squadron's build total should
then be at least 300, and the Ace's points count on top of the plane's. Only the Ace's attack
and fate values are used. Each Ace may use fate once a turn, and every use clicks the Ace's own
combat dial once at the end of the action:

- offensively, declared before the shot: add dice equal to the fate value (a fate of 0 may
  still be used, adding nothing, just to move the Ace's dial on);
- defensively, after a shot at the Ace's plane is rolled, with fate above 0: every hit except a
  natural six is cancelled;
- in a serious collision: the Ace's plane takes no collision damage (and a two-plane collision
  does not happen at all).

``FateLog`` keeps the once-a-turn rule; ``spend_fate`` checks a use and clicks the dial.

>>> from cs_panel.clix.figures import figures
>>> loyle = figures()["loyle-crawford-ace"].combat
>>> use = spend_fate(loyle, "offense")
>>> use.extra_dice, use.ace_dial.value("fate")
(3, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from cs_panel.clix.dial import CombatDial, DialEndError
from cs_panel.core.errors import RuleInputError
from cs_panel.core.validate import short_repr

FATE_KINDS = ("offense", "defense", "collision")
ACE_MIN_BUILD = 300  # A.aces.pilots


class FateError(RuleInputError):
    """A use of fate the rules do not allow."""


class NoFateError(FateError):
    """Defensive fate (or collision fate) with a fate value of 0 (A.fate.defense)."""


class FateAlreadyUsedError(FateError):
    """An Ace using fate a second time in one turn (A.fate.offense)."""


@dataclass(frozen=True)
class FateUse:
    """One use of fate: its kind, the fate value it used, the dice it adds (offense only) and
    the Ace's dial after its click."""

    kind: str
    fate_value: int
    ace_dial: CombatDial

    @property
    def extra_dice(self) -> int:
        return self.fate_value if self.kind == "offense" else 0


def check_fate_above_zero(fate_value: int, kind: str = "defense", *, field: str = "fate") -> int:
    """The Ace's declared fate value, if it allows ``kind`` ("defense" or "collision") fate: a
    whole number above 0 (A.fate.defense). ``NoFateError`` naming ``field`` for a fate of 0."""
    if isinstance(fate_value, bool) or not isinstance(fate_value, int) or fate_value < 0:
        raise FateError(f"a fate value is a whole number of 0 or more, got {fate_value!r}", field=field)
    if fate_value == 0:
        raise NoFateError(
            f"{'defensive' if kind == 'defense' else 'collision'} fate needs a fate value above 0 (A.fate.defense)",
            field=field,
        )
    return fate_value


def spend_fate(ace_dial: CombatDial, kind: str) -> FateUse:
    """Use an Ace's fate (checked against its current fate value) and click its dial once.
    A dial with no click left to turn cannot pay for fate."""
    if kind not in FATE_KINDS:
        raise FateError(f"fate is used as {', '.join(FATE_KINDS)}, not {kind!r}", field="kind")
    if ace_dial.eliminated:
        raise FateError("a knocked-out Ace has no fate to use", field="ace")
    fate = ace_dial.value("fate")
    if kind != "offense":
        check_fate_above_zero(fate, kind, field="kind")
    try:
        after = ace_dial.click()
    except DialEndError as e:
        raise FateError(f"the Ace's dial cannot turn further: {e}", field="ace") from e
    return FateUse(kind, fate, after)


@dataclass(frozen=True)
class FateLog:
    """The Aces that have used fate this turn (once each, A.fate.offense)."""

    used: tuple[str, ...] = ()

    def __post_init__(self):
        if not isinstance(self.used, (tuple, list)) or not all(isinstance(x, str) for x in self.used):
            raise FateError(f"used lists the Aces that spent fate, got {short_repr(self.used)}", field="used")
        object.__setattr__(self, "used", tuple(self.used))
        if len(set(self.used)) != len(self.used):
            raise FateAlreadyUsedError("an Ace uses fate once a turn (A.fate.offense)", field="used")

    def can_use(self, ace: str) -> bool:
        return ace not in self.used

    def use(self, ace: str) -> "FateLog":
        if ace in self.used:
            raise FateAlreadyUsedError(f"{ace} has already used fate this turn", field="ace")
        return FateLog(self.used + (ace,))

    def new_turn(self) -> "FateLog":
        return FateLog()


def ace_points(plane_points: int, ace_points_value: int) -> int:
    """An Ace-flown plane costs both point values (A.aces.pilots)."""
    return plane_points + ace_points_value
