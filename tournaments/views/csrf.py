"""A form post refused for its CSRF token: in the table phone's words when it asked for JSON.

The token goes stale when the phone logs in in another tab (Django rotates it at login);
Django's own answer is an HTML page that the phone showed as a bare "Forbidden".
"""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.csrf import csrf_failure as django_csrf_failure


def csrf_failure(request, reason: str = ""):
    if "application/json" not in request.headers.get("Accept", ""):
        return django_csrf_failure(request, reason)
    message = _("This page is out of date: reload it, then send again. Nothing was saved.")
    return JsonResponse({"error": {"code": "E_CSRF", "message": message, "field": None}}, status=403)
