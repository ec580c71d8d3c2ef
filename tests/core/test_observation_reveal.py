"""``Game.observation``: another player's secret action stays masked until a step of the table
reveals it, and not after."""

import pytest

from cs_panel.games import new_game


@pytest.mark.rule("F.move.plot", "F.move.resolve")
def test_plots_are_masked_until_the_movement_phase_shows_them():
    g = new_game("fasa", seed=5).play("plot Raider 3SA", "plot Ace 3SA")
    assert g.observation("Ann")["log"] == ["plot Raider (secret)", "plot Ace 3SA"]
    assert g.observation("Bob")["log"] == ["plot Raider 3SA", "plot Ace (secret)"]
    g = g.apply("move")
    assert g.observation("Ann")["log"] == ["plot Raider 3SA", "plot Ace 3SA", "move"]
    # the next turn's plots are secret again
    while g.state.game.phase.name != "PLOT" or g.turn < 2:
        g = g.apply(next(a for a in g.legal_actions() if not str(a).startswith("fire") or "hold" in str(a)))
    g = g.apply(next(a for a in g.legal_actions("Bob")))
    assert g.observation("Ann")["log"][-1] == "plot Raider (secret)"
