"""Which movement the dashboard recommends for the field registered, and its grade in words."""

import pytest

from tournaments.models import Event
from tournaments.selectors.movement_advice import movement_advice


def _event(kind, movement_kind, rounds, per_round=1):
    return Event(
        kind=kind, movement_kind=movement_kind, hands=rounds * per_round, hands_per_round=per_round
    )


@pytest.mark.parametrize(
    ("kind", "movement", "units", "rounds", "expected", "grade"),
    [
        ("individual_drive", "winners_split", 12, 11, "individual", "nobody partners anyone twice"),
        ("individual_drive", "winners_split", 9, 24, "winners_split", ""),
        ("pairs_drive", "mitchell", 6, 5, "howell", "every pair meets every other"),
        ("pairs_drive", "mitchell", 12, 6, "mitchell", "no pair meets another more than once"),
        # 11 pairs, 8 rounds: a Mitchell's 6 tables give 6 different rounds
        ("pairs_drive", "mitchell", 11, 8, "round_robin", "no pair meets another more than once"),
        ("robber", "round_robin", 5, 5, "round_robin", "every pair meets every other"),
        ("esmakker", "individual", 8, 7, "individual", "no two players sit at one table more than"),
    ],
)
def test_the_recommendation_fits_the_field(kind, movement, units, rounds, expected, grade):
    advice = movement_advice(event=_event(kind, movement, rounds), units=units)
    assert advice["kind"] == expected and advice["grade"].startswith(grade)
    assert advice["current"] == (movement == expected)


def test_a_league_too_long_for_an_evening_is_not_recommended():
    """A Dutch walk: 12 pairs at 6 hands a round were recommended a round robin, which
    seating then refused (11 rounds are 66 hands, more than 60)."""
    advice = movement_advice(event=_event("robber", "round_robin", 5, per_round=6), units=12)
    assert advice["kind"] == "mitchell" and not advice["current"]
    fits = movement_advice(event=_event("robber", "round_robin", 5, per_round=5), units=12)
    assert fits["kind"] == "round_robin"  # 11 rounds of 5: 55 hands


def test_a_fixed_plan_that_would_repeat_partners_is_named_with_its_cost():
    advice = movement_advice(event=_event("individual_drive", "individual", 24), units=9)
    assert advice["kind"] == "winners_split"
    assert advice["note"].startswith("A fixed plan is not suggested: over 24 rounds, ")
    assert "partnerships repeat" in advice["note"]


def test_fewer_than_a_table_gets_no_advice():
    assert movement_advice(event=_event("individual_drive", "winners_split", 24), units=3) is None


def test_a_league_asked_for_fewer_rounds_says_it_plays_them_all():
    """A German walk set 3 rounds for 8 pairs: the advice graded 3 rounds ("16 of the 28
    pairings never play each other"), then seating made it 7 rounds, unsaid."""
    advice = movement_advice(event=_event("robber", "round_robin", 3, per_round=6), units=8)
    assert advice["kind"] == "round_robin" and advice["grade"] == "every pair meets every other"
    assert advice["note"] == (
        "A league's round robin plays every pair once: 7 rounds (42 hands), not 3."
        " For 3 rounds, choose a Mitchell."
    )
    full = movement_advice(event=_event("robber", "round_robin", 7, per_round=6), units=8)
    assert full["note"] == ""
