"""The ManeuverExplorer component, tested without a browser by setting its parameters."""

import html

import re

import pytest

from cs_panel.fasa.hexgrid import Hex
from cs_panel.fasa.movement import PushKind
from cs_panel.ui.layered_svg import LayeredSvg
from cs_panel.ui.maneuver import G_COLOURS, ILLEGAL, NO_PUSH, PUSH_COLOURS, ManeuverExplorer
from cs_panel.core.validate import OutOfBoundsError


def text(pane) -> str:
    return html.unescape(pane.object)


def arrow(ui, notation):
    data = ui._arrows.data
    i = data["maneuver"].index(notation)
    return {k: v[i] for k, v in data.items()}


@pytest.mark.rule("F.move.plot", "F.move.capability")
def test_defaults_draw_every_arrow_and_explain_3L2F():
    ui = ManeuverExplorer()
    assert ui.error == "" and len(ui.options) == len(ui._arrows.data["maneuver"]) == 153
    assert str(ui.plan.maneuver) == "3L2F" and ui.plan.gs == 1 and ui.plan.legal and not ui.plan.pushes
    b = text(ui._breakdown)
    assert "ends in hex (-2, -1) facing F; arrow path A F F" in b
    assert "1 G to port against the port wing's rating 3" in b and "Chance to fly it as plotted: <b>100%</b>" in b
    assert "cs-badge-reconstructed" in b  # the template is our reconstruction
    # the arrow path is drawn from the plane's hex through each hex entered
    assert len(ui._path.data["xs"][0]) == 4
    assert arrow(ui, "3L2F")["size"] > arrow(ui, "3L2A")["size"]  # the chosen arrowhead stands out
    # every destination hex is named as on the template; the column hex holds 3S and both reversals
    assert "3L2" in ui._labels.data["text"] and "3S/L0/R0" in ui._labels.data["text"]


@pytest.mark.rule("F.move.push-gs", "F.move.push-target")
def test_condor_3R0D_shows_its_push_term_by_term():
    ui = ManeuverExplorer()
    ui.maneuver = "3R0D"
    assert ui.pick == "3R0D"  # the list follows the typed notation
    (push,) = ui.plan.pushes
    assert push.kind is PushKind.GS and push.target.total == 8 + 2 - 5
    b = text(ui._breakdown)
    assert "4 G over the starboard wing rating 2" in b and "F.move.push-gs" in b
    assert "Chance of success: <b>60%</b>" in b and "random movement" in b
    assert arrow(ui, "3R0D")["odds"] == "60%" and arrow(ui, "3R0D")["pushes"] == "5 (60%)"


@pytest.mark.rule("F.move.plot")
def test_bad_notation_shows_beside_its_input_and_keeps_the_text():
    ui = ManeuverExplorer()
    ui.maneuver = "3Q2F"
    assert ui.maneuver == "3Q2F" and ui.plan is None
    assert "cannot read '3Q2F' as a maneuver" in ui._m_errors.message("maneuver")
    assert ui._errors.message() == "" and all(ui._errors.message(f) == "" for f in ui._errors.slots)
    assert "No breakdown" in ui._breakdown.object
    assert len(ui._arrows.data["maneuver"]) == 153  # the map stays
    ui.maneuver = "2L2A"
    assert ui._m_errors.message("maneuver") == "" and ui.plan.legal and ui.pick == "2L2A"


@pytest.mark.rule("F.move.no-jink")
def test_off_template_jink_says_why_it_is_illegal():
    ui = ManeuverExplorer(maneuver="3L0A")
    assert ui.pick == "" and not ui.plan.legal and ui.plan.arrow is None
    b = text(ui._breakdown)
    assert "Illegal." in b and "no jinking" in b and "F.move.no-jink" in b and "F.move.illegal" in b
    assert ui._m_errors.message("maneuver") == ""  # well-written notation is not an input error


