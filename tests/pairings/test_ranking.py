"""The ranking order is data: presets, custom orders and head-to-head among the tied."""

from __future__ import annotations

import pytest

from tournaments.pairings import PRESETS, PairingError, rank, rank_groups

RECORDS = {
    "A": {"wins": 4, "hands": 20, "points": 30, "bostons": 0},
    "B": {"wins": 4, "hands": 22, "points": 25, "bostons": 1},
    "C": {"wins": 5, "hands": 18, "points": 20, "bostons": 0},
    "D": {"wins": 4, "hands": 22, "points": 25, "bostons": 2},
}


def test_wins_then_hands_then_points():
    # B and D tie on wins, hands and points; D beat B head to head
    assert rank(RECORDS, "wins_hands_points", matches=[("B", "D", "D")]) == ["C", "D", "B", "A"]


def test_wins_then_points():
    assert rank(RECORDS, "wins_points") == ["C", "A", "D", "B"]  # D before B on Bostons


def test_groups_hold_the_teams_no_criterion_separates():
    assert rank_groups(RECORDS, ["points"]) == [["A"], ["B", "D"], ["C"]]
    assert rank_groups(RECORDS, ["wins", "hands", "points"]) == [["C"], ["B", "D"], ["A"]]
    assert rank_groups(RECORDS, "wins_hands_points", [("B", "D", "D")]) == [["C"], ["D"], ["B"], ["A"]]
    level = {team: {} for team in "XYZ"}  # before any round is closed
    assert rank_groups(level, "wins_points") == [["X", "Y", "Z"]] and rank_groups({}, "points") == []


def test_custom_order_and_unbroken_ties_keep_the_given_order():
    assert rank(RECORDS, ["points"]) == ["A", "B", "D", "C"]
    assert rank(RECORDS, ["bostons", "wins"]) == ["D", "B", "C", "A"]


def test_head_to_head_counts_only_games_among_the_tied():
    records = {t: {"wins": 1} for t in "XYZ"}
    matches = [("X", "Y", "Y"), ("Y", "Z", "Z"), ("Z", "X", "Z")]
    assert rank(records, ["wins", "head_to_head"], matches) == ["Z", "Y", "X"]


def test_bad_orders_are_refused():
    assert "wins_hands_points" in PRESETS
    for order in ("fastest", ["wins", "wins"], ["luck"], []):
        with pytest.raises(PairingError):
            rank(RECORDS, order)
