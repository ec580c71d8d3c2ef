"""The FASA set-up form's zeppelins and objects (issue 12), without a browser: fill in the inputs,
press the buttons by method or by click, read the setup, the list and the refusals beside the inputs."""

from __future__ import annotations

import json

import panel as pn
import pytest

from cs_panel.fasa.play import zeppelin_demo_setup
from cs_panel.ui.game_setup import GameSetup
from cs_panel.ui.setup_fasa_extras import FasaExtrasForm


def two_planes(ui: GameSetup) -> None:
    """Ann's Ivy at the south edge and Bob's Dukes at the north edge of the fighter sheet."""
    ui.map_name = "fighters"
    ui.param.update(plane_name="Ivy", player="Ann", design="devastator", home="south")
    assert ui.add_plane(), ui.error
    ui.param.update(plane_name="Dukes", player="Bob", design="bloodhawk", role="wingman", dead_eye=4, quick_draw=3,
                    home="north")
    assert ui.add_plane(), ui.error
    assert ui.setup is not None


def fasa() -> tuple[GameSetup, FasaExtrasForm]:
    ui = GameSetup(system="fasa", seed=4)
    ui.__panel__()
    two_planes(ui)
    return ui, ui._extra_form


def widgets(layout, css: str) -> list:
    return [w for w in layout.select(pn.widgets.Widget) if css in (w.css_classes or [])]


@pytest.mark.rule("F.zep.static", "F.zep.gas-cells", "F.collide.object-btn", "F.setup")
def test_a_zeppelin_and_an_object_of_your_own_join_the_setup_and_the_game():
    ui, form = fasa()
    form.param.update(zep_name="Akron", zep_player="Bob", zep_bow="2,-6", zep_heading="C", zep_class="military",
                      zep_gas="hydrogen", zep_turrets="bow mg-50, port 2 mg-30")
    assert form.add_zeppelin(), ui.error
    form.param.update(obj_name="Express", obj_kind="train", obj_hexes="-4,2 -5,3", obj_points=30,
                      obj_track="-3,1 -2,0", obj_speed=1)
    assert form.add_object(), ui.error
    assert [z["name"] for z in ui.setup["zeppelins"]] == ["Akron"] and ui.setup["zeppelins"][0]["military"]
    assert [o["name"] for o in ui.setup["objects"]] == ["Express"] and ui.setup["objects"][0]["speed"] == 1
    listed = ui._list.object
    assert "<b>Akron</b> (Bob), military, hydrogen" in listed and "<b>Express</b>" in listed
    # the zeppelin's layout is ours (the map was lost); the made-up train is sample data
    assert listed.count("cs-reconstructed-badge") == 1 and listed.count("cs-sample-badge") == 1
    game = ui.new_game()
    assert game is not None, ui.error
    assert [z.name for z in game.state.game.zeppelins] == ["Akron"]
    assert [(o.name, o.base_number) for o in game.state.game.objects] == [("Express", 3)]


@pytest.mark.rule("F.zep.static", "F.collide.object-btn", "F.collide.object", "F.map.sheets")
def test_a_refusal_is_shown_beside_its_input_and_the_typed_text_stays():
    ui, form = fasa()
    form.param.update(zep_name="Akron", zep_bow="3;4")
    assert not form.add_zeppelin()
    assert "q,r" in ui.message("zep_bow") and form.zep_bow == "3;4" and "zeppelins" not in ui.setup
    form.param.update(zep_bow="0,-12", zep_heading="D")  # the stern runs off the north edge
    assert not form.add_zeppelin()
    assert "off the fighters map" in ui.message("zep_bow") and ui.message("zep_name") == ""
    form.param.update(zep_bow="0,0", zep_turrets="bow flak")
    assert not form.add_zeppelin() and "F.zep.turrets" in ui.message("zep_turrets")
    assert form.zep_turrets == "bow flak" and ui.message("zep_bow") == ""
    # an object: a moving train without track, a hex a plane starts in, a name a plane has
    form.param.update(obj_name="Mail", obj_kind="train", obj_hexes="1,1", obj_speed=2, obj_track="")
    assert not form.add_object() and "needs track" in ui.message("obj_track")
    ivy = ui.setup["planes"][0]["plane"]["hex"]
    form.param.update(obj_kind="building", obj_speed=0, obj_hexes=f"{ivy['q']},{ivy['r']}")
    assert not form.add_object() and "the plane Ivy" in ui.message("obj_hexes")
    form.param.update(obj_name="Dukes", obj_hexes="1,1")
    assert not form.add_object() and "already taken by the plane Dukes" in ui.message("obj_name")
    assert (form.obj_name, form.obj_hexes) == ("Dukes", "1,1") and "objects" not in ui.setup
    form.obj_kind = "small-object"
    form.obj_name = "Crate"
    assert form.add_object() and ui.message("obj_name") == "" and ui.error == ""


