"""A several-target shot whose dice the attacker gives out by hand after the roll (K.ranged.multi),
through the game protocol (the setup's ``hand_out``) and at the ``AcesSkirmish`` table."""

from __future__ import annotations

import itertools

import pytest

from cs_panel.aces.play import Give, parse_action, rules
from cs_panel.bots import choose
from cs_panel.core.game import Game, IllegalActionError, UndoRefusedError
from cs_panel.games import new_game
from cs_panel.ui.aces_board import DEFAULT_CAST, AcesSkirmish, skirmish_setup

SHOT = "attack Tail Gunner from 7,5 ranged Ruffian & Soldier"
#: seed 5 rolls 6, 2, 2 for this shot: one die hits (both tokens need 4+), so the share-out decides who is hit
SEED = 5


def positions():
    return {**{name: sq for _, name, _, sq in DEFAULT_CAST}, "Tail Gunner": (7, 5)}


def rolled(hand_out: bool = True) -> Game:
    return new_game("aces", SEED, skirmish_setup(positions=positions(), hand_out=hand_out)).apply(SHOT)


def on_map(game: Game) -> set[str]:
    return {c.name for c in game.state.game.characters}


@pytest.mark.rule("K.ranged.multi")
def test_the_shot_rolls_then_waits_for_the_attacker_to_give_each_target_a_die():
    g = rolled()
    assert g.state.pending is not None and g.log[-1].faces == (6, 2, 2)
    assert on_map(g) >= {"Ruffian", "Soldier"}  # nobody is hit before the dice are given out
    assert "the attacker gives each target one die" in g.log[-1].lines[-1]
    expected = {f"give Tail Gunner die {a} to Ruffian & die {b} to Soldier" for a, b in itertools.permutations((1, 2, 3), 2)}
    assert {str(a) for a in g.legal_actions()} == expected and g.waiting_for == ("Tim",)
    with pytest.raises(IllegalActionError, match="give out the dice first"):
        g.apply("pass Tim")
    with pytest.raises(IllegalActionError, match="a different die"):
        g.apply("give Tail Gunner die 1 to Ruffian & die 1 to Soldier")
    with pytest.raises(IllegalActionError, match="one die to each of Ruffian & Soldier"):
        g.apply("give Tail Gunner die 1 to Ruffian & die 2 to Loyle")


@pytest.mark.rule("K.ranged.multi", "K.attack")
def test_the_die_given_decides_who_is_hit():
    g = rolled()
    to_soldier = g.apply("give Tail Gunner die 2 to Ruffian & die 1 to Soldier")  # the 6 to the Soldier
    to_ruffian = g.apply("give Tail Gunner die 1 to Ruffian & die 2 to Soldier")  # the 6 to the Ruffian
    assert "Soldier" not in on_map(to_soldier) and "Ruffian" in on_map(to_soldier)
    assert "Ruffian" not in on_map(to_ruffian) and "Soldier" in on_map(to_ruffian)
    assert "2 to Ruffian (needs 4+): miss; 6 to Soldier (needs 4+): hit" in to_soldier.log[-1].lines[0]
    assert to_soldier.log[-1].faces == () and to_soldier.waiting_for == ("Kim",)  # the give rolls nothing; Kim's turn


@pytest.mark.rule("K.ranged.multi")
def test_without_hand_out_the_dice_go_out_at_once_and_the_setup_keeps_its_text():
    g = rolled(hand_out=False)
    assert g.state.pending is None and "hand_out" not in g.setup and g.waiting_for == ("Kim",)
    assert "Ruffian" not in on_map(g)  # the best share-out: the 6 to the first target it hits
    assert rules().check_setup(skirmish_setup(hand_out=True))["hand_out"] is True


@pytest.mark.rule("K.ranged.multi", "K.turns")
def test_notation_save_and_fair_undo_with_a_give():
    g = rolled()
    give = Give("Tail Gunner", ("Ruffian", "Soldier"), (2, 1))
    assert parse_action(str(give)) == give and str(give) == "give Tail Gunner die 2 to Ruffian & die 1 to Soldier"
    done = g.apply(give)
    again = Game.from_json(done.to_json())
    assert again.state == done.state and str(again.log[-1].action) == str(give)
    assert done.undo().state.pending == g.state.pending  # the give rolled nothing: it may be taken back
    with pytest.raises(UndoRefusedError):
        g.undo()  # the roll stands


@pytest.mark.rule("K.ranged.multi")
def test_the_computer_gives_the_dice_to_click_the_most_targets():
    g = rolled()
    choice = choose(g, "Tim", "tactical")
    assert isinstance(choice.action, Give) and "1 of 2 targets take a click" in choice.why
    assert len(on_map(g) - on_map(g.apply(choice.action))) == 1
    five = new_game("aces", 4, skirmish_setup(positions=positions(), hand_out=True)).apply(SHOT)  # 2, 5, 5
    best = choose(five, "Tim", "tactical").action
    assert {"Ruffian", "Soldier"}.isdisjoint(on_map(five.apply(best)))  # both 5s given out: both hit


@pytest.mark.rule("K.ranged.multi")
def test_the_table_offers_a_die_menu_per_target_and_gives_them_out():
    table = AcesSkirmish(active="Tail Gunner", positions=positions(), targets=["Ruffian", "Soldier"], hand_out=True,
                         seed=SEED)
    assert table.game.setup["hand_out"] is True
    assert table.roll() is None and table.game.state.pending is not None and table.roll_log == []
    assert set(table._give_choices) == {"Ruffian", "Soldier"} and "rolled 6, 2, 2" in table._give_box.objects[0].object
    assert table.give({"Ruffian": 1, "Soldier": 1}) is None and "a different die" in table._errors.message("give")
    assert table.game.state.pending is not None
    table._give_choices["Ruffian"].value, table._give_choices["Soldier"].value = 2, 1
    done = table.give()
    assert done is not None and done.knocked_out == ("Soldier",) and table.game.state.pending is None
    assert "2 to Ruffian (needs 4+): miss; 6 to Soldier (needs 4+): hit" in table.roll_log[0]
    assert table._give_box.objects == []
