"""Es-makker (docs/rules.md §B4) through ``scoring.score``: worked examples, errors, options."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError, score

P = ["P1", "P2", "P3", "P4"]


def es(hands, players=P, **rules):
    return score("esmakker", {"rules": rules, "players": players, "hands": hands})


def points(contract, tricks, players=P, dealer=None, **rules):
    hand = {"contract": contract, "tricks": tricks}
    if dealer:
        hand["dealer"] = dealer
    return es([hand], players, **rules)["hands"][0]["points"]


def error(hands, players=P, **rules):
    with pytest.raises(ScoringError) as caught:
        es(hands, players, **rules)
    return caught.value


def pair(bid, partner="P3", **extra):
    return {"declarer": "P1", "bid": bid, "partner": partner, **extra}


def solo(bid, **extra):
    return {"declarer": "P1", "bid": bid, **extra}


def test_contract_example_exactly():
    record = {
        "rules": {"lost_bid": "double", "pahaeng_order": "equal"},
        "players": ["P1", "P2", "P3", "P4"],
        "hands": [
            {
                "dealer": "P4",
                "auction": ["7", "7 gode", "8", "pass", "pass", "pass"],
                "contract": {
                    "declarer": "P3",
                    "bid": "8",
                    "trump": "hearts",
                    "partner_ace": "spades",
                    "partner": "P1",
                    "kitty_exchanged": 3,
                },
                "tricks": 10,
            }
        ],
    }
    result = score("esmakker", record)
    expected = {"P1": 60, "P2": -60, "P3": 60, "P4": -60}
    assert [(h["made"], h["points"]) for h in result["hands"]] == [(True, expected)]
    assert result["totals"] == expected


# (contract, tricks, rules, P1 .. P4); P1 declares, P3 partners unless solo
SETTLEMENTS = [
    (pair("8"), 10, {}, [60, -60, 60, -60]),  # T36
    (pair("10"), 11, {}, [160, -160, 160, -160]),  # T37
    (pair("9", partner="P1"), 10, {}, [240, -80, -80, -80]),  # T39 selvmakker
    (solo("sol"), 1, {}, [150, -50, -50, -50]),  # T42 won
    (solo("sol"), 2, {}, [-300, 100, 100, 100]),  # T42 lost
    (pair("7"), 7, {}, [10, -10, 10, -10]),
    (pair("13"), 13, {}, [640, -640, 640, -640]),
    (pair("8 gode"), 8, {}, [40, -40, 40, -40]),  # påhæng doubles the rate
    (pair("8 halve"), 9, {}, [80, -80, 80, -80]),
    (pair("8 stærke"), 8, {}, [40, -40, 40, -40]),
    (pair("8 vip"), 8, {}, [40, -40, 40, -40]),
    (pair("9"), 7, {}, [-160, 160, -160, 160]),  # lost: -2·R·under [PYW]
    (pair("9"), 7, {"lost_bid": "single"}, [-80, 80, -80, 80]),
    (pair("9"), 7, {"lost_bid": "flat"}, [-40, 40, -40, 40]),
    (pair("9 gode"), 8, {"lost_bid": "flat"}, [-80, 80, -80, 80]),
    (pair("8", partner=None), 8, {}, [60, -20, -20, -20]),  # ace in the katten: alone
    (pair("8", partner=None), 7, {}, [-120, 40, 40, 40]),
    (solo("7 kvarte"), 7, {}, [60, -20, -20, -20]),  # Kvarte: påhæng and solo
    (solo("7 kvarte"), 13, {}, [420, -140, -140, -140]),
    (solo("ren sol"), 0, {}, [300, -100, -100, -100]),
    (solo("ren sol"), 1, {}, [-600, 200, 200, 200]),
    (solo("ren bordlægger"), 0, {}, [600, -200, -200, -200]),
    (solo("dobbelt bordlaegger"), 3, {}, [-1200, 400, 400, 400]),  # S2's maximum loss
    (solo("bordlaegger"), 1, {"bordlaegger_rank": 10.5}, [600, -200, -200, -200]),
    (solo("bordlægger"), 2, {"bordlægger_rank": 10.5}, [-1200, 400, 400, 400]),
]


@pytest.mark.parametrize(("contract", "tricks", "rules", "expected"), SETTLEMENTS)
def test_settlement(contract, tricks, rules, expected):
    assert points(contract, tricks, **rules) == dict(zip(P, expected, strict=True))


def test_output_names_the_contract_and_totals_run_on():
    hands = [
        {"contract": pair("8"), "tricks": 10},
        {"contract": solo("Ren Sol", partner=None), "tricks": 0},
    ]
    result = es(hands)
    assert result["hands"][1]["contract"] == {
        "declarer": "P1",
        "bid": "ren sol",
        "partner": None,
        "solo": True,
    }
    assert result["totals"] == {"P1": 360, "P2": -160, "P3": -40, "P4": -160}


def test_five_players_the_dealer_sits_out_with_zero():
    five = [*P, "P5"]
    got = points(pair("8", partner="P4"), 8, players=five, dealer="P5")
    assert got == {"P1": 20, "P2": -20, "P3": -20, "P4": 20, "P5": 0}
    err = error([{"dealer": "P2", "contract": pair("8", partner="P2"), "tricks": 8}], five)
    assert err.code == "E_PARTNER_RULE"  # P2 deals, so sits out and cannot partner
    err = error([{"dealer": "P1", "contract": pair("8"), "tricks": 8}], five)
    assert err.code == "E_PLAYER_UNKNOWN"  # nor declare
    err = error([{"contract": pair("8"), "tricks": 8}], five)
    assert err.code == "E_SEATING"  # who sits out must be known
    # the auction starts at the dealer's left among the four playing: P3 with dealer P2
    hand = {
        "dealer": "P2",
        "auction": ["7", "pass", "pass", "pass"],
        "contract": {"declarer": "P3", "bid": "7", "partner": "P4"},
        "tricks": 7,
    }
    assert es([hand], five)["hands"][0]["sitting_out"] == "P2"


def auction_hand(calls, declarer="P1", bid="7", dealer="P4"):
    return {
        "dealer": dealer,
        "auction": calls,
        "contract": {"declarer": declarer, "bid": bid, "partner": None},
        "tricks": 13,
    }


# dealer P4: P1 speaks first
@pytest.mark.parametrize(
    ("calls", "rules", "outcome"),
    [
        (["7", "pass", "pass", "pass"], {}, ("P1", "7")),
        (["pass", "pass", "pass", "7"], {}, ("P4", "7")),
        (["7", "8", "sol", "8 gode", "pass", "pass", "pass"], {}, ("P4", "8 gode")),
        (["7", "pass", "8", "9", "pass", "pass", "pass"], {}, ("P4", "9")),  # P2 passes again
        (["7", "pass", "8", "9", "pass", "10", "pass"], {}, "E_PLAYER_PASSED"),
        (["8", "7", "pass", "pass"], {}, "E_BID_NOT_HIGHER"),
        (["sol", "8"], {}, "E_BID_NOT_HIGHER"),  # Sol ranks above 8 Almindelige
        (["7 halve", "7 gode"], {}, "E_BID_NOT_HIGHER"),  # påhæng of equal rank (S2)
        (
            ["7 vip", "7 gode", "7 halve", "pass", "pass", "pass"],
            {"pahaeng_order": "vip_gode_halve"},
            ("P3", "7 halve"),
        ),
        (["7 halve", "7 gode"], {"pahaeng_order": "vip_gode_halve"}, "E_BID_NOT_HIGHER"),
        (["7 gode", "7 stærke"], {"påhæng_order": "vip_gode_halve"}, "E_BID_NOT_HIGHER"),
        (["7 vip", "7 gode", "pass", "pass", "pass"], {"preset": "tan"}, ("P2", "7 gode")),
        (["10", "bordlaegger"], {}, "E_BID_DISABLED"),
        (
            ["10", "bordlaegger", "ren bordlaegger", "pass", "pass", "pass"],
            {"bordlaegger_rank": 10.5},
            ("P3", "ren bordlaegger"),
        ),
        (["10", "bordlaegger"], {"bordlaegger_rank": 10}, "E_BID_NOT_HIGHER"),
        (["6"], {}, "E_BID_RANGE"),
        (["7", "14"], {}, "E_BID_RANGE"),
        (["7 foo"], {}, "E_BID_FORMAT"),
        (["grand"], {}, "E_BID_FORMAT"),
        ([7], {}, "E_JSON"),
        (["7", "pass"], {}, "E_AUCTION"),
        (["7", "pass", "pass", "pass", "pass"], {}, "E_AUCTION"),
        (["7", "pass", "pass", "pass"], {}, ("P1", "7")),
    ],
)
def test_auction(calls, rules, outcome):
    if isinstance(outcome, str):
        err = error([auction_hand(calls)], **rules)
        assert (err.code, err.hand) == (outcome, 1)
    else:
        declarer, bid = outcome
        hand = auction_hand(calls, declarer, bid)
        if bid.endswith("halve"):
            hand["contract"]["partner_ace"] = "hearts"
        assert es([hand], **rules)["hands"][0]["contract"]["declarer"] == declarer


def test_everyone_passes_redeal_scores_nothing():
    redeal = {"dealer": "P2", "auction": ["pass"] * 4}
    result = es([redeal, {"contract": pair("8"), "tricks": 8}])
    assert result["hands"][0] == {
        "made": None,
        "contract": None,
        "sitting_out": None,
        "points": dict.fromkeys(P, 0),
    }
    assert result["totals"] == {"P1": 20, "P2": -20, "P3": 20, "P4": -20}
    err = error([{**redeal, "contract": pair("8"), "tricks": 8}])
    assert err.code == "E_CONTRACT_MISMATCH"


@pytest.mark.parametrize(("declarer", "bid"), [("P2", "8"), ("P3", "8 gode"), ("P3", "9")])
def test_contract_must_match_the_auction(declarer, bid):
    hand = {
        "dealer": "P1",
        "auction": ["7", "8", "pass", "pass", "pass"],
        "contract": {"declarer": declarer, "bid": bid, "partner": None},
        "tricks": 9,
    }
    err = error([hand])
    assert err.code == "E_CONTRACT_MISMATCH"


@pytest.mark.parametrize(
    ("contract", "rules", "code"),
    [
        (pair("8 gode", trump="hearts"), {}, "E_TRUMP_RULE"),
        (pair("8 staerke", trump="clubs"), {}, "E_TRUMP_RULE"),
        (pair("8 halve", trump="spades", partner_ace="spades"), {}, "E_TRUMP_RULE"),
        (pair("8 halve", trump="spades"), {}, "E_PARTNER_RULE"),
        (pair("8", trump="none"), {}, "E_TRUMP_RULE"),
        (solo("7 kvarte", trump="none"), {}, "E_TRUMP_RULE"),
        (pair("8", trump="stars"), {}, "E_TRUMP_RULE"),
        (solo("sol", trump="hearts"), {}, "E_TRUMP_RULE"),
        (solo("7 kvarte", partner="P3"), {}, "E_PARTNER_RULE"),
        (solo("7 kvarte", partner_ace="hearts"), {}, "E_PARTNER_RULE"),
        (solo("sol", partner="P2"), {}, "E_PARTNER_RULE"),
        (solo("8"), {}, "E_PARTNER_RULE"),  # who held the ace must be said
        (pair("8", partner="P9"), {}, "E_PARTNER_RULE"),
        (pair("8", partner_ace="none"), {}, "E_PARTNER_RULE"),
        (pair("8", partner_ace="stars"), {}, "E_PARTNER_RULE"),
        (pair("8", kitty_exchanged=2), {}, "E_KITTY_EXCHANGE"),
        (pair("8", kitty_exchanged=4), {"kitty_exchange": "any"}, "E_KITTY_EXCHANGE"),
        (pair("8", kitty_exchanged="3"), {}, "E_KITTY_EXCHANGE"),
        (pair("8", exchanger="P3"), {}, "E_KITTY_EXCHANGE"),
        (pair("8 halve", partner_ace="hearts", exchanger="P3"), {}, "E_KITTY_EXCHANGE"),
        (pair("8", exchanger="P3"), {"halve_exchanger": "partner"}, "E_KITTY_EXCHANGE"),
        (
            pair("8 halve", partner_ace="hearts", exchanger="P1"),
            {"halve_exchanger": "partner"},
            "E_KITTY_EXCHANGE",
        ),
        ({"declarer": "P9", "bid": "8", "partner": None}, {}, "E_PLAYER_UNKNOWN"),
        (pair("6"), {}, "E_BID_RANGE"),
        (pair("bordlaegger"), {}, "E_BID_DISABLED"),
        (pair(None), {}, "E_BID_FORMAT"),
        ("8 by P1", {}, "E_JSON"),
    ],
)
def test_contract_errors(contract, rules, code):
    err = error(
        [{"contract": pair("7"), "tricks": 7}, {"contract": contract, "tricks": 8}], **rules
    )
    assert (err.code, err.hand) == (code, 2)


@pytest.mark.parametrize(
    ("contract", "rules"),
    [
        (pair("8 gode", trump="klør"), {}),
        (pair("8 stærke", trump="spar"), {}),
        (pair("8 halve", trump="hearts", partner_ace="spades"), {}),
        (pair("8 vip", trump="none", partner_ace="spades"), {}),
        (pair("8 vip", trump="spades", partner_ace="spades"), {}),  # may equal the ace suit
        (pair("8", trump="D", partner_ace="hearts", kitty_exchanged=0), {}),
        (solo("sol", trump="none", partner=None), {}),
        (solo("7 kvarte", partner="P1", trump="hearts"), {}),
        (pair("8", kitty_exchanged=2), {"kitty_exchange": "any"}),
        (pair("8", exchanger="P1"), {"halve_exchanger": "partner"}),
        (pair("8 halve", partner_ace="hearts", exchanger="P3"), {"halve_exchanger": "partner"}),
        (
            pair("8 halve", partner=None, partner_ace="hearts", exchanger="P1"),
            {"halve_exchanger": "partner"},
        ),  # the ace in the katten: the declarer exchanges
    ],
)
def test_contracts_allowed(contract, rules):
    assert sum(points(contract, 9, **rules).values()) == 0


@pytest.mark.parametrize("tricks", [-1, 14, "10", None, True])
def test_tricks_range(tricks):
    err = error([{"contract": pair("8"), "tricks": tricks}])
    assert (err.code, err.hand) == ("E_TRICKS_RANGE", 1)


@pytest.mark.parametrize(
    ("players", "hands", "code"),
    [
        (["P1", "P2", "P3"], [], "E_SEATING"),
        ([*P, "P5", "P6"], [], "E_SEATING"),
        (["P1", "P2", "P1", "P4"], [], "E_PLAYER_DUP"),
        ("P1 P2 P3 P4", [], "E_JSON"),
        (None, [], "E_JSON"),
        (P, [{"tricks": 8}], "E_JSON"),
        (P, [{"dealer": "P9", "contract": pair("8"), "tricks": 8}], "E_PLAYER_UNKNOWN"),
        (
            P,
            [{"auction": ["7", "pass", "pass", "pass"], "contract": pair("7"), "tricks": 8}],
            "E_SEATING",
        ),
    ],
)
def test_record_errors(players, hands, code):
    assert error(hands, players).code == code


@pytest.mark.parametrize(
    "rules",
    [
        {"lost_bid": "triple"},
        {"pahaeng_order": "halve_gode_vip"},
        {"bordlaegger_rank": 0},
        {"bordlaegger_rank": 26},
        {"bordlaegger_rank": True},
        {"bordlaegger_rank": "10"},
        {"kitty_exchange": "some"},
        {"halve_exchanger": "opponent"},
        {"ace_in_kitty": "pair"},  # three payers: only "solo" is whole and zero-sum
        {"kvarte": "pair"},
        {"preset": "house"},
        {"solo": True},
    ],
)
def test_rule_errors(rules):
    assert error([], **rules).code == "E_RULES"


# --- properties --------------------------------------------------------------------------

NUMBER_BIDS = [
    f"{n}{s}" for n in range(7, 14) for s in ("", " halve", " gode", " staerke", " vip", " kvarte")
]
NOLO_BIDS = ["sol", "ren sol", "bordlaegger", "ren bordlaegger", "dobbelt bordlaegger"]


@st.composite
def es_records(draw):
    players = ["Ann", "Bo", "Carl", "Dorte", "Eva"][: draw(st.sampled_from([4, 5]))]
    rules = {
        "lost_bid": draw(st.sampled_from(["double", "single", "flat"])),
        "bordlaegger_rank": draw(st.sampled_from([None, 10.5, 3])),
    }
    bids = NUMBER_BIDS + [b for b in NOLO_BIDS if b != "bordlaegger" or rules["bordlaegger_rank"]]
    hands = []
    for _ in range(draw(st.integers(0, 8))):
        dealer = draw(st.sampled_from(players))
        playing = [p for p in players if len(players) == 4 or p != dealer]
        declarer = draw(st.sampled_from(playing))
        bid = draw(st.sampled_from(bids))
        contract = {"declarer": declarer, "bid": bid}
        if bid in NUMBER_BIDS and not bid.endswith("kvarte"):
            contract["partner"] = draw(st.sampled_from([*playing, None]))
        hands.append({"dealer": dealer, "contract": contract, "tricks": draw(st.integers(0, 13))})
    return {"rules": rules, "players": players, "hands": hands}


@settings(max_examples=200)
@given(record=es_records())
def test_every_hand_sums_to_zero_and_totals_add_up(record):
    result = score("esmakker", record)
    totals = dict.fromkeys(record["players"], 0)
    for hand, got in zip(record["hands"], result["hands"], strict=True):
        assert sum(got["points"].values()) == 0
        assert isinstance(got["made"], bool)
        if len(record["players"]) == 5:
            assert got["points"][hand["dealer"]] == 0
        for player, value in got["points"].items():
            totals[player] += value
    assert result["totals"] == totals


@settings(max_examples=100)
@given(record=es_records())
def test_accepted_records_round_trip_through_json(record):
    result = score("esmakker", record)
    again = json.loads(json.dumps(record, ensure_ascii=False))
    assert again == record
    assert score("esmakker", again) == result
    assert json.loads(json.dumps(result)) == result
