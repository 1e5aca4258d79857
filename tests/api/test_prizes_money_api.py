"""The prize settings and money endpoints: the same services as the organizer pages, If-Match,
another club's organizer gets 404, bad input is a 4xx with a code, and 2xx iff stored."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import make_event
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organizer):
    club = organizer.clubs.get()
    return make_event(players=8, club=club)


def url(event: Event, what: str) -> str:
    return f"/api/v1/events/{event.slug}/{what}/"


def stored(event: Event) -> tuple[dict, dict, int, str]:
    event = Event.objects.select_related("club").get(pk=event.pk)
    return event.prize_settings, event.money, event.version, event.club.currency


def test_prize_settings_read_and_replace(api, event):
    got = api.get(url(event, "prizes"))
    assert got.status_code == 200 and got["ETag"] == f'"{event.version}"'
    assert got.json()["half_time"] is True and got.json()["places"] == 3  # a drive's defaults
    body = {
        "places": 2,
        "categories": "role",
        "booby": True,
        "no_double": True,
        "specials": [{"name": "Best newcomer"}],
        "consolation": True,
    }
    put = api.put(url(event, "prizes"), body, format="json", HTTP_IF_MATCH=got["ETag"])
    assert put.status_code == 200, put.json()
    answer = put.json()
    assert answer["places"] == 2 and answer["categories"] == "role"
    assert answer["half_time"] is False  # left out of a PUT: its default
    assert answer["specials"] == [{"name": "Best newcomer", "winner": ""}]
    assert answer["seed"] > 0 and answer["draw"] is None
    settings, _money, version, _cur = stored(event)
    assert settings["places"] == 2 and settings["no_double"] is True
    assert put["ETag"] == f'"{version}"' and version > event.version
    # the organizer page shows the same settings
    assert api.get(url(event, "prizes")).json() == answer


def test_prize_settings_patch_changes_only_what_it_sends(api, event):
    etag = api.get(url(event, "prizes"))["ETag"]
    api.put(url(event, "prizes"), {"places": 5, "booby": True}, format="json", HTTP_IF_MATCH=etag)
    etag = api.get(url(event, "prizes"))["ETag"]
    patch = api.patch(url(event, "prizes"), {"ties": "lot"}, format="json", HTTP_IF_MATCH=etag)
    assert patch.status_code == 200
    assert (patch.json()["places"], patch.json()["booby"], patch.json()["ties"]) == (5, True, "lot")
    # echoing the read-only fields back is harmless
    back = api.patch(url(event, "prizes"), patch.json(), format="json", HTTP_IF_MATCH=patch["ETag"])
    assert back.status_code == 200 and back.json() == patch.json()


def test_money_read_and_write_with_the_currency(api, event):
    got = api.get(url(event, "money"))
    assert got.status_code == 200
    assert got.json()["entry_fee"] == 0 and got.json()["currency"] == "GBP"
    body = {"entry_fee": 300, "entries_full": 8, "raffle": 4250, "beneficiary": "Lifeboats"}
    put = api.put(url(event, "money"), body, format="json", HTTP_IF_MATCH=got["ETag"])
    assert put.status_code == 200, put.json()
    assert put.json()["raffle"] == 4250 and put.json()["beneficiary"] == "Lifeboats"
    _settings, money, version, currency = stored(event)
    assert money["entry_fee"] == 300 and money["raffle"] == 4250 and currency == "GBP"
    assert put["ETag"] == f'"{version}"' and version > event.version
    patch = api.patch(
        url(event, "money"), {"currency": "dkk"}, format="json", HTTP_IF_MATCH=put["ETag"]
    )
    assert patch.status_code == 200 and patch.json()["currency"] == "DKK"
    assert patch.json()["raffle"] == 4250  # kept
    assert stored(event)[3] == "DKK"


@pytest.mark.parametrize(
    ("what", "body", "status", "code", "field"),
    [
        ("prizes", {"places": -1}, 400, "E_INVALID", "places"),
        ("prizes", {"places": "many"}, 400, "E_INVALID", "places"),
        ("prizes", {"ties": "cut"}, 400, "E_INVALID", "ties"),
        ("prizes", {"categories": "age"}, 400, "E_INVALID", "categories"),
        ("prizes", {"specials": [{"name": ""}]}, 400, "E_INVALID", "specials.0.name"),
        ("prizes", {"places": 2, "booby_prize": True}, 422, "E_PRIZES", None),
        ("prizes", ["places"], 400, "E_INVALID", None),
        ("money", {"raffle": -5}, 400, "E_INVALID", "raffle"),
        ("money", {"raffle": 10**12}, 400, "E_INVALID", "raffle"),
        ("money", {"raffle": 12.5}, 400, "E_INVALID", "raffle"),
        ("money", {"currency": "XYZ"}, 422, "E_MONEY", "currency"),
        ("money", {"currency": "pounds"}, 400, "E_INVALID", "currency"),
        ("money", {"tips": 100}, 422, "E_MONEY", None),
    ],
)
def test_bad_input_is_refused_with_a_code_and_nothing_is_stored(
    api, event, what, body, status, code, field
):
    before = stored(event)
    etag = api.get(url(event, what))["ETag"]
    for method in ("put", "patch"):
        response = getattr(api, method)(url(event, what), body, format="json", HTTP_IF_MATCH=etag)
        assert response.status_code == status, response.json()
        error = response.json()["error"]
        assert error["code"] == code and error.get("field") == field
        assert stored(event) == before


@pytest.mark.parametrize("what", ["prizes", "money"])
def test_if_match_is_required_and_a_stale_one_is_a_conflict(api, event, what):
    before = stored(event)
    body = {"places": 1} if what == "prizes" else {"raffle": 100}
    missing = api.put(url(event, what), body, format="json")
    assert missing.status_code == 428 and missing.json()["error"]["code"] == "E_VERSION_REQUIRED"
    stale = api.put(url(event, what), body, format="json", HTTP_IF_MATCH=f'"{event.version - 1}"')
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "E_STALE"
    assert stale["ETag"] == f'"{event.version}"'
    weak = api.put(url(event, what), body, format="json", HTTP_IF_MATCH=f'W/"{event.version}"')
    assert weak.status_code == 422 and weak.json()["error"]["code"] == "E_IF_MATCH"
    assert stored(event) == before
    ok = api.put(url(event, what), body, format="json", HTTP_IF_MATCH="*")
    assert ok.status_code == 200 and stored(event) != before


def test_prizes_are_frozen_once_published_but_money_is_not(api, event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    before = stored(event)
    refused = api.patch(url(event, "prizes"), {"places": 1}, format="json", HTTP_IF_MATCH="*")
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "E_EVENT_STATUS"
    assert stored(event) == before
    counted = api.patch(url(event, "money"), {"raffle": 1000}, format="json", HTTP_IF_MATCH="*")
    assert counted.status_code == 200 and stored(event)[1]["raffle"] == 1000


def test_another_clubs_organizer_and_strangers_get_nothing(event):
    other = UserFactory()
    ClubFactory(organizers=[other])
    stranger = APIClient()
    stranger.force_authenticate(other)
    before = stored(event)
    for what in ("prizes", "money"):
        for method in ("get", "put", "patch"):
            response = getattr(stranger, method)(
                url(event, what), {"places": 1}, format="json", HTTP_IF_MATCH="*"
            )
            assert response.status_code == 404, (what, method)
            assert response.json()["error"]["code"] == "E_NOT_FOUND"
        anonymous = APIClient().get(url(event, what))
        assert anonymous.status_code in (401, 403)
        assert anonymous.json()["error"]["code"] in ("E_AUTH", "E_FORBIDDEN")
    assert stored(event) == before
