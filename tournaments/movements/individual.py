"""Individual movements: tables of four, partners change every round.

Where a whist tournament Wh(N) is known (``whist.py``) R of its rounds are used as
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

import math
import random
from collections.abc import Sequence

from tournaments.movements.errors import MovementError
from tournaments.movements.whist import whist_design

MIN_PLAYERS, MAX_PLAYERS = 4, 400
MAX_ROUNDS = 100  # beyond a known design's own length
DEFAULT_ROUNDS_CAP = 24  # an evening, when no design fixes the length
GREEDY_CANDIDATES = 120  # how many unseated players the greedy start weighs per seat
TROUBLE_DRAWS = 4  # draws to find a seat worth moving
START_TEMPERATURE, FINAL_TEMPERATURE = 0.3, 0.05  # in units of one repeated meeting
STALL_STEPS = 25_000  # stop when this many moves bring no new best
STEPS_PER_SEAT = 25  # local-search moves per player and round ...
MAX_STEPS = 150_000  # ... but never more, whatever the size (a few seconds)
ORIENTATION_PASSES = 20
RELABEL_TRIES = 50  # relabellings tried per extra copy of a design
ORIENTATION_WALK = 20  # random flips per table and round, to escape local optima
ORIENTATION_UPHILL = 0.005  # chance of accepting a flip that makes the balance worse
SELECTION_WORK = 2_000_000  # rounds x design rounds x tables for picking design rounds

# Penalty weights: a repeated partner outweighs any number of opponent repeats a
# single swap can cause, and those outweigh repeated meetings.
W_PARTNER, W_OPPONENT, W_MEETING = 10_000, 100, 1
W_CONSECUTIVE = 100_000  # the same partner two rounds running breaks the movement's promise

# A round's seating: positions 0..4T-1 are table seats (a, b, c, d per table),
# the rest are sit-out slots.  a/c and b/d are partners.
Seating = list[int]


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
    seatings = _design_prefix(players, rounds)
    if seatings is None:
        seatings = _polished(players, rounds, seed)
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
                sum(meet[x * players + y] for table in tables for x, y in _table_pairs(table))
                for tables in left
            ]
            tables = left.pop(costs.index(min(costs)))
            for table in tables:
                for x, y in _table_pairs(table):
                    meet[x * players + y] += 1
            chosen.append(tables)
    return [_seating(players, tables) for tables in chosen]


def _record(partner: list[int], meet: list[int], n: int, table: Sequence[int], sign: int) -> None:
    """Count (sign 1) or uncount (sign -1) a table's partners and meetings, both ways round."""
    for k, (x, y) in enumerate(_table_pairs(table)):
        if k < 2:  # the first two pairs are the partnerships
            partner[x * n + y] += sign
            partner[y * n + x] += sign
        meet[x * n + y] += sign
        meet[y * n + x] += sign


def _partnerships(seating: Seating, seats: int) -> set[tuple[int, int]]:
    return {
        (min(x, y), max(x, y))
        for base in range(0, seats, 4)
        for x, y in ((seating[base], seating[base + 2]), (seating[base + 1], seating[base + 3]))
    }


