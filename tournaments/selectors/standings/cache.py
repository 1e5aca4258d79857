"""Standings and score cards computed once per event version and cached.

The key changes when a service bumps ``Event.version``; ``live.event_changed`` drops the
current keys. The cache is an accelerator: with Redis down every call computes afresh.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

from django.conf import settings
from django.utils import translation

from tournaments.games import game_for
from tournaments.models import Event
from tournaments.selectors.standings.cards import build_detail
from tournaments.selectors.standings.loading import EventInput, load_input
from whistdrive.cache import cache_get, cache_set

CACHE_SECONDS = 24 * 3600


@contextmanager
def without_gc_pauses():
    """Hold the cyclic garbage collector off while one event's standings are built.

    A 1,000-player drive allocates some 150,000 dicts and tuples, none in a
    reference cycle (reference counting frees them all), yet their number makes
    the collector walk the whole heap once or twice per recomputation, finding
    nothing: about a third of the time in bench/standings.py. Left alone if
    something else has already switched the collector off.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@without_gc_pauses()
def compute_standings(event: Event, inp: EventInput | None = None) -> dict:
    """Standings and prizes straight from the rows and the engine (no cache)."""
    inp = inp or load_input(event)
    game = game_for(event)
    rules, own = game.event_rules(event)
    return game.standings(inp, rules, own)


def cache_key(event: Event, part: str) -> str:
    stamp = int(event.created_at.timestamp() * 1_000_000) if event.created_at else 0
    return f"standings:{event.pk}:{stamp}:{event.version}:{part}"


def event_standings(*, event: Event) -> dict:
    """Standings, prizes (with reasons) and the pending count, cached per event version."""
    return _cached(event)["standings"]


def event_detail(*, event: Event) -> dict:
    """Score cards (per unit key) and round-by-round results, cached per event version."""
    return _cached(event)["detail"]


def cache_keys(event: Event) -> list[str]:
    """Every language's cached standings of ``event`` (prize reasons and labels are worded)."""
    return [cache_key(event, f"all:{code}") for code, _name in settings.LANGUAGES]


def _cached(event: Event) -> dict:
    key = cache_key(event, f"all:{translation.get_language() or settings.LANGUAGE_CODE}")
    found = cache_get(key)  # Redis down: a miss, so computed from the rows every time
    if found is None:
        found = compute_all(event)
        cache_set(key, found, CACHE_SECONDS)
    return found


@without_gc_pauses()
def compute_all(event: Event) -> dict:
    inp = load_input(event)
    standings = compute_standings(event, inp)
    detail = build_detail(inp, standings)
    public = {k: v for k, v in standings.items() if not k.startswith("_")}
    return {"standings": public, "detail": detail}
