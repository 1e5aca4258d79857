"""Benchmark: render 1,000 movement cards to PDF and print cards per second.

Run: .venv/bin/python bench/printing.py [--cards 1000] [--per-event 250]
Sets Django up itself with a throwaway SQLite database and media directory, builds
events of fixed individual movements through the organizer services, then renders
their movement cards (4 to an A4 page) in chunks, as a print job does. The baseline,
measured in the same run, renders the same cards' HTML only (no layout, no PDF), so
the ratio says how much of the time is WeasyPrint. No asserts on time.
"""

from __future__ import annotations

import argparse
import datetime as dt
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--per-event", type=int, default=250)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup(tmp)
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

        start = time.perf_counter()
        for data, opts in jobs:
            for part in printing.chunks(data["cards"]):
                printing.render_html(data=data, cards=part, language=opts["language"])
        html_seconds = time.perf_counter() - start

        start = time.perf_counter()
        for data, opts in jobs:
            parts = [
                printing.render_pdf(data=data, cards=part, language=opts["language"])
                for part in printing.chunks(data["cards"])
            ]
            printing.merge_pdfs(parts)
        pdf_seconds = time.perf_counter() - start

        pdf_rate, html_rate = total / pdf_seconds, total / html_seconds
        print(f"movement cards: {total} in {len(events)} events, 12 rounds each, 4 to an A4 page")
        print(
            f"PDF (WeasyPrint, chunks of {printing.CHUNK}): {pdf_seconds:.1f} s, {pdf_rate:.1f} cards/s"
        )
        print(f"baseline, HTML only (same cards): {html_seconds:.2f} s, {html_rate:.0f} cards/s")
        print(
            f"ratio PDF/HTML time: {pdf_seconds / html_seconds:.0f}x; CPUs: {os.cpu_count()}, "
            f"load average: {os.getloadavg()[0]:.1f}"
        )


if __name__ == "__main__":
    main()
