"""Players who never move: each keeps one table and one seat all evening (docs/movements.md).

``keep_seated(doc, stationary)`` rewrites a finished individual movement so that every
listed player sits at table i (the i-th listed player, in the order given), seat N, in
every round they play.  Only changes that keep the grade are made where they suffice:

* players are renumbered (the grade does not depend on the numbers): each listed player
  takes the place of a *host*, a player of the movement chosen to sit out as little as
  possible and, when several players are listed, to share no table with another host
  (with one listed player any host will do: renumbering changes nobody's partners, so
  the host is in effect the fixed point ∞ of a 1-rotational design);
* a host who would sit out a round plays instead, in place of a player at a table without
  a host who has sat out least (the cheapest such swap), who sits out for them;
* tables are renumbered per round and turned about (partners stay partners, opponents
  opponents), so each host's table gets its number and the host the N seat; the other
  tables are turned N/S <-> E/W to keep everyone's N/S and E/W rounds level.

Two players who never move never meet, so when hosts must share a table in some round
(a whole design seats every two players together) one of them changes places with a
player at a table without a host, the one that adds the fewest repeated partners, then
opponents, then meetings.  That is the damage the constraint forces; the grade says it.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from .grade import fail

HOST_SEARCH_NODES = 20_000  # depth-first search for hosts who never share a table
W_PARTNER, W_OPPONENT, W_MEETING = 10_000, 100, 1
BALANCE_STEPS = 3_000  # flips of the walk that levels directions
UPHILL = 0.2  # chance of a random flip (not the best) in that walk


def _tables(doc: dict) -> list[list[list[int]]]:
    """Per round, its tables as [a, b, c, d] (a, c partners N/S; b, d E/W)."""
    return [
        [[t["ns"][0], t["ew"][0], t["ns"][1], t["ew"][1]] for t in rnd["tables"]]
        for rnd in doc["rounds"]
    ]


def _hosts(doc: dict, rounds: list[list[list[int]]], count: int) -> list[int]:
    """``count`` players who sit out least and, if possible, never share a table."""
    players = doc["players"]
    idle = Counter(x for rnd in doc["rounds"] for x in rnd["sit_out"])
    met: dict[int, set[int]] = {x: set() for x in range(1, players + 1)}
    for tables in rounds:
        for table in tables:
            for x, y in combinations(table, 2):
                met[x].add(y)
                met[y].add(x)
    # Fewest sit-outs first; among equals the highest number (a 1-rotational design's ∞).
    order = sorted(range(1, players + 1), key=lambda x: (idle[x], -x))
    return apart(order, met, count)
    chosen = [order[0]]  # no such set found: the fewest shared tables, greedily
    while len(chosen) < count:
        rest = [x for x in order if x not in chosen]
        chosen.append(min(rest, key=lambda x: sum(x in met[y] for y in chosen)))
    return chosen


def apart(order: list[int], met: dict, count: int) -> list[int]:
    """``count`` of ``order`` no two of whom ever meet (``met[x]``: whom x meets), the first
    such set in ``order``'s order (a bounded depth-first search); else, greedily, the set
    with the fewest meetings. Hosts who never move: two of them can never share a table."""
    chosen: list[int] = []
    nodes = 0

    def extend(start: int) -> bool:
        nonlocal nodes
        if len(chosen) == count:
            return True
        for i in range(start, len(order)):
            nodes += 1
            if nodes > HOST_SEARCH_NODES:
                return False
            x = order[i]
            if all(x not in met[y] for y in chosen):
                chosen.append(x)
                if extend(i + 1):
                    return True
                chosen.pop()
        return False

    if extend(0):
        return chosen
    chosen = [order[0]]
    while len(chosen) < count:
        rest = [x for x in order if x not in chosen]
        chosen.append(min(rest, key=lambda x: sum(x in met[y] for y in chosen)))
    return chosen


def _relations(rounds: list[list[list[int]]]) -> tuple[Counter, Counter]:
    partners: Counter = Counter()
    meetings: Counter = Counter()
    for tables in rounds:
        for a, b, c, d in tables:
            partners.update((frozenset((a, c)), frozenset((b, d))))
            meetings.update(frozenset(p) for p in combinations((a, b, c, d), 2))
    return partners, meetings


def _penalty(partners: Counter, meetings: Counter, keys: set) -> int:
    """Repeated partners, opponents beyond two, repeated meetings over the pairs ``keys``."""
    total = 0
    for key in keys:
        p, m = partners[key], meetings[key]
        total += W_PARTNER * max(0, p - 1) + W_OPPONENT * max(0, m - p - 2)
        total += W_MEETING * max(0, m - 1)
    return total


def _update(partners: Counter, meetings: Counter, table: list[int], sign: int) -> None:
    a, b, c, d = table
    for key in (frozenset((a, c)), frozenset((b, d))):
        partners[key] += sign
    for x, y in combinations(table, 2):
        meetings[frozenset((x, y))] += sign


def _swap_cost(partners: Counter, meetings: Counter, old: list, new: list) -> int:
    """Penalty change of replacing the tables ``old`` by ``new`` (counters left as found)."""
    keys = {frozenset(p) for table in old + new for p in combinations(table, 2)}
    before = _penalty(partners, meetings, keys)
    for tables, sign in ((old, -1), (new, 1)):
        for table in tables:
            _update(partners, meetings, table, sign)
    after = _penalty(partners, meetings, keys)
    for tables, sign in ((new, -1), (old, 1)):
        for table in tables:
            _update(partners, meetings, table, sign)
    return after - before


def _separate(rounds: list[list[list[int]]], hosts: list[int]) -> None:
    """Move hosts apart where two share a table, by the cheapest swap with a non-host."""
    partners, meetings = _relations(rounds)
    host_set = set(hosts)
    for tables in rounds:
        for host in hosts:
            home = next((t for t in tables if host in t), None)
            if home is None or sum(x in host_set for x in home) < 2:
                continue
            if min((x for x in home if x in host_set), key=hosts.index) == host:
                continue  # the first listed host at this table stays
            best = None
            for other in tables:
                if other is home or any(x in host_set for x in other):
                    continue
                for z in other:
                    new_home = [z if x == host else x for x in home]
                    new_other = [host if x == z else x for x in other]
                    change = _swap_cost(partners, meetings, [home, other], [new_home, new_other])
                    if best is None or change < best[0]:
                        best = (change, other, z)
            if best is None:
                raise fail("more players who cannot move than tables to keep them at")
            _, other, z = best
            for table in (home, other):
                _update(partners, meetings, table, -1)
            home[home.index(host)], other[other.index(z)] = z, host
            for table in (home, other):
                _update(partners, meetings, table, 1)


def _seat_idle_hosts(
    rounds: list[list[list[int]]], sit_outs: list[list[int]], hosts: list[int]
) -> None:
    """A host who would sit out a round plays instead: they change places with a player at
    a table without a host, the one who has sat out least, then the cheapest swap."""
    partners, meetings = _relations(rounds)
    idle = Counter(x for out in sit_outs for x in out)
    host_set = set(hosts)
    for tables, out in zip(rounds, sit_outs, strict=True):
        for host in hosts:
            if host not in out:
                continue
            best = None
            for table in tables:
                if any(x in host_set for x in table):
                    continue
                for z in table:
                    new = [host if x == z else x for x in table]
                    key = (idle[z], _swap_cost(partners, meetings, [table], [new]), z)
                    if best is None or key < best[0]:
                        best = (key, table, z)
            if best is None:
                raise fail("more players who cannot move than tables to keep them at")
            _, table, z = best
            _update(partners, meetings, table, -1)
            table[table.index(z)] = host
            _update(partners, meetings, table, 1)
            out[out.index(host)] = z
            idle[host] -= 1
            idle[z] += 1


def _turn(table: list[int], player: int) -> list[int]:
    """The table turned so ``player`` sits N (partners and opponents unchanged)."""
    at = table.index(player)
    return table[at:] + table[:at]


def _balance(rounds: list[list[list[int]]], hosts: list[int], players: int) -> None:
    """Flip unpinned tables (N/S <-> E/W) to level everyone's N/S and E/W rounds: a greedy
    pass round by round, then a seeded walk that flips a table of a player off by two or
    more their way (the flip that raises Σ (N/S − E/W)⁴ least, now and then a random one),
    keeping the best worst player seen."""
    pinned = len(hosts)
    balance = [0] * (players + 1)
    for tables in rounds:  # round by round, the side that sat E/W more so far sits N/S
        for index, (a, b, c, d) in enumerate(tables):
            if index >= pinned and balance[a] + balance[c] > balance[b] + balance[d]:
                a, b, c, d = b, a, d, c
                tables[index] = [a, b, c, d]
            balance[a] += 1
            balance[c] += 1
            balance[b] -= 1
            balance[d] -= 1
    places = [(r, i) for r, tables in enumerate(rounds) for i in range(pinned, len(tables))]
    if not places:
        return
    moving = [x for x in range(1, players + 1) if x not in hosts]
    seats_of: dict[int, list[tuple[int, int]]] = {x: [] for x in moving}
    for r, i in places:
        for x in rounds[r][i]:
            seats_of[x].append((r, i))
    rng = random.Random(len(rounds) * players)

    def flip(r: int, i: int) -> None:
        a, b, c, d = rounds[r][i]
        for x, change in ((a, -2), (c, -2), (b, 2), (d, 2)):
            balance[x] += change
        rounds[r][i] = [b, a, d, c]

    def gain(r: int, i: int) -> int:
        a, b, c, d = rounds[r][i]
        after = sum((balance[x] - 2) ** 4 for x in (a, c)) + sum(
            (balance[x] + 2) ** 4 for x in (b, d)
        )
        return after - sum(balance[x] ** 4 for x in (a, b, c, d))

    best = (max(abs(balance[x]) for x in moving), [[list(t) for t in ts] for ts in rounds])
    for _ in range(BALANCE_STEPS):
        off = [x for x in moving if abs(balance[x]) > 1]
        if not off:
            break
        x = rng.choice(off)  # a player off by 2 or more: flip one of their tables their way
        sign = 1 if balance[x] > 0 else -1
        mine = [(r, i) for r, i in seats_of[x] if (rounds[r][i].index(x) % 2 == 0) == (sign > 0)]
        if not mine:
            continue
        if rng.random() < UPHILL:
            flip(*rng.choice(mine))
        else:
            flip(*min(mine, key=lambda place: (gain(*place), rng.random())))
        worst = max(abs(balance[y]) for y in moving)
        if worst < best[0]:
            best = (worst, [[list(t) for t in ts] for ts in rounds])
    rounds[:] = best[1]


def check_stationary(
    stationary: list[int], count: int, tables: int, who: str, too_many: str = "E_MOVEMENT"
) -> None:
    """Distinct numbers 1..count, no more than one a table (``who``: "players" or "pairs")."""
    if len(set(stationary)) != len(stationary) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= count for x in stationary
    ):
        raise fail(f"{who} who cannot move must be distinct numbers 1..{count}")
    if len(stationary) > tables:
        raise fail(f"{len(stationary)} {who} cannot move but there are only {tables} tables", too_many)


def keep_seated(doc: dict, stationary: list[int]) -> dict:
    """``doc`` with each player in ``stationary`` at table i, seat N (see the module doc)."""
    if not stationary:
        return doc
    players, table_count = doc["players"], doc["tables"]
    check_stationary(stationary, players, table_count, "players")
    rounds = _tables(doc)
    sit_outs = [list(rnd["sit_out"]) for rnd in doc["rounds"]]
    hosts = _hosts(doc, rounds, len(stationary))
    _seat_idle_hosts(rounds, sit_outs, hosts)
    _separate(rounds, hosts)
    for r, tables in enumerate(rounds):
        placed = []
        for host in hosts:
            table = next((t for t in tables if host in t), None)
            placed.append(_turn(table, host) if table is not None else None)
        rest = [t for t in tables if not any(h in t for h in hosts)]
        ordered = [t if t is not None else rest.pop(0) for t in placed] + rest
        rounds[r] = ordered
    _balance(rounds, hosts, players)
    label = list(range(players + 1))  # label[x]: the number host-space player x gets
    for host, wanted in zip(hosts, stationary, strict=True):
        holder = label.index(wanted)
        label[host], label[holder] = label[holder], label[host]
    out = dict(doc)
    out["rounds"] = [
        {
            **rnd,
            "tables": [
                {"table": t + 1, "ns": [label[a], label[c]], "ew": [label[b], label[d]]}
                for t, (a, b, c, d) in enumerate(tables)
            ],
            "sit_out": sorted(label[x] for x in out),
        }
        for rnd, tables, out in zip(doc["rounds"], rounds, sit_outs, strict=True)
    ]
    out["stationary"] = list(stationary)
    return out
