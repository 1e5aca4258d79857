"""The versioned store behind score entry: the game's check, locks, access rules, versions
and idempotency.

``services.results`` composes these into its services; nothing here opens a transaction
of its own (the caller holds one).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import Conflict, DomainError, NotFound, brief
from tournaments.games import game_for
from tournaments.games.base import HandToCheck
from tournaments.models import (
    ALL_SEATS,
    SEATS,
    Entry,
    Event,
    Hand,
    IdempotencyRecord,
    Result,
    Round,
    ScoreChange,
    Seating,
    Table,
)
from tournaments.selectors import matches
from tournaments.selectors.results import result_as_dict

IDEMPOTENCY_KEY_MAX = 100


@dataclass(frozen=True)
class Outcome:
    """What a write answered: the result row and the body replayed for the same key;
    ``created`` when it stored the first version (the edge decides what that means in HTTP)."""

    result: Result | None
    body: dict
    created: bool = False
    replayed: bool = False


# ---------------------------------------------------------------- reading a result as data


def result_snapshot(result: Result | None) -> dict | None:
    """What a ScoreChange keeps as ``old``/``new``: enough to show the change on its own."""
    if result is None:
        return None
    return {"version": result.version, "status": result.status, "data": result.data}


def current_body(live_result: Result | None, *, event, table, hand) -> dict | None:
    return result_as_dict(live_result, event=event, table=table, hand=hand) if live_result else None


# ---------------------------------------------------------------- idempotency


def request_fingerprint(op: str, table: Table, hand: Hand, payload: Any) -> str:
    raw = json.dumps(
        {"op": op, "table": table.pk, "hand": hand.pk, "payload": payload}, sort_keys=True
    )
    return hashlib.sha256(raw.encode()).hexdigest()


def idempotency_scope(event_id: int) -> str:
    return f"event:{event_id}:results"


def replayed_outcome(record: tuple | None, key: str | None, fingerprint: str) -> Outcome | None:
    """The first answer to ``key`` (``record``: the stored fingerprint, body and created flag
    read by ``entry_context``), or None; the same key for another request is refused."""
    if key is None:
        return None
    if not key or len(key) > IDEMPOTENCY_KEY_MAX:
        raise DomainError(
            "E_IDEMPOTENCY_KEY",
            _("An Idempotency-Key must be 1 to %(max)d characters.") % {"max": IDEMPOTENCY_KEY_MAX},
            field="idempotency_key",
        )
    if record is None:
        return None
    stored_fingerprint, body, created = record
    if stored_fingerprint != fingerprint:
        raise DomainError(
            "E_IDEMPOTENCY_REUSED",
            _("This Idempotency-Key was already used for a different request; use a new key."),
            field="idempotency_key",
        )
    return Outcome(result=None, body=body, created=created, replayed=True)


def remember(event_id: int, key: str | None, fingerprint: str, outcome: Outcome) -> Outcome:
    if key is not None:
        IdempotencyRecord.objects.create(
            scope=idempotency_scope(event_id),
            key=key,
            fingerprint=fingerprint,
            created=outcome.created,
            body=outcome.body,
        )
    return outcome


# ---------------------------------------------------------------- locking and rules of access


class Retry(Exception):
    """What this transaction read changed before it wrote (another writer got there first):
    ``with_retry`` runs the whole write again once, on what is committed now."""


def with_retry(write):
    """Run ``write(retrying)`` in a transaction; once more when a concurrent writer won a race.

    Writers of different tables never wait for each other (``entry_context``); two writers
    of the same table and hand meet in the database: a conditional update that finds the row
    changed (``Retry``) or a unique constraint (a second first version, a reused key). The
    second run reads the winner's committed row and answers as if it had waited its turn.
    """
    for retrying in (False, True):
        try:
            with transaction.atomic():
                return write(retrying)
        except (IntegrityError, Retry):
            if retrying:
                raise
    raise AssertionError("unreachable")


@dataclass
class EntryContext:
    """What a score entry reads in its one query: the event and round (fresh), the table's
    seats, the live version and the stored answer to the request's Idempotency-Key."""

    event: Event
    round: Round
    seats: dict[str, Seating]
    live: Result | None
    replay_record: tuple | None


