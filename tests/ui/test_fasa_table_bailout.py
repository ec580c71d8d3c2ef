"""FasaTable and bailing out: a human plots a bail-out the game offers, aimed or not, and the map
shows the empty plane flying on until the next movement phase (F.bail.safe, F.bail.projectile)."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.referee import demo_planes
from cs_panel.ui import FasaTable


@pytest.mark.rule("F.bail.safe", "F.bail.projectile")
def test_a_bail_out_offered_by_the_game_is_plotted_at_the_table_and_the_empty_plane_drawn():
    ace, raider = demo_planes()
    ace = dataclasses.replace(ace, plane=dataclasses.replace(ace.plane, hex=Hex(0, 3), speed=2))
    raider = dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=Hex(0, 1), facing=Facing.B))
    wing = dataclasses.replace(demo_planes()[1], name="Wing", player="Ann",
                               plane=dataclasses.replace(raider.plane, hex=Hex(5, -5)))
    table = FasaTable(planes=[ace, wing, raider])
    table.plot_plane = "Ace"
    offered = table.offered(type(table.game.legal_actions()[0]), "Ace")
    assert "bail 2" in offered and "bail 2 at Raider" in offered  # Raider's hex is 2 hexes dead ahead
    assert "bail 2 at Raider" in table._plot_choices.object
    table.maneuver = "Bail 2 at Raider"
    assert table.plot() and table.maneuver == ""  # secret, like any plot
    for plane in ("Wing", "Raider"):
        table.plot_plane, table.maneuver = plane, "2SA"
        assert table.plot()
    assert table.move()
    state = table.game.state.game
    assert [p.name for p in state.abandoned] == ["Ace"]
    assert "Ace (abandoned)" in table._map_pane.object
    # the Raider flew on out of the hex it was aimed at: the referee says so and rolls nothing
    assert any("not in Raider's hex: no strike" in x for x in state.report)
