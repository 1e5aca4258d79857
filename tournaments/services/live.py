"""Telling the room that an event changed: cache invalidation and live push.

Called through ``transaction.on_commit`` by every service that changes what the
standings show. (The standings engineer fills this in: invalidate the cached
standings for the event's version and publish on Redis pub/sub.)
"""

from __future__ import annotations


def event_changed(*, event_id: int) -> None:
    """Hook run after commit of any change to an event's results or rounds."""
