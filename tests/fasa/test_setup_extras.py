"""Zeppelins and objects of a player's own in a FASA set-up (issue 12): each is built by
``cs_panel.fasa.setup_extras``, refused with a named error at the choice at fault, and a setup
holding them starts a game through ``new_game("fasa", ...)`` with them on the table."""

from __future__ import annotations

import pytest

from cs_panel.core.errors import CsPanelError
from cs_panel.fasa import setup_builder as F
from cs_panel.fasa import setup_extras as X
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.play import bombing_setup, zeppelin_demo_setup
from cs_panel.games import new_game
from cs_panel.setups import SetupError, setup_from_json, setup_to_json


def two_planes(map_name: str = "fighters") -> dict:
    """Ann's Ivy at the south edge and Bob's Dukes at the north edge of the fighter sheet."""
    a_at, a_face = F.home_start(map_name, "south")
    b_at, b_face = F.home_start(map_name, "north")
    a = F.plane("Ivy", "Ann", "devastator", F.pilot("Ivy", "hero", dead_eye=5), hex=a_at, facing=a_face)
    b = F.plane("Dukes", "Bob", "bloodhawk", F.pilot("Dukes", "wingman", dead_eye=4), hex=b_at, facing=b_face)
    return F.game_setup([a, b], max_turns=4, map_name=map_name, homes={"Ann": "south", "Bob": "north"})


def refused(call, error: type[SetupError], field: str, rule: str, words: str) -> SetupError:
    with pytest.raises(error) as info:
        call()
    e = info.value
    assert isinstance(e, CsPanelError) and isinstance(e, ValueError)
    assert e.field == field and e.rule_id == rule and rule in str(e), (e.field, e.rule_id, str(e))
    assert words in str(e), str(e)
    return e


# -- a zeppelin ------------------------------------------------------------------------------------

@pytest.mark.rule("F.zep.static", "F.zep.gas-cells", "F.zep.nacelle", "F.zep.turrets", "F.map.sheets")
def test_a_zeppelin_of_your_own_starts_a_game_with_its_cells_laid_back_from_the_bow():
    z = X.zeppelin("Hindenburg", "Bob", "3,-4", "B", zeppelin_class="military", gas="hydrogen",
                   turrets="bow mg-50, port 2 mg-30, stern mg-40")
    setup = X.add_zeppelin(two_planes(), z)
    game = new_game("fasa", 3, setup)
    (hb,) = game.state.game.zeppelins
    assert (hb.name, hb.player, hb.military, hb.hydrogen) == ("Hindenburg", "Bob", True, True)
    # five cells of two hexes each, laid from the bow back against the heading (F.zep.gas-cells)
    back = Facing.B.reverse
    assert hb.cell_hexes(0) == [Hex(3, -4), Hex(3, -4).neighbor(back)]
    assert hb.cell_hexes(4)[-1] == Hex(3, -4).neighbor(back, 9)
    assert sum(hb.cells) == 300 and hb.turrets == (("bow", "mg-50"), ("port 2", "mg-30"), ("stern", "mg-40"))
    # a military zeppelin has main guns as well as its turrets (F.zep.main-guns)
    assert [m for m in hb.mounts if m.startswith("main")] and "Hindenburg" in str(game.observation("Ann"))
    # saved and loaded, the setup keeps it
    assert setup_from_json("fasa", setup_to_json("fasa", setup))["zeppelins"] == [z]


@pytest.mark.rule("F.zep.static", "F.zep.gas-cells")
@pytest.mark.parametrize("kwargs, field, rule, words", [
    (dict(name="Two words"), "name", "F.combat.choice", "one word"),
    (dict(player=" "), "player", "F.setup", "side"),
    (dict(bow="3;4"), "bow", "F.zep.static", "q,r"),
    (dict(bow="99999,0"), "bow", "F.zep.static", "whole numbers"),
    (dict(heading="G"), "heading", "F.zep.static", "A-F"),
    (dict(zeppelin_class="battleship"), "zeppelin_class", "F.zep.gas-cells", "commercial or military"),
    (dict(gas="air"), "gas", "F.zep.gas-cells", "helium or hydrogen"),
    (dict(cell_length=5), "cell_length", "F.zep.gas-cells", "1-4"),
    (dict(turrets="bow cannon"), "turrets", "F.zep.turrets", "machine gun"),
    # the referee's own refusals, passed on at the input they name
    (dict(turrets="port 3 mg-30"), "turrets", "F.zep.turrets", "nacelle"),
    (dict(turrets="bow mg-30, bow mg-30, bow mg-50"), "turrets", "F.zep.turrets", "one or two"),
    (dict(nacelles="port 7"), "nacelles", "F.zep.nacelle", "beside gas cell"),
])
def test_a_zeppelin_the_rules_do_not_allow_is_refused_at_its_input(kwargs, field, rule, words):
    choice = dict(name="Akron", player="Bob", bow="0,0", heading="A") | kwargs
    refused(lambda: X.zeppelin(**choice), X.ZeppelinPlacementError, field, rule, words)


