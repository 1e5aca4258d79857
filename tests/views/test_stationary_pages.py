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