@pytest.mark.rule("F.move.plot")
def test_choosing_from_the_list_sets_the_notation():
    ui = ManeuverExplorer()
    ui.pick = "4L3C"
    assert ui.maneuver == "4L3C" and str(ui.plan.maneuver) == "4L3C"
    ui.maneuver = "4l3c"  # typed in lower case: the list agrees and the text is left as typed
    assert ui.pick == "4L3C" and ui.maneuver == "4l3c"


@pytest.mark.rule("F.move.plot")
def test_clicking_an_arrowhead_selects_that_maneuver():
    ui = ManeuverExplorer()
    head = arrow(ui, "3L3B")
    chosen = ui.select_at(head["x1"], head["y1"])
    assert str(chosen.maneuver) == "3L3B" and ui.maneuver == "3L3B"
    assert "4 G, restricted" in text(ui._breakdown)
    assert ui.select_at(30.0, 30.0) is None and ui.maneuver == "3L3B"  # off the template: nothing changes
    # the same as the browser sends a click: an arrow by its maneuver, or a point of the grid
    assert str(ui.pick_at("3R0D").maneuver) == "3R0D" and ui.maneuver == "3R0D"
    assert str(ui.pick_at(f"map@{head['x1'] * 40:.2f},{-head['y1'] * 40:.2f}").maneuver) == "3L3B"
    for hostile in ("", "9Z9Z", "map@", "map@1e9,1", "__import__('os')"):  # a stranger's message: ignored
        assert ui.pick_at(hostile) is None and ui.maneuver == "3L3B"


@pytest.mark.rule("F.move.stall")
def test_stall_after_stall_is_illegal_and_grey():
    ui = ManeuverExplorer(speed=0, maneuver="B")
    assert not ui.plan.legal
    assert "stalled last turn" in text(ui._breakdown) and "F.move.stall" in text(ui._breakdown)
    assert arrow(ui, "B")["colour"] == ILLEGAL and arrow(ui, "B")["legal"].startswith("no:")
    assert arrow(ui, "1SA")["colour"] == G_COLOURS[0]


@pytest.mark.rule("F.move.accel-decel", "F.move.redline", "F.move.stall-push")
def test_speed_changes_past_the_ratings_are_pushes():
    ui = ManeuverExplorer(speed=1, maneuver="4SA")  # +3 against acceleration 2
    kinds = [p.kind for p in ui.plan.pushes]
    assert kinds == [PushKind.ACCELERATION] and ui.plan.pushes[0].target.total == 8 + 1 - 5
    assert "acceleration 2 and deceleration 2 allow a change to 0-3" in text(ui._breakdown)
    assert "flareout" in text(ui._breakdown)
    ui.param.update(speed=5, maneuver="2SA")  # -3 against deceleration 2
    assert [p.kind for p in ui.plan.pushes] == [PushKind.STALL]
    assert "leading edges" in text(ui._breakdown)


@pytest.mark.rule("F.move.capability", "F.move.redline")
def test_max_speed_and_wing_ratings_drive_the_pushes():
    ui = ManeuverExplorer(maneuver="5SA", speed=4)
    assert [p.kind for p in ui.plan.pushes] == [PushKind.TOP_SPEED]
    ui.max_speed = 5
    assert ui.plan.pushes == () and ui.plan.legal
    ui.maneuver = "3L3B"
    assert ui.plan.pushes[0].target.total == 8 + 1 - 5
    ui.port_gs = 4
    assert ui.plan.pushes == ()


@pytest.mark.rule("F.move.restricted")
def test_second_restricted_maneuver_is_a_push_and_the_flag_follows_last_gs():
    ui = ManeuverExplorer(maneuver="3L3B")
    assert ui.plan.pushes[0].kind is PushKind.GS
    ui.last_gs = 4
    assert ui.last_restricted  # 3 G or more was restricted
    (push,) = ui.plan.pushes
    assert push.kind is PushKind.RESTRICTED and push.target.total == 8 + 4 - 5
    assert "second restricted maneuver in a row" in text(ui._breakdown)
    ui.last_restricted = False  # set by hand: the rule no longer applies
    assert ui.plan.pushes[0].kind is PushKind.GS


