"""Club players: merging the records of one person the roster holds twice.

An older version made a new player for every typed name it did not match exactly, so a
member could hold two records and a season ladder split their evenings between them.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.errors import DomainError, NotFound
from tournaments.models import Entry, Player
from tournaments.selectors.roster import kept_first, same_name, two_people
from tournaments.services.common import event_lock, event_log, event_mark_changed


def players_merge(*, club_id: int, player_ids: list[int], actor=None) -> Player:
    """One player from several of one name: their evenings move to the one kept
    (``kept_first``), the others are deleted, and every evening moved is marked changed
    (its standings, and so the ladders, are worked out again). Refused when they are
    ``two_people`` (two membership numbers, or two of them at one evening)."""
    with transaction.atomic():
        players = list(
            Player.objects.select_for_update()
            .filter(club_id=club_id, pk__in=set(player_ids))
            .order_by("pk")
        )
        if len(players) < 2 or len(players) != len(set(player_ids)):
            raise NotFound("E_NOT_FOUND", _("No such players in this club."))
        if len({same_name(p.name) for p in players}) > 1:
            raise DomainError("E_MERGE", _("Only players of the same name can be merged."))
        entries = list(Entry.objects.filter(player__in=players).select_related("event"))
        events = {p.pk: [e.event_id for e in entries if e.player_id == p.pk] for p in players}
        reason = two_people(players, events)
        if reason and reason[0] == "numbers":
            raise DomainError(
                "E_MERGE",
                _("%(name)s has two membership numbers (%(numbers)s): these are two members.")
                % {"name": players[0].name, "numbers": ", ".join(reason[1])},
            )
        if reason:
            event = next(e.event for e in entries if e.event_id == reason[1])
            raise DomainError(
                "E_MERGE",
                _("%(name)s played twice on %(date)s (%(event)s): these are two people.")
                % {"name": players[0].name, "date": date_format(event.date), "event": event.name},
            )
        seen = {e.event_id: e for e in entries}  # one entry an evening, as checked
        keep = min(players, key=lambda p: kept_first(p, len(events[p.pk])))
        others = [p for p in players if p.pk != keep.pk]
        keep.email = keep.email or next((p.email for p in others if p.email), "")
        number = next((p.membership_number for p in players if p.membership_number), "")
        for event_id in sorted({e.event_id for e in entries if e.player_id != keep.pk}):
            event = event_lock(event_id=event_id)
            Entry.objects.filter(event=event, player__in=others).update(player=keep)
            moved = seen[event_id].number
            event_log(event=event, action="players_merge", actor=actor, entry=moved, name=keep.name)
            event_mark_changed(event=event)
        Player.objects.filter(pk__in=[p.pk for p in others]).delete()  # frees the number
        keep.membership_number = number
        keep.save(update_fields=["email", "membership_number"])
        return keep
