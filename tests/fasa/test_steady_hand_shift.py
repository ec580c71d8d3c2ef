"""The attacker's Steady Hand column shift in the referee and on the game protocol
(F.pilot.sh-shift, F.dmg.column; FASA p.18, 37): a ``shift to N`` fire order pulls each gun hit
toward column N by one column at Steady Hand 6-8, up to two at 9-10, never at 5 or below, and
never a rocket hit."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cs_panel.core.dice import Dice, ScriptedDice
from cs_panel.core.explain import percent
from cs_panel.fasa.gunnery import DamageTable
from cs_panel.fasa.play import demo_setup
from cs_panel.fasa.referee import Action, FireOrder, FireOrderError, Phase, Referee, apply, demo_planes
from cs_panel.games import new_game


def _nose_to_nose(ace_steady_hand: int):
    """The demo's first turn flown (Ace 2 hexes from the Raider, nose to nose, Ace firing first),
    with the Ace's pilot at the given Steady Hand."""
    ace, raider = demo_planes()
    ace = dataclasses.replace(ace, steady_hand=ace_steady_hand)
    state = Referee.start(1, [ace, raider], max_turns=5).plot("Ace", "3SA").plot("Raider", "3SA").move().state
    assert state.phase is Phase.COMBAT
    return state


def _two_hits(state, order: str):
    """Ace's two guns hit (10, 10), one location roll (1: port leading), damage columns 5 and 6,
    then the Raider's three shots miss (1, 1, 1)."""
    state = apply(state, Action("fire", "Ace", order), Dice(0))
    dice = ScriptedDice([10, 10, 1, 5, 6, 1, 1, 1])
    after = apply(state, Action("combat"), dice)
    assert dice.remaining == []
    return state, after


def _expected(state, columns):
    table = DamageTable.PORT_WING_LEADING
    sheet = state.plane("Raider").record
    for c in columns:
        sheet = sheet.hit(table, c, "mg-50-AP", range_hexes=2).sheet
    return sheet.widow().sheet


@pytest.mark.rule("F.pilot.sh-shift", "F.dmg.column")
@pytest.mark.parametrize("steady_hand,aim,columns", [
    (6, 3, (4, 5)),   # 6-8: one column toward 3
    (8, 3, (4, 5)),
    (9, 3, (3, 4)),   # 9-10: up to two columns
    (10, 3, (3, 4)),
    (10, 6, (6, 6)),  # up to: the 6 stays where it is, the 5 moves one
    (6, 10, (6, 7)),
])
def test_shift_to_pulls_each_gun_hit_toward_the_column_as_far_as_steady_hand_reaches(steady_hand, aim, columns):
    state, after = _two_hits(_nose_to_nose(steady_hand), f"guns at Raider shift to {aim}")
    assert after.plane("Raider").record == _expected(state, columns)
    assert after.plane("Raider").record != _expected(state, (5, 6))  # not the rolled columns
    said = "\n".join(after.report)
    for rolled, used in zip((5, 6), columns):
        if rolled != used:
            assert (f"column {rolled} (d10, F.dmg.column) shifted to {used} toward {aim} "
                    f"(Steady Hand {steady_hand}, F.pilot.sh-shift)") in said
        else:
            assert f"column {rolled} (d10, F.dmg.column), kept (toward {aim}: already there" in said


@pytest.mark.rule("F.pilot.sh-shift")
@pytest.mark.parametrize("steady_hand", [0, 5])
def test_steady_hand_5_or_less_cannot_order_a_shift_and_its_hits_stay_as_rolled(steady_hand):
    state = _nose_to_nose(steady_hand)
    with pytest.raises(FireOrderError) as e:
        apply(state, Action("fire", "Ace", "guns at Raider shift to 3"), Dice(0))
    assert e.value.field == "shift_to" and f"Steady Hand {steady_hand}" in str(e.value) and "6 or more" in str(e.value)
    _, after = _two_hits(state, "guns at Raider")
    assert after.plane("Raider").record == _expected(state, (5, 6))