@pytest.mark.rule("F.move.immelmann", "F.shock")
def test_immelmann_is_rated_on_the_weaker_wing_and_barred_when_shocked():
    ui = ManeuverExplorer(maneuver="1SD")
    assert ui.plan.pushes[0].target.total == 8 + (6 - 2) - 5
    assert "the Immelmann: 6 G against the weaker wing's rating 2" in text(ui._breakdown)
    ui.shocked = True
    assert not ui.plan.legal and "may not fly the Immelmann" in text(ui._breakdown)
    ui.maneuver = "3SA"
    assert ui.plan.legal
    assert not ui.options[[str(o.maneuver) for o in ui.options].index("3L2F")].legal  # shocked: straight only


@pytest.mark.rule("F.move.push-target")
def test_colour_by_push_target():
    ui = ManeuverExplorer(colour_by="push")
    assert arrow(ui, "3L2F")["colour"] == NO_PUSH
    assert arrow(ui, "3R0D")["colour"] == PUSH_COLOURS[5 - 2]  # target 5
    assert arrow(ui, "1SD")["colour"] == PUSH_COLOURS[7 - 2]  # target 7
    assert "hardest push target number" in ui._legend.object
    ui.colour_by = "gs"
    assert arrow(ui, "3R0D")["colour"] == G_COLOURS[4] and "G bars" in ui._legend.object


@pytest.mark.rule("F.move.push-target", "F.pilot.skills")
def test_bad_plane_input_shows_beside_its_widget_and_keeps_the_value():
    ui = ManeuverExplorer()
    before = ui.natural_touch
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.natural_touch = 12
    assert refused.value.field == "natural_touch" and ui.natural_touch == before
    ui.natural_touch = 2
    assert ui._errors.message("natural_touch") == "" and ui.plan.legal
    before = ui.starboard_gs
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.starboard_gs = 9
    assert refused.value.field == "starboard_gs" and ui.starboard_gs == before
    ui.starboard_gs = 2
    before = ui.last_gs
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.last_gs = -1
    assert refused.value.field == "last_gs" and ui.last_gs == before


@pytest.mark.rule("F.move.plot", "F.move.capability")
def test_two_turns_ahead_shades_the_reachable_hexes():
    ui = ManeuverExplorer()
    one_turn_width = ui._x_range.end - ui._x_range.start
    ui.two_turns = True
    assert ui.reach2 is not None and len(ui._reach.data["hex"]) == len(ui.reach2.hexes())
    assert ui._x_range.end - ui._x_range.start > one_turn_width  # the map widens to show them
    i = ui._reach.data["hex"].index("(0, -6)")  # two 3SA in a row
    assert "A" in ui._reach.data["facings"][i].split() and "100%" in ui._reach.data["route"][i]
    assert "Two turns ahead" in ui._summary.object
    ui.two_turns = False
    assert ui.reach2 is None and ui._reach.data["hex"] == []


@pytest.mark.rule("F.move.plot", "F.move.capability", "F.plane.stats")
def test_layout_has_the_plane_pilot_and_maneuver_inputs_bound_to_the_plan():
    import panel as pn

    ui = ManeuverExplorer()
    layout = ui.__panel__()
    assert isinstance(layout, pn.Row) and [d for d in layout.select(LayeredSvg)] == [ui._map]
    widgets = {w.name: w for w in layout.select(pn.widgets.Widget)}
    for label, value in {
        "Plane": "custom", "Max speed": 4, "Acceleration": 2, "Port Gs": 3, "Starboard Gs": 2, "Deceleration": 2,
        "Last speed": 3, "Last Gs": 0, "Last maneuver restricted (3+ G)": False, "Natural Touch": 5,
        "Pilot shocked": False, "Type notation (e.g. 3L2F, 1SD, B)": "3L2F", "or pick an arrow": "3L2F",
        "Colour by": "gs", "Two turns ahead": False,
    }.items():
        assert widgets[label].value == value, label
    # the list offers every arrow on the template, with its Gs, and "(none)"
    picks = widgets["or pick an arrow"]
    assert len(picks.options) == len(ui.options) + 1 and picks.options["3L2F (1 G)"] == "3L2F"
    # typing a notation and picking an arrow are the same choice, and the plan follows
    widgets["Type notation (e.g. 3L2F, 1SD, B)"].value = "4L2A"
    assert ui.maneuver == "4L2A" and picks.value == "4L2A" and str(ui.plan.arrow) == "4L2A (1 G)"
    picks.value = "1SA"
    assert ui.maneuver == "1SA" and widgets["Type notation (e.g. 3L2F, 1SD, B)"].value == "1SA"
    widgets["Max speed"].value = 2
    assert ui.plan.state.capabilities.max_speed == 2


