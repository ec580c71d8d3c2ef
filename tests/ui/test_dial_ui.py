"""The ClixDial component, tested without a browser by calling its buttons' methods and setting
its parameters, then reading its panes."""

import json

import panel as pn
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cs_panel.airaction.campaign import bail_out
from cs_panel.airaction.pilot import pilot_check
from cs_panel.clix.figures import figure_entry, figures
from cs_panel.clix.view import strip
from cs_panel.ui import ClixDial


@pytest.mark.rule("A.base.values", "A.base.skills")
def test_sample_figure_shows_slot_markers_and_badge():
    d = ClixDial()
    assert d.figure.id == "sample-fighter" and d.combat.position == 0
    assert "maximum speed 7, front gunnery 4 [red], rear gunnery 0, piloting 6" in d._slot.object
    assert "cs-badge-sample" in d._header.object and "silhouette 5" in d._header.object
    # the red square on front gunnery is looked up on the (reconstructed, badged) skills card
    assert "Extra guns" in d._markers.object and "cs-badge-reconstructed" in d._markers.object
    assert "data-stat='piloting'" in d._svg.object and ">6</text>" in d._svg.object


@pytest.mark.rule("A.base.values")
@settings(max_examples=25, deadline=None)
@given(fig=st.sampled_from(figures().ids()), n=st.integers(0, 12))
def test_n_clicks_forward_then_n_back_restores_the_slot(fig, n):
    d = ClixDial(figure_id=fig)
    slot, svg = d._slot.object, d._svg.object
    turned = sum(d.click_forward() for _ in range(n))
    assert turned == min(n, d.combat.first_eliminated - d.combat.start)
    assert all(d.click_back() for _ in range(turned))
    assert d._slot.object == slot and d._svg.object == svg and d.combat.position == d.combat.start


@pytest.mark.rule("A.shot-down")
def test_refused_click_keeps_the_state_and_shows_the_core_error():
    d = ClixDial()
    before = d.combat
    assert not d.click_back()
    assert d.combat == before and "would pass the starting position" in d._errors.message("clicks")
    for _ in range(6):
        assert d.click_forward()
    assert d.combat.eliminated and "Shot down" in d._status.object and "SHOT DOWN" in d._svg.object
    down = d.combat
    assert not d.click_forward()
    assert d.combat == down and "three bullet holes" in d.error
    assert d.click_back() and d._errors.message("clicks") == ""  # a good click clears the message


@pytest.mark.rule("A.campaign.bailout")
def test_campaign_dial_runs_to_the_structural_limit_with_bail_out_odds():
    d = ClixDial(campaign=True, level="veteran")
    d.click_forward(7)  # first shot-down click is 6; one more hit in a campaign
    assert d.combat.bail_out == 6
    expected = bail_out(6, "veteran").check
    assert str(expected) in d._status.object and "83%" in d._status.object
    assert d.click_forward(2) and d.combat.position == 9 == d.combat.structural_limit
    assert "turns no further" in d._status.object
    assert not d.click_forward() and "structural limit" in d.error
    cells = strip(d.combat)
    assert "bail 10" in d._strip.object and cells[9].limit_line


@pytest.mark.rule("A.base.values")
def test_strip_is_badged_as_a_teaching_view_and_can_be_hidden():
    d = ClixDial()
    assert "Teaching view" in d._strip.object and "Etiquette" in d._strip.object
    # the slot's column is marked by the browser from the strip's ``at``, not in the table
    assert d._strip.at == d.combat.position and "cs-now" not in d._strip.object and "cs-slot" not in d._strip.object
    d.show_strip = False
    assert d._strip.object == ""


@pytest.mark.rule("A.throttle", "A.pilot-check")
def test_throttle_one_click_safe_two_with_check_odds_from_the_core():
    d = ClixDial()
    assert d.speed.speed == 4 and "A safe change: speed 4 to 5" in d._plan.object
    d.throttle_clicks = 2
    check = pilot_check(6)
    assert d.plan.check.chance == check.chance and "72%" in d._plan.object and "1 click of damage 28%" in d._plan.object
    d.throttle_clicks = 3
    assert d.plan is None and "at most two clicks" in d._throttle_errors.message("throttle_clicks")
    d.throttle_clicks = -1
    assert d.throttle() == "Throttled to speed 3." and d.speed.speed == 3


@pytest.mark.rule("A.throttle")
def test_red_line_refusal_keeps_the_speed():
    d = ClixDial(figure_id="sample-two-seater", throttle_clicks=-2, first_turn=True)
    d.throttle_clicks = -3
    assert d.plan is None and "red line" in d._throttle_errors.message("throttle_clicks")
    assert d.speed.speed == 3 and "red line sits between 7 and 1" in d._speed.object


