"""Writing an evening's money (``Event.money``) and the club's currency.

Money is not a result: it may be written before, during and after play, even once the
results are published (the cash is counted last).
"""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Club, Event
from tournaments.selectors.money import clean, event_currency
from tournaments.services.common import (
    event_bump_version,
    event_lock,
    event_log,
    event_require_version,
)


@transaction.atomic
def event_money_update(
    *,
    event_id: int,
    actor=None,
    money: dict,
    currency: str | None = None,
    expected_version: int | None = None,
) -> Event:
    """Store the evening's takings and costs (checked) in its currency (given, or the one it
    has), which becomes the club's for its next evenings; past evenings keep their own.

    A change bumps the event's version (the cash sheet is printed from it, and the API's
    If-Match, ``expected_version``, compares against it)."""
    event = event_lock(event_id=event_id)
    event_require_version(event=event, expected_version=expected_version)
    before = event_currency(event)
    money = clean({**money, "currency": currency or before})
    changed = False
    if money["currency"] not in (before, event.club.currency):  # changed here: the club's too
        Club.objects.filter(pk=event.club_id).update(currency=money["currency"])
        event.club.currency = money["currency"]
        changed = True
    if event.money != money:
        event.money = money
        event.save(update_fields=["money", "updated_at"])
        event_log(event=event, action="money_update", actor=actor)
        changed = True
    if changed:
        event_bump_version(event=event)
    return event
