"""The DamageSheet component, tested without a browser by setting its parameters and calling
what its buttons call."""

import panel as pn
import pytest

from cs_panel.fasa.damage import RecordSheet
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.ui import DamageSheet
from cs_panel.core.validate import OutOfBoundsError


def _colour_at(sheet: DamageSheet, cell):
    data = sheet._source.data
    i = next(i for i, (x, y) in enumerate(zip(data["x"], data["y"])) if (x, -y) == tuple(cell))
    return data["colour"][i], data["state"][i], data["line"][i]


@pytest.mark.rule("F.plane.record-sheet")
def test_a_fresh_sheet_draws_every_box_of_the_planes_diagram():
    ui = DamageSheet(plane="devastator")
    core = RecordSheet.for_plane("devastator")
    assert ui.sheet == core
    assert len(ui._source.data["x"]) == len(core.diagram.boxes)
    assert set(ui._source.data["state"]) == {"intact"}
    assert "recovered" in ui._status.object  # the fan redraw of the layout is badged
    assert "nose 50" in ui._status.object


@pytest.mark.rule("F.dmg.template", "F.dmg.column")
def test_fire_marks_what_the_core_marks_and_outlines_it():
    ui = DamageSheet(plane="devastator", table="nose", column=3, template="mg-70-AP")
    expected = RecordSheet.for_plane("devastator").hit(DamageTable.NOSE, 3, "mg-70-AP")
    assert ui.fire()
    assert ui.sheet == expected.sheet and sorted(ui.last_boxes) == sorted(expected.destroyed)
    colour, state, line = _colour_at(ui, expected.destroyed[0])
    assert state == "destroyed by a hit" and line == "#e53e3e"
    assert "mg-70-AP on Nose column 3" in ui._effects.object


@pytest.mark.rule("F.dmg.column")
def test_a_bad_column_is_named_beside_its_input_and_nothing_is_marked():
    ui = DamageSheet()
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.column = 11
    assert refused.value.field == "column" and ui.column == 5
    assert "1-10" in str(refused.value) and ui.sheet.marks == () and ui.log == []
    ui.column = 10
    assert ui.fire() and ui._errors.message("column") == ""


@pytest.mark.rule("F.dmg.column", "F.dice.d10")
def test_rolled_columns_come_from_the_seeded_die():
    a, b = DamageSheet(seed=7), DamageSheet(seed=7)
    rolls = [a.roll_column() for _ in range(6)]
    assert rolls == [b.roll_column() for _ in range(6)]
    assert all(1 <= r <= 10 for r in rolls) and a.column == rolls[-1]


@pytest.mark.rule("F.dmg.widow", "F.dmg.internal")
def test_end_attacker_widows_and_undo_takes_steps_back_one_by_one():
    ui = DamageSheet(plane="devastator", table="nose", template="mg-70-DD")
    for column in (2, 3, 4):
        ui.column = column
        ui.fire()
    before = ui.sheet
    assert ui.end_attacker()
    widowed = ui.last_boxes
    core = before.widow()
    assert sorted(widowed) == sorted(core.widowed) and ui.sheet == core.sheet
    assert ui.undo() and ui.sheet == before and len(ui.log) == 3
    while ui.undo():
        pass
    assert ui.sheet == RecordSheet.for_plane("devastator") and ui.reports == []


@pytest.mark.rule("F.dmg.engine", "F.dmg.spar", "F.dmg.aileron")
def test_the_performance_table_follows_the_sheets_capabilities():
    ui = DamageSheet(plane="devastator", table="port_wing_trailing", template="ap-rocket")
    for column in (1, 2, 3, 4, 5, 6):
        ui.column = column
        if not ui.fire():
            break
    caps = ui.sheet.capabilities()
    assert caps != ui.sheet.base  # the trailing edge's controls are gone
    assert f"<td class='cs-value'>{caps.port_gs}</td>" in ui._limits.object
    for effect in ui.sheet.limits():
        assert str(effect).split(" (F.")[0][:30] in ui._limits.object.replace("&#x27;", "'")


