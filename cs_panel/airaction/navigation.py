"""Navigation cards and the deck (A.nav.deck, A.nav.paths; Air Action, "Navigation").

Each player has a deck of twelve basic cards: two Cruise, two Glide, two Turn, two Tight Turn
and one each of Snap Roll, Side-Slip, Wingover and Half Loop. An ace plane with cards of its own
adds two per ace. A card can only be chosen if the plane's current speed is at least the card's
speed rating; each active plane gets its own card; the cards used at one announced speed go back
into the deck before the next speed. A card shows one or more flight paths, each a numbered
run of movement markers; a card with several paths is laid pointing left, straight or right at
the plane to pick one.

The printed cards were lost, so ``cs_panel/data/clix/nav_cards.json`` holds our reconstruction
(reasons in ``nav_cards.md`` beside it). A path is stored as marker poses in the plane's own
frame (x inches to the right, y inches ahead, heading in degrees clockwise) and also as the
short step programme that generates them, which ``path_from_programme`` replays:

- ``S``: the next marker straight ahead, touching the last one;
- ``A30``: an arc step, turning 30 degrees (positive right) across the marker;
- ``L45``: a slip, the marker set 45 degrees off to the side, heading unchanged;
- ``P180``: a pivot, the marker laid on the last one turned 180 degrees;

each optionally prefixed by a repeat count (``3A30``).

>>> deck = NavigationDeck.basic()
>>> len(deck.cards), deck.playable(1)
(12, ['cruise', 'glide'])
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import Any

from cs_panel.airaction.table import MARKER_WIDTH, Pose
from cs_panel.core.data import BADGED, PROVENANCES, Field, Table, load_table
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_choice, check_int, check_str, short_repr
from cs_panel.core.errors import DataFileError, RuleInputError


class Orientation(Enum):
    """How a card is laid against the plane: which of its paths is flown (A.nav.paths)."""

    LEFT = "left"
    STRAIGHT = "straight"
    RIGHT = "right"

    @classmethod
    def parse(cls, v: "str | Orientation") -> "Orientation":
        if isinstance(v, Orientation):
            return v
        try:
            return cls(str(v).strip().lower())
        except ValueError:
            raise RuleInputError(f"orientation must be left, straight or right, got {short_repr(v)}", field="orientation") from None


class NavigationError(RuleInputError):
    """A card that cannot be played as asked."""


class SpeedRatingError(NavigationError):
    """The plane is slower than the card's speed rating (A.nav.deck)."""


class OrientationError(NavigationError):
    """The card has no flight path for that orientation (A.nav.paths)."""


class CardNotInDeckError(NavigationError):
    """No copy of that card is left in the deck at this speed (A.nav.deck)."""


STEP = re.compile(r"^(\d*)([SALP])(-?\d+(?:\.\d+)?)?$")


def path_from_programme(programme: str, width: float = MARKER_WIDTH) -> tuple[Pose, ...]:
    """Marker poses (in the plane's frame; the plane's own marker is at 0, 0, heading 0) that a
    step programme lays, marker 1 first.

    >>> [(p.x, p.y, p.heading) for p in path_from_programme("2S")]
    [(0.0, 1.5, 0.0), (0.0, 3.0, 0.0)]
    """
    if not isinstance(programme, str):
        raise NavigationError(f"a programme is text, got {short_repr(programme)}", field="programme")
    if len(programme) > LIMITS["line_chars"].hi:
        raise NavigationError(f"a programme of {len(programme)} characters; the limit is {LIMITS['line_chars'].hi}",
                              field="programme")
    most = LIMITS["nav_markers"].hi
    pose = Pose(0, 0, 0)
    out: list[Pose] = []
    for tok in programme.split():
        m = STEP.match(tok)
        if not m or len(m.group(1)) > 3 or len(m.group(3) or "") > 12:
            raise NavigationError(f"cannot read step {short_repr(tok)} of programme {short_repr(programme)}",
                                  field="programme")
        count = int(m.group(1) or 1)
        if len(out) + count > most:  # checked before the steps are laid
            raise NavigationError(f"a programme laying more than {most} markers (project limit: "
                                  f"{LIMITS['nav_markers'].why})", field="programme")
        kind = m.group(2)
        deg = float(m.group(3) or 0)
        if kind == "S" and m.group(3):
            raise NavigationError(f"a straight step takes no angle: {tok!r}", field="programme")
        for _ in range(count):
            if kind == "S":
                pose = pose.forward(width)
            elif kind == "A":
                # chord of an arc: move across the marker along the mean heading, then turn
                mid = pose.turned(deg / 2).forward(width)
                pose = Pose(mid.x, mid.y, pose.heading + deg)
            elif kind == "L":
                moved = pose.turned(deg).forward(width)
                pose = Pose(moved.x, moved.y, pose.heading)
            else:  # P
                pose = pose.turned(deg)
            pose = Pose(round(pose.x, 6), round(pose.y, 6), round(pose.heading, 6))
            out.append(pose)
    if not out:
        raise NavigationError("a flight path needs at least one marker", field="programme")
    return tuple(out)


