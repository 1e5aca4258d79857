"""Score entry services: entry, confirmation, disputes, corrections, the grid, integrity."""

from __future__ import annotations

import contextlib
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections

from tests.conftest import require_service
from tests.factories import UserFactory, build_seated_event, esmakker_data
from tests.factories import drive_data as drive
from tournaments.errors import Conflict, DomainError, NotFound
from tournaments.models import Event, Hand, IdempotencyRecord, Result, ScoreChange, Table
from tournaments.services import results as svc


def table_hand(event, table=1, hand=1):
    return Table.objects.get(event=event, number=table), Hand.objects.get(event=event, number=hand)


@pytest.fixture
def event(db):
    return build_seated_event(players=8, rounds=2, open_rounds=1)


@pytest.fixture
def organizer(db):
    return UserFactory()


def test_entry_waits_for_the_opponents_then_counts(event, django_capture_on_commit_callbacks):
    table, hand = table_hand(event)
    before = Event.objects.get(pk=event.pk).version
    with django_capture_on_commit_callbacks() as callbacks:
        out = svc.result_submit(table=table, hand=hand, data=drive(8), remote_addr="10.0.0.9")
    assert out.created
    assert out.body["status"] == "entered" and out.body["counts"] is False
    assert out.result.tricks_ns == 8
    assert len(callbacks) == 1  # live.event_changed after commit
    out = svc.result_confirm(table=table, hand=hand, expected_version=1)
    assert out.body["status"] == "confirmed"
    assert Event.objects.get(pk=event.pk).version == before + 2
    actions = list(ScoreChange.objects.values_list("action", "source", "remote_addr"))
    assert actions == [("enter", "table", "10.0.0.9"), ("confirm", "table", None)]


def test_no_confirmation_needed_stores_confirmed_at_once(db):
    event = build_seated_event(confirmation_required=False)
    table, hand = table_hand(event)
    assert svc.result_submit(table=table, hand=hand, data=drive(6)).result.status == "confirmed"


def test_organizer_entry_is_confirmed(event, organizer):
    table, hand = table_hand(event)
    out = svc.result_submit(
        table=table, hand=hand, data=drive(6), source="organizer", actor=organizer
    )
    assert out.result.status == "confirmed"
    assert ScoreChange.objects.get().actor == organizer


def test_dispute_goes_to_the_organizer_who_corrects_it(event, organizer):
    table, hand = table_hand(event)
    svc.result_submit(table=table, hand=hand, data=drive(8))
    svc.result_dispute(table=table, hand=hand, note="we took 6")
    with pytest.raises(Conflict) as err:
        svc.result_confirm(table=table, hand=hand)
    assert err.value.code == "E_DISPUTED"
    out = svc.result_correct(
        table=table, hand=hand, data=drive(7), expected_version=1, actor=organizer
    )
    assert (out.result.version, out.result.status) == (2, "confirmed")
    versions = list(
        Result.objects.order_by("version").values_list("version", "status", "tricks_ns")
    )
    assert versions == [(1, "superseded", 8), (2, "confirmed", 7)]
    change = ScoreChange.objects.get(action="correct")
    assert change.old == {"version": 1, "status": "disputed", "data": drive(8)}
    assert change.new["data"] == drive(7)
    assert ScoreChange.objects.get(action="dispute").new["note"] == "we took 6"


