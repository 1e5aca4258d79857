"""A Bid Whist session (teams of two) played through the services, checked against the engine.

Eight hands at one table, with auctions and given contracts: games end at +5 or -5 and
the next hand starts a new game, so the running totals must equal direct
``scoring.score("bidwhist", ...)`` calls on each game's hands.
"""

from __future__ import annotations

import pytest

import scoring
from tests.services.organizer_helpers import make_event
from tournaments.errors import DomainError
from tournaments.models import Event, Result
from tournaments.selectors import matches, standings
from tournaments.selectors.rounds import round_tables
from tournaments.services import entries, events, results, rounds, seating

pytestmark = pytest.mark.django_db

HANDS = [
    {"bid": "4 uptown", "bidder": "A", "books": 10},  # T27: +4
    {"bid": "3 downtown", "bidder": "B", "books": 9},
    {"bid": "2 notrump", "bidder": "A", "books": 9},  # A reaches 7: game 1 to A
    {
        "dealer": 4,
        "auction": ["4", "4 downtown", "pass", "5"],
        "books": 10,
    },  # the contract's example
    {"bid": "7", "bidder": "A", "books": 9},  # T30: -4
    {"bid": "1", "bidder": "A", "books": 6},  # A at -5 loses: game 2 to B
    {"bid": "3", "bidder": "B", "books": 13},  # a Boston: game 3 to B at once
    {"dealer": 1, "auction": ["pass", "pass", "pass", "2 notrump"], "books": 8},  # dealer must bid
]
GAMES = [HANDS[0:3], HANDS[3:6], HANDS[6:7], HANDS[7:8]]
RULES = {"preset": "seed"}


def start_session() -> Event:
    event = make_event(players=4, kind="bidwhist")
    entries.entries_pair(event_id=event.pk)
    seating.event_seat(event_id=event.pk)
    events.event_start(event_id=event.pk)
    return Event.objects.get(pk=event.pk)


def test_session_running_totals_equal_the_engine_game_by_game():
    event = start_session()
    assert (event.hands, event.hands_per_round, event.round_count) == (8, 8, 1)
    rnd = rounds.round_open(event_id=event.pk)
    table = round_tables(rnd)[0]
    hands = list(rnd.hands.order_by("number"))
    direct = [scoring.score("bidwhist", {"rules": RULES, "hands": game}) for game in GAMES]
    expected_lines = [h for game in direct for h in game["hands"]]
    for n, (h, data) in enumerate(zip(hands, HANDS, strict=True)):
        results.result_submit(table=table, hand=h, data=data)
        results.result_confirm(table=table, hand=h)
        rows = [(r.hand.number, r) for r in Result.objects.filter(table=table)]
        state = matches.running_state(event=event, rows=rows, players={})
        assert not state.error
        line = state.lines[h.number]
        assert line["score"] == expected_lines[n]["score"]  # the engine's running game score
        assert line["points"] == expected_lines[n]["points"]
    assert [g["game"]["winner"] for g in direct] == ["A", "B", "B", None]
    assert state.summary["games_won"] == {"A": 1, "B": 2}
    totals = {side: sum(g["hands"][-1]["score"][side] for g in direct) for side in ("A", "B")}
    assert state.summary["points"] == totals == {"A": 4, "B": 9}
    assert state.summary["game_score"] == {"A": 2, "B": 0}  # game 4 under way
    assert state.summary["game"] == 4

    rounds.round_close(event_id=event.pk, round_number=1)
    rows = standings.compute_standings(Event.objects.get(pk=event.pk))["standings"]
    by_pair = {r["key"]: (r["total"], r["games"]) for r in rows}
    assert by_pair == {"p1": (4, 1), "p2": (9, 2)}  # pair 1 sits N/S (A)


def test_auction_the_engine_refuses_is_shown_beside_the_auction():
    event = start_session()
    rnd = rounds.round_open(event_id=event.pk)
    table = round_tables(rnd)[0]
    first = rnd.hands.order_by("number").first()
    bad = {"dealer": 4, "auction": ["4", "4 downtown", "4 uptown", "5"], "books": 10}  # T32
    with pytest.raises(DomainError) as refused:
        results.result_submit(table=table, hand=first, data=bad)
    assert (refused.value.code, refused.value.field) == ("E_BID_NOT_HIGHER", "auction")
    mismatch = {**HANDS[3], "bid": "4", "bidder": "A"}
    with pytest.raises(DomainError) as refused:
        results.result_submit(table=table, hand=first, data=mismatch)
    assert (refused.value.code, refused.value.field) == ("E_CONTRACT_MISMATCH", "auction")
    assert not Result.objects.exists()


def test_the_grid_saves_a_whole_game_at_once_checked_as_one_sequence():
    from tests.factories import UserFactory

    event = start_session()
    rnd = rounds.round_open(event_id=event.pk)
    organizer = UserFactory()
    cells = [results.GridCell(1, n, data) for n, data in enumerate(HANDS, 1)]
    outcome = results.results_save_grid(
        event=event, round_number=rnd.number, cells=cells, actor=organizer
    )
    assert len(outcome.saved) == 8
    assert all(r.status == Result.Status.CONFIRMED for r in outcome.saved)


def test_the_grid_reads_the_stored_hands_and_seats_once_not_per_cell():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.factories import UserFactory

    event = start_session()
    rnd = rounds.round_open(event_id=event.pk)
    organizer = UserFactory()
    table = round_tables(rnd)[0]
    first = rnd.hands.order_by("number").first()
    results.result_submit(table=table, hand=first, data=HANDS[0], actor=organizer)
    cells = [results.GridCell(1, n, data) for n, data in enumerate(HANDS, 1) if n > 1]
    with CaptureQueriesContext(connection) as ctx:
        outcome = results.results_save_grid(
            event=event, round_number=rnd.number, cells=cells, actor=organizer
        )
    assert len(outcome.saved) == 7  # checked after the stored hand 1: the games split right
    selects = [q["sql"] for q in ctx.captured_queries if q["sql"].startswith("SELECT")]
    reads = [s for s in selects if 'FROM "tournaments_result"' in s and "MAX(" not in s]
    assert len(reads) == 1
    assert len([s for s in selects if 'FROM "tournaments_seating"' in s]) == 1
