"""The RandomMovementPlayer component, tested without a browser by setting its parameters."""

import html
import re

import panel as pn
import pytest

from cs_panel.fasa.hexgrid import Facing, Hex, HexLayout
from cs_panel.fasa.movement import Outcome
from cs_panel.fasa.random_movement import PORT_LEADING, STARBOARD_LEADING
from cs_panel.ui.layered_svg import LayeredSvg
from cs_panel.ui.random_movement import COLOURS, RandomMovementPlayer
from cs_panel.core.validate import OutOfBoundsError


def drawn(ui):
    """What the map shows, read from its SVG: the hexes' fills, the path flown (points), the step
    numbers, the planes' facings (start, now), the nose of the plane now and the title."""
    base, top = ui._map.base, ui._map.top
    points = re.search(r"<polyline class='cs-path' points='([^']*)'", top).group(1).split()
    planes = re.findall(r"<polygon class='cs-plane' data-facing='(\w)' points='([^']*)'", top)
    nose = tuple(float(v) for v in planes[-1][1].split()[0].split(","))
    # each hex's colour: its plain hex in the base, or the coloured one laid over it in the top layer
    marks = dict(re.findall(r"<polygon class='cs-hex-mark' points='([^']*)' fill='([^']+)'", top))
    fills = [marks.get(at, fill) for at, fill in re.findall(r"<polygon class='cs-hex' points='([^']*)' fill='([^']+)'", base)]
    return {"fills": fills,
            "path": points, "steps": re.findall(r"<text class='cs-step'[^>]*>(\d+)</text>", top),
            "facings": [f for f, _ in planes], "nose": nose,
            "title": re.search(r"<text class='cs-rm-title'[^>]*>([^<]*)</text>", top).group(1)}


def condor(**kw):
    """Pilot Condor's failed 3R0D (FASA p.26): a 2-G starboard wing, Natural Touch 3, typed dice."""
    return RandomMovementPlayer(**{"dice": "typed", "push_faces": "3", "move_faces": "10 9 8", **kw})


@pytest.mark.rule("F.move.random", "F.move.push-gs", "F.move.resolve")
def test_condor_example_through_the_component():
    ui = condor()
    assert ui.plan.pushes[0].target.total == 7  # 8 + 2 over the rating - 3 Natural Touch
    result = ui.attempt()
    assert result.outcome is Outcome.RANDOM and ui.error == ""
    assert [s.roll for s in result.steps] == [10, 9, 8]
    assert result.end == (Hex(0, 0), Facing.A)  # back in the start hex
    assert result.fracture_hits == {PORT_LEADING: 6}
    assert ui.step == 0 and ui.step_text.startswith("Start: Hex(0, 0) facing A, random movement; 3 steps")
    assert "Random movement" in ui._outcome_pane.object and "6 on the port wing leading edge" in ui._outcome_pane.object


@pytest.mark.rule("F.move.random")
def test_stepping_shows_die_table_row_hexsides_and_hits_so_far():
    ui = condor()
    ui.attempt()
    ui.next()
    assert ui.step_text == ("Step 1 of 3: enters Hex(0, -1), now facing C. Die 10: table row 8-10 -> 2 hexsides "
                            "right; 2 hexsides turned so far. Fracture hits so far: 2 on the port wing leading edge.")
    assert "rm-row-used" in ui._table_pane.object and "<td>8-10</td>" in ui._table_pane.object
    ui.next()
    assert "Die 9" in ui.step_text and "4 hexsides turned so far" in ui.step_text and "4 on the port" in ui.step_text
    ui.next()
    assert "enters Hex(0, 0), now facing A" in ui.step_text and "6 on the port wing" in ui.step_text
    ui.next()  # no step past the end
    assert ui.step == 3
    ui.back()
    assert ui.step == 2 and "Step 2 of 3" in ui.step_text
    ui.step = 1  # the slider sets the step directly
    assert ui._slider.value == 1 and ui._slider.end == 3 and "Step 1 of 3" in ui.step_text


