"""A result that reaches the server after its round was closed, or after its hand was
confirmed with another result.

A phone that was offline sends its queued entries when it is back; by then the organizer
may have closed the round without that table, or the other side's phone entered and
confirmed the hand. Nothing typed may be lost: the entry is kept in the event's log, the
round page shows it to the organizer (who can still enter it in the grid as a correction),
and the phone is told so in words.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import Conflict, DomainError
from tournaments.games import game_for
from tournaments.models import Hand, Round, Table
from tournaments.selectors.rounds import LATE_RESULT, REFUSED_RESULT
from tournaments.services.common import event_log, event_mark_changed


@transaction.atomic
def result_late_record(
    *, table: Table, hand_number: int, post, remote_addr: str | None = None
) -> DomainError | None:
    """Keep what a table sent for a hand of a closed round it played; the error that answers
    the phone, or None when the hand was never the table's (the caller's NotFound stands)."""
    hand = (
        Hand.objects.filter(
            event_id=table.event_id,
            number=hand_number,
            round__status=Round.Status.CLOSED,
            round__seatings__table=table,
        )
        .select_related("round")
        .first()
    )
    if hand is None:
        return None
    game = game_for(table.event)
    try:
        data = game.parse(post)
    except DomainError:
        data = None
    if data is None:
        return None
    said = game.describe(data)
    event_log(
        event=table.event,
        action=LATE_RESULT,
        round=hand.round.number,
        table=table.number,
        hand=hand_number,
        said=said,
        data=data,
        remote_addr=remote_addr,
    )
    event_mark_changed(event=table.event)  # the round page shows it at its next refresh
    return Conflict(
        "E_ROUND_CLOSED",
        _(
            "Round %(round)d was closed before this arrived, so hand %(hand)d is not counted. "
            "The organizer sees what you entered (%(said)s) and can still enter it."
        )
        % {"round": hand.round.number, "hand": hand_number, "said": said},
    )


@transaction.atomic
def result_refused_record(
    *, table: Table, hand: Hand, data: dict, current: dict | None, remote_addr: str | None = None
) -> None:
    """Keep what a table sent for a hand confirmed meanwhile with another result (``current``:
    the stored version the refusal named); the phone was told, the organizer sees it too."""
    if not current or current.get("status") != "confirmed" or current.get("data") == data:
        return
    event_log(
        event=table.event,
        action=REFUSED_RESULT,
        round=hand.round.number,
        table=table.number,
        hand=hand.number,
        said=game_for(table.event).describe(data),
        data=data,
        remote_addr=remote_addr,
    )
    event_mark_changed(event=table.event)  # the round page shows it at its next refresh
