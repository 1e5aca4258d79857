"""The one error type of the pairing core: a movement error, so one handler catches both."""

from __future__ import annotations

from tournaments.movements.errors import MovementError


class PairingError(MovementError):
    """A pairing, bracket or fixture request that cannot be honoured: a code and a message."""


def fail(message: str, code: str = "E_PAIRING") -> PairingError:
    return PairingError(code, message)


def require_teams(teams, minimum: int = 2) -> list:
    """The teams as a list of distinct ids, at least ``minimum`` of them."""
    teams = list(teams)
    if len(set(teams)) != len(teams):
        raise fail("a team is listed twice", "E_TEAMS")
    if len(teams) < minimum:
        raise fail(f"at least {minimum} teams are needed, got {len(teams)}", "E_TEAMS")
    return teams


def require_int(value, name: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"{name} must be a whole number", "E_RANGE")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise fail(f"{name} must be {bound}, got {value}", "E_RANGE")
    return value
