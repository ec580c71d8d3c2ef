"""AcesSkirmish draws its map's squares once per board and only the reach, the lines of fire
and the characters again (latency, issue 14): the drawing must still be what the board and the
reach say, on every map and after the map changes."""

import pytest

from cs_panel.aces.render import REACH_FILL, STOP_FILL, TERRAIN_FILL
from cs_panel.ui import AcesSkirmish


@pytest.mark.rule("K.move", "K.terrain.blocking")
def test_the_map_shows_each_characters_reach_and_follows_a_new_board(skirmish_map):
    from cs_panel.games import new_game

    ui = AcesSkirmish()
    boards = []
    for game in (None, new_game("aces", 5), new_game("aces", 5).apply("move Charlie to 4,3")):
        if game is not None:
            ui.game = game
        boards.append(ui.board)
        base = ui._map.base
        for name in ui.characters():
            ui.active = name
            drawn = skirmish_map(ui)
            assert ui._map.base == base  # the squares stay in the browser
            assert drawn["squares"] == {s: TERRAIN_FILL[ui.board.terrain(s)] for s in ui.board.squares()}
            want = {s: STOP_FILL if s in ui.reach.stops else REACH_FILL
                    for s in ui.reach.squares if s != ui.reach.start} if ui.reach is not None else {}
            assert drawn["reach"] == want, (ui.map_name, name)
            # the drawing's words say whose reach it is, square by square
            assert (f"{name} may end its move on: " in ui._map.text) == bool(want), (ui.map_name, name)
        assert REACH_FILL in skirmish_map(ui)["reach"].values()
    assert boards[0] != boards[1]  # the default demonstration and seed 5's game are on different maps
