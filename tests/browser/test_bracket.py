"""The playoff bracket in a browser: readable at 360 px without sideways scrolling, and the
projector's bracket follows a playoff result without a reload."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory
from tests.services.organizer_helpers import make_event
from tournaments.services import entries, events, results, rounds, tournament


def playoff_event():
    """Six teams, one round of two hands, then a six-team playoff drawn (two byes)."""
    event = make_event(players=12, kind="bidwhist")
    entries.entries_pair(event_id=event.pk)
    tournament.tournament_configure(
        event_id=event.pk, rounds=1, hands_per_round=2, playoff_teams=6, final_best_of=3
    )
    tournament.tournament_pair_round(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    hands = [{"bid": "2", "bidder": "A", "books": 9}, {"bid": "1", "bidder": "B", "books": 8}]
    cells = [results.GridCell(t, n, hands[n - 1]) for t in (1, 2, 3) for n in (1, 2)]
    results.results_save_grid(event=event, round_number=1, cells=cells, actor=UserFactory())
    rounds.round_close(event_id=event.pk, round_number=1)
    return event, tournament.tournament_playoff_draw(event_id=event.pk)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_bracket_fits_a_phone_and_the_projector_follows_a_result(live_server, new_page, settings):
    from playwright.sync_api import expect

    settings.REDIS_URL = ""  # the projector polls
    event, fmt = playoff_event()
    page = new_page(viewport={"width": 360, "height": 740})
    page.goto(f"{live_server.url}/e/{event.slug}/bracket/")
    expect(page.get_by_role("heading", name="Playoff")).to_be_visible()
    expect(page.get_by_text("best of 3")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    heads = page.locator("table.standings th")  # "Wins", "Bostons": each on one line (a walk saw "Wi ns")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('table.standings th')).lineHeight)")
    assert all(box["height"] < 2 * line for box in (h.bounding_box() for h in heads.all()))
    page.screenshot(path="/tmp/bracket-phone.png", full_page=True)

    projector = new_page()
    projector.goto(f"{live_server.url}/e/{event.slug}/bracket/projector/")
    expect(projector.locator("[data-projector]")).to_have_attribute("data-live-active", "poll")
    projector.evaluate("window.__notReloaded = true")
    match = next(m for m in fmt.bracket["matches"] if m["id"] == "W1-2")
    seeds = fmt.bracket["seeds"]
    winner = seeds[match["home"]["seed"] - 1]
    tournament.tournament_playoff_result(event_id=event.pk, match="W1-2", winner=winner)
    expect(projector.locator(".bracket-team.won")).to_have_count(1)
    assert projector.evaluate("window.__notReloaded") is True
