"""Standings and every hand as CSV, XLSX and JSON; who may download them."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import UserFactory
from tests.selectors.test_standings import nine_player_drive
from tournaments.models import Event

pytestmark = pytest.mark.usefixtures("clear_cache")


def published():
    event = nine_player_drive()
    Event.objects.filter(pk=event.pk).update(status="published")
    event.refresh_from_db()
    return event


def url(event, fmt):
    return reverse("public:export", args=[event.slug, fmt])


@pytest.mark.django_db
def test_csv_has_standings_then_every_hand(client):
    event = published()
    response = client.get(url(event, "csv"))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[1][:5] == ["position", "tied", "name", "numbers", "total"]
    assert rows[2][:5] == ["1", "False", "P1", "1", "24"]
    hands = rows[rows.index(["Hands"]) + 2 :]
    assert len(hands) == 6 and hands[0] == ["1", "1", "1", "H", "P1 & P3", "P2 & P4", "8", "5"]


@pytest.mark.django_db
def test_xlsx_has_a_standings_and_a_hands_sheet(client):
    event = published()
    book = load_workbook(io.BytesIO(client.get(url(event, "xlsx")).content))
    standings = list(book["Standings"].values)
    assert standings[1][:5] == (1, False, "P1", "1", 24)
    assert standings[-1][2] == "P9" and standings[-1][4] == 16.5
    assert len(list(book["Hands"].values)) == 7


@pytest.mark.django_db
def test_json_has_standings_prizes_and_hands(client):
    event = published()
    data = client.get(url(event, "json")).json()
    assert data["event"]["final"] is True
    assert [r["name"] for r in data["standings"]][:3] == ["P1", "P8", "P3"]
    assert data["prizes"][0]["reason"] == "24 tricks"
    assert data["hands"][0] == {
        "round": 1,
        "hand": 1,
        "table": 1,
        "trump": "H",
        "ns": "P1 & P3",
        "ew": "P2 & P4",
        "ns_score": 8,
        "ew_score": 5,
    }


@pytest.mark.django_db
def test_live_events_export_only_for_their_organizers(client):
    event = nine_player_drive()  # running, not published
    assert client.get(url(event, "csv")).status_code == 404
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    assert client.get(url(event, "json")).status_code == 200
    assert client.get(url(event, "pdf")).status_code == 404
