"""Tailing: who sits on whose tail, and how much of the leader's plot the tailer learns.

FASA *Crimson Skies*, Tailing, p.28-29. In the tailing phase a pilot who is behind an enemy, on
the same heading and close enough, learns part of that enemy's secretly plotted next move:

- ``F.tail.position``: both planes face the same way, the leader lies in the follower's front
  arc and the follower in the leader's rear arc, no more than 3 hexes apart. Two planes in one
  hex have no arcs to speak of; there the slower one counts as behind. A shocked pilot never
  tails.
- ``F.tail.number``: the follower's Sixth Sense minus the leader's, plus 2 if the leader's plane
  is smoking and plus 2 if the leader is shocked.
- ``F.tail.reveal``: below 0 the leader names the direction of the plotted move (left, right or
  straight); from 0 to 2 the direction and the speed; 3 or more the whole destination hex, but
  never the final facing. Only a move with an arrow on the maneuver template can have been
  plotted (F.move.plot), so ``reveal`` refuses any other with ``ManeuverNotOnTemplateError``.

The arcs are the reconstructed 60-degree wedges of ``cs_panel.fasa.hexgrid`` (the printed
arcs diagram was lost; see ``in_front_arc``).

The book's example (p.28-29): Iverian (Sixth Sense 5) tails Badboy Dukes (Sixth Sense 6), who
has plotted 4L3C.

>>> n = tailing_number(5, 6)
>>> print(n)
5 Sixth Sense of the tailer - 6 Sixth Sense of the leader = -1: direction only
>>> print(n.reveal_of("4L3C"))
direction: left
>>> print(tailing_number(5, 6, leader_smoking=True, leader_shocked=True).reveal_of("4L3C"))
destination hex: 4L3 (the final facing stays secret)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum, Flag, auto
from typing import TYPE_CHECKING

from cs_panel.core.errors import RuleInputError
from cs_panel.core.explain import Modifier, terms_text
from cs_panel.fasa.hexgrid import Facing, Hex, in_front_arc, in_rear_arc
from cs_panel.fasa.maneuver import IllegalManeuverError, Maneuver
from cs_panel.fasa.template import ManeuverTemplate
from cs_panel.fasa.tohit import check_skill
from cs_panel.core.lazy import lazy_names

if TYPE_CHECKING:
    from cs_panel.fasa.render import SVG_FILL as SVG_FILL, SVG_PLANE as SVG_PLANE, tailing_svg as tailing_svg

#: the drawing (``cs_panel.fasa.render``), loaded on first use: the rules import without it
__getattr__, __dir__ = lazy_names(globals(), "cs_panel.fasa.render", ("SVG_FILL", "SVG_PLANE", "tailing_svg"))

#: the farthest apart two planes may be for one to tail the other (F.tail.position, p.28)
TAIL_RANGE = 3


class TailingManeuverError(RuleInputError):
    """A plotted maneuver that cannot be read as FASA notation (``4L3C``, ``3SA``, ``1SD``, ``C``)."""


class ManeuverNotOnTemplateError(TailingManeuverError):
    """A plotted move the maneuver template has no arrow for, so no leader can have plotted it
    (F.move.plot, FASA p.23): ``3R2D`` when hex 3R2 has no D arrow."""


class TailingPositionError(RuleInputError):
    """A plane's position, facing or speed that the tailing rules cannot take."""


# ---------------------------------------------------------------------------------------------
# The plotted maneuver, read only as far as tailing needs it


DIRECTION_WORDS = {"L": "left", "R": "right", "S": "straight"}

_NOTATION = re.compile(r"^(?P<speed>[0-9])(?P<dir>[LRS])(?P<row>[0-9]*)(?P<facing>[A-F]?)$")


