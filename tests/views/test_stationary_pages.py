"""The organizer marks a player who cannot move; the players page and table plan say so."""

import pytest
from django.test import Client

from tests.services.organizer_helpers import make_event

pytestmark = pytest.mark.django_db


def test_the_organizer_marks_a_player_and_the_table_plan_says_so(organizer, club):
    client = Client()
    client.force_login(organizer)
    event = make_event(players=8, club=club, movement_kind="individual")
    entry = event.entries.get(number=2)
    client.post(f"/events/{event.slug}/players/{entry.pk}/stationary/", {"stationary": "1"})
    entry.refresh_from_db()
    assert entry.stationary
    page = client.get(f"/events/{event.slug}/players/").content.decode()
    assert 'data-testid="stationary-2"' in page
    client.post(f"/events/{event.slug}/do/seat/")
    plan = client.get(f"/events/{event.slug}/seating/").content.decode()
    assert 'data-testid="stationary-note"' in plan and "2 P2" in plan


def test_a_player_who_cannot_move_reads_it_on_their_own_page(club):
    from tournaments.models import Entry
    from tournaments.selectors.links import player_url
    from tournaments.services import events, seating

    event = make_event(players=8, club=club, movement_kind="individual")
    Entry.objects.filter(event=event, number=2).update(stationary=True)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    line = "You keep one seat all evening: the others come to you."
    page = Client().get(player_url(event, 2, "")).content.decode()
    assert 'data-testid="stationary-player"' in page and line in page
    assert line not in Client().get(player_url(event, 3, "")).content.decode()
