"""LayeredSvg (cs_panel/ui/layered_svg.py): a drawing held in layers, of which a change sets only
the parts that differ, so the browser is sent only those (issue 14)."""

from __future__ import annotations

import pytest

from cs_panel.games import new_game
from cs_panel.ui import BarroomsTable
from cs_panel.ui.layered_svg import DrawingError, LayeredSvg

FIGHTERS = "<g class='br-fighter'"


def _room(game):
    from cs_panel.barrooms.render import room_svg

    return str(room_svg(game.state))


def test_the_layers_make_the_drawing_again_whole():
    game = new_game("barrooms", seed=4)
    view = LayeredSvg()
    view.show(_room(game), top_from=FIGHTERS)
    assert view.object == _room(game)
    assert view.head.startswith("<svg") and view.head.endswith("<title>the bar room</title>")
    assert "Mac (Ann) at 1,2" in view.text and "<" not in view.text
    assert FIGHTERS not in view.base and view.top.startswith(FIGHTERS) and "<polygon" not in view.top


def test_clear_empties_every_part_in_one_update_and_the_dial_uses_it():
    from cs_panel.ui import ClixDial

    view = LayeredSvg()
    view.show(_room(new_game("barrooms", seed=4)), top_from=FIGHTERS)
    updates = []
    view.param.watch(lambda *events: updates.append(sorted(e.name for e in events)), ["head", "text", "base", "top"])
    view.clear()
    assert view.object == "" and (view.head, view.text, view.base, view.top) == ("", "", "", "")
    assert updates == [["base", "head", "text", "top"]]
    dial = ClixDial()
    assert dial._svg.object.startswith("<svg")
    dial.figure = None  # no figure, no dial: nothing drawn
    assert dial._svg.object == "" and dial._slot.object == ""


def test_an_action_sets_the_fighters_and_the_words_not_the_floor():
    game = new_game("barrooms", seed=4)
    view = LayeredSvg()
    view.show(_room(game), top_from=FIGHTERS)
    changed: list[str] = []
    view.param.watch(lambda *events: changed.extend(e.name for e in events), ["head", "text", "base", "top"])
    moved = game.apply("move Vic to 8,5 walk")
    view.show(_room(moved), top_from=FIGHTERS)
    assert sorted(changed) == ["text", "top"] and view.object == _room(moved)
    changed.clear()
    view.show(_room(moved), top_from=FIGHTERS)  # the same drawing again sets nothing
    assert changed == []


def test_a_hit_on_the_record_sheet_redraws_the_marks_not_the_codes_over_them():
    """The damage sheet's component codes stand over the marks but do not change with them: a
    layer of their own (``over``) that a hit leaves alone, while the drawing is the same whole."""
    from cs_panel.fasa.render import SHEET_LABELS, SHEET_TOP, damage_sheet_svg
    from cs_panel.ui import DamageSheet

    sheet = DamageSheet(plane="devastator")
    view = sheet._drawing
    assert view.over.startswith(SHEET_LABELS) and "<text class='cs-label'" in view.over
    assert view.top.startswith(SHEET_TOP) and "cs-label" not in view.top
    over, base = view.over, view.base
    changed: list[str] = []
    view.param.watch(lambda *events: changed.extend(e.name for e in events), ["head", "text", "base", "top", "over"])
    assert sheet.fire()
    assert sorted(changed) == ["text", "top"] and view.over is over and view.base is base
    # the layers make the same drawing whole as two layers would (the codes then in the top one)
    from cs_panel.fasa.damage import damage_layouts

    svg = damage_sheet_svg(sheet.sheet, f"{sheet.sheet.name}: {damage_layouts()[sheet.sheet.layout]['name']}",
                           last=sheet.last_boxes, preview=sheet.preview)
    two = LayeredSvg()
    two.show(svg, top_from=SHEET_TOP)
    assert view.object == two.object and two.over == "" and two.top == view.top + view.over


def test_a_drawing_without_the_marker_is_all_base_and_text_that_is_no_svg_is_refused():
    view = LayeredSvg()
    view.show("<svg xmlns='http://www.w3.org/2000/svg'><circle r='3'/></svg>", top_from=FIGHTERS)
    assert view.base == "<circle r='3'/>" and view.top == "" and view.text == ""
    assert view.object == "<svg xmlns='http://www.w3.org/2000/svg'><circle r='3'/></svg>"
    with pytest.raises(DrawingError, match="one <svg> element"):
        view.show("<p>not a drawing</p>", top_from=FIGHTERS)


def test_the_bar_room_table_sends_its_floor_once():
    table = BarroomsTable(game=new_game("barrooms", seed=4))
    floor = table._room.base
    assert floor.count("<polygon") == 96
    table.apply("move Vic to 8,5 walk")
    assert table._room.base is floor  # the same text: Panel sends nothing for it
    assert "Vic (Bob) at 8,5" in table._room.text and "Vic (Bob) at 8,5" in table._room.object
    assert table.undo() and "Vic (Bob) at 10,5" in table._room.object


def test_a_pick_is_read_by_its_shape_and_anything_else_is_none():
    from cs_panel.ui.layered_svg import MAX_PICK, picked_cell, picked_point

    assert picked_cell("3,-4") == (3, -4) and picked_point("table@12.5,40", "table") == (12.5, 40.0)
    assert picked_point("map@-3.25,7", "map") == (-3.25, 7.0)
    for text in ("", "3,4,5", "3, 4", "1234,1", "a,b", "__import__('os')"):
        assert picked_cell(text) is None, text
    for text in ("table@", "map@1,2", "table@1e9,2", "table@1,2;x", "TABLE@1,2"):
        assert picked_point(text, "table") is None, text
    # the browser's message is passed on only when it is a short string
    svg, seen = LayeredSvg(), []
    svg.on_pick(seen.append)
    for data in ({"pick": "3,4"}, {"pick": "x" * (MAX_PICK + 1)}, {"pick": 7}, ["3,4"], None):
        svg._handle_msg(data)
    assert seen == ["3,4"]


def test_the_words_are_the_drawings_desc_as_plain_text():
    svg = LayeredSvg()
    svg.show("<svg><title>t</title><desc>A &amp; B &lt;3</desc><g/></svg>", top_from="<g")
    assert svg.text == "A &amp; B &lt;3" and svg.words == "A & B <3"
