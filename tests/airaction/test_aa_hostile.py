"""Air Action and Clix values under hostile input: named errors, tables checked on load (issue 11)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.airaction.game import GameState
from cs_panel.airaction.navigation import FlightPath, NavigationError, path_from_programme
from cs_panel.airaction.odds_view import parse_faces
from cs_panel.airaction.squadron import Slot, Squadron
from cs_panel.airaction.table import Pose
from cs_panel.clix.dial import Click, CombatDial, DialError, SpeedDial
from cs_panel.clix.figures import figures
from cs_panel.core.errors import CsPanelError, RuleInputError, SavedStateError
from cs_panel.core.state import dumps, loads

F = figures()


def duel() -> GameState:
    g = GameState.start([Squadron("Ann", (Slot(F["sample-fighter"]),)), Squadron("Bob", (Slot(F["sample-two-seater"]),))],
                        {"Ann:sample-fighter": Pose(18, 16, 0), "Bob:sample-two-seater": Pose(18, 19, 180)})
    return g.new_turn("Ann")


@pytest.fixture(scope="module")
def saved() -> dict:
    return json.loads(dumps(duel()))


def load(doc) -> GameState:
    return loads(GameState, json.dumps(doc))


@pytest.mark.rule("A.setup")
@pytest.mark.parametrize("edit,field", [
    (lambda d: d["data"]["planes"][0].update(player="Zed"), "planes"),
    (lambda d: d["data"]["planes"][1].update(id=d["data"]["planes"][0]["id"]), "planes"),
    (lambda d: d["data"].update(turn=-1), "turn"),
    (lambda d: d["data"]["planes"][0].update(points=-10), "points"),
    (lambda d: d["data"]["planes"][0].update(silhouette=0), "silhouette"),
    (lambda d: d["data"].update(aggressor="Zed"), "aggressor"),
    (lambda d: d["data"].update(players=["Ann", "Ann"]), "players"),
])
def test_tampered_air_action_tables_are_refused(saved, edit, field):
    doc = json.loads(json.dumps(saved))
    edit(doc)
    with pytest.raises(SavedStateError) as e:
        load(doc)
    assert e.value.field == field


@settings(max_examples=40)
@given(st.data())
def test_mutated_air_action_tables_load_valid_or_are_named(saved, mutator, data):
    doc = data.draw(mutator(saved))
    try:
        g = load(doc)
    except SavedStateError:
        return
    assert loads(GameState, dumps(g)) == g
    assert {p.player for p in g.planes} <= set(g.players)


# -- dials ----------------------------------------------------------------------------------------

def _clicks():
    return (Click((4, 3)), Click((3, 3)), Click.eliminated_click())


@pytest.mark.rule("A.base.values")
@pytest.mark.parametrize("kwargs,field", [
    ({"start": "1"}, "start"), ({"start": 1.0}, "start"), ({"position": "0"}, "position"),
    ({"stats": "ab"}, "stats"), ({"clicks": None}, "clicks"), ({"structural_limit": "2"}, "structural_limit"),
])
def test_combat_dial_refuses_wrong_kinds(kwargs, field):
    with pytest.raises(DialError) as e:
        CombatDial(**({"stats": ("speed", "attack"), "clicks": _clicks()} | kwargs))
    assert e.value.field == field


@pytest.mark.parametrize("kwargs,field", [
    ({"values": (10 ** 6, 1)}, "values"), ({"eliminated": "no"}, "eliminated"), ({"markers": ("red",)}, "markers"),
])
def test_clicks_refuse_nonsense(kwargs, field):
    with pytest.raises(DialError) as e:
        Click(**({"values": (1, 2)} | kwargs))
    assert e.value.field == field


def test_speed_dial_refuses_wrong_kinds():
    for kwargs in ({"speeds": "123"}, {"speeds": (1, 2), "position": "0"}, {"speeds": (1, 2), "red_line": 0.5}):
        with pytest.raises(DialError):
            SpeedDial(**kwargs)


# -- navigation cards and typed faces ------------------------------------------------------------

@pytest.mark.rule("A.nav.deck")
@pytest.mark.parametrize("programme", ["zz top", "9999999S", "2S " * 1000, "S1" + "9" * 5000])
def test_programmes_that_cannot_be_flown_are_refused_before_any_step(programme):
    with pytest.raises(NavigationError) as e:
        path_from_programme(programme)
    assert e.value.field == "programme"


def test_a_flight_path_with_a_nonsense_programme_is_refused():
    with pytest.raises(NavigationError):
        FlightPath("straight", (Pose(0, 1.5, 0),), programme="zz top")
    with pytest.raises(RuleInputError):
        FlightPath("sideways", (Pose(0, 1.5, 0),))
    assert FlightPath("straight", (Pose(0, 1.5, 0),), programme="S").programme == "S"


@pytest.mark.rule("A.combat.shot")
@pytest.mark.parametrize("text", ["9" * 5000, "7", "4 " * 2000])
def test_typed_d6_faces_refuse_long_numbers(text):
    with pytest.raises(RuleInputError):
        parse_faces(text)


@settings(max_examples=80)
@given(st.text(max_size=40))
def test_fuzz_programmes_fly_or_are_named(text):
    try:
        path = path_from_programme(text)
    except CsPanelError:
        return
    assert 1 <= len(path) <= 30


@pytest.mark.rule("A.combat.rear-gunner", "A.fate.offense")
def test_turn_records_refuse_nonsense():
    from cs_panel.airaction.combat import ShotError, ShotLog
    from cs_panel.airaction.fate import FateError, FateLog
    for shots in ("abc", (("Ann:x", "front"), ("Ann:x", "front")), ((1, 2),)):
        with pytest.raises(ShotError):
            ShotLog(shots)
    for used in ("Charlie", ("Charlie", "Charlie"), (None,)):
        with pytest.raises(FateError):
            FateLog(used)
