"""Build an Air Action game's setup from the players' choices (A.squadron, A.aces.pilots, A.setup;
*Crimson Skies: Air Action*, "Create a Squadron", "Hit the Skies!" and the Aces section).

The players agree a build total, a multiple of 100 (200 is standard, at least 300 once an Ace
flies); each player picks planes from the figures data (``cs_panel.clix.figures``, or figures of
their own, as the dial editor saves them) adding up to that total or less, never two planes with
one pilot (A.squadron). An Ace figure may fly the plane whose pilot it is, its points added to the
plane's (A.aces.pilots). Each squadron starts at its own edge of the play area, every marker
within 3 inches of it, at a speed of the plane's speed dial (A.setup).

``game_setup`` gives the dict ``new_game("airaction", seed, setup)`` takes; a choice the rules
forbid is a ``SetupError`` subclass naming the rule (``rule_id``) and the choice (``field``).

>>> ann = add_plane([], plane("sample-fighter", edge="south"), 300)
>>> ann = add_plane(ann, plane("charlie-steele-plane", "charlie-steele-ace", edge="south", index=1), 300)
>>> str(squadron_points(ann))
'100 Sample fighter + 100 Charlie Steele plane + 49 Charlie Steele = 249'
>>> bob = [plane("sample-two-seater", edge="north")]
>>> setup = game_setup({"Ann": {"edge": "south", "planes": ann}, "Bob": {"edge": "north", "planes": bob}},
...                    build_total=300)
>>> from cs_panel.games import new_game
>>> new_game("airaction", 3, setup).waiting_for
('Ann', 'Bob')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Mapping, Sequence
from typing import Any

from cs_panel.airaction.movement import placement_ok
from cs_panel.airaction.navigation import ACE_CARD_LIBRARY, nav_cards
from cs_panel.airaction.play import EDGES, MAX_OWN_FIGURES, AirActionRules, AirActionSetupError, _seat_name_ok, cards_of
from cs_panel.airaction.squadron import ACE_MIN_BUILD, STANDARD_BUILD
from cs_panel.airaction.table import TABLE_SIZE, Pose
from cs_panel.clix.figures import Figure, figure_entry, figures, figures_from_text
from cs_panel.core.errors import CsPanelError
from cs_panel.core.explain import Modifier, terms_text
from cs_panel.setups import SetupError, rule_in

#: the most planes one squadron holds (``AirActionRules.check_setup``)
MAX_PLANES = 12
#: the play area has four edges and each squadron starts at its own (A.setup): four squadrons at most
MAX_SQUADRONS = len(EDGES)
#: where the markers of a squadron start along its edge, by the order they were added: from the
#: middle outwards, 2.75 inches apart, so twelve markers fit on a 36-inch edge without touching
_ALONG = tuple(TABLE_SIZE / 2 + 2.75 * ((i + 1) // 2) * (-1 if i % 2 else 1) for i in range(MAX_PLANES))
#: how far in from its edge a starting marker's centre sits, and the heading that faces into the area
_IN_FROM_EDGE = 2.0
_FACING = {"south": 0.0, "north": 180.0, "west": 90.0, "east": 270.0}


class FigureError(SetupError):
    """A figure that is not in the data, not an Air Action plane, or an own figure whose id is taken."""


class SquadronError(SetupError):
    """A squadron the building rules do not allow: over the build total, a build total that is not
    a multiple of 100, or two planes with one pilot (A.squadron)."""


class AcePilotError(SetupError):
    """An Ace at the controls of a plane that is not his or hers, or in a game below the Aces build
    total (A.aces.pilots)."""


class PlacementError(SetupError):
    """A player, an edge or a starting marker the set-up rules do not allow (A.setup)."""


class AceCardsError(SetupError):
    """A squadron bringing Aces' own cards without an Ace plane whose cards are known (A.nav.deck)."""


class StartSpeedError(SetupError):
    """A starting speed that is not on the plane's speed dial (A.setup, A.throttle)."""


class GameLengthError(SetupError):
    """A time limit the players cannot agree to (A.end)."""


# -- the figures --------------------------------------------------------------------------------


def own_figures(text: str | bytes, name: str = "your figures file") -> tuple[Figure, ...]:
    """The figures of a data file of your own (the dial editor's download): each checked, its id
    not one the packaged figures use (A.base.values)."""
    try:
        table = figures_from_text(text, name)
    except CsPanelError as e:
        raise FigureError(f"{name} cannot be read: {str(e)[:300]}", rule_id="A.base.values", field="figures") from None
    packaged = set(figures().ids())
    seen: set[str] = set()
    for f in table.figures:
        if f.id in packaged or f.id in seen:
            raise FigureError(f"{name}: the id {f.id!r} is taken; give your figure an id of its own",
                              rule_id="A.base.values", field="figures")
        seen.add(f.id)
    if len(table.figures) > MAX_OWN_FIGURES:
        raise FigureError(f"{name} holds {len(table.figures)} figures; a setup carries at most {MAX_OWN_FIGURES}",
                          rule_id="A.base.values", field="figures")
    return table.figures


