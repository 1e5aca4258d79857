"""Hall mode end to end: ``manage.py hall`` (gunicorn + uvicorn workers, SQLite, tasks
in-process) in a subprocess on a free port, driven over HTTP as the room's phones and the
organizer would. One server for the module (it takes a while to build 50 tables); the
tests run in file order on the same evening (hand 1, hand 2, then the round closes).
"""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.hall_server import HallServer

TABLES = 50


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    server = HallServer(tmp_path_factory.mktemp("hall"), workers=3)
    server.night = server.build_night(players=TABLES * 4, hands=4, per_round=2)
    server.start()
    yield server
    server.stop()


def submit(hall, table: int, hand: int, tricks: int):
    night = hall.night
    return hall.request(
        "POST", f"/api/v1/events/{night['slug']}/hands/{hand}/tables/{table}/result/",
        {"tricks": {"ns": tricks, "ew": 13 - tricks}},
        auth=f"Table {night['tables'][str(table)]}", key=f"hand{hand}-table{table}",
    )  # fmt: skip


def stored(hall, table: int, hand: int):
    """What the organizer's API shows for (hand, table): (status code, tricks N/S, version)."""
    status, body = hall.request(
        "GET", f"/api/v1/events/{hall.night['slug']}/hands/{hand}/tables/{table}/result/",
        auth=f"Token {hall.night['token']}",
    )  # fmt: skip
    return (status, body.get("tricks_ns"), body.get("version")) if status == 200 else (status, None, None)


def tricks_for(table: int) -> int:
    return table % 14


def test_fifty_tables_submitting_at_once_are_all_stored(hall):
    start = threading.Barrier(TABLES)

    def one(table):
        start.wait()
        return submit(hall, table, 1, tricks_for(table))

    began = time.perf_counter()
    with ThreadPoolExecutor(TABLES) as pool:
        answers = list(pool.map(one, range(1, TABLES + 1)))
    print(f"\n50 concurrent submissions answered in {time.perf_counter() - began:.2f}s")
    errors = [(t, a) for t, a in enumerate(answers, 1) if a[0] != 201]
    assert errors == []
    assert [stored(hall, t, 1) for t in range(1, TABLES + 1)] == [
        (200, tricks_for(t), 1) for t in range(1, TABLES + 1)
    ]
    assert "database is locked" not in hall.log.read_text()


def test_server_killed_mid_round_loses_no_acknowledged_result(hall):
    acknowledged: dict[int, int] = {}
    lock = threading.Lock()
    enough = threading.Event()

    def phone(tables):
        for table in tables:
            try:
                status, _body = submit(hall, table, 2, tricks_for(table + 3))
            except OSError:
                continue  # the server is gone: this phone keeps it in its queue
            if status == 201:
                with lock:
                    acknowledged[table] = tricks_for(table + 3)
                    if len(acknowledged) >= 15:
                        enough.set()

    phones = [threading.Thread(target=phone, args=(range(i, TABLES + 1, 5),)) for i in range(1, 6)]
    for t in phones:
        t.start()
    assert enough.wait(120)
    hall.kill()  # SIGKILL mid-round: the hall command, gunicorn and every worker
    for t in phones:
        t.join()
    assert 15 <= len(acknowledged) < TABLES  # killed while results were still coming in

    hall.start()
    for table, tricks in acknowledged.items():
        assert stored(hall, table, 2) == (200, tricks, 1), f"table {table}"
    # The phones resend what they queued, with the same keys: each result stored once.
    for table in range(1, TABLES + 1):
        assert submit(hall, table, 2, tricks_for(table + 3))[0] == 201
    assert [stored(hall, t, 2) for t in range(1, TABLES + 1)] == [
        (200, tricks_for(t + 3), 1) for t in range(1, TABLES + 1)
    ]


def latest_copy(hall):
    copies = sorted(hall.backups.glob("whistdrive-*.sqlite3"))
    return copies[-1] if copies else None


def test_each_round_close_leaves_a_restorable_copy(hall, tmp_path):
    slug, token = hall.night["slug"], f"Token {hall.night['token']}"
    for number in (1, 2):
        if number == 2:
            assert hall.request("POST", f"/api/v1/events/{slug}/rounds/2/open/", {}, auth=token)[0] == 200
        before = latest_copy(hall)
        status, body = hall.request(
            "POST", f"/api/v1/events/{slug}/rounds/{number}/close/", {"force": True}, auth=token
        )
        assert (status, body["status"]) == (200, "closed")
        copy = latest_copy(hall)
        assert copy is not None and copy != before
        live = json.loads(hall.manage("event_export", slug))

        restored_env = {**hall.env, "DATABASE_URL": f"sqlite:///{tmp_path / f'restored{number}.sqlite3'}"}
        out = hall.manage("hall_restore", str(copy), env=restored_env)
        assert "1 event(s)" in out
        assert json.loads(hall.manage("event_export", slug, env=restored_env)) == live
        rounds = {r["number"]: r["status"] for r in live["rounds"]}
        assert rounds[number] == "closed"

        exports = sorted((hall.backups / "events" / slug).glob("*.json"))
        assert json.loads(exports[-1].read_text()) == live  # the event's export beside it
