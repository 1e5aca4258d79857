"""The page's language when the browser has not chosen one with the switcher (no cookie).

Order of precedence: the browser's own choice (the language cookie, set by the switcher),
then the event's language on its public pages, projector and table phones (the phone says
N/Z like the cards on the table; ``use_event_language``, called by the table views' edge
once they have read the event, so a score entry costs no query more), then a logged-in
organizer's preferred language (also written to the cookie, and applied again at each
login), then the browser's Accept-Language (Django's LocaleMiddleware, which runs first).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation

from tournaments.selectors.languages import CODES, event_language, user_language


def _use(request, language: str) -> None:
    translation.activate(language)
    request.LANGUAGE_CODE = language


def use_event_language(request, language: str) -> None:
    """An event's own language for a page of that event, unless the browser chose one."""
    if language in CODES and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
        _use(request, language)


class PreferredLanguageMiddleware:
    """Put after AuthenticationMiddleware (and LocaleMiddleware)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        remember = getattr(request, "remember_language", None)
        if remember:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                remember,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if settings.LANGUAGE_COOKIE_NAME in request.COOKIES:
            return None
        match = request.resolver_match
        if match and match.namespace == "public" and "slug" in view_kwargs:
            language = event_language(slug=view_kwargs["slug"])
            if language:
                _use(request, language)
            return None
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            language = user_language(user=user)
            if language:
                _use(request, language)
                request.remember_language = language
        return None


@receiver(user_logged_in)
def _apply_at_login(sender, request, user, **kwargs):
    """A login on any browser brings the organizer's language with it."""
    language = user_language(user=user) if request is not None else None
    if language:
        _use(request, language)
        request.remember_language = language
