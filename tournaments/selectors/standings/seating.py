"""The seating to show the room between rounds."""

from __future__ import annotations

from tournaments.models import Event
from tournaments.selectors.standings.cache import event_seating


def next_round_seating(*, event: Event) -> dict | None:
    """The seating to show the room: the next pending round, else the last open one
    (computed with the standings, once per event version)."""
    return event_seating(event=event)
