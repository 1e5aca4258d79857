"""Product constructions of whist tournaments: Wh(qP) and Wh(qP + 1) from Wh(q) or Wh(q + 1).

A *base* is a whist tournament developed from one starter round over an abelian group G of
odd order: every point of G sits at the starter except 0 (it sits out, v = |G| = 1 mod 4),
or every point and a fixed point ∞ do (v = |G| + 1 = 0 mod 4).  Bases come from finite
fields (``whist.field_design``), from the Z-cyclic starters shipped in ``data/starters.json``
and from Wh(8) on Z_7 ∪ {∞} (docs/movements.md), and recursively from this construction.

Given a base on G and a prime power P = 1 (mod 4), let F = GF(P), ω in F with ω² = −1 and
f run over representatives of F*/<ω>.  On G × F (∪ {∞}) the starter is

* the base starter on G × {0} (its partner and opponent differences cover (d, 0), d ≠ 0);
* for every a in G and every f, the table ((a, f), (κa, ωf), (−a, −f), (−κa, −ωf)), where κ is
  an automorphism of G with 1 − κ and 1 + κ automorphisms too (κ = 2 on Z_n with
  gcd(n, 6) = 1, κ = ω on a field GF(q), q = 1 mod 4).  Its partner differences are
  (2a, ±2f), (2κa, ±2ωf) and its opponent differences (±(1 − κ)a, ±(1 − ω)f) and
  (±(1 + κ)a, ±(1 + ω)f), each twice: over all a and f they cover every (d, g), g ≠ 0,
  once as partners and twice as opponents.

Developed over G × F this is a Wh(|G|·P) or Wh(|G|·P + 1) (the classical product theorems
for Z-cyclic whist tournaments; I. Anderson, *Combinatorial Designs and Tournaments*, 1997).
``whist.whist_design`` verifies every design before use.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from tournaments.movements.whist import Table, field, field_design, shipped_starters

INFINITY = None  # the fixed point of a base with v = 0 (mod 4)

# A component of G: ("Z", n) is Z_n, ("GF", q) the additive group of GF(q).
Component = tuple[str, int]
Point = tuple[int, ...] | None
# Wh(8) on Z_7 ∪ {∞} (docs/movements.md): (∞, 2 v 4, 5) and (0, 3 v 6, 1).
WH8_ROTATIONAL = (((None, 4, 2, 5), (0, 6, 3, 1)), 7)


class _Ops:
    """Addition, negation and multiplication by an integer or a field element per component."""

    def __init__(self, component: Component) -> None:
        self.kind, self.n = component
        self.gf = field(self.n) if self.kind == "GF" else None

    def add(self, a: int, b: int) -> int:
        return self.gf.add(a, b) if self.gf else (a + b) % self.n

    def times(self, k: int, a: int) -> int:
        """k·a: for a field, k is a field element (encoded); for Z_n an integer."""
        return self.gf.mul(k, a) if self.gf else k * a % self.n

    def minus_one(self) -> int:
        return self.gf.exp[(self.n - 1) // 2] if self.gf else self.n - 1

    def kappa(self) -> int | None:
        """κ with κ, 1 − κ, 1 + κ automorphisms, or None."""
        if self.gf:
            return self.gf.exp[(self.n - 1) // 4] if self.n % 4 == 1 else None
        return 2 if self.n % 2 and self.n % 3 else None


@cache
def base(v: int) -> tuple[tuple[Component, ...], tuple[tuple[Point, ...], ...]] | None:
    """(components of G, starter) of a developable Wh(v) over an odd group, or None."""
    if v % 4 == 1:
        gf = field(v)
        if gf is not None and gf.p != 2:
            starter = field_design(v)[0]  # round 0 is the starter: 0 sits out
            return (("GF", v),), tuple(tuple((x,) for x in table) for table in starter)
    m = v - 1 if v % 4 == 0 else v
    if v in shipped_starters():
        return (("Z", m),), tuple(
            tuple(None if (x == m and v % 4 == 0) else (x,) for x in table)
            for table in shipped_starters()[v]
        )
    if v == 8:
        tables, _ = WH8_ROTATIONAL
        return (("Z", 7),), tuple(tuple(None if x is None else (x,) for x in t) for t in tables)
    return product_base(v)


def recipe(v: int) -> tuple[int, int] | None:
    """(base size, prime power P) with a product design for Wh(v), or None."""
    group_order = v - 1 if v % 4 == 0 else v
    for prime_power in range(5, group_order // 3 + 1, 4):
        gf = field(prime_power)
        if gf is None or group_order % prime_power:
            continue
        q = group_order // prime_power
        smaller = q + 1 if v % 4 == 0 else q
        if smaller < 4:
            continue
        found = base(smaller)
        if found is not None and all(_Ops(c).kappa() is not None for c in found[0]):
            return smaller, prime_power
    return None


@cache
def product_base(v: int) -> tuple[tuple[Component, ...], tuple[tuple[Point, ...], ...]] | None:
    """The product construction's starter for Wh(v) (see the module docstring)."""
    found = recipe(v)
    if found is None:
        return None
    smaller, prime_power = found
    components, starter = base(smaller)
    ops = [_Ops(c) for c in components]
    f_ops = _Ops(("GF", prime_power))
    gf = f_ops.gf
    omega = gf.exp[(prime_power - 1) // 4]
    minus = f_ops.minus_one()
    tables: list[tuple[Point, ...]] = [
        tuple(None if x is None else (*x, 0) for x in table) for table in starter
    ]
    kappas = [o.kappa() for o in ops]
    minus_g = [o.minus_one() for o in ops]
    for a in product(*(range(o.n) for o in ops)):
        ka = tuple(o.times(k, x) for o, k, x in zip(ops, kappas, a, strict=True))
        neg_a = tuple(o.times(m, x) for o, m, x in zip(ops, minus_g, a, strict=True))
        neg_ka = tuple(o.times(m, x) for o, m, x in zip(ops, minus_g, ka, strict=True))
        for i in range((prime_power - 1) // 4):
            f = gf.exp[i]
            wf = gf.mul(omega, f)
            tables.append(
                ((*a, f), (*ka, wf), (*neg_a, gf.mul(minus, f)), (*neg_ka, gf.mul(minus, wf)))
            )
    return (*components, ("GF", prime_power)), tuple(tables)


def product_design(v: int) -> list[list[Table]] | None:
    """Wh(v) developed from ``product_base(v)`` on points 0..v-1 (∞ = v − 1), or None."""
    found = product_base(v)
    if found is None:
        return None
    components, starter = found
    ops = [_Ops(c) for c in components]
    sizes = [o.n for o in ops]
    radix = [1] * len(sizes)
    for i in range(len(sizes) - 2, -1, -1):
        radix[i] = radix[i + 1] * sizes[i + 1]
    order = radix[0] * sizes[0]
    # shifted[c][s][x]: the index part of component c of x + s
    shifted = [
        [[radix[c] * o.add(x, s) for x in range(o.n)] for s in range(o.n)]
        for c, o in enumerate(ops)
    ]
    points = list(product(*(range(n) for n in sizes)))
    starter_ix = [
        [order if point is None else points.index(point) for point in table] for table in starter
    ]
    rounds = []
    for shift in points:
        moves = [shifted[c][s] for c, s in enumerate(shift)]
        perm = [sum(m[x] for m, x in zip(moves, point, strict=True)) for point in points]
        perm.append(order)  # ∞ stays
        rounds.append([tuple(perm[i] for i in table) for table in starter_ix])
    return rounds
