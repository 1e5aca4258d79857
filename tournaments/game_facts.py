"""Per-game facts the organizer pages ask, each a small function keyed on the scoring system.

Kept here, clearly named, until the game registry (``tournaments/games/``) lands; each
function then moves into the game modules as a method of the game.
"""

from __future__ import annotations

from tournaments.models import Event

TRICK_SCORED = ("drive",)  # games where a player's score is the tricks their side took


def credits_unreported_tables(event: Event) -> bool:
    """Can a table that never reported be credited (own average, a fixed score, zero)?

    Only where every hand scores tricks per player (drives); in a match game a hand not
    played simply scores nothing.
    """
    return event.system in TRICK_SCORED


def uses_roles(event: Event) -> bool:
    """Do lady/gent roles mean anything (seat rules, separate prize lists)? Drives only."""
    return event.system in TRICK_SCORED


def plays_in_pairs(event: Event) -> bool:
    """Is the unit that scores a fixed pair (pairs drive, robber, Bid Whist)?"""
    return event.uses_pairs


def has_trump_rotation(event: Event) -> bool:
    """Is each hand's trump fixed by a rotation (a drive), rather than by the bid or the deal?"""
    return event.system in TRICK_SCORED
