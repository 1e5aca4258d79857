"""The projector follows confirmed results without a reload: polling without Redis; with Redis,
Server-Sent Events under the production server, falling back to polling while Redis is down
and going back to the stream by itself when Redis returns."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.factories import build_seated_event


def api(base: str, path: str, token: str, body: dict, **headers) -> dict:
    """A table's phone talking to the results API over real HTTP (Authorization: Table)."""
    request = urllib.request.Request(
        f"{base}/api/v1/{path}",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Table {token}", **headers},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def follows(page, base: str, event, token: str, mode: str, tricks: int) -> None:
    """A table enters and confirms hand 1 or 2; the projector shows it without a reload."""
    from playwright.sync_api import expect

    hand = 1 if tricks == 9 else 2
    path = f"events/{event.slug}/hands/{hand}/tables/1/result/"
    api(base, path, token, {"tricks": {"ns": tricks, "ew": 13 - tricks}, "revokes": {"ns": 0, "ew": 0}})
    expect(page.get_by_text("1 result waiting for confirmation")).to_be_visible()
    api(base, path + "confirm/", token, {}, **{"If-Match": '"1"'})  # the version it saw
    expect(page.get_by_text("1 result waiting for confirmation")).to_have_count(0)
    assert page.evaluate("window.__notReloaded") is True
    expect(page.locator("[data-projector]")).to_have_attribute("data-live-active", mode)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_without_redis_the_projector_polls_and_shows_a_confirmed_result(live_server, page, settings):
    from playwright.sync_api import expect

    settings.REDIS_URL = ""
    event = build_seated_event(players=8, rounds=2, open_rounds=1, confirmation_required=True)
    page.goto(f"{live_server.url}/e/{event.slug}/projector/")
    expect(page.locator("[data-projector]")).to_have_attribute("data-live-active", "poll")
    expect(page.get_by_text("Provisional: no hand is complete at every table yet · 0 results counted")).to_be_visible()
    page.evaluate("window.__notReloaded = true")

    follows(page, live_server.url, event, event.tables.get(number=1).token, "poll", 9)

    # The room sees the leader, and no prize while play goes on (table 2 is still out).
    first = page.locator(".screen-cells .cell").first
    expect(first).to_contain_text("P1")
    expect(first.locator(".score")).to_have_text("9")
    expect(page.get_by_text("Booby prize")).to_have_count(0)


@pytest.mark.browser
@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_stream_falls_back_to_polling_while_redis_is_down_and_comes_back(deployment, page):
    from playwright.sync_api import expect

    from tests.processes import AppServer, RedisServer

    event = build_seated_event(players=8, rounds=2, open_rounds=1, hands_per_round=2)
    token = event.tables.get(number=1).token
    redis = deployment(RedisServer())
    web = deployment(AppServer(redis.url))
    page.goto(f"{web.base}/e/{event.slug}/projector/")
    root = page.locator("[data-projector]")
    expect(root).to_have_attribute("data-live-active", "sse")
    page.evaluate("window.__notReloaded = true")
    follows(page, web.base, event, token, "sse", 9)  # pushed: SSE never fell back

    redis.stop()
    expect(root).to_have_attribute("data-live-active", "poll", timeout=60_000)
    redis.start()
    # The projector tries the stream again by itself (every 15 s) and finds Redis back.
    expect(root).to_have_attribute("data-live-active", "sse", timeout=60_000)
    follows(page, web.base, event, token, "sse", 5)
