"""The traditional "ladies stay, gents move" drive (docs/rules.md §B1): seated round by round
through the round-close service, whoever won; the rule on the cards and the event form."""

from __future__ import annotations

import html

import pytest

from tests.services.organizer_helpers import confirm, make_event, seat_map, started_event
from tournaments.models import Event
from tournaments.selectors.print_options import print_options
from tournaments.selectors.printing import print_document
from tournaments.services import events, rounds, seating

pytestmark = pytest.mark.django_db


TWELVE = {"players": 12, "roles": ["lady", "gent"] * 6, "movement_kind": "ladies_stay", "hands": 3}


def test_the_ladies_keep_their_seats_and_the_gents_move_on_whoever_won():
    event = started_event(**TWELVE)
    assert event.is_progressive
    roles = {e.number: e.role for e in event.entries.all()}
    first = seat_map(event, 1)
    assert {roles[n] for n, (_t, seat) in first.items() if seat in ("N", "E")} == {"lady"}
    confirm(event, 1, {1: 9, 2: 4, 3: 7})
    rounds.round_close(event_id=event.pk, round_number=1)
    second = seat_map(event, 2)
    for number, (table, seat) in first.items():
        moved = {"N": table, "E": table, "S": table % 3 + 1, "W": (table - 2) % 3 + 1}[seat]
        assert second[number] == (moved, seat), (number, table, seat)
    options = print_options(event=event, document="movement_cards", options={})
    card = print_document(event=event, document="movement_cards", options=options)["cards"][0]
    assert card["rule"].startswith("Ladies stay. The gent at S moves up a table")
    assert "The lady is whoever sits N or E, the gent S or W." in card["rule"]


def test_the_dashboard_offers_it_for_a_drive_with_a_line_of_help(organizer_client, club):
    event = make_event(players=8, club=club)
    page = html.unescape(organizer_client.get(f"/events/{event.slug}/").content.decode())
    assert 'value="ladies_stay"' in page and "progressive: ladies stay, gents move" in page
    assert "the gents move on a table each round whoever won" in page


def _cards(event, document="movement_cards"):
    event = Event.objects.get(pk=event.pk)
    options = print_options(event=event, document=document, options={})
    return print_document(event=event, document=document, options=options)["cards"]


def test_the_cards_print_the_whole_evening_and_round_two_is_where_the_close_seats_them():
    event = make_event(**TWELVE)
    seating.event_seat(event_id=event.pk)
    cards = _cards(event)
    assert all(row["table"] for card in cards for row in card["rows"])
    assert not cards[0]["progressive"]  # the fixed layout: partner and opponents by name
    planned = {
        card["number"]: (card["rows"][1]["table"], card["rows"][1]["seat"]) for card in cards
    }
    ladies = [c for c in cards if c["rows"][0]["seat"] in ("N", "E")]
    assert all(len({r["table"] for r in c["rows"]}) == 1 for c in ladies)  # she stays put
    table_cards = _cards(event, "table_cards")
    assert all(len(card["rounds"]) == 3 for card in table_cards)
    events.event_start(event_id=event.pk)
    rounds.round_open(event_id=event.pk)
    confirm(event, 1, {1: 2, 2: 11, 3: 7})
    rounds.round_close(event_id=event.pk, round_number=1)
    assert seat_map(Event.objects.get(pk=event.pk), 2) == planned


def _planned(cards) -> dict[int, dict[int, tuple]]:
    """Round -> player -> (table, seat) or ("out", "") as the movement cards print them."""
    plan: dict[int, dict[int, tuple]] = {}
    for card in cards:
        for row in card["rows"]:
            where = ("out", "") if row["sit_out"] else (row["table"], row["seat"])
            plan.setdefault(row["round"], {})[card["number"]] = where
    return plan


def _seated(event, round_number) -> dict[int, tuple]:
    rows = Event.objects.get(pk=event.pk).seatings.filter(round__number=round_number)
    return {
        s.entry.number: (s.table.number, s.seat) if s.table else ("out", "")
        for s in rows.select_related("entry", "table")
    }