@pytest.mark.rule("F.move.plot")
def test_every_arrowhead_points_at_its_final_facing():
    from cs_panel.fasa.hexgrid import HexLayout

    ui = ManeuverExplorer()
    layout, d = HexLayout(1.0), ui._arrows.data
    for i, o in enumerate(ui.options):
        tip = (d["hxs"][i][0] - d["x1"][i], d["hys"][i][0] - d["y1"][i])
        ax, ay = layout.center(Hex(0, 0).neighbor(o.facing))
        assert abs(tip[0] * ay - tip[1] * ax) < 1e-9 and tip[0] * ax + tip[1] * ay > 0, str(o.maneuver)
    assert len({(round(d["hxs"][i][0] - d["x1"][i], 6), round(d["hys"][i][0] - d["y1"][i], 6))
                for i in range(len(ui.options))}) >= 6  # all six facings are drawn differently


# --- a template of your own ------------------------------------------------------------------


def _my_template(tmp_path, gs_3l2f=2, drop="3L3"):
    """The packaged template with 3L2 marked as from the rules, its F arrow at ``gs_3l2f`` G, and
    the destination ``drop`` removed: what a player with a printed template might load."""
    import json
    from pathlib import Path

    import cs_panel
    from cs_panel.fasa.template import ManeuverTemplate

    doc = json.loads((Path(cs_panel.__file__).parent / "data" / "fasa" / "maneuver_template.json").read_text("utf-8"))
    doc["entries"] = [e for e in doc["entries"] if e["id"] != drop]
    for e in doc["entries"]:
        if e["id"] == "3L2":
            e["facings"]["F"] = gs_3l2f
            e["provenance"], e["source"] = "rules", "my printed template"
    path = tmp_path / "my_template.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return ManeuverTemplate.load(path)


@pytest.mark.rule("F.move.plot", "F.move.capability")
def test_a_swapped_template_redraws_arrows_list_plan_and_badges(tmp_path):
    from cs_panel.fasa.template import ManeuverTemplate

    mine = _my_template(tmp_path)
    ui = ManeuverExplorer()
    ui.template = mine
    names = ui._arrows.data["maneuver"]
    assert len(ui.options) == len(names) == len(mine) < 153 and "3L3B" not in names
    assert arrow(ui, "3L2F")["gs"] == 2 and ui.plan.gs == 2  # the plan is read from the new template
    listed = ui.param.pick.get_range()  # label -> notation, as the list widget shows it
    assert listed["3L2F (2 G)"] == "3L2F" and "3L3B" not in listed.values()
    # each arrow carries its own destination's provenance, not the first entry's
    assert arrow(ui, "3L2F")["provenance"] == arrow(ui, "3L2A")["provenance"] == "rules"
    assert arrow(ui, "3R2B")["provenance"] == "reconstructed"
    assert re.search(r"data-pick='3R2B'><title>3R2B: [^<]*; data: reconstructed</title>", ui._map.object)  # on hover
    assert "cs-badge" not in text(ui._breakdown)  # 3L2F is rules data now: no badge beside it
    assert "5 rules" in ui._legend.object and "cs-badge-reconstructed" in ui._legend.object
    ui.maneuver = "3L3B"
    assert ui.pick == "" and ui.plan.arrow is None and not ui.plan.legal
    assert "there is no hex 3L3" in text(ui._breakdown)
    ui.two_turns = True
    assert all(r.first in mine and r.second in mine for r in ui.reach2.positions.values())
    ui.template = ManeuverTemplate.default()  # back to the packaged one
    assert len(ui._arrows.data["maneuver"]) == 153 and ui.pick == "3L3B" and ui.plan.gs == 4