def mirror_programme(programme: str) -> str:
    """The left-hand version of a right-hand programme: every angle negated."""
    out = []
    for tok in programme.split():
        m = STEP.match(tok)
        if m and m.group(3):
            ang = m.group(3)
            ang = ang[1:] if ang.startswith("-") else "-" + ang
            tok = f"{m.group(1)}{m.group(2)}{ang}"
        out.append(tok)
    return " ".join(out)


@dataclass(frozen=True)
class FlightPath:
    """One flight path of a card: numbered markers (1 first) in the plane's frame."""

    orientation: Orientation
    markers: tuple[Pose, ...]
    programme: str = ""

    def __post_init__(self):
        object.__setattr__(self, "orientation", Orientation.parse(self.orientation))
        if not isinstance(self.markers, (tuple, list)) or not self.markers:
            raise NavigationError("a flight path needs at least one marker", field="markers")
        object.__setattr__(self, "markers", tuple(self.markers))
        if len(self.markers) > LIMITS["nav_markers"].hi:
            raise NavigationError(f"{len(self.markers)} markers; at most {LIMITS['nav_markers'].hi} "
                                  f"(project limit: {LIMITS['nav_markers'].why})", field="markers")
        if not isinstance(self.programme, str):
            raise NavigationError(f"a programme is text, got {short_repr(self.programme)}", field="programme")
        if self.programme:
            path_from_programme(self.programme)  # a programme that cannot be read is refused here

    @property
    def highest(self) -> int:
        """The highest number on the path: where a faster plane stops (A.move.execute)."""
        return len(self.markers)


@dataclass(frozen=True)
class NavigationCard:
    """A navigation card: name, speed rating, flight paths by orientation, and provenance.
    ``ace`` names the ace figure an ace card belongs to (None for the basic deck)."""

    id: str
    name: str
    speed_rating: int
    paths: tuple[FlightPath, ...]
    copies: int = 1
    ace: str | None = None
    provenance: str = "reconstructed"
    source: str = ""

    def __post_init__(self):
        check_str(self.id, "id", error=NavigationError)
        check_str(self.name, "name", error=NavigationError)
        check_int(self.speed_rating, "speed_rating", 0, 10, error=NavigationError)
        check_int(self.copies, "copies", 1, 4, error=NavigationError)
        if not isinstance(self.paths, (tuple, list)) or not self.paths or not all(isinstance(p, FlightPath) for p in self.paths):
            raise NavigationError("a card needs one or more FlightPath values", field="paths")
        object.__setattr__(self, "paths", tuple(self.paths))
        if self.ace is not None:
            check_str(self.ace, "ace", error=NavigationError)
        check_choice(self.provenance, "provenance", PROVENANCES, error=NavigationError)

    @property
    def orientations(self) -> tuple[Orientation, ...]:
        return tuple(p.orientation for p in self.paths)

    @property
    def badge(self) -> str | None:
        return self.provenance if self.provenance in BADGED else None

    def path(self, orientation: "Orientation | str | None" = None) -> FlightPath:
        """The path flown with the card laid this way; a one-path card needs no orientation."""
        if orientation is None:
            if len(self.paths) == 1:
                return self.paths[0]
            raise OrientationError(
                f"{self.name} has {len(self.paths)} paths: lay it {', '.join(o.value for o in self.orientations)}",
                field="orientation",
            )
        o = Orientation.parse(orientation)
        for p in self.paths:
            if p.orientation is o:
                return p
        raise OrientationError(
            f"{self.name} has no {o.value} path; it can be laid {', '.join(x.value for x in self.orientations)} (A.nav.paths)",
            field="orientation",
        )

    def _repr_svg_(self) -> str:
        from cs_panel.airaction.svg import card_svg

        return card_svg(self)

    def check_speed(self, speed: int) -> None:
        """Refuse the card if the plane's speed is below its rating (A.nav.deck)."""
        if speed < self.speed_rating:
            raise SpeedRatingError(
                f"{self.name} needs speed {self.speed_rating} or more; the plane is at {speed} (A.nav.deck)",
                field="card",
            )


