"""Which part of ``Event.rules`` goes to the engine and which the standings read themselves.

The split is the game's (``Game.split_rules``, ``Game.event_rules``); these are the names
the standings and the event services call it by.
"""

from __future__ import annotations

from tournaments.games import game_for, game_for_system
from tournaments.games.base import STANDINGS_KEYS
from tournaments.models import Event

__all__ = ["STANDINGS_KEYS", "engine_rules", "event_engine_rules"]


def engine_rules(system: str, rules: dict | None) -> tuple[dict, dict]:
    """(rules the ``system`` engine reads, the selector's own options) from ``Event.rules``."""
    return game_for_system(system).split_rules(rules)


def event_engine_rules(event: Event) -> tuple[dict, dict]:
    """(rules for the engine, the selector's own options) for this event."""
    return game_for(event).event_rules(event)
