"""Team matches: match points from the trick difference, and the league table.

A scale is data: ``[(smallest margin, winner's points, loser's points), ...]``, the row with
the largest margin not above the match's margin applies (a margin of 0 is a draw).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .errors import fail

SCALES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "3-1-0": ((0, 1, 1), (1, 3, 0)),
    "margin": ((0, 2, 2), (1, 3, 1), (5, 4, 0)),
}


def scale_rows(scale: str | Sequence[Sequence[int]]) -> tuple[tuple[int, int, int], ...]:
    if isinstance(scale, str):
        if scale not in SCALES:
            raise fail(f"unknown match-point scale {scale!r}; expected one of {', '.join(SCALES)}")
        return SCALES[scale]
    rows = tuple(sorted(tuple(int(x) for x in row) for row in scale))
    if not rows or rows[0][0] != 0 or any(len(row) != 3 for row in rows):
        raise fail("a match-point scale lists (margin, winner, loser) rows starting at margin 0")
    return rows


def match_points(home_tricks: int, away_tricks: int, scale="3-1-0") -> tuple[int, int]:
    """(home points, away points) for a match with these trick totals."""
    margin = abs(home_tricks - away_tricks)
    row = [r for r in scale_rows(scale) if r[0] <= margin][-1]
    if home_tricks >= away_tricks:
        return row[1], row[2]
    return row[2], row[1]


def league_table(teams: Iterable, matches: Iterable[Mapping], scale="3-1-0") -> list[dict]:
    """Rows best first from played matches ``{"home", "away", "home_tricks", "away_tricks"}``:
    ranked by match points, then trick difference, then tricks won; teams level on all three
    share a place (``tied``), listed in the teams' order."""
    order = list(teams)
    rows = {
        t: {
            "team": t,
            "played": 0,
            "won": 0,
            "drawn": 0,
            "lost": 0,
            "tricks_for": 0,
            "tricks_against": 0,
            "points": 0,
        }
        for t in order
    }
    for m in matches:
        points = match_points(m["home_tricks"], m["away_tricks"], scale)
        sides = (
            (m["home"], m["home_tricks"], m["away_tricks"], points[0]),
            (m["away"], m["away_tricks"], m["home_tricks"], points[1]),
        )
        for team, got, gave, pts in sides:
            row = rows[team]
            row["played"] += 1
            row["tricks_for"] += got
            row["tricks_against"] += gave
            row["points"] += pts
            row["won" if got > gave else "lost" if got < gave else "drawn"] += 1

    def merit(t) -> tuple:
        return (
            -rows[t]["points"],
            rows[t]["tricks_against"] - rows[t]["tricks_for"],
            -rows[t]["tricks_for"],
        )

    ranked = sorted(order, key=lambda t: (merit(t), order.index(t)))
    level = Counter(merit(t) for t in ranked)
    out, position = [], 0
    for i, t in enumerate(ranked, start=1):  # teams level on every figure share a place
        if i == 1 or merit(t) != merit(ranked[i - 2]):
            position = i
        out.append({**rows[t], "position": position, "tied": level[merit(t)] > 1})
    return out
