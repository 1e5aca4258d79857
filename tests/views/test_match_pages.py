"""Match games on the table page, the organizer's grid, the rules page and the public page."""

from __future__ import annotations

import re

import pytest

from tests.factories import UserFactory
from tests.services.organizer_helpers import make_event, started_event
from tournaments.models import Event, Result, Table
from tournaments.services import entries, events, results, rounds, seating

pytestmark = pytest.mark.django_db


def running(kind: str, players: int = 4) -> Event:
    return started_event(players=players, kind=kind)


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_robber_table_page_shows_the_engine_game_score_after_each_hand(client):
    event = running("robber")
    table = Table.objects.get(event=event, number=1)
    url = f"/t/{table.token}/"
    response = client.post(
        f"{url}hands/1/", {"tricks_a": "7", "honours_side": "A", "honours_count": "4"}
    )
    assert response.status_code == 302
    page = text(client.get(url))
    assert "Game 1: N/S 5 – E/W 0" in page  # docs/rules.md T13
    assert "N/S win the game" in page
    assert "Games: N/S 1 – E/W 0" in page
    client.post(f"{url}hands/2/", {"tricks_a": "7", "honours_side": "A", "honours_count": "4"})
    page = text(client.get(url))
    assert "N/S won the rubber" in page
    assert "The rubber is decided: no more hands at this table this round." in page
    assert page.count("Not needed: the rubber is decided.") == 4  # hands 3 to 6
    # Posted anyway (an old page): the engine's refusal sits beside the tricks field.
    response = client.post(f"{url}hands/3/", {"tricks_a": "8"})
    assert response.status_code == 422
    page = text(response)
    assert 'id="id_tricks_a_h3_error">The rubber was already decided before this hand.' in page
    assert Result.objects.count() == 2


def test_the_grid_shows_each_tables_running_match(client):
    event = running("bidwhist", players=8)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    url = f"/events/{event.slug}/rounds/1/grid/"
    assert re.search(r'name="c1_1_books"[^>]*min="1"', client.get(url).content.decode())  # the kitty
    from tournaments.selectors.events import event_log_label  # a session's log, not a league's

    said = event_log_label("league_hands", {"before": 24, "after": 40})
    assert said == "Hands changed from 24 to 40 to play the whole schedule"
    post = {"c1_1_bid_level": "4", "c1_1_bid_type": "uptown", "c1_1_bidder": "A"}
    post |= {"c1_1_books": "10", "c1_1_v": "0"}
    post |= {"c1_2_bid_level": "3", "c1_2_bid_type": "uptown", "c1_2_bidder": "B"}
    post |= {"c1_2_books": "9", "c1_2_v": "0"}
    post |= {"c1_2_dealer": "4", "c1_2_auction": "pass, 2, pass, 3"}  # the auction checks out
    assert client.post(url, post).status_code == 302
    page = text(client.get(url))
    assert "games N/S 0 – E/W 0 · points 4, 3" in page
    assert Result.objects.get(hand__number=2).data["auction"] == ["pass", "2", "pass", "3"]
    post["c1_2_auction"] = "pass, 2, pass, 4"  # now the dealer's 4 wins, not the 3 entered
    post["c1_2_v"] = "1"
    response = client.post(url, post)
    assert response.status_code == 422
    assert "The contract does not match who won the auction." in text(response)


def test_esmakker_table_page_shows_totals_and_the_zero_sum_check(client):
    event = running("esmakker")
    table = Table.objects.get(event=event, number=1)
    seats = {s.seat: str(s.entry.number) for s in table.seatings.select_related("entry")}
    names = {s.seat: s.entry.player.name for s in table.seatings.select_related("entry__player")}
    rnd = event.rounds.get(number=1)
    data = {
        "contract": {"declarer": seats["N"], "bid": "8", "partner": seats["S"]},
        "tricks": 10,
    }
    results.result_submit(table=table, hand=rnd.hands.get(number=1), data=data)
    page = text(client.get(f"/t/{table.token}/"))
    assert f"<li>{names['N']}: <strong>60</strong>" in page  # by name, as at the top
    assert f"<li>{names['E']}: <strong>-60</strong>" in page
    assert f"{names['N']} +60 (60)" in page  # the hand's own line, by name too
    assert "Check: the totals add up to 0, as they should." in page
    assert '<h2 id="match-title">Totals this round</h2>' in page  # the evening's: the standings
    # the organizer's grid, once a hand is in: it failed to open at all (a walk)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    grid = client.get(f"/events/{event.slug}/rounds/1/grid/")
    assert grid.status_code == 200
    assert f"{names['N']} +60 (60)" in text(grid)
    assert f'<option value="{seats["N"]}" selected>{names["N"]}' in text(grid)  # by name
    assert f"{names['N']}: 8, 10 tricks" in text(grid)  # the stored hand too (a Danish walk)
    traveller = text(client.get(f"/events/{event.slug}/rounds/1/travellers/"))
    assert f"{names['N']}: 8, 10 tricks" in traveller


