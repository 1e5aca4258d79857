"""The running state a table shows (selectors/matches.py): a rubber, a Bid Whist game, an
Es-makker session, and which hands a decided rubber leaves unneeded.

Unsaved events and results are enough: these read only what they are given.
"""

from __future__ import annotations

from tournaments.models import Event, Result
from tournaments.selectors.matches import decided_after, running_state

SEATED = {"N": "1", "E": "2", "S": "3", "W": "4"}


def live(data: dict, status: str = Result.Status.CONFIRMED) -> Result:
    return Result(status=status, data=data)


def rubber_hand(tricks_ns: int) -> dict:
    return {"tricks": {"A": tricks_ns, "B": 13 - tricks_ns}, "honours": {}, "revokes": []}


def test_a_drive_table_has_no_running_match():
    event = Event(kind=Event.Kind.INDIVIDUAL_DRIVE)
    assert running_state(event=event, rows=[], players=SEATED) is None


def test_a_rubber_is_over_after_the_second_game_won():
    event = Event(kind=Event.Kind.ROBBER)
    rows = [(1, live(rubber_hand(13))), (2, live(rubber_hand(13))), (3, None)]
    state = running_state(event=event, rows=rows, players=SEATED)
    assert (state.over, state.over_after) == (True, 2)
    assert state.lines[1]["games_won"] == {"A": 1, "B": 0}
    assert state.lines[2]["rubber_over"] and state.lines[2]["rubber_winner"] == "A"
    assert state.summary["current"]["winner"] == "A"
    assert state.summary["net"]["A"] == -state.summary["net"]["B"] > 0


def test_a_rubber_counts_live_hands_only():
    event = Event(kind=Event.Kind.ROBBER)
    rows = [
        (1, live(rubber_hand(9), Result.Status.ENTERED)),  # awaiting confirmation: counts
        (2, live(rubber_hand(3), Result.Status.SUPERSEDED)),  # an old version: does not
    ]
    state = running_state(event=event, rows=rows, players=SEATED)
    assert list(state.lines) == [1]
    assert state.summary["game_score"] == {"A": 3, "B": 0}  # 9 tricks: 3 over the book
    assert (state.over, state.summary["game"]) == (False, 1)


def test_a_bid_whist_game_keeps_a_running_score():
    event = Event(kind=Event.Kind.BIDWHIST)
    rows = [
        (1, live({"bid": "4 uptown", "bidder": "A", "books": 10})),
        (2, live({"bid": "3 downtown", "bidder": "B", "books": 8})),
    ]
    state = running_state(event=event, rows=rows, players={})
    assert state.lines[1]["made"] and state.lines[1]["score"] == {"A": 4, "B": 0}
    assert not state.lines[2]["made"]  # 3 over six needs 9 books
    assert state.summary["game_score"] == state.lines[2]["score"] == state.summary["points"]
    assert state.summary["games_won"] == {"A": 0, "B": 0}


def test_es_makker_totals_run_per_player_and_sum_to_nothing():
    event = Event(kind=Event.Kind.ESMAKKER)
    contract = {"bid": "7", "trump": "hearts", "partner_ace": "spades", "kitty_exchanged": 0}
    rows = [
        (1, live({"contract": {**contract, "declarer": "1", "partner": "3"}, "tricks": 8})),
        (2, live({"contract": {**contract, "declarer": "2", "partner": "4"}, "tricks": 8})),
    ]
    state = running_state(event=event, rows=rows, players=SEATED)
    assert state.error == ""
    after_one = {player: total for player, _points, total, _deals in state.lines[1]["rows"]}
    after_two = {player: total for player, _points, total, _deals in state.lines[2]["rows"]}
    assert after_one["1"] == after_one["3"] > 0 > after_one["2"] == after_one["4"]
    assert after_two == dict(state.summary["totals"])
    assert state.summary["sum"] == 0


def test_a_bad_hand_is_shown_as_the_engines_message():
    event = Event(kind=Event.Kind.ROBBER)
    state = running_state(
        event=event, rows=[(1, live({"tricks": {"A": 14, "B": -1}}))], players=SEATED
    )
    assert state.error and state.lines == {}


def test_decided_after_names_the_deciding_hand_of_confirmed_results():
    event = Event(kind=Event.Kind.ROBBER)
    confirmed, entered = Result.Status.CONFIRMED, Result.Status.ENTERED
    results = [
        (1, 1, confirmed, rubber_hand(13)),
        (1, 2, confirmed, rubber_hand(13)),
        (2, 1, confirmed, rubber_hand(13)),
        (2, 2, entered, rubber_hand(13)),  # not confirmed yet: table 2 is not decided
    ]
    assert decided_after(event=event, results=results) == {1: 2}


def test_decided_after_is_empty_when_every_hand_is_played():
    timed = Event(kind=Event.Kind.ROBBER, rules={"league": {"match": "hands"}})
    confirmed = Result.Status.CONFIRMED
    results = [(1, 1, confirmed, rubber_hand(13)), (1, 2, confirmed, rubber_hand(13))]
    assert decided_after(event=timed, results=results) == {}
    assert decided_after(event=Event(kind=Event.Kind.BIDWHIST), results=results) == {}
