"""The room's screen as the hall sees it: the whole field, the round clock, the seating
board and the prize-giving, at the projector sizes clubs have (issue: the room's screen)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import login
from tests.factories import ClubFactory, build_seated_event, confirmed_drive_result
from tests.selectors.test_standings import nine_player_drive
from tournaments.models import Event
from tournaments.selectors.standings import event_standings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [(1920, 1080), (1280, 720), (1024, 768)]
SHOTS = "var/screenshots"

# Every cell inside the screen and no name cut off; the page itself never scrolls.
LAYOUT = """() => {
  const cells = [...document.querySelectorAll('[data-live-region] .screen-cells .cell')];
  const visible = cells.filter(c => !c.hidden);
  const drawn = cells.filter(c => c.getClientRects().length > 0);
  const cut = visible.filter(c => c.querySelector('.name') &&
      c.querySelector('.name').scrollWidth > c.querySelector('.name').clientWidth + 1);
  const below = visible.filter(c => c.getBoundingClientRect().bottom > window.innerHeight + 1);
  const d = document.documentElement;
  return {visible: visible.length, drawn: drawn.length, all: cells.length, cut: cut.length, below: below.length,
          wide: d.scrollWidth > window.innerWidth, tall: d.scrollHeight > window.innerHeight};
}"""


def played_first_hand(players: int) -> Event:
    event = build_seated_event(players=players, rounds=2, open_rounds=1)
    hand = event.rounds.get(number=1).hands.get()
    for i, table in enumerate(event.tables.order_by("number")):
        confirmed_drive_result(event=event, hand=hand, table=table, ns=5 + i % 5).save()
    return event


def paged_projector(new_page, live_server, event):
    """The projector at 1920x1080 on its first page of several: (page, its root, pages)."""
    from playwright.sync_api import expect

    page = new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/e/{event.slug}/projector/")
    root = page.locator("[data-projector]")
    expect(root).to_have_attribute("data-page", "1")
    pages = int(root.get_attribute("data-page-count"))
    assert pages > 1
    return page, root, pages


def shot(page, name: str) -> None:
    page.screenshot(path=f"{SHOTS}/{name}.png")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_sixty_players_fit_the_screen_without_overflow(new_page, live_server, width, height):
    from playwright.sync_api import expect

    event = played_first_hand(60)
    page = new_page(viewport={"width": width, "height": height})
    page.goto(f"{live_server.url}/e/{event.slug}/projector/")
    expect(page.locator("h1.screen-title")).to_have_text(event.name)
    expect(page.get_by_text("After hand 1 of 2")).to_be_visible()
    layout = page.evaluate(LAYOUT)
    shot(page, f"projector-60-{width}x{height}")
    assert layout["all"] == 60 and layout["cut"] == 0 and layout["below"] == 0
    assert layout["drawn"] == layout["visible"]  # the other pages' cells take no room
    assert not layout["wide"] and not layout["tall"]
    pages = int(page.locator("[data-projector]").get_attribute("data-page-count"))
    if width == 1920:
        assert layout["visible"] == 60 and pages == 1  # the whole field at once
    else:
        assert layout["visible"] * pages >= 60


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_long_names_get_wide_columns_and_are_shown_whole(new_page, live_server, width, height):
    event = played_first_hand(60)
    for entry in event.entries.select_related("player"):
        entry.player.name = f"Margaret Featherstone-Whittington {entry.number}"
        entry.player.save()
    page = new_page(viewport={"width": width, "height": height})
    page.goto(f"{live_server.url}/e/{event.slug}/projector/")
    layout = page.evaluate(LAYOUT)
    shot(page, f"projector-long-names-{width}x{height}")
    assert layout["cut"] == 0 and layout["below"] == 0 and layout["drawn"] == layout["visible"]
    assert not layout["wide"] and not layout["tall"]


def test_a_short_field_takes_only_the_columns_it_needs(new_page, live_server):
    """A French walk: ten pairs' long names cut short in two half-empty columns."""
    event = played_first_hand(12)
    for entry in event.entries.select_related("player"):
        entry.player.name = f"Anne-Sophie Rousseau-Delacroix & Pierre-Emmanuel Garnier {entry.number}"
        entry.player.save()
    page = new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/e/{event.slug}/projector/")
    layout = page.evaluate(LAYOUT)
    lefts = page.evaluate(
        "() => new Set([...document.querySelectorAll('.screen-cells .cell')]"
        ".map(c => Math.round(c.getBoundingClientRect().left))).size"
    )
    shot(page, "projector-short-field-long-names")
    assert layout["visible"] == 12 and layout["cut"] == 0 and lefts == 1


