"""Print (or write into docs/movements.md) the grade table of individual movements.

The table shows, for 8..64 players and 6, 12, 24 rounds, repeated partners, the highest
opponent count and the never-met pairs of the generated movement (seed 0), so the guide
stays true whenever the generator changes:

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
ROUNDS = (6, 12, 24)


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
    text = table()
    if not args.write:
        print(text)
        return
    doc = DOC.read_text()
    block = f"{START}\n{text}\n{END}"
    doc, count = re.subn(
        re.escape(START) + ".*?" + re.escape(END), lambda _m: block, doc, flags=re.S
    )
    if count != 1:
        raise SystemExit(f"{DOC} has no {START} ... {END} block")
    DOC.write_text(doc)


if __name__ == "__main__":
    main()
