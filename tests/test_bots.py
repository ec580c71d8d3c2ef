"""The computer opponent (``cs_panel.bots``, issue 13): legal choices only, for every system on the
protocol and every level it plays; no reading of hidden information; the tactical level's odds
are the referee's own; tactical beats random over seeded games. ``benchmarks/bots.py`` plays 100
games a system and times the decisions."""

from __future__ import annotations

import copy
import dataclasses
import random
import types
from fractions import Fraction

import numpy as np
import pytest

from cs_panel import bots
from cs_panel.aces import play as AP
from cs_panel.airaction import play as AAP
from cs_panel.airaction.referee import _weapons, demo_game
from cs_panel.airaction.table import Pose
from cs_panel.airaction.throttle import plan_throttle
from cs_panel.barrooms import actions as BA
from cs_panel.barrooms import phases as BP
from cs_panel.barrooms.firing import CoverRoll, weapons
from cs_panel.bots import (
    LEVELS,
    BotError,
    Choice,
    NoTacticsError,
    NothingToChooseError,
    UnknownLevelError,
    candidates,
    choose,
    levels,
    match_winner,
    play,
)
from cs_panel.core.explain import percent
from cs_panel.fasa import play as FP
from cs_panel.fasa import referee as R
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.tailing import TailingPlane, reveal, tailing_position
from cs_panel.games import available, new_game

#: turns of each legality playout (a system without ``max_turns`` in its setup stops by ``game.turn``)
SHORT_TURNS = 3
#: games per system for the tactical-versus-random floor, and their length (the FASA demo planes
#: start 8 hexes apart and need a few turns to meet). 12 games and a floor of three in four: over
#: these seeds tactical wins 10 to 12 of 12 in every system (20 games at 0.6 took 40% longer to
#: check less; benchmarks/bots.py measures the rates over 100 games)
MATCHES = 12
MATCH_TURNS = {"fasa": 10, "aces": 30, "airaction": 4, "barrooms": 10}
FLOOR = 0.75

PAIRS = [(system, level) for system in available() for level in levels(system)]


def game_of(system: str, seed: int, turns: int | None = None):
    game = new_game(system, seed=seed)
    setup = game.setup
    if turns is not None and "max_turns" in setup:
        setup["max_turns"] = turns
    return new_game(system, seed=seed, setup=setup)


def mover(game) -> str | None:
    """The first player with an action of its own (None: only the table's steps are left)."""
    for p in game.players:
        if any(game.rules.owner(game.state, a) == p for a in game.legal_actions(p)):
            return p
    return None


def fasa_setup(ace: tuple, raider: tuple, turns: int = 3) -> dict:
    """The demo setup with the Ace and the Raider placed at (q, r, facing)."""
    setup = FP.demo_setup()
    for plane, (q, r, f) in zip(setup["planes"], (ace, raider)):
        plane["plane"]["hex"] = {"q": q, "r": r}
        plane["plane"]["facing"] = f
    setup["max_turns"] = turns
    return setup


# -- every level plays only legal actions ----------------------------------------------------


@pytest.mark.parametrize("system,level", PAIRS)
def test_the_bot_chooses_only_legal_actions(system, level):
    for seed in range(3):
        game = game_of(system, seed, SHORT_TURNS)
        for _ in range(400):
            if game.is_over or game.turn > SHORT_TURNS:
                break
            who = mover(game)
            if who is None:
                game = game.apply(game.legal_actions()[0])
                continue
            c = choose(game, who, level)
            assert isinstance(c, Choice)
            assert c.action in game.legal_actions(who), (str(c.action), game)
            assert c.why.strip() and "\n" not in c.why
            if level == "tactical" and len(candidates(game, who)) > 1:
                assert not str(c.action).startswith("withdraw"), c  # K.withdraw: never while anything else is legal
            game = game.apply(c.action)
        assert game.log, "the playout made no move"


def test_levels_and_named_errors(monkeypatch):
    game = new_game("fasa", seed=1)
    assert all(levels(system) == LEVELS for system in ("fasa", "aces", "airaction", "barrooms"))
    with pytest.raises(UnknownLevelError, match="expert"):
        choose(game, "Ann", "expert")
    with pytest.raises(BotError, match="Zed"):
        choose(game, "Zed", "random")
    # a system without a tactical heuristic refuses the level by name; it never plays random instead
    monkeypatch.delitem(bots.TACTICS, "fasa")
    assert levels("fasa") == ("random",)
    with pytest.raises(NoTacticsError, match="fasa"):
        choose(game, "Ann", "tactical")
    assert choose(game, "Ann", "random").action in game.legal_actions("Ann")


@pytest.mark.rule("F.move.plot")
def test_nothing_to_choose_is_named():
    game = new_game("fasa", seed=1).apply("plot Ace 3SA")  # Ann has plotted; Bob has not
    assert game.legal_actions("Ann") == []
    with pytest.raises(NothingToChooseError):
        choose(game, "Ann", "tactical")


