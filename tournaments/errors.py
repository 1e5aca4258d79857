"""The domain error of the Django layer: a code, a message and (optionally) the field.

Services raise it; exactly one place per edge turns it into an answer:
``tournaments.api.errors`` (HTTP), form errors in the views, exit 2 in commands.
"""

from __future__ import annotations


class DomainError(Exception):
    """A refused action. ``status`` is the HTTP status the API answers with."""

    status = 422

    def __init__(self, code: str, message: str, *, field: str | None = None, **extra) -> None:
        super().__init__(message)
        self.code = code
        self.message = str(message)
        self.field = field
        self.extra = extra

    def to_dict(self) -> dict:
        return {"error": {"code": self.code, "message": self.message, "field": self.field, **self.extra}}


class NotFound(DomainError):
    status = 404


class Forbidden(DomainError):
    status = 403


class Conflict(DomainError):
    """A stale version or a state that changed under the caller (HTTP 409)."""

    status = 409
