"""The ASGI handler lends each ordinary request one pooled thread, once."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from django.core import signals

from whistdrive import threads


def serve(app, path: str) -> list[dict]:
    """One GET through the ASGI application, as uvicorn calls it; the messages it sent."""

    async def run() -> list[dict]:
        sent, asked = [], False

        async def receive():
            nonlocal asked
            if not asked:
                asked = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.Event().wait()  # the client stays connected

        async def send(message):
            sent.append(message)

        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": b"", "root_path": "", "headers": [(b"host", b"testserver")],
            "client": ("127.0.0.1", 50000), "server": ("testserver", 80),
        }
        await app(scope, receive, send)
        return sent

    # a thread of its own: a browser test's event loop may still be running in this one
    with ThreadPoolExecutor(max_workers=1) as runner:
        return runner.submit(lambda: asyncio.run(run())).result()


def test_a_request_runs_its_middleware_view_and_signals_in_one_hop_to_one_pooled_thread(
    monkeypatch,
):
    handed = []

    class Counting(threads.ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            handed.append(fn)
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(threads, "ThreadPoolExecutor", Counting)
    seen: dict[str, str] = {}

    def started(**kwargs):
        seen["started"] = threading.current_thread().name

    def finished(**kwargs):
        seen["finished"] = threading.current_thread().name

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    try:
        app = threads.PooledThreadsASGIHandler(threads=1)
        sent = serve(app, "/no-such-page/")
    finally:
        signals.request_started.disconnect(started)
        signals.request_finished.disconnect(finished)
    start = sent[0]
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    assert start["status"] == 404
    assert "default-src" in headers["content-security-policy"]  # the whole middleware ran
    assert headers["x-frame-options"] == "DENY"
    assert b"".join(m.get("body", b"") for m in sent[1:])  # the page was sent
    # Django's async chain hands a request to the thread at every sync-only middleware.
    assert len(handed) == 1
    # where the database connection lives: checked at the start, kept at the end
    assert seen == {"started": "request-0_0", "finished": "request-0_0"}
