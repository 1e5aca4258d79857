"""Results API: ETag / If-Match, Idempotency-Key, table-token scope and 422s from the engine."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.conftest import table_client
from tests.factories import UserFactory, build_seated_event, esmakker_data
from tests.factories import drive_data as drive
from tournaments.models import IdempotencyRecord, Result, ScoreChange


def url(event, hand=1, table=1, tail=""):
    return f"/api/v1/events/{event.slug}/hands/{hand}/tables/{table}/result/{tail}"


pytestmark = pytest.mark.usefixtures("clear_cache")


@pytest.fixture
def event(seated_event):
    return seated_event


def test_post_get_put_with_etag(event, organizer_client):
    r = organizer_client.post(url(event), drive(8), format="json")
    assert r.status_code == 201 and r["ETag"] == '"1"'
    assert r.json()["status"] == "confirmed" and r.json()["tricks_ns"] == 8
    r = organizer_client.get(url(event))
    assert r.status_code == 200 and r["ETag"] == '"1"' and r.json()["data"] == drive(8)
    r = organizer_client.put(url(event), drive(6), format="json", HTTP_IF_MATCH='"1"')
    assert r.status_code == 200 and r["ETag"] == '"2"' and r.json()["version"] == 2


def test_stale_if_match_gets_409_with_the_current_value(event, organizer_client):
    organizer_client.post(url(event), drive(8), format="json")
    organizer_client.put(url(event), drive(7), format="json", HTTP_IF_MATCH='"1"')
    r = organizer_client.put(url(event), drive(5), format="json", HTTP_IF_MATCH='"1"')
    assert r.status_code == 409
    error = r.json()["error"]
    assert error["code"] == "E_STALE"
    assert error["current"]["version"] == 2 and error["current"]["data"] == drive(7)
    assert Result.objects.count() == 2
    r = organizer_client.put(url(event), drive(5), format="json")
    assert r.status_code == 428 and r.json()["error"]["code"] == "E_VERSION_REQUIRED"
    assert r.headers["ETag"] == '"2"'


def test_replayed_idempotency_key_stores_nothing_new(event):
    client = table_client(event, 1)
    first = client.post(url(event), drive(8), format="json", HTTP_IDEMPOTENCY_KEY="abc-123")
    assert first.status_code == 201
    counts = (
        Result.objects.count(),
        ScoreChange.objects.count(),
        IdempotencyRecord.objects.count(),
    )
    again = client.post(url(event), drive(8), format="json", HTTP_IDEMPOTENCY_KEY="abc-123")
    assert again.status_code == 201 and again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert (
        Result.objects.count(),
        ScoreChange.objects.count(),
        IdempotencyRecord.objects.count(),
    ) == counts
    other = client.post(url(event), drive(9), format="json", HTTP_IDEMPOTENCY_KEY="abc-123")
    assert other.status_code == 422 and other.json()["error"]["code"] == "E_IDEMPOTENCY_REUSED"
    without_key = client.post(url(event), drive(8), format="json")
    assert (
        without_key.status_code == 409 and without_key.json()["error"]["code"] == "E_RESULT_EXISTS"
    )


def test_table_token_sees_only_its_own_table_and_open_round(event):
    client = table_client(event, 3)
    assert client.post(url(event, table=3), drive(8), format="json").status_code == 201
    assert client.get(url(event, table=3)).status_code == 200
    organizer_result = Result.objects.count()
    for method in ("get", "post", "put"):
        r = getattr(client, method)(
            url(event, table=4), drive(8), format="json", HTTP_IF_MATCH='"1"'
        )
        assert r.status_code in (403, 404), method
        assert r.json()["error"]["code"] in ("E_FORBIDDEN", "E_NOT_FOUND")
    assert client.post(url(event, table=4, tail="confirm/"), {}, format="json").status_code == 403
    # hand 2 is in round 2, not open: invisible to the table
    assert client.post(url(event, hand=2, table=3), drive(8), format="json").status_code == 404
    assert Result.objects.count() == organizer_result


def test_table_token_flow_confirm_and_dispute(event):
    client = table_client(event, 1)
    client.post(url(event), drive(8), format="json")
    r = client.post(url(event, tail="confirm/"), {}, format="json", HTTP_IF_MATCH='"1"')
    assert r.status_code == 200 and r.json()["status"] == "confirmed"
    client.post(url(event, table=2), drive(8), format="json", HTTP_AUTHORIZATION="")
    other = table_client(event, 2)
    other.post(url(event, table=2), drive(4), format="json")
    r = other.post(
        url(event, table=2, tail="dispute/"), {"note": "we had 9"}, format="json", HTTP_IF_MATCH='"1"'
    )
    assert r.json()["status"] == "disputed"
    assert ScoreChange.objects.filter(action="dispute", source="table").count() == 1


def test_wrong_and_regenerated_tokens(event, organizer_client):
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Table nope")
    assert bad.get(url(event)).status_code == 401
    r = organizer_client.post(f"/api/v1/events/{event.slug}/tables/1/token/")
    assert r.status_code == 200
    old_client = table_client(event, 1)  # re-reads the new token
    assert old_client.get(url(event)).status_code == 404  # no result yet, but authenticated
    stale = APIClient()
    stale.credentials(HTTP_AUTHORIZATION="Table " + "x" * 16)
    assert stale.get(url(event)).status_code == 401


def test_wrong_tokens_are_rate_limited_but_never_a_valid_one(event, settings):
    settings.TABLE_TOKEN_FAILURE_RATE = "5/h"
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Table guess")
    codes = [bad.get(url(event)).status_code for _ in range(7)]
    assert codes[:5] == [401] * 5 and codes[5:] == [429, 429]
    # issue 14 defect 1: the same address's valid table token still works
    assert table_client(event, 1).get(url(event)).status_code == 404  # no result yet: authenticated


def test_anonymous_and_other_clubs_are_refused(event):
    assert APIClient().get(url(event)).status_code in (401, 403)
    stranger = APIClient()
    stranger.force_authenticate(UserFactory())
    assert stranger.post(url(event), drive(8), format="json").status_code == 404


KIND_OF_SYSTEM = {
    "drive": "individual_drive",
    "robber": "robber",
    "bidwhist": "bidwhist",
    "esmakker": "esmakker",
}
ROBBER_OK = {"tricks": {"A": 8, "B": 5}, "honours": {}, "revokes": []}
BAD_INPUTS = [
    ("drive", {"tricks": {"ns": 8, "ew": 6}}, "E_TRICKS_TOTAL"),
    ("drive", {"tricks": {"ns": 14, "ew": -1}}, "E_TRICKS_RANGE"),
    ("drive", {"tricks": {"ns": "eight", "ew": 5}}, "E_TRICKS_RANGE"),
    ("drive", {"tricks": {"ns": 8}}, "E_TRICKS_RANGE"),
    ("drive", {"tricks": {"ns": 8.5, "ew": 4.5}}, "E_TRICKS_RANGE"),
    ("drive", {}, "E_DATA"),
    ("drive", [8, 5], "E_DATA"),
    ("drive", {"tricks": {"ns": 8, "ew": 5}, "score": 8}, "E_DATA"),
    ("drive", {"tricks": {"ns": 8, "ew": 5}, "revokes": {"ns": -1, "ew": 0}}, None),
    ("robber", {**ROBBER_OK, "honours": {"A": 4, "B": 4}}, "E_HONOURS_BOTH"),
    ("robber", {**ROBBER_OK, "honours": {"A": 5}}, "E_HONOURS_RANGE"),
    ("robber", {**ROBBER_OK, "tricks": {"A": 7, "B": 7}}, "E_TRICKS_TOTAL"),
    ("bidwhist", {"bid": "4 uptown", "bidder": "A", "books": 14}, "E_BOOKS_RANGE"),
    ("bidwhist", {"bid": "9 uptown", "bidder": "A", "books": 10}, "E_BID_RANGE"),
    ("bidwhist", {"bid": "4 sideways", "bidder": "A", "books": 10}, None),
    (
        "esmakker",
        esmakker_data(kitty_exchanged=2),
        "E_KITTY_EXCHANGE",
    ),
    (
        "esmakker",
        esmakker_data(bid="6"),
        "E_BID_RANGE",
    ),
    (
        "esmakker",
        esmakker_data(tricks=14),
        "E_TRICKS_RANGE",
    ),
]


@pytest.mark.parametrize(("kind", "data", "code"), BAD_INPUTS)
def test_bad_inputs_get_422_with_a_code_and_store_nothing(db, kind, data, code):
    event = build_seated_event(kind=KIND_OF_SYSTEM[kind], players=4, rounds=1)
    client = table_client(event, 1)
    r = client.post(url(event), data, format="json", HTTP_IDEMPOTENCY_KEY=f"bad-{kind}")
    assert r.status_code == 422, r.json()
    error = r.json()["error"]
    assert error["code"].startswith("E_") and error["message"]
    if code is not None:
        assert error["code"] == code
    assert not Result.objects.exists() and not ScoreChange.objects.exists()
    assert not IdempotencyRecord.objects.exists()


# ---------------------------------------------------------------- query budget (issue 19)
# A submit or a confirm: <= 8 queries (tests/conftest.py: entry_budget), on SQLite and on
# PostgreSQL, for a table token and an organizer.


def test_table_submit_reentry_and_confirm_within_the_query_budget(
    event, entry_budget, django_assert_max_num_queries
):
    client = table_client(event, 1)
    with django_assert_max_num_queries(entry_budget):
        r = client.post(url(event), drive(8), format="json", HTTP_IDEMPOTENCY_KEY="a1")
    assert r.status_code == 201
    with django_assert_max_num_queries(entry_budget):
        r = client.post(
            url(event), drive(7), format="json", HTTP_IF_MATCH='"1"', HTTP_IDEMPOTENCY_KEY="a2"
        )
    assert r.status_code == 200 and r["ETag"] == '"2"'
    with django_assert_max_num_queries(entry_budget):
        r = client.post(
            url(event, tail="confirm/"), format="json", HTTP_IF_MATCH='"2"', HTTP_IDEMPOTENCY_KEY="a3"
        )
    assert r.status_code == 200 and r.json()["status"] == "confirmed"


def test_organizer_correction_within_the_query_budget(
    event, organizer_client, entry_budget, django_assert_max_num_queries
):
    organizer_client.post(url(event), drive(8), format="json")
    with django_assert_max_num_queries(entry_budget):
        r = organizer_client.put(
            url(event), drive(6), format="json", HTTP_IF_MATCH='"1"', HTTP_IDEMPOTENCY_KEY="o1"
        )
    assert r.status_code == 200 and r["ETag"] == '"2"'
