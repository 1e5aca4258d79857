"""ASGI entry point (for servers that stream the live projector view).

Each worker lends its requests one of ``WEB_THREADS`` (default 4) threads, so their
database connections persist between requests (``whistdrive/threads.py``).
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
django.setup(set_prefix=False)

from django.conf import settings  # noqa: E402

from whistdrive.threads import PooledThreadsASGIHandler  # noqa: E402

application = PooledThreadsASGIHandler(threads=settings.WEB_THREADS)