@dataclass(frozen=True)
class PlottedMove:
    """A plotted move in the notation of the turn record: speed, L/R/S, hexrow, final facing.

    Only what tailing needs is read here (F.move.plot, p.23); ``reveal`` checks that the move is
    on the template, and whether this plane may fly it is the movement rules' business. A stall is
    written as its facing letter alone (F.move.stall, p.24).

    >>> PlottedMove.parse("4L3C")
    PlottedMove(speed=4, direction='L', hexrow=3, facing='C')
    >>> str(PlottedMove.parse("1sd")), str(PlottedMove.parse("b"))
    ('1SD', 'B')
    """

    speed: int
    direction: str  # "L", "R", "S", or "" for a stall
    hexrow: int | None = None
    facing: str = ""

    @classmethod
    def parse(cls, text: "str | PlottedMove", field: str = "maneuver") -> "PlottedMove":
        if isinstance(text, PlottedMove):
            return text
        if not isinstance(text, str) and hasattr(text, "speed") and hasattr(text, "facing"):
            text = str(text)  # a maneuver object of the movement rules prints in the same notation
        if not isinstance(text, str):
            raise TailingManeuverError(f"a plotted maneuver is written as text like '4L3C', got {text!r}", field=field)
        t = text.strip().upper().replace(" ", "")
        if len(t) > 12:  # no notation is longer; a long hexrow number is never converted
            raise TailingManeuverError(f"a plotted maneuver of {len(t)} characters cannot be read: write it like "
                                       "'4L3C' (F.move.plot, FASA p.23)", field=field)
        if len(t) == 1 and t in "ABCDEF":
            return cls(0, "", None, t)
        m = _NOTATION.match(t)
        if not m:
            raise TailingManeuverError(
                f"cannot read {text!r} as a plotted maneuver: write speed, L/R/S, hexrow and facing "
                "like '4L3C' or '3SA', or a lone facing letter for a stall (F.move.plot, FASA p.23)",
                field=field,
            )
        speed = int(m["speed"])
        if speed == 0:
            raise TailingManeuverError(
                f"{text!r}: a speed-0 move is a stall, written as its facing letter alone (F.move.stall, FASA p.24)",
                field=field,
            )
        row = int(m["row"]) if m["row"] else None
        return cls(speed, m["dir"], row, m["facing"])

    @property
    def is_stall(self) -> bool:
        return self.speed == 0

    @property
    def destination(self) -> str:
        """The destination hex designation, without the facing: ``4L3``, ``3S``."""
        if self.is_stall:
            return "0 (stall: stays in its hex)"
        return f"{self.speed}{self.direction}{'' if self.hexrow is None else self.hexrow}"

    @property
    def direction_word(self) -> str:
        return "stall" if self.is_stall else DIRECTION_WORDS[self.direction]

    def __str__(self) -> str:
        if self.is_stall:
            return self.facing
        return f"{self.speed}{self.direction}{'' if self.hexrow is None else self.hexrow}{self.facing}"


# ---------------------------------------------------------------------------------------------
# How much is revealed


class Reveal(Enum):
    """How much of the leader's plot a tailing number buys (F.tail.reveal, FASA p.28)."""

    DIRECTION = "direction only"
    DIRECTION_AND_SPEED = "direction and speed"
    DESTINATION = "destination hex, not facing"

    @classmethod
    def for_number(cls, number: int) -> "Reveal":
        if number < 0:
            return cls.DIRECTION
        if number < 3:
            return cls.DIRECTION_AND_SPEED
        return cls.DESTINATION


@dataclass(frozen=True)
class Revealed:
    """What the leader must say aloud about a plotted move (F.tail.reveal, p.28).

    Fields the leader keeps secret are ``None``; the final facing is never told.
    """

    level: Reveal
    direction: str
    speed: int | None = None
    destination: str | None = None

    def __str__(self) -> str:
        if self.level is Reveal.DIRECTION:
            return f"direction: {self.direction}"
        if self.level is Reveal.DIRECTION_AND_SPEED:
            return f"direction: {self.direction}, speed: {self.speed}"
        return f"destination hex: {self.destination} (the final facing stays secret)"


