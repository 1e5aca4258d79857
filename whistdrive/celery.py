"""The Celery app. With REDIS_URL unset, settings make every task run in-process (eager)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

app = Celery("whistdrive")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="whistdrive.ping")
def ping(value: int) -> dict:
    """Round-trip probe used by /healthz and the CI worker test."""
    return {"pong": value, "worker": not app.conf.task_always_eager}
