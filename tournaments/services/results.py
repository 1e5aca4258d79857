"""Score entry: a table's result for a hand, from a phone, the organizer or an API client.

Writers of different tables never wait for each other: each reads what it decides on
in one query that share-locks the event and round rows (``entry_context``), so an
organizer's close or publish and the entries under way take turns; writes to a live
result are conditional and a lost race is run again (``with_retry``); the event's
version is bumped last, in one ``UPDATE … RETURNING``. A change never overwrites: it adds a ``Result`` version and supersedes the old one,
and every action leaves a ``ScoreChange``. Data is checked by the event's own
scoring engine (a drive's hand on its own; a rubber's, Bid Whist's or Es-makker's
hand within the table's whole round, since it is valid only after the hands before
it), so the table sees exactly the engine's code and message. An ``Idempotency-Key`` makes a retry (a phone's offline queue, a
flaky network) return the first answer instead of storing twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypedDict, Unpack

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import Conflict, DomainError, NotFound
from tournaments.models import (
    Event,
    Hand,
    Result,
    Round,
    ScoreChange,
    Seating,
    Source,
    Table,
    new_token,
)
from tournaments.selectors import matches
from tournaments.selectors.tournament import drawn_from
from tournaments.services.common import event_lock, event_log, event_mark_changed
from tournaments.services.result_versions import (
    Outcome,
    Retry,
    current_body,
    entry_context,
    entry_status,
    is_trusted,
    remember,
    replayed_outcome,
    request_fingerprint,
    require_round,
    require_unpublished,
    require_version,
    result_as_dict,
    result_check,
    result_snapshot,
    set_status,
    store_version,
    with_retry,
)

__all__ = [
    "Outcome",
    "result_as_dict",
    "result_check",
    "result_snapshot",
]  # the store's names callers use here


@dataclass(frozen=True)
class GridCell:
    """One table x hand cell of the organizer's grid; ``expected_version`` 0 means "was empty"."""

    table: int
    hand: int
    data: dict
    expected_version: int = 0


@dataclass
class GridOutcome:
    saved: list[Result] = field(default_factory=list)
    unchanged: int = 0
    reseated: int | None = None  # the next round, seated again from the corrected winners
    # a tournament's later rounds paired (or its playoff drawn) from the results corrected
    paired_after: list[int] = field(default_factory=list)
    playoff_drawn: bool = False


class GridInvalid(DomainError):
    """Some cells were refused; ``cells`` maps "table-hand" to that cell's error. Nothing saved."""

    def __init__(self, cells: dict[str, dict]) -> None:
        super().__init__(
            "E_GRID",
            _("%(count)d cell(s) need fixing; nothing was saved.") % {"count": len(cells)},
            cells=cells,
        )
        self.cells = cells


# ---------------------------------------------------------------- the services


class Caller(TypedDict, total=False):
    """Who asks, from where, and the key that makes a retried request safe to repeat."""

    actor: Any
    remote_addr: str | None
    idempotency_key: str | None


def _write(
    op: str,
    table: Table,
    hand: Hand,
    data: Any,
    source: str,
    expected_version: int | None,
    *,
    version_required: bool,
    actor=None,
    remote_addr: str | None = None,
    idempotency_key: str | None = None,
) -> Outcome:
    trusted = is_trusted(actor)
    fingerprint = request_fingerprint(op, table, hand, data)

    def write(retrying: bool) -> Outcome:
        ctx = entry_context(table=table, hand=hand, idempotency_key=idempotency_key)
        event, live_result = ctx.event, ctx.live
        replay = replayed_outcome(ctx.replay_record, idempotency_key, fingerprint)
        if replay is not None:
            return replay
        require_unpublished(event)
        require_round(ctx.round, trusted=trusted)
        clean = result_check(event=event, hand=hand, table=table, data=data, seats=ctx.seats)
        require_version(
            live_result,
            expected_version,
            event=event,
            table=table,
            hand=hand,
            required=version_required,
            retrying=retrying,
            typed=clean,
        )
        if (
            live_result is not None
            and not trusted
            and live_result.status == Result.Status.CONFIRMED
        ):
            raise Conflict(
                "E_ALREADY_CONFIRMED",
                _("This result is confirmed; ask the organizer to correct it."),
                current=current_body(live_result, event=event, table=table, hand=hand),
            )
        result = store_version(
            event=event,
            table=table,
            hand=hand,
            live_result=live_result,
            data=clean,
            status=entry_status(event, trusted=trusted),
            action=ScoreChange.Action.CORRECT if live_result else ScoreChange.Action.ENTER,
            source=source,
            actor=actor,
            remote_addr=remote_addr,
            recount=retrying,
        )
        return _stored(event, table, hand, result, (idempotency_key, fingerprint), live_result is None)

    return with_retry(write)