def test_a_second_entry_without_version_is_a_conflict_carrying_the_current(event):
    table, hand = table_hand(event)
    svc.result_submit(table=table, hand=hand, data=drive(8))
    with pytest.raises(Conflict) as err:
        svc.result_submit(table=table, hand=hand, data=drive(9))
    assert err.value.code == "E_RESULT_EXISTS"
    assert err.value.extra["current"]["data"] == drive(8)
    # the phone reloads to show what is stored: the message keeps what its player typed
    assert err.value.message.endswith("What you typed (N/S 9, E/W 4) was not saved.")
    with pytest.raises(Conflict) as same:
        svc.result_submit(table=table, hand=hand, data=drive(8))
    assert same.value.message.endswith("N/S 8, E/W 5. Check it: confirm it, or dispute it. You typed the same result.")
    # confirmed meanwhile: no Confirm or Dispute is left to offer (a fault walk read both
    # under a hand that showed neither)
    svc.result_confirm(table=table, hand=hand, expected_version=1)
    with pytest.raises(Conflict) as confirmed:
        svc.result_submit(table=table, hand=hand, data=drive(10))
    assert confirmed.value.message == (
        "Hand 1 of table 1 was entered and confirmed meanwhile: N/S 8, E/W 5. If that is wrong,"
        " tell the organizer. What you typed (N/S 10, E/W 3) was not saved."
    )


def test_table_may_fix_its_own_entry_before_confirmation_but_not_after(event):
    table, hand = table_hand(event)
    svc.result_submit(table=table, hand=hand, data=drive(8))
    out = svc.result_submit(table=table, hand=hand, data=drive(9), expected_version=1)
    assert (out.result.version, out.result.status) == (2, "entered")
    svc.result_confirm(table=table, hand=hand)
    with pytest.raises(Conflict) as err:
        svc.result_submit(table=table, hand=hand, data=drive(3), expected_version=2)
    assert err.value.code == "E_ALREADY_CONFIRMED"


def test_stale_version_is_refused(event, organizer):
    table, hand = table_hand(event)
    svc.result_submit(table=table, hand=hand, data=drive(8))
    svc.result_correct(table=table, hand=hand, data=drive(7), expected_version=1, actor=organizer)
    with pytest.raises(Conflict) as err:
        svc.result_correct(
            table=table, hand=hand, data=drive(6), expected_version=1, actor=organizer
        )
    assert err.value.code == "E_STALE"
    assert err.value.extra["current"]["version"] == 2
    assert err.value.message == (
        "Hand 1 of table 1 changed meanwhile: now N/S 7, E/W 6. Check it again."
        " What you typed (N/S 6, E/W 7) was not saved."
    )
    with pytest.raises(DomainError) as err:
        svc.result_correct(
            table=table, hand=hand, data=drive(6), expected_version=None, actor=organizer
        )
    assert err.value.code == "E_VERSION_REQUIRED"


def test_engine_errors_keep_code_and_field_and_store_nothing(event):
    table, hand = table_hand(event)
    with pytest.raises(DomainError) as err:
        svc.result_submit(table=table, hand=hand, data={"tricks": {"ns": 8, "ew": 6}})
    assert (err.value.code, err.value.field) == ("E_TRICKS_TOTAL", "tricks")
    assert not Result.objects.exists() and not ScoreChange.objects.exists()


def test_replayed_key_returns_the_first_answer_and_stores_nothing_new(event):
    table, hand = table_hand(event)
    first = svc.result_submit(table=table, hand=hand, data=drive(8), idempotency_key="k-1")
    version = Event.objects.get(pk=event.pk).version
    again = svc.result_submit(table=table, hand=hand, data=drive(8), idempotency_key="k-1")
    assert again.replayed and again.body == first.body and again.created
    assert Result.objects.count() == 1 and ScoreChange.objects.count() == 1
    assert IdempotencyRecord.objects.count() == 1
    assert Event.objects.get(pk=event.pk).version == version
    with pytest.raises(DomainError) as err:
        svc.result_submit(table=table, hand=hand, data=drive(9), idempotency_key="k-1")
    assert err.value.code == "E_IDEMPOTENCY_REUSED"


