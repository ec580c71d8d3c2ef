"""AcesSkirmish in a real browser: a click on the map places the active character, and the
attack and reach follow; a bad click is named beside the map input."""

import pytest
from playwright.sync_api import expect

from cs_panel.aces.board import maps
from cs_panel.aces.combat import attack
from cs_panel.ui.aces_board import AcesSkirmish

def click_square(page, square):
    """Click a square of the map where it is drawn (each square names itself: data-pick)."""
    page.locator(f".aces-map rect.cs-square[data-pick='{square[0]},{square[1]}']").click()


def aces_app():
    import panel as pn
    return pn.Column(AcesSkirmish())


@pytest.mark.rule("K.ranged", "K.close", "K.move")
def test_clicking_a_square_moves_charlie_next_to_the_ruffian(serve, page):
    page.goto(serve(aces_app))
    pane = page.locator(".aces-attack")
    expect(pane).to_contain_text("Charlie on Ruffian")
    expect(page.locator(".aces-map rect.cs-square")).to_have_count(26 * 12)
    # a close attack from afar is refused with its reason
    page.locator(".in-kind button", has_text="close").click()
    expect(pane).to_contain_text("not adjacent")
    # click the square beside the Ruffian: now the close attack is allowed, with the core's dice
    click_square(page, (8, 4))
    app = AcesSkirmish(positions={**AcesSkirmish().positions, "Charlie": (8, 4)}, kind="close")
    want = app.attack_result
    assert want == attack(maps()["airfield-bar"], app.characters()["Charlie"], app.characters()["Ruffian"], "close",
                          app.characters().values())
    expect(pane).to_contain_text("chance to knock Ruffian out", timeout=10_000)
    expect(pane).to_contain_text(f"= {want.dice}")
    # next to an enemy Charlie is held: only her own square until she breaks away
    expect(page.locator(".aces-reach")).to_contain_text("may end its move in 0 other squares")
    # a click on a crate is refused beside the map input, and Charlie stays put
    click_square(page, (11, 2))
    expect(page.locator(".cs-error-square")).to_contain_text("blocking terrain")
    expect(pane).to_contain_text("chance to knock Ruffian out")
    expect(page.locator(".aces-cast")).to_contain_text("(8, 4)")
    # and a free square places her there, clearing the complaint
    click_square(page, (4, 6))
    expect(page.locator(".aces-cast")).to_contain_text("(4, 6)", timeout=10_000)
    expect(page.locator(".cs-error-square")).not_to_contain_text("blocking terrain")


def choose(page, css, value):
    """Pick ``value`` in a ChipChoice: press its toggle button, which then shows as pressed."""
    button = page.locator(f"{css} button[data-value='{value}']")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def gunner_app():
    import panel as pn
    return pn.Column(AcesSkirmish(active="Tail Gunner", positions={**AcesSkirmish().positions, "Tail Gunner": (7, 5)}))


@pytest.mark.rule("K.ranged.multi", "K.ranged", "K.attack")
def test_choosing_two_targets_names_both_in_the_breakdown(serve, page):
    from cs_panel.core.explain import percent

    page.goto(serve(gunner_app))
    pane = page.locator(".aces-attack")
    expect(pane).to_contain_text("Tail Gunner on Ruffian")
    choose(page, ".in-targets", "Ruffian")
    expect(pane).to_contain_text("Tail Gunner on Ruffian")  # one listed target: a plain attack on it
    choose(page, ".in-targets", "Soldier")
    expect(pane).to_contain_text("Tail Gunner fires at Ruffian, Soldier", timeout=10_000)
    want = AcesSkirmish(active="Tail Gunner", positions={**AcesSkirmish().positions, "Tail Gunner": (7, 5)},
                        targets=["Ruffian", "Soldier"]).multi_result.hit_chances()
    expect(pane).to_contain_text(f"Ruffian {percent(want['Ruffian'])}")
    expect(pane).to_contain_text(f"Soldier {percent(want['Soldier'])}")
    expect(pane.locator("table.cs-distribution")).to_contain_text("hindering terrain on the line of fire")
    # a third target is one more than the Tail Gunner's two pistols: named beside the list, choices kept
    choose(page, ".in-targets", "Loyle")
    expect(page.locator(".cs-error-targets")).to_contain_text("2 pistol(s): at most that many targets")
    pressed = page.locator(".in-targets button[aria-pressed='true']")
    expect(pressed).to_have_text(["Loyle", "Ruffian", "Soldier"])  # in the order the list offers them
    # the group is named for screen readers; pressing a chosen target again takes it off the list
    expect(page.get_by_role("group", name="Or several targets")).to_be_visible()
    page.locator(".in-targets button[data-value='Loyle']").click()
    expect(page.locator(".cs-error-targets")).not_to_contain_text("at most that many targets")
    expect(pressed).to_have_text(["Ruffian", "Soldier"])