@pytest.mark.rule("F.move.plot")
def test_a_template_given_at_construction_is_used_from_the_start(tmp_path):
    import panel as pn

    mine = _my_template(tmp_path, gs_3l2f=0, drop="4L4")
    ui = ManeuverExplorer(template=mine, maneuver="3L2F")
    assert ui.plan.gs == 0 and "4L4A" not in ui._arrows.data["maneuver"]
    select = ui.__panel__().select(pn.widgets.Select)
    picks = [w for w in select if "in-pick" in w.css_classes]
    assert picks and "3L2F (0 G)" in picks[0].options and "4L4A (1 G)" not in picks[0].options
    assert ManeuverExplorer().plan.gs == 1  # another explorer keeps the packaged template


@pytest.mark.rule("F.move.plot", "F.move.path-objects")
def test_hovering_an_arrowhead_shows_its_path():
    from cs_panel.fasa.hexgrid import HexLayout

    from cs_panel.core.svg import svg_name
    from cs_panel.ui.maneuver import MAP_CSS

    ui = ManeuverExplorer()
    # each arrow is a group holding its path, transparent until the group is hovered (CSS)
    group = re.search(r"<g class='cs-arrow' data-pick='4L2A'>.*?</g>", ui._map.object).group(0)
    assert "class='cs-mv-route'" in group and "stroke-opacity='0'" in group
    assert ".cs-arrow:hover .cs-mv-route { stroke-opacity: 0.6; }" in MAP_CSS
    assert "<title>4L2A: " in group  # and says what the maneuver takes on hover
    assert svg_name(ui._map.object) == "map: the maneuvers this plane can fly" and 'role="img"' in ui._map.head
    row = arrow(ui, "4L2A")
    want = [HexLayout(1.0).center(h) for h in [Hex(0, 0), Hex(0, -1), Hex(-1, -1), Hex(-2, -1), Hex(-2, -2)]]
    assert row["pxs"] == pytest.approx([x for x, _ in want]) and row["pys"] == pytest.approx([y for _, y in want])
    assert len(arrow(ui, "B")["pxs"]) == 1  # a stall enters no hex


@pytest.mark.rule("F.move.plot")
def test_a_new_maneuver_alone_restyles_the_arrows_as_a_fresh_drawing_would():
    """Typing another maneuver for the same plane patches only the arrows whose choice changed and
    reuses the options; the drawing ends up exactly as a fresh explorer draws that maneuver."""
    ex = ManeuverExplorer(maneuver="3L2F")
    options, grid = ex.options, ex._grid.data
    for typed in ("3R0D", "3Q2F", "1SD", "3L3B"):
        ex.maneuver = typed
        fresh = ManeuverExplorer(maneuver=typed)
        assert dict(ex._arrows.data) == dict(fresh._arrows.data)
        assert dict(ex._path.data) == dict(fresh._path.data)
        assert ex._breakdown.object == fresh._breakdown.object
        assert ex._map.object == fresh._map.object  # the drawing too, though only its top layer was sent
    base = ex._map.base
    assert ex.options is options and ex._grid.data is grid  # nothing else was redrawn
    ex.maneuver = "3R0D"
    assert ex._map.base is base  # the grid and every arrow stay in the browser
    ex.maneuver = "3L3B"
    ex.speed = 2  # another plane: everything is drawn again
    assert ex.options is not options
    assert dict(ex._arrows.data) == dict(ManeuverExplorer(maneuver="3L3B", speed=2)._arrows.data)
