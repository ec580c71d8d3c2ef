"""Benchmark: every position and facing a plane can reach in two turns, pushes included.

Run: python benchmarks/two_turn_reach.py

Prints the time of a cold run (memo tables cleared: every plan and the template's columns computed
afresh) and of a warm run (the plane elsewhere on the map, same speed class), in milliseconds, with
the number of (hex, facing) positions, (hex, facing, speed) states and maneuver pairs, and first
the time of the README's reference loop, to read the figures by (the machine's speed drifts).
Goal (issue 14): under 20 ms cold. Timing is printed, never asserted.
"""

from __future__ import annotations

import statistics
import time

from cs_panel.fasa import movement, reach
from cs_panel.fasa.hexgrid import Facing, Hex
from cs_panel.fasa.movement import Capabilities, PlaneState
from cs_panel.fasa.template import ManeuverTemplate


def clear_memo() -> None:
    reach._template_columns.cache_clear()  # the template's geometry as columns, worked out again too
    reach._relative_options.cache_clear()
    reach._next_class.cache_clear()
    movement._gs_pushes.cache_clear()
    movement._speed_pushes.cache_clear()


def reference_loop() -> float:
    """Seconds for the fixed loop the README's Speed section reads every figure by."""
    t = time.perf_counter()
    sum(range(3 * 10**7))
    return time.perf_counter() - t


def main(repeats: int = 7) -> None:
    print(f"reference loop {reference_loop():.2f} s")
    ManeuverTemplate.default()  # load the data file once, as an application would at start-up
    planes = {
        "agile fighter (speed 4, 4/4 G, NT 6), after a 4-G turn": PlaneState(
            Capabilities(max_speed=4, port_gs=4, starboard_gs=4, acceleration=2), speed=3, last_gs=4, natural_touch=6),
        "heavy fighter (speed 3, 2/2 G, NT 3)": PlaneState(
            Capabilities(max_speed=3, port_gs=2, starboard_gs=2, acceleration=1), speed=2, natural_touch=3),
    }
    reach.reach_two_turns(next(iter(planes.values())))  # import-time and first-call costs out of the way
    for name, state in planes.items():
        cold, warm = [], []
        for i in range(repeats):
            clear_memo()
            t0 = time.perf_counter()
            result = reach.reach_two_turns(state)
            t1 = time.perf_counter()
            reach.reach_two_turns(state.at(Hex(i, -i), Facing(i % 6)))
            t2 = time.perf_counter()
            cold.append((t1 - t0) * 1000)
            warm.append((t2 - t1) * 1000)
        print(name)
        print(f"  two-turn reachable set: {statistics.median(cold):.1f} ms cold, {statistics.median(warm):.1f} ms warm "
              f"(median of {repeats}; best cold {min(cold):.1f} ms)")
        print(f"  {len(result.positions)} positions (hex, facing), {result.states} states (hex, facing, speed), "
              f"{result.routes} maneuver pairs")


if __name__ == "__main__":
    main()
