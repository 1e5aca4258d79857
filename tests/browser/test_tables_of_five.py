"""A Danish Es-makker evening of ten players (issue 17): the organizer chooses tables of five
on the table plan, seats and starts; the table page of a table of five lists five players and
offers all five as declarer; a hand with the dealer sitting out is scored zero-sum."""

from __future__ import annotations

import os

import pytest

from tests.browser.conftest import login
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import make_event
from tests.services.test_esmakker_session import contract
from tournaments.models import Event, Seating
from tournaments.selectors.links import player_url
from tournaments.selectors.rounds import round_tables
from tournaments.services import results

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


def test_ten_players_at_two_tables_of_five(browser, live_server, tmp_path):
    shots = os.environ.get("SCREENSHOT_DIR") or str(tmp_path)
    organizer = UserFactory()
    club = ClubFactory(organizers=[organizer])
    event = make_event(players=10, kind="esmakker", club=club, hands=8, hands_per_round=4)
    context = browser.new_context(**PHONE)
    login(context, live_server, organizer)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/seating/")
    page.get_by_label("tables of five, the dealer sitting out each hand").check()
    page.get_by_role("button", name="Save", exact=True).click()
    page.get_by_text("Saved: how odd numbers are seated.").wait_for()
    page.get_by_role("button", name="Seat the players").click()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_text("Event started").first.wait_for()
    page.goto(f"{live_server.url}/events/{event.slug}/seating/")
    text = page.inner_text("main")
    assert "sits out" not in text.lower() or "Sitting out" not in text
    seats = page.locator("ul.seats").first.locator("li").all_inner_texts()
    assert [s.split()[0] for s in seats] == ["N", "E", "S", "W", "X"]
    page.screenshot(path=f"{shots}/fives-seating-phone.png", full_page=True)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width

    page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    page.get_by_role("button", name="Open round 1").click()
    event = Event.objects.get(pk=event.pk)
    table = round_tables(event.rounds.get(number=1))[0]
    page.goto(f"{live_server.url}/t/{table.token}/")
    declarers = page.get_by_label("Declarer").first.locator("option").all_inner_texts()
    assert declarers[0] == "-" and len(declarers) == 6  # nobody chosen, then the five
    assert [d.rsplit("(", 1)[1] for d in declarers[1:]] == ["N)", "E)", "S)", "W)", "5th)"]
    assert page.get_by_label("Dealer").first.is_visible()  # not folded away: it decides who sits out
    page.screenshot(path=f"{shots}/fives-table-phone.png", full_page=True)

    by_seat = {
        s.seat: str(s.entry.number)
        for s in Seating.objects.filter(round__event=event, round__number=1, table=table)
        .select_related("entry")
    }
    hand = event.rounds.get(number=1).hands.order_by("number").first()
    data = {
        "dealer": by_seat["N"],
        **contract(by_seat["E"], "8", 10, partner=by_seat["S"], trump="hearts",
                   partner_ace="spades", kitty_exchanged=3),
    }
    results.result_submit(table=table, hand=hand, data=data)
    results.result_confirm(table=table, hand=hand)
    page.goto(f"{live_server.url}/e/{event.slug}/")
    rows = {
        r.split("\t")[1]: r.split("\t")[2]
        for r in page.locator("table.standings tbody tr").all_inner_texts()
    }
    assert rows[f"P{by_seat['E']}"] == rows[f"P{by_seat['S']}"] == "60"
    assert rows[f"P{by_seat['N']}"] == "0"  # the dealer sat out
    page.screenshot(path=f"{shots}/fives-public-phone.png", full_page=True)

    # The dealer's own page: everyone at the table, and a card whose "sat out" row keeps
    # its dash under Points at 360 px (hidden columns had pushed it one cell right).
    page.goto(f"{live_server.url}{player_url(event, int(by_seat['N']), '')}")
    others = page.get_by_test_id("at-the-table").first.inner_text()  # now (then: next)
    assert all(f"P{by_seat[s]}" in others for s in "ESWX")
    header = page.locator("table.score-card thead th", has_text="Point").first.bounding_box()
    dash = page.locator("table.score-card tbody tr").first.locator("td", has_text="—")
    box = dash.bounding_box()
    assert abs(box["x"] - header["x"]) < 2, (box, header)
    page.screenshot(path=f"{shots}/fives-dealer-phone.png", full_page=True)
    context.close()
