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
