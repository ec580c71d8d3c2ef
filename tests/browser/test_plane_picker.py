"""The plane picker of the movement components in a real browser: pick a plane, its ratings fill the
inputs and the rules answer for it; a rating edited by hand is kept and the badge says so."""

import pytest
from playwright.sync_api import expect

from cs_panel.core.explain import percent
from cs_panel.fasa.aircraft import plane
from cs_panel.fasa.explore import comparisons
from cs_panel.fasa.maneuver import Maneuver
from cs_panel.fasa.movement import Capabilities, PlaneState, plan
from cs_panel.fasa.reach import reachable
from cs_panel.ui import RandomMovementPlayer
from cs_panel.ui.maneuver import ManeuverExplorer
from cs_panel.ui.planes import CUSTOM, plane_options

# Panel handles widget events only once the page has told the server it is ready (document_ready).
READY = "() => Bokeh.documents.length > 0 && Bokeh.documents[0].is_idle"
RATING_INPUTS = {"max_speed": ".in-max-speed input", "port_gs": ".in-port-gs input",
                 "starboard_gs": ".in-starboard-gs input", "acceleration": ".in-acceleration input",
                 "deceleration": ".in-deceleration input"}
# the Bloodhawk's starboard wing (4) flies 3R0D (4 G) without the push the default ratings (2) need
PLANE = "bloodhawk"
MANEUVER = "3R0D"


def label_of(plane_id: str) -> str:
    """The select's text for a plane id (the page's <select> holds labels, not ids)."""
    return next(label for label, pid in plane_options().items() if pid == plane_id)


def explorer_state(capabilities: Capabilities) -> PlaneState:
    """The plane as the explorer plots it with its default last turn and pilot, asked of the rules directly."""
    d = ManeuverExplorer.param
    return PlaneState(capabilities, speed=d.speed.default, last_gs=d.last_gs.default,
                      last_restricted=d.last_restricted.default, natural_touch=d.natural_touch.default,
                      shocked=d.shocked.default)


def player_state(capabilities: Capabilities) -> PlaneState:
    d = RandomMovementPlayer.param
    return PlaneState(capabilities, speed=d.speed.default, last_gs=d.last_gs.default,
                      natural_touch=d.natural_touch.default, shocked=d.shocked.default)


def summary_text(state: PlaneState) -> str:
    options = reachable(state)
    legal = [o for o in options if o.legal]
    free = [o for o in legal if not o.pushes]
    return f"{len(options)} arrows on the template: {len(legal)} legal for this plane, {len(free)} without a push."


def default_capabilities(component) -> Capabilities:
    return Capabilities(**{k: component.param[k].default for k in RATING_INPUTS})


def expect_ratings(page, ratings: dict[str, int]) -> None:
    for name, value in ratings.items():
        expect(page.locator(RATING_INPUTS[name])).to_have_value(str(value))


def type_into(page, css: str, text: str) -> None:
    box = page.locator(css)
    box.fill(text)
    box.press("Enter")


def explorer_app():
    import panel as pn
    return pn.Column(ManeuverExplorer(maneuver=MANEUVER))


def player_app():
    import panel as pn
    return pn.Column(RandomMovementPlayer(maneuver=MANEUVER))


@pytest.mark.rule("F.plane.stats", "F.move.capability", "F.move.push-gs")
def test_picking_a_plane_fills_the_ratings_and_the_explorer_answers_for_it(serve, page):
    chosen = plane(PLANE)
    default = default_capabilities(ManeuverExplorer)
    assert chosen.capabilities() != default  # the pick must change something to be seen
    before, after = explorer_state(default), explorer_state(chosen.capabilities())
    assert summary_text(before) != summary_text(after)
    page.goto(serve(explorer_app))
    page.wait_for_function(READY)
    summary, breakdown = page.locator(".maneuver-summary"), page.locator(".maneuver-breakdown")
    badge = page.locator(".plane-badge")
    expect(page.locator(".in-plane select")).to_have_value(label_of(CUSTOM))
    expect_ratings(page, {k: getattr(default, k) for k in RATING_INPUTS})
    expect(summary).to_have_text(summary_text(before))
    p = plan(before, Maneuver.parse(MANEUVER))
    expect(breakdown).to_contain_text(f"Chance to fly it as plotted: {percent(p.chance)}")
    expect(breakdown.locator(".mv-pushes-head")).to_contain_text(f"{len(p.pushes)} push")
    expect(badge).to_have_text("")

    page.locator(".in-plane select").select_option(label=label_of(PLANE))
    expect_ratings(page, chosen.ratings())
    expect(summary).to_have_text(summary_text(after))
    p = plan(after, Maneuver.parse(MANEUVER))
    assert not p.pushes
    expect(breakdown).to_contain_text(f"Chance to fly it as plotted: {percent(p.chance)}")
    expect(breakdown.locator(".mv-pushes-head")).to_have_text("No push needed.")
    for c in comparisons(p):
        expect(breakdown.locator(".mv-compare")).to_contain_text(c.text)
    expect(badge.locator(".plane-name")).to_contain_text(chosen.name)
    expect(badge).to_contain_text(chosen.source)
    expect(badge.locator(".cs-badge-recovered")).to_have_count(1)
    expect(badge).not_to_contain_text("Changed by hand")


