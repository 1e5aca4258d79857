"""/healthz against the real parts: the test database, and a cache or broker pointed at a
port where nothing listens (never a mock of our own code)."""

import socket

import pytest
from django.db import connection
from django.test import override_settings

pytestmark = pytest.mark.django_db

REDIS_CACHE = "whistdrive.cache.RedisCache"


@pytest.fixture
def dead_redis_url() -> str:
    """A Redis URL on a local port that refuses connections: bound by us, then released."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def get_health(client):
    response = client.get("/healthz")
    assert response["Content-Type"] == "application/json"
    return response.status_code, response.json()


def test_all_parts_answer_without_a_login(client, settings):
    status, body = get_health(client)

    assert status == 200
    assert body == {
        "status": "ok",
        "checks": {
            "database": {"ok": True, "vendor": connection.vendor},
            "cache": {"ok": True, "backend": "redis" if settings.REDIS_URL else "local memory"},
            "broker": {"ok": True, "mode": "redis"}
            if settings.REDIS_URL
            else {"ok": True, "mode": "in-process"},
        },
    }


def test_without_redis_tasks_run_in_process_and_need_no_broker(client):
    with override_settings(
        REDIS_URL="",
        CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}},
    ):
        status, body = get_health(client)

    assert status == 200
    assert body["checks"]["broker"] == {"ok": True, "mode": "in-process"}
    assert body["checks"]["cache"] == {"ok": True, "backend": "local memory"}


def dead_cache(url: str) -> dict:
    return {"CACHES": {"default": {"BACKEND": REDIS_CACHE, "LOCATION": url}}}


def dead_broker(url: str) -> dict:
    return {"REDIS_URL": url, "CELERY_BROKER_URL": url}


@pytest.mark.parametrize(
    "part, dead, error",
    [("cache", dead_cache, "ConnectionError"), ("broker", dead_broker, "OperationalError")],
)
def test_a_part_that_does_not_answer_gives_503(client, dead_redis_url, part, dead, error):
    with override_settings(**dead(dead_redis_url)):
        status, body = get_health(client)

    assert status == 503
    assert body["status"] == "fail"
    assert body["checks"][part] == {"ok": False, "error": error}
    assert body["checks"]["database"]["ok"] is True


def test_the_failure_names_no_host_or_port(client, dead_redis_url):
    """The endpoint is public: the error class is enough, details go to the log."""
    port = dead_redis_url.rsplit(":", 1)[1].split("/")[0]
    with override_settings(
        REDIS_URL=dead_redis_url,
        CELERY_BROKER_URL=dead_redis_url,
        CACHES={"default": {"BACKEND": REDIS_CACHE, "LOCATION": dead_redis_url}},
    ):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert port not in response.content.decode()


def test_only_reads_are_allowed(client):
    assert client.post("/healthz").status_code == 405
    assert client.head("/healthz").status_code == 200
