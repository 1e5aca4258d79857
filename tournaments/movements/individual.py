"""Individual movements: tables of four, partners change every round.

A short drive (R <= N/4 rounds) seats no two players together twice (``short.py``).
Otherwise, where a whist tournament Wh(N) is known (``whist.py``) R of its rounds are used as
they stand: no partner twice, no opponent more than twice.  Every other request
(N = 2, 3 mod 4, no known design, more rounds than the design) starts from the
nearest design (a phantom for N + 1, extra sitters for N - 1..3, relabelled copies
for extra rounds) or a greedy seating, and a seeded local search polishes it.  The
search weighs repeated partners far above opponent repeats, and those far above
repeated meetings (so never-met pairs shrink); sit-outs stay spread (max − min ≤ 1)
as a hard rule.  Finally each table's orientation is chosen so every player sits
N/S and E/W about equally often.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.movements.errors import MovementError
from tournaments.movements.grade import lower_bounds
from tournaments.movements.polish import (
    W_MEETING,
    W_OPPONENT,
    W_PARTNER,
    Polisher,
    Seating,
    figures,
    partnerships,
    record,
    spread,
    table_pairs,
)
from tournaments.movements.short import binary_field_rounds, shipped_seating, short_drive
from tournaments.movements.whist import whist_design

MIN_PLAYERS, MAX_PLAYERS = 4, 400
MAX_ROUNDS = 100  # beyond a known design's own length
DEFAULT_ROUNDS_CAP = 24  # an evening, when no design fixes the length
GREEDY_CANDIDATES = 120  # how many unseated players the greedy start weighs per seat
ORIENTATION_PASSES = 20
RELABEL_TRIES = 50  # relabellings tried per extra copy of a design
ORIENTATION_WALK = 20  # random flips per table and round, to escape local optima
ORIENTATION_UPHILL = 0.005  # chance of accepting a flip that makes the balance worse
SELECTION_WORK = 2_000_000  # rounds x design rounds x tables for picking design rounds
# Up to this many players x rounds a polished seating may replace a design's rounds when
# the opponent bound is 1 (up to 108 players over 24 rounds; polishing 105 takes half a second).
POLISH_OVER_DESIGN_WORK = 2_600


def design_length(players: int) -> int | None:
    """Rounds of the known Wh(players), or None when none is known."""
    design = whist_design(players)
    return len(design) if design else None


def default_rounds(players: int) -> int:
    """The design's length when a design is known, else N − 1 capped at 24 rounds."""
    return design_length(players) or min(players - 1, DEFAULT_ROUNDS_CAP)


def individual_movement(players: int, rounds: int | None = None, seed: int = 0) -> dict:
    """The movement document (without "grade") for ``players`` over ``rounds`` rounds."""
    _check_request(players, rounds)
    if rounds is None:
        rounds = default_rounds(players)
    seatings = _chosen_seatings(players, rounds, seed)
    rng = random.Random(seed)
    tables = players // 4
    oriented = _orient(players, seatings, tables)
    labels = list(range(1, players + 1))
    if seed:
        rng.shuffle(labels)  # another seed, another but equally good card
    return {
        "kind": "individual",
        "players": players,
        "tables": tables,
        "rounds": [
            {
                "round": number,
                "tables": [
                    {"table": t + 1, "ns": [labels[a], labels[c]], "ew": [labels[b], labels[d]]}
                    for t, (a, b, c, d) in enumerate(round_tables)
                ],
                "sit_out": sorted(labels[x] for x in seating[4 * tables :]),
            }
            for number, (round_tables, seating) in enumerate(
                zip(oriented, seatings, strict=True), start=1
            )
        ],
    }


def _check_request(players: int, rounds: int | None) -> None:
    if isinstance(players, bool) or not isinstance(players, int):
        raise MovementError("E_MOVEMENT", f"players must be a whole number, not {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MovementError(
            "E_MOVEMENT",
            f"an individual movement needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}",
        )
    if rounds is None:
        return
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise MovementError("E_MOVEMENT", f"rounds must be a whole number, not {rounds!r}")
    limit = max(MAX_ROUNDS, design_length(players) or 0)
    if not 1 <= rounds <= limit:
        raise MovementError(
            "E_MOVEMENT", f"{players} players can have 1 to {limit} rounds, not {rounds}"
        )


