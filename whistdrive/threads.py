"""A fixed set of request threads per web process, so database connections persist.

Django's ASGI handler runs each request's sync code (every ordinary view, middleware,
signal) on a thread made for that request and thrown away after it. A database
connection belongs to a thread, so every request opened a new PostgreSQL connection
(and with ``CONN_MAX_AGE`` > 0 left the old one behind with its dead thread).

``PooledThreadsASGIHandler`` keeps ``threads`` single-thread executors per process and
lends one to each request for its sync work: each thread keeps its connection between
requests (``CONN_MAX_AGE``, checked before reuse by ``CONN_HEALTH_CHECKS``), so a worker
holds at most ``threads`` connections. A request waits (in the event loop, not in a
thread) for a free one. Long-lived async responses, the projector's stream, keep
Django's own per-request thread: they would hold a pooled thread for their lifetime.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIHandler

STREAM_SUFFIX = "/stream/"


class PooledThreadsASGIHandler(ASGIHandler):
    def __init__(self, threads: int) -> None:
        super().__init__()
        self.threads = max(1, threads)
        self._free: asyncio.Queue[ThreadPoolExecutor] | None = None

    def _pool(self) -> asyncio.Queue[ThreadPoolExecutor]:
        if self._free is None:  # made in the worker's event loop, after the fork
            self._free = asyncio.Queue()
            for n in range(self.threads):
                self._free.put_nowait(
                    ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"request-{n}")
                )
        return self._free

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"].endswith(STREAM_SUFFIX):
            return await super().__call__(scope, receive, send)
        free = self._pool()
        executor = await free.get()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            free.put_nowait(executor)