@pytest.mark.rule("F.zep.static", "F.map.sheets", "F.combat.choice", "F.setup")
def test_a_zeppelin_off_the_map_on_a_plane_or_under_a_taken_name_is_refused():
    setup = two_planes()
    # the fighter sheet ends at row 26: a bow near the north edge heading south lays its stern off it
    refused(lambda: X.add_zeppelin(setup, X.zeppelin("Akron", "Bob", "0,-12", "D")), X.ZeppelinPlacementError,
            "bow", "F.map.sheets", "off the fighters map")
    ivy = setup["planes"][0]["plane"]["hex"]
    refused(lambda: X.add_zeppelin(setup, X.zeppelin("Akron", "Bob", f"{ivy['q']},{ivy['r']}", "D")),
            X.ZeppelinPlacementError, "bow", "F.zep.static", "the plane Ivy")
    refused(lambda: X.add_zeppelin(setup, X.zeppelin("Ivy", "Bob", "0,0")), X.ZeppelinPlacementError, "name",
            "F.combat.choice", "already taken by the plane Ivy")
    # on a map a zeppelin's side sets up from a home side: a side without planes has none
    refused(lambda: X.add_zeppelin(setup, X.zeppelin("Akron", "Cid", "0,0")), X.ZeppelinPlacementError, "player",
            "F.setup", "no planes")
    one = X.add_zeppelin(setup, X.zeppelin("Akron", "Bob", "0,0"))
    # a second zeppelin may not lie across the first's cells or nacelles
    refused(lambda: X.add_zeppelin(one, X.zeppelin("Macon", "Ann", "1,0", "A")), X.ZeppelinPlacementError, "bow",
            "F.zep.static", "the zeppelin Akron")
    for n, q in enumerate((-6, -3, 3)):
        one = X.add_zeppelin(one, X.zeppelin(f"Z{n}", "Ann", f"{q},0"))
    refused(lambda: X.add_zeppelin(one, X.zeppelin("Z9", "Ann", "6,-5")), X.ZeppelinPlacementError, "name",
            "F.zep.static", "at most 4")


# -- an object ----------------------------------------------------------------------------------------

@pytest.mark.rule("F.collide.object-btn", "F.move.path-objects", "F.collide.object")
def test_objects_of_your_own_start_a_game_with_the_tables_base_numbers():
    setup = X.add_object(two_planes(), X.map_object("Mill", "building", "2,2 3,2", points=50))
    setup = X.add_object(setup, X.map_object("Express", "train", "-4,2 -5,3", points=30, track="-3,1 -2,0 -1,-1",
                                             speed=1))
    setup = X.add_object(setup, X.map_object("Safe", "small-object", [(1, 5)], points=8, provenance="rules"))
    game = new_game("fasa", 9, setup)
    objs = {o.name: o for o in game.state.game.objects}
    # each kind's base target number is the object table's: building 1, train 3, small object 7
    assert {n: o.base_number for n, o in objs.items()} == {"Mill": 1, "Express": 3, "Safe": 7}
    assert objs["Mill"].hexes == (Hex(2, 2), Hex(3, 2)) and objs["Mill"].points == 50
    assert objs["Express"].moving and objs["Express"].run().hexes == (Hex(-3, 1), Hex(-4, 2))
    assert objs["Safe"].provenance == "rules" and objs["Mill"].provenance == "sample"
    assert setup_from_json("fasa", setup_to_json("fasa", setup))["objects"] == setup["objects"]


