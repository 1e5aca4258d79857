"""Redis stops mid-evening: the room keeps playing, and the push comes back with Redis."""

from __future__ import annotations

import pytest

from tests.factories import build_seated_event
from tests.factories import drive_data as drive
from tests.processes import AppServer, EventStream, RedisServer, request
from tournaments.models import Event, Result, Table

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def result_url(web: AppServer, event: Event, hand: int, table: int, tail: str = "") -> str:
    return f"{web.base}/api/v1/events/{event.slug}/hands/{hand}/tables/{table}/result/{tail}"


def test_with_redis_stopped_every_submission_is_stored_and_the_stream_resumes(deployment):
    # 44 players: 11 tables x 5 hands in round 1; table 11 plays while Redis is down at boot,
    # tables 1-10 (50 results) while it is stopped mid-evening.
    event = build_seated_event(players=44, rounds=2, open_rounds=1, hands_per_round=5)
    tokens = {t.number: t.token for t in Table.objects.filter(event=event)}
    redis = RedisServer()
    web = deployment(AppServer(redis.url))  # Redis is down at boot: the app starts anyway

    def submit(table: int, hand: int) -> int:
        return request(
            "POST", result_url(web, event, hand, table), drive(7),
            headers={"Authorization": f"Table {tokens[table]}"},
        )[0]

    assert [submit(11, hand) for hand in range(1, 6)] == [201] * 5
    assert request("GET", f"{web.base}/e/{event.slug}/")[0] == 200
    deployment(redis)
    assert request("GET", f"{web.base}/healthz")[0] == 200  # found without a restart

    redis.stop()  # mid-evening
    statuses = [submit(table, hand) for table in range(1, 11) for hand in range(1, 6)]

    assert statuses == [201] * 50  # stored, and told so: no answer of 500 or more
    assert Result.objects.filter(event=event).count() == 55
    for page in ("", "projector/", "projector/fragment/", "rounds/"):
        assert request("GET", f"{web.base}/e/{event.slug}/{page}")[0] == 200, page
    assert request("GET", f"{web.base}/e/{event.slug}/stream/")[0] == 204  # poll instead
    status, health, _headers = request("GET", f"{web.base}/healthz")
    assert status == 503 and health["checks"]["cache"]["ok"] is False
    assert health["checks"]["database"]["ok"] is True

    redis.start()  # same port: the app finds it again without a restart
    stream = EventStream(web.base, f"/e/{event.slug}/stream/")
    try:
        assert stream.status == 200
        seen = stream.next_version()
        status, body, _headers = request(
            "POST", result_url(web, event, 1, 1, "confirm/"),
            headers={"Authorization": f"Table {tokens[1]}", "If-Match": '"1"'},
        )
        assert status == 200 and body["status"] == "confirmed"
        assert stream.next_version() > seen  # the confirmation reached the open stream
    finally:
        stream.close()
