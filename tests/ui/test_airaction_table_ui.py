"""The AirActionTable component, tested without a browser: its buttons call ``play`` and
``undo``, and every turn must be the one the referee, driven directly, plays (with the dice the
game protocol gives the turn's resolve)."""

import html

import panel as pn
import pytest

from cs_panel.airaction.navigation import NavigationDeck
from cs_panel.airaction.referee import TurnPlan, demo_game, play_turn
from cs_panel.core.dice import Dice
from cs_panel.core.game import entry_seed
from cs_panel.core.state import dumps
from cs_panel.ui import AirActionTable

FIGHTER, STEELE, TWO_SEATER, CRAWFORD = (
    "Ann:sample-fighter", "Ann:charlie-steele-plane", "Bob:sample-two-seater", "Bob:loyle-crawford-plane")


@pytest.mark.rule("A.order")
@pytest.mark.rule("A.move.execute")
def test_play_turn_equals_the_referee_driven_directly():
    table = AirActionTable(seed=11)
    table._widgets[FIGHTER]["card"].value = "turn"
    table._widgets[FIGHTER]["orientation"].value = "right"
    table._widgets[CRAWFORD]["clicks"].value = -1
    plans = dict(table.plans)
    assert plans[FIGHTER] == TurnPlan(0, "turn", "right") and plans[CRAWFORD] == TurnPlan(-1, "cruise", None)
    assert table.play() and table.error == ""
    # the table's game is a protocol Game: four plans, then the resolve (its fifth action) rolls
    # the dice of entry_seed(seed, 4)
    assert [str(e.action) for e in table.record.log][-1] == "resolve" and len(table.record.log) == 5
    expected, log = play_turn(demo_game(), plans, Dice(entry_seed(11, 4)))
    assert dumps(table.game) == dumps(expected)
    assert table.log == log
    assert table.record.log[-1].rolled  # the game's own undo refuses to cross it
    assert "Sample fighter" in table._log_pane.object and "<svg" in table._table_pane.object
    assert "Turns played: 1" in table._status_pane.object


def test_the_turn_log_is_a_box_of_its_own_height_before_and_after_a_turn():
    # the same box, empty or full: a turn played or undone changes its words, not the page's height
    from cs_panel.ui.airaction_table import LOG_STYLES
    table = AirActionTable()
    assert "<div class='aa-log-box'><div><ul><li>No turn played yet.</li></ul></div></div>" in table._log_pane.object
    assert table.play()
    box = table._log_pane.object.split("<div class='aa-log-box'>")[1]
    assert box.count("<li>") == len(table.log) > 1 and "No turn played yet" not in box
    assert table.undo() and "No turn played yet." in table._log_pane.object
    assert "height: 16em;" in LOG_STYLES and "overflow-y: auto" in LOG_STYLES and LOG_STYLES in table._log_pane.stylesheets


@pytest.mark.rule("A.nav.deck")
def test_card_menu_holds_the_cards_of_the_planes_speed():
    table = AirActionTable()
    for p in table.game.flying():
        assert table._widgets[p.id]["card"].options == NavigationDeck.basic().playable(p.speed.speed)
    # the two-seater flies at 4: no card needing more, Snap Roll (4) included
    assert "snap-roll" in table._widgets[TWO_SEATER]["card"].options
    table.start = table.game.set_speed(TWO_SEATER, table.game.plane(TWO_SEATER).speed.set_speed(2))
    assert "snap-roll" not in table._widgets[TWO_SEATER]["card"].options
    assert "turn" in table._widgets[TWO_SEATER]["card"].options


@pytest.mark.rule("A.nav.paths")
def test_orientation_menu_follows_the_card():
    table = AirActionTable()
    w = table._widgets[STEELE]
    assert w["orientation"].options == ["straight"] and table.plans[STEELE].orientation is None
    w["card"].value = "glide"
    assert w["orientation"].options == ["left", "right"] and table.plans[STEELE].orientation == "left"


@pytest.mark.rule("A.throttle")
def test_refused_plan_shows_beside_its_input_and_changes_nothing():
    table = AirActionTable()
    before = table.game
    table._widgets[FIGHTER]["clicks"].value = 3
    assert not table.play()
    assert "at most two clicks" in table.message(FIGHTER, "clicks")
    assert table.message(FIGHTER, "card") == "" and table.message() == ""
    assert table.game is before and table.history == [] and table.log == []
    assert table._widgets[FIGHTER]["clicks"].value == 3  # the input keeps what was typed
    table._widgets[FIGHTER]["clicks"].value = -2  # 5 -> 3 is too slow for a Snap Roll
    table._widgets[FIGHTER]["card"].value = "snap-roll"
    assert not table.play()
    assert "needs speed 4" in table.message(FIGHTER, "card") and table.message(FIGHTER, "clicks") == ""