def test_a_thousand_players_page_through(new_page, live_server):
    from playwright.sync_api import expect

    event = build_seated_event(players=1000, rounds=1, open_rounds=1)
    page, root, pages = paged_projector(new_page, live_server, event)
    expect(page.locator("[data-page-label]")).to_have_text(f"Page 1 of {pages}")
    first = page.locator(".screen-cells .cell:not([hidden]) .name").first.text_content()
    page.evaluate("document.querySelector('[data-projector]').dataset.pageSeconds = '1'")
    expect(root).to_have_attribute("data-page", "2", timeout=5000)
    now = page.evaluate("""() => [document.querySelector('[data-projector]').dataset.page,
        document.querySelector('[data-page-label]').textContent,
        document.querySelector('.screen-cells .cell:not([hidden]) .name').textContent]""")
    assert now[1] == f"Page {now[0]} of {pages}" and int(now[0]) >= 2 and now[2] != first
    layout = page.evaluate(LAYOUT)
    assert layout["below"] == 0 and layout["drawn"] == layout["visible"] < 1000
    shot(page, "projector-1000-page2")


def test_the_clock_started_on_the_round_page_counts_down_on_the_screen_and_the_phone(
    new_page, context, live_server, organizer
):
    from playwright.sync_api import expect

    event = played_first_hand(8)
    Event.objects.filter(pk=event.pk).update(club=ClubFactory(organizers=[organizer]))
    login(context, live_server, organizer)
    desk = context.new_page()
    desk.goto(f"{live_server.url}/events/{event.slug}/rounds/1/")
    screen = new_page(viewport={"width": 1280, "height": 720})
    screen.goto(f"{live_server.url}/e/{event.slug}/projector/")
    phone = new_page(viewport={"width": 360, "height": 740})
    phone.goto(f"{live_server.url}/t/{event.tables.get(number=1).token}/")
    expect(phone.locator("[data-clock]")).to_be_hidden()  # no clock until the MC starts one

    desk.get_by_role("button", name="Start a 7-minute round").click()
    expect(desk.get_by_text("The clock is updated.")).to_be_visible()
    for view in (screen, phone):
        clock = view.locator("[data-clock]")
        expect(clock).to_have_attribute("data-state", "running", timeout=10_000)
        expect(clock.locator("[data-clock-time]")).to_contain_text("6:5", timeout=5000)
    shot(screen, "projector-clock")
    shot(phone, "phone-clock")
    screen.reload()  # state, not a browser timer
    expect(screen.locator("[data-clock] [data-clock-time]")).to_contain_text("6:5")

    desk.get_by_role("button", name="Pause").click()
    expect(screen.locator("[data-clock]")).to_have_attribute("data-state", "paused")
    expect(screen.locator("[data-clock]")).to_contain_text("paused")
    desk.get_by_label("Announcement on the screen").fill("Last hand, please")
    desk.get_by_role("button", name="Show").click()
    expect(screen.get_by_text("Last hand, please")).to_be_visible()
    shot(desk, "round-page-screen-controls")


def test_between_rounds_the_board_shows_every_players_next_seat(new_page, live_server):
    from playwright.sync_api import expect

    event = played_first_hand(9)
    event.rounds.filter(number=1).update(status="closed")
    page = new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/e/{event.slug}/projector/")
    expect(page.get_by_role("heading", name="Round 2: find your seat")).to_be_visible()
    cells = page.locator(".screen-cells.board .cell")
    expect(cells).to_have_count(9)
    texts = cells.all_inner_texts()
    assert [t.split("\n")[0].split("\t")[0] for t in texts] == sorted(f"P{i}" for i in range(1, 10))
    assert sum("Table" in t for t in texts) == 8 and sum("sits out" in t for t in texts) == 1
    shot(page, "projector-board")


def test_a_paged_board_says_which_names_each_page_holds(new_page, live_server):
    """A 1,000-player walk: 24 pages of seats, and nothing said which held a player's name."""
    event = played_first_hand(200)
    event.rounds.filter(number=1).update(status="closed")
    page, _root, pages = paged_projector(new_page, live_server, event)
    shown = page.evaluate("""() => [document.querySelector('[data-page-label]').textContent,
        [...document.querySelectorAll('.screen-cells.board .cell:not([hidden]) .name')]
          .map(n => n.textContent)]""")
    label, names = shown
    assert label == f"Page 1 of {pages} · {names[0]} – {names[-1]}"
    shot(page, "projector-board-paged")


