"""Players who cannot move: marked on the entry, kept at one table and seat all evening."""

import json

import pytest

from tests.services.organizer_helpers import confirm, make_event, seat_map, started_event
from tournaments.errors import DomainError
from tournaments.models import Entry, Event
from tournaments.selectors.print_options import print_options
from tournaments.selectors.printing import print_document
from tournaments.selectors.transfer import event_export
from tournaments.services import entries, events, rounds, seating
from tournaments.services.transfer import event_import

pytestmark = pytest.mark.django_db


def mark(event: Event, *numbers: int) -> None:
    for number in numbers:
        entry = event.entries.get(number=number)
        entries.entry_set_stationary(event_id=event.pk, entry_id=entry.pk, stationary=True)


def homes(event: Event, number: int) -> set:
    return {seat_map(event, r)[number] for r in range(1, event.rounds.count() + 1)}


def test_an_individual_movement_keeps_marked_players_at_one_seat_with_the_grade():
    event = make_event(players=24, movement_kind="individual", hands=23)
    mark(event, 5, 17)
    seating.event_seat(event_id=event.pk)
    event.refresh_from_db()
    assert homes(event, 5) == {(1, "N")} and homes(event, 17) == {(2, "N")}
    grade = event.movement["grade"]
    assert grade["stationary_moves"] == 0
    assert grade["max_partner_meetings"] <= 2  # the two never meet: the grade says the cost
    assert "never_met" in grade and "repeat_partners" in grade
    document = print_document(
        event=event,
        document="movement_cards",
        options=print_options(event=event, document="movement_cards", options=None),
    )
    by_number = {card["number"]: card for card in document["cards"]}
    assert by_number[5]["stationary"] and not by_number[6]["stationary"]


def test_a_progressive_drive_moves_the_others_around_a_marked_player():
    event = make_event(players=12, hands=5)
    mark(event, 3)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    home = seat_map(event, 1)[3]
    for number in (1, 2, 3):
        confirm(event, number, tricks_ns={1: 9, 2: 4, 3: 8})
        rounds.round_close(event_id=event.pk, round_number=number)
        rounds.round_open(event_id=event.pk)
        assert seat_map(event, number + 1)[3] == home
    moved = sum(seat_map(event, 1)[n] != seat_map(event, 4)[n] for n in range(1, 13) if n != 3)
    assert moved > 0  # the others still move


def test_marking_is_for_before_the_start_and_clears_a_stale_seating():
    event = make_event(players=8, movement_kind="individual")
    seating.event_seat(event_id=event.pk)
    mark(event, 2)
    event.refresh_from_db()
    assert event.movement is None  # planned again around the marked player
    running = started_event(players=8)
    entry = running.entries.get(number=1)
    with pytest.raises(DomainError):
        entries.entry_set_stationary(event_id=running.pk, entry_id=entry.pk, stationary=True)


def test_the_mark_survives_export_and_import_and_is_in_the_api():
    event = make_event(players=8)
    mark(event, 4)
    exported = event_export(event=event)
    assert [e["stationary"] for e in exported["entries"]] == [False] * 3 + [True] + [False] * 4
    copy = event_import(data=json.loads(json.dumps(exported)), club=event.club, slug="copy").event
    assert list(
        Entry.objects.filter(event=copy, stationary=True).values_list("number", flat=True)
    ) == [4]
    del exported["entries"][3]["stationary"]  # older exports have no such key
    older = event_import(data=exported, club=event.club, slug="older").event
    assert not Entry.objects.filter(event=older, stationary=True).exists()


def test_seventeen_players_five_marked_none_sits_out_and_none_moves():
    """The volunteer's drive: one player sits out in turn, never a marked one."""
    event = make_event(players=17, hands=8)
    mark(event, 5, 6, 7, 8, 9)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    first = seat_map(event, 1)
    for number in (1, 2, 3):
        confirm(event, number, tricks_ns={1: 9, 2: 4, 3: 8, 4: 5})
        rounds.round_close(event_id=event.pk, round_number=number)
        rounds.round_open(event_id=event.pk)
        seats = seat_map(event, number + 1)
        assert [n for n, (table, _seat) in seats.items() if table is None] != []
        for marked in (5, 6, 7, 8, 9):
            assert first[marked][0] is not None and seats[marked] == first[marked]
    out = [n for r in (1, 2, 3, 4) for n, (t, _s) in seat_map(event, r).items() if t is None]
    assert len(out) == 4 and not set(out) & {5, 6, 7, 8, 9}


def test_more_marked_players_than_a_movement_can_keep_is_refused_beside_the_players():
    event = make_event(players=17, movement_kind="individual")
    mark(event, 5, 6, 7, 8, 9)  # two who never move never meet: one table each, and 4 tables
    with pytest.raises(DomainError) as caught:
        seating.event_seat(event_id=event.pk)
    assert caught.value.code == "E_STATIONARY" and caught.value.field == "entries"
    drive = make_event(players=9)  # a drive: 8 seats
    mark(drive, *range(1, 10))
    with pytest.raises(DomainError) as caught:
        seating.event_seat(event_id=drive.pk)
    assert caught.value.code == "E_STATIONARY"