@pytest.mark.rule("F.move.random")
def test_map_follows_the_step():
    ui = condor()
    ui.attempt()
    assert drawn(ui)["facings"] == ["A", "A"] and len(drawn(ui)["path"]) == 1
    ui.step = 2
    seen = drawn(ui)
    assert len(seen["path"]) == 3 and seen["steps"] == ["1", "2"]
    assert seen["facings"] == ["A", "E"]  # where it started, and now facing E
    nose_x, nose_y = seen["nose"]
    cx, cy = HexLayout(size=10.0).center(Hex(1, -1))
    assert nose_x < cx and nose_y > -cy  # E points down and to the left on the map (SVG's y runs down)
    assert COLOURS["current"] in seen["fills"]
    assert seen["title"] == "3R0D, random movement: step 2 of 3"
    assert "step 2: hex" in ui._map.text  # the drawing says the same in words


def test_a_step_or_another_maneuver_of_the_speed_changes_the_top_layer_alone():
    """The coloured hexes are laid over the plain ones in the top layer: stepping through a move,
    or typing another maneuver of the same speed, leaves the base (every hex of the map) as it was,
    so the map sends the browser only what changed (issue 14)."""
    ui = condor()
    base, top = ui._map.base, ui._map.top
    ui.maneuver = "3L3B"  # another speed-3 maneuver: another plotted path
    assert ui._map.base == base and ui._map.top != top
    assert COLOURS["plotted"] in drawn(ui)["fills"]
    ui.maneuver = "3R0D"
    ui.attempt()
    base = ui._map.base
    for step in (1, 2, 3, 2):
        top = ui._map.top
        ui.step = step
        assert ui._map.base == base and ui._map.top != top, step
        fills = drawn(ui)["fills"]
        assert fills.count(COLOURS["current"]) == 1 and (COLOURS["visited"] in fills) == (step > 1), step


@pytest.mark.rule("F.dice.d10")
@pytest.mark.parametrize("text", ["11", "x", "10 9 0"])
def test_bad_faces_are_shown_beside_their_box_and_kept(text):
    ui = condor()
    ui.move_faces = text
    assert "is not a face of a d10" in ui._errors.message("move_faces")
    assert ui._errors.message("push_faces") == ""
    assert ui.move_faces == text
    assert ui.attempt() is None and ui.result is None and "not a face of a d10" in ui.error
    ui.move_faces = "10 9 8"
    assert ui._errors.message("move_faces") == ""
    assert ui.attempt().end == (Hex(0, 0), Facing.A)


@pytest.mark.rule("F.move.random", "F.move.push-gs")
def test_too_few_faces_name_the_box_that_is_short():
    ui = condor(push_faces="")
    assert ui.attempt() is None
    assert "needs 1 push roll" in ui._errors.message("push_faces") and ui.push_faces == ""
    ui.push_faces = "3"
    ui.move_faces = "10 9"
    assert ui.attempt() is None
    assert "needs 3 facing-change rolls" in ui._errors.message("move_faces") and ui.move_faces == "10 9"


@pytest.mark.rule("F.move.push-gs", "F.move.push-target")
def test_successful_push_shows_the_plotted_path():
    ui = condor(push_faces="7")  # exactly the target: success
    r = ui.attempt()
    assert r.outcome is Outcome.AS_PLOTTED and r.rolls[0].success
    assert ui.step == 3 and "Faces not needed: 10 9 8" in ui._outcome_pane.object
    assert r.path == [Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(0, -3)]
    assert len(drawn(ui)["path"]) == 4