# ------------------------------------------------------------------ starting points


def _seating(players: int, tables: Sequence[Sequence[int]]) -> Seating:
    """A round's seating from its tables; everyone not seated sits out."""
    seated = [x for table in tables for x in table]
    taken = set(seated)
    return seated + [x for x in range(players) if x not in taken]


def _chosen_seatings(players: int, rounds: int, seed: int) -> list[Seating]:
    """The first construction that applies, else the best of a design's rounds and polishing.

    A short drive repeats no meeting; a shipped movement is at its bounds; chosen rounds of
    Wh(2^k) oppose no pair twice; a design prefix is at the partner and opponent bounds
    unless the opponent bound is 1 (2R < N), when polished starts (from a short drive where
    there is one) may beat it, as far as POLISH_OVER_DESIGN_WORK allows the time.
    """
    short = _short_drive(players, rounds)
    if short is not None:
        return short
    found = shipped_seating(players, rounds)
    if found is not None:
        return [_seating(players, tables) for tables in found]
    bounds = lower_bounds(players, rounds)
    if bounds["max_opponent"] == 1:
        for most in (bounds["max_meeting"], bounds["max_meeting"] + 1):
            chosen = binary_field_rounds(players, rounds, most)
            if chosen is not None:
                return [_seating(players, tables) for tables in chosen]
    design = _design_prefix(players, rounds)
    if design is not None and (
        bounds["max_opponent"] > 1 or players * rounds > POLISH_OVER_DESIGN_WORK
    ):
        return design
    polished = _polished(players, rounds, seed)
    if design is None:
        return polished
    return min(design, polished, key=lambda seatings: spread(players, seatings))


def _short_drive(players: int, rounds: int) -> list[Seating] | None:
    """R <= N/4 rounds in which no two players meet twice (``short.py``), if built."""
    rounds_tables = short_drive(players, rounds)
    if rounds_tables is None:
        return None
    return [_seating(players, tables) for tables in rounds_tables]


