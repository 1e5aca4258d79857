"""The prize setup and money pages in a real browser, on a 360 px phone and a desktop:
forms filled and saved as an organizer would, the results read off the page, no
sideways scrolling. Screenshots go to /tmp/i17a/ for a person to look at."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login, organizer_page, watch_csp
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import confirm, make_event, started_event
from tests.views.test_prizes_money import esmakker_evening
from tournaments.models import Event
from tournaments.services import events, money, rounds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {
    "phone": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def finished_drive(club) -> Event:
    event = started_event(players=8, club=club, hands=1, roles=["lady", "gent"] * 4)
    confirm(event, 1, {1: 9, 2: 4})
    rounds.round_close(event_id=event.pk, round_number=1)
    events.event_finish(event_id=event.pk)
    return event


def no_sideways_scroll(page) -> None:
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner, f"{scroll} px wide in {inner}"


@pytest.mark.parametrize("size", SIZES)
def test_prize_and_money_pages(browser, live_server, size):
    organizer = UserFactory()
    club = ClubFactory(name="Littleton WI", organizers=[organizer])
    drive = finished_drive(club)
    evening = esmakker_evening(ClubFactory(name="Skagen", organizers=[organizer]))
    context = browser.new_context(**SIZES[size])
    refused = watch_csp(context)
    login(context, live_server, organizer)
    page = context.new_page()

    page.goto(f"{live_server.url}/events/{drive.slug}/prizes/")
    page.get_by_label("Prizes for places").fill("1")
    page.get_by_label("Prize lists").select_option("role")
    page.get_by_label("One prize per person").check()
    page.get_by_label("A tie for a prize").select_option("lot")  # four tie for 1st tonight
    page.get_by_label("Consolation prize drawn by lot").check()
    page.get_by_label("Special prize 1: name").fill("Best newcomer")
    page.get_by_role("button", name="Save prizes").click()
    page.get_by_text("Prize settings saved.").wait_for()
    listed = page.get_by_test_id("prize-list").inner_text()
    assert "Ladies: 1st" in listed and "Gents: 1st" in listed and "Best newcomer" in listed
    page.get_by_role("button", name="Draw the consolation prize").click()
    page.get_by_text("The consolation prize has been drawn.").wait_for()
    assert "Drawn: P" in page.get_by_test_id("consolation-draw").inner_text()
    assert "Consolation prize" in page.get_by_test_id("prize-list").inner_text()
    no_sideways_scroll(page)
    page.screenshot(path=f"/tmp/i17a/{size}-prizes.png", full_page=True)

    page.goto(f"{live_server.url}/events/{drive.slug}/money/")
    page.get_by_label("Entry fee", exact=True).fill("3.00")
    page.get_by_label("Players paying the entry fee").fill("8")
    page.get_by_label("Raffle").fill("45.50")
    page.get_by_label("Hall hire").fill("25")
    page.get_by_label("Prizes paid in cash").fill("20")
    page.get_by_label("The net goes to").fill("Macmillan Cancer Support")
    page.get_by_role("button", name="Save money").click()
    page.get_by_text("Money saved.").wait_for()
    assert page.get_by_test_id("net").inner_text() == "Net for Macmillan Cancer Support: £24.50"
    no_sideways_scroll(page)
    page.screenshot(path=f"/tmp/i17a/{size}-money.png", full_page=True)

    page.goto(f"{live_server.url}/events/{evening.slug}/money/")
    page.get_by_label("Currency", exact=True).fill("DKK")
    page.get_by_label("Stake per point").fill("0.50")
    page.get_by_role("button", name="Save money").click()
    page.get_by_text("Money saved.").wait_for()
    settlement = page.get_by_test_id("settlement").inner_text()
    assert "Stake: DKK" in settlement or "Stake: kr." in settlement or "0.50" in settlement
    assert " pays " in settlement
    no_sideways_scroll(page)
    page.screenshot(path=f"/tmp/i17a/{size}-settlement.png", full_page=True)
    context.close()
    assert refused == [], refused


@pytest.mark.parametrize("size", SIZES)
def test_the_door_volunteer_ticks_who_paid(browser, live_server, size):
    """A German volunteer at the door of a UK drive ticks each player's fee beside the name;
    the count above the list and the money page follow, and who has not paid is named."""
    organizer = UserFactory()
    club = ClubFactory(name="Littleton WI", organizers=[organizer])
    event = make_event(players=6, club=club)
    money.event_money_update(event_id=event.pk, money={"entry_fee": 300, "concession_fee": 200})
    context, page = organizer_page(browser, live_server, organizer, SIZES[size], "de")
    refused = watch_csp(context)
    page.goto(f"{live_server.url}/events/{event.slug}/players/")
    assert (
        page.get_by_test_id("door").inner_text()
        == "6 Spieler, 0 zahlten Startgeld. 6 haben nicht bezahlt."
    )
    for number, paid in ((1, "Startgeld"), (2, "ermäßigtes Startgeld"), (4, "Startgeld")):
        with page.expect_navigation():  # the page comes again, at the same place
            page.get_by_test_id(f"paid-{number}").select_option(label=paid)
    door = page.get_by_test_id("door").inner_text()
    assert door.startswith("6 Spieler, 3 zahlten Startgeld. 3 haben nicht bezahlt.")
    assert "Noch nicht bezahlt: P3, P5, P6" in door
    assert page.get_by_test_id("paid-2").input_value() == "concession"
    no_sideways_scroll(page)
    page.screenshot(path=f"/tmp/i17a/{size}-door-paid.png", full_page=True)
    page.goto(f"{live_server.url}/events/{event.slug}/money/")
    assert page.get_by_test_id("net").inner_text().endswith("8,00\xa0£")  # 2 × £3 + £2
    assert "2 zum Startgeld, 1 zum ermäßigten Startgeld" in page.content()
    no_sideways_scroll(page)
    context.close()
    assert refused == [], refused
