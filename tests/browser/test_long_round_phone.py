"""A Danish Es-makker round of 20 deals on a 360 px table phone: only the next deal to enter
shows its form; the later ones are folded to a line each (the page had been some 15,000
px of forms), and a folded deal still opens and saves when the table enters out of turn."""

from __future__ import annotations

import pytest

from tests.browser.conftest import SMALL_PHONE
from tests.services.organizer_helpers import started_event
from tournaments.selectors.rounds import round_tables

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sol(section, declarer: str) -> None:
    """A won sol, entered as the table would."""
    section.get_by_label("Declarer", exact=True).select_option(index=declarer)
    section.get_by_label("Bid", exact=True).select_option("sol")
    section.get_by_label("Tricks won by the declarer's side").fill("1")
    section.get_by_role("button", name="Save").click()


def test_twenty_deals_fold_to_the_next_one(browser, live_server):
    event = started_event(players=8, kind="esmakker", hands=20, hands_per_round=20)
    table = round_tables(event.rounds.get(number=1))[0]
    context = browser.new_context(**SMALL_PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.token}/")
    assert page.locator("#hand-1").get_by_label("Bid", exact=True).is_visible()
    assert page.locator("form.entry").count() == 20  # every deal can still be entered here
    assert page.locator("form.entry:visible").count() == 1
    later = page.locator("section.hand.later")
    assert later.count() == 19 and later.first.inner_text().strip() == "Hand 2 not entered yet"
    height, width, inner = page.evaluate(
        "[document.documentElement.scrollHeight, document.documentElement.scrollWidth,"
        " window.innerWidth]"
    )
    assert width <= inner and height < 4 * 740, height  # a few screens, not twenty forms
    page.screenshot(path="/tmp/i17a/esmakker-long-round-phone.png", full_page=True)

    sol(page.locator("#hand-1"), 1)
    page.get_by_text("waiting for the opponents").first.wait_for()
    assert (
        page.locator("#hand-2").get_by_label("Bid", exact=True).is_visible()
    )  # the next deal is open
    assert page.locator("form.entry:visible").count() == 1  # (deal 1 is now a result line)

    page.get_by_text("Hand 5 not entered yet").click()  # a deal out of turn: it opens where it is
    sol(page.locator("#hand-5"), 2)
    page.locator("#hand-5 .result-line").wait_for()
    assert "waiting for the opponents" in page.locator("#hand-5").inner_text()
    assert page.locator("#hand-2").get_by_label("Bid", exact=True).is_visible()
    context.close()
