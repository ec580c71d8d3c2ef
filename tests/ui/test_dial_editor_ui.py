"""The DialEditor component, tested without a browser: type into its inputs (parameters and the
click table's cells), read the core's verdict, save and load through a file."""

import panel as pn
import pytest

from cs_panel.clix.figures import figure_entry, figures
from cs_panel.ui import ClixDial, DialEditor
from cs_panel.ui.dial_editor import slot_for


@pytest.mark.rule("A.base.values", "A.campaign.bailout")
def test_default_figure_is_valid_and_shown_in_the_dial():
    ed = DialEditor()
    assert ed.error == "" and ed.figure.id == "my-plane"
    assert isinstance(ed.dial, ClixDial) and ed.dial.figure == ed.figure
    assert ed.figure.combat.clicks[4].bail_out == 5 and ed.figure.combat.structural_limit == 5
    assert "cs-badge-sample" in ed._summary.object


@pytest.mark.rule("A.base.values")
def test_bad_base_value_names_its_field_and_keeps_the_text():
    ed = DialEditor()
    ed.base_silhouette = "five"
    assert ed.figure is None and ed.error_field == "base.silhouette"
    assert "expected a whole number, got 'five'" in ed._errors.message("base_silhouette")
    assert ed.base_silhouette == "five" and ed._errors.message("points") == ""
    ed.base_silhouette = "11"
    assert "11 is outside 1-10" in ed._errors.message("base_silhouette")
    ed.base_silhouette = "4"
    assert ed.error == "" and ed.figure.silhouette == 4 and ed._errors.message("base_silhouette") == ""


@pytest.mark.rule("A.base.values")
def test_bad_cell_names_click_and_stat_and_keeps_every_cell():
    ed = DialEditor()
    typed = [dict(r) for r in ed.clicks]
    ed._cells[2]["piloting"].value = "15"  # typing in the table's cell
    assert ed.error_field == "combat_dial.clicks[2].values.piloting"
    assert "15 is outside 0-14" in ed._errors.message("clicks")
    assert ed.clicks[2]["piloting"] == "15" and ed._cells[2]["piloting"].value == "15"
    assert [r for i, r in enumerate(ed.clicks) if i != 2] == [r for i, r in enumerate(typed) if i != 2]


@pytest.mark.rule("A.base.skills")
def test_markers_typed_in_the_table_reach_the_dial_and_bad_syntax_is_named():
    ed = DialEditor()
    ed.set_cell(0, "markers", "piloting=grey")
    assert ed.figure.combat.markers("piloting")[0].colour == "grey"
    assert "Shaken" in ed.dial._markers.object
    ed.set_cell(0, "markers", "piloting grey")
    assert ed.error_field == "combat_dial.clicks[0].markers" and "stat=colour" in ed._errors.message("clicks")
    ed.set_cell(0, "markers", "wings=red")
    assert "no stat 'wings'" in ed._errors.message("clicks") and ed.clicks[0]["markers"] == "wings=red"


@pytest.mark.rule("A.shot-down", "A.campaign.bailout")
def test_bail_out_only_on_a_shot_down_click():
    ed = DialEditor()
    ed.set_cell(1, "bail_out", "6")
    assert ed.error_field == "combat_dial.clicks[1].bail_out"
    ed.set_cell(1, "bail_out", "")
    ed.set_cell(5, "bail_out", "1")
    assert "1 is outside 2-13" in ed._errors.message("clicks")


@pytest.mark.rule("A.base.values", "A.campaign.bailout", "K.base.values")
def test_round_trip_through_a_file(tmp_path):
    path = tmp_path / "mine.json"
    ed = DialEditor(path=str(path))
    ed.fig_name = "Red Baroness"
    ed.set_cell(0, "markers", "front_gunnery=red")
    ed.add_click(shot_down=True)
    ed.set_cell(6, "bail_out", "9")
    ed.structural_limit = "6"
    assert ed.error == "" and ed.save()
    saved = ed.figure
    ed.edit_packaged("charlie-steele-ace")  # a second figure of another game in the same file
    assert ed.game == "aces" and ed.error == "" and ed.save()
    assert figures.__wrapped__(str(path)).ids() == ["my-plane", "charlie-steele-ace"]

    fresh = DialEditor(path=str(path))
    assert fresh.load("my-plane")
    assert fresh.figure == saved and fresh.fig_name == "Red Baroness" and fresh.clicks[6]["bail_out"] == "9"
    assert figure_entry(fresh.figure) == figure_entry(saved)
    assert fresh.load("charlie-steele-ace") and fresh.figure == figures()["charlie-steele-ace"]
    shown = ClixDial(source=str(path), figure_id="my-plane")
    assert shown.figure == saved


@pytest.mark.rule("A.squadron")
def test_invalid_figure_is_not_saved_and_bad_file_is_named(tmp_path):
    ed = DialEditor(path=str(tmp_path / "x.json"))
    ed.points = "lots"
    assert not ed.save() and "nothing was saved" in ed._errors.message("path")
    assert not (tmp_path / "x.json").exists() and ed.points == "lots"
    ed.points = "100"
    junk = tmp_path / "junk.json"
    junk.write_text("not json")
    ed.path = str(junk)
    assert not ed.save() and "not valid JSON" in ed._errors.message("path") and junk.read_text() == "not json"
    assert not ed.load() and "not valid JSON" in ed.status


