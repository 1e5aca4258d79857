"""Saving an organizer's preferred language (the switcher calls it for logged-in users)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.models import OrganizerProfile
from tournaments.selectors.languages import CODES


@transaction.atomic
def user_language_set(*, user, language: str) -> OrganizerProfile:
    if language not in CODES:
        raise DomainError(
            "E_LANGUAGE", _("Unknown language %(l)s.") % {"l": language}, field="language"
        )
    profile, _created = OrganizerProfile.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return profile
