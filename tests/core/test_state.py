"""State objects survive a JSON round trip; bad saved games are named, not half-loaded."""

from dataclasses import dataclass, field
from enum import Enum

import pytest
from hypothesis import given, strategies as st

from cs_panel.core import variants
from cs_panel.core.errors import RuleInputError, SavedStateError
from cs_panel.core.state import dumps, loads
from cs_panel.core.variants import RuleSet, Variant, register_variant
from cs_panel.fasa.hexgrid import Facing, Hex


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Plane:
    hex: Hex
    facing: Facing
    speed: int
    name: str = "Condor"
    colour: Colour = Colour.RED
    trail: tuple[Hex, ...] = ()
    notes: dict[str, int] = field(default_factory=dict)
    wingman: "Plane | None" = None


planes = st.builds(
    Plane,
    hex=st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30)),
    facing=st.sampled_from(list(Facing)),
    speed=st.integers(0, 5),
    name=st.text(max_size=10),
    colour=st.sampled_from(list(Colour)),
    trail=st.lists(st.builds(Hex, st.integers(-9, 9), st.integers(-9, 9)), max_size=4).map(tuple),
    notes=st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


@given(planes)
def test_round_trip_is_lossless(plane):
    assert loads(Plane, dumps(plane)) == plane


def test_nested_round_trip():
    p = Plane(Hex(1, 2), Facing.C, 3, wingman=Plane(Hex(0, 0), Facing.A, 2))
    assert loads(Plane, dumps(p)) == p


@pytest.mark.parametrize("text,needle", [
    ("nope", "not JSON"),
    ('{"data": {}}', "envelope"),
    ('{"type": "Board", "format": 1, "data": {}}', "holds a Board"),
    ('{"type": "Plane", "format": 9, "data": {}}', "format 9"),
    ('{"type": "Plane", "format": 1, "data": {"hex": {"q": 0, "r": 0}, "facing": 9, "speed": 1}}', "Plane.facing"),
    ('{"type": "Plane", "format": 1, "data": {"hex": {"q": 0, "r": 0}, "facing": 0, "speed": "fast"}}', "Plane.speed"),
    ('{"type": "Plane", "format": 1, "data": {"hex": {"q": 0, "r": 0}, "facing": 0}}', "missing field 'speed'"),
    ('{"type": "Plane", "format": 1, "data": {"hex": {"q": 0, "r": 0}, "facing": 0, "speed": 1, "fuel": 3}}', "unknown field"),
])
def test_bad_saved_state_is_named(text, needle):
    with pytest.raises(SavedStateError, match=needle):
        loads(Plane, text)


@dataclass(frozen=True)
class Logged:
    """A field the constructor does not take (init=False) besides defaults of both kinds."""
    turn: int
    notes: dict[str, int] = field(default_factory=dict)
    name: str = "log"
    count: int = field(init=False, default=0)


def test_fields_left_out_take_their_defaults_and_a_field_init_does_not_take_is_refused():
    """``from_jsonable`` reads each class's fields once and keeps them (state.py, ``_init_fields``):
    what it kept must say which fields may be left out, and which are not the constructor's."""
    for _ in range(2):  # the second time from what was kept
        got = loads(Logged, '{"type": "Logged", "format": 1, "data": {"turn": 4}}')
        assert got == Logged(4) and got.notes == {} and got.name == "log"
        assert got.notes is not Logged(4).notes  # each its own dict (default_factory), not a shared one
        with pytest.raises(SavedStateError, match=r"missing field 'turn' for Logged"):
            loads(Logged, '{"type": "Logged", "format": 1, "data": {"name": "x"}}')
        with pytest.raises(SavedStateError, match=r"unknown field\(s\) \['count'\]"):
            loads(Logged, '{"type": "Logged", "format": 1, "data": {"turn": 1, "count": 3}}')
    assert dumps(Logged(2, {"a": 1})) == dumps(loads(Logged, dumps(Logged(2, {"a": 1}))))


@pytest.mark.rule("F.collide.damage")
def test_rule_sets_name_their_variants(monkeypatch):
    # a variant made up for this test goes into a copy of the registry, so it does not outlive the test
    monkeypatch.setattr(variants, "VARIANTS", dict(variants.VARIANTS))
    register_variant(Variant("test.flak-collisions", "collisions as flak", "F.collide.damage", "optional rule"))
    rs = RuleSet.of("test.flak-collisions")
    assert rs.enabled("test.flak-collisions") and not RuleSet().enabled("test.flak-collisions")
    assert RuleSet.from_dict(rs.to_dict()) == rs
    with pytest.raises(RuleInputError, match="unknown rule variant"):
        RuleSet.of("no.such.rule")
