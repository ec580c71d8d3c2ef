"""A FASA setup with zeppelins and objects, malformed: from code or from a saved file, every fault is
a named ``SetupError`` saying what is wrong and where, never a bare TypeError, KeyError or
AttributeError; the set-up form shows a refused file beside the upload and keeps what it had."""

from __future__ import annotations

import copy
import json

import pytest

from cs_panel.core.errors import CsPanelError
from cs_panel.fasa import setup_builder as F
from cs_panel.fasa import setup_extras as X
from cs_panel.fasa.play import bombing_setup, zeppelin_demo_setup
from cs_panel.setups import SetupError


def zep() -> dict:
    return zeppelin_demo_setup()


def bomb() -> dict:
    return bombing_setup()


def edited(setup: dict, path: tuple, value=None, *, drop: bool = False) -> dict:
    """A copy of ``setup`` with the value at ``path`` replaced (or dropped)."""
    out = copy.deepcopy(setup)
    node = out
    for k in path[:-1]:
        node = node[k]
    if drop:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


# each: the setup, what is wrong, the error class, the field it points at, and words naming the place
MALFORMED = [
    (edited(zep(), ("zeppelins", 0), ["Pegasus"]), X.ZeppelinPlacementError, "zeppelins", "zeppelins[0] is an object"),
    (edited(zep(), ("zeppelins", 0, "player"), drop=True), X.ZeppelinPlacementError, "player", "'player'"),
    (edited(zep(), ("zeppelins", 0, "player"), None), X.ZeppelinPlacementError, "player", "zeppelins[0].player"),
    (edited(zep(), ("zeppelins", 0, "bow"), "1,2"), X.ZeppelinPlacementError, "bow", "zeppelins[0].bow"),
    (edited(zep(), ("zeppelins", 0, "military"), "yes"), X.ZeppelinPlacementError, "zeppelin_class", "military"),
    (edited(zep(), ("zeppelins",), None), X.ZeppelinPlacementError, "zeppelins", "zeppelins are a list"),
    (edited(bomb(), ("objects", 0, "hexes", 0), "0,-1"), X.ObjectPlacementError, "hexes", "objects[0] (Depot)"),
    (edited(bomb(), ("objects", 0, "hexes", 0, "q"), "0"), X.ObjectPlacementError, "hexes", "objects[0] (Depot)"),
    (edited(bomb(), ("objects", 0, "hexes", 0, "r"), drop=True), X.ObjectPlacementError, "hexes", "its hexes[0]"),
    (edited(bomb(), ("objects", 0, "hexes"), None), X.ObjectPlacementError, "hexes", "its hexes are a list"),
    (edited(bomb(), ("objects", 1, "track"), 7), X.ObjectPlacementError, "track", "objects[1] (Train): its track"),
    (edited(bomb(), ("objects", 0, "name"), drop=True), X.ObjectPlacementError, "name", "objects[0] needs 'name'"),
    (edited(bomb(), ("objects",), {"Depot": 1}), X.ObjectPlacementError, "objects", "objects are a list"),
    (edited(bomb(), ("planes", 0, "plane"), None), F.PlacementError, "hex", "planes[0] needs 'plane'"),
    (edited(bomb(), ("planes", 0, "plane", "hex"), [0, 4]), F.PlacementError, "hex", "planes[0] (Bomber)"),
    (edited(bomb(), ("planes", 1, "player"), 3), F.PlacementError, "player", "planes[1] needs 'player'"),
    (edited(bomb(), ("planes",), 3), F.PlacementError, "planes", "planes are a list"),
]


@pytest.mark.rule("F.zep.static", "F.collide.object-btn", "F.setup")
@pytest.mark.parametrize("setup,error,field,words", MALFORMED)
def test_check_extras_names_a_malformed_setup_and_where(setup, error, field, words):
    with pytest.raises(error) as info:
        X.check_extras(setup)
    e = info.value
    assert isinstance(e, SetupError) and e.field == field, (e.field, str(e))
    assert words in str(e), str(e)


@pytest.mark.rule("F.zep.static", "F.collide.object-btn", "F.setup")
@pytest.mark.parametrize("setup,error,field,words", MALFORMED)
def test_adding_and_removing_refuse_a_malformed_setup_by_name(setup, error, field, words):
    silo = X.map_object("Silo", "building", [(9, 9)])
    zed = X.zeppelin("Zed", "Bob", "9,-9")
    for call in (lambda: X.add_object(setup, silo), lambda: X.add_zeppelin(setup, zed),
                 lambda: X.remove_extra(setup, "Nobody")):
        with pytest.raises(SetupError):
            call()


@pytest.mark.rule("F.setup")
@pytest.mark.parametrize("setup", [[], None, "planes", 3])
def test_a_setup_that_is_not_an_object_is_named(setup):
    for call in (lambda: X.check_extras(setup), lambda: X.remove_extra(setup, "Depot")):
        with pytest.raises(F.PlacementError, match="a FASA setup is an object"):
            call()


@pytest.mark.rule("F.collide.object-btn")
def test_removing_from_a_well_formed_setup_still_works_and_names_what_it_has():
    s = X.remove_extra(bomb(), "Crate")
    assert [o["name"] for o in s["objects"]] == ["Depot", "Train"]
    with pytest.raises(X.ObjectPlacementError, match="Depot, Train, Crate"):
        X.remove_extra(bomb(), "Nobody")


@pytest.mark.rule("F.setup", "F.zep.static")
def test_written_out_fills_what_a_saved_file_may_leave_out_and_keeps_a_built_setup():
    for s in (zep(), bomb()):
        assert F.written_out(s) == s  # what the builders made comes back the same
    short = edited(bomb(), ("planes", 0, "plane", "natural_touch"), drop=True)
    short = edited(short, ("objects", 0, "provenance"), drop=True)
    short = edited(short, ("planes", 1, "jammed"), drop=True)
    full = F.written_out(short)
    assert full["planes"][0]["plane"]["natural_touch"] == 0  # the referee's default
    assert full["objects"][0]["provenance"] == bomb()["objects"][0]["provenance"]
    assert full["planes"][1]["jammed"] == []
    with pytest.raises(CsPanelError):
        F.written_out(edited(bomb(), ("objects", 0, "hexes"), "somewhere"))


# -- the set-up form ------------------------------------------------------------------------------------

@pytest.fixture()
def form():
    from cs_panel.ui.game_setup import GameSetup

    return GameSetup(system="fasa")


@pytest.mark.rule("F.setup", "F.zep.static")
def test_the_form_lists_a_loaded_setup_that_leaves_defaults_out(form):
    short = edited(bomb(), ("planes", 0, "plane", "natural_touch"), drop=True)
    short = edited(short, ("objects", 0, "points"), drop=True)
    assert form.load_setup(json.dumps(short))
    assert form.setup is not None and "Bomber" in form._list.object and "Depot" in form._list.object


@pytest.mark.rule("F.zep.static")
@pytest.mark.parametrize("setup", [MALFORMED[0][0], MALFORMED[3][0], MALFORMED[6][0], MALFORMED[9][0]])
def test_the_form_refuses_a_malformed_file_beside_the_upload_and_keeps_what_it_had(form, setup):
    assert form.load_setup(json.dumps(bomb()))
    before = (copy.deepcopy(form._planes), copy.deepcopy(form._extras), form.setup)
    assert form.load_setup(json.dumps(setup)) is False
    assert form.message("upload"), "the refusal is shown beside the upload"
    assert (form._planes, form._extras, form.setup) == before