def _stored(event, table, hand, result, idempotency, created: bool = False) -> Outcome:
    """The answer to a stored write, kept under its idempotency key (key, fingerprint); the
    event's version is bumped last, so the event row is held only until the commit."""
    body = result_as_dict(result, event=event, table=table, hand=hand)
    outcome = remember(event.pk, *idempotency, Outcome(result=result, body=body, created=created))
    event_mark_changed(event=event)
    return outcome


def result_submit(
    *,
    table: Table,
    hand: Hand,
    data: Any,
    source: str = Source.TABLE,
    expected_version: int | None = None,
    **caller: Unpack[Caller],
) -> Outcome:
    """Enter a hand's result for a table (or re-enter it before it is confirmed).

    Without ``expected_version`` it only creates the first version (409 when one
    exists); with it, it replaces the version the caller saw. Stored confirmed when
    an organizer enters it or the event needs no confirmation.
    """
    return _write(
        "submit", table, hand, data, source, expected_version, version_required=False, **caller
    )


def result_correct(
    *,
    table: Table,
    hand: Hand,
    data: Any,
    expected_version: int | None,
    source: str = Source.ORGANIZER,
    **caller: Unpack[Caller],
) -> Outcome:
    """Correct a result: a new version of the one the caller saw (``expected_version``).

    The organizer may correct at any time until the event is published (also closed
    rounds, also disputed results, which this resolves); a table only its own
    unconfirmed entry of the open round.
    """
    return _write(
        "correct", table, hand, data, source, expected_version, version_required=True, **caller
    )


def _decide(
    op: str,
    table: Table,
    hand: Hand,
    source: str,
    expected_version: int | None,
    *,
    note: str = "",
    version_required: bool = False,
    actor=None,
    remote_addr: str | None = None,
    idempotency_key: str | None = None,
) -> Outcome:
    """Confirm or dispute the live result (the opponents' step); with ``version_required``
    (the API) the caller must say which version it saw."""
    trusted = is_trusted(actor)
    target = Result.Status.CONFIRMED if op == "confirm" else Result.Status.DISPUTED
    fingerprint = request_fingerprint(
        op, table, hand, {"expected_version": expected_version, "note": note}
    )

    def write(retrying: bool) -> Outcome:
        ctx = entry_context(table=table, hand=hand, idempotency_key=idempotency_key)
        event, live_result = ctx.event, ctx.live
        replay = replayed_outcome(ctx.replay_record, idempotency_key, fingerprint)
        if replay is not None:
            return replay
        require_unpublished(event)
        require_round(ctx.round, trusted=trusted)
        if live_result is None or live_result.status == Result.Status.NOT_PLAYED:
            if not retrying:
                raise Retry  # perhaps replaced meanwhile: look again at what is committed
            raise NotFound(
                "E_NO_RESULT",
                _("There is no result to confirm yet.")
                if op == "confirm"
                else _("There is no result to dispute yet."),
            )
        if expected_version is not None or version_required:
            require_version(
                live_result, expected_version, event=event, table=table, hand=hand, required=True
            )
        current = current_body(live_result, event=event, table=table, hand=hand)
        if live_result.status == target:  # a double tap: already done, nothing new to record
            return remember(event.pk, idempotency_key, fingerprint, Outcome(live_result, current))
        if live_result.status == Result.Status.CONFIRMED:
            raise Conflict(
                "E_ALREADY_CONFIRMED",
                _("This result is confirmed; ask the organizer to correct it."),
                current=current,
            )
        if live_result.status == Result.Status.DISPUTED and not trusted:
            raise Conflict(
                "E_DISPUTED",
                _("This result is disputed; the organizer will settle it."),
                current=current,
            )
        set_status(
            result=live_result,
            status=target,
            action=ScoreChange.Action.CONFIRM if op == "confirm" else ScoreChange.Action.DISPUTE,
            source=source,
            actor=actor,
            remote_addr=remote_addr,
            note=note,
        )
        return _stored(event, table, hand, live_result, (idempotency_key, fingerprint))

    return with_retry(write)


