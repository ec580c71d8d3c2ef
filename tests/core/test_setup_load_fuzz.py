"""Every way a setup or a saved game comes in, under malformed JSON shapes: it is taken, or refused
with a named ``CsPanelError``, never a bare TypeError, KeyError, AttributeError or ValueError.

The shapes are a system's own good setup (or a short saved game) with one to three edits
(``reshaper``, tests/conftest.py): a field dropped, an item duplicated, two values swapped, a value
replaced by a JSON value of another shape (nested lists, objects, None, numbers as strings). They
go in by every load path: a saved setup (``setup_from_json``), a setup dict from code
(``new_game``), a saved game (``Game.from_json``), a FASA setup's zeppelins and objects
(``setup_extras``) and each system's set-up builder.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.aces import setup_builder as K
from cs_panel.airaction import setup_builder as AA
from cs_panel.barrooms import setup_builder as B
from cs_panel.core.errors import CsPanelError
from cs_panel.core.game import Game, random_playout
from cs_panel.fasa import setup_builder as F
from cs_panel.fasa import setup_extras as X
from cs_panel.fasa.play import bombing_setup, zeppelin_demo_setup
from cs_panel.games import SYSTEMS, new_game, rules_for
from cs_panel.setups import setup_from_json

#: enough examples to meet each shape at each place over a few runs, few enough for a quick test
SETTINGS = settings(max_examples=25)


def taken_or_named(call, *args):
    """Run ``call``: it returns, or raises a named ``CsPanelError`` that says why."""
    try:
        call(*args)
    except CsPanelError as e:
        assert str(e)


GOOD = {s: rules_for(s).default_setup() for s in SYSTEMS}
FASA_EXTRAS = {"zeppelins": zeppelin_demo_setup(), "objects": bombing_setup()}


@pytest.fixture(scope="module")
def saved_games() -> dict[str, dict]:
    """A short game of each system, saved."""
    return {s: json.loads(random_playout(new_game(s, 3), random.Random(1), max_actions=8).to_json()) for s in SYSTEMS}


@pytest.mark.rule("F.setup", "A.setup", "K.setup", "B.sequence")
@pytest.mark.parametrize("system", SYSTEMS)
@SETTINGS
@given(data=st.data())
def test_a_malformed_saved_setup_or_setup_dict_is_taken_or_named(system, reshaper, data):
    doc = data.draw(reshaper(GOOD[system]))
    taken_or_named(setup_from_json, system, json.dumps(doc))
    taken_or_named(new_game, system, 1, doc)


@pytest.mark.rule("F.setup", "A.setup", "K.setup", "B.sequence")
@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=15)
@given(data=st.data())
def test_a_malformed_saved_game_is_loaded_or_named(system, saved_games, reshaper, data):
    taken_or_named(Game.from_json, json.dumps(data.draw(reshaper(saved_games[system]))))


@pytest.mark.rule("F.zep.static", "F.collide.object-btn")
@pytest.mark.parametrize("kind", sorted(FASA_EXTRAS))
@SETTINGS
@given(data=st.data())
def test_malformed_zeppelins_and_objects_are_named_by_every_setup_extras_call(kind, reshaper, data):
    doc = data.draw(reshaper(FASA_EXTRAS[kind]))
    taken_or_named(X.check_extras, doc)
    taken_or_named(X.add_object, doc, X.map_object("Silo", "building", [(9, 9)]))
    taken_or_named(X.add_zeppelin, doc, X.zeppelin("Zed", "Bob", "9,-9"))
    taken_or_named(X.remove_extra, doc, "Depot")
    taken_or_named(setup_from_json, "fasa", json.dumps(doc))
    taken_or_named(F.written_out, doc)


def _fasa(doc: dict) -> dict:
    return F.game_setup(doc.get("planes"), max_turns=doc.get("max_turns", 3), map_name=doc.get("map_name", ""),
                        homes=doc.get("homes"))


def _aces(doc: dict) -> dict:
    return K.game_setup(doc.get("map"), doc.get("teams"), doc.get("order"), max_turns=doc.get("max_turns", 30))


def _airaction(doc: dict) -> dict:
    squadrons = doc.get("squadrons") if isinstance(doc.get("squadrons"), list) else []
    by_player = {str(q.get("player")) if isinstance(q, dict) else str(q): q for q in squadrons}
    return AA.game_setup(by_player, build_total=doc.get("build_total", 200), max_turns=doc.get("max_turns", 8))


def _barrooms(doc: dict) -> dict:
    return B.game_setup(doc.get("fighters"), cover=doc.get("cover", ()), max_turns=doc.get("max_turns", 10),
                        players=doc.get("players"))


BUILDERS = {"fasa": _fasa, "aces": _aces, "airaction": _airaction, "barrooms": _barrooms}


@pytest.mark.rule("F.setup", "A.setup", "K.setup", "B.sequence")
@pytest.mark.parametrize("system", sorted(BUILDERS))
@SETTINGS
@given(data=st.data())
def test_each_set_up_builder_takes_or_names_malformed_choices(system, reshaper, data):
    start = FASA_EXTRAS["objects"] if system == "fasa" else GOOD[system]
    taken_or_named(BUILDERS[system], data.draw(reshaper(start)))


@pytest.mark.rule("F.setup", "A.setup", "K.setup", "B.sequence")
@pytest.mark.parametrize("system", sorted(BUILDERS))
def test_each_builder_takes_its_own_good_setup(system):
    """The fuzz starts from setups the builders take (so a refusal above is the edits', not the start's)."""
    start = FASA_EXTRAS["objects"] if system == "fasa" else GOOD[system]
    assert new_game(system, 1, BUILDERS[system](start)).players
