"""Ready-made planes for the demo games, and the bombing run's objects (invented stats: ``sample`` data)."""

from __future__ import annotations

from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.movement import Capabilities, PlaneState
from cs_panel.fasa.referee.ground import MapObject
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


def bombing_planes() -> list[RefPlane]:
    """The bombing run's two planes (invented stats: ``sample`` data): Ann's bomber with a 250 lb and
    a 100 lb bomb, an aerial torpedo and a harpoon on the sample sheet's eight hardpoints (2 + 1 + 2 +
    1/2, F.weap.loadout), and Bob's fighter defending the ground."""
    bomber = RefPlane("Bomber", "Ann",
                      PlaneState(Capabilities(max_speed=4, port_gs=2, starboard_gs=2, acceleration=2),
                                 speed=2, hex=Hex(0, 4), facing=Facing.A, natural_touch=5),
                      base_to_hit=6, dead_eye=6, sixth_sense=3, quick_draw=4, guns=("mg-30", "mg-30"),
                      rockets=("bomb-250", "bomb-100", "torpedo", "harpoon"))
    fighter = RefPlane("Raider", "Bob",
                       PlaneState(Capabilities(max_speed=4, port_gs=2, starboard_gs=3, acceleration=2),
                                  speed=2, hex=Hex(3, -6), facing=Facing.D, natural_touch=3),
                       base_to_hit=4, dead_eye=4, sixth_sense=4, quick_draw=3, guns=("mg-30", "mg-30", "mg-60"))
    return [bomber, fighter]


def bombing_objects() -> list[MapObject]:
    """What the bombing run is about (``sample`` data: the missions of the rules' setting, our numbers
    of damage points): a one-hex depot, a two-car train running three hexes of track at one hex a
    turn, then standing, and a crate on the ground for the harpoon (F.collide.object-btn)."""
    engine = Hex(-4, 2)
    track = tuple(engine.neighbor(Facing.B, i) for i in range(1, 4))
    return [MapObject("Depot", "building", (Hex(0, -1),), points=40),
            MapObject("Train", "train", (engine, engine.neighbor(Facing.E)), points=30, track=track, speed=1),
            MapObject("Crate", "small-object", (Hex(0, 1),), points=10)]
