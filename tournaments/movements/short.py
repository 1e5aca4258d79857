"""Short drives without a repeated meeting: R rounds for N = 4T players with R <= T.

Over such a drive no two players need ever meet twice (3R table-mates out of N − 1), and
these constructions seat them so (docs/movements.md, "Short drives"):

* the **rainbow**: four lines of T players, (L, i) for L in 0..3 and i in a group G of
  order T; in round r player (L, i) sits at table i + m_L(r).  Two players of lines L, L'
  meet in round r only when m_L(r) − m_L'(r) equals their offset, so they meet at most
  once when every row difference r -> m_L(r) − m_L'(r) is one-to-one over the R rounds
  (a partial difference matrix).  Players of one line never meet.  For T a prime power
  m_L(r) = c_L · g_r in GF(T) (four distinct c_L, distinct g_r) gives up to T rounds;
  for other T a seeded depth-first search over Z_T finds the columns, and where it
  cannot (T = 12 needs Z_2 × Z_6) ``data/short_drives.json`` ships them;
* a shipped **resolvable packing**: rounds found offline by
  ``scripts/find_short_drives.py`` where no difference matrix serves (T = 6), or with more
  rounds than tables (up to (N − 1)/3 rounds can avoid every repeat: 13 for 40 players).

The same data file may hold whole movements (``seatings``, keyed ``"NxR"``) that an
offline search found for a grid cell the run-time methods miss.

Everything shipped is re-verified when it is loaded.  Lines 0 and 2 are partners at each
table, 1 and 3 the other partnership.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from tournaments.movements.whist import field

Table = tuple[int, int, int, int]
DATA_PATH = Path(__file__).with_name("data") / "short_drives.json"
SEARCH_BUDGET = 40_000  # candidate checks by the depth-first search


class Group:
    """Z_a × Z_b on the integers 0..ab−1 (x = i·b + j), enough for the rainbow."""

    def __init__(self, a: int, b: int) -> None:
        self.a, self.b, self.order = a, b, a * b

    def add(self, x: int, y: int) -> int:
        (i, j), (k, m) = divmod(x, self.b), divmod(y, self.b)
        return ((i + k) % self.a) * self.b + (j + m) % self.b

    def sub(self, x: int, y: int) -> int:
        (i, j), (k, m) = divmod(x, self.b), divmod(y, self.b)
        return ((i - k) % self.a) * self.b + (j - m) % self.b


def meetings_repeat(rounds: Sequence[Sequence[Sequence[int]]]) -> int:
    """How many times two players meet again (0: every pair at most once)."""
    seen: set[tuple[int, int]] = set()
    again = 0
    for tables in rounds:
        for table in tables:
            for i, x in enumerate(table):
                for y in table[i + 1 :]:
                    key = (min(x, y), max(x, y))
                    again += key in seen
                    seen.add(key)
    return again


def rainbow(tables: int, columns: Sequence[Sequence[int]], add) -> list[list[Table]]:
    """The rounds of the rainbow: column r = (m_1, m_2, m_3) with m_0 = 0."""
    out = []
    for m1, m2, m3 in columns:
        shifts = (0, m1, m2, m3)
        seat: dict[tuple[int, int], int] = {}  # (line, table) -> player
        for line in range(4):
            for i in range(tables):
                seat[line, add(i, shifts[line])] = line * tables + i
        out.append([tuple(seat[line, t] for line in range(4)) for t in range(tables)])
    return out


def field_columns(tables: int, rounds: int) -> list[tuple[int, int, int]] | None:
    """m_L(r) = c_L · g_r in GF(T): c = (0, 1, x, x + 1)-like distinct elements."""
    gf = field(tables)
    if gf is None or tables < 4 or rounds > tables:
        return None
    c1, c2, c3 = 1, gf.exp[1], gf.add(1, gf.exp[1])
    assert len({0, c1, c2, c3}) == 4  # x is primitive and T >= 4
    return [(gf.mul(c1, g), gf.mul(c2, g), gf.mul(c3, g)) for g in range(rounds)]


def search_columns(
    group: Group, rounds: int, seed: int = 0, budget: int = SEARCH_BUDGET
) -> list[tuple[int, int, int]] | None:
    """Columns of a 4 × rounds partial difference matrix over ``group`` (row 0 zero), by a
    seeded depth-first search; None when the budget runs out first."""
    order, sub = group.order, group.sub
    rng = random.Random(seed)
    used = [{0} for _ in range(6)]  # m1, m2, m3, m1 − m2, m1 − m3, m2 − m3 used so far
    columns: list[tuple[int, int, int]] = [(0, 0, 0)]
    tries = 0

    def candidates():
        nonlocal tries
        firsts = [x for x in range(order) if x not in used[0]]
        rng.shuffle(firsts)
        for a in firsts:
            for b in rng.sample(range(order), order):
                if b in used[1] or sub(a, b) in used[3]:
                    continue
                for c in range(order):
                    tries += 1
                    if tries > budget:
                        return
                    if c in used[2] or sub(a, c) in used[4] or sub(b, c) in used[5]:
                        continue
                    yield a, b, c

    def extend() -> bool:
        if len(columns) == rounds:
            return True
        for a, b, c in candidates():
            diffs = (a, b, c, sub(a, b), sub(a, c), sub(b, c))
            for values, d in zip(used, diffs, strict=True):
                values.add(d)
            columns.append((a, b, c))
            if extend():
                return True
            columns.pop()
            for values, d in zip(used, diffs, strict=True):
                values.discard(d)
        return False

    return columns if extend() else None


@cache
def shipped() -> dict:
    """``data/short_drives.json``: difference-matrix columns and resolvable packings,
    each checked for a repeated meeting before use."""
    if not DATA_PATH.exists():
        return {"columns": {}, "packings": {}}
    data = json.loads(DATA_PATH.read_text())
    for key, entry in data["columns"].items():
        tables = int(key)
        group = Group(*entry["group"])
        rounds = rainbow(tables, entry["columns"], group.add)
        if group.order != tables or meetings_repeat(rounds):
            raise AssertionError(f"shipped rainbow for {tables} tables repeats a meeting")
    for key, rounds in [*data["packings"].items(), *data.get("seatings", {}).items()]:
        players = int(key.split("x")[0])
        for tables in rounds:
            seated = sorted(x for table in tables for x in table)
            if seated != list(range(players)) or any(len(t) != 4 for t in tables):
                raise AssertionError(f"shipped packing for {players} players is not resolvable")
        if "x" not in key and meetings_repeat(rounds):
            raise AssertionError(f"shipped packing for {players} players repeats a meeting")
    return data


def shipped_seating(players: int, rounds: int) -> list[list[Table]] | None:
    """A whole movement found offline for one size and length (``"NxR"`` in the data),
    where neither a construction nor the polisher reaches the bounds at run time."""
    found = shipped().get("seatings", {}).get(f"{players}x{rounds}")
    return None if found is None else [[tuple(table) for table in tables] for tables in found]


@cache
def short_drive(players: int, rounds: int) -> tuple[tuple[Table, ...], ...] | None:
    """R rounds of tables for N = 4T players (points 0..N−1) in which no two players meet
    twice, or None when no construction is known here (R > T needs a shipped packing
    that long: up to (N − 1)/3 rounds can exist)."""
    if players % 4 or rounds < 1:
        return None
    tables = players // 4
    packing = shipped()["packings"].get(str(players))
    built: list[list[Table]] | None = None
    if packing and len(packing) >= rounds:
        built = [[tuple(table) for table in tables_] for tables_ in packing[:rounds]]
    elif rounds > tables:
        return None
    elif rounds == 1:
        built = [[tuple(range(4 * t, 4 * t + 4)) for t in range(tables)]]
    elif (columns := field_columns(tables, rounds)) is not None:
        built = rainbow(tables, columns, field(tables).add)
    elif (entry := shipped()["columns"].get(str(tables))) and len(entry["columns"]) >= rounds:
        built = rainbow(tables, entry["columns"][:rounds], Group(*entry["group"]).add)
    elif tables >= 4:
        cyclic = Group(1, tables)
        columns = search_columns(cyclic, rounds)
        if columns is not None:
            built = rainbow(tables, columns, cyclic.add)
    if built is None:
        return None
    assert meetings_repeat(built) == 0
    return tuple(tuple(tables_) for tables_ in built)


# ------------------------------------------------- rounds of Wh(2^k), opponents once


def binary_field_rounds(players: int, rounds: int, most_meetings: int, seed: int = 0):
    """R rounds of the GF(2^k) whist tournament (``whist.field_design``) in which no two
    players oppose twice and none meets another more than ``most_meetings`` times, or None.

    Round r (r a nonzero field element) seats x, x + αr, x + r, x + (1 + α)r: partners differ
    by r, opponents by αr and (1 + α)r.  With r = α^e the pair at difference α^f partners in
    round e = f and opposes in rounds f − 1 and f − b (1 + α = α^b), so a set E of exponents
    repeats no opponent when E and E + 1 − b are disjoint, and meets a pair three times only
    when f, f − 1, f − b all lie in E.  A seeded randomized greedy picks E.
    """
    gf = field(players)
    if gf is None or gf.p != 2 or players < 8 or not 1 <= rounds < players:
        return None
    from tournaments.movements.whist import field_design  # the rounds, in field order

    order = players - 1
    b = gf.log[gf.add(1, gf.exp[1])]
    shift = (1 - b) % order
    rng = random.Random(seed)
    for _attempt in range(200):
        chosen: set[int] = set()
        candidates = list(range(order))
        rng.shuffle(candidates)
        for e in candidates:
            if (e + shift) % order in chosen or (e - shift) % order in chosen:
                continue
            if any(
                sum((f - k) % order in chosen or (f - k) % order == e for k in (0, 1, b))
                > most_meetings
                for f in (e, e + 1, e + b)
            ):
                continue
            chosen.add(e)
            if len(chosen) == rounds:
                design = field_design(players)
                return [design[gf.exp[e] - 1] for e in sorted(chosen)]
    return None
