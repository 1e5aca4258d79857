"""axe-core finds no serious or critical accessibility problem on the key pages.

One running drive is built once (through the organizer services) and every page is
checked in the same browser session, so the whole sweep costs one live server.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, login
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import started_event
from tournaments.services import results, rounds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BLOCKING = {"serious", "critical"}


def axe_problems(page, name: str) -> list[str]:
    """The page's serious/critical axe violations, one actionable line per rule."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    for v in found:  # the lesser findings are reported (pytest -s), not failed on
        if v["impact"] not in BLOCKING:
            print(f"axe {name}: {v['id']} ({v['impact']}) x{len(v['nodes'])}")
    return [
        f"{name}: {v['id']} ({v['impact']}) {v['help']} -> "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
        for v in found
        if v["impact"] in BLOCKING
    ]


def build_event(organizer):
    """A running 10-player drive: round 1 played and closed, round 2 open, table 1 waiting."""
    club = ClubFactory(name="Axe club", organizers=[organizer])
    event = started_event(players=10, club=club, hands=4, hands_per_round=2)
    rounds.round_simulate(event_id=event.pk, round_number=1, actor=organizer)
    rounds.round_close(event_id=event.pk, round_number=1, actor=organizer)
    rounds.round_open(event_id=event.pk, actor=organizer)
    rnd = event.rounds.get(number=2)
    table = event.tables.get(number=1)
    results.result_submit(
        table=table,
        hand=rnd.hands.order_by("number").first(),
        data={"tricks": {"ns": 8, "ew": 5}, "revokes": {"ns": 0, "ew": 0}},
    )
    return event, table


def test_key_pages_have_no_serious_accessibility_violations(browser, context, page, live_server):
    problems = []
    page.goto(f"{live_server.url}/accounts/login/")
    problems += axe_problems(page, "login")

    organizer = UserFactory()
    event, table = build_event(organizer)
    login(context, live_server, organizer)
    base = live_server.url
    slug = event.slug
    organizer_pages = {
        "organizer home": "/",
        "event create": "/events/new/",
        "event dashboard": f"/events/{slug}/",
        "registration": f"/events/{slug}/players/",
        "table plan": f"/events/{slug}/seating/",
        "round page": f"/events/{slug}/rounds/2/",
        "results grid": f"/events/{slug}/rounds/1/grid/",
        "print home": f"/print/{slug}/",
        "print page": f"/print/{slug}/score_cards/",
        "public event": f"/e/{slug}/",
        "public rounds": f"/e/{slug}/rounds/",
        "projector": f"/e/{slug}/projector/",
    }
    for name, path in organizer_pages.items():
        response = page.goto(base + path)
        assert response.ok, f"{name}: {path} answered {response.status}"
        problems += axe_problems(page, name)

    page.goto(f"{base}/e/{slug}/")
    card = page.locator("table.standings a").first.get_attribute("href")
    page.goto(base + card)
    problems += axe_problems(page, "score card")

    phone = browser.new_context(**PHONE)
    try:
        phone_page = phone.new_page()
        phone_page.goto(f"{base}/t/{table.token}/")
        assert phone_page.get_by_role("button", name="Confirm").count() == 1
        problems += axe_problems(phone_page, "table page (phone)")
    finally:
        phone.close()

    assert not problems, "axe found serious/critical violations:\n" + "\n".join(problems)


def test_a_live_update_keeps_the_focus_and_says_only_what_changed(phone, live_server):
    """An accessibility walk: the public standings swapped in a new table with the focus on
    a name (it fell to the page) and the whole table sat in the live region."""
    from playwright.sync_api import expect

    from tests.factories import build_seated_event, drive_data
    from tournaments.models import Hand, Table

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    hand = Hand.objects.get(event=event, number=1)
    first = Table.objects.get(event=event, number=1)
    results.result_submit(table=first, hand=hand, data=drive_data(7))
    results.result_confirm(table=first, hand=hand, expected_version=1)
    page = phone.new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/")
    expect(page.locator("[data-live-region]")).not_to_have_attribute("aria-live", "polite")
    link = page.locator("[data-live-region] table.standings a").first
    href = link.get_attribute("href")
    link.focus()
    second = Table.objects.get(event=event, number=2)
    results.result_submit(table=second, hand=hand, data=drive_data(6))
    results.result_confirm(table=second, hand=hand, expected_version=1)
    announce = page.locator("[data-live-announce]")
    expect(announce).to_contain_text("2 results counted", timeout=10_000)
    assert page.evaluate("document.activeElement.getAttribute('href')") == href
