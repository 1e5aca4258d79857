"""Es-makker on the public pages: nobody keeps a partner by seat, and a table seats five.

A Danish walk found the fifth player's own page answering 500 (no partner seat for the
fifth), the round-by-round page splitting the table into N/S and E/W and leaving the
fifth out, and the score card naming the player across the table as partner."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.services.organizer_helpers import make_event
from tests.services.test_esmakker_session import contract
from tournaments.models import Seating
from tournaments.selectors.links import player_url
from tournaments.services import events, results, rounds, seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def five_table(club):
    """Ten players at two tables of five; table 1's first hand played: E declares 8 with S
    as called partner, X deals and sits it out."""
    event = make_event(players=10, club=club, kind="esmakker", hands=2, hands_per_round=2)
    seating.event_odd_numbers_set(event_id=event.pk, choice="fives")
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk, round_number=1)
    rnd = event.rounds.get(number=1)
    table = event.tables.get(number=1)
    at = {s.seat: s.entry for s in Seating.objects.filter(round=rnd, table=table)}
    hand = rnd.hands.get(number=1)
    keys = {seat: str(entry.number) for seat, entry in at.items()}
    data = {
        "dealer": keys["X"],
        **contract(keys["E"], "8", 10, partner=keys["S"], trump="hearts", partner_ace="spades"),
    }
    results.result_submit(table=table, hand=hand, data=data)
    results.result_confirm(table=table, hand=hand)
    return event, at


def _names(at, *seats):
    return [at[s].player.name for s in seats]


def test_the_fifth_players_page_lists_everyone_at_the_table(five_table):
    event, at = five_table
    response = Client().get(player_url(event, at["X"].number, ""))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-testid="at-the-table"' in page
    assert "· Fifth player" in page and "sit Fifth player" not in page
    assert all(name in page for name in _names(at, "N", "E", "S", "W"))
    north = Client().get(player_url(event, at["N"].number, "")).content.decode()
    assert "Partner:" not in north and "Opponents:" not in north  # no partner by seat
    assert all(name in north for name in _names(at, "E", "S", "W", "X"))


def test_the_round_by_round_page_shows_the_five_with_their_points(five_table):
    event, at = five_table
    page = Client().get(f"/e/{event.slug}/rounds/").content.decode()
    assert "North/South" not in page and "At the table" in page
    row, hands = page.split('data-testid="table-1"')[1].split("</tr>")[:2]
    assert all(name in row for name in _names(at, "N", "E", "S", "W", "X"))
    declarer = at["E"].player.name
    assert f"{declarer} (+" in row  # 8 made with 10 tricks: the declarer won points
    assert f"{at['X'].player.name} (0)" in row  # dealt and sat the hand out
    # each hand says what was played (it listed the hand numbers alone), on a row of their own
    assert f'<span class="hand-score contract">1 ({declarer}: 8, made)</span>' in hands


def test_the_score_card_names_the_called_partner_and_the_defenders(five_table):
    from tournaments.selectors.standings import event_detail

    event, at = five_table
    cards = event_detail(event=event)["cards"]
    declarer = next(r for r in cards[f"e{at['E'].number}"] if r["hand"] == 1)
    assert declarer["partner"] == at["S"].player.name
    assert sorted(declarer["opponents"]) == sorted(_names(at, "N", "W"))
    defender = next(r for r in cards[f"e{at['N'].number}"] if r["hand"] == 1)
    assert defender["partner"] == at["W"].player.name  # the other defender
    assert sorted(defender["opponents"]) == sorted(_names(at, "E", "S"))
    dealer = next(r for r in cards[f"e{at['X'].number}"] if r["hand"] == 1)
    assert dealer["partner"] == "" and dealer["opponents"] == [] and dealer["sat_out"]
    assert not declarer["sat_out"] and not defender["sat_out"]
    page = Client().get(player_url(event, at["X"].number, "")).content.decode()
    assert 'class="sat-out"' in page  # the dealer's card says the hand was sat out


def test_the_hands_export_has_a_line_per_player_and_hand(five_table):
    import csv
    import io
    import json

    from tournaments.selectors.exports import event_results_export

    event, at = five_table
    body, _type, _name = event_results_export(event=event, fmt="json")
    hands = json.loads(body)["hands"]
    assert {h["player"] for h in hands} == set(_names(at, "N", "E", "S", "W", "X"))
    assert {h["player"]: h["points"] for h in hands}[at["X"].player.name] == 0
    declarer = at["E"].player.name
    assert {h["contract"] for h in hands} == {f"{declarer}: 8, made"}  # no empty trump
    assert "trump" not in hands[0]
    assert sum(h["points"] for h in hands) == 0  # Es-makker is zero-sum
    content, _type, _name = event_results_export(event=event, fmt="csv")
    text = content.decode("utf-8-sig")
    assert "N/S" not in text and "Score E/W" not in text
    assert text.splitlines()[-6].startswith("Round,Hand,Table,Contract,Player,Points")
    assert f"1,1,1,{declarer}: 8, made," in text or f'1,1,1,"{declarer}: 8, made",' in text
    lines = [row for row in csv.reader(io.StringIO(text)) if at["X"].player.name in row]
    assert lines and lines[-1][-1] == "0"


def test_the_table_phone_names_the_declarer_of_a_hand(five_table):
    """The Danish walk: a saved hand read "player 2: 8, 10 tricks" on the table's phone."""
    event, at = five_table
    table = event.tables.get(number=1)
    page = Client().get(f"/t/{table.token}/").content.decode()
    assert f"{at['E'].player.name}: 8, 10 tricks" in page
    assert f"player {at['E'].number}: 8" not in page
