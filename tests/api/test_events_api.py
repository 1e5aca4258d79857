"""The organizer API: permissions, the workflow end to end, and the one error format."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import confirm
from tournaments.models import Event, Result

pytestmark = pytest.mark.django_db


def create(api, **fields):
    body = {"name": "Friday drive", "date": "2026-11-27", **fields}
    response = api.post("/api/v1/events/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_the_whole_workflow_through_the_api(api):
    event = create(api, hands=2)
    slug = event["slug"]
    assert (event["club"], event["movement_kind"], event["trumps"]) == (
        "home-club",
        "winners_split",
        ["H", "C", "D", "S"],
    )
    added = api.post(
        f"/api/v1/events/{slug}/entries/",
        {"text": "\n".join(f"P{i}" for i in range(1, 11))},
        format="json",
    )
    assert added.status_code == 201 and len(added.json()) == 10
    listing = api.get(f"/api/v1/events/{slug}/entries/").json()
    assert listing["summary"] == {
        "units": 10,
        "tables": 2,
        "sit_out": 2,
        "pairs": False,
        "unpaired": 0,
    }
    for action in ("open", "seat", "start"):
        response = api.post(f"/api/v1/events/{slug}/{action}/")
        assert response.status_code == 200, response.json()
    assert response.json()["status"] == "running"
    assert len(api.get(f"/api/v1/events/{slug}/tables/").json()) == 2
    seatings = api.get(f"/api/v1/events/{slug}/seatings/?round=1").json()
    assert len(seatings) == 10 and sum(1 for s in seatings if s["table"] is None) == 2
    assert api.post(f"/api/v1/events/{slug}/rounds/1/open/").json()["status"] == "open"
    state = api.get(f"/api/v1/events/{slug}/rounds/1/").json()
    assert [t["state"] for t in state["tables"]] == ["waiting", "waiting"]
    assert state["hands"] == [{"number": 1, "trump": "H"}]
    confirm(Event.objects.get(slug=slug), 1)
    state = api.get(f"/api/v1/events/{slug}/rounds/1/").json()
    assert state["all_in"] is True
    assert (
        api.post(f"/api/v1/events/{slug}/rounds/1/close/", {}, format="json").json()["status"]
        == "closed"
    )
    assert len(api.get(f"/api/v1/events/{slug}/seatings/?round=2").json()) == 10
    rounds = api.get(f"/api/v1/events/{slug}/rounds/").json()
    assert [r["status"] for r in rounds] == ["closed", "pending"]


def test_errors_come_in_one_format(api):
    slug = create(api)["slug"]
    response = api.post(f"/api/v1/events/{slug}/start/")
    assert response.status_code == 422
    assert response.json() == {
        "error": {
            "code": "E_NOT_SEATED",
            "message": "Seat the players before starting the event.",
            "field": None,
        }
    }
    etag = api.get(f"/api/v1/events/{slug}/")["ETag"]
    response = api.patch(
        f"/api/v1/events/{slug}/", {"rules": {"bogus": 1}}, format="json", HTTP_IF_MATCH=etag
    )
    assert response.status_code == 422 and response.json()["error"]["field"] == "rules"
    response = api.post("/api/v1/events/", {"name": "x"}, format="json")
    assert response.status_code == 400 and response.json()["error"]["field"] == "date"


def test_force_close_through_the_api(api):
    slug = create(api, hands=1)["slug"]
    api.post(f"/api/v1/events/{slug}/entries/", {"names": ["A", "B", "C", "D"]}, format="json")
    api.post(f"/api/v1/events/{slug}/seat/")
    api.post(f"/api/v1/events/{slug}/start/")
    api.post(f"/api/v1/events/{slug}/rounds/1/open/")
    refused = api.post(f"/api/v1/events/{slug}/rounds/1/close/", {}, format="json")
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "E_TABLES_MISSING" and refused.json()["error"][
        "tables"
    ] == [1]
    url = f"/api/v1/events/{slug}/rounds/1/close/"
    bad = api.post(url, {"force": True, "credit": "14"}, format="json")
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "E_CREDIT"
    closed = api.post(url, {"force": True, "credit": "6.5"}, format="json")
    assert closed.status_code == 200
    assert Result.objects.get(status="not_played").data == {"credit": 6.5}


def test_entries_role_pair_arrive_withdraw_and_late(api):
    slug = create(api, kind="pairs_drive", hands=8)["slug"]
    entries = api.post(
        f"/api/v1/events/{slug}/entries/", {"names": list("ABCDEFGH")}, format="json"
    ).json()
    first = entries[0]["id"]
    assert (
        api.post(
            f"/api/v1/events/{slug}/entries/{first}/role/", {"role": "lady"}, format="json"
        ).json()["role"]
        == "lady"
    )
    paired = api.post(f"/api/v1/events/{slug}/entries/pair/", {}, format="json").json()
    assert [e["pair"] for e in paired] == [1, 1, 2, 2, 3, 3, 4, 4]
    arrived = api.post(
        f"/api/v1/events/{slug}/entries/{first}/arrive/", {"arrived": False}, format="json"
    )
    assert arrived.json()["arrived"] is False
    api.post(f"/api/v1/events/{slug}/entries/{first}/arrive/", {"arrived": True}, format="json")
    api.post(f"/api/v1/events/{slug}/seat/")
    api.post(f"/api/v1/events/{slug}/start/")
    api.post(f"/api/v1/events/{slug}/rounds/1/open/")
    late = api.post(
        f"/api/v1/events/{slug}/entries/late/", {"names": ["I", "J"], "role": "gent"}, format="json"
    )
    assert late.status_code == 201 and [e["joined_round"] for e in late.json()] == [2, 2]
    assert [e["role"] for e in late.json()] == ["gent", "gent"]
    wrong = api.post(
        f"/api/v1/events/{slug}/entries/late/", {"names": ["K", "L"], "role": "x"}, format="json"
    )
    assert wrong.status_code == 422 and wrong.json()["error"]["code"] == "E_ROLE"
    withdrawn = api.post(f"/api/v1/events/{slug}/entries/{entries[-1]['id']}/withdraw/")
    assert withdrawn.json()["withdrawn_round"] == 2
    # paid at the door: one partner's tick is the pair's; a payment not offered is a 400
    paid = api.post(f"/api/v1/events/{slug}/entries/{first}/paid/", {"paid": "full"}, format="json")
    assert paid.status_code == 200 and paid.json()["paid"] == "full"
    listed = api.get(f"/api/v1/events/{slug}/entries/").json()["entries"]
    assert [e["paid"] for e in listed[:3]] == ["full", "full", ""]
    bad = api.post(f"/api/v1/events/{slug}/entries/{first}/paid/", {"paid": "half"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "paid"


def test_reopen_is_logged(api):
    slug = create(api, hands=1)["slug"]
    api.post(f"/api/v1/events/{slug}/entries/", {"names": list("ABCD")}, format="json")
    for action in ("seat", "start"):
        api.post(f"/api/v1/events/{slug}/{action}/")
    api.post(f"/api/v1/events/{slug}/rounds/1/open/")
    confirm(Event.objects.get(slug=slug), 1)
    api.post(f"/api/v1/events/{slug}/rounds/1/close/", {}, format="json")
    for action in ("finish", "publish"):
        assert api.post(f"/api/v1/events/{slug}/{action}/").status_code == 200
    response = api.post(f"/api/v1/events/{slug}/reopen/", {"reason": "late card"}, format="json")
    assert response.json()["status"] == "finished"
    assert Event.objects.get(slug=slug).log.filter(action="reopen").exists()


def test_another_clubs_organizer_gets_404_everywhere(api):
    slug = create(api)["slug"]
    other = UserFactory()
    ClubFactory(organizers=[other])
    stranger = APIClient()
    stranger.force_authenticate(other)
    for method, url in [
        ("get", f"/api/v1/events/{slug}/"),
        ("patch", f"/api/v1/events/{slug}/"),
        ("post", f"/api/v1/events/{slug}/seat/"),
        ("get", f"/api/v1/events/{slug}/entries/"),
        ("post", f"/api/v1/events/{slug}/entries/"),
        ("get", f"/api/v1/events/{slug}/rounds/"),
        ("post", f"/api/v1/events/{slug}/rounds/1/open/"),
        ("get", f"/api/v1/events/{slug}/tables/"),
        ("get", f"/api/v1/events/{slug}/seatings/"),
    ]:
        response = getattr(stranger, method)(url, {}, format="json")
        assert response.status_code == 404, url
        assert response.json()["error"]["code"] == "E_NOT_FOUND"
    assert stranger.get("/api/v1/events/").json() == []


def test_a_stranger_cannot_create_events_in_my_club(api):
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    response = stranger.post(
        "/api/v1/events/", {"name": "x", "date": "2026-01-01", "club": "home-club"}, format="json"
    )
    assert response.status_code == 404


def test_anonymous_gets_401_or_403():
    for url in ("/api/v1/events/", "/api/v1/events/any/", "/api/v1/events/any/rounds/1/close/"):
        response = APIClient().get(url)
        assert response.status_code in (401, 403)
        assert response.json()["error"]["code"] == "E_AUTH"


def test_token_auth(organizer):
    token = Token.objects.create(user=organizer)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.get("/api/v1/events/").status_code == 200


def test_the_schema_and_docs_render(api):
    schema = api.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/v1/events/{slug}/rounds/{number}/close/" in schema.content
    assert api.get("/api/docs/").status_code == 200
