"""A short Foster pairs drive run through the organizer's pages for three rounds: after each
round close, the players' own pages say where they sit, winners one table on, losers staying,
partners kept. The tables' results go in through the score-entry service (as the round tests)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.services.organizer_helpers import confirm
from tournaments.models import Event
from tournaments.selectors.links import player_url

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee"]


@pytest.fixture
def client(organizer):
    c = Client()
    c.force_login(organizer)
    return c


def where_players_sit(event: Event) -> dict[int, tuple[int, str, int]]:
    """{entry: (table, seat, partner)} of the one round seated and not yet played (the open
    one, or the next between rounds), as each player's own page says it."""
    out = {}
    for entry in event.entries.select_related("player"):
        page = Client().get(player_url(event, entry.number, "")).content.decode()
        table = re.search(r"Table (\d+)</strong>\s*· sit (\w+)", page)
        partner = re.search(r"Partner: (\d+) ", page)
        assert table and partner, page
        out[entry.number] = (int(table[1]), table[2], int(partner[1]))
    return out


def pairs_at(seen: dict[int, tuple[int, str, int]]) -> dict[int, tuple[frozenset, frozenset]]:
    """{table: (N/S pair, E/W pair)} as sets of entry numbers."""
    tables: dict[int, dict[str, set]] = {}
    for number, (table, seat, partner) in seen.items():
        side = "ns" if seat in ("North", "South") else "ew"
        tables.setdefault(table, {}).setdefault(side, set()).update({number, partner})
    return {t: (frozenset(s["ns"]), frozenset(s["ew"])) for t, s in tables.items()}


def test_a_foster_drive_through_the_organizer_pages(client, club):
    response = client.post(
        "/events/new/",
        {"club": club.pk, "name": "Couples night", "date": "2026-12-04", "kind": "pairs_drive"},
    )
    event = Event.objects.get()
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "progressive: pairs kept, winners move, losers stay (Foster)" in page
    assert "progressive: chosen pairs, N/S stay, E/W move" in page
    response = client.post(
        f"/events/{event.slug}/",
        {"rounds": 3, "hands_per_round": 1, "trumps": "H C D S", "movement_kind": "foster"},
    )
    assert response.status_code == 302
    # partners register one after the other: pairs in number order are the chosen pairs
    client.post(f"/events/{event.slug}/players/", {"text": "\n".join(NAMES), "confirm": "1"})
    client.post(f"/events/{event.slug}/players/pair/")
    client.post(f"/events/{event.slug}/do/seat/")
    client.post(f"/events/{event.slug}/do/start/")
    event = Event.objects.get()
    assert event.movement_kind == "foster" and event.status == "running"
    partners = {e.number: e.pair.number for e in event.entries.select_related("pair")}
    assert len(set(partners.values())) == 6

    client.post(f"/events/{event.slug}/rounds/1/open/")
    event.refresh_from_db()
    seen = pairs_at(where_players_sit(event))
    for number, ns_wins in ((1, {1: True, 2: False, 3: True}), (2, {1: False, 2: False, 3: True})):
        confirm(event, number, {t: 9 if won else 4 for t, won in ns_wins.items()})
        response = client.post(f"/events/{event.slug}/rounds/{number}/close/", follow=True)
        assert response.redirect_chain[-1][0] == f"/events/{event.slug}/rounds/{number + 1}/"
        nxt = pairs_at(where_players_sit(event))
        for t, won in ns_wins.items():
            winners, losers = seen[t] if won else seen[t][::-1]
            assert nxt[t][0] == losers  # the losers stay, the home pair (N/S)
            assert nxt[t % 3 + 1][1] == winners  # the winners one table on, 3 round to 1
        for entry, (_table, _seat, partner) in where_players_sit(event).items():
            assert partners[entry] == partners[partner]  # partners kept all evening
        client.post(f"/events/{event.slug}/rounds/{number + 1}/open/")
        seen = nxt
    for document in ("movement_cards", "table_cards"):
        sheet = client.get(f"/print/{event.slug}/{document}/").content.decode()
        assert "The winning pair moves on to the next table" in sheet, document
