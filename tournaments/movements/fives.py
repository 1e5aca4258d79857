"""Individual seating in tables of four and five (Es-makker: at five, the dealer sits out).

With ``players = 4t + r`` and ``r <= t``, every player is seated every round: ``t``
tables, ``r`` of them with a fifth player (the ``fifth`` key) who plays whenever someone
else deals, so nobody sits out a whole round. Rounds are drawn at random (seeded) and the
draw with the fewest repeated meetings of a few tries is kept. The doc has the shape of an
individual movement (docs/movements.md) plus ``fifth``; standard library only.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from .errors import MovementError

TRIES = 60


def fits_in_fives(players: int) -> bool:
    """Whether everyone can be seated at tables of four and five."""
    tables, extra = divmod(players, 4)
    return tables >= 1 and extra <= tables


def fives_movement(players: int, rounds: int, seed: int = 0) -> dict:
    if not fits_in_fives(players):
        raise MovementError(
            "E_MOVEMENT", f"{players} players cannot all sit at tables of four and five"
        )
    if rounds < 1:
        raise MovementError("E_MOVEMENT", "rounds must be at least 1")
    tables, extra = divmod(players, 4)
    sizes = [5] * extra + [4] * (tables - extra)
    rng = random.Random(seed)
    met: Counter = Counter()
    out = []
    for number in range(1, rounds + 1):
        best, best_cost = None, None
        for _try in range(TRIES):
            order = list(range(1, players + 1))
            rng.shuffle(order)
            groups, at = [], 0
            for size in sizes:
                groups.append(order[at : at + size])
                at += size
            cost = sum(met[pair] for g in groups for pair in combinations(sorted(g), 2))
            if best_cost is None or cost < best_cost:
                best, best_cost = groups, cost
        for group in best:
            met.update(combinations(sorted(group), 2))
        out.append(
            {
                "round": number,
                "tables": [_table(t, group) for t, group in enumerate(best, start=1)],
                "sit_out": [],
            }
        )
    return {
        "kind": "individual",
        "fives": True,
        "players": players,
        "tables": tables,
        "rounds": out,
        "seed": seed,
        "repeats": sum(c - 1 for c in met.values() if c > 1),
    }


def _table(number: int, group: list[int]) -> dict:
    table = {"table": number, "ns": group[0:2], "ew": group[2:4]}
    if len(group) == 5:
        table["fifth"] = group[4]
    return table