def test_the_prize_giving_reveals_from_the_booby_to_the_winner(
    new_page, context, live_server, organizer
):
    from playwright.sync_api import expect

    event = nine_player_drive()
    Event.objects.filter(pk=event.pk).update(
        status=Event.Status.FINISHED, club=ClubFactory(organizers=[organizer])
    )
    login(context, live_server, organizer)
    desk = context.new_page()
    desk.goto(f"{live_server.url}/events/{event.slug}/")
    screen = new_page(viewport={"width": 1920, "height": 1080})
    screen.goto(f"{live_server.url}/e/{event.slug}/projector/")
    desk.get_by_role("button", name="Start the prize-giving").click()
    expect(screen.get_by_role("heading", name="Prize-giving")).to_be_visible(timeout=10_000)
    prizes = event_standings(event=Event.objects.get(pk=event.pk))["prizes"]
    order = []
    for _ in prizes:
        desk.get_by_role("button", name="Reveal the next prize").click()
        latest = screen.locator(".reveal-latest")
        expect(latest).to_have_attribute("data-reveal", str(len(order) + 1), timeout=10_000)
        order.append(latest.locator(".reveal-label").inner_text())
    shot(screen, "projector-prize-giving")
    assert order == [p["label"] for p in reversed(prizes)]
    assert order[0] == "Booby prize"
    assert order[-3:] == ["3rd", "2nd", "1st"]
    expect(screen.locator(".reveal-latest .reveal-names")).to_have_text("P1")


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1024, 768)])
def test_the_final_screen_shows_every_prize_then_the_ladies_and_gents_lists(
    new_page, live_server, width, height
):
    """A village drive with ladies' and gents' prizes only: at the end the room reads all
    eight prizes at once, above the two lists, nothing cut off and nothing scrolled."""
    from playwright.sync_api import expect

    from tests.services.organizer_helpers import confirm, make_event
    from tests.views.test_prizes_money import running
    from tournaments.services import events, prizes, rounds
    from tournaments.services.screen import screen_reveal

    event = running(make_event(players=28, hands=2, roles=["lady", "gent"] * 14))
    for hand in (1, 2):
        confirm(event, hand, {t: (t * 3 + hand) % 13 for t in range(1, 8)})
        rounds.round_close(event_id=event.pk, round_number=hand)
        if hand == 1:
            rounds.round_open(event_id=event.pk)
    prizes.prize_settings_update(
        event_id=event.pk,
        settings={"places": 3, "categories": "role_only", "half_time": True, "booby": True},
    )
    events.event_finish(event_id=event.pk)
    screen_reveal(event_id=event.pk, action="end")
    page = new_page(viewport={"width": width, "height": height})
    page.goto(f"{live_server.url}/e/{event.slug}/projector/")
    expect(page.get_by_text("Final results")).to_be_visible()
    lines = page.locator(".prizes li")
    expect(lines).to_have_count(8)
    bottoms = [lines.nth(i).bounding_box() for i in range(8)]
    shot(page, f"projector-final-roles-{width}x{height}")
    assert all(box["y"] + box["height"] <= height for box in bottoms)
    heads = page.locator(".screen-cells .list-head")
    expect(heads).to_have_text(["Ladies", "Gents"])
    layout = page.evaluate(LAYOUT)
    assert layout["below"] == 0 and not layout["tall"] and not layout["wide"]


def test_every_name_shows_once_over_the_pages_and_above_the_page_label(new_page, live_server):
    """A UK walk with 122 players: page 1 held 42 names "of 3", the later pages 40 "of 4",
    two names came again on page 2, and page 1's last row ran into the page label."""
    from playwright.sync_api import expect

    page, root, pages = paged_projector(new_page, live_server, played_first_hand(122))
    page.evaluate("document.querySelector('[data-projector]').dataset.pageSeconds = '1'")
    seen = []
    for number in range(1, pages + 1):
        expect(root).to_have_attribute("data-page", str(number), timeout=5000)
        now = page.evaluate("""() => {
          const label = document.querySelector('[data-page-label]');
          const cells = [...document.querySelectorAll('.screen-cells .cell:not([hidden])')];
          const top = label.getBoundingClientRect().top;
          return {label: label.textContent, names: cells.map(c => c.querySelector('.name').textContent),
                  over: cells.filter(c => c.getBoundingClientRect().bottom > top + 1).length};
        }""")
        assert now["label"] == f"Page {number} of {pages}" and now["over"] == 0, now["label"]
        seen += now["names"]
    assert len(seen) == len(set(seen)) == 122  # each once
