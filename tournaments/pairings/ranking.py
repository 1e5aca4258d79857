"""Standings ranked by an order of criteria that is data, not code.

A record per team: ``{"wins", "hands", "points", "bostons"}`` (missing keys count 0).
``head_to_head`` breaks a tie between exactly the tied teams by their wins against each
other, from the list of played matches ``(a, b, winner)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .errors import fail

CRITERIA = ("wins", "hands", "points", "head_to_head", "bostons")

PRESETS: dict[str, tuple[str, ...]] = {
    "wins_hands_points": ("wins", "hands", "points", "head_to_head", "bostons"),
    "wins_points": ("wins", "points", "hands", "head_to_head", "bostons"),
    "wins_head_to_head": ("wins", "head_to_head", "hands", "points", "bostons"),
    "points": ("points", "wins", "hands"),
}


def ranking_order(order: str | Sequence[str]) -> tuple[str, ...]:
    """A preset name or a list of criteria, checked."""
    if isinstance(order, str):
        if order not in PRESETS:
            raise fail(f"unknown ranking preset {order!r}; expected one of {', '.join(PRESETS)}")
        return PRESETS[order]
    order = tuple(order)
    unknown = [c for c in order if c not in CRITERIA]
    if unknown or not order or len(set(order)) != len(order):
        raise fail(f"a ranking order lists distinct criteria from {', '.join(CRITERIA)}")
    return order


def _head_to_head(tied: list, matches: Iterable[tuple]) -> dict:
    group = set(tied)
    wins = dict.fromkeys(tied, 0)
    for a, b, winner in matches:
        if a in group and b in group and winner in group:
            wins[winner] += 1
    return wins


def rank(
    records: Mapping[object, Mapping[str, int]],
    order: str | Sequence[str] = "wins_hands_points",
    matches: Iterable[tuple] = (),
) -> list:
    """Team ids best first. Ties left by every criterion keep the records' order (draw order)."""
    return [team for group in rank_groups(records, order, matches) for team in group]


def rank_groups(
    records: Mapping[object, Mapping[str, int]],
    order: str | Sequence[str] = "wins_hands_points",
    matches: Iterable[tuple] = (),
) -> list[list]:
    """``rank`` in groups: the teams of a group are level on every criterion and share a
    place (before the first round is closed, every team is level)."""
    order = ranking_order(order)
    matches = list(matches)
    teams = list(records)
    position = {team: i for i, team in enumerate(teams)}

    def split(group: list, criteria: tuple[str, ...]) -> list[list]:
        if len(group) < 2 or not criteria:
            return [sorted(group, key=position.__getitem__)]
        first, rest = criteria[0], criteria[1:]
        if first == "head_to_head":
            values = _head_to_head(group, matches)
        else:
            values = {team: records[team].get(first, 0) for team in group}
        ranked = []
        for value in sorted(set(values.values()), reverse=True):
            ranked += split([t for t in group if values[t] == value], rest)
        return ranked

    return split(teams, order) if teams else []
