"""AcesSkirmish keeps its map's square columns per board and works out only the reach's fills
again (latency, issue 14): the drawing must still be what the board and the reach say, on every
map and after the map changes."""

import pytest

from cs_panel.ui import AcesSkirmish
from cs_panel.ui.aces_board import REACH_FILL, STOP_FILL, TERRAIN_FILL


def expected(board, reach):
    cols = dict(x=[], y=[], fill=[], terrain=[], sx=[], sy=[])
    for s in board.squares():
        terrain = board.terrain(s)
        fill = TERRAIN_FILL[terrain]
        if reach is not None and s in reach.squares and s != reach.start:
            fill = STOP_FILL if s in reach.stops else REACH_FILL
        for k, v in zip(cols, (s[0], -s[1], fill, terrain, s[0], s[1])):
            cols[k].append(v)
    return cols


@pytest.mark.rule("K.move", "K.terrain.blocking")
def test_the_map_shows_each_characters_reach_and_follows_a_new_board():
    from cs_panel.games import new_game

    ui = AcesSkirmish()
    boards = []
    for game in (None, new_game("aces", 5), new_game("aces", 5).apply("move Charlie to 4,3")):
        if game is not None:
            ui.game = game
        boards.append(ui.board)
        for name in ui.characters():
            ui.active = name
            drawn = {k: list(v) for k, v in ui._squares.data.items()}
            assert drawn == expected(ui.board, ui.reach), (ui.map_name, name)
        assert REACH_FILL in ui._squares.data["fill"]
    assert boards[0] != boards[1]  # the default demonstration and seed 5's game are on different maps