@pytest.mark.rule("F.setup")
def test_remove_by_name_and_an_unknown_name_is_refused_beside_the_box():
    ui, form = fasa()
    form.param.update(obj_name="Barn", obj_hexes="1,1")
    assert form.add_object()
    form.param.update(obj_name="Silo", obj_hexes="2,1")
    assert form.add_object()
    form.remove_name = "Ghost"
    assert "no zeppelin or object called 'Ghost'" in ui.message("remove_name") and form.remove_name == "Ghost"
    form.remove_name = "Barn"
    assert [o["name"] for o in ui.setup["objects"]] == ["Silo"] and ui.message("remove_name") == ""
    assert "<b>Barn</b>" not in ui._list.object and form.remove_name == ""
    form.remove_name = "Silo"
    assert "objects" not in ui.setup and "Also on the map" not in ui._list.object


@pytest.mark.rule("F.zep.static", "F.collide.object-btn")
def test_a_saved_setup_keeps_your_zeppelins_and_objects():
    ui, form = fasa()
    form.param.update(zep_name="Akron", zep_bow="3,-6")
    assert form.add_zeppelin(), ui.error
    form.param.update(obj_name="Barn", obj_hexes="-3,3 -2,3", obj_provenance="rules")
    assert form.add_object(), ui.error
    saved = ui.setup_json()
    assert [z["name"] for z in json.loads(saved)["zeppelins"]] == ["Akron"]
    other = GameSetup(system="fasa")
    assert other.load_setup(saved)
    assert other.setup["zeppelins"] == ui.setup["zeppelins"] and other.setup["objects"] == ui.setup["objects"]
    assert "<b>Barn</b>" in other._list.object and "cs-sample-badge" not in other._list.object  # its numbers: rules
    # and a loaded sample's zeppelin takes a zeppelin of your own beside it
    other.start_from = "zeppelin battle (sample)"
    other._extra_form.param.update(zep_name="Akron", zep_player="Ann", zep_bow="10,5")
    assert other._extra_form.add_zeppelin(), other.error
    assert [z["name"] for z in other.setup["zeppelins"]] == ["Pegasus", "Akron"]
    assert other.setup["zeppelins"][0] == zeppelin_demo_setup()["zeppelins"][0]


@pytest.mark.rule("F.collide.object")
def test_a_plane_placed_later_inside_an_object_leaves_the_setup_unfinished():
    from cs_panel.fasa.setup_builder import home_start

    ui, form = fasa()
    (q, r), _ = home_start("fighters", "south", 1)  # where Ann's second plane starts at home
    form.param.update(obj_name="Mill", obj_hexes=f"{q},{r}")
    assert form.add_object()
    ui.param.update(plane_name="Cat", player="Ann", home="south", at_home=True)
    ui.add_plane()
    assert ui.setup is None and "the plane Cat" in ui._status.object
    assert ui.new_game() is None and "the plane Cat" in ui.message("obj_hexes")
    ui.remove_plane("Cat")
    assert ui.setup is not None and ui.new_game() is not None


@pytest.mark.rule("F.zep.static", "F.collide.object-btn")
def test_the_inputs_and_buttons_on_the_page_drive_the_form():
    ui, _ = fasa()
    page = ui.__panel__()
    (bow,) = widgets(page, "in-zep_bow")
    bow.value = "x"
    (add,) = widgets(page, "add-zeppelin")
    add.clicks += 1
    assert "q,r" in ui.message("zep_bow") and bow.value == "x"
    bow.value = "2,-6"
    add.clicks += 1
    assert ui.setup["zeppelins"][0]["bow"] == {"q": 2, "r": -6}
    (kind,) = widgets(page, "in-obj_kind")
    assert set(kind.options) == {"building", "train", "small object"}  # the nacelle comes with its zeppelin
    kind.value = "small-object"
    (hexes,) = widgets(page, "in-obj_hexes")
    hexes.value = "5,5"
    (add_obj,) = widgets(page, "add-object")
    add_obj.clicks += 1
    assert ui.setup["objects"][0]["kind"] == "small-object", ui.error
    (remove,) = widgets(page, "in-remove_name")
    remove.value = "Akron"
    assert "zeppelins" not in ui.setup


def test_the_form_alone_renders_and_refuses_in_its_own_slots():
    form = FasaExtrasForm()
    pn.panel(form)  # renders without a GameSetup around it
    form.obj_kind = "train"
    form.obj_speed = 3
    assert not form.add_object() and "needs track" in form.message("obj_track")
    form.obj_kind = "building"
    form.obj_speed = 0
    assert form.add_object() and form.extras["objects"][0]["name"] == "Depot"
