"""Pairs movements: Mitchell, Howell and round robin (robber leagues), as movement JSON.

Pairs are numbered 1..N. An odd count adds a phantom pair N + 1 that never appears in the
output: whoever would meet it has a bye that round ("sit_out") and its table stays empty.
More rounds than a full cycle repeat the cycle (Howell and round robin swap directions on
every second cycle, as a double round robin does); the grade then shows the repeats.
"""

from __future__ import annotations

from .grade import PAIR_RANGE, fail, require_int

MAX_ROUNDS = 1000
SKIP, RELAY = "skip", "relay"


def _pair_count(pairs: object) -> int:
    return require_int(pairs, "pairs", *PAIR_RANGE)


def _round_count(rounds: object, default: int) -> int:
    return default if rounds is None else require_int(rounds, "rounds", 1, MAX_ROUNDS)


def _round(number: int, games: list[tuple[int, int, int]], pairs: int) -> dict:
    """One round from (table, ns, ew) games; a game against a phantom becomes a bye."""
    tables, sit_out = [], []
    for table, ns, ew in games:
        if ns > pairs or ew > pairs:
            sit_out.append(min(ns, ew))
        else:
            tables.append({"table": table, "ns": ns, "ew": ew})
    tables.sort(key=lambda t: t["table"])
    return {"round": number, "tables": tables, "sit_out": sorted(sit_out)}


# --- Mitchell -------------------------------------------------------------------------------


def mitchell(
    pairs: int,
    rounds: int | None = None,
    arrow_switch: bool | int | list[int] = False,
    relay_or_skip: str | None = None,
) -> dict:
    """N/S pairs 1..T stay at their tables; E/W pairs T+1..2T move up one table a round.

    With fresh deals an even table count needs neither skip nor relay (docs/movements.md); they
    matter only when boards are shared, so both are options:
    - "skip": after round T/2 the E/W pairs move up two tables once, so they never meet the
      boards they played; the default length drops to T - 1 rounds (one N/S pair is missed).
    - "relay": the seating is unchanged; the doc records that tables 1 and T share boards
      and a relay (bye stand) sits after table T/2.
    arrow_switch (True = the last round, or a round number, or a list of them) swaps N/S and
    E/W at every table in those rounds, so a one-winner Mitchell can be scored across the field.
    """
    n = _pair_count(pairs)
    t_count = -(-n // 2)
    if relay_or_skip in (None, "none"):
        relay_or_skip = None
    elif relay_or_skip not in (SKIP, RELAY):
        raise fail(f"relay_or_skip must be 'skip', 'relay' or 'none', got {relay_or_skip!r}")
    elif t_count % 2:
        raise fail(f"a {relay_or_skip} only applies to an even table count; {t_count} is odd")
    skip_after = t_count // 2 if relay_or_skip == SKIP else None
    r_count = _round_count(rounds, t_count - 1 if skip_after else t_count)
    switched = _arrow_rounds(arrow_switch, r_count)
    rounds_out = []
    for r in range(1, r_count + 1):
        shift = r - 1 + (1 if skip_after is not None and r > skip_after else 0)
        games = []
        for table in range(1, t_count + 1):
            ns, ew = table, t_count + (table - 1 - shift) % t_count + 1
            games.append((table, ew, ns) if r in switched else (table, ns, ew))
        rounds_out.append(_round(r, games, n))
    doc = {"kind": "mitchell", "pairs": n, "tables": t_count, "rounds": rounds_out}
    doc["skip"] = {"after_round": skip_after} if skip_after is not None else None
    doc["relay"] = (
        {"shared_tables": [1, t_count], "bye_stand_after_table": t_count // 2}
        if relay_or_skip == RELAY
        else None
    )
    doc["arrow_switch"] = sorted(switched)
    return doc


def _arrow_rounds(arrow_switch: object, r_count: int) -> set[int]:
    if arrow_switch is False or arrow_switch is None:
        return set()
    if arrow_switch is True:
        return {r_count}
    chosen = arrow_switch if isinstance(arrow_switch, list | tuple) else [arrow_switch]
    return {require_int(r, "arrow_switch round", 1, r_count) for r in chosen}


# --- Howell and round robin: one circle, two round orders ----------------------------------


def _circle(n: int, centre: int, flip: bool) -> list[tuple[int, int, int]]:
    """The games of one round of the circle on M = n rounded up to even, as (slot, ns, ew).

    The fixed point (pair M, "infinity") plays the centre c; for k = 1..M/2 - 1 pair c + k
    plays pair c - k (residues 1..M - 1, modulo M - 1). Over all M - 1 centres every pair
    meets every other exactly once. Pair c + k sits N/S, so every finite pair is N/S and E/W
    equally often apart from its one game against M; M alternates directions by round.
    """
    big = n + n % 2
    m = big - 1

    def label(x: int) -> int:
        return (x - 1) % m + 1

    first = (0, big, label(centre)) if flip else (0, label(centre), big)
    return [first] + [(k, label(centre + k), label(centre - k)) for k in range(1, big // 2)]


def _cyclic(kind: str, pairs: int, rounds: int | None, centre_of) -> dict:
    n = _pair_count(pairs)
    cycle = n - 1 + n % 2
    r_count = _round_count(rounds, cycle)
    phantom = n % 2 == 1  # the phantom is the fixed point: its slot-0 table never exists
    rounds_out = []
    for r in range(1, r_count + 1):
        index, lap = (r - 1) % cycle, (r - 1) // cycle
        games = []
        for slot, ns, ew in _circle(n, centre_of(index, cycle), flip=index % 2 == 1):
            table = slot if phantom else slot + 1
            games.append((table, ew, ns) if lap % 2 else (table, ns, ew))
        rounds_out.append(_round(r, games, n))
    return {"kind": kind, "pairs": n, "tables": n // 2, "rounds": rounds_out}


def howell(pairs: int, rounds: int | None = None) -> dict:
    """Howell for 2n pairs: pair 2n stays at table 1 and plays pair r in round r; pair r + k
    plays pair r - k (mod 2n - 1) at table k + 1. An odd count makes the stationary pair the
    phantom: pair r has the bye in round r and the tables are numbered from 1 for k = 1.
    Fewer rounds give a partial Howell (its first rounds): still nobody meets twice.
    """
    return _cyclic("howell", pairs, rounds, lambda index, cycle: index + 1)


def round_robin(pairs: int, rounds: int | None = None) -> dict:
    """Round robin by the circle (Berger) method in the order of the FIDE Berger tables.

    Round r has centre c with 2c = r + 1 (mod M - 1), so round 1 is 1 v M, 2 v M - 1, ...;
    M - 1 rounds for an even count, M = N + 1 rounds with one bye each for an odd count, the
    fewest possible. Robber leagues use it; table numbers are 1.. in Berger's order.
    """

    def berger_centre(index: int, cycle: int) -> int:
        half = (cycle + 1) // 2  # the inverse of 2 modulo the odd cycle length
        return (index + 2) * half % cycle or cycle

    return _cyclic("round_robin", pairs, rounds, berger_centre)
