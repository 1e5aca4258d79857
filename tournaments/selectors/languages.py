"""Which language a page speaks when the browser has not chosen one (see tournaments.middleware)."""

from __future__ import annotations

import unicodedata

from django.conf import settings

from tournaments.models import Event, OrganizerProfile

CODES = frozenset(code for code, _name in settings.LANGUAGES)


def user_language(*, user) -> str | None:
    """An organizer's preferred language, or None when they never chose one."""
    language = (
        OrganizerProfile.objects.filter(user=user).values_list("language", flat=True).first()
    )
    return language if language in CODES else None


def event_language(*, slug: str) -> str | None:
    """The language an event's public page, projector and printed cards use by default."""
    language = Event.objects.filter(slug=slug).values_list("language", flat=True).first()
    return language if language in CODES else None


# Danish files æ, ø and å after z, in that order (ä, ö as æ, ø); elsewhere they read as letters
# with an accent: "Ænne" among the A's, "Øst" among the O's.
DANISH_LETTERS = str.maketrans({"æ": "{", "ä": "{", "ø": "|", "ö": "|", "å": "}"})
PLAIN_LETTERS = str.maketrans({"æ": "ae", "ø": "o", "œ": "oe", "ß": "ss"})


def name_order(name: str, language: str | None) -> str:
    """The key names sort by as their readers expect: an accent does not send a name to the
    end of the list ("Ännchen" among the A's, not after "Zora": a German projector)."""
    text = unicodedata.normalize("NFC", name).casefold()
    text = text.translate(DANISH_LETTERS if language == "da" else PLAIN_LETTERS)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
