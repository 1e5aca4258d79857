"""Time the standings of a 1,000-player, 24-hand drive: recomputed, and as the room reads them.

Runs, in the same run and against the raw SQL aggregation of the same rows
(``SELECT entry, SUM(tricks) ... GROUP BY entry``), and prints each time and its ratio:
the standings selector and the drive engine (cache bypassed: the engine path), then
where the time goes (loading the rows, the engine alone, score cards and rounds), then
the public standings page and the projector fragment with a warm cache (the requests
through Django's test client, with their query counts). Uses a throwaway SQLite
database, or DATABASE_URL when set (the rows it creates are deleted at the end; the
cache is the process's local memory unless REDIS_URL is set).

    .venv/bin/python bench/standings.py [--players 1000] [--hands 24] [--repeat 5]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RAW_SQL = """
SELECT s.entry_id,
       SUM(CASE WHEN s.seat IN ('N', 'S') THEN r.tricks_ns ELSE 13 - r.tricks_ns END)
FROM tournaments_result r
JOIN tournaments_hand h ON h.id = r.hand_id
JOIN tournaments_seating s ON s.round_id = h.round_id AND s.table_id = r.table_id
WHERE r.event_id = %s AND r.status = 'confirmed'
GROUP BY s.entry_id
"""


def setup_django(tmp: str) -> None:
    if not os.environ.get("DATABASE_URL"):
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    os.environ.setdefault("REDIS_URL", "")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def build(players: int, hands: int):
    """The event, with every hand's confirmed results, written with bulk_create."""
    from tests.factories import confirmed_drive_result
    from tournaments.models import Club, Entry, Event, Hand, Player, Result, Round, Seating, Table

    rng = random.Random(7)
    stamp = int(time.time())
    club = Club.objects.create(name="Bench club", slug=f"bench-{stamp}")
    event = Event.objects.create(
        club=club,
        name="Bench drive",
        slug=f"bench-{stamp}",
        date=dt.date(2026, 1, 1),
        hands=hands,
        hands_per_round=1,
        trumps=["H", "C", "D", "S"],
        status="running",
    )
    people = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i}") for i in range(1, players + 1)
    )
    entries = Entry.objects.bulk_create(
        Entry(event=event, player=p, number=i) for i, p in enumerate(people, 1)
    )
    tables = Table.objects.bulk_create(
        Table(event=event, number=t, token=f"bench-{stamp}-{t}") for t in range(1, players // 4 + 1)
    )
    rounds = Round.objects.bulk_create(
        Round(event=event, number=r, status="closed") for r in range(1, hands + 1)
    )
    hand_rows = Hand.objects.bulk_create(
        Hand(event=event, round=rnd, number=rnd.number, trump="HCDS"[(rnd.number - 1) % 4])
        for rnd in rounds
    )
    seatings, results = [], []
    for rnd, hand in zip(rounds, hand_rows, strict=True):
        order = entries[:]
        rng.shuffle(order)
        for i, entry in enumerate(order):
            table = tables[i // 4] if i // 4 < len(tables) else None
            seat = "NESW"[i % 4] if table else ""
            seatings.append(Seating(event=event, round=rnd, table=table, seat=seat, entry=entry))
        for table in tables:
            ns = rng.randint(0, 13)
            results.append(
                confirmed_drive_result(event=event, hand=hand, table=table, ns=ns, source="system")
            )
    Seating.objects.bulk_create(seatings, batch_size=5000)
    Result.objects.bulk_create(results, batch_size=2000)
    from django.db import connection

    if connection.vendor == "postgresql":  # fresh statistics, as autovacuum would soon give
        with connection.cursor() as cursor:
            for table in ("result", "seating", "hand", "entry", "round", "table"):
                cursor.execute(f"ANALYZE tournaments_{table}")
    return event


def best_of(repeat: int, fn) -> tuple[float, float, object]:
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), value


def warm_pages(event, repeat: int) -> list[tuple[str, float, float, int]]:
    """Each public live page read with a warm cache: (name, best, median, queries)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    client = Client()
    rows = []
    for name in ("public:event", "public:projector_fragment"):
        url = reverse(name, args=[event.slug])
        assert client.get(url).status_code == 200  # the one rendering of this version
        best, median, _ = best_of(repeat, lambda url=url: client.get(url))
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        rows.append((name.split(":")[1], best, median, len(queries)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(tmp)
        from django.db import connection

        from scoring import drive as drive_engine
        from tournaments.selectors.standings import compute_all, compute_standings
        from tournaments.selectors.standings.cache import without_gc_pauses
        from tournaments.selectors.standings.drive import drive_record
        from tournaments.selectors.standings.loading import load_input
        from tournaments.selectors.standings.rules import event_engine_rules

        event = build(args.players, args.hands)
        try:

            def raw():
                with connection.cursor() as cursor:
                    cursor.execute(RAW_SQL, [event.pk])
                    return dict(cursor.fetchall())

            raw_best, raw_median, sums = best_of(args.repeat, raw)
            std_best, std_median, standings = best_of(args.repeat, lambda: compute_standings(event))
            all_best, all_median, _ = best_of(args.repeat, lambda: compute_all(event))
            # Where the time goes: the six queries alone, and the engine alone on the
            # very record the selector builds from them, both run as compute_standings
            # runs them (garbage collector held off).
            quiet = without_gc_pauses()
            load_best, load_median, inp = best_of(args.repeat, quiet(lambda: load_input(event)))
            record = drive_record(inp, event_engine_rules(event)[0])
            eng_best, eng_median, _ = best_of(
                args.repeat, quiet(lambda: drive_engine.score(record, trusted=True))
            )
            played = {row["entries"][0]: row for row in standings["standings"]}
            assert len(sums) == len(played) == args.players  # both read the same rows
            print(
                f"database: {connection.vendor}; {args.players} players, {args.hands} hands, "
                f"{standings['confirmed']} confirmed table results; best of {args.repeat}"
            )
            print(
                f"raw SQL SUM(tricks) GROUP BY entry : {raw_best * 1000:8.1f} ms "
                f"(median {raw_median * 1000:.1f})"
            )
            print(
                f"standings (selector + drive engine): {std_best * 1000:8.1f} ms "
                f"(median {std_median * 1000:.1f})  ratio {std_best / raw_best:.1f}x"
            )
            print(
                f"  of which loading the rows       : {load_best * 1000:8.1f} ms "
                f"(median {load_median * 1000:.1f})"
            )
            print(
                f"  of which drive engine alone     : {eng_best * 1000:8.1f} ms "
                f"(median {eng_median * 1000:.1f})  {len(record['hands'])} table results"
            )
            print(
                f"  + score cards and rounds        : {all_best * 1000:8.1f} ms "
                f"(median {all_median * 1000:.1f})  ratio {all_best / raw_best:.1f}x"
            )
            for name, best, median, queries in warm_pages(event, args.repeat):
                print(
                    f"warm {name:<29} : {best * 1000:8.1f} ms (median {median * 1000:.1f})  "
                    f"ratio {best / raw_best:.1f}x  {queries} queries"
                )
        finally:
            club = event.club
            event.delete()
            club.players.all().delete()
            club.delete()


if __name__ == "__main__":
    main()