@pytest.mark.rule("A.throttle", "A.pilot-check")
def test_two_click_throttle_rolls_seeded_dice_and_a_failure_costs_a_click():
    outcomes = set()
    for seed in range(12):
        d = ClixDial(seed=seed, throttle_clicks=2)
        text = d.throttle()
        if "failure" in text:
            assert d.speed.speed == 4 and d.combat.position == 1
        else:
            assert d.speed.speed == 6 and d.combat.position == 0
        outcomes.add("failure" in text)
    assert outcomes == {True, False}


@pytest.mark.rule("K.base.values")
def test_aces_figure_has_no_speed_dial():
    d = ClixDial(figure_id="charlie-steele-ace")
    assert d.speed is None and "no speed dial" in d._speed.object
    assert "attack 3, defense 4, fate 2" in d._slot.object


@pytest.mark.rule("A.base.values")
def test_user_file_and_bad_path_named_beside_the_input(tmp_path):
    d = ClixDial()
    d.source = str(tmp_path / "missing.json")
    assert "file not found" in d._errors.message("source") and d.figure.id == "sample-fighter"
    entry = figure_entry(figures()["sample-fighter"]) | {"id": "mine", "name": "Mine"}
    good = tmp_path / "mine.json"
    good.write_text(json.dumps({"title": "t", "entries": [entry]}))
    d.source = str(good)
    assert d.figure.id == "mine" and d.param.figure_id.objects == ["mine"] and d._errors.message("source") == ""
    entry["base"]["silhouette"] = 11
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"title": "t", "entries": [entry]}))
    d.source = str(bad)
    assert "base.silhouette" in d._errors.message("source") and d.source == str(bad) and d.figure.id == "mine"


@pytest.mark.rule("A.base.values", "A.base.skills", "A.throttle", "A.campaign.bailout")
def test_layout_has_every_input_and_its_buttons_turn_the_dial():
    d = ClixDial()
    layout = d.__panel__()
    assert isinstance(layout, pn.Row)
    widgets = layout.select(pn.widgets.Widget)
    values = {w.name: w.value for w in widgets if not isinstance(w, pn.widgets.Button)}
    # the figure comes first; where the figures come from is a small control below it
    assert list(values)[:2] == ["Figure", "Figures from"]
    assert values == {
        "Figure": "sample-fighter", "Figures from": "package:clix/figures.json", "Upload figures (JSON)": None,
        "Path (local notebook only)": "", "Campaign play": False,
        "Pilot level (bail-out roll)": "rookie", "Show the whole dial (teaching view)": True, "Cancelled": [],
        "Throttle clicks (+ up, - down)": 1, "First turn (any speed)": False,
    }
    # the skill squares on the figure's dial are offered for cancelling, by their names
    assert set(d._cancel.options) == {"Shaken", "Extra guns (sample equipment)"}
    buttons = {b.name: b for b in widgets if isinstance(b, pn.widgets.Button)}
    assert set(buttons) == {"Take a hit (click forward)", "Click back", "Reset to start",
                            "End of turn (skills back on)", "Throttle"}
    buttons["Take a hit (click forward)"].clicks += 1
    assert d.combat.position == 1
    buttons["Reset to start"].clicks += 1
    assert d.combat.position == d.combat.start


@pytest.mark.rule("A.base.skills")
def test_optional_skill_cancelled_until_end_of_turn_and_shaken_cannot_be():
    d = ClixDial(figure_id="sample-two-seater")
    assert set(d._cancel.options.values()) == {"blue-piloting", "green-rear_gunnery", "grey-piloting"}
    d.cancelled = ["blue-piloting"]
    assert "cancelled until the end of the turn" in d._markers.object
    d.end_turn()
    assert d.cancelled == [] and "cs-cancelled" not in d._markers.object
    d.click_forward(4)  # the grey Shaken square is in the slot now
    d.cancelled = ["grey-piloting"]
    assert "Shaken is not optional" in d._errors.message("cancelled") and d.cancelled == ["grey-piloting"]
    assert "Shaken" in d._markers.object and "cs-cancelled" not in d._markers.object


