"""Printed cards in the event's language, with a font that has æ ø å ë ß é."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.utils import translation
from pypdf import PdfReader

from tests.factories import ClubFactory
from tests.i18n.conftest import LANGUAGES, english_words
from tournaments.models import Event
from tournaments.services import printing
from tournaments.services.entries import players_register
from tournaments.services.events import event_create, event_update
from tournaments.services.seating import event_seat

pytestmark = pytest.mark.django_db
NAMES = ["Søren Ærø", "Åse Blåbær", "Jürgen Groß", "Zoë Hélène", "Anaïs Noël", "Bjørn Dæhlie", "Ida Fjørtoft", "Kåre Strøm"]


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    settings.SITE_URL = "https://klub.example"


def seated(kind: str, movement_kind: str, language: str, **fields) -> Event:
    event = event_create(
        club=ClubFactory(), name="Klubaften", date=dt.date(2026, 11, 29), kind=kind,
        movement_kind=movement_kind, language=language, **fields,
    )
    players_register(event_id=event.pk, names=NAMES)
    event_seat(event_id=event.pk)
    event.refresh_from_db()
    return event


def pdf_text(pdf: bytes) -> tuple[str, set[str]]:
    reader = PdfReader(io.BytesIO(pdf))
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }
    return "\n".join(page.extract_text() for page in reader.pages), fonts


@pytest.mark.parametrize("document", ["table_cards", "movement_cards", "results"])
def test_danish_es_makker_cards_have_no_english_and_every_letter(document):
    event = seated("esmakker", "individual", "da", hands=8, hands_per_round=4)
    text, fonts = pdf_text(printing.document_pdf(event=event, document=document, options={}))
    assert english_words(text, "da") == []
    assert {"table_cards": "Scan for at indtaste resultater", "movement_cards": "Bord", "results": "Stilling indtil nu"}[document] in text  # not finished: so far
    if document != "results":
        for name in NAMES:
            assert name in text  # æ ø å ë ß é è ï came out as themselves
    assert fonts and all("DejaVu" in font for font in fonts)


@pytest.mark.parametrize("language", LANGUAGES)
def test_drive_score_cards_print_in_the_events_language(language):
    event = seated("individual_drive", "individual", language, hands=4, hands_per_round=2)
    text, _fonts = pdf_text(printing.document_pdf(event=event, document="score_cards", options={}))
    assert english_words(text, language) == []
    trick_words = {"nl": "Slagen", "de": "Stiche", "da": "Stik", "fr": "Plis"}
    dates = {"nl": "29 november 2026", "de": "29. November 2026", "da": "29. november 2026", "fr": "29 novembre 2026"}
    assert trick_words[language] in text and dates[language] in text


def test_the_print_language_can_differ_from_the_events():
    event = seated("individual_drive", "individual", "da", hands=4, hands_per_round=2)
    text, _fonts = pdf_text(printing.document_pdf(event=event, document="score_cards", options={"language": "de"}))
    assert "Stiche" in text and "Stik " not in text
    event_update(event_id=event.pk, language="")  # no event language: the organizer's page's
    with translation.override("en"):
        text, _fonts = pdf_text(printing.document_pdf(event=Event.objects.get(pk=event.pk), document="score_cards", options={}))
    assert "Tricks" in text
