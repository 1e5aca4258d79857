"""CP-SAT models of Z-cyclic whist starters, for scripts/find_starters.py (OR-Tools, a dev
dependency; an offline tool, nothing at run time imports it).

``patterned_starter``: tables {x, -x} against {y, -y} (see ``find_starters.patterned``).

``pattern_starter``: a starter of a multiplier pattern (``starter_search.Pattern``): the
free tables seat ∞, 0, the short orbits and a few whole orbits point by point; each
representative table takes one point from each of four other orbits and stands for its k
images under x -> mu*x.  A partner or opponent pair at a free table gives one ± class; a
pair at a representative table gives the whole mu-orbit of its class (each class of an
orbit of length L k/L times).  Every class must come once among partners and twice among
opponents.  Where annealing wanders, CP-SAT decides the small patterns in seconds (Wh(112)
with mu = 7: three representative tables, one free).  A pattern with one representative
table is split by what that table covers (``representatives``).
"""

from __future__ import annotations

import time
from collections import Counter
from itertools import combinations, pairwise, permutations, product

from ortools.sat.python import cp_model

from tournaments.movements.starter_search import Pattern
from tournaments.movements.whist import Table

PARTNERS = ((0, 2), (1, 3))
OPPONENTS = ((0, 1), (0, 3), (2, 1), (2, 3))
FOUND = (cp_model.OPTIMAL, cp_model.FEASIBLE)


def _solver(seconds: float, seed: int = 0) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 2
    solver.parameters.random_seed = seed
    return solver


def patterned_starter(v: int, seconds: float) -> list[Table] | None:
    """Which pairs {x, -x} share a table: every class once as a pair, once as a difference."""
    half = (v - 1) // 2
    model = cp_model.CpModel()
    tables = {
        (x, y): model.NewBoolVar(f"{x},{y}")
        for x in range(1, half + 1)
        for y in range(x + 1, half + 1)
    }
    for c in range(1, half + 1):
        model.AddExactlyOne(t for (x, y), t in tables.items() if c in (x, y))
        model.AddExactlyOne(
            t for (x, y), t in tables.items() if c in (min(x + y, v - x - y), y - x)
        )
    solver = _solver(seconds)
    if solver.Solve(model) not in FOUND:
        return None
    return [(x, y, v - x, v - y) for (x, y), t in tables.items() if solver.Value(t)]


