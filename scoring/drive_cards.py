"""A drive's score cards: each player's hands in order with the running total (the
printed card's rows; the standings selector builds its own from the stored results)."""

from __future__ import annotations

from collections.abc import Mapping

from .checks import plain_number
from .drive import INF, _evaluate
from .drive_rules import SIDES, other_side


def _card_rows(hand: int, table: int, trump: str, seats: Mapping[str, tuple[str, str]]):
    """(player, side, the card fields every player seated at this table shares) for one hand."""
    for side in SIDES:
        for i, player in enumerate(seats[side]):
            if player is None:  # the ghost keeps no card; its partner's reads partner null
                continue
            row = {
                "hand": hand,
                "table": table,
                "trump": trump,
                "sat_out": False,
                "side": side,
                "partner": seats[side][1 - i],
                "opponents": list(seats[other_side(side)]),
            }
            yield player, side, row


def score_cards(record: Mapping) -> dict[str, list[dict]]:
    """Each player's score card: one row per hand in hand order, with the running total.

    A hand the player sat out has ``sat_out: true`` and no tricks; its credit is
    only known at the end (own average), so running totals count tricks alone.
    """
    ev = _evaluate(record)
    cards: dict[str, list[dict]] = {p: [] for p in ev.players}
    seated_in: dict[int, set[str]] = {h: set() for h in ev.hand_numbers}
    for r in ev.results:
        for player, side, row in _card_rows(r.hand, r.table, r.trump, r.seats):
            seated_in[r.hand].add(player)
            cards[player].append({**row, "tricks": r.tricks[side], "won": r.winner == side})
    for missed in ev.not_played:
        credit = missed.credit
        shown = plain_number(credit) if credit != "own_average" else credit
        trump = ev.rules.trump(missed.hand)
        for player, _side, row in _card_rows(missed.hand, missed.table, trump, missed.seats):
            seated_in[missed.hand].add(player)
            cards[player].append({**row, "not_played": True, "credit": shown, "tricks": None})
    for hand, seated in seated_in.items():
        for player in ev.players:
            here = ev.joined.get(player, 0) <= hand <= ev.left.get(player, INF)
            if player not in seated and here:
                cards[player].append(
                    {"hand": hand, "trump": ev.rules.trump(hand), "sat_out": True, "tricks": None}
                )
    for rows in cards.values():
        rows.sort(key=lambda row: row["hand"])
        total = 0
        for row in rows:
            total += row["tricks"] or 0
            row["running_total"] = total
    return cards


__all__ = ["score_cards"]
