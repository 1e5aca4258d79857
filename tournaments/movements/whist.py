"""Whist tournaments Wh(v): the perfect individual movements, built or searched.

Over a whist tournament every two players are partners exactly once and opponents
exactly twice (docs/movements.md). We build them three ways:

* finite fields GF(q), q a prime power = 1 (mod 4): the primitive-root starter;
* GF(2^k): one round per nonzero r, tables on the cosets of {0, r, ar, (1+a)r};
* v = q·P or q·P + 1 for a prime power P = 1 (mod 4): the product of a smaller design
  on an odd group with GF(P) (``whist_product.py``), verified when built;
* smaller designs glued along a pairwise balanced design, made from a transversal design
  TD(k, m) and w extra points (v = k·m + w) or developed from a difference family shipped
  in ``data/difference_families.json`` (``whist_pbd.py``), verified when built;
* a frame starter: a group of order v - 4 or v - 1 with a subgroup of order 4 and fixed
  points (``whist_frame.py``), searched offline and shipped in ``data/frame_starters.json``;
* any other v: a Z-cyclic starter round found by annealing (``starter_search.py``), most
  often one invariant under a multiplier x -> mu*x so that only a few representative
  tables are searched (``multiplier_patterns``); ``scripts/find_starters.py`` runs the
  search and caches what it finds, verified, in ``data/starters.json``.

A table is a 4-tuple (a, b, c, d): a and c are partners (N, S) against b and d (E, W).
Designs here use points 0..v-1; the caller turns them into player numbers.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from itertools import product
from pathlib import Path

Table = tuple[int, int, int, int]
Round = list[Table]

STARTERS_PATH = Path(__file__).with_name("data") / "starters.json"


# --------------------------------------------------------------------------- fields


def _prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p**k, or None."""
    for p in range(2, q + 1):
        if q % p == 0:
            k, rest = 0, q
            while rest % p == 0:
                rest //= p
                k += 1
            return (p, k) if rest == 1 else None
    return None


