"""The ghost seat in the drive engine (docs/rules.md §B1, "The ghost seat"): a null seat is the
dummy at a three-handed table; it is never ranked and never wins a prize, and its live partner
scores by the ``ghost_partner`` rule."""

from __future__ import annotations

import pytest

import scoring
from scoring.drive_cards import score_cards
from tests.scoring.test_drive import by_player, drive, error_of, row

GHOSTED = (("Ann", None), ("Cat", "Dan"))  # Ann partners the ghost at N/S


def test_the_ghost_is_never_ranked_and_its_partner_scores_the_sides_tricks():
    result = drive([row(1, 1, *GHOSTED, 8), row(2, 1, *GHOSTED, 3)], prizes={"places": 3})
    totals = {p: s["total"] for p, s in by_player(result).items()}
    assert totals == {"Ann": 11, "Cat": 15, "Dan": 15}
    assert by_player(result)["Ann"]["ghost_hands"] == 2
    assert all(None not in winners for winners in result["prizes"]["places"])
    assert result["prizes"]["booby"] == ["Ann"]


def test_ghost_partner_sit_out_credits_the_hand_as_sat_out():
    rows = [row(1, 1, ("Ann", "Bob"), ("Cat", "Dan"), 8), row(2, 1, *GHOSTED, 2)]
    result = drive(rows, ghost_partner="sit_out")
    ann = by_player(result)["Ann"]
    assert (ann["played"], ann["sat_out"], ann["total"]) == (1, 1, 16)  # own average 8
    assert by_player(result)["Cat"]["total"] == 5 + 11  # opponents score as usual
    fixed = by_player(drive(rows, ghost_partner="sit_out", sit_out={"fixed": 6}))["Ann"]
    assert fixed["total"] == 14


def test_two_ghosts_in_one_hand_at_two_tables():
    rows = [row(1, 1, *GHOSTED, 7), row(1, 2, ("Eve", "Fay"), ("Gus", None), 6)]
    assert len(drive(rows)["standings"]) == 6


@pytest.mark.parametrize(
    ("ns", "ew"),
    [((None, None), ("Cat", "Dan")), (("Ann", None), ("Cat", None)), (("Ann", ""), ("Cat", "Dan"))],
)
def test_a_table_needs_three_players_beside_the_ghost(ns, ew):
    assert error_of([row(1, 1, ns, ew, 7)]).code == "E_SEATING"


def test_unknown_ghost_partner_rule_is_refused():
    assert error_of([row(1, 1, *GHOSTED, 7)], ghost_partner="half").code == "E_RULES"


def test_the_ghost_keeps_no_score_card():
    cards = score_cards({"rules": {"hands": 2}, "hands": [row(1, 1, *GHOSTED, 9)]})
    assert None not in cards and set(cards) == {"Ann", "Cat", "Dan"}
    assert cards["Ann"][0]["partner"] is None and cards["Ann"][0]["tricks"] == 9
    assert cards["Cat"][0]["opponents"] == ["Ann", None]


def test_a_listed_roster_does_not_list_the_ghost():
    record = {"rules": {}, "players": ["Ann", "Cat", "Dan"], "hands": [row(1, 1, *GHOSTED, 7)]}
    assert [s["player"] for s in scoring.score("drive", record)["standings"]] == [
        "Ann",
        "Cat",
        "Dan",
    ]
