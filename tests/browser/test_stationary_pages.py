"""Marking a player who cannot move, on a 360 px phone and a desktop: the row and the table
plan fit without sideways scrolling and say who keeps their seat."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SMALL_PHONE, login
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_mark_a_player_who_cannot_move_and_see_the_plan(browser, live_server, size, tmp_path):
    organizer = UserFactory()
    club = ClubFactory(name="Wheelchair club", organizers=[organizer])
    event = make_event(players=8, club=club, movement_kind="individual")
    options = SMALL_PHONE if size == "phone" else {"viewport": {"width": 1280, "height": 900}}
    context = browser.new_context(**options)
    login(context, live_server, organizer)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/events/{event.slug}/players/")
        page.get_by_test_id("entry-3").get_by_role("button", name="Cannot move").click()
        page.get_by_test_id("stationary-3").wait_for()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(tmp_path / f"players-{size}.png"), full_page=True)
        page.goto(f"{live_server.url}/events/{event.slug}/seating/")
        page.get_by_role("button", name="Seat the players").click()
        page.get_by_test_id("stationary-note").wait_for()
        assert "3 P3" in page.get_by_test_id("stationary-note").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(tmp_path / f"plan-{size}.png"), full_page=True)
    finally:
        context.close()
