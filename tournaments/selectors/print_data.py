"""An event's seating and hands as the print documents read them, loaded once
(``selectors.printing`` builds every document from a ``Loaded``).

A movement that moves everyone alike whoever won (ladies stay, E/W move) has its later
rounds planned here, so the cards print the whole evening (``_plan_ahead``).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass

from tournaments import movements
from tournaments.models import SLOT_SEATS, Entry, Event, Hand, Pair, Seating, Table
from tournaments.selectors.movement_advice import plans_ahead
from tournaments.selectors.seating import progress_doc
from tournaments.selectors.seating_draw import fill_tables


@dataclass
class Loaded:
    """An event's seating and hands, loaded once."""

    event: Event
    entries: dict[int, Entry]  # by id
    pairs: dict[int, Pair]  # by id
    tables: list[Table]
    rounds: list[int]
    seats: dict[tuple[int, int], dict[str, int]]  # (round, table) -> seat -> entry id
    sit_outs: dict[int, list[int]]  # round -> entry ids
    trumps: dict[int, str]  # hand number -> trump, where the hand exists
    pair_labels: dict[int, str]  # pair id -> "3 Ann & Bob" (its name, else its players')
    planned: bool = False  # a progressive drive's later rounds are planned ahead (_plan_ahead)
    site: str = ""  # the base address links and QR codes use (selectors/links.py)


def load_event(event: Event) -> Loaded:
    """Five queries, whatever the size of the event."""
    entries = {e.id: e for e in Entry.objects.filter(event=event).select_related("player")}
    pairs = {p.id: p for p in Pair.objects.filter(event=event)}
    tables = list(Table.objects.filter(event=event).order_by("number"))
    seats: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    sit_outs: dict[int, list[int]] = defaultdict(list)
    for round_no, table_no, seat, entry_id in Seating.objects.filter(event=event).values_list(
        "round__number", "table__number", "seat", "entry_id"
    ):
        if table_no is None:
            sit_outs[round_no].append(entry_id)
        else:
            seats[(round_no, table_no)][seat] = entry_id
    trumps = dict(Hand.objects.filter(event=event).values_list("number", "trump"))
    rounds = list(range(1, event.round_count + 1))
    planned = _plan_ahead(event, entries, seats, sit_outs)
    names: dict[int, list[str]] = defaultdict(list)
    for entry in sorted(entries.values(), key=lambda e: e.number):
        if entry.pair_id:
            names[entry.pair_id].append(entry.player.name)
    pair_labels = {p.id: f"{p.number} {p.name or ' & '.join(names[p.id])}" for p in pairs.values()}
    return Loaded(
        event,
        entries,
        pairs,
        tables,
        rounds,
        dict(seats),
        dict(sit_outs),
        trumps,
        pair_labels,
        planned,
    )


def _plan_ahead(
    event: Event,
    entries: dict[int, Entry],
    seats: dict[tuple[int, int], dict[str, int]],
    sit_outs: dict[int, list[int]],
) -> bool:
    """Fill in the rounds a rule that ignores who won (ladies stay, E/W move) fixes from the
    last one seated, so the cards print the whole evening as for a fixed movement. Each
    round is drawn as ``services.seating`` will draw it (the same seeded ``fill_tables``, so
    who sits out next is the same); not once anyone joins later or has left, and not for a
    pairs drive with a pair sitting out (its draw is by pairs)."""
    if not plans_ahead(event):
        return False
    last = max((r for r, _t in seats), default=0)
    present = {e for (r, _t), at in seats.items() if r == last for e in at.values()}
    present |= set(sit_outs.get(last, ()))
    changing = any(e.id not in present or e.withdrawn_round for e in entries.values() if e.arrived)
    if not last or last >= event.round_count or changing or (event.uses_pairs and sit_outs):
        return False
    number = {e.id: e.number for e in entries.values()}
    by_number = {e.number: e for e in entries.values() if e.id in present}
    roles = {n: e.role for n, e in by_number.items()}
    fixed = [n for n, e in by_number.items() if e.stationary]
    rested = Counter(number[e] for ids in sit_outs.values() for e in ids)
    count = max(t for r, t in seats if r == last)
    slots = [[number.get(seats[(last, t)].get(s)) for s in SLOT_SEATS] for t in range(1, count + 1)]
    for rnd in range(last + 1, event.round_count + 1):
        doc = progress_doc(event=event, slots=slots, stationary=fixed, winners={})
        (moved,) = movements.plan_ahead(event.movement_kind, doc, 1)
        slots = [
            [p if isinstance(p, int) else None for p in (*t["pairs"][0], *t["pairs"][1])]
            for t in moved["tables"]
        ]
        out: list[int] = []
        if not event.uses_pairs:  # a pairs drive with nobody out: the movement is the plan
            slots, out = fill_tables(
                slots,
                sorted(by_number),
                roles=roles,
                sat_out=Counter(rested),
                rng=random.Random(f"{event.movement_seed}:{rnd}"),
                ghosts=event.ghost_seats,
                stationary=fixed,
            )
            rested.update(out)
        for t, players in enumerate(slots, 1):
            seats[(rnd, t)] = {
                seat: by_number[p].id
                for seat, p in zip(SLOT_SEATS, players, strict=True)
                if p is not None
            }
        if out:
            sit_outs[rnd] = [by_number[p].id for p in out]
    return True