class _PatternModel:
    """The variables and constraints of ``pattern_starter`` (see the module docstring)."""

    def __init__(self, pattern: Pattern) -> None:
        self.pattern = p = pattern
        self.m, self.k = m, k = p.modulus, p.order
        self.infinity = m if p.v % 4 == 0 else None
        self.half = (m - 1) // 2
        self.model = cp_model.CpModel()
        # Orbit numbers: the full orbits first, then every short point on its own.
        self.orbit_of = {x: i for i, orbit in enumerate(p.orbits) for x in orbit}
        self.orbit_of.update({x: len(p.orbits) + j for j, x in enumerate(p.short)})
        self.class_orbits: list[list[int]] = []
        self.class_orbit_of: dict[int, int] = {}
        for c in range(1, self.half + 1):
            if c not in self.class_orbit_of:
                orbit = sorted({self._class(c * p.mu**j) for j in range(k)})
                self.class_orbit_of.update((d, len(self.class_orbits)) for d in orbit)
                self.class_orbits.append(orbit)
        orbit_points = sorted(self.orbit_of.keys() - set(p.short))
        self.free = self._seats(p.free_seats // 4, sorted(p.short) + orbit_points, "f")
        self.reps = self._seats(p.representatives, orbit_points, "r")
        self.partner_terms: dict[int, list] = {c: [] for c in range(1, self.half + 1)}
        self.opponent_terms: dict[int, list] = {c: [] for c in range(1, self.half + 1)}

    def _class(self, d: int) -> int:
        return min(d % self.m, -d % self.m)

    def _seats(self, tables: int, points: list[int], name: str) -> list[list]:
        domain = cp_model.Domain.FromValues(points)
        return [
            [self.model.NewIntVarFromDomain(domain, f"{name}{t}.{s}") for s in range(4)]
            for t in range(tables)
        ]

    def _orbit(self, point) -> cp_model.IntVar:
        orbit = self.model.NewIntVar(0, max(self.orbit_of.values()), "")
        self.model.AddAllowedAssignments([point, orbit], list(self.orbit_of.items()))
        return orbit

    def _indicators(self, var, values: range) -> list:
        flags = []
        for value in values:
            flag = self.model.NewBoolVar("")
            self.model.Add(var == value).OnlyEnforceIf(flag)
            self.model.Add(var != value).OnlyEnforceIf(flag.Not())
            flags.append(flag)
        return flags

    def build(self) -> None:
        model, p = self.model, self.pattern
        free_orbits = [[self._orbit(x) for x in table] for table in self.free]
        rep_orbits = [[self._orbit(x) for x in table] for table in self.reps]
        model.AddAllDifferent([x for table in self.free for x in table])
        model.AddAllDifferent([o for table in rep_orbits for o in table])
        # Every full orbit is k free seats or one representative seat; short points once.
        count = len(p.orbits) + len(p.short)
        at_free = [self._indicators(o, range(count)) for table in free_orbits for o in table]
        at_rep = [self._indicators(o, range(count)) for table in rep_orbits for o in table]
        for i in range(count):
            weight = self.k if i < len(p.orbits) else 1
            model.Add(sum(f[i] for f in at_free) + weight * sum(r[i] for r in at_rep) == weight)
        self._differences()
        self._break_symmetry(free_orbits, rep_orbits)

    def _differences(self) -> None:
        points = list(self.orbit_of)
        free_pairs = [
            (x, y, 0 if self.infinity in (x, y) else self._class(x - y))
            for x in points
            for y in points
            if x != y
        ]
        rep_points = [x for x in points if x not in self.pattern.short]
        rep_pairs = [
            (x, y, self.class_orbit_of[self._class(x - y)])
            for x in rep_points
            for y in rep_points
            if x != y
        ]
        classes = range(1, self.half + 1)
        for seats, pairs, values in (
            (self.free, free_pairs, range(self.half + 1)),
            (self.reps, rep_pairs, range(len(self.class_orbits))),
        ):
            for table in seats:
                for relation, terms in (
                    (PARTNERS, self.partner_terms),
                    (OPPONENTS, self.opponent_terms),
                ):
                    for a, b in relation:
                        value = self.model.NewIntVar(values.start, values.stop - 1, "")
                        self.model.AddAllowedAssignments([table[a], table[b], value], pairs)
                        flags = dict(zip(values, self._indicators(value, values), strict=True))
                        if seats is self.free:
                            for c in classes:
                                terms[c].append(flags[c])
                        else:
                            for i, orbit in enumerate(self.class_orbits):
                                for c in orbit:
                                    terms[c].extend([flags[i]] * (self.k // len(orbit)))
        for c in classes:
            self.model.Add(sum(self.partner_terms[c]) == 1)
            self.model.Add(sum(self.opponent_terms[c]) == 2)

    def _break_symmetry(self, free_orbits: list[list], rep_orbits: list[list]) -> None:
        """A table is the same under its 8 seatings and the order of tables is free: the
        least seat first, seat 1 below seat 3, tables in order; ∞ in the first seat; a
        representative's first point is its orbit's first (the orbit of tables is the same
        whichever image represents it)."""
        model = self.model
        first_points = [(orbit[0], i) for i, orbit in enumerate(self.pattern.orbits)]
        for table, orbits in zip(self.reps, rep_orbits, strict=True):
            model.Add(orbits[0] < orbits[1])
            model.Add(orbits[0] < orbits[2])
            model.Add(orbits[1] < orbits[3])
            model.Add(orbits[0] < orbits[3])
            model.AddAllowedAssignments([table[0], orbits[0]], first_points)
        for before, after in pairwise(rep_orbits):
            model.Add(before[0] < after[0])
        ordered = self.free
        if self.infinity is not None:
            model.Add(self.free[0][0] == self.infinity)
            ordered = self.free[1:]
        for table in ordered:
            model.Add(table[0] < table[1])
            model.Add(table[0] < table[2])
            model.Add(table[1] < table[3])
            model.Add(table[0] < table[3])
        for before, after in pairwise(ordered):
            model.Add(before[0] < after[0])

    def starter(self, solver: cp_model.CpSolver) -> list[Table]:
        tables = [tuple(solver.Value(x) for x in table) for table in self.free]
        for table in self.reps:
            points = [solver.Value(x) for x in table]
            power = 1
            for _ in range(self.k):
                tables.append(tuple(x * power % self.m for x in points))
                power = power * self.pattern.mu % self.m
        return tables


def _solve(
    pattern: Pattern,
    seconds: float,
    seed: int,
    rep: Table | None = None,
    free: list[Table] | None = None,
):
    """CP-SAT on the pattern, with the one representative table or the free tables fixed."""
    built = _PatternModel(pattern)
    built.build()
    fixed = [(built.reps[0], rep)] if rep is not None else []
    fixed += list(zip(built.free, free or (), strict=False))
    for seats, points in fixed:
        for seat, point in zip(seats, points, strict=True):
            built.model.Add(seat == point)
    solver = _solver(seconds, seed)
    status = solver.Solve(built.model)
    if status == cp_model.INFEASIBLE:
        return False
    return built.starter(solver) if status in FOUND else None


def _free_orbit_pairs(model: _PatternModel) -> list[tuple[int, int]]:
    """With m prime, the orbits are the cosets g^i <mu> (g a primitive root), and multiplying
    by g turns them round: two free orbits are, up to that, cosets 0 and j <= n/2."""
    m, n = model.m, len(model.pattern.orbits)
    g = next(g for g in range(2, m) if len({pow(g, e, m) for e in range(m - 1)}) == m - 1)
    coset = [model.orbit_of[pow(g, i, m)] for i in range(n)]
    return [(coset[0], coset[j]) for j in range(1, n // 2 + 1)]


def representatives(pattern: Pattern) -> list[Table]:
    """For a pattern with one representative table: one table per *signature* (the four
    orbits it takes, the class orbits of its two partner pairs, how many of its opponent
    pairs fall in each class orbit).  The free tables must give exactly what the signature
    leaves, so two tables with one signature stand or fall together, and the search splits
    into a few small models that CP-SAT decides one by one.

    With m prime, multiplying by a unit keeps a starter a starter: the two free orbits are
    taken as ``_free_orbit_pairs`` says."""
    model = _PatternModel(pattern)
    orbits, m = pattern.orbits, pattern.modulus
    free_pairs = None
    if pattern.free_orbits == 2 and all(m % q for q in range(2, m)):
        free_pairs = {tuple(sorted(pair)) for pair in _free_orbit_pairs(model)}
    found: dict[tuple, Table] = {}
    for used in combinations(range(len(orbits)), 4):
        free = tuple(sorted(set(range(len(orbits))) - set(used)))
        if free_pairs is not None and free not in free_pairs:
            continue
        first, others = used[0], used[1:]
        for order in permutations(others):
            if order[0] > order[2]:  # seat 1 below seat 3, as _break_symmetry has it
                continue
            for picks in product(range(pattern.order), repeat=3):
                a = orbits[first][0]
                b, c, d = (orbits[o][i] for o, i in zip(order, picks, strict=True))
                partners = {model.class_orbit_of[model._class(x - y)] for x, y in ((a, c), (b, d))}
                opponents = Counter(
                    model.class_orbit_of[model._class(x - y)]
                    for x, y in ((a, b), (a, d), (c, b), (c, d))
                )
                if len(partners) == 2 and max(opponents.values()) <= 2:
                    signature = (used, frozenset(partners), tuple(sorted(opponents.items())))
                    found.setdefault(signature, (a, b, c, d))
    return list(found.values())


def free_parts(pattern: Pattern, keep=None) -> list[list[Table]]:
    """Every seating of the free tables (∞, 0 and two whole orbits, N - 1 prime) that the
    representative tables can complete: k finite partner pairs and 2k finite opponent pairs,
    while a representative pair gives a whole class orbit, so the free partner classes must
    be exactly one class orbit and each opponent class orbit must come evenly (0, 1 or 2
    times each class).  Up to turning the orbits round (see ``representatives``).
    ``keep(model, tables)`` replaces the opponents' test (a test counts every seating)."""
    model = _PatternModel(pattern)
    keep = keep or _even_opponents
    m, orbits = pattern.modulus, pattern.orbits
    found = []

    def matchings(points: list[int], orbit: int | None, used: set[int]):
        """Partner pairs with distinct classes, all in one class orbit."""
        if not points:
            yield []
            return
        a = points[0]
        for i in range(1, len(points)):
            c = model._class(a - points[i])
            o = model.class_orbit_of[c]
            if c in used or orbit not in (None, o):
                continue
            rest = points[1:i] + points[i + 1 :]
            for tail in matchings(rest, o, used | {c}):
                yield [(a, points[i]), *tail]

    def groupings(pairs: list[tuple[int, int]]):
        if not pairs:
            yield []
            return
        for i in range(1, len(pairs)):
            for tail in groupings(pairs[1:i] + pairs[i + 1 :]):
                yield [(pairs[0], pairs[i]), *tail]

    for first, second in _free_orbit_pairs(model):
        points = [0, *orbits[first], *orbits[second]]
        for mate in points:  # ∞'s partner
            for pairs in matchings([x for x in points if x != mate], None, set()):
                for i, beside in enumerate(pairs):  # the pair at ∞'s table
                    rest = pairs[:i] + pairs[i + 1 :]
                    for grouping in groupings(rest):
                        tables = [(m, beside[0], mate, beside[1])]
                        tables += [(p[0], q[0], p[1], q[1]) for p, q in grouping]
                        if keep(model, tables):
                            found.append(tables)
    return found


def _even_opponents(model: _PatternModel, tables: list[Table]) -> bool:
    counts = Counter(
        model._class(x - y)
        for a, b, c, d in tables
        for x, y in ((a, b), (a, d), (c, b), (c, d))
        if model.m not in (x, y)
    )
    for orbit in model.class_orbits:
        times = {counts[c] for c in orbit}
        if len(times) > 1 or max(times) > 2:
            return False
    return True


def pattern_starter(pattern: Pattern, seconds: float, seed: int = 0) -> list[Table] | bool | None:
    """A starter of ``pattern``; False if CP-SAT proves there is none, None if time ran out.

    Split into parts where that pays: at most six free tables with N - 1 prime, a model
    per seating of them (``free_parts``; none at all proves the pattern empty, as for
    every order-3 pattern tried); one representative table, a model per signature
    (``representatives``).  Each part gets 2 s, then the undecided ones again with four
    times as long, until time runs out (most are decided in a second, a few take minutes)."""
    m = pattern.modulus
    small_free = pattern.free_seats <= 24 and pattern.free_orbits == 2 and pattern.v % 4 == 0
    if small_free and all(m % q for q in range(2, m)):
        parts = [{"free": tables} for tables in free_parts(pattern)]
    elif pattern.representatives == 1:
        parts = [{"rep": table} for table in representatives(pattern)]
    else:
        return _solve(pattern, seconds, seed)
    deadline, limit = time.monotonic() + seconds, 2.0
    while parts and time.monotonic() < deadline:
        still = []
        for part in parts:
            left = deadline - time.monotonic()
            found = _solve(pattern, min(limit, left), seed, **part) if left > 0.1 else None
            if found:
                return found
            if found is None:
                still.append(part)
        parts, limit = still, limit * 4
    return None if parts else False