@pytest.mark.rule("K.attack", "K.turns")
def test_a_roll_stands_and_undo_says_why_beside_its_button(serve, page):
    page.goto(serve(aces_app))
    expect(page.locator(".aces-attack")).to_contain_text("Charlie on Ruffian")
    expect(page.locator(".aces-status")).to_contain_text("Tim to act")
    page.locator(".in-roll button").click()
    log = page.locator(".aces-log")
    expect(log).to_contain_text("1. Charlie (ranged) at Ruffian", timeout=10_000)
    expect(page.locator(".aces-status")).to_contain_text("Kim to act")
    page.locator(".in-undo button").click()
    expect(page.locator(".cs-error-undo")).to_contain_text("crosses a die roll", timeout=10_000)
    expect(log).to_contain_text("1. Charlie (ranged) at Ruffian")  # the roll stands
    # Kim's turn: the list of legal actions offers his, and Take applies the one chosen
    page.locator(".in-action select").select_option("pass Kim")
    page.locator(".in-take button").click()
    expect(page.locator(".aces-status")).to_contain_text("Tim to act", timeout=10_000)
    page.locator(".in-undo button").click()  # a pass rolled nothing: it is taken back
    expect(page.locator(".aces-status")).to_contain_text("Kim to act", timeout=10_000)
    expect(page.locator(".cs-error-undo")).not_to_contain_text("crosses")


@pytest.mark.rule("K.ranged")
def test_the_attack_box_keeps_its_height_from_a_refusal_to_a_breakdown(serve, page):
    """Choosing another character changes the attack box's words, not its height: a refusal sits
    in the space a breakdown takes (its tables side by side), so the page is not laid out again
    around it (issue 14). Louis has no enemy in range: the several-targets row says so."""
    page.goto(serve(aces_app))
    pane = page.locator(".aces-attack")
    expect(pane).to_contain_text("Charlie on Ruffian")
    tables = pane.locator("table")
    expect(tables).to_have_count(3)
    tops = {round(tables.nth(i).bounding_box()["y"]) for i in range(3)}
    assert len(tops) == 1, tops  # the attack dice, the defense and the hits side by side
    breakdown = pane.bounding_box()["height"]
    page.locator(".in-active select").select_option("Louis")
    expect(pane).to_contain_text("Louis cannot make a ranged attack on Ruffian")
    expect(pane).to_contain_text("beyond range 4")
    assert pane.bounding_box()["height"] == breakdown
    expect(page.locator(".in-targets .cs-chips-empty")).to_have_text("no enemy it can shoot from here")
    page.locator(".in-active select").select_option("Charlie")
    expect(page.locator(".in-targets button")).to_have_text(["Ruffian", "Soldier"])
    expect(page.locator(".in-targets .cs-chips-empty")).to_have_count(0)
    expect(pane).to_contain_text("Charlie on Ruffian")
    assert pane.bounding_box()["height"] == breakdown
