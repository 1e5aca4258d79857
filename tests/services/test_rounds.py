"""Rounds: opening (hands, trumps), closing (complete, forced, refused) and progression."""

import pytest

from tests.factories import confirmed_drive_result
from tests.services.organizer_helpers import confirm, make_event, seat_map, started_event
from tournaments.errors import DomainError
from tournaments.models import Event, Hand, Result, Round, ScoreChange
from tournaments.selectors.rounds import missing_results
from tournaments.services import events, rounds, seating

pytestmark = pytest.mark.django_db


def test_opening_a_round_creates_its_hands_with_the_trump_rotation():
    event = started_event(players=8, hands=10, hands_per_round=4, trumps=["H", "C", "D", "S", "NT"])
    rnd = event.rounds.get(number=1)
    assert [(h.number, h.trump) for h in rnd.hands.all()] == [
        (1, "H"),
        (2, "C"),
        (3, "D"),
        (4, "S"),
    ]
    assert rnd.status == "open" and rnd.opened_at is not None
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    rounds.round_open(event_id=event.pk)
    assert list(Hand.objects.filter(round__number=2).values_list("trump", flat=True)) == [
        "NT",
        "H",
        "C",
        "D",
    ]
    confirm(event, 2)
    rounds.round_close(event_id=event.pk, round_number=2)
    rounds.round_open(event_id=event.pk)
    assert list(Hand.objects.filter(round__number=3).values_list("number", flat=True)) == [9, 10]


def test_a_trumpless_kind_leaves_the_trump_to_the_bid():
    event = make_event(players=8, kind="bidwhist")
    from tournaments.services import entries

    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    assert set(Hand.objects.filter(event=event).values_list("trump", flat=True)) == {""}


def test_open_refusals():
    event = make_event(players=8)
    seating.event_seat(event_id=event.pk)
    with pytest.raises(DomainError, match="Cannot open a round"):
        rounds.round_open(event_id=event.pk)  # not started
    events.event_start(event_id=event.pk)
    with pytest.raises(DomainError) as info:
        rounds.round_open(event_id=event.pk, round_number=2)
    assert info.value.code == "E_ROUND_ORDER"
    rounds.round_open(event_id=event.pk, round_number=1)
    with pytest.raises(DomainError) as info:
        rounds.round_open(event_id=event.pk)
    assert info.value.code == "E_ROUND_OPEN"


def test_a_progressive_round_without_its_seating_cannot_open():
    event = started_event(players=8, hands=3)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    rounds.round_open(event_id=event.pk)
    assert event.rounds.get(number=2).status == "open"
    assert not event.rounds.get(number=3).seatings.exists()


def test_close_is_refused_while_tables_are_missing_and_nothing_changes():
    event = started_event(players=8)
    with pytest.raises(DomainError) as info:
        rounds.round_close(event_id=event.pk, round_number=1)
    assert info.value.code == "E_TABLES_MISSING"
    assert info.value.extra["tables"] == [1, 2]
    assert event.rounds.get(number=1).status == "open"
    assert not Result.objects.exists()


def test_force_close_records_the_missing_tables_as_not_played():
    event = started_event(players=8)
    rnd = event.rounds.get(number=1)
    hand = rnd.hands.get()
    table1 = event.tables.get(number=1)
    confirmed_drive_result(event=event, hand=hand, table=table1, ns=9).save()
    rounds.round_close(event_id=event.pk, round_number=1, force=True)
    live = Result.objects.exclude(status="superseded")
    assert sorted(live.values_list("table__number", "status")) == [
        (1, "confirmed"),
        (2, "not_played"),
    ]
    assert ScoreChange.objects.filter(action="not_played").count() == 1
    assert event.log.get(action="round_close").detail["not_played"] == [2]


@pytest.mark.parametrize(
    ("credit", "stored", "total"),
    [(6.5, 6.5, 6.5), ("7", 7, 7), (0, 0, 0), (None, "own_average", 0)],
)
def test_the_credit_chosen_for_a_missing_table_is_stored_and_scored(credit, stored, total):
    """Table 2 never reported its one hand: its players get the organizer's credit, not a sit-out."""
    from tournaments.selectors.standings import event_detail, event_standings

    event = started_event(players=8)
    rnd = event.rounds.get(number=1)
    confirmed_drive_result(
        event=event, hand=rnd.hands.get(), table=event.tables.get(number=1), ns=9
    ).save()
    rounds.round_close(event_id=event.pk, round_number=1, force=True, credit=credit)
    missing = Result.objects.get(status="not_played")
    assert missing.data == {"credit": stored}
    assert event.log.get(action="round_close").detail["credit"] == stored
    event.refresh_from_db()
    at_two = {n for n, (table, _seat) in seat_map(event, 1).items() if table == 2}
    standings = event_standings(event=event)["standings"]
    rows = [r for r in standings if set(r["numbers"]) & at_two]
    assert len(rows) == 4
    assert {(r["total"], r["played"], r["not_played"], r["sat_out"]) for r in rows} == {
        (total, 0, 1, 0)
    }
    card = event_detail(event=event)["cards"][rows[0]["key"]]
    assert [(c["hand"], c.get("not_played"), c.get("credit")) for c in card] == [(1, True, stored)]
    assert card[-1]["running_total"] == (total if stored != "own_average" else 0)


