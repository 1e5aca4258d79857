"""Reading print jobs: an event's latest, and one job for its organizer."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.models import Event, PrintJob
from tournaments.selectors.events import event_for_organizer


def print_jobs_recent(*, event: Event, limit: int = 10) -> list[PrintJob]:
    return list(event.print_jobs.order_by("-updated_at", "-pk")[:limit])


def print_job_for_organizer(*, user, slug: str, job_id: int) -> PrintJob:
    """A job of an event the user organizes, or NotFound (like any other club's event)."""
    event = event_for_organizer(user=user, slug=slug)
    job = PrintJob.objects.filter(event=event, pk=job_id).select_related("event").first()
    if job is None:
        raise NotFound("E_NOT_FOUND", _("No such print job."))
    return job
