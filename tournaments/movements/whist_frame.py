"""Whist tournaments from frame starters: a group of order v - 4 or v - 1 and a few fixed players.

Where v - 1 is a prime p = 3 (mod 4) (80, 84, 104, ...), or v = 1 (mod 4) with 3 dividing v
(69, 93), the Z-cyclic starters of ``whist.py`` are scarce. Here the group is smaller and
a subgroup H of order 4 plays among itself in the rounds the group fixes:

* v = 0 (mod 4): G = Z_2 x Z_k, k = (v - 4) / 2, H its elements of order 1 or 2, and four
  fixed players ∞0..∞3. In three rounds every coset of H is a table whose partners differ
  by one element h of H (a different h each round), and the ∞'s share a table (a Wh(4)
  over the three). The other v - 4 rounds are one starter round translated by G: each ∞
  at its own table with a finite partner, every difference outside H once among partners
  and twice among opponents, none inside H.
* v = 1 (mod 4): G = Z_(v - 1), H = {0, q, 2q, 3q}, one fixed player ∞ who sits out the
  one round of cosets (partners differing by 2q, so ±q meet there once as opponents). The
  starter round, in which 0 sits out, has ±q once among partners and once among
  opponents, 2q once among opponents, every other difference once and twice.

A starter is a list of tables (a, b, c, d), a and c partners against b and d, on the
points 0..|G| - 1 (the element (x1, x2) is x1 * m2 + x2) and |G| + i for ∞i.
``scripts/find_starters.py --frame`` searches them; ``data/frame_starters.json`` ships
them, verified again when loaded.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tournaments.movements.whist import Round, Table, design_defects

FRAMES_PATH = Path(__file__).with_name("data") / "frame_starters.json"

# The ∞'s Wh(4) over the three rounds of cosets: each pairing once.
_FIXED_TABLES = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))


@dataclass(frozen=True)
class Frame:
    v: int
    m1: int  # G = Z_m1 x Z_m2
    m2: int

    @property
    def order(self) -> int:
        return self.m1 * self.m2

    @property
    def infinities(self) -> int:
        return 4 if self.v % 4 == 0 else 1

    def add(self, x: int, g: int) -> int:
        """x + g in G; an ∞ stays where it is."""
        if x >= self.order:
            return x
        m2 = self.m2
        return (x // m2 + g // m2) % self.m1 * m2 + (x + g) % m2

    def negate(self, x: int) -> int:
        return (-(x // self.m2)) % self.m1 * self.m2 + (-x) % self.m2

    def subgroup(self) -> list[int]:
        """H: 0 and the three involutions of Z_2 x Z_k, or 0, q, 2q, 3q in Z_(v - 1)."""
        if self.infinities == 4:
            half = self.m2 // 2
            return [0, half, self.m2, self.m2 + half]
        q = self.m2 // 4
        return [0, q, 2 * q, 3 * q]

    def counts(self) -> dict[int, tuple[int, int]]:
        """Class of each difference (the smaller of d and -d) -> (partners, opponents) the
        starter owes it; classes not listed owe (1, 2)."""
        h = self.subgroup()
        if self.infinities == 4:
            return dict.fromkeys(h[1:], (0, 0))
        return {h[1]: (1, 1), h[2]: (0, 1)}

    def fixed_rounds(self) -> list[Round]:
        """The rounds G fixes: the cosets of H, with the ∞'s at one table."""
        h = self.subgroup()
        shapes = (
            [(h[1], h[2]), (h[2], h[3]), (h[3], h[1])]  # (partner, opponent) differences
            if self.infinities == 4
            else [(h[2], h[1])]
        )
        rounds = []
        for number, (part, opp) in enumerate(shapes):
            tables: list[Table] = []
            if self.infinities == 4:
                tables.append(tuple(self.order + i for i in _FIXED_TABLES[number]))
            seen: set[int] = set()
            for x in range(self.order):
                if x not in seen:
                    table = (
                        x,
                        self.add(x, opp),
                        self.add(x, part),
                        self.add(x, self.add(part, opp)),
                    )
                    seen.update(table)
                    tables.append(table)
            rounds.append(tables)
        return rounds

    def develop(self, starter: Sequence[Table]) -> list[Round]:
        """The fixed rounds, then the starter translated by every element of G."""
        translated = [
            [tuple(self.add(x, g) for x in table) for table in starter] for g in range(self.order)
        ]
        return self.fixed_rounds() + translated


def frame(v: int) -> Frame | None:
    """The frame for v players, or None (too few to leave a starter to search)."""
    if v < 16 or v % 4 not in (0, 1):
        return None
    return Frame(v, 2, (v - 4) // 2) if v % 4 == 0 else Frame(v, 1, v - 1)


@cache
def shipped_frames() -> dict[int, list[Table]]:
    """Frame starters cached by ``scripts/find_frame_starters.py``; re-verified on load."""
    if not FRAMES_PATH.exists():
        return {}
    starters: dict[int, list[Table]] = {}
    for key, entry in json.loads(FRAMES_PATH.read_text())["starters"].items():
        v = int(key)
        starter = [tuple(table) for table in entry["tables"]]
        if design_defects(v, frame(v).develop(starter)):
            raise AssertionError(f"shipped frame starter for Wh({v}) is not a whist tournament")
        starters[v] = starter
    return starters


def frame_design(v: int) -> list[Round] | None:
    starter = shipped_frames().get(v)
    return None if starter is None else frame(v).develop(starter)
