"""Local search that polishes an individual movement's seatings (``individual.py``).

Moves swap two players (in a round, or a seat with a sit-out slot) and are accepted by a
cooling annealing schedule; the cost weighs repeated partners far above opponent repeats,
and those far above repeated meetings. Sit-outs stay spread as a hard rule.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

TROUBLE_DRAWS = 4  # draws to find a seat worth moving
START_TEMPERATURE, FINAL_TEMPERATURE = 0.3, 0.05  # in units of one repeated meeting
STALL_STEPS = 25_000  # stop when this many moves bring no new best
STEPS_PER_SEAT = 25  # local-search moves per player and round ...
MAX_STEPS = 150_000  # ... but never more, whatever the size (a few seconds)

# Penalty weights: a repeated partner outweighs any number of opponent repeats a
# single swap can cause, and those outweigh repeated meetings.
W_PARTNER, W_OPPONENT, W_MEETING = 10_000, 100, 1
W_CONSECUTIVE = 100_000  # the same partner two rounds running breaks the movement's promise

# A round's seating: positions 0..4T-1 are table seats (a, b, c, d per table),
# the rest are sit-out slots.  a/c and b/d are partners.
Seating = list[int]


def record(partner: list[int], meet: list[int], n: int, table: Sequence[int], sign: int) -> None:
    """Count (sign 1) or uncount (sign -1) a table's partners and meetings, both ways round."""
    for k, (x, y) in enumerate(table_pairs(table)):
        if k < 2:  # the first two pairs are the partnerships
            partner[x * n + y] += sign
            partner[y * n + x] += sign
        meet[x * n + y] += sign
        meet[y * n + x] += sign


def _tallies(players: int, seatings: Sequence[Seating]) -> tuple[list[int], list[int]]:
    n, seats = players, 4 * (players // 4)
    partner, meet = [0] * (n * n), [0] * (n * n)
    for seating in seatings:
        for base in range(0, seats, 4):
            record(partner, meet, n, seating[base : base + 4], 1)
    return partner, meet


def _most(partner: list[int], meet: list[int]) -> tuple[int, int, int]:
    opposed = max((m - p for m, p in zip(meet, partner, strict=True)), default=0)
    return max(partner, default=0), opposed, max(meet, default=0)


def figures(players: int, seatings: Sequence[Seating]) -> tuple[int, int, int]:
    """(most partnered, most opposed, most met) over all pairs of players."""
    return _most(*_tallies(players, seatings))


def spread(players: int, seatings: Sequence[Seating]) -> tuple[int, int, int, int]:
    """``figures``, then the pairs who never sit at one table: the order in which
    docs/movements.md ranks two seatings (equal figures: the wider spread wins)."""
    partner, meet = _tallies(players, seatings)
    never = players * (players - 1) // 2 - sum(1 for m in meet if m) // 2
    return (*_most(partner, meet), never)


def partnerships(seating: Seating, seats: int) -> set[tuple[int, int]]:
    return {
        (min(x, y), max(x, y))
        for base in range(0, seats, 4)
        for x, y in ((seating[base], seating[base + 2]), (seating[base + 1], seating[base + 3]))
    }


def table_pairs(table: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The six pairs who meet at a table (a, b, c, d): partners first, then opponents."""
    a, b, c, d = table
    return ((a, c), (b, d), (a, b), (a, d), (c, b), (c, d))


class Polisher:
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
        record(self.partner, self.meet, self.n, seating[base : base + 4], sign)

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
        return partnerships(self.seatings[r], self.seats)

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
