"""Settling a zero-sum evening in money: who pays whom, in as few transfers as possible.

Pure: balances in minor units (øre, pence) per player, positive = receives. Zero-sum
balances split into the most groups that each sum to zero; a group of k players settles
in k - 1 transfers, so the fewest transfers is (players owed or owing) - (groups). The
exact split is searched for up to ``EXACT_LIMIT`` players with a non-zero balance;
beyond that the largest debtor pays the largest creditor (at most n - 1 transfers).
"""

from __future__ import annotations

from collections.abc import Mapping

EXACT_LIMIT = 14

Transfer = tuple[str, str, int]  # (payer, payee, amount)


class NotZeroSum(ValueError):
    """The balances do not add up to zero: nobody can settle them."""


def balances(points: Mapping[str, int], stake: int) -> dict[str, int]:
    """Each player's balance in minor units: points times the stake per point."""
    return {name: value * stake for name, value in points.items()}


def settle(amounts: Mapping[str, int]) -> list[Transfer]:
    """The transfers that settle ``amounts`` (which must sum to zero), largest first."""
    if sum(amounts.values()) != 0:
        raise NotZeroSum(sum(amounts.values()))
    live = sorted((name for name, value in amounts.items() if value), key=str)
    groups = _groups(live, amounts) if len(live) <= EXACT_LIMIT else [live]
    transfers: list[Transfer] = []
    for group in groups:
        transfers += _greedy({name: amounts[name] for name in group})
    return sorted(transfers, key=lambda t: (-t[2], t[0], t[1]))


def _greedy(amounts: dict[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor until all are square."""
    left = dict(amounts)
    out: list[Transfer] = []
    while True:
        debtor = min(left, key=lambda n: (left[n], n), default=None)
        creditor = max(left, key=lambda n: (left[n], n), default=None)
        if debtor is None or left[debtor] >= 0:
            return out
        amount = min(-left[debtor], left[creditor])
        out.append((debtor, creditor, amount))
        left[debtor] += amount
        left[creditor] -= amount


def _groups(names: list[str], amounts: Mapping[str, int]) -> list[list[str]]:
    """The most zero-sum groups the names split into (dynamic programming over subsets)."""
    n = len(names)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + amounts[names[low]]
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        bits = [i for i in range(n) if mask >> i & 1]
        best[mask] = max(best[mask ^ (1 << i)] for i in bits) + (total[mask] == 0)
    groups: list[list[str]] = []
    current: list[str] = []
    mask = full
    while mask:
        gain = total[mask] == 0
        i = next(
            i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] + gain == best[mask]
        )
        current.append(names[i])
        mask ^= 1 << i
        if total[mask] == 0:
            groups.append(current)
            current = []
    return groups


__all__ = ["NotZeroSum", "Transfer", "balances", "settle"]