def on_template(maneuver: str | PlottedMove, template: ManeuverTemplate | None = None) -> PlottedMove:
    """The plotted move, read and checked against the template (the packaged one unless given):
    a move with no arrow raises ``ManeuverNotOnTemplateError`` saying why (F.move.plot, FASA p.23).
    A move written without its facing needs only its destination hex on the template.

    >>> on_template("3R2D")
    Traceback (most recent call last):
    ...
    cs_panel.fasa.tailing.ManeuverNotOnTemplateError: 3R2D is not on the template: hex 3R2 has arrows A, B, C, E, F, not D (F.move.plot, FASA p.23)
    """
    move = PlottedMove.parse(maneuver)
    template = template or ManeuverTemplate.default()
    try:
        if move.facing:
            m = Maneuver.parse(str(move))
            if m not in template:
                raise ManeuverNotOnTemplateError(template.why_not(m), field="maneuver")
        else:
            template.destination(move.destination)
    except IllegalManeuverError as e:  # e.g. a straight move written with a hexrow, or no such hex
        raise ManeuverNotOnTemplateError(f"{move}: {e}", field="maneuver") from None
    return move


def reveal(level: Reveal | int, maneuver: "str | PlottedMove", template: ManeuverTemplate | None = None) -> Revealed:
    """What a leader who plotted ``maneuver`` must reveal at ``level`` (or tailing number).
    The move must be on ``template`` (the packaged one unless given), see ``on_template``.

    >>> print(reveal(1, "4L3C"))
    direction: left, speed: 4
    """
    if not isinstance(level, Reveal):
        level = Reveal.for_number(level)
    move = on_template(maneuver, template)
    if level is Reveal.DIRECTION:
        return Revealed(level, move.direction_word)
    if level is Reveal.DIRECTION_AND_SPEED:
        return Revealed(level, move.direction_word, move.speed)
    return Revealed(level, move.direction_word, move.speed, move.destination)


# ---------------------------------------------------------------------------------------------
# The tailing number


@dataclass(frozen=True)
class TailingNumber:
    """The tailing number as labelled terms (F.tail.number, FASA p.28).

    It is not rolled against: its total picks how much is revealed (``reveal``), so it prints
    without a chance.
    """

    terms: tuple[Modifier, ...]

    @property
    def total(self) -> int:
        return sum(t.value for t in self.terms)

    @property
    def reveal(self) -> Reveal:
        return Reveal.for_number(self.total)

    def reveal_of(self, maneuver: "str | PlottedMove", template: ManeuverTemplate | None = None) -> Revealed:
        return reveal(self.reveal, maneuver, template)

    def __str__(self) -> str:
        return f"{terms_text(self.terms)} = {self.total}: {self.reveal.value}"

    def _repr_html_(self) -> str:
        from cs_panel.fasa.render import tailing_number_html  # drawing, loaded only when a picture is asked for

        return tailing_number_html(self)


def tailing_number(
    follower_sixth_sense: int,
    leader_sixth_sense: int,
    leader_smoking: bool = False,
    leader_shocked: bool = False,
) -> TailingNumber:
    """The explained tailing number (F.tail.number, FASA p.28).

    >>> tailing_number(5, 6, leader_smoking=True).total
    1
    """
    own = check_skill(follower_sixth_sense, "follower_sixth_sense")
    other = check_skill(leader_sixth_sense, "leader_sixth_sense")
    terms = [
        Modifier(own, "Sixth Sense of the tailer", "F.tail.number"),
        Modifier(-other, "Sixth Sense of the leader", "F.tail.number"),
    ]
    if leader_smoking:
        terms.append(Modifier(2, "leader's plane smoking", "F.tail.number"))
    if leader_shocked:
        terms.append(Modifier(2, "leader shocked", "F.tail.number"))
    return TailingNumber(tuple(terms))


# ---------------------------------------------------------------------------------------------
# The tailing position


@dataclass(frozen=True)
class TailingPlane:
    """What tailing needs to know about one plane at the end of the combat phase.

    ``speed`` is the speed of this turn's move; it only matters when both planes share a hex.
    """

    hex: Hex
    facing: Facing
    speed: int = 0
    sixth_sense: int = 0
    smoking: bool = False
    shocked: bool = False
    name: str = ""

    def __post_init__(self):
        if not isinstance(self.hex, Hex):
            raise TailingPositionError(f"{self.label}: a position must be a Hex, got {self.hex!r}", field="hex")
        if not isinstance(self.facing, Facing):
            object.__setattr__(self, "facing", Facing.parse(str(self.facing)))
        if isinstance(self.speed, bool) or not isinstance(self.speed, int) or not 0 <= self.speed <= 9:
            raise TailingPositionError(f"{self.label}: speed must be a whole number 0-9, got {self.speed!r}", field="speed")
        check_skill(self.sixth_sense, "sixth_sense")

    @property
    def label(self) -> str:
        return self.name or "plane"

    def moved(self, hex: Hex, facing: Facing) -> "TailingPlane":
        return TailingPlane(hex, facing, self.speed, self.sixth_sense, self.smoking, self.shocked, self.name)