def result_confirm(
    *,
    table: Table,
    hand: Hand,
    expected_version: int | None = None,
    version_required: bool = False,
    source: str = Source.TABLE,
    **caller: Unpack[Caller],
) -> Outcome:
    """The opponents agree with the entered result: from now on it counts."""
    return _decide(
        "confirm", table, hand, source, expected_version, version_required=version_required, **caller
    )


def result_dispute(
    *,
    table: Table,
    hand: Hand,
    expected_version: int | None = None,
    note: str = "",
    version_required: bool = False,
    source: str = Source.TABLE,
    **caller: Unpack[Caller],
) -> Outcome:
    """The opponents disagree: the result goes to the organizer, who corrects it."""
    return _decide(
        "dispute",
        table,
        hand,
        source,
        expected_version,
        note=note[:500],
        version_required=version_required,
        **caller,
    )


def result_mark_not_played(
    *, table: Table, hand: Hand, actor=None, data: dict | None = None
) -> Result:
    """Record that a table did not play a hand (a round closed with the table missing).

    ``data`` keeps the credit the organizer chose (``{"credit": 6.5}``) with the result.
    Supersedes an unconfirmed or disputed entry; a confirmed result is refused.
    Safe inside the caller's transaction (round close), and a no-op when already marked.
    """
    def write(retrying: bool) -> Result:
        ctx = entry_context(table=table, hand=hand)
        event, live_result = ctx.event, ctx.live
        require_unpublished(event)
        if live_result is not None and live_result.status == Result.Status.NOT_PLAYED:
            return live_result
        if live_result is not None and live_result.status == Result.Status.CONFIRMED:
            raise Conflict(
                "E_ALREADY_CONFIRMED",
                _("Table %(table)d has a confirmed result for hand %(hand)d.")
                % {"table": table.number, "hand": hand.number},
            )
        result = store_version(
            event=event,
            table=table,
            hand=hand,
            live_result=live_result,
            data=data or {},
            status=Result.Status.NOT_PLAYED,
            action=ScoreChange.Action.NOT_PLAYED,
            source=Source.ORGANIZER if actor is not None else Source.SYSTEM,
            actor=actor,
            remote_addr=None,
            recount=retrying,
        )
        event_mark_changed(event=event)
        return result

    return with_retry(write)


