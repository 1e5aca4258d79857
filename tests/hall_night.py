"""Build a hall evening in the current database through the services (run by
tests/hall_server.py in a subprocess); prints what the test needs as one JSON line."""

from __future__ import annotations

import json

from django.utils import timezone
from rest_framework.authtoken.models import Token

from tournaments.models import Table
from tournaments.services import entries, events, rounds, seating


def main(raw: str) -> None:
    spec = json.loads(raw)
    user = events.organizer_ensure(username="organizer", password="whistdrive")
    club = events.club_ensure(name="Hall Club", slug="hall-club", organizer=user)
    event = events.event_create(
        club=club, name=spec.get("name", "Hall night"), date=timezone.localdate(), venue="Village hall",
        actor=user, hands=spec["hands"], hands_per_round=spec["per_round"],
    )  # fmt: skip
    names = "\n".join(f"Player{i} Hall" for i in range(1, spec["players"] + 1))
    entries.players_register(event_id=event.pk, text=names, actor=user)
    events.event_open(event_id=event.pk, actor=user)
    seating.event_seat(event_id=event.pk, actor=user)
    events.event_start(event_id=event.pk, actor=user)
    rounds.round_open(event_id=event.pk, round_number=1, actor=user)
    tables = {t.number: t.token for t in Table.objects.filter(event=event)}
    print(json.dumps({"slug": event.slug, "tables": tables, "token": Token.objects.get_or_create(user=user)[0].key}))
