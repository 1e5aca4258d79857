"""The ghost seat: odd numbers seated at three-handed tables with a dummy (docs/movements.md).

With ``players = 4t - g`` the event plays at ``t`` tables, ``g`` of them (at most one ghost a
table, so ``g <= t``) three-handed: the empty seat is the ghost, whose hand the three play
as the rules say. The ghost is a phantom seat holder: it moves like a player (a progressive
movement moves it with its side's result; a fixed movement is drawn for ``4t`` and its
phantom numbers are the ghosts), is never ranked and enters nothing. A table holding two
ghosts after a move takes a player from a full table into the same seat, so the seat's role
is kept. Where ``g > t`` (5 players) the extra players sit out instead. Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

P = TypeVar("P")


def ghost_tables(players: int) -> int:
    """How many tables ``players`` fill with at most one ghost a table (else: four-handed)."""
    tables = -(-players // 4)
    return tables if 4 * tables - players <= tables else players // 4


def spread_ghosts(tables: Sequence[Sequence[P | None]]) -> list[list[P | None]]:
    """Tables of seats (None = the ghost) with at most one ghost a table where that is possible.

    A crowded table's second empty seat is taken by the player in the same seat at the last
    table with nobody missing; deterministic, and nothing moves when no table is crowded.
    """
    out = [list(t) for t in tables]
    while True:
        crowded = next((t for t in out if t.count(None) > 1), None)
        full = next((t for t in reversed(out) if None not in t), None)
        if crowded is None or full is None:
            return out
        seat = [i for i, p in enumerate(crowded) if p is None][-1]
        crowded[seat], full[seat] = full[seat], None


def with_ghosts(doc: dict, players: int) -> dict:
    """An individual movement drawn for ``4t`` seats made into ``players`` with ghosts.

    The numbers above ``players`` are phantoms: each becomes an empty seat (``None`` in
    ``ns``/``ew``), spread so that no table has two. ``players`` and ``ghosts`` are updated.
    """
    rounds = []
    for rd in doc["rounds"]:
        seats = [[None if p > players else p for p in (*t["ns"], *t["ew"])] for t in rd["tables"]]
        spread = spread_ghosts(seats)
        tables = [
            {**t, "ns": s[0:2], "ew": s[2:4]} for t, s in zip(rd["tables"], spread, strict=True)
        ]
        rounds.append({**rd, "tables": tables})
    return {**doc, "rounds": rounds, "players": players, "ghosts": doc["players"] - players}