def catalogue(own: Sequence[Figure] = ()) -> dict[str, Figure]:
    """Every figure a setup may name, by id: the packaged ones, then your own."""
    return {**{f.id: f for f in figures().figures}, **{f.id: f for f in own}}


def plane_choices(own: Sequence[Figure] = ()) -> dict[str, str]:
    """Every Air Action plane, label ("Sample fighter (rookie), 100 points") to figure id (A.squadron)."""
    return {f"{f.name}, {f.points} points": f.id for f in catalogue(own).values() if f.game == "air-action"}


def aces_for(figure_id: str, own: Sequence[Figure] = ()) -> dict[str, str]:
    """The Ace figures that may fly this plane, its own pilot's (A.aces.pilots), label to id."""
    table = catalogue(own)
    p = table.get(figure_id)
    if p is None or not p.pilot:
        return {}
    return {f"{f.name}, +{f.points} points": f.id for f in table.values() if f.game == "aces" and f.pilot == p.pilot}


def _plane_figure(figure_id: Any, own: Sequence[Figure]) -> Figure:
    f = catalogue(own).get(figure_id) if isinstance(figure_id, str) else None
    if f is None or f.game != "air-action":
        raise FigureError(f"no Air Action plane {str(figure_id)[:40]!r}; the planes are "
                          f"{sorted(plane_choices(own).values())}", rule_id="A.squadron", field="figure")
    return f


def check_player(name: Any) -> str:
    """A player's name the notation can carry: planes are called PLAYER:FIGURE (A.setup)."""
    if not isinstance(name, str) or not _seat_name_ok(name):
        raise PlacementError(f"{str(name)[:40]!r}: a player's name is 1-40 letters, digits, '.', '_' or '-' "
                             "(planes are called PLAYER:FIGURE in the notation)", rule_id="A.setup", field="player")
    return name


# -- one plane ----------------------------------------------------------------------------------


def edge_start(edge: str, index: int = 0) -> list[float]:
    """Where the ``index``-th plane of a squadron starts at ``edge`` by default: [x, y, heading],
    2 inches in from the edge, facing into the play area, within its 3-inch strip (A.setup)."""
    if edge not in EDGES:
        raise PlacementError(f"the edges are {', '.join(EDGES)}, not {str(edge)[:20]!r}", rule_id="A.setup",
                             field="edge")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < MAX_PLANES:
        raise PlacementError(f"a squadron holds at most {MAX_PLANES} planes (plane {index!r})", rule_id="A.setup",
                             field="planes")
    along, near, far = _ALONG[index], _IN_FROM_EDGE, TABLE_SIZE - _IN_FROM_EDGE
    x, y = {"south": (along, near), "north": (along, far), "west": (near, along), "east": (far, along)}[edge]
    return [x, y, _FACING[edge]]


def plane(figure_id: str, ace: str | None = None, *, edge: str = "south", index: int = 0,
          at: Sequence[float] | None = None, speed: int | None = None, own: Sequence[Figure] = ()) -> dict:
    """One plane of a squadron as a setup lists it, ``{"figure", "ace", "at", "speed"}``: the
    figure from the data (A.squadron), an Ace only of this plane's pilot (A.aces.pilots), the
    marker ``at`` [x, y, heading] within 3 inches of ``edge`` (by default the ``index``-th place
    along it, ``edge_start``) and a starting speed on its speed dial (by default where the dial
    is set) (A.setup)."""
    fig = _plane_figure(figure_id, own)
    if ace in ("", None):
        ace = None
    else:
        table = catalogue(own)
        a = table.get(ace) if isinstance(ace, str) else None
        if a is None or a.game != "aces":
            raise AcePilotError(f"no Ace figure {str(ace)[:40]!r}", rule_id="A.aces.pilots", field="ace")
        if not a.pilot or a.pilot != fig.pilot:
            raise AcePilotError(f"{a.name} flies only his or her own plane; {fig.name} is flown by "
                                f"{fig.pilot or 'no named pilot'}", rule_id="A.aces.pilots", field="ace")
    if at is None:
        at = edge_start(edge, index)
    if (not isinstance(at, (list, tuple)) or len(at) != 3
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) <= 1000 for v in at)):
        raise PlacementError(f"a starting marker is [x, y, heading] in inches and degrees, got {str(at)[:40]}",
                             rule_id="A.setup", field="at")
    if edge not in EDGES:
        raise PlacementError(f"the edges are {', '.join(EDGES)}, not {str(edge)[:20]!r}", rule_id="A.setup",
                             field="edge")
    if not placement_ok(Pose(*at), edge):
        raise PlacementError(f"{fig.name}'s marker at {at[0]:g}, {at[1]:g} must lie wholly on the play area within "
                             f"3 inches of the {edge} edge", rule_id="A.setup", field="at")
    dial = fig.speed
    assert dial is not None  # an Air Action figure always has its speed dial (Figure refuses one without)
    speeds = dial.speeds
    if speed is None:
        speed = dial.speed
    if isinstance(speed, bool) or not isinstance(speed, int) or speed not in speeds:
        raise StartSpeedError(f"{fig.name} starts at a speed of its dial, {', '.join(map(str, speeds))}; not "
                              f"{str(speed)[:10]}", rule_id="A.setup", field="speed")
    return {"figure": fig.id, "ace": ace, "at": [float(v) for v in at], "speed": speed}


