"""The validation layer and the limits: named errors with ``field=``, and bounds that are data."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from cs_panel.core.data import Field, load_table, parse_text
from cs_panel.core.errors import CsPanelError, DataFileError, SavedStateError
from cs_panel.core.limits import LIMITS, Limit, limit
from cs_panel.core.rules import all_rule_ids
from cs_panel.core.state import loads
from cs_panel.core.validate import (InvalidValueError, OutOfBoundsError, TooLargeError, check_bool, check_choice,
                                    check_int, check_str, json_depth, parse_int, safe_json_loads)


def test_every_rules_limit_cites_a_known_rule_id():
    known = set(all_rule_ids())
    for name, lim in LIMITS.items():
        assert isinstance(lim, Limit)
        assert lim.rule is None or lim.rule in known, name
        assert lim.lo is None or lim.hi is None or lim.lo <= lim.hi, name
    with pytest.raises(KeyError, match="fasa.skill"):
        limit("no.such")


@pytest.mark.rule("F.pilot.skills")
def test_skill_limit_is_the_rule():
    assert LIMITS["fasa.skill"].bounds == (0, 10)
    assert check_int(10, "dead_eye", limit="fasa.skill") == 10
    with pytest.raises(OutOfBoundsError, match=r"dead eye 11 must be 0-10 \(F.pilot.skills\)") as e:
        check_int(11, "dead_eye", limit="fasa.skill")
    assert e.value.field == "dead_eye"


@pytest.mark.parametrize("value", ["1", 1.0, True, None, [1]])
def test_check_int_refuses_other_kinds(value):
    with pytest.raises(InvalidValueError) as e:
        check_int(value, "turn", 0, 5)
    assert e.value.field == "turn"


def test_check_int_names_a_project_limit_and_keeps_huge_numbers_short():
    with pytest.raises(OutOfBoundsError, match="project limit") as e:
        check_int(10 ** 5000, "turn", limit="turns")
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("value", ["no", "yes", 0, 1, None])
def test_check_bool_refuses_truthy_things(value):
    with pytest.raises(InvalidValueError):
        check_bool(value, "shocked")
    assert check_bool(False, "shocked") is False


def test_check_choice_and_str():
    assert check_choice("a", "x", "ab") == "a"
    with pytest.raises(InvalidValueError):
        check_choice([1], "x", ["a"])
    with pytest.raises(InvalidValueError):
        check_str(None, "name")
    with pytest.raises(InvalidValueError):
        check_str("  ", "name")
    with pytest.raises(TooLargeError, match="limit is 200"):
        check_str("x" * 201, "name")


def test_parse_int_refuses_long_numbers_before_converting():
    with pytest.raises(OutOfBoundsError, match="12 digits"):
        parse_int("9" * 5000, "faces")
    with pytest.raises(InvalidValueError):
        parse_int("1e3", "faces")
    assert parse_int(" -7 ", "x") == -7


def test_json_depth_skips_strings():
    assert json_depth('[{"a": "[[[{{{"}]') == 2
    assert json_depth('"\\"[["') == 0


@pytest.mark.parametrize("text", ["[" * 100_000, "{\"a\":" * 50 + "1" + "}" * 50, "[" + "9" * 5000 + "]",
                                  "[1e" + "9" * 5000 + "]", "not json", 5, b"[]"])
def test_safe_json_loads_names_every_failure(text):
    with pytest.raises(SavedStateError):
        safe_json_loads(text)


def test_saved_text_size_is_capped_before_parsing():
    cap = LIMITS["saved_chars"].hi
    with pytest.raises(SavedStateError, match=str(cap)):
        safe_json_loads(" " * (cap + 1))


def test_state_loads_deep_nesting_is_named():
    with pytest.raises(SavedStateError, match="nests deeper"):
        loads(dict, '{"type": "dict", "format": 1, "data": ' + "[" * 5000 + "]" * 5000 + "}")


SCHEMA = {"name": Field(str)}


def test_load_table_on_a_directory(tmp_path):
    with pytest.raises(DataFileError, match="folder"):
        load_table(tmp_path, SCHEMA)


def test_load_table_on_invalid_utf8(tmp_path):
    p = tmp_path / "bad.json"
    p.write_bytes(b'{"entries": ["\xff\xfe"]}')
    with pytest.raises(DataFileError, match="UTF-8"):
        load_table(p, SCHEMA)


def test_load_table_deep_nesting_and_big_numbers(tmp_path):
    p = tmp_path / "deep.json"
    p.write_text('{"entries": ' + "[" * 10_000 + "]" * 10_000 + "}")
    with pytest.raises(DataFileError, match="nests deeper"):
        load_table(p, SCHEMA)
    with pytest.raises(DataFileError, match="digits"):
        parse_text('{"entries": [' + "1" * 5000 + "]}", SCHEMA)


def test_load_table_unknown_package_file():
    with pytest.raises(DataFileError, match="no such packaged"):
        load_table("package:nope/none.json", SCHEMA)


@settings(max_examples=60)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=3), c, max_size=3),
                    max_leaves=20))
def test_fuzz_data_loader_accepts_or_names(doc):
    try:
        table = parse_text(json.dumps(doc), SCHEMA)
    except CsPanelError:
        return
    assert all(isinstance(e["name"], str) for e in table)


def test_dice_are_bounded_before_rolling_or_enumerating():
    from cs_panel.core.dice import Dice, DicePoolHits, SumAtLeast
    from cs_panel.core.errors import RuleInputError
    with pytest.raises(TooLargeError, match="1000000"):
        SumAtLeast(7, count=20).outcomes()
    with pytest.raises(RuleInputError) as e:
        DicePoolHits(10 ** 9, 4)
    assert e.value.field == "count"
    with pytest.raises(RuleInputError) as e:
        Dice(seed="abc")
    assert e.value.field == "seed"
    assert SumAtLeast(7).chance > 0 and DicePoolHits(100, 4).outcomes()


def test_state_loads_names_a_number_where_a_list_or_object_belongs():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Box:
        items: tuple[int, ...] = ()
        notes: dict[str, int] | None = None

    for data in ('{"items": 5}', '{"notes": 5}', '{"items": [1, "x"]}'):
        with pytest.raises(SavedStateError):
            loads(Box, '{"type": "Box", "format": 1, "data": ' + data + '}')
