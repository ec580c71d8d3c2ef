"""A second reading of bailing out against the FASA text, case by case: a towing plane's pilot who
jumps, bail-out plots typed with other spacing, a plane aimed at cargo aboard a zeppelin, and a
saved game holding both (F.bail.safe, F.bail.projectile, F.rocket.harpoon, F.roe.bailout-penalty;
FASA p.15, 29-31, 43; ``cs_panel.fasa.referee.bailing``)."""

from __future__ import annotations

import pytest

from cs_panel.core.dice import Dice
from cs_panel.core.game import Game
from cs_panel.fasa.deployed import dropped_at
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.play import setup_of
from cs_panel.fasa.referee import Action, MapObject, Phase, Referee, RefZeppelin, apply
from cs_panel.fasa.referee.bailing import BailPlotError, bail_plots, is_bail
from cs_panel.games import new_game
from tests.fasa.test_referee_bailout import plane


def _towing_ace():
    """Ace flies at speed 2 facing A from (0,3), towing a crate in the hex behind it."""
    ace = plane(0, Hex(0, 3), Facing.A, speed=2)
    raider = plane(1, Hex(6, -9), Facing.B)
    crate = MapObject("Crate", "small-object", (dropped_at(Hex(0, 3), Facing.A),), points=10, towed_by="Ace")
    return Referee.start(3, [ace, raider], max_turns=5, objects=[crate])


@pytest.mark.rule("F.rocket.harpoon", "F.bail.safe")
def test_a_towing_pilot_who_bails_out_lets_the_load_fall_behind_the_empty_plane_where_it_ends():
    ref = _towing_ace().plot("Ace", "bail 2").plot("Raider", "2SA")
    after = apply(ref.state, Action("move"), Dice(3))
    empty = after.abandoned[0]
    assert empty.plane.hex == Hex(0, 1)
    crate = after.thing("Crate")
    # the cable held while the empty plane flew on: the load lands in the hex behind it, not where it hung
    assert crate.towed_by == "" and crate.hexes == (dropped_at(empty.plane.hex, empty.plane.facing),)
    assert any("Crate drops into" in x and "behind Ace" in x for x in after.report)


@pytest.mark.rule("F.bail.safe", "F.roe.bailout-penalty")
def test_a_bail_out_typed_with_a_tab_is_read_as_one_and_the_report_says_the_jump_costs_20():
    assert is_bail("bail\t2") and is_bail("  BAIL 3") and not is_bail("bailey") and not is_bail("3SA")
    ace = plane(0, Hex(0, 3), Facing.A, speed=2)
    raider = plane(1, Hex(6, -9), Facing.B)
    ref = Referee.start(3, [ace, raider], max_turns=5).plot("Ace", "bail\t2")
    assert dict(ref.state.plots)["Ace"] == "bail 2"
    after = ref.plot("Raider", "2SA").move().state
    line = next(x for x in after.report if "lands safely" in x)
    assert "costs 20 XP" in line and "-20" not in line


def _gold_in_a_shredded_bow():
    """Pegasus's bow cell (hexes (-1,0), (0,0)) shredded, gold aboard at (0,0); the bomber one hex
    short of it, facing it at speed 2, so a bail 1 would end in the gold's hex."""
    from tests.fasa.test_ground import bomber, fighter

    ship = RefZeppelin("Pegasus", "Bob", Hex(0, 0), Facing.C, cells=(0, 60, 60, 60, 60))
    gold = MapObject("Gold", "small-object", (Hex(0, 0),), points=10, aboard="Pegasus")
    return Referee.start(1, [bomber(Hex(0, 1)), fighter()], max_turns=5, objects=[gold], zeppelins=[ship])


@pytest.mark.rule("F.bail.projectile", "F.rocket.harpoon")
def test_cargo_aboard_a_zeppelin_is_no_target_for_an_empty_plane():
    ref = _gold_in_a_shredded_bow()
    rp = ref.state.plane("Bomber")
    assert "bail 1" in bail_plots(ref.state, rp)  # into the shredded cell, unaimed, is allowed
    assert not any(x.endswith("at Gold") for x in bail_plots(ref.state, rp))
    with pytest.raises(BailPlotError, match="aboard Pegasus") as e:
        ref.plot("Bomber", "bail 1 at Gold")
    assert e.value.field == "maneuver"


@pytest.mark.rule("F.bail.projectile", "F.rocket.harpoon")
def test_a_saved_game_with_an_empty_plane_a_dropped_tow_and_cargo_aboard_round_trips():
    ref = _towing_ace()
    ship = RefZeppelin("Pegasus", "Bob", Hex(-6, 0), Facing.A)
    gold = MapObject("Gold", "small-object", (Hex(-6, 1),), points=10, aboard="Pegasus")
    s = ref.state
    setup = setup_of(list(s.planes), max_turns=5, zeppelins=[ship], objects=[*s.objects, gold])
    g = new_game("fasa", seed=3, setup=setup).play("plot Ace bail 2 at Raider", "plot Raider 2SA", "move")
    gs = g.state.game
    assert [a.name for a in gs.abandoned] == ["Ace"] and gs.thing("Gold").aboard == "Pegasus"
    assert gs.thing("Crate").towed_by == "" and gs.phase in (Phase.COMBAT, Phase.OVER)
    back = Game.from_json(g.to_json())
    assert back == g and back.state.game.objects == gs.objects and back.state.game.tracks == gs.tracks
