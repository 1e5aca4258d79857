"""Progressive pairs drives (docs/rules.md §B1): Foster and the chosen-partner E/W-move drive,
seated round by round from the results through the round-close service, pairs never split."""

from __future__ import annotations

import pytest

from tests.services.organizer_helpers import confirm, make_event, seat_map
from tournaments.models import Event
from tournaments.selectors.print_options import print_options
from tournaments.selectors.printing import print_document
from tournaments.selectors.standings import event_standings
from tournaments.services import entries, events, rounds, seating

pytestmark = pytest.mark.django_db


def pairs_drive(players: int, movement: str, mapping=None, **fields) -> Event:
    """A running pairs drive of one hand a round, its chosen pairs made, round 1 open."""
    event = make_event(
        players=players, kind="pairs_drive", movement_kind=movement, hands_per_round=1, **fields
    )
    entries.entries_pair(event_id=event.pk, mapping=mapping)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


def tables_of(event: Event, round_number: int) -> dict[int, tuple[int | None, int | None]]:
    """{table: (N/S pair number, E/W pair number)} of a round, and every pair kept together."""
    pair_of = {e.number: e.pair.number for e in event.entries.select_related("pair")}
    where: dict[int, dict[str, int]] = {}
    for number, (table, seat) in seat_map(event, round_number).items():
        if table is not None:
            where.setdefault(table, {})[seat] = number
    out = {}
    for table, seats in where.items():
        assert pair_of[seats["N"]] == pair_of[seats["S"]]
        assert pair_of[seats["E"]] == pair_of[seats["W"]]
        out[table] = (pair_of[seats["N"]], pair_of[seats["E"]])
    return out


def play(event: Event, number: int, ns_wins: dict[int, bool]) -> None:
    confirm(event, number, {t: 9 if won else 4 for t, won in ns_wins.items()})
    rounds.round_close(event_id=event.pk, round_number=number)


def test_foster_winners_move_up_losers_stay_partners_kept():
    event = pairs_drive(12, "foster", hands=3)
    assert event.uses_pairs and event.is_progressive
    first = tables_of(event, 1)
    assert sorted(first) == [1, 2, 3]
    play(event, 1, {1: True, 2: False, 3: True})
    second = tables_of(event, 2)
    for t in (1, 2, 3):
        won = first[t][0] if t != 2 else first[t][1]
        lost = first[t][1] if t != 2 else first[t][0]
        assert second[t][0] == lost  # the losers stay, now the home (N/S) pair
        assert second[t % 3 + 1][1] == won  # the winners moved up, table 3's round to table 1


def test_chosen_partners_stay_together_and_e_w_move_whoever_wins():
    # The players' own pairs: 1 with 4, 2 with 3, 5 with 8, 6 with 7.
    event = pairs_drive(8, "ew_move", mapping=[[1, 4], [2, 3], [5, 8], [6, 7]], hands=3)
    partner = {e.number: {x.number for x in e.pair.entries.all()} for e in event.entries.all()}
    assert partner[1] == {1, 4} and partner[6] == {6, 7}
    first = tables_of(event, 1)
    play(event, 1, {1: False, 2: True})
    second = tables_of(event, 2)
    assert second == {1: (first[1][0], first[2][1]), 2: (first[2][0], first[1][1])}


def test_an_odd_number_of_pairs_sits_a_pair_out_in_turn():
    event = pairs_drive(10, "foster", hands=3)  # five pairs: two tables, one pair out
    out = []
    for number in (1, 2, 3):
        seats = seat_map(event, number)
        resting = sorted(n for n, (table, _seat) in seats.items() if table is None)
        assert len(resting) == 2
        out.append(resting)
        if number < 3:
            play(event, number, {1: True, 2: False})
            if number < 2:
                rounds.round_open(event_id=event.pk)
    assert len({tuple(r) for r in out}) == 3  # a different pair each round


def test_a_withdrawn_player_takes_the_pair_out_from_the_next_round():
    event = pairs_drive(8, "foster", hands=2)
    entries.entry_withdraw(event_id=event.pk, entry_id=event.entries.get(number=1).pk)
    play(event, 1, {1: True, 2: True})
    second = seat_map(event, 2)
    assert 1 not in second and 2 not in second  # pair 1 has gone, both partners
    assert sorted(tables_of(event, 2)) == [1]  # three pairs left: one table, one pair out
    assert sum(1 for table, _seat in second.values() if table is None) == 2


def test_a_progressive_pairs_drive_ranks_the_pairs():
    event = pairs_drive(8, "foster", hands=2)
    play(event, 1, {1: True, 2: False})
    rows = event_standings(event=Event.objects.get(pk=event.pk))["standings"]
    assert len(rows) == 4 and all(len(row["numbers"]) == 2 for row in rows)
    assert sorted(row["total"] for row in rows) == [4, 4, 9, 9]


def test_foster_winners_who_cannot_move_stay_and_meet_new_opponents():
    event = make_event(
        players=12, kind="pairs_drive", movement_kind="foster", hands_per_round=1, hands=3
    )
    entries.entries_pair(event_id=event.pk)
    marked = event.entries.get(number=5)
    entries.entry_set_stationary(event_id=event.pk, entry_id=marked.pk, stationary=True)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    fixed = Event.objects.get(pk=event.pk).entries.get(number=5).pair.number
    for number in (1, 2):
        before, seats = tables_of(event, number), seat_map(event, number)
        home = next(t for t, sides in before.items() if fixed in sides)
        side = before[home].index(fixed)
        play(event, number, {t: (t == home) == (side == 0) for t in before})  # they win
        rounds.round_open(event_id=event.pk)
        after = tables_of(event, number + 1)
        assert after[home][side] == fixed and seat_map(event, number + 1)[5] == seats[5]
        assert after[home][1 - side] != before[home][1 - side]  # new opponents
        assert after[home % 3 + 1][1] == before[home][1 - side]  # the losers took their path
    document = print_document(
        event=event,
        document="movement_cards",
        options=print_options(event=event, document="movement_cards", options=None),
    )
    notes = {card["number"]: card["stationary"] for card in document["cards"]}
    assert notes[fixed] and sum(notes.values()) == 1