def test_closed_and_pending_rounds_refuse_tables_but_organizer_corrects_closed(event, organizer):
    table, hand2 = table_hand(event, hand=2)  # round 2 is pending
    with pytest.raises(DomainError) as err:
        svc.result_submit(table=table, hand=hand2, data=drive(8))
    assert err.value.code == "E_ROUND_STATUS"
    _, hand1 = table_hand(event)
    svc.result_submit(table=table, hand=hand1, data=drive(8))
    hand1.round.status = "closed"
    hand1.round.save()
    with pytest.raises(DomainError):
        svc.result_confirm(table=table, hand=hand1)
    out = svc.result_correct(
        table=table, hand=hand1, data=drive(5), expected_version=1, actor=organizer
    )
    assert out.result.status == "confirmed"


def test_published_event_is_locked_until_reopened(event, organizer):
    table, hand = table_hand(event)
    svc.result_submit(table=table, hand=hand, data=drive(8), actor=organizer)
    Event.objects.filter(pk=event.pk).update(status="published")
    with pytest.raises(DomainError) as err:
        svc.result_correct(
            table=table, hand=hand, data=drive(5), expected_version=1, actor=organizer
        )
    assert err.value.code == "E_EDIT_LOCKED"
    Event.objects.filter(pk=event.pk).update(status="finished")  # what event_reopen leaves
    svc.result_correct(table=table, hand=hand, data=drive(5), expected_version=1, actor=organizer)


def test_mark_not_played_supersedes_an_unconfirmed_entry_and_refuses_a_confirmed(event):
    table, hand = table_hand(event)
    svc.result_submit(table=table, hand=hand, data=drive(8))
    result = svc.result_mark_not_played(table=table, hand=hand)
    assert (result.version, result.status, result.data) == (2, "not_played", {})
    assert svc.result_mark_not_played(table=table, hand=hand).pk == result.pk  # idempotent
    other, _ = table_hand(event, table=2)
    svc.result_submit(table=other, hand=hand, data=drive(8))
    svc.result_confirm(table=other, hand=hand)
    with pytest.raises(Conflict):
        svc.result_mark_not_played(table=other, hand=hand)


def test_other_engines_check_their_own_fields(db):
    cases = [
        ("robber", {"tricks": {"A": 8, "B": 5}, "honours": {"A": 4}, "revokes": []}, None),
        ("robber", {"tricks": {"A": 8, "B": 5}, "honours": {"A": 4, "B": 4}}, "E_HONOURS_BOTH"),
        ("bidwhist", {"bid": "4 uptown", "bidder": "A", "books": 10}, None),
        ("bidwhist", {"bid": "4 uptown", "bidder": "A", "books": 14}, "E_BOOKS_RANGE"),
        (
            "esmakker",
            esmakker_data(),
            None,
        ),
        (
            "esmakker",
            esmakker_data(kitty_exchanged=2),
            "E_KITTY_EXCHANGE",
        ),
    ]
    for kind, data, code in cases:
        event = build_seated_event(kind=kind, players=4, rounds=1)
        table, hand = table_hand(event)
        if code is None:
            assert svc.result_submit(table=table, hand=hand, data=data).result.data == data
        else:
            with pytest.raises(DomainError) as err:
                svc.result_submit(table=table, hand=hand, data=data)
            assert err.value.code == code, kind


def test_grid_saves_all_or_nothing(event, organizer):
    cells = [
        svc.GridCell(table=1, hand=1, data=drive(8)),
        svc.GridCell(table=2, hand=1, data=drive(14)),
    ]
    with pytest.raises(svc.GridInvalid) as err:
        svc.results_save_grid(event=event, round_number=1, cells=cells, actor=organizer)
    assert set(err.value.cells) == {"2-1"} and err.value.cells["2-1"]["code"] == "E_TRICKS_RANGE"
    assert not Result.objects.exists()
    cells[1] = svc.GridCell(table=2, hand=1, data=drive(4))
    out = svc.results_save_grid(event=event, round_number=1, cells=cells, actor=organizer)
    assert len(out.saved) == 2 and {r.status for r in out.saved} == {"confirmed"}
    # the same grid again changes nothing; an edit from a stale grid is refused per cell
    again = svc.results_save_grid(event=event, round_number=1, cells=cells, actor=organizer)
    assert (len(again.saved), again.unchanged) == (0, 2)
    with pytest.raises(svc.GridInvalid) as err:
        svc.results_save_grid(
            event=event, round_number=1, cells=[svc.GridCell(table=1, hand=1, data=drive(2))]
        )
    assert err.value.cells["1-1"]["code"] == "E_STALE"


