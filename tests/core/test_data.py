"""Data files: provenance on every entry, errors that name file, entry and field."""

import json

import pytest

from cs_panel.core.data import Field, in_range, load_table
from cs_panel.core.errors import DataFileError

SCHEMA = {"name": Field(str), "range": Field(int, check=in_range(0, 10)), "note": Field(str, required=False)}


def write(tmp_path, entries):
    p = tmp_path / "weapons.json"
    p.write_text(json.dumps({"title": "t", "entries": entries}))
    return p


def good(**kw):
    return {"id": "mg", "name": "gun", "range": 5, "provenance": "rules", "source": "FASA p.35", **kw}


def test_good_file_loads_with_provenance(tmp_path):
    t = load_table(write(tmp_path, [good(), good(id="x", provenance="sample")]), SCHEMA)
    assert len(t) == 2 and t["mg"]["range"] == 5
    assert t["mg"].badge is None and t["x"].badge == "sample"


@pytest.mark.parametrize("entry,needle", [
    (good(provenance="made up"), "field 'provenance'"),
    ({k: v for k, v in good().items() if k != "source"}, "field 'source'"),
    (good(range="five"), "field 'range': expected int"),
    (good(range=True), "field 'range': expected int"),
    (good(range=12), "12 is outside 0-10"),
    (good(colour="red"), "unknown field(s) ['colour']"),
    ({k: v for k, v in good().items() if k != "name"}, "field 'name': missing"),
])
def test_bad_entries_are_named(tmp_path, entry, needle):
    path = write(tmp_path, [entry])
    with pytest.raises(DataFileError) as e:
        load_table(path, SCHEMA)
    assert needle in str(e.value) and "weapons.json" in str(e.value) and "'mg'" in str(e.value)


def test_duplicate_ids_and_broken_json(tmp_path):
    with pytest.raises(DataFileError, match="duplicate id"):
        load_table(write(tmp_path, [good(), good()]), SCHEMA)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(DataFileError, match="not valid JSON"):
        load_table(bad, SCHEMA)
    with pytest.raises(DataFileError, match="file not found"):
        load_table(tmp_path / "missing.json", SCHEMA)
