"""The rules index (cs_panel.rulebook): every rule id has an entry, search finds rules, lookup shows them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cs_panel import rulebook
from cs_panel.core.errors import CsPanelError, UnknownRuleError
from cs_panel.core.rules import all_rule_ids
from cs_panel.tools import rule_refs

ROOT = Path(__file__).resolve().parents[1]


def test_the_generated_references_are_fresh():
    """Regenerate with: python -m cs_panel.tools.rule_refs (lessons, test marks, rulings or shows_rules changed)."""
    want = rule_refs.render(rule_refs.build(ROOT))
    assert rule_refs.OUT.read_text(encoding="utf-8") == want, "run python -m cs_panel.tools.rule_refs"


def test_every_rule_id_has_an_entry_with_a_lesson_link_a_test_and_an_explanation():
    ids = all_rule_ids()
    assert len(ids) == len(set(ids)) > 100
    for rule_id in ids:
        e = rulebook.entry(rule_id)
        assert e.lessons, f"{rule_id}: no lesson teaches it"
        assert all(ref.href("").startswith(ref.notebook + "#") for ref in e.lessons)
        assert (ROOT / "lessons" / e.lessons[0].notebook).exists()
        assert e.tests >= 1, f"{rule_id}: no test checks it"
        assert e.explained and len(e.explanation.split()) >= 12, f"{rule_id}: no explanation of our own"
        assert e.citation.startswith(e.game) and (not e.page or e.citation.endswith("p." + e.page))


def test_explanations_file_names_only_known_rules_with_a_provenance():
    data = json.loads((ROOT / "cs_panel" / "data" / "rule_explanations.json").read_text(encoding="utf-8"))
    assert data["format"] == 1
    assert set(data["rules"]) == set(all_rule_ids())
    assert {v["provenance"] for v in data["rules"].values()} <= {"rules", "recovered", "reconstructed", "sample"}


def test_lesson_links_point_at_a_heading_of_the_notebook():
    """The anchor is JupyterLab's id for the section's heading, so the link lands on the section."""
    e = rulebook.entry("F.tail.number")
    first = e.lessons[0]
    assert first.notebook == "06_tailing.ipynb" and "F.tail.number" in first.section
    doc = json.loads((ROOT / "lessons" / first.notebook).read_text(encoding="utf-8"))
    headings = [rule_refs.heading_text(m.group(2)) for c in doc["cells"] if c["cell_type"] == "markdown"
                for m in rule_refs.HEADING.finditer("".join(c["source"]))]
    assert first.section in headings and first.anchor == first.section.replace(" ", "-")


def test_test_counts_follow_the_rule_marks(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(
        "import pytest\npytestmark = pytest.mark.rule('F.dice.d10')\n"
        "@pytest.mark.rule('F.hit.range', 'F.shock')\ndef test_a(): pass\n"
        "@pytest.mark.rule('F.shock')\nclass TestB:\n    def test_b(self): pass\n    def test_c(self): pass\n"
        "def helper(): pass\n")
    counts = rule_refs.count_tests(tmp_path, ["F.dice.d10", "F.hit.range", "F.shock", "F.hit"])
    assert counts == {"F.dice.d10": 3, "F.hit.range": 1, "F.shock": 3, "F.hit": 0}


def test_an_id_is_not_found_inside_a_longer_id():
    pat = rule_refs.id_pattern("F.hit")
    assert not pat.search("see F.hit.range") and not pat.search("F.hit-x") and pat.search("(F.hit, p.35)")


def test_rulings_that_name_a_rule_are_listed_under_it():
    e = rulebook.entry("K.capture")
    assert e.rulings and all("K.capture" in r.text for r in e.rulings)
    text = " ".join((ROOT / "RULINGS.md").read_text(encoding="utf-8").split())
    for r in e.rulings:
        assert r.title.rstrip("…") in text and r.text in text and r.where.startswith("Aces")
    assert "<details>" in e.to_html() and "Sure-footed" in e.to_html()
    # most rules have a reading or a rebuilt piece of data written down
    assert sum(bool(x.rulings) for x in rulebook.entries()) > 60


@pytest.mark.rule("F.tail.number")
def test_search_by_word_finds_the_tailing_rules():
    ids = [e.id for e in rulebook.search("tailing")]
    assert {"F.tail.position", "F.tail.number", "F.tail.reveal"} <= set(ids)
    assert set(ids[:3]) == {"F.tail.position", "F.tail.number", "F.tail.reveal"}  # ids that say it come first
    assert all(e.id.startswith("K.") for e in rulebook.search("fate", game="K")) and rulebook.search("fate", game="K")


def test_search_by_id_and_id_prefix():
    assert [e.id for e in rulebook.search("F.hit.range")] == ["F.hit.range"]
    assert [e.id for e in rulebook.search("f.hit.RANGE")] == ["F.hit.range"]
    assert {e.id for e in rulebook.search("F.tail")} == {i for i in all_rule_ids() if i.startswith("F.tail.")}
    assert rulebook.search("F.hit.range", game="B") == [] and rulebook.search("F.no.such") == []


def test_search_with_several_words_needs_them_all():
    both = {e.id for e in rulebook.search("tailing number")}
    assert "F.tail.number" in both
    assert both <= {e.id for e in rulebook.search("tailing")} & {e.id for e in rulebook.search("number")}
    assert len(both) < len(rulebook.search("number"))


def test_search_of_nonsense_or_markup_finds_nothing_and_escapes_it():
    found = rulebook.lookup("<script>alert(1)</script>")
    assert len(found) == 0 and "<script>" not in found._repr_html_() and "&lt;script&gt;" in found._repr_html_()
    assert rulebook.search("zzqqxx") == [] and rulebook.search("...") == []


def test_lookup_shows_itself_in_a_notebook():
    found = rulebook.lookup("tailing")
    page = found._repr_html_()
    for e in found:
        assert f"id='{e.id}'" in page and e.citation in page
    assert "06_tailing.ipynb#The-tailing-number-(F.tail.number,-p.28)" in page
    assert "Checked by</b> " in page and "TailingReveal" in page
    assert "F.tail.number (FASA board game, p.28)" in str(found) and repr(found).startswith("Lookup('tailing'")


def test_lookup_of_an_unknown_game_or_rule_is_a_named_error():
    with pytest.raises(UnknownRuleError):
        rulebook.lookup("fate", game="X")
    with pytest.raises(CsPanelError):
        rulebook.entry("F.no.such-rule")


def test_lesson_links_follow_the_environment(monkeypatch, tmp_path):
    ref = rulebook.entry("F.hit.range").lessons[0]
    monkeypatch.setenv("CS_PANEL_LESSONS_URL", "http://localhost:8888/lab/tree/lessons")
    assert ref.href().startswith("http://localhost:8888/lab/tree/lessons/01_dice_and_to_hit.ipynb#")
    monkeypatch.delenv("CS_PANEL_LESSONS_URL")
    monkeypatch.chdir(ROOT / "examples")
    assert ref.href().startswith("../lessons/01_dice_and_to_hit.ipynb#")
    monkeypatch.chdir(tmp_path)
    assert ref.href().startswith(rulebook.BINDER_LESSONS) and "#" not in ref.href()


def test_explanations_are_our_own_words():
    """No explanation repeats the index's short summaries' source: a crude check that it is prose, not a table row."""
    for e in rulebook.entries():
        assert not re.search(r"\s{3,}", e.explanation), e.id


def test_the_regeneration_script_checks_and_refuses_a_wrong_root(tmp_path, capsys):
    assert rule_refs.main([str(ROOT), "--check"]) == 0
    assert "up to date" in capsys.readouterr().out
    assert rule_refs.main([str(tmp_path), "--check"]) == 2
    assert "not the repository root" in capsys.readouterr().err
