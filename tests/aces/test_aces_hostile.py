"""Aces under hostile input: the escape-with-fate knock-out, and saved tables checked on load (issue 11)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.aces.combat import Character
from cs_panel.aces.referee import AcesGame
from cs_panel.core.dice import ScriptedDice
from cs_panel.core.errors import CsPanelError, DataFileError, SavedStateError
from cs_panel.core.state import dumps, loads


def escape_game() -> AcesGame:
    """Loyle (attack 3, fate 3) held by Charlie; Kim to play."""
    g = AcesGame.start("training-yard", {"Tim": [("charlie-steele-ace", "Charlie", (2, 3)), ("tail-gunner", "Gunner", (2, 7))],
                                         "Kim": [("loyle-crawford-ace", "Loyle", (3, 3)), ("ruffian", "Ruffian", (12, 7))]},
                       ("Tim", "Kim"), check_areas=False)
    return g.move_and_attack("Charlie", (2, 3), "Loyle", "capture", ScriptedDice([6]))


def on_last_click(g: AcesGame, name: str) -> AcesGame:
    c = g.character(name)
    worn = dataclasses.replace(c, dial=c.dial.at(c.dial.first_eliminated - 1))
    return dataclasses.replace(g, characters=tuple(worn if x.name == name else x for x in g.characters))


@pytest.mark.rule("K.escape", "K.fate", "K.victory", "K.capture")
@pytest.mark.parametrize("faces", [[6, 6, 6, 6, 6, 6, 1, 1, 1], [1, 1, 1, 1, 1, 1, 6, 6, 6]])
def test_an_escape_paying_fate_with_the_last_click_knocks_the_captive_out(faces):
    g = on_last_click(escape_game(), "Loyle")
    after = g.escape("Loyle", ScriptedDice(faces), fate=True)
    # off the map whether the escape roll won or not, scored by the opponent, the captor free
    assert "Loyle" not in [c.name for c in after.characters]
    out = {o.name: o for o in after.out}
    assert out["Loyle"].by_fate and out["Loyle"].scored_by == ("Tim",)
    assert after.character("Charlie").captive is None
    assert after.turns.current == "Tim"  # it cannot act again: the turn is over
    assert loads(AcesGame, dumps(after)) == after


@pytest.mark.rule("K.escape", "K.fate")
def test_an_escape_with_fate_to_spare_keeps_the_captive_on_the_map():
    free = escape_game().escape("Loyle", ScriptedDice([6, 6, 1, 1, 1, 1, 1, 1, 1]), fate=True)
    assert free.character("Loyle").captor is None and not free.out


# -- saved tables ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def saved() -> dict:
    return json.loads(dumps(escape_game()))


def load(doc) -> AcesGame:
    return loads(AcesGame, json.dumps(doc))


def _chars(doc):
    return doc["data"]["characters"]


@pytest.mark.rule("K.setup", "K.move", "K.victory")
@pytest.mark.parametrize("edit,field", [
    (lambda d: d["data"].update(map_name="moon"), "map_name"),
    (lambda d: _chars(d)[0].update(square=[99, 99]), "square"),
    (lambda d: _chars(d)[0].update(square=[-1, 0]), "square"),
    (lambda d: _chars(d)[3].update(square=_chars(d)[2]["square"]), "square"),
    (lambda d: _chars(d)[3].update(name=_chars(d)[2]["name"]), "characters"),
    (lambda d: _chars(d)[0].update(points=-5), "points"),
    (lambda d: _chars(d)[0].update(player="Zed"), "player"),
    (lambda d: _chars(d)[0].update(captive=None), "captor"),
    (lambda d: d["data"]["turns"].update(order=["Tim"]), "order"),
    (lambda d: d["data"].update(recruited=[["Tim", -3]]), "recruited"),
])
def test_tampered_aces_tables_are_refused(saved, edit, field):
    doc = json.loads(json.dumps(saved))
    edit(doc)
    with pytest.raises(SavedStateError) as e:
        load(doc)
    assert e.value.field == field


def test_an_unknown_map_is_a_named_error_not_a_key_error():
    with pytest.raises(CsPanelError):
        dataclasses.replace(escape_game(), map_name="moon")


def test_aces_maps_file_is_read_safely(tmp_path):
    from cs_panel.aces.board import maps
    with pytest.raises(DataFileError, match="folder"):
        maps(str(tmp_path))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    with pytest.raises(DataFileError, match="nests deeper"):
        maps(str(deep))


@pytest.mark.parametrize("kwargs,field", [
    ({"name": None}, "name"), ({"square": (0.5, 1)}, "square"), ({"square": (10 ** 9, 1)}, "square"),
    ({"points": -1}, "points"), ({"range": "3"}, "range"), ({"captor": "Ann"}, "captor"),
])
def test_aces_character_refuses_nonsense(kwargs, field):
    c = escape_game().character("Ruffian")
    with pytest.raises(CsPanelError) as e:
        dataclasses.replace(c, **kwargs) if field != "captor" else dataclasses.replace(c, captor=c.name)
    assert e.value.field in (field, "captive")


@settings(max_examples=60)
@given(st.data())
def test_mutated_aces_tables_load_valid_or_are_named(saved, mutator, data):
    doc = data.draw(mutator(saved))
    try:
        g = load(doc)
    except SavedStateError:
        return
    assert loads(AcesGame, dumps(g)) == g
    assert all(isinstance(c, Character) and g.board.on_map(c.square) for c in g.characters)
    assert g.over is None or isinstance(g.over, str)
