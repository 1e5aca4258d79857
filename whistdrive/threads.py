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

Every other request runs its whole middleware chain and view in that thread in one hop,
as a WSGI server would (``_respond``). Django's async chain would instead bounce between
the event loop and the thread at every sync-only middleware (two hops each), which cost
a score entry more time than its queries.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.urls import set_script_prefix

STREAM_SUFFIX = "/stream/"


class PooledThreadsASGIHandler(ASGIHandler):
    def __init__(self, threads: int) -> None:
        super().__init__()
        self.threads = max(1, threads)
        self._free: asyncio.Queue[ThreadPoolExecutor] | None = None
        self._sync = BaseHandler()  # the same middleware, as a sync chain
        self._sync.load_middleware(is_async=False)

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
                await self._handle_in_thread(scope, receive, send)
        finally:
            free.put_nowait(executor)

    async def _handle_in_thread(self, scope, receive, send) -> None:
        """Django's ``handle`` with the request served by ``_respond`` in one hop."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        try:
            response = await sync_to_async(self._respond)(scope, body_file)
            try:
                await self.send_response(response, send)
            finally:
                if response.streaming:  # its content is made while it is sent
                    await sync_to_async(response.close)()
        finally:
            body_file.close()

    def _respond(self, scope, body_file):
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=ASGIHandler, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self._sync.get_response(request)
        if not response.streaming:
            response.close()  # request_finished: this thread's connection checked and kept
        return response
