"""POST /api/v1/events/import/: a hall night's export becomes an event online, exactly once."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import ClubFactory, UserFactory
from tests.selectors.test_standings import nine_player_drive
from tournaments.models import Event, Result
from tournaments.selectors.transfer import event_export

pytestmark = pytest.mark.django_db
URL = "/api/v1/events/import/"


@pytest.fixture
def night():
    """The export of a played drive, as a laptop sends it (its slug exists here too)."""
    return json.loads(json.dumps(event_export(event=nine_player_drive())))


@pytest.fixture
def online():
    """The club's online instance: an organizer with an API token and their club."""
    user = UserFactory()
    club = ClubFactory(slug="online-club", organizers=[user])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client, club


def test_an_export_is_imported_once_and_a_retry_finds_it(online, night):
    client, club = online
    first = client.post(f"{URL}?club={club.slug}&slug=pushed", night, format="json", HTTP_IDEMPOTENCY_KEY="night-1")
    assert first.status_code == 201, first.json()
    assert (first.json()["slug"], first.json()["club"]) == ("pushed", "online-club")
    results = Result.objects.filter(event__slug="pushed").count()
    assert results == len(night["results"])

    again = client.post(f"{URL}?club={club.slug}&slug=pushed", night, format="json", HTTP_IDEMPOTENCY_KEY="night-1")
    assert again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert Event.objects.filter(slug="pushed").count() == 1
    assert Result.objects.filter(event__slug="pushed").count() == results


def test_without_a_key_the_same_export_is_recognised(online, night):
    client, _club = online
    assert client.post(f"{URL}?slug=pushed", night, format="json").status_code == 201  # one club
    again = client.post(f"{URL}?slug=pushed", night, format="json")
    assert (again.status_code, again.json()["slug"]) == (200, "pushed")


def test_a_key_reused_for_another_export_is_refused(online, night):
    client, _club = online
    assert client.post(f"{URL}?slug=pushed", night, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code == 201
    changed = {**night, "event": {**night["event"], "name": "Another night"}}
    response = client.post(f"{URL}?slug=other", changed, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "E_IDEMPOTENCY_REUSED"
    assert not Event.objects.filter(slug="other").exists()


def test_bad_documents_and_strangers_are_refused_with_nothing_written(online, night):
    client, _club = online
    before = Event.objects.count()
    bad = client.post(URL, {"format": "something else"}, format="json")
    assert (bad.status_code, bad.json()["error"]["code"]) == (422, "E_IMPORT")
    taken = client.post(URL, night, format="json")  # the exported slug exists on this instance
    assert (taken.status_code, taken.json()["error"]["code"]) == (422, "E_SLUG")
    other = client.post(f"{URL}?club={ClubFactory().slug}&slug=x", night, format="json")
    assert other.status_code == 404  # another club's: as if it did not exist
    assert APIClient().post(URL, night, format="json").status_code in (401, 403)
    assert Event.objects.count() == before