@pytest.mark.parametrize(
    ("ladies", "gents", "ghost", "out"),
    [(7, 6, False, 1), (9, 6, False, 3), (7, 7, True, 0), (6, 5, True, 0)],
)
def test_with_odd_numbers_the_cards_print_the_rounds_the_closes_then_seat(
    ladies, gents, ghost, out
):
    """27 tonight: some sit out each hand, or a ghost fills a seat. The cards draw each
    round as the round close will, so what they print at 7 pm is where everyone sits at 9."""
    players = ladies + gents
    roles = ["lady"] * ladies + ["gent"] * gents
    event = make_event(players=players, roles=roles, movement_kind="ladies_stay", hands=5)
    if ghost:
        seating.event_odd_numbers_set(event_id=event.pk, choice="ghost")
    seating.event_seat(event_id=event.pk)
    plan = _planned(_cards(event))
    assert all(len(plan[r]) == players for r in range(1, 6))
    assert [sum(where == ("out", "") for where in plan[r].values()) for r in plan] == [out] * 5
    events.event_start(event_id=event.pk)
    for round_number in range(1, 6):
        rounds.round_open(event_id=event.pk)
        assert _seated(event, round_number) == plan[round_number], round_number
        confirm(event, round_number, {t: (t * 5 + round_number) % 14 for t in range(1, 6)})
        rounds.round_close(event_id=event.pk, round_number=round_number)


def test_once_someone_leaves_only_the_rounds_seated_are_printed():
    from tournaments.services import entries

    event = started_event(**TWELVE)
    entries.entry_withdraw(event_id=event.pk, entry_id=event.entries.get(number=5).pk)
    rows = _cards(event)[0]["rows"]
    assert rows[0]["table"] and rows[1]["table"] is None and rows[2]["table"] is None


def test_the_table_plan_names_the_ladies_who_play_in_a_gents_seat(organizer_client, club):
    event = make_event(
        players=12, roles=["lady"] * 8 + ["gent"] * 4, movement_kind="ladies_stay", hands=3,
        club=club,
    )
    seating.event_seat(event_id=event.pk)
    page = html.unescape(organizer_client.get(f"/events/{event.slug}/seating/").content.decode())
    assert "The ladies and gents are not equal in number" in page
    first = seat_map(Event.objects.get(pk=event.pk), 1)
    crossed = [n for n, (_t, seat) in first.items() if n <= 8 and seat in ("S", "W")]
    assert len(crossed) == 2
    for number in crossed:
        table, seat = first[number]
        assert f"Round 1: {number} " in page
        assert f"a lady, plays in a gent's seat: table {table}, seat {seat}." in page


def test_the_table_plan_says_nothing_of_roles_when_they_match(organizer_client, club):
    event = make_event(
        players=8, roles=["lady", "gent"] * 4, movement_kind="ladies_stay", hands=3, club=club
    )
    seating.event_seat(event_id=event.pk)
    page = organizer_client.get(f"/events/{event.slug}/seating/").content.decode()
    assert 'data-testid="roles-crossed"' not in page


def test_the_dashboard_warns_when_the_gents_come_round_before_the_last_round(
    organizer_client, club
):
    event = make_event(
        players=12, roles=["lady", "gent"] * 6, movement_kind="ladies_stay", hands=4, club=club
    )
    page = html.unescape(organizer_client.get(f"/events/{event.slug}/").content.decode())
    assert (
        "With 3 tables this movement comes round after 3 rounds: round 4 seats the same four "
        "at each table as round 1. Set 3 rounds, or choose another movement." in page
    )
    events.event_update(event_id=event.pk, hands=3)
    page = organizer_client.get(f"/events/{event.slug}/").content.decode()
    assert 'data-testid="movement-advice"' in page and "movement-repeats" not in page


def test_a_seat_swap_holds_for_its_round_and_the_cards_hold_after_it():
    """A UK walk swapped two gents who sat in each other's seat in round 2: round 3 then
    seated each from the seat he took by mistake, not where his printed card said."""
    from tournaments.services.seat_swap import seating_swap

    event = started_event(**TWELVE)
    first = seat_map(event, 1)
    gents = [n for n, (_t, seat) in sorted(first.items()) if seat in ("S", "W")]
    a, b = next((x, y) for x in gents for y in gents if first[x][0] != first[y][0])
    seating_swap(event_id=event.pk, round_number=1, first=a, second=b)
    assert seat_map(event, 1)[a] == first[b]  # round 1 counts for who really sat there
    confirm(event, 1, {1: 9, 2: 4, 3: 7})
    rounds.round_close(event_id=event.pk, round_number=1)
    second = seat_map(event, 2)
    for number in (a, b):
        table, seat = first[number]  # the planned seat, as the card says
        moved = {"S": table % 3 + 1, "W": (table - 2) % 3 + 1}[seat]
        assert second[number] == (moved, seat), number
