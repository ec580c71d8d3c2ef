"""The referee's public odds (``referee.shot_geometry``, ``referee.order_odds``): what a planner
reads must be what the combat phase then rolls (F.combat.arc, F.hit.number, F.gun.double-down)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cs_panel.fasa import play as FP
from cs_panel.fasa import referee as R
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.tohit import Deflection
from cs_panel.games import new_game


def _behind(seed: int = 4):
    """The Ace 3 hexes behind the Raider, both flying 3SA, at the combat phase."""
    setup = FP.demo_setup()
    for plane, (q, r) in zip(setup["planes"], ((0, 3), (0, 0))):
        plane["plane"]["hex"] = {"q": q, "r": r}
        plane["plane"]["facing"] = 0
    setup["max_turns"] = 3
    game = new_game("fasa", seed=seed, setup=setup).play("plot Ace 3SA", "plot Raider 3SA", "move")
    assert game.state.game.phase is R.Phase.COMBAT
    return game


@pytest.mark.rule("F.combat.arc", "F.hit.deflection")
def test_shot_geometry_from_behind_and_from_in_front():
    gs = _behind().state.game
    ace, raider = gs.plane("Ace"), gs.plane("Raider")
    assert (ace.plane.hex, raider.plane.hex) == (Hex(0, 0), Hex(0, -3))
    g = R.shot_geometry(ace, raider, "mg-50")
    assert g.allowed and g.range == 3 and g.deflection is Deflection.DIRECTLY_BEHIND and g.hexside is Facing.D
    back = R.shot_geometry(raider, ace, "mg-30")  # the Ace is behind the Raider: not in its forward column
    assert not back.allowed and "column" in back.why


@pytest.mark.rule("F.hit.number", "F.gun.double-down", "F.combat.choice")
@pytest.mark.parametrize("order", ["guns at Raider", "guns x2 at Raider"])
def test_order_odds_are_the_numbers_the_combat_phase_rolls(order):
    game = _behind()
    gs = game.state.game
    ace, raider = gs.plane("Ace"), gs.plane("Raider")
    odds = R.order_odds(ace, raider, order, gs.turn)
    assert [s.mount for s in odds.shots] == ["gun 1", "gun 2"] and all(s.reaches for s in odds.shots)
    doubled = "x2" in order
    for s in odds.shots:
        p = s.number.chance
        assert s.doubled is doubled and s.boxes > 0
        assert s.expected_hits == (2 * p if doubled else p)
        assert s.jam_chance == (1 - p * p if doubled else Fraction(0))
    assert odds.expected_boxes == pytest.approx(float(sum(s.expected_hits * s.boxes for s in odds.shots)))
    # the order's own line quotes the same odds, and combat rolls against the same numbers
    after = game.apply(f"fire Ace {order}")
    assert odds.text in " ".join(after.log[-1].lines)
    fought = after.play("fire Raider hold", "combat")
    lines = " ".join(fought.log[-1].lines)
    for s in odds.shots:
        assert f"needs {s.number}" in lines


@pytest.mark.rule("F.combat.arc", "F.dmg.guns")
def test_order_odds_out_of_reach_and_refused_orders():
    gs = _behind().state.game
    ace, raider = gs.plane("Ace"), gs.plane("Raider")
    odds = R.order_odds(raider, ace, "guns", gs.turn)
    assert odds.text == "nothing reaches Ace" and odds.expected_boxes == 0
    assert not any(s.reaches for s in odds.shots) and all("column" in s.why for s in odds.shots)
    with pytest.raises(R.FireOrderError, match="no gun 7"):
        R.order_odds(ace, raider, "gun 7", gs.turn)
