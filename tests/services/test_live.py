"""event_changed: drop the cached standings, and push the new version over Redis when set."""

from __future__ import annotations

import asyncio
import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import cache

from tests.conftest import require_service
from tests.selectors.test_standings import nine_player_drive
from tournaments.models import Event
from tournaments.selectors.standings import event_standings
from tournaments.selectors.standings.cache import cache_keys
from tournaments.services import live
from whistdrive.cache import publish, redis_client


def run_async(coroutine):
    """Run a coroutine on its own loop in a thread (a browser test may own this thread's loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.mark.django_db
def test_event_changed_invalidates_the_cached_standings(settings):
    settings.REDIS_URL = ""
    event = nine_player_drive()
    event_standings(event=event)
    assert any(cache.get(key) for key in cache_keys(event))
    live.event_changed(event_id=event.pk)
    assert not any(cache.get(key) for key in cache_keys(event))
    live.event_changed(event_id=0)  # a deleted event: nothing to do


@pytest.mark.django_db
def test_a_new_version_is_computed_afresh():
    event = nine_player_drive()
    assert event_standings(event=event)["standings"][0]["name"] == "P1"
    # A correction the results service would make: P1's hand 3 goes from 8 to 0 tricks.
    event.results.filter(hand__number=3, table__number=2).update(
        tricks_ns=13, data={"tricks": {"ns": 13, "ew": 0}}
    )
    assert event_standings(event=event)["standings"][0]["name"] == "P1"  # same version: cached
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    event.refresh_from_db()
    assert event_standings(event=event)["standings"][0]["name"] != "P1"


@pytest.mark.django_db
def test_event_changed_publishes_on_the_event_channel(settings):
    url = os.environ.get("REDIS_URL", "")
    require_service(None if url else "needs Redis: REDIS_URL is not set")
    settings.REDIS_URL = url
    event = nine_player_drive()
    pubsub = redis_client().pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(live.channel(event.pk))
    try:
        live.event_changed(event_id=event.pk)
        message = None
        for _ in range(20):
            message = pubsub.get_message(timeout=0.5)
            if message:
                break
        assert json.loads(message["data"]) == {"event": event.pk, "version": event.version}
    finally:
        pubsub.close()


def test_the_stream_sends_the_version_then_each_change_then_heartbeats(settings):
    url = os.environ.get("REDIS_URL", "")
    require_service(None if url else "needs Redis: REDIS_URL is not set")
    settings.REDIS_URL = url

    async def read_stream() -> list[str]:
        subscription = await live.event_subscribe(event_id=-7)
        assert subscription is not None
        stream = live.event_stream(subscription=subscription, version=3, lifetime=1, heartbeat=0.2)
        chunks = [await anext(stream), await anext(stream)]
        await asyncio.to_thread(publish, live.channel(-7), {"event": -7, "version": 4})
        return chunks + [chunk async for chunk in stream]

    chunks = run_async(read_stream())

    assert chunks[0] == "retry: 1000\n\n"
    versions = [json.loads(c.split("data: ")[1]) for c in chunks if c.startswith("event: version")]
    assert versions == [{"event": -7, "version": 3}, {"event": -7, "version": 4}]
    assert ": heartbeat\n\n" in chunks


def test_with_redis_down_there_is_no_stream_and_no_error(settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1

    assert run_async(live.event_subscribe(event_id=1)) is None
    assert publish(live.channel(1), {"event": 1}) is False