@pytest.mark.rule("F.plane.stats", "F.move.capability", "F.move.push-gs")
def test_a_rating_edited_by_hand_after_a_pick_is_kept_and_named_in_the_badge(serve, page):
    chosen = plane(PLANE)
    page.goto(serve(explorer_app))
    page.wait_for_function(READY)
    select, badge = page.locator(".in-plane select"), page.locator(".plane-badge")
    summary, breakdown = page.locator(".maneuver-summary"), page.locator(".maneuver-breakdown")
    select.select_option(label=label_of(PLANE))
    expect_ratings(page, chosen.ratings())

    edited = chosen.starboard_gs - 2
    type_into(page, RATING_INPUTS["starboard_gs"], str(edited))
    expect(badge).to_contain_text("Changed by hand: starboard gs.")
    expect(page.locator(RATING_INPUTS["starboard_gs"])).to_have_value(str(edited))  # the user's value stays
    expect(select).to_have_value(label_of(PLANE))  # the plane stays picked: the badge names what differs from it
    expect(badge.locator(".plane-name")).to_contain_text(chosen.name)
    expect_ratings(page, {k: v for k, v in chosen.ratings().items() if k != "starboard_gs"})
    # the rules now see the hand-typed wing, not the plane's
    hand = explorer_state(Capabilities(**(chosen.ratings() | {"starboard_gs": edited})))
    p = plan(hand, Maneuver.parse(MANEUVER))
    assert p.pushes
    expect(summary).to_have_text(summary_text(hand))
    expect(breakdown).to_contain_text(f"Chance to fly it as plotted: {percent(p.chance)}")
    expect(breakdown).to_contain_text(f"4 G to starboard against the starboard wing's rating {edited}")

    type_into(page, RATING_INPUTS["max_speed"], str(chosen.max_speed + 1))
    expect(badge).to_contain_text("Changed by hand: max speed, starboard gs.")
    # typing the plane's own value back takes that rating out of the note
    type_into(page, RATING_INPUTS["starboard_gs"], str(chosen.starboard_gs))
    expect(badge).to_contain_text("Changed by hand: max speed.")
    type_into(page, RATING_INPUTS["max_speed"], str(chosen.max_speed))
    expect(badge).not_to_contain_text("Changed by hand")
    expect(badge.locator(".plane-name")).to_contain_text(chosen.name)

    # "custom" keeps whatever the inputs hold and drops the badge
    type_into(page, RATING_INPUTS["port_gs"], str(chosen.port_gs - 1))
    expect(badge).to_contain_text("Changed by hand: port gs.")
    select.select_option(label=label_of(CUSTOM))
    expect(badge).to_have_text("")
    expect_ratings(page, chosen.ratings() | {"port_gs": chosen.port_gs - 1})


@pytest.mark.rule("F.plane.stats", "F.move.capability", "F.move.push-gs", "F.move.random")
def test_the_same_picker_drives_the_random_movement_player(serve, page):
    chosen = plane(PLANE)
    default = default_capabilities(RandomMovementPlayer)
    before = plan(player_state(default), Maneuver.parse(MANEUVER))
    after = plan(player_state(chosen.capabilities()), Maneuver.parse(MANEUVER))
    assert before.pushes and not after.pushes
    page.goto(serve(player_app))
    page.wait_for_function(READY)
    select, badge, plan_pane = page.locator(".in-plane select"), page.locator(".plane-badge"), page.locator(".rm-plan")
    expect(plan_pane.locator(".rm-chance")).to_contain_text(f"Chance to fly it as plotted: {percent(before.chance)}")
    expect(plan_pane.locator(".rm-push")).to_have_count(len(before.pushes))
    expect(badge).to_have_text("")

    select.select_option(label=label_of(PLANE))
    expect_ratings(page, chosen.ratings())
    expect(plan_pane.locator(".rm-chance")).to_have_text("No push needed: it flies as plotted (100%).")
    expect(plan_pane.locator(".rm-push")).to_have_count(0)
    expect(badge.locator(".plane-name")).to_contain_text(chosen.name)
    expect(badge.locator(".cs-badge-recovered")).to_have_count(1)
    page.locator(".rm-attempt button").click()
    expect(page.locator(".rm-outcome .rm-outcome-head")).to_contain_text("As plotted")

    # a hand edit is kept, named in the badge, and what the player checks follows it
    type_into(page, RATING_INPUTS["starboard_gs"], str(default.starboard_gs))
    expect(badge).to_contain_text("Changed by hand: starboard gs.")
    expect(page.locator(RATING_INPUTS["starboard_gs"])).to_have_value(str(default.starboard_gs))
    expect(select).to_have_value(label_of(PLANE))
    hand = plan(player_state(Capabilities(**(chosen.ratings() | {"starboard_gs": default.starboard_gs}))),
                Maneuver.parse(MANEUVER))
    expect(plan_pane.locator(".rm-chance")).to_contain_text(f"Chance to fly it as plotted: {percent(hand.chance)}")
    expect(plan_pane.locator(".rm-push")).to_have_count(len(hand.pushes))
    expect(page.locator(".rm-outcome")).to_have_text("")  # the attempt belonged to the plane's own ratings
