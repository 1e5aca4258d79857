"""The auction shared by the bidding games: Bid Whist (docs/rules.md §B3) and Es-makker (§B4).

Both games bid the same way: calls go round the table in strict rotation from the
dealer's left, each bid must rank strictly above the top bid, and a pass is final.
Only the details differ (one circuit or many, the dealer forced to bid or allowed to
match), so they are flags here rather than two copies of the loop.

Calls are positional: call *i* belongs to seat ``i % seats`` of the bidding order.
A player who has passed still has turns and must pass again; a bid from them is
``E_PLAYER_PASSED``. That keeps every recorded call attributable without names.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from .errors import ScoringError

B = TypeVar("B")


def run_auction(
    calls: Any,
    *,
    seats: int,
    parse: Callable[[str], B | None],
    rank: Callable[[B], Hashable],
    hand: int,
    single_circuit: bool = False,
    last_may_match: bool = False,
    last_must_bid: bool = False,
) -> tuple[int, B] | None:
    """Play out ``calls``; return (position in the bidding order, winning bid) or None.

    None means everyone passed (a redeal). ``parse`` turns a call into a bid, or None
    for a pass, raising its own errors for bad bids. The last position is the dealer
    in Bid Whist: ``last_may_match`` lets it equal the top bid, ``last_must_bid``
    refuses its pass when all others passed (``E_DEALER_MUST_BID``).
    """
    if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls):
        raise ScoringError("E_JSON", 'auction must be a list of calls such as "pass"', hand)
    passed = [False] * seats
    top: tuple[int, B] | None = None
    spoken = 0

    def finished() -> bool:
        if single_circuit:
            return spoken >= seats
        if top is None:
            return all(passed)
        return passed.count(True) == seats - 1

    for text in calls:
        if finished():
            raise ScoringError("E_AUCTION", f"call {text!r} comes after the auction ended", hand)
        position = spoken % seats
        spoken += 1
        bid = parse(text)
        is_last = position == seats - 1
        if bid is None:
            if last_must_bid and is_last and top is None:
                raise ScoringError(
                    "E_DEALER_MUST_BID", "everyone else passed, so the dealer must bid", hand
                )
            passed[position] = True
            continue
        if passed[position]:
            raise ScoringError(
                "E_PLAYER_PASSED", f"{text!r}: this player has passed and may not bid again", hand
            )
        if top is not None:
            new, old = rank(bid), rank(top[1])
            if not (new > old or (new == old and is_last and last_may_match)):  # type: ignore[operator]
                raise ScoringError(
                    "E_BID_NOT_HIGHER", f"{text!r} does not rank above the top bid", hand
                )
        top = (position, bid)
    if not finished():
        raise ScoringError(
            "E_AUCTION", "the auction is incomplete: record every call until it ends", hand
        )
    return top
