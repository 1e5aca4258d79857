"""The database drops the app's connections mid-evening: no 500, no partial write."""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from django.db import connection

from tests.factories import build_seated_event
from tests.factories import drive_data as drive
from tests.processes import APP_NAME, AppServer, RedisServer, request
from tournaments.models import Event, Table

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
BLIP = 0.2
TERMINATE = (
    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
    " WHERE application_name = %s AND pid <> pg_backend_pid()"
)


MID_REQUEST = TERMINATE + " AND state IN ('active', 'idle in transaction')"
MID_REQUEST_KILLS = 10  # enough to be sure requests were cut mid-way, few enough to finish


def terminate_until(stop: threading.Event, counts: list[int]) -> None:
    """Kill the web server's database sessions every BLIP seconds: blips, not an outage. In
    between, a few sessions are cut in the middle of a request (a busy session, looked for
    every few milliseconds): a fast request would otherwise slip between the blips, and the
    test would not see the transient error it is about (a loaded machine once did)."""
    import psycopg

    db = connection.settings_dict
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1", port=db["PORT"] or 5432, user=db["USER"],
        password=db.get("PASSWORD") or None, dbname=db["NAME"], autocommit=True,
    ) as conn:
        mid = 0
        next_blip = time.monotonic() + BLIP
        while not stop.wait(0.005):
            if mid < MID_REQUEST_KILLS:
                hit = conn.execute(MID_REQUEST, [APP_NAME]).fetchone()[0]
                mid += hit
                counts.append(hit)
            if time.monotonic() >= next_blip:
                counts.append(conn.execute(TERMINATE, [APP_NAME]).fetchone()[0])
                next_blip += BLIP


def submit(web: AppServer, event: Event, token: str, hand: int, table: int) -> list[int]:
    """Post one result, retrying a 503 with the same Idempotency-Key: the statuses seen."""
    key, statuses = str(uuid.uuid4()), []
    while len(statuses) < 20:
        status, body, headers = request(
            "POST", f"{web.base}/api/v1/events/{event.slug}/hands/{hand}/tables/{table}/result/",
            drive(6 + table % 3), headers={"Authorization": f"Table {token}", "Idempotency-Key": key},
        )
        statuses.append(status)
        if status != 503:
            return statuses
        assert headers["Retry-After"] and body["error"]["code"] == "E_UNAVAILABLE"
        time.sleep(BLIP / 2)  # a client waits Retry-After; a short wait keeps the test short
    return statuses


def test_terminated_connections_during_100_submissions_give_no_500_and_no_partial_write(deployment):
    event = build_seated_event(players=40, rounds=1, open_rounds=1, hands_per_round=10)
    tokens = {t.number: t.token for t in Table.objects.filter(event=event)}
    redis = deployment(RedisServer())
    web = deployment(AppServer(redis.url))
    stop, killed = threading.Event(), []
    killer = threading.Thread(target=terminate_until, args=(stop, killed))
    killer.start()
    try:
        seen = [
            submit(web, event, tokens[table], hand, table)
            for table in range(1, 11)
            for hand in range(1, 11)
        ]
    finally:
        stop.set()
        killer.join()

    assert sum(killed) > 0 and "transient database error" in web.log.read_text()  # it did hit
    assert all(s[-1] == 201 for s in seen)  # each stored, and in the end told so
    assert not [s for attempts in seen for s in attempts if s >= 500 and s != 503]
    with connection.cursor() as cursor:
        cursor.execute(
            """SELECT count(*), count(DISTINCT (hand_id, table_id)),
                      (SELECT count(*) FROM tournaments_scorechange c WHERE c.event_id = %s),
                      (SELECT count(*) FROM tournaments_scorechange c JOIN tournaments_result r
                         ON r.id = c.result_id WHERE c.event_id = %s AND c.action = 'enter'),
                      (SELECT count(*) FROM tournaments_idempotencyrecord i
                         JOIN tournaments_hand h
                           ON h.event_id = %s AND h.number = (i.body->>'hand')::int
                         JOIN tournaments_table t
                           ON t.event_id = %s AND t.number = (i.body->>'table')::int
                         JOIN tournaments_result r ON r.hand_id = h.id AND r.table_id = t.id
                         WHERE i.scope = %s),
                      (SELECT count(*) FROM tournaments_idempotencyrecord i WHERE i.scope = %s)
               FROM tournaments_result WHERE event_id = %s""",
            [event.pk] * 4 + [f"event:{event.pk}:results"] * 2 + [event.pk],
        )
        results, places, history, entered, matched, keys = cursor.fetchone()
    # One result per place, one history row each, one idempotency record each: no partial write.
    assert (results, places, history, entered, matched, keys) == (100,) * 6
