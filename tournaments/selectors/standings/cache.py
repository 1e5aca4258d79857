"""Standings, score cards and rendered pages computed once per event version and cached.

Each part has its own key, per event version and language: the standings (small, read by
every live page), the score cards and rounds (large, read by a card or the rounds page
only), the seating to show the room, and the rendered public page and projector fragment
(``cached_part``: rendered once per change, not once per viewer). The key changes when a
service bumps ``Event.version``; the first part cached for a new version drops the keys of
the version cached before it (an index key remembers which one that was), so an old version
leaves nothing behind once anyone looks again; ``live.event_changed`` drops the current
keys after a change made without a bump. The cache is an accelerator: with Redis down every
call computes afresh.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import translation

from tournaments.games import game_for
from tournaments.models import Event, Round
from tournaments.selectors.standings.cards import build_detail, build_rounds
from tournaments.selectors.standings.loading import EventInput, load_input
from whistdrive.cache import cache_claim, cache_delete, cache_delete_many, cache_get, cache_set

CACHE_SECONDS = 24 * 3600
# Every part cached per version and language; ``html:`` parts are rendered pages.
COMPUTED = ("standings", "detail", "seating")
RENDERED = ("html:event", "html:projector")
PARTS = COMPUTED + RENDERED
BUILD_WAIT = 2.0  # seconds: another process rendering the same part is waited for this long
BUILD_POLL = 0.01


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


def _code_files() -> list[Path]:
    return sorted(
        path
        for folder in ("templates", "tournaments", "scoring", "whistdrive")
        for pattern in ("*.py", "*.html")
        for path in (Path(settings.BASE_DIR) / folder).rglob(pattern)
    )


def _digest_code() -> str:
    digest = hashlib.blake2b(digest_size=6)
    for path in _code_files():
        stat = path.stat()
        digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()


_code_stamp = functools.cache(_digest_code)
_debug_stamp: list = [0.0, ""]  # (when taken, digest): DEBUG takes it anew each second


def code_stamp() -> str:
    """A digest of the code and templates in use (paths, sizes, times), part of every key:
    after an upgrade the room is not served pages or data cached by the code before it.
    Under DEBUG (``make run``) it is taken again once a second, so a template just edited
    shows at once; a stat of every file on each read would cost some 10 ms."""
    if not settings.DEBUG:
        return _code_stamp()
    now = time.monotonic()
    if now - _debug_stamp[0] >= 1.0:
        _debug_stamp[:] = [now, _digest_code()]
    return _debug_stamp[1]


def _prefix(event: Event) -> str:
    stamp = int(event.created_at.timestamp() * 1_000_000) if event.created_at else 0
    return f"standings:{code_stamp()}:{event.pk}:{stamp}"


def cache_key(event: Event, part: str, language: str | None = None) -> str:
    language = language or translation.get_language() or settings.LANGUAGE_CODE
    return f"{_prefix(event)}:{event.version}:{part}:{language}"


def _version_keys(event: Event, version: int) -> list[str]:
    prefix = _prefix(event)
    return [
        f"{prefix}:{version}:{part}:{code}" for part in PARTS for code, _name in settings.LANGUAGES
    ]


def cache_keys(event: Event) -> list[str]:
    """Every part of every language cached for ``event``'s current version."""
    return _version_keys(event, event.version)


def _index_key(event: Event) -> str:
    return f"{_prefix(event)}:cached-version"


def cache_forget(event: Event) -> None:
    """Drop the current version's keys and those of the version cached before it."""
    keys = cache_keys(event)
    last = cache_get(_index_key(event))
    if last is not None and last != event.version:
        keys += _version_keys(event, last)
    cache_delete_many(keys)


def _remember_version(event: Event) -> None:
    """Note the version being cached; a newer one first drops the older one's keys. A slow
    request still on an older version leaves the newer one alone."""
    last = cache_get(_index_key(event))
    if last is not None and last >= event.version:
        return
    if last is not None:
        cache_delete_many(_version_keys(event, last))
    cache_set(_index_key(event), event.version, CACHE_SECONDS)


def event_standings(*, event: Event) -> dict:
    """Standings, prizes (with reasons) and the pending count, cached per event version."""
    return _cached(event, "standings")


def event_detail(*, event: Event) -> dict:
    """Score cards (per unit key) and round-by-round results, cached per event version."""
    return _cached(event, "detail")


def event_seating(*, event: Event) -> dict | None:
    """The seating to show the room (``next_round_seating``), cached per event version."""
    return _cached(event, "seating")


def _cached(event: Event, part: str) -> Any:
    """One part from the cache; a miss computes it (the standings and the seating together,
    the score cards only when asked for: the live pages never build them)."""
    found = cache_get(cache_key(event, part))  # Redis down: a miss, computed every time
    if found is None:
        computed = compute_all(event) if part == "detail" else compute_live(event)
        _remember_version(event)
        for name, value in computed.items():
            cache_set(cache_key(event, name), {"value": value}, CACHE_SECONDS)
        return computed[part]
    return found["value"]  # wrapped: the seating may be None, which reads as a miss


def cached_part(event: Event, part: str, build: Callable[[], Any]) -> Any:
    """``build()`` once per event version and language (a rendered page), then the cache's.

    When a change wakes every projector at once, one process builds and the others wait
    for its result (up to ``BUILD_WAIT`` seconds, then build themselves) rather than all
    computing the same standings side by side on the same cores.
    """
    key = cache_key(event, part)
    found = cache_get(key)
    if found is None and not cache_claim(f"{key}:building", BUILD_WAIT):
        found = _wait_for(key)
    if found is None:
        try:
            found = build()
            _remember_version(event)
            cache_set(key, found, CACHE_SECONDS)
        finally:  # built or failed: nobody waits any longer
            cache_delete(f"{key}:building")
    return found


def _wait_for(key: str) -> Any:
    deadline = time.monotonic() + BUILD_WAIT
    while time.monotonic() < deadline:
        time.sleep(BUILD_POLL)
        found = cache_get(key)
        if found is not None:
            return found
    return None


def seating_to_show(rounds: list[dict]) -> dict | None:
    """The seating to show the room: the next pending round, else the last open one."""
    seated = [r for r in rounds if r["tables"]]
    pending = [r for r in seated if r["status"] == Round.Status.PENDING]
    if pending:
        return pending[0]
    opened = [r for r in seated if r["status"] == Round.Status.OPEN]
    return opened[-1] if opened else None


def _public(standings: dict) -> dict:
    return {k: v for k, v in standings.items() if not k.startswith("_")}


@without_gc_pauses()
def compute_live(event: Event) -> dict:
    """What the live pages read: the standings and the seating to show the room."""
    inp = load_input(event)
    standings = compute_standings(event, inp)
    return {"standings": _public(standings), "seating": seating_to_show(build_rounds(inp))}


@without_gc_pauses()
def compute_all(event: Event) -> dict:
    """The standings, the seating to show the room, and every score card and round."""
    inp = load_input(event)
    standings = compute_standings(event, inp)
    detail = build_detail(inp, standings)
    return {"standings": _public(standings), "detail": detail,
            "seating": seating_to_show(detail["rounds"])}
