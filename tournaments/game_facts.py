"""Per-game facts the organizer pages ask, each a small function keyed on the scoring system.

Kept here, clearly named, until the game registry (``tournaments/games/``) lands; each
function then moves into the game modules as a method of the game.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

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


# One line per kind of event, shown where the organizer picks one.
KIND_HELP = {
    Event.Kind.INDIVIDUAL_DRIVE: gettext_lazy(
        "The classic whist drive: everyone for themselves, partners change, scored by tricks."
    ),
    Event.Kind.PAIRS_DRIVE: gettext_lazy("Fixed pairs move between tables, scored by tricks."),
    Event.Kind.ROBBER: gettext_lazy(
        "A pair against a pair, rubber by rubber; over several rounds, a league."
    ),
    Event.Kind.BIDWHIST: gettext_lazy("Teams of two bid for the contract; a game to 5 or 7."),
    Event.Kind.ESMAKKER: gettext_lazy(
        "Four players a table, the declarer calls a partner; points per player."
    ),
}


def kind_help() -> list[tuple[str, str]]:
    """(label, one line) for each kind of event, in the kind field's order."""
    return [(str(label), str(KIND_HELP[value])) for value, label in Event.Kind.choices]
