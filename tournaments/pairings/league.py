"""Team league fixtures (round robin, optionally home and away) and the knockout cup draw."""

from __future__ import annotations

import random
from collections.abc import Iterable

from .brackets import single_elimination
from .errors import require_int, require_teams


def round_robin(teams: Iterable, home_and_away: bool = False) -> list[dict]:
    """Fixture rounds by the circle method: ``[{"round", "matches": [[home, away]], "bye"}]``.

    Every team meets every other once (twice with home and away: the second half repeats
    the first with home and away swapped). Home and away alternate for every team as far
    as a round robin allows; an odd number of teams gives each team one bye per half.
    """
    teams = require_teams(teams)
    circle = [*teams, None] if len(teams) % 2 else list(teams)
    n = len(circle)
    rounds = []
    for rnd in range(n - 1):
        matches, bye = [], None
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            if a is None or b is None:
                bye = b if a is None else a
                continue
            # the fixed team alternates; the others by table position and round parity
            home_first = rnd % 2 == 0 if i == 0 else i % 2 == 1
            matches.append([a, b] if home_first else [b, a])
        rounds.append({"round": rnd + 1, "matches": matches, "bye": bye})
        circle = [circle[0], circle[-1], *circle[1:-1]]
    if home_and_away:
        half = len(rounds)
        rounds += [
            {
                "round": half + r["round"],
                "matches": [[b, a] for a, b in r["matches"]],
                "bye": r["bye"],
            }
            for r in rounds
        ]
    return rounds


def cup_draw(
    teams: Iterable, seed: int = 0, best_of: int = 1, final_best_of: int | None = None
) -> dict:
    """A knockout cup: the teams drawn at random (reproducibly from ``seed``) into a
    single-elimination bracket; byes, when the field is not a power of two, go to the
    first teams drawn, as out of a hat."""
    teams = require_teams(teams)
    require_int(seed, "seed", 0)
    drawn = list(teams)
    random.Random(seed).shuffle(drawn)
    bracket = single_elimination(drawn, best_of=best_of, final_best_of=final_best_of)
    return {**bracket, "kind": "cup", "draw_seed": seed}
