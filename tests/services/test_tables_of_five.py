"""Odd numbers at Es-makker: ten players at two tables of five, the dealer sitting out."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.services.organizer_helpers import make_event
from tests.services.test_esmakker_session import contract
from tournaments.errors import DomainError
from tournaments.models import Entry, Event, Seating
from tournaments.movements.fives import fits_in_fives, fives_movement
from tournaments.selectors import standings
from tournaments.selectors.rounds import round_tables
from tournaments.services import events, results, rounds, seating

pytestmark = pytest.mark.django_db


def test_the_pure_plan_seats_everyone_every_round():
    doc = fives_movement(10, 4, seed=3)
    for rnd in doc["rounds"]:
        seated = [p for t in rnd["tables"] for p in (*t["ns"], *t["ew"], t.get("fifth"))]
        assert sorted(seated) == list(range(1, 11)) and rnd["sit_out"] == []
        assert [("fifth" in t) for t in rnd["tables"]] == [True, True]
    assert fits_in_fives(9) and fits_in_fives(13) and not fits_in_fives(7)
    assert fives_movement(10, 4, seed=3) == doc  # the seed reproduces it


def test_ten_players_two_tables_of_five_seated_and_scored(client):
    event = make_event(players=10, kind="esmakker", hands=8, hands_per_round=4)
    seating.event_odd_numbers_set(event_id=event.pk, choice="fives")
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    by_table: dict[int, dict[str, str]] = {}
    for s in Seating.objects.filter(round=rnd).select_related("table", "entry"):
        assert s.table is not None  # nobody sits out a whole round
        by_table.setdefault(s.table.number, {})[s.seat] = str(s.entry.number)
    assert [sorted(seats) for _t, seats in sorted(by_table.items())] == [list("ENSWX")] * 2
    p = by_table[1]
    table = round_tables(rnd)[0]
    hand = rnd.hands.order_by("number").first()
    # N deals and sits out; E declares 8 with S as partner and they take 10 (T36: +60 each)
    data = {
        "dealer": p["N"],
        **contract(p["E"], "8", 10, partner=p["S"], trump="hearts", partner_ace="spades",
                   kitty_exchanged=3),
    }
    results.result_submit(table=table, hand=hand, data=data)
    results.result_confirm(table=table, hand=hand)
    rows = standings.compute_standings(Event.objects.get(pk=event.pk))["standings"]
    totals = {str(r["numbers"][0]): r["total"] for r in rows}
    assert totals[p["E"]] == totals[p["S"]] == 60
    assert totals[p["W"]] == totals[p["X"]] == -60
    assert totals[p["N"]] == 0  # the dealer sat out
    assert sum(totals.values()) == 0
    played = {str(r["numbers"][0]): r["played"] for r in rows}  # a Danish walk: 5 of 4
    assert played[p["N"]] == 0 and played[p["E"]] == played[p["X"]] == 1
    # the table's phone says the dealer dealt, not "+0" as if they had played and scored nil
    page = client.get(reverse("table:page", args=[table.token])).content.decode()
    dealer = Entry.objects.get(event=event, number=int(p["N"])).player.name
    assert f"{dealer} deals (0)" in page and f"{dealer} +0" not in page


def test_a_drive_cannot_seat_tables_of_five():
    event = make_event(players=10)
    with pytest.raises(DomainError) as exc:
        seating.event_odd_numbers_set(event_id=event.pk, choice="fives")
    assert exc.value.field == "choice"