# -- a squadron ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Points:
    """What a squadron costs, plane by plane and Ace by Ace (A.squadron, A.aces.pilots)."""

    terms: tuple[Modifier, ...]

    @property
    def value(self) -> int:
        return sum(t.value for t in self.terms)

    def __str__(self) -> str:
        return f"{terms_text(self.terms) or 'no planes'} = {self.value}"


def _short(name: str) -> str:
    """A figure's name without its bracketed note or possessive: 'Charlie Steele plane'."""
    return re.sub(r"\s*\(.*?\)", "", name).replace("'s ", " ").strip()


def squadron_points(planes: Sequence[Mapping], own: Sequence[Figure] = ()) -> Points:
    """The squadron's points, term by term: each plane, and each Ace flying one (A.squadron, A.aces.pilots)."""
    table = catalogue(own)
    terms = []
    for p in planes:
        f = _plane_figure(p.get("figure"), own)
        terms.append(Modifier(f.points, _short(f.name), "A.squadron"))
        if p.get("ace"):
            a = table[p["ace"]]
            terms.append(Modifier(a.points, _short(a.name), "A.aces.pilots"))
    return Points(tuple(terms))


def check_build_total(build_total: Any) -> int:
    """The agreed build total: a multiple of 100 (A.squadron)."""
    if isinstance(build_total, bool) or not isinstance(build_total, int) or not 100 <= build_total <= 10_000 \
            or build_total % 100:
        raise SquadronError(f"the build total is a multiple of 100 (200 is standard), 100 to 10,000; not "
                            f"{str(build_total)[:12]}", rule_id="A.squadron", field="build_total")
    return build_total


def check_squadron(player: str, planes: Sequence[Mapping], build_total: int, own: Sequence[Figure] = ()) -> Points:
    """The squadron's points if it keeps the building rules: within the build total, never two
    planes with one pilot (A.squadron), Aces only with a build total of 300 or more (A.aces.pilots)."""
    check_build_total(build_total)
    pilots: set[str] = set()
    if not isinstance(planes, (list, tuple)) or not all(isinstance(p, Mapping) for p in planes):
        raise SquadronError(f"{str(player)[:40]}'s squadron lists its planes, each an object with its figure",
                            rule_id="A.squadron", field="figure")
    for p in planes:
        f = _plane_figure(p.get("figure"), own)
        pilot = f.pilot or f.id
        if pilot in pilots:  # an Ace flies only his own plane, so no Ace can fly twice either
            raise SquadronError(f"{player}'s squadron has two planes flown by {pilot}", rule_id="A.squadron",
                                field="figure")
        pilots.add(pilot)
    if any(p.get("ace") for p in planes) and build_total < ACE_MIN_BUILD:
        raise AcePilotError(f"a game with Aces uses a build total of at least {ACE_MIN_BUILD}, not {build_total}",
                            rule_id="A.aces.pilots", field="build_total")
    total = squadron_points(planes, own)
    if total.value > build_total:
        raise SquadronError(f"{player}'s squadron, {total}, is over the build total of {build_total}",
                            rule_id="A.squadron", field="figure")
    return total


def add_plane(planes: Sequence[Mapping], new: Mapping, build_total: int = STANDARD_BUILD, *, player: str = "this",
              own: Sequence[Figure] = ()) -> list[dict]:
    """The squadron with ``new`` added, if the building rules allow it (``check_squadron``)."""
    if len(planes) >= MAX_PLANES:
        raise SquadronError(f"a squadron in this game holds at most {MAX_PLANES} planes", rule_id="A.squadron",
                            field="figure")
    out = [dict(p) for p in planes] + [dict(new)]
    check_squadron(player, out, build_total, own)
    return out


