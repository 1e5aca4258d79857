"""Standings of match play (robber, Bid Whist, Es-makker): one match per round and table.

The game scores each match (``Game.score_match``) and names its ranking; this adds the
matches up per entry and ranks the units.
"""

from __future__ import annotations

from collections import defaultdict

from tournaments.selectors.standings.loading import EventInput
from tournaments.selectors.standings.prizes import finish
from tournaments.selectors.standings.units import build_units, engine_players, rank_rows, unit_row


def matches_of(inp: EventInput) -> dict[tuple[int, int], list[tuple[int, dict]]]:
    """Confirmed hands per (round, table), in hand order: one match each."""
    matches: dict[tuple[int, int], list[tuple[int, dict]]] = defaultdict(list)
    for number, round_no, table_no, data, _tricks in inp.results:
        matches[(round_no, table_no)].append((number, data))
    return dict(sorted(matches.items()))


def _match_play(inp: EventInput, rules: dict, game):
    """Per-entry stats and per-hand lines of the event's matches."""
    stats = {name: game.empty_stats() for name in inp.entries}
    hand_lines: list[dict] = []  # one per table and hand: who, what, points per name
    for (round_no, table_no), played in matches_of(inp).items():
        seats = inp.seats.get((round_no, table_no), {})
        base = {"round": round_no, "table": table_no, "seats": dict(seats)}
        lines, gains = game.score_match(rules, seats, played)
        for number, points, detail in lines:
            hand_lines.append({**base, "hand": number, "points": points, "detail": detail})
        for name, gain in gains.items():
            s = stats[name]
            s["played"] += gain.pop("played", len(played))  # a game may count its sit-outs out
            for key, value in gain.items():
                s[key] += value
    return stats, hand_lines


def matchplay_standings(inp: EventInput, rules: dict, own: dict, game) -> dict:
    units = build_units(inp)
    stats, hand_lines = _match_play(inp, rules, game)
    active = set(engine_players(inp))
    rows = [
        unit_row(unit, **stats[unit["rep"]]) for unit in units.values() if unit["rep"] in active
    ]
    metric, *countback = game.ranking
    eligible = rank_rows([r for r in rows if not r["withdrawn"]], metric, tuple(countback))
    prizes = own.get("prizes") or {}
    prize_rules = {
        "places": prizes.get("places", 3),
        "half_time": False,
        "booby": prizes.get("booby", False),
        "special": None,
    }
    return finish(inp, eligible, rows, prize_rules, own, score_field=metric, hand_lines=hand_lines)