def _poses_check(v: Any) -> str | None:
    if not isinstance(v, dict) or not v:
        return "paths map left/straight/right to lists of [x, y, heading]"
    for k, pts in v.items():
        if k not in ("left", "straight", "right"):
            return f"unknown orientation {k!r}"
        if not isinstance(pts, list) or not pts:
            return f"the {k} path needs at least one marker"
        for i, p in enumerate(pts):
            if not (isinstance(p, list) and len(p) == 3 and all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in p)):
                return f"{k} marker {i + 1} must be [x, y, heading], got {p!r}"
    return None


CARD_SCHEMA = {
    "name": Field(str),
    "copies": Field(int, check=lambda v: None if 1 <= v <= 4 else f"{v} copies is outside 1-4"),
    "speed_rating": Field(int, check=lambda v: None if 0 <= v <= 10 else f"speed rating {v} is outside 0-10"),
    "paths": Field(dict, check=_poses_check),
    "programmes": Field(dict, required=False),
    "ace": Field(str, required=False),
}


def _card(table: Table, e) -> NavigationCard:
    paths = []
    progs = e.get("programmes") or {}
    for k in ("left", "straight", "right"):
        if k in e["paths"]:
            prog = progs.get(k, "")
            if prog and not isinstance(prog, str):
                raise DataFileError(table.path, "a programme is a string", entry=e.id, field=f"programmes.{k}")
            paths.append(FlightPath(Orientation(k), tuple(Pose(*p) for p in e["paths"][k]), prog))
    extra = set(progs) - set(e["paths"])
    if extra:
        raise DataFileError(table.path, f"programme for a path the card lacks: {sorted(extra)}", entry=e.id, field="programmes")
    return NavigationCard(e.id, e["name"], e["speed_rating"], tuple(paths), e["copies"], e.get("ace"), e.provenance, e.source)


#: the data file of the Aces' own cards (two an Ace, A.nav.deck): invented samples, the Ace Pack cards being lost
ACE_CARD_LIBRARY = "package:clix/sample_ace_cards.json"


def aces_with_cards(source: str = ACE_CARD_LIBRARY) -> list[str]:
    """The Ace figure ids that have cards of their own in ``source`` (A.nav.deck)."""
    return list(dict.fromkeys(c.ace for c in nav_cards(source) if c.ace is not None))


@lru_cache(maxsize=None)
def nav_cards(source: str = "package:clix/nav_cards.json") -> tuple[NavigationCard, ...]:
    """The navigation cards of a data file (the reconstructed basic deck, or your own)."""
    table = load_table(source, CARD_SCHEMA)
    return tuple(_card(table, e) for e in table)


def card(card_id: str, cards: tuple[NavigationCard, ...] | None = None) -> NavigationCard:
    """A card by id."""
    for c in cards or nav_cards():
        if c.id == card_id:
            return c
    raise CardNotInDeckError(f"no navigation card {card_id!r}", field="card")


