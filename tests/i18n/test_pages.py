"""Pages in each language: who sees which language, and no English UI words left on them."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import ClubFactory, build_seated_event, confirmed_drive_result
from tests.i18n.conftest import LANGUAGES, english_words, visible_text
from tests.pure_core import drive_record
from tournaments.models import Event, Hand, OrganizerProfile, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def drive(organizer):
    """A running 8-player drive with one confirmed hand at each table."""
    event = build_seated_event(
        players=8, rounds=2, open_rounds=1, club=ClubFactory(organizers=[organizer])
    )
    hand = Hand.objects.get(event=event, number=1)
    table = Table.objects.get(event=event, number=2)  # table 1 is left free to enter hand 1
    confirmed_drive_result(event=event, hand=hand, table=table, ns=8).save()
    return event


def text_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return visible_text(response.content.decode())


def text_of_error(response) -> str:
    return visible_text(response.content.decode())


@pytest.mark.parametrize("language", LANGUAGES)
def test_public_standings_and_projector_speak_the_events_language(client, drive, language):
    Event.objects.filter(pk=drive.pk).update(language=language)
    for name in ("public:event", "public:projector", "public:rounds"):
        response = client.get(reverse(name, args=[drive.slug]))
        assert response["Content-Language"] == language
        assert english_words(text_of(response), language) == [], name


def test_an_event_without_a_language_follows_each_visitors_browser(client, drive):
    page = text_of(
        client.get(reverse("public:event", args=[drive.slug]), HTTP_ACCEPT_LANGUAGE="de")
    )
    assert "Stand" in page and "Standings" not in page


def test_a_visitors_own_choice_beats_the_events_language(client, drive):
    Event.objects.filter(pk=drive.pk).update(language="da")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = text_of(client.get(reverse("public:event", args=[drive.slug])))
    assert "Classement" in page and "Stilling" not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_page_follows_the_phones_language(client, drive, language):
    token = Table.objects.get(event=drive, number=1).token
    response = client.get(reverse("table:page", args=[token]), HTTP_ACCEPT_LANGUAGE=language)
    assert english_words(text_of(response), language) == []


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("nl", "De slagen van N/Z en O/W moeten samen 13 zijn (ingevoerd: 8 + 6 = 14)."),
        ("de", "Die Stiche von N/S und O/W müssen zusammen 13 ergeben (eingegeben: 8 + 6 = 14)."),
        ("da", "Stikkene for N/S og Ø/V skal give 13 tilsammen (indtastet: 8 + 6 = 14)."),
        ("fr", "Les plis de N/S et E/O doivent faire 13 au total (saisi : 8 + 6 = 14)."),
        ("en", "N/S and E/W tricks must add up to 13 (you entered 8 + 6 = 14)."),
    ],
)
def test_tricks_must_add_up_to_13_in_the_phones_language(drive, language, message):
    """The engine says "tricks must sum to 13, got 8 + 6 = 14"; the phone gets its own words."""
    phone = APIClient()
    phone.credentials(HTTP_AUTHORIZATION=f"Table {Table.objects.get(event=drive, number=1).token}")
    response = phone.post(
        f"/api/v1/events/{drive.slug}/hands/1/tables/1/result/",
        {"tricks": {"ns": 8, "ew": 6}},
        format="json",
        HTTP_IDEMPOTENCY_KEY=f"k-{language}",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 422
    assert response.json()["error"] == {
        "code": "E_TRICKS_TOTAL",
        "message": message,
        "field": "tricks",
    }


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("nl", "Het aantal slagen moet een heel getal van 0 tot 13 zijn (ingevoerd: 15)."),
        ("de", "Die Stiche müssen eine ganze Zahl von 0 bis 13 sein (eingegeben: 15)."),
        ("da", "Antal stik skal være et helt tal fra 0 til 13 (indtastet: 15)."),
        ("fr", "Le nombre de plis doit être un entier de 0 à 13 (saisi : 15)."),
    ],
)
def test_an_engine_error_shows_beside_the_field_in_the_table_pages_language(
    client, drive, language, message
):
    token = Table.objects.get(event=drive, number=1).token
    response = client.post(
        reverse("table:enter", args=[token, 1]),
        {"tricks_ns": "15", "idempotency_key": f"k-{language}"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 422
    page = text_of_error(response)
    assert message in page and english_words(page, language) == []


def test_the_engines_own_endpoint_keeps_the_contracts_body_in_any_language(client):
    """/api/v1/scoring/ answers exactly what the CLI prints (scoring-contract.md); the results
    API, which phones and organizers use, words the same refusal in their language (above)."""
    response = client.post(
        "/api/v1/scoring/drive/",
        drive_record(8, 6),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="da",
    )
    assert response.status_code == 422
    assert response.json() == {
        "error": {
            "code": "E_TRICKS_TOTAL",
            "message": "tricks must sum to 13, got 8 + 6 = 14",
            "hand": 1,
        }
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_organizer_dashboard_speaks_the_organizers_language(client, drive, organizer, language):
    OrganizerProfile.objects.create(user=organizer, language=language)
    client.force_login(organizer)
    response = client.get(reverse("organizer:event", args=[drive.slug]))
    assert (
        response.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    )  # remembered per browser
    assert english_words(text_of(response), language) == []


def test_the_switcher_saves_the_choice_per_browser_and_per_organizer(client, organizer):
    client.force_login(organizer)
    response = client.post(reverse("set_language"), {"language": "da", "next": "/"})
    assert (
        response.status_code == 302
        and response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "da"
    )
    assert OrganizerProfile.objects.get(user=organizer).language == "da"
    # another browser: logging in brings the organizer's language along
    other = type(client)()
    other.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    organizer.set_password("pw-12345678")
    organizer.save()
    response = other.post(
        reverse("login"), {"username": organizer.username, "password": "pw-12345678"}
    )
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "da"
    assert "Mine arrangementer" in text_of(other.get(reverse("organizer:home")))


def test_a_new_event_takes_the_organizers_language(client, organizer):
    club = ClubFactory(organizers=[organizer])
    OrganizerProfile.objects.create(user=organizer, language="de")
    client.force_login(organizer)
    client.post(
        reverse("organizer:event_create"),
        {
            "club": club.pk,
            "name": "Herbstturnier",
            "date": "2026-11-29",
            "kind": "robber",
            "language": "de",
        },
    )
    assert Event.objects.get(name="Herbstturnier").language == "de"
    form = client.get(reverse("organizer:event_create")).content.decode()
    assert '<option value="de" selected>' in form


def test_the_word_check_finds_english_on_an_english_page(client, drive):
    """The checks above can fail: the same page in English is full of the listed words."""
    page = text_of(
        client.get(reverse("public:event", args=[drive.slug]), HTTP_ACCEPT_LANGUAGE="en")
    )
    assert {"Standings", "Round", "Projector", "Language"} <= set(english_words(page, "nl"))


def test_a_danish_es_makker_table_speaks_danish_and_spells_the_bids_the_danish_way(client):
    event = build_seated_event(players=4, rounds=1, kind="esmakker", hands_per_round=4)
    token = Table.objects.get(event=event, number=1).token
    response = client.get(reverse("table:page", args=[token]), HTTP_ACCEPT_LANGUAGE="da")
    assert english_words(text_of(response), "da") == []
    html = response.content.decode()
    assert ">8 stærke<" in html and ">dobbelt bordlægger<" in html and ">P2 (Ø)<" in html
    declarer = html.split('name="declarer"')[1].split("</select>")[0]
    # nobody is the declarer until the table says who; the players in table order
    assert '<option value="" selected>-</option><option value="1">P1 (N)</option>' in declarer
    response = client.post(
        reverse("table:enter", args=[token, 1]),
        {
            "declarer": "3",
            "bid": "8 gode",
            "trump": "hearts",
            "partner_ace": "spades",
            "partner": "1",
            "kitty_exchanged": "3",
            "tricks": "9",
            "idempotency_key": "es-1",
        },
        HTTP_ACCEPT_LANGUAGE="da",
    )
    assert response.status_code == 422
    assert "8 gode spilles med klør som trumf, ikke hjerter." in text_of_error(response)


def test_the_api_reads_and_changes_the_event_language_even_while_it_runs(drive, organizer):
    api = APIClient()
    api.force_authenticate(organizer)
    url = f"/api/v1/events/{drive.slug}/"
    seen = api.get(url)
    assert seen.json()["language"] == ""
    response = api.patch(url, {"language": "da"}, format="json", HTTP_IF_MATCH=seen["ETag"])
    assert response.status_code == 200 and response.json()["language"] == "da"
    refused = api.patch(
        url,
        {"language": "xx"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="nl",
        HTTP_IF_MATCH=response["ETag"],
    )
    assert refused.status_code == 400 and refused.json()["error"]["field"] == "language"
    assert Event.objects.get(pk=drive.pk).language == "da"


def test_an_export_carries_the_event_language_and_an_older_one_imports_without(drive):
    from tournaments.selectors.transfer import event_export
    from tournaments.services.transfer import event_import

    Event.objects.filter(pk=drive.pk).update(language="fr")
    exported = event_export(event=Event.objects.get(pk=drive.pk))
    assert exported["event"]["language"] == "fr"
    assert event_import(data=exported, club=drive.club, slug="copy").event.language == "fr"
    del exported["event"]["language"]  # an export made before events had a language
    assert event_import(data=exported, club=drive.club, slug="older").event.language == ""
