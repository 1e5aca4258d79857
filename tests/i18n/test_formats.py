"""Numbers and dates in each language's own format, on screen and in prize reasons."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import EventFactory
from tests.i18n.conftest import visible_text
from tournaments.selectors.standings.prizes import _fmt


@pytest.mark.parametrize(
    ("language", "half", "negative"),
    [("en", "7.5", "-0.25"), ("nl", "7,5", "-0,25"), ("de", "7,5", "-0,25"), ("da", "7,5", "-0,25"), ("fr", "7,5", "-0,25")],
)
def test_prize_reasons_use_the_languages_decimal_separator(language, half, negative):
    with translation.override(language):
        assert (_fmt(7.5), _fmt(-0.25), _fmt(8.0), _fmt(9)) == (half, negative, "8", "9")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "date"),
    [("en", "29 November 2026"), ("nl", "29 november 2026"), ("de", "29. November 2026"), ("da", "29. november 2026"), ("fr", "29 novembre 2026")],
)
def test_the_public_page_writes_the_date_the_languages_way(client, language, date):
    event = EventFactory(language=language, status="running")
    page = visible_text(client.get(reverse("public:event", args=[event.slug])).content.decode())
    assert date in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "label"),
    [("en", "Download:"), ("nl", "Downloaden:"), ("fr", "Télécharger\u202f:")],
)
def test_a_label_and_its_colon_follow_the_languages_typography(client, language, label):
    """French sets a (narrow, unbreakable) space before a colon; the others do not."""
    event = EventFactory(language=language, status="published")
    page = client.get(reverse("public:event", args=[event.slug])).content.decode()
    assert label in page


@pytest.mark.parametrize(
    ("language", "quoted"),
    [("en", "“Les As”"), ("nl", "‘Les As’"), ("de", "„Les As“"), ("da", "»Les As«"), ("fr", "« Les As »")],
)
def test_a_team_name_or_a_note_is_quoted_the_languages_way(language, quoted):
    """A French walk: pair names and dispute notes stood in English quotation marks."""
    from tournaments.templatetags.whist_labels import quoted as quote

    with translation.override(language):
        assert quote("Les As") == quoted
