"""The ghost seat in a real browser (issue 17), on a 360 px phone and a desktop: the organizer
chooses it on the table plan with what the ghost's partner scores, seats seven players at two
tables (one three-handed), starts; the plan and the three-handed table's page show the ghost.
Screenshots go to /tmp/i17a/ for a person to look at."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login
from tests.browser.test_prizes_money_pages import SIZES, no_sideways_scroll
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import make_event
from tournaments.models import Event, Seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GHOST = "Ghost (dummy)"


@pytest.mark.parametrize("size", SIZES)
def test_ghost_seat_on_the_table_plan_and_the_table_page(browser, live_server, size):
    organizer = UserFactory()
    club = ClubFactory(organizers=[organizer])
    event = make_event(players=7, club=club, hands=4, hands_per_round=4)
    context = browser.new_context(**SIZES[size])
    login(context, live_server, organizer)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/seating/")
    choice = page.get_by_label("a ghost seat: three play the dummy's hand at a table")
    # A choice reads in full at 360 px: radios whose text wraps, no select cutting it off.
    width = page.evaluate("window.innerWidth")
    for label in page.locator("#odd-numbers label, #ghost-partner label").all():
        box = label.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, label.inner_text()
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth"), label.inner_text()
    choice.check()
    page.locator("#ghost-partner input[value=sit_out]").check()
    page.get_by_role("button", name="Save", exact=True).click()
    page.get_by_text("Saved: how odd numbers are seated.").wait_for()
    no_sideways_scroll(page)
    page.screenshot(path=f"/tmp/i17a/{size}-ghost-choice.png", full_page=True)
    page.get_by_role("button", name="Seat the players").click()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_text("Event started").first.wait_for()
    page.goto(f"{live_server.url}/events/{event.slug}/seating/")
    assert page.get_by_test_id("ghost").count() == 1
    assert page.get_by_test_id("sit-out").count() == 0
    no_sideways_scroll(page)
    page.screenshot(path=f"/tmp/i17a/{size}-ghost-plan.png", full_page=True)
    event = Event.objects.get(pk=event.pk)
    assert event.rules["ghost_partner"] == "sit_out"

    page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    page.get_by_role("button", name="Open round 1").click()
    page.get_by_test_id("ghost").first.wait_for()
    counts: dict[int, int] = {}
    for s in Seating.objects.filter(round__event=event, round__number=1).select_related("table"):
        counts[s.table.number] = counts.get(s.table.number, 0) + 1
    (three,) = [t for t, n in counts.items() if n == 3]
    page.goto(f"{live_server.url}/t/{event.tables.get(number=three).token}/")
    assert page.get_by_test_id("ghost").inner_text() == GHOST
    no_sideways_scroll(page)
    page.screenshot(path=f"/tmp/i17a/{size}-ghost-table.png", full_page=True)
    context.close()
