"""The header's language switcher: Django's set_language, remembered for a logged-in organizer."""

from __future__ import annotations

from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from tournaments.selectors.languages import CODES
from tournaments.services.languages import user_language_set


@require_POST
def set_language(request):
    """Sets the browser's language cookie and redirects to ``next``; also saves it per user."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in CODES:
        user_language_set(user=request.user, language=language)
    return response
