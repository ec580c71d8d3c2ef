"""Launched and dropped weapons (F.weap.loadout, F.rocket.*, F.bomb, F.torpedo), with the
rulebook's torpedo example."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import OutOfRangeError
from cs_panel.fasa.deployed import (
    BeeperTag, DeployedError, Loadout, Scatter, TowShot, blinding_roll, bomb_number, check_range, drill_expected_turns,
    drill_number, dropped_at, flak_burst, flare_affected, harpoon_number, lift_number, rocket_number, seeker_can_fire,
    seeker_number, sonic_affected, torpedo_number, towing_maneuver, towing_top_speed,
)
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.tohit import Deflection


@pytest.mark.rule("F.torpedo")
def test_ivy_iverians_torpedo_run():
    # FASA p.45: nacelle 7, torpedo 5, 2 hexes after release (6), nine hexes straight, Dead Eye 6 -> 3
    t = torpedo_number(7, hexes_after_release=2, straight_hexes=9, dead_eye=6)
    assert [m.value for m in t.terms] == [7, 5, 6, -9, -6] and t.total == 3 and t.chance == Fraction(8, 10)
    assert torpedo_number(7, 0, 0).term("F.torpedo").value == 7  # the first term; the run counts at least 1 hex
    assert [m.value for m in torpedo_number(7, 0, 0).terms][2] == 3
    with pytest.raises(DeployedError, match="stationary") as e:
        torpedo_number(7, 2, 9, stationary=False)
    assert e.value.field == "target"


@pytest.mark.rule("F.weap.loadout")
def test_hardpoints_hold_what_they_can():
    lo = Loadout(4, ("ap-rocket", "ap-rocket", "flak-rocket", "harpoon"))
    assert lo.used == 3 and lo.free == 1
    assert Loadout(4, ("torpedo", "bomb-250")).used == 4
    with pytest.raises(DeployedError, match="needs 4.5 hardpoints, the plane has 4") as e:
        Loadout(4, ("torpedo", "bomb-250", "sonic-rocket"))
    assert e.value.field == "weapons"
    after = lo.fire("ap-rocket")
    assert after.weapons.count("ap-rocket") == 1 and after.free == 2
    with pytest.raises(DeployedError, match="no drill left"):
        lo.fire("drill")
    with pytest.raises(DeployedError, match="unknown launched weapon"):
        Loadout(4, ("laser",))
    with pytest.raises(DeployedError, match="halves"):
        Loadout(2.3, ())


@pytest.mark.rule("F.rocket.ap-he")
def test_ap_and_he_rockets_use_the_to_hit_number_with_plus_one_and_range_four():
    t = rocket_number("ap-rocket", 5, Deflection.DIRECTLY_BEHIND, 3, dead_eye=4)
    assert t.total == 5 + 0 + 3 - 4 + 1
    assert rocket_number("he-rocket", 5, "NOSE_TO_NOSE", 4).total == 5 + 2 + 4 + 1
    with pytest.raises(OutOfRangeError):
        rocket_number("ap-rocket", 5, "DIRECTLY_BEHIND", 5)
    with pytest.raises(DeployedError, match="not fired at a plane"):
        rocket_number("flak-rocket", 5, "DIRECTLY_BEHIND", 3)
    assert check_range("flak-rocket", 7) == 7
    with pytest.raises(OutOfRangeError, match="reaches 7 hexes, not 8"):
        check_range("flak-rocket", 8)


@pytest.mark.rule("F.rocket.flak", "F.hitloc.table")
def test_a_flak_burst_hits_the_mega_hex_once_and_its_centre_twice():
    target = Hex(0, 0)
    planes = [("Centre", Hex(0, 0), Facing.B), ("Astern", Hex(0, 1), Facing.A),  # the burst is on her nose
              ("Side", Hex(-1, 0), Facing.A), ("Far", Hex(0, 3), Facing.A)]
    hits = {h.plane: h for h in flak_burst(target, planes)}
    assert set(hits) == {"Centre", "Astern", "Side"}
    assert hits["Centre"].hits == 2 and hits["Centre"].location.hexside is Facing.A
    assert hits["Astern"].hits == 1 and hits["Astern"].location.hexside is Facing.A  # the burst is dead ahead of her
    # the rulebook's case: the hex on a plane's C side -> starboard wing trailing or tail
    c_side = flak_burst(target, [("C", Hex(-1, 0), Facing.A)])[0]  # the burst is on her C side
    assert c_side.location.hexside is Facing.C
    assert set(c_side.location.outcomes()) == {DamageTable.TAIL, DamageTable.STARBOARD_WING_TRAILING}


@pytest.mark.rule("F.rocket.flare", "F.rocket.sonic", "F.shock")
def test_flares_blind_those_looking_at_them_and_sonics_stun_the_mega_hex():
    target = Hex(0, -3)
    planes = [("Launcher", Hex(0, 0), Facing.A), ("Wingman", Hex(1, 0), Facing.A), ("Looker", Hex(0, 2), Facing.A),
              ("Away", Hex(0, 2), Facing.D), ("Inside", Hex(0, -3), Facing.C)]
    # the launcher is immune; the wingman flies a column to the side, so the flare is not ahead of him;
    # "Away" is in the column but looks the other way
    assert flare_affected(target, planes, "Launcher") == ["Looker", "Inside"]
    # a wingman whose nose does point down the line at the flare is not spared
    planes.append(("Wing2", Hex(0, -1), Facing.A))
    assert "Wing2" in flare_affected(target, planes, "Launcher")
    sonic = [("Launcher", Hex(0, -2), Facing.A), ("Wing", Hex(1, -3), Facing.A), ("Out", Hex(0, 0), Facing.A)]
    assert sonic_affected(target, sonic, "Launcher") == ["Wing"]
    roll = blinding_roll(4)
    assert roll.total == 6 and "straight" in roll.notes[0]


@pytest.mark.rule("F.rocket.harpoon")
def test_harpoon_lift_and_tow():
    assert harpoon_number(3, 1, dead_eye=2).total == 3 + 0 + 1 - 2 + 2
    with pytest.raises(DeployedError, match="never planes"):
        harpoon_number(5, 1, target_is_plane=True)
    with pytest.raises(OutOfRangeError):
        harpoon_number(3, 2)
    lift = lift_number(3, speed=1, natural_touch=4, shocked=True)
    assert lift.total == 3 + 2 - 4 + 2
    assert towing_top_speed(5) == 3 and towing_top_speed(3) == 1
    with pytest.raises(DeployedError, match="top speed of 3"):
        towing_top_speed(2)
    assert towing_maneuver(1) == (True, 0) and towing_maneuver(3) == (False, 2)
    shot = TowShot()
    assert shot.outcomes() == {"object": Fraction(3, 5), "cable": Fraction(2, 5)}
    assert dropped_at(Hex(0, 0), Facing.A) == Hex(0, 1)


@pytest.mark.rule("F.rocket.beeper-seeker", "F.hit.deflection")
def test_beeper_tags_and_the_seekers_number_and_arc():
    tag = BeeperTag(hit_turn=3)
    assert [tag.active(t) for t in (2, 3, 7, 8)] == [False, True, True, False]
    s = seeker_number(5, target_last_gs=3, range_hexes=2, dead_eye=4)
    assert [t.rule for t in s.terms].count("F.hit.deflection") == 0
    assert s.total == 5 + 3 + 2 - 4 + 1
    untagged = seeker_number(5, 3, 2, 4, tagged=False, deflection="FRONT_OFF_CENTRE")
    assert untagged.total == 5 + 3 + 2 - 4 + 1 and untagged.term("F.hit.deflection").value == 3
    # the V: off the forward column but within the front wedge
    assert seeker_can_fire(Hex(0, 0), Facing.A, Hex(1, -3), tagged=True)
    assert not seeker_can_fire(Hex(0, 0), Facing.A, Hex(1, -3), tagged=False)
    assert seeker_can_fire(Hex(0, 0), Facing.A, Hex(0, -3), tagged=False)


@pytest.mark.rule("F.rocket.drill")
def test_the_drill_keeps_going_on_ten_minus_range():
    assert drill_number(3).total == 7 and drill_number(3).chance == Fraction(4, 10)
    assert drill_expected_turns(3, turns=2) == Fraction(4, 10) + Fraction(16, 100)
    with pytest.raises(DeployedError):
        drill_number(8)


@pytest.mark.rule("F.bomb")
def test_bomb_numbers_sizes_and_scatter():
    b = bomb_number("bomb-500", 3, dead_eye=5, adjacent=True, shocked=True)
    assert [t.value for t in b.terms] == [3, 7, 5, -5, 2] and "6 hit(s)" in b.notes[0]
    assert bomb_number("bomb-100", 3).total == 8 and "ap-rocket or flak-rocket" in bomb_number("bomb-100", 3).notes[0]
    with pytest.raises(DeployedError, match="not a bomb"):
        bomb_number("torpedo", 3)
    lands = Scatter(Hex(2, 2))
    assert lands.resolve(ScriptedDice([1])).outcome == Hex(2, 1)
    assert len(lands.outcomes()) == 6 and all(p == Fraction(1, 6) for p in lands.outcomes().values())
