"""``/healthz``: does every part this deployment needs answer right now?

Load balancers and the compose healthcheck poll it without a login, so the answer names
each part and its state but never an error message (those can carry host names or
credentials); the full error goes to the log instead.
"""

import logging
import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from .celery import app as celery_app

logger = logging.getLogger(__name__)

# Seconds to wait for the broker: a health probe that hangs is worse than one that fails.
BROKER_TIMEOUT = 2

Check = Callable[[], dict]
CACHE_BACKEND_NAMES = {RedisCache: "redis", LocMemCache: "local memory"}


def check_database() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        (one,) = cursor.fetchone()
    return {"ok": one == 1, "vendor": connection.vendor}


def check_cache() -> dict:
    """A set/get round trip through the configured cache, with a value no one else writes."""
    cache = caches["default"]
    known = (CACHE_BACKEND_NAMES[c] for c in type(cache).__mro__ if c in CACHE_BACKEND_NAMES)
    backend = next(known, type(cache).__name__)
    key, value = "healthz:probe", uuid.uuid4().hex
    cache.set(key, value, timeout=10)
    return {"ok": cache.get(key) == value, "backend": backend}


def check_broker() -> dict:
    """Without REDIS_URL tasks run in-process, so there is no broker to wait for."""
    if not settings.REDIS_URL:
        return {"ok": True, "mode": "in-process"}
    # Read the URL from settings at call time (not the app's cached conf) so it is what
    # the settings say now; max_retries=0 gives up on the first refusal.
    with celery_app.connection_for_write(
        settings.CELERY_BROKER_URL, connect_timeout=BROKER_TIMEOUT
    ) as conn:
        conn.ensure_connection(max_retries=0, timeout=BROKER_TIMEOUT)
        return {"ok": conn.connected, "mode": conn.transport_cls}


CHECKS: dict[str, Check] = {
    "database": check_database,
    "cache": check_cache,
    "broker": check_broker,
}


def run_check(name: str, check: Check) -> dict:
    try:
        return check()
    except Exception as exc:  # any failure of a part is an answer, never a 500
        logger.warning("healthz: %s check failed", name, exc_info=True)
        return {"ok": False, "error": type(exc).__name__}


@never_cache
@require_safe
def healthz(request):
    checks = {name: run_check(name, check) for name, check in CHECKS.items()}
    healthy = all(result["ok"] for result in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "fail", "checks": checks},
        status=200 if healthy else 503,
    )