class TailFailure(Flag):
    """Every reason one plane is not tailing another, as flags a UI can list (F.tail.position)."""

    NONE = 0
    FOLLOWER_SHOCKED = auto()
    FACING_DIFFERS = auto()
    LEADER_NOT_IN_FRONT_ARC = auto()
    FOLLOWER_NOT_IN_REAR_ARC = auto()
    TOO_FAR = auto()
    SAME_HEX_NOT_SLOWER = auto()


def _reasons(failures: TailFailure, follower: TailingPlane, leader: TailingPlane, distance: int) -> tuple[str, ...]:
    f, l = follower.label, leader.label
    words = {
        TailFailure.FOLLOWER_SHOCKED: f"{f} is shocked, and a shocked pilot cannot tail",
        TailFailure.FACING_DIFFERS: f"{f} faces {follower.facing} but {l} faces {leader.facing}: both must face the same way",
        TailFailure.LEADER_NOT_IN_FRONT_ARC: f"{l} is not in {f}'s front arc",
        TailFailure.FOLLOWER_NOT_IN_REAR_ARC: f"{f} is not in {l}'s rear arc",
        TailFailure.TOO_FAR: f"the planes are {distance} hexes apart, more than {TAIL_RANGE}",
        TailFailure.SAME_HEX_NOT_SLOWER: (
            f"in a shared hex only the slower plane is behind, and {f} (speed {follower.speed}) is not "
            f"slower than {l} (speed {leader.speed})"
        ),
    }
    return tuple(text for flag, text in words.items() if flag in failures)


@dataclass(frozen=True)
class Tailing:
    """Whether ``follower`` is in a tailing position on ``leader``, with every reason it is not."""

    follower: TailingPlane
    leader: TailingPlane
    failures: TailFailure
    distance: int
    reasons: tuple[str, ...] = field(default=())

    @property
    def tails(self) -> bool:
        return not self.failures

    def __bool__(self) -> bool:
        return self.tails

    def number(self) -> TailingNumber:
        """The tailing number for this pair, whether or not the position holds."""
        return tailing_number(self.follower.sixth_sense, self.leader.sixth_sense,
                              self.leader.smoking, self.leader.shocked)

    def __str__(self) -> str:
        f, l = self.follower.label, self.leader.label
        if self.tails:
            return f"{f} tails {l}"
        return f"{f} does not tail {l}: " + "; ".join(self.reasons)

    def to_svg(self, size: float = 22.0, radius: int = 3) -> str:
        """The two planes on their hexes, the follower's front arc and the leader's rear arc shaded."""
        from cs_panel.fasa.render import tailing_svg  # drawing, loaded only when a picture is asked for

        return tailing_svg(self, size=size, radius=radius)

    def _repr_svg_(self) -> str:
        return self.to_svg()


