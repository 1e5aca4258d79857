"""Benchmark: individual movements for 8..200 players over 24 rounds, and the grid.

For each size it prints the generation time, the grade beside its lower bounds, and the
same for a naive random seating of the same size measured in the same run (the
baseline), so the figures read as "ratio x baseline" on any machine.  Then the grid
N = 8..64 (step 4) x R = 6, 12, 24 (seed 1): most partnered / opposed / met beside the
lower bounds, and each cell's generation time (skip it with --no-grid).

    .venv/bin/python bench/movements.py [--rounds 24] [--sizes 8,12,...] [--no-grid]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.movements.grade import grade
from tournaments.movements.individual import individual_movement

SIZES = (8, 12, 16, 20, 24, 32, 40, 48, 64, 80, 100, 128, 160, 200)


def random_seating(players: int, rounds: int, seed: int = 0) -> dict:
    """The baseline: shuffle everyone each round, fill tables of four, rotate sit-outs."""
    rng = random.Random(seed)
    sitters = players % 4
    doc_rounds = []
    for number in range(1, rounds + 1):
        start = ((number - 1) * sitters) % players
        idle = [(start + i) % players + 1 for i in range(sitters)]
        order = [x for x in range(1, players + 1) if x not in idle]
        rng.shuffle(order)
        tables = [
            {
                "table": t + 1,
                "ns": [order[4 * t], order[4 * t + 2]],
                "ew": [order[4 * t + 1], order[4 * t + 3]],
            }
            for t in range(players // 4)
        ]
        doc_rounds.append({"round": number, "tables": tables, "sit_out": sorted(idle)})
    return {"kind": "individual", "players": players, "tables": players // 4, "rounds": doc_rounds}


def timed(make) -> tuple[float, dict]:
    start = time.perf_counter()
    doc = make()
    return time.perf_counter() - start, doc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=24)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--no-grid", dest="grid", action="store_false")
    args = parser.parse_args()
    rounds = args.rounds
    print(f"individual movements, {rounds} rounds; baseline = naive random seating, same run")
    header = (
        f"{'players':>7} {'gen s':>7} {'base s':>7} {'ratio':>7}  "
        f"{'rep.partners':>13} {'max opp':>8} {'never met':>10} {'dir':>4}  "
        f"{'base rep':>8} {'base opp':>8} {'base never':>10}"
    )
    print(header)
    print("-" * len(header))
    total = 0.0
    for players in map(int, args.sizes.split(",")):
        seconds, doc = timed(lambda n=players: individual_movement(n, rounds))
        base_seconds, base = timed(lambda n=players: random_seating(n, rounds))
        total += seconds
        ours, theirs = grade(doc), grade(base)
        bounds = ours["lower_bounds"]
        print(
            f"{players:>7} {seconds:>7.3f} {base_seconds:>7.4f} {seconds / base_seconds:>6.0f}x  "
            f"{ours['repeat_partners']:>5} (>={bounds['partner_excess']:>4}) "
            f"{ours['max_opponent_meetings']:>3} (>={bounds['max_opponent']}) "
            f"{ours['never_met']:>10} {ours['direction_spread']:>4}  "
            f"{theirs['repeat_partners']:>8} {theirs['max_opponent_meetings']:>8} "
            f"{theirs['never_met']:>10}"
        )
    print(f"total generation time {total:.2f} s")
    if args.grid:
        grid()


def grid() -> None:
    """The 45 cells at the bounds: figures (bounds), a mark, and the generation time."""
    print()
    print("grid, seed 1: partner/opponent/meeting (lower bounds); = at every bound,")
    print("~ partner and opponent at their bounds and meetings within one, ! short of that")
    at_bounds = within = 0
    slowest = 0.0
    for rounds in (6, 12, 24):
        for players in range(8, 65, 4):
            seconds, doc = timed(lambda n=players, r=rounds: individual_movement(n, r, 1))
            g = grade(doc)
            b = g["lower_bounds"]
            got = (g["max_partner_meetings"], g["max_opponent_meetings"], g["max_meetings"])
            bound = (b["max_partner"], b["max_opponent"], b["max_meeting"])
            exact = got == bound
            near = got[:2] == bound[:2] and got[2] <= bound[2] + 1
            at_bounds += exact
            within += near
            slowest = max(slowest, seconds)
            mark = "=" if exact else ("~" if near else "!")
            print(
                f"{players:>4} x {rounds:>2}  {'/'.join(map(str, got)):>7} "
                f"({'/'.join(map(str, bound))}) {mark}  {seconds:6.3f} s"
            )
    print(
        f"{at_bounds} of 45 cells at every bound, {within} within the requirement; "
        f"slowest cell {slowest:.2f} s"
    )


if __name__ == "__main__":
    main()