def ace_cards_for(planes: Sequence[Mapping], own: Sequence[Figure] = (), player: str = "this") -> dict[str, list[str]]:
    """The Aces' own cards a squadron may add to its deck, two for each Ace plane whose cards are
    known, by Ace figure id (A.nav.deck); none is refused."""
    figs = [_plane_figure(p.get("figure"), own) for p in planes]
    try:
        aces = cards_of({f.id: f for f in own}, figs, player)
    except AirActionSetupError as e:
        raise AceCardsError(str(e), rule_id="A.nav.deck", field="ace_cards") from None
    cards = nav_cards(ACE_CARD_LIBRARY)
    return {a: [c.name for c in cards if c.ace == a for _ in range(c.copies)] for a in aces}


# -- the game -----------------------------------------------------------------------------------


def game_setup(squadrons: Mapping[str, Mapping], *, build_total: int = STANDARD_BUILD, max_turns: int = 8,
               campaign: bool = False, own: Sequence[Figure] = ()) -> dict:
    """The setup dict for ``new_game("airaction", seed, setup)``: two to four players, each with a
    squadron (``{"edge": ..., "planes": [...]}``) within the build total (A.squadron,
    A.aces.pilots) at an edge of its own (A.setup); ``max_turns`` is the agreed time limit (0 for
    none, A.end). A squadron with ``"ace_cards": True`` adds its Ace planes' own cards to its deck
    (A.nav.deck). Your own figures the squadrons fly travel with the setup (``"figures"``)."""
    if not isinstance(squadrons, Mapping) or not 2 <= len(squadrons) <= MAX_SQUADRONS:
        raise PlacementError(f"a game needs 2 to {MAX_SQUADRONS} players, each with a squadron at an edge of its own",
                             rule_id="A.setup", field="player")
    check_build_total(build_total)
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 0 <= max_turns <= 1000:
        raise GameLengthError(f"the agreed time limit is 0 (none) to 1000 turns, not {str(max_turns)[:12]}",
                              rule_id="A.end", field="max_turns")
    if not isinstance(campaign, bool):
        raise GameLengthError("a campaign game is played or not: true or false", rule_id="A.campaign.levels",
                              field="campaign")
    edges: dict[str, str] = {}
    out: list[dict] = []
    used: set[str] = set()
    for player, sq in squadrons.items():
        if not isinstance(sq, Mapping):
            raise PlacementError(f"{str(player)[:40]}'s squadron is {{'edge': ..., 'planes': [...]}}", rule_id="A.setup",
                                 field="player")
        check_player(player)
        edge, planes = sq.get("edge"), sq.get("planes") or []
        if not isinstance(planes, (list, tuple)):
            raise SquadronError(f"{player}'s planes are a list, not {str(planes)[:40]!r}", rule_id="A.squadron",
                                field="figure")
        planes = list(planes)
        if edge not in EDGES:
            raise PlacementError(f"{player}'s edge is one of {', '.join(EDGES)}, not {str(edge)[:20]!r}",
                                 rule_id="A.setup", field="edge")
        if edge in edges:
            raise PlacementError(f"{player} and {edges[edge]} both start at the {edge} edge: each squadron starts "
                                 "at an edge of its own", rule_id="A.setup", field="edge")
        edges[edge] = player
        if not planes:
            raise SquadronError(f"{player}'s squadron has no plane yet", rule_id="A.squadron", field="figure")
        check_squadron(player, planes, build_total, own)
        clean = []
        for p in planes:
            clean.append(plane(p.get("figure"), p.get("ace"), edge=edge, at=p.get("at"), speed=p.get("speed"), own=own))
            used.update(i for i in (p.get("figure"), p.get("ace")) if i)
        entry = {"player": player, "edge": edge, "planes": clean}
        if sq.get("ace_cards", False) not in (True, False):
            raise AceCardsError(f"{player}'s squadron brings its Aces' cards or not: true or false", rule_id="A.nav.deck",
                                field="ace_cards")
        if sq.get("ace_cards"):
            ace_cards_for(planes, own, player)
            entry["ace_cards"] = True
        out.append(entry)
    setup: dict = {"squadrons": out, "build_total": build_total, "max_turns": max_turns, "campaign": campaign}
    mine = [figure_entry(f) for f in own if f.id in used]
    if mine:
        setup["figures"] = mine
    try:
        return AirActionRules().check_setup(setup)
    except CsPanelError as e:
        raise PlacementError(str(e), rule_id=rule_in(str(e), "A.setup"), field=e.field) from None


__all__ = ["AceCardsError", "AcePilotError", "FigureError", "GameLengthError", "MAX_PLANES", "MAX_SQUADRONS", "PlacementError", "Points",
           "SquadronError", "StartSpeedError", "ace_cards_for", "aces_for", "add_plane", "catalogue", "check_build_total",
           "check_player", "check_squadron", "edge_start", "game_setup", "own_figures", "plane", "plane_choices", "squadron_points"]
