"""Celery tasks: each takes ids and calls one service (eager, in-process, without REDIS_URL)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.print_job_render", acks_late=True)
def print_job_render(job_id: int, index: int = 0) -> None:
    """Render one chunk of a print job (the chunks of a job run as a group, in any order)."""
    from tournaments.services.printing import print_job_render as render

    render(job_id=job_id, index=index)
