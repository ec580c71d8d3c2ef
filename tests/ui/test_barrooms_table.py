"""The BarroomsTable component, tested without a browser: set its parameters, press its buttons
through their methods, read what it shows. It must show exactly what the game protocol says."""

from __future__ import annotations

import pytest

from cs_panel.games import new_game
from cs_panel.ui import BarroomsTable


@pytest.mark.rule("B.sequence")
def test_the_menu_lists_the_legal_actions_of_the_player_waited_for():
    game = new_game("barrooms", seed=4)
    table = BarroomsTable(game=game)
    assert table._menu.options == [str(a) for a in game.legal_actions("Bob")]
    assert table._menu.value == table.action == "stay Vic"
    assert "Vic" in table._status.object and "(Bob) to act" in table._status.object
    assert "<svg" in table._room.object and "Mac (Ann) at 1,2" in table._room.object
    assert "Mac" in table._fighters.object and "colt-1911 7 rounds" in table._fighters.object


@pytest.mark.rule("B.move.gait")
@pytest.mark.rule("B.move.dash-roll")
def test_apply_takes_the_chosen_action_as_the_game_would():
    game = new_game("barrooms", seed=4)
    table = BarroomsTable(game=game)
    table._menu.value = "move Vic to 8,5 walk"
    assert table.action == "move Vic to 8,5 walk"
    table._apply.clicks += 1
    assert table.error == "" and table.game == game.apply("move Vic to 8,5 walk")
    assert table._menu.options == [str(a) for a in table.game.legal_actions("Ann")]  # Jonesy's go now
    assert "move Vic to 8,5 walk" in table._log.object
    assert table.apply("move Jonesy to 3,3 run")
    assert "keep your feet" in table._log.object and "B.move.dash-roll" in table._log.object


@pytest.mark.rule("B.sequence")
def test_a_refusal_shows_beside_the_buttons_and_changes_nothing():
    table = BarroomsTable(game=new_game("barrooms", seed=4))
    before = table.game
    assert not table.apply("fire Mac at Lou")
    assert "Vic's go" in table.error and "B.sequence" in table.error
    assert "Vic&#x27;s go" in table._error_pane.object or "Vic's go" in table._error_pane.object
    assert table.game is before
    assert not table.apply("dance Mac")
    assert "cannot read" in table.error
    assert table.apply("stay Vic") and table.error == "" and table._error_pane.object == ""


def test_undo_takes_back_a_step_without_dice_and_refuses_one_that_rolled():
    game = new_game("barrooms", seed=4)
    table = BarroomsTable(game=game)
    assert not table.undo() and "nothing to undo" in table.error
    table.apply("stay Vic")
    table._undo.clicks += 1
    assert table.error == "" and table.game == game
    table.apply("move Vic to 6,5 run")  # a run rolls to keep the feet
    assert not table.undo() and "crosses a die roll" in table.error
    assert "crosses a die roll" in table._error_pane.object


def test_setting_the_game_param_redraws_everything():
    table = BarroomsTable()
    assert table.game.seed == 1931
    other = new_game("barrooms", seed=9).play("stay Vic", "stay Jonesy")
    table.game = other
    assert table._menu.options == [str(a) for a in other.legal_actions("Bob")] and table.action.endswith("Lou")
    assert "stay Jonesy" in table._log.object and "Lou" in table._status.object
    table.game = None  # back to the demo fight
    assert table.game.seed == 1931 and table.game.log == () and "Vic" in table._status.object


@pytest.mark.rule("B.hitloc")
def test_a_finished_fight_shows_its_result_and_offers_nothing():
    import random

    from cs_panel.core.game import random_playout

    game = random_playout(new_game("barrooms", seed=0), random.Random(0))
    assert game.is_over
    table = BarroomsTable(game=game)
    assert table._menu.options == [] and table._apply.disabled
    assert "The fight is over." in table._status.object and game.result.text[:30] in table._status.object


def test_a_game_of_another_system_is_refused():
    with pytest.raises(ValueError, match="plays a Bar-rooms game"):
        BarroomsTable(game=new_game("aces", seed=1))


def test_the_table_lays_out():
    table = BarroomsTable()
    layout = table.__panel__()
    assert table._menu in layout.objects[0].objects and table._undo in layout.objects[0].objects
