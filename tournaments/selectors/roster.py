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


def same_name(name: str) -> str:
    """The name as two records of one person share it: case and runs of spaces aside."""
    return " ".join(name.split()).casefold()


def kept_first(player: Player, evenings: int) -> tuple:
    """The order in which a merge picks the record it keeps: the member with a membership
    number, else the one with most evenings, else the oldest."""
    return (not player.membership_number, -evenings, player.pk)


def duplicate_players(*, club_id: int) -> list[list[dict]]:
    """The club's players who share a name (case and spaces aside), in groups by name:
    each ``{"player", "evenings"}``, the one a merge keeps first. Two queries."""
    groups: dict[str, list[Player]] = {}
    for player in Player.objects.filter(club_id=club_id).order_by("name", "id"):
        groups.setdefault(same_name(player.name), []).append(player)
    twice = [group for group in groups.values() if len(group) > 1]
    ids = [p.pk for group in twice for p in group]
    evenings: dict[int, int] = {}
    for player_id in Entry.objects.filter(player_id__in=ids).values_list("player_id", flat=True):
        evenings[player_id] = evenings.get(player_id, 0) + 1
    return [
        sorted(
            ({"player": p, "evenings": evenings.get(p.pk, 0)} for p in group),
            key=lambda row: kept_first(row["player"], row["evenings"]),
        )
        for group in twice
    ]
