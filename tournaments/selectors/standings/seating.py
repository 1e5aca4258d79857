"""The seating to show the room between rounds."""

from __future__ import annotations

from tournaments.models import Event, Round
from tournaments.selectors.standings.cache import event_detail


def next_round_seating(*, event: Event) -> dict | None:
    """The seating to show the room: the next pending round, else the last open one."""
    seated = [r for r in event_detail(event=event)["rounds"] if r["tables"]]
    pending = [r for r in seated if r["status"] == Round.Status.PENDING]
    if pending:
        return pending[0]
    opened = [r for r in seated if r["status"] == Round.Status.OPEN]
    return opened[-1] if opened else None
