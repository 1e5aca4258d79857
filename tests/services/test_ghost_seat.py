"""Odd numbers at a drive with a ghost seat (issue 17): 27 players at 7 tables, one of them
three-handed with the ghost (a dummy) in the empty seat, which moves like a player; nobody
sits out, the ghost is never ranked and its partner scores by the rule ``ghost_partner``."""

from __future__ import annotations

import pytest

from tests.services.organizer_helpers import confirm, make_event, seat_map
from tournaments.errors import DomainError
from tournaments.models import Event, Seating
from tournaments.movements.ghosts import ghost_tables, spread_ghosts, with_ghosts
from tournaments.selectors import standings
from tournaments.services import events, rounds, seating

pytestmark = pytest.mark.django_db


# --- the pure helper (tournaments/movements/ghosts.py) ---------------------------------------


def test_ghost_tables_seat_at_most_one_ghost_a_table():
    assert [ghost_tables(n) for n in (27, 26, 25, 28, 6, 7, 5, 9)] == [7, 7, 7, 7, 2, 2, 1, 3]


def test_spread_ghosts_moves_a_player_into_the_same_seat():
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [9, None, 10, None]]
    assert spread_ghosts(tables) == [[1, 2, 3, 4], [5, 6, 7, None], [9, None, 10, 8]]
    assert spread_ghosts([[1, None, 2, 3], [4, 5, 6, 7]]) == [[1, None, 2, 3], [4, 5, 6, 7]]


def test_a_fixed_plan_for_26_has_two_ghosts_at_two_tables():
    from tournaments import movements

    doc = with_ghosts(movements.generate("individual", players=28, rounds=4, seed=1), 26)
    assert (doc["players"], doc["ghosts"]) == (26, 2)
    for rnd in doc["rounds"]:
        seats = [[*t["ns"], *t["ew"]] for t in rnd["tables"]]
        assert all(s.count(None) <= 1 for s in seats)
        assert sorted(p for s in seats for p in s if p) == list(range(1, 27))


# --- seated and scored ----------------------------------------------------------------------


def ghost_drive(players=27, **fields) -> Event:
    roles = (["lady", "gent"] * players)[:players]
    event = make_event(players=players, hands=4, roles=roles, **fields)
    seating.event_odd_numbers_set(event_id=event.pk, choice="ghost")
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


def three_handed(event: Event, number: int) -> list[int]:
    """The tables of round ``number`` with three players."""
    seats = seat_map(event, number)
    counts: dict[int, int] = {}
    for table, _seat in seats.values():
        assert table is not None  # nobody sits out
        counts[table] = counts.get(table, 0) + 1
    return [t for t, n in sorted(counts.items()) if n == 3]


def test_27_players_at_7_tables_the_ghost_moving_like_a_player():
    event = ghost_drive()
    assert event.tables.count() == 7
    assert len(three_handed(event, 1)) == 1
    for number in (1, 2, 3):
        confirm(event, number, 8)  # N/S win everywhere: the ghost's side moves with it
        rounds.round_close(event_id=event.pk, round_number=number)
        rounds.round_open(event_id=event.pk)
        assert len(three_handed(event, number + 1)) == 1
    confirm(event, 4, 8)
    rounds.round_close(event_id=event.pk, round_number=4)
    result = standings.compute_standings(Event.objects.get(pk=event.pk))
    rows = result["standings"]
    assert len(rows) == 27 and all(r["sat_out"] == 0 for r in rows)
    assert {r["played"] for r in rows} == {4}


def test_the_ghost_moves_to_another_table_with_its_side():
    event = ghost_drive(movement_kind="winners_split")
    (table,) = three_handed(event, 1)
    empty = next(
        seat
        for seat in "NSEW"
        if not Seating.objects.filter(
            round__event=event, round__number=1, table__number=table, seat=seat
        ).exists()
    )
    confirm(event, 1, 8 if empty in "NS" else 5)  # the ghost's side wins: it moves
    rounds.round_close(event_id=event.pk, round_number=1)
    assert three_handed(event, 2) != [table]


