"""Swiss pairing: each round, the best-ranked team meets the best-ranked team it has not met.

Pairing is by the current ranking (see ranking.py), top down, with backtracking so a
rematch happens only when no pairing of the remaining teams avoids it, and then as few
as possible. With an odd number of teams the bye goes to the lowest-ranked team among
those with the fewest byes so far, so no team gets a second bye while another has none.
A team that leaves is simply not passed in the next round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .errors import fail, require_teams

#: Search nodes per rematch allowance before the search gives up on that allowance. Far
#: above what 256 teams over a realistic number of rounds need (see bench/pairings.py).
SEARCH_BUDGET = 200_000


def played_set(matches: Iterable[Iterable]) -> set[frozenset]:
    """Every pair of teams that has met, from ``(a, b, ...)`` tuples."""
    return {frozenset(list(match)[:2]) for match in matches}


class _Search:
    def __init__(self, played: set[frozenset]) -> None:
        self.played = played
        self.nodes = 0

    def stuck(self, teams: list) -> int:
        """A lower bound on the rematches left: teams with no fresh opponent among the rest."""
        lonely = sum(
            1 for a in teams if all(frozenset((a, b)) in self.played for b in teams if b != a)
        )
        return (lonely + 1) // 2

    def pair(self, teams: list, allowance: int) -> list | None:
        """Pairs of ``teams`` (ranked order) with at most ``allowance`` rematches, or None."""
        if not teams:
            return []
        self.nodes += 1
        if self.nodes > SEARCH_BUDGET:
            return None
        if len(teams) <= 24 and self.stuck(teams) > allowance:
            return None
        first, rest = teams[0], teams[1:]
        for i, other in enumerate(rest):
            cost = frozenset((first, other)) in self.played
            if cost > allowance:
                continue
            tail = self.pair(rest[:i] + rest[i + 1 :], allowance - cost)
            if tail is not None:
                return [(first, other), *tail]
        return None


def swiss_round(
    ranked: Iterable,
    played: Iterable[Iterable] = (),
    byes: Mapping[object, int] | None = None,
) -> dict:
    """The next round: ``{"tables": [[a, b], ...], "bye": team or None, "rematches": n}``.

    ``ranked`` is the active teams best first; ``played`` the matches so far as
    ``(a, b, ...)``; ``byes`` how many byes each team has had. Table 1 is the top match.
    """
    teams = require_teams(ranked)
    met = played_set(played)
    byes = byes or {}
    candidates = [None]
    if len(teams) % 2:
        fewest = min(byes.get(t, 0) for t in teams)
        candidates = [t for t in reversed(teams) if byes.get(t, 0) == fewest]
    search = _Search(met)
    for allowance in range(len(teams) // 2 + 1):
        for bye in candidates:
            search.nodes = 0
            pairs = search.pair([t for t in teams if t != bye], allowance)
            if pairs is not None:
                rematches = sum(frozenset(p) in met for p in pairs)
                return {"tables": [list(p) for p in pairs], "bye": bye, "rematches": rematches}
    raise fail("no pairing found within the search budget", "E_SEARCH")  # pragma: no cover


def swiss_schedule_check(teams: int, rounds: int) -> None:
    """Refuse a Swiss event that cannot avoid rematches: more rounds than opponents."""
    most = teams if teams % 2 else teams - 1
    if rounds > most:
        raise fail(
            f"{teams} teams can play at most {most} Swiss rounds without a rematch, not {rounds}",
            "E_RANGE",
        )
