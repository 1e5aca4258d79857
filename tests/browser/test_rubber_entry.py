"""A phone at a robber table enters a rubber hand with honours and sees the game score move;
a hand the engine refuses shows a plain message for the engine's code beside its field."""

from __future__ import annotations

import pytest

from tests.services.organizer_helpers import make_event
from tournaments.models import Event, Result, Table
from tournaments.services import entries, events, rounds, seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

def robber_table_url(live_server) -> str:
    event = make_event(players=8, kind="robber")
    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    table = Table.objects.get(event=Event.objects.get(pk=event.pk), number=1)
    return f"{live_server.url}/t/{table.token}/"


def north_south() -> str:
    """The N/S choice as the phone shows it: the side with its players' names."""
    rows = Table.objects.get(number=1).seatings.filter(round__number=1)
    seats = {s.seat: s.entry.player.name for s in rows.select_related("entry__player")}
    return f"N/S ({seats['N']} & {seats['S']})"


def test_phone_enters_a_hand_with_honours_and_sees_the_game_score(phone, live_server):
    from playwright.sync_api import expect

    page = phone.new_page()
    page.goto(robber_table_url(live_server))
    expect(page.get_by_test_id("game-score")).to_have_text("N/S 0 – E/W 0")
    expect(page.get_by_test_id("game-now")).to_have_text("Game 1 so far")
    first = page.locator("section.hand").first
    first.get_by_label("Tricks won by N/S").fill("7")
    first.get_by_label("Honours held by").select_option(label=north_south())
    first.get_by_label("Number of honours").fill("4")
    first.get_by_role("button", name="Save").click()
    # docs/rules.md T13: 7 tricks and 4 honours from 0-0 carry N/S to game (1 + 4 = 5).
    expect(page.get_by_test_id("running-1")).to_contain_text("Game 1: N/S 5 – E/W 0")
    expect(page.get_by_test_id("running-1")).to_contain_text("N/S win the game")
    expect(page.get_by_test_id("rubber-state")).to_contain_text("Games: N/S 1 – E/W 0")
    expect(page.get_by_test_id("game-score")).to_have_text("N/S 0 – E/W 0")  # game 2 begins
    expect(page.get_by_test_id("game-now")).to_have_text("Game 2 so far")  # not "Game score: 0"

    second = page.locator("section.hand").nth(1)
    second.get_by_label("Tricks won by N/S").fill("9")
    second.get_by_role("button", name="Save").click()
    expect(page.get_by_test_id("game-score")).to_have_text("N/S 3 – E/W 0")  # docs/rules.md T12
    assert list(Result.objects.order_by("hand__number").values_list("data", flat=True)) == [
        {"tricks": {"A": 7, "B": 6}, "honours": {"A": 4}, "revokes": []},
        {"tricks": {"A": 9, "B": 4}, "honours": {}, "revokes": []},
    ]


def test_a_hand_the_engine_refuses_shows_its_message_and_stores_nothing(phone, live_server):
    """Five honours: the plain message for the engine's E_HONOURS_RANGE is shown beside the field."""
    from playwright.sync_api import expect

    page = phone.new_page()
    page.goto(robber_table_url(live_server))
    first = page.locator("section.hand").first
    first.get_by_label("Tricks won by N/S").fill("13")
    first.get_by_label("Honours held by").select_option(label=north_south())
    first.get_by_label("Number of honours").fill("5")
    first.get_by_role("button", name="Save").click()
    beside = first.locator('.field[data-errors~="honours"] .field-error')
    expect(beside).to_have_text("A side can claim at most 4 honours (you entered 5).")
    assert not Result.objects.exists()
