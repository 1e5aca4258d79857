"""The one error type of the scoring core: a code from docs/rules.md §B0, a message and the hand."""

from __future__ import annotations

MESSAGE_MAX = 300  # a message never echoes a huge refused value back


def brief(value, limit: int = 40) -> str:
    """A refused value as quoted in a message: at most ``limit`` characters of its repr."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ScoringError(ValueError):
    """Raised for any record an engine refuses.

    ``hand`` is the 1-based position of the offending hand in ``hands`` (or None),
    so a caller can point the organizer at the exact row to fix.
    """

    def __init__(self, code: str, message: str, hand: int | None = None) -> None:
        message = message if len(message) <= MESSAGE_MAX else message[: MESSAGE_MAX - 1] + "…"
        super().__init__(message)
        self.code = code
        self.message = message
        self.hand = hand

    def to_dict(self) -> dict:
        return {"error": {"code": self.code, "message": self.message, "hand": self.hand}}

    def __repr__(self) -> str:
        return f"ScoringError({self.code!r}, {self.message!r}, hand={self.hand!r})"
