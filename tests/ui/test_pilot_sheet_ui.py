"""The PilotSheet component, tested without a browser by setting its parameters and pressing its
buttons through the methods they call."""

import panel as pn
import pytest

from cs_panel.ui import PilotSheet
from cs_panel.core.validate import OutOfBoundsError


def _ivy(**params) -> PilotSheet:
    # Ivy as the lesson builds her: 430 points of the hero's 450
    return PilotSheet(**params)


@pytest.mark.rule("F.pilot.skill-cost", "F.pilot.create")
def test_default_build_costs_430_and_keeps_20_of_the_heros_450():
    sheet = _ivy()
    assert sheet.cost.total == 430 and sheet.points_left == 20 and sheet.over_budget is None
    assert [t.value for t in sheet.cost.terms] == [70, 110, 110, 70, 70]
    assert "F.pilot.create" in sheet._budget_pane.object and "20 left" in sheet._budget_pane.object
    assert sheet.created.unspent_xp == 20 and sheet.error == ""


@pytest.mark.rule("F.pilot.create")
def test_a_wingman_has_350_so_the_same_build_is_80_over_and_says_so_beside_the_budget():
    sheet = _ivy(role="wingman")
    assert sheet.over_budget == 80 and sheet.created is None and sheet.pilot is None
    # the budget's line under the Budget input says it, as a refusal; the role's own slot stays
    # empty (one message, not two), and the whole sum is in the cost column
    assert "<p class='pilot-over cs-error'>&#9888; <b>80 points over</b> the 350 a wingman has" in sheet._budget_pane.object
    assert sheet._errors.message("role") == "" and "80 over the 350 a wingman has" in sheet.error
    sheet.quick_draw = 0  # cheaper by 70: still 10 over
    assert sheet.over_budget == 10
    sheet.natural_touch = 3  # 70 -> 40: fits with 20 to spare
    assert sheet.over_budget is None and sheet.points_left == 20 and "cs-error" not in sheet._budget_pane.object
    assert "A wingman has 350 points: <b>20 left</b>" in sheet._budget_pane.object


@pytest.mark.rule("F.pilot.create", "F.pilot.gunner", "F.pilot.advance")
def test_over_budget_the_card_shows_the_build_as_entered_marked_and_nothing_can_be_raised():
    sheet = _ivy()
    sheet.dead_eye = 6  # 160 for Dead Eye 6 instead of 110: 480, 30 over the hero's 450
    assert sheet.over_budget == 30 and sheet.pilot is None and sheet.next_cost is None
    card = sheet._sheet_pane.object
    # the same card as a legal build's, its skills those typed, its last line the points over
    assert "<caption>Ivy Iverian</caption>" in card and "<td>over budget</td><td>30</td>" in card
    assert "<td>Dead Eye</td><td class='cs-value'>6</td>" in card and "unspent experience" not in card
    # the gunner flies one level lower than the build (F.pilot.gunner): Dead Eye 5
    assert "<td>Dead Eye</td><td class='cs-value'>6</td><td class='cs-value'>5</td>" in sheet._gunner_pane.object
    # what a raise would cost is shown, but said to wait for a legal build; the Advance button refuses
    assert "no skill is raised until the build is within its budget" in sheet._next_pane.object
    assert not sheet.advance() and sheet.log == []
    sheet.dead_eye = 5  # back within the budget: the pilot's own card, the unspent points
    assert "over budget" not in sheet._sheet_pane.object
    assert "<td>unspent experience</td><td>20</td>" in sheet._sheet_pane.object
    assert "has 20 unspent" in sheet._next_pane.object


@pytest.mark.rule("F.pilot.skills")
def test_a_skill_of_11_is_named_beside_its_input_and_kept():
    sheet = _ivy()
    before = sheet.dead_eye
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        sheet.dead_eye = 11
    assert refused.value.field == "dead_eye" and sheet.dead_eye == before
    assert "dead eye 11 must be 0-10" in sheet._errors.message("dead_eye")  # named beside the box
    sheet.dead_eye = 4  # a new legal value clears it (the box already shows the kept one)
    assert sheet._errors.message("dead_eye") == ""
    sheet.dead_eye = 5
    assert sheet.cost.total == 430


