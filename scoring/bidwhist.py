"""Bid Whist (docs/rules.md §B3): a contract per hand, scored for the bidding team until ±target.

Each hand is a contract (from an auction or given directly) and the bidding team's
books, the kitty counted as one. Points settle the contract; the running score ends
the game when a team reaches +target (it wins) or -target (it loses). The seed (S3)
and Parlett's scoring differ only in data, so both are presets of one rules object.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .auction import run_auction
from .checks import contract_fields, is_int, require_choice, require_int, require_mapping
from .errors import ScoringError
from .rules import build_rules

TEAMS = ("A", "B")
SEATS = (1, 2, 3, 4)
TYPES = ("uptown", "downtown", "notrump")
TYPE_ALIASES = {"": "uptown", "nt": "notrump", "no trump": "notrump", "no-trump": "notrump"}
RULES_MD_FIELDS = {"bidder_team": "bidder", "books_bidder": "books"}  # docs/rules.md §B3 input
MAX_LEVEL = 7  # seven odd books: all 13 (S3)
BOOK = 6  # the first six books score nothing


def team_of(seat: int) -> str:
    """Partners sit opposite: seats 1 and 3 are team A, seats 2 and 4 team B."""
    return "A" if seat % 2 else "B"


def other(team: str) -> str:
    return "B" if team == "A" else "A"


@dataclass(frozen=True)
class BidWhistRules:
    """Everything a club may vary in Bid Whist; the defaults are the seed's (S3)."""

    min_bid: int = 1
    target: int = 5
    made_scores: str = "books"  # "books": every book over six (S3); "bid": the level [PAR]
    set_loses: str = "shortfall"  # "shortfall": what was missing (S3); "bid": the level [PAR]
    set_rewards_opponents: bool = False  # [PAR]: defenders score their books over six
    notrump_multiplier: int = 1  # [PAR]: 2
    boston_multiplier: int = 1  # all 13 books; [PAR]: 4
    downtown_equals_uptown: bool = False  # [MS]
    dealer_can_match: bool = False  # [WP]
    multi_round: bool = False  # bidding goes round until three have passed

    def __post_init__(self) -> None:
        require_int(self.min_bid, 1, MAX_LEVEL, "E_RULES", "min_bid")
        require_int(self.target, 1, None, "E_RULES", "target")
        require_choice(self.made_scores, ("books", "bid"), "E_RULES", "made_scores")
        require_choice(self.set_loses, ("shortfall", "bid"), "E_RULES", "set_loses")
        require_int(self.notrump_multiplier, 1, None, "E_RULES", "notrump_multiplier")
        require_int(self.boston_multiplier, 1, None, "E_RULES", "boston_multiplier")
        for name in (
            "set_rewards_opponents",
            "downtown_equals_uptown",
            "dealer_can_match",
            "multi_round",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ScoringError("E_RULES", f"{name} must be true or false")


PRESETS: dict[str, dict[str, Any]] = {
    "seed": {},
    "parlett": {
        "made_scores": "bid",
        "set_loses": "bid",
        "set_rewards_opponents": True,
        "notrump_multiplier": 2,
        "boston_multiplier": 4,
        "target": 7,
    },
}


@dataclass(frozen=True)
class Bid:
    level: int
    type: str

    def rank(self, rules: BidWhistRules) -> tuple[int, int]:
        """(level, type) with uptown < downtown < notrump, or downtown = uptown [MS]."""
        order = TYPES.index(self.type)
        if rules.downtown_equals_uptown and self.type == "downtown":
            order = 0
        return (self.level, order)


_CALL = re.compile(r"^(-?\d+)\s*(.*)$")  # a negative level is out of range, not malformed


def parse_bid(raw: Any, rules: BidWhistRules, hand: int, *, allow_pass: bool) -> Bid | None:
    """A call such as "4", "4 downtown", "3 notrump" or "pass"; also {"level", "type"}."""
    if isinstance(raw, Mapping):
        level, kind = raw.get("level", raw.get("n")), str(raw.get("type", "uptown"))
    elif isinstance(raw, str):
        text = " ".join(raw.lower().split())
        if text == "pass" and allow_pass:
            return None
        match = _CALL.match(text)
        if not match:
            raise ScoringError(
                "E_BID_FORMAT",
                f"{raw!r} is not a call: use 'pass', 'N', 'N uptown', 'N downtown' or 'N notrump'",
                hand,
            )
        level, kind = int(match[1]), match[2]
    else:
        raise ScoringError("E_BID_FORMAT", f"{raw!r} is not a bid such as '4 downtown'", hand)
    kind = TYPE_ALIASES.get(kind, kind)
    if kind not in TYPES:
        raise ScoringError(
            "E_BID_FORMAT", f"{raw!r}: the bid type must be uptown, downtown or notrump", hand
        )
    require_int(level, rules.min_bid, MAX_LEVEL, "E_BID_RANGE", "the bid level", hand)
    return Bid(level, kind)


def read_contract(hand: Mapping, rules: BidWhistRules, number: int) -> tuple[Bid, str, int | None]:
    """(bid, team, seat) from the auction, or from ``bid`` + ``bidder`` (seat unknown)."""
    given = None
    if "bid" in hand or "bidder" in hand:
        bid = parse_bid(hand.get("bid"), rules, number, allow_pass=False)
        team = require_choice(hand.get("bidder"), TEAMS, "E_JSON", "bidder", number)
        given = (bid, team)
    if "auction" not in hand:
        if given is None:
            raise ScoringError(
                "E_JSON", "a hand needs an auction (with dealer) or a bid and bidder", number
            )
        return given[0], given[1], None
    dealer = require_int(hand.get("dealer"), 1, 4, "E_JSON", "dealer (the dealer's seat)", number)
    order = [(dealer + k) % 4 + 1 for k in range(4)]  # from the dealer's left, dealer last
    won = run_auction(
        hand["auction"],
        seats=4,
        parse=lambda call: parse_bid(call, rules, number, allow_pass=True),
        rank=lambda bid: bid.rank(rules),
        hand=number,
        single_circuit=not rules.multi_round,
        last_may_match=rules.dealer_can_match,
        last_must_bid=True,
    )
    assert won is not None  # the dealer must bid, so a Bid Whist auction always has a winner
    seat = order[won[0]]
    bid, team = won[1], team_of(seat)
    if given is not None and given != (bid, team):
        raise ScoringError(
            "E_CONTRACT_MISMATCH",
            f"bid/bidder {given[0].level} {given[0].type} by {given[1]} differ from the "
            f"auction's winner: {bid.level} {bid.type} by {team}",
            number,
        )
    return bid, team, seat


def settle(bid: Bid, books: int, rules: BidWhistRules) -> tuple[bool, int, int]:
    """(made, bidding team's points, opponents' points) for one contract."""
    multiplier = rules.notrump_multiplier if bid.type == "notrump" else 1
    if books >= BOOK + bid.level:
        value = books - BOOK if rules.made_scores == "books" else bid.level
        if books == 13:
            multiplier *= rules.boston_multiplier
        return True, value * multiplier, 0
    # S3 loses only the shortfall in points: under six books the whole bid is lost.
    lost = bid.level - max(0, books - BOOK) if rules.set_loses == "shortfall" else bid.level
    defenders = 13 - books
    gained = defenders - BOOK if rules.set_rewards_opponents and defenders > BOOK else 0
    return False, -lost * multiplier, gained * multiplier


def game_winner(totals: Mapping[str, int], target: int) -> str | None:
    """The losing threshold is checked first, then the winning one (docs/rules.md §B3)."""
    for team in TEAMS:
        if totals[team] <= -target:
            return other(team)
    for team in TEAMS:
        if totals[team] >= target:
            return team
    return None


def score(record: Mapping[str, Any]) -> dict:
    """Score a Bid Whist record (docs/scoring.md, bidwhist)."""
    rules = build_rules(BidWhistRules, record.get("rules"), PRESETS, default_preset="seed")
    totals = dict.fromkeys(TEAMS, 0)
    winner: str | None = None
    after_hand: int | None = None
    hands = []
    for number, raw in enumerate(record.get("hands", []), 1):
        if winner is not None:
            raise ScoringError(
                "E_GAME_OVER", f"the game ended after hand {after_hand}; start a new game", number
            )
        hand = contract_fields(require_mapping(raw, "a hand", number), RULES_MD_FIELDS)
        bid, team, seat = read_contract(hand, rules, number)
        books = hand.get("books")
        if not is_int(books) or not 1 <= books <= 13:
            raise ScoringError(
                "E_BOOKS_RANGE",
                f"books (the bidding team's, kitty included) must be 1..13, got {books!r}",
                number,
            )
        made, own, theirs = settle(bid, books, rules)
        points = {team: own, other(team): theirs}
        for side in TEAMS:
            totals[side] += points[side]
        hands.append(
            {
                "contract": {"level": bid.level, "type": bid.type, "team": team, "seat": seat},
                "made": made,
                "books": books,
                "points": {side: points[side] for side in TEAMS},
                "score": dict(totals),
            }
        )
        winner = game_winner(totals, rules.target)
        if winner is not None:
            after_hand = number
    return {
        "hands": hands,
        "game": {"over": winner is not None, "winner": winner, "after_hand": after_hand},
    }