def tailing_position(follower: TailingPlane, leader: TailingPlane) -> Tailing:
    """Is ``follower`` tailing ``leader``? Every failed condition is listed (F.tail.position, FASA p.28).

    >>> dukes = TailingPlane(Hex(0, -2), Facing.A, speed=4, name="Dukes")
    >>> print(tailing_position(TailingPlane(Hex(0, 0), Facing.A, speed=3, name="Iverian"), dukes))
    Iverian tails Dukes
    >>> print(tailing_position(TailingPlane(Hex(0, 0), Facing.B, shocked=True, name="Iverian"), dukes))
    Iverian does not tail Dukes: Iverian is shocked, and a shocked pilot cannot tail; Iverian faces B but Dukes faces A: both must face the same way; Dukes is not in Iverian's front arc
    """
    fail = TailFailure.NONE
    if follower.shocked:
        fail |= TailFailure.FOLLOWER_SHOCKED
    if follower.facing != leader.facing:
        fail |= TailFailure.FACING_DIFFERS
    d = follower.hex.distance(leader.hex)
    if d == 0:
        # arcs mean nothing inside one hex; the rule replaces them with speed
        if not follower.speed < leader.speed:
            fail |= TailFailure.SAME_HEX_NOT_SLOWER
    else:
        if not in_front_arc(follower.hex, follower.facing, leader.hex):
            fail |= TailFailure.LEADER_NOT_IN_FRONT_ARC
        if not in_rear_arc(leader.hex, leader.facing, follower.hex):
            fail |= TailFailure.FOLLOWER_NOT_IN_REAR_ARC
        if d > TAIL_RANGE:
            fail |= TailFailure.TOO_FAR
    return Tailing(follower, leader, fail, d, _reasons(fail, follower, leader, d))


def who_tails(a: TailingPlane, b: TailingPlane) -> Tailing | None:
    """The tailing position between two planes, whichever way round it holds, or None.

    Both cannot hold at once: the arcs (or, in one hex, the speeds) pick one side.
    """
    for follower, leader in ((a, b), (b, a)):
        t = tailing_position(follower, leader)
        if t.tails:
            return t
    return None


def tailing_phase(planes: "list[TailingPlane] | tuple[TailingPlane, ...]", side_of: "dict[str, str]") -> list[Tailing]:
    """Every tailing position among enemies at the end of a turn (F.tail.position; F.seq.phases, p.13-14).

    ``side_of`` maps each plane's name to its side; planes of one side never tail each other
    (nothing to learn from a friend). Positions come in the order the planes are given.

    >>> a = TailingPlane(Hex(0, 2), Facing.A, name="Iverian")
    >>> b = TailingPlane(Hex(0, 0), Facing.A, name="Dukes")
    >>> [str(t) for t in tailing_phase([a, b], {"Iverian": "Fortune Hunters", "Dukes": "Red Skulls"})]
    ['Iverian tails Dukes']
    """
    names = [p.name for p in planes]
    if any(not n for n in names) or len(set(names)) != len(names):
        raise TailingPositionError("every plane needs its own name to be matched to a side", field="name")
    missing = [n for n in names if n not in side_of]
    if missing:
        raise TailingPositionError(f"no side given for {missing}", field="side_of")
    found = []
    for f in planes:
        for l in planes:
            if f is not l and side_of[f.name] != side_of[l.name]:
                t = tailing_position(f, l)
                if t.tails:
                    found.append(t)
    return found


@dataclass(frozen=True)
class TailingOutcome:
    """The whole tailing step for one pair: position, number and what is revealed."""

    position: Tailing
    number: TailingNumber
    revealed: Revealed | None  # None when the follower does not tail

    def __str__(self) -> str:
        if self.revealed is None:
            return str(self.position)
        return f"{self.position}; tailing number {self.number.total}; {self.leader_says}"

    @property
    def leader_says(self) -> str:
        return f"{self.position.leader.label} reveals {self.revealed}" if self.revealed else ""


def resolve_tailing(follower: TailingPlane, leader: TailingPlane, maneuver: "str | PlottedMove",
                    template: ManeuverTemplate | None = None) -> TailingOutcome:
    """Position, tailing number and the revealed part of the leader's plotted ``maneuver``
    (F.tail.position, F.tail.number, F.tail.reveal; FASA p.28).

    >>> iverian = TailingPlane(Hex(0, 1), Facing.A, speed=3, sixth_sense=5, name="Iverian")
    >>> dukes = TailingPlane(Hex(0, -1), Facing.A, speed=4, sixth_sense=6, smoking=True, name="Dukes")
    >>> print(resolve_tailing(iverian, dukes, "4L3C"))
    Iverian tails Dukes; tailing number 1; Dukes reveals direction: left, speed: 4
    """
    move = on_template(maneuver, template)
    pos = tailing_position(follower, leader)
    num = pos.number()
    return TailingOutcome(pos, num, num.reveal_of(move, template) if pos.tails else None)