def test_regenerated_token_replaces_the_old(event):
    table = Table.objects.get(event=event, number=1)
    old = table.token
    assert svc.table_regenerate_token(table=table).token != old
    assert not Table.objects.filter(token=old).exists()


# ---------------------------------------------------------------- PostgreSQL concurrency

THREADS = 200
WORKERS = 40  # PostgreSQL allows 100 connections; 40 at once keep the crowd large but legal


def _submit_or_correct(ids: tuple[int, int, int], i: int, barrier: threading.Barrier) -> str:
    """A phone submits; when a result exists, the organizer corrects the version it was told."""
    table_id, hand_id, organizer_id = ids
    try:
        table, hand = Table.objects.get(pk=table_id), Hand.objects.get(pk=hand_id)
        organizer = get_user_model().objects.get(pk=organizer_id)
        with contextlib.suppress(threading.BrokenBarrierError):  # start together, as a crowd
            barrier.wait(timeout=30)
        key = str(uuid.uuid4())
        try:
            svc.result_submit(table=table, hand=hand, data=drive(i % 14), idempotency_key=key)
            return "entered"
        except Conflict as exc:
            current = exc.extra["current"]["version"]
        try:
            svc.result_correct(
                table=table,
                hand=hand,
                data=drive((i + 1) % 14),
                expected_version=current,
                source="api",
                actor=organizer,
                idempotency_key=key + "-c",
            )
            return "corrected"
        except Conflict as exc:
            return exc.code
    finally:
        connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_200_concurrent_submissions_leave_one_confirmed_result_and_a_complete_history():
    if connection.vendor != "postgresql":
        require_service(f"needs PostgreSQL (DATABASE_URL), the database is {connection.vendor}")
    event = build_seated_event(confirmation_required=False)
    table, hand = table_hand(event)
    ids = (table.pk, hand.pk, UserFactory().pk)
    barrier = threading.Barrier(WORKERS)
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        answers = list(pool.map(lambda i: _submit_or_correct(ids, i, barrier), range(THREADS)))
    assert answers.count("entered") == 1
    assert set(answers) <= {"entered", "corrected", "E_STALE"}
    versions = list(Result.objects.filter(table=table, hand=hand).order_by("version"))
    accepted = answers.count("entered") + answers.count("corrected")
    assert [r.version for r in versions] == list(range(1, accepted + 1))
    assert [r.status for r in versions].count("confirmed") == 1
    assert versions[-1].status == "confirmed"
    assert all(r.status == "superseded" for r in versions[:-1])
    changes = list(ScoreChange.objects.filter(table=table, hand=hand).order_by("result__version"))
    assert len(changes) == accepted
    for previous, change in zip([None, *versions], changes, strict=False):  # each links to the last
        assert change.old == (
            None if previous is None else {**svc.result_snapshot(previous), "status": "confirmed"}
        )
    assert Event.objects.get(pk=event.pk).version == 1 + accepted


def test_unknown_table_of_the_grid_is_a_cell_error(event):
    with pytest.raises(svc.GridInvalid) as err:
        svc.results_save_grid(
            event=event, round_number=1, cells=[svc.GridCell(table=9, hand=1, data=drive(3))]
        )
    assert err.value.cells["9-1"]["code"] == "E_NOT_FOUND"
    with pytest.raises(NotFound):
        svc.results_save_grid(event=event, round_number=7, cells=[])
