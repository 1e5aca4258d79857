"""Print (or write into docs/movements.md) the grade table of individual movements.

The table shows, for 8..64 players and 6, 12, 24 rounds, repeated partners, the highest
opponent count and the never-met pairs of the generated movement (seed 0), so the guide
stays true whenever the generator changes; and for the grid 8..64 players (step 4) the
most partnered / opposed / met figures beside their lower bounds (seed 1):

    .venv/bin/python scripts/movement_grades.py            # print the table
    .venv/bin/python scripts/movement_grades.py --write    # refresh docs/movements.md
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournaments.movements.grade import grade  # noqa: E402
from tournaments.movements.individual import individual_movement  # noqa: E402
from tournaments.movements.whist import whist_design  # noqa: E402

DOC = ROOT / "docs" / "movements.md"
START, END = "<!-- grades:start -->", "<!-- grades:end -->"
BOUNDS_START, BOUNDS_END = "<!-- bounds:start -->", "<!-- bounds:end -->"
ROUNDS = (6, 12, 24)
GRID_SEED = 1  # the measurement: generate individual --players N --rounds R --seed 1


def grid_figures(players: int, rounds: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(max partner, max opponent, max meeting) achieved, and their lower bounds."""
    g = grade(individual_movement(players, rounds, GRID_SEED))
    b = g["lower_bounds"]
    return (
        (g["max_partner_meetings"], g["max_opponent_meetings"], g["max_meetings"]),
        (b["max_partner"], b["max_opponent"], b["max_meeting"]),
    )


def bounds_table() -> str:
    """The grid N = 8..64 (step 4) x R: figures beside their bounds, and the tally."""
    lines = [
        "| players | " + " | ".join(f"{r} rounds" for r in ROUNDS) + " |",
        "|---:|" + ":---:|" * len(ROUNDS),
    ]
    at_bounds = within = cells = 0
    for players in range(8, 65, 4):
        row = []
        for rounds in ROUNDS:
            got, bound = grid_figures(players, rounds)
            cells += 1
            exact = got == bound
            near = got[:2] == bound[:2] and got[2] <= bound[2] + 1
            at_bounds += exact
            within += near
            mark = "✓" if exact else ("≈" if near else "✗")
            row.append(f"{'/'.join(map(str, got))} ({'/'.join(map(str, bound))}) {mark}")
        lines.append(f"| {players} | " + " | ".join(row) + " |")
    lines.append("")
    lines.append(
        f"{at_bounds} of {cells} cells at every bound (✓); {within} at the partner and "
        f"opponent bounds with meetings within one (✓ or ≈); ✗ misses a bound."
    )
    return "\n".join(lines)


def table(low: int = 8, high: int = 64) -> str:
    head = "| players | design | " + " | ".join(f"{r} rounds" for r in ROUNDS) + " |"
    lines = [head, "|---:|:---:|" + "---:|" * len(ROUNDS)]
    for players in range(low, high + 1):
        design = whist_design(players)
        cells = []
        for rounds in ROUNDS:
            g = grade(individual_movement(players, rounds))
            cells.append(
                f"{g['repeat_partners']} / {g['max_opponent_meetings']} / {g['never_met']}"
            )
        mark = f"Wh({players})" if design else ""
        lines.append(f"| {players} | {mark} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"replace the block in {DOC.name}")
    args = parser.parse_args()
    blocks = ((START, END, table()), (BOUNDS_START, BOUNDS_END, bounds_table()))
    if not args.write:
        for _start, _end, text in blocks:
            print(text, end="\n\n")
        return
    doc = DOC.read_text()
    for start, end, text in blocks:
        block = f"{start}\n{text}\n{end}"
        doc, count = re.subn(
            re.escape(start) + ".*?" + re.escape(end), lambda _m, b=block: b, doc, flags=re.S
        )
        if count != 1:
            raise SystemExit(f"{DOC} has no {start} ... {end} block")
    DOC.write_text(doc)


if __name__ == "__main__":
    main()
