"""Writing an evening's money (``Event.money``) and the club's currency.

Money is not a result: it may be written before, during and after play, even once the
results are published (the cash is counted last).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError, NotFound
from tournaments.models import Club, Entry, Event
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


@transaction.atomic
def entry_mark_paid(*, event_id: int, entry_id: int, paid: str, actor=None) -> Entry:
    """Tick who paid at the door: the entry fee, the concession fee or not yet ("").

    In a pairs event the pair pays one fee, so ticking one partner ticks both. Once anyone
    is ticked, the cash sheet counts the ticks instead of the numbers typed on the money
    page, and names who has not paid. Any time: the cash is often counted last."""
    event = event_lock(event_id=event_id)
    if paid not in Entry.Paid.values:
        raise DomainError("E_PAID", _("Choose the entry fee, the concession fee or not paid."))
    entry = event.entries.select_related("player").filter(pk=entry_id).first()
    if entry is None:
        raise NotFound("E_NOT_FOUND", _("No such entry."), field="entry")
    together = event.entries.filter(pk=entry.pk)
    if event.uses_pairs and entry.pair_id:
        together = event.entries.filter(pair_id=entry.pair_id)
    if together.exclude(paid=paid).update(paid=paid):
        event_log(event=event, action="entry_paid", actor=actor, entry=entry.number, paid=paid)
        event_bump_version(event=event)
    entry.paid = paid
    return entry