@pytest.mark.rule("F.pilot.sh-shift")
@pytest.mark.parametrize("order", ["rockets at Raider shift to 3", "rocket 1 shift to 3", "hold shift to 3",
                                   "clear jams shift to 3"])
def test_rocket_hits_are_never_shifted(order):
    with pytest.raises(FireOrderError) as e:
        FireOrder.parse(order)
    assert e.value.field == "shift_to" and "rocket hits are never shifted" in str(e.value)
    with pytest.raises(FireOrderError):
        FireOrder(rockets=(1,), target="Raider", shift_to=3)


@pytest.mark.rule("F.pilot.sh-shift")
@pytest.mark.parametrize("steady_hand,aim,chance", [(6, 3, Fraction(3, 10)), (6, 1, Fraction(2, 10)),
                                                   (9, 5, Fraction(5, 10)), (10, 1, Fraction(3, 10))])
def test_the_order_tells_the_exact_chance_a_hit_can_land_in_the_column(steady_hand, aim, chance):
    state = apply(_nose_to_nose(steady_hand), Action("fire", "Ace", f"guns at Raider shift to {aim}"), Dice(0))
    line = state.report[-1]
    k = 1 if steady_hand < 9 else 2
    assert f"Steady Hand {steady_hand} moves each gun hit up to {k} column" in line
    assert f"toward column {aim}: a hit lands there {percent(chance)}" in line
    # the chance counted by hand: the die faces within k of the aimed column
    assert chance == Fraction(sum(1 for f in range(1, 11) if abs(f - aim) <= k), 10)


@pytest.mark.rule("F.pilot.sh-shift")
@given(guns=st.lists(st.tuples(st.integers(1, 6), st.booleans()), min_size=1, max_size=3, unique_by=lambda g: g[0]),
       target=st.sampled_from(["", "Raider", "Red Baron"]), aim=st.integers(1, 10))
def test_shift_orders_round_trip(guns, target, aim):
    order = FireOrder(tuple(guns), (), target, False, aim)
    assert FireOrder.parse(str(order)) == order
    assert str(order).endswith(f"shift to {aim}")


@pytest.mark.rule("F.pilot.sh-shift")
def test_bad_shift_columns_are_refused_by_name():
    for bad in ("guns shift to 0", "guns shift to 11", "guns shift to three"):
        with pytest.raises(FireOrderError) as e:
            FireOrder.parse(bad)
        assert e.value.field == "shift_to"


def _setup(steady_hand: int) -> dict:
    setup = demo_setup()
    setup["planes"][0]["steady_hand"] = steady_hand
    return setup


@pytest.mark.rule("F.pilot.sh-shift")
@pytest.mark.parametrize("steady_hand,offered", [(5, False), (6, True), (9, True)])
def test_legal_actions_offer_the_shift_only_when_steady_hand_allows(steady_hand, offered):
    g = new_game("fasa", seed=3, setup=_setup(steady_hand)).play("plot Ace 3SA", "plot Raider 3SA", "move")
    listed = [str(a) for a in g.legal_actions()]
    shifts = [a for a in listed if "shift to" in a]
    if not offered:
        assert shifts == []
        return
    assert {f"fire Ace guns at Raider shift to {c}" for c in range(1, 11)} <= set(shifts)
    assert {f"fire Ace guns x2 at Raider shift to {c}" for c in range(1, 11)} <= set(shifts)
    assert not any("rocket" in a for a in shifts)  # never rockets
    assert not any(a.startswith("fire Raider") for a in shifts)  # the Raider's pilot has Steady Hand 0
    g = g.play("fire Ace guns at Raider shift to 4", "combat")
    text = g.transcript()
    assert "guns at Raider shift to 4" in text and "F.pilot.sh-shift" in text
