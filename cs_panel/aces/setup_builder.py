"""Build an Aces game's setup from the players' choices (K.recruit, K.setup; *Crimson Skies: Aces*,
Recruitment and Hit the Deck!).

Each player recruits a team of characters from the figures data (``cs_panel.clix.figures``, the
Aces entries): up to 100 points, the same Ace at most once a team, tokens as often as wanted
(K.recruit). The players agree a map; the first player in the turn order sets up in the starting
area at one narrow end, the second at the other (K.setup; ``Board.starting_area``), each
character on its own free square there.

``game_setup`` gives the dict ``new_game("aces", seed, setup)`` takes; a choice the rules forbid
is a ``SetupError`` naming the rule (``rule_id``) and the choice (``field``).

>>> tim = [member("charlie-steele-ace", "Charlie", (1, 3)), member("tail-gunner", "Gunner", (2, 4))]
>>> kim = [member("loyle-crawford-ace", "Loyle", (14, 4)), member("ruffian", "Ruffian", (13, 3))]
>>> setup = game_setup("training-yard", {"Tim": tim, "Kim": kim})
>>> str(team_points(["charlie-steele-ace", "tail-gunner"]))
'49 Charlie Steele + 9 Tail Gunner = 58'
>>> from cs_panel.games import new_game
>>> new_game("aces", 2, setup).waiting_for
('Tim',)
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from cs_panel.aces.board import Square, maps as board_maps
from cs_panel.aces.game import BUILD_TOTAL, GameRuleError, Total, recruit
from cs_panel.clix.figures import figures
from cs_panel.core.errors import CsPanelError
from cs_panel.setups import SetupError, rule_in

#: the most characters one team may hold (``AcesRules.check_setup``)
MAX_TEAM = 20
#: the words the action notation uses to join a character's name to the rest ("move NAME to X,Y")
_BAD_NAME = re.compile(r"^\s|\s$| & | with | then | from | to |,|\s\s")


class TeamError(SetupError):
    """A team the recruiting rules do not allow (K.recruit)."""


class PlacementError(SetupError):
    """A map, turn order or starting square the set-up rules do not allow (K.setup)."""


def characters() -> dict[str, str]:
    """Every Aces character of the figures data, label ("Charlie Steele (Ace figure, sample dial), 49
    points") to figure id."""
    return {f"{f.name}, {f.points} points": f.id for f in figures().figures if f.game == "aces"}


def maps() -> list[str]:
    """The maps a game may be played on."""
    return list(board_maps())


def starting_squares(map_name: str, area: int) -> list[Square]:
    """The squares of starting area 0 (the first player's) or 1 (the second's), in order (K.setup)."""
    if not isinstance(map_name, str) or map_name not in board_maps():
        raise PlacementError(f"no map {str(map_name)[:40]!r}; the maps are {maps()}", rule_id="K.setup", field="map")
    return sorted(board_maps()[map_name].starting_area(area), key=lambda s: (s[0], s[1]))


def free_square(map_name: str, area: int, taken: Sequence[Square] = ()) -> Square:
    """The first square of a starting area not yet taken (K.setup)."""
    taken_set = {tuple(s) for s in taken}
    for s in starting_squares(map_name, area):
        if s not in taken_set:
            return s
    raise PlacementError(f"starting area {area} of the {map_name} map is full", rule_id="K.setup", field="square")


def check_start(map_name: str, area: int, name: str, square: Sequence[int], taken: Mapping[tuple, str]) -> Square:
    """``square`` if ``name`` may start there: on the map, not blocking terrain, not taken (``taken``
    maps squares to who is there), and inside starting area ``area`` (0 for the first player, 1
    for the second; later players, beyond the two narrow ends, anywhere free) (K.setup)."""
    if not isinstance(map_name, str) or map_name not in board_maps():
        raise PlacementError(f"no map {str(map_name)[:40]!r}; the maps are {maps()}", rule_id="K.setup", field="map")
    board = board_maps()[map_name]
    s = (square[0], square[1])
    if not board.on_map(s) or s in board.blocking:
        raise PlacementError(f"{name} cannot start on {s}: it is off the map or blocking terrain",
                             rule_id="K.setup", field="square")
    if s in taken:
        raise PlacementError(f"{name} cannot start on {s}: {taken[s]} is there", rule_id="K.setup", field="square")
    if area < 2 and s not in board.starting_area(area):
        raise PlacementError(f"{name} starts in {'the first' if area == 0 else 'the second'} player's starting area, "
                             f"three squares deep at {'one' if area == 0 else 'the other'} narrow end; {s} is not in it",
                             rule_id="K.setup", field="square")
    return s


def member(figure_id: str, name: str, square: Sequence[int]) -> list:
    """One character of a team, ``[figure id, name, [x, y]]``, as a setup lists it. The name is
    how actions call it ("move NAME to X,Y"), so it may not hold the words that notation uses."""
    table = figures()
    if not isinstance(figure_id, str) or figure_id not in table.ids("aces"):
        raise TeamError(f"no Aces character {str(figure_id)[:40]!r}; the figures are {table.ids('aces')}",
                        rule_id="K.recruit", field="figure")
    if not isinstance(name, str) or not name or len(name) > 40 or _BAD_NAME.search(name):
        raise TeamError(f"{str(name)[:40]!r}: a character's name is 1-40 characters without ',', ' & ', ' with ', "
                        "' then ', ' from ' or ' to ' (actions name characters with those words)",
                        rule_id="K.actions", field="name")
    if (not isinstance(square, (list, tuple)) or len(square) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 1000 for v in square)):
        raise PlacementError(f"a square is two whole numbers (x, y), got {str(square)[:30]}", rule_id="K.setup",
                             field="square")
    return [figure_id, name, [square[0], square[1]]]


