"""Redis is an accelerator, never a single point of failure: cache and pub/sub calls that degrade.

Every cache read, write and live push in the app goes through here. When the cache or Redis
does not answer, the call logs a warning and returns what "nothing cached" or "nothing sent"
would: callers compute instead of reading, skip a count, skip a push, and the room keeps
playing. Nothing here retries; the next call simply tries Redis again, so caches and pushes
resume by themselves when Redis is back. ``/healthz`` still names the broken part (it talks
to the cache directly, not through these helpers).
"""

from __future__ import annotations

import functools
import json
import logging
import threading
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends import redis as django_redis

log = logging.getLogger(__name__)

# Bounds on every Redis call: a dead Redis must fail fast, never hang a request.
CONNECT_TIMEOUT = 2
SOCKET_TIMEOUT = 2


_SHARED: dict[tuple, Any] = {}  # (pool class, server, options) -> the process's client for it
_SHARED_LOCK = threading.Lock()


class _SharedClient(django_redis.RedisCacheClient):
    """One connection pool and one client per server for the whole process.

    Django keeps a cache object per request context, so under ASGI every request built a
    new pool, opened a new connection (connect, HELLO, SELECT) and a new ``redis.Redis``,
    whose constructor (the response-callback tables) alone costs several round trips. A
    client and its pool are thread-safe, and redis-py resets a pool after a fork.
    """

    def get_client(self, key=None, *, write=False):
        server = self._servers[self._get_connection_pool_index(write)]
        shared = (self._pool_class, server, repr(sorted(self._pool_options.items())))
        client = _SHARED.get(shared)
        if client is None:
            with _SHARED_LOCK:
                client = _SHARED.get(shared)
                if client is None:
                    pool = self._pool_class.from_url(server, **self._pool_options)
                    client = _SHARED[shared] = self._client(connection_pool=pool)
        return client


class RedisCache(django_redis.RedisCache):
    """Django's Redis cache backend (settings: ``whistdrive.cache.RedisCache``) with the
    process's shared client: see ``_SharedClient``."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _SharedClient


_failing = threading.Event()  # set: this process's last cache read or write failed
_last_call = [float("-inf")]  # when (time.monotonic) the last cache read or write was made
PROBE_AFTER = 5.0  # seconds without a cache call before cache_failing asks Redis itself


def _degraded(what: str, key: str, exc: Exception) -> None:
    # One line, no traceback: with Redis down this fires on every request.
    _failing.set()
    _last_call[0] = time.monotonic()
    log.warning("redis unavailable, %s %s skipped (%s: %s)", what, key, type(exc).__name__, exc)


def _answered() -> None:
    _failing.clear()
    _last_call[0] = time.monotonic()


def cache_failing() -> bool:
    """Whether the cache is not answering: the organizer's pages say so. The last call's
    outcome, or, when none was made for PROBE_AFTER seconds, a read made to know (a fault
    walk: pages that read no cache showed no warning with Redis stopped, others an old one
    with it back)."""
    if time.monotonic() - _last_call[0] > PROBE_AFTER:
        cache_get("whistdrive:probe")
    return _failing.is_set()


def cache_get(key: str, default: Any = None) -> Any:
    try:
        found = cache.get(key, default)
    except Exception as exc:  # any cache failure is a miss
        _degraded("cache get", key, exc)
        return default
    _answered()
    return found


def cache_set(key: str, value: Any, timeout: float | None) -> bool:
    try:
        cache.set(key, value, timeout)
    except Exception as exc:
        _degraded("cache set", key, exc)
        return False
    _answered()
    return True


def cache_add(key: str, value: Any, timeout: float | None) -> bool:
    try:
        return cache.add(key, value, timeout)
    except Exception as exc:
        _degraded("cache add", key, exc)
        return False


def cache_claim(key: str, timeout: float) -> bool:
    """Claim ``key`` for ``timeout`` seconds (``add``): False when another holds it. True when
    the cache does not answer: nobody could be waited for, so the caller goes ahead."""
    try:
        return cache.add(key, 1, timeout)
    except Exception as exc:
        _degraded("cache add", key, exc)
        return True


def cache_delete(key: str) -> bool:
    try:
        return cache.delete(key)
    except Exception as exc:
        _degraded("cache delete", key, exc)
        return False


def cache_delete_many(keys: list[str]) -> bool:
    try:
        cache.delete_many(keys)
    except Exception as exc:
        _degraded("cache delete", ", ".join(keys[:1]) + "...", exc)
        return False
    return True


def cache_incr(key: str, timeout: float) -> int | None:
    """Count up ``key`` (created for ``timeout`` seconds when missing); None when Redis is down."""
    try:
        cache.add(key, 0, timeout)
        try:
            return cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout)
            return 1
    except Exception as exc:
        _degraded("cache incr", key, exc)
        return None


# --- pub/sub -----------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4)
def _client(url: str):
    """One client (one connection pool) per process and URL; redis-py resets it after a fork."""
    import redis

    return redis.Redis.from_url(
        url,
        socket_timeout=SOCKET_TIMEOUT,
        socket_connect_timeout=CONNECT_TIMEOUT,
        health_check_interval=30,
    )


def redis_client():
    """The process's Redis client for REDIS_URL, or None when Redis is not configured."""
    return _client(settings.REDIS_URL) if settings.REDIS_URL else None


def async_redis_client():
    """A fresh asyncio client (asyncio connections belong to one event loop): close it after use."""
    if not settings.REDIS_URL:
        return None
    import redis.asyncio

    return redis.asyncio.Redis.from_url(
        settings.REDIS_URL, socket_connect_timeout=CONNECT_TIMEOUT, health_check_interval=30
    )


def publish(channel: str, message: dict) -> bool:
    """Best-effort push of ``message`` (JSON) on ``channel``; False when not sent."""
    client = redis_client()
    if client is None:
        return False
    try:
        client.publish(channel, json.dumps(message))
    except Exception as exc:
        _degraded("publish on", channel, exc)
        return False
    return True