def _table_pairs(table: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The six pairs who meet at a table (a, b, c, d): partners first, then opponents."""
    a, b, c, d = table
    return ((a, c), (b, d), (a, b), (a, d), (c, b), (c, d))


def _polished(players: int, rounds: int, seed: int) -> list[Seating]:
    """Polish each start (the nearest design, a greedy seating) and keep the cheaper.

    A nearby design is usually the better start, but not always: from Wh(56) the extra
    sitters of 57 to 59 players polish to a worse spread of meetings than a greedy start.
    """
    best: tuple[int, list[Seating]] | None = None
    for start in (_initial, _greedy):
        rng = random.Random(seed)
        seatings = start(players, rounds, rng)
        if seatings is None:
            continue
        polisher = _Polisher(players, seatings, rng)
        polisher.run()
        cost = polisher._cost()
        if best is None or cost < best[0]:
            best = (cost, polisher.seatings)
    assert best is not None  # the greedy start always exists
    return best[1]


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
                if not _partnerships(_drop_phantom(players, v, first), seats) & _partnerships(
                    out[-1], seats
                ):
                    break
            for round_tables in design:
                relabelled = [[labels[x] for x in table] for table in round_tables]
                out.append(_drop_phantom(players, v, relabelled))
        return out[:rounds]
    return None


def _greedy(players: int, rounds: int, rng: random.Random) -> list[Seating]:
    """Round by round, seat each table with the cheapest of a few random candidates.

    Sit-outs follow a fixed shuffled cycle, so their spread is at most 1 at every round.
    """
    sitters, seats = players % 4, players - players % 4
    partner = [0] * (players * players)
    meet = [0] * (players * players)
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
            _record(partner, meet, players, (a, b, c, d), 1)
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


class _Polisher:
    """Seeded local search over within-round swaps (see module docstring for the cost)."""

    def __init__(self, players: int, seatings: list[Seating], rng: random.Random) -> None:
        self.n = players
        self.seatings = seatings
        self.rng = rng
        self.seats = 4 * (players // 4)
        self.partner = [0] * (players * players)
        self.meet = [0] * (players * players)
        self.idle = [0] * players
        # partner_of[r][x]: x's partner in round r (-1 sitting out), for "partners change
        # every round": a partnership kept into the next round costs W_CONSECUTIVE.
        self.partner_of = [[-1] * players for _ in seatings]
        for r, seating in enumerate(seatings):
            self._apply(seating, 1)
            self._note_partners(r, range(0, self.seats, 4))
            for x in seating[self.seats :]:
                self.idle[x] += 1
        self.cost = self._cost()

    def _note_partners(self, r: int, bases) -> None:
        seating, partner_of = self.seatings[r], self.partner_of[r]
        for base in bases:
            a, b, c, d = seating[base : base + 4]
            partner_of[a], partner_of[c], partner_of[b], partner_of[d] = c, a, d, b

    def _kept(self, r: int, x: int, y: int) -> int:
        """In how many neighbouring rounds of r x partners y."""
        return sum(
            1
            for nr in (r - 1, r + 1)
            if 0 <= nr < len(self.seatings) and self.partner_of[nr][x] == y
        )

    def _cost(self) -> int:
        """The full penalty (the search tracks it by deltas; 0 means nothing to polish)."""
        n, total = self.n, 0
        for x in range(n):
            for y in range(x + 1, n):
                p, m = self.partner[x * n + y], self.meet[x * n + y]
                o = m - p
                total += (
                    W_PARTNER * p * (p - 1) + W_OPPONENT * o * (o - 1) + W_MEETING * m * (m - 1)
                ) // 2
        for r in range(1, len(self.seatings)):
            now, before = self.partner_of[r], self.partner_of[r - 1]
            kept = sum(1 for x in range(n) if now[x] >= 0 and now[x] == before[x])
            total += W_CONSECUTIVE * kept // 2
        return total

    def _apply(self, seating: Seating, sign: int) -> None:
        for base in range(0, self.seats, 4):
            self._apply_table(seating, base, sign)

    def _apply_table(self, seating: Seating, base: int, sign: int) -> None:
        _record(self.partner, self.meet, self.n, seating[base : base + 4], sign)

    def _mates(self, seating: Seating, pos: int) -> tuple[int, int, int] | None:
        """(partner, opponent, opponent) of the seat at ``pos``; None for a sit-out slot."""
        if pos >= self.seats:
            return None
        base, i = pos - pos % 4, pos % 4
        return seating[base + (i + 2) % 4], seating[base + (i + 1) % 4], seating[base + (i + 3) % 4]

    def _relation_delta(self, x: int, mates: tuple[int, int, int], sign: int) -> int:
        """Cost change when x gains (sign 1) or loses (sign -1) these table-mates."""
        n, partner, meet = self.n, self.partner, self.meet
        i, (y, o1, o2) = x * n, mates
        p, m = partner[i + y], meet[i + y]
        p1, m1 = partner[i + o1], meet[i + o1]
        p2, m2 = partner[i + o2], meet[i + o2]
        if sign < 0:  # the counts still include the relations being lost
            p, m, m1, m2 = p - 1, m - 1, m1 - 1, m2 - 1
        delta = W_PARTNER * p + W_OPPONENT * (m1 - p1 + m2 - p2) + W_MEETING * (m + m1 + m2)
        return delta if sign > 0 else -delta

    def _swap_delta(self, r: int, p: int, q: int) -> int | None:
        """Cost change of swapping positions p and q of round r; None for a no-op or a
        forbidden swap."""
        seating = self.seatings[r]
        x, y = seating[p], seating[q]
        mx, my = self._mates(seating, p), self._mates(seating, q)
        if mx is None and my is None:
            return None
        delta = self._meeting_delta(seating, p, q, x, y, mx, my)
        if delta is None:
            return None
        # Either way x takes y's partner and y takes x's (or sits out).
        kept = self._kept
        if mx is not None:
            delta += W_CONSECUTIVE * (kept(r, y, mx[0]) - kept(r, x, mx[0]))
        if my is not None:
            delta += W_CONSECUTIVE * (kept(r, x, my[0]) - kept(r, y, my[0]))
        return delta

    def _meeting_delta(
        self, seating: Seating, p: int, q: int, x: int, y: int, mx, my
    ) -> int | None:
        """The swap's change in partner, opponent and meeting penalties."""
        if mx is not None and my is not None and p // 4 == q // 4:
            if mx[0] == y:
                return None  # partners trading seats changes nothing
            n, partner, meet = self.n, self.partner, self.meet
            delta = 0
            for u, w in ((x, mx[0]), (y, my[0])):  # partners become opponents
                pp, oo = partner[u * n + w], meet[u * n + w] - partner[u * n + w]
                delta += -W_PARTNER * (pp - 1) + W_OPPONENT * oo
            for u, w in ((x, my[0]), (y, mx[0])):  # opponents become partners
                pp, oo = partner[u * n + w], meet[u * n + w] - partner[u * n + w]
                delta += W_PARTNER * pp - W_OPPONENT * (oo - 1)
            return delta
        if mx is None or my is None:
            # Only a player with fewer sit-outs may take over a sit-out: spread stays <= 1.
            comes_in, goes_out = (x, y) if mx is None else (y, x)
            if self.idle[goes_out] >= self.idle[comes_in]:
                return None
        delta = 0
        if mx is not None:
            delta += self._relation_delta(x, mx, -1) + self._relation_delta(y, mx, 1)
        if my is not None:
            delta += self._relation_delta(y, my, -1) + self._relation_delta(x, my, 1)
        return delta

    def _swap(self, r: int, p: int, q: int) -> None:
        seating = self.seatings[r]
        bases = {pos - pos % 4 for pos in (p, q) if pos < self.seats}
        for base in bases:
            self._apply_table(seating, base, -1)
        if (p >= self.seats) != (q >= self.seats):
            x, y = seating[p], seating[q]
            self.idle[x] += 1 if q >= self.seats else -1
            self.idle[y] += 1 if p >= self.seats else -1
        for pos in (p, q):
            self.partner_of[r][seating[pos]] = -1
        seating[p], seating[q] = seating[q], seating[p]
        for base in bases:
            self._apply_table(seating, base, 1)
        self._note_partners(r, bases)

    def _repair_sit_outs(self) -> None:
        """Move sit-outs from the busiest sitter to the least idle player until spread <= 1."""
        while max(self.idle) - min(self.idle) > 1:
            most = max(range(self.n), key=self.idle.__getitem__)
            least = min(range(self.n), key=self.idle.__getitem__)
            best: tuple[int, int, int, int] | None = None
            for r, seating in enumerate(self.seatings):
                idle_here = seating[self.seats :]
                if most in idle_here and least not in idle_here:
                    p, q = seating.index(most), seating.index(least)
                    delta = self._swap_delta(r, p, q)  # allowed: most sat out more
                    if best is None or delta < best[0]:
                        best = (delta, r, p, q)
            assert best is not None  # most sat out more often, so such a round exists
            self._swap(best[1], best[2], best[3])
            self.cost += best[0]

    def _troubled_seat(self, seating: Seating) -> int:
        """A seat whose player meets a table-mate more than once, if a few draws find one.

        Moving players who cause the penalty converges far faster than moving anyone.
        """
        n, meet, draw, seats = self.n, self.meet, self.rng.random, self.seats
        for _ in range(TROUBLE_DRAWS):
            pos = int(draw() * seats)
            base = pos - pos % 4
            i = seating[pos] * n
            a, b, c, d = seating[base : base + 4]
            if meet[i + a] + meet[i + b] + meet[i + c] + meet[i + d] > 3:
                return pos
        return pos

    def run(self) -> None:
        self._repair_sit_outs()
        rounds, n = len(self.seatings), self.n
        if self.seats == 0:
            return
        steps = min(STEPS_PER_SEAT * rounds * n, MAX_STEPS)
        temperature, final = START_TEMPERATURE, FINAL_TEMPERATURE
        cooling = math.exp(math.log(final / temperature) / steps)
        rng = self.rng
        best, best_step = self.cost, 0
        draw = rng.random
        for step in range(steps):
            if self.cost < best:
                best, best_step = self.cost, step
            if self.cost == 0 or step - best_step > STALL_STEPS:
                break
            r = int(draw() * rounds)
            seating = self.seatings[r]
            p, q = self._troubled_seat(seating), int(draw() * n)
            temperature *= cooling
            if p == q:
                continue
            delta = self._swap_delta(r, p, q)
            if delta is None:
                continue
            if delta <= 0 or draw() < math.exp(-delta / temperature):
                self._swap(r, p, q)
                self.cost += delta
        self.steps = step
        self._separate_consecutive_partners()

    def _partnerships(self, r: int) -> set[tuple[int, int]]:
        if not 0 <= r < len(self.seatings):
            return set()
        return _partnerships(self.seatings[r], self.seats)

    def _separate_consecutive_partners(self) -> None:
        """Partners change every round: where two rounds in a row share a partnership,
        make the cheapest swap in the later round that shares none with its neighbours."""
        for r in range(1, len(self.seatings)):
            for _attempt in range(self.seats):
                seating = self.seatings[r]
                neighbours = self._partnerships(r - 1) | self._partnerships(r + 1)
                clash = self._partnerships(r) & neighbours
                if not clash:
                    break
                x = clash.pop()[0]
                p = seating.index(x)
                best: tuple[int, int] | None = None
                for q in range(len(seating)):
                    delta = None if q == p else self._swap_delta(r, p, q)
                    if delta is None or (best is not None and delta >= best[0]):
                        continue
                    seating[p], seating[q] = seating[q], seating[p]
                    fine = not (self._partnerships(r) & neighbours)
                    seating[p], seating[q] = seating[q], seating[p]
                    if fine:
                        best = (delta, q)
                if best is None:
                    break  # too few players to avoid it (four or five players)
                self._swap(r, p, best[1])
                self.cost += best[0]


# ---------------------------------------------------------------------- directions


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