@pytest.mark.rule("F.move.push-target", "F.move.push-gs")
def test_push_target_and_odds_follow_the_plane():
    ui = RandomMovementPlayer()
    assert "= 7" in ui._plan_pane.object and "40%" in ui._plan_pane.object
    ui.natural_touch = 6
    assert ui.plan.pushes[0].target.total == 4 and "70%" in ui._plan_pane.object
    ui.shocked = True  # shock adds 2, and a shocked pilot may only fly straight
    assert not ui.plan.legal and "F.move.illegal" in ui._plan_pane.object
    ui.shocked = False
    ui.starboard_gs = 4
    assert ui.plan.pushes == () and "No push needed" in ui._plan_pane.object


@pytest.mark.rule("F.move.redline", "F.move.flareout")
def test_failed_redline_is_a_flareout_of_one_hex():
    ui = RandomMovementPlayer(maneuver="5SA", speed=2, acceleration=1, max_speed=3, natural_touch=5,
                              dice="typed", push_faces="2 9", move_faces="")
    assert len(ui.plan.pushes) == 2 and ui.plan.chance == pytest.approx(0.36)
    r = ui.attempt()
    assert r.outcome is Outcome.FLAREOUT and r.fracture_hits == {"nose": 4}
    ui.next()
    assert "flareout" in ui.step_text and "4 on the nose" in ui.step_text


@pytest.mark.rule("F.move.stall-push")
def test_failed_stall_push_lands_in_the_destination_with_wing_hits():
    ui = RandomMovementPlayer(maneuver="1SA", speed=5, max_speed=5, natural_touch=5, dice="typed", push_faces="1")
    assert "still ends in its destination" in html.unescape(ui._plan_pane.object)
    r = ui.attempt()
    assert r.outcome is Outcome.AS_PLOTTED
    assert r.fracture_hits == {PORT_LEADING: 2, STARBOARD_LEADING: 2}


@pytest.mark.rule("F.move.illegal", "F.move.random")
def test_illegal_plot_moves_randomly_with_no_push_roll():
    ui = RandomMovementPlayer(maneuver="3L2F", shocked=True, dice="typed", move_faces="5 1 1")
    assert not ui.plan.legal and "shocked pilot" in ui._plan_pane.object
    r = ui.attempt()
    assert r.outcome is Outcome.RANDOM and r.rolls == ()
    assert r.fracture_hits == {STARBOARD_LEADING: 1}
    ui.push_faces = "4"
    assert ui.attempt() is None and "illegal plot is not pushed" in ui._errors.message("push_faces")


@pytest.mark.rule("F.move.random")
def test_straight_failure_shows_the_side_die():
    ui = RandomMovementPlayer(maneuver="1SD", port_gs=1, starboard_gs=1, dice="typed", push_faces="1",
                              move_faces="4 6")
    r = ui.attempt()
    assert r.outcome is Outcome.RANDOM and r.random.side_roll == 4
    assert "Side die 4: even, every turn goes right" in ui.step_text


@pytest.mark.rule("F.move.push-gs")
def test_seeded_dice_replay_and_inputs_clear_the_attempt():
    a, b = RandomMovementPlayer(seed=5), RandomMovementPlayer(seed=5)
    ra, rb = a.attempt(), b.attempt()
    assert [x.face for x in ra.rolls] == [x.face for x in rb.rolls] and ra.steps == rb.steps
    assert "Dice (seed 5) showed" in a._outcome_pane.object
    a.maneuver = "3R1C"
    assert a.result is None and a.step == 0 and a._outcome_pane.object == ""


@pytest.mark.rule("F.plane.stats", "F.pilot.skills")
def test_bad_plane_inputs_show_beside_their_widget_and_keep_the_value():
    ui = RandomMovementPlayer()
    before = ui.starboard_gs
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.starboard_gs = 7
    assert refused.value.field == "starboard_gs" and ui.starboard_gs == before
    ui.starboard_gs = 2
    before = ui.natural_touch
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        ui.natural_touch = 11
    assert refused.value.field == "natural_touch" and ui.natural_touch == before
    ui.natural_touch = 3
    ui.maneuver = "3Q"
    assert "cannot read '3Q'" in ui._errors.message("maneuver") and ui.maneuver == "3Q"
    ui.dice = "typed"
    ui.move_faces = "x"  # a plan error stays shown while a faces box changes
    assert "cannot read '3Q'" in ui._errors.message("maneuver")


