"""Time a confirmation's way to the projector: through the SSE stream and into the page's DOM.

Starts the app with the production command (``whistdrive.server``: gunicorn, uvicorn
workers) on PostgreSQL and Redis, opens the projector in headless Chromium (Playwright)
and confirms results through the API one after another, as the tables of a room do.
For each confirmation it measures, from the moment the request is sent:

- the SSE event: when a stream opened like the projector's (``?part=projector``) receives
  the rendered fragment of the new version;
- the DOM: when the projector page's live region holds it (a MutationObserver's clock).

The baseline, in the same run (the first half of the results; the projector as it is gets
the second half, one page open at a time), is the projector page with its stream carrying
versions only (the stream URL without ``?part=``), so it fetches the fragment after each
push: what every projector did before. Prints p50/p95 for each and the ratio.

Needs PostgreSQL (BENCH_PG, default postgres://postgres@127.0.0.1:5432: it creates and
drops the database whistdrive_bench_live), Redis (BENCH_REDIS, default db 5 of the local
server, emptied at the end: give the bench a database of its own) and /usr/bin/chromium.

    .venv/bin/python bench/live.py [--players 100] [--results 40] [--workers 3]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DB_NAME = "whistdrive_bench_live"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
WAIT = 10.0  # seconds: a bound on waiting for one change, never a measurement

# Every swap of the live region, on the page's clock (ms since the epoch, like time.time()).
OBSERVE = """() => {
  const root = document.querySelector('[data-live-root]');
  window.benchSwaps = [];
  new MutationObserver(() => window.benchSwaps.push(
    {t: performance.timeOrigin + performance.now(), v: parseInt(root.dataset.version, 10)}
  )).observe(root.querySelector('[data-live-region]'), {childList: true});
}"""


def pg_admin(base: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def setup(base: str, redis_url: str) -> None:
    pg_admin(base, f"DROP DATABASE IF EXISTS {DB_NAME}")
    pg_admin(base, f"CREATE DATABASE {DB_NAME}")
    os.environ.update(
        DATABASE_URL=f"{base}/{DB_NAME}", REDIS_URL=redis_url,
        DJANGO_SETTINGS_MODULE="whistdrive.settings",
    )
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def build(players: int, results: int):
    """A seated drive with enough hands for ``results`` table results; the tables' tokens."""
    from tests.factories import build_seated_event
    from tournaments.models import Event, Table

    tables = players // 4
    rounds = -(-results // tables)
    event = build_seated_event(players=players, rounds=rounds, open_rounds=rounds)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    tokens = dict(Table.objects.filter(event=event).values_list("number", "token"))
    slots = [(hand, table) for hand in range(1, rounds + 1) for table in sorted(tokens)]
    return event.slug, tokens, slots[:results]


class Stream(threading.Thread):
    """An SSE connection read in the background: (arrival time, event, version) per event."""

    def __init__(self, base: str, path: str) -> None:
        super().__init__(daemon=True)
        self.host, port = base.removeprefix("http://").split(":")
        self.port, self.path, self.events, self.closed = int(port), path, [], False

    def run(self) -> None:
        while not self.closed:  # the server ends a stream after 25 s: open a new one
            conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
            try:
                conn.request("GET", self.path, headers={"Accept": "text/event-stream"})
                response, name = conn.getresponse(), None
                while line := response.readline().decode():
                    if line.startswith("event: "):
                        name = line[7:].strip()
                    elif line.startswith("data: "):
                        self.events.append((time.time(), name, json.loads(line[6:])["version"]))
            except OSError:  # closed under us: open the next one
                time.sleep(0.05)
            finally:
                conn.close()

    def first_after(self, since: float, version: int) -> float | None:
        for at, name, seen in list(self.events):
            if at >= since and name == "fragment" and seen > version:
                return at
        return None


def wait_for(what: str, check, *args):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        value = check(*args)
        if value is not None:
            return value
        time.sleep(0.005)
    raise SystemExit(f"no {what} within {WAIT} s")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def versions_only(route) -> None:
    """The baseline page: the projector as served, its stream without ``?part=``."""
    response = route.fetch()
    route.fulfill(response=response, body=response.text().replace("?part=projector", ""))


class Room:
    """The running app and a projector tab; ``confirm`` times one result's way to it."""

    def __init__(self, web, slug: str, tokens: dict, stream: Stream) -> None:
        self.web, self.tokens, self.stream = web, tokens, stream
        self.api = f"{web.base}/api/v1/events/{slug}/hands"
        self.projector = f"{web.base}/e/{slug}/projector/"

    def open(self, context, *, baseline: bool):
        tab = context.new_page()
        if baseline:
            tab.route(self.projector, versions_only)
        tab.goto(self.projector)
        tab.wait_for_function("() => document.querySelector('[data-live-root]')"
                              ".dataset.liveActive === 'sse'")
        tab.evaluate(OBSERVE)
        return tab

    def version(self) -> int:
        from tests.processes import request

        return request("GET", f"{self.projector}fragment/?v=-1")[1]["version"]

    def confirm(self, tab, hand: int, table: int, pause: float) -> tuple[float, float, float]:
        """(confirm answered, SSE fragment, DOM swapped): seconds from sending the confirm."""
        from tests.factories import drive_data
        from tests.processes import request

        auth = {"Authorization": f"Table {self.tokens[table]}"}
        status, _b, _h = request("POST", f"{self.api}/{hand}/tables/{table}/result/",
                                 drive_data(3 + (hand + table) % 8), headers=auth)
        assert status == 201, status
        before = self.version()  # the entry's own change: let it reach the page first
        tab.wait_for_function(f"() => parseInt(document.querySelector('[data-live-root]')"
                              f".dataset.version, 10) >= {before}")
        time.sleep(pause)
        sent = time.time()
        status, _b, _h = request("POST", f"{self.api}/{hand}/tables/{table}/result/confirm/",
                                 headers={**auth, "If-Match": '"1"'})
        assert status == 200, status
        answered = time.time() - sent
        pushed = wait_for("SSE fragment", self.stream.first_after, sent, before) - sent
        return answered, pushed, wait_for("swap", shown, tab, sent, before) - sent


def shown(tab, since: float, newer: int) -> float | None:
    swaps = tab.evaluate("window.benchSwaps")
    return next((s["t"] / 1000 for s in swaps if s["v"] > newer and s["t"] / 1000 >= since), None)


def run(args, slug: str, tokens: dict, slots: list) -> dict:
    """The first half of the results with the baseline page open, the second half with the
    projector as it is: one page at a time, so neither slows the other."""
    from playwright.sync_api import sync_playwright

    from tests.processes import AppServer

    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # never for the server
    web = AppServer(os.environ["REDIS_URL"], workers=args.workers)
    web.start()
    times: dict[str, list[float]] = {"sse": [], "dom": [], "baseline": [], "confirm": []}
    try:
        stream = Stream(web.base, f"/e/{slug}/stream/?part=projector")
        stream.start()
        room = Room(web, slug, tokens, stream)
        half = len(slots) // 2
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            # The page's CSP forbids eval; Playwright's waits need it (the page is unchanged).
            context = browser.new_context(viewport={"width": 1280, "height": 720}, bypass_csp=True)
            for baseline, part in ((True, slots[:half]), (False, slots[half:])):
                tab = room.open(context, baseline=baseline)
                for hand, table in part:
                    answered, pushed, swapped = room.confirm(tab, hand, table, args.pause)
                    times["baseline" if baseline else "dom"].append(swapped)
                    if not baseline:
                        times["confirm"].append(answered)
                        times["sse"].append(pushed)
                tab.close()
            browser.close()
        stream.closed = True
    finally:
        web.stop()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--results", type=int, default=40)
    parser.add_argument("--workers", type=int, default=3, help="the production default")
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between results")
    args = parser.parse_args()
    base = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
    redis_url = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/5")
    if not os.path.exists(CHROMIUM):
        print(f"bench/live.py: skipped, needs {CHROMIUM}")
        return
    try:
        setup(base, redis_url)
    except Exception as exc:  # no PostgreSQL here: say so, as the other benches would
        print(f"bench/live.py: skipped, needs PostgreSQL at {base} ({type(exc).__name__})")
        return
    try:
        slug, tokens, slots = build(args.players, args.results)
        times = run(args, slug, tokens, slots)
    finally:
        from django.db import connections

        from whistdrive.cache import redis_client

        connections.close_all()
        redis_client().flushdb()  # the bench's own database (default db 5), never another
        pg_admin(base, f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    print(f"{args.players} players, {len(times['baseline'])} + {len(times['dom'])} confirmations "
          f"through the API, {args.workers} workers, PostgreSQL + Redis, headless Chromium")
    base_p50, base_p95 = pct(times["baseline"], 0.5), pct(times["baseline"], 0.95)
    print(f"baseline: push of the version, then the page fetches the fragment: "
          f"p50 {base_p50 * 1000:6.1f} ms  p95 {base_p95 * 1000:6.1f} ms")
    for name, label in (("confirm", "  the confirm request's own answer  "),
                        ("sse", "confirmation -> SSE fragment event  "),
                        ("dom", "confirmation -> projector DOM       ")):
        p50, p95 = pct(times[name], 0.5), pct(times[name], 0.95)
        print(f"{label}: p50 {p50 * 1000:6.1f} ms  p95 {p95 * 1000:6.1f} ms  "
              f"(ratio to baseline p50 {p50 / base_p50:.2f}x, p95 {p95 / base_p95:.2f}x)")


if __name__ == "__main__":
    main()
