"""The rule explanations (cs_panel/data/rule_explanations.json) cover the rules index exactly.

Completeness of data, not a rule: one own-words paragraph per indexed rule id, in the index's
order, of a length a new player will read, each saying whether it explains the text's rule or
something the project rebuilt or chose.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from cs_panel.core.rules import all_rule_ids

ALLOWED_PROVENANCE = {"rules", "reconstructed"}
MIN_WORDS, MAX_WORDS = 25, 120


def _explanations() -> dict:
    text = resources.files("cs_panel.data").joinpath("rule_explanations.json").read_text(encoding="utf-8")
    return json.loads(text)


def test_format_and_exact_coverage_in_index_order():
    data = _explanations()
    assert data["format"] == 1
    ids = all_rule_ids()
    explained = list(data["rules"])
    assert set(explained) - set(ids) == set(), "explanations for ids not in the rules index"
    assert set(ids) - set(explained) == set(), "rule ids without an explanation"
    assert explained == ids, "explanations are not in the index's order"


@pytest.mark.parametrize("rule_id", all_rule_ids())
def test_each_explanation_is_a_sensible_paragraph(rule_id):
    entry = _explanations()["rules"][rule_id]
    assert set(entry) == {"text", "provenance"}
    assert entry["provenance"] in ALLOWED_PROVENANCE
    text = entry["text"]
    assert isinstance(text, str) and text == text.strip()
    assert "\n" not in text, "one paragraph"
    words = len(text.split())
    assert MIN_WORDS <= words <= MAX_WORDS, f"{rule_id}: {words} words"
    assert text.rstrip()[-1] in ".!?\"')", f"{rule_id}: does not end a sentence"


def test_no_two_rules_share_a_paragraph():
    texts = [entry["text"] for entry in _explanations()["rules"].values()]
    assert len(set(texts)) == len(texts)


def test_rebuilt_material_is_marked():
    """Rules whose explanation rests on rebuilt cards, tables or templates say so in provenance."""
    rules = _explanations()["rules"]
    for rule_id in ("F.dmg.template", "F.weap.magnesium", "A.nav.deck", "A.move.speed-effects", "A.feat"):
        assert rules[rule_id]["provenance"] == "reconstructed", rule_id
    assert any(entry["provenance"] == "rules" for entry in rules.values())
