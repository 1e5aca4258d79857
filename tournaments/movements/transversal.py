"""Transversal designs TD(k, m) for the whist PBDs (``whist_pbd.py``).

A TD(k, m) has k groups of m points and m² blocks, each one point of every group, so that
two points of different groups lie in exactly one block.  They are built from:

* finite fields GF(q), k <= q + 1;
* *difference matrices* (m, k, 1) over an abelian group G of order m: k rows and m columns
  of elements of G, such that for any two rows the entrywise differences hold every element
  of G exactly once.  Column c and g in G give the block (D[0][c] + g, ..., D[k-1][c] + g).
  They cover orders the fields cannot, such as TD(5, 15) (3 MOLS(15)) and TD(5, 12);
  ``scripts/find_difference_matrices.py`` finds them and ``data/difference_matrices.json``
  ships them, re-verified on load;
* Kronecker products of those (MacNeish): blocks (b, c) of TD(k, m1) and TD(k, m2) give the
  block with entries b_i·m2 + c_i of TD(k, m1·m2).
"""

from __future__ import annotations

import json
from functools import cache
from itertools import combinations
from pathlib import Path

from tournaments.movements.whist import field

Block = tuple[int, ...]

MATRICES_PATH = Path(__file__).with_name("data") / "difference_matrices.json"


def _prime_power_factors(m: int) -> list[int]:
    factors, rest, p = [], m, 2
    while rest > 1:
        if rest % p == 0:
            q = 1
            while rest % p == 0:
                rest //= p
                q *= p
            factors.append(q)
        p += 1
    return factors


# ------------------------------------------------------------ difference matrices


def group_sub(moduli: tuple[int, ...], x: int, y: int) -> int:
    """x − y in Z_{moduli[0]} × Z_{moduli[1]} × ..., elements as mixed-radix integers
    (the first modulus the most significant digit)."""
    out, scale = 0, 1
    for mod in reversed(moduli):
        out += ((x % mod - y % mod) % mod) * scale
        x, y, scale = x // mod, y // mod, scale * mod
    return out


def group_add(moduli: tuple[int, ...], x: int, y: int) -> int:
    """x + y in the group of ``group_sub``."""
    return group_sub(moduli, x, group_sub(moduli, 0, y))


def matrix_defects(moduli: tuple[int, ...], rows: list[list[int]]) -> list[str]:
    """What keeps ``rows`` from being a difference matrix over the group; [] when nothing."""
    order = 1
    for mod in moduli:
        order *= mod
    if any(len(row) != order or not all(0 <= x < order for x in row) for row in rows):
        return [f"rows must hold {order} elements of the group"]
    return [
        f"rows {a} and {b}: differences repeat"
        for a, b in combinations(range(len(rows)), 2)
        if len({group_sub(moduli, x, y) for x, y in zip(rows[a], rows[b], strict=True)}) != order
    ]


@cache
def shipped_matrices() -> dict[int, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]:
    """{order: (moduli, rows)} from ``data/difference_matrices.json``, each re-verified."""
    if not MATRICES_PATH.exists():
        return {}
    matrices = {}
    for key, entry in json.loads(MATRICES_PATH.read_text())["matrices"].items():
        moduli, rows = tuple(entry["group"]), [list(row) for row in entry["rows"]]
        order = 1
        for mod in moduli:
            order *= mod
        if order != int(key) or matrix_defects(moduli, rows):
            raise AssertionError(f"the shipped difference matrix of order {key} is not one")
        matrices[order] = (moduli, tuple(tuple(row) for row in rows))
    return matrices


def _matrix_td(k: int, m: int) -> list[Block]:
    moduli, rows = shipped_matrices()[m]
    return [
        tuple(group_add(moduli, rows[i][c], g) for i in range(k))
        for c in range(m)
        for g in range(m)
    ]


# ------------------------------------------------------------ transversal designs


def _parts(k: int, m: int) -> list[int] | None:
    """Factors of m whose TD(k, ·) is built here: prime powers q >= k − 1 exactly dividing m,
    except one factor that may be the order of a shipped difference matrix with >= k rows."""
    if m < 2:
        return None
    if all(k <= q + 1 for q in _prime_power_factors(m)):
        return _prime_power_factors(m)
    for d, (_moduli, rows) in sorted(shipped_matrices().items()):
        if m % d == 0 and len(rows) >= k:
            rest = _prime_power_factors(m // d)
            if all(k <= q + 1 for q in rest):
                return [d, *rest]
    return None


def td_exists(k: int, m: int) -> bool:
    """Whether ``transversal_design(k, m)`` can build a TD(k, m), m >= 2: k <= q + 1 for every
    prime power q exactly dividing m (MacNeish's bound), or so for m/d with a shipped
    difference matrix of order d and at least k rows."""
    return _parts(k, m) is not None


def _field_td(k: int, q: int) -> list[Block]:
    """TD(k, q), k <= q + 1, over GF(q): block (a, b) has point a·e_i + b in group i < q
    (e_i the field elements) and point a in group q."""
    gf = field(q)
    blocks = []
    for a in range(q):
        for b in range(q):
            block = [gf.add(gf.mul(a, e), b) for e in range(min(k, q))]
            if k == q + 1:
                block.append(a)
            blocks.append(tuple(block))
    return blocks


@cache
def transversal_design(k: int, m: int) -> tuple[Block, ...]:
    """The blocks of a TD(k, m) as k-tuples: entry i is the point's index 0..m-1 in group i.

    The Kronecker product of the TDs of ``_parts(k, m)``: a field's or a shipped difference
    matrix's.
    """
    parts = _parts(k, m)
    if parts is None:
        raise ValueError(f"no TD({k}, {m}) is built here")
    blocks: list[Block] = [(0,) * k]  # TD(k, 1)
    for q in parts:
        part = _field_td(k, q) if field(q) is not None else _matrix_td(k, q)
        blocks = [tuple(x * q + y for x, y in zip(b, c, strict=True)) for b in blocks for c in part]
    return tuple(blocks)