def test_the_rules_page_sets_the_robber_preset_and_league_options(client):
    event = make_event(players=0, kind="robber")
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    url = f"/events/{event.slug}/rules/"
    assert "German robber" in text(client.get(url))
    post = {"preset": "german_robber", "honours": "", "revoke_penalty": "add"}
    response = client.post(url, {**post, "match": "hands", "points": "rubber"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.rules == {
        "preset": "german_robber",
        "revoke_penalty": "add",
        "league": {"match": "hands", "points": "rubber"},
    }
    response = client.post(url, {**post, "honours": "bogus", "match": "rubber", "points": "league"})
    assert response.status_code == 422  # not a choice: nothing saved
    event.refresh_from_db()
    assert event.rules["preset"] == "german_robber"


def test_a_drive_chooses_its_sit_out_credit_ties_and_revokes_on_the_rules_page(client):
    """A village drive of 9: one sits out each hand; the club credits 7 tricks, not an
    average with fractions, and the dashboard says so in words."""
    from tournaments.services import events

    event = make_event(players=9, hands=2)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    url = f"/events/{event.slug}/rules/"
    page = text(client.get(url))
    assert "A hand sat out scores" in page and "the player&#x27;s own average per hand played" in page
    assert re.search(r'value="own_average"[^>]*checked', page)  # the default, chosen
    post = {"sit_out": "fixed:7", "ties": "countback", "revoke": "transfer"}
    assert client.post(url, post).status_code == 302
    event.refresh_from_db()
    assert event.rules == {"sit_out": "fixed:7"}  # the defaults are not stored
    assert "A hand sat out scores 7 tricks" in text(client.get(f"/events/{event.slug}/"))
    assert client.post(url, {**post, "sit_out": "fixed:13"}).status_code == 422
    # a credit set through the API is offered as it is and kept on saving the page
    events.event_update(event_id=event.pk, rules={"sit_out": {"fixed": 5}})
    assert re.search(r'value="fixed:5"[^>]*checked', text(client.get(url)))
    assert client.post(url, {**post, "sit_out": "fixed:5", "ties": "share"}).status_code == 302
    event.refresh_from_db()
    assert event.rules == {"sit_out": "fixed:5", "ties": "share"}


def test_the_public_page_of_a_robber_league_shows_the_league_table(client):
    event = running("robber", players=8)
    rnd = event.rounds.get(number=1)
    table = Table.objects.get(event=event, number=1)
    for number in (1, 2):
        hand = rnd.hands.get(number=number)
        data = {"tricks": {"A": 7, "B": 6}, "honours": {"A": 4}, "revokes": []}
        results.result_submit(table=table, hand=hand, data=data)
        results.result_confirm(table=table, hand=hand)
    page = text(client.get(f"/e/{event.slug}/"))
    assert 'data-testid="league-table"' in page
    assert re.search(r"<td class=\"num\"><strong>3</strong></td><td class=\"num\">8</td>", page)


def test_the_event_page_names_the_rules_preset_in_words(client):
    event = running("robber")
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    page = text(client.get(f"/events/{event.slug}/"))
    assert "Short whist, club rules" in page and "club_short" not in page


def test_a_robber_leagues_prizes_say_what_its_league_table_shows(client):
    event = make_event(players=8, kind="robber")
    league = {"match": "rubber", "points": "league"}
    events.event_update(event_id=event.pk, rules={**event.rules, "league": league})
    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    rnd = event.rounds.get(number=1)
    table = Table.objects.get(event=event, number=1)
    data = {"tricks": {"A": 7, "B": 6}, "honours": {"A": 4}, "revokes": []}
    results.result_submit(table=table, hand=rnd.hands.get(number=1), data=data)
    results.result_confirm(table=table, hand=rnd.hands.get(number=1))
    page = text(client.get(f"/e/{event.slug}/"))
    # the match is not over: the league table has everyone on 0, so no prize is claimed
    assert "1 match in progress is not counted yet." in page
    assert "net rubber points</span>" not in page and "Prizes if it ended now" not in page
    results.result_submit(table=table, hand=rnd.hands.get(number=2), data=data)
    results.result_confirm(table=table, hand=rnd.hands.get(number=2))
    page = text(client.get(f"/e/{event.slug}/"))
    assert "— 1st in the league table: 3 league points, 8 net rubber points" in page


def test_a_bid_whist_auction_error_in_the_second_game_is_beside_its_auction(client):
    """A US walk: after a game ended, hand 2's auction "4, 4 downtown, 4, 5" was refused as
    "Hand 1: '4' is not higher than the highest bid so far." under the Save button: the
    error counted from the second game's first hand. It belongs beside hand 2's auction."""
    event = running("bidwhist", players=8)
    table = Table.objects.get(event=event, number=1)
    url = f"/t/{table.token}/"
    boston = {"bid_level": "7", "bid_type": "uptown", "bidder": "A", "books": "13"}
    assert client.post(f"{url}hands/1/", boston).status_code == 302  # game 1 is over
    assert "7 uptown by N/S, 13 books: a Boston" in text(client.get(url))  # the room calls it
    bad = {"bid_level": "5", "bid_type": "uptown", "bidder": "A", "books": "11"}
    bad |= {"dealer": "1", "auction": "4, 4 downtown, 4, 5"}
    response = client.post(f"{url}hands/2/", bad)
    assert response.status_code == 422
    fields = response.context["hands"][1]["fields"]
    errors = {f["field"].name: f["error"] for f in fields if f["error"]}
    assert errors == {"auction": "'4' is not higher than the highest bid so far."}
    assert not fields.unplaced_error and "Hand 1:" not in text(response)


@pytest.mark.parametrize(("kind", "offered"), [("individual_drive", True), ("esmakker", False), ("bidwhist", False)])
def test_the_paper_score_cards_page_is_offered_where_cards_count(client, kind, offered):
    """A Danish walk: the Es-makker evening offered "Pointkort", the drives' page about
    partners' and tables' card totals. Only a drive's players keep such a card."""
    event = make_event(players=8, kind=kind)
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    dashboard = client.get(f"/events/{event.slug}/").content.decode()
    assert (f'href="/events/{event.slug}/cards/"' in dashboard) == offered
