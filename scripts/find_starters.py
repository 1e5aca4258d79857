"""Search Z-cyclic whist starters and cache them in tournaments/movements/data/starters.json.

Every v in the range (or listed with --sizes) with v = 0 or 1 (mod 4) that no finite field
covers is searched by annealing (``starter_search.search_starter``) until a time budget
runs out (or, with --patterned, by an exact cover: see ``patterned``).  Attempt i uses seed i
and the i-th multiplier pattern in turn (``starter_search.multiplier_patterns``: starters invariant
under x -> mu*x, whose table orbits are fixed by a few representative tables; mu = 1 is
the plain search), so a recorded (mu, seed, temperature) reproduces its starter.  A starter is written
only after it is developed and verified as a Wh(v); sizes without one are listed under
"none" with the budget spent (summed over runs).  Starters already in the file are kept (re-verified);
--force searches their sizes again and replaces a starter only with a new find.

    .venv/bin/python scripts/find_starters.py [--low 8] [--high 64] [--sizes V ...]
        [--budget 240] [--jobs 2] [--force] [--patterned | --cpsat | --matched]
        [--nodes 200000] [--compiled] [--first-draw 0] [--quadratic]

--matched draws partner pairs at random and seats them by an exact search (see ``matched``;
draw i uses seed i, from --first-draw on; --nodes per draw).  --compiled runs that search as
scripts/seat_pairs.c, built with the system's C compiler: node for node the same search,
about 50 times faster.  --quadratic (N - 1 = p prime, p = 3 mod 4) seats the starters
{x, lambda x} over the squares (``quadratic_draws``), compiled, one lambda at a time.  --cpsat solves each multiplier pattern exactly with CP-SAT
(``starter_cpsat.pattern_starter``) instead of annealing it.  --patterned and --cpsat
use OR-Tools (a dev dependency; nothing at run time imports it).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from functools import partial
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.movements.starter_search import multiplier_patterns, search_starter
from tournaments.movements.whist import (
    STARTERS_PATH,
    design_defects,
    develop,
    field_design,
    starter_cost,
)
from tournaments.movements.whist_frame import Frame

ATTEMPT_ITERATIONS = 100_000
# Constant-temperature annealing found starters fastest in trials; a multiplier pattern
# changes k differences per move, so every other round of patterns runs warmer.
TEMPERATURES = (0.5, 1.0)
# --matched: search nodes per drawn starter before the next draw. Wh(33)'s draws are decided
# in about 4,000 nodes; past the limit a fresh draw is the better bet than a long proof.
SEAT_NODES = 200_000
SEAT_PAIRS_C = Path(__file__).resolve().parent / "seat_pairs.c"
ABOUT = (
    "Z-cyclic whist starters found and verified by scripts/find_starters.py. "
    "v = 0 mod 4: points 0..v-2 are Z_(v-1), point v-1 is the fixed point ∞; "
    "v = 1 mod 4: points are Z_v and point 0 sits out in the starter round. "
    "Tables are [a, b, c, d]: a, c partners against b, d. "
    "mu, seed, temperature reproduce a find with starter_search.search_starter "
    "(mu > 1: the starter is invariant under x -> mu*x); method patterned: found "
    "with --patterned (tables {x, -x} against {y, -y}); method matched: found "
    "with --matched, seed = the draw of partner pairs (random.Random(seed)), "
    "nodes = the search's node limit per draw when not 200,000 (--nodes); "
    "method cpsat: found with --cpsat, invariant but for its free tables under "
    "x -> mu*x (the multiplier pattern of starter_search.multiplier_pattern)."
)


def verified(v: int, starter: list) -> bool:
    return starter_cost(v, starter) == 0 and not design_defects(v, develop(v, starter))


def search(job: tuple[int, float]) -> tuple[int, dict]:
    """Attempts 0, 1, 2 ... until a verified starter turns up or the budget is spent."""
    v, budget = job
    # Most reduced first: a small pattern that has a solution yields it in seconds.
    patterns = sorted((p for p in multiplier_patterns(v)), key=lambda p: -p.order)
    start, attempt = time.monotonic(), 0
    while time.monotonic() - start < budget:
        mu = patterns[attempt % len(patterns)].mu
        temperature = TEMPERATURES[attempt // len(patterns) % len(TEMPERATURES)]
        starter = search_starter(v, attempt, ATTEMPT_ITERATIONS, mu, temperature)
        if starter is not None and verified(v, starter):
            seconds = round(time.monotonic() - start, 1)
            entry = {"mu": mu, "seed": attempt, "temperature": temperature, "seconds": seconds}
            return v, {"tables": [list(t) for t in starter], **entry}
        attempt += 1
    return v, {"searched_seconds": round(time.monotonic() - start), "attempts": attempt}


def patterned(job: tuple[int, float]) -> tuple[int, dict]:
    """A patterned starter for v = 1 (mod 4): partner pairs {x, -x}, two to a table.

    A table {x, -x} against {y, -y} has opponents x - y and x + y, twice each, so choosing
    which pairs share a table is an exact cover: every ± class once as a pair, once as a
    difference.  CP-SAT solves it in a second where annealing stalls.  (x-y)^2 + (x+y)^2 =
    2(x^2 + y^2) summed over the tables forces the sum of the squares of the classes to be
    0 (mod v); sizes where it is not (33, 57, 69, 93: 3 divides v) have no such starter, nor
    has any v = 0 (mod 4) whose v - 1 is prime, where ∞'s table breaks the count.
    """
    from starter_cpsat import patterned_starter

    v, budget = job
    if v % 4 != 1 or sum(c * c for c in range(1, (v - 1) // 2 + 1)) % v:
        return v, {"searched_seconds": 0, "attempts": 0}
    start = time.monotonic()
    starter = patterned_starter(v, budget)
    if starter is None:
        return v, {"searched_seconds": round(time.monotonic() - start), "attempts": 1}
    if not verified(v, starter):
        raise AssertionError(f"the patterned starter for Wh({v}) is not a whist tournament")
    seconds = round(time.monotonic() - start, 1)
    return v, {"tables": [list(t) for t in starter], "method": "patterned", "seconds": seconds}


def cpsat(job: tuple[int, float]) -> tuple[int, dict]:
    """Every multiplier pattern (mu > 1) solved by CP-SAT (``starter_cpsat.pattern_starter``),
    the fewest searched seats first, each with an equal share of the budget.  It decides
    patterns that annealing never settles: the first find is kept."""
    from starter_cpsat import pattern_starter

    v, budget = job
    patterns = [p for p in multiplier_patterns(v) if p.mu > 1]
    patterns.sort(key=lambda p: (p.free_seats + 4 * p.representatives, p.mu))
    start, tried = time.monotonic(), 0
    for pattern in patterns:
        starter = pattern_starter(pattern, budget / len(patterns))
        tried += 1
        said = {False: "none (proved)", None: "undecided"}.get(starter, "found")
        print(v, f"mu = {pattern.mu} (order {pattern.order}):", said, flush=True)
        if starter:
            if not verified(v, starter):
                raise AssertionError(f"the CP-SAT starter for Wh({v}) is not a whist tournament")
            seconds = round(time.monotonic() - start, 1)
            entry = {"method": "cpsat", "mu": pattern.mu, "seconds": seconds}
            return v, {"tables": [list(t) for t in starter], **entry}
    return v, {"searched_seconds": round(time.monotonic() - start), "attempts": tried}


def random_starter(m: int, rng: random.Random) -> list[tuple[int, int]] | None:
    """Partner pairs of Z_m minus 0 whose ± differences are the classes 1..(m-1)/2 once each.

    Classes are placed largest first, each at a random free x with x + d free too; a dead
    end starts again (None after 1,000 tries: beyond m ~ 100 the small classes run out of
    places too often)."""
    half = (m - 1) // 2
    for _ in range(1000):
        free = set(range(1, m))
        pairs = []
        for d in range(half, 0, -1):
            places = [x for x in free if (x + d) % m in free]
            if not places:
                break
            x = rng.choice(places)
            free -= {x, (x + d) % m}
            pairs.append((x, (x + d) % m))
        else:
            return pairs
    return None


def differences(group: int | Frame) -> tuple[int, int, dict[int, int]]:
    """(m1, m2, counts) of a group Z_m1 x Z_m2: Z_m for an int m, else the frame's group;
    counts: the classes whose opponents do not come twice, with their own count."""
    if isinstance(group, int):
        return 1, group, {}
    return group.m1, group.m2, {d: opp for d, (_part, opp) in group.counts().items()}


def seat_pairs(
    group: int | Frame, pairs: list[tuple[int, int]], limit: int, *, first: bool = False
) -> list | bool | None:
    """Tables (a, b, c, d) seating the partner pairs so every class comes twice among the
    opponents (a frame's classes of H their own count); False if there is no such seating,
    None if ``limit`` nodes did not tell.

    An exact cover, searched depth first: branch on the pair with the fewest possible
    opposite pairs, or on the class still needed with the fewest tables that give it; a
    class that the remaining tables cannot give ends the branch. ``first``: pairs[0] sits
    against pairs[1] (a symmetry of the draw fixes that table), the rest is searched.
    Points from the group's order on are ∞'s: no differences, and two never share a table."""
    m1, m2, own = differences(group)
    order = m1 * m2

    def cls(x: int, y: int) -> int:
        d = (x // m2 - y // m2) % m1 * m2 + (x - y) % m2
        return min(d, (y // m2 - x // m2) % m1 * m2 + (y - x) % m2)

    need = [0] + [own.get(c, 2) if cls(c, 0) == c else 0 for c in range(1, order)]
    tables = []  # (i, j, ((class, count), ...)): pair i against pair j
    for i, (a, c) in enumerate(pairs):
        for j in range(i + 1, len(pairs)):
            b, d = pairs[j]
            if max(a, c) >= order and max(b, d) >= order:
                continue
            counts: dict[int, int] = {}
            for x, y in ((a, b), (a, d), (c, b), (c, d)):
                if x < order and y < order:  # ∞ has no differences
                    k = cls(x, y)
                    counts[k] = counts.get(k, 0) + 1
            if all(n <= need[k] for k, n in counts.items()):
                tables.append((i, j, tuple(counts.items())))
    free = [True] * len(pairs)
    chosen: list[tuple] = []
    nodes = 0

    def search(possible: list[tuple]) -> bool | None:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            return None
        if 2 * len(chosen) == len(pairs):
            return True
        at_pair, supply, giving = [0] * len(pairs), [0] * order, [0] * order
        for i, j, counts in possible:
            at_pair[i] += 1
            at_pair[j] += 1
            for k, n in counts:
                supply[k] += n
                giving[k] += 1
        if any(supply[k] < need[k] for k in range(1, order)):
            return False
        fewest_tables, pair = min((at_pair[i], i) for i in range(len(pairs)) if free[i])
        fewest_givers, k = min((giving[k], k) for k in range(1, order) if need[k])
        by_class = fewest_givers < fewest_tables
        branch = [t for t in possible if (k in dict(t[2]) if by_class else pair in t[:2])]
        for table in branch:
            i, j, counts = table
            free[i] = free[j] = False
            for c, n in counts:
                need[c] -= n
            chosen.append(table)
            rest = [
                t
                for t in possible
                if free[t[0]] and free[t[1]] and all(n <= need[c] for c, n in t[2])
            ]
            found = search(rest)
            if found is not False:
                return found
            chosen.pop()
            for c, n in counts:
                need[c] += n
            free[i] = free[j] = True
            if by_class:  # the branches after this one do without it
                possible = [t for t in possible if t is not table]
        return False

    if first:
        table = next((t for t in tables if t[:2] == (0, 1)), None)
        if table is None:
            return False
        free[0] = free[1] = False
        for c, n in table[2]:
            need[c] -= n
        chosen.append(table)
        tables = [
            t for t in tables if free[t[0]] and free[t[1]] and all(n <= need[c] for c, n in t[2])
        ]
    found = search(tables)
    if not found:
        return found
    return [(pairs[i][0], pairs[j][0], pairs[i][1], pairs[j][1]) for i, j, _ in chosen]


class CompiledSeater:
    """``seat_pairs`` as scripts/seat_pairs.c, built with ``cc`` into a temporary directory
    and kept running: same arguments, same answers, about 50 times faster."""

    def __init__(self) -> None:
        self._dir = tempfile.TemporaryDirectory()
        program = Path(self._dir.name) / "seat_pairs"
        subprocess.run(["cc", "-O2", "-o", str(program), str(SEAT_PAIRS_C)], check=True)
        self._process = subprocess.Popen(
            [str(program)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def __call__(
        self, group: int | Frame, pairs: list[tuple[int, int]], limit: int, *, first: bool = False
    ) -> list | bool | None:
        m1, m2, own = differences(group)
        counts = " ".join(f"{c} {n}" for c, n in own.items())
        numbers = " ".join(f"{a} {c}" for a, c in pairs)
        self._process.stdin.write(
            f"{limit} {m1} {m2} {len(pairs)} {int(first)} {len(own)} {counts} {numbers}\n"
        )
        self._process.stdin.flush()
        status, _nodes, *seated = self._process.stdout.readline().split()
        if status != "found":
            return False if status == "none" else None
        ids = [int(x) for x in seated]
        return [
            (pairs[i][0], pairs[j][0], pairs[i][1], pairs[j][1])
            for i, j in zip(ids[::2], ids[1::2], strict=True)
        ]

    def close(self) -> None:
        """Also mid-search (an interrupted run): the program is stopped, not waited for."""
        self._process.stdin.close()
        self._process.kill()
        self._process.wait()
        self._dir.cleanup()


def seat_draws(
    group: int | Frame,
    draw,
    *,
    budget: float,
    nodes: int,
    compiled: bool = False,
    first_draw: int = 0,
) -> tuple[list | None, int, float]:
    """Draw partner pairs (``draw(random.Random(seed))``, seed = the draw, None: a dead
    end) and seat each with ``nodes`` search nodes until one seats or the budget runs out:
    (starter, its seed, seconds), or (None, the draws made, seconds)."""
    seat = CompiledSeater() if compiled else seat_pairs
    start, seed = time.monotonic(), first_draw
    try:
        while time.monotonic() - start < budget:
            pairs = draw(random.Random(seed))
            seed += 1
            if pairs is None:
                continue
            starter = seat(group, pairs, nodes)
            if starter:
                return starter, seed - 1, round(time.monotonic() - start, 1)
    finally:
        if compiled:
            seat.close()
    return None, seed - first_draw, round(time.monotonic() - start)


def matched(
    job: tuple[int, float], *, nodes: int = SEAT_NODES, compiled: bool = False, first_draw: int = 0
) -> tuple[int, dict]:
    """Random starters, each seated by an exact search: which partner pairs share a table.

    Stage 1 draws partner pairs covering every ± class once (``random_starter``, seed =
    the draw); stage 2 (``seat_pairs``) seats them.  Unlike --patterned it is not tied to
    pairs {x, -x}, so it reaches sizes the square-sum argument rules out there (33)."""
    v, budget = job
    m = v - 1 if v % 4 == 0 else v

    def draw(rng: random.Random) -> list[tuple[int, int]] | None:
        pairs = random_starter(m, rng)
        if pairs is not None and v % 4 == 0:
            pairs.append((m, 0))  # ∞ partners 0 in the starter round
        return pairs

    starter, seed, seconds = seat_draws(
        m, draw, budget=budget, nodes=nodes, compiled=compiled, first_draw=first_draw
    )
    if starter is None:
        return v, {"searched_seconds": round(seconds), "attempts": seed}
    if not verified(v, starter):
        raise AssertionError(f"the matched starter for Wh({v}) is not a whist tournament")
    entry = {"method": "matched", "seed": seed, "seconds": seconds}
    if nodes != SEAT_NODES:
        entry["nodes"] = nodes
    return v, {"tables": [list(t) for t in starter], **entry}


def quadratic_draws(p: int) -> list[tuple[int, list[tuple[int, int]]]]:
    """(lambda, partner pairs) of the quadratic starters of Wh(p + 1), p = 3 (mod 4) prime:
    ∞ with 0, then {x, lambda x} for x a square, lambda a non-square other than -1 (that is
    the patterned starter). Multiplying by a square maps the pairs onto themselves, so ∞'s
    table may be taken to hold {1, lambda} (listed first); lambda and 1/lambda give the
    same starter (times -1), so one of each."""
    squares = sorted({x * x % p for x in range(1, p)})
    draws, seen = [], set()
    for lam in range(2, p - 1):
        if lam in squares or lam in seen:
            continue
        seen |= {lam, pow(lam, -1, p)}
        pairs = [(p, 0), (1, lam)] + [(x, lam * x % p) for x in squares if x != 1]
        draws.append((lam, pairs))
    return draws


def quadratic(job: tuple[int, float], *, nodes: int = SEAT_NODES) -> tuple[int, dict]:
    """The quadratic starters (``quadratic_draws``), each seated by the compiled search with
    ∞'s table fixed; prints each lambda's outcome (found, none: proved, unknown: out of nodes)."""
    v, budget = job
    p = v - 1
    if v % 4 or any(p % d == 0 for d in range(2, int(p**0.5) + 1)):
        return v, {"searched_seconds": 0, "attempts": 0}  # only for v - 1 prime
    seat = CompiledSeater()
    start, tried = time.monotonic(), 0
    try:
        for lam, pairs in quadratic_draws(p):
            if time.monotonic() - start > budget:
                break
            tried += 1
            starter = seat(p, pairs, nodes, first=True)
            said = "found" if starter else "none" if starter is False else "unknown"
            print(v, "lambda", lam, said, flush=True)
            if starter:
                if not verified(v, starter):
                    raise AssertionError(
                        f"the quadratic starter for Wh({v}) is not a whist tournament"
                    )
                seconds = round(time.monotonic() - start, 1)
                entry = {"method": "quadratic", "lambda": lam, "nodes": nodes, "seconds": seconds}
                return v, {"tables": [list(t) for t in starter], **entry}
    finally:
        seat.close()
    return v, {"searched_seconds": round(time.monotonic() - start), "attempts": tried}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--low", type=int, default=8)
    parser.add_argument("--high", type=int, default=64)
    parser.add_argument(
        "--sizes", type=int, nargs="*", help="only these sizes, in this order (default: the range)"
    )
    parser.add_argument("--budget", type=float, default=240.0, help="seconds per size")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--force", action="store_true", help="search again sizes already found (replace on success)"
    )
    parser.add_argument(
        "--patterned", action="store_true", help="exact cover of pairs {x, -x} (OR-Tools)"
    )
    parser.add_argument(
        "--cpsat", action="store_true", help="the multiplier patterns by CP-SAT (OR-Tools)"
    )
    parser.add_argument(
        "--matched", action="store_true", help="random partner pairs seated by an exact search"
    )
    parser.add_argument(
        "--nodes", type=int, default=SEAT_NODES, help="--matched: search nodes per draw"
    )
    parser.add_argument(
        "--compiled", action="store_true", help="--matched: the search as scripts/seat_pairs.c (cc)"
    )
    parser.add_argument("--first-draw", type=int, default=0, help="--matched: start at this draw")
    parser.add_argument(
        "--quadratic",
        action="store_true",
        help="N - 1 prime: pairs {x, lambda x} over the squares, seated compiled (--nodes each)",
    )
    args = parser.parse_args()

    old = json.loads(STARTERS_PATH.read_text()) if STARTERS_PATH.exists() else {}
    starters = {
        int(v): entry
        for v, entry in old.get("starters", {}).items()
        if verified(int(v), [tuple(t) for t in entry["tables"]])
    }
    none = {int(v): entry for v, entry in old.get("none", {}).items()}
    sizes = []
    # --sizes in the order given (the most promising first), whatever --low and --high say
    for v in args.sizes or range(args.low, args.high + 1):
        if v % 4 not in (0, 1) or field_design(v) is not None:
            skipped = "a finite field gives its design" if v % 4 in (0, 1) else "not 0 or 1 mod 4"
        elif v in starters and not args.force:
            skipped = "already found (--force searches again)"
        else:
            sizes.append(v)
            continue
        if args.sizes:
            print(v, "skipped:", skipped, flush=True)
    with Pool(args.jobs) as pool:
        method = patterned if args.patterned else cpsat if args.cpsat else search
        if args.matched:
            method = partial(
                matched, nodes=args.nodes, compiled=args.compiled, first_draw=args.first_draw
            )
        if args.quadratic:
            method = partial(quadratic, nodes=args.nodes)
        for v, entry in pool.imap_unordered(method, [(v, args.budget) for v in sizes]):
            if "tables" in entry:
                starters[v] = entry
                none.pop(v, None)
            elif v not in starters:  # a --force search that fails keeps the old starter
                none[v] = _summed(none.get(v, {}), entry)
            print(v, "found" if "tables" in entry else "none", entry, flush=True)
            _write(starters, none)
    _write(starters, none)


def _summed(before: dict, now: dict) -> dict:
    """The record of a size still without a starter: every search's seconds and attempts."""
    return {key: before.get(key, 0) + now.get(key, 0) for key in ("searched_seconds", "attempts")}


def _write(
    starters: dict[int, dict],
    none: dict[int, dict],
    *,
    path: Path = STARTERS_PATH,
    about: str = ABOUT,
) -> None:
    """Rewrite the cache (after every size, so an interrupted run keeps its finds)."""
    document = {
        "about": about,
        "starters": {str(v): starters[v] for v in sorted(starters)},
        "none": {str(v): none[v] for v in sorted(none) if v not in starters},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_dump(document))


def _dump(document: dict) -> str:
    """JSON with one line per size, so a diff shows which sizes changed."""
    lines = ["{", f' "about": {json.dumps(document["about"], ensure_ascii=False)},']
    for section in ("starters", "none"):
        entries = [f'  "{v}": {json.dumps(e)}' for v, e in document[section].items()]
        lines.append(f' "{section}": {{')
        lines.append(",\n".join(entries))
        lines.append(" }," if section == "starters" else " }")
    lines.append("}")
    return "\n".join(line for line in lines if line) + "\n"


if __name__ == "__main__":
    main()
