"""A print job rendered by the real Celery worker through Redis (the CI services pass)."""

from __future__ import annotations

import datetime as dt
import time

import pytest
from pypdf import PdfReader

from tests.factories import ClubFactory
from tournaments.models import PrintJob
from tournaments.services import printing
from tournaments.services.entries import players_register
from tournaments.services.events import event_create
from tournaments.services.seating import event_seat


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_worker_renders_a_job_in_chunks_and_the_organizer_gets_the_pdf(monkeypatch):
    event = event_create(
        club=ClubFactory(), name="Worker night", date=dt.date(2026, 11, 29),
        kind="individual_drive", movement_kind="individual", hands=3, hands_per_round=1,
    )
    players_register(event_id=event.pk, names=[f"Player {i}" for i in range(1, 13)])
    event_seat(event_id=event.pk)
    job = printing.print_job_request(event=event, document="movement_cards", options={})
    deadline = time.monotonic() + 120  # a bound on waiting, not an assertion on speed
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in (PrintJob.Status.DONE, PrintJob.Status.FAILED):
            break
        time.sleep(0.5)
    assert (job.status, job.error) == (PrintJob.Status.DONE, "")
    assert (job.rendered, job.total) == (12, 12)
    assert len(PdfReader(job.file.path).pages) == 3  # 12 cards, 4 to an A4 page
