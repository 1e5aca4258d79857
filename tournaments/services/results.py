"""Score entry: a table's result for a hand, from a phone, the organizer or an API client.

Every write locks the event row first (one writer per event at a time, in the
database, so a crowd of phones cannot interleave), then the live result row. A
change never overwrites: it adds a ``Result`` version and supersedes the old one,
and every action leaves a ``ScoreChange``. Data is checked by the event's own
scoring engine (a drive's hand on its own; a rubber's, Bid Whist's or Es-makker's
hand within the table's whole round, since it is valid only after the hands before
it), so the table sees exactly the engine's code and message. An ``Idempotency-Key`` makes a retry (a phone's offline queue, a
flaky network) return the first answer instead of storing twice.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict, Unpack

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments.errors import Conflict, DomainError, NotFound, brief
from tournaments.models import (
    SEATS,
    Event,
    Hand,
    IdempotencyRecord,
    Result,
    Round,
    ScoreChange,
    Seating,
    Source,
    Table,
    new_token,
)
from tournaments.selectors import matches
from tournaments.services.common import event_lock, event_log, event_mark_changed

# The keys of a result's ``data`` per engine (docs/architecture.md); anything else is refused
# so a typo in an API client's payload is not silently stored.
DATA_KEYS = {
    "drive": frozenset({"tricks", "revokes"}),
    "rubber": frozenset({"tricks", "honours", "revokes"}),
    "bidwhist": frozenset({"bid", "bidder", "books", "dealer", "auction"}),
    "esmakker": frozenset({"contract", "tricks", "dealer", "auction"}),
}

# Which form field an engine's error belongs beside.
FIELD_OF_CODE = {
    "E_TRICKS_RANGE": "tricks",
    "E_TRICKS_TOTAL": "tricks",
    "E_HONOURS_BOTH": "honours",
    "E_HONOURS_RANGE": "honours",
    "E_HONOURS_LATE": "honours",
    "E_REVOKE_PENALTY": "revokes",
    "E_REVOKE_LATE": "revokes",
    "E_RUBBER_OVER": "tricks",
    "E_GAME_OVER": "bid",
    "E_CONTRACT_MISMATCH": "auction",
    "E_BID_NOT_HIGHER": "auction",
    "E_DEALER_MUST_BID": "auction",
    "E_PLAYER_UNKNOWN": "contract.declarer",
    "E_BID_RANGE": "bid",
    "E_BID_FORMAT": "bid",
    "E_BID_DISABLED": "bid",
    "E_BOOKS_RANGE": "books",
    "E_TRUMP_RULE": "contract.trump",
    "E_KITTY_EXCHANGE": "contract.kitty_exchanged",
    "E_PARTNER_RULE": "contract.partner",
}

IDEMPOTENCY_KEY_MAX = 100


@dataclass(frozen=True)
class Outcome:
    """What a write answered: the result row and the body replayed for the same key;
    ``created`` when it stored the first version (the edge decides what that means in HTTP)."""

    result: Result | None
    body: dict
    created: bool = False
    replayed: bool = False


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


class GridInvalid(DomainError):
    """Some cells were refused; ``cells`` maps "table-hand" to that cell's error. Nothing saved."""

    def __init__(self, cells: dict[str, dict]) -> None:
        super().__init__(
            "E_GRID",
            _("%(count)d cell(s) need fixing; nothing was saved.") % {"count": len(cells)},
            cells=cells,
        )
        self.cells = cells


# ---------------------------------------------------------------- reading a result as data


def result_snapshot(result: Result | None) -> dict | None:
    """What a ScoreChange keeps as ``old``/``new``: enough to show the change on its own."""
    if result is None:
        return None
    return {"version": result.version, "status": result.status, "data": result.data}


def result_as_dict(result: Result, *, event: Event, table: Table, hand: Hand) -> dict:
    """The API's (and the idempotency record's) view of a result version."""
    return {
        "system": event.system,
        "event": event.slug,
        "hand": hand.number,
        "table": table.number,
        "version": result.version,
        "status": result.status,
        "counts": result.status == Result.Status.CONFIRMED,
        "data": result.data,
        "tricks_ns": result.tricks_ns,
        "source": result.source,
        "created_at": result.created_at.isoformat() if result.created_at else None,
        "confirmed_at": result.confirmed_at.isoformat() if result.confirmed_at else None,
    }


def _current_body(live_result: Result | None, *, event, table, hand) -> dict | None:
    return result_as_dict(live_result, event=event, table=table, hand=hand) if live_result else None


# ---------------------------------------------------------------- checking with the engine


def table_seats(*, table: Table, round_id: int) -> dict[str, Seating]:
    """The seat letter -> seating (with entry and player) of a table in a round."""
    rows = Seating.objects.filter(round_id=round_id, table=table).select_related("entry__player")
    return {row.seat: row for row in rows}


