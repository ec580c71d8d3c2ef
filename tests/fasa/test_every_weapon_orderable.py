"""Every weapon of the FASA data files can be ordered through the referee at a target it is allowed
against: each gun and plane rocket at an enemy plane, each hex rocket at a hex, each bomb, the torpedo
and the harpoon at an object on the map (F.combat.choice, F.weap.loadout, F.rocket.*, F.bomb,
F.torpedo; FASA p.33, 40-45). Weapons another branch is adding to the referee (flare and sonic
rockets) are marked expected-later here, strictly: the mark falls away once the referee loads them."""

from __future__ import annotations

import dataclasses

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.fasa.deployed import deployed_weapons
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.movement import Capabilities, PlaneState
from cs_panel.fasa.play import FasaRules
from cs_panel.fasa.referee import (
    GROUND_ORDNANCE, REFEREE_ROCKETS, Action, MapObject, Phase, Referee, RefPlane, apply,
)
from cs_panel.fasa.tohit import weapons

ALL = sorted(set(weapons().entries) | set(deployed_weapons().entries))


def _aim(wid: str) -> str:
    """What ``wid`` is fired at: a gun or the Deployed Weapons Table's "aim"; bombs and the torpedo at
    objects on the map (this referee's reading of F.bomb, F.torpedo)."""
    if wid.startswith("mg-"):
        return "gun"
    if wid in GROUND_ORDNANCE:
        return "object"
    return str(deployed_weapons()[wid]["aim"])


def _plane(name, player, hex_, facing, **kw) -> RefPlane:
    return RefPlane(name, player, PlaneState(Capabilities(max_speed=4, port_gs=2, starboard_gs=2, acceleration=2),
                                             speed=2, hex=hex_, facing=facing, natural_touch=5),
                    base_to_hit=5, dead_eye=6, quick_draw=4, **kw)


def _table(wid: str):
    """A combat phase with a plane carrying ``wid``, and in the hex straight ahead an enemy plane, a
    small object and a building (nothing between the shooter and any of them: a standing object
    blocks fire beyond it, F.combat.los); and the order that fires ``wid`` at its target."""
    aim = _aim(wid)
    loadout = {"guns": (wid,)} if aim == "gun" else {"guns": ("mg-30",), "rockets": (wid,)}
    shooter = _plane("Shooter", "Ann", Hex(0, 0), Facing.A, **loadout)
    enemy = _plane("Enemy", "Bob", Hex(0, -1), Facing.D, guns=("mg-30",))
    things = [MapObject("Crate", "small-object", (Hex(0, -1),), points=10),
              MapObject("Depot", "building", (Hex(0, -1), Hex(1, -1)), points=40)]
    state = dataclasses.replace(Referee.start(1, [shooter, enemy], objects=things).state, phase=Phase.COMBAT)
    if aim == "gun":
        order = "guns at Enemy"
    elif aim == "plane":
        order = "rocket 1 at Enemy"
    elif aim == "hex":
        order = "rocket 1 at hex 0,-1"
    else:
        kind = "bomb" if wid.startswith("bomb-") else wid
        order = f"{kind} 1 at {'Crate' if wid == 'harpoon' else 'Depot'}"
    return state, order


def _later(wid: str):
    """Flare and sonic rockets are another branch's (weapons12): expected to fail until it lands."""
    pending = wid in ("flare-rocket", "sonic-rocket") and wid not in REFEREE_ROCKETS
    return pytest.mark.xfail(pending, reason="flare and sonic rockets: added to the referee by another branch",
                             strict=True)


@pytest.mark.rule("F.combat.choice", "F.weap.loadout")
@pytest.mark.parametrize("wid", [pytest.param(w, marks=_later(w)) for w in ALL])
def test_every_weapon_can_be_ordered_at_a_target_it_is_allowed_against(wid):
    state, order = _table(wid)
    after = apply(state, Action("fire", "Shooter", order), ScriptedDice([]))
    assert after.order_of("Shooter") is not None and str(after.order_of("Shooter")) == order
    if _aim(wid) != "hex":  # rockets at a hex are accepted but not listed: the hexes are too many (fasa.play)
        assert order in FasaRules().fire_orders(state, state.plane("Shooter"))


@pytest.mark.rule("F.weap.loadout")
def test_the_list_covers_both_data_files():
    assert {"mg-30", "ap-rocket", "harpoon", "torpedo", "bomb-1000", "flak-rocket"} <= set(ALL)