@pytest.mark.parametrize("credit", [14, -1, "lots", 6.3])
def test_a_credit_outside_0_to_13_tricks_is_refused(credit):
    event = started_event(players=8)
    with pytest.raises(DomainError) as err:
        rounds.round_close(event_id=event.pk, round_number=1, force=True, credit=credit)
    assert err.value.code == "E_CREDIT" and err.value.field == "credit"
    assert event.rounds.get(number=1).status == "open"


def test_closing_twice_and_closing_a_pending_round_are_refused():
    event = started_event(players=8, hands=2)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    with pytest.raises(DomainError) as info:
        rounds.round_close(event_id=event.pk, round_number=1)
    assert info.value.code == "E_ROUND_CLOSED"
    with pytest.raises(DomainError) as info:
        rounds.round_close(event_id=event.pk, round_number=2)
    assert info.value.code == "E_ROUND_NOT_OPEN"
    with pytest.raises(DomainError) as info:
        rounds.round_close(event_id=event.pk, round_number=9)
    assert info.value.code == "E_NO_ROUND"


def test_closing_bumps_the_version():
    event = started_event(players=8)
    before = event.__class__.objects.get(pk=event.pk).version
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    assert event.__class__.objects.get(pk=event.pk).version > before


def test_winners_split_moves_the_winning_lady_up_and_the_gent_down():
    event = started_event(players=8, hands=2)
    first = seat_map(event, 1)
    at = {(table, seat): n for n, (table, seat) in first.items()}
    confirm(event, 1, {1: 9, 2: 3})  # N/S win table 1, E/W win table 2
    rounds.round_close(event_id=event.pk, round_number=1)
    second = seat_map(event, 2)
    # table 1's winning lady (N) goes up to table 2; its winning gent (S) down to table 2 (wraps)
    assert second[at[(1, "N")]][0] == 2 and second[at[(1, "S")]][0] == 2
    # table 1's losing lady (E) stays at table 1 and partners the gent arriving from table 2
    assert second[at[(1, "E")]] == (1, "N")
    assert second[at[(2, "W")]] == (1, "S")  # table 2's winning gent (E/W won there)


def test_a_tie_over_the_round_goes_to_the_winner_of_the_last_hand():
    event = started_event(players=4, hands=4, hands_per_round=2, movement_kind="losers_split")
    rnd = event.rounds.get(number=1)
    table = event.tables.get(number=1)
    for hand, ns in zip(rnd.hands.order_by("number"), (4, 9), strict=True):  # 13 each: a tie
        confirmed_drive_result(event=event, hand=hand, table=table, ns=ns).save()
    assert rounds.round_winners(event, rnd) == {1: 0}  # N/S won the last hand


def test_revokes_count_in_the_round_winner():
    event = started_event(players=4, hands=2)
    rnd = event.rounds.get(number=1)
    Result.objects.create(
        event=event,
        hand=rnd.hands.get(),
        table=event.tables.get(number=1),
        status="confirmed",
        source="organizer",
        data={"tricks": {"ns": 8, "ew": 5}, "revokes": {"ns": 1, "ew": 0}},
        tricks_ns=8,
    )
    assert rounds.round_winners(event, rnd) == {1: 1}  # 3 tricks transferred: 5 v 8


def test_simulate_fills_an_open_round_with_confirmed_results():
    event = started_event(players=12, hands=3, hands_per_round=2)
    assert rounds.round_simulate(event_id=event.pk, round_number=1) == 6
    assert Result.objects.filter(status="confirmed").count() == 6
    assert missing_results(event.rounds.get(number=1)) == {}
    rounds.round_close(event_id=event.pk, round_number=1)
    with pytest.raises(DomainError) as info:
        rounds.round_simulate(event_id=event.pk, round_number=1)
    assert info.value.code == "E_ROUND_NOT_OPEN"


def test_a_fixed_movement_does_not_reseat_at_close():
    event = started_event(players=8, movement_kind="individual", hands=3)
    planned = seat_map(event, 2)
    confirm(event, 1)
    rounds.round_close(event_id=event.pk, round_number=1)
    assert seat_map(event, 2) == planned
    assert Round.objects.get(event=event, number=1).status == "closed"


def test_prize_options_on_a_progressive_drive_do_not_stop_round_close():
    """Ladies' and gents' lists and one prize per person are standings options, not engine
    rules: closing a round of a progressive drive that has them works (it failed with E_RULES)."""
    event = started_event(players=8, hands=2)
    Event.objects.filter(pk=event.pk).update(
        rules={"categories": "role", "no_double_prizes": True, "prizes": {"booby": True}}
    )
    confirm(event, 1, {1: 9, 2: 3})
    rounds.round_close(event_id=event.pk, round_number=1)
    assert event.rounds.get(number=2).seatings.exists()
