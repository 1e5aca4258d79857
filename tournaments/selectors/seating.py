"""Reading who plays: the active entries and pairs of a round and the plan said up front."""

from __future__ import annotations

import itertools
from collections import defaultdict

from tournaments.models import Entry, Event, Pair, Round, Seating
from tournaments.movements import history_of
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


def seated_doc(*, event: Event, before_round: int | None = None, index: dict | None = None) -> dict:
    """The rounds seated (those before ``before_round``) as a movement doc: each player, or
    pair, by its number, or by ``index`` of it (those not in ``index`` left out)."""
    rows = Seating.objects.filter(event=event)
    if before_round is not None:
        rows = rows.filter(round__number__lt=before_round)
    rounds: dict[int, dict] = defaultdict(lambda: {"tables": defaultdict(dict), "sit_out": set()})
    for round_no, table, seat, entry_no, pair_no in rows.values_list(
        "round__number", "table__number", "seat", "entry__number", "entry__pair__number"
    ):
        number = pair_no if event.uses_pairs else entry_no
        unit = number if index is None else index.get(number)
        if unit is None or (table is not None and seat not in "NESW"):
            continue  # gone, or the fifth at a table of five (dealt out in turn)
        if table is None:
            rounds[round_no]["sit_out"].add(unit)
        else:  # dict keys: a pair's two players are one unit, kept once in seat order
            side = rounds[round_no]["tables"][table].setdefault("ns" if seat in "NS" else "ew", {})
            side[unit] = None
    return {
        "rounds": [
            {
                "tables": [
                    {"ns": list(t.get("ns", ())), "ew": list(t.get("ew", ()))}
                    for t in r["tables"].values()
                ],
                "sit_out": sorted(r["sit_out"]),
            }
            for r in rounds.values()
        ]
    }


def evening_grade(*, event: Event) -> dict | None:
    """After a re-plan the movement's own grade is out of date: what the players meet over
    the whole evening as seated (most meetings; repeated partners), and the rounds re-planned."""
    replans = (event.movement or {}).get("replans")
    if not replans:
        return None
    counts = history_of(seated_doc(event=event))
    met = max((c for (kind, *_units), c in counts.items() if kind == "opponents"), default=0)
    grade = {"replanned": [plan["from_round"] for plan in replans]}
    if event.uses_pairs:
        return {**grade, "max_meetings": met}
    again = sum(c - 1 for (kind, *_units), c in counts.items() if kind == "partners" and c > 1)
    return {**grade, "repeat_partners": again, "max_opponent_meetings": met}
