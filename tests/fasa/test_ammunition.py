"""Machine-gun ammunition (F.weap.mg): calibre matching, range by calibre, kinds."""

import pytest

from cs_panel.fasa.ammunition import AmmunitionError, Rounds, gun_calibre, load


@pytest.mark.rule("F.weap.mg")
def test_a_gun_fires_only_its_own_calibre_and_its_range_follows_the_calibre():
    assert load("mg-50", Rounds(50, "DD")).range == 5
    assert [load(f"mg-{c}", Rounds(c)).range for c in (30, 40, 50, 60, 70)] == [7, 6, 5, 4, 3]
    with pytest.raises(AmmunitionError, match="a .50 gun fires only .50 rounds, not .30") as e:
        load("mg-50", Rounds(30))
    assert e.value.field == "rounds"
    assert str(load("mg-70", Rounds(70, "MG"))).startswith(".70 machine gun loaded with .70 magnesium rounds")


@pytest.mark.rule("F.weap.mg")
def test_unknown_calibres_kinds_and_non_guns_are_named():
    with pytest.raises(AmmunitionError, match="calibres") as e:
        Rounds(45)
    assert e.value.field == "calibre"
    with pytest.raises(AmmunitionError, match="AP \\(armour-piercing\\)") as e:
        Rounds(50, "HE")
    assert e.value.field == "kind"
    with pytest.raises(AmmunitionError, match="not a machine gun"):
        gun_calibre("ap-rocket")
