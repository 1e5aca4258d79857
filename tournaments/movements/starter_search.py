"""Searching a Z-cyclic starter round of a whist tournament Wh(v) (see ``whist.py``).

``scripts/find_starters.py`` runs the search and ships what it finds, verified, in
``data/starters.json``; nothing at run time searches.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tournaments.movements.whist import Table

# ----------------------------------------------------------------------- search
#
# A Z-cyclic starter is a partition of the points into tables whose ± differences cover
# every class once among partners and twice among opponents.  Searching all arrangements
# stalls beyond v ~ 32, so the search may impose a multiplier automorphism: a unit mu of
# order k (mod m) with -1 not a power of mu.  Most tables then come in orbits
# T, mu*T, ..., mu^(k-1)*T: the search chooses only the representative T (one point per
# mu-orbit of points, in each of its four seats), and the differences of the whole orbit
# follow.  Points whose mu-orbit is short (∞, 0, multiples of a factor of m) plus a few
# whole orbits, chosen so the counts work out, sit at "free" tables searched seat by seat.
# Classic Z-cyclic whist constructions ("patterned" starters, multiplier groups) use the
# same idea; here it cuts the search space by about a factor k and finds sizes the plain
# search does not.


@dataclass(frozen=True)
class Pattern:
    """The shape of a multiplier-invariant starter for Wh(v) under x -> mu*x (mod m)."""

    v: int
    mu: int
    order: int  # k: mu^k = 1 (mod m)
    short: tuple[int, ...]  # points in short orbits (∞ first when v = 0 mod 4)
    orbits: tuple[tuple[int, ...], ...]  # full orbits (x, mu x, ..., mu^(k-1) x)
    free_orbits: int  # how many full orbits also sit at the free tables

    @property
    def modulus(self) -> int:
        return self.v - 1 if self.v % 4 == 0 else self.v

    @property
    def free_seats(self) -> int:
        return len(self.short) + self.order * self.free_orbits

    @property
    def representatives(self) -> int:
        """Tables searched as representatives of a table orbit."""
        return (len(self.orbits) - self.free_orbits) // 4


def multiplier_pattern(v: int, mu: int) -> Pattern | None:
    """The pattern for multiplier mu, or None if mu is unusable for Wh(v)."""
    m = v - 1 if v % 4 == 0 else v
    if v % 4 not in (0, 1) or math.gcd(mu, m) != 1:
        return None
    powers = [1]
    while (powers[-1] * mu) % m != 1:
        powers.append(powers[-1] * mu % m)
    k = len(powers)
    if k > 1 and m - 1 in powers:  # T and -T repeat every difference: never a design
        return None
    short: list[int] = [m] if v % 4 == 0 else []
    orbits: list[tuple[int, ...]] = []
    seen = {0}  # 0 is fixed: beside ∞ (v = 0 mod 4) or sitting out (v = 1 mod 4)
    if v % 4 == 0:
        short.append(0)
    for x in range(1, m):
        if x in seen:
            continue
        orbit = tuple(x * p % m for p in powers)
        seen.update(orbit)
        if len(set(orbit)) == k:
            orbits.append(orbit)
        else:
            short.extend(sorted(set(orbit)))
    # A difference class c fixed (up to sign) by s > 1 of the powers of mu comes s times
    # from every table orbit, so it must get its one partner pair (and, when s > 2, its
    # two opponent pairs) from the free tables: enough of them must be free.
    fixed = [sum(1 for p in powers if c * p % m in (c, m - c)) for c in range(1, (m - 1) // 2 + 1)]
    need_partners = sum(1 for s in fixed if s > 1)
    need_opponents = 2 * sum(1 for s in fixed if s > 2)
    at_infinity = 1 if v % 4 == 0 else 0
    for free in range(len(orbits) + 1):
        seats = len(short) + k * free
        if seats % 4 or (len(orbits) - free) % 4:
            continue
        if need_partners <= seats // 2 - at_infinity and need_opponents <= seats - 2 * at_infinity:
            return Pattern(v, mu, k, tuple(short), tuple(orbits), free)
    return None


def multiplier_patterns(v: int) -> list[Pattern]:
    """One pattern per usable cyclic multiplier group, the plain search (mu = 1) first,
    then by how many representative tables are left to search (fewest last)."""
    m = v - 1 if v % 4 == 0 else v
    patterns: dict[frozenset[int], Pattern] = {}
    for mu in range(1, m):
        pattern = multiplier_pattern(v, mu)
        if pattern is None or (mu > 1 and pattern.representatives == 0):
            continue
        group = frozenset(mu**j % m for j in range(pattern.order))
        patterns.setdefault(group, pattern)
    return sorted(patterns.values(), key=lambda p: (p.mu != 1, -p.representatives, p.mu))


def search_starter(
    v: int,
    seed: int = 0,
    iterations: int = 300_000,
    mu: int = 1,
    temperature: float = 0.5,
) -> list[Table] | None:
    """Anneal a Z-cyclic starter of Wh(v) invariant under x -> mu*x; None if not found.

    State: the points of the free seats (∞ fixed in seat 0, which costs no generality)
    and one point per representative seat.  Moves: swap two free seats; swap two
    representative points; replace a representative x by mu^e x; trade a representative's
    orbit with an orbit at the free tables.  Cost: ``starter_cost``, updated from the
    relations of the changed seats only.  Constant-temperature annealing (Metropolis)
    at ``temperature``; ``iterations`` moves, then give up.
    """
    pattern = multiplier_pattern(v, mu)
    if pattern is None:
        raise ValueError(f"multiplier {mu} gives no starter pattern for Wh({v})")
    return _Annealer(pattern, random.Random(seed)).run(iterations, temperature)


class _Annealer:
    """The state and moves of ``search_starter`` (see there)."""

    def __init__(self, pattern: Pattern, rng: random.Random) -> None:
        self.rng = rng
        m, k = pattern.modulus, pattern.order
        self.k = k
        self.has_infinity = pattern.v % 4 == 0
        self.free = pattern.free_seats
        self.reps = 4 * pattern.representatives  # representative seats (variables)
        seats = self.free + self.reps * k
        # mul[j][x] = mu^j x; ∞ (= m) stays put.
        self.mul = [[x * pow(pattern.mu, j, m) % m for x in range(m)] + [m] for j in range(k)]
        # Seat s of a table (a, b, c, d) relates to its partner and its two opponents.
        self.relations: list[list[tuple[int, int]]] = [[] for _ in range(seats)]
        for base in range(0, seats, 4):
            a, b, c, d = base, base + 1, base + 2, base + 3
            for x, y, kind in ((a, c, 0), (b, d, 0), (a, b, 1), (a, d, 1), (c, b, 1), (c, d, 1)):
                self.relations[x].append((y, kind))
                self.relations[y].append((x, kind))
        # slot[kind][x][y]: the counter for the ± difference class of x - y (0: involves ∞).
        half = (m - 1) // 2
        self.size = half + 1
        canon = [0] + [min(d, m - d) for d in range(1, m)]
        self.slot = [
            [
                [
                    0 if x == m or y == m else kind * self.size + canon[(x - y) % m]
                    for y in range(m + 1)
                ]
                for x in range(m + 1)
            ]
            for kind in (0, 1)
        ]
        self.target = [0] + [1] * half + [0] + [2] * half
        self.full = [False] * (m + 1)
        for orbit in pattern.orbits:
            for x in orbit:
                self.full[x] = True
        orbits = list(pattern.orbits)
        rng.shuffle(orbits)
        loose = [x for orbit in orbits[: pattern.free_orbits] for x in orbit]
        loose += list(pattern.short[1:] if self.has_infinity else pattern.short)
        rng.shuffle(loose)
        first = [m] if self.has_infinity else []
        self.rep_points = [rng.choice(orbit) for orbit in orbits[pattern.free_orbits :]]
        self.pos = first + loose + [0] * (self.reps * k)
        for u, x in enumerate(self.rep_points):
            for j in range(k):
                self.pos[self.rep_seat(u, j)] = self.mul[j][x]
        self.where = [0] * (m + 1)
        for s, x in enumerate(self.pos):
            self.where[x] = s
        self.counts = [0] * (2 * self.size)
        for s in range(seats):
            for t, kind in self.relations[s]:
                if t > s:
                    self.counts[self.slot[kind][self.pos[s]][self.pos[t]]] += 1
        self.counts[0] = self.counts[self.size] = 0
        self.cost = sum(abs(c - t) for c, t in zip(self.counts, self.target, strict=True))

    def rep_seat(self, u: int, j: int) -> int:
        """Seat of copy mu^j of representative seat u (u = 4 * table + role)."""
        table, role = divmod(u, 4)
        return self.free + 4 * (table * self.k + j) + role

    def propose(self) -> dict[int, int]:
        """A random move as {seat: new point}."""
        rng, k, mul = self.rng, self.k, self.mul
        first = 1 if self.has_infinity else 0
        free_choices = self.free - first
        pick = rng.randrange(free_choices + self.reps)
        if pick < free_choices:  # a free seat: swap with another free seat, or trade orbits
            s1 = first + pick
            if self.reps and self.full[self.pos[s1]] and rng.random() < 0.3:
                return self._trade(rng.randrange(self.reps), self.pos[s1])
            s2 = rng.randrange(first, self.free)
            return {s1: self.pos[s2], s2: self.pos[s1]}
        u = pick - free_choices
        x = self.rep_points[u]
        roll = rng.random()
        if k > 1 and roll < 0.25:  # another member of the same orbit
            x2 = mul[rng.randrange(1, k)][x]
            return {self.rep_seat(u, j): mul[j][x2] for j in range(k)}
        u2 = rng.randrange(self.reps)
        y = self.rep_points[u2]
        e = rng.randrange(k) if k > 1 and roll < 0.5 else 0
        move = {self.rep_seat(u, j): mul[j][mul[e][y]] for j in range(k)}
        move.update({self.rep_seat(u2, j): mul[j][x] for j in range(k)})
        return move

    def _trade(self, u: int, y: int) -> dict[int, int]:
        """Representative u takes y's orbit; the free seats of that orbit take u's."""
        x = self.rep_points[u]
        move = {self.where[self.mul[j][y]]: self.mul[j][x] for j in range(self.k)}
        move.update({self.rep_seat(u, j): self.mul[j][y] for j in range(self.k)})
        return move

    def delta(self, move: dict[int, int]) -> tuple[int, dict[int, int]]:
        """Cost change of ``move`` and the counter changes it makes."""
        pos, slot = self.pos, self.slot
        touched: dict[int, int] = {}
        for s, new in move.items():
            for t, kind in self.relations[s]:
                other = move.get(t)
                if other is not None and t < s:
                    continue  # counted from t
                old_t = pos[t]
                before = slot[kind][pos[s]][old_t]
                after = slot[kind][new][old_t if other is None else other]
                if before != after:
                    touched[before] = touched.get(before, 0) - 1
                    touched[after] = touched.get(after, 0) + 1
        change = 0
        counts, target = self.counts, self.target
        for i, c in touched.items():
            if i % self.size:
                now = counts[i]
                change += abs(now + c - target[i]) - abs(now - target[i])
        return change, touched

    def apply(self, move: dict[int, int], touched: dict[int, int], change: int) -> None:
        for i, c in touched.items():
            self.counts[i] += c
        self.counts[0] = self.counts[self.size] = 0
        for s, new in move.items():
            self.pos[s] = new
            self.where[new] = s
            if s >= self.free and (s - self.free) % (4 * self.k) < 4:  # copy 0: a variable
                table = (s - self.free) // (4 * self.k)
                self.rep_points[4 * table + (s - self.free) % 4] = new
        self.cost += change

    def run(self, iterations: int, temperature: float) -> list[Table] | None:
        accept = [math.exp(-d / temperature) for d in range(64)]
        rng = self.rng
        for _ in range(iterations):
            if self.cost == 0:
                pos = self.pos
                return [(pos[i], pos[i + 1], pos[i + 2], pos[i + 3]) for i in range(0, len(pos), 4)]
            move = self.propose()
            change, touched = self.delta(move)
            if change <= 0 or (change < 64 and rng.random() < accept[change]):
                self.apply(move, touched, change)
        return None
