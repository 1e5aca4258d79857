"""Shared by the printing tests: media in a temporary folder, tasks run in-process."""

from __future__ import annotations

import pytest

from whistdrive.celery import app as celery_app


@pytest.fixture
def in_process_printing(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    settings.SITE_URL = "https://club.example"
    # These tests check rendering and job bookkeeping in-process, also in the pass where
    # REDIS_URL is set; tests/printing/test_printing_worker.py renders through the real worker.
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = eager
