"""Benchmark: a charity drive's room of phones entering and confirming at once, on PostgreSQL.

Run: .venv/bin/python bench/entry.py [--tables 250] [--hands 4] [--workers 3] [--profile]

Creates a throwaway PostgreSQL database (``whistdrive_bench_entry`` on the server of
BENCH_ADMIN_URL, default ``postgres://postgres@127.0.0.1:5432/postgres``; dropped at the
end), builds a drive of ``--tables`` tables with one open round of ``--hands`` hands, and
starts two servers with the production command (``whistdrive/server.py``: gunicorn with
uvicorn workers, ``--workers`` each):

- the app (``whistdrive.settings.production``; Redis when REDIS_URL is set, as in production);
- the baseline (``bench/entry_baseline.py``): a minimal Django + DRF endpoint that validates
  four integers and inserts one row.

Then ``--tables`` clients (one thread and one keep-alive connection each) start together:
the baseline phase (each client posts ``--hands`` rows), the submit phase (each table posts
its hands' results through the results API with its table token and an Idempotency-Key),
the confirm phase (each table confirms them with If-Match), the baseline phase again, and
the floor (``/floor/`` of the baseline server: a score entry's statements as raw SQL, no
ORM, middleware or rules). Prints throughput and p50/p95/p99 latency of each phase, the CPU
milliseconds per request of the app, the baseline server, PostgreSQL and this client (from
/proc), and the ratios against the better baseline run (targets, issue 19: throughput
≥ 0.5×, p99 ≤ 2×). No asserts.

``--profile`` also runs 200 submits and 200 confirms in this process through Django's test
client under cProfile and prints where the time goes.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from whistdrive.server import command  # noqa: E402

DB_NAME = "whistdrive_bench_entry"
BASELINE_TABLE = (  # bench/entry_baseline.py inserts its rows here
    "CREATE TABLE bench_entry_baseline (id bigserial PRIMARY KEY, a integer NOT NULL,"
    " b integer NOT NULL, c integer NOT NULL, d integer NOT NULL,"
    " created_at timestamptz NOT NULL DEFAULT now())"
)
FLOOR_TABLE = "CREATE TABLE bench_entry_floor (version integer NOT NULL); INSERT INTO bench_entry_floor VALUES (0)"
HEADERS = {"Content-Type": "application/json", "X-Forwarded-Proto": "https"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_urls() -> tuple[str, str]:
    admin = os.environ.get("BENCH_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    return admin, admin.rsplit("/", 1)[0] + "/" + DB_NAME


def recreate_database(admin: str, *, drop_only: bool = False) -> None:
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        if not drop_only:
            conn.execute(f"CREATE DATABASE {DB_NAME}")


def server_env(db_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return {
        **env,
        "DATABASE_URL": db_url,
        "DJANGO_SETTINGS_MODULE": "whistdrive.settings.production",
        "SECRET_KEY": "bench-entry-" + uuid.uuid4().hex,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "DEBUG": "0",
        "LOG_LEVEL": "WARNING",
        "REDIS_URL": os.environ.get("REDIS_URL", ""),
    }


def build(tables: int, hands: int, slug: str = "bench-entry") -> dict:
    """The drive, written in bulk: one open round of ``hands`` hands, every table seated."""
    from tournaments.models import Club, Entry, Event, Hand, Player, Round, Seating, Table

    club = Club.objects.create(name="Bench club", slug=slug)
    event = Event.objects.create(
        club=club, name="Bench charity drive", slug=slug, date="2026-11-30",
        hands=hands, hands_per_round=hands, trumps=["H", "C", "D", "S"], status="running",
        confirmation_required=True,
    )  # fmt: skip
    people = Player.objects.bulk_create(Player(club=club, name=f"P{i}") for i in range(tables * 4))
    entries = Entry.objects.bulk_create(
        Entry(event=event, player=p, number=i) for i, p in enumerate(people, 1)
    )
    rows = Table.objects.bulk_create(Table(event=event, number=t) for t in range(1, tables + 1))
    rnd = Round.objects.create(event=event, number=1, status="open")
    Hand.objects.bulk_create(
        Hand(event=event, round=rnd, number=h, trump="HCDS"[(h - 1) % 4]) for h in range(1, hands + 1)
    )
    Seating.objects.bulk_create(
        Seating(event=event, round=rnd, table=rows[i // 4], seat="NESW"[i % 4], entry=entry)
        for i, entry in enumerate(entries)
    )
    return {"slug": event.slug, "tokens": {t.number: t.token for t in rows}}


class Server:
    """One production-command server on a free port, its output in ``log``."""

    def __init__(self, app: str, cwd: Path, env: dict, workers: int, log: Path) -> None:
        self.port = free_port()
        argv = command(bind=f"127.0.0.1:{self.port}", workers=workers)
        argv[0] = str(Path(sys.executable).parent / "gunicorn")
        argv[1] = app
        self.log = log.open("w")
        self.process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=self.log, stderr=self.log)

    def wait(self, path: str) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"server exited; see {self.log.name}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", path, headers=HEADERS)
                conn.getresponse().read()
                return
            except OSError:
                time.sleep(0.3)
        raise SystemExit(f"server did not start; see {self.log.name}")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def crowd(port: int, clients: int, requests) -> tuple[float, list[float], int]:
    """``clients`` threads start together; client ``i`` sends ``requests(i)`` (method, path,
    body, headers) one after another on its own connection. Wall time, latencies (s), errors."""
    gate = threading.Barrier(clients)
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()

    def client(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        mine, bad = [], 0
        gate.wait()
        for method, path, body, headers in requests(i):
            began = time.perf_counter()
            try:
                conn.request(method, path, body=json.dumps(body), headers={**HEADERS, **headers})
                response = conn.getresponse()
                response.read()
                ok = response.status in (200, 201)
                if not ok and os.environ.get("BENCH_VERBOSE"):
                    print(method, path, response.status, response.read()[:200], file=sys.stderr)
            except (OSError, http.client.HTTPException) as exc:
                if os.environ.get("BENCH_VERBOSE"):
                    print(method, path, repr(exc), file=sys.stderr)
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                ok = False
            mine.append(time.perf_counter() - began)
            bad += not ok
        conn.close()
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    began = time.perf_counter()  # the barrier releases when the last thread arrives
    for t in threads:
        t.join()
    return time.perf_counter() - began, latencies, errors[0]


def cpu_seconds(servers: dict[str, Server]) -> dict[str, float]:
    """CPU seconds used so far (Linux /proc) by each server's processes, PostgreSQL's and
    this process's: where a phase's CPU went on a machine that runs them all."""
    tick = os.sysconf("SC_CLK_TCK")
    mine = {name: {server.process.pid} for name, server in servers.items()}
    used: dict[str, float] = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:  # the process ended meanwhile
            continue
        parent = int(fields[1])
        kind = next((n for n, pids in mine.items() if int(pid) in pids or parent in pids), None)
        if kind is None:
            kind = "client" if int(pid) == os.getpid() else "postgres" if b"postgres" in cmd else None
        if kind:
            used[kind] = used.get(kind, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return used


def summary(name: str, wall: float, latencies: list[float], errors: int) -> dict:
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    row = {
        "name": name, "n": len(latencies), "errors": errors, "rps": len(latencies) / wall,
        "p50": cuts[49] * 1000, "p95": cuts[94] * 1000, "p99": cuts[98] * 1000,
    }  # fmt: skip
    print(
        f"{name:<22} {row['n']:>6} {errors:>6} {row['rps']:>9.1f} "
        f"{row['p50']:>9.1f} {row['p95']:>9.1f} {row['p99']:>9.1f}"
    )
    return row


def phases(app: Server, base: Server, night: dict, tables: int, hands: int) -> list[dict]:
    slug, tokens = night["slug"], night["tokens"]

    def result_path(table: int, hand: int, tail: str = "") -> str:
        return f"/api/v1/events/{slug}/hands/{hand}/tables/{table}/result/{tail}"

    def auth(table: int) -> dict:
        return {"Authorization": f"Table {tokens[table + 1]}", "Idempotency-Key": uuid.uuid4().hex}

    def baseline(i: int):
        return [("POST", "/submit/", {"a": i % 14, "b": 13 - i % 14, "c": h % 14, "d": 0}, {}) for h in range(hands)]

    def submits(i: int):
        return [
            ("POST", result_path(i + 1, h), {"tricks": {"ns": (i + h) % 14, "ew": 13 - (i + h) % 14}}, auth(i))
            for h in range(1, hands + 1)
        ]  # fmt: skip

    def confirms(i: int):
        return [
            ("POST", result_path(i + 1, h, "confirm/"), {}, {**auth(i), "If-Match": '"1"'})
            for h in range(1, hands + 1)
        ]  # fmt: skip

    def floor(i: int):
        return [("POST", "/floor/", body, headers) for _m, _p, body, headers in baseline(i)]

    def run(name: str, server: Server, requests) -> dict:
        before = cpu_seconds({"app": app, "baseline": base})
        row = summary(name, *crowd(server.port, tables, requests))
        after = cpu_seconds({"app": app, "baseline": base})
        print(" " * 4 + "CPU ms per request: " + ", ".join(
            f"{kind} {1000 * (after[kind] - before.get(kind, 0)) / row['n']:.2f}" for kind in sorted(after)
        ))  # fmt: skip
        return row

    print(f"{'phase':<22} {'reqs':>6} {'errors':>6} {'req/s':>9} {'p50 ms':>9} {'p95 ms':>9} {'p99 ms':>9}")
    return [
        run("baseline (1st run)", base, baseline),
        run("whistdrive submit", app, submits),
        run("whistdrive confirm", app, confirms),
        run("baseline (2nd run)", base, baseline),
        run("floor: raw statements", base, floor),
    ]


def warm_up(app: Server, base: Server) -> None:
    """Every worker imports, connects and renders once before the clock starts."""
    for _ in range(30):
        for server, path in ((app, "/healthz"), (base, "/submit/")):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            conn.request("GET", path, headers=HEADERS)
            conn.getresponse().read()
            conn.close()


def profile(hands: int) -> None:
    """200 submits and 200 confirms in this process under cProfile: where the time goes."""
    import cProfile
    import pstats

    from django.test import Client

    tables = max(1, 200 // hands)
    tokens = build(tables, hands, slug="bench-entry-profile")["tokens"]
    client = Client(HTTP_X_FORWARDED_PROTO="https", HTTP_HOST="127.0.0.1")
    client.get("/healthz")  # imports and the URLconf before the clock
    profiler = cProfile.Profile()
    profiler.enable()
    for table, token in tokens.items():
        auth = {"HTTP_AUTHORIZATION": f"Table {token}", "content_type": "application/json"}
        for hand in range(1, hands + 1):
            url = f"/api/v1/events/bench-entry-profile/hands/{hand}/tables/{table}/result/"
            answers = (
                client.post(url, {"tricks": {"ns": 5, "ew": 8}}, HTTP_IDEMPOTENCY_KEY=f"p{table}-{hand}", **auth),
                client.post(url + "confirm/", {}, HTTP_IF_MATCH='"1"', **auth),
            )
            assert [a.status_code for a in answers] == [201, 200], answers
    profiler.disable()
    print(f"\nWhere {tables * hands} submits + confirms spend their time (cProfile, in-process):")
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(os.environ.get("BENCH_PROFILE_FILTER", ""), 40)
    stats.sort_stats("tottime").print_stats(20)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args()
    admin, db_url = database_urls()
    recreate_database(admin)
    env = server_env(db_url)
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
        )
        os.environ.update({k: env[k] for k in ("DATABASE_URL", "SECRET_KEY", "ALLOWED_HOSTS", "REDIS_URL")})
        os.environ.update(DJANGO_SETTINGS_MODULE="whistdrive.settings", DEBUG="0")
        import django

        django.setup()
        night = build(args.tables, args.hands)
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute(BASELINE_TABLE)
            cursor.execute(FLOOR_TABLE)
        with tempfile.TemporaryDirectory() as tmp:
            app = Server("whistdrive.asgi:application", ROOT, env, args.workers, Path(tmp) / "app.log")
            base = Server("entry_baseline:application", ROOT / "bench", env, args.workers, Path(tmp) / "base.log")
            try:
                app.wait("/healthz")
                base.wait("/submit/")
                warm_up(app, base)
                print(
                    f"{args.tables} tables x {args.hands} hands, {args.workers} workers each, "
                    f"PostgreSQL, Redis {'on' if env['REDIS_URL'] else 'off'}; load before: "
                    + " ".join(f"{x:.2f}" for x in os.getloadavg())
                )
                rows = phases(app, base, night, args.tables, args.hands)
            finally:
                app.stop()
                base.stop()
        print(f"floor: {rows[4]['rps'] / max(rows[0]['rps'], rows[3]['rps']):.2f}x the baseline")
        best = min((rows[0], rows[3]), key=lambda r: r["p99"])
        fastest = max(rows[0]["rps"], rows[3]["rps"])
        for row in rows[1:3]:
            print(
                f"{row['name']}: throughput {row['rps'] / fastest:.2f}x the baseline (target >= 0.5), "
                f"p99 {row['p99'] / best['p99']:.2f}x (target <= 2)"
            )
        print("load after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
        if args.profile:
            profile(args.hands)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            recreate_database(admin, drop_only=True)


if __name__ == "__main__":
    main()
