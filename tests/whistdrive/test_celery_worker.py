"""The real round trip: a task goes out through Redis, a separate worker process runs it,
and its result comes back through the result backend.

Runs in the PostgreSQL+Redis pass of .ci/run, which starts the worker; elsewhere it is
skipped (see the `services` gate in conftest.py).
"""

import pytest

from whistdrive.celery import ping

pytestmark = pytest.mark.services


def test_ping_runs_on_the_worker_not_in_process():
    result = ping.delay(7)

    assert result.get(timeout=30) == {"pong": 7, "worker": True}
    assert result.successful()
