"""A real hall server for tests: ``manage.py hall`` in a subprocess on a free port, with its
own SQLite file and backup folder, and the evening built in that database through the
services (``tests/hall_night.py``), as an organizer would."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class HallServer:
    def __init__(self, folder: Path, *, workers: int = 3, every_minutes: float = 5):
        self.folder = folder
        self.db = folder / "hall.sqlite3"
        self.backups = folder / "backups"
        self.log = folder / "server.log"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.workers = workers
        self.every = every_minutes
        self.process: subprocess.Popen | None = None
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
        self.env = {**env, "DATABASE_URL": f"sqlite:///{self.db}", "DJANGO_SETTINGS_MODULE": "whistdrive.settings"}

    def manage(self, *args: str, env: dict | None = None) -> str:
        """A management command against the hall's database (or ``env``'s); its output."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env or self.env,
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        return done.stdout

    def build_night(self, **spec) -> dict:
        """Migrate and build the evening (tests/hall_night.py); what the test needs to know."""
        self.manage("migrate", "--noinput", "-v0")
        code = f"import django; django.setup(); from tests.hall_night import main; main({json.dumps(spec)!r})"
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "hall", "--address", "127.0.0.1", "--port", str(self.port),
                 "--backup-dir", str(self.backups), "--workers", str(self.workers), "--every", str(self.every)],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        for _ in range(600):  # the server answers within a minute, or the test fails
            if self.process.poll() is not None:
                raise AssertionError("the hall server exited:\n" + self.log.read_text()[-3000:])
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        raise AssertionError("the hall server did not answer:\n" + self.log.read_text()[-3000:])

    def kill(self) -> None:
        """SIGKILL the whole server (the hall command, gunicorn and its workers): a power cut."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """Ctrl-C as the organizer would (a last backup is written); SIGKILL what is left."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=30)
        if self.process:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def request(self, method: str, path: str, body=None, *, auth: str | None = None, key: str | None = None,
                headers: dict | None = None):  # fmt: skip
        """(status, JSON body) of an API call; a refused call is an answer, not an exception."""
        headers = {"Content-Type": "application/json", **(headers or {})}
        if auth:
            headers["Authorization"] = auth
        if key:
            headers["Idempotency-Key"] = key
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, _body(answer.read())
        except urllib.error.HTTPError as exc:
            return exc.code, _body(exc.read())


def _body(raw: bytes):
    try:
        return json.loads(raw or b"null")
    except ValueError:
        return raw.decode(errors="replace")[:300]  # a server error page, shown in the failure
