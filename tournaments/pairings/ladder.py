"""Winners move up, losers stay: the table movement of a Bid Whist hall.

Table 1 is the head table. After a round the winners at table t > 1 move up to table
t - 1 and the losers stay; at the head table the winners stay and the losers go to the
bottom table. So table 1 seats (W1, W2), table t seats (L_t, W_t+1) and the last table
(L_last, L1). With an odd number of teams one team sits out: the team that would go to
the bottom table from the head table, unless it has had more byes than a loser lower
down, in which case the lowest such loser sits out and the head-table loser takes its
seat. The bye team comes back in at the bottom table as if it had won there.
Rematches are not avoided (a fixed movement); use Swiss pairing for that.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .errors import fail, require_teams


def ladder_start(teams: Iterable) -> dict:
    """The first round: teams seated in the order given (a draw or a seeding)."""
    teams = require_teams(teams)
    bye = teams[-1] if len(teams) % 2 else None
    seated = teams[:-1] if bye is not None else teams
    return {
        "tables": [[seated[i], seated[i + 1]] for i in range(0, len(seated), 2)],
        "bye": bye,
    }


def ladder_next(
    tables: list[list], winners: Iterable, bye=None, byes: Mapping[object, int] | None = None
) -> dict:
    """The next round from this round's tables (head first), winners and bye."""
    tables = [list(t) for t in tables]
    winners = set(winners)
    byes = byes or {}
    won, lost = [], []
    for number, table in enumerate(tables, start=1):
        if len(table) != 2:
            raise fail(f"table {number} must seat two teams", "E_TABLES")
        inside = [team for team in table if team in winners]
        if len(inside) != 1:
            raise fail(f"table {number} needs exactly one winner", "E_RESULT")
        won.append(inside[0])
        lost.append(table[0] if table[1] == inside[0] else table[1])
    if not tables:
        raise fail("a round needs at least one table", "E_TABLES")
    last = len(tables) - 1
    new = [[won[0], won[1]] if last else [won[0], lost[0]]]
    new += [[lost[t], won[t + 1]] for t in range(1, last)]
    if last:
        new.append([lost[last], lost[0]])
    new_bye = None
    if bye is not None:
        # The bye team comes in at the bottom table; one loser sits out in its place.
        order = [lost[0], *lost[:0:-1]]
        fewest = min(byes.get(t, 0) for t in order)
        new_bye = next(t for t in order if byes.get(t, 0) == fewest)
        swap = {lost[0]: bye}
        if new_bye != lost[0]:
            swap[new_bye] = lost[0]
        new = [[swap.get(team, team) for team in table] for table in new]
    return {"tables": new, "bye": new_bye}
