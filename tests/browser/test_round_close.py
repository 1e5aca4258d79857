"""Closing a round with a table missing, as an organizer does it while the page refreshes (issue 15)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login
from tests.factories import ClubFactory, UserFactory, confirmed_drive_result
from tests.services.organizer_helpers import seat_map, started_event
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_close_anyway_survives_the_refresh_and_the_credit_shows_on_the_score_card(
    browser, live_server, size
):
    organizer = UserFactory()
    club = ClubFactory(name="Close club", organizers=[organizer])
    event = started_event(players=8, club=club, hands=4, hands_per_round=2)
    context = browser.new_context(viewport=SIZES[size])
    login(context, live_server, organizer)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    status = page.get_by_test_id("round-status")
    assert "0 of 2 tables in" in status.inner_text()

    form = page.get_by_test_id("close-anyway")
    assert not form.is_visible()  # folded away: not a step to take while tables play
    page.get_by_text("Close the round without the missing tables").click()
    form.get_by_label("a fixed score, the same for everyone").check()
    form.get_by_label("Tricks a hand (halves allowed)").fill("5.5")
    # table 1 reports: the refresh shows it, and must leave the half-made choice alone
    rnd = event.rounds.get(number=1)
    for hand in rnd.hands.all():
        confirmed_drive_result(
            event=event, hand=hand, table=event.tables.get(number=1), ns=8
        ).save()
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    page.get_by_test_id("round-status").filter(has_text="1 of 2 tables in").wait_for(timeout=10_000)
    assert page.get_by_test_id("waiting-for").inner_text() == "Waiting for table 2."
    assert form.get_by_label("a fixed score, the same for everyone").is_checked()
    assert form.get_by_label("Tricks a hand (halves allowed)").input_value() == "5.5"
    page.screenshot(path=f"/tmp/i15a/round-close-{size}.png", full_page=True)

    form.get_by_role("button", name="Close round 1 anyway").click()
    page.wait_for_url("**/rounds/2/")
    assert (
        "Round 1 closed: table 2 did not report every hand. The players there are credited with 5.5 tricks a hand."
        in page.locator(".messages").inner_text()
    )
    page.goto(f"{live_server.url}/e/{event.slug}/")
    assert "(+2 not played, credited)" in page.locator("main").inner_text()
    at_two = min(n for n, (table, _seat) in seat_map(event, 1).items() if table == 2)
    page.goto(f"{live_server.url}/e/{event.slug}/card/e{at_two}/")
    assert page.get_by_test_id("not-played-1").inner_text() == "not played: credited 5.5"
    running = page.locator("table.score-card tbody tr").last.locator("td").last
    assert running.inner_text() == "11"
    assert (
        "Total 11 includes the credit chosen for 2 hands"
        in page.get_by_test_id("not-played-note").inner_text()
    )
    page.screenshot(path=f"/tmp/i15a/card-not-played-{size}.png", full_page=True)
    context.close()