@pytest.mark.rule("F.pilot.skills")
def test_a_pilot_needs_a_name_said_beside_the_name_box():
    sheet = _ivy()
    sheet.pilot_name = ""
    assert sheet.pilot is None and "name" in sheet._errors.message("pilot_name")
    sheet.pilot_name = "Ivy"
    assert sheet.pilot.name == "Ivy"


@pytest.mark.rule("F.pilot.xp-awards", "F.pilot.advance")
def test_the_rulebooks_mission_earns_90_and_pays_for_steady_hand_then_sixth_sense():
    sheet = _ivy()
    assert sheet.earned.total == 90  # two kills, survived having damaged the enemy, landed (p.20)
    assert sheet.award() and sheet.pilot.unspent_xp == 110
    assert sheet.next_cost.total == 50  # Steady Hand 5 to 6
    assert sheet.advance() and sheet.pilot.steady_hand == 6 and sheet.pilot.unspent_xp == 60
    sheet.advance_skill = "sixth_sense"
    assert sheet.next_cost.total == 40
    assert sheet.advance() and (sheet.pilot.sixth_sense, sheet.pilot.unspent_xp) == (5, 20)
    assert len(sheet.history) == 3 and sheet.history[-1].endswith("-> 20 unspent")
    assert "Steady Hand 5 to 6" in sheet._history_pane.object


@pytest.mark.rule("F.pilot.advance")
def test_a_refused_advance_says_how_short_and_keeps_the_career():
    sheet = _ivy()
    sheet.advance_skill = "dead_eye"  # 5 to 6 costs more than the 20 left
    assert not sheet.advance()
    assert "short" in sheet._career_errors.message("advance_skill")
    assert sheet.log == [] and sheet.pilot.dead_eye == 5 and sheet.pilot.unspent_xp == 20


@pytest.mark.rule("F.pilot.advance")
def test_undo_takes_back_only_the_last_step_and_a_new_build_starts_again():
    sheet = _ivy()
    sheet.award()
    sheet.advance()
    assert sheet.undo() and sheet.pilot.steady_hand == 5 and sheet.pilot.unspent_xp == 110
    assert len(sheet.log) == 1
    sheet.pilot_name = "Heather Iverian"  # renaming keeps the career
    assert len(sheet.log) == 1 and sheet.pilot.name == "Heather Iverian"
    sheet.sixth_sense = 3  # a different build: a new pilot, no career
    assert sheet.log == [] and sheet.pilot.unspent_xp == 20 + 30
    assert not sheet.undo()


@pytest.mark.rule("F.pilot.xp-awards")
def test_a_bad_mission_result_is_named_and_the_award_is_refused():
    sheet = _ivy()
    before = sheet.kills
    with pytest.raises(OutOfBoundsError) as refused:  # the input's bounds are the rules' limits
        sheet.kills = -1
    assert refused.value.field == "kills" and sheet.kills == before
    sheet.kills = 0
    sheet.damaged_enemy = False
    assert sheet.earned.total == 10  # only landing: surviving pays when the pilot damaged an enemy


@pytest.mark.rule("F.pilot.gunner")
def test_the_turret_gunner_is_a_level_below_the_pilot():
    sheet = _ivy()
    assert (sheet.gunner.quick_draw, sheet.gunner.dead_eye, sheet.gunner.steady_hand) == (3, 4, 4)
    assert "F.pilot.gunner" in sheet._gunner_pane.object


@pytest.mark.rule("F.pilot.qd-fraction", "F.pilot.create")
def test_quick_draw_points_need_the_optional_rule():
    sheet = _ivy()
    sheet.quick_draw_fraction = 10
    assert sheet.pilot is None and sheet.error
    sheet.quick_draw_fractions = True
    assert sheet.pilot is not None and sheet.pilot.quick_draw_fraction == 10
    assert sheet.points_left == 10


@pytest.mark.rule("F.pilot.create", "F.pilot.xp-awards", "F.pilot.advance")
def test_layout_has_the_build_mission_and_career_inputs():
    layout = PilotSheet().__panel__()
    assert isinstance(layout, pn.Column)
    labels = {w.name for w in layout.select(pn.widgets.Widget)}
    for label in ("Name", "Budget", "Constitution", "Dead Eye", "Kills", "Raise one level"):
        assert label in labels
    buttons = {b.label for b in layout.select(pn.widgets.Button)}
    assert buttons == {"Award these points", "Advance", "Put toward Quick Draw", "Undo"}
