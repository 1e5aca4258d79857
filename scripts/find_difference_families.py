"""Search relative difference families for whist PBDs; cache them in
tournaments/movements/data/difference_families.json.

A family over (Z_n, H) with block sizes K (docs/movements.md, ``whist_pbd.family_blocks``)
gives a PBD(v) with v = n (the cosets of H are blocks, |H| = 1 mod 4 or H = 0) or v = n + 1
(∞ joins every coset of H: |H| = 0 mod 4 for v = 1 mod 4, 3 mod 4 for v = 0 mod 4).  The
search anneals: a move puts one point of one base block on a random element of Z_n, the
cost counts missing and repeated differences (and differences inside H), the temperature is
constant and the blocks start afresh every RESTART moves.  A family is written only after the
PBD it gives is verified and the Wh(v) glued along it is verified too.

    .venv/bin/python scripts/find_difference_families.py V N H K [K ...] [--budget 600] [--seed 0]
        [--base '[[...], ...]']

e.g. ``124 123 3 5 5 5 5 5 5``: Wh(124) from ∞ and Z_123, H = {0, 41, 82}, six 5-blocks;
``184 183 3 5 5 5 --mu 13``: Wh(184) from ∞ and Z_183, nine 5-blocks in three orbits of
x -> 13x (the orbits of ±13^i·d, 30 of them outside H, are met once each by three blocks).
This annealer is slow in Python (about 10 s for Z_41 with two 5-blocks); the shipped families
were found by a compiled port of it (seconds to minutes each) and recorded with --base, which
verifies and records base blocks found elsewhere instead of searching.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scripts.data_files import write_entries
from tournaments.movements.whist import design_defects
from tournaments.movements.whist_pbd import (
    FAMILIES_PATH,
    design_from_pbd,
    family_blocks,
    pbd_defects,
)

TEMPERATURE = 0.3
RESTART = 3_000_000


def orbit_classes(n: int, mu: int) -> list[int]:
    """For each d in Z_n the least element of its orbit under x -> ±mu·x."""
    out = []
    for d in range(n):
        orbit, x = {d, (n - d) % n}, d
        while True:
            x = x * mu % n
            if x == d:
                break
            orbit |= {x, (n - x) % n}
        out.append(min(orbit))
    return out


def expand(n: int, mu: int, blocks: list[list[int]]) -> list[list[int]]:
    """Every base block with its images under x -> mu·x."""
    out = []
    for block in blocks:
        image = sorted(block)
        while True:
            out.append(image)
            image = sorted(x * mu % n for x in image)
            if image == sorted(block):
                break
    return out


def anneal(
    n: int, subgroup: int, sizes: list[int], seed: int, budget: float, mu: int = 1
) -> list | None:
    """Base blocks of a relative difference family over (Z_n, H), or None within budget.

    mu > 1: a family invariant under x -> mu·x (mu a unit acting without fixed points
    outside H): ``sizes`` are those of one block per orbit, whose differences must meet
    every orbit of x -> ±mu·x outside H once; the result is expanded.
    """
    rng = random.Random(seed)
    step = n // subgroup
    orbit = orbit_classes(n, mu)
    # Difference classes that must not be met: those in H and those that are not their
    # orbit's representative (never met, so costing nothing).
    inside = [orbit[c] != c for c in range(n // 2 + 1)]
    for i in range(subgroup):
        d = i * step % n
        inside[orbit[d]] = True

    def cls(d: int) -> int:
        return orbit[d % n]

    def penalty(c: int, count: int) -> int:
        return count if inside[c] else abs(count - 1)

    start = time.monotonic()
    while time.monotonic() - start < budget:
        blocks = [rng.sample(range(n), k) for k in sizes]
        count = [0] * (n // 2 + 1)
        for b in blocks:
            for i, x in enumerate(b):
                for y in b[i + 1 :]:
                    count[cls(x - y)] += 1
        cost = sum(penalty(c, count[c]) for c in range(1, n // 2 + 1))
        for move in range(RESTART):
            if move % 4096 == 0 and time.monotonic() - start > budget:
                return None
            b = blocks[rng.randrange(len(blocks))]
            i, x = rng.randrange(len(b)), rng.randrange(n)
            if x in b:
                continue
            old = b[i]
            gone = [cls(old - y) for j, y in enumerate(b) if j != i]
            new = [cls(x - y) for j, y in enumerate(b) if j != i]
            delta = 0
            for c in gone:
                delta += penalty(c, count[c] - 1) - penalty(c, count[c])
                count[c] -= 1
            for c in new:
                delta += penalty(c, count[c] + 1) - penalty(c, count[c])
                count[c] += 1
            if delta <= 0 or rng.random() < math.exp(-delta / TEMPERATURE):
                b[i] = x
                cost += delta
                if cost == 0:
                    return expand(n, mu, blocks)
            else:
                for c in new:
                    count[c] -= 1
                for c in gone:
                    count[c] += 1
    return None


def verified(v: int, n: int, subgroup: int, base: list) -> bool:
    blocks = family_blocks(v, n, subgroup, [tuple(b) for b in base])
    return not pbd_defects(v, blocks) and not design_defects(v, design_from_pbd(v, blocks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("v", type=int)
    parser.add_argument("n", type=int, help="the group Z_n (v or v - 1)")
    parser.add_argument("subgroup", type=int, help="|H|, dividing n")
    parser.add_argument("sizes", type=int, nargs="+", help="base block sizes")
    parser.add_argument("--budget", type=float, default=600.0, help="seconds")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--mu", type=int, default=1, help="search families invariant under x -> mu·x"
    )
    parser.add_argument("--base", help="record these base blocks (JSON) instead of searching")
    args = parser.parse_args()
    begun = time.monotonic()
    if args.base:
        base = expand(args.n, args.mu, json.loads(args.base))
    else:
        base = anneal(args.n, args.subgroup, args.sizes, args.seed, args.budget, args.mu)
    if base is None or not verified(args.v, args.n, args.subgroup, base):
        print(args.v, "none", flush=True)
        sys.exit(1)
    entry = {"group": args.n, "subgroup": args.subgroup, "base": base}
    if args.mu > 1:
        entry["mu"] = args.mu
    if args.base:
        entry["compiled"] = True
    else:
        entry.update(seed=args.seed, seconds=round(time.monotonic() - begun, 1))
    record(args.v, entry)
    print(args.v, "found", entry, flush=True)


def record(v: int, entry: dict) -> None:
    """Add (or replace) the family for v, keeping the others (re-verified)."""
    old = json.loads(FAMILIES_PATH.read_text()) if FAMILIES_PATH.exists() else {}
    families = {
        int(key): e
        for key, e in old.get("families", {}).items()
        if verified(int(key), e["group"], e["subgroup"], e["base"])
    }
    families[v] = entry
    write_entries(FAMILIES_PATH, ABOUT, "families", families)


ABOUT = (
    "Relative difference families over Z_n for whist PBDs (tournaments/movements/whist_pbd.py), "
    "found and verified by scripts/find_difference_families.py. Points are Z_n, plus ∞ = n "
    "when v = n + 1; the blocks are the translates of the base blocks and the cosets of the "
    "subgroup of order 'subgroup' (∞ added to each). seed reproduces a find of the script; "
    "entries with 'compiled' were found by a compiled port of the same annealer (same moves, "
    "cost, temperature and restarts, other random numbers) and recorded with --base; "
    "mu: the family is invariant under x -> mu*x (searched one block per orbit)."
)


if __name__ == "__main__":
    main()
