"""A phone at the table enters a hand, the opponents confirm it, the organizer sees it;
and an entry made offline is queued and stored exactly once when the network returns."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login
from tests.factories import UserFactory, build_seated_event
from tournaments.models import Hand, Result, ScoreChange, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

def table_url(live_server, event, number=1) -> str:
    return f"{live_server.url}/t/{Table.objects.get(event=event, number=number).token}/"


def save_offline(phone, page, tricks: str) -> None:
    """The phone loses the network, then N/S's tricks are typed and saved: queued."""
    from playwright.sync_api import expect

    phone.set_offline(True)
    page.get_by_label("Tricks won by N/S").fill(tricks)
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#queue-status")).to_contain_text("Saved on this phone: 1 result")


def test_phone_enters_opponents_confirm_organizer_sees_it(phone, context, live_server):
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    page = phone.new_page()
    page.goto(table_url(live_server, event))
    expect(page.get_by_role("heading", name="Table 1 · round 1")).to_be_visible()
    tricks = page.get_by_label("Tricks won by N/S")
    tricks.fill("14")  # out of range: marked and said at once, not only turned red
    expect(tricks).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".field-error[data-range]")).to_have_text("A whole number from 0 to 13.")
    page.get_by_role("button", name="Save").click()  # sent anyway: the server's words, once
    expect(page.locator(".field-error[data-js]")).to_contain_text("(you entered 14)")
    expect(page.locator(".field-error")).to_have_count(1)
    tricks.fill("9")
    expect(page.locator(".field-error[data-range]")).to_have_count(0)
    expect(page.locator("output[data-complement-of]")).to_have_text("4")  # E/W shown live
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".result-line")).to_contain_text("N/S 9, E/W 4")
    expect(page.locator(".result-line")).to_contain_text("waiting for the opponents")
    page.get_by_role("button", name="Confirm").click()  # the opponents, on the same phone
    expect(page.locator(".result-line")).to_contain_text("confirmed")
    # a Dutch walk: a confirmed hand gave no word on how to put it right
    expect(page.get_by_test_id("confirmed-help")).to_have_text(
        "A confirmed hand is changed by the organizer only: ask them if it is wrong."
    )
    assert list(Result.objects.values_list("status", "tricks_ns")) == [("confirmed", 9)]

    organizer = UserFactory()
    event.club.organizers.add(organizer)
    login(context, live_server, organizer)
    office = context.new_page()
    office.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    expect(office.get_by_test_id("state-1")).to_have_text("confirmed")
    office.goto(f"{live_server.url}/events/{event.slug}/rounds/1/grid/")
    expect(office.locator('td[data-cell="1-1"]')).to_contain_text("N/S 9, E/W 4")


def test_offline_entry_is_queued_and_stored_exactly_once(phone, live_server):
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    page = phone.new_page()
    page.goto(table_url(live_server, event, 2))
    save_offline(phone, page, "7")
    assert not Result.objects.exists()
    phone.set_offline(False)
    expect(page.locator(".result-line")).to_contain_text("N/S 7, E/W 6", timeout=15_000)
    expect(page.locator("#queue-status")).to_be_hidden()
    page.reload()  # any later retry of the same key replays, never stores again
    expect(page.locator(".result-line")).to_contain_text("N/S 7, E/W 6")
    assert list(Result.objects.values_list("table__number", "tricks_ns")) == [(2, 7)]
    assert ScoreChange.objects.count() == 1
    assert (
        page.evaluate("Object.keys(localStorage).filter(k => localStorage[k] !== '[]').length") == 0
    )


def test_a_login_on_the_same_phone_does_not_stop_the_table_saving(phone, live_server):
    """A fault walk: the organizer, playing at table 5, logged in in another tab; the table
    page then only said "Forbidden" (its form's CSRF token was stale) and a queued entry was
    dropped. It sends the phone's current token; with none, the entry stays queued."""
    from django.middleware.csrf import _get_new_csrf_string
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    page = phone.new_page()
    page.goto(table_url(live_server, event, 1))

    def login_elsewhere():  # Django gives the phone a new CSRF secret at a login
        phone.add_cookies(
            [{"name": "csrftoken", "value": _get_new_csrf_string(), "url": live_server.url}]
        )

    login_elsewhere()
    page.get_by_label("Tricks won by N/S").fill("7")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".result-line")).to_contain_text("N/S 7, E/W 6")
    page2 = phone.new_page()
    page2.goto(table_url(live_server, event, 2))
    save_offline(phone, page2, "8")
    phone.clear_cookies()  # no token at all: refused in words, and the entry is kept
    phone.set_offline(False)
    expect(page2.locator("#queue-status")).to_contain_text(
        "This page is out of date: reload it, then send again. Nothing was saved.", timeout=15_000
    )
    expect(page2.locator("#queue-status")).to_contain_text("Saved on this phone: 1 result")
    page2.reload()  # a fresh token: the kept entry goes
    expect(page2.locator(".result-line")).to_contain_text("N/S 8, E/W 5", timeout=15_000)
    stored = Result.objects.values_list("table__number", "tricks_ns").order_by("table__number")
    assert list(stored) == [(1, 7), (2, 8)]


