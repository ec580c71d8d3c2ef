"""The FASA computer opponent sees zeppelin hulls and values flare and sonic rockets (F.zep.static,
F.rocket.flare, F.rocket.sonic, F.shock; FASA p.42-46): it plans with the referee's own helpers,
``zeppelins.plot_blocked`` and ``sightline.lines_clear``, ``specials.caught`` and ``deployed.blinding_roll``."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from cs_panel import bots
from cs_panel.fasa.deployed import blinding_roll
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.referee import Phase, Referee, demo_planes
from cs_panel.fasa.referee.zeppelins import plot_blocked
from tests.fasa.test_referee_zeppelins import ace_at, pegasus

SHREDDED = (60, 0, 60, 60, 60)  # cell 2, at (0,-2) and (-1,-2), flown and shot through


def raider_at(h: Hex, facing: Facing = Facing.D, **kw):
    raider = demo_planes()[1]
    return dataclasses.replace(raider, plane=dataclasses.replace(raider.plane, hex=h, facing=facing), **kw)


def table(planes, zeppelins=(), phase=Phase.PLOT):
    return dataclasses.replace(Referee.start(1, list(planes), zeppelins=list(zeppelins)).state, phase=phase)


@pytest.mark.rule("F.zep.static", "F.move.plot")
def test_the_bot_expects_no_enemy_end_whose_path_runs_into_a_hull():
    z = pegasus(nacelles=())
    raider = raider_at(Hex(0, -4))  # heading down at cell 2, two hexes ahead
    ends, w = bots._ends(raider, [z])
    free, _ = bots._ends(raider)
    assert 0 < len(ends) < len(free) and w.sum() == pytest.approx(1.0)
    assert not any(Hex(int(q), int(r)) in z.cover for q, r in ends[:, :2])
    assert any(Hex(int(q), int(r)) in z.cover for q, r in free[:, :2])  # without the ship it could end in there
    kept = {tuple(row) for row in ends.tolist()}
    for o in bots._options(raider.plane):  # every end kept is one a plot the referee takes reaches
        if (o.hex.q, o.hex.r, int(o.facing), o.maneuver.speed) in kept and plot_blocked([z], o.plan.path_hexes):
            assert any(plot_blocked([z], p.plan.path_hexes) is None and (p.hex, p.facing, p.maneuver.speed)
                       == (o.hex, o.facing, o.maneuver.speed) for p in bots._options(raider.plane))
    shredded = bots._ends(raider, [pegasus(cells=SHREDDED, nacelles=())])[0]
    assert len(shredded) > len(ends)  # a shredded cell is flown through (F.zep.cell-destroyed)


@pytest.mark.rule("F.zep.static", "F.combat.choice")
def test_a_wingman_behind_a_hull_draws_none_of_the_enemys_fire():
    ace = ace_at(Hex(0, 1))
    wing = dataclasses.replace(ace_at(Hex(0, 0)), name="Wing", quick_draw=ace.quick_draw + 1)
    raider = raider_at(Hex(0, -3))
    end = np.array([[0, -3, int(Facing.D), 2]], dtype=np.int64)  # Raider's nose down its column at Wing
    at = np.array([[0, 0, int(Facing.A), 2]], dtype=np.int64)
    clear = table([ace, wing, raider], [pegasus(cells=SHREDDED, nacelles=())])
    whole = table([ace, wing, raider], [pegasus(nacelles=())])
    assert bots._drawn_off(raider, ace, end, [(wing, at)], clear)[0] == 1.0
    assert bots._drawn_off(raider, ace, end, [(wing, at)], whole)[0] == 0.0  # cell 2 at (0,-2) between


@pytest.mark.rule("F.zep.static")
def test_next_turns_chance_counts_nothing_across_a_hull():
    def values(cells):
        gs = table([ace_at(Hex(0, 1)), raider_at(Hex(0, -5))], [pegasus(cells=cells, nacelles=())])
        return bots.fasa_plot_values(gs, gs.plane("Ace"))

    gs = table([ace_at(Hex(0, 1)), raider_at(Hex(0, -5))], [pegasus(nacelles=())])
    ace, raider = gs.plane("Ace"), gs.plane("Raider")
    me, _ = bots._ends(ace, gs.zeppelins)
    ends, _ = bots._ends(raider, gs.zeppelins)
    clear = bots._clear(gs, me, ends, bots.FASA_NEXT_WINDOW)
    assert clear is not None and 0 < clear.sum() < clear.size  # some pairs face each other across cell 2
    fwd = bots._canonical(me, ends)
    reach = bots._Gunnery(ace, raider).reach
    free = bots._next_turn(ace, raider, me, ends, fwd, reach)
    seen = bots._next_turn(ace, raider, me, ends, fwd, reach, clear)
    assert (seen[clear == 0] == 0).all() and np.array_equal(seen[clear == 1], free[clear == 1])
    assert free[clear == 0].max() > 0  # the hull takes away a chance the open sky would give
    whole, open_ = values((60,) * 5), values(SHREDDED)
    assert sum(v.following for v in whole.values()) < sum(v.following for v in open_.values())


@pytest.mark.rule("F.rocket.flare", "F.rocket.sonic", "F.shock")
def test_a_flare_is_worth_the_enemys_chance_of_shock_and_costs_a_friend_caught():
    ace = ace_at(Hex(0, 1), rockets=("flare-rocket", "sonic-rocket"))
    raider = raider_at(Hex(0, -2))
    gs = table([ace, raider], phase=Phase.COMBAT)
    fail = 1 - float(blinding_roll(raider.record.pilot_constitution, raider.plane.shocked).chance)
    value, boxes, why = bots._fire_value(gs, gs.plane("Ace"), "rocket 1 at hex 0,-2")
    assert value == pytest.approx(bots.FASA_SHOCK * fail - bots.FASA_HEX_ROCKET_KEEP) and value > 0
    assert boxes == 0.0 and "Raider" in why and "F.rocket.flare" in why
    empty, _, _ = bots._fire_value(gs, gs.plane("Ace"), "rocket 1 at hex 0,-5")  # nobody there or facing it
    assert empty < 0 == bots._fire_value(gs, gs.plane("Ace"), "hold")[0]
    # a sonic blast at Raider's hex also catches a wingman beside it
    wing = dataclasses.replace(ace_at(Hex(1, -2), Facing.D), name="Wing")
    gs2 = table([ace, wing, raider], phase=Phase.COMBAT)
    mixed, _, _ = bots._fire_value(gs2, gs2.plane("Ace"), "rocket 2 at hex 0,-2")
    friend = 1 - float(blinding_roll(wing.record.pilot_constitution).chance)
    assert mixed == pytest.approx(bots.FASA_SHOCK * (fail - friend) - bots.FASA_HEX_ROCKET_KEEP)
    # out of the guns' reach, the flare at the enemy is the pick, not holding fire
    far = table([ace, raider_at(Hex(0, -5))], phase=Phase.COMBAT)
    offered = _fires(far, "Ace")
    assert not any(" at Raider" in a.order for a in offered)
    pick = bots._fasa_fire(far, far.plane("Ace"), offered)
    # a flare catches a pilot in its hex or facing down a hexrow at it (F.rocket.flare): Raider either way
    assert pick.action.order.startswith("rocket 1 at hex") and "Raider" in pick.why
    assert pick.why.startswith(f"worth {bots.FASA_SHOCK * fail - bots.FASA_HEX_ROCKET_KEEP:.1f} boxes in shock")


def _fires(gs, name):
    from cs_panel.fasa.play import Fire, FasaRules

    return [Fire(name, o) for o in FasaRules().fire_orders(gs, gs.plane(name))]