@pytest.mark.rule("F.weap.magnesium")
def test_magnesium_burns_on_next_turn_and_its_rule_is_a_setting():
    ui = DamageSheet(plane="devastator", table="nose", column=3, template="mg-50-MG", burn_turns=2)
    assert ui.fire() and ui.sheet.continuing[0].turns_left == 2
    assert "Still under way" in ui._status.object
    assert ui.next_turn()
    assert any(how == "burn" for *_, how in ui.sheet.marks)
    ui.burn_turns = 0  # not a number of turns a burn can last: refused beside the input, kept
    assert not ui.fire() and ui.burn_turns == 0 and "burn" in ui.error


@pytest.mark.rule("F.dmg.cut")
def test_a_destroyed_plane_says_why_and_refuses_more_hits():
    ui = DamageSheet(plane="devastator", table="port_wing_leading", column=5, template="ap-rocket")
    for _ in range(8):
        if ui.sheet.destroyed or not ui.fire():
            break
    if not ui.sheet.destroyed:
        ui.end_attacker()
    assert ui.sheet.destroyed, "eight AP rockets down one port wing column cut it off"
    assert "Destroyed" in ui._status.object
    marks = len(ui.sheet.marks)
    assert not ui.fire() and "already destroyed" in ui.error and len(ui.sheet.marks) == marks


@pytest.mark.rule("F.dmg.column", "F.plane.record-sheet")
def test_a_click_on_a_box_chooses_its_table_and_column():
    ui = DamageSheet(plane="devastator")
    d = ui.sheet.diagram
    cell = d.column_boxes(DamageTable.STARBOARD_WING_TRAILING, 4)[0]
    assert ui.select_at(cell[0] + 0.2, -cell[1] - 0.1)
    assert (ui.table, ui.column) == ("starboard_wing_trailing", 4)
    assert not ui.select_at(-40, 40)  # off the diagram: nothing changes
    assert (ui.table, ui.column) == ("starboard_wing_trailing", 4)


@pytest.mark.rule("F.plane.record-sheet", "F.dmg.pilot")
def test_another_plane_or_constitution_starts_a_fresh_sheet():
    ui = DamageSheet(plane="devastator")
    ui.fire()
    ui.plane = next(p for p in ui.param.plane.objects if p != "devastator")
    assert ui.sheet.marks == () and ui.log == [] and ui.sheet == RecordSheet.for_plane(ui.plane)
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.constitution = 11
    assert refused.value.field == "constitution" and ui.constitution == 3
    ui.constitution = 5
    assert ui.sheet.constitution == 5 and ui._errors.message("constitution") == ""


@pytest.mark.rule("F.dmg.template")
def test_the_template_picture_is_badged_reconstructed():
    ui = DamageSheet(template="mg-70-DD")
    assert "reconstructed" in ui._template_pane.object and "7 boxes" in ui._template_pane.object


@pytest.mark.rule("F.dmg.template", "F.dmg.widow", "F.weap.magnesium")
def test_layout_has_the_inputs_and_buttons():
    layout = DamageSheet().__panel__()
    assert isinstance(layout, pn.FlexBox)  # wraps the side column under the drawing when narrow
    labels = {w.name for w in layout.select(pn.widgets.Widget)}
    for label in ("Plane", "Damage table", "Column (1-10)", "Template", "Burn turns"):
        assert label in labels
    buttons = {b.label for b in layout.select(pn.widgets.Button)}
    assert {"Fire", "Roll column (d10)", "End attacker (widow)", "Next turn (burns, drills)", "Undo"} <= buttons


@pytest.mark.rule("F.dmg.template")
def test_the_preview_shows_where_the_template_would_fall_before_fire():
    ui = DamageSheet(plane="devastator", table="nose", column=4, template="mg-70-DD")
    would = RecordSheet.for_plane("devastator").hit(DamageTable.NOSE, 4, "mg-70-DD").destroyed
    assert sorted(zip(ui._preview.data["x"], ui._preview.data["y"])) == sorted((c, -r) for c, r in would)
    assert ui.sheet.marks == ()  # a preview marks nothing
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.column = 11
    assert refused.value.field == "column" and ui.column == 4
    assert ui._preview.data["x"] != []  # refused before it is set: the preview stays
    ui.column = 4
    ui.fire()
    deeper = ui.sheet.hit(DamageTable.NOSE, 4, "mg-70-DD").destroyed
    assert sorted(zip(ui._preview.data["x"], ui._preview.data["y"])) == sorted((c, -r) for c, r in deeper)