def test_ghost_partner_rule_set_with_the_choice_and_scored():
    event = make_event(players=7, hands=1)
    seating.event_odd_numbers_set(event_id=event.pk, choice="ghost", ghost_partner="sit_out")
    event = Event.objects.get(pk=event.pk)
    assert event.rules == {"ghost_partner": "sit_out"} and event.odd_numbers == "ghost"
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    confirm(event, 1, 9)
    rows = standings.compute_standings(Event.objects.get(pk=event.pk))["standings"]
    assert len(rows) == 7
    assert sorted(r["sat_out"] for r in rows) == [0, 0, 0, 0, 0, 0, 1]  # the ghost's partner
    with pytest.raises(DomainError):
        seating.event_odd_numbers_set(event_id=event.pk, choice="ghost", ghost_partner="half")


def test_a_pairs_drive_cannot_take_a_ghost_seat():
    event = make_event(players=10, kind="pairs_drive")
    with pytest.raises(DomainError) as info:
        seating.event_odd_numbers_set(event_id=event.pk, choice="ghost")
    assert info.value.code == "E_ODD_NUMBERS"


def test_a_fixed_individual_plan_with_a_ghost():
    from tournaments.selectors.printing import print_document

    event = ghost_drive(players=11, movement_kind="individual")
    assert len(three_handed(event, 1)) == 1 and event.tables.count() == 3
    cards = print_document(event=event, document="movement_cards", options={})["cards"]
    assert len(cards) == 11  # the ghost has no card; its partners' cards name it
    partners = [row["partner"] for card in cards for row in card["rows"]]
    assert partners.count("Ghost (dummy)") == event.round_count
    tables = print_document(event=event, document="table_cards", options={})["cards"]
    seats = [r["seats"] for t in tables for r in t["rounds"]]
    assert sum(list(s.values()).count("Ghost (dummy)") for s in seats) == event.round_count
    confirm(event, 1, 7)
    rounds.round_close(event_id=event.pk, round_number=1)
    rows = standings.compute_standings(Event.objects.get(pk=event.pk))["standings"]
    assert len(rows) == 11


def test_a_withdrawal_makes_a_second_ghost_and_a_late_arrival_takes_a_ghosts_seat():
    from tournaments.services import entries

    event = ghost_drive()
    confirm(event, 1, 8)
    rounds.round_close(event_id=event.pk, round_number=1)  # round 2 is seated (27 players)
    gone = event.entries.get(number=1)
    entries.entry_withdraw(event_id=event.pk, entry_id=gone.pk)  # re-plans round 2: 26
    assert len(three_handed(event, 2)) == 2  # two ghosts, at two tables
    assert 1 not in seat_map(event, 2)
    entries.entry_add_late(event_id=event.pk, names=["Latecomer", "Second late"])  # 28
    assert three_handed(event, 2) == [] and event.tables.count() == 7


def test_the_ghosts_partner_reads_it_on_their_page_and_score_card():
    from tournaments.selectors.player import player_page

    event = ghost_drive(players=7)
    confirm(event, 1, 8)
    (table,) = three_handed(event, 1)
    seats = {
        s.seat: s.entry
        for s in Seating.objects.filter(round__event=event, round__number=1, table__number=table)
    }
    partner_of = {"N": "S", "S": "N", "E": "W", "W": "E"}
    (lone,) = [e for seat, e in seats.items() if partner_of[seat] not in seats]
    page = player_page(entry=lone)
    assert page["now"]["ghost"] is True and page["now"]["partner"] is None
    assert all(row["ghost"] for row in page["card"])
    others = [e for e in seats.values() if e != lone]
    assert not player_page(entry=others[0])["now"]["ghost"]


def test_the_plan_summary_counts_ghosts_and_fifth_seats():
    from tournaments.selectors.seating import plan_summary

    event = make_event(players=27)
    assert (plan_summary(event=event)["tables"], plan_summary(event=event)["sit_out"]) == (6, 3)
    seating.event_odd_numbers_set(event_id=event.pk, choice="ghost")
    summary = plan_summary(event=Event.objects.get(pk=event.pk))
    assert (summary["tables"], summary["sit_out"], summary["ghosts"]) == (7, 0, 1)
    fives = make_event(players=10, kind="esmakker")
    seating.event_odd_numbers_set(event_id=fives.pk, choice="fives")
    summary = plan_summary(event=Event.objects.get(pk=fives.pk))
    assert (summary["tables"], summary["sit_out"], summary["ghosts"]) == (2, 0, 0)
