"""Clix combat dials and speed dials: the rotating discs that hold a figure's changing numbers.

A combat dial is an ordered run of clicks. Each click shows one value per stat in the L-shaped
stat slot, some of them on a coloured square (a skill, piece of equipment, talent or ability),
or else the elimination symbols: three bullet holes for an Air Action plane (A.shot-down),
three KO symbols for an Aces character (K.attack). Play starts at the green triangle
(A.setup, K.setup); damage turns the dial clockwise one click per hit; healing, where a rule
allows it, turns it back (K.base.values). Campaign dials go on past the first three-bullet-hole
click, each such click with its bail-out value, up to the black structural limit line
(A.campaign.bailout). Air Action: "Pilot and Plane", "Hit the Skies!", "Bailing Out"; Aces:
"Aces and Character Tokens".

The speed dial (a spindle on an Air Action base) holds the plane's speeds in a ring. Throttling
up turns it counter-clockwise, down clockwise, and neither may cross the red line
(A.throttle). Some positions carry coloured speed-effect squares (A.move.speed-effects).

Every object is a frozen dataclass: clicking returns a new dial, so an undo is just the old
value, and ``cs_panel.core.state.dumps`` / ``loads`` save and restore any of them.

>>> d = CombatDial(("attack", "defense"), (Click((3, 4)), Click((2, 4)), Click.eliminated_click()))
>>> d.value("attack"), d.click().value("attack"), d.click(2).eliminated
(3, 2, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable

from cs_panel.core.errors import RuleInputError
from cs_panel.core.limits import LIMITS
from cs_panel.core.validate import check_bool, check_int, check_str, short_repr

#: stat names of an Air Action combat dial, in stat-slot order (A.base.values)
AIR_ACTION_STATS = ("max_speed", "front_gunnery", "rear_gunnery", "piloting")
#: stat names of an Aces combat dial (K.base.values)
ACES_STATS = ("speed", "attack", "defense", "fate")

STAT_LABELS = {
    "max_speed": "maximum speed",
    "front_gunnery": "front gunnery",
    "rear_gunnery": "rear gunnery",
    "piloting": "piloting",
    "speed": "speed",
    "attack": "attack",
    "defense": "defense",
    "fate": "fate",
}

BULLET_HOLES = "three bullet holes"
KO = "three KO symbols"


class DialError(RuleInputError):
    """A dial that cannot be built as given, or asked for a stat it does not have."""


class DialEndError(DialError):
    """Clicking a combat dial past the click where it must stop: the shot-down (or KO) click in
    normal play, the structural limit line in a campaign, or the last click printed."""


class DialStartError(DialError):
    """Clicking a combat dial back (healing) past its starting position."""


class StructuralLimitError(DialError):
    """A structural limit line where a campaign dial cannot have it (A.campaign.bailout): off the
    dial, before the first shot-down click, or past a click that still shows values."""


class RedLineError(DialError):
    """Turning a speed dial across its red line (A.throttle)."""


def _tuple(value, field: str) -> tuple:
    """A list or tuple field as a tuple; text or a lone value is a named error, not split up."""
    if not isinstance(value, (list, tuple)):
        raise DialError(f"{field} must be a list, got {short_repr(value)}", field=field)
    return tuple(value)


@dataclass(frozen=True)
class Marker:
    """A coloured square behind one stat value of one click: a skill or equipment (Air Action,
    A.base.skills) or a talent or ability (Aces). What the colour means is looked up on the
    skills card data (``cs_panel.clix.skills``)."""

    stat: str
    colour: str

    def __post_init__(self):
        check_str(self.stat, "stat", error=DialError)
        check_str(self.colour, "colour", error=DialError)


@dataclass(frozen=True)
class Click:
    """One click of a combat dial: a value per stat (in the dial's stat order) and its coloured
    markers, or the elimination symbols. ``bail_out`` is the campaign bail-out value printed on
    an eliminated click (A.campaign.bailout)."""

    values: tuple[int, ...] = ()
    markers: tuple[Marker, ...] = ()
    eliminated: bool = False
    bail_out: int | None = None

    def __post_init__(self):
        object.__setattr__(self, "values", _tuple(self.values, "values"))
        object.__setattr__(self, "markers", _tuple(self.markers, "markers"))
        check_bool(self.eliminated, "eliminated", error=DialError)
        if self.bail_out is not None:
            check_int(self.bail_out, "bail_out", limit="clix.dial_value", error=DialError)
        for m in self.markers:
            if not isinstance(m, Marker):
                raise DialError(f"markers are Marker(stat, colour), got {short_repr(m)}", field="markers")
        if self.eliminated and self.values:
            raise DialError("an eliminated click shows its symbols, not stat values", field="values")
        if self.bail_out is not None and not self.eliminated:
            raise DialError("only a shot-down click carries a bail-out value", field="bail_out")
        for v in self.values:
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise DialError(f"dial values are whole numbers of 0 or more, got {short_repr(v)}", field="values")
            check_int(v, "values", limit="clix.dial_value", error=DialError)

    @classmethod
    def eliminated_click(cls, bail_out: int | None = None) -> "Click":
        """A click showing three bullet holes (or KO symbols)."""
        return cls((), (), True, bail_out)


@dataclass(frozen=True)
class Damage:
    """What applying hits to a dial did: the new dial, the clicks taken, the hits left over
    because the dial stopped (A.shot-down: no more hits once the plane is down)."""

    dial: "CombatDial"
    applied: int
    unused: int

    @property
    def eliminated(self) -> bool:
        return self.dial.eliminated


@dataclass(frozen=True)
class CombatDial:
    """An ordered run of clicks with a starting position and a current position.

    ``stats`` names the values of each click in stat-slot order. ``start`` is the click under the
    green triangle; ``position`` the click in the slot now (the start unless given).
    ``structural_limit`` is the index of the last click before the black structural limit line,
    the end of a campaign dial (A.campaign.bailout): the first shot-down click or a later one,
    with only shot-down clicks between (``StructuralLimitError`` otherwise); without one the last
    click is the limit.
    """

    stats: tuple[str, ...]
    clicks: tuple[Click, ...]
    start: int = 0
    position: int | None = None
    structural_limit: int | None = None
    eliminated_symbol: str = BULLET_HOLES

    def __post_init__(self):
        object.__setattr__(self, "stats", _tuple(self.stats, "stats"))
        object.__setattr__(self, "clicks", _tuple(self.clicks, "clicks"))
        for name in self.stats:
            check_str(name, "stats", error=DialError)
        for c in self.clicks:
            if not isinstance(c, Click):
                raise DialError(f"clicks are Click(...) values, got {short_repr(c)}", field="clicks")
        if len(self.clicks) > LIMITS["clix.click"].hi + 1:
            raise DialError(f"a dial of {len(self.clicks)} clicks; at most {LIMITS['clix.click'].hi + 1} "
                            f"({LIMITS['clix.click']})", field="clicks")
        check_int(self.start, "start", error=DialError)
        if self.position is not None:
            check_int(self.position, "position", error=DialError)
        if self.structural_limit is not None:
            check_int(self.structural_limit, "structural_limit", error=StructuralLimitError)
        check_str(self.eliminated_symbol, "eliminated_symbol", error=DialError)
        if not self.stats or len(set(self.stats)) != len(self.stats):
            raise DialError(f"a dial needs distinct stat names, got {self.stats!r}", field="stats")
        if not self.clicks:
            raise DialError("a dial needs at least one click", field="clicks")
        for i, c in enumerate(self.clicks):
            if not c.eliminated and len(c.values) != len(self.stats):
                raise DialError(
                    f"click {i} has {len(c.values)} values for {len(self.stats)} stats {list(self.stats)}",
                    field=f"clicks[{i}].values",
                )
            for m in c.markers:
                if m.stat not in self.stats:
                    raise DialError(f"click {i} marks unknown stat {m.stat!r}", field=f"clicks[{i}].markers")
        n = len(self.clicks)
        if not 0 <= self.start < n or self.clicks[self.start].eliminated:
            raise DialError(f"starting position {self.start} must be a click with values (0-{n - 1})", field="start")
        if self.position is None:
            object.__setattr__(self, "position", self.start)
        if not 0 <= self.position < n:
            raise DialError(f"position {self.position} is not a click of this dial (0-{n - 1})", field="position")
        if self.structural_limit is not None and not self.start <= self.structural_limit < n:
            raise StructuralLimitError(
                f"structural limit {self.structural_limit} must lie between the start and the last click",
                field="structural_limit",
            )
        if not any(c.eliminated for c in self.clicks[self.start:]):
            raise DialError("a combat dial must end in an eliminated (shot-down / KO) click", field="clicks")
        if self.structural_limit is not None:
            self._check_structural_limit(self.structural_limit)

    def _check_structural_limit(self, limit: int) -> None:
        """Our reading of A.campaign.bailout: campaign damage goes on clicking only once three
        bullet holes show, and stops at the line, so the line closes a run of shot-down clicks.
        The last click before it is the first shot-down click or a later one, and every click
        from the first shot-down click to the line shows bullet holes (each with its own
        bail-out value). A line any earlier would let a campaign stop the dial before the plane
        could ever be shot down."""
        first = self.first_eliminated
        if limit < first:
            raise StructuralLimitError(
                f"structural limit after click {limit} comes before the first {self.eliminated_symbol} click ({first}): "
                f"the line follows a shot-down click, at click {first} or later",
                field="structural_limit",
            )
        flying = [i for i in range(first, limit + 1) if not self.clicks[i].eliminated]
        if flying:
            raise StructuralLimitError(
                f"structural limit after click {limit} is past click {flying[0]}, which shows values: every click "
                f"from the first {self.eliminated_symbol} click to the line is a shot-down click",
                field="structural_limit",
            )

    # -- reading ----------------------------------------------------------------------------
    @property
    def slot(self) -> int:
        """Index of the click in the stat slot: ``position`` as an ``int``."""
        # __post_init__ runs on every construction (``replace`` included) and turns a missing
        # position into ``start``, so a built dial never holds None here
        assert self.position is not None
        return self.position

    @property
    def current(self) -> Click:
        """The click in the stat slot."""
        return self.clicks[self.slot]

    @property
    def eliminated(self) -> bool:
        """Three bullet holes (or KO symbols) in the slot (A.shot-down, K.attack)."""
        return self.current.eliminated

    @property
    def shot_down(self) -> bool:
        return self.eliminated

    def value(self, stat: str) -> int:
        """The current value of ``stat``; an eliminated click has none."""
        if stat not in self.stats:
            raise DialError(f"this dial has no {stat!r}; it has {list(self.stats)}", field="stat")
        if self.eliminated:
            raise DialEndError(f"the slot shows {self.eliminated_symbol}: no {STAT_LABELS.get(stat, stat)} value", field="stat")
        return self.current.values[self.stats.index(stat)]

    @property
    def values(self) -> dict[str, int]:
        """Every stat of the current click, by name (empty when eliminated)."""
        return dict(zip(self.stats, self.current.values))

    def markers(self, stat: str | None = None) -> tuple[Marker, ...]:
        """The coloured squares showing now (for one stat, or all)."""
        return tuple(m for m in self.current.markers if stat is None or m.stat == stat)

    @property
    def bail_out(self) -> int | None:
        """The bail-out value in the slot, if the plane is down on a click that has one."""
        return self.current.bail_out

    @property
    def first_eliminated(self) -> int:
        """Index of the first eliminated click after the start: where normal play stops."""
        return next(i for i in range(self.start, len(self.clicks)) if self.clicks[i].eliminated)

    def limit(self, campaign: bool = False) -> int:
        """Index of the last click damage can reach from here: the next eliminated click in a
        normal game (A.shot-down); the structural limit line in a campaign (A.campaign.bailout)."""
        if campaign:
            return self.structural_limit if self.structural_limit is not None else len(self.clicks) - 1
        if self.eliminated:
            return self.slot
        return next(i for i in range(self.slot, len(self.clicks)) if self.clicks[i].eliminated)

    def clicks_to_eliminate(self) -> int:
        """How many clicks of damage would put three bullet holes in the slot (0 if already)."""
        return self.limit() - self.slot

    # -- turning -----------------------------------------------------------------------------
    def click(self, n: int = 1, *, campaign: bool = False) -> "CombatDial":
        """Turn the dial ``n`` clicks clockwise (damage, or an ace's fate click).

        Raises ``DialEndError`` if that would pass the click where the dial must stop.
        """
        n = _count(n, "clicks")
        if n and self.eliminated and not campaign:
            raise DialEndError(f"the slot already shows {self.eliminated_symbol}; the figure is out", field="clicks")
        last = self.limit(campaign)
        if self.slot + n > last:
            where = "the structural limit line" if campaign else f"the {self.eliminated_symbol}"
            raise DialEndError(
                f"{n} click(s) from click {self.position} would pass {where} at click {last}", field="clicks"
            )
        return replace(self, position=self.slot + n)

    def take_hits(self, hits: int, *, campaign: bool = False) -> Damage:
        """Apply ``hits`` clicks of damage, stopping where the rules stop (A.shot-down: no more
        hits once three bullet holes show; in a campaign, at the structural limit line)."""
        hits = _count(hits, "hits")
        room = self.limit(campaign) - self.slot
        applied = min(hits, max(room, 0))
        return Damage(replace(self, position=self.slot + applied), applied, hits - applied)

    def click_back(self, n: int = 1) -> "CombatDial":
        """Turn the dial ``n`` clicks counter-clockwise (healing, or undoing a click). It never
        goes back past the starting position: our reading, as no rule of these texts heals a
        figure beyond the green triangle."""
        n = _count(n, "clicks")
        if self.slot - n < self.start:
            raise DialStartError(
                f"{n} click(s) back from click {self.position} would pass the starting position {self.start}",
                field="clicks",
            )
        return replace(self, position=self.slot - n)

    def at(self, position: int) -> "CombatDial":
        """The same dial turned to ``position`` (for editors and teaching views)."""
        return replace(self, position=position)

    def reset(self) -> "CombatDial":
        """The dial at its starting position (A.setup, K.setup)."""
        return replace(self, position=self.start)

    # -- showing -----------------------------------------------------------------------------
    def describe_click(self, index: int | None = None) -> str:
        """One click as text: ``"max speed 6, front gunnery 3 [red], ..."``."""
        c = self.clicks[self.slot if index is None else index]
        if c.eliminated:
            extra = f" (bail out {c.bail_out})" if c.bail_out is not None else ""
            return self.eliminated_symbol + extra
        parts = []
        for s, v in zip(self.stats, c.values):
            colours = [m.colour for m in c.markers if m.stat == s]
            parts.append(f"{STAT_LABELS.get(s, s)} {v}" + (f" [{', '.join(colours)}]" if colours else ""))
        return ", ".join(parts)

    def __str__(self) -> str:
        return f"click {self.position}: {self.describe_click()}"

    def _repr_html_(self) -> str:
        from cs_panel.clix.view import combat_dial_html  # drawing, loaded only when a picture is asked for

        return combat_dial_html(self)


def _count(n, field: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise DialError(f"{field} must be a whole number of 0 or more, got {short_repr(n)}", field=field)
    most = LIMITS["count"].hi
    if n > most:
        raise DialError(f"{field} {short_repr(n)} is over {most} (project limit: {LIMITS['count'].why})", field=field)
    return n


# -- speed dial ------------------------------------------------------------------------------

SPEED_EFFECT_LOCATIONS = ("max_speed", "gunnery")


@dataclass(frozen=True)
class SpeedSquare:
    """A coloured speed-effect square at one speed-dial position. ``location`` says which kind:
    ``"max_speed"`` squares are resolved before moving (A.move.speed-effects), ``"gunnery"``
    squares when the plane shoots (A.combat.shot). The colour is looked up in the speed-effect
    data (``cs_panel.clix.skills.speed_effects``)."""

    position: int
    location: str
    colour: str

    def __post_init__(self):
        check_int(self.position, "position", error=DialError)
        check_str(self.colour, "colour", error=DialError)
        if not isinstance(self.location, str) or self.location not in SPEED_EFFECT_LOCATIONS:
            raise DialError(f"speed effect location must be one of {SPEED_EFFECT_LOCATIONS}, got {self.location!r}", field="location")


@dataclass(frozen=True)
class SpeedDial:
    """The speeds of the spindle, listed in throttle-up (counter-clockwise) order around the
    ring, and the red line. The red line lies just after position ``red_line`` (by default the
    last, so that the dial cannot wrap from its top speed to its lowest); throttling may never
    turn the dial across it (A.throttle).

    >>> sd = SpeedDial((1, 2, 3, 4, 5, 6), position=2)
    >>> sd.speed, sd.throttle(1).speed, sd.throttle(-2).speed
    (3, 4, 1)
    """

    speeds: tuple[int, ...]
    position: int = 0
    red_line: int | None = None
    squares: tuple[SpeedSquare, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "speeds", _tuple(self.speeds, "speeds"))
        object.__setattr__(self, "squares", _tuple(self.squares, "squares"))
        check_int(self.position, "position", error=DialError)
        if self.red_line is not None:
            check_int(self.red_line, "red_line", error=DialError)
        for sq in self.squares:
            if not isinstance(sq, SpeedSquare):
                raise DialError(f"squares are SpeedSquare(...) values, got {short_repr(sq)}", field="squares")
        n = len(self.speeds)
        if n < 2:
            raise DialError("a speed dial needs at least two speeds", field="speeds")
        for s in self.speeds:
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 10:
                raise DialError(f"speeds run 0-10 (the count-down starts at 10, A.order), got {s!r}", field="speeds")
        if len(set(self.speeds)) != n:
            raise DialError(f"each speed appears once on the dial, got {self.speeds!r}", field="speeds")
        if self.red_line is None:
            object.__setattr__(self, "red_line", n - 1)
        if not 0 <= self.red_line < n:
            raise DialError(f"red line position {self.red_line} is not on the dial (0-{n - 1})", field="red_line")
        if not 0 <= self.position < n:
            raise DialError(f"position {self.position} is not on the dial (0-{n - 1})", field="position")
        for sq in self.squares:
            if not 0 <= sq.position < n:
                raise DialError(f"speed effect square at {sq.position} is off the dial", field="squares")

    @property
    def speed(self) -> int:
        """The current speed."""
        return self.speeds[self.position]

    @property
    def _red(self) -> int:
        """``red_line`` as an ``int``."""
        # __post_init__ runs on every construction (``replace`` included) and turns a missing
        # red line into the last position, so a built dial never holds None here
        assert self.red_line is not None
        return self.red_line

    def _linear(self, position: int) -> int:
        """Steps from the lowest position just past the red line."""
        return (position - self._red - 1) % len(self.speeds)

    def _from_linear(self, k: int) -> int:
        return (k + self._red + 1) % len(self.speeds)

    @property
    def lowest(self) -> int:
        """The speed just past the red line, where throttling down stops."""
        return self.speeds[self._from_linear(0)]

    @property
    def highest(self) -> int:
        """The speed just before the red line, where throttling up stops."""
        return self.speeds[self._red]

    def steps_to(self, speed: int) -> int:
        """Signed clicks from the current speed to ``speed`` without crossing the red line
        (positive = throttle up)."""
        if speed not in self.speeds:
            raise DialError(f"speed {speed} is not on this dial {list(self.speeds)}", field="speed")
        return self._linear(self.speeds.index(speed)) - self._linear(self.position)

    def throttle(self, clicks: int) -> "SpeedDial":
        """Turn the dial ``clicks`` positions (positive = up, counter-clockwise). How many clicks a
        turn allows is the throttle rule's business (``cs_panel.airaction.throttle``); this only
        refuses to cross the red line."""
        if isinstance(clicks, bool) or not isinstance(clicks, int):
            raise DialError(f"throttle clicks must be a whole number, got {clicks!r}", field="clicks")
        k = self._linear(self.position) + clicks
        if not 0 <= k < len(self.speeds):
            edge = self.highest if clicks > 0 else self.lowest
            raise RedLineError(
                f"throttling {'up' if clicks > 0 else 'down'} {abs(clicks)} from speed {self.speed} would cross the red line "
                f"(speeds stop at {edge})",
                field="clicks",
            )
        return replace(self, position=self._from_linear(k))

    def set_speed(self, speed: int) -> "SpeedDial":
        """Turn the dial straight to ``speed`` (the free choice at the start of a game, A.throttle)."""
        return self.throttle(self.steps_to(speed))

    def squares_at(self, location: str | None = None) -> tuple[SpeedSquare, ...]:
        """The speed-effect squares showing at the current position."""
        return tuple(s for s in self.squares if s.position == self.position and (location is None or s.location == location))

    def __str__(self) -> str:
        return f"speed {self.speed}"

    def _repr_html_(self) -> str:
        from cs_panel.clix.view import speed_dial_html  # drawing, loaded only when a picture is asked for

        return speed_dial_html(self)


def stats_for(game: str) -> tuple[str, ...]:
    """The combat-dial stats of a game: ``"air-action"`` or ``"aces"``."""
    if game == "air-action":
        return AIR_ACTION_STATS
    if game == "aces":
        return ACES_STATS
    raise DialError(f"unknown clix game {game!r}; expected 'air-action' or 'aces'", field="game")


def build_dial(
    stats: Iterable[str],
    rows: Iterable[Iterable[int] | None],
    *,
    start: int = 0,
    bail_outs: dict[int, int] | None = None,
    structural_limit: int | None = None,
    markers: dict[int, dict[str, str]] | None = None,
    eliminated_symbol: str = BULLET_HOLES,
) -> CombatDial:
    """A dial from plain rows: a sequence of values per click, ``None`` for an eliminated click.

    >>> d = build_dial(AIR_ACTION_STATS, [(5, 3, 0, 7), None], bail_outs={1: 6})
    >>> d.click().bail_out
    6
    """
    bail_outs = bail_outs or {}
    markers = markers or {}
    clicks = []
    for i, row in enumerate(rows):
        if row is None:
            clicks.append(Click.eliminated_click(bail_outs.get(i)))
        else:
            ms = tuple(Marker(s, c) for s, c in sorted(markers.get(i, {}).items()))
            clicks.append(Click(tuple(row), ms))
    return CombatDial(tuple(stats), tuple(clicks), start, None, structural_limit, eliminated_symbol)


__all__ = [
    "ACES_STATS", "AIR_ACTION_STATS", "BULLET_HOLES", "KO", "Click", "CombatDial", "Damage", "DialEndError",
    "DialError", "DialStartError", "Marker", "RedLineError", "SpeedDial", "SpeedSquare", "StructuralLimitError", "build_dial",
    "stats_for",
]
