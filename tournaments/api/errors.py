"""The one place that turns errors into HTTP answers: ``{"error": {code, message, field}}``.

DomainError keeps its own status (404/403/409/422); a scoring engine's refusal is
422 with the contract's body; DRF's own errors (validation, auth, throttling) are
reshaped into the same format so clients parse one thing.
"""

from __future__ import annotations

from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from scoring import ScoringError
from tournaments.errors import DomainError

DRF_CODES = {
    exceptions.NotAuthenticated: "E_AUTH",
    exceptions.AuthenticationFailed: "E_AUTH",
    exceptions.PermissionDenied: "E_FORBIDDEN",
    exceptions.NotFound: "E_NOT_FOUND",
    exceptions.MethodNotAllowed: "E_METHOD",
    exceptions.Throttled: "E_THROTTLED",
    exceptions.ParseError: "E_JSON",
    exceptions.UnsupportedMediaType: "E_MEDIA_TYPE",
}


def _first_error(detail, field=None):
    """The first message of a (nested) DRF ValidationError, with its field path."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = None if key == "non_field_errors" else key
            return _first_error(value, f"{field}.{name}" if field and name else (name or field))
    if isinstance(detail, list) and detail:
        return _first_error(detail[0], field)
    return str(detail), field


def error_response(code: str, message: str, status_code: int, **extra) -> Response:
    return Response({"error": {"code": code, "message": message, **extra}}, status=status_code)


def exception_handler(exc, context):
    if isinstance(exc, DomainError):
        return Response(exc.to_dict(), status=exc.status)
    if isinstance(exc, ScoringError):  # the engine's own contract: the same body as its CLI
        return Response(exc.to_dict(), status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        message, field = _first_error(exc.detail)
        response.data = {"error": {"code": "E_INVALID", "message": message, "field": field, "fields": exc.detail}}
        return response
    code = next((c for cls, c in DRF_CODES.items() if isinstance(exc, cls)), "E_ERROR")
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    response.data = {"error": {"code": code, "message": str(detail), "field": None}}
    return response
