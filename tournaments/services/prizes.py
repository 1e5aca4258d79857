"""Writing the prize settings and the consolation draw (``Event.prize_settings``).

Prize settings never rescore a hand, so they may change while the event runs and until
the results are published; the rules that do rescore stay frozen (services.events).
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.prizes import draw_lot
from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.models import Event
from tournaments.selectors.prize_settings import clean, settings_of
from tournaments.services.common import (
    event_lock,
    event_log,
    event_mark_changed,
    event_require_version,
)

S = Event.Status


def _require_unpublished(event: Event) -> None:
    if event.status == S.PUBLISHED:
        raise DomainError(
            "E_EVENT_STATUS", _("The results are published: reopen the event to change the prizes.")
        )


@transaction.atomic
def prize_settings_update(
    *, event_id: int, actor=None, settings: dict, expected_version: int | None = None
) -> Event:
    """Store the organizer's prize settings (checked); the seed of any draw is kept once made.

    ``expected_version``: the API's If-Match (services.common.event_require_version)."""
    event = event_lock(event_id=event_id)
    event_require_version(event=event, expected_version=expected_version)
    _require_unpublished(event)
    old = settings_of(event)
    new = clean({k: v for k, v in settings.items() if k not in ("seed", "draw")})
    if new["categories"] and not game_for(event).roles_for(event):
        raise DomainError(
            "E_PRIZES",
            _("Ladies' and gents' lists need players with roles (drives)."),
            field="categories",
        )
    new["seed"] = old["seed"] or secrets.randbelow(2**31 - 1) + 1
    new["draw"] = old["draw"] if new["consolation"] else None
    if event.prize_settings == new:
        return event
    event.prize_settings = new
    event.save(update_fields=["prize_settings", "updated_at"])
    event_log(event=event, action="prizes_update", actor=actor)
    event_mark_changed(event=event)
    return event


@transaction.atomic
def prize_consolation_draw(*, event_id: int, actor=None, seed: int | None = None) -> dict:
    """Draw the consolation prize by lot among the ranked players without a prize.

    The seed, the pool and the winner are stored, so anyone can redo the draw
    (``scoring.prizes.draw_lot(pool, seed)``); drawing again replaces the record and is logged.
    """
    from tournaments.selectors.standings import event_standings

    event = event_lock(event_id=event_id)
    _require_unpublished(event)
    settings = settings_of(event)
    if not settings["consolation"]:
        raise DomainError(
            "E_PRIZES", _("Turn the consolation prize on first."), field="consolation"
        )
    standings = event_standings(event=event)
    if not standings["final"]:
        raise DomainError("E_EVENT_STATUS", _("Draw the consolation prize once play has finished."))
    holders = {  # a team's prize is its pairs' (``members``)
        key
        for p in standings["prizes"]
        if p["code"] != "consolation"
        for w in p["winners"]
        for key in (w["key"], *w.get("members", ()))
    }
    pool = sorted(r["key"] for r in standings["standings"] if r["key"] not in holders)
    if not pool:
        raise DomainError("E_PRIZES", _("Everybody already has a prize: nobody is left to draw."))
    seed = seed if seed is not None else secrets.randbelow(2**31 - 1) + 1
    draw = {"seed": seed, "pool": pool, "winner": draw_lot(pool, seed)}
    event.prize_settings = {**settings, "draw": draw}
    event.save(update_fields=["prize_settings", "updated_at"])
    event_log(event=event, action="prizes_draw", actor=actor, **draw)
    event_mark_changed(event=event)
    return draw
