"""The pot split by percentages over the final placings; tied teams share their places."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import ROUND_DOWN, Decimal

from .errors import fail

CENT = Decimal("0.01")


def check_split(percentages: Iterable) -> list[Decimal]:
    """Percentages of the pot for 1st, 2nd, ...: each above 0, together at most 100."""
    try:
        split = [Decimal(str(p)) for p in percentages]
    except ArithmeticError as exc:
        raise fail("a prize share must be a number", "E_PRIZE_SPLIT") from exc
    if any(p <= 0 for p in split) or sum(split, Decimal(0)) > 100:
        raise fail("prize shares are above 0 and add up to at most 100 percent", "E_PRIZE_SPLIT")
    return split


def split_pot(pot, percentages: Iterable, placings: Sequence[Sequence]) -> list[dict]:
    """``[{"place", "teams", "each"}]``: tier by tier, a tier of k tied teams shares the k
    places it covers; amounts are rounded down to the cent (the remainder stays in the pot)."""
    pot = Decimal(str(pot))
    split = check_split(percentages)
    prizes, place = [], 1
    for tier in placings:
        shares = split[place - 1 : place - 1 + len(tier)]
        if not shares:
            break
        each = (pot * sum(shares, Decimal(0)) / 100 / len(tier)).quantize(CENT, ROUND_DOWN)
        prizes.append({"place": place, "teams": list(tier), "each": each})
        place += len(tier)
    return prizes
