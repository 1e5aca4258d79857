"""Grade and validation of movement JSON (docs/movements.md, "The grade of a movement")."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import MovementError, grade, validate
from tournaments.movements.grade import lower_bounds

INFINITY = "inf"
WH8_STARTER = [((INFINITY, 2), (4, 5)), ((0, 3), (6, 1))]  # partners, partners (docs/movements.md)


def wh8() -> dict:
    """Wh(8) on Z7 + {inf}: round r adds r to every finite point; point x is player x + 1."""

    def player(x, r):
        return 8 if x == INFINITY else (x + r) % 7 + 1

    rounds = []
    for r in range(7):
        tables = [
            {"table": t, "ns": [player(a, r), player(b, r)], "ew": [player(c, r), player(d, r)]}
            for t, ((a, b), (c, d)) in enumerate(WH8_STARTER, start=1)
        ]
        rounds.append({"round": r + 1, "tables": tables, "sit_out": []})
    return {"kind": "individual", "players": 8, "tables": 2, "rounds": rounds}


def test_wh8_is_perfect():
    g = grade(wh8())
    assert g["repeat_partners"] == 0
    assert g["max_partner_meetings"] == 1
    assert g["max_opponent_meetings"] == 2
    assert g["max_meetings"] == 3
    assert g["never_met"] == 0
    assert g["sit_out_spread"] == 0
    # A whist tournament meets every lower bound exactly.
    bounds = g["lower_bounds"]
    assert bounds == {
        "max_partner": 1,
        "max_opponent": 2,
        "max_meeting": 3,
        "partner_excess": 0,
        "opponent_excess": 28,
        "meeting_excess": 56,
    }
    assert (g["repeat_partners"], g["opponent_excess"], g["meeting_excess"]) == (0, 28, 56)


def test_repeats_counted():
    doc = wh8()
    doc["rounds"].append({**copy.deepcopy(doc["rounds"][0]), "round": 8})
    g = grade(doc)
    assert g["repeat_partners"] == 4  # four partnerships repeat once
    assert g["max_partner_meetings"] == 2
    assert g["max_opponent_meetings"] == 3


def test_sit_outs_and_directions():
    doc = {
        "kind": "individual",
        "players": 5,
        "tables": 1,
        "rounds": [
            {"round": 1, "tables": [{"table": 1, "ns": [1, 2], "ew": [3, 4]}], "sit_out": [5]},
            {"round": 2, "tables": [{"table": 1, "ns": [1, 3], "ew": [2, 5]}], "sit_out": [4]},
        ],
    }
    g = grade(doc)
    assert g["sit_out_spread"] == 1
    assert g["direction_spread"] == 2  # player 1 sat N/S twice
    assert g["never_met"] == 1  # only 4 and 5 never share a table
    assert g["lower_bounds"]["max_partner"] == 1


@pytest.mark.parametrize("players", [4, 8, 12, 16, 20, 40, 100, 400])
@pytest.mark.parametrize("rounds", [1, 3, 7, 15, 60])
def test_lower_bounds_match_the_formulas_for_full_tables(players, rounds):
    def ceil(a, b):
        return -(-a // b)

    half = players // 2
    assert lower_bounds(players, rounds) == {
        "max_partner": ceil(rounds, players - 1),
        "max_opponent": ceil(2 * rounds, players - 1),
        "max_meeting": ceil(3 * rounds, players - 1),
        "partner_excess": half * max(0, rounds - players + 1),
        "opponent_excess": half * max(0, 2 * rounds - players + 1),
        "meeting_excess": half * max(0, 3 * rounds - players + 1),
    }


def random_movement(players: int, rounds: int, rng: random.Random) -> dict:
    out = []
    for r in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        tables = [
            {"table": t + 1, "ns": order[4 * t : 4 * t + 2], "ew": order[4 * t + 2 : 4 * t + 4]}
            for t in range(players // 4)
        ]
        out.append({"round": r, "tables": tables, "sit_out": sorted(order[4 * (players // 4) :])})
    return {"kind": "individual", "players": players, "tables": players // 4, "rounds": out}


@settings(max_examples=60, deadline=None)
@given(players=st.integers(4, 30), rounds=st.integers(1, 40), seed=st.integers(0, 10**6))
def test_no_movement_beats_its_lower_bounds(players, rounds, seed):
    g = grade(random_movement(players, rounds, random.Random(seed)))
    b = g["lower_bounds"]
    assert g["max_partner_meetings"] >= b["max_partner"]
    assert g["max_opponent_meetings"] >= b["max_opponent"]
    assert g["max_meetings"] >= b["max_meeting"]
    assert g["repeat_partners"] >= b["partner_excess"]
    assert g["opponent_excess"] >= b["opponent_excess"]
    assert g["meeting_excess"] >= b["meeting_excess"]


def test_grades_a_large_movement():
    g = grade(random_movement(400, 60, random.Random(1)))
    assert g["sit_out_spread"] == 0 and g["direction_spread"] <= 60


def pairs_doc() -> dict:
    return {
        "kind": "howell",
        "pairs": 4,
        "tables": 2,
        "rounds": [
            {
                "round": 1,
                "tables": [{"table": 1, "ns": 4, "ew": 1}, {"table": 2, "ns": 2, "ew": 3}],
            },
            {
                "round": 2,
                "tables": [{"table": 1, "ns": 2, "ew": 4}, {"table": 2, "ns": 3, "ew": 1}],
            },
        ],
    }


def test_pairs_grade():
    g = grade(pairs_doc())
    assert g == {
        "max_meetings": 1,
        "never_met": 2,
        "pairings": 6,
        "complete": False,
        "sit_out_spread": 0,
        "direction_spread": 2,
    }
    doc = pairs_doc()
    doc["rounds"].append(
        {"round": 3, "tables": [{"table": 1, "ns": 1, "ew": 2}, {"table": 2, "ns": 3, "ew": 4}]}
    )
    assert grade(doc)["complete"] is True


def set_path(doc, path, value):
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


DELETE = object()
R1T1 = ("rounds", 0, "tables", 0)


@pytest.mark.parametrize(
    ("path", "value", "fragment"),
    [
        (("kind",), DELETE, "has no 'kind'"),
        (("kind",), "swiss", "unknown movement kind"),
        (("players",), DELETE, "has no 'players'"),
        (("players",), 3, "players must be 4..400"),
        (("rounds",), DELETE, "has no 'rounds'"),
        (("rounds",), [], "at least one round"),
        (("rounds", 1, "round"), 7, "round 2 is numbered 7"),
        (("rounds", 0, "tables"), DELETE, "round 1 has no 'tables'"),
        ((*R1T1, "ns"), DELETE, "round 1, table 1 has no 'ns'"),
        ((*R1T1, "ns"), [8, 8], "two pairs of two distinct players"),
        ((*R1T1, "ns"), [8], "must be a pair of two player numbers"),
        ((*R1T1, "ew"), [2, 9], "ew player must be 1..8, got 9"),
        ((*R1T1, "ew"), [2, True], "must be an integer"),
        (("rounds", 0, "tables", 1, "ns"), [8, 1], "player 8 is seated twice"),
        (("rounds", 0, "tables", 1, "table"), 1, "table 1 appears twice"),
        (("rounds", 0, "tables", 1, "table"), 3, "table number must be 1..2"),
        (("rounds", 0, "sit_out"), [8], "both plays and sits out"),
    ],
)
def test_invalid_individual_docs(path, value, fragment):
    doc = wh8()
    set_path(doc, path, value)
    with pytest.raises(MovementError) as caught:
        validate(doc)
    assert caught.value.code == "E_MOVEMENT"
    assert fragment in caught.value.message


@pytest.mark.parametrize(
    ("path", "value", "fragment"),
    [
        (("pairs",), DELETE, "has no 'pairs'"),
        ((*R1T1, "ew"), 4, "pair 4 cannot play against itself"),
        ((*R1T1, "ew"), 2, "pair 2 is seated twice"),
        ((*R1T1, "ew"), [1, 2], "must be an integer"),
        ((*R1T1, "ns"), 5, "pair ns must be 1..4, got 5"),
    ],
)
def test_invalid_pairs_docs(path, value, fragment):
    doc = pairs_doc()
    set_path(doc, path, value)
    with pytest.raises(MovementError) as caught:
        grade(doc)
    assert fragment in caught.value.message


def test_not_an_object():
    with pytest.raises(MovementError, match="must be a JSON object"):
        validate([1, 2])