def _q(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _context_sql() -> str:
    result_columns = ", ".join(
        f"res.{connection.ops.quote_name(f.column)}" for f in Result._meta.concrete_fields
    )
    lock = " FOR KEY SHARE OF e, r" if connection.vendor == "postgresql" else ""
    return (
        f"SELECT {result_columns}, e.status AS ctx_event_status, r.status AS ctx_round_status,"
        " r.number AS ctx_round_number, s.id AS ctx_seating_id, s.seat AS ctx_seat,"
        " en.id AS ctx_entry_id, en.number AS ctx_entry_number,"
        " i.fingerprint AS ctx_fingerprint, i.body AS ctx_body, i.created AS ctx_created"
        f" FROM {_q(Event)} e"
        f" INNER JOIN {_q(Round)} r ON r.id = %s AND r.event_id = e.id"
        f" LEFT JOIN {_q(Seating)} s ON s.round_id = r.id AND s.table_id = %s"
        f" LEFT JOIN {_q(Entry)} en ON en.id = s.entry_id"
        f" LEFT JOIN {_q(Result)} res ON res.hand_id = %s AND res.table_id = %s"
        " AND res.status <> %s"
        f" LEFT JOIN {_q(IdempotencyRecord)} i ON i.scope = %s AND i.{connection.ops.quote_name('key')} = %s"
        f" WHERE e.id = %s{lock}"
    )


def entry_context(*, table: Table, hand: Hand, idempotency_key: str | None = None) -> EntryContext:
    """Read (and on PostgreSQL share-lock) everything a score entry decides on, in one query.

    ``FOR KEY SHARE`` of the event and round rows: writers of different tables do not wait
    for each other, while an organizer's step that locks the event (close a round, publish,
    the grid) waits for the entries under way and they wait for it, reading its outcome
    (the round closed, the event published). The live result is read, not locked: writes
    to it are conditional (``store_version``, ``set_status``) and retried on a lost race.
    """
    event = table.event
    if hand.event_id != event.pk:
        raise NotFound("E_NOT_FOUND", _("No such hand in this event."))
    rows = list(
        Result.objects.raw(
            _context_sql(),
            [
                hand.round_id,
                table.pk,
                hand.pk,
                table.pk,
                Result.Status.SUPERSEDED,
                idempotency_scope(event.pk),
                idempotency_key or "",
                event.pk,
            ],
        )
    )
    if not rows:
        raise NotFound("E_NOT_FOUND", _("No such event."))
    first = rows[0]
    event.status = first.ctx_event_status
    rnd = Round(
        id=hand.round_id,
        event_id=event.pk,
        number=first.ctx_round_number,
        status=first.ctx_round_status,
    )
    seats = {
        row.ctx_seat: Seating(
            id=row.ctx_seating_id,
            round=rnd,
            table=table,
            seat=row.ctx_seat,
            entry=Entry(id=row.ctx_entry_id, event=event, number=row.ctx_entry_number),
        )
        for row in rows
        if row.ctx_seating_id is not None
    }
    live = first if first.pk is not None else None
    if live is not None:
        live.event, live.hand, live.table = event, hand, table
    record = None
    if first.ctx_fingerprint is not None:
        body = first.ctx_body
        record = (
            first.ctx_fingerprint,
            json.loads(body) if isinstance(body, (str, bytes)) else body,
            bool(first.ctx_created),
        )
    return EntryContext(event=event, round=rnd, seats=seats, live=live, replay_record=record)


def require_unpublished(event: Event) -> None:
    if event.status == Event.Status.PUBLISHED:
        raise DomainError(
            "E_EDIT_LOCKED",
            _("The results are published; the organizer must reopen the event to change them."),
        )


def require_round(rnd: Round, *, trusted: bool) -> Round:
    """A table writes only while the round is open; the organizer also after it closed."""
    allowed = {Round.Status.OPEN, Round.Status.CLOSED} if trusted else {Round.Status.OPEN}
    if rnd.status not in allowed:
        raise DomainError(
            "E_ROUND_STATUS",
            _("Round %(round)d is %(status)s: results cannot be entered for it.")
            % {"round": rnd.number, "status": rnd.get_status_display()},
        )
    return rnd


def require_version(
    live_result,
    expected_version,
    *,
    event,
    table,
    hand,
    required: bool,
    retrying: bool = True,
    typed: dict | None = None,
) -> None:
    """Optimistic concurrency: the caller must have seen the live version it changes.

    No live version where the caller saw one may be a version replaced while we read:
    unless ``retrying``, look again (``Retry``) before calling it stale. ``typed``: the
    checked data refused, said back in the message (a phone reloads to show the stored
    result, and what its player typed would be gone from the screen)."""
    if live_result is None and expected_version and not retrying:
        raise Retry
    current = live_result.version if live_result else 0
    body = current_body(live_result, event=event, table=table, hand=hand)
    if expected_version is None:
        if required:
            raise DomainError(
                "E_VERSION_REQUIRED",
                _("Say which version you are changing (If-Match)."),
                field="expected_version",
                current=body,
            )
        if live_result is not None:  # entered meanwhile, most often on the other side's phone
            where = {"table": table.number, "hand": hand.number, "result": _said(event, live_result)}
            if live_result.status == live_result.Status.CONFIRMED:  # no Confirm or Dispute left
                message = _(
                    "Hand %(hand)d of table %(table)d was entered and confirmed meanwhile:"
                    " %(result)s. If that is wrong, tell the organizer."
                )
            else:
                message = _(
                    "Hand %(hand)d of table %(table)d was entered meanwhile: %(result)s."
                    " Check it: confirm it, or dispute it."
                )
            raise Conflict(
                "E_RESULT_EXISTS",
                message % where + _not_saved(event, typed, live_result),
                current=body,
            )
        return
    if expected_version != current:
        where = {"table": table.number, "hand": hand.number}
        message = (
            _("Hand %(hand)d of table %(table)d changed meanwhile: now %(result)s. Check it again.")
            % {**where, "result": _said(event, live_result)}
            if live_result is not None
            else _("Hand %(hand)d of table %(table)d changed meanwhile. Check it again.") % where
        )
        message += _not_saved(event, typed, live_result)
        raise Conflict("E_STALE", message, field="expected_version", current=body)


def _not_saved(event, typed: dict | None, live_result: Result | None) -> str:
    """What the refused write typed, said after the conflict's message."""
    if typed is None:
        return ""
    if live_result is not None and live_result.data == typed:
        return " " + _("You typed the same result.")
    said = game_for(event).describe(typed)
    return " " + _("What you typed (%(typed)s) was not saved.") % {"typed": said}


def _said(event, result: Result) -> str:
    """The stored result in the words the table page uses (not its version number)."""
    return game_for(event).describe(
        None if result.status == Result.Status.NOT_PLAYED else result.data
    )


def store_version(
    *,
    event,
    table,
    hand,
    live_result,
    data,
    status,
    action,
    source,
    actor,
    remote_addr,
    recount: bool = False,
) -> Result:
    """Add a version (superseding the live one) and its ScoreChange; the caller calls event_mark_changed.

    The live version is superseded only if it is still what the caller read (else ``Retry``);
    the new version follows it. ``recount`` (a retry) counts the versions instead, in case
    the live one vanished; a clash with a concurrent first version fails on the constraints.
    """
    if recount:
        last = Result.objects.filter(hand=hand, table=table).aggregate(n=Max("version"))["n"] or 0
    else:
        last = live_result.version if live_result is not None else 0
    old = result_snapshot(live_result)
    if live_result is not None:
        changed = Result.objects.filter(pk=live_result.pk, status=live_result.status).update(
            status=Result.Status.SUPERSEDED
        )
        if changed != 1:
            raise Retry
        live_result.status = Result.Status.SUPERSEDED
    result = Result.objects.create(
        event=event,
        hand=hand,
        table=table,
        version=last + 1,
        status=status,
        data=data,
        tricks_ns=game_for(event).tricks_ns(data) if status != Result.Status.NOT_PLAYED else None,
        source=source,
        created_by=actor,
        confirmed_at=timezone.now() if status == Result.Status.CONFIRMED else None,
    )
    _log_change(result, action, old, result_snapshot(result), source, actor, remote_addr)
    return result


def _log_change(result: Result, action, old, new, source, actor, remote_addr) -> None:
    ScoreChange.objects.create(
        event_id=result.event_id,
        hand_id=result.hand_id,
        table_id=result.table_id,
        result=result,
        action=action,
        old=old,
        new=new,
        source=source,
        actor=actor,
        remote_addr=remote_addr,
    )


def set_status(*, result, status, action, source, actor, remote_addr, note=""):
    """A confirmation or dispute changes the state of a version, not its data: only if the
    version is still in the state the caller read (else ``Retry``). The caller marks the
    event changed."""
    old = result_snapshot(result)
    confirmed_at = timezone.now() if status == Result.Status.CONFIRMED else result.confirmed_at
    changed = Result.objects.filter(pk=result.pk, status=result.status).update(
        status=status, confirmed_at=confirmed_at
    )
    if changed != 1:
        raise Retry
    result.status, result.confirmed_at = status, confirmed_at
    new = result_snapshot(result)
    if note:
        new["note"] = note
    _log_change(result, action, old, new, source, actor, remote_addr)


def is_trusted(actor) -> bool:
    """An organizer (a logged-in user) needs no confirmation; a table token does."""
    return actor is not None and getattr(actor, "is_authenticated", False)


def entry_status(event: Event, *, trusted: bool) -> str:
    if trusted or not event.confirmation_required:
        return Result.Status.CONFIRMED
    return Result.Status.ENTERED


# ---------------------------------------------------------------- checking with the engine


def _names(event: Event, numbers: list[int]) -> dict[str, str]:
    """Entry number (as the engine knows a player) -> name: read only to word a refusal."""
    rows = event.entries.filter(number__in=numbers).values_list("number", "player__name")
    return {str(number): name for number, name in rows}


def table_seats(*, table: Table, round_id: int) -> dict[str, Seating]:
    """The seat letter -> seating (with entry and player) of a table in a round."""
    rows = Seating.objects.filter(round_id=round_id, table=table).select_related("entry__player")
    return {row.seat: row for row in rows}


def stored_hands(*, table: Table, round_id: int) -> dict[int, dict]:
    """Hand number -> data of the table's counted results in a round."""
    rows = Result.objects.filter(
        table=table, hand__round_id=round_id, status__in=matches.COUNTED
    ).select_related("hand")
    return {r.hand.number: r.data for r in rows}


def result_check(
    *,
    event: Event,
    hand: Hand,
    table: Table,
    data: Any,
    seats: dict | None = None,
    pending: Mapping[int, dict] | None = None,
    stored: Mapping[int, dict] | None = None,
) -> dict:
    """Refuse bad data with the engine's own code and message; return the data to store."""
    if not isinstance(data, dict) or not data:
        raise DomainError(
            "E_DATA", _("The result must be an object with the hand's data."), field="data"
        )
    game = game_for(event)
    unknown = sorted(set(data) - game.data_keys)
    if unknown:
        raise DomainError(
            "E_DATA",
            _("Unknown field(s) for a %(system)s result: %(keys)s.")
            % {"system": event.system, "keys": ", ".join(brief(k) for k in unknown[:5])},
            field=f"data.{unknown[0][:40]}",
        )
    if seats is None:
        seats = table_seats(table=table, round_id=hand.round_id)
    held = len(set(SEATS) & set(seats))
    if held < 4 - event.ghost_seats:  # with a ghost seat, three play and the ghost's seat is empty
        raise DomainError(
            "E_SEATING",
            _("Table %(table)d is not fully seated in this round.") % {"table": table.number},
        )
    game.check(
        event,
        HandToCheck(
            number=hand.number,
            table=table.number,
            players={seat: str(seats[seat].entry.number) for seat in ALL_SEATS if seat in seats},
            data=data,
            pending=pending or {},
            stored=lambda: (
                stored if stored is not None else stored_hands(table=table, round_id=hand.round_id)
            ),
            names=lambda: _names(event, [s.entry.number for s in seats.values()]),
        ),
    )
    return data
