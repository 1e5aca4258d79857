"""The traditional "ladies stay, gents move" drive (docs/rules.md §B1): seated round by round
through the round-close service, whoever won; the rule on the cards and the event form."""

from __future__ import annotations

import html

import pytest

from tests.services.organizer_helpers import confirm, make_event, seat_map
from tournaments.models import Event
from tournaments.selectors.print_options import print_options
from tournaments.selectors.printing import print_document
from tournaments.services import events, rounds, seating

pytestmark = pytest.mark.django_db


def test_the_ladies_keep_their_seats_and_the_gents_move_on_whoever_won():
    event = make_event(
        players=12, roles=["lady", "gent"] * 6, movement_kind="ladies_stay", hands=3
    )
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    event = Event.objects.get(pk=event.pk)
    assert event.is_progressive
    roles = {e.number: e.role for e in event.entries.all()}
    first = seat_map(event, 1)
    assert {roles[n] for n, (_t, seat) in first.items() if seat in ("N", "E")} == {"lady"}
    confirm(event, 1, {1: 9, 2: 4, 3: 7})
    rounds.round_close(event_id=event.pk, round_number=1)
    second = seat_map(event, 2)
    for number, (table, seat) in first.items():
        moved = {"N": table, "E": table, "S": table % 3 + 1, "W": (table - 2) % 3 + 1}[seat]
        assert second[number] == (moved, seat), (number, table, seat)
    options = print_options(event=event, document="movement_cards", options={})
    card = print_document(event=event, document="movement_cards", options=options)["cards"][0]
    assert card["rule"].startswith("Ladies stay. Gents at N/S move up a table")
    assert "The lady is whoever sits N or E, the gent S or W." in card["rule"]


def test_the_dashboard_offers_it_for_a_drive_with_a_line_of_help(organizer_client, club):
    event = make_event(players=8, club=club)
    page = html.unescape(organizer_client.get(f"/events/{event.slug}/").content.decode())
    assert 'value="ladies_stay"' in page and "progressive: ladies stay, gents move" in page
    assert "the gents move on a table each round whoever won" in page
