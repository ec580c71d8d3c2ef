"""Plane pickers in the FASA components: choosing a plane fills the ratings from
``cs_panel.fasa.aircraft``, "custom" leaves them alone, and the recovered badge shows."""

from __future__ import annotations

import html

import pytest

from cs_panel.fasa.aircraft import plane
from cs_panel.ui.maneuver import ManeuverExplorer
from cs_panel.ui.random_movement import RandomMovementPlayer
from cs_panel.ui.tohit import ToHitCalculator

RATINGS = ("max_speed", "port_gs", "starboard_gs", "acceleration", "deceleration")
MOVERS = [ManeuverExplorer, RandomMovementPlayer]


def ratings(ui) -> tuple[int, ...]:
    return tuple(getattr(ui, k) for k in RATINGS)


def badge_text(ui) -> str:
    return html.unescape(ui._plane_pane.object)


@pytest.mark.rule("F.plane.stats")
@pytest.mark.parametrize("component", MOVERS)
def test_the_default_is_custom_with_todays_ratings_and_no_badge(component):
    ui = component()
    assert ui.plane == "custom" and ratings(ui) == (4, 3, 2, 2, 2) and badge_text(ui) == ""


@pytest.mark.rule("F.plane.stats", "F.move.capability")
@pytest.mark.parametrize("component", MOVERS)
def test_choosing_a_plane_fills_the_ratings_and_shows_the_badge(component):
    ui = component()
    ui.plane = "devastator"
    assert ratings(ui) == (4, 3, 3, 3, 2)
    assert ui.plan.state.capabilities == plane("devastator").capabilities()  # the rules see the plane's ratings
    b = badge_text(ui)
    assert "P21-JMKIII Devastator" in b and "cs-badge-recovered" in b and "Devastator.ae" in b
    ui.plane = "brigand"
    assert ratings(ui) == (3, 3, 2, 2, 2) and "F6II Brigand" in badge_text(ui)


@pytest.mark.rule("F.plane.stats")
@pytest.mark.parametrize("component", MOVERS)
def test_the_ratings_stay_editable_and_custom_leaves_them_alone(component):
    ui = component(plane="warhawk")
    assert ratings(ui) == (2, 3, 3, 1, 2)
    ui.max_speed = 3
    assert ui.max_speed == 3 and "Changed by hand: max speed." in badge_text(ui)
    assert ui.plan.state.capabilities.max_speed == 3
    ui.plane = "custom"
    assert ratings(ui) == (3, 3, 3, 1, 2) and badge_text(ui) == ""


@pytest.mark.rule("F.plane.stats", "F.move.accel-decel")
@pytest.mark.parametrize("component", MOVERS)
def test_ratings_passed_with_a_plane_are_kept_not_overwritten_by_it(component):
    # a Devastator with damaged flaps: the plane fills the other ratings, the caller's deceleration stays
    ui = component(plane="devastator", deceleration=1)
    a = plane("devastator")
    assert ratings(ui) == (a.max_speed, a.port_gs, a.starboard_gs, a.acceleration, 1)
    assert ui.plan.state.capabilities.deceleration == 1
    assert "P21-JMKIII Devastator" in badge_text(ui) and "Changed by hand: deceleration." in badge_text(ui)
    ui.plane = "brigand"  # picking a plane afterwards fills every rating, as in the browser
    assert ratings(ui) == (3, 3, 2, 2, 2) and "Changed by hand" not in badge_text(ui)


@pytest.mark.rule("F.plane.stats", "F.move.push-gs")
def test_maneuver_explorer_arrows_follow_the_chosen_plane():
    ui = ManeuverExplorer(maneuver="3R2C")  # a 2 G turn to starboard
    ui.plane = "aguila"  # High Torque Engine: starboard wing 1
    assert ui.plan.gs == 2 and len(ui.plan.pushes) == 1
    ui.plane = "devastator"  # starboard wing 3
    assert not ui.plan.pushes


@pytest.mark.rule("F.plane.stats", "F.move.push-gs")
def test_random_movement_player_can_attempt_with_a_chosen_plane():
    ui = RandomMovementPlayer(plane="bloodhawk", maneuver="3R0D")  # 4 G against the Bloodhawk's 4
    assert ui.plan.legal and not ui.plan.pushes
    ui.plane = "brigand"  # starboard 2: the same maneuver needs a push
    assert len(ui.plan.pushes) == 1 and ui.result is None


@pytest.mark.rule("F.plane.stats", "F.hit.number")
def test_target_plane_fills_target_base_and_shows_the_badge():
    ui = ToHitCalculator()
    assert ui.target_plane == "custom" and ui.target_base == 4 and badge_text(ui) == ""
    ui.target_plane = "brigand"
    assert ui.target_base == 6 and ui.result.terms[0].value == 6
    b = badge_text(ui)
    assert "F6II Brigand: base to-hit 6" in b and "cs-badge-recovered" in b
    ui.target_base = 7  # still editable
    assert ui.target_base == 7 and "changed by hand from 6" in badge_text(ui)
    ui.target_plane = "custom"
    assert ui.target_base == 7 and badge_text(ui) == ""


@pytest.mark.rule("F.plane.stats")
def test_a_bombers_stored_number_comes_with_its_note():
    ui = ToHitCalculator(target_plane="b16")
    assert ui.target_base == 1
    assert "1(-4) (idx 19)" in badge_text(ui) and "below the rules' lowest of 1" in badge_text(ui)


@pytest.mark.rule("F.plane.stats")
def test_the_pickers_are_laid_out_with_their_badge():
    for ui, css in ((ManeuverExplorer(plane="hornet"), "in-plane"), (RandomMovementPlayer(plane="hornet"), "in-plane"),
                    (ToHitCalculator(target_plane="hornet"), "in-target-plane")):
        layout = ui.__panel__()
        found = [o for o in layout.select() if css in (getattr(o, "css_classes", None) or [])]
        assert found and found[0].value == "hornet" and "F9 Hornet (De Havilland)" in found[0].options
        assert any(o is ui._plane_pane for o in layout.select())
        assert "F9 Hornet" in badge_text(ui) and "cs-badge-recovered" in badge_text(ui)