class Field:
    """GF(p^k) on the integers 0..q-1 (base-p digits are polynomial coefficients).

    Small and table-driven: designs need only q <= 400, so exp/log tables are cheap.
    """

    def __init__(self, p: int, k: int) -> None:
        self.p, self.k, self.q = p, k, p**k
        self.exp, self.log = self._primitive_tables()

    def add(self, a: int, b: int) -> int:
        if self.k == 1:
            return (a + b) % self.p
        if self.p == 2:
            return a ^ b
        out, place = 0, 1
        while a or b:
            out += ((a % self.p + b % self.p) % self.p) * place
            a, b, place = a // self.p, b // self.p, place * self.p
        return out

    def mul(self, a: int, b: int) -> int:
        if a == 0 or b == 0:
            return 0
        return self.exp[(self.log[a] + self.log[b]) % (self.q - 1)]

    def _times_x(self, a: int, modulus: Sequence[int]) -> int:
        """a * x reduced modulo the monic polynomial ``modulus`` (low coefficients first)."""
        p, k = self.p, self.k
        digits = [(a // p**i) % p for i in range(k)]
        top = digits[-1]
        shifted = [0, *digits[:-1]]
        reduced = [(shifted[i] - top * modulus[i]) % p for i in range(k)]
        return sum(d * p**i for i, d in enumerate(reduced))

    def _primitive_tables(self) -> tuple[list[int], list[int]]:
        """Find a primitive polynomial (x generates the multiplicative group)."""
        p, k, q = self.p, self.k, self.q
        if k == 1:
            for g in range(2, p + 1):
                exp = [1]
                while len(exp) < p - 1:
                    exp.append(exp[-1] * g % p)
                if len(set(exp)) == p - 1:
                    return exp, _inverse(exp, q)
            return [1], [0, 0]  # GF(2): never used by a design
        for low in product(range(p), repeat=k):
            if low[0] == 0:
                continue
            exp = [1]
            element = 1
            for _ in range(q - 2):
                element = self._times_x(element, low)
                if element == 1:
                    break
                exp.append(element)
            if len(exp) == q - 1 and len(set(exp)) == q - 1:
                return exp, _inverse(exp, q)
        raise AssertionError(f"no primitive polynomial for GF({q})")


def _inverse(exp: list[int], q: int) -> list[int]:
    log = [0] * q
    for i, e in enumerate(exp):
        log[e] = i
    return log


@cache
def field(q: int) -> Field | None:
    pk = _prime_power(q)
    return Field(*pk) if pk else None


# ------------------------------------------------------------------ constructions


def field_design(v: int) -> list[Round] | None:
    """Wh(v) from GF(v): v = 2^k (v - 1 rounds) or v = 1 (mod 4) prime power (v rounds)."""
    gf = field(v)
    if gf is None or v < 4:
        return None
    if gf.p == 2:
        alpha = gf.exp[1]
        rounds = []
        for r in range(1, v):
            ar, r1 = gf.mul(alpha, r), gf.mul(gf.add(1, alpha), r)
            coset = {0, r, ar, r1}
            seen: set[int] = set()
            tables = []
            for x in range(v):
                if x in seen:
                    continue
                table = (x, x ^ ar, x ^ r, x ^ r1)
                seen.update(table)
                tables.append(table)
            assert len(coset) == 4
            rounds.append(tables)
        return rounds
    if v % 4 != 1:
        return None
    t = (v - 1) // 4
    starter = [tuple(gf.exp[i + j * t] for j in range(4)) for i in range(t)]
    return [[tuple(gf.add(point, r) for point in table) for table in starter] for r in range(v)]


def develop(v: int, starter: Sequence[Sequence[int]]) -> list[Round]:
    """Develop a Z-cyclic starter: mod v - 1 with fixed point ∞ = v - 1 when v = 0 (mod 4),
    mod v when v = 1 (mod 4)."""
    m = v - 1 if v % 4 == 0 else v
    return [
        [tuple(x if x == m else (x + r) % m for x in table) for table in starter] for r in range(m)
    ]


# ----------------------------------------------------------------- verification


def design_defects(v: int, rounds: Sequence[Round]) -> list[str]:
    """Everything that keeps ``rounds`` from being a Wh(v); [] for a whist tournament."""
    problems: list[str] = []
    tables_per_round = v // 4
    partner = [0] * (v * v)  # partner[x * v + y], x < y
    opponent = [0] * (v * v)
    expected_rounds = v - 1 if v % 4 == 0 else v
    if len(rounds) != expected_rounds:
        problems.append(f"{len(rounds)} rounds, expected {expected_rounds}")
    for number, tables in enumerate(rounds):
        seated = [x for table in tables for x in table]
        if len(tables) != tables_per_round or len(set(seated)) != len(seated):
            problems.append(f"round {number}: bad tables {tables}")
        if not all(0 <= x < v for x in seated):
            problems.append(f"round {number}: point outside 0..{v - 1}")
            continue
        for a, b, c, d in tables:
            for x, y in ((a, c), (b, d)):
                partner[x * v + y if x < y else y * v + x] += 1
            for x, y in ((a, b), (a, d), (c, b), (c, d)):
                opponent[x * v + y if x < y else y * v + x] += 1
    for x in range(v):
        for y in range(x + 1, v):
            if partner[x * v + y] != 1 or opponent[x * v + y] != 2:
                problems.append(
                    f"pair {x},{y}: partners {partner[x * v + y]}, opponents {opponent[x * v + y]}"
                )
                break
    return problems


def starter_cost(v: int, starter: Sequence[Sequence[int]]) -> int:
    """The search cost Σ|P(d) − 1| + |O(d) − 2| over canonical differences d (0 = perfect)."""
    m = v - 1 if v % 4 == 0 else v
    half = (m - 1) // 2
    part = [0] * (half + 1)
    opp = [0] * (half + 1)
    for a, b, c, d in starter:
        for counts, pairs in ((part, ((a, c), (b, d))), (opp, ((a, b), (a, d), (c, b), (c, d)))):
            for x, y in pairs:
                if x == m or y == m:
                    continue
                diff = (x - y) % m
                counts[min(diff, m - diff)] += 1
    return sum(abs(part[i] - 1) + abs(opp[i] - 2) for i in range(1, half + 1))


# ------------------------------------------------------------------ shipped data


@cache
def shipped_starters() -> dict[int, list[Table]]:
    """Starters cached by ``scripts/find_starters.py``; each is re-verified on load."""
    if not STARTERS_PATH.exists():
        return {}
    data = json.loads(STARTERS_PATH.read_text())
    starters: dict[int, list[Table]] = {}
    for key, entry in data["starters"].items():
        v = int(key)
        starter = [tuple(table) for table in entry["tables"]]
        if starter_cost(v, starter) != 0 or design_defects(v, develop(v, starter)):
            raise AssertionError(f"shipped starter for Wh({v}) is not a whist tournament")
        starters[v] = starter
    return starters


@cache
def whist_design(v: int) -> tuple[tuple[Table, ...], ...] | None:
    """A Wh(v) as rounds of tables on points 0..v-1, or None when none is known here."""
    if v < 4 or v % 4 not in (0, 1):
        return None
    rounds = field_design(v)
    if rounds is None and v in shipped_starters():
        rounds = develop(v, shipped_starters()[v])
    if rounds is None:
        from tournaments.movements.whist_product import product_design  # it imports this

        rounds = product_design(v)
        if rounds is not None and design_defects(v, rounds):
            raise AssertionError(f"the product construction for Wh({v}) is not a whist tournament")
    if rounds is None:
        from tournaments.movements.whist_pbd import pbd_design  # it imports this

        rounds = pbd_design(v)
        if rounds is not None and design_defects(v, rounds):
            raise AssertionError(f"the PBD construction for Wh({v}) is not a whist tournament")
    if rounds is None:
        from tournaments.movements.whist_frame import frame_design  # it imports this

        rounds = frame_design(v)  # verified when loaded
    if rounds is None:
        return None
    return tuple(tuple(tables) for tables in rounds)
