"""Score entry from a table's phone stays within its query budget (issue 19: ≤ 8 per submit
and per confirm), on SQLite and on PostgreSQL (DATABASE_URL): the form post and the offline
queue's JSON post, a first entry, a re-entry and the opponents' confirmation."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.factories import build_seated_event
from tournaments.models import Result, Table


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()


@pytest.fixture
def event(entry_budget):
    return build_seated_event(players=16, rounds=2, open_rounds=1)


@pytest.fixture
def page(event):
    return f"/t/{Table.objects.get(event=event, number=1).token}"


JSON = {"HTTP_ACCEPT": "application/json"}


def test_form_submit_and_confirm(client, page, entry_budget, django_assert_max_num_queries):
    with django_assert_max_num_queries(entry_budget):
        r = client.post(f"{page}/hands/1/", {"tricks_ns": "9", "idempotency_key": "k1"})
    assert r.status_code == 302
    with django_assert_max_num_queries(entry_budget):
        r = client.post(f"{page}/hands/1/confirm/", {"expected_version": "1", "idempotency_key": "k2"})
    assert r.status_code == 302
    assert Result.objects.get().status == "confirmed"


def test_offline_queue_submit_reentry_and_confirm(client, page, entry_budget, django_assert_max_num_queries):
    with django_assert_max_num_queries(entry_budget):
        r = client.post(f"{page}/hands/1/", {"tricks_ns": "9"}, HTTP_IDEMPOTENCY_KEY="q1", **JSON)
    assert r.status_code == 201
    with django_assert_max_num_queries(entry_budget):
        r = client.post(
            f"{page}/hands/1/",
            {"tricks_ns": "8", "expected_version": "1"},
            HTTP_IDEMPOTENCY_KEY="q2",
            **JSON,
        )
    assert r.status_code == 200 and r.json()["version"] == 2
    with django_assert_max_num_queries(entry_budget):
        r = client.post(
            f"{page}/hands/1/confirm/", {"expected_version": "2"}, HTTP_IDEMPOTENCY_KEY="q3", **JSON
        )
    assert r.status_code == 200 and r.json()["status"] == "confirmed"
    with django_assert_max_num_queries(entry_budget):  # the retry of a lost answer replays it
        r = client.post(
            f"{page}/hands/1/confirm/", {"expected_version": "2"}, HTTP_IDEMPOTENCY_KEY="q3", **JSON
        )
    assert r.status_code == 200 and r.json()["version"] == 2
