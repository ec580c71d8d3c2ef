"""Exact Air Action hit distributions against a vectorized numpy simulation, in one run.

For a few shots (A.combat.shot, with point-blank, rear-arc bonus, offensive and defensive fate)
this prints the time to compute the exact distribution with ``Attack.distribution()`` and the
time to simulate 100,000 attacks with numpy, their ratio, and the largest difference between
an exact probability and its simulated frequency. Nothing here asserts on time.

    python benchmarks/attack_distribution.py [--rolls 100000] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cs_panel.airaction.combat import attack

CASES = [
    ("3 dice vs silhouette 5", dict(gunnery=3, silhouette=5)),
    ("Loyle: 3 + fate 3 vs 5", dict(gunnery=3, silhouette=5, fate_dice=3)),
    ("4 + rear-arc bonus vs 7, point-blank (cap 6)", dict(gunnery=4, silhouette=7, rear_arc_bonus=True, point_blank=True)),
    ("Charlie's fate: 4 dice vs 4, defensive fate", dict(gunnery=4, silhouette=4, defensive_fate=True)),
    ("10 dice vs 3", dict(gunnery=10, silhouette=3)),
]


def simulate(a, rolls: int, rng: np.random.Generator) -> np.ndarray:
    """Frequencies of 0..dice hits over ``rolls`` simulated attacks, all dice at once."""
    faces = rng.integers(1, 7, size=(rolls, a.dice))
    hit = faces >= a.silhouette
    if a.defensive_fate:
        hit &= faces == 6
    hits = hit.sum(axis=1)
    return np.bincount(hits, minlength=a.dice + 1) / rolls


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rolls", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    print(f"{'shot':48} {'exact ms':>9} {'sim ms':>9} {'sim/exact':>10} {'max |diff|':>11}")
    for label, kw in CASES:
        a = attack(**kw)
        t0 = time.perf_counter()
        exact = a.distribution()
        t1 = time.perf_counter()
        sim = simulate(a, args.rolls, rng)
        t2 = time.perf_counter()
        diff = max(abs(float(p) - sim[k]) for k, p in exact.items())
        te, ts = (t1 - t0) * 1e3, (t2 - t1) * 1e3
        print(f"{label:48} {te:9.3f} {ts:9.3f} {ts / te:10.1f} {diff:11.5f}")
    print(f"({args.rolls} simulated attacks per shot; the exact answer needs no sampling at all)")


if __name__ == "__main__":
    main()
