"""Individual seating in tables of four and five (Es-makker: at five, the dealer sits out).

With ``players = 4t + r`` and ``r <= t``, every player is seated every round: ``t``
tables, ``r`` of them with a fifth player (the ``fifth`` key) who plays whenever someone
else deals, so nobody sits out a whole round. Rounds are drawn at random (seeded) and the
draw with the fewest repeated meetings of a few tries is kept. Players who cannot move
(``stationary``) are not drawn: the i-th listed sits at table i, seat N, every round (so two
of them never meet). The doc has the shape of an individual movement (docs/movements.md)
plus ``fifth``; standard library only.
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


def fives_movement(
    players: int, rounds: int, seed: int = 0, stationary: list[int] | None = None
) -> dict:
    fixed = list(stationary or [])
    if not fits_in_fives(players):
        raise MovementError(
            "E_MOVEMENT", f"{players} players cannot all sit at tables of four and five"
        )
    if rounds < 1:
        raise MovementError("E_MOVEMENT", "rounds must be at least 1")
    tables, extra = divmod(players, 4)
    if len(set(fixed)) != len(fixed) or not all(1 <= x <= players for x in fixed):
        raise MovementError("E_MOVEMENT", f"players who cannot move must be 1..{players}")
    if len(fixed) > tables:
        raise MovementError(
            "E_STATIONARY", f"{len(fixed)} players cannot move but there are only {tables} tables"
        )
    sizes = [5] * extra + [4] * (tables - extra)
    rng = random.Random(seed)
    met: Counter = Counter()
    out = []
    for number in range(1, rounds + 1):
        best, best_cost = None, None
        for _try in range(TRIES):
            order = [x for x in range(1, players + 1) if x not in fixed]
            rng.shuffle(order)
            groups, at = [], 0
            for t, size in enumerate(sizes):
                home = fixed[t : t + 1]  # the t-th player who cannot move: seat N
                groups.append(home + order[at : at + size - len(home)])
                at += size - len(home)
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
    doc = {
        "kind": "individual",
        "fives": True,
        "players": players,
        "tables": tables,
        "rounds": out,
        "seed": seed,
        "repeats": sum(c - 1 for c in met.values() if c > 1),
    }
    if fixed:
        doc["stationary"] = fixed
    return doc


def _table(number: int, group: list[int]) -> dict:
    table = {"table": number, "ns": group[0:2], "ew": group[2:4]}
    if len(group) == 5:
        table["fifth"] = group[4]
    return table
