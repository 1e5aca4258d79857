"""A Dutch club season set up through the organizer's pages, read on the public ladder
at desktop and phone sizes (issue 17: 7 evenings, best 5 count, season prizes)."""

from __future__ import annotations

import os

import pytest

from tests.browser.conftest import login, organizer_page
from tests.factories import ClubFactory, EventFactory, UserFactory
from tests.services.season_helpers import club_evenings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}


def _shots(tmp_path):
    return os.environ.get("SCREENSHOT_DIR") or str(tmp_path)


def _fits(page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{page.url}: {width[0]} px in {width[1]}"


def test_dutch_club_season_best_five_of_seven_end_to_end(browser, live_server, tmp_path):
    from playwright.sync_api import expect

    organizer = UserFactory()
    club = ClubFactory(name="Whistclub De Troef", slug="de-troef", organizers=[organizer])
    club_evenings(club)
    EventFactory(club=club, name="Kerstdrive", slug="kerstdrive")  # not in the season
    shots = _shots(tmp_path)

    context = browser.new_context(**DESKTOP)
    login(context, live_server, organizer)
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Seasons").click()
    page.get_by_role("link", name="New season").click()
    page.get_by_label("Name").fill("Seizoen 2026-2027")
    page.get_by_label("Ladder rule").select_option(label="best N events")
    page.get_by_label("Best N").fill("5")
    page.get_by_label("Minimum attendance").fill("4")
    page.get_by_label("Season prizes").fill("Wisselbeker\nFles wijn\nBos bloemen")
    page.get_by_role("button", name="Create season").click()
    page.get_by_text("Season created").wait_for()
    assert "best 5 evenings count · at least 4 events to qualify" in page.inner_text("main")

    for night in range(1, 8):
        page.get_by_label(f"Club evening {night}", exact=False).check()
    page.get_by_role("button", name="Save evenings").click()
    page.get_by_text("Evenings saved: 7 in this season.").wait_for()
    assert not page.get_by_label("Kerstdrive", exact=False).is_checked()
    assert "7 evenings count on the ladder so far." in page.inner_text("main")
    page.screenshot(path=f"{shots}/season-detail-desktop.png", full_page=True)

    page.get_by_role("link", name="Public ladder").click()
    page.locator("table.ladder").wait_for()  # the click only starts the navigation
    rows = page.locator("table.ladder tbody tr").all_inner_texts()
    assert rows[0].split("\t")[:3] == ["1", "Cor\nWisselbeker", "47"]
    assert rows[1].split("\t")[:3] == ["2", "Anna\nFles wijn", "44"]
    assert rows[1].split("\t")[3] == "1: 9 · 2: 8 · 3: 10 · 4: – · 5: 9 · 6: (3) · 7: 8"  # missed 4, dropped 6
    level = "Bos bloemen (tied, sharing 1 prize)"  # two level for the last prize share it
    assert [r.split("\t")[1] for r in rows[2:4]] == [f"Eva\n{level}", f"Gert\n{level}"]
    assert "Guest Joop" in page.inner_text("main")  # one evening: not yet qualified
    page.screenshot(path=f"{shots}/ladder-desktop.png", full_page=True)

    # Each evening's public page links to the season's ladder.
    page.get_by_role("link", name="Club evening 3").click()
    page.get_by_role("link", name="Season ladder: Seizoen 2026-2027").click()
    expect(page.get_by_role("heading", name="Whistclub De Troef: Seizoen 2026-2027")).to_be_visible()
    context.close()

    phone = browser.new_context(**PHONE)
    login(phone, live_server, organizer)
    page = phone.new_page()
    page.goto(f"{live_server.url}/seasons/")
    _fits(page)
    page.get_by_role("link", name="Seizoen 2026-2027").click()
    page.get_by_role("link", name="Public ladder").wait_for()  # the click only starts it
    _fits(page)
    page.screenshot(path=f"{shots}/season-detail-phone.png", full_page=True)
    page.get_by_role("link", name="Public ladder").click()
    page.locator("table.ladder").wait_for()
    _fits(page)
    expect(page.get_by_text("Wisselbeker").first).to_be_visible()
    page.screenshot(path=f"{shots}/ladder-phone.png", full_page=True)
    page.goto(f"{live_server.url}/seasons/new/")
    _fits(page)
    phone.close()


def test_a_member_listed_twice_is_merged_from_the_season_page_on_a_phone(
    browser, live_server, tmp_path
):
    """An older version's second "cor" split Cor's season: the season page lists the two,
    in Dutch, at 360 px and on a desktop; ticked and merged, the ladder counts Cor once."""
    from playwright.sync_api import expect

    from tests.factories import PlayerFactory
    from tournaments.services import seasons

    organizer = UserFactory()
    club = ClubFactory(name="Whistclub De Troef", slug="de-troef", organizers=[organizer])
    evenings = club_evenings(club)[:3]
    evenings[2].entries.filter(number=3).update(player=PlayerFactory(club=club, name="cor"))
    season = seasons.season_create(club=club, name="Seizoen")
    seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings])
    shots = _shots(tmp_path)
    for name, options in (("desktop", DESKTOP), ("phone", PHONE)):
        context, page = organizer_page(browser, live_server, organizer, options, "nl")
        page.goto(f"{live_server.url}/seasons/{season.pk}/")
        group = page.get_by_test_id("duplicate")
        if name == "phone":  # merged on the desktop already
            expect(group).to_have_count(0)
            ladder = page.goto(f"{live_server.url}/e/ladder/de-troef/{season.slug}/")
            assert ladder.status == 200
            expect(page.locator("tbody tr", has_text="Cor")).to_have_count(1)
            expect(page.locator("tbody tr", has_text="Cor")).to_contain_text("27")
            _fits(page)
            page.screenshot(path=f"{shots}/season-merged-phone.png", full_page=True)
            context.close()
            continue
        expect(page.get_by_role("heading", name="Dubbel geregistreerde spelers")).to_be_visible()
        expect(group.locator("li")).to_have_text(["Cor · 6 avonden", "cor · 1 avond"])
        page.set_viewport_size({"width": 360, "height": 740})
        _fits(page)
        page.screenshot(path=f"{shots}/season-duplicates-360.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})
        group.get_by_role("button", name="Samenvoegen tot één Cor").click()
        expect(page.get_by_text("Vink „Het is één persoon” aan")).to_have_count(0)  # required box
        group.get_by_label("Het is één persoon").check()
        group.get_by_role("button", name="Samenvoegen tot één Cor").click()
        expect(page.get_by_text("Cor is nu één speler.")).to_be_visible()
        page.screenshot(path=f"{shots}/season-merged-desktop.png", full_page=True)
        context.close()
