"""The results grid and travellers of a round of several hands fit a 360 px phone, in Dutch too.

A round of 4 hands (every pairs drive's) made the page 413 px wide: the grid's table now scrolls
inside its own labelled box. Seat letters are the table plan's (N/O/Z/W in Dutch) and a ghost
seat says so, as the other pages do.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import login
from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import make_event
from tournaments.services import events, rounds, seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/fixb"
SEATS = {"en": ["N", "E", "S", "W"], "nl": ["N", "O", "Z", "W"]}
GHOST = {"en": "Ghost (dummy)", "nl": "Spook (blinde)"}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_grid_of_four_hands_scrolls_in_its_box_not_the_page(browser, live_server, language):
    from playwright.sync_api import expect

    organizer = UserFactory()
    club = ClubFactory(name="Phone club", organizers=[organizer])
    event = make_event(players=7, club=club, hands=8, hands_per_round=4)
    seating.event_odd_numbers_set(event_id=event.pk, choice="ghost", ghost_partner="tricks")
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    for width in (360, 1280):
        context = browser.new_context(viewport={"width": width, "height": 740}, locale=language)
        context.add_cookies(
            [{"name": "django_language", "value": language, "url": live_server.url}]
        )
        login(context, live_server, organizer)
        page = context.new_page()
        for name in ("grid", "travellers"):
            response = page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/{name}/")
            assert response.status == 200
            page.screenshot(path=f"{SHOTS}/{name}-{language}-{width}.png", full_page=True)
            sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert sizes[0] <= sizes[1], (name, sizes)
            letters = page.locator("main abbr").all_inner_texts()[:4]
            assert letters == SEATS[language], (name, letters)
            expect(page.get_by_test_id("ghost").first).to_have_text(GHOST[language])
        page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/grid/")
        box = page.locator(".grid-scroll")  # a named region a keyboard can scroll
        expect(box).to_have_attribute("role", "region")
        expect(box).to_have_accessible_name(page.locator("caption").inner_text())
        expect(box).to_have_attribute("tabindex", "0")
        if width == 360:  # the table is wider than the phone: it scrolls inside its box
            assert box.evaluate("e => e.scrollWidth > e.clientWidth")
        context.close()


def test_a_pairs_drive_shows_its_pair_numbers_on_a_phone_in_dutch(browser, live_server):
    """The Dutch walk: "Paar 6" on the movement card, player numbers in the grid. The grid,
    the travellers and the round page now say "N/Z paar 6 · O/W paar 3", and still fit."""
    from playwright.sync_api import expect

    from tournaments.models import Seating
    from tournaments.services import entries

    organizer = UserFactory()
    club = ClubFactory(name="Paren club", organizers=[organizer])
    event = make_event(players=12, club=club, kind="pairs_drive", movement_kind="mitchell")
    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    at = {
        s.seat: s.entry
        for s in Seating.objects.filter(round__number=1, table__number=1, round__event=event)
    }
    ns, ew = at["N"].pair.number, at["E"].pair.number
    for width in (360, 1280):
        context = browser.new_context(viewport={"width": width, "height": 740}, locale="nl")
        context.add_cookies([{"name": "django_language", "value": "nl", "url": live_server.url}])
        login(context, live_server, organizer)
        page = context.new_page()
        for name, scope in (
            ("rounds/1/grid", "#table-1"),
            ("rounds/1/travellers", "tbody tr >> nth=0"),
            ("rounds/1", '[data-testid="table-1"]'),
        ):
            assert page.goto(f"{live_server.url}/events/{event.slug}/{name}/").status == 200
            page.screenshot(
                path=f"{SHOTS}/pairs-{name.replace('/', '-')}-nl-{width}.png", full_page=True
            )
            row = page.locator(scope)
            expect(row.get_by_test_id("side-NS")).to_contain_text(f"N/Z paar {ns}")
            expect(row.get_by_test_id("side-EW")).to_contain_text(f"O/W paar {ew}")
            sizes = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert sizes[0] <= sizes[1], (name, sizes)
        context.close()
