"""An organizer runs a drive in a real browser: create, register 30, seat, two rounds, round 3's seating."""

import pytest

from tests.browser.conftest import login
from tests.factories import ClubFactory, UserFactory
from tournaments.models import Event
from tournaments.selectors.rounds import round_tables
from tournaments.services import results

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def enter_results(event: Event, round_number: int, organizer) -> None:
    """The tables' results, entered through the score-entry service (as the organizer)."""
    rnd = event.rounds.get(number=round_number)
    for table in round_tables(rnd):
        for hand in rnd.hands.all():
            ns = 6 + table.number % 3
            results.result_submit(
                table=table,
                hand=hand,
                data={"tricks": {"ns": ns, "ew": 13 - ns}},
                source="organizer",
                actor=organizer,
            )


def test_organizer_runs_two_rounds_and_sees_the_third_seating(page, context, live_server):
    from playwright.sync_api import expect

    organizer = UserFactory()
    ClubFactory(name="Browser club", organizers=[organizer])
    login(context, live_server, organizer)

    page.goto(f"{live_server.url}/events/new/")
    page.get_by_label("Date").fill("2026-11-27")
    page.get_by_role("button", name="Create event").click()  # no name: the keyboard goes there
    expect(page.get_by_label("Name")).to_be_focused()  # (an accessibility walk: to the top)
    page.get_by_label("Name").fill("Browser drive")
    page.get_by_label("Date").fill("2026-11-27")
    page.get_by_role("button", name="Create event").click()
    page.wait_for_url("**/players/")

    page.get_by_label("Paste a list").fill("\n".join(f"Player {i}" for i in range(1, 31)))
    page.get_by_role("button", name="Register", exact=True).click()
    assert "Check the list: 30 players read" in page.get_by_test_id("preview").inner_text()
    page.get_by_role("button", name="Register these 30 players").click()
    summary = page.get_by_test_id("plan-summary")
    assert "30 players" in summary.inner_text() and "2 sit out each round" in summary.inner_text()

    page.get_by_role("link", name="Table plan").click()
    page.get_by_role("button", name="Seat the players").click()
    assert page.get_by_test_id("plan-round-1").locator(".card").count() == 7
    assert "Seating drawn: 7 tables, 2 sitting out each round, 24 rounds." in page.locator(
        ".messages"
    ).inner_text()
    page.get_by_role("button", name="Start the event").click()
    event = Event.objects.get(name="Browser drive")
    assert event.status == "running"

    page.get_by_role("link", name="Rounds").click()
    for number in (1, 2):
        page.get_by_role("button", name=f"Open round {number}").click()
        said = page.locator(".messages").inner_text()
        assert f"Round {number} opened: 7 tables, 2 sitting out." in said
        assert page.get_by_test_id("state-1").inner_text() == "waiting"
        enter_results(event, number, organizer)
        # the round page polls: every table turns confirmed without a reload
        page.get_by_role("button", name=f"Close round {number}", exact=True).wait_for(
            timeout=10_000
        )
        assert page.get_by_test_id("state-7").inner_text() == "confirmed"
        page.get_by_role("button", name=f"Close round {number}", exact=True).click()
        page.wait_for_url(f"**/rounds/{number + 1}/")

    heading = page.get_by_role("heading", level=1)
    assert "Round 3" in heading.inner_text()
    assert page.locator(".card").count() == 7
    seated = {
        s.entry.player.name
        for s in event.rounds.get(number=3).seatings.select_related("entry__player")
    }
    assert len(seated) == 30
    sit_out = page.get_by_test_id("sit-out").inner_text()
    out = [
        s.entry.player.name for s in event.rounds.get(number=3).seatings.filter(table__isnull=True)
    ]
    assert len(out) == 2 and all(name in sit_out for name in out)
    north = event.rounds.get(number=3).seatings.get(table__number=1, seat="N").entry.player.name
    assert north in page.get_by_test_id("table-1").inner_text()
    assert page.get_by_role("button", name="Open round 3").is_visible()
