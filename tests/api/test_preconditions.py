"""Issue 14, defect 7: optimistic concurrency on every write that changes what someone saw.

Confirm/dispute and event edits need If-Match (428 without, 409 when stale, each with the
current ETag); If-Match follows RFC 9110: "*", lists, and weak tags refused with a message.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.api.conftest import table_client
from tests.factories import build_seated_event
from tests.factories import drive_data as drive
from tournaments.models import Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    cache.clear()
    return build_seated_event(players=8, rounds=1, confirmation_required=True)


@pytest.fixture
def organizer(organizer_client):
    return organizer_client


def url(event, tail=""):
    return f"/api/v1/events/{event.slug}/hands/1/tables/1/result/{tail}"


@pytest.mark.parametrize("op", ["confirm/", "dispute/"])
def test_confirm_and_dispute_need_the_version_seen(event, op):
    client = table_client(event, 1)
    assert client.post(url(event), drive(8), format="json").status_code == 201
    missing = client.post(url(event, op), {}, format="json")
    assert missing.status_code == 428 and missing["ETag"] == '"1"'
    assert missing.json()["error"]["code"] == "E_VERSION_REQUIRED"
    stale = client.post(url(event, op), {}, format="json", HTTP_IF_MATCH='"7"')
    assert stale.status_code == 409 and stale["ETag"] == '"1"'
    assert Result.objects.get().status == "entered"
    done = client.post(url(event, op), {}, format="json", HTTP_IF_MATCH='"1"')
    assert done.status_code == 200 and done["ETag"] == '"1"'


def test_if_match_star_and_lists(event, organizer):
    assert organizer.post(url(event), drive(8), format="json").status_code == 201
    star = organizer.put(url(event), drive(7), format="json", HTTP_IF_MATCH="*")
    assert star.status_code == 200 and star["ETag"] == '"2"'
    listed = organizer.put(url(event), drive(6), format="json", HTTP_IF_MATCH='"1", "2"')
    assert listed.status_code == 200 and listed["ETag"] == '"3"'
    stale = organizer.put(url(event), drive(5), format="json", HTTP_IF_MATCH='"1", "2"')
    assert stale.status_code == 409 and stale["ETag"] == '"3"'


def test_star_on_nothing_does_not_match(event, organizer):
    response = organizer.put(url(event), drive(5), format="json", HTTP_IF_MATCH="*")
    assert response.status_code == 409 and not Result.objects.exists()


@pytest.mark.parametrize("header", ['W/"1"', "1", '"one"', '"1" "2"'])
def test_weak_or_malformed_tags_are_refused_with_a_message(event, organizer, header):
    organizer.post(url(event), drive(8), format="json")
    response = organizer.put(url(event), drive(7), format="json", HTTP_IF_MATCH=header)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "E_IF_MATCH" and error["field"] == "If-Match"
    assert ("weak" in error["message"]) == header.startswith("W/")
    assert Result.objects.count() == 1


def test_event_edits_use_etag_and_if_match(event, organizer):
    path = f"/api/v1/events/{event.slug}/"
    seen = organizer.get(path)["ETag"]
    missing = organizer.patch(path, {"venue": "Hall"}, format="json")
    assert missing.status_code == 428 and missing["ETag"] == seen
    done = organizer.patch(path, {"venue": "Hall"}, format="json", HTTP_IF_MATCH=seen)
    assert done.status_code == 200 and done.json()["venue"] == "Hall" and done["ETag"] != seen
    lost = organizer.patch(path, {"venue": "Barn"}, format="json", HTTP_IF_MATCH=seen)
    assert lost.status_code == 409 and lost["ETag"] == done["ETag"]
    assert organizer.get(path).json()["venue"] == "Hall"
