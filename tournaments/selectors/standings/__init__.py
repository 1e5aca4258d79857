"""Standings, prizes, score cards and round results of an event, from its confirmed results.

One bridge between the rows and the engines: ``loading`` reads an event in a fixed number
of queries; the event's engine does all the scoring arithmetic (``drive`` for drives,
``matchplay`` for robber, Bid Whist and Es-makker); ``units`` maps engine players back to
entries and pairs; ``prizes`` hands out prizes; ``cards`` builds score cards and round
tables; ``cache`` keeps one computation per event version; ``seating`` picks the seating
to show the room. Callers use the names below.
"""

from tournaments.selectors.standings.cache import (
    compute_all,
    compute_standings,
    event_detail,
    event_standings,
)
from tournaments.selectors.standings.rules import engine_rules
from tournaments.selectors.standings.seating import next_round_seating
from tournaments.selectors.standings.units import has_place, rank_rows

__all__ = [
    "compute_all",
    "compute_standings",
    "engine_rules",
    "event_detail",
    "event_standings",
    "has_place",
    "next_round_seating",
    "rank_rows",
]
