"""Swiss pairing: every team once a round, no rematch while avoidable, byes spread, top down."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairings import PairingError, rank, swiss_round, swiss_schedule_check


def fewest_rematches(teams: list, met: set) -> int:
    """Brute force: the fewest rematches any pairing of ``teams`` needs."""
    if not teams:
        return 0
    first, rest = teams[0], teams[1:]
    return min(
        (frozenset((first, other)) in met) + fewest_rematches([t for t in rest if t != other], met)
        for other in rest
    )


def play_event(teams: int, rounds: int, seed: int):
    """Run a Swiss event with random winners; yield (ranked, byes before, met before, round)."""
    rng = random.Random(seed)
    records = {t: {"wins": 0, "points": 0} for t in range(1, teams + 1)}
    played, byes = [], {}
    for _ in range(rounds):
        ranked = rank(records, ["wins", "points"], played)
        met = {frozenset(m[:2]) for m in played}
        result = swiss_round(ranked, played, byes)
        yield ranked, dict(byes), met, result
        for a, b in result["tables"]:
            winner = a if rng.random() < 0.5 else b
            records[winner]["wins"] += 1
            records[a]["points"] += rng.randint(0, 7)
            played.append((a, b, winner))
        if result["bye"] is not None:
            byes[result["bye"]] = byes.get(result["bye"], 0) + 1
            records[result["bye"]]["wins"] += 1


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 11), st.integers(1, 11), st.integers(0, 10**6))
def test_every_round_is_a_fair_swiss_round(teams, rounds, seed):
    rounds = min(rounds, teams if teams % 2 else teams - 1)
    for ranked, byes, met, result in play_event(teams, rounds, seed):
        seated = [t for table in result["tables"] for t in table]
        if result["bye"] is not None:
            seated.append(result["bye"])
        assert sorted(seated) == sorted(ranked)  # every team exactly once
        fewest = min(byes.get(t, 0) for t in ranked)
        if result["bye"] is not None:
            assert byes.get(result["bye"], 0) == fewest  # no second bye while one is owed
        candidates = (
            [result["bye"]]
            if result["bye"] is None
            else [t for t in ranked if byes.get(t, 0) == fewest]
        )
        best = min(fewest_rematches([t for t in ranked if t != c], met) for c in candidates)
        assert result["rematches"] == best
        assert result["rematches"] == sum(frozenset(p) in met for p in result["tables"])


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 40), st.integers(0, 10**6))
def test_byes_spread_and_the_top_team_heads_table_one(teams, seed):
    rounds = min(teams, 8) if teams % 2 else min(teams - 1, 8)
    byes_seen: dict = {}
    for ranked, _byes, _met, result in play_event(teams, rounds, seed):
        top = next(t for t in ranked if t != result["bye"])
        assert top in result["tables"][0]
        if result["bye"] is not None:
            byes_seen[result["bye"]] = byes_seen.get(result["bye"], 0) + 1
    assert all(count == 1 for count in byes_seen.values())  # rounds <= teams: one bye each at most


def test_first_round_pairs_neighbours_in_the_ranking():
    result = swiss_round(["A", "B", "C", "D", "E"])
    assert result == {"tables": [["A", "B"], ["C", "D"]], "bye": "E", "rematches": 0}


def test_a_rematch_is_avoided_by_pairing_down():
    result = swiss_round([1, 2, 3, 4], played=[(1, 2, 1), (3, 4, 3)])
    assert result["tables"] == [[1, 3], [2, 4]]


def test_a_team_that_left_is_simply_not_listed():
    result = swiss_round([1, 2, 4], played=[(1, 2, 1)], byes={4: 1})
    assert result["bye"] == 2 and result["tables"] == [[1, 4]]


def test_refusals():
    with pytest.raises(PairingError) as caught:
        swiss_round([1, 1, 2])
    assert caught.value.code == "E_TEAMS"
    with pytest.raises(PairingError, match="at most 15 Swiss rounds"):
        swiss_schedule_check(16, 16)
    swiss_schedule_check(5, 5)


def test_unavoidable_rematch_is_the_only_one():
    # three teams, three rounds already played: every pairing is a rematch now
    played = list(combinations([1, 2, 3], 2))
    result = swiss_round([1, 2, 3], played=[(*p, p[0]) for p in played], byes={1: 1, 2: 1, 3: 1})
    assert result["rematches"] == 1 and result["bye"] == 3
