"""FASA through the game protocol (cs_panel/fasa/play.py): what legal_actions lists, what each
player may see, and which steps the fair undo refuses."""

from __future__ import annotations

import json
import random

import pytest

from cs_panel.core.game import IllegalActionError, UndoRefusedError
from cs_panel.fasa import referee as R
from cs_panel.fasa.play import Fire, Plot, legal_plots, parse_action
from cs_panel.fasa.reach import reachable
from cs_panel.games import new_game


def _combat_phase(seed: int = 0):
    """A game in its first combat phase where some plane has a gun order at an enemy in reach."""
    for s in range(seed, seed + 200):
        rng = random.Random(s)
        g = new_game("fasa", seed=s)
        while g.state.game.phase is not R.Phase.COMBAT and not g.is_over:
            g = g.apply(rng.choice(g.legal_actions()))
        if not g.is_over and any(" at " in str(a) for a in g.legal_actions()):
            return g
    raise AssertionError("no random game reached a shot")


@pytest.mark.rule("F.move.plot")
def test_plots_listed_are_every_legal_arrow_of_the_template():
    g = new_game("fasa", seed=0)
    for p in g.state.game.planes:
        listed = {a.maneuver for a in g.legal_actions() if isinstance(a, Plot) and a.plane == p.name
                  and not a.maneuver.startswith("bail")}  # the bail-outs besides (F.bail.safe): test_referee_bailout
        expect = {str(o.maneuver) for o in reachable(p.plane) if o.legal}
        assert listed == expect and len(listed) > 10
        assert listed == set(legal_plots(p.plane))
    with pytest.raises(IllegalActionError, match="F.move.plot") as e:
        g.apply("plot Ace 9SA")
    assert e.value.rule_id == "F.move.plot"
    assert g.legal_actions("Bob") == [a for a in g.legal_actions() if getattr(a, "plane", "") == "Raider"]


@pytest.mark.rule("F.move.plot", "F.move.resolve")
def test_a_plot_is_secret_until_the_movement_phase():
    g = new_game("fasa", seed=0).apply("plot Ace 3SA")
    bob, ann = g.observation("Bob"), g.observation("Ann")
    assert bob["state"]["plots"] == {"Ace": "secret"} and "3SA" not in json.dumps(bob)
    assert ann["state"]["plots"] == {"Ace": "3SA"} and ann["log"] == ["plot Ace 3SA"]
    assert g.undo().log == ()  # a plot not yet revealed may be taken back
    moved = g.play("plot Raider 3SA", "move")
    assert moved.log[-1].revealed
    assert moved.observation("Bob")["state"]["plots"]["Ace"] == "3SA"
    with pytest.raises(UndoRefusedError, match="reveal|roll"):
        moved.undo()


@pytest.mark.rule("F.tail.reveal")
def test_a_tailed_planes_plot_reveals_part_of_it_to_the_tailer_only():
    for seed in range(100):
        rng = random.Random(seed)
        g = new_game("fasa", seed=seed)
        while not g.is_over and not (g.state.game.phase is R.Phase.PLOT and g.state.game.tails):
            # nobody bails out (F.bail.safe): a random pilot jumping ends most games before any tail
            g = g.apply(rng.choice([a for a in g.legal_actions() if " bail " not in str(a)]))
        if not g.is_over:
            break
    else:
        raise AssertionError("no random game found a tail")
    tail = g.state.game.tails[0]
    leader_plot = next(a for a in g.legal_actions() if isinstance(a, Plot) and a.plane == tail.leader)
    after = g.apply(leader_plot)
    assert after.log[-1].revealed
    with pytest.raises(UndoRefusedError, match="crosses a reveal"):
        after.undo()
    owners = dict(after.state.owners)
    told = f"{tail.follower} tails {tail.leader}"
    assert any(line.startswith(told) for line in after.observation(owners[tail.follower])["state"]["report"])
    assert not any(line.startswith(told) for line in after.observation(owners[tail.leader])["state"]["report"])


@pytest.mark.rule("F.combat.choice", "F.gun.double-down")
def test_fire_orders_listed_are_accepted_and_name_an_enemy_in_reach():
    g = _combat_phase()
    orders = [a for a in g.legal_actions() if isinstance(a, Fire)]
    assert any(a.order == "hold" for a in orders)
    assert any(a.order.startswith("guns x2 at ") for a in orders)
    gs = g.state.game
    for a in orders:
        g.apply(a)  # every listed order is accepted
        if " at " in a.order:
            target = gs.plane(a.order.split(" at ")[1])
            assert target.player != gs.plane(a.plane).player
    planes = {a.plane for a in orders}
    once = g.apply(orders[0])
    assert orders[0].plane not in {a.plane for a in once.legal_actions() if isinstance(a, Fire)}
    assert planes - {orders[0].plane} <= {a.plane for a in once.legal_actions() if isinstance(a, Fire)}


@pytest.mark.rule("F.rocket.ap-he")
def test_rockets_are_listed_by_hardpoint():
    for seed in range(200):
        g = _combat_phase(seed)
        rockets = [a.order for a in g.legal_actions() if isinstance(a, Fire) and "rocket" in a.order]
        if rockets:
            break
    assert any(o.startswith(("rocket 1 at", "rocket 2 at", "rockets at")) for o in rockets)


def test_notation_round_trips_and_bad_notation_is_named():
    for text in ("plot Ace 3L2F", "pick Ace 4", "fire Ace guns x2 at Raider", "fire Ace rocket 2 at hex 0,-1",
                 "move", "collide", "combat", "tailing", "fire Raider hold"):
        assert str(parse_action(text)) == text
    g = new_game("fasa")
    for bad in ("plot", "fire Ace lasers", "loop the loop"):
        with pytest.raises(IllegalActionError):
            g.apply(bad)


def test_the_setup_is_checked_by_the_referee():
    setup = new_game("fasa").setup
    setup["planes"][1]["name"] = "Ace"
    with pytest.raises(R.RefereeError, match="share a name"):
        new_game("fasa", setup=setup)
    with pytest.raises(R.RefereeError, match="max_turns"):
        new_game("fasa", setup={**new_game("fasa").setup, "max_turns": 0})


@pytest.mark.rule("F.collide.piloted")
def test_collision_numbers_are_secret_until_collide_reveals_them():
    for seed in range(50, 400):
        rng = random.Random(seed)
        g = new_game("fasa", seed=seed)
        while not g.is_over and not (g.state.game.phase is R.Phase.COLLIDE and g.state.game.waiting_for):
            g = g.apply(rng.choice(g.legal_actions()))
        if not g.is_over:
            break
    else:
        raise AssertionError("no random game put two enemies in one hex")
    first = g.legal_actions()[0]
    assert str(first).startswith("pick ") and len([a for a in g.legal_actions() if a.plane == first.plane]) == 10
    picked = g.apply(first)
    owners = dict(picked.state.owners)
    other = next(p for p in picked.players if p != owners[first.plane])
    seen = picked.observation(other)
    assert seen["state"]["picks"] == {first.plane: "secret"} and str(first) not in seen["log"]
    assert picked.observation(owners[first.plane])["state"]["picks"] == {first.plane: first.number}
    assert picked.undo() == g  # a secret number not yet revealed may be changed
    while picked.waiting_for:
        picked = picked.apply(picked.legal_actions()[0])
    assert [str(a) for a in picked.legal_actions()] == ["collide"]
    after = picked.apply("collide")
    assert after.log[-1].revealed
    with pytest.raises(UndoRefusedError):
        after.undo()
