"""A season's table as a club secretary downloads it from the public ladder page."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import ClubFactory
from tests.services.season_helpers import club_evenings
from tournaments.models import Player
from tournaments.services import seasons

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clear_cache")]


@pytest.fixture
def season():
    club = ClubFactory(slug="de-klaveren")
    evenings = club_evenings(club)
    Player.objects.filter(club=club, name="Cor").update(membership_number="1042")
    season = seasons.season_create(
        club=club, name="Seizoen 2026", ladder="best_n", best_n=5, min_events=4
    )
    seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings])
    return season


def download(client, season, fmt):
    args = [season.club.slug, season.slug, fmt]
    return client.get(reverse("public:ladder_export", args=args), HTTP_ACCEPT_LANGUAGE="nl")


def test_the_ladder_page_offers_the_download(client, season):
    html = client.get(
        reverse("public:ladder", args=[season.club.slug, season.slug]), HTTP_ACCEPT_LANGUAGE="nl"
    ).content.decode()
    assert f'href="/e/ladder/de-klaveren/{season.slug}/export.csv"' in html
    assert f'href="/e/ladder/de-klaveren/{season.slug}/export.xlsx"' in html


def test_the_season_csv_opens_in_dutch_excel(client, season):
    response = download(client, season, "csv")
    assert response.status_code == 200
    assert (
        response["Content-Disposition"] == f'attachment; filename="de-klaveren-{season.slug}.csv"'
    )
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    head = rows[1]
    assert head[:3] == ["Plaats", "Naam", "Lidnummer"] and head[-1] == "Totaal geteld"
    assert head[3].startswith("Club evening 1 (") and len(head) == 3 + 7 + 1
    assert rows[2] == ["1", "Cor", "1042", "9", "8", "10", "11", "9", "3", "8", "47"]
    assert rows[-1][:3] == ["", "Guest Joop", ""]  # not yet qualified: no place


def test_the_season_xlsx_has_dutch_headers_and_numbers(client, season):
    book = load_workbook(io.BytesIO(download(client, season, "xlsx").content))
    rows = list(book.active.values)
    assert rows[0][:3] == ("Plaats", "Naam", "Lidnummer") and rows[0][-1] == "Totaal geteld"
    assert rows[1][:4] == (1, "Cor", "1042", 9) and rows[1][-1] == 47


def test_a_season_named_as_clubs_name_them_downloads(client, season):
    """A Dutch walk: "Seizoen 2026/27" gave a server error (Excel forbids / in a sheet name)."""
    seasons.season_update(
        season_id=season.pk,
        name="Seizoen 2026/27: [voorjaar]?",
        ladder="best_n",
        best_n=5,
        min_events=4,
        prizes=[],
    )
    response = download(client, season, "xlsx")
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Seizoen 2026-27- -voorjaar--"]
    assert list(book.active.values)[1][:2] == (1, "Cor")


def test_an_unknown_format_is_not_found(client, season):
    assert download(client, season, "json").status_code == 404


def test_a_guest_of_a_members_only_season_is_listed_as_a_guest(client, season):
    """A Dutch walk: the guest stood under "Telt nog niet mee" (not yet counted) with "(1)",
    which the legend above says is a score that did not count. Guests have a list of their
    own, and the evenings are words."""
    members = Player.objects.filter(club=season.club, membership_number="")
    for number, player in enumerate(members.exclude(name__startswith="Guest"), start=2000):
        Player.objects.filter(pk=player.pk).update(membership_number=str(number))
    seasons.season_update(
        season_id=season.pk, name=season.name, ladder="best_n", best_n=5, min_events=4,
        prizes=[], members_only=True,
    )  # fmt: skip
    page = client.get(
        reverse("public:ladder", args=[season.club.slug, season.slug]), HTTP_ACCEPT_LANGUAGE="nl"
    ).content.decode()
    assert "Telt nog niet mee" not in page
    guests = page.split('data-testid="guests">')[1].split("</ul>")[0]
    assert "Guest Joop —" in guests and "· 1 avond</li>" in guests
