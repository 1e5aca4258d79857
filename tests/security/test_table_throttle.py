"""Issue 14, defect 1: the wrong-table-link throttle is fair on shared Wi-Fi.

A valid table link is looked up first and never throttled by other people's wrong links;
wrong links count per client address (X-Forwarded-For only through trusted proxies); a
cache that is down skips counting instead of failing the table.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import RequestFactory
from rest_framework.test import APIClient

from tests.factories import build_seated_event
from tournaments.edge import client_ip
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(settings):
    cache.clear()
    settings.TABLE_TOKEN_FAILURE_RATE = "30/h"
    return build_seated_event(players=8, rounds=1)


def token(event, number=1):
    return Table.objects.get(event=event, number=number).token


def test_a_valid_table_link_works_after_40_wrong_links_from_the_same_address(client, event):
    codes = [client.get(f"/t/wrong-{i}/").status_code for i in range(40)]
    assert codes[:30] == [404] * 30 and set(codes[30:]) == {429}
    page = client.get(f"/t/{token(event)}/")
    assert page.status_code == 200 and "Table 1" in page.content.decode()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Table {token(event, 2)}")
    answer = api.get(f"/api/v1/events/{event.slug}/hands/1/tables/2/result/")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "E_NO_RESULT"


def test_behind_a_trusted_proxy_each_client_address_counts_on_its_own(client, event, settings):
    settings.TRUSTED_PROXIES = 1
    for i in range(31):
        client.get(f"/t/wrong-{i}/", HTTP_X_FORWARDED_FOR="10.0.0.7")
    assert client.get("/t/wrong/", HTTP_X_FORWARDED_FOR="10.0.0.7").status_code == 429
    assert client.get("/t/wrong/", HTTP_X_FORWARDED_FOR="10.0.0.8").status_code == 404


def test_x_forwarded_for_counts_only_through_trusted_proxies(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="172.18.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 10.0.0.7")
    settings.TRUSTED_PROXIES = 0
    assert client_ip(request) == "172.18.0.2"  # no proxy: a client's header is ignored
    settings.TRUSTED_PROXIES = 1
    assert client_ip(request) == "10.0.0.7"  # what our proxy saw, not what the client claims
    settings.TRUSTED_PROXIES = 2
    assert client_ip(request) == "6.6.6.6"
    garbage = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="not-an-ip")
    settings.TRUSTED_PROXIES = 1
    assert client_ip(garbage) is None  # stored addresses are real addresses or nothing


def test_wrong_links_are_logged(client, event, caplog):
    with caplog.at_level("INFO", logger="tournaments.edge"):
        client.get("/t/wrong/")
    assert "wrong table link from 127.0.0.1" in caplog.text


def test_a_dead_cache_skips_counting_instead_of_failing(client, event, settings, caplog):
    settings.CACHES = {
        "default": {
            "BACKEND": "whistdrive.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    with caplog.at_level("WARNING", logger="whistdrive.cache"):
        assert client.get("/t/wrong/").status_code == 404
    assert "redis unavailable, cache incr table-token-fail:127.0.0.1:" in caplog.text