@pytest.mark.rule("F.collide.object-btn", "F.collide.object")
@pytest.mark.parametrize("kwargs, field, rule, words", [
    (dict(kind="castle"), "kind", "F.collide.object-btn", "not 'castle'"),
    (dict(kind="plane"), "kind", "F.collide.object-btn", "not 'plane'"),
    (dict(kind="nacelle"), "kind", "F.collide.object-btn", "comes with its zeppelin"),
    (dict(name="hex9"), "name", "F.combat.choice", "not starting with 'hex'"),
    (dict(name="Big barn"), "name", "F.combat.choice", "one word"),
    (dict(hexes=""), "hexes", "F.move.path-objects", "at least one hex"),
    (dict(hexes="1,1 1,1"), "hexes", "F.move.path-objects", "twice"),
    (dict(hexes="1,1 x"), "hexes", "F.move.path-objects", "q,r"),
    (dict(points=0), "points", "F.collide.object", "1-10,000"),
    (dict(track="1,2"), "track", "F.collide.object-btn", "only a train"),
    (dict(speed=2), "speed", "F.collide.object-btn", "only a train moves"),
    (dict(kind="train", speed=1), "track", "F.collide.object-btn", "needs track"),
    (dict(kind="train", hexes="0,0 2,0"), "hexes", "F.collide.object-btn", "each beside"),
    (dict(kind="train", hexes="0,0 0,1", track="0,-2", speed=1), "track", "F.collide.object-btn", "runs on from"),
    (dict(kind="train", hexes="0,0 0,1", track="0,-1 0,0", speed=1), "track", "F.collide.object-btn", "never runs back"),
    (dict(kind="train", speed=10, track="1,0"), "speed", "F.collide.object-btn", "0-9"),
    (dict(provenance="made up"), "provenance", "F.collide.object-btn", "sample"),
])
def test_an_object_the_rules_do_not_allow_is_refused_at_its_input(kwargs, field, rule, words):
    choice = dict(name="Barn", kind="building", hexes="1,1") | kwargs
    refused(lambda: X.map_object(**choice), X.ObjectPlacementError, field, rule, words)


@pytest.mark.rule("F.collide.object", "F.zep.static", "F.map.sheets", "F.combat.choice")
def test_an_object_off_the_map_on_a_taken_hex_or_name_is_refused():
    setup = X.add_zeppelin(bombing_setup(), X.zeppelin("Akron", "Bob", "5,0"))
    refused(lambda: X.add_object(setup, X.map_object("Shed", "building", "0,-1")), X.ObjectPlacementError, "hexes",
            "F.collide.object", "the object Depot")
    refused(lambda: X.add_object(setup, X.map_object("Shed", "building", "0,4")), X.ObjectPlacementError, "hexes",
            "F.collide.object", "the plane Bomber")
    refused(lambda: X.add_object(setup, X.map_object("Shed", "building", "5,1")), X.ObjectPlacementError, "hexes",
            "F.zep.static", "the zeppelin Akron")
    # the sample train's track is kept clear, and a new train's track may not run through the depot
    refused(lambda: X.add_object(setup, X.map_object("Shed", "building", "-2,0")), X.ObjectPlacementError, "hexes",
            "F.collide.object", "the track of Train")
    refused(lambda: X.add_object(setup, X.map_object("Mail", "train", "0,-3", track="0,-2 0,-1", speed=1)),
            X.ObjectPlacementError, "track", "F.collide.object", "the object Depot")
    for taken in ("Crate", "Akron", "Raider"):
        refused(lambda: X.add_object(setup, X.map_object(taken, "building", "7,7")), X.ObjectPlacementError, "name",
                "F.combat.choice", "already taken by the")
    on_map = two_planes()
    refused(lambda: X.add_object(on_map, X.map_object("Shed", "building", "30,0")), X.ObjectPlacementError, "hexes",
            "F.map.sheets", "off the fighters map")
    refused(lambda: X.add_object(on_map, X.map_object("Mail", "train", "8,0", track="9,0 10,0", speed=1)),
            X.ObjectPlacementError, "track", "F.map.sheets", "hex 10,0, off the fighters map")


