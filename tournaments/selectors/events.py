"""Reading events with the organizer's permissions applied in one place."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.models import Club, Event


def clubs_for_user(*, user) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(organizers=user)


def events_for_user(*, user) -> QuerySet[Event]:
    """Events the user organizes: those of their clubs (everything for a superuser)."""
    return Event.objects.filter(club__in=clubs_for_user(user=user)).select_related("club")


def event_for_organizer(*, user, slug: str) -> Event:
    """The event, or NotFound: another club's event is indistinguishable from none."""
    try:
        return events_for_user(user=user).get(slug=slug)
    except Event.DoesNotExist as exc:
        raise NotFound("E_NOT_FOUND", _("No such event.")) from exc


def club_for_organizer(*, user, slug: str | None = None) -> Club:
    """The club the user organizes (by slug, or their only club); NotFound otherwise."""
    from tournaments.errors import DomainError

    clubs = clubs_for_user(user=user)
    if slug:
        club = clubs.filter(slug=slug).first()
        if club is None:
            raise NotFound("E_NOT_FOUND", _("No such club."), field="club")
        return club
    found = list(clubs[:2])
    if len(found) != 1:
        raise DomainError("E_REQUIRED", _("Say which club the event is for."), field="club")
    return found[0]