def _engine_record(event: Event, hand: Hand, table: Table, seats: dict, data: dict) -> dict:
    """A one-hand drive record with the table's seated players (a drive's hands stand alone)."""
    rules = matches.engine_rules(event)
    rules.setdefault("hands", event.hands)
    players = {seat: str(seats[seat].entry.number) for seat in SEATS}
    row = {
        **data,
        "hand": hand.number,
        "table": table.number,
        "ns": [players["N"], players["S"]],
        "ew": [players["E"], players["W"]],
    }
    return {"rules": rules, "hands": [row]}


def _stored_hands(*, table: Table, round_id: int) -> dict[int, dict]:
    """Hand number -> data of the table's counted results in a round."""
    rows = Result.objects.filter(
        table=table, hand__round_id=round_id, status__in=matches.COUNTED
    ).select_related("hand")
    return {r.hand.number: r.data for r in rows}


def _check_sequence(
    event: Event,
    hand: Hand,
    table: Table,
    seats: dict,
    data: dict,
    pending: Mapping[int, dict],
    stored: Mapping[int, dict] | None,
) -> None:
    """Score the table's whole round with this hand in it: a rubber or Bid Whist hand is valid
    only after the hands before it (no hand after the rubber is decided).

    ``pending`` holds other hands of this table being saved at the same time (the grid); an
    error in one of those is reported on its own cell, not here. ``stored`` (the table's
    counted hands) is read when the caller has not already read it.
    """
    if stored is None:
        stored = _stored_hands(table=table, round_id=hand.round_id)
    sequence = {**stored, **pending, hand.number: data}
    numbers = sorted(sequence)
    players = matches.seat_players({seat: str(seats[seat].entry.number) for seat in SEATS})
    try:
        matches.score_sequence(event, [sequence[n] for n in numbers], players)
    except scoring.ScoringError as exc:
        at = numbers[exc.hand - 1] if exc.hand and exc.hand <= len(numbers) else hand.number
        if at == hand.number:
            raise DomainError(exc.code, exc.message, field=FIELD_OF_CODE.get(exc.code)) from exc
        if at in pending:
            return
        raise DomainError(
            exc.code, _("Hand %(n)d: %(message)s") % {"n": at, "message": exc.message}
        ) from exc


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
    unknown = sorted(set(data) - DATA_KEYS[event.system])
    if unknown:
        raise DomainError(
            "E_DATA",
            _("Unknown field(s) for a %(system)s result: %(keys)s.")
            % {"system": event.system, "keys": ", ".join(brief(k) for k in unknown[:5])},
            field=f"data.{unknown[0][:40]}",
        )
    if seats is None:
        seats = table_seats(table=table, round_id=hand.round_id)
    if set(seats) != set(SEATS):
        raise DomainError(
            "E_SEATING",
            _("Table %(table)d is not fully seated in this round.") % {"table": table.number},
        )
    if event.system != "drive":
        _check_sequence(event, hand, table, seats, data, pending or {}, stored)
        return data
    try:
        scoring.score(event.system, _engine_record(event, hand, table, seats, data))
    except scoring.ScoringError as exc:
        raise DomainError(exc.code, exc.message, field=FIELD_OF_CODE.get(exc.code)) from exc
    return data


def _tricks_ns(event: Event, data: dict) -> int | None:
    if event.system != "drive":
        return None
    return data["tricks"]["ns"]


# ---------------------------------------------------------------- idempotency


def _fingerprint(op: str, table: Table, hand: Hand, payload: Any) -> str:
    raw = json.dumps(
        {"op": op, "table": table.pk, "hand": hand.pk, "payload": payload}, sort_keys=True
    )
    return hashlib.sha256(raw.encode()).hexdigest()


def _scope(event_id: int) -> str:
    return f"event:{event_id}:results"


def _replay(event_id: int, key: str | None, fingerprint: str) -> Outcome | None:
    """The first answer to ``key``, or None; the same key for another request is refused."""
    if key is None:
        return None
    if not key or len(key) > IDEMPOTENCY_KEY_MAX:
        raise DomainError(
            "E_IDEMPOTENCY_KEY",
            _("An Idempotency-Key must be 1 to %(max)d characters.") % {"max": IDEMPOTENCY_KEY_MAX},
            field="idempotency_key",
        )
    record = IdempotencyRecord.objects.filter(scope=_scope(event_id), key=key).first()
    if record is None:
        return None
    if record.fingerprint != fingerprint:
        raise DomainError(
            "E_IDEMPOTENCY_REUSED",
            _("This Idempotency-Key was already used for a different request; use a new key."),
            field="idempotency_key",
        )
    return Outcome(result=None, body=record.body, created=record.created, replayed=True)