def test_a_hand_corrected_offline_sends_the_last_tricks_typed(phone, live_server):
    """A walk typed 7 offline, saved, changed it to 8 and saved again: back online 7 was
    stored, 8 refused as "entered meanwhile", and the page blamed another phone."""
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=2, open_rounds=1, hands_per_round=3)
    page = phone.new_page()
    page.goto(table_url(live_server, event, 2))
    phone.set_offline(True)
    hand1, hand2 = page.locator("#hand-1"), page.locator("#hand-2")
    hand1.get_by_label("Tricks won by N/S").fill("7")
    hand1.get_by_role("button", name="Save").click()
    expect(page.locator("#queue-status")).to_contain_text("Saved on this phone: 1 result")
    hand1.get_by_label("Tricks won by N/S").fill("8")
    hand1.get_by_role("button", name="Save").click()
    hand2.get_by_label("Tricks won by N/S").fill("5")
    hand2.get_by_role("button", name="Save").click()
    expect(page.locator("#queue-status")).to_contain_text("Saved on this phone: 2 result")
    expect(hand1.locator(".form-status")).to_contain_text("Saved on this phone: 2 result")
    phone.set_offline(False)
    expect(hand1.locator(".result-line")).to_contain_text("N/S 8, E/W 5", timeout=15_000)
    expect(hand2.locator(".result-line")).to_contain_text("N/S 5, E/W 8")
    expect(page.locator("#queue-status")).to_be_hidden()
    expect(page.locator("#results-changed")).to_be_hidden()
    stored = Result.objects.order_by("hand__number").values_list("hand__number", "tricks_ns", "version")
    assert list(stored) == [(1, 8, 1), (2, 5, 1)]

    # Hand 3 queued here while the other side's phone entered it: the refusal is said over
    # the table as stored, with nothing left queued.
    from tests.factories import drive_data
    from tournaments.services.results import result_submit

    phone.set_offline(True)
    page.locator("#hand-3").get_by_label("Tricks won by N/S").fill("4")
    page.locator("#hand-3").get_by_role("button", name="Save").click()
    expect(page.locator("#queue-status")).to_contain_text("Saved on this phone: 1 result")
    result_submit(
        table=Table.objects.get(event=event, number=2), hand=Hand.objects.get(event=event, number=3),
        data=drive_data(6),
    )
    phone.set_offline(False)
    expect(page.locator("#queue-status")).to_contain_text(
        "Hand 3 of table 2 was entered meanwhile: N/S 6, E/W 7.", timeout=15_000
    )
    expect(page.locator("#queue-status")).to_contain_text("What you typed (N/S 4, E/W 9) was not saved.")
    expect(page.locator("#hand-3 .result-line")).to_contain_text("N/S 6, E/W 7")  # reloaded
    expect(page.locator("#queue-status")).not_to_contain_text("Saved on this phone")
    assert Result.objects.get(hand__number=3).tricks_ns == 6


def test_two_phones_at_one_table_each_see_what_the_other_entered(browser, live_server):
    """N/S enter on one phone, E/W confirm on their own: the second phone shows the entry by
    itself; one that had started typing gets a notice instead, and if it saves anyway it is
    told what is stored, in words, and shown the hand to confirm (a walk of a club night)."""
    from playwright.sync_api import expect

    from tests.browser.conftest import PHONE

    event = build_seated_event(players=8, rounds=2, open_rounds=1, hands_per_round=2)
    ns_phone, ew_phone = browser.new_context(**PHONE), browser.new_context(**PHONE)
    try:
        ns, ew = ns_phone.new_page(), ew_phone.new_page()
        for page in (ns, ew):
            page.goto(table_url(live_server, event))
        hand1, hand2 = ns.locator("#hand-1"), ns.locator("#hand-2")
        ew.locator("#hand-2").get_by_label("Tricks won by N/S").focus()  # nothing typed yet
        hand1.get_by_label("Tricks won by N/S").fill("9")
        hand1.get_by_role("button", name="Save").click()
        expect(hand1.locator(".result-line")).to_contain_text("waiting for the opponents")
        other = ew.locator("#hand-1")
        expect(other.locator(".result-line")).to_contain_text("N/S 9, E/W 4", timeout=10_000)
        # reloaded by itself: it says why, and the focus is where it was (an accessibility walk)
        expect(ew.locator("#queue-status")).to_contain_text(
            "A result of this table was entered or changed on another phone."
        )
        expect(ew.locator("#hand-2").get_by_label("Tricks won by N/S")).to_be_focused()
        other.get_by_role("button", name="Confirm").click()
        expect(other.locator(".result-line")).to_contain_text("confirmed")
        expect(hand1.locator(".result-line")).to_contain_text("confirmed", timeout=10_000)

        ew.locator("#hand-2").get_by_label("Tricks won by N/S").fill("5")  # E/W start typing
        hand2.get_by_label("Tricks won by N/S").fill("6")
        hand2.get_by_role("button", name="Save").click()
        expect(ew.locator("#results-changed")).to_be_visible(timeout=10_000)
        expect(ew.locator("#hand-2").get_by_label("Tricks won by N/S")).to_have_value("5")
        ew.locator("#hand-2").get_by_role("button", name="Save").click()  # saved anyway
        expect(ew.locator("#queue-status")).to_contain_text(
            "Hand 2 of table 1 was entered meanwhile: N/S 6, E/W 7. Check it: confirm it, or dispute it."
            " What you typed (N/S 5, E/W 8) was not saved."
        )
        expect(ew.locator("#hand-2").get_by_role("button", name="Confirm")).to_be_visible()
        ew.screenshot(path="/tmp/two-phones-conflict.png", full_page=True)
        assert list(Result.objects.filter(hand__number=2).values_list("status", "tricks_ns")) == [
            ("entered", 6)
        ]
    finally:
        ns_phone.close()
        ew_phone.close()
