"""Find the short-drive data the generator cannot build quickly itself, verify it, and
write it to tournaments/movements/data/short_drives.json (see tournaments/movements/short.py).

* difference-matrix columns for the rainbow over Z_a × Z_b (12 tables: Z_2 × Z_6, since a
  cyclic group of even order has no complete difference matrix);
* whole movements for grid cells the run-time methods miss, by annealing a few base
  rounds developed by a cyclic automorphism sigma of order g (cycles of length g, the
  remaining players fixed): a pair's meetings are counted per orbit of pairs, so the
  search space shrinks g-fold.  A cell at bounds (1, 1, 1) is a short drive and is stored
  as a resolvable packing.

    .venv/bin/python scripts/find_short_drives.py [--seconds 120]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.movements.short import (  # noqa: E402
    DATA_PATH,
    Group,
    meetings_repeat,
    rainbow,
    search_columns,
)

COLUMNS = {12: (2, 6)}  # tables -> group (a, b)
# A 1-rotational resolvable (40, 4, 1) design on Z_39 ∪ {∞}: three base blocks whose 36
# differences are Z_39 minus {0, ±13}, with one point from each coset of {0, 13, 26} but
# x's; round t is {∞, x, x + 13, x + 26} and B + 13k (k = 0, 1, 2) for each base block B,
# all shifted by t (t = 0..12): every two of the 40 players meet exactly once in 13 rounds.
ROTATIONAL = {40: ([[0, 33, 34, 25], [37, 18, 22, 15], [4, 16, 27, 6]], 10)}
# (players, rounds) -> (order g of the cyclic automorphism, (partner, opponent, meeting)
# bounds to reach, seed): what the search found in a minute or two on one core.
CELLS: dict[tuple[int, int], tuple[int, tuple[int, int, int], int]] = {
    (28, 12): (12, (1, 1, 2), 0),
    (44, 24): (12, (1, 2, 3), 0),
    (56, 24): (24, (1, 1, 2), 0),
    (60, 24): (24, (1, 1, 2), 0),
    (52, 24): (24, (1, 1, 3), 0),
    (12, 6): (3, (1, 2, 2), 0),
    (24, 12): (12, (1, 2, 2), 0),
    (48, 24): (24, (1, 2, 2), 0),
    (12, 24): (12, (3, 5, 7), 0),
    (24, 7): (7, (1, 1, 1), 0),
}


def find_columns(tables: int, group: tuple[int, int], seconds: float) -> list | None:
    deadline = time.monotonic() + seconds
    seed = 0
    while time.monotonic() < deadline:
        columns = search_columns(Group(*group), tables, seed, budget=2_000_000)
        if columns is not None:
            return [list(c) for c in columns]
        seed += 1
    return None


def rotational_packing(players: int, blocks: list[list[int]], x: int) -> list:
    """The rounds of the 1-rotational design of ROTATIONAL (m = N − 1 = 3 × 13)."""
    m = players - 1
    third = m // 3
    first = [[m, x, x + third, x + 2 * third]]
    first += [[(b + k * third) % m for b in block] for block in blocks for k in range(3)]
    return [
        [[p if p == m else (p + t) % m for p in table] for table in first] for t in range(third)
    ]


def develop_orbits(players: int, order: int):
    """sigma^t on 0..N−1: cycles (c·g, ..., c·g + g − 1) shifted by t, the rest fixed; and
    each pair's orbit number and how often a base occurrence repeats in the developed rounds."""
    cycled = players // order * order

    def sigma(x: int, t: int) -> int:
        return x if x >= cycled else x - x % order + (x % order + t) % order

    orbit: dict[tuple[int, int], int] = {}
    repeat: list[int] = []
    for x in range(players):
        for y in range(x + 1, players):
            if (x, y) in orbit:
                continue
            members = {tuple(sorted((sigma(x, t), sigma(y, t)))) for t in range(order)}
            for pair in members:
                orbit[pair] = len(repeat)
            repeat.append(order // len(members))
    return sigma, orbit, repeat


def find_cell(players, rounds, order, bounds, seconds, seed=0):
    """Anneal R/g base rounds whose development by sigma (order g) stays within
    bounds = (most partnered, most opposed, most met); None when time runs out."""
    sigma, orbit, repeat = develop_orbits(players, order)
    most_p, most_o, most_m = bounds
    rng = random.Random(seed)
    base = [rng.sample(range(players), players) for _ in range(rounds // order)]
    partner, opposed = [0] * len(repeat), [0] * len(repeat)

    def penalty(o: int) -> int:
        p, q = partner[o] * repeat[o], opposed[o] * repeat[o]
        return 30 * max(0, p - most_p) + 10 * max(0, q - most_o) + max(0, p + q - most_m)

    def terms(seating: list[int], at: int) -> list[tuple[int, bool]]:
        a, b, c, d = seating[at : at + 4]
        pairs = ((a, c), (b, d), (a, b), (a, d), (c, b), (c, d))
        return [(orbit[min(x, y), max(x, y)], k < 2) for k, (x, y) in enumerate(pairs)]

    def count(items, sign: int) -> None:
        for o, is_partner in items:
            (partner if is_partner else opposed)[o] += sign

    for seating in base:
        for at in range(0, players, 4):
            count(terms(seating, at), 1)
    cost = sum(penalty(o) for o in range(len(repeat)))
    deadline, temperature, step = time.monotonic() + seconds, 2.0, 0
    while cost and time.monotonic() < deadline:
        step += 1
        seating = base[rng.randrange(len(base))]
        p, q = rng.randrange(players), rng.randrange(players)
        if p // 4 == q // 4:
            continue
        tables = (p - p % 4, q - q % 4)
        old = [t for at in tables for t in terms(seating, at)]
        seating[p], seating[q] = seating[q], seating[p]
        new = [t for at in tables for t in terms(seating, at)]
        touched = {o for o, _ in old + new}
        before = sum(penalty(o) for o in touched)
        count(old, -1)
        count(new, 1)
        delta = sum(penalty(o) for o in touched) - before
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
        else:
            count(new, -1)
            count(old, 1)
            seating[p], seating[q] = seating[q], seating[p]
        if step % 5000 == 0:
            temperature = max(0.6, temperature * 0.97)
    if cost:
        return None
    developed = [[sigma(x, t) for x in seating] for seating in base for t in range(order)]
    return [[s[at : at + 4] for at in range(0, players, 4)] for s in developed]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="per cell")
    parser.add_argument("--attempt", type=float, default=40.0, help="per seed")
    args = parser.parse_args()
    data = json.loads(DATA_PATH.read_text()) if DATA_PATH.exists() else {}
    data.setdefault("columns", {})
    data.setdefault("packings", {})
    for tables, group in COLUMNS.items():
        if str(tables) in data["columns"]:
            continue
        columns = find_columns(tables, group, args.seconds)
        if columns is None:
            print(f"{tables} tables: no columns found")
            continue
        g = Group(*group)
        assert meetings_repeat(rainbow(tables, columns, g.add)) == 0
        data["columns"][str(tables)] = {"group": list(group), "columns": columns}
        print(f"{tables} tables: {len(columns)} columns over Z_{group[0]} x Z_{group[1]}")
    data.setdefault("seatings", {})
    for players, (blocks, x) in ROTATIONAL.items():
        packing = rotational_packing(players, blocks, x)
        assert meetings_repeat(packing) == 0
        data["packings"][str(players)] = packing
        print(f"{players} players: {len(packing)} rounds, everyone meets everyone once")
    for (players, rounds), (order, bounds, seed) in CELLS.items():
        key = f"{players}x{rounds}"
        if key in data["seatings"] or (bounds == (1, 1, 1) and str(players) in data["packings"]):
            continue
        found, deadline = None, time.monotonic() + args.seconds
        while found is None and time.monotonic() < deadline:  # restarts: seed, seed + 1, ...
            found = find_cell(players, rounds, order, bounds, args.attempt, seed)
            seed += 1
        if found is None:
            print(f"{key}: nothing within {bounds} found")
            continue
        if bounds == (1, 1, 1):  # a short drive: no meeting twice
            assert meetings_repeat(found) == 0
            data["packings"][str(players)] = found
        else:
            data["seatings"][key] = found
        print(f"{key}: found within {bounds}")
    DATA_PATH.write_text(json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
