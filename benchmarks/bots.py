"""The computer opponent (issue 13): tactical against random, and the time a decision takes.

For every system on the protocol with a tactical bot (``cs_panel.bots.TACTICS``) this plays
``--games`` seeded games (100 by default) of tactical against random, the sides alternating with
the seed, and prints:

- the tactical side's wins, draws and losses, and how the wins came: by the game's victory rules,
  or, for a FASA game stopped at its turn limit undecided, on hits taken (``bots.match_winner``);
  the goal is 80% wins;
- the time per tactical decision: mean, 95th percentile and worst, and the same for FASA plots
  alone (the costliest decision, which weighs every plot against every place the enemy can fly
  to, and next turn's chance from each pair of ends, its tables cached for the run), and Air Action plans alone (each weighs every course of the plane against every course the
  enemy planes may fly), plus the first decision of the run, with cold caches. The goal is under 1 s.

FASA games last ``--turns`` turns (10 by default: the demo planes start 8 hexes apart); Aces, Air
Action (8 turns) and Bar-rooms (10 turns) games keep their demos' time limits. Nothing here
asserts on time or on the win rate.

    python benchmarks/bots.py [--games 100] [--turns 10] [--systems fasa aces] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cs_panel import bots
from cs_panel.games import available, new_game


def match(system: str, seed: int, turns: int, times: list[tuple[str, float]]):
    """One game of tactical (the seed's parity picks the side) against random; the tactical
    decisions' kinds and times are appended to ``times``."""
    game = new_game(system, seed=seed)
    setup = game.setup
    if system == "fasa" and "max_turns" in setup:
        setup["max_turns"] = turns
    game = new_game(system, seed=seed, setup=setup)
    players = game.players
    me = players[seed % 2]
    for _ in range(5_000):
        if game.is_over:
            break
        rules, state = game.rules, game.state
        who = next((p for p in players if any(rules.owner(state, a) == p for a in game.legal_actions(p))), None)
        if who is None:
            game = game.apply(game.legal_actions()[0])
            continue
        if who == me:
            t = time.perf_counter()
            c = bots.choose(game, who, "tactical")
            times.append((str(c.action).split()[0], time.perf_counter() - t))
        else:
            c = bots.choose(game, who, "random")
        game = game.apply(c.action)
    return game, me


def summary(xs: list[float]) -> str:
    if not xs:
        return "none"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
    return f"mean {statistics.fmean(xs) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, worst {xs[-1] * 1000:.0f} ms ({len(xs)})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--turns", type=int, default=10, help="turn limit of the FASA games")
    ap.add_argument("--systems", nargs="*", default=list(available()))
    ap.add_argument("--quick", action="store_true", help="2 games a system, one a side (a smoke test: every line printed)")
    args = ap.parse_args()
    games = 2 if args.quick else args.games
    print(f"systems on the protocol: {', '.join(available())}; with a tactical bot: {', '.join(sorted(bots.TACTICS))}")
    first = None
    for system in args.systems:
        if system not in bots.TACTICS:
            print(f"{system}: no tactical bot yet (level 'tactical' raises NoTacticsError); random only")
            continue
        times: list[tuple[str, float]] = []
        wins = {"rules": 0, "hits": 0}
        draws = losses = 0
        endings: dict[str, int] = {}
        t0 = time.perf_counter()
        for seed in range(games):
            game, me = match(system, seed, args.turns, times)
            if first is None and times:
                first = (system, times[0][1])
            winner, how = bots.match_winner(game)
            if winner == me:
                wins[how] += 1
            elif winner is None:
                draws += 1
            else:
                losses += 1
            text = game.result.text
            ending = text.split("the game ended: ")[-1].split(" (K.")[0] if "the game ended: " in text else text.split(":")[0]
            ending = "withdrew" if "withdrew" in ending else ending
            if system == "airaction" and "(" in text:  # "Ann wins with 500 points (why; A.victory)"
                ending = text.split("(", 1)[1].split(";")[0]
            elif system == "barrooms" and ": " in text:  # "Ann wins: why (...)"
                ending = text.split(": ", 1)[1].split(" (")[0].split(":")[0]
            endings[ending] = endings.get(ending, 0) + 1
        spent = time.perf_counter() - t0
        won = wins["rules"] + wins["hits"]
        print(f"{system}: tactical vs random over {games} seeded games: {won} wins ({won / games:.0%}; goal 80%): "
              f"{wins['rules']} by the rules, {wins['hits']} on hits at the turn limit; {draws} draws, {losses} losses "
              f"({spent:.1f} s)")
        print(f"{system}: how the games ended: " + "; ".join(f"{k} x{v}" for k, v in sorted(endings.items(), key=lambda x: -x[1])))
        print(f"{system}: time per tactical decision: {summary([t for _, t in times])}")
        if system == "fasa":
            print(f"{system}: time per FASA plot decision: {summary([t for k, t in times if k == 'plot'])}")
        if system == "airaction":
            print(f"{system}: time per Air Action plan decision: {summary([t for k, t in times if k == 'plan'])}")
    if first is not None:
        print(f"first decision of the run (cold caches, {first[0]}): {first[1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
