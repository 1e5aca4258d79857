"""Redis down: every page the organizer and the room open still answers (the cache is an
accelerator, never a dependency). A walk found the dashboard answering 500."""

from __future__ import annotations

import pytest
from django.conf import settings as live_settings
from django.test import Client

from tests.services.organizer_helpers import make_event

pytestmark = pytest.mark.django_db

DEAD_CACHE = {
    "default": {
        "BACKEND": "whistdrive.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
    }
}
LIVE_CACHE = live_settings.CACHES
PAGES = (
    "/",
    "/events/{slug}/",
    "/events/{slug}/players/",
    "/events/{slug}/seating/",
    "/events/{slug}/rounds/1/",
    "/events/{slug}/rounds/1/grid/",
    "/events/{slug}/prizes/",
    "/events/{slug}/money/",
    "/events/{slug}/cards/",
    "/e/{slug}/",
    "/e/{slug}/projector/",
)


def test_every_page_of_an_evening_answers_with_redis_down(organizer_client, club, settings):
    event = make_event(players=9, club=club, movement_kind="individual", hands=3)
    organizer_client.post(f"/events/{event.slug}/do/seat/")
    organizer_client.post(f"/events/{event.slug}/do/open/")
    organizer_client.post(f"/events/{event.slug}/do/start/")
    dashboard = f"/events/{event.slug}/"
    assert 'data-testid="cache-down"' not in organizer_client.get(dashboard).content.decode()
    settings.CACHES = DEAD_CACHE
    for page in PAGES:
        url = page.format(slug=event.slug)
        assert organizer_client.get(url).status_code == 200, url
    said = organizer_client.get(dashboard).content.decode()
    assert "Redis (live updates and the print queue) is not answering." in said
    assert 'data-testid="cache-down"' not in Client().get(f"/e/{event.slug}/").content.decode()
    settings.CACHES = LIVE_CACHE
    organizer_client.get(dashboard)  # the first call that answers clears it
    assert 'data-testid="cache-down"' not in organizer_client.get(dashboard).content.decode()


def test_a_page_reading_no_cache_says_so_and_the_round_refresh_follows_redis(
    organizer_client, club, settings, monkeypatch
):
    """A fault walk stopped Redis: the round page (it reads no cache) said nothing, and once
    Redis was back its refresh kept an old warning until a reload."""
    monkeypatch.setattr("whistdrive.cache.PROBE_AFTER", 0.0)  # no wait for the next check
    event = make_event(players=8, club=club, movement_kind="individual", hands=2)
    for action in ("seat", "open", "start"):
        organizer_client.post(f"/events/{event.slug}/do/{action}/")
    round_page = f"/events/{event.slug}/rounds/1/"
    assert 'data-testid="cache-down"' not in organizer_client.get(round_page).content.decode()
    settings.CACHES = DEAD_CACHE
    assert 'data-testid="cache-down"' in organizer_client.get(round_page).content.decode()
    settings.CACHES = LIVE_CACHE
    refresh = organizer_client.get(round_page, HTTP_HX_REQUEST="true").content.decode()
    assert '<div id="cache-down" hx-swap-oob="true"></div>' in refresh  # the warning goes
