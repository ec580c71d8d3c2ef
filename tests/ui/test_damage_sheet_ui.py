"""The DamageSheet component, tested without a browser by setting its parameters and calling
what its buttons call."""

import re

import panel as pn
import param
import pytest

from cs_panel.fasa.damage import RecordSheet
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.ui import DamageSheet
from cs_panel.core.validate import OutOfBoundsError
from cs_panel.fasa.render import MARK_WORDS


def _cell(pick: str):
    c, r = pick.split(",")
    return int(c), int(r)


def drawn(sheet: DamageSheet):
    """What the drawing shows, read from its SVG: each box's fill as drawn (a mark in the top layer
    over the box's intact colour), its state in words, the boxes outlined (the last step), the
    preview's boxes and the labels (in the layer over the marks)."""
    base, top = sheet._drawing.base, sheet._drawing.top
    fill = {_cell(k): v for k, v in re.findall(r"<rect class='cs-box' data-pick='([^']+)'[^>]*fill='([^']+)'", base)}
    state = dict.fromkeys(fill, "intact")
    for how, pick, colour in re.findall(r"<rect class='cs-mark' data-mark='(\w+)' data-pick='([^']+)'[^>]*fill='([^']+)'", top):
        fill[_cell(pick)] = colour
        state[_cell(pick)] = MARK_WORDS[how]
    boxes = {}
    for kind in ("last", "preview"):
        xy = re.findall(rf"<rect class='cs-{kind}' x='(\d+)' y='(\d+)'", top)
        boxes[kind] = sorted(xy)
    labels = re.findall(r"<text class='cs-label'[^>]*>([^<]*)</text>", sheet._drawing.over)
    return fill, state, boxes, labels


def _colour_at(sheet: DamageSheet, cell):
    """The box's colour, its state and whether it is outlined as the last step's."""
    fill, state, boxes, _ = drawn(sheet)
    base = sheet._drawing.base
    x, y = re.search(rf"data-pick='{cell[0]},{cell[1]}' x='(\d+)' y='(\d+)'", base).groups()
    return fill[tuple(cell)], state[tuple(cell)], (x, y) in boxes["last"]


def _xy(sheet: DamageSheet, cells):
    """The drawing's places of boxes, as the top layer's outlines and preview give them."""
    base = sheet._drawing.base
    return sorted(re.search(rf"data-pick='{c},{r}' x='(\d+)' y='(\d+)'", base).groups() for c, r in cells)


@pytest.mark.rule("F.plane.record-sheet")
def test_a_fresh_sheet_draws_every_box_of_the_planes_diagram():
    ui = DamageSheet(plane="devastator")
    core = RecordSheet.for_plane("devastator")
    assert ui.sheet == core
    fill, state, _, _ = drawn(ui)
    assert sorted(fill) == sorted(core.diagram.boxes)
    assert set(state.values()) == {"intact"}
    assert "recovered" in ui._status.object  # the fan redraw of the layout is badged
    assert "nose 50" in ui._status.object


@pytest.mark.rule("F.dmg.template", "F.dmg.column")
def test_fire_marks_what_the_core_marks_and_outlines_it():
    ui = DamageSheet(plane="devastator", table="nose", column=3, template="mg-70-AP")
    expected = RecordSheet.for_plane("devastator").hit(DamageTable.NOSE, 3, "mg-70-AP")
    assert ui.fire()
    assert ui.sheet == expected.sheet and sorted(ui.last_boxes) == sorted(expected.destroyed)
    colour, state, line = _colour_at(ui, expected.destroyed[0])
    assert state == "destroyed by a hit" and line is True
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
    assert f"data-pick='{cell[0]},{cell[1]}'" in ui._drawing.base  # the box names itself to a click
    assert ui.pick(f"{cell[0]},{cell[1]}")
    assert (ui.table, ui.column) == ("starboard_wing_trailing", 4)
    assert not ui.select_box((-40, 40))  # off the diagram: nothing changes
    for hostile in ("", "1,2,3", "__import__('os')", "9" * 50, "1, 2"):  # a stranger's message: ignored
        assert not ui.pick(hostile)
    ui._drawing._handle_msg({"pick": "x" * 1000})
    ui._drawing._handle_msg(["not", "a", "dict"])
    assert (ui.table, ui.column) == ("starboard_wing_trailing", 4)
    other = d.column_boxes(DamageTable.NOSE, 2)[0]
    ui._drawing._handle_msg({"pick": f"{other[0]},{other[1]}"})  # as the browser sends a click
    assert (ui.table, ui.column) == ("nose", 2)


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
    assert sorted(ui.preview) == sorted(would) and drawn(ui)[2]["preview"] == _xy(ui, would)
    assert ui.sheet.marks == ()  # a preview marks nothing
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.column = 11
    assert refused.value.field == "column" and ui.column == 4
    assert ui.preview != [] and drawn(ui)[2]["preview"] == _xy(ui, would)  # refused before it is set: the preview stays
    ui.column = 4
    ui.fire()
    deeper = ui.sheet.hit(DamageTable.NOSE, 4, "mg-70-DD").destroyed
    assert sorted(ui.preview) == sorted(deeper) and drawn(ui)[2]["preview"] == _xy(ui, deeper)


@pytest.mark.rule("F.plane.record-sheet")
def test_every_component_is_labelled_on_the_diagram():
    ui = DamageSheet(plane="devastator")
    assert sorted(drawn(ui)[3]) == sorted(ui.sheet.diagram.components)


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
    """The boxes go to the browser once a plane and the marks are drawn over them: after hits, a
    widowing and undos, the drawing is what a sheet drawn afresh for the same marks shows, and
    only its top layer changed."""
    ui = DamageSheet(plane="devastator")
    base = ui._drawing.base
    for column in (5, 6, 2):
        ui.column = column
        assert ui.fire()
    ui.end_attacker()
    ui.undo()
    assert ui._drawing.base == base
    fresh = DamageSheet(plane="devastator", column=ui.column)
    with param.edit_constant(fresh):
        fresh.sheet, fresh.last_boxes = ui.sheet, list(ui.last_boxes)
    fresh._redraw()
    assert fresh._drawing.object == ui._drawing.object
    fill, state, _, _ = drawn(ui)
    assert "destroyed by a hit" in state.values()
    assert {cell for cell, words in state.items() if words != "intact"} == set(ui.sheet.mark_of)
    ui.plane = next(p for p in ui.param.plane.objects if p != "devastator")  # another diagram: drawn whole
    fill, state, _, _ = drawn(ui)
    assert sorted(fill) == sorted(ui.sheet.diagram.boxes) and set(state.values()) == {"intact"}


@pytest.mark.rule("F.plane.record-sheet")
def test_switching_between_planes_leaves_every_sheet_drawn_right():
    """Each diagram's base layer is kept for every sheet of the process: plane A drawn again,
    here or in another session, after plane B, is plane A's."""
    a, b = "a5", "badger"
    fresh_a = DamageSheet(plane=a)._drawing.object
    assert DamageSheet(plane=b)._drawing.object != fresh_a
    ui = DamageSheet(plane=a)
    ui.plane = b
    ui.plane = a
    assert ui._drawing.object == fresh_a
    assert DamageSheet(plane=a)._drawing.object == fresh_a  # another session's sheet too
