"""Standings and every hand as CSV, XLSX and JSON; who may download them.

The CSV and XLSX are opened as a club secretary's spreadsheet would: a Dutch Excel splits
on semicolons and reads "16,5", and the headers, yes/no and trumps are words of the
event's language. The JSON is for programs and does not change with the language.
"""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import UserFactory
from tests.selectors.test_standings import nine_player_drive
from tournaments.models import Event, Player

pytestmark = pytest.mark.usefixtures("clear_cache")


def published(language=""):
    event = nine_player_drive()
    Event.objects.filter(pk=event.pk).update(status="published", language=language)
    event.refresh_from_db()
    return event


def url(event, fmt):
    return reverse("public:export", args=[event.slug, fmt])


def as_excel_reads(response, delimiter):
    """The rows a spreadsheet sees: the byte order mark says UTF-8, then the separator."""
    assert response.content.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=delimiter))


def give_membership_number(event, name, number):
    Player.objects.filter(club=event.club, name=name).update(membership_number=number)


@pytest.mark.django_db
def test_csv_has_standings_then_every_hand_in_words(client):
    event = published()
    response = client.get(url(event, "csv"))
    assert response["Content-Type"].startswith("text/csv")
    rows = as_excel_reads(response, ",")
    assert rows[1][:5] == ["Place", "Tied", "Name", "Number this evening", "Total"]
    assert "Membership number" not in rows[1]  # no one in this club has one
    assert rows[2][:5] == ["1", "no", "P1", "1", "24"]
    assert rows[10][2:5] == ["P9", "9", "16.5"]
    hands = rows[rows.index(["Hands"]) + 1 :]
    assert hands[0] == ["Round", "Hand", "Table", "Trump", "N/S", "E/W", "Tricks N/S", "Tricks E/W"]
    assert len(hands) == 7 and hands[1] == [
        "1",
        "1",
        "1",
        "Hearts ♥",
        "P1 & P3",
        "P2 & P4",
        "8",
        "5",
    ]


@pytest.mark.django_db
def test_a_drive_with_ladies_and_gents_says_who_is_which(client):
    from tournaments.models import Entry

    event = published()
    roles = {1: "lady", 2: "gent"}
    for number, role in roles.items():
        Entry.objects.filter(event=event, number=number).update(role=role)
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)  # a new standings
    rows = as_excel_reads(client.get(url(event, "csv")), ",")
    assert rows[1][:6] == ["Place", "Tied", "Name", "Number this evening", "Role", "Total"]
    by_number = {row[3]: row[4] for row in rows[2:11]}
    assert by_number["1"] == "lady" and by_number["2"] == "gent" and by_number["3"] == ""


DUTCH_HEADS = ["Plaats", "Gedeeld", "Naam", "Nummer vanavond", "Lidnummer", "Totaal"]


@pytest.mark.django_db
def test_a_dutch_evening_opens_in_dutch_excel_with_membership_numbers(client):
    event = published("nl")
    give_membership_number(event, "P1", "NL-1042")
    rows = as_excel_reads(client.get(url(event, "csv")), ";")
    assert rows[0][0] == "Stand"
    assert rows[1][:7] == [*DUTCH_HEADS, "Gespeelde spellen"]
    assert rows[2][:6] == ["1", "nee", "P1", "1", "NL-1042", "24"]
    p9 = next(row for row in rows if row[2] == "P9")
    assert p9[4:6] == ["", "16,5"]  # decimal comma, so Excel reads a number
    hands = rows[rows.index(["Spellen"]) + 1 :]
    assert hands[0] == ["Ronde", "Spel", "Tafel", "Troef", "N/Z", "O/W", "Slagen N/Z", "Slagen O/W"]
    assert hands[1][3] == "Harten ♥"


@pytest.mark.django_db
def test_a_dutch_evening_in_xlsx_has_dutch_sheets_and_headers(client):
    event = published("nl")
    give_membership_number(event, "P1", "NL-1042")
    book = load_workbook(io.BytesIO(client.get(url(event, "xlsx")).content))
    assert book.sheetnames == ["Stand", "Spellen"]
    standings = list(book["Stand"].values)
    assert standings[0][:6] == tuple(DUTCH_HEADS)
    assert standings[1][:6] == (1, "nee", "P1", "1", "NL-1042", 24)
    assert standings[-1][2] == "P9" and standings[-1][5] == 16.5  # numbers stay numbers
    assert list(book["Spellen"].values)[1][3] == "Harten ♥"


@pytest.mark.django_db
def test_xlsx_has_a_standings_and_a_hands_sheet(client):
    event = published()
    book = load_workbook(io.BytesIO(client.get(url(event, "xlsx")).content))
    standings = list(book["Standings"].values)
    assert standings[1][:5] == (1, "no", "P1", "1", 24)
    assert standings[-1][2] == "P9" and standings[-1][4] == 16.5
    assert len(list(book["Hands"].values)) == 7


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["", "nl"])
def test_json_keeps_its_keys_and_codes_in_any_language(client, language):
    event = published(language)
    give_membership_number(event, "P1", "NL-1042")
    data = client.get(url(event, "json")).json()
    assert data["event"]["final"] is True
    assert [r["name"] for r in data["standings"]][:3] == ["P1", "P8", "P3"]
    assert data["standings"][0]["numbers"] == [1] and data["standings"][0]["tied"] is False
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
def test_json_prizes_read_in_english(client):
    data = client.get(url(published(), "json")).json()
    assert data["prizes"][0]["reason"] == "24 tricks"


@pytest.mark.django_db
def test_live_events_export_only_for_their_organizers(client):
    event = nine_player_drive()  # running, not published
    assert client.get(url(event, "csv")).status_code == 404
    organizer = UserFactory()
    event.club.organizers.add(organizer)
    client.force_login(organizer)
    assert client.get(url(event, "json")).status_code == 200
    assert client.get(url(event, "pdf")).status_code == 404


@pytest.mark.django_db
def test_a_robber_export_says_its_hand_figures_are_the_running_game_score():
    """A Dutch robber walk read "Score N/S 4, 7" as the hand's points: it is the game's
    score after the hand (the running game, 5 points a game)."""
    from tests.services.organizer_helpers import started_event
    from tournaments.selectors.exports import event_results_export
    from tournaments.selectors.rounds import round_tables
    from tournaments.services import results

    event = started_event(players=8, kind="robber", hands=12, hands_per_round=6)
    rnd = event.rounds.get(number=1)
    table = round_tables(rnd)[0]
    for hand, ns in zip(rnd.hands.order_by("number"), [8, 9, 4], strict=False):
        data = {"tricks": {"A": ns, "B": 13 - ns}, "honours": {}, "revokes": []}
        results.result_submit(table=table, hand=hand, data=data)
        results.result_confirm(table=table, hand=hand)
    body, _name, _type = event_results_export(event=Event.objects.get(pk=event.pk), fmt="csv")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    hands = rows[rows.index(["Hands"]) + 1 :]
    assert hands[0][-2:] == ["Game score N/S", "Game score E/W"]
    assert [row[-2:] for row in hands[1:]] == [["2", "0"], ["5", "0"], ["0", "3"]]
