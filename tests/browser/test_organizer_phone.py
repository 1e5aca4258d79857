"""Every organizer page fits a 360 px phone: no sideways scrolling (issue 15, item 11)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import make_event, started_event
from tournaments.services import entries, rounds

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


def _pages(organizer) -> dict[str, str]:
    club = ClubFactory(name="Phone club", organizers=[organizer])
    drive = started_event(players=10, club=club, hands=4, hands_per_round=2)
    rounds.round_close(event_id=drive.pk, round_number=1, force=True, credit=6.5)
    rounds.round_open(event_id=drive.pk)
    draft = make_event(players=9, club=club, roles=["lady", "gent"] * 4 + ["lady"])
    entries.entry_rename(  # a long name, as real lists have
        event_id=draft.pk,
        entry_id=draft.entries.get(number=2).pk,
        name="Wilhelmina Fotheringham-Smythe",
    )
    pairs = make_event(players=8, club=club, kind="robber")
    d, r, p = drive.slug, draft.slug, pairs.slug
    first = draft.entries.get(number=1).pk
    return {
        "home": "/",
        "new event": "/events/new/",
        "dashboard (draft)": f"/events/{r}/",
        "players (draft)": f"/events/{r}/players/",
        "players (robber)": f"/events/{p}/players/",
        "dashboard (robber)": f"/events/{p}/",
        "rules (robber)": f"/events/{p}/rules/",
        "rules (drive)": f"/events/{r}/rules/",
        "prizes (draft)": f"/events/{r}/prizes/",
        "money (draft)": f"/events/{r}/money/",
        "dashboard (running)": f"/events/{d}/",
        "players (running)": f"/events/{d}/players/",
        "table plan": f"/events/{d}/seating/",
        "round page": f"/events/{d}/rounds/2/",
        "closed round": f"/events/{d}/rounds/1/",
        "results grid": f"/events/{d}/rounds/2/grid/",
        "hand history": f"/events/{d}/hands/1/tables/1/history/",
        "print": f"/print/{d}/",
        "confirm (remove)": ("POST", f"/events/{r}/players/{first}/delete/"),
    }


def test_no_organizer_page_scrolls_sideways_at_360_px(browser, live_server):
    organizer = UserFactory()
    pages = _pages(organizer)
    context = browser.new_context(**PHONE)
    login(context, live_server, organizer)
    page = context.new_page()
    too_wide = []
    for name, target in pages.items():
        if isinstance(target, tuple):  # a confirmation step: reached by posting the action
            page.goto(f"{live_server.url}/events/")
            page.goto(f"{live_server.url}{target[1].rsplit('/', 3)[0]}/")
            page.get_by_role("button", name="Remove").first.click()
            page.get_by_role("button", name="Remove P1").wait_for()
        else:
            response = page.goto(f"{live_server.url}{target}")
            assert response.status == 200, name
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        slug = name.replace(" ", "-").replace("(", "").replace(")", "")
        page.screenshot(path=f"/tmp/i15a/phone-{slug}.png", full_page=True)
        if width[0] > width[1]:
            too_wide.append(f"{name}: {width[0]} px in {width[1]}")
    context.close()
    assert not too_wide, too_wide
