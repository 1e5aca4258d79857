"""Find the short-drive data the generator cannot build quickly itself, verify it, and
write it to tournaments/movements/data/short_drives.json (see tournaments/movements/short.py).

* difference-matrix columns for the rainbow over Z_a × Z_b (12 tables: Z_2 × Z_6, since a
  cyclic group of even order has no complete difference matrix);
* resolvable packings by annealing (24 players over 6 rounds: no difference matrix of
  order 6 exists, yet a seating with no repeated meeting does).

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
PACKINGS = {24: 6}  # players -> rounds


def find_columns(tables: int, group: tuple[int, int], seconds: float) -> list | None:
    deadline = time.monotonic() + seconds
    seed = 0
    while time.monotonic() < deadline:
        columns = search_columns(Group(*group), tables, seed, budget=2_000_000)
        if columns is not None:
            return [list(c) for c in columns]
        seed += 1
    return None


def find_packing(players: int, rounds: int, seconds: float, seed: int = 0) -> list | None:
    """Anneal R resolvable rounds: cost Σ over pairs of C(meetings, 2); a move swaps two
    players at different tables of one round."""
    rng = random.Random(seed)
    n = players
    seatings = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        seatings.append(order)
    meet = [0] * (n * n)

    def touch(seating: list[int], base: int, sign: int) -> None:
        table = seating[base : base + 4]
        for i, x in enumerate(table):
            for y in table[i + 1 :]:
                meet[x * n + y] += sign
                meet[y * n + x] += sign

    for seating in seatings:
        for base in range(0, n, 4):
            touch(seating, base, 1)
    cost = sum(max(0, meet[x * n + y] - 1) for x in range(n) for y in range(x + 1, n))

    def gain(x: int, mates: list[int]) -> int:
        return sum(meet[x * n + y] for y in mates)

    deadline = time.monotonic() + seconds
    temperature = 0.6
    while cost and time.monotonic() < deadline:
        for _ in range(20_000):
            seating = seatings[rng.randrange(rounds)]
            p, q = rng.randrange(n), rng.randrange(n)
            if p // 4 == q // 4:
                continue
            x, y = seating[p], seating[q]
            mx = [seating[i] for i in range(p - p % 4, p - p % 4 + 4) if i != p]
            my = [seating[i] for i in range(q - q % 4, q - q % 4 + 4) if i != q]
            before = gain(x, mx) + gain(y, my) - 6
            after = gain(x, my) + gain(y, mx)
            delta = after - before  # meetings counts without themselves: each repeat once
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                touch(seating, p - p % 4, -1)
                touch(seating, q - q % 4, -1)
                seating[p], seating[q] = y, x
                touch(seating, p - p % 4, 1)
                touch(seating, q - q % 4, 1)
                cost = sum(
                    max(0, meet[a * n + b] - 1) for a in range(n) for b in range(a + 1, n)
                ) if delta else cost
                if not cost:
                    break
        temperature = max(0.15, temperature * 0.97)
    if cost:
        return None
    return [[s[b : b + 4] for b in range(0, n, 4)] for s in seatings]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0)
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
    for players, rounds in PACKINGS.items():
        if str(players) in data["packings"]:
            continue
        packing = find_packing(players, rounds, args.seconds)
        if packing is None:
            print(f"{players} players: no packing of {rounds} rounds found")
            continue
        assert meetings_repeat(packing) == 0
        data["packings"][str(players)] = packing
        print(f"{players} players: {rounds} rounds, no meeting repeated")
    DATA_PATH.write_text(json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
