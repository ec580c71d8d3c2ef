"""A ready-made pair of planes for the demo game (invented stats: ``sample`` data)."""

from __future__ import annotations

from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.movement import Capabilities, PlaneState
from cs_panel.fasa.referee.state import RefPlane


def demo_planes() -> list[RefPlane]:
    """Two sample planes for the demo game (invented stats: ``sample`` data, not from a record sheet)."""
    ace = RefPlane("Ace", "Ann",
                   PlaneState(Capabilities(max_speed=5, port_gs=3, starboard_gs=3, acceleration=2),
                              speed=3, hex=Hex(0, 5), facing=Facing.A, natural_touch=4),
                   base_to_hit=5, dead_eye=5, sixth_sense=5, quick_draw=5, guns=("mg-50", "mg-50"))
    raider = RefPlane("Raider", "Bob",
                      PlaneState(Capabilities(max_speed=4, port_gs=2, starboard_gs=3, acceleration=2),
                                 speed=3, hex=Hex(0, -3), facing=Facing.D, natural_touch=3),
                      base_to_hit=4, dead_eye=4, sixth_sense=4, quick_draw=3, guns=("mg-30", "mg-30", "mg-60"))
    return [ace, raider]
