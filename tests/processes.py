"""A small deployment as real processes against the test database: our own redis-server, the
production web server command (``whistdrive.server``) and, where needed, a Celery worker.
Fault tests stop or kill them; the ``deployment`` fixture (tests/conftest.py) cleans up."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from django.conf import settings
from django.db import connection

from whistdrive import server

ROOT = Path(__file__).resolve().parents[1]
WAIT = 60  # seconds: a bound on waiting for a process, never an assertion on speed


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(check, seconds: float = WAIT, what: str = "condition"):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


class Process:
    """A child process in its own process group, logging to a file shown when a test fails."""

    def __init__(self, name: str, args: list[str], env: dict) -> None:
        self.name, self.args, self.env = name, args, env
        self.log = Path(tempfile.mkstemp(prefix=f"{name}-", suffix=".log")[1])
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        with self.log.open("a") as out:
            self.proc = subprocess.Popen(
                self.args, env=self.env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


class RedisServer(Process):
    def __init__(self) -> None:
        self.port = free_port()
        super().__init__(
            "redis", ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                      "--save", "", "--appendonly", "no"], dict(os.environ),
        )
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def up(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def start(self) -> None:
        super().start()
        wait_until(self.up, what="redis-server")


APP_NAME = "whistdrive-faults"  # the web server's database sessions, for pg_terminate_backend


def app_env(redis_url: str, **extra: str) -> dict:
    """The environment of our processes: the test database, our Redis, production-like settings."""
    db = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
        f"/{db['NAME']}?application_name={APP_NAME}",
        REDIS_URL=redis_url, DEBUG="0", DJANGO_SETTINGS_MODULE="whistdrive.settings",
        MEDIA_ROOT=str(settings.MEDIA_ROOT), ALLOWED_HOSTS="127.0.0.1,localhost", LOG_LEVEL="WARNING",
    )
    if db.get("PASSWORD"):
        env["DATABASE_URL"] = env["DATABASE_URL"].replace("@", f":{db['PASSWORD']}@", 1)
    env.update(extra)
    return env


class AppServer(Process):
    """The production server command on a free local port."""

    def __init__(self, redis_url: str, workers: int = 2, **extra: str) -> None:
        self.port = free_port()
        command = server.command(bind=f"127.0.0.1:{self.port}", workers=workers)
        assert command[0] == "gunicorn"
        super().__init__("web", [sys.executable, "-m", *command], app_env(redis_url, **extra))
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        super().start()
        wait_until(lambda: self._answers(), what=f"the web server\n{self.tail()}")

    def _answers(self) -> bool:
        assert self.proc.poll() is None, f"the web server exited\n{self.tail()}"
        try:
            request("GET", f"{self.base}/healthz", timeout=2)
            return True
        except OSError:
            return False


class Worker(Process):
    def __init__(self, redis_url: str, **extra: str) -> None:
        self.hostname = f"faults-{os.getpid()}-{free_port()}@localhost"
        super().__init__(
            "worker",
            [sys.executable, "-m", "celery", "-A", "whistdrive", "worker", "--loglevel=info",
             "--concurrency=1", "--pool=prefork", f"--hostname={self.hostname}"],
            app_env(redis_url, **extra),
        )

    def child_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True)
        return [int(p) for p in out.stdout.split()]


def request(method: str, url: str, body=None, headers: dict | None = None, timeout: float = 30):
    """(status, parsed JSON or text, headers) for any answer; OSError when nothing answers."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status, raw, head = resp.status, resp.read(), resp.headers
    except urllib.error.HTTPError as exc:
        status, raw, head = exc.code, exc.read(), exc.headers
    text = raw.decode(errors="replace")
    if head.get("Content-Type", "").startswith("application/json"):
        return status, json.loads(text), head
    return status, text, head


class EventStream:
    """An open Server-Sent Events connection; ``next_version()`` reads until a version event."""

    def __init__(self, base: str, path: str, timeout: float = WAIT) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.conn.getresponse()
        self.status = self.response.status

    def next_version(self) -> int:
        event = None
        while True:
            line = self.response.readline().decode()
            if not line:
                raise AssertionError("the stream ended")
            if line.startswith("event: "):
                event = line.strip().split(": ", 1)[1]
            elif line.startswith("data: ") and event == "version":
                return json.loads(line[6:])["version"]

    def close(self) -> None:
        self.conn.close()
