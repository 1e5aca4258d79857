"""The one error type of the movement core."""

from __future__ import annotations


class MovementError(ValueError):
    """A movement (or a request for one) that cannot be honoured: a code and a message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        return {"error": {"code": self.code, "message": self.message}}
