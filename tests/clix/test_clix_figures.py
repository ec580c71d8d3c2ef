"""Figures from data files: provenance, rules values, validation naming file/entry/field, skills."""

import copy
import json

import pytest

from cs_panel.clix.figures import figure_entry, figure_from_entry, figures, save_figures
from cs_panel.clix.skills import is_shaken, showing_skills, speed_effects, skills
from cs_panel.clix.dial import DialError
from cs_panel.core.errors import DataFileError
from cs_panel.core.state import dumps, loads
from cs_panel.clix.figures import Figure


@pytest.mark.rule("A.base.values", "K.base.values")
def test_every_packaged_figure_is_badged_sample():
    t = figures()
    assert len(t) >= 4
    for f in t:
        assert f.provenance == "sample" and f.badge == "sample"
        assert "sample" in f.name.lower() or "sample" in f.source.lower()


@pytest.mark.rule("A.fate.defense", "A.base.values")
def test_charlie_steele_plane_has_the_rules_silhouette():
    f = figures()["charlie-steele-plane"]
    assert f.silhouette == 4
    assert "Fate" in f.rules_values["base.silhouette"]


@pytest.mark.rule("K.base.values", "K.recruit", "K.fate", "A.fate.offense")
def test_ace_figures_carry_the_values_the_texts_give():
    charlie = figures()["charlie-steele-ace"]
    assert charlie.points == 49 and charlie.base["pistols"] == 1
    assert (charlie.combat.value("attack"), charlie.combat.value("defense"), charlie.combat.value("fate")) == (3, 4, 2)
    loyle = figures()["loyle-crawford-ace"]
    assert (loyle.combat.value("attack"), loyle.combat.value("fate")) == (3, 3)
    assert loyle.combat.value("defense") <= 5


@pytest.mark.rule("A.base.values")
def test_figure_entry_round_trips_and_saves(tmp_path):
    for f in figures():
        assert figure_from_entry(json.loads(json.dumps(figure_entry(f)))) == f
        assert loads(Figure, dumps(f)) == f
    path = tmp_path / "mine.json"
    save_figures(list(figures()), path)
    assert [f.id for f in figures(str(path))] == figures().ids()


def entry():
    return copy.deepcopy(figure_entry(figures()["sample-fighter"]))


def mutate(fn):
    e = entry()
    fn(e)
    return e


@pytest.mark.rule("A.base.values")
@pytest.mark.parametrize("change,field", [
    (lambda e: e["combat_dial"]["clicks"][3].update(values=[6, 2, 0, "x"]), "combat_dial.clicks[3].values.piloting"),
    (lambda e: e["combat_dial"]["clicks"][3].update(values=[6, 2, 0]), "combat_dial.clicks[3].values"),
    (lambda e: e["combat_dial"]["clicks"][6].update(values=[1, 1, 1, 1]), "combat_dial.clicks[6].values"),
    (lambda e: e["combat_dial"]["clicks"][0].update(markers={"fate": "red"}), "combat_dial.clicks[0].markers.fate"),
    (lambda e: e["combat_dial"]["clicks"][0].update(bail_out=4), "combat_dial.clicks[0].bail_out"),
    (lambda e: e["combat_dial"].update(structural_limit=99), "combat_dial.structural_limit"),
    (lambda e: e["base"].pop("silhouette"), "base.silhouette"),
    (lambda e: e["base"].update(defense=3), "base.defense"),
    (lambda e: e.pop("speed_dial"), "speed_dial"),
    (lambda e: e["speed_dial"]["squares"][0].update(location="tail"), "speed_dial.squares[0].location"),
    (lambda e: e["speed_dial"].update(speeds=[1, 2, 3, 4, 5, 6, 7, 7]), "speed_dial.speeds"),
    (lambda e: e.update(provenance="official"), "provenance"),
    (lambda e: e.update(game="chess"), "game"),
])
def test_bad_entries_name_file_entry_and_field(change, field):
    with pytest.raises(DataFileError) as err:
        figure_from_entry(mutate(change), "mine.json")
    assert err.value.field == field
    assert "mine.json" in str(err.value) and "sample-fighter" in str(err.value)


@pytest.mark.rule("A.base.values")
def test_missing_file_is_named():
    with pytest.raises(DataFileError, match="file not found"):
        figures("/nonexistent/figures.json")


@pytest.mark.rule("A.base.skills")
def test_skills_show_and_optional_ones_cancel():
    dial = figures()["sample-two-seater"].combat
    shown = showing_skills(dial)
    assert {s.entry["name"] for s in shown} == {"Steady tail gunner (sample skill)", "Evasive flier (sample skill)"}
    off = showing_skills(dial, frozenset({"blue-piloting"}))
    assert [s.in_effect for s in off if s.entry.id == "blue-piloting"] == [False]
    fighter = figures()["sample-fighter"].combat
    with pytest.raises(DialError, match="not optional"):
        showing_skills(fighter, frozenset({"red-front_gunnery"}))


@pytest.mark.rule("A.base.skills", "A.end")
def test_shaken_shows_on_late_click():
    dial = figures()["sample-fighter"].combat
    assert not is_shaken(dial)
    assert is_shaken(dial.click(5))
    assert skills()["grey-piloting"]["name"] == "Shaken"


@pytest.mark.rule("A.move.speed-effects")
def test_reconstructed_cards_are_flagged():
    for e in list(skills()) + list(speed_effects()):
        assert e.provenance == "reconstructed" and e.badge == "reconstructed"
