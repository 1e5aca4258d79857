"""Renumber a movement for the rounds still to play so it repeats as little of the evening
so far as it can (players or pairs leaving or joining mid-evening, docs/movements.md).

A movement generated afresh for the rounds left knows nothing of the rounds played: a
French walk's re-planned rounds had eight pairs meet a second time. Any numbering of the
units is as good a movement (its grade does not change), so a swap search picks the one
whose meetings, partnerships and sit-outs were least often seen already.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Collection, Iterator

# What a repeat costs: partnering again is the worst, then meeting again, then sitting out
# again (the rotation gives a second sit-out only once everybody has had one).
WEIGHTS = {"partners": 10, "opponents": 3, "sat_out": 1}
RESTARTS = 4
BUDGET = 50_000  # swaps tried in all: 400 players (the most) renumber in about a second


def _side(side) -> list[int]:
    units = side if isinstance(side, list) else [side]
    return [u for u in units if u is not None]  # None: the ghost's seat


def _contacts(doc: dict) -> Iterator[tuple[str, int, int]]:
    """(kind, unit, unit) for every partnership and meeting in doc, and (sat_out, unit, 0)."""
    for rnd in doc["rounds"]:
        for table in rnd["tables"]:
            ns, ew = _side(table["ns"]), _side(table["ew"])
            for side in (ns, ew):
                if len(side) == 2:
                    yield "partners", side[0], side[1]
            for a in ns:
                for b in ew:
                    yield "opponents", a, b
        for unit in rnd.get("sit_out", []):
            yield "sat_out", unit, 0


def history_of(doc: dict) -> dict[tuple[str, int, int], int]:
    """The contacts of rounds already played, in the same form ``relabel`` reads."""
    seen: dict[tuple[str, int, int], int] = defaultdict(int)
    for kind, a, b in _contacts(doc):
        seen[(kind, min(a, b), max(a, b)) if b else (kind, a, 0)] += 1
    return dict(seen)


def relabel(
    doc: dict, history: dict[tuple[str, int, int], int], fixed: Collection[int] = (), seed: int = 0
) -> dict:
    """``doc`` with its units (1..n) renumbered to repeat the fewest contacts of ``history``
    (``history_of`` of the rounds played, in the same numbers); ``fixed`` units keep theirs."""
    n = doc.get("players") or doc["pairs"]
    contacts = list(_contacts(doc))
    touching: dict[int, set[int]] = defaultdict(set)
    for i, (_kind, a, b) in enumerate(contacts):
        touching[a].add(i)
        if b:
            touching[b].add(i)

    def cost_of(i: int, to: list[int]) -> int:
        kind, a, b = contacts[i]
        x, y = to[a], to[b] if b else 0
        key = (kind, min(x, y), max(x, y)) if b else (kind, x, 0)
        return WEIGHTS[kind] * history.get(key, 0)

    movable = [u for u in range(1, n + 1) if u not in set(fixed)]
    rng = random.Random(seed)
    best, best_cost = (
        list(range(n + 1)),
        sum(cost_of(i, list(range(n + 1))) for i in range(len(contacts))),
    )
    tries = 0
    for restart in range(RESTARTS if movable else 0):
        if not best_cost:
            break
        to = list(range(n + 1))  # the first try starts from the numbering generated
        if restart:
            shuffled = movable[:]
            rng.shuffle(shuffled)
            for unit, target in zip(movable, shuffled, strict=True):
                to[unit] = target
        cost = sum(cost_of(i, to) for i in range(len(contacts)))
        improved = True
        while improved and cost and tries < BUDGET:
            improved = False
            # only a unit in a repeat can remove one: swap it with each other in turn
            for a in [u for u in movable if any(cost_of(i, to) for i in touching[u])]:
                for b in movable:
                    tries += 1
                    near = touching[a] | touching[b]
                    before = sum(cost_of(i, to) for i in near)
                    to[a], to[b] = to[b], to[a]
                    delta = sum(cost_of(i, to) for i in near) - before
                    if delta < 0:
                        cost += delta
                        improved = True
                        break
                    to[a], to[b] = to[b], to[a]
        if cost < best_cost:
            best, best_cost = to, cost
    return _renumbered(doc, best)


def _renumbered(doc: dict, to: list[int]) -> dict:
    def side(value):
        if isinstance(value, list):
            return [None if u is None else to[u] for u in value]
        return None if value is None else to[value]

    rounds = [
        {
            **rnd,
            "tables": [
                {
                    **t,
                    "ns": side(t["ns"]),
                    "ew": side(t["ew"]),
                    **({"fifth": to[t["fifth"]]} if "fifth" in t else {}),
                }
                for t in rnd["tables"]
            ],
            "sit_out": [to[u] for u in rnd.get("sit_out", [])],
        }
        for rnd in doc["rounds"]
    ]
    return {**doc, "rounds": rounds}
