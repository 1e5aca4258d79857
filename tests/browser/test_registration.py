"""Registering from a pasted spreadsheet, fixing names and roles, and the confirmation steps (issue 15)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import find_one, login
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import confirm, make_event, started_event
from tournaments.models import Event
from tournaments.services import events, rounds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}
PASTED = "Vera Kenyon\t1025\tlady\nTom Hardy\t1026\tgent\n" + "".join(
    f"Player {i}\t{2000 + i}\tgent\n" for i in range(1, 11)
)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_pasted_spreadsheet_becomes_clean_names_after_a_preview(browser, live_server, size):
    organizer = UserFactory()
    club = ClubFactory(name="Paste club", organizers=[organizer])
    event = make_event(players=0, club=club)
    context = browser.new_context(viewport=SIZES[size])
    login(context, live_server, organizer)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/players/")
    page.get_by_label("Paste a list").fill(PASTED)
    page.get_by_role("button", name="Register", exact=True).click()
    preview = page.get_by_test_id("preview")
    assert "Check the list: 12 players read" in preview.inner_text()
    first = preview.locator("tbody tr").first.locator("td")
    assert first.all_inner_texts() == ["1", "Vera Kenyon", "1025", "lady"]
    assert event.entries.count() == 0
    page.screenshot(path=f"/tmp/i15a/paste-preview-{size}.png", full_page=True)
    page.get_by_role("button", name="Register these 12 players").click()
    assert "12 players registered." in page.locator(".messages").inner_text()
    names = list(event.entries.order_by("number").values_list("player__name", flat=True))
    assert names[:2] == ["Vera Kenyon", "Tom Hardy"] and not any("\t" in n for n in names)
    row = page.get_by_test_id("entry-1")
    assert "Vera Kenyon" in row.inner_text() and "(1025)" in row.inner_text()

    # a role change far down the list: only its row changes, the page stays where it is
    last = page.get_by_test_id("entry-12")
    last.scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    assert before > 0
    last.get_by_label("Role of Player 10").select_option("lady")
    page.get_by_test_id("entry-12").get_by_test_id("row-saved").wait_for()
    assert "Player 10: role set to lady." in page.get_by_test_id("entry-12").inner_text()
    assert page.evaluate("window.scrollY") == before
    assert event.entries.get(number=12).role == "lady"

    # rename a typo, then remove someone registered by mistake (asked first)
    row = page.get_by_test_id("entry-2")
    row.get_by_text("Rename").click()
    row.get_by_label("Name").fill("Tom Hardie")
    row.get_by_role("button", name="Save the name").click()
    assert "Renamed to Tom Hardie." in page.locator(".messages").inner_text()
    page.get_by_test_id("entry-1").get_by_role("button", name="Remove Vera Kenyon").click()
    assert page.get_by_role("heading", name="Remove a player").is_visible()
    assert "Players after them move up one number" in page.locator("main").inner_text()
    page.screenshot(path=f"/tmp/i15a/confirm-remove-{size}.png", full_page=True)
    page.get_by_role("button", name="Remove Vera Kenyon").click()
    assert "Vera Kenyon removed from the event." in page.locator(".messages").inner_text()
    assert page.get_by_test_id("entry-1").locator(".entry-name").inner_text() == "Tom Hardie"
    page.screenshot(path=f"/tmp/i15a/players-after-{size}.png", full_page=True)
    context.close()


def test_publishing_asks_first_and_says_what_happened(page, context, live_server):
    organizer = UserFactory()
    club = ClubFactory(name="Publish club", organizers=[organizer])
    event = started_event(players=8, club=club, hands=1)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    events.event_finish(event_id=event.pk)
    login(context, live_server, organizer)
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.get_by_role("button", name="Publish the results").click()
    assert page.get_by_role("heading", name="Publish the results").is_visible()
    assert "can no longer be corrected unless you reopen" in page.locator("main").inner_text()
    assert Event.objects.get(pk=event.pk).status == "finished"  # nothing yet
    page.screenshot(path="/tmp/i15a/confirm-publish.png", full_page=True)
    page.get_by_role("link", name="Cancel").click()
    assert Event.objects.get(pk=event.pk).status == "finished"
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_role("button", name="Publish the results").click()
    assert "Results published" in page.locator(".messages").inner_text()
    assert Event.objects.get(pk=event.pk).status == "published"


def test_setup_states_the_total_as_it_is_typed_and_recommends_a_movement(
    page, context, live_server
):
    organizer = UserFactory()
    club = ClubFactory(name="Setup club", organizers=[organizer])
    event = make_event(players=12, club=club)
    login(context, live_server, organizer)
    page.goto(f"{live_server.url}/events/{event.slug}/")
    total = page.get_by_test_id("hands-total")
    assert total.inner_text() == "24 rounds × 1 hand a round = 24 hands in all."
    page.get_by_label("Rounds").fill("3")
    page.get_by_label("Hands per round").fill("4")
    assert total.inner_text() == "3 rounds × 4 hands a round = 12 hands in all."
    page.get_by_label("Movement").select_option("individual")
    page.get_by_role("button", name="Save settings").click()
    assert (
        "Settings saved: 3 rounds of 4 hands, 12 hands in all."
        in page.locator(".messages").inner_text()
    )
    advice = page.get_by_test_id("movement-advice").inner_text()
    assert "Recommended for 12 registered and 3 rounds: fixed individual movement" in advice
    assert "nobody partners anyone twice" in advice and "This is the movement chosen." in advice
    page.get_by_text("What each movement does").click()
    assert "N/S stay put" not in page.locator(".movement-help").inner_text()  # drives only
    page.screenshot(path="/tmp/i15a/setup-desktop.png", full_page=True)


def test_at_the_door_of_a_big_night_a_name_is_found_without_scrolling(page, context, live_server):
    """A 1,000-player walk: ticking arrivals meant scrolling a thousand rows."""
    from playwright.sync_api import expect

    organizer = UserFactory()
    club = ClubFactory(name="Door club", organizers=[organizer])
    event = make_event(players=40, club=club)
    entry = event.entries.get(number=23)
    entry.player.name = "Renée Knatchbull"
    entry.player.save()
    login(context, live_server, organizer)
    page.goto(f"{live_server.url}/events/{event.slug}/players/")
    rows = page.locator("[data-testid=entries] tbody tr:not([hidden])")
    expect(rows).to_have_count(40)
    find_one(page, rows, "renee", "Renée Knatchbull")
