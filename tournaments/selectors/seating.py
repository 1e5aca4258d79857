"""Reading who plays: the active entries and pairs of a round and the plan said up front."""

from __future__ import annotations

import itertools

from tournaments.models import Entry, Event, Pair, Round
from tournaments.movements.fives import fits_in_fives
from tournaments.movements.ghosts import ghost_tables


def progress_doc(
    *, event: Event, slots: list[list[int | None]], stationary: list[int], winners: dict
) -> dict:
    """A seated progressive round ([N, S, E, W] a table) as tournaments.movements reads it,
    with the winners ({table number: 0 for N/S, 1 for E/W}). An empty seat is the ghost's:
    it moves like a player, under a name of its own."""
    ghosts = (f"ghost {k}" for k in itertools.count(1))
    slots = [[next(ghosts) if p is None else p for p in t] for t in slots]
    return {
        "partners": "kept" if event.uses_pairs else "changed",
        "stationary": sorted(stationary),
        "tables": [
            {"table": n, "pairs": [[t[0], t[1]], [t[2], t[3]]], "winner": winners.get(n, 0)}
            for n, t in enumerate(slots, 1)
        ],
    }


def entries_active(*, event: Event, round_number: int) -> list[Entry]:
    """The entries who play (or sit out) in a round: arrived, joined and not withdrawn."""
    return [
        e
        for e in event.entries.select_related("player").order_by("number")
        if e.arrived and e.active_in(round_number)
    ]


def pairs_active(*, event: Event, round_number: int) -> list[Pair]:
    """The pairs with both partners active in a round (a pairs movement seats pairs)."""
    active = {e.pk for e in entries_active(event=event, round_number=round_number)}
    pairs = []
    for pair in event.pairs.prefetch_related("entries").order_by("number"):
        members = [e.pk for e in pair.entries.all()]
        if len(members) == 2 and all(pk in active for pk in members):
            pairs.append(pair)
    return pairs


def plan_round(*, event: Event) -> int:
    """The round the plan speaks of: the first not yet opened (a late arrival or a withdrawal
    takes effect there), else the last one; round 1 before any is made."""
    rounds = event.rounds.order_by("number")
    upcoming = rounds.filter(status=Round.Status.PENDING).first() or rounds.last()
    return upcoming.number if upcoming else 1


def plan_summary(*, event: Event, round_number: int | None = None) -> dict:
    """Tables and sit-outs a round will have (by default the round to come, ``plan_round``):
    said up front on the registration page and the dashboard."""
    if round_number is None:
        round_number = plan_round(event=event)
    pairs = event.uses_pairs
    active = pairs_active if pairs else entries_active
    units = len(active(event=event, round_number=round_number))
    per_table = 2 if pairs else 4  # a table seats two pairs or four players
    tables = units // per_table
    ghosts = seated = 0  # seated: players at a fifth seat (Es-makker's tables of five)
    if event.ghost_seats and not pairs:  # three-handed tables with the ghost, nobody idle
        tables = ghost_tables(units)
        ghosts = max(0, 4 * tables - units)
    elif event.odd_numbers == Event.OddNumbers.FIVES and not pairs and fits_in_fives(units):
        seated = units - 4 * tables
    return {
        "units": units,
        "players": units * 2 if pairs else units,  # in a pairs event: the players in pairs
        "tables": tables,
        "sit_out": max(0, units - per_table * tables - seated),
        "ghosts": ghosts,
        "pairs": pairs,
        "unpaired": _unpaired(event) if pairs else 0,
    }


def seating_cleared(*, event: Event) -> bool:
    """Whether a change (players, settings) cleared the seating since it was last drawn:
    the pages then say to seat again and print again."""
    if event.movement is not None:
        return False
    last = (
        event.log.filter(action__in=("seat", "redraw", "seating_clear"))
        .order_by("-created_at", "-pk")
        .values_list("action", flat=True)
        .first()
    )
    return last == "seating_clear"


def _unpaired(event: Event) -> int:
    return sum(1 for e in event.entries.all() if e.pair_id is None and e.withdrawn_round is None)
