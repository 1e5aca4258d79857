"""The domain error of the Django layer: a code, a message and (optionally) the field.

Services raise it; exactly one place per edge turns it into an answer:
``tournaments.api.errors`` (HTTP status per class/code), form errors in the views,
exit 2 in commands. Nothing here knows about HTTP.
"""

from __future__ import annotations

from scoring.errors import MESSAGE_MAX, brief

__all__ = ["Conflict", "DomainError", "Forbidden", "NotFound", "brief"]


class DomainError(Exception):
    """A refused action: bad input or a rule of the game or workflow."""

    def __init__(self, code: str, message: str, *, field: str | None = None, **extra) -> None:
        message = str(message)
        if len(message) > MESSAGE_MAX:
            message = message[: MESSAGE_MAX - 1] + "…"
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field[:100] if field else field
        self.extra = extra

    def to_dict(self) -> dict:
        return {"error": {"code": self.code, "message": self.message, "field": self.field, **self.extra}}


class NotFound(DomainError):
    """The thing does not exist, or the caller may not know that it does."""


class Forbidden(DomainError):
    """The caller is known but may not do this."""


class Conflict(DomainError):
    """A stale version or a state that changed under the caller."""

