"""Two players change places for one round.

At a club night two players sometimes claim the same seat, or the wrong person sits down
and plays. The organizer records who really sat where: the hands of that round count for
whoever holds each seat, as the standings read them from the seating.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError, NotFound
from tournaments.models import Round, Seating
from tournaments.services.common import event_lock, event_log, event_mark_changed
from tournaments.services.result_versions import require_unpublished


@transaction.atomic
def seating_swap(*, event_id: int, round_number: int, first: int, second: int, actor=None) -> None:
    """Players numbered ``first`` and ``second`` swap seats (or a seat and a sit-out) in a
    round that is not closed; an individual event only (a pair sits together)."""
    event = event_lock(event_id=event_id)
    require_unpublished(event)
    rnd = Round.objects.filter(event=event, number=round_number).first()
    if rnd is None:
        raise NotFound("E_NOT_FOUND", _("No such round."))
    if event.uses_pairs:
        raise DomainError(
            "E_SWAP_PAIRS",
            _("Partners sit together in a pairs event: seats are not swapped one by one."),
        )
    if rnd.status == Round.Status.CLOSED:
        raise DomainError(
            "E_ROUND_CLOSED",
            _("Round %(n)d is closed: swap seats before closing it.") % {"n": round_number},
        )
    if first == second:
        raise DomainError("E_SWAP_SAME", _("Give two different player numbers."), field="second")
    seats = {
        s.entry.number: s
        for s in Seating.objects.select_for_update(of=("self",))
        .filter(round=rnd, entry__number__in=(first, second))
        .select_related("entry")
    }
    missing = [n for n in (first, second) if n not in seats]
    if missing:
        raise DomainError(
            "E_NOT_SEATED",
            _("Player %(n)s has no place in round %(r)s.") % {"n": missing[0], "r": round_number},
            field="first" if missing[0] == first else "second",
        )
    a, b = seats[first], seats[second]
    places = (a.table_id, a.seat), (b.table_id, b.seat)
    a.table_id, a.seat = None, ""  # a sit-out for a moment: one player per seat throughout
    a.save(update_fields=["table", "seat"])
    b.table_id, b.seat = places[0]
    b.save(update_fields=["table", "seat"])
    a.table_id, a.seat = places[1]
    a.save(update_fields=["table", "seat"])
    event_log(
        event=event, action="seat_swap", actor=actor, round=round_number, first=first, second=second
    )
    event_mark_changed(event=event)
