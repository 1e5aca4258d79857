"""A club's roster as the players page searches it: by name or membership number."""

from __future__ import annotations

from django.db.models import OuterRef, QuerySet, Subquery

from tournaments.models import Entry, Event, Player
from tournaments.selectors.languages import name_order


def roster_search(*, event: Event, query: str, limit: int = 12) -> QuerySet[Player]:
    """Roster players whose name or membership number holds ``query`` (case and runs of
    spaces do not matter), by name. Each carries ``entry_number``: their number in ``event``
    when already registered there (the page says so instead of offering them again), else None.
    """
    key = same_name(query or "")
    if not key:
        return Player.objects.none()
    # Compared in Python, accents folded: "helene" finds "Hélène", as a volunteer types it
    # (SQLite's LIKE folds the case of A to Z only; a club's roster is a few hundred names).
    found = [
        pk
        for pk, name, number in Player.objects.filter(club=event.club_id).values_list(
            "id", "name", "membership_number"
        )
        if key in same_name(name) or key in number.casefold()
    ]
    entered = Entry.objects.filter(event=event, player=OuterRef("pk")).values("number")[:1]
    return (
        Player.objects.filter(pk__in=found)
        .annotate(entry_number=Subquery(entered))
        .order_by("name", "id")[:limit]
    )


def roster_results(
    *, event: Event, query: str, ticked_ids: list[str], limit: int = 12
) -> tuple[list[Player], list[Player]]:
    """What the roster search shows: the players ticked before this search (ids as posted;
    another club's, or one registered meanwhile, dropped), so a new search keeps them, then
    the matches for ``query`` not among them."""
    wanted = [int(i) for i in ticked_ids if str(i).isdigit()]
    ticked = (
        list(
            Player.objects.filter(club=event.club_id, pk__in=wanted)
            .exclude(entries__event=event)
            .order_by("name", "id")
        )
        if wanted
        else []
    )
    kept = {p.pk for p in ticked}
    matches = roster_search(event=event, query=query, limit=limit)
    return ticked, [p for p in matches if p.pk not in kept]


def roster_names(*, event: Event, player_ids: list[int]) -> list[str]:
    """The names of the club's roster players ``player_ids``, by name (a preview lists them)."""
    return list(
        Player.objects.filter(club=event.club_id, pk__in=player_ids)
        .order_by("name")
        .values_list("name", flat=True)
    )


def same_name(name: str) -> str:
    """A name as compared with the roster (registration finds a typed member by it, and
    records of one person share it): case, accents and runs of spaces do not matter
    ("Helene Lefevre" typed is the member "Hélène Lefèvre": a French walk made her a guest)."""
    return " ".join(name_order(name, None).split())


def kept_first(player: Player, evenings: int) -> tuple:
    """The order in which a merge picks the record it keeps: the member with a membership
    number, else the one with most evenings, else the oldest."""
    return (not player.membership_number, -evenings, player.pk)


def two_people(players: list[Player], events: dict[int, list[int]]) -> tuple[str, object] | None:
    """Why records of one name (``events``: player id -> the events each played) are two
    people, or None: ("numbers", the membership numbers) when they hold two, ("evening", an
    event id) when two of them played it."""
    numbers = sorted({p.membership_number for p in players if p.membership_number})
    if len(numbers) > 1:
        return "numbers", numbers
    seen: set[int] = set()
    for player in players:
        for event_id in events[player.pk]:
            if event_id in seen:
                return "evening", event_id
            seen.add(event_id)
    return None


def duplicate_players(*, club_id: int) -> list[list[dict]]:
    """The club's players who share a name (case and spaces aside) and may be one person,
    in groups by name: each ``{"player", "evenings"}``, the one a merge keeps first. Two
    records that are ``two_people`` are left out (``players_merge`` refuses them). Two queries."""
    groups: dict[str, list[Player]] = {}
    for player in Player.objects.filter(club_id=club_id).order_by("name", "id"):
        groups.setdefault(same_name(player.name), []).append(player)
    twice = [group for group in groups.values() if len(group) > 1]
    events: dict[int, list[int]] = {p.pk: [] for group in twice for p in group}
    for player_id, event_id in Entry.objects.filter(player_id__in=events).values_list(
        "player_id", "event_id"
    ):
        events[player_id].append(event_id)
    evenings = {player_id: len(ids) for player_id, ids in events.items()}
    twice = [group for group in twice if two_people(group, events) is None]
    return [
        sorted(
            ({"player": p, "evenings": evenings[p.pk]} for p in group),
            key=lambda row: kept_first(row["player"], row["evenings"]),
        )
        for group in twice
    ]


def leaving_partner(event: Event, entry: Entry) -> Entry | None:
    """The partner who leaves with ``entry`` in a running pairs event (None elsewhere)."""
    if event.status != Event.Status.RUNNING or not event.uses_pairs or entry.pair_id is None:
        return None
    return (
        Entry.objects.filter(event=event, pair_id=entry.pair_id, withdrawn_round__isnull=True)
        .exclude(pk=entry.pk)
        .select_related("player")
        .first()
    )
