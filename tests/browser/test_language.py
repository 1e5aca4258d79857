"""The header's language switcher, as a player and an organizer use it in a real browser."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login
from tests.factories import ClubFactory, UserFactory, build_seated_event
from tournaments.models import OrganizerProfile, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def switch_to(page, language: str) -> None:
    """Open the header's switcher ("Language: English") and press the language's button."""
    page.locator(".language-switcher summary").click()
    page.get_by_role("button", name=language, exact=True).click()


def test_a_phone_switches_the_table_page_to_dutch_and_keeps_it(phone, live_server):
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    page = phone.new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/t/{Table.objects.get(event=event, number=1).token}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Table 1 · round 1")
    switch_to(page, "Nederlands")
    expect(page.get_by_role("heading", level=1)).to_have_text("Tafel 1 · ronde 1")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.get_by_label("Slagen gehaald door N/Z").first).to_be_visible()
    page.locator(".language-switcher summary").click()  # open, the list still fits the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.reload()  # saved per browser
    expect(page.get_by_role("heading", level=1)).to_have_text("Tafel 1 · ronde 1")


def test_an_organizers_choice_follows_them_to_another_browser(browser, live_server):
    from playwright.sync_api import expect

    organizer = UserFactory()
    ClubFactory(organizers=[organizer])
    first = browser.new_context()
    login(first, live_server, organizer)
    page = first.new_page()
    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("My events")
    switch_to(page, "Dansk")
    expect(page.get_by_role("heading", level=1)).to_have_text("Mine arrangementer")
    first.close()
    assert OrganizerProfile.objects.get(user=organizer).language == "da"
    other = browser.new_context(locale="fr-FR")  # a French laptop, the organizer logs in
    login(other, live_server, organizer)
    page = other.new_page()
    page.goto(f"{live_server.url}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Mine arrangementer")
    other.close()


def test_the_open_list_stays_on_a_danish_phone_and_escape_closes_it(phone360, live_server):
    """An accessibility walk: in Danish the header wraps "Dansk" to the left edge and the
    open list ran off the screen ("sh", "erlands"); open, it covered the next link."""
    from playwright.sync_api import expect

    organizer = UserFactory()
    ClubFactory(organizers=[organizer])
    login(phone360, live_server, organizer)
    phone360.add_cookies([{"name": "django_language", "value": "da", "url": live_server.url}])
    page = phone360.new_page()
    page.goto(f"{live_server.url}/")
    summary = page.locator(".language-switcher summary")
    summary.click()
    for button in page.locator(".language-switcher button").all():
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, button.inner_text()
    page.get_by_role("button", name="Français", exact=True).focus()
    page.keyboard.press("Escape")
    expect(page.locator(".language-switcher")).not_to_have_attribute("open", "")
    expect(summary).to_be_focused()
