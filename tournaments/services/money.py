"""Writing an evening's money (``Event.money``) and the club's currency.

Money is not a result: it may be written before, during and after play, even once the
results are published (the cash is counted last).
"""

from __future__ import annotations

from babel.numbers import list_currencies
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.models import Club, Event
from tournaments.selectors.money import clean
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
    """Store the evening's takings and costs (checked) and, if given, the club's currency.

    A change bumps the event's version (the cash sheet is printed from it, and the API's
    If-Match, ``expected_version``, compares against it)."""
    event = event_lock(event_id=event_id)
    event_require_version(event=event, expected_version=expected_version)
    money = clean(money)
    changed = False
    if currency is not None and currency != event.club.currency:
        currency = currency.upper()
        if currency not in list_currencies():
            raise DomainError("E_MONEY", _("Unknown currency code."), field="currency")
        Club.objects.filter(pk=event.club_id).update(currency=currency)
        event.club.currency = currency
        changed = True
    if event.money != money:
        event.money = money
        event.save(update_fields=["money", "updated_at"])
        event_log(event=event, action="money_update", actor=actor)
        changed = True
    if changed:
        event_bump_version(event=event)
    return event
