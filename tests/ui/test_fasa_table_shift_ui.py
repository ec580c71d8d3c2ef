"""FasaTable's Steady Hand shift input (F.pilot.sh-shift, FASA p.18, 37): the columns a pilot may
pull gun hits toward, each with its odds from the rules core, sent with the fire order."""

from __future__ import annotations

import dataclasses
import html
from fractions import Fraction

import pytest

from cs_panel.core.explain import percent
from cs_panel.fasa.gunnery import DamageColumn
from cs_panel.fasa.referee import demo_planes
from cs_panel.ui import FasaTable


def _table(steady_hand: int) -> FasaTable:
    """The demo's first turn flown at the table, the Ace's pilot at ``steady_hand``: combat is next."""
    ace, raider = demo_planes()
    table = FasaTable(planes=[dataclasses.replace(ace, steady_hand=steady_hand), raider])
    for plane in ("Ace", "Raider"):
        table.plot_plane, table.maneuver = plane, "3SA"
        assert table.plot()
    assert table.move()
    table.fire_plane = "Ace"
    return table


@pytest.mark.rule("F.pilot.sh-shift", "F.dmg.column")
def test_the_shift_input_offers_each_column_with_its_odds_only_to_a_steady_hand_of_6_or_more():
    table = _table(7)
    options = table._shift_select.options
    assert list(options.values()) == list(range(11)) and next(iter(options)) == "as rolled"
    col = DamageColumn(7)
    for label, n in options.items():
        if n:  # one column either way at Steady Hand 7: 2 faces in 10 reach an edge column, 3 the others
            assert label == f"toward column {n} ({percent(col.reach_chance(n))} a hit lands there)"
            assert col.reach_chance(n) == Fraction(2 if n in (1, 10) else 3, 10)
    assert "toward column 5 (30% a hit lands there)" in options
    # a pilot below Steady Hand 6 is offered nothing but the column as rolled
    assert _table(5)._shift_select.options == {"as rolled": 0}
    # the Raider's pilot (Steady Hand 0): choosing his plane resets a shift chosen for the Ace
    table.shift_to = 4
    assert table._shift_select.value == 4
    table.fire_plane = "Raider"
    assert table.shift_to == 0 and table._shift_select.options == {"as rolled": 0}


@pytest.mark.rule("F.pilot.sh-shift", "F.combat.choice")
def test_the_chosen_shift_rides_on_the_fire_order_and_a_refusal_shows_under_the_shift_input():
    table = _table(9)
    table._shift_select.value = 3  # the widget sets the parameter
    assert table.shift_to == 3
    table.order = "guns at Raider"
    assert table.fire()
    assert table.game.state.game.order_of("Ace").shift_to == 3
    assert str(table.game.log[-1].action) == "fire Ace guns at Raider shift to 3"
    # rockets are never shifted: the referee's refusal names the shift, and it is shown under its input
    table.order = "hold"
    assert not table.fire()
    assert "F.pilot.sh-shift" in table.error and table.error in html.unescape(table._errors.slots["shift_to"].object)
    # as rolled: the order goes as typed
    table._shift_select.value = 0
    table.order = "guns at Raider"
    assert table.fire() and table.game.state.game.order_of("Ace").shift_to == 0