@pytest.mark.rule("F.plane.record-sheet")
def test_every_component_is_labelled_on_the_diagram():
    ui = DamageSheet(plane="devastator")
    assert sorted(ui._labels.data["text"]) == sorted(ui.sheet.diagram.components)


@pytest.mark.rule("F.rocket.drill")
def test_next_turn_after_a_drill_hit_rolls_the_drill_as_the_turn_after_the_hit():
    ui = DamageSheet(plane="devastator", table="nose", column=5, template="drill", range_hexes=3)
    assert ui.fire() and [c.kind for c in ui.sheet.continuing] == ["drill"]
    assert ui.sheet.continuing[0].turn == 0  # no game turn: every Next turn is a later turn's step 8
    assert ui.next_turn()
    step, result = ui.log[-1]
    assert step == ("turn",) and len(result.rolls) == 1 and "rolled" in ui.reports[-1]


@pytest.mark.rule("F.dmg.template", "F.dmg.widow")
def test_the_diagram_after_steps_is_the_one_a_fresh_sheet_draws_for_the_same_marks():
    """The redraw works out only the marks and keeps the diagram's own columns: after hits, a
    widowing and undos, the drawing's data is what a sheet drawn afresh for the same marks holds."""
    ui = DamageSheet(plane="devastator")
    for column in (5, 6, 2):
        ui.column = column
        assert ui.fire()
    ui.end_attacker()
    ui.undo()
    fresh = DamageSheet(plane="devastator")
    with pn.param.param.edit_constant(fresh):
        fresh.sheet, fresh.last_boxes = ui.sheet, list(ui.last_boxes)
    fresh._drawn = None  # drawn whole, every column written
    fresh._redraw()
    assert {k: list(v) for k, v in ui._source.data.items()} == {k: list(v) for k, v in fresh._source.data.items()}
    assert {k: list(v) for k, v in ui._labels.data.items()} == {k: list(v) for k, v in fresh._labels.data.items()}
    assert "destroyed by a hit" in ui._source.data["state"]
    ui.plane = next(p for p in ui.param.plane.objects if p != "devastator")  # another diagram: drawn whole
    assert len(ui._source.data["x"]) == len(ui.sheet.diagram.boxes) and set(ui._source.data["state"]) == {"intact"}


@pytest.mark.rule("F.plane.record-sheet")
def test_switching_between_planes_of_the_same_size_leaves_every_sheet_drawn_right():
    """The diagram's columns are kept per diagram for every sheet of the process; a data source
    patched from one plane's drawing to another's (same number of boxes) must not change the kept
    columns, so plane A drawn again, here or in another session, is plane A's (found in review: the
    source once held the kept lists themselves, and bokeh's patch rewrote them in place)."""
    from cs_panel.ui.damage_sheet import _diagram_rows

    def drawn(ui):
        return {k: list(v) for k, v in ui._source.data.items()}, {k: list(v) for k, v in ui._labels.data.items()}

    a, b = "a5", "badger"
    fresh_a = drawn(DamageSheet(plane=a))
    assert len(fresh_a[0]["x"]) == len(drawn(DamageSheet(plane=b))[0]["x"])  # the same size: the patched path
    kept = _diagram_rows.__wrapped__(RecordSheet.for_plane(a).diagram)
    ui = DamageSheet(plane=a)
    ui.plane = b
    ui.plane = a
    assert drawn(ui) == fresh_a
    assert drawn(DamageSheet(plane=a)) == fresh_a  # another session's sheet too
    assert {k: list(v) for k, v in _diagram_rows(ui.sheet.diagram).fixed.items()} == {
        k: list(v) for k, v in kept.fixed.items()}
