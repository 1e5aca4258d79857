"""Search frame starters (tournaments/movements/whist_frame.py) for tournaments/movements/data/frame_starters.json.

Each draw picks partner pairs at random (``frame_pairs``, seed = the draw): every class
the frame owes a partnership once, the points left over partnering the ∞'s; then
``find_starters.seat_pairs`` (``--compiled``: scripts/seat_pairs.c, the same search about
50 times faster) seats them, given ``--nodes`` search nodes. A find is developed and
verified as a Wh(v) before it is written; sizes without one are listed under "none" with
the seconds and draws spent (summed over runs).

    .venv/bin/python scripts/find_frame_starters.py --sizes 80 69 [--budget 600] [--jobs 2]
        [--nodes 5000000] [--compiled] [--first-draw 0]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from functools import partial
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from find_starters import _summed, _write, seat_draws

from tournaments.movements.whist import design_defects
from tournaments.movements.whist_frame import FRAMES_PATH, Frame, frame


def frame_pairs(group: Frame, rng: random.Random) -> list[tuple[int, int]] | None:
    """Partner pairs: one for each class owed a partnership, then ∞i with the i-th point
    left; None at a dead end. The class with the fewest places goes next (ties at random),
    at a random free x with x + d free: placing the classes in a random order dead-ends
    in nearly every draw from 69 players on. When v = 1 (mod 4) point 0 sits out."""
    owed = group.counts()
    classes = [d for d in range(1, group.order) if d <= group.negate(d) and owed.get(d, (1, 2))[0]]
    free = set(range(1 if group.infinities == 1 else 0, group.order))
    pairs = []
    while classes:
        places = {d: [x for x in sorted(free) if group.add(x, d) in free] for d in classes}
        fewest = min(len(p) for p in places.values())
        if not fewest:
            return None
        d = rng.choice([d for d in classes if len(places[d]) == fewest])
        x = rng.choice(places[d])
        classes.remove(d)
        free -= {x, group.add(x, d)}
        pairs.append((x, group.add(x, d)))
    return pairs + [(group.order + i, x) for i, x in enumerate(sorted(free))]


def framed(
    job: tuple[int, float], *, nodes: int, compiled: bool = False, first_draw: int = 0
) -> tuple[int, dict]:
    """Draws from ``first_draw`` on until one seats or the budget runs out."""
    v, budget = job
    group = frame(v)
    starter, seed, seconds = seat_draws(
        group,
        partial(frame_pairs, group),
        budget=budget,
        nodes=nodes,
        compiled=compiled,
        first_draw=first_draw,
    )
    if starter is None:
        return v, {"searched_seconds": round(seconds), "attempts": seed}
    if design_defects(v, group.develop(starter)):
        raise AssertionError(f"the frame starter for Wh({v}) is not a whist tournament")
    entry = {"seed": seed, "nodes": nodes, "seconds": seconds}
    return v, {"tables": [list(t) for t in starter], **entry}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", required=True)
    parser.add_argument("--budget", type=float, default=600.0, help="seconds per size")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--nodes", type=int, default=5_000_000, help="search nodes per draw")
    parser.add_argument("--compiled", action="store_true", help="seat with scripts/seat_pairs.c")
    parser.add_argument("--first-draw", type=int, default=0)
    args = parser.parse_args()
    old = json.loads(FRAMES_PATH.read_text()) if FRAMES_PATH.exists() else {}
    starters = {int(v): entry for v, entry in old.get("starters", {}).items()}
    none = {int(v): entry for v, entry in old.get("none", {}).items()}
    sizes = [v for v in args.sizes if frame(v) is not None]
    method = partial(framed, nodes=args.nodes, compiled=args.compiled, first_draw=args.first_draw)
    with Pool(args.jobs) as pool:
        for v, entry in pool.imap_unordered(method, [(v, args.budget) for v in sizes]):
            if "tables" in entry:
                starters[v] = entry
                none.pop(v, None)
            elif v not in starters:
                none[v] = _summed(none.get(v, {}), entry)
            print(v, "found" if "tables" in entry else "none", entry, flush=True)
            _write(starters, none, path=FRAMES_PATH, about=ABOUT)


ABOUT = (
    "Frame starters found and verified by scripts/find_frame_starters.py "
    "(tournaments/movements/whist_frame.py). v = 0 mod 4: points 0..v-5 are "
    "Z_2 x Z_k, k = (v - 4) / 2, the element (x1, x2) written x1 * k + x2, and "
    "v-4..v-1 are the fixed points; v = 1 mod 4: points 0..v-2 are Z_(v-1), point "
    "v-1 is the fixed point and 0 sits out in the starter round. Tables are "
    "[a, b, c, d]: a, c partners against b, d. seed = the draw (frame_pairs with "
    "random.Random(seed)), nodes = the search's limit per draw."
)


if __name__ == "__main__":
    main()
