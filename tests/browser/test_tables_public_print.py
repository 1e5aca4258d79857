"""Issue 15, the tables', public and print side, walked in Chromium at phone and desktop sizes:
the table cards' QR codes decode to the address the organizer used; a table phone moves on to
round 2 by itself; the public standings update live and give no booby prize before the last
hand; the grid focuses the bad cell with its message; no page is wider than a 360 px phone."""

from __future__ import annotations

import io

import pytest
from django.db import transaction

from tests.browser.conftest import find_one, login
from tests.factories import UserFactory, build_seated_event, drive_data
from tournaments.models import Entry, Hand, Round, Table
from tournaments.selectors.links import player_url
from tournaments.services import results
from tournaments.services.common import event_mark_changed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/tmp/i15b"


@pytest.fixture(autouse=True)
def _polling(settings):
    """Pages poll here (the projector's tests cover the SSE push): no stream thread outlives a test."""
    settings.REDIS_URL = ""


def _shot(page, name: str) -> None:
    import os

    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def _organizer(event):
    user = UserFactory()
    event.club.organizers.add(user)
    return user


def _confirm(event, hand: int, table: int, ns: int) -> None:
    t = Table.objects.get(event=event, number=table)
    h = Hand.objects.get(event=event, number=hand)
    results.result_submit(table=t, hand=h, data=drive_data(ns))
    results.result_confirm(table=t, hand=h)


def _next_round(event, number: int) -> None:
    """Close the open round and open ``number`` as the organizer's round page does (hands exist)."""
    Round.objects.filter(event=event, status="open").update(status="closed")
    Round.objects.filter(event=event, number=number).update(status="open")
    with transaction.atomic():
        event_mark_changed(event=event)


def test_table_card_qr_decodes_to_the_address_the_organizer_used(context, live_server):
    import zxingcpp
    from PIL import Image
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    login(context, live_server, _organizer(event))
    page = context.new_page()
    page.goto(f"{live_server.url}/print/{event.slug}/table_cards/?per_page=1")
    table = Table.objects.get(event=event, number=1)
    expected = f"{live_server.url}/t/{table.token}/"
    address = page.locator("[data-site-address]").first
    expect(address).to_contain_text(live_server.url)
    expect(address).to_contain_text("phones cannot reach it")  # the test server is loopback
    qr = page.locator(".table-card .qr img").first
    image = Image.open(io.BytesIO(qr.screenshot()))
    assert [r.text for r in zxingcpp.read_barcodes(image)] == [expected]
    expect(page.locator(".table-card .url").first).to_contain_text(expected)
    _shot(page, "print-table-cards-desktop")


def test_table_phone_shows_round_2_by_itself_and_keeps_what_was_typed(phone360, live_server):
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=3, open_rounds=1)
    token = Table.objects.get(event=event, number=1).token
    page = phone360.new_page()
    page.goto(f"{live_server.url}/t/{token}/")
    expect(page.get_by_role("heading", name="Table 1 · round 1")).to_be_visible()
    page.evaluate("window.__same_page = true")
    _next_round(event, 2)
    expect(page.get_by_role("heading", name="Table 1 · round 2")).to_be_visible(timeout=10_000)
    _shot(page, "table-round2-phone")
    # Something typed is never thrown away: the page offers the new round instead.
    page.get_by_label("Tricks won by N/S").fill("7")
    _next_round(event, 3)
    expect(page.locator("#round-changed")).to_be_visible(timeout=10_000)
    expect(page.get_by_label("Tricks won by N/S")).to_have_value("7")
    _shot(page, "table-round-changed-notice-phone")
    page.locator("#round-changed a").click()
    expect(page.get_by_role("heading", name="Table 1 · round 3")).to_be_visible()


def test_public_standings_live_and_no_booby_before_the_last_hand(phone360, live_server):
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=2, open_rounds=2)
    page = phone360.new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/")
    expect(page.locator(".event-status")).to_contain_text("no hand is complete")
    page.evaluate("window.__same_page = true")
    _confirm(event, 1, 1, 9)
    expect(page.locator(".event-status")).to_contain_text("1 result counted", timeout=10_000)
    expect(page.locator("table.standings")).to_contain_text("1 not in yet")
    expect(page.locator(".prizes")).not_to_contain_text("Booby")
    _confirm(event, 1, 2, 8)
    expect(page.locator(".event-status")).to_contain_text("after hand 1 of 2", timeout=10_000)
    expect(page.locator(".prizes")).not_to_contain_text("Booby")
    _shot(page, "public-standings-after-hand-1-phone")
    _confirm(event, 2, 1, 4)
    _confirm(event, 2, 2, 6)
    expect(page.locator(".prizes")).to_contain_text("Booby prize", timeout=10_000)
    assert page.evaluate("window.__same_page") is True  # swapped in place, never reloaded
    _shot(page, "public-standings-all-in-phone")