@pytest.mark.rule("F.move.random", "F.move.push-gs", "F.plane.stats")
def test_layout_has_every_input_and_its_buttons_play_the_steps():
    ui = condor()
    layout = ui.__panel__()
    assert isinstance(layout, pn.Row)
    assert [d for d in layout.select(LayeredSvg)] == [ui._map]
    widgets = {w.name: w for w in layout.select(pn.widgets.Widget)}
    for label, value in {
        "Plane": "custom", "Max speed": 4, "Acceleration": 2, "Port wing Gs": 3, "Starboard wing Gs": 2,
        "Last turn's speed": 3, "Last turn's Gs": 0, "Natural Touch": 3, "Deceleration": 2, "Pilot shocked": False,
        "Maneuver": "3R0D", "Dice": "typed", "Seed": 1937, "Push roll(s), typed": "3",
        "Random movement dice, typed": "10 9 8", "Step": 0,
    }.items():
        assert widgets[label].value == value, label
    assert widgets["Dice"].options == {"Seeded dice": "seeded", "Faces I type": "typed"}
    slider = widgets["Step"]
    assert isinstance(slider, pn.widgets.IntSlider)
    # the buttons drive the component: Condor's failed push, then his three random steps
    widgets["Attempt"].clicks += 1
    assert ui.result.outcome is Outcome.RANDOM and slider.end == 3
    widgets["Next"].clicks += 1
    assert ui.step == slider.value == 1 and ui.step_text.startswith("Step 1 of 3")
    widgets["Back"].clicks += 1
    assert ui.step == slider.value == 0


# --- a template of your own ------------------------------------------------------------------


def _template_with(tmp_path, change):
    """The packaged template, changed by ``change(entries)`` and loaded from a file in ``tmp_path``."""
    import json
    from pathlib import Path

    import cs_panel
    from cs_panel.fasa.template import ManeuverTemplate

    doc = json.loads((Path(cs_panel.__file__).parent / "data" / "fasa" / "maneuver_template.json").read_text("utf-8"))
    doc["entries"] = change(doc["entries"])
    path = tmp_path / "my_template.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return ManeuverTemplate.load(path)


@pytest.mark.rule("F.move.plot", "F.move.push-gs")
def test_a_swapped_template_changes_the_push(tmp_path):
    from cs_panel.fasa.template import ManeuverTemplate

    def gentler_3r0d(entries):
        for e in entries:
            if e["id"] == "3R0":
                e["facings"]["D"], e["provenance"] = 2, "rules"
        return entries

    ui = condor()
    assert ui.plan.gs == 4 and "cs-badge-reconstructed" in ui._plan_pane.object
    ui.template = _template_with(tmp_path, gentler_3r0d)
    assert ui.plan.gs == 2 and ui.plan.pushes == ()  # within the 2-G starboard wing now
    assert "No push needed" in ui._plan_pane.object and "cs-badge" not in ui._plan_pane.object
    ui.push_faces = ""  # nothing to roll for
    assert ui.attempt().outcome is Outcome.AS_PLOTTED
    ui.template = ManeuverTemplate.default()
    assert ui.plan.gs == 4 and ui.result is None


@pytest.mark.rule("F.move.plot", "F.move.illegal")
def test_a_maneuver_missing_from_the_swapped_template_is_illegal(tmp_path):
    mine = _template_with(tmp_path, lambda entries: [e for e in entries if e["id"] != "3R0"])
    ui = condor(template=mine, push_faces="")
    assert ui.plan.arrow is None and not ui.plan.legal
    assert "not on the template" in html.unescape(ui._plan_pane.object)
    assert ui.attempt().outcome is Outcome.RANDOM  # an illegal plot moves randomly, no push roll