def team_points(figure_ids: Sequence[str]) -> Total:
    """What a team costs, figure by figure, refused if it breaks the recruiting rules (K.recruit)."""
    try:
        return recruit("team", list(figure_ids)).total
    except GameRuleError as e:
        raise TeamError(str(e), rule_id="K.recruit", field="figure") from None


def game_setup(map_name: str, teams: Mapping[str, Sequence[Sequence[Any]]], order: Sequence[str] | None = None, *,
               max_turns: int = 30, defensive_fate: bool = True) -> dict:
    """The setup dict for ``new_game("aces", seed, setup)``: two or more players' teams, each within
    the build total (K.recruit), the first two in ``order`` (the teams' order by default) set up in
    starting areas 0 and 1 (K.setup); ``max_turns`` rounds is the agreed time limit (K.end)."""
    from cs_panel.aces.play import AcesRules, _BAD_NAME as _BAD_PLAYER

    if not isinstance(map_name, str) or map_name not in board_maps():
        raise PlacementError(f"no map {str(map_name)[:40]!r}; the maps are {maps()}", rule_id="K.setup", field="map")
    if not isinstance(teams, Mapping) or len(teams) < 2:
        raise PlacementError("a game needs two or more players, each with a team", rule_id="K.setup", field="player")
    if order is not None and not isinstance(order, (list, tuple)):
        raise PlacementError(f"the turn order is a list of the players, not {str(order)[:40]!r}", rule_id="K.setup",
                             field="order")
    order = list(teams) if order is None else list(order)
    if sorted(map(str, order)) != sorted(map(str, teams)):
        raise PlacementError(f"the turn order names every player once: {list(teams)}", rule_id="K.setup", field="order")
    for p in order:
        if not isinstance(p, str) or not p or len(p) > 40 or _BAD_PLAYER.search(p):
            raise PlacementError(f"{str(p)[:40]!r}: a player's name is 1-40 characters without the words actions use "
                                 "(',', ' & ', ' with ', ' then ', ' from ', ' to ')", rule_id="K.actions", field="player")
    clean: dict[str, list] = {}
    taken: dict[tuple, str] = {}
    names: set[str] = set()
    for area, player in enumerate(order):
        team = teams[player]
        if not isinstance(team, (list, tuple)) or not 1 <= len(team) <= MAX_TEAM:
            raise TeamError(f"{player}'s team holds 1 to {MAX_TEAM} characters", rule_id="K.recruit", field="figure")
        built = [member(*m) if isinstance(m, (list, tuple)) and len(m) == 3 else member("", "", ()) for m in team]
        try:
            recruit(player, [fid for fid, _, _ in built])
        except GameRuleError as e:
            raise TeamError(str(e), rule_id="K.recruit", field="figure") from None
        for fid, name, sq in built:
            if name in names:
                raise TeamError(f"two characters are called {name!r}: every character needs its own name",
                                rule_id="K.actions", field="name")
            names.add(name)
            s = check_start(map_name, area, name, sq, taken)
            taken[s] = name
        clean[player] = built
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or not 0 <= max_turns <= 1000:
        raise PlacementError(f"the agreed time limit is 0 (none) to 1000 rounds, not {str(max_turns)[:10]!r}",
                             rule_id="K.end", field="max_turns")
    if not isinstance(defensive_fate, bool):
        raise PlacementError("defensive fate is played or not: true or false", rule_id="K.fate", field="defensive_fate")
    setup = {"map": map_name, "teams": clean, "order": order, "check_areas": True, "max_turns": max_turns,
             "defensive_fate": defensive_fate}
    try:
        return AcesRules().check_setup(setup)
    except CsPanelError as e:
        raise PlacementError(str(e), rule_id=rule_in(str(e), "K.setup"), field=e.field) from None


__all__ = ["BUILD_TOTAL", "PlacementError", "TeamError", "characters", "check_start", "free_square", "game_setup", "maps", "member",
           "starting_squares", "team_points"]
