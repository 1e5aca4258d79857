"""The production web server command, defined once: Dockerfile, docker-compose and the
``hall`` command all run ``command()`` (``python -m whistdrive.server HOST:PORT`` prints it).

gunicorn supervises worker processes; each runs uvicorn's event loop (ASGI), so an open
projector stream (``/e/<slug>/stream/``, async) waits without holding a worker, while
ordinary views run in threads beside it. The stream's lifetime (25 s) stays below
gunicorn's timeout and common proxy timeouts (60 s).
"""

from __future__ import annotations

import shlex
import sys

BIND = "0.0.0.0:8000"
WORKERS = 3


def command(*, bind: str = BIND, workers: int = WORKERS) -> list[str]:
    return [
        "gunicorn",
        "whistdrive.asgi:application",
        "--worker-class=uvicorn_worker.UvicornWorker",
        f"--bind={bind}",
        f"--workers={workers}",
        "--timeout=60",
        "--graceful-timeout=30",
        "--access-logfile=-",
        "--no-control-socket",  # several servers on one machine (halls, tests) must not share one
    ]


if __name__ == "__main__":
    print(shlex.join(command(bind=sys.argv[1] if len(sys.argv) > 1 else BIND)))
