"""Bar-rooms values under hostile input: named errors, never accepted nonsense (issue 11)."""

import pytest

from cs_panel.barrooms.character import Character, CharacterError
from cs_panel.barrooms.firing import FiringError, to_hit
from cs_panel.barrooms.movement import Gait, MoveError


@pytest.mark.rule("B.chargen")
@pytest.mark.parametrize("kwargs,field", [
    ({"vest": "yes"}, "vest"), ({"vest": 1}, "vest"), ({"name": None}, "name"), ({"name": ""}, "name"),
    ({"skills": "brawler"}, "skills"), ({"carried": ("no-such-gun",)}, "carried"), ({"shock": 10 ** 9}, "shock"),
])
def test_character_refuses_nonsense(kwargs, field):
    with pytest.raises(CharacterError) as e:
        Character(**({"name": "Nick"} | kwargs))
    assert e.value.field == field


@pytest.mark.rule("B.move.gait")
@pytest.mark.parametrize("name", ["shooter_gait", "target_gait"])
def test_an_unknown_gait_is_named(name):
    with pytest.raises(MoveError) as e:
        to_hit("person", 3, 3, **{name: "flying"})
    assert e.value.field == name
    assert Gait.coerce("running") is Gait.RUN


@pytest.mark.rule("B.fire.target")
def test_huge_numbers_are_refused_with_a_printable_message():
    with pytest.raises(FiringError) as e:
        to_hit("person", 10 ** 5000, 3)
    assert e.value.field == "range_hexes" and "digits" in str(e.value)


# -- a saved damage card --------------------------------------------------------------------------

import json  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

from cs_panel.barrooms.damage import DamageCard, DamageError  # noqa: E402
from cs_panel.core.errors import SavedStateError  # noqa: E402
from cs_panel.core.state import dumps  # noqa: E402


@pytest.fixture(scope="module")
def saved_card() -> dict:
    card = DamageCard(constitution=4, vest=True, vest_wear=1, marks=(("torso", 2), ("head", 1)), name="Nick")
    return json.loads(dumps(card))


@pytest.mark.rule("B.hitloc")
@pytest.mark.parametrize("marks", [(("torso",),), ((5, 1),), "torso"])
def test_damage_card_marks_must_be_pairs(marks):
    with pytest.raises(DamageError) as e:
        DamageCard(marks=marks)
    assert e.value.field == "marks"


@settings(max_examples=40)
@given(st.data())
def test_mutated_damage_cards_load_valid_or_are_named(saved_card, mutator, data):
    doc = data.draw(mutator(saved_card))
    try:
        card = DamageCard.from_json(json.dumps(doc))
    except SavedStateError:
        return
    assert DamageCard.from_json(dumps(card)) == card