def test_random_is_reproducible_and_spread():
    game = new_game("fasa", seed=5)
    first = choose(game, "Ann", "random")
    assert choose(game, "Ann", "random") == first
    picks = {str(choose(new_game("fasa", seed=s), "Ann", "random").action) for s in range(60)}
    assert len(picks) > 30  # 141 plots: a seeded uniform choice, not a fixed one
    assert all(p.startswith("plot Ace ") for p in picks)


# -- hidden information ----------------------------------------------------------------------


def _opening(seed: int, turns: int):
    """A FASA game after ``turns`` turns of random play, at the start of a plot phase."""
    game = game_of("fasa", seed, 10)
    while game.turn <= turns and not game.is_over:
        who = mover(game)
        game = game.apply(game.legal_actions()[0] if who is None else choose(game, who, "random").action)
    assert game.state.game.phase is R.Phase.PLOT and not game.state.game.plots
    return game


@pytest.mark.rule("F.move.plot")
@pytest.mark.parametrize("seed,turns", [(0, 0), (3, 1), (4, 2)])
def test_the_bot_never_reads_the_enemy_secret_plot(seed, turns, monkeypatch):
    """Games that differ only in Bob's secret plot give Ann's bot one and the same choice; a bot that
    did read the plot (the enemy's places replaced by its true end) would choose differently."""
    game = _opening(seed, turns)
    plots = [a for a in game.legal_actions("Bob") if isinstance(a, FP.Plot)]
    sample = plots[:: max(1, len(plots) // 10)]
    variants = [game.apply(p) for p in sample]
    assert len({v.rules.state_key(v.state) for v in variants}) == len(variants)  # the hidden plots differ
    for level in LEVELS:
        assert len({str(choose(v, "Ann", level).action) for v in variants}) == 1, level
    tables = [bots.fasa_public_table(v, "Ann") for v in variants]
    assert all(t == tables[0] for t in tables)
    # the test can tell a cheat: feed the bot Bob's true plot and its choice moves with it
    real_ends = bots._ends
    cheats = set()
    for v, p in zip(variants, sample):
        raider = v.state.game.plane("Raider")
        end = next(o for o in bots._options(raider.plane) if str(o.maneuver) == p.maneuver)
        truth = (np.array([[end.hex.q, end.hex.r, int(end.facing), end.maneuver.speed]]), np.array([1.0]))
        monkeypatch.setattr(bots, "_ends", lambda rp, zeppelins=(), truth=truth:
                            truth if rp.name == "Raider" else real_ends(rp, zeppelins))
        cheats.add(str(choose(v, "Ann", "tactical").action))
        monkeypatch.setattr(bots, "_ends", real_ends)
    assert len(cheats) > 1


@pytest.mark.rule("F.collide.piloted")
def test_the_bot_never_reads_the_enemy_collision_number():
    # nose to nose 4 hexes apart at speed 2: both fly 2SA into hex (0, 0)
    setup = fasa_setup((0, 2, 0), (0, -2, 3))
    for p in setup["planes"]:
        p["plane"]["speed"] = 2
    game = new_game("fasa", seed=2, setup=setup).play("plot Ace 2SA", "plot Raider 2SA", "move")
    assert game.state.game.phase is R.Phase.COLLIDE
    variants = [game.apply(f"pick Raider {n}") for n in range(1, 11)]
    for level in LEVELS:
        chosen = {str(choose(v, "Ann", level).action) for v in variants}
        assert len(chosen) == 1 and chosen.pop().startswith("pick Ace "), level


@pytest.mark.rule("F.tail.reveal", "F.tail.number", "F.move.plot")
def test_the_bot_uses_what_a_tailed_plot_reveals_and_nothing_more():
    """The Ace tails the Raider (tailing number 5 - 4 = 1: direction and speed). Once the Raider has
    plotted, Ann's bot weighs only the Raider's plots that would reveal what she was told: plots
    that reveal the same give one choice, and the choice follows what is revealed."""
    setup = fasa_setup((0, 3, 0), (0, 0, 0))
    game = new_game("fasa", seed=4, setup=setup).play("plot Ace 3SA", "plot Raider 3SA", "move", "fire Ace hold",
                                                      "fire Raider hold", "combat", "tailing")
    assert game.state.game.tails == (R.Tail("Ace", "Raider", 1),)
    assert bots.fasa_told(bots.fasa_public_table(game, "Ann"), "Ann", "Raider") is None  # nothing plotted yet
    chosen: dict[str, set[str]] = {}
    for p in game.legal_actions("Bob"):
        v = game.apply(p)
        told = bots.fasa_told(bots.fasa_public_table(v, "Ann"), "Ann", "Raider")
        flown = R.read_bail(p.maneuver).maneuver if p.maneuver.startswith("bail") else p.maneuver  # F.bail.safe
        assert told == (1, str(reveal(1, flown)))
        # Bob's bot is never told anything of Ann's plane by this tail
        assert bots.fasa_told(bots.fasa_public_table(v, "Bob"), "Bob", "Ace") is None
        c = choose(v, "Ann", "tactical")
        assert told[1] in c.why and "F.tail.reveal" in c.why
        chosen.setdefault(told[1], set()).add(c.action.maneuver)
    assert all(len(v) == 1 for v in chosen.values()), chosen
    assert len({m for v in chosen.values() for m in v}) >= 8  # the choice follows the reveal
    # straight on at speed 3: the Ace keeps the Raider dead ahead at its own speed
    assert chosen["direction: straight, speed: 1"] == {"3SA"}
    # the narrowed places are the Raider's plots that reveal just that, each alike
    raider = game.state.game.plane("Raider")
    ends, w = bots._told_ends(raider, 1, "direction: left, speed: 2")
    want = [o for o in bots._options(raider.plane) if str(reveal(1, str(o.maneuver))) == "direction: left, speed: 2"]
    assert len(want) and sum(w) == pytest.approx(1)
    assert {tuple(x) for x in ends.tolist()} == {(o.hex.q, o.hex.r, int(o.facing), o.maneuver.speed) for o in want}


def _with_wingman(quick_draw: int) -> dict:
    """The Ace and a copy of it, Bolt (Quick Draw ``quick_draw``), against the Raider nose to nose."""
    setup = fasa_setup((0, 3, 0), (0, -1, 3))
    wing = copy.deepcopy(setup["planes"][0])
    wing["name"], wing["quick_draw"], wing["plane"]["hex"] = "Bolt", quick_draw, {"q": 1, "r": 2}
    setup["planes"].append(wing)
    return setup


@pytest.mark.rule("F.combat.choice", "F.combat.order", "F.move.plot")
def test_each_of_my_planes_is_planned_around_the_ones_already_plotted():
    """With two planes the bot plots the faster pilot's first; the other then counts the enemy's
    fire that the first plane, ahead in the firing order, draws off it (a plane's guns fire at the
    first enemy in firing order they reach): it expects less damage taken, never more, and the same
    dealt. A wingman behind it in the firing order draws nothing off."""
    game = new_game("fasa", seed=1, setup=_with_wingman(7))
    first = choose(game, "Ann", "tactical")
    assert isinstance(first.action, FP.Plot) and first.action.plane == "Bolt"  # Quick Draw 7 before the Ace's 5
    after = game.apply(first.action)
    second = choose(after, "Ann", "tactical")
    assert second.action.plane == "Ace" and "planned around Bolt's plot" in second.why
    alone = bots.fasa_public_table(game, "Ann")
    known = bots.fasa_public_table(after, "Ann")
    before, now = bots.fasa_plot_values(alone, alone.plane("Ace")), bots.fasa_plot_values(known, known.plane("Ace"))
    assert all(now[k].dealt == before[k].dealt and now[k].taken <= before[k].taken + 1e-12 for k in now)
    assert sum(now[k].taken < before[k].taken - 1e-9 for k in now) >= 10
    # Bolt slower than the Ace: the Ace plots first, and Bolt's plot draws no fire off it
    slow = new_game("fasa", seed=1, setup=_with_wingman(2))
    c = choose(slow, "Ann", "tactical")
    assert c.action.plane == "Ace"
    bolt_first = slow.apply(f"plot Bolt {first.action.maneuver}")
    t = bots.fasa_public_table(bolt_first, "Ann")
    same = bots.fasa_plot_values(t, t.plane("Ace"))
    base = bots.fasa_plot_values(bots.fasa_public_table(slow, "Ann"), t.plane("Ace"))
    assert all(same[k].taken == pytest.approx(base[k].taken) for k in same)


@pytest.mark.rule("F.combat.arc", "F.move.plot")
def test_next_turn_chance_is_the_best_share_of_his_next_places_in_my_column():
    """The look one turn further: for my end and his, the largest share of his next plots (each
    alike, from his end at his speed) that ends in the forward column within my guns' reach of one
    of my next plots without a push; checked by placing both planes on the map, plot by plot."""
    from cs_panel.fasa.arcs import can_fire
    from cs_panel.fasa.reach import reachable
    gs = new_game("fasa", seed=4, setup=fasa_setup((0, 3, 0), (0, 0, 0))).state.game
    ace, raider = gs.plane("Ace"), gs.plane("Raider")
    reach = bots._Gunnery(ace, raider).reach
    rng = random.Random(5)
    seen = []
    for _ in range(12):
        a = (rng.randint(-3, 3), rng.randint(-3, 3), rng.randrange(6), rng.randint(1, 5))
        b = (a[0] + rng.randint(-5, 5), a[1] + rng.randint(-5, 5), rng.randrange(6), rng.randint(1, 4))
        me, ends = np.array([a]), np.array([b])
        got = bots._next_turn(ace, raider, me, ends, bots._canonical(me, ends), reach)[0, 0]
        mine = dataclasses.replace(ace.plane, hex=Hex(a[0], a[1]), facing=Facing(a[2]), speed=a[3], last_gs=0,
                                   last_restricted=None)
        his = dataclasses.replace(raider.plane, hex=Hex(b[0], b[1]), facing=Facing(b[2]), speed=b[3], last_gs=0,
                                  last_restricted=None)
        places = [o.hex for o in reachable(his, legal_only=True)]
        best = max(sum(bool(can_fire(o.hex, o.facing, h, reach)) for h in places) / len(places)
                   for o in reachable(mine, legal_only=True) if not o.pushes)
        assert got == pytest.approx(best), (a, b)
        seen.append(best)
    assert max(seen) > 0.1 and min(seen) == 0  # some pairs close enough to matter, some not


# -- the tactical odds are the referee's -----------------------------------------------------


@pytest.mark.rule("F.combat.arc", "F.hit.deflection", "F.combat.same-hex", "F.tail.position")
def test_relative_geometry_is_the_referees():
    """The bot looks each shot up by where the target is seen from the shooter turned to face A;
    that must give what the referee's own shot geometry and tailing check give on the map."""
    rng = random.Random(13)
    bots._geometry.cache_clear()
    for _ in range(600):
        a = (rng.randint(-4, 4), rng.randint(-4, 4), rng.randrange(6), rng.randint(0, 5))
        b = (a[0] + rng.randint(-4, 4), a[1] + rng.randint(-4, 4), rng.randrange(6), rng.randint(0, 5))
        q, r, relf = bots._relative(*a[:3], *b[:3])
        same = a[:2] == b[:2]
        for gun in ("mg-30", "mg-50", "mg-60"):
            pa = bots._Pose("a", bots._Flight(Hex(a[0], a[1]), Facing(a[2]), a[3], 4))
            pb = bots._Pose("b", bots._Flight(Hex(b[0], b[1]), Facing(b[2]), b[3], 3))
            g = R.shot_geometry(pa, pb, gun)
            want = (g.deflection, g.range) if g.allowed else None
            assert bots._geometry(q, r, relf, gun, a[3] if same else 0, 4, b[3] if same else 0, 3) == want, (a, b, gun)
        held = tailing_position(TailingPlane(Hex(a[0], a[1]), Facing(a[2]), a[3]),
                                TailingPlane(Hex(b[0], b[1]), Facing(b[2]), b[3])).tails
        assert bots._tails(q, r, relf, a[3] if same else 0, b[3] if same else 0) == held, (a, b)
        # the numpy tables turn the same way
        cq, cr, cf, _, _ = bots._canonical(np.array([a]), np.array([b]))
        assert (int(cq[0, 0]), int(cr[0, 0]), int(cf[0, 0])) == (q, r, relf)


@pytest.mark.rule("F.combat.choice", "F.hit.number", "F.dmg.template")
def test_fasa_fire_order_is_the_best_expected_damage_with_the_referees_odds():
    # the Ace 3 hexes behind the Raider, both flying 3SA: the Raider stays 3 hexes ahead
    game = new_game("fasa", seed=4, setup=fasa_setup((0, 3, 0), (0, 0, 0)))
    game = game.play("plot Ace 3SA", "plot Raider 3SA", "move")
    assert game.state.game.phase is R.Phase.COMBAT
    c = choose(game, "Ann", "tactical")
    assert isinstance(c.action, FP.Fire) and c.action.order.startswith("guns") and "Raider" in c.action.order
    gs = game.state.game
    ace, raider = gs.plane("Ace"), gs.plane("Raider")
    odds = R.order_odds(ace, raider, c.action.order, gs.turn)
    assert odds.text in c.why and odds.text.startswith("chance of 0 hits")
    # every other order it could give is worth no more (expected boxes, jams and rockets kept counted)
    values = {a.order: bots._fire_value(gs, ace, a.order)[0] for a in game.legal_actions("Ann") if isinstance(a, FP.Fire)}
    assert values[c.action.order] == max(values.values()) > values["hold"]
    # the Raider cannot shoot back from in front: it holds fire, the only order it has
    assert str(choose(game, "Bob", "tactical").action) == "fire Raider hold"


def _brute_boxes(shooter, target, a_end, b_end) -> float:
    """Expected boxes of ``shooter``'s guns with the planes placed on the map at these ends, from
    the referee's geometry and to-hit numbers, gun by gun (no look-up tables)."""
    from cs_panel.fasa.damage import template_for
    from cs_panel.fasa.tohit import to_hit_number
    pa = bots._Pose(shooter.name, bots._Flight(a_end.hex, a_end.facing, a_end.maneuver.speed,
                                               shooter.plane.natural_touch))
    pb = bots._Pose(target.name, bots._Flight(b_end.hex, b_end.facing, b_end.maneuver.speed,
                                              target.plane.natural_touch))
    total = 0.0
    for _, gun, rounds in shooter.working_guns:
        g = R.shot_geometry(pa, pb, gun)
        if g.allowed:
            tn = to_hit_number(target.base_to_hit, g.deflection, g.range, shooter.dead_eye, gun, shooter.plane.shocked)
            total += float(tn.chance) * template_for(gun, rounds).boxes
    return total


@pytest.mark.rule("F.move.plot", "F.hit.number", "F.dmg.template")
def test_fasa_plot_weighs_every_place_the_enemy_can_fly_to():
    """Behind the Raider, the bot's plot is the best by its own weighing, better than a random plot
    on average, and the boxes it weighs are the referee's odds averaged over every legal plot of the
    Raider, placed on the map one by one."""
    game = new_game("fasa", seed=4, setup=fasa_setup((0, 3, 0), (0, 0, 0)))
    c = choose(game, "Ann", "tactical")
    assert isinstance(c.action, FP.Plot)
    gs = game.state.game
    ace, raider = gs.plane("Ace"), gs.plane("Raider")
    values = bots.fasa_plot_values(gs, ace)
    # every maneuver; a bail-out is no maneuver to weigh: the tactical bot never bails (F.bail.safe)
    assert set(values) == {a.maneuver for a in game.legal_actions("Ann") if not a.maneuver.startswith("bail")}
    mine = values[c.action.maneuver]
    assert mine.value == max(v.value for v in values.values())
    mean = sum(v.dealt - v.taken for v in values.values()) / len(values)
    assert mine.dealt - mine.taken > mean
    assert f"{mine.dealt:.1f} boxes expected dealt, {mine.taken:.1f} taken" in c.why
    ends = bots._options(raider.plane)
    for maneuver in (c.action.maneuver, "1SA", "3R2B"):
        me = next(o for o in bots._options(ace.plane) if str(o.maneuver) == maneuver)
        dealt = sum(_brute_boxes(ace, raider, me, o) for o in ends) / len(ends)
        taken = sum(_brute_boxes(raider, ace, o, me) for o in ends) / len(ends)
        assert values[maneuver].dealt == pytest.approx(dealt) and values[maneuver].taken == pytest.approx(taken)
    assert values["3SA"].dealt > 0  # straight on behind the Raider keeps it under the guns for some of its plots


@pytest.mark.rule("K.attack")
def test_aces_tactical_attack_cites_the_referees_odds():
    game = new_game("aces", seed=0)
    c = choose(game, "Tim", "tactical")
    assert isinstance(c.action, AP.Attack), c
    g = game.state.game
    a = c.action
    plan = g.plan_attack(a.name, a.at, a.targets[0], a.kind, offensive_fate=a.fate)
    target = g.character(a.targets[0])
    if target.value("fate") > 0 and not target.is_token:
        plan = plan.with_defensive_fate()
    assert f"at least one hit {percent(plan.at_least(1))}" in c.why


@pytest.mark.rule("K.fate", "K.attack")
def test_aces_fate_is_not_spent_on_a_sure_knock_out():
    """Offensive fate clicks the Ace's own dial; hits past the target's knock-out are wasted, so
    the bot keeps its fate when the plain attack already knocks out nearly surely."""
    game = new_game("aces", seed=1)
    c = choose(game, "Tim", "tactical")
    assert isinstance(c.action, AP.Attack) and not c.action.fate
    assert dataclasses.replace(c.action, fate=True) in game.legal_actions("Tim")
    g = game.state.game
    plan = g.plan_attack(c.action.name, c.action.at, c.action.targets[0], c.action.kind)
    assert plan.chance_to_knock_out(g.character(c.action.targets[0]).dial) > Fraction(9, 10)


@pytest.mark.rule("K.move")
def test_aces_moves_toward_the_enemy_when_no_attack_is_in_reach():
    game = new_game("aces", seed=0)
    setup = game.setup
    setup["check_areas"] = False
    setup["map"] = "airfield-bar"  # 26 x 12 squares: the two sides far apart, out of reach this turn
    setup["teams"]["Tim"] = [[f, n, [0, i]] for i, (f, n, _) in enumerate(setup["teams"]["Tim"])]
    setup["teams"]["Kim"] = [[f, n, [25, 11 - i]] for i, (f, n, _) in enumerate(setup["teams"]["Kim"])]
    game = new_game("aces", seed=0, setup=setup)
    assert not any(isinstance(a, AP.Attack) for a in game.legal_actions("Tim"))
    c = choose(game, "Tim", "tactical")
    assert isinstance(c.action, AP.Move), c
    g = game.state.game
    foes = [o.square for o in g.characters if o.player != "Tim"]
    before = min(g.board.distance(g.character(c.action.name).square, s) for s in foes)
    after = min(g.board.distance(c.action.to, s) for s in foes)
    assert after < before


@pytest.mark.rule("K.terrain.hindering", "K.terrain.blocking")
def test_aces_cover_counts_in_a_square():
    """Two squares alike but for cover (the same distance from every enemy, none of them in reach):
    the one in hindering terrain, or next to blocking terrain, is worth ``ACES_COVER`` more."""
    game = new_game("aces", seed=0)
    setup = game.setup
    setup["check_areas"] = False
    setup["map"] = "airfield-bar"
    setup["teams"]["Tim"] = [[f, n, [0, 5 + i]] for i, (f, n, _) in enumerate(setup["teams"]["Tim"])]
    setup["teams"]["Kim"] = [[f, n, [25, i]] for i, (f, n, _) in enumerate(setup["teams"]["Kim"])]
    g = new_game("aces", seed=0, setup=setup).state.game
    c = g.character("Charlie")
    hindering, clear, by_wall = (3, 2), (3, 1), (5, 6)  # (5, 6) is next to the blocking (4, 7)
    assert hindering in g.board.hindering and clear not in g.board.hindering
    v = {s: bots._standing(g, c, s)[0] for s in (hindering, clear, by_wall, (6, 6))}
    assert v[hindering] - v[clear] == pytest.approx(bots.ACES_COVER)
    assert v[by_wall] - v[(6, 6)] == pytest.approx(bots.ACES_COVER - 0.1)  # one square further off
    assert "in cover" in bots._standing(g, c, hindering)[1]


# -- tactical beats random -------------------------------------------------------------------


@pytest.mark.parametrize("system", ["fasa", "aces", "airaction", "barrooms"])
def test_tactical_beats_random(system):
    """Over ``MATCHES`` seeded games, the sides alternating, tactical wins at least ``FLOOR`` of
    them (decided by the rules; a FASA game stopped at its turn limit goes to the side whose planes
    took fewer hits, ``match_winner``)."""
    wins = 0
    for seed in range(MATCHES):
        game = game_of(system, seed, MATCH_TURNS[system])
        players = game.players
        me = players[seed % 2]
        game = play(game, {p: ("tactical" if p == me else "random") for p in players})
        assert game.is_over
        winner, _ = match_winner(game)
        wins += winner == me
    assert wins >= FLOOR * MATCHES, f"{system}: tactical won {wins} of {MATCHES}"


@pytest.mark.rule("F.victory")
def test_match_winner_reads_the_rules_first_then_hits():
    seen = set()
    for seed in range(12):
        game = new_game("fasa", seed=seed, setup=fasa_setup((0, 3, 0), (0, 0, 0), turns=1))
        for a in ("plot Ace 3SA", "plot Raider 3SA", "move", "fire Ace guns x2 at Raider", "combat", "tailing"):
            if not game.is_over:  # a lucky burst may end it in the combat phase
                game = game.apply(a)
        assert game.is_over
        taken = {p.player: p.hits_taken for p in game.state.game.planes}
        winner, how = match_winner(game)
        if game.result.winner is not None:
            assert (winner, how) == (game.result.winner, "rules")
        elif taken["Ann"] == taken["Bob"]:
            assert (winner, how) == (None, "draw")
        else:  # one turn: F.victory decides nothing, the hits do
            assert how == "hits" and winner == min(taken, key=taken.get)
        seen.add(how)
    assert {"hits", "rules"} <= seen
    calm = new_game("fasa", seed=0, setup=fasa_setup((0, 3, 0), (0, 0, 0), turns=1))
    calm = calm.play("plot Ace 3SA", "plot Raider 3SA", "move", "fire Ace hold", "combat", "tailing")
    assert calm.is_over and match_winner(calm) == (None, "draw")


# -- Air Action ----------------------------------------------------------------------------------


def _aa_closing(seed: int = 3):
    """The demo game after one turn of Cruise: the squadrons 17-18 inches apart, closing."""
    return new_game("airaction", seed=seed).play(
        "plan Ann:sample-fighter 0 cruise", "plan Ann:charlie-steele-plane 0 cruise",
        "plan Bob:sample-two-seater 0 cruise", "plan Bob:loyle-crawford-plane 0 cruise", "resolve")


@pytest.mark.rule("A.order")
def test_airaction_bot_never_reads_the_enemy_secret_plans(monkeypatch):
    """Games that differ only in Bob's secret plan give Ann's bot one and the same choice; a bot
    fed Bob's true course (his other courses taken out) would choose differently."""
    game = _aa_closing()
    plans = [a for a in game.legal_actions("Bob")
             if isinstance(a, AAP.Plan) and a.plane == "Bob:sample-two-seater" and not a.targets]
    sample = plans[:: max(1, len(plans) // 8)]
    variants = [game.apply(p) for p in sample]
    assert len({str(v.state.plans) for v in variants}) == len(variants)  # the hidden plans differ
    assert all(v.observation("Ann")["state"]["plans"] == {"Bob:sample-two-seater": "secret"} for v in variants)
    for level in LEVELS:
        assert len({str(choose(v, "Ann", level).action) for v in variants}) == 1, level
    tables = [bots.airaction_public_table(v, "Ann") for v in variants]
    assert all(t == tables[0] for t in tables)
    real = bots._aa_courses
    cheats = set()
    for v, p in zip(variants, sample):
        def truth(g, plane, p=p):
            return [c for c in real(g, plane) if plane.id != p.plane or (c.clicks, c.card, c.orientation)
                    == (p.clicks, p.card, p.orientation)]
        monkeypatch.setattr(bots, "_aa_courses", truth)
        cheats.add(str(choose(v, "Ann", "tactical").action))
        monkeypatch.setattr(bots, "_aa_courses", real)
    assert len(cheats) > 1


@pytest.mark.rule("A.combat.shot", "A.combat.range", "A.combat.rear-arc-bonus", "A.shot-down")
def test_airaction_shot_odds_are_the_referees():
    """The bot's odds of a shot, read once per firer, target, weapon and speed and completed with
    the geometry of where the planes stand, are those of ``GameState.plan_shot`` on the table."""
    rng = random.Random(13)
    g = demo_game()
    gun = bots._AirGunnery(g)
    seen = {"none": 0, "shot": 0, "rear": 0, "point-blank": 0}
    for _ in range(1500):
        a, t = rng.sample([p for p in g.planes], 2)
        if a.player == t.player:
            continue
        at = Pose(rng.uniform(10, 26), rng.uniform(10, 26), rng.randrange(0, 360, 15))
        to = Pose(at.x + rng.uniform(-7, 7), at.y + rng.uniform(-7, 7), rng.randrange(0, 360, 15))
        speed = rng.choice(a.speed.speeds)
        for weapon in _weapons(g, a.id):
            a2 = dataclasses.replace(a, pose=at, speed=a.speed.set_speed(speed))
            g2 = dataclasses.replace(g, planes=tuple(a2 if p.id == a.id else dataclasses.replace(p, pose=to)
                                                     if p.id == t.id else p for p in g.planes))
            got = gun.shot(a2, g2.plane(t.id), weapon, speed, at, to)
            try:
                att = g2.plan_shot(a.id, t.id, weapon)
            except Exception:
                assert got == (0.0, 0.0)
                seen["none"] += 1
                continue
            need = t.combat.clicks_to_eliminate()
            want = (float(sum(min(k, need) * p for k, p in att.distribution().items())),
                    float(att.chance_to_shoot_down(t.combat)))
            assert got == pytest.approx(want), (a.id, t.id, weapon, at, to, att)
            seen["shot"] += 1
            seen["rear"] += any(m.rule == "A.combat.rear-arc-bonus" for m in att.dice_terms)
            seen["point-blank"] += any(m.label.startswith("point-blank") for m in att.silhouette_terms)
    assert all(seen.values()), seen


@pytest.mark.rule("A.throttle")
def test_airaction_courses_weigh_the_throttle_check():
    """A two-click throttle is weighed as the referee rolls it: made, the new speed; failed, the old
    speed and a click of damage, each with the pilot check's exact chance."""
    g = demo_game()
    plane = g.plane("Ann:sample-fighter")
    courses = bots._aa_courses(g, plane)
    assert {c.clicks for c in courses} == {-2, -1, 0, 1, 2}
    for c in courses:
        tp = plan_throttle(plane.speed, c.clicks, plane.combat.value("piloting"))
        odds = {k: float(v) for k, v in tp.outcomes().items()}
        got = {(f"speed {s}" if not hurt else f"speed {s}, 1 click of damage"): p for p, s, _, _, hurt in c.outcomes}
        assert got == pytest.approx(odds), (c, odds)
    values = bots.airaction_course_values(g, plane)
    assert values[(2, "cruise", None)].check == pytest.approx(float(plan_throttle(plane.speed, 2, plane.combat.value("piloting")).check.chance))


@pytest.mark.rule("A.move.execute")
def test_airaction_bot_keeps_off_the_table_edge():
    """Flying along the north edge, many courses leave the table; the bot's does not."""
    setup = AAP.demo_setup()
    for sq in setup["squadrons"]:
        sq["edge"] = "north" if sq["player"] == "Ann" else "south"
        for i, pl in enumerate(sq["planes"]):
            pl["at"] = [6 + 8 * i, 34.5, 90] if sq["player"] == "Ann" else [14 + 8 * i, 1.5, 0]
    game = new_game("airaction", seed=1, setup=setup)
    c = choose(game, "Ann", "tactical")
    g = game.state.game
    values = bots.airaction_course_values(g, g.plane(c.action.plane))
    assert sum(v.off_table == 1 for v in values.values()) >= 5  # many ways off the table
    assert values[(c.action.clicks, c.action.card, c.action.orientation)].off_table == 0
    assert "stays on the table" in c.why


@pytest.mark.rule("A.combat.shot", "A.nav.deck")
def test_airaction_plan_is_the_best_course_and_brings_the_guns_to_bear():
    """Closing head-on, the bot's course is the best by its own weighing, with more clicks
    expected dealt than the average course, and its line cites those clicks."""
    game = _aa_closing()
    c = choose(game, "Ann", "tactical")
    g = game.state.game
    values = bots.airaction_course_values(g, g.plane(c.action.plane))
    key = (c.action.clicks, c.action.card, c.action.orientation)
    assert values[key].best()[0] == pytest.approx(max(v.best()[0] for v in values.values()))
    front = values[key].dealt["front"][dict(c.action.targets).get("front")]
    mean = sum(v.dealt["front"][None] for v in values.values()) / len(values)
    assert front > mean
    assert f"{front:.2f} clicks expected" in c.why


# -- Bar-rooms -----------------------------------------------------------------------------------


def _br_until(phase: str, seed: int = 0):
    """A seeded tactical-versus-random Bar-rooms game played on until Ann's fighter must act in ``phase``
    with more than one choice."""
    game = new_game("barrooms", seed=seed)
    for _ in range(500):
        st = game.state
        if st.phase == phase and st.queue and st.fighter(st.queue[0]).player == "Ann" and len(game.legal_actions("Ann")) > 1 \
                and (phase != "fire" or any(isinstance(a, BA.Fire) for a in game.legal_actions("Ann"))):
            return game
        who = game.waiting_for[0]
        game = game.apply(choose(game, who, "tactical" if who == "Ann" else "random").action)
    raise AssertionError(f"no {phase} phase with a choice for Ann")


@pytest.mark.rule("B.fire.target", "B.cover", "B.jam")
def test_barrooms_fire_is_the_best_volley_with_the_referees_odds():
    game = _br_until("fire")
    c = choose(game, "Ann", "tactical")
    st = game.state
    f = st.fighter(st.queue[0])
    assert isinstance(c.action, BA.Fire), c
    fires = [a for a in game.legal_actions("Ann") if isinstance(a, BA.Fire)]
    values = {a: bots._br_volley(st, f, st.fighter(a.target), a.shots)[0] for a in fires}
    assert values[c.action] == max(values.values())
    t = st.fighter(c.action.target)
    p = float(BP.shot_number(st, f, t, c.action.shots).chance)
    cov = BP._covering(st, f.at, t)
    if cov is not None:
        p *= float(CoverRoll(cov.cover, cov.armour, weapons()[f.weapon]["penetration"]).chance)
    assert f"each {percent(p)} to hit" in c.why


@pytest.mark.rule("B.weapons", "B.jam")
def test_barrooms_reloads_an_empty_gun_and_clears_a_jam():
    game = _br_until("fire")
    st = game.state
    f = st.fighter(st.queue[0])
    empty = st.with_fighter(dataclasses.replace(f, ammo=0))
    acts = game.rules.legal_actions(empty, "Ann")
    c = bots.barrooms_tactics(types.SimpleNamespace(state=empty), "Ann", acts)
    assert isinstance(c.action, BA.Reload), c
    jammed = st.with_fighter(dataclasses.replace(f, gun="jammed"))
    acts = game.rules.legal_actions(jammed, "Ann")
    c = bots.barrooms_tactics(types.SimpleNamespace(state=jammed), "Ann", acts)
    assert isinstance(c.action, BA.Clear) and "clears the jam" in c.why, c


@pytest.mark.rule("B.cover", "B.fire.target")
def test_barrooms_move_weighs_shots_dealt_and_taken():
    """The chosen move (or shelter) is the best by its standing: my best shot from there less the
    enemies' expected hits on me, both from the referee's to-hit numbers; and shelter lowers what
    the enemies expect to hit."""
    game = _br_until("move")
    c = choose(game, "Ann", "tactical")
    st = game.state
    f = st.fighter(st.queue[0])
    assert "enemies' shots at him" in c.why
    hide = dataclasses.replace(f, hid=True)
    still = dataclasses.replace(f, gait="standing")
    foes = [g for g in st.fighters if g.player != "Ann" and g.fighting and bots._br_can_fire(g)]
    assert foes
    for g in foes:
        assert bots._br_hit(st.with_fighter(hide), g, hide) <= bots._br_hit(st.with_fighter(still), g, still)