@pytest.mark.rule("K.base.values")
def test_switching_game_renames_the_stat_columns_and_keeps_values():
    ed = DialEditor()
    before = [r["piloting"] for r in ed.clicks]
    ed.game = "aces"
    assert [r["fate"] for r in ed.clicks] == before and "piloting" not in ed.clicks[0]
    assert "base.range" not in ed.error  # the Aces base inputs carry their defaults
    assert ed.error_field.startswith("combat_dial") or ed.error == ""


@pytest.mark.rule("A.base.values", "A.throttle", "A.move.speed-effects")
def test_slot_for_maps_entry_fields_to_inputs():
    assert slot_for("combat_dial.clicks[3].values.piloting") == "clicks"
    assert slot_for("base.front_range") == "base_front_range"
    assert slot_for("speed_dial.red_line") == "red_line"
    assert slot_for("speed_dial.squares[0].location") == "squares"
    assert slot_for("id") == "fig_id" and slot_for("nonsense") is None


@pytest.mark.rule("A.base.values", "K.base.values", "A.campaign.bailout")
def test_layout_has_the_form_the_click_table_and_the_dial():
    ed = DialEditor()
    layout = ed.__panel__()
    assert isinstance(layout, pn.Column)
    named = {w.name: w.value for w in layout.select(pn.widgets.Widget) if w.name and not isinstance(w, pn.widgets.Button)}
    for label, value in {
        "Id": "my-plane", "Name": "My plane", "Game": "air-action", "Points": "100", "Silhouette": "5",
        "Front range": "3", "Rear range": "0", "Start (green triangle) index": "0", "Structural limit index": "5",
    }.items():
        assert named[label] == value, label
    buttons = {b.name for b in layout.select(pn.widgets.Button)}
    assert {"Add a click", "Add a shot-down click", "Remove the last click", "Save to file", "Load from file"} <= buttons
    # the click table: one input per stat and click, holding what the dial shows
    in_layout = {id(w) for w in layout.select(pn.widgets.Widget)}
    assert all(id(w) in in_layout for row in ed._cells for w in row.values())
    assert [ed._cells[i]["piloting"].value for i in range(len(ed.clicks))] == [r["piloting"] for r in ed.clicks]
    assert ed._cells[4]["shot_down"].value is True and ed._cells[4]["bail_out"].value == "5"
    # the base values shown are the chosen game's: Air Action's silhouette and ranges, Aces' range and pistols
    def row_with(label):
        return next(r for r in layout.select(pn.Row) if any(w.name == label for w in r.select(pn.widgets.TextInput)))
    air, aces = row_with("Silhouette"), row_with("Pistols")
    assert air.visible and not aces.visible
    ed.game = "aces"
    assert aces.visible and not air.visible
    # and the edited figure's dial is drawn below the form
    assert any(o is ed.dial._svg for o in layout.select())


@pytest.mark.rule("A.base.values", "K.base.values")
@pytest.mark.parametrize("fid", figures().ids())
def test_every_packaged_figure_survives_the_editor_unchanged(fid):
    ed = DialEditor()
    ed.edit_packaged(fid)
    assert ed.error == "" and ed.figure == figures()[fid]
    assert ed.dial.figure == figures()[fid]


@pytest.mark.rule("A.base.values")
def test_the_cell_the_error_names_is_outlined_and_cleared_when_fixed():
    ed = DialEditor()
    ed.set_cell(3, "front_gunnery", "-1")
    assert ed.bad_cells == [(3, "front_gunnery")] and ed._cells[3]["front_gunnery"].stylesheets
    assert not ed._cells[3]["piloting"].stylesheets
    ed.add_click()  # the table is rebuilt; the error now names the blank click, outlined too
    assert ed.bad_cells and all(ed._cells[i][c].stylesheets for i, c in ed.bad_cells)
    ed.remove_click()
    ed.set_cell(3, "front_gunnery", "2")
    assert ed.error == "" and ed.bad_cells == [] and not ed._cells[3]["front_gunnery"].stylesheets


@pytest.mark.rule("A.campaign.bailout", "A.shot-down")
def test_structural_limit_before_the_first_shot_down_click_is_shown_beside_its_input():
    ed = DialEditor()  # four flying clicks, shot-down clicks 4 and 5, limit after click 5
    ed.structural_limit = "2"
    assert ed.figure is None and ed.error_field == "combat_dial.structural_limit"
    assert "before the first three bullet holes click (4)" in ed._errors.message("structural_limit")
    assert ed._errors.message("clicks") == "" and ed._errors.message("start") == ""
    assert ed.structural_limit == "2"  # what was typed stays in the input
    ed.structural_limit = "4"
    assert ed.error == "" and ed._errors.message("structural_limit") == ""
    assert ed.figure.combat.take_hits(10, campaign=True).dial.bail_out == 5
    ed.set_cell(4, "bail_out", "")  # click 4 flies again: the limit now comes too early
    ed.set_cell(4, "shot_down", False)
    for stat in ("max_speed", "front_gunnery", "rear_gunnery", "piloting"):
        ed.set_cell(4, stat, "1")
    assert "before the first three bullet holes click (5)" in ed._errors.message("structural_limit") and ed.figure is None
    ed.structural_limit = "5"
    assert ed.error == "" and ed.figure.combat.structural_limit == 5