@pytest.mark.rule("F.zep.static", "F.combat.choice")
def test_a_zeppelin_added_after_an_object_is_refused_at_the_zeppelin():
    """Zeppelins come before objects in a setup, but the refusal names what was just added."""
    setup = X.add_object(bombing_setup(), X.map_object("Silo", "building", "6,3"))
    refused(lambda: X.add_zeppelin(setup, X.zeppelin("Akron", "Bob", "6,0")), X.ZeppelinPlacementError, "bow",
            "F.zep.static", "taken by the object Silo")
    refused(lambda: X.add_zeppelin(setup, X.zeppelin("Silo", "Bob", "12,0")), X.ZeppelinPlacementError, "name",
            "F.combat.choice", "taken by the object Silo")


@pytest.mark.rule("F.collide.object", "F.zep.static")
def test_a_plane_placed_later_inside_an_object_is_caught_by_the_whole_setups_check():
    setup = X.add_object(two_planes(), X.map_object("Mill", "building", "2,2"))
    X.check_extras(setup)
    moved = [dict(p) for p in setup["planes"]]
    moved[0] = dict(moved[0], plane=dict(moved[0]["plane"], hex={"q": 2, "r": 2}))
    refused(lambda: X.check_extras(setup | {"planes": moved}), X.ObjectPlacementError, "hexes", "F.collide.object",
            "the plane Ivy")


@pytest.mark.rule("F.setup")
def test_removing_takes_out_a_zeppelin_or_object_by_name_and_refuses_an_unknown_name():
    setup = zeppelin_demo_setup()
    setup = X.add_object(setup, X.map_object("Crate", "small-object", "-3,3", points=5))
    without = X.remove_extra(setup, "Pegasus")
    assert "zeppelins" not in without and [o["name"] for o in without["objects"]] == ["Crate"]
    assert X.remove_extra(without, "Crate").get("objects") is None
    assert new_game("fasa", 1, X.remove_extra(without, "Crate")).state.game.zeppelins == ()
    refused(lambda: X.remove_extra(without, "Ghost"), X.ObjectPlacementError, "remove", "F.setup", "Crate")


@pytest.mark.rule("F.zep.static")
def test_what_the_referee_refuses_with_the_new_item_is_refused_when_it_is_added(monkeypatch):
    """The referee's own check runs on the setup with the new zeppelin: should the form's checks miss
    something (here switched off), a setup the referee took without it and refuses with it is refused
    at the add, never later at the start."""
    setup = zeppelin_demo_setup()
    ace = setup["planes"][0]["plane"]["hex"]
    monkeypatch.setattr(X, "check_extras", lambda *args, **kwargs: None)
    e = refused(lambda: X.add_zeppelin(setup, X.zeppelin("Akron", "Bob", f"{ace['q']},{ace['r']}")),
                X.ZeppelinPlacementError, "bow", "F.zep.static", "inside Akron")
    assert "Ace starts in" in str(e)
    # with unfinished planes (the referee refuses them already) the add is left to the form's own checks
    alone = {"planes": [], "max_turns": 3, "map_name": "", "homes": {}}
    assert X.add_zeppelin(alone, X.zeppelin("Akron", "Bob", "0,0"))["zeppelins"][0]["name"] == "Akron"


@pytest.mark.rule("F.zep.static", "F.collide.object-btn")
def test_any_text_typed_into_the_inputs_builds_or_is_refused_by_name():
    """Whatever a player types, a builder answers with a zeppelin or object, or a SetupError naming
    the input; never another exception (no eval, nothing unbounded)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    texts = st.one_of(st.text(max_size=60), st.sampled_from(["0,0", "1,-1 2,-2", "bow mg-50", "port 2", "-0,+1",
                                                             "9" * 400, "1,1;1,2", " ", "hex 1,1"]))

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(texts, texts, texts, texts)
    def check(a, b, c, d):
        for build in (lambda: X.zeppelin(a or "Z", "Bob", b, "A", nacelles=c, turrets=d),
                      lambda: X.map_object(a or "O", "train", b, track=c, speed=1)):
            try:
                out = build()
            except SetupError as e:
                assert e.field and e.rule_id and str(e)
            else:
                assert isinstance(out, dict) and out["name"]
                X.check_extras({"planes": [], "zeppelins": [out]} if "bow" in out else {"planes": [], "objects": [out]})

    check()
