"""Shared fixtures. Keep this small: put fixtures that serve one area beside its tests."""

import os

import pytest

# Set by the PostgreSQL+Redis pass of .ci/run: there a missing service is a broken CI
# machine, and a skip would hide it.
REQUIRE_SERVICES = os.environ.get("WHISTDRIVE_REQUIRE_SERVICES") == "1"


def require_service(problem: str | None) -> None:
    """Skip the test when a real service is missing, or fail it when CI requires services."""
    if problem is None:
        return
    if REQUIRE_SERVICES:
        pytest.fail(f"WHISTDRIVE_REQUIRE_SERVICES=1 but {problem}", pytrace=False)
    pytest.skip(problem)


def missing_service() -> str | None:
    """What stops a `services` test from running here, or None: PostgreSQL, Redis, a worker."""
    from django.conf import settings
    from django.db import connection

    from whistdrive.celery import app

    if connection.vendor != "postgresql":
        return f"needs PostgreSQL (DATABASE_URL), the database is {connection.vendor}"
    if not settings.REDIS_URL:
        return "needs Redis: REDIS_URL is not set"
    try:
        replies = app.control.ping(timeout=5, limit=1)  # returns at the first reply
    except Exception as exc:  # the broker itself does not answer
        return f"the Celery broker at REDIS_URL does not answer ({type(exc).__name__})"
    if not replies:
        return "no Celery worker answers (start one: celery -A whistdrive worker)"
    return None


@pytest.fixture(scope="session")
def services_problem() -> str | None:
    """Asked once per run: a missing service stays missing for the rest of the run."""
    return missing_service()


@pytest.fixture(autouse=True)
def _services_gate(request):
    """Tests marked `services` run only against the real PostgreSQL, Redis and a worker."""
    if request.node.get_closest_marker("services"):
        require_service(request.getfixturevalue("services_problem"))


@pytest.fixture
def organizer():
    """A user who will organize the test's club (a plain user until a club names them)."""
    from tests.factories import UserFactory

    return UserFactory()


@pytest.fixture
def clear_cache():
    """An empty cache: no standings or throttle counts left over from another test. A module
    that needs it for every test says ``pytestmark = pytest.mark.usefixtures("clear_cache")``."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def seated_event(db):
    """16 players seated for two rounds, the first open: enough to enter results at tables."""
    from tests.factories import build_seated_event

    return build_seated_event(players=16, rounds=2, open_rounds=1)


@pytest.fixture(autouse=True)
def _english_unless_asked():
    """Each test starts in the site's default language: a request in another language (the
    locale middleware, an organizer's preference) must not leak into the next test."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def deployment():
    """Start/stop helpers for the test's own processes; everything started is stopped at the end."""
    from django.db import connection

    from tests.processes import Process

    if connection.vendor != "postgresql":
        require_service("processes share the test database: needs PostgreSQL (DATABASE_URL)")
    started: list[Process] = []

    def start(process):
        started.append(process)
        process.start()
        return process

    yield start
    for process in reversed(started):
        process.stop()
        print(f"--- {process.name} log ---\n{process.tail()}")  # shown when the test failed


ENTRY_QUERIES = 8  # issue 19: a score entry's submit or confirm, whole request


@pytest.fixture
def entry_budget(transactional_db) -> int:
    """The query budget of one score-entry request, run outside a test transaction as in
    production: 8 statements, plus the request's ``BEGIN`` and ``COMMIT``, which Django logs
    as queries too (no savepoints inside a test transaction). SQLite's one-off probe of its
    JSON support (once per connection, whichever query first needs it) is made beforehand."""
    from django.db import connection

    assert connection.features.supports_json_field is not None
    return ENTRY_QUERIES + 2
