"""The door at 19:00 on a phone: regulars found in the roster by name, ticked across several
searches and registered together (a UK walk: the first search's ticks vanished)."""

from __future__ import annotations

import os

import pytest

from tests.browser.conftest import SMALL_PHONE, organizer_page
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.services.organizer_helpers import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_ticks_from_an_earlier_search_are_registered_too(browser, live_server, tmp_path):
    from playwright.sync_api import expect

    organizer = UserFactory()
    club = ClubFactory(name="St Mary's", organizers=[organizer])
    for name in ("Ann Archer", "Bob Archer", "Cat Archer", "Ann Baker", "Bob Baker"):
        PlayerFactory(club=club, name=name)
    event = make_event(players=0, club=club)
    context, page = organizer_page(browser, live_server, organizer, SMALL_PHONE, "de")
    page.goto(f"{live_server.url}/events/{event.slug}/players/")
    search = page.locator("#roster-q")
    search.fill("Archer")
    page.get_by_label("Ann Archer").check()
    page.get_by_label("Cat Archer").check()
    search.fill("Baker")
    expect(page.get_by_label("Bob Baker")).to_be_visible()
    ticked = page.get_by_test_id("roster-ticked")
    expect(ticked).to_contain_text("Ann Archer")  # still there, still ticked, above the new matches
    expect(ticked.get_by_label("Cat Archer")).to_be_checked()
    expect(page.get_by_label("Bob Archer")).to_have_count(0)
    page.get_by_label("Bob Baker").check()
    search.fill("Bob")  # Bob Baker ticked: listed once, with the ticked, not again below
    expect(page.get_by_label("Bob Archer")).to_be_visible()
    expect(page.get_by_label("Bob Baker")).to_have_count(1)
    page.screenshot(path=os.path.join(os.environ.get("SCREENSHOT_DIR") or tmp_path, "door-ticked.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.locator("#register-form button[type=submit]").click()
    page.get_by_text("3 Spieler angemeldet.").wait_for()
    assert sorted(event.entries.values_list("player__name", flat=True)) == [
        "Ann Archer", "Bob Baker", "Cat Archer"
    ]
    context.close()
