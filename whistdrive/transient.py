"""Transient database errors (a terminated connection, a failover) never answer 500.

The write either happened or it did not, and the client must know which: a request that is
safe to repeat (GET/HEAD/OPTIONS, or one carrying an ``Idempotency-Key``, which the service
replays instead of storing twice) is run once more on a fresh connection; any other answers
503 with ``Retry-After`` and the API's JSON error shape (an HTML page outside the API).
Domain errors are not touched here: only the database driver's connection-level errors.
"""

from __future__ import annotations

import contextlib
import logging

from django.db import connections
from django.db.utils import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.http.request import RawPostDataException
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 2
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
TRANSIENT = (OperationalError, InterfaceError)


def is_transient(exc: BaseException) -> bool:
    return isinstance(exc, TRANSIENT)


def _repeatable(request) -> bool:
    """Safe to run twice: a read, or a write the results service deduplicates by its key."""
    if request.method in SAFE_METHODS or request.headers.get("Idempotency-Key"):
        return True
    form = request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data")
    return form and bool(request.POST.get("idempotency_key"))  # the table page's form


def _drop_broken_connections() -> None:
    for conn in connections.all(initialized_only=True):
        if conn.in_atomic_block:  # an outer transaction (a test's): leave it to its owner
            continue
        conn.close()


def unavailable(request) -> HttpResponse:
    message = _("The database did not answer; nothing was stored. Try again in a moment.")
    if request.path.startswith("/api/"):
        response = JsonResponse(
            {"error": {"code": "E_UNAVAILABLE", "message": message, "field": None}}, status=503
        )
    else:
        page = render_to_string("503.html", {"message": message, "LANGUAGE_CODE": get_language()})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class TransientDatabaseErrorMiddleware:
    """Retry a repeatable request once after a transient database error; else answer 503."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        request._transient_view = (view_func, view_args, view_kwargs)
        if request.method not in SAFE_METHODS and request.headers.get("Idempotency-Key"):
            with contextlib.suppress(RawPostDataException):  # else parsed already: kept too
                request.body  # noqa: B018 - kept in memory, so a second run can parse it again

    def process_exception(self, request, exception):
        if not is_transient(exception):
            return None
        log.warning("transient database error on %s %s: %s", request.method, request.path, exception)
        _drop_broken_connections()
        view = getattr(request, "_transient_view", None)
        if view is None or not _repeatable(request) or getattr(request, "_transient_retried", False):
            return unavailable(request)
        request._transient_retried = True
        view_func, args, kwargs = view
        try:
            return view_func(request, *args, **kwargs)
        except TRANSIENT as again:
            log.warning("transient database error again on %s %s: %s", request.method, request.path, again)
            _drop_broken_connections()
            return unavailable(request)
