"""An Es-makker session (four individuals) played through the services, checked against the engine.

Two rounds of four hands with docs/rules.md's examples (T36, T37, T39, T42 won and lost), an
auction, a called ace in the kitty and a hand everyone passed: the running totals must
equal direct ``scoring.score("esmakker", ...)`` calls and add up to zero.
"""

from __future__ import annotations

import pytest

import scoring
from tests.services.organizer_helpers import make_event
from tournaments.errors import DomainError
from tournaments.models import Event, Result, Seating
from tournaments.selectors import matches, standings
from tournaments.selectors.rounds import round_tables
from tournaments.services import events, results, rounds, seating

pytestmark = pytest.mark.django_db


def contract(declarer, bid, tricks, **extra) -> dict:
    return {"contract": {"declarer": declarer, "bid": bid, **extra}, "tricks": tricks}


def session_hands(p: dict[str, str]) -> list[list[dict]]:
    """Two rounds of hands for the players seated ``p`` (seat -> entry number)."""
    n, e, s, w = p["N"], p["E"], p["S"], p["W"]
    partnered = {"trump": "hearts", "partner_ace": "spades", "kitty_exchanged": 3}
    return [
        [
            contract(n, "8", 10, partner=s, **partnered),  # T36: +60 each way
            contract(e, "10", 11, partner=w, **partnered),  # T37: +160
            contract(s, "9", 10, partner=s, **partnered),  # T39 selvmakker: +240 / -80
            contract(w, "sol", 1, trump="none"),  # T42 won: +150 / -50
        ],
        [
            contract(n, "sol", 2),  # T42 lost: -300 / +100
            {
                "dealer": w,
                "auction": ["7", "7 gode", "8", "pass", "pass", "pass"],
                **contract(s, "8", 7, partner=n, **partnered),  # one under: -40 each way
            },
            contract(e, "7 gode", 7, trump="clubs", partner_ace="hearts", partner=None),
            {"dealer": n, "auction": ["pass", "pass", "pass", "pass"]},  # redealt: nothing
        ],
    ]


def seats(event: Event, round_number: int) -> dict[str, str]:
    rows = Seating.objects.filter(round__event=event, round__number=round_number, table__number=1)
    return {r.seat: str(r.entry.number) for r in rows.select_related("entry")}


def test_session_running_totals_equal_the_engine_and_sum_to_zero():
    event = make_event(players=4, kind="esmakker")
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    event = Event.objects.get(pk=event.pk)
    expected: dict[str, int] = {}
    for number in (1, 2):
        rnd = rounds.round_open(event_id=event.pk)
        table = round_tables(rnd)[0]
        players = seats(event, number)
        hands = session_hands(players)[number - 1]
        names = [players[s] for s in ("N", "E", "S", "W")]
        direct = scoring.score("esmakker", {"rules": {}, "players": names, "hands": hands})
        for h, data in zip(rnd.hands.order_by("number"), hands, strict=True):
            results.result_submit(table=table, hand=h, data=data)
            results.result_confirm(table=table, hand=h)
        live = [(r.hand.number, r) for r in Result.objects.filter(table=table, hand__round=rnd)]
        state = matches.running_state(event=event, rows=live, players=players)
        assert not state.error
        assert dict(state.summary["totals"]) == direct["totals"]
        assert state.summary["sum"] == 0
        numbers = sorted(state.lines)
        for k, line in enumerate(state.lines[n] for n in numbers):
            assert line["points"] == direct["hands"][k]["points"]
            assert sum(line["points"].values()) == 0
        for name, total in direct["totals"].items():
            expected[name] = expected.get(name, 0) + total
        rounds.round_close(event_id=event.pk, round_number=number)
    first = session_hands(seats(event, 1))[0]
    points = scoring.score(
        "esmakker",
        {"rules": {}, "players": [seats(event, 1)[s] for s in "NESW"], "hands": first},
    )["hands"]
    assert [max(h["points"].values()) for h in points] == [60, 160, 240, 150]  # docs/rules.md §C
    assert sum(expected.values()) == 0
    rows = standings.compute_standings(Event.objects.get(pk=event.pk))["standings"]
    assert {str(r["numbers"][0]): r["total"] for r in rows} == expected


def test_a_contract_against_the_rules_is_refused_beside_its_field():
    event = make_event(players=4, kind="esmakker")
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    rnd = rounds.round_open(event_id=event.pk)
    table = round_tables(rnd)[0]
    p = seats(event, 1)
    gode_in_hearts = contract(
        p["N"], "7 gode", 8, trump="hearts", partner_ace="spades", partner=p["S"]
    )
    with pytest.raises(DomainError) as refused:
        results.result_submit(table=table, hand=rnd.hands.first(), data=gode_in_hearts)
    assert (refused.value.code, refused.value.field) == ("E_TRUMP_RULE", "contract.trump")


@pytest.mark.django_db
def test_a_late_arrival_at_twelve_makes_a_table_of_five_not_a_round_sat_out():
    """A Danish walk: the thirteenth player, arriving after round 1 of 20 deals, made the
    leader sit out all of round 2. An Es-makker evening seats odd numbers at a table of
    five (the dealer sits out each deal), from the start and for a late arrival alike."""
    from tests.services.organizer_helpers import started_event
    from tournaments.models import FIFTH, Seating
    from tournaments.services import entries, rounds

    event = started_event(players=12, kind="esmakker", hands=40, hands_per_round=20)
    assert event.odd_numbers == "fives"
    rounds.round_close(event_id=event.pk, round_number=1, force=True)
    entries.entry_add_late(event_id=event.pk, names=["Kirsten Holm"])
    second = Seating.objects.filter(event=event, round__number=2)
    assert second.count() == 13 and not second.filter(table__isnull=True).exists()
    assert second.filter(seat=FIFTH).count() == 1  # one table of five, two of four


def test_the_dealer_at_a_table_of_five_named_as_declarer_is_told_by_name():
    """A Danish walk: the dealer at a table of five, entered as declarer, read "Player '3' is
    not at this table" (she sat there, dealing, and the engine's number stood for her)."""
    from tests.services.organizer_helpers import started_event

    event = started_event(players=5, kind="esmakker", hands=4, hands_per_round=4)
    rnd = event.rounds.get(number=1)
    table = round_tables(rnd)[0]
    rows = Seating.objects.filter(round=rnd, table=table).select_related("entry__player")
    dealer = next(r.entry for r in rows)
    data = {"dealer": str(dealer.number), **contract(str(dealer.number), "sol", 0)}
    with pytest.raises(DomainError) as refused:
        results.result_submit(table=table, hand=rnd.hands.first(), data=data)
    assert refused.value.message == (
        f"{dealer.player.name} deals and so sits out this hand: the declarer is one of the four "
        "who play."
    )
