"""Ticking who paid at the door (``entry_mark_paid``): the cash sheet counts the ticks and
names who has not paid; a pair pays once; bad input is refused and nothing changes."""

from __future__ import annotations

import json

import pytest
from django.db import IntegrityError, transaction

from tests.services.organizer_helpers import make_event, started_event
from tournaments.errors import DomainError
from tournaments.models import Entry, Event, EventLog
from tournaments.selectors.money import cash_sheet
from tournaments.selectors.transfer import event_export
from tournaments.services import entries, money
from tournaments.services.transfer import event_import

pytestmark = pytest.mark.django_db

FEES = {"entry_fee": 300, "concession_fee": 200}


def with_fees(event: Event, **counts) -> Event:
    money.event_money_update(event_id=event.pk, money={**FEES, **counts})
    return Event.objects.get(pk=event.pk)


def tick(event: Event, number: int, paid: str) -> Entry:
    entry = event.entries.get(number=number)
    return entries.entry_mark_paid(event_id=event.pk, entry_id=entry.pk, paid=paid)


def test_the_cash_sheet_counts_the_ticks_and_names_who_has_not_paid():
    event = with_fees(started_event(players=8, hands=2), entries_full=8)
    sheet = cash_sheet(event)  # nobody ticked: the counts typed on the money page stand
    assert sheet["door"]["paid"] == 8 and sheet["total_in"] == "£24.00"
    version = event.version
    tick(event, 1, "full")
    tick(event, 2, "full")
    marked = tick(event, 3, "concession")
    assert marked.paid == "concession" and marked.get_paid_display() == "concession fee"
    sheet = cash_sheet(Event.objects.get(pk=event.pk))
    assert sheet["takings"][0]["label"] == "Entries: 2 at the full fee"
    assert sheet["takings"][1]["label"] == "Entries: 1 at the concession fee"
    assert sheet["total_in"] == "£8.00"  # 2 × £3 + £2, not the 8 typed before
    assert sheet["door"]["paid"] == 3 and sheet["door"]["unpaid"] == 5
    assert sheet["door"]["not_paid"] == ["P4", "P5", "P6", "P7", "P8"]
    assert Event.objects.get(pk=event.pk).version == version + 3  # printed sheets go stale
    logged = EventLog.objects.filter(event=event, action="entry_paid")
    assert [(e.detail["entry"], e.detail["paid"]) for e in logged.order_by("pk")] == [
        (1, "full"),
        (2, "full"),
        (3, "concession"),
    ]
    # the same tick again changes nothing and logs nothing
    tick(event, 3, "concession")
    assert logged.count() == 3
    # everyone unticked: the typed counts are back
    for number in (1, 2, 3):
        tick(event, number, "")
    assert cash_sheet(Event.objects.get(pk=event.pk))["door"]["paid"] == 8


def test_a_withdrawal_before_play_owes_nothing():
    event = with_fees(make_event(players=4))
    tick(event, 1, "full")
    entries.entry_withdraw(event_id=event.pk, entry_id=event.entries.get(number=4).pk)
    door = cash_sheet(Event.objects.get(pk=event.pk))["door"]
    assert (door["players"], door["paid"], door["not_paid"]) == (3, 1, ["P2", "P3"])


def test_a_pair_pays_once_and_ticking_one_partner_ticks_both():
    event = make_event(players=8, kind="pairs_drive")
    entries.entries_pair(event_id=event.pk)
    event = with_fees(event)
    tick(event, 1, "full")  # P1 and P2 are pair 1
    tick(event, 3, "concession")
    assert dict(event.entries.filter(number__lte=4).values_list("number", "paid")) == {
        1: "full",
        2: "full",
        3: "concession",
        4: "concession",
    }
    sheet = cash_sheet(Event.objects.get(pk=event.pk))
    assert sheet["takings"][0]["label"] == "Pairs: 1 at the full fee"
    assert sheet["takings"][1]["label"] == "Pairs: 1 at the concession fee"
    assert (sheet["door"]["players"], sheet["door"]["paid"]) == (4, 2)
    assert sheet["door"]["not_paid"] == ["P5 & P6", "P7 & P8"]  # a pair pays: named once
    assert sheet["total_in"] == "£5.00"


def test_bad_ticks_are_refused_and_nothing_changes():
    event = with_fees(make_event(players=4))
    version = Event.objects.get(pk=event.pk).version
    with pytest.raises(DomainError) as exc:
        tick(event, 1, "half")
    assert exc.value.code == "E_PAID"
    with pytest.raises(DomainError) as exc:
        entries.entry_mark_paid(event_id=event.pk, entry_id=10**9, paid="full")
    assert exc.value.code == "E_NOT_FOUND"
    other = make_event(players=4)  # another event's player is no entry of this one
    with pytest.raises(DomainError):
        entries.entry_mark_paid(event_id=event.pk, entry_id=other.entries.first().pk, paid="full")
    assert not event.entries.exclude(paid="").exists()
    assert Event.objects.get(pk=event.pk).version == version


def test_the_database_refuses_an_unknown_payment():
    event = make_event(players=4)
    with pytest.raises(IntegrityError), transaction.atomic():
        event.entries.filter(number=1).update(paid="half")


def test_the_ticks_travel_with_an_exported_event():
    event = with_fees(make_event(players=4))
    tick(event, 2, "concession")
    exported = event_export(event=event)
    assert [e["paid"] for e in exported["entries"]] == ["", "concession", "", ""]
    copy = event_import(data=json.loads(json.dumps(exported)), club=event.club, slug="copy").event
    assert cash_sheet(copy)["door"]["not_paid"] == ["P1", "P3", "P4"]
    exported["entries"][0]["paid"] = "half"  # a hand-edited file: refused, nothing created
    with pytest.raises(DomainError) as exc:
        event_import(data=exported, club=event.club, slug="edited")
    assert exc.value.code == "E_IMPORT" and not Event.objects.filter(slug="edited").exists()
    for e in exported["entries"]:  # older exports have no such key
        e.pop("paid")
    older = event_import(data=exported, club=event.club, slug="older").event
    assert not older.entries.exclude(paid="").exists()
