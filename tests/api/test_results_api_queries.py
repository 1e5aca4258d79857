"""The results API stays within score entry's query budget (issue 19: ≤ 8 per submit and per
confirm), for a table token and an organizer, on SQLite and on PostgreSQL (DATABASE_URL)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.api.conftest import table_client
from tests.factories import build_seated_event
from tests.factories import drive_data as drive


def url(event, tail=""):
    return f"/api/v1/events/{event.slug}/hands/1/tables/1/result/{tail}"


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()


@pytest.fixture
def event(entry_budget):
    return build_seated_event(players=16, rounds=2, open_rounds=1)


def test_table_submit_reentry_and_confirm(event, entry_budget, django_assert_max_num_queries):
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
        r = client.post(url(event, "confirm/"), format="json", HTTP_IF_MATCH='"2"',
                        HTTP_IDEMPOTENCY_KEY="a3")
    assert r.status_code == 200 and r.json()["status"] == "confirmed"


def test_organizer_correction(event, organizer_client, entry_budget, django_assert_max_num_queries):
    organizer_client.post(url(event), drive(8), format="json")
    with django_assert_max_num_queries(entry_budget):
        r = organizer_client.put(
            url(event), drive(6), format="json", HTTP_IF_MATCH='"1"', HTTP_IDEMPOTENCY_KEY="o1"
        )
    assert r.status_code == 200 and r["ETag"] == '"2"'
