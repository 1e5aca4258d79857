"""Benchmark: Swiss pairing of 16, 64 and 256 teams over a fixed number of rounds.

For each size it plays an event with random winners and prints the time Swiss pairing
took per round beside a naive random pairing of the same teams measured in the same run
(the baseline), as a ratio, and the rematches each produced (Swiss must have none).

    .venv/bin/python bench/pairings.py [--rounds 8] [--sizes 16,64,256] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairings import rank, single_elimination, swiss_round


def random_round(teams: list, rng: random.Random) -> list:
    """The baseline: shuffle and pair neighbours, rematches or not."""
    order = list(teams)
    rng.shuffle(order)
    return [order[i : i + 2] for i in range(0, len(order) - 1, 2)]


def event(size: int, rounds: int, seed: int) -> tuple[float, float, int, int]:
    rng = random.Random(seed)
    teams = list(range(1, size + 1))
    records = {t: {"wins": 0, "points": 0} for t in teams}
    played, byes, ours, base = [], {}, 0.0, 0.0
    rematches = base_rematches = 0
    for _ in range(rounds):
        ranked = rank(records, ["wins", "points"], played)
        start = time.perf_counter()
        result = swiss_round(ranked, played, byes)
        ours += time.perf_counter() - start
        met = {frozenset(m[:2]) for m in played}
        start = time.perf_counter()
        naive = random_round(teams, rng)
        base += time.perf_counter() - start
        base_rematches += sum(frozenset(p) in met for p in naive)
        rematches += result["rematches"]
        for a, b in result["tables"]:
            winner = rng.choice((a, b))
            records[winner]["wins"] += 1
            records[a]["points"] += rng.randint(0, 7)
            played.append((a, b, winner))
    return ours / rounds, base / rounds, rematches, base_rematches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--sizes", default="16,64,256")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"Swiss pairing, {args.rounds} rounds; baseline = naive random pairing, same run")
    header = f"{'teams':>6} {'swiss ms/rnd':>13} {'base ms/rnd':>12} {'ratio':>8} {'rematches':>10} {'base rematches':>15} {'bracket ms':>11}"
    print(header)
    print("-" * len(header))
    for size in map(int, args.sizes.split(",")):
        ours, base, rematches, base_rematches = event(size, args.rounds, args.seed)
        start = time.perf_counter()
        single_elimination(list(range(size)))
        bracket = time.perf_counter() - start
        print(
            f"{size:>6} {ours * 1000:>13.2f} {base * 1000:>12.3f} {ours / base:>7.0f}x "
            f"{rematches:>10} {base_rematches:>15} {bracket * 1000:>11.2f}"
        )


if __name__ == "__main__":
    main()
