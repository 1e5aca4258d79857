"""A club's roster as the players page searches it: by name or membership number."""

from __future__ import annotations

from django.db.models import OuterRef, Q, QuerySet, Subquery

from tournaments.models import Entry, Event, Player


def roster_search(*, event: Event, query: str, limit: int = 12) -> QuerySet[Player]:
    """Roster players whose name or membership number holds ``query`` (case and runs of
    spaces do not matter), by name. Each carries ``entry_number``: their number in ``event``
    when already registered there (the page says so instead of offering them again), else None.
    """
    query = " ".join((query or "").split())
    if not query:
        return Player.objects.none()
    entered = Entry.objects.filter(event=event, player=OuterRef("pk")).values("number")[:1]
    return (
        Player.objects.filter(club=event.club_id)
        .filter(Q(name__icontains=query) | Q(membership_number__icontains=query))
        .annotate(entry_number=Subquery(entered))
        .order_by("name", "id")[:limit]
    )
