"""Bid Whist (docs/rules.md §B3) through ``scoring.score``: worked examples, errors, options."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import ScoringError, score


def bw(hands, **rules):
    return score("bidwhist", {"rules": rules, "hands": hands})


def hand1(hand, **rules):
    return bw([hand], **rules)["hands"][0]


def error(hands, **rules):
    with pytest.raises(ScoringError) as caught:
        bw(hands, **rules)
    return caught.value


def test_contract_example_exactly():
    record = {
        "rules": {"preset": "seed", "min_bid": 1, "target": 5},
        "hands": [
            {"dealer": 4, "auction": ["4", "4 downtown", "pass", "5"], "books": 10},
            {"bid": "3 notrump", "bidder": "B", "books": 4},
        ],
    }
    result = score("bidwhist", record)
    required = [{k: h[k] for k in ("contract", "made", "points", "score")} for h in result["hands"]]
    assert required == [
        {
            "contract": {"level": 5, "type": "uptown", "team": "B", "seat": 4},
            "made": False,
            "points": {"A": 0, "B": -1},
            "score": {"A": 0, "B": -1},
        },
        {
            "contract": {"level": 3, "type": "notrump", "team": "B", "seat": None},
            "made": False,
            "points": {"A": 0, "B": -3},
            "score": {"A": 0, "B": -4},
        },
    ]
    assert result["game"] == {"over": False, "winner": None, "after_hand": None}


# (bid, books, preset, made, bidder's points, defenders' points)
SETTLEMENTS = [
    ("4 uptown", 10, "seed", True, 4, 0),  # T27
    ("7", 9, "seed", False, -4, 0),  # T30: the S3 example
    ("1", 13, "seed", True, 7, 0),  # every book over six counts
    ("4", 12, "seed", True, 6, 0),
    ("5", 10, "seed", False, -1, 0),  # loses only the shortfall
    ("3", 4, "seed", False, -3, 0),  # under six books: the whole bid
    ("3 notrump", 9, "seed", True, 3, 0),  # the seed does not double notrump
    ("7 notrump", 13, "seed", True, 7, 0),  # nor a Boston
    ("4", 11, "parlett", True, 4, 0),  # the level, not the books
    ("4", 9, "parlett", False, -4, 0),  # defenders took only four
    ("4", 5, "parlett", False, -4, 2),  # defenders' books over six
    ("3 notrump", 9, "parlett", True, 6, 0),  # notrump doubles
    ("3 notrump", 5, "parlett", False, -6, 4),  # ... everything
    ("5 downtown", 13, "parlett", True, 20, 0),  # Boston quadruple
    ("7 notrump", 13, "parlett", True, 56, 0),  # Boston and notrump
]


@pytest.mark.parametrize(("bid", "books", "preset", "made", "own", "theirs"), SETTLEMENTS)
def test_settlement(bid, books, preset, made, own, theirs):
    got = hand1({"bid": bid, "bidder": "A", "books": books}, preset=preset)
    assert got["made"] is made
    assert got["points"] == {"A": own, "B": theirs}


def test_options_compose_a_fosters_variant():
    """Foster [FOS-B]: all books on a made contract, the full bid lost on a set."""
    rules = {"made_scores": "books", "set_loses": "bid"}
    assert hand1({"bid": "2", "bidder": "B", "books": 10}, **rules)["points"]["B"] == 4
    assert hand1({"bid": "5", "bidder": "B", "books": 10}, **rules)["points"]["B"] == -5


def test_bid_as_an_object_and_the_team_of_each_seat():
    got = hand1({"bid": {"level": 4, "type": "downtown"}, "bidder": "B", "books": 10})
    assert got["contract"] == {"level": 4, "type": "downtown", "team": "B", "seat": None}
    # dealer 1: seat 2 opens, seat 3 bids and wins for team A
    got = hand1({"dealer": 1, "auction": ["pass", "3", "pass", "pass"], "books": 9})
    assert got["contract"] == {"level": 3, "type": "uptown", "team": "A", "seat": 3}
    assert got["points"] == {"A": 3, "B": 0}


# T32 with dealer 4: seat 1 opens.
@pytest.mark.parametrize(
    ("auction", "rules", "outcome"),
    [
        (["4", "4 downtown", "4 notrump", "5"], {}, (5, "uptown", 4)),
        (["4", "4 downtown", "4 uptown", "5"], {}, "E_BID_NOT_HIGHER"),
        (["8", "pass", "pass", "pass"], {}, "E_BID_RANGE"),
        (["4", "8", "pass", "pass"], {}, "E_BID_RANGE"),
        (["4", "5", "pass", "8"], {}, "E_BID_RANGE"),
        (["2 nt", "pass", "pass", "pass"], {}, (2, "notrump", 1)),
        (["pass", "pass", "pass", "pass"], {}, "E_DEALER_MUST_BID"),
        (["pass", "pass", "pass", "1"], {}, (1, "uptown", 4)),
        (["4", "pass", "pass", "4"], {}, "E_BID_NOT_HIGHER"),
        (["4", "pass", "pass", "4"], {"dealer_can_match": True}, (4, "uptown", 4)),
        (["4", "4", "pass", "pass"], {"dealer_can_match": True}, "E_BID_NOT_HIGHER"),
        (["4", "4 downtown", "pass", "pass"], {"downtown_equals_uptown": True}, "E_BID_NOT_HIGHER"),
        (
            ["4 downtown", "4 notrump", "pass", "pass"],
            {"downtown_equals_uptown": True},
            (4, "notrump", 2),
        ),
        (["3", "pass", "pass", "pass"], {"min_bid": 4}, "E_BID_RANGE"),
        (["4", "pass", "pass"], {}, "E_AUCTION"),
        (["4", "pass", "pass", "pass", "pass"], {}, "E_AUCTION"),
        (["four", "pass", "pass", "pass"], {}, "E_BID_FORMAT"),
        (["4 sideways", "pass", "pass", "pass"], {}, "E_BID_FORMAT"),
        ("4 pass pass pass", {}, "E_JSON"),
        # multi_round: round and round until three have passed; a pass is final
        (["4", "5", "pass", "pass", "6", "pass"], {"multi_round": True}, (6, "uptown", 1)),
        (["4", "pass", "5", "pass", "6", "7"], {"multi_round": True}, "E_PLAYER_PASSED"),
        (["4", "pass", "5", "pass", "6", "pass", "pass"], {"multi_round": True}, (6, "uptown", 1)),
        (["4", "5", "pass", "pass"], {"multi_round": True}, "E_AUCTION"),
        (["pass", "pass", "pass", "pass"], {"multi_round": True}, "E_DEALER_MUST_BID"),
    ],
)
def test_auction(auction, rules, outcome):
    hand = {"dealer": 4, "auction": auction, "books": 13}
    if isinstance(outcome, str):
        err = error([hand], **rules)
        assert (err.code, err.hand) == (outcome, 1)
    else:
        level, kind, seat = outcome
        contract = hand1(hand, **rules)["contract"]
        assert (contract["level"], contract["type"], contract["seat"]) == (level, kind, seat)


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        ({"bid": "4", "bidder": "A", "books": 0}, "E_BOOKS_RANGE"),
        ({"bid": "4", "bidder": "A", "books": 14}, "E_BOOKS_RANGE"),
        ({"bid": "4", "bidder": "A", "books": "10"}, "E_BOOKS_RANGE"),
        ({"bid": "4", "bidder": "A", "books": True}, "E_BOOKS_RANGE"),
        ({"bid": "4", "bidder": "A"}, "E_BOOKS_RANGE"),
        ({"bid": "0", "bidder": "A", "books": 10}, "E_BID_RANGE"),
        ({"bid": "pass", "bidder": "A", "books": 10}, "E_BID_FORMAT"),
        ({"bid": 4, "bidder": "A", "books": 10}, "E_BID_FORMAT"),
        ({"bid": "4", "bidder": "C", "books": 10}, "E_JSON"),
        ({"books": 10}, "E_JSON"),
        ({"auction": ["pass", "pass", "pass", "4"], "books": 10}, "E_JSON"),  # no dealer
        (["4", "A", 10], "E_JSON"),
        (
            {
                "dealer": 4,
                "auction": ["pass", "pass", "pass", "5"],
                "bid": "5",
                "bidder": "A",
                "books": 10,
            },
            "E_CONTRACT_MISMATCH",
        ),
        (
            {
                "dealer": 4,
                "auction": ["pass", "pass", "pass", "5"],
                "bid": "4",
                "bidder": "B",
                "books": 10,
            },
            "E_CONTRACT_MISMATCH",
        ),
    ],
)
def test_hand_errors(hand, code):
    err = error([{"bid": "1", "bidder": "A", "books": 7}, hand])
    assert (err.code, err.hand) == (code, 2)


def test_a_matching_bid_and_auction_agree():
    hand = {
        "dealer": 4,
        "auction": ["pass", "pass", "pass", "5"],
        "bid": "5 uptown",
        "bidder": "B",
        "books": 11,
    }
    assert hand1(hand)["points"] == {"A": 0, "B": 5}


@pytest.mark.parametrize(
    "rules",
    [
        {"min_bid": 0},
        {"min_bid": 8},
        {"target": 0},
        {"made_scores": "tricks"},
        {"set_loses": "all"},
        {"notrump_multiplier": 0},
        {"multi_round": "yes"},
        {"dealer_can_match": 1},
        {"preset": "hoyle"},
        {"minimum_bid": 3},
    ],
)
def test_rule_errors(rules):
    assert error([], **rules).code == "E_RULES"


def test_game_won_at_target_then_a_further_hand_is_refused():
    hands = [{"bid": "3", "bidder": "A", "books": 9}, {"bid": "2", "bidder": "A", "books": 8}]
    result = bw(hands)
    assert [h["score"] for h in result["hands"]] == [{"A": 3, "B": 0}, {"A": 5, "B": 0}]
    assert result["game"] == {"over": True, "winner": "A", "after_hand": 2}
    err = error([*hands, {"bid": "1", "bidder": "B", "books": 7}])
    assert (err.code, err.hand) == ("E_GAME_OVER", 3)


def test_game_lost_at_minus_target_goes_to_the_other_team():
    hands = [{"bid": "7", "bidder": "A", "books": 5}]
    assert bw(hands, target=7)["game"] == {"over": True, "winner": "B", "after_hand": 1}
    assert bw(hands, target=8)["game"]["over"] is False


def test_parlett_plays_to_seven():
    hands = [{"bid": "3 notrump", "bidder": "B", "books": 9}]  # +6
    assert bw(hands, preset="parlett")["game"]["over"] is False
    assert bw(hands, preset="parlett", target=6)["game"]["winner"] == "B"


# --- properties --------------------------------------------------------------------------

TYPES = ("", " uptown", " downtown", " notrump")


@st.composite
def bw_hands(draw):
    level = draw(st.integers(1, 7))
    bid = f"{level}{draw(st.sampled_from(TYPES))}"
    books = draw(st.integers(1, 13))
    if draw(st.booleans()):
        return {"bid": bid, "bidder": draw(st.sampled_from("AB")), "books": books}
    # an auction the dealer is forced to win
    return {"dealer": draw(st.integers(1, 4)), "auction": ["pass"] * 3 + [bid], "books": books}


@settings(max_examples=150)
@given(
    hands=st.lists(bw_hands(), min_size=1, max_size=25),
    preset=st.sampled_from(["seed", "parlett"]),
    target=st.integers(1, 9),
)
def test_game_ends_exactly_once_and_later_hands_error(hands, preset, target):
    rules = {"preset": preset, "target": target}
    try:
        result = bw(hands, **rules)
        end = result["game"]["after_hand"]
        assert end in (None, len(hands))
    except ScoringError as err:
        assert err.code == "E_GAME_OVER"
        end = err.hand - 1
        result = bw(hands[:end], **rules)
        assert result["game"]["after_hand"] == end
    running = {"A": 0, "B": 0}
    for number, hand in enumerate(result["hands"], 1):
        running = {t: running[t] + hand["points"][t] for t in "AB"}
        assert hand["score"] == running
        decided = max(running.values()) >= target or min(running.values()) <= -target
        assert decided == (number == end)
    if end is not None:
        winner = result["game"]["winner"]
        loser = "B" if winner == "A" else "A"
        assert running[winner] >= target or running[loser] <= -target


@settings(max_examples=100)
@given(hands=st.lists(bw_hands(), max_size=6), preset=st.sampled_from(["seed", "parlett"]))
def test_accepted_records_round_trip_through_json(hands, preset):
    record = {"rules": {"preset": preset, "target": 99}, "hands": hands}
    try:
        result = score("bidwhist", record)
    except ScoringError as err:  # two Parlett Bostons (x4) pass 99: later hands are refused
        assume(err.code != "E_GAME_OVER")
        raise
    again = json.loads(json.dumps(record))
    assert again == record
    assert score("bidwhist", again) == result
    assert json.loads(json.dumps(result)) == result
