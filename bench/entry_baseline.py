"""The baseline server of ``bench/entry.py``: the least a score entry could cost.

A minimal Django + DRF app in one file: ``POST /submit/`` validates four integers with a
serializer and inserts one row (``bench_entry_baseline``), with the
same database settings as the app (persistent connections with health checks). The bench
serves it with the app's production command (``whistdrive/server.py``: gunicorn, uvicorn
workers, the same worker count), started from this folder: ``entry_baseline:application``,
with the app's ASGI handler (``whistdrive/threads.py``: the same request threads per worker).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import django
import environ
from django.conf import settings

if __name__ == "__main__":  # `make bench` runs every script here: this one is a server
    print("bench/entry_baseline.py is the baseline server of bench/entry.py; run that.")
    sys.exit(0)

settings.configure(
    DEBUG=False,
    SECRET_KEY=os.environ.get("SECRET_KEY", "bench-baseline-only"),
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework"],
    MIDDLEWARE=[],
    DATABASES={
        "default": {
            **environ.Env().db_url("DATABASE_URL"),
            "CONN_MAX_AGE": 300,
            "CONN_HEALTH_CHECKS": True,
        }
    },
    REST_FRAMEWORK={
        "DEFAULT_AUTHENTICATION_CLASSES": [],
        "DEFAULT_PERMISSION_CLASSES": [],
        "UNAUTHENTICATED_USER": None,
    },
    USE_TZ=True,
)
django.setup()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from django.db import connection, transaction  # noqa: E402
from django.urls import path  # noqa: E402
from rest_framework import serializers  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

TABLE = "bench_entry_baseline"  # created by bench/entry.py


class Four(serializers.Serializer):
    a = serializers.IntegerField(min_value=0, max_value=13)
    b = serializers.IntegerField(min_value=0, max_value=13)
    c = serializers.IntegerField(min_value=0, max_value=13)
    d = serializers.IntegerField(min_value=0, max_value=13)


class Submit(APIView):
    def post(self, request):
        four = Four(data=request.data)
        four.is_valid(raise_exception=True)
        row = four.validated_data
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {TABLE} (a, b, c, d) VALUES (%s, %s, %s, %s)",
                [row["a"], row["b"], row["c"], row["d"]],
            )
        return Response(row, status=201)


class Floor(APIView):
    """``POST /floor/``: a score entry's statements and nothing else. The same four integers,
    then a lookup by token, and in one transaction a row lock, three inserts and the bump of
    one shared version row (``bench_entry_floor``), all as raw SQL: what the statements cost
    without the ORM, the middleware and the rules."""

    def post(self, request):
        four = Four(data=request.data)
        four.is_valid(raise_exception=True)
        row = four.validated_data
        values = [row["a"], row["b"], row["c"], row["d"]]
        with connection.cursor() as cursor:
            cursor.execute("SELECT id, number, event_id FROM tournaments_table WHERE token = %s", ["-"])
            cursor.fetchall()
            with transaction.atomic():
                cursor.execute(f"SELECT id FROM {TABLE} WHERE id = %s FOR UPDATE", [row["a"]])
                for _ in range(3):
                    cursor.execute(f"INSERT INTO {TABLE} (a, b, c, d) VALUES (%s, %s, %s, %s)", values)
                cursor.execute("UPDATE bench_entry_floor SET version = version + 1 RETURNING version")
                cursor.fetchall()
        return Response(row, status=201)


urlpatterns = [path("submit/", Submit.as_view()), path("floor/", Floor.as_view())]

try:  # the app's handler; an older checkout (a before/after run) has Django's own
    from whistdrive.threads import PooledThreadsASGIHandler
except ImportError:
    from django.core.asgi import get_asgi_application

    settings.DATABASES["default"]["CONN_MAX_AGE"] = 0  # as the app then: one per request
    application = get_asgi_application()
else:
    application = PooledThreadsASGIHandler(threads=int(os.environ.get("WEB_THREADS", "4")))
