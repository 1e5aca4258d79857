"""A table that never reported: the credit the organizer chose at round close (issue 15, item 5)."""

import pytest

import scoring
from scoring import drive_cards


def _record(credit, sit_out="own_average"):
    """Four hands at one table plus a sit-out; table 1 never reported hand 4."""
    seat = {"ns": ["A", "B"], "ew": ["C", "D"]}
    hands = [
        {"hand": 1, "table": 1, **seat, "tricks": {"ns": 8, "ew": 5}},
        {"hand": 2, "table": 1, **seat, "tricks": {"ns": 6, "ew": 7}},
        {"hand": 3, "table": 1, **seat, "tricks": {"ns": 10, "ew": 3}},
        {"hand": 4, "table": 1, **seat, "not_played": {"credit": credit}},
    ]
    return {"rules": {"hands": 4, "sit_out": sit_out}, "hands": hands}


def _by_player(record):
    return {row["player"]: row for row in scoring.score("drive", record)["standings"]}


@pytest.mark.parametrize(
    ("credit", "total_a", "total_c"),
    [
        ("own_average", 32, 20),  # 24 in 3 hands -> +8; 15 in 3 -> +5
        (6.5, 30.5, 21.5),
        (0, 24, 15),
        ("6.5", 30.5, 21.5),
    ],
)
def test_each_policy_credits_the_missing_hand(credit, total_a, total_c):
    rows = _by_player(_record(credit))
    assert rows["A"]["total"] == total_a and rows["C"]["total"] == total_c
    assert (rows["A"]["played"], rows["A"]["not_played"], rows["A"]["sat_out"]) == (3, 1, 0)


def test_not_played_is_not_counted_as_sat_out_and_the_second_half_gets_the_credit():
    a = _by_player(_record(6.5))["A"]
    assert (a["first_half"], a["second_half"]) == (14, 16.5)


def test_zero_credit_lowers_the_average_when_ranking_by_average():
    """sit_out "none" ranks by average per counted hand: a zero counts, own average does not."""
    zero, avg = _by_player(_record(0, "none")), _by_player(_record("own_average", "none"))
    assert zero["A"]["position"] == avg["A"]["position"] == 1
    assert zero["A"]["total"] == 24 and avg["A"]["total"] == 24 + 8


def test_a_credit_outside_0_to_13_is_refused():
    with pytest.raises(scoring.ScoringError) as err:
        scoring.score("drive", _record(14))
    assert err.value.code == "E_RULES" and err.value.hand == 4


def test_a_not_played_table_still_seats_its_players_once():
    record = _record(0)
    record["hands"].append(
        {"hand": 4, "table": 2, "ns": ["A", "E"], "ew": ["F", "G"], "tricks": {"ns": 7, "ew": 6}}
    )
    with pytest.raises(scoring.ScoringError) as err:
        scoring.score("drive", record)
    assert err.value.code == "E_PLAYER_DUP"


def test_score_card_shows_the_hand_as_not_played_with_its_credit():
    card = drive_cards.score_cards(_record(6.5))["A"]
    last = card[-1]
    assert (last["hand"], last["not_played"], last["credit"], last["tricks"]) == (
        4,
        True,
        6.5,
        None,
    )
    assert last["sat_out"] is False and last["running_total"] == 24
