"""Telling the room that an event changed: cache invalidation and live push.

Called through ``transaction.on_commit`` by every service that changes what the
standings show. The cached standings are keyed on ``Event.version``, so a bumped
version already misses; dropping the current keys also covers a change made
without a bump. With ``REDIS_URL`` set, a message on the event's pub/sub channel
wakes every open projector (``/e/<slug>/stream/``); without Redis the projector
polls, so there is nothing to publish.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator

from django.conf import settings
from django.core.cache import cache

from tournaments.models import Event

log = logging.getLogger(__name__)


def channel(event_id: int) -> str:
    """The Redis pub/sub channel of one event."""
    return f"whistdrive:event:{event_id}"


def redis_client():
    """A Redis client for REDIS_URL, or None when Redis is not configured."""
    if not settings.REDIS_URL:
        return None
    import redis

    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5, socket_connect_timeout=2)


def redis_errors() -> tuple[type[Exception], ...]:
    import redis

    return (redis.RedisError, OSError)


def event_changed(*, event_id: int) -> None:
    """Hook run after commit of any change to an event's results or rounds."""
    from tournaments.selectors.standings.cache import cache_keys

    event = Event.objects.filter(pk=event_id).only("id", "version", "created_at").first()
    if event is None:
        return
    cache.delete_many(cache_keys(event))
    client = redis_client()
    if client is None:
        return
    try:
        client.publish(channel(event_id), json.dumps({"event": event_id, "version": event.version}))
    except redis_errors():  # the push is best effort: projectors also re-check on reconnect
        log.warning("could not publish the change of event %s", event_id, exc_info=True)
    finally:
        client.close()


def _sse(event: str, data: dict) -> str:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n"


def event_stream(
    *, event_id: int, lifetime: float = 30.0, heartbeat: float = 10.0
) -> Iterator[str]:
    """Server-Sent Events for one event: its version now, then on every change.

    Subscribes before reading the version, so no change falls between the two.
    The lifetime is bounded (the browser reconnects after ``retry``) so a worker
    thread is never held forever; a comment line every ``heartbeat`` seconds keeps
    proxies from closing an idle connection.
    """
    client = redis_client()
    if client is None:
        return
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    try:
        pubsub.subscribe(channel(event_id))
        version = Event.objects.filter(pk=event_id).values_list("version", flat=True).first()
        yield "retry: 1000\n\n"
        yield _sse("version", {"event": event_id, "version": version})
        deadline = time.monotonic() + lifetime
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            message = pubsub.get_message(timeout=0.5)
            if message and message.get("type") == "message":
                yield _sse("version", json.loads(message["data"]))
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= heartbeat:
                yield ": heartbeat\n\n"
                quiet_since = time.monotonic()
    finally:
        pubsub.close()
        client.close()