def _strip_drawn_whole(d):
    """The teaching strip as ClixDial drew it whole on every click before issue 14's changes, less
    the slot's mark (``cs-now``), which the pane's class now gives: the oracle for the strip it
    writes once per dial."""
    import html as _html

    from cs_panel.clix.dial import STAT_LABELS
    from cs_panel.clix.view import css_colour
    cells = strip(d)
    head = "".join(f"<th>{c.index}{' &#9650;' if c.is_start else ''}</th>" for c in cells)
    body = []
    for s in d.stats:
        row = []
        for c in cells:
            cls = []
            if c.limit_line:
                cls.append("cs-limit")
            if c.eliminated:
                cls.append("cs-past" if c.past_limit else "cs-down")
                txt = "&#9679;&#9679;&#9679;" if s == d.stats[0] else (
                    f"bail {c.bail_out}" if s == d.stats[1] and c.bail_out is not None else "")
                style = ""
            else:
                txt = str(c.values[s])
                style = f" style='background:{css_colour(c.markers[s])}'" if s in c.markers else ""
            row.append(f"<td class='{' '.join(cls)}'{style}>{txt}</td>")
        body.append(f"<tr><th>{_html.escape(STAT_LABELS.get(s, s))}</th>{''.join(row)}</tr>")
    return ("<div class='cs-teaching'><p><b>Teaching view</b> <span class='cs-badge' style='background:#dd6b20'>"
            "not at the table</span>: the whole dial at once. In a game you may not turn a dial just to see "
            "what comes next (Air Action, Crimson Skies Etiquette, point 1).</p>"
            f"<table class='cs-strip'><tr><th>click</th>{head}</tr>{''.join(body)}</table>"
            "<p><small>&#9650; start (green triangle); outlined: in the slot now; red: three bullet holes "
            "(with the campaign bail-out value); thick black line: structural limit; grey: beyond it.</small></p></div>")


@pytest.mark.rule("A.base.values", "A.campaign.bailout")
@pytest.mark.parametrize("fig", figures().ids())
def test_the_strip_joined_from_kept_cells_is_the_strip_drawn_whole(monkeypatch, fig):
    """The strip is written once per dial and a click moves the slot's mark (issue 14): at every
    click of every packaged dial, campaign or not, the table is the strip drawn whole and ``at``
    is the click in the slot; the table is written again only for another dial."""
    import cs_panel.ui.dial as dial_ui

    def shown_right(view) -> bool:
        slot = [c.index for c in strip(view.combat) if c.is_slot]
        return (view._strip.object == _strip_drawn_whole(view.combat) and len(slot) == 1
                and view._strip.at == slot[0] == view.combat.position)

    d = ClixDial(figure_id=fig, campaign=True)
    written = []
    parts = dial_ui._strip_html
    monkeypatch.setattr(dial_ui, "_strip_html", lambda dial: written.append(1) or parts(dial))
    while True:
        assert shown_right(d)
        if not d.click_forward():
            break
    while d.click_back():
        assert shown_right(d)
    assert written == []  # the same dial all along: its table was written when it was first shown
    d.figure_id = "sample-two-seater" if fig != "sample-two-seater" else "sample-fighter"
    assert written == [1] and shown_right(d)


@pytest.mark.rule("A.throttle")
def test_a_combat_click_asks_the_throttle_plan_again_only_when_the_piloting_value_changes(monkeypatch):
    """The throttle plan follows from the speed dial, the clicks asked, the piloting value and the
    first turn: a click of the combat dial that keeps the piloting value asks the core nothing, nor
    draws the speed dial again (issue 14); what is shown is what a dial shown afresh shows."""
    import cs_panel.ui.dial as dial_ui

    asked = []
    plan = dial_ui.plan_throttle
    monkeypatch.setattr(dial_ui, "plan_throttle", lambda *a, **k: asked.append(a[2]) or plan(*a, **k))
    d = ClixDial(figure_id="sample-fighter", throttle_clicks=2)
    while True:
        asked.clear()
        before = None if d.combat.eliminated else d.combat.value("piloting")
        if not d.click_forward():
            break
        now = None if d.combat.eliminated else d.combat.value("piloting")
        assert asked == ([] if now == before else [now])
        fresh = ClixDial(figure_id="sample-fighter", throttle_clicks=2)
        assert fresh.click_forward(d.combat.position - fresh.combat.position)
        assert (d.plan, d._plan.object, d._speed.object, d._throttle_errors.message("throttle_clicks")) == \
               (fresh.plan, fresh._plan.object, fresh._speed.object, fresh._throttle_errors.message("throttle_clicks"))
    asked.clear()
    d.throttle_clicks = 1  # another question: asked again
    assert len(asked) == 1 and "A safe change" in d._plan.object
    d.figure_id = "charlie-steele-ace"  # an Aces figure: no speed dial, drawn so
    assert "no speed dial" in d._speed.object and d.plan is None
    d.figure_id = "sample-fighter"
    assert "Speed dial" in d._speed.object and d.plan is not None
