"""Danish Es-makker whist (docs/rules.md §B4, seed S2): per-player zero-sum settlement per hand.

A hand is an optional auction plus the contract actually played: declarer, bid,
trump, called ace and its holder (the partner), the kitty exchange and the tricks.
Every contract settles as one stake ``A`` that each opponent pays the declaring
side (a negative stake flows the other way); the declarer collects from three
opponents when playing alone. That single shape covers number bids, selvmakker,
Kvarte and the nolos, and it is what keeps every hand summing to zero.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .auction import run_auction
from .checks import is_int, require_choice, require_int, require_mapping
from .errors import ScoringError
from .rules import build_rules

PAHAENG = ("halve", "gode", "staerke", "vip", "kvarte")  # suffixes that double the rate
PARTNERED = ("almindelige", "halve", "gode", "staerke", "vip")  # number bids with a called ace
NOLOS = {  # name: (stake V, tricks the declarer may take)
    "sol": (50, 1),
    "ren sol": (100, 0),
    "bordlaegger": (200, 1),
    "ren bordlaegger": (200, 0),
    "dobbelt bordlaegger": (200, 0),
}
# S2's ranking, lowest first; "P" is any of Halve, Gode, Stærke, Vip.
RANK_TABLE = (
    "7",
    "7 P",
    "8",
    "sol",
    "8 P",
    "9",
    "7 kvarte",
    "ren sol",
    "9 P",
    "10",
    "ren bordlaegger",
    "8 kvarte",
    "10 P",
    "11",
    "9 kvarte",
    "11 P",
    "12",
    "dobbelt bordlaegger",
    "10 kvarte",
    "12 P",
    "13",
    "11 kvarte",
    "13 P",
    "12 kvarte",
    "13 kvarte",
)
RANKS = {label: rank for rank, label in enumerate(RANK_TABLE, 1)}
# [TAN]'s order within one påhæng row; Stærke (not in TAN) ranks with Gode: both fix the suit.
PAHAENG_ORDER = {"vip": 0, "gode": 1, "staerke": 1, "halve": 2}
SUITS = ("hearts", "spades", "clubs", "diamonds")
SUIT_NAMES = {
    **{suit: suit for suit in SUITS},
    "h": "hearts",
    "s": "spades",
    "c": "clubs",
    "d": "diamonds",
    "hjerter": "hearts",
    "spar": "spades",
    "kloer": "clubs",
    "klor": "clubs",
    "ruder": "diamonds",
    "none": "none",
    "sans": "none",
    "nt": "none",
}
DANISH = str.maketrans({"æ": "ae", "ø": "oe", "å": "aa"})
ALIASES = {
    "bordlægger_rank": "bordlaegger_rank",
    "påhæng_order": "pahaeng_order",
    "paahaeng_order": "pahaeng_order",
}


def fold(text: str) -> str:
    """Lower case, single spaces and æ/ø/å spelt ae/oe/aa, so both spellings compare equal."""
    return " ".join(text.lower().translate(DANISH).split())


@dataclass(frozen=True)
class EsmakkerRules:
    """The house rules of an Es-makker session; defaults follow S2, then [PYW] where S2 is silent."""

    lost_bid: str = "double"  # -2·R·under [PYW]; "single": -R·under; "flat": -R
    pahaeng_order: str = "equal"  # S2; "vip_gode_halve" [TAN]
    bordlaegger_rank: int | float | None = None  # plain Bordlægger has no rank in S2: disabled
    kitty_exchange: str = "all_or_none"  # S2: 0 or 3 cards; "any": 0..3 [HIL]
    halve_exchanger: str = "declarer"  # who swaps with the kitty in a Halve; or "partner"
    ace_in_kitty: str = "solo"  # DD: "alene mod de tre andre" settles like selvmakker
    kvarte: str = "solo"  # DD: Kvarte has no partner, so it settles like selvmakker

    def __post_init__(self) -> None:
        if isinstance(self.pahaeng_order, str):  # docs/rules.md writes it "Vip < Gode < Halve"
            words = re.findall(r"[a-z]+", fold(self.pahaeng_order))
            object.__setattr__(self, "pahaeng_order", "_".join(words))
        require_choice(self.lost_bid, ("double", "single", "flat"), "E_RULES", "lost_bid")
        require_choice(self.pahaeng_order, ("equal", "vip_gode_halve"), "E_RULES", "pahaeng_order")
        require_choice(self.kitty_exchange, ("all_or_none", "any"), "E_RULES", "kitty_exchange")
        require_choice(self.halve_exchanger, ("declarer", "partner"), "E_RULES", "halve_exchanger")
        # With three paying opponents only "solo" settles in whole points and sums to zero.
        require_choice(self.ace_in_kitty, ("solo",), "E_RULES", "ace_in_kitty")
        require_choice(self.kvarte, ("solo",), "E_RULES", "kvarte")
        rank = self.bordlaegger_rank
        if rank is not None and not (
            isinstance(rank, int | float) and not isinstance(rank, bool) and 0 < rank < 26
        ):
            raise ScoringError(
                "E_RULES",
                "bordlaegger_rank must be null (disabled) or a number between 0 and 26 "
                f"on the 1..25 rank table, e.g. 10.5 to rank it above 10 Almindelige; got {rank!r}",
            )


PRESETS: dict[str, dict[str, Any]] = {"seed": {}, "tan": {"pahaeng_order": "vip_gode_halve"}}


class Bid(NamedTuple):
    """``name`` is a number-bid suffix ("almindelige", "gode", ...) or a nolo; level for numbers."""

    name: str
    level: int | None = None

    @property
    def label(self) -> str:
        if self.level is None:
            return self.name
        return str(self.level) if self.name == "almindelige" else f"{self.level} {self.name}"

    @property
    def nolo(self) -> bool:
        return self.level is None

    def rank(self, rules: EsmakkerRules) -> tuple[float, int]:
        """Position on S2's table; within one påhæng row [TAN]'s order if chosen."""
        if self.name == "bordlaegger":
            return (rules.bordlaegger_rank or 0, 0)  # parse_bid refuses it while disabled
        if self.name in PAHAENG_ORDER:
            sub = PAHAENG_ORDER[self.name] if rules.pahaeng_order == "vip_gode_halve" else 0
            return (RANKS[f"{self.level} P"], sub)
        return (RANKS[self.label], 0)


PASSES = ("pass", "pas")  # "pas": how the Danish clubs write it
_NUMBER = re.compile(r"^(-?\d+)(?: (\w+))?$")  # a negative level is out of range
SUFFIXES = {None: "almindelige", "almindelige": "almindelige", "almindelig": "almindelige"}
SUFFIXES.update({suffix: suffix for suffix in PAHAENG})


def parse_bid(raw: Any, rules: EsmakkerRules, hand: int, *, allow_pass: bool) -> Bid | None:
    """A bid such as "8", "7 gode", "10 kvarte", "ren sol", "dobbelt bordlægger", or "pass"."""
    text = fold(raw) if isinstance(raw, str) else ""
    if text in PASSES and allow_pass:
        return None
    if text in NOLOS:
        if text == "bordlaegger" and rules.bordlaegger_rank is None:
            raise ScoringError(
                "E_BID_DISABLED",
                "plain Bordlægger has no rank in S2; set rules.bordlaegger_rank to play it",
                hand,
            )
        return Bid(text)
    match = _NUMBER.match(text)
    name = SUFFIXES.get(match[2]) if match else None
    if match is None or name is None:
        raise ScoringError(
            "E_BID_FORMAT",
            f"{raw!r} is not an Es-makker bid: use 'N', 'N halve|gode|staerke|"
            "vip|kvarte' (N 7..13), 'sol', 'ren sol', '(ren|dobbelt) bordlaegger' or 'pas'",
            hand,
        )
    level = require_int(int(match[1]), 7, 13, "E_BID_RANGE", f"{raw!r}: the level", hand)
    return Bid(name, level)


def suit(raw: Any, what: str, code: str, hand: int) -> str | None:
    """A suit name (English, Danish or a letter), "none", or None when not recorded."""
    if raw is None:
        return None
    name = SUIT_NAMES.get(fold(raw)) if isinstance(raw, str) else None
    if name is None:
        raise ScoringError(
            code, f"{what} {raw!r} is not a suit (hearts, spades, clubs, diamonds) or none", hand
        )
    return name


class Seating(NamedTuple):
    """The four players in a hand, in bidding order (dealer's left first), and who sits out."""

    order: tuple[str, ...]
    sitting_out: str | None


def seating(players: Sequence[str], dealer: Any, hand: int, needs_dealer: bool) -> Seating:
    """With five players the dealer sits out [TAN]; the other four play."""
    if dealer is None:
        if len(players) == 5 or needs_dealer:
            raise ScoringError(
                "E_SEATING",
                "name the dealer: the auction starts at their left "
                "and with five players the dealer sits out",
                hand,
            )
        return Seating(tuple(players), None)
    if dealer not in players:
        raise ScoringError("E_PLAYER_UNKNOWN", f"dealer {dealer!r} is not among the players", hand)
    at = players.index(dealer)
    after = list(players[at + 1 :]) + list(players[:at])
    if len(players) == 5:
        return Seating(tuple(after), dealer)
    return Seating((*after, dealer), None)


class Contract(NamedTuple):
    declarer: str
    bid: Bid
    partner: str | None  # None: nobody (solo, nolo, or the ace in the katten)
    solo: bool


def read_contract(raw: Any, seats: Seating, rules: EsmakkerRules, hand: int) -> Contract:
    """Validate the played contract against S2's rules for its bid."""
    contract = require_mapping(raw, "contract", hand)
    declarer = contract.get("declarer")
    if declarer not in seats.order:
        problem = "sits out this hand" if declarer == seats.sitting_out else "is not a player"
        raise ScoringError("E_PLAYER_UNKNOWN", f"declarer {declarer!r} {problem}", hand)
    bid = parse_bid(contract.get("bid"), rules, hand, allow_pass=False)
    assert bid is not None
    ace = suit(contract.get("partner_ace"), "partner_ace", "E_PARTNER_RULE", hand)
    trump = suit(contract.get("trump"), "trump", "E_TRUMP_RULE", hand)
    partner = contract.get("partner")

    if bid.name in PARTNERED:
        if "partner" not in contract:
            raise ScoringError(
                "E_PARTNER_RULE",
                "say who held the called ace: a player, the declarer "
                "(selvmakker) or null (it lay in the katten)",
                hand,
            )
        if ace == "none":
            raise ScoringError("E_PARTNER_RULE", "the called ace must be a suit", hand)
        if partner is not None and partner not in seats.order:
            raise ScoringError(
                "E_PARTNER_RULE", f"partner {partner!r} is not playing this hand", hand
            )
    elif partner not in (None, declarer) or ace is not None:
        kind = "nolo bids are" if bid.nolo else "Kvarte is"
        raise ScoringError("E_PARTNER_RULE", f"{kind} played alone: no partner or called ace", hand)

    check_trump(bid, trump, ace, hand)
    check_kitty(contract, bid, declarer, partner, rules, hand)
    solo = bid.nolo or bid.name == "kvarte" or partner in (None, declarer)
    return Contract(declarer, bid, None if partner == declarer else partner, solo)


def check_trump(bid: Bid, trump: str | None, ace: str | None, hand: int) -> None:
    """Gode clubs, Stærke spades, Halve not the ace suit, Vip anything, nolos none (S2)."""
    if trump is None:
        return  # trump does not change the score; it is checked only when recorded
    if bid.nolo:
        wanted, ok = "no trump", trump == "none"
    elif bid.name == "gode":
        wanted, ok = "clubs", trump == "clubs"
    elif bid.name == "staerke":
        wanted, ok = "spades", trump == "spades"
    elif bid.name == "vip":
        wanted, ok = "the turned kitty card's suit, or none for a joker", True
    elif bid.name == "halve":
        if ace is None:
            raise ScoringError(
                "E_PARTNER_RULE", "a Halve needs partner_ace to check the trump", hand
            )
        wanted, ok = f"a suit other than the partner ace's ({ace})", trump not in (ace, "none")
    else:
        wanted, ok = "a suit", trump != "none"
    if not ok:
        raise ScoringError(
            "E_TRUMP_RULE", f"{bid.label}: trump must be {wanted}, got {trump}", hand
        )


def check_kitty(
    contract: Mapping, bid: Bid, declarer: str, partner: Any, rules: EsmakkerRules, hand: int
) -> None:
    """How many cards were swapped with the katten, and by whom (optional fields)."""
    count = contract.get("kitty_exchanged")
    if count is not None:
        allowed = (0, 3) if rules.kitty_exchange == "all_or_none" else (0, 1, 2, 3)
        if not is_int(count) or count not in allowed:
            raise ScoringError(
                "E_KITTY_EXCHANGE",
                f"kitty_exchanged must be one of {', '.join(map(str, allowed))}, got {count!r}",
                hand,
            )
    exchanger = contract.get("exchanger")
    if exchanger is not None:
        expected = declarer
        if bid.name == "halve" and rules.halve_exchanger == "partner" and partner is not None:
            expected = partner
        if exchanger != expected:
            raise ScoringError(
                "E_KITTY_EXCHANGE",
                f"{exchanger!r} may not exchange with the katten in {bid.label}; {expected!r} does",
                hand,
            )


def stake(bid: Bid, tricks: int, rules: EsmakkerRules) -> tuple[bool, int]:
    """(made, what each opponent pays the declaring side); negative when the bid is lost."""
    if bid.nolo:
        value, allowed = NOLOS[bid.name]
        return (True, value) if tricks <= allowed else (False, -2 * value)
    assert bid.level is not None
    rate = 10 * 2 ** (bid.level - 7) * (2 if bid.name in PAHAENG else 1)
    if tricks >= bid.level:
        return True, rate * (1 + tricks - bid.level)  # each overtrick earns the rate (S2)
    under = bid.level - tricks
    lost = {"double": 2 * rate * under, "single": rate * under, "flat": rate}[rules.lost_bid]
    return False, -lost


def settle(contract: Contract, each: int, seats: Seating) -> dict[str, int]:
    """Each opponent pays ``each``; the declaring side shares it out, so the hand sums to 0."""
    side = {contract.declarer} if contract.solo else {contract.declarer, contract.partner}
    opponents = [p for p in seats.order if p not in side]
    points = dict.fromkeys(opponents, -each)
    for player in side:
        points[player] = each * len(opponents) // len(side)
    return points


def read_players(raw: Any) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(p, str) and p for p in raw):
        raise ScoringError("E_JSON", "players must be a list of names in clockwise seating order")
    if len(set(raw)) != len(raw):
        raise ScoringError("E_PLAYER_DUP", "a player is listed twice in players")
    if len(raw) not in (4, 5):
        raise ScoringError(
            "E_SEATING", f"Es-makker needs 4 players (or 5, the dealer sitting out); got {len(raw)}"
        )
    return raw


