"""Which part of ``Event.rules`` goes to the engine and which the standings read themselves."""

from __future__ import annotations

from tournaments.models import Event

# Event.rules keys the selector reads itself and never passes to an engine.
STANDINGS_KEYS = ("no_double_prizes", "categories", "prizes", "league")  # league: league.py


def split_rules(rules: dict | None) -> tuple[dict, dict]:
    """``Event.rules`` as (what the engine reads, the standings options read here).

    The standings options are ``no_double_prizes`` (bool), ``categories`` ("role":
    a separate list and prizes per role) and ``prizes`` (places, half_time, booby,
    special); validate only the first part with the engine.
    """
    raw = dict(rules or {})
    own = {key: raw.pop(key) for key in STANDINGS_KEYS if key in raw}
    return raw, own


def engine_rules(system: str, rules: dict | None) -> tuple[dict, dict]:
    """(rules the ``system`` engine reads, the selector's own options) from ``Event.rules``.

    The drive engine also awards the prizes, so it gets the ``prizes`` option too.
    """
    raw, own = split_rules(rules)
    if system == "drive" and "prizes" in own:
        raw["prizes"] = own["prizes"]
    return raw, own


def event_engine_rules(event: Event) -> tuple[dict, dict]:
    """(rules for the engine, the selector's own options) for this event."""
    raw, own = engine_rules(event.system, event.rules)
    if event.system == "drive":
        raw["hands"] = event.hands
        raw["hands_per_round"] = event.hands_per_round
        if event.trumps:
            raw["trumps"] = list(event.trumps)
    return raw, own
