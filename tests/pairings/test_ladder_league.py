"""Winners move up / losers stay, league fixtures, the cup draw, match points and the table."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairings import (
    PairingError,
    cup_draw,
    ladder_next,
    ladder_start,
    league_table,
    match_points,
    round_robin,
)


def test_winners_move_up_losers_stay():
    start = ladder_start(["A", "B", "C", "D", "E", "F"])
    assert start == {"tables": [["A", "B"], ["C", "D"], ["E", "F"]], "bye": None}
    nxt = ladder_next(start["tables"], winners=["B", "D", "E"])
    # head: both winners from tables 1 and 2; middle: loser of 2 meets winner of 3;
    # bottom: loser of 3 stays and the head-table loser comes down
    assert nxt == {"tables": [["B", "D"], ["C", "E"], ["F", "A"]], "bye": None}


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 30), st.integers(1, 12), st.integers(0, 10**6))
def test_ladder_seats_everyone_once_and_spreads_byes(teams, rounds, seed):
    rng = random.Random(seed)
    state = ladder_start(range(teams))
    byes = Counter()
    for _ in range(rounds):
        seated = [t for table in state["tables"] for t in table]
        seated += [state["bye"]] if state["bye"] is not None else []
        assert sorted(seated) == list(range(teams))
        if state["bye"] is not None:
            byes[state["bye"]] += 1
        winners = [rng.choice(table) for table in state["tables"]]
        losers = [t for table in state["tables"] for t in table if t not in winners]
        state = ladder_next(state["tables"], winners, state["bye"], byes)
        if state["bye"] is not None:  # the sitter-out is a loser with the fewest byes
            assert state["bye"] in losers
            assert byes[state["bye"]] == min(byes[t] for t in losers)


def test_ladder_refuses_a_table_without_one_winner():
    with pytest.raises(PairingError) as caught:
        ladder_next([["A", "B"], ["C", "D"]], winners=["A", "B", "C"])
    assert caught.value.code == "E_RESULT"


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 16), st.booleans())
def test_round_robin_everyone_meets_everyone(teams, both_ways):
    rounds = round_robin(range(teams), home_and_away=both_ways)
    legs = 2 if both_ways else 1
    assert len(rounds) == legs * (teams - 1 + teams % 2)
    meetings = Counter()
    home = Counter()
    for rnd in rounds:
        playing = [t for m in rnd["matches"] for t in m]
        playing += [rnd["bye"]] if rnd["bye"] is not None else []
        assert sorted(playing) == list(range(teams))  # each team once a round
        for a, b in rnd["matches"]:
            meetings[frozenset((a, b))] += 1
            home[(a, b)] += 1
    assert set(meetings.values()) == {legs}
    assert len(meetings) == teams * (teams - 1) // 2
    if both_ways:
        assert all(home[(b, a)] == 1 for a, b in home)  # once at home, once away
        per_team = Counter(a for a, _ in home)
        assert set(per_team.values()) == {teams - 1}


def test_six_team_league_home_and_away():
    rounds = round_robin([f"T{i}" for i in range(1, 7)], home_and_away=True)
    assert len(rounds) == 10 and all(len(r["matches"]) == 3 for r in rounds)


def test_cup_draw_is_reproducible_and_fills_a_bracket():
    teams = [f"Club {i}" for i in range(1, 9)]
    one, two = cup_draw(teams, seed=7), cup_draw(teams, seed=7)
    assert one == two and one["kind"] == "cup"
    assert sorted(one["seeds"]) == sorted(teams) and one["seeds"] != teams
    assert cup_draw(teams, seed=8)["seeds"] != one["seeds"]
    assert len([m for m in one["matches"] if m["round"] == 1]) == 4


def test_match_points_scales():
    assert match_points(30, 22) == (3, 0)
    assert match_points(26, 26) == (1, 1)
    assert match_points(24, 28) == (0, 3)
    assert match_points(26, 24, "margin") == (3, 1)
    assert match_points(20, 30, "margin") == (0, 4)
    assert match_points(27, 26, [(0, 1, 1), (1, 2, 0)]) == (2, 0)
    with pytest.raises(PairingError):
        match_points(1, 0, "golf")


def test_league_table_ranks_by_points_then_trick_difference():
    table = league_table(
        ["A", "B", "C"],
        [
            {"home": "A", "away": "B", "home_tricks": 30, "away_tricks": 22},
            {"home": "C", "away": "A", "home_tricks": 27, "away_tricks": 25},
            {"home": "B", "away": "C", "home_tricks": 26, "away_tricks": 26},
        ],
    )
    assert [(r["team"], r["points"], r["won"], r["drawn"], r["lost"]) for r in table] == [
        ("C", 4, 1, 1, 0),
        ("A", 3, 1, 0, 1),
        ("B", 1, 0, 1, 1),
    ]


def test_pot_split_with_tied_semi_finalists():
    from decimal import Decimal

    from tournaments.pairings.money import split_pot

    prizes = split_pot(1000, [50, 30, 12, 8], [["C"], ["A"], ["B", "D"], ["E", "F"]])
    assert [(p["place"], p["teams"], p["each"]) for p in prizes] == [
        (1, ["C"], Decimal("500.00")),
        (2, ["A"], Decimal("300.00")),
        (3, ["B", "D"], Decimal("100.00")),
    ]
    assert split_pot("99.99", [50, 30, 20], [["X"], ["Y", "Z"]])[1]["each"] == Decimal("24.99")
    for bad in ([60, 50], [0, 10], ["x"]):
        with pytest.raises(PairingError):
            split_pot(100, bad, [["X"]])


def test_teams_level_on_every_figure_share_a_place():
    """A team walk: two teams with the same points, trick difference and tricks showed 2
    and 3, not =2."""
    table = league_table(
        ["A", "B", "C", "D"],
        [
            {"home": "A", "away": "B", "home_tricks": 30, "away_tricks": 22},
            {"home": "C", "away": "D", "home_tricks": 30, "away_tricks": 22},
        ],
    )
    assert [(r["team"], r["position"], r["tied"]) for r in table] == [
        ("A", 1, True), ("C", 1, True), ("B", 3, True), ("D", 3, True)
    ]  # fmt: skip
