"""The projector follows confirmed results without a reload: SSE over Redis, or polling."""

from __future__ import annotations

import json
import os
import urllib.request

import pytest

from tests.conftest import require_service
from tests.factories import build_seated_event

REDIS_URL = os.environ.get("REDIS_URL", "")


def api(live_server, path: str, token: str, body: dict, **headers) -> dict:
    """A table's phone talking to the results API over real HTTP (Authorization: Table)."""
    request = urllib.request.Request(
        f"{live_server.url}/api/v1/{path}",
        data=json.dumps(body).encode(),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Table {token}",
            **headers,
        },
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("mode", ["poll", "sse"])
def test_projector_shows_a_confirmed_result_without_reload(mode, live_server, page, settings):
    from playwright.sync_api import expect

    if mode == "sse":
        require_service(None if REDIS_URL else "the SSE path needs Redis: REDIS_URL is not set")
        settings.REDIS_URL = REDIS_URL
    else:
        settings.REDIS_URL = ""  # no Redis: the projector must poll
    event = build_seated_event(players=8, rounds=2, open_rounds=1, confirmation_required=True)
    table = event.tables.get(number=1)

    page.goto(f"{live_server.url}/e/{event.slug}/projector/")
    root = page.locator("[data-projector]")
    expect(root).to_have_attribute("data-live-active", mode)
    expect(page.get_by_text("After hand 0 of 2")).to_be_visible()
    page.evaluate("window.__notReloaded = true")

    path = f"events/{event.slug}/hands/1/tables/1/result/"
    api(
        live_server,
        path,
        table.token,
        {"tricks": {"ns": 9, "ew": 4}, "revokes": {"ns": 0, "ew": 0}},
    )
    expect(page.get_by_text("1 result still pending")).to_be_visible()
    api(live_server, path + "confirm/", table.token, {}, **{"If-Match": '"1"'})

    # The room sees the leader, and no prize while play goes on (table 2 is still out).
    expect(page.get_by_text("After hand 0 of 2")).to_be_visible()
    first = page.locator(".screen-cells .cell").first
    expect(first).to_contain_text("P1")
    expect(first.locator(".score")).to_have_text("9")
    expect(page.get_by_text("Booby prize")).to_have_count(0)
    expect(page.get_by_text("1 result still pending")).to_have_count(0)
    assert page.evaluate("window.__notReloaded") is True
    expect(root).to_have_attribute("data-live-active", mode)  # SSE never fell back to polling
