"""Issue 14, defects 2, 3, 4 and 7-9: hostile input gets a 4xx in the one error shape, never
a 5xx, and nothing is stored."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import build_seated_event
from tests.factories import drive_data as drive
from tournaments.models import Event, Player, Result

pytestmark = pytest.mark.django_db

DEEP = "[" * 1000 + "]" * 1000  # 2 KB


def event_body(**extra):
    return {"name": "Friday drive", "date": "2026-11-27", **extra}


def post_raw(client, path, raw: str | bytes, method="post", **headers):
    return getattr(client, method)(path, raw, content_type="application/json", **headers)


def assert_error(response, status, code=None):
    assert response.status_code == status, response.content[:300]
    error = response.json()["error"]
    assert error["message"]
    if code:
        assert error["code"] == code
    return error


def test_deeply_nested_json_is_refused_anonymously_on_scoring():
    response = post_raw(APIClient(), "/api/v1/scoring/drive/", DEEP)
    assert_error(response, 422, "E_JSON")


def test_deeply_nested_json_is_400_on_event_create_and_result_post(api, organizer):
    assert_error(post_raw(api, "/api/v1/events/", DEEP), 400, "E_JSON")
    nested = '{"name": "x", "date": "2026-11-27", "rules": ' + DEEP + "}"
    assert_error(post_raw(api, "/api/v1/events/", nested), 400, "E_JSON")
    event = build_seated_event(players=8, rounds=1)
    event.club.organizers.add(organizer)
    url = f"/api/v1/events/{event.slug}/hands/1/tables/1/result/"
    assert_error(post_raw(api, url, DEEP), 400, "E_JSON")
    assert Result.objects.count() == 0


@pytest.mark.parametrize("rules", [{"preset": []}, {"preset": {}}, {"hands": "x"}, {"ties": []}])
def test_rules_of_the_wrong_type_are_e_rules(api, rules):
    response = APIClient().post("/api/v1/scoring/drive/", {"rules": rules, "hands": []}, format="json")
    assert_error(response, 422, "E_RULES")
    assert_error(api.post("/api/v1/events/", event_body(rules=rules), format="json"), 422, "E_RULES")
    assert not Event.objects.exists()
    slug = api.post("/api/v1/events/", event_body(), format="json").json()["slug"]
    etag = api.get(f"/api/v1/events/{slug}/")["ETag"]
    response = api.patch(f"/api/v1/events/{slug}/", {"rules": rules}, format="json", HTTP_IF_MATCH=etag)
    assert_error(response, 422, "E_RULES")


def test_a_long_membership_number_is_a_clear_error_and_stores_nothing(api, organizer):
    slug = api.post("/api/v1/events/", event_body(), format="json").json()["slug"]
    response = api.post(
        f"/api/v1/events/{slug}/entries/", {"text": "Ann, " + "9" * 41}, format="json"
    )
    error = assert_error(response, 422, "E_TOO_LONG")
    assert error["field"] == "membership_number" and "40" in error["message"]
    assert not Player.objects.filter(name="Ann").exists()


def test_a_long_membership_number_in_the_registration_form(client, organizer):
    client.force_login(organizer)
    event = Event.objects.create(
        club=organizer.clubs.get(), name="Drive", slug="drive", date="2026-11-27"
    )
    response = client.post(f"/events/{event.slug}/players/", {"text": "Ann, " + "9" * 41})
    assert response.status_code == 200
    assert "Membership number is at most 40 characters." in response.content.decode()
    assert not Player.objects.filter(name="Ann").exists()


def test_a_3_mb_body_is_413_in_the_json_shape(api):
    body = '{"name": "' + "x" * 3_000_000 + '", "date": "2026-11-27"}'
    assert_error(post_raw(api, "/api/v1/events/", body), 413, "E_TOO_BIG")
    assert_error(post_raw(APIClient(), "/api/v1/scoring/drive/", body), 413, "E_TOO_BIG")


def test_a_huge_unknown_key_is_not_echoed_back(api):
    key = "k" * 1_000_000
    response = APIClient().post(
        "/api/v1/scoring/drive/", {"rules": {key: 1}, "hands": []}, format="json"
    )
    assert len(assert_error(response, 422, "E_RULES")["message"]) < 400
    response = api.post("/api/v1/events/", event_body(rules={key: 1}), format="json")
    assert len(response.content) < 2000


def test_a_huge_refused_choice_is_not_echoed_back(api):
    response = api.post("/api/v1/events/", event_body(kind="k" * 1_000_000), format="json")
    assert_error(response, 400, "E_INVALID")
    assert len(response.content) < 2000


def test_nul_characters_are_refused_before_the_database(api):
    response = api.post("/api/v1/events/", event_body(rules={"movement": "a\u0000b"}), format="json")
    assert_error(response, 400, "E_JSON")


def test_a_wrong_table_token_with_odd_characters_is_just_wrong():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Table bad\u00e9token")
    assert client.get("/api/v1/events/x/hands/1/tables/1/result/").status_code == 401


def test_result_data_with_an_unknown_key_is_refused(api, organizer):
    event = build_seated_event(players=8, rounds=1)
    event.club.organizers.add(organizer)
    url = f"/api/v1/events/{event.slug}/hands/1/tables/1/result/"
    response = api.post(url, {**drive(8), "x" * 100_000: 1}, format="json")
    assert response.status_code == 422 and len(response.content) < 2000
    assert Result.objects.count() == 0
