"""How a qualifying match of a Bid Whist tournament is decided: points, then hands, then the
last hand; a Boston is a made contract with all 13 books."""

from __future__ import annotations

from tournaments.models import Event
from tournaments.selectors.tournament import qualifying_match

EVENT = Event(kind="bidwhist", rules={"preset": "seed"})


def test_more_points_wins():
    out = qualifying_match(
        EVENT, [{"bid": "3", "bidder": "A", "books": 10}, {"bid": "2", "bidder": "B", "books": 8}]
    )
    assert out["sides"]["A"] == {"points": 4, "hands": 1, "bostons": 0}
    assert out["sides"]["B"]["points"] == 2 and out["winner"] == "A"


def test_level_on_points_more_hands_wins():
    hands = [
        {"bid": "4", "bidder": "A", "books": 10},  # A +4
        {"bid": "1", "bidder": "B", "books": 8},  # B +2
        {"bid": "1", "bidder": "B", "books": 8},  # B +2
    ]
    out = qualifying_match(EVENT, hands)
    assert out["sides"]["A"]["points"] == out["sides"]["B"]["points"] == 4
    assert out["winner"] == "B"  # two hands to one


def test_level_on_points_and_hands_the_last_hand_decides():
    hands = [{"bid": "2", "bidder": "B", "books": 8}, {"bid": "2", "bidder": "A", "books": 8}]
    assert qualifying_match(EVENT, hands)["winner"] == "A"


def test_a_boston_counts_for_the_bidders():
    out = qualifying_match(EVENT, [{"bid": "5", "bidder": "B", "books": 13}])
    assert out["sides"]["B"]["bostons"] == 1 and out["sides"]["A"]["bostons"] == 0
    set_hand = qualifying_match(EVENT, [{"bid": "7", "bidder": "A", "books": 12}])
    assert set_hand["winner"] == "B" and set_hand["sides"]["A"]["bostons"] == 0