def results_save_grid(
    *,
    event: Event,
    round_number: int,
    cells: Iterable[GridCell],
    actor=None,
    remote_addr: str | None = None,
) -> GridOutcome:
    """Save the organizer's grid of a round in one go: every cell or none.

    Each cell is checked by the engine and against the version the grid showed;
    errors are collected per cell ("table-hand") and raised together as GridInvalid.
    Unchanged cells store nothing. Saved cells are confirmed (the organizer's word).
    """
    cells = list(cells)
    with transaction.atomic():
        event = event_lock(event_id=event.pk)
        require_unpublished(event)
        try:
            rnd = Round.objects.get(event=event, number=round_number)
        except Round.DoesNotExist as exc:
            raise NotFound("E_NOT_FOUND", _("No such round.")) from exc
        require_round(rnd, trusted=True)
        tables = {
            t.number: t for t in Table.objects.filter(event=event, seatings__round=rnd).distinct()
        }
        hands = {h.number: h for h in Hand.objects.filter(round=rnd)}
        lives = {
            (r.table_id, r.hand_id): r
            for r in Result.objects.select_for_update()
            .filter(hand__round=rnd)
            .exclude(status=Result.Status.SUPERSEDED)
        }
        seats_of: dict[int, dict[str, Seating]] = {}
        for seating in Seating.objects.filter(round=rnd, table__isnull=False).select_related(
            "entry__player"
        ):
            seats_of.setdefault(seating.table_id, {})[seating.seat] = seating
        number_of = {h.pk: n for n, h in hands.items()}
        stored_of: dict[int, dict[int, dict]] = {}  # table -> hand -> counted data (one read)
        for r in lives.values():
            if r.status in matches.COUNTED:
                stored_of.setdefault(r.table_id, {})[number_of[r.hand_id]] = r.data
        pending: dict[int, dict[int, dict]] = {}  # table -> hand -> data saved together
        for cell in cells:
            pending.setdefault(cell.table, {})[cell.hand] = cell.data
        errors: dict[str, dict] = {}
        plan = []
        for cell in cells:
            name = f"{cell.table}-{cell.hand}"
            table, hand = tables.get(cell.table), hands.get(cell.hand)
            try:
                if table is None or hand is None:
                    raise NotFound("E_NOT_FOUND", _("No such table or hand in this round."))
                live_result = lives.get((table.pk, hand.pk))
                clean = result_check(
                    event=event,
                    hand=hand,
                    table=table,
                    data=cell.data,
                    seats=seats_of[table.pk],
                    pending=pending[cell.table],
                    stored=stored_of.get(table.pk, {}),
                )
                if (
                    live_result is not None
                    and live_result.data == clean
                    and live_result.status == Result.Status.CONFIRMED
                ):
                    plan.append(None)
                    continue
                require_version(
                    live_result,
                    cell.expected_version,
                    event=event,
                    table=table,
                    hand=hand,
                    required=True,
                )
            except DomainError as exc:
                errors[name] = {"code": exc.code, "message": exc.message, "field": exc.field}
                continue
            plan.append((table, hand, live_result, clean))
        if errors:
            raise GridInvalid(errors)
        from tournaments.services import rounds  # rounds imports this module

        nxt = rounds.round_seated_next(event=event, rnd=rnd)  # may be seated again below
        winners = rounds.round_winners(event, rnd) if nxt else {}
        outcome = GridOutcome()
        for item in plan:
            if item is None:
                outcome.unchanged += 1
                continue
            table, hand, live_result, clean = item
            outcome.saved.append(
                store_version(
                    event=event,
                    table=table,
                    hand=hand,
                    live_result=live_result,
                    data=clean,
                    status=Result.Status.CONFIRMED,
                    action=ScoreChange.Action.CORRECT if live_result else ScoreChange.Action.ENTER,
                    source=Source.ORGANIZER,
                    actor=actor,
                    remote_addr=remote_addr,
                )
            )
        if outcome.saved:
            if nxt and rounds.round_reseat_next(event=event, rnd=rnd, winners_before=winners):
                outcome.reseated = nxt.number
            outcome.paired_after, outcome.playoff_drawn = drawn_from(event=event, rnd=rnd)
            event_mark_changed(event=event)
        return outcome


def table_regenerate_token(*, table: Table, actor=None) -> Table:
    """Give a table a new secret link (a lost phone, a leaked card); the old one stops working."""
    with transaction.atomic():
        event = event_lock(event_id=table.event_id)
        table = Table.objects.select_for_update().get(pk=table.pk)
        table.token = new_token()
        table.save(update_fields=["token"])
        event_log(event=event, action="table_token_regenerated", actor=actor, table=table.number)
        event_mark_changed(event=event)  # the table cards' QR codes change
        return table
