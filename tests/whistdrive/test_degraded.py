"""Redis and the database failing under a running app, in-process: the cache pointed at a
port where nothing listens (a real refused connection), and a database error from the view.
The same faults against real processes are in tests/faults/."""

from __future__ import annotations

import socket

import pytest
from django.db.utils import OperationalError
from django.http import HttpResponse
from django.test import override_settings
from django.urls import path
from rest_framework.test import APIClient

from tests.factories import UserFactory, build_seated_event
from tests.factories import drive_data as drive
from tournaments.models import Result, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def dead_cache():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    backend = "whistdrive.cache.RedisCache"
    location = f"redis://127.0.0.1:{port}/0"
    with override_settings(CACHES={"default": {"BACKEND": backend, "LOCATION": location}}):
        yield


def test_with_the_cache_down_tables_enter_and_confirm_and_the_room_sees_standings(
    client, dead_cache, django_capture_on_commit_callbacks
):
    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    table = APIClient()
    table.credentials(HTTP_AUTHORIZATION=f"Table {Table.objects.get(event=event, number=1).token}")
    url = f"/api/v1/events/{event.slug}/hands/1/tables/1/result/"

    with django_capture_on_commit_callbacks(execute=True):  # the after-commit hooks run too
        entered = table.post(url, drive(8), format="json")
        confirmed = table.post(f"{url}confirm/", format="json", HTTP_IF_MATCH='"1"')
        organizer = APIClient()
        organizer.force_authenticate(user := UserFactory())
        event.club.organizers.add(user)
        corrected = organizer.put(url, drive(6), format="json", HTTP_IF_MATCH='"1"')
        closed = organizer.post(f"/api/v1/events/{event.slug}/rounds/1/close/", {"force": True}, format="json")
    wrong = APIClient().get(url, HTTP_AUTHORIZATION="Table not-a-token")  # the throttle is skipped

    assert (entered.status_code, confirmed.status_code) == (201, 200)
    assert (corrected.status_code, closed.status_code) == (200, 200), (corrected.json(), closed.json())
    assert Result.objects.get(event=event, status="confirmed").tricks_ns == 6
    assert wrong.status_code == 401
    for page in ("", "projector/", "projector/fragment/", "rounds/"):
        assert client.get(f"/e/{event.slug}/{page}").status_code == 200, page
    assert client.get("/healthz").status_code == 503  # and the broken part is named


# --- transient database errors ---------------------------------------------------------------

calls: list[str] = []


def flaky_view(request):
    """Fails like a terminated connection on its first run, then answers."""
    calls.append(request.method)
    if len(calls) == 1:
        raise OperationalError("terminating connection due to administrator command")
    return HttpResponse(f"ran {len(calls)} times")


urlpatterns = [path("api/flaky/", flaky_view), path("flaky/", flaky_view)]


@pytest.fixture
def flaky(settings):
    settings.ROOT_URLCONF = __name__
    calls.clear()


def test_a_write_without_a_key_answers_503_with_retry_after_in_the_error_shape(client, flaky):
    response = client.post("/api/flaky/", {"x": 1}, content_type="application/json")

    assert response.status_code == 503 and response["Retry-After"]
    assert response.json()["error"]["code"] == "E_UNAVAILABLE"
    assert calls == ["POST"]  # not run twice: it may not be safe to repeat


def test_a_form_posted_in_a_blip_answers_a_page_that_says_to_go_back_and_save_again(client, flaky):
    """A walk's "Save all" got a bare line of text with no way on."""
    response = client.post("/flaky/", {"x": 1})
    page = response.content.decode()
    assert response.status_code == 503 and response["Content-Type"].startswith("text/html")
    assert "<title>Not saved: try again</title>" in page and "Back button" in page
    assert "nothing was stored" in page and calls == ["POST"]


def test_a_repeatable_request_is_run_once_more(client, flaky):
    keyed = client.post(
        "/api/flaky/", {"x": 1}, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k1"
    )
    assert (keyed.status_code, keyed.content) == (200, b"ran 2 times")
    calls.clear()
    page = client.get("/flaky/")
    assert (page.status_code, page.content) == (200, b"ran 2 times")


# --- the Redis cache backend -------------------------------------------------------------------


def test_the_redis_cache_keeps_one_client_and_it_answers_again_once_redis_is_back():
    """Django's backend builds a redis.Redis per call, and a pool per cache object (one per
    request under ASGI); ours keeps one client per server for the process. A refused call
    leaves no broken client behind: the same one answers when Redis is up."""
    from tests.processes import RedisServer

    redis = RedisServer()
    settings = {"BACKEND": "whistdrive.cache.RedisCache", "LOCATION": redis.url}
    with override_settings(CACHES={"default": settings}):
        from django.core.cache import caches

        from whistdrive.cache import cache_get, cache_set

        backend = caches["default"]
        assert cache_set("k", 1, 60) is False  # nothing listens yet: degraded, not raised
        redis.start()
        try:
            assert cache_set("k", 1, 60) is True
            assert cache_get("k") == 1
            first = backend._cache.get_client(write=True)
            assert backend._cache.get_client(write=True) is first
            assert backend._cache.get_client(write=False) is first  # one server: one pool
            again = type(backend)(redis.url, {})  # what the next request's context builds
            assert again._cache.get_client(write=True) is first
            assert again.get("k") == 1
        finally:
            redis.stop()
