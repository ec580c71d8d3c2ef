"""Zeppelins (F.zep.*): gas cells, blocking, nacelles, stray rounds, turrets, main guns, gunners."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.pilots import ShooterKind
from cs_panel.fasa.zeppelin import (
    Turret, Zeppelin, ZeppelinError, gas_cell_number, gunner_shock_roll, main_gun_barrage, nacelle_number,
)


def ship(**kw) -> Zeppelin:
    return Zeppelin.along(Hex(0, 0), Facing.B, cell_length=2, **kw)


@pytest.mark.rule("F.zep.gas-cells")
def test_five_cells_of_sixty_and_it_falls_at_one_twenty():
    z = ship()
    assert z.points == 300 and not z.falling
    for cell in (0, 1, 2):
        z = z.after(z.hit_cell(cell, 60))
    assert z.points == 120 and z.falling  # "120 or less"
    z2 = ship().after(ship().hit_cell(4, 25))
    assert z2.cells[4] == 35 and not z2.falling
    with pytest.raises(ZeppelinError, match="numbered 0-4") as e:
        z.hit_cell(5, 10)
    assert e.value.field == "cell"


@pytest.mark.rule("F.zep.gas-cells", "F.dice.d10", "F.shock")
def test_only_a_one_misses_a_gas_cell_three_when_shocked():
    assert gas_cell_number().chance == Fraction(9, 10)
    assert gas_cell_number(shocked=True).total == 3 and gas_cell_number(shocked=True).chance == Fraction(8, 10)


@pytest.mark.rule("F.zep.gas-cells")
def test_magnesium_in_hydrogen_destroys_the_ship_but_not_in_helium():
    hydrogen = ship(hydrogen=True)
    boom = hydrogen.hit_cell(2, 3, magnesium=True)
    assert boom.destroyed_ship and "destroyed" in str(boom)
    assert hydrogen.after(boom).falling and not hydrogen.after(boom).blocks(Hex(0, 0))
    helium = ship().hit_cell(2, 3, magnesium=True)
    assert not helium.destroyed_ship and helium.after == 57


@pytest.mark.rule("F.zep.static", "F.zep.cell-destroyed")
def test_the_ship_blocks_its_hexes_until_a_cell_is_shredded():
    z = ship()
    first = sorted(z.cell_hexes[0])
    assert all(z.blocks(h) for h in first) and not z.blocks(Hex(5, 5))
    z = z.after(z.hit_cell(0, 99))
    assert z.cells[0] == 0 and not any(z.blocks(h) for h in first)
    assert z.blocks(sorted(z.cell_hexes[1])[0])
    with pytest.raises(ZeppelinError, match="5 gas cells"):
        Zeppelin(z.cell_hexes[:4])


@pytest.mark.rule("F.zep.nacelle")
def test_nacelles_are_hit_on_seven_without_deflection_and_not_by_flak():
    t = nacelle_number(3, dead_eye=4)
    assert [m.value for m in t.terms] == [7, 3, -4] and all(m.rule != "F.hit.deflection" for m in t.terms)
    assert nacelle_number(2, 4, weapon="ap-rocket", shocked=True).total == 7 + 2 - 4 + 1 + 2
    with pytest.raises(ZeppelinError, match="stop flak"):
        nacelle_number(2, weapon="flak-rocket")
    with pytest.raises(ZeppelinError, match="reaches 0-5 hexes"):
        nacelle_number(6, weapon="mg-50")


@pytest.mark.rule("F.zep.nacelle")
def test_a_miss_while_facing_the_ship_hits_the_first_intact_cell_down_the_line():
    z = ship()  # cells along facing B from Hex(0, 0)
    attacker = Hex(-3, 3)  # three hexes back down the same line, facing the ship
    assert z.stray_round(attacker, Facing.B) == 0
    z = z.after(z.hit_cell(0, 60))
    assert z.stray_round(attacker, Facing.B) == 1  # the shredded cell lets the round through
    assert z.stray_round(attacker, Facing.E) is None  # facing away


@pytest.mark.rule("F.zep.turrets", "F.combat.order")
def test_turrets_reach_two_hexes_further_and_fire_last():
    assert Turret("port", "mg-70").range == 5  # the rulebook's .70: 3 on a plane, 5 in a turret
    assert Turret("bow", "mg-30").alleys == 4 and Turret("starboard", "mg-30").alleys == 3
    assert ShooterKind.ZEPPELIN_TURRET.group > ShooterKind.AIRCRAFT_TURRET.group > ShooterKind.PILOT.group
    with pytest.raises(ZeppelinError, match="a turret sits at"):
        Turret("keel", "mg-30")


@pytest.mark.rule("F.zep.main-guns", "F.rocket.flak")
def test_main_guns_are_military_three_a_side_flak_to_eight_hexes():
    planes = [("Ivy", Hex(4, 0), Facing.A), ("Dukes", Hex(9, 0), Facing.A)]
    bursts = main_gun_barrage(ship(military=True), "port", [Hex(4, 0), Hex(5, 0)], Hex(0, 0), planes)
    assert [[h.plane for h in b] for b in bursts] == [["Ivy"], ["Ivy"]]
    assert bursts[0][0].hits == 2 and bursts[1][0].hits == 1
    with pytest.raises(ZeppelinError, match="only a military zeppelin"):
        main_gun_barrage(ship(), "port", [Hex(4, 0)], Hex(0, 0), planes)
    with pytest.raises(ZeppelinError, match="3 main guns a side"):
        main_gun_barrage(ship(military=True), "port", [Hex(1, 0)] * 4, Hex(0, 0), planes)
    with pytest.raises(ZeppelinError, match="reach 8 hexes"):
        main_gun_barrage(ship(military=True), "port", [Hex(9, 0)], Hex(0, 0), planes)


@pytest.mark.rule("F.zep.gunners", "F.shock")
def test_gunners_roll_at_constitution_five():
    t = gunner_shock_roll()
    assert t.total == 5 and t.chance == Fraction(6, 10) and "cannot fire" in t.notes[0]
    assert gunner_shock_roll(already_shocked=True).total == 7


@pytest.mark.rule("F.zep.gas-cells", "F.dmg.template")
def test_a_weapons_hit_on_a_cell_takes_its_templates_zep_dmg_number():
    from cs_panel.fasa.damage import damage_templates, template_for
    commercial = Zeppelin.along(Hex(0, 0), Facing.B)
    military = replace(commercial, military=True)
    for e in damage_templates():
        if not e.id.startswith("mg-"):
            continue
        weapon, ammunition = e["weapon"], e["ammunition"]
        t = template_for(weapon, ammunition)
        assert commercial.hit_with(1, weapon, ammunition).after == 60 - t.boxes  # the first number is the box count
        assert military.hit_with(1, weapon, ammunition).after == 60 - t.zep_damage[1]
        assert t.zep_damage[1] <= t.zep_damage[0]  # reinforced cells never take more
    rocket = commercial.hit_with(0, "ap-rocket")
    assert rocket.after == 60 - 12
    # magnesium rounds burn a hydrogen ship whatever their size; in helium they only take points
    assert replace(commercial, hydrogen=True).hit_with(3, "mg-30", "MG").destroyed_ship
    assert commercial.hit_with(3, "mg-30", "MG").after == 57
    with pytest.raises(ZeppelinError) as e:
        commercial.hit_with(0, "magnesium-burn")
    assert e.value.field == "weapon"
