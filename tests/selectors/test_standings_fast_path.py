"""The standings' fast path (data parsed once per distinct value, the drive engine's trusted
path) gives byte for byte what the checked path gives, on an event with sit-outs, revokes,
a table not played, ties and prizes."""

from __future__ import annotations

import json

import pytest

from scoring import drive as drive_engine
from tests.factories import build_seated_event, drive_data
from tests.selectors.test_standings import confirm
from tournaments.selectors.standings import cache as standings_cache
from tournaments.selectors.standings import compute_all, compute_standings, loading

# (hand, table) -> (N/S tricks, revokes by N/S, revokes by E/W); 13 players, one sits out.
REVOKES = {(2, 1): (1, 9, 0), (3, 3): (2, 0, 1), (5, 2): (2, 1, 1)}


def busy_drive():
    event = build_seated_event(players=13, rounds=6, open_rounds=6, rules={"no_double_prizes": True, "ties": "share"})
    for hand in range(1, 7):
        for table in (1, 2, 3):
            if (hand, table) == (4, 2):
                confirm(event, hand, table, {"credit": "own_average"}, status="not_played")
                continue
            ns, r_ns, r_ew = REVOKES.get((hand, table), ((hand + table) % 3 + 6, 0, 0))
            status = "entered" if (hand, table) == (6, 3) else "confirmed"  # one waiting
            confirm(event, hand, table, drive_data(ns, (r_ns, r_ew)), ns, status=status)
    return event


def checked_path(monkeypatch):
    """The path before: every row's data parsed afresh, every row checked by the engine."""
    monkeypatch.setattr(loading, "_json_parser", lambda: lambda text: json.loads(text))
    score = drive_engine.score
    monkeypatch.setattr(drive_engine, "score", lambda record, trusted=False: score(record))


@pytest.mark.django_db
def test_the_fast_path_gives_the_checked_paths_standings_byte_for_byte(monkeypatch):
    event = busy_drive()
    fast = repr((compute_standings(event), compute_all(event)))
    checked_path(monkeypatch)
    assert fast == repr((compute_standings(event), compute_all(event)))
    standings = compute_standings(event)
    rows = standings["standings"]
    assert any(r["sat_out"] for r in rows) and any(r["tied"] for r in rows)
    assert standings["prizes"] and standings["pending"] == 1
    assert any(h["tricks"] != h["entered"] for h in standings["_hands"])  # revokes applied


@pytest.mark.django_db
def test_the_fast_path_keeps_its_query_count(django_assert_max_num_queries):
    event = busy_drive()
    with django_assert_max_num_queries(8):  # the six of load_input, the prize settings
        standings_cache.compute_standings(event)


@pytest.mark.django_db
def test_seatings_read_out_of_order_load_as_in_pk_order(monkeypatch):
    """The database may hand the seatings back in any order (no ORDER BY): loaded the same."""
    event = busy_drive()
    expected = loading.load_input(event)
    real = loading.Seating

    class Reversed:
        class objects:
            @staticmethod
            def filter(**kwargs):
                rows = list(real.objects.filter(**kwargs).order_by().values_list(
                    "pk", "round_id", "table_id", "seat", "entry_id"))
                return type("Rows", (), {"order_by": lambda self: self,
                                         "values_list": lambda self, *a: rows[::-1]})()

    monkeypatch.setattr(loading, "Seating", Reversed)
    got = loading.load_input(event)
    assert (got.seats, got.sit_outs) == (expected.seats, expected.sit_outs)
    assert repr((got.seats, got.sit_outs)) == repr((expected.seats, expected.sit_outs))
