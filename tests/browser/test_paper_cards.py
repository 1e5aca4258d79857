"""A paper-card evening through the organizer's pages (issue 17): only final totals are
typed in, the MC checks the top three cards (one differs), then finishes and publishes."""

from __future__ import annotations

import os

import pytest

from tests.browser.conftest import login
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import started_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
TOTALS = {1: 150, 2: 171, 3: 160, 4: 158, 5: 140, 6: 120, 7: 155, 8: 130}


def test_final_totals_only_with_the_mcs_check(browser, live_server, tmp_path):
    shots = os.environ.get("SCREENSHOT_DIR") or str(tmp_path)
    organizer = UserFactory()
    club = ClubFactory(organizers=[organizer])
    # the roster, the printed seating and the start are the ordinary evening's (not tested here)
    event = started_event(players=8, club=club, hands=24, hands_per_round=4)
    context = browser.new_context(**PHONE)
    login(context, live_server, organizer)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/")
    page.get_by_role("link", name="Score cards").click()
    page.get_by_label("How results come in").select_option(label="final card totals only")
    page.get_by_label("Top cards to check").fill("3")
    page.get_by_role("button", name="Save", exact=True).click()
    page.get_by_text("Saved: how results come in.").wait_for()

    page.get_by_label("2. P2").fill("400")  # a typo: 24 hands make at most 312 tricks
    page.get_by_role("button", name="Save totals").click()
    assert "Player 2: a total is 0 to 312 tricks." in page.inner_text("main")
    for number, tricks in TOTALS.items():
        page.get_by_label(f"{number}. P{number}").fill(str(tricks))
    page.get_by_role("button", name="Save totals").click()
    page.get_by_text("Totals saved: 8 cards.").wait_for()
    check = page.locator("table.card-check tbody tr").all_inner_texts()
    assert [row.split("\t")[:3] for row in check] == [
        ["1", "P2", "171"], ["2", "P3", "160"], ["3", "P4", "158"]
    ]
    page.screenshot(path=f"{shots}/cards-phone.png", full_page=True)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width

    # Publishing before the check is refused, in words.
    page.get_by_role("link", name="Dashboard").click()
    page.get_by_role("button", name="Finish the event").click()
    page.get_by_text("Event finished: check the results").wait_for()
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_role("button", name="Publish the results").click()  # the confirmation
    assert "Check the top cards first: P2, P3, P4." in page.inner_text("main")

    page.get_by_role("link", name="Score cards").click()
    page.get_by_label("Card total of P2").fill("171")  # typed off P2's card: not pre-filled
    page.get_by_role("button", name="Card checked").first.click()
    page.get_by_text("Card checked: it matches.").wait_for()
    page.get_by_label("Card total of P3").fill("150")  # P3's card really says 150
    page.get_by_role("button", name="Card checked").first.click()
    page.get_by_text("Card checked: the total is now 150").wait_for()
    check = page.locator("table.card-check tbody tr").all_inner_texts()
    assert [row.split("\t")[1] for row in check] == ["P2", "P4", "P7"]  # P3 dropped to 5th
    page.get_by_label("Card total of P4").fill(str(TOTALS[4]))
    page.get_by_role("button", name="Card checked").first.click()  # P4
    page.get_by_label("Card total of P7").fill(str(TOTALS[7]))
    page.get_by_role("button", name="Card checked").first.click()  # P7, new in the top 3
    assert page.get_by_role("button", name="Card checked").count() == 0
    page.screenshot(path=f"{shots}/cards-checked-phone.png", full_page=True)

    page.get_by_role("link", name="Dashboard").click()
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_text("Results published: the public page").wait_for()
    page.goto(f"{live_server.url}/e/{event.slug}/")
    text = page.inner_text("main")
    assert "From the players' own score cards: 8 cards" in text
    assert "the top 3 cards checked by the MC" in text
    assert "171 tricks" in text and "158 tricks" in text and "1st with" not in text
    assert page.locator("table.standings th").all_inner_texts() == ["Pos.", "Name", "Total", "Played"]
    page.screenshot(path=f"{shots}/cards-public-phone.png", full_page=True)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    context.close()
