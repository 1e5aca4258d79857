"""Seating: fixed movements generated whole, progressive draws and progressions, re-draws."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.services.organizer_helpers import make_event, seat_map, started_event
from tournaments.errors import DomainError
from tournaments.models import Event, Seating, Table
from tournaments.selectors.seating import plan_summary
from tournaments.selectors.seating_draw import SLOT_ROLES, fill_tables
from tournaments.services import events, seating


@pytest.mark.django_db
def test_progressive_round_one_is_a_draw_of_full_tables_with_sit_outs():
    event = make_event(players=30)
    seating.event_seat(event_id=event.pk)
    first = seat_map(event, 1)
    assert len(first) == 30
    tables = Counter(table for table, _ in first.values() if table)
    assert tables == dict.fromkeys(range(1, 8), 4)
    assert sum(1 for table, _ in first.values() if table is None) == 2
    assert Seating.objects.filter(round__number=2).count() == 0  # decided by results later
    assert event.rounds.count() == 24
    assert Event.objects.get(pk=event.pk).movement["progressive"] is True


@pytest.mark.django_db
def test_the_draw_is_seeded_and_a_redraw_changes_it():
    event = make_event(players=12)
    seating.event_seat(event_id=event.pk)
    first = seat_map(event, 1)
    redrawn = seating.event_redraw(event_id=event.pk)
    assert redrawn.movement_seed == 1
    assert seat_map(event, 1) != first
    assert event.log.filter(action="redraw").exists()


@pytest.mark.django_db
def test_roles_ladies_sit_north_and_east():
    roles = ["lady", "gent"] * 6
    event = make_event(players=12, roles=roles)
    seating.event_seat(event_id=event.pk)
    for number, (_table, seat) in seat_map(event, 1).items():
        assert seat in ("N", "E") if roles[number - 1] == "lady" else seat in ("S", "W")


@pytest.mark.django_db
def test_surplus_ladies_sit_out_first():
    roles = ["lady"] * 6 + [
        "gent"
    ] * 4  # 10 players: 2 tables, 2 sit out; 6 ladies for 4 lady seats
    event = make_event(players=10, roles=roles)
    seating.event_seat(event_id=event.pk)
    out = [n for n, (table, _) in seat_map(event, 1).items() if table is None]
    assert all(roles[n - 1] == "lady" for n in out)


@pytest.mark.django_db
def test_fixed_individual_movement_seats_every_round_and_keeps_its_grade():
    event = make_event(players=9, movement_kind="individual", hands=9)
    seating.event_seat(event_id=event.pk)
    event.refresh_from_db()
    assert event.movement["grade"]["repeat_partners"] == 0
    assert event.movement["units"] == list(range(1, 10))
    for number in range(1, 10):
        seats = seat_map(event, number)
        assert len(seats) == 9 and sum(1 for t, _ in seats.values() if t is None) == 1
    sat_out = Counter(s.entry_id for s in Seating.objects.filter(event=event, table__isnull=True))
    assert set(sat_out.values()) == {1}


@pytest.mark.django_db
def test_mitchell_seats_pairs_north_south_and_east_west():
    event = make_event(players=8, kind="pairs_drive")
    from tournaments.services import entries

    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    first = seat_map(event, 1)
    assert {first[1], first[2]} == {(1, "N"), (1, "S")}  # pair 1 = entries 1 and 2, N/S at table 1
    assert Table.objects.filter(event=event).count() == 2


@pytest.mark.django_db
def test_seat_refusals():
    event = make_event(players=3)
    with pytest.raises(DomainError) as info:
        seating.event_seat(event_id=event.pk)
    assert info.value.code == "E_TOO_FEW"
    event = make_event(players=8)
    seating.event_seat(event_id=event.pk)
    with pytest.raises(DomainError) as info:
        seating.event_seat(event_id=event.pk)
    assert info.value.code == "E_ALREADY_SEATED"


@pytest.mark.django_db
def test_pairs_event_without_pairs_cannot_be_seated():
    event = make_event(players=8, kind="robber")
    with pytest.raises(DomainError, match="complete pairs"):
        seating.event_seat(event_id=event.pk)


@pytest.mark.django_db
def test_redraw_after_the_start_is_refused():
    event = started_event(players=8)
    with pytest.raises(DomainError, match="re-draw"):
        seating.event_redraw(event_id=event.pk)
    with pytest.raises(DomainError):
        events.event_update(event_id=event.pk, movement_seed=5)


@pytest.mark.django_db
def test_plan_summary_says_sit_outs_up_front():
    event = make_event(players=30)
    assert plan_summary(event=event) == {
        "units": 30,
        "players": 30,
        "tables": 7,
        "sit_out": 2,
        "ghosts": 0,
        "pairs": False,
        "unpaired": 0,
    }


# --- the pure draw ----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(players=st.integers(4, 41), rounds=st.integers(1, 30), seed=st.integers(0, 10**6))
def test_fill_tables_rotates_sit_outs_with_spread_at_most_one(players, rounds, seed):
    rng = random.Random(seed)
    active = list(range(1, players + 1))
    sat_out: Counter = Counter()
    tables: list = []
    for _ in range(rounds):
        rng.shuffle(tables)  # whatever a movement did to the seats
        tables, out = fill_tables(tables, active, roles={}, sat_out=sat_out, rng=rng)
        seated = [p for t in tables for p in t]
        assert sorted(seated + out) == active
        assert all(len(t) == 4 for t in tables) and len(out) == players % 4
        sat_out.update(out)
        counts = [sat_out.get(p, 0) for p in active]
        assert max(counts) - min(counts) <= 1


@settings(max_examples=40, deadline=None)
@given(ladies=st.integers(0, 20), gents=st.integers(0, 20), seed=st.integers(0, 1000))
def test_fill_tables_puts_roles_in_their_seats_where_numbers_allow(ladies, gents, seed):
    if ladies + gents < 4:
        return
    roles = dict.fromkeys(range(1, ladies + 1), "lady") | dict.fromkeys(
        range(ladies + 1, ladies + gents + 1), "gent"
    )
    tables, _ = fill_tables([], sorted(roles), roles=roles, sat_out={}, rng=random.Random(seed))
    slots = 2 * len(tables)
    misplaced = sum(1 for t in tables for i, p in enumerate(t) if roles[p] != SLOT_ROLES[i])
    # only the unavoidable surplus of one role takes the other role's seats
    assert misplaced == (slots - min(ladies, slots)) + (slots - min(gents, slots))


@settings(max_examples=40, deadline=None)
@given(players=st.integers(5, 41), rounds=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_fill_tables_never_sits_out_a_player_who_cannot_move(players, rounds, seed):
    rng = random.Random(seed)
    active = list(range(1, players + 1))
    fixed = set(rng.sample(active, min(players - players % 4, rng.randint(1, players))))
    sat_out: Counter = Counter()
    tables: list = []
    for _ in range(rounds):
        tables, out = fill_tables(
            tables, active, roles={}, sat_out=sat_out, rng=rng, stationary=fixed
        )
        assert not fixed & set(out) and len(out) == players % 4
        crowd = max(sum(p in fixed for p in t) for t in tables)
        assert crowd <= -(-len(fixed) // len(tables))  # spread over the tables
        sat_out.update(out)


def test_fill_tables_refuses_more_players_who_cannot_move_than_seats():
    with pytest.raises(DomainError) as caught:
        fill_tables(
            [],
            list(range(1, 10)),
            roles={},
            sat_out={},
            rng=random.Random(1),
            stationary=range(1, 10),
        )
    assert caught.value.code == "E_STATIONARY" and caught.value.field == "entries"
