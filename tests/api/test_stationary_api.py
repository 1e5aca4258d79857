"""The API lists whether a player cannot move."""

import pytest

from tournaments.models import Event
from tournaments.services import entries

pytestmark = pytest.mark.django_db


def test_the_entries_listing_says_who_cannot_move(api):
    event = api.post("/api/v1/events/", {"name": "Drive", "date": "2026-11-27"}, format="json")
    slug = event.json()["slug"]
    api.post(f"/api/v1/events/{slug}/entries/", {"text": "A\nB\nC\nD"}, format="json")
    row = Event.objects.get(slug=slug).entries.get(number=2)
    entries.entry_set_stationary(event_id=row.event_id, entry_id=row.pk, stationary=True)
    listing = api.get(f"/api/v1/events/{slug}/entries/").json()
    rows = listing["entries"] if isinstance(listing, dict) else listing
    assert {r["number"]: r["stationary"] for r in rows} == {1: False, 2: True, 3: False, 4: False}
