"""Brackets: seeds kept apart, byes to the top seeds, every result filled in, placings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairings import (
    PairingError,
    double_elimination,
    resolve,
    seed_order,
    series_winner,
    single_elimination,
)
from tournaments.pairings.brackets import BYE


def play_out(bracket: dict, seed: int) -> dict:
    """Enter a random winner for every ready match until the bracket is finished."""
    rng, results = random.Random(seed), {}
    while True:
        state = resolve(bracket, results)
        ready = [m for m in state["matches"] if m["status"] == "ready"]
        if not ready:
            return state
        for match in ready:
            results[match["id"]] = rng.choice([match["home_team"], match["away_team"]])


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 40), st.integers(0, 10**6))
def test_single_elimination_seeds_one_and_two_meet_only_in_the_final(teams, seed):
    names = [f"T{i}" for i in range(1, teams + 1)]
    state = play_out(single_elimination(names), seed)
    played = [m for m in state["matches"] if m["status"] == "played"]
    both = [m for m in played if {m["home_team"], m["away_team"]} == {"T1", "T2"}]
    assert all(m is state["matches"][-1] for m in both)
    # byes: exactly size - teams, all to the top seeds, all in round one
    byes = [m for m in state["matches"] if m["status"] == "bye"]
    assert len(byes) == state["size"] - teams
    assert sorted((m["winner"] for m in byes), key=names.index) == names[: len(byes)]
    # every team plays (or has its bye) in round one exactly once
    first = [
        t for m in state["matches"] if m["round"] == 1 for t in (m["home_team"], m["away_team"])
    ]
    assert sorted(t for t in first if t != BYE) == sorted(names)
    # finished: a champion and every other team placed once
    assert state["champion"] in names
    placed = [t for tier in state["placings"] for t in tier]
    assert sorted(placed) == sorted(names)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 24), st.integers(0, 10**6))
def test_double_elimination_a_team_is_out_after_two_losses(teams, seed):
    names = list(range(1, teams + 1))
    state = play_out(double_elimination(names), seed)
    losses = dict.fromkeys(names, 0)
    for m in state["matches"]:
        if m["status"] == "played":
            losses[m["loser"]] += 1
    assert state["champion"] in names
    assert losses[state["champion"]] <= 1
    assert all(losses[t] == 2 for t in names if t != state["champion"])
    placed = [t for tier in state["placings"] for t in tier]
    assert sorted(placed) == names
    winners_final = next(
        m
        for m in state["matches"]
        if m["bracket"] == "winners" and m["round"] == state["size"].bit_length() - 1
    )
    early = [
        m
        for m in state["matches"]
        if m["bracket"] == "winners"
        and m is not winners_final
        and {m["home_team"], m["away_team"]} == {1, 2}
    ]
    assert early == []


def test_seed_order_of_eight():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_six_teams_best_of_three_final():
    bracket = single_elimination(list("ABCDEF"), final_best_of=3)
    state = resolve(bracket, {"W1-2": "D", "W1-4": "C", "W2-1": "A", "W2-2": "C", "W3-1": "C"})
    rows = {m["id"]: m for m in state["matches"]}
    assert rows["W1-1"]["status"] == "bye" and rows["W2-1"]["home_team"] == "A"
    assert rows["W3-1"]["best_of"] == 3 and rows["W2-1"]["best_of"] == 1
    assert state["champion"] == "C"
    assert state["placings"] == [["C"], ["A"], ["B", "D"], ["E", "F"]]


def test_grand_final_reset_only_when_the_losers_bracket_wins():
    bracket = double_elimination([1, 2, 3, 4])
    base = {"W1-1": 1, "W1-2": 2, "W2-1": 1, "L1-1": 4, "L2-1": 2}
    kept = resolve(bracket, {**base, "GF1": 1})
    assert kept["champion"] == 1 and kept["matches"][-1]["status"] == "not_needed"
    reset = resolve(bracket, {**base, "GF1": 2})
    assert reset["champion"] is None and reset["matches"][-1]["status"] == "ready"
    assert resolve(bracket, {**base, "GF1": 2, "GF2": 2})["placings"][:2] == [[2], [1]]


def test_series_winner():
    assert series_winner(["A", "B", "A"], 3) == "A"
    assert series_winner(["A", "B"], 3) is None


def test_bad_results_are_refused():
    bracket = single_elimination([1, 2, 3, 4])
    with pytest.raises(PairingError, match="does not play"):
        resolve(bracket, {"W1-1": 2})
    with pytest.raises(PairingError, match="cannot have a result yet"):
        resolve(bracket, {"W2-1": 1})
    with pytest.raises(PairingError, match="no match X"):
        resolve(bracket, {"X": 1})
    with pytest.raises(PairingError):
        double_elimination([1, 2])
