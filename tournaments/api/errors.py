"""The one place that turns errors into HTTP answers: ``{"error": {code, message, field}}``.

Domain errors know nothing of HTTP; ``status_for`` maps their class (or, for a few,
their code) to a status, and the table pages use the same mapping. A scoring engine's
refusal is 422 with the contract's body; DRF's own errors (validation, auth, parsing)
are reshaped into the same format so clients parse one thing.
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from scoring import ScoringError
from scoring.errors import MESSAGE_MAX
from tournaments.errors import Conflict, DomainError, Forbidden, NotFound

STATUS_OF_CLASS = ((NotFound, 404), (Forbidden, 403), (Conflict, 409))
STATUS_OF_CODE = {
    "E_THROTTLED": 429,
    "E_VERSION_REQUIRED": 428,
    "E_TOO_BIG": 413,
}

DRF_CODES = {
    exceptions.NotAuthenticated: "E_AUTH",
    exceptions.AuthenticationFailed: "E_AUTH",
    exceptions.PermissionDenied: "E_FORBIDDEN",
    exceptions.NotFound: "E_NOT_FOUND",
    exceptions.MethodNotAllowed: "E_METHOD",
    exceptions.NotAcceptable: "E_NOT_ACCEPTABLE",
    exceptions.Throttled: "E_THROTTLED",
    exceptions.ParseError: "E_JSON",
    exceptions.UnsupportedMediaType: "E_MEDIA_TYPE",
}


def status_for(exc: DomainError) -> int:
    """The HTTP status of a domain error: by code first, then by class, else 422."""
    if exc.code in STATUS_OF_CODE:
        return STATUS_OF_CODE[exc.code]
    return next((code for cls, code in STATUS_OF_CLASS if isinstance(exc, cls)), 422)


def write_status(created: bool) -> int:
    """A write that stored something new is 201, one that changed it 200."""
    return status.HTTP_201_CREATED if created else status.HTTP_200_OK


def _first_error(detail, field=None):
    """The first message of a (nested) DRF ValidationError, with its field path."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = None if key == "non_field_errors" else key
            return _first_error(value, f"{field}.{name}" if field and name else (name or field))
    if isinstance(detail, list) and detail:
        return _first_error(detail[0], field)
    return str(detail), field


def _short(detail):
    """DRF's messages may quote the refused input ("'x...' is not a valid choice"): keep each
    at ``MESSAGE_MAX`` characters so a huge value is never echoed back."""
    if isinstance(detail, dict):
        return {str(key)[:100]: _short(value) for key, value in detail.items()}
    if isinstance(detail, list):
        return [_short(item) for item in detail]
    text = str(detail)
    return text if len(text) <= MESSAGE_MAX else text[: MESSAGE_MAX - 1] + "…"


def error_response(code: str, message: str, status_code: int, **extra) -> Response:
    return Response({"error": {"code": code, "message": message, **extra}}, status=status_code)


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        exc = DomainError("E_TOO_BIG", str(exc))
    if isinstance(exc, DomainError):
        current = exc.extra.get("current")
        version = current.get("version") if isinstance(current, dict) else None
        headers = {"ETag": f'"{version}"'} if version is not None else None
        return Response(exc.to_dict(), status=status_for(exc), headers=headers)
    if isinstance(exc, ScoringError):  # the engine's own contract: the same body as its CLI
        return Response(exc.to_dict(), status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        exc.detail = _short(exc.detail)
        message, field = _first_error(exc.detail)
        response.data = {"error": {"code": "E_INVALID", "message": message, "field": field, "fields": exc.detail}}
        return response
    code = next((c for cls, c in DRF_CODES.items() if isinstance(exc, cls)), "E_ERROR")
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    response.data = {"error": {"code": code, "message": _short(detail), "field": None}}
    return response
