"""Benchmark: render 1,000 movement cards to PDF and print cards per second.

Run: .venv/bin/python bench/printing.py [--cards 1000] [--per-event 250] [--weasy-cards 192]
Sets Django up itself with a throwaway SQLite database and media directory, builds
events of fixed individual movements through the organizer services, then renders
their movement cards (4 to an A4 page) in chunks, as a print job does, in one process
(one worker): drawn with ReportLab's canvas (what print jobs use), through WeasyPrint
(the HTML card's look; a sample of the same cards, as it is slow), and, as the baseline,
the same cards' HTML only (no layout, no PDF). Then whole print jobs in-process (the
request computes the data once, the chunk tasks draw, the last merges) and the peak
memory of one chunk task. No asserts on time.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup(tmp: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "whistdrive.settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ["MEDIA_ROOT"] = f"{tmp}/media"
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build(cards: int, per_event: int) -> list:
    from tournaments.models import Club
    from tournaments.services.entries import players_register
    from tournaments.services.events import event_create
    from tournaments.services.seating import event_seat

    club = Club.objects.create(name="Bench club", slug="bench")
    events, left, n = [], cards, 0
    while left > 0:
        size = min(per_event, left)
        size -= size % 4
        n += 1
        event = event_create(
            club=club,
            name=f"Bench drive {n}",
            date=dt.date(2026, 11, 29),
            kind="individual_drive",
            movement_kind="individual",
            hands=12,
            hands_per_round=1,
        )
        players_register(
            event_id=event.pk, names=[f"Player {i} Surname" for i in range(1, size + 1)]
        )
        event_seat(event_id=event.pk)
        event.refresh_from_db()
        events.append(event)
        left -= size
    return events


def timed(fn) -> tuple[float, float]:
    """Wall-clock and this process's CPU seconds: on a shared machine the CPU time is what
    one worker needs, the wall clock what the load left it."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def peak_mb(fn) -> float:
    """Peak Python memory (MB) while ``fn`` runs."""
    import tracemalloc

    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def merge_to_file(parts: list) -> None:
    """The chunks merged as a job merges them: written to a temporary file."""
    from tournaments.services import printing

    with tempfile.TemporaryFile() as out:
        printing.merge_pdfs(parts, out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--per-event", type=int, default=250)
    parser.add_argument(
        "--weasy-cards", type=int, default=96,
        help="cards rendered with WeasyPrint (a sample: it is the slow side)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup(tmp)
        from tournaments.models import PrintJob
        from tournaments.selectors.links import qr_code
        from tournaments.services import printing

        events = build(args.cards, args.per_event)
        jobs = []
        for event in events:
            opts = printing.job_options(
                event=event, document="movement_cards", options={"per_page": 4}
            )
            jobs.append(
                (printing.document_data(event=event, document="movement_cards", options=opts), opts)
            )
        total = sum(len(data["cards"]) for data, _ in jobs)

        def html() -> None:
            for data, opts in jobs:
                for part in printing.chunks(data["cards"]):
                    printing.render_html(data=data, cards=part, language=opts["language"])

        def canvas() -> None:
            for data, opts in jobs:
                parts = [
                    printing.render_pdf(data=data, cards=part, language=opts["language"])
                    for part in printing.chunks(data["cards"])
                ]
                printing.merge_pdfs(parts, io.BytesIO())

        data, opts = jobs[0]
        sample = data["cards"][: args.weasy_cards]

        def weasy() -> None:
            parts = [
                printing.render_weasyprint(data=data, cards=part, language=opts["language"])
                for part in printing.chunks(sample)
            ]
            printing.merge_pdfs(parts, io.BytesIO())

        def whole_jobs() -> None:  # request, chunk tasks (in-process), merge: what a user waits for
            for event in events:
                printing.print_job_request(event=event, document="movement_cards", options={})
            assert PrintJob.objects.filter(status="done").count() == len(events)

        printing.render_pdf(data=data, cards=data["cards"][:4], language=opts["language"])  # fonts
        qr_code.cache_clear()  # no code drawn before the timing
        times = {"HTML only": timed(html), "ReportLab": timed(canvas), "WeasyPrint": timed(weasy)}
        qr_code.cache_clear()  # the jobs draw every QR code again
        job_wall, job_cpu = timed(whole_jobs)
        parts = printing.chunks(data["cards"])
        peaks = [
            peak_mb(lambda p=p: printing.render_pdf(data=data, cards=p, language=opts["language"]))
            for p in (parts[0], parts[-1])
        ]
        pdfs = [printing.render_pdf(data=data, cards=p, language=opts["language"]) for p in parts]
        merges = [peak_mb(lambda n=n: merge_to_file(pdfs * n)) for n in (1, 4)]
        counts = {"HTML only": total, "ReportLab": total, "WeasyPrint": len(sample)}
        rate = {k: counts[k] / cpu for k, (_wall, cpu) in times.items()}
        print(f"movement cards: {total} in {len(events)} events, 12 rounds each, 4 to an A4 page; "
              "cards/s per worker = cards / CPU seconds of this process (wall clock beside)")
        labels = {
            "ReportLab": f"PDF, ReportLab canvas (chunks of {printing.CHUNK}, merged)",
            "WeasyPrint": f"PDF, WeasyPrint ({len(sample)} of the same cards)",
            "HTML only": "baseline, HTML only (same cards, QR codes included)",
        }
        for key, label in labels.items():
            wall, cpu = times[key]
            print(f"{label}: {rate[key]:.1f} cards/s per worker "
                  f"(CPU {cpu:.2f} s; wall {wall:.2f} s, {counts[key] / wall:.1f} cards/s)")
        print(f"whole print jobs in-process (request, data once, chunk tasks, merge): "
              f"{total / job_cpu:.1f} cards/s per worker (CPU {job_cpu:.2f} s; wall {job_wall:.2f} s)")
        print(f"ratio ReportLab/WeasyPrint: {rate['ReportLab'] / rate['WeasyPrint']:.0f}x; "
              f"ReportLab/HTML only: {rate['ReportLab'] / rate['HTML only']:.2f}x")
        print(f"peak memory of one chunk task (first, last chunk): "
              f"{peaks[0]:.1f} MB, {peaks[1]:.1f} MB; of the merge, {len(data['cards'])} "
              f"and {4 * len(data['cards'])} cards: {merges[0]:.0f} MB, {merges[1]:.0f} MB")
        print(f"CPUs: {os.cpu_count()}, load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