def score(record: Mapping[str, Any]) -> dict:
    """Score an Es-makker record (docs/scoring.md, esmakker)."""
    rules = build_rules(
        EsmakkerRules, record.get("rules"), PRESETS, default_preset="seed", aliases=ALIASES
    )
    players = read_players(record.get("players"))
    totals = dict.fromkeys(players, 0)
    hands = []
    for number, raw in enumerate(record.get("hands", []), 1):
        hand = require_mapping(raw, "a hand", number)
        seats = seating(players, hand.get("dealer"), number, needs_dealer="auction" in hand)
        won = None
        if "auction" in hand:
            won = run_auction(
                hand["auction"],
                seats=4,
                parse=lambda call, n=number: parse_bid(call, rules, n, allow_pass=True),
                rank=lambda bid: bid.rank(rules),
                hand=number,
            )
            if won is None:  # everyone passed: redeal, nothing scores (S2)
                if hand.get("contract") is not None:
                    raise ScoringError(
                        "E_CONTRACT_MISMATCH",
                        "everyone passed, so the hand is redealt and has no contract",
                        number,
                    )
                hands.append(
                    {
                        "made": None,
                        "contract": None,
                        "sitting_out": seats.sitting_out,
                        "points": dict.fromkeys(players, 0),
                    }
                )
                continue
        if "contract" not in hand:
            raise ScoringError("E_JSON", "a hand needs its contract", number)
        contract = read_contract(hand["contract"], seats, rules, number)
        if won is not None and (seats.order[won[0]], won[1]) != (contract.declarer, contract.bid):
            raise ScoringError(
                "E_CONTRACT_MISMATCH",
                f"the auction was won by {seats.order[won[0]]} with "
                f"{won[1].label!r}, but the contract is {contract.bid.label!r} by "
                f"{contract.declarer}",
                number,
            )
        tricks = require_int(hand.get("tricks"), 0, 13, "E_TRICKS_RANGE", "tricks", number)
        made, each = stake(contract.bid, tricks, rules)
        played = settle(contract, each, seats)
        points = {p: played.get(p, 0) for p in players}
        assert sum(points.values()) == 0
        for player, value in points.items():
            totals[player] += value
        hands.append(
            {
                "made": made,
                "contract": {
                    "declarer": contract.declarer,
                    "bid": contract.bid.label,
                    "partner": contract.partner,
                    "solo": contract.solo,
                },
                "sitting_out": seats.sitting_out,
                "points": points,
            }
        )
    return {"hands": hands, "totals": totals}