def _remember(event_id: int, key: str | None, fingerprint: str, outcome: Outcome) -> Outcome:
    if key is not None:
        IdempotencyRecord.objects.create(
            scope=_scope(event_id),
            key=key,
            fingerprint=fingerprint,
            created=outcome.created,
            body=outcome.body,
        )
    return outcome


# ---------------------------------------------------------------- locking and rules of access


def _lock(*, table: Table, hand: Hand) -> tuple[Event, Result | None]:
    """Lock the event, then the live result of (hand, table); refuse a mismatched pair."""
    event = event_lock(event_id=table.event_id)
    if hand.event_id != event.pk:
        raise NotFound("E_NOT_FOUND", _("No such hand in this event."))
    live_result = (
        Result.objects.select_for_update()
        .filter(hand=hand, table=table)
        .exclude(status=Result.Status.SUPERSEDED)
        .first()
    )
    return event, live_result


def _require_unpublished(event: Event) -> None:
    if event.status == Event.Status.PUBLISHED:
        raise DomainError(
            "E_EDIT_LOCKED",
            _("The results are published; the organizer must reopen the event to change them."),
        )


def _require_round(round_id: int, *, trusted: bool) -> Round:
    """A table writes only while the round is open; the organizer also after it closed."""
    rnd = Round.objects.get(pk=round_id)
    allowed = {Round.Status.OPEN, Round.Status.CLOSED} if trusted else {Round.Status.OPEN}
    if rnd.status not in allowed:
        raise DomainError(
            "E_ROUND_STATUS",
            _("Round %(round)d is %(status)s: results cannot be entered for it.")
            % {"round": rnd.number, "status": rnd.get_status_display()},
        )
    return rnd


def _require_version(live_result, expected_version, *, event, table, hand, required: bool) -> None:
    """Optimistic concurrency: the caller must have seen the live version it changes."""
    current = live_result.version if live_result else 0
    body = _current_body(live_result, event=event, table=table, hand=hand)
    if expected_version is None:
        if required:
            raise DomainError(
                "E_VERSION_REQUIRED",
                _("Say which version you are changing (If-Match)."),
                field="expected_version",
                current=body,
            )
        if live_result is not None:
            raise Conflict(
                "E_RESULT_EXISTS",
                _("Table %(table)d already has a result for hand %(hand)d (version %(version)d).")
                % {"table": table.number, "hand": hand.number, "version": current},
                current=body,
            )
        return
    if expected_version != current:
        raise Conflict(
            "E_STALE",
            _("The result changed meanwhile: version %(current)d is current, not %(expected)d.")
            % {"current": current, "expected": expected_version},
            field="expected_version",
            current=body,
        )


def _store_version(
    *, event, table, hand, live_result, data, status, action, source, actor, remote_addr
) -> Result:
    """Add a version (superseding the live one) and its ScoreChange; the caller calls event_mark_changed."""
    last = Result.objects.filter(hand=hand, table=table).aggregate(n=Max("version"))["n"] or 0
    old = result_snapshot(live_result)
    if live_result is not None:
        live_result.status = Result.Status.SUPERSEDED
        live_result.save(update_fields=["status"])
    result = Result.objects.create(
        event=event,
        hand=hand,
        table=table,
        version=last + 1,
        status=status,
        data=data,
        tricks_ns=_tricks_ns(event, data) if status != Result.Status.NOT_PLAYED else None,
        source=source,
        created_by=actor,
        confirmed_at=timezone.now() if status == Result.Status.CONFIRMED else None,
    )
    ScoreChange.objects.create(
        event=event,
        hand=hand,
        table=table,
        result=result,
        action=action,
        old=old,
        new=result_snapshot(result),
        source=source,
        actor=actor,
        remote_addr=remote_addr,
    )
    return result


def _set_status(*, event, table, hand, result, status, action, source, actor, remote_addr, note=""):
    """A confirmation or dispute changes the state of a version, not its data."""
    old = result_snapshot(result)
    result.status = status
    if status == Result.Status.CONFIRMED:
        result.confirmed_at = timezone.now()
    result.save(update_fields=["status", "confirmed_at"])
    new = result_snapshot(result)
    if note:
        new["note"] = note
    ScoreChange.objects.create(
        event=event,
        hand=hand,
        table=table,
        result=result,
        action=action,
        old=old,
        new=new,
        source=source,
        actor=actor,
        remote_addr=remote_addr,
    )
    event_mark_changed(event=event)


def _is_trusted(actor) -> bool:
    """An organizer (a logged-in user) needs no confirmation; a table token does."""
    return actor is not None and getattr(actor, "is_authenticated", False)


