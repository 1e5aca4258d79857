"""Two web processes behind one address (docker-compose's web1 and web2): two production
servers on two ports against the same database and the machine's Redis. A result entered
and confirmed through one reaches a projector stream open on the other, through Redis."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.factories import build_seated_event
from tests.factories import drive_data as drive
from tests.processes import AppServer, EventStream, request
from tournaments.models import Event, Table

# transaction=True: the rows are committed, so the servers (other processes) see them.
pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_result_confirmed_through_one_process_reaches_a_stream_on_the_other(deployment):
    event = build_seated_event(players=8, rounds=2, open_rounds=1, hands_per_round=2)
    table = Table.objects.get(event=event, number=1)
    auth = {"Authorization": f"Table {table.token}"}
    result_url = f"/api/v1/events/{event.slug}/hands/1/tables/1/result/"
    a = deployment(AppServer(settings.REDIS_URL, workers=1))
    b = deployment(AppServer(settings.REDIS_URL, workers=1))
    assert a.port != b.port and a.proc.pid != b.proc.pid

    stream = EventStream(b.base, f"/e/{event.slug}/stream/")
    try:
        assert stream.status == 200
        assert stream.response.getheader("Content-Type").startswith("text/event-stream")
        assert stream.next_version() == event.version  # B's view now

        status, body, _h = request("POST", f"{a.base}{result_url}", drive(8), headers=auth)
        assert status == 201 and body["status"] == "entered"
        status, body, _h = request(
            "POST", f"{a.base}{result_url}confirm/", headers={**auth, "If-Match": '"1"'}
        )
        assert status == 200 and body["status"] == "confirmed"
        confirmed = Event.objects.get(pk=event.pk).version
        assert confirmed > event.version

        # B's stream carries every change A made, in order, up to the confirmation.
        seen = [stream.next_version()]
        while seen[-1] != confirmed:
            seen.append(stream.next_version())
        assert seen == sorted(set(seen)) and seen[0] > event.version
    finally:
        stream.close()

    # Both processes answer from the one database: B serves A's confirmed result.
    status, body, _h = request("GET", f"{b.base}{result_url}", headers=auth)
    assert status == 200 and body["status"] == "confirmed"
    status, health, _h = request("GET", f"{b.base}/healthz")
    assert status == 200 and health["status"] == "ok"