@pytest.mark.rule("A.order")
def test_undo_puts_back_the_table_and_replays_the_same():
    table = AirActionTable()
    start = table.game
    assert table.play()
    first, first_log = table.game, list(table.log)
    assert table.play()
    assert len(table.history) == 2 and len(table.log) > len(first_log)
    assert table.undo()
    assert table.game == first and table.log == first_log
    assert table.undo() and table.game == start and table.log == []
    assert not table.undo()
    assert table.play() and table.game == first  # the same seed, the same turn


@pytest.mark.rule("A.victory")
def test_buttons_and_layout():
    table = AirActionTable()
    layout = table.__panel__()
    assert isinstance(layout, pn.Column)
    table._play.clicks += 1
    assert len(table.history) == 1
    table._undo.clicks += 1
    assert table.history == []


@pytest.mark.rule("A.order")
def test_each_plane_in_the_status_table_wears_its_markers_colour():
    from cs_panel.airaction.svg import COLOURS
    table = AirActionTable()
    status = table.status_html()
    for i, p in enumerate(table.game.flying()):
        assert f"color:{COLOURS[i % len(COLOURS)]}'>&#9632;</span> {html.escape(p.name)}" in status


@pytest.mark.rule("A.nav.deck")
def test_a_turn_and_its_undo_update_the_same_inputs_to_the_new_table():
    """Played and undone turns keep each plane's inputs (the browser need not rebuild them), and the
    inputs show the new table: each card menu holds the cards of the plane's speed now, each plan
    what the inputs say."""
    table = AirActionTable(seed=11)
    table._widgets[FIGHTER]["clicks"].value = 1  # the fighter speeds up, so its card menu changes
    inputs = {pid: dict(w) for pid, w in table._widgets.items()}
    for action in (table.play, table.undo, table.play):
        assert action()
        flying = table.game.flying()
        if [p.id for p in flying] == list(inputs):
            assert all(table._widgets[pid][k] is w for pid, ws in inputs.items() for k, w in ws.items())
        for p in flying:
            w, plan = table._widgets[p.id], table.plans[p.id]
            assert w["card"].options == NavigationDeck.basic().playable(p.speed.speed)
            assert w["card"].label == f"card (speed {p.speed.speed})"
            assert (w["clicks"].value, w["card"].value, w["orientation"].value) == (
                plan.clicks, plan.card, plan.orientation or "straight")


@pytest.mark.rule("A.order")
@pytest.mark.rule("A.initiative")
def test_the_table_holds_one_protocol_game_and_plays_through_it():
    from cs_panel.core.game import Game

    table = AirActionTable(seed=5)
    start = table.record
    assert isinstance(start, Game) and start.system == "airaction" and start.seed == 5 and start.log == ()
    assert table.play()
    assert [type(e.action).__name__ for e in table.record.log] == ["Plan"] * 4 + ["Resolve"]
    assert table.game is table.record.state.game
    saved = table.record.to_json()
    assert Game.from_json(saved) == table.record  # the table's game saves and loads like any other
    assert table.undo() and table.record is start and table.game is start.state.game


@pytest.mark.rule("A.setup")
def test_a_start_in_play_or_damaged_is_refused_by_name():
    from cs_panel.airaction.play import AirActionSetupError

    table = AirActionTable()
    hurt = table.game.damage(FIGHTER, 1, "a test")
    with pytest.raises(AirActionSetupError, match="dial at its start"):
        table.start = hurt


def test_a_turn_at_the_practice_table_does_not_list_the_next_turns_plans(monkeypatch):
    """Who plans first next turn matters only at a hot seat. Asking lists every plan the rules
    allow each plane (most of a click's work), so the practice table ("everyone") does not ask."""
    from cs_panel.airaction.play import AirActionRules

    listed: list[str] = []
    real = AirActionRules._plans
    monkeypatch.setattr(AirActionRules, "_plans", lambda self, g, p, mine: listed.append(p.id) or real(self, g, p, mine))
    table = AirActionTable(seed=11)
    assert table.play() and len(table.history) == 1 and table.player == "everyone"
    assert listed == []
    # a hot seat asks (here: whether Bob still has planes to plan) and passes the screen on
    hot = AirActionTable(seed=11, player="Ann")
    assert hot.play() and hot.player == "Bob" and listed