BASIC_DECK = {"Cruise": 2, "Glide": 2, "Turn": 2, "Tight Turn": 2, "Snap Roll": 1, "Side-Slip": 1, "Wingover": 1, "Half Loop": 1}


@dataclass(frozen=True)
class NavigationDeck:
    """One player's deck at one announced speed: the card ids still in hand (with repeats) and
    the cards already given to planes, as (plane id, card id) pairs (A.nav.deck)."""

    cards: tuple[str, ...]
    in_play: tuple[tuple[str, str], ...] = ()
    library: str = "package:clix/nav_cards.json"
    ace_sources: tuple[str, ...] = ()

    @classmethod
    def basic(cls, source: str = "package:clix/nav_cards.json") -> "NavigationDeck":
        """The twelve-card basic deck."""
        ids = []
        for c in nav_cards(source):
            if c.ace is None:
                ids.extend([c.id] * c.copies)
        return cls(tuple(ids), (), source)

    def with_ace_cards(self, ace: str, source: str | None = None) -> "NavigationDeck":
        """The deck with the two cards of an ace (A.nav.deck): ``source`` is the data file that
        holds that ace's cards (entries with ``"ace": <ace figure id>``)."""
        src = source or self.library
        extra = [c for c in nav_cards(src) if c.ace == ace]
        n = sum(c.copies for c in extra)
        if n != 2:
            raise NavigationError(f"an ace adds exactly two cards; {src} has {n} for {ace!r}", field="ace")
        if any(c.id in self.cards for c in extra):
            raise NavigationError(f"the cards of {ace!r} are already in the deck", field="ace")
        return replace(
            self,
            cards=self.cards + tuple(c.id for c in extra for _ in range(c.copies)),
            ace_sources=tuple(dict.fromkeys(self.ace_sources + (src,))),
        )

    def card(self, card_id: str) -> NavigationCard:
        """The card object for an id of this deck (basic or ace card)."""
        return self._lookup(card_id)

    def _lookup(self, card_id: str) -> NavigationCard:
        for src in dict.fromkeys((self.library,) + self.ace_sources):
            for c in nav_cards(src):
                if c.id == card_id:
                    return c
        raise CardNotInDeckError(f"no navigation card {card_id!r}", field="card")

    def playable(self, speed: int, *, disengaging: bool = False) -> list[str]:
        """Ids of the cards in hand a plane at ``speed`` may take (once each, in deck order).
        A disengaging squadron may only fly Cruise or Glide (A.disengage)."""
        out = []
        for cid in dict.fromkeys(self.cards):
            c = self._lookup(cid)
            if c.speed_rating <= speed and (not disengaging or c.name in ("Cruise", "Glide")):
                out.append(cid)
        return out

    def give(self, plane: str, card_id: str, speed: int, *, disengaging: bool = False) -> "NavigationDeck":
        """Give a card from hand to an active plane (A.nav.deck). Each plane gets one card."""
        if any(p == plane for p, _ in self.in_play):
            raise NavigationError(f"plane {plane!r} already has a card at this speed", field="plane")
        if card_id not in self.cards:
            raise CardNotInDeckError(
                f"no {card_id!r} left in the deck at this speed (in hand: {sorted(Counter(self.cards))})", field="card"
            )
        c = self._lookup(card_id)
        c.check_speed(speed)
        if disengaging and c.name not in ("Cruise", "Glide"):
            raise NavigationError("a disengaging plane may only fly Cruise or Glide (A.disengage)", field="card")
        hand = list(self.cards)
        hand.remove(card_id)
        return replace(self, cards=tuple(hand), in_play=self.in_play + ((plane, card_id),))

    def reconstruct(self) -> "NavigationDeck":
        """Put back the cards used at the last speed, before the next speed is announced."""
        return replace(self, cards=self.cards + tuple(c for _, c in self.in_play), in_play=())