def _design_prefix(players: int, rounds: int) -> list[Seating] | None:
    """R rounds of Wh(N): any R rounds repeat no partner and no opponent more than twice.

    When R is short of the whole design, rounds are picked one by one to add the fewest
    repeated meetings (a cyclic design's first rounds may seat a pair twice early);
    beyond SELECTION_WORK the first R rounds are taken as they are.
    """
    design = whist_design(players)
    if design is None or rounds > len(design):
        return None
    chosen = list(design[:rounds])
    if rounds < len(design) and rounds * len(design) * (players // 4) <= SELECTION_WORK:
        meet = [0] * (players * players)
        left = list(design)
        chosen = []
        for _ in range(rounds):
            costs = [
                sum(meet[x * players + y] for table in tables for x, y in table_pairs(table))
                for tables in left
            ]
            tables = left.pop(costs.index(min(costs)))
            for table in tables:
                for x, y in table_pairs(table):
                    meet[x * players + y] += 1
            chosen.append(tables)
    return [_seating(players, tables) for tables in chosen]


def _polished(players: int, rounds: int, seed: int) -> list[Seating]:
    """Polish each start and keep the best: a short drive's rounds followed by greedy ones
    where N = 0 (mod 4) and N/4 >= 4 (it replaces the plain greedy start), and the nearest
    design: a short opening suits short drives, design copies suit long ones.

    A nearby design is usually the better start, but not always: from Wh(56) the extra
    sitters of 57 to 59 players polish to a worse spread of meetings than a greedy start.
    """
    best: tuple[tuple[int, ...], list[Seating]] | None = None
    bounds = lower_bounds(players, rounds)
    target = (bounds["max_partner"], bounds["max_opponent"], bounds["max_meeting"])
    opening = _short_start(players, rounds, random.Random(seed))
    for start in (_short_start, _initial) if opening is not None else (_initial, _greedy):
        rng = random.Random(seed)
        seatings = start(players, rounds, rng)
        if seatings is None:
            continue
        polisher = Polisher(players, seatings, rng)
        polisher.run()
        key = (*figures(players, polisher.seatings), polisher._cost())
        if best is None or key < best[0]:
            best = (key, polisher.seatings)
        if all(got <= bound for got, bound in zip(best[0][:3], target, strict=True)):
            break  # at every bound: no other start can do better
    assert best is not None  # the greedy start always exists
    return best[1]


def _short_start(players: int, rounds: int, rng: random.Random) -> list[Seating] | None:
    """As many rounds as a short drive allows (no meeting twice), the rest greedy."""
    longest = min(players // 4, rounds)
    # A failed search costs its whole budget: after the longest, try a shorter one at once.
    for first in dict.fromkeys((longest, max(2, 3 * longest // 4))):
        opening = _short_drive(players, first)
        if opening is not None:
            return opening + _greedy(players, rounds - first, rng, opening)
    return None


def _initial(players: int, rounds: int, rng: random.Random) -> list[Seating] | None:
    """Rounds from the nearest known design, relabelled copy after copy (None: no design near).

    v = N + 1: the phantom's three table-mates sit out (N = 3 mod 4), or the design's
    sitter takes the phantom's seat (N = 0 mod 4).  v < N: the N − v extra players
    sit out until the sit-out repair spreads them.
    """
    sitters = players % 4
    for v in (players, players + 1, players - 1, players - 2, players - 3):
        design = whist_design(v)
        if design is None:
            continue
        phantom_fill = v == players + 1 and v % 4 == 1
        if not phantom_fill and players - v + (v % 4 == 1) != sitters:
            continue
        out: list[Seating] = []
        seats = players - sitters
        while len(out) < rounds:
            labels = list(range(v))
            for _ in range(RELABEL_TRIES if out else 0):
                # A copy must not open with a partnership the last round just had.
                rng.shuffle(labels)
                first = [[labels[x] for x in table] for table in design[0]]
                if not partnerships(_drop_phantom(players, v, first), seats) & partnerships(
                    out[-1], seats
                ):
                    break
            for round_tables in design:
                relabelled = [[labels[x] for x in table] for table in round_tables]
                out.append(_drop_phantom(players, v, relabelled))
        return out[:rounds]
    return None


def _greedy(
    players: int, rounds: int, rng: random.Random, before: Sequence[Seating] = ()
) -> list[Seating]:
    """Round by round, seat each table with the cheapest of a few random candidates
    (counting the meetings of the rounds ``before`` too).

    Sit-outs follow a fixed shuffled cycle, so their spread is at most 1 at every round.
    """
    sitters, seats = players % 4, players - players % 4
    partner = [0] * (players * players)
    meet = [0] * (players * players)
    for seating in before:
        for base in range(0, seats, 4):
            record(partner, meet, players, seating[base : base + 4], 1)
    cycle = list(range(players))
    rng.shuffle(cycle)
    out: list[Seating] = []
    for r in range(rounds):
        idle = [cycle[(r * sitters + i) % players] for i in range(sitters)]
        idle_set = set(idle)
        remaining = [x for x in range(players) if x not in idle_set]
        rng.shuffle(remaining)
        seating: Seating = []
        while remaining:
            table = [remaining.pop()]
            # Seat c (partner of a), then b, then d (partner of b): roles of each new seat.
            for partner_of in (0, None, 2):
                best, best_cost = 0, None
                for k in range(min(len(remaining), GREEDY_CANDIDATES)):
                    y, cost = remaining[-1 - k], 0
                    for i, x in enumerate(table):
                        m = meet[x * players + y]
                        if i == partner_of:
                            cost += W_PARTNER * partner[x * players + y] + W_MEETING * m
                        else:
                            cost += W_OPPONENT * (m - partner[x * players + y]) + W_MEETING * m
                    if best_cost is None or cost < best_cost:
                        best, best_cost = k, cost
                        if cost == 0:
                            break
                table.append(remaining.pop(-1 - best))
            a, c, b, d = table
            record(partner, meet, players, (a, b, c, d), 1)
            seating += [a, b, c, d]
        assert len(seating) == seats
        out.append(seating + idle)
    return out


def _drop_phantom(players: int, v: int, round_tables: list[list[int]]) -> Seating:
    """Seat a design on ``players``; points >= players are phantoms (only v = N + 1)."""
    if v <= players:
        return _seating(players, round_tables)
    phantom = v - 1
    seated = {x for table in round_tables for x in table}
    sitter = next((x for x in range(v) if x not in seated), None)
    kept = []
    for table in round_tables:
        if phantom in table and sitter is not None:
            kept.append([sitter if x == phantom else x for x in table])
        elif phantom not in table:
            kept.append(table)
    return _seating(players, kept)


# --------------------------------------------------------------------- local search


def _orient(players: int, seatings: list[Seating], tables: int) -> list[list[tuple]]:
    """Choose, per table, which partnership sits N/S, so each player's N/S and E/W rounds
    end up equal (within one when their round count is odd, in practice).

    Flipping a table never changes who partners or opposes whom.  A greedy pass seats
    N/S the partnership that sat E/W more so far; then passes of single flips lower
    Σ imbalance⁴ (the fourth power aims at the worst player) until none helps.
    """
    balance = [0] * players  # N/S rounds minus E/W rounds
    out: list[list[list[int]]] = []
    for seating in seatings:
        round_tables = []
        for base in range(0, 4 * tables, 4):
            a, b, c, d = seating[base : base + 4]
            if balance[a] + balance[c] > balance[b] + balance[d]:
                a, b, c, d = b, a, d, c
            balance[a] += 1
            balance[c] += 1
            balance[b] -= 1
            balance[d] -= 1
            round_tables.append([a, b, c, d])
        out.append(round_tables)
    for _ in range(ORIENTATION_PASSES):
        flipped = False
        for round_tables in out:
            for table in round_tables:
                a, b, c, d = table
                before = sum(balance[x] ** 4 for x in table)
                after = sum((balance[x] - 2) ** 4 for x in (a, c)) + sum(
                    (balance[x] + 2) ** 4 for x in (b, d)
                )
                if after < before:
                    balance[a] -= 2
                    balance[c] -= 2
                    balance[b] += 2
                    balance[d] += 2
                    table[:] = [b, a, d, c]
                    flipped = True
        if not flipped:
            break
    _walk_orientations(balance, out, tables, seed=len(seatings))
    return [[tuple(table) for table in round_tables] for round_tables in out]


def _walk_orientations(
    balance: list[int], out: list[list[list[int]]], tables: int, seed: int
) -> None:
    """Random flips while some player is off by 2 or more: first never raising Σ imbalance⁴,
    then now and then (ORIENTATION_UPHILL) accepting a worse one to leave a local optimum;
    the best orientation seen (by the worst player) is kept.
    """
    rng = random.Random(seed)
    places = [(r, t) for r in range(len(out)) for t in range(tables)]
    if not places:
        return
    spread = [0] * (2 * len(out) + 3)  # how many players have each |balance|
    for x in balance:
        spread[abs(x)] += 1
    worst = max(abs(x) for x in balance)
    best_worst, best = worst, [[list(t) for t in tables_] for tables_ in out]
    steps = ORIENTATION_WALK * len(places)
    for step in range(2 * steps):
        if best_worst <= 1:
            break
        uphill = ORIENTATION_UPHILL if step >= steps else 0.0  # sideways only, at first
        r, t = places[int(rng.random() * len(places))]
        table = out[r][t]
        a, b, c, d = table
        before = balance[a] ** 4 + balance[b] ** 4 + balance[c] ** 4 + balance[d] ** 4
        after = (
            (balance[a] - 2) ** 4
            + (balance[c] - 2) ** 4
            + (balance[b] + 2) ** 4
            + (balance[d] + 2) ** 4
        )
        if after > before and rng.random() >= uphill:
            continue
        for x, step in ((a, -2), (c, -2), (b, 2), (d, 2)):
            spread[abs(balance[x])] -= 1
            balance[x] += step
            spread[abs(balance[x])] += 1
        table[:] = [b, a, d, c]
        worst = max(worst, abs(balance[a]), abs(balance[b]), abs(balance[c]), abs(balance[d]))
        while spread[worst] == 0:
            worst -= 1
        if worst < best_worst:
            best_worst, best = worst, [[list(t) for t in tables_] for tables_ in out]
    for r, tables_ in enumerate(best):
        out[r] = tables_
