"""Builders for the organizer-workflow tests: events made through the services themselves."""

from __future__ import annotations

import datetime as dt

from tests.factories import ClubFactory, confirmed_drive_result
from tournaments.models import Event, Round
from tournaments.selectors.rounds import round_tables
from tournaments.services import entries, events, rounds, seating

DATE = dt.date(2026, 11, 29)


def make_event(
    *, players: int = 8, kind: str = "individual_drive", club=None, roles=None, **fields
) -> Event:
    """A draft event with ``players`` registered (names P1..Pn), optionally with roles."""
    club = club or ClubFactory()
    event = events.event_create(club=club, name="Test drive", date=DATE, kind=kind, **fields)
    if players:
        lines = [f"P{i}" + (f", , {roles[i - 1]}" if roles else "") for i in range(1, players + 1)]
        entries.players_register(event_id=event.pk, text="\n".join(lines))
    return Event.objects.get(pk=event.pk)


def started_event(**kwargs) -> Event:
    """Seated, running, round 1 open."""
    event = make_event(**kwargs)
    if event.uses_pairs:
        entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


def confirm(event: Event, round_number: int, tricks_ns: dict[int, int] | int = 7) -> None:
    """Confirmed results for every table and hand of an open round (N/S tricks per table)."""
    rnd = event.rounds.get(number=round_number)
    for hand in rnd.hands.all():
        for table in round_tables(rnd):
            ns = tricks_ns if isinstance(tricks_ns, int) else tricks_ns[table.number]
            confirmed_drive_result(event=event, hand=hand, table=table, ns=ns).save()


def seat_map(event: Event, round_number: int) -> dict[int, tuple[int | None, str]]:
    """{entry number: (table number or None, seat)} for a round."""
    rnd = Round.objects.get(event=event, number=round_number)
    return {
        s.entry.number: (s.table.number if s.table else None, s.seat)
        for s in rnd.seatings.select_related("entry", "table")
    }
