"""Telling the room that an event changed: cache invalidation and live push.

Called through ``transaction.on_commit(..., robust=True)`` by every service that changes
what the standings show. The cached standings and pages are keyed on ``Event.version``, so
a bumped version already misses, and whoever caches the new version drops the previous
one's keys (nothing old is left for a day); a change made without a bump drops the current
keys here. With ``REDIS_URL`` set, a message on the event's pub/sub channel wakes every open
projector (``/e/<slug>/stream/``), whichever web process serves it. Both steps are best
effort (``whistdrive.cache``): with Redis down the change is stored, the push is skipped
and projectors fall back to polling.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator

from tournaments.models import Event
from whistdrive.cache import async_redis_client, publish

log = logging.getLogger(__name__)

# Below every timeout on the way (proxies commonly cut idle requests at 60 s); the browser
# reconnects after ``retry`` and gets the version again, so nothing is missed.
STREAM_LIFETIME = 25.0
HEARTBEAT = 10.0


def channel(event_id: int) -> str:
    """The Redis pub/sub channel of one event."""
    return f"whistdrive:event:{event_id}"


def event_changed(*, event_id: int, version: int | None = None) -> None:
    """Hook run after commit of any change to an event's results or rounds.

    A writer that bumped the version passes it: the cached parts are keyed on the version,
    so they already miss, and the first reader to cache the new version drops the older
    one's keys (``cache._remember_version``). Only the push is left, one Redis round trip
    on every score entry. Without a version (a change made without a bump) the event is
    read and its current and previous keys are dropped here."""
    from tournaments.selectors.standings.cache import cache_forget

    if version is None:
        event = Event.objects.filter(pk=event_id).only("id", "version", "created_at").first()
        if event is None:
            return
        cache_forget(event)  # this version's keys and the previous version's
        version = event.version
    publish(channel(event_id), {"event": event_id, "version": version})


def event_version(*, event_id: int) -> int | None:
    return Event.objects.filter(pk=event_id).values_list("version", flat=True).first()


def _sse(event: str, data: dict) -> str:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n"


class Subscription:
    """An open subscription to one event's channel (asyncio Redis client and its pub/sub)."""

    def __init__(self, client, pubsub, event_id: int) -> None:
        self.client, self.pubsub, self.event_id = client, pubsub, event_id

    async def close(self) -> None:
        try:
            await self.pubsub.aclose()
            await self.client.aclose()
        except Exception:  # closing a dead connection: nothing left to free
            log.debug("closing the subscription of event %s failed", self.event_id, exc_info=True)


async def event_subscribe(*, event_id: int) -> Subscription | None:
    """Subscribe to the event's channel; None when Redis is not configured or does not answer."""
    client = async_redis_client()
    if client is None:
        return None
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    subscription = Subscription(client, pubsub, event_id)
    try:
        await pubsub.subscribe(channel(event_id))
    except Exception as exc:
        log.warning("live stream of event %s: redis unavailable (%s)", event_id, type(exc).__name__)
        await subscription.close()
        return None
    return subscription


async def _changed(data: dict, fragment, sent: int) -> tuple[str, dict] | None:
    """The SSE event for one change: the rendered ``fragment`` when the stream carries one
    (None when a version as new was already sent), else the version alone."""
    if fragment is None:
        return "version", data
    if (data.get("version") or 0) <= sent:
        return None  # a burst of changes: the fragment already sent is as new
    try:
        return "fragment", await fragment()
    except Exception:  # the page fetches the fragment itself
        log.warning("live fragment of event %s failed", data.get("event"), exc_info=True)
        return "version", data


async def event_stream(
    *, subscription: Subscription, version: int, lifetime: float = STREAM_LIFETIME,
    heartbeat: float = HEARTBEAT, fragment=None,
) -> AsyncIterator[str]:
    """Server-Sent Events for one event: its version now (read after subscribing, so no
    change falls between the two), then one message per change, for ``lifetime`` seconds.
    With ``fragment`` (an async callable giving ``{"version", "html"}``) each change is sent
    as the rendered live part (``fragment`` events), so the page swaps it in without a
    request of its own.

    Waiting costs no worker thread (asyncio). A comment line every ``heartbeat`` seconds keeps
    proxies from closing an idle connection. If Redis goes away the stream ends; the browser
    reconnects, gets 204 and polls until Redis is back.
    """
    loop = asyncio.get_running_loop()
    try:
        yield "retry: 1000\n\n"
        yield _sse("version", {"event": subscription.event_id, "version": version})
        deadline = loop.time() + lifetime
        quiet_since = loop.time()
        while (now := loop.time()) < deadline:
            wait = max(0.01, min(heartbeat - (now - quiet_since), deadline - now))
            try:
                message = await subscription.pubsub.get_message(timeout=wait)
            except Exception as exc:
                log.warning("live stream of event %s ended: %s", subscription.event_id, type(exc).__name__)
                return
            if message and message.get("type") == "message":
                data = json.loads(message["data"])
                change = await _changed(data, fragment, version)
                if change is not None:
                    version = max(version, change[1].get("version") or 0)
                    yield _sse(*change)
                    quiet_since = loop.time()
            elif loop.time() - quiet_since >= heartbeat:
                yield ": heartbeat\n\n"
                quiet_since = loop.time()
    finally:
        await subscription.close()
