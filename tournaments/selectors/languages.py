"""Which language a page speaks when the browser has not chosen one (see tournaments.middleware)."""

from __future__ import annotations

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
