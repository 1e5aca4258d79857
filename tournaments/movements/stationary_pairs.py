"""Pairs who never move in a fixed pairs movement (Mitchell, Howell, round robin).

``keep_pairs_seated(doc, stationary)`` rewrites a finished pairs movement so that each
listed pair keeps one table and sits N/S in every round it plays (docs/movements.md).
Only changes that keep every meeting are made:

* pairs are relabelled: each listed pair takes the place of a *host*, the position of the
  design that moves least (a Mitchell's N/S pairs, a Howell's fixed pair), sits out least,
  and, with several listed pairs, never meets another host (two pairs who never move can
  never play each other);
* each round the host's game gets the host's home table (the table it plays at most in the
  design) and whatever game was there takes the host's table number, so a design without
  a stationary position (a Howell for an odd number, a round robin) gets one;
* the host's table is turned so the host sits N/S (E/W in an arrow-switched round, where
  every table turns), which changes nobody's opponents. Every other pair then sits E/W
  against the host, so where the design levelled every pair's N/S and E/W rounds exactly
  (a Howell for an odd number) they can differ by two: with the host's games fixed, the
  other pairs' games cannot level them all (their balances would sum to more than zero).

A Mitchell's hosts are its N/S pairs, so only labels change there. Where the design makes
every two pairs meet (a whole Howell) and several pairs are listed, two hosts must meet:
the later listed goes to the earlier one's table for that round. Those rounds are listed
in ``"stationary_moved"`` so the organizer can be told; nothing is hidden.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from .stationary import apart, check_stationary


def _hosts(doc: dict, count: int) -> list[int]:
    """``count`` pairs that move least, sit out least and, if possible, never meet."""
    n = doc["pairs"]
    switched = set(doc.get("arrow_switch") or [])
    places: dict[int, list[tuple[int, bool]]] = {x: [] for x in range(1, n + 1)}
    met: dict[int, set[int]] = {x: set() for x in range(1, n + 1)}
    for rnd in doc["rounds"]:
        turned = rnd["round"] in switched
        for t in rnd["tables"]:
            places[t["ns"]].append((t["table"], not turned))
            places[t["ew"]].append((t["table"], turned))
            met[t["ns"]].add(t["ew"])
            met[t["ew"]].add(t["ns"])
    idle = Counter(x for rnd in doc["rounds"] for x in rnd["sit_out"])

    def key(x: int) -> tuple:
        seen = places[x]
        tables = sum(a[0] != b[0] for a, b in pairwise(seen))
        sides = sum(a[1] != b[1] for a, b in pairwise(seen))
        first = seen[0][0] if seen else 0
        return (tables, sides, idle[x], first, x)

    order = sorted(range(1, n + 1), key=key)
    return apart(order, met, count)
    chosen = [order[0]]  # every set meets somewhere: the fewest meetings, greedily
    while len(chosen) < count:
        rest = [x for x in order if x not in chosen]
        chosen.append(min(rest, key=lambda x: sum(x in met[y] for y in chosen)))
    return chosen


def _homes(doc: dict, hosts: list[int]) -> list[int]:
    """Each host's table: where it plays most in the design, else the lowest one free."""
    homes: list[int] = []
    for host in hosts:
        counts = Counter(
            t["table"] for rnd in doc["rounds"] for t in rnd["tables"] if host in (t["ns"], t["ew"])
        )
        ranked = sorted(counts, key=lambda table: (-counts[table], table))
        free = [t for t in range(1, doc["tables"] + 1) if t not in homes]
        homes.append(next((t for t in ranked if t not in homes), free[0]))
    return homes


def _seat_round(rnd: dict, hosts: list[int], homes: list[int], tables: int, turned: bool):
    """The round's games renumbered and turned around the hosts; and the hosts who moved."""
    games = [dict(t) for t in rnd["tables"]]
    assigned: dict[int, int] = {}  # game index -> table number
    moved: list[tuple[int, int]] = []  # (host, game index) of a host at another host's table
    for host, home in zip(hosts, homes, strict=True):
        at = next((i for i, g in enumerate(games) if host in (g["ns"], g["ew"])), None)
        if at is None:
            continue  # a bye: the host's table may hold another game this round
        if at in assigned:
            moved.append((host, at))
            continue
        assigned[at] = home
        if (games[at]["ew"] == host) != turned:  # the host sits N/S (E/W if the arrow turned)
            games[at]["ns"], games[at]["ew"] = games[at]["ew"], games[at]["ns"]
    free = set(range(1, tables + 1)) - set(assigned.values())
    rest = [i for i in range(len(games)) if i not in assigned]
    for i in rest:
        if games[i]["table"] in free:
            assigned[i] = games[i]["table"]
            free.discard(games[i]["table"])
    left = sorted(free)
    for i in rest:
        if i not in assigned:
            assigned[i] = left.pop(0)
    for i, g in enumerate(games):
        g["table"] = assigned[i]
    return sorted(games, key=lambda g: g["table"]), [(h, assigned[i]) for h, i in moved]


def keep_pairs_seated(doc: dict, stationary: list[int]) -> dict:
    """``doc`` with each pair in ``stationary`` at one table, N/S (see the module doc)."""
    if not stationary:
        return doc
    n, table_count = doc["pairs"], doc["tables"]
    check_stationary(stationary, n, table_count, "pairs", too_many="E_STATIONARY")
    hosts = _hosts(doc, len(stationary))
    homes = _homes(doc, hosts)
    label = list(range(n + 1))  # label[x]: the number design pair x gets
    for host, wanted in zip(hosts, stationary, strict=True):
        holder = label.index(wanted)
        label[host], label[holder] = label[holder], label[host]
    switched = set(doc.get("arrow_switch") or [])
    rounds, moved = [], []
    for rnd in doc["rounds"]:
        games, away = _seat_round(rnd, hosts, homes, table_count, rnd["round"] in switched)
        rounds.append(
            {
                **rnd,
                "tables": [{**g, "ns": label[g["ns"]], "ew": label[g["ew"]]} for g in games],
                "sit_out": sorted(label[x] for x in rnd["sit_out"]),
            }
        )
        moved += [{"round": rnd["round"], "pair": label[h], "table": t} for h, t in away]
    out = dict(doc)
    out["rounds"] = rounds
    out["stationary"] = list(stationary)
    out["stationary_moved"] = moved
    return out