def test_on_a_phone_a_player_finds_their_row_in_a_long_list_and_it_stays_found(
    phone360, live_server
):
    from playwright.sync_api import expect

    event = build_seated_event(players=40, rounds=2, open_rounds=1)
    entry = Entry.objects.get(event=event, number=7)
    entry.player.name = "Wilhelmina Featherstonehaugh"
    entry.player.save()
    other = Entry.objects.get(event=event, number=8).player
    other.name = "Hélène O’Brien"
    other.save()
    page = phone360.new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/")
    rows = page.locator("table.standings tbody tr:not([hidden])")
    expect(rows).to_have_count(40)
    find_one(page, rows, "feather", "Wilhelmina Featherstonehaugh")
    _confirm(event, 1, 1, 9)  # the live update swaps the rows in: the search still holds
    expect(page.locator(".event-status")).to_contain_text("1 result counted", timeout=10_000)
    expect(rows).to_have_count(1)
    _shot(page, "public-find-a-name-phone")
    page.get_by_label("Find a name").fill("")
    expect(rows).to_have_count(40)
    find_one(page, rows, "helene o'brien", "Hélène O’Brien")  # typed on a phone's keyboard


def test_grid_focuses_the_bad_cell_with_its_message(context, live_server):
    from playwright.sync_api import expect

    event = build_seated_event(players=16, rounds=2, open_rounds=1, hands_per_round=4)
    login(context, live_server, _organizer(event))
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/events/{event.slug}/rounds/1/grid/")
    expect(page.locator("#grid-help")).to_contain_text("Each cell: Tricks won by N/S")
    first = page.get_by_label("Table 1, hand 1: Tricks won by N/S")
    first.fill("9")
    first.press("Enter")  # Enter moves on, like Tab
    expect(page.get_by_label("Table 1, hand 2: Tricks won by N/S")).to_be_focused()
    page.get_by_label("Table 3, hand 4: Tricks won by N/S").fill("14")
    page.get_by_role("button", name="Save all").click()
    bad = page.get_by_label("Table 3, hand 4: Tricks won by N/S")
    expect(bad).to_be_focused()
    expect(page.locator('td[data-cell="3-4"]')).to_have_class("grid-cell bad")
    expect(page.locator('td[data-cell="3-4"]')).to_contain_text(
        "Tricks must be a whole number from 0 to 13 (you entered 14)."
    )
    expect(page.locator("#grid-problems")).to_contain_text("Table 3, hand 4")
    assert page.evaluate("window.scrollY") > 0  # not thrown back to the top
    height = page.evaluate("document.querySelector('.results-grid').getBoundingClientRect().height")
    assert height < 900, height  # 4 tables x 4 hands, one compact row per table
    _shot(page, "grid-bad-cell-desktop")


def test_table_public_and_print_pages_fit_a_360px_phone(phone360, context, live_server):
    event = build_seated_event(
        players=13, rounds=3, open_rounds=2, name="The Annual Charity Whist Drive"
    )
    for entry in Entry.objects.filter(event=event, number__in=(2, 7)):
        entry.player.name = "Wilhelmina Featherstonehaugh-Cholmondeley"
        entry.player.save()
    _confirm(event, 1, 1, 9)
    _confirm(event, 1, 2, 4)
    login(phone360, live_server, _organizer(event))
    token = Table.objects.get(event=event, number=1).token
    base = live_server.url
    pages = {
        "table": f"{base}/t/{token}/",
        "public": f"{base}/e/{event.slug}/",
        "card": f"{base}/e/{event.slug}/card/e2/",
        "rounds": f"{base}/e/{event.slug}/rounds/",
        "player": player_url(event, 2, base),
        "print-home": f"{base}/print/{event.slug}/",
        "print-movement": f"{base}/print/{event.slug}/movement_cards/",
        "print-tables": f"{base}/print/{event.slug}/table_cards/",
        "print-results": f"{base}/print/{event.slug}/results/",
    }
    page = phone360.new_page()
    wide = {}
    for name, url in pages.items():
        response = page.goto(url)
        assert response.status == 200, name
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 360:
            wide[name] = width
        _shot(page, f"360-{name}")
    assert wide == {}
    page.goto(pages["rounds"])
    lines = page.evaluate(
        "[...document.querySelectorAll('.hand-score')].map(s => s.getClientRects().length)"
    )
    assert lines and set(lines) == {1}  # "1 (H): 9 – 4" never splits over two lines
    page.goto(pages["table"])
    n = page.locator("dl.seats .seat-N")
    box_dt, box_dd = n.locator("dt").bounding_box(), n.locator("dd").bounding_box()
    assert abs(box_dt["y"] - box_dd["y"]) < 8  # the letter sits beside the name
    page.goto(pages["player"])
    from playwright.sync_api import expect

    expect(page.get_by_role("heading", name="Now: round 1")).to_be_visible()
    expect(page.locator(".place").first).to_contain_text("Table 1 · sit East")
    expect(page.get_by_role("heading", name="Next: round 3")).to_be_visible()
    expect(page.locator(".score-card")).to_contain_text("Hearts")