def _entry_status(event: Event, *, trusted: bool) -> str:
    if trusted or not event.confirmation_required:
        return Result.Status.CONFIRMED
    return Result.Status.ENTERED


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
    trusted = _is_trusted(actor)
    with transaction.atomic():
        event, live_result = _lock(table=table, hand=hand)
        fingerprint = _fingerprint(op, table, hand, data)
        replay = _replay(event.pk, idempotency_key, fingerprint)
        if replay is not None:
            return replay
        _require_unpublished(event)
        _require_round(hand.round_id, trusted=trusted)
        clean = result_check(event=event, hand=hand, table=table, data=data)
        _require_version(
            live_result,
            expected_version,
            event=event,
            table=table,
            hand=hand,
            required=version_required,
        )
        if (
            live_result is not None
            and not trusted
            and live_result.status == Result.Status.CONFIRMED
        ):
            raise Conflict(
                "E_ALREADY_CONFIRMED",
                _("This result is confirmed; ask the organizer to correct it."),
                current=_current_body(live_result, event=event, table=table, hand=hand),
            )
        result = _store_version(
            event=event,
            table=table,
            hand=hand,
            live_result=live_result,
            data=clean,
            status=_entry_status(event, trusted=trusted),
            action=ScoreChange.Action.CORRECT if live_result else ScoreChange.Action.ENTER,
            source=source,
            actor=actor,
            remote_addr=remote_addr,
        )
        event_mark_changed(event=event)
        body = result_as_dict(result, event=event, table=table, hand=hand)
        outcome = Outcome(result=result, body=body, created=live_result is None)
        return _remember(event.pk, idempotency_key, fingerprint, outcome)


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
    trusted = _is_trusted(actor)
    target = Result.Status.CONFIRMED if op == "confirm" else Result.Status.DISPUTED
    with transaction.atomic():
        event, live_result = _lock(table=table, hand=hand)
        fingerprint = _fingerprint(
            op, table, hand, {"expected_version": expected_version, "note": note}
        )
        replay = _replay(event.pk, idempotency_key, fingerprint)
        if replay is not None:
            return replay
        _require_unpublished(event)
        _require_round(hand.round_id, trusted=trusted)
        if live_result is None or live_result.status == Result.Status.NOT_PLAYED:
            raise NotFound(
                "E_NO_RESULT",
                _("There is no result to confirm yet.")
                if op == "confirm"
                else _("There is no result to dispute yet."),
            )
        if expected_version is not None or version_required:
            _require_version(
                live_result, expected_version, event=event, table=table, hand=hand, required=True
            )
        current = _current_body(live_result, event=event, table=table, hand=hand)
        if live_result.status == target:  # a double tap: already done, nothing new to record
            return _remember(event.pk, idempotency_key, fingerprint, Outcome(live_result, current))
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
        _set_status(
            event=event,
            table=table,
            hand=hand,
            result=live_result,
            status=target,
            action=ScoreChange.Action.CONFIRM if op == "confirm" else ScoreChange.Action.DISPUTE,
            source=source,
            actor=actor,
            remote_addr=remote_addr,
            note=note,
        )
        body = result_as_dict(live_result, event=event, table=table, hand=hand)
        return _remember(event.pk, idempotency_key, fingerprint, Outcome(live_result, body))


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


def result_mark_not_played(*, table: Table, hand: Hand, actor=None) -> Result:
    """Record that a table did not play a hand (a round closed with the table missing).

    Supersedes an unconfirmed or disputed entry; a confirmed result is refused.
    Safe inside the caller's transaction (round close), and a no-op when already marked.
    """
    with transaction.atomic():
        event, live_result = _lock(table=table, hand=hand)
        _require_unpublished(event)
        if live_result is not None and live_result.status == Result.Status.NOT_PLAYED:
            return live_result
        if live_result is not None and live_result.status == Result.Status.CONFIRMED:
            raise Conflict(
                "E_ALREADY_CONFIRMED",
                _("Table %(table)d has a confirmed result for hand %(hand)d.")
                % {"table": table.number, "hand": hand.number},
            )
        result = _store_version(
            event=event,
            table=table,
            hand=hand,
            live_result=live_result,
            data={},
            status=Result.Status.NOT_PLAYED,
            action=ScoreChange.Action.NOT_PLAYED,
            source=Source.ORGANIZER if actor is not None else Source.SYSTEM,
            actor=actor,
            remote_addr=None,
        )
        event_mark_changed(event=event)
        return result


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
        _require_unpublished(event)
        try:
            rnd = Round.objects.get(event=event, number=round_number)
        except Round.DoesNotExist as exc:
            raise NotFound("E_NOT_FOUND", _("No such round.")) from exc
        _require_round(rnd.pk, trusted=True)
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
                _require_version(
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
        outcome = GridOutcome()
        for item in plan:
            if item is None:
                outcome.unchanged += 1
                continue
            table, hand, live_result, clean = item
            outcome.saved.append(
                _store_version(
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
