"""Random playouts through the game protocol (issue 9): throughput and load time, per system.

For every system registered in ``cs_panel.games`` this prints:

- random-playout throughput: ``--playouts`` seeded playouts (200 by default, as issue 9 asks),
  choosing uniformly among the legal actions, each to the end of the game or ``--turns`` turns,
  in actions per second, with how many ended and how many raised an error (there should be none);
- the load time of saved games of 100 and 1,000 actions (``Game.from_json``, which replays and
  checks every face), the first being the second's opening, and their ratio: replay is linear in
  the log, so it should be about 10 (actions differ in cost: an Aces move searches the squares in
  reach, a pass does nothing, so the mix of the two games moves the ratio a little).
  The long games are played by a peaceable bot (no attack, no withdrawal, fire held) so that they
  last; a system whose games still end sooner reports the length it reached.

Nothing here asserts on time.

    python benchmarks/playouts.py [--playouts 200] [--turns 10] [--systems fasa aces] [--lengths 100 1000]
"""

from __future__ import annotations

import argparse
import json
import random
import time

from cs_panel.core.limits import LIMITS
from cs_panel.core.game import Game
from cs_panel.games import available, new_game


def playout(system: str, seed: int, turns: int) -> tuple[Game, Exception | None]:
    rng = random.Random(seed)
    game = new_game(system, seed=seed)
    try:
        while not game.is_over and game.turn <= turns:
            game = game.apply(rng.choice(game.legal_actions()))
    except Exception as e:  # counted and reported: a listed action should never fail
        return game, e
    return game, None


def peaceable(actions):
    calm = [a for a in actions if not str(a).startswith(("attack", "withdraw", "fire")) or str(a).endswith(" hold")]
    return calm or actions


def long_game(system: str, length: int, tries: int = 5) -> Game:
    """A game of ``length`` actions, with a long time limit where the setup has one; if the games
    of ``tries`` seeds all end sooner, the longest of them."""
    setup = new_game(system).setup
    if "max_turns" in setup:
        setup["max_turns"] = LIMITS["turns"].bounds[1]  # the longest game the project allows
    best = None
    for seed in range(1, tries + 1):
        game = new_game(system, seed=seed, setup=setup)
        rng = random.Random(seed)
        while len(game.log) < length and not game.is_over:
            game = game.apply(rng.choice(peaceable(game.legal_actions())))
        if best is None or len(game.log) > len(best.log):
            best = game
        if len(best.log) >= length:
            break
    assert best is not None
    return best


def timed_load(text: str, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        Game.from_json(text)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--turns", type=int, default=10)
    ap.add_argument("--systems", nargs="*", default=list(available()))
    ap.add_argument("--lengths", nargs=2, type=int, default=[100, 1000], help="actions of the two saved games")
    args = ap.parse_args()
    print(f"systems on the protocol: {', '.join(available())}")
    for system in args.systems:
        actions, ended, errors = 0, 0, []
        t = time.perf_counter()
        for seed in range(args.playouts):
            game, error = playout(system, seed, args.turns)
            actions += len(game.log)
            ended += game.is_over
            if error is not None:
                errors.append(f"seed {seed}: {type(error).__name__}: {error}")
        spent = time.perf_counter() - t
        print(f"{system}: {args.playouts} random playouts (to the end or turn {args.turns}): {actions} actions in "
              f"{spent:.2f} s = {actions / spent:.0f} actions/s; {ended} ended by the rules; {len(errors)} errors")
        for e in errors[:5]:
            print(f"  {e}")
        # the short game is the long one's opening, so both replay the same kinds of action
        long_ = long_game(system, args.lengths[1])
        doc = json.loads(long_.to_json())
        n = min(args.lengths[0], len(doc["log"]))
        doc["log"] = doc["log"][:n]
        a, b = timed_load(json.dumps(doc)), timed_load(long_.to_json(), repeat=1)
        print(f"{system}: load time of saved games: {n} actions {a * 1000:.1f} ms, "
              f"{len(long_.log)} actions {b * 1000:.1f} ms; ratio {b / a:.1f} "
              f"(log length ratio {len(long_.log) / max(1, n):.1f})")


if __name__ == "__main__":
    main()
