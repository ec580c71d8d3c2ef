"""Building a squadron (A.squadron, A.aces.pilots; Air Action, "Create a Squadron").

Players agree on a build total, always a multiple of 100 (200 is standard). A squadron's
planes add up to the total or less, never more, and no two of them share a pilot (the same
figure may fly for an opponent). An Ace flying its plane adds its own points, and a game with
Aces should use a build total of at least 300.

>>> from cs_panel.clix.figures import figures
>>> sq = Squadron("Ann", (Slot(figures()["sample-fighter"]), Slot(figures()["sample-two-seater"])))
>>> sq.points, sq.check(200).points
(200, 200)
"""

from __future__ import annotations

from dataclasses import dataclass

from cs_panel.clix.figures import Figure
from cs_panel.core.errors import RuleInputError

STANDARD_BUILD = 200
ACE_MIN_BUILD = 300


class SquadronError(RuleInputError):
    """A squadron that breaks the building rules."""


class BuildTotalError(SquadronError):
    """A build total that is not a multiple of 100, or a squadron over it."""


class DuplicatePilotError(SquadronError):
    """Two planes flown by the same pilot in one squadron."""


@dataclass(frozen=True)
class Slot:
    """One plane of a squadron, with the Ace figure flying it, if any."""

    plane: Figure
    ace: Figure | None = None

    def __post_init__(self):
        if self.plane.game != "air-action":
            raise SquadronError(f"{self.plane.name} is not an Air Action plane", field="plane")
        if self.ace is not None and self.ace.game != "aces":
            raise SquadronError(f"{self.ace.name} is not an Aces figure", field="ace")

    __hash__ = None  # type: ignore[assignment]

    @property
    def points(self) -> int:
        return self.plane.points + (self.ace.points if self.ace else 0)

    @property
    def pilot(self) -> str:
        return self.plane.pilot or self.plane.id


@dataclass(frozen=True)
class Squadron:
    """A player's planes."""

    player: str
    slots: tuple[Slot, ...]

    __hash__ = None  # type: ignore[assignment]

    @property
    def points(self) -> int:
        return sum(s.points for s in self.slots)

    @property
    def has_aces(self) -> bool:
        return any(s.ace for s in self.slots)

    def check(self, build_total: int = STANDARD_BUILD) -> "Squadron":
        """The squadron, or the first rule it breaks."""
        if isinstance(build_total, bool) or not isinstance(build_total, int) or build_total <= 0 or build_total % 100:
            raise BuildTotalError(f"build totals are multiples of 100, got {build_total!r} (A.squadron)", field="build_total")
        if self.has_aces and build_total < ACE_MIN_BUILD:
            raise BuildTotalError(f"a game with Aces should use a build total of at least {ACE_MIN_BUILD} (A.aces.pilots)", field="build_total")
        if self.points > build_total:
            raise BuildTotalError(f"{self.points} points is over the build total of {build_total} (A.squadron)", field="slots")
        seen: set[str] = set()
        for s in self.slots:
            if s.pilot in seen:
                raise DuplicatePilotError(f"two planes flown by {s.pilot} (A.squadron)", field="slots")
            seen.add(s.pilot)
        return self