def test_the_round_by_round_page_of_a_seven_table_drive_fits_a_360px_phone(phone360, live_server):
    """A walk of a village-hall drive: 28 players with everyday names, and the page was 373 px
    wide; the "North/South" and "East/West" heads did not break."""
    event = build_seated_event(
        players=28, rounds=10, open_rounds=10, name="St Mary's Hospice Drive"
    )
    names = ["Joan Pritchard", "Margaret Hale", "Mavis Clough", "Brenda Tate", "Audrey Pym"]
    for entry in Entry.objects.filter(event=event).select_related("player"):
        entry.player.name = names[entry.number % len(names)]
        entry.player.save()
    for table in range(1, 8):
        _confirm(event, 10, table, 5 + table % 4)  # "10 (S): 6 – 7", wider than hand 1's
    page = phone360.new_page()
    page.goto(f"{live_server.url}/e/{event.slug}/rounds/")
    _shot(page, "360-rounds-seven-tables")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.locator("abbr[title='North/South']").first.inner_text() == "N/S"


def test_a_robber_league_table_and_the_projector_fit_a_360px_phone(phone360, live_server):
    from tests.views.test_match_pages import running

    event = running("robber", players=8)
    table = Table.objects.get(event=event, number=1)
    for number in (1, 2):
        hand = Hand.objects.get(event=event, number=number)
        data = {"tricks": {"A": 7, "B": 6}, "honours": {"A": 4}, "revokes": []}
        results.result_submit(table=table, hand=hand, data=data)
        results.result_confirm(table=table, hand=hand)
    page = phone360.new_page()
    for name, path in (
        ("league", f"/e/{event.slug}/"),
        ("projector", f"/e/{event.slug}/projector/"),
    ):
        page.goto(f"{live_server.url}{path}")
        _shot(page, f"360-{name}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, name
    page.goto(f"{live_server.url}/e/{event.slug}/")
    assert page.get_by_test_id("league-table").is_visible()


@pytest.mark.parametrize("language", ["fr", "de", "nl", "da"])
def test_a_tournaments_standings_fit_a_360px_phone_in_every_language(
    new_page, live_server, language
):
    """A US walk's team names broke mid-word; whole words then made the French page 372 px
    wide ("Victoires", "Manches"): the games column is for wider screens."""
    from tests.tournament.test_bidwhist_tournament import first_round_entered, setup_tournament
    from tournaments.models import Event
    from tournaments.services import rounds

    event = setup_tournament(teams=4, rounds=2)
    for pair, name in zip(
        event.pairs.order_by("number"),
        [
            "The Downtown Boston Massacre",
            "Sisterhood of the Kitty",
            "Uptown Kingpins of Harlem",
            "Aces",
        ],
        strict=True,
    ):
        pair.name = name
        pair.save()
    rnd = first_round_entered(event)
    rounds.round_close(event_id=event.pk, round_number=rnd.number)
    page = new_page(
        viewport={"width": 360, "height": 740}, extra_http_headers={"Accept-Language": language}
    )
    page.goto(f"{live_server.url}/e/{Event.objects.get(pk=event.pk).slug}/")
    _shot(page, f"360-tournament-{language}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.get_by_text("Sisterhood of the Kitty").first.is_visible()


def test_making_a_pdf_says_so_while_it_runs_and_takes_one_press(context, live_server):
    """A 1,000-player walk: the cards took 26 to 51 s with nothing on the page and the
    button still there to press again."""
    from playwright.sync_api import expect

    event = build_seated_event(players=8, rounds=2, open_rounds=1)
    login(context, live_server, _organizer(event))
    page = context.new_page()
    page.goto(f"{live_server.url}/print/{event.slug}/")
    held = []  # the request waits here until the test lets it through
    page.route("**/jobs/", lambda route: held.append(route))
    button = page.get_by_role("button", name="Make the PDF")
    button.click()
    busy = page.get_by_test_id("print-busy")
    expect(busy).to_be_visible()
    expect(busy).to_contain_text("Making the PDF")
    expect(button).to_be_disabled()
    held[0].continue_()
    expect(page.locator("#print-job")).to_contain_text("Your PDF is ready.", timeout=30_000)
    expect(busy).to_be_hidden()
    expect(button).to_be_enabled()
