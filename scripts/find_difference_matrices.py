"""Search (m, k, 1) difference matrices over an abelian group; cache them in
tournaments/movements/data/difference_matrices.json.

A difference matrix gives a TD(k, m) (``tournaments/movements/transversal.py``) where the
finite fields give none, e.g. TD(5, 15) and TD(5, 12), and with it whist PBDs such as
Wh(76) = TD(5, 15) plus ∞ (docs/movements.md).  Row 0 is all zero and row 1 lists the group
in order (any matrix can be brought to that form), column 0 is all zero; the other rows are
filled one cell at a time, row by row, by depth-first search in a random value order that is
reshuffled after every NODES visited cells (a restart); with --symmetric (odd order) only
matrices with D[r][−c] = −D[r][c] are searched, which is far quicker.  Plain Python, no
solver needed.

    .venv/bin/python scripts/find_difference_matrices.py K MODULUS... [--seed 0]
        [--budget 600] [--nodes 2000000] [--symmetric] [--rows '[[...], ...]']

e.g. ``5 15 --symmetric`` (Z_15: well under a second; without --symmetric seed 0 found
none in 10 minutes), ``5 2 6`` (Z_2 × Z_6: a fifth of a second).  Group elements are mixed-radix integers, the first modulus the most significant
digit.  ``--rows`` verifies and records a matrix found elsewhere instead of searching.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.data_files import write_entries
from tournaments.movements.transversal import MATRICES_PATH, group_sub, matrix_defects


def search(
    moduli: tuple[int, ...],
    k: int,
    seed: int,
    budget: float,
    nodes: int = 2_000_000,
    symmetric: bool = False,
) -> list[list[int]] | None:
    """A difference matrix with k rows, or None when the budget (seconds) runs out first.

    ``symmetric`` (groups of odd order): only matrices with D[r][−c] = −D[r][c], so a cell
    fixes its mirror and two differences at once; the search space shrinks by far (Z_15:
    thousands of cells instead of tens of millions).
    """
    m = 1
    for mod in moduli:
        m *= mod
    sub = [[group_sub(moduli, x, y) for y in range(m)] for x in range(m)]
    neg = [sub[0][x] for x in range(m)]
    if symmetric and m % 2 == 0:
        raise ValueError("a symmetric matrix needs a group of odd order")
    cells = [x for x in range(1, m) if not symmetric or x < neg[x]]
    rng = random.Random(seed)
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline:
        order = [rng.sample(range(m), m) for _ in range(m)]
        rows = attempt(sub, neg, cells, k, order, nodes, symmetric)
        if rows is not False:
            return rows  # found, or the whole space was searched: no such matrix (None)
    return None


def attempt(sub, neg, cells, k: int, order, nodes: int, symmetric: bool):
    """One depth-first search in the value ``order`` of each cell: the rows, None when it
    searched everything and found none, False when it gave up after ``nodes`` cells."""
    m = len(sub)
    rows = [[0] * m, list(range(m))] + [[0] * m for _ in range(k - 2)]
    # used[r][b]: the differences row r − row b taken so far (bit d for element d)
    used = [[1] * k for _ in range(k)]
    left = [nodes]

    def fill(r: int, i: int) -> bool | None:
        left[0] -= 1
        if left[0] < 0:
            return None  # give up: a restart
        if i == len(cells):
            return True if r == k - 1 else fill(r + 1, 0)
        x = cells[i]
        for v in order[x]:
            diffs = [sub[v][rows[b][x]] for b in range(r)]
            bits = [1 << d | (1 << neg[d] if symmetric else 0) for d in diffs]
            if any(used[r][b] & bit for b, bit in enumerate(bits)):
                continue
            rows[r][x] = v
            if symmetric:
                rows[r][neg[x]] = neg[v]
            for b, bit in enumerate(bits):
                used[r][b] |= bit
            found = fill(r, i + 1)
            if found is not False:
                return found
            for b, bit in enumerate(bits):
                used[r][b] ^= bit
        return False

    found = fill(2, 0)
    return rows if found else (None if found is False else False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("k", type=int, help="rows (the TD's block size)")
    parser.add_argument("moduli", type=int, nargs="+", help="the group Z_a × Z_b × ...")
    parser.add_argument("--budget", type=float, default=600.0, help="seconds")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--nodes", type=int, default=2_000_000, help="cells per restart")
    parser.add_argument(
        "--symmetric", action="store_true", help="only matrices with D[r][-c] = -D[r][c]"
    )
    parser.add_argument("--rows", help="record these rows (JSON) instead of searching")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    moduli = tuple(args.moduli)
    begun = time.monotonic()
    if args.rows:
        rows = json.loads(args.rows)
    else:
        rows = search(moduli, args.k, args.seed, args.budget, args.nodes, args.symmetric)
    if rows is None or matrix_defects(moduli, rows):
        print(moduli, args.k, "none", flush=True)
        sys.exit(1)
    entry: dict = {"group": list(moduli), "rows": rows}
    if not args.rows:
        entry.update(seed=args.seed, seconds=round(time.monotonic() - begun, 1))
        if args.symmetric:
            entry["symmetric"] = True
    record(len(rows[0]), entry)
    print(moduli, args.k, "found", entry, flush=True)


def record(order: int, entry: dict) -> None:
    """Add (or replace) the matrix of this order, keeping the others (re-verified)."""
    old = json.loads(MATRICES_PATH.read_text()) if MATRICES_PATH.exists() else {}
    matrices = {
        int(key): e
        for key, e in old.get("matrices", {}).items()
        if not matrix_defects(tuple(e["group"]), e["rows"])
    }
    matrices[order] = entry
    write_entries(MATRICES_PATH, ABOUT, "matrices", matrices)


ABOUT = (
    "(m, k, 1) difference matrices over abelian groups for transversal designs TD(k, m) "
    "(tournaments/movements/transversal.py), found and verified by "
    "scripts/find_difference_matrices.py. group: the moduli of Z_a x Z_b x ..., elements "
    "written as mixed-radix integers (the first modulus the most significant digit); rows: "
    "k rows of m elements, the differences of any two rows hold every element once. seed "
    "reproduces a find of the script."
)


if __name__ == "__main__":
    main()
