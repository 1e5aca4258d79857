"""A Dutch club season's seven evenings, written straight to the database to keep tests fast.

Eight members play every evening in one hand at two tables (build_seated_event's seating:
entries 1 and 3 N/S at table 1 against 2 and 4; 5 and 7 N/S at table 2 against 6 and 8).
Anna (entry 1) misses evening 4, where a guest takes her seat.
"""

from __future__ import annotations

import datetime as dt

from tests.factories import PlayerFactory, build_seated_event, confirmed_drive_result
from tournaments.models import Event, Hand, Player

MEMBERS = ("Anna", "Bram", "Cor", "Dirk", "Eva", "Fien", "Gert", "Hans")
TABLE_1_NS = (9, 8, 10, 11, 9, 3, 8)  # tricks of Anna and Cor each evening
TABLE_2_NS = 7
# Best 5 of 7: Cor 47, Anna 44 (6 evenings), Eva and Gert 35, Fien and Hans 30, Bram and Dirk 28.


def club_evenings(club) -> list[Event]:
    members = [PlayerFactory(club=club, name=name) for name in MEMBERS]
    guest = PlayerFactory(club=club, name="Guest Joop")
    evenings = []
    for night, ns in enumerate(TABLE_1_NS, start=1):
        event = build_seated_event(
            players=8,
            rounds=1,
            club=club,
            name=f"Club evening {night}",
            slug=f"club-evening-{night}",
            date=dt.date(2026, 9, 1) + dt.timedelta(days=14 * (night - 1)),
        )
        placeholders = []
        for entry in event.entries.order_by("number"):
            member = members[entry.number - 1]
            placeholders.append(entry.player_id)
            entry.player = guest if (night == 4 and entry.number == 1) else member
            entry.save(update_fields=["player"])
        Player.objects.filter(pk__in=placeholders).delete()  # the roster holds members only
        hand = Hand.objects.get(event=event)
        for table in event.tables.order_by("number"):
            tricks = ns if table.number == 1 else TABLE_2_NS
            confirmed_drive_result(event=event, hand=hand, table=table, ns=tricks).save()
        Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED, is_public=True)
        evenings.append(event)
    return evenings
