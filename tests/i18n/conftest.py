"""Translated pages need compiled catalogues: compile the stale ones before any test here."""

import runpy
from pathlib import Path

import pytest

I18N = runpy.run_path(str(Path(__file__).resolve().parents[2] / "scripts" / "i18n.py"))
I18N["compile_all"]()

LANGUAGES = ("nl", "de", "da", "fr")
# English UI words that must not show on a translated page (whole words, case-sensitive),
# minus the ones a language spells the same way.
ENGLISH = (
    "Skip to content", "Language", "Log out", "Standings", "Round", "Rounds", "Hand", "Hands",
    "Players", "Player", "Tricks", "Trump", "trump", "Confirm", "Save", "Print", "Results",
    "Projector", "Prizes", "waiting", "Withdraw", "Settings", "Rules", "Dashboard", "Events",
    "Table", "Tables", "Game", "Rubber", "North", "South", "East", "Seat", "Movement", "Signed",
    "hearts", "spades", "clubs", "diamonds", "with", "and", "the", "of", "sits out", "Partner",
)
SAME_WORD = {"fr": {"Table", "Tables"}, "de": {"Partner"}, "nl": {"Partner", "of"}}


def english_words(text: str, language: str) -> list[str]:
    """The English UI words in ``text`` (a page's visible text or a PDF's)."""
    import re

    return [
        word
        for word in ENGLISH
        if word not in SAME_WORD.get(language, ()) and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)
    ]


def visible_text(html: str) -> str:
    """What a person reads: no tags, scripts, styles or attribute values."""
    import re

    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<option[^>]*>[^<]*</option>", " ", html)  # the switcher lists every language
    return re.sub(r"<[^>]+>", " ", html)


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()
