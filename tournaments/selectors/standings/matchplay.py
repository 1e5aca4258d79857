"""Standings of match play (robber, Bid Whist, Es-makker): one match per round and table."""

from __future__ import annotations

from collections import defaultdict

import scoring
from scoring.errors import ScoringError
from tournaments.models import SEATS, Event
from tournaments.selectors.standings.loading import EventInput
from tournaments.selectors.standings.prizes import finish
from tournaments.selectors.standings.units import build_units, engine_players, rank_rows, unit_row

# Per kind: the standing fields that rank units (first is the score), best first.
RANKING = {
    "robber": ("net", "rubbers", "games"),
    "bidwhist": ("total", "games"),
    "esmakker": ("total",),
}


def matches_of(inp: EventInput) -> dict[tuple[int, int], list[tuple[int, dict]]]:
    """Confirmed hands per (round, table), in hand order: one match each."""
    matches: dict[tuple[int, int], list[tuple[int, dict]]] = defaultdict(list)
    for number, round_no, table_no, data, _tricks in inp.results:
        matches[(round_no, table_no)].append((number, data))
    return dict(sorted(matches.items()))


def score_games(system: str, rules: dict, hands: list[dict], over_code: str) -> list[dict]:
    """Score hands as successive games/rubbers: a hand after one is over starts the next."""
    games = []
    while hands:
        try:
            games.append(scoring.score(system, {"rules": rules, "hands": hands}))
            break
        except ScoringError as exc:
            if exc.code != over_code or not exc.hand:
                raise
            games.append(scoring.score(system, {"rules": rules, "hands": hands[: exc.hand - 1]}))
            hands = hands[exc.hand - 1 :]
    return games


def _empty_stats(kind: str) -> dict:
    if kind == "robber":
        return {"net": 0, "rubbers": 0, "games": 0, "played": 0}
    if kind == "bidwhist":
        return {"total": 0, "games": 0, "played": 0}
    return {"total": 0, "played": 0}


def _match_play(inp: EventInput, rules: dict):
    """Per-entry stats and per-hand lines of a robber, Bid Whist or Es-makker event."""
    kind = inp.event.kind
    stats = {name: _empty_stats(kind) for name in inp.entries}
    hand_lines: list[dict] = []  # one per table and hand: who, what, points per name
    for (round_no, table_no), played in matches_of(inp).items():
        seats = inp.seats.get((round_no, table_no), {})
        side_players = {
            "A": [seats.get("N"), seats.get("S")],
            "B": [seats.get("E"), seats.get("W")],
        }
        numbers = [n for n, _ in played]
        base = {"round": round_no, "table": table_no, "seats": dict(seats)}
        if kind == Event.Kind.ESMAKKER:
            names = [seats[s] for s in SEATS if s in seats]
            out = scoring.score(
                "esmakker", {"rules": rules, "players": names, "hands": [d for _, d in played]}
            )
            for number, hand in zip(numbers, out["hands"], strict=True):
                hand_lines.append(
                    {**base, "hand": number, "points": hand["points"], "detail": hand}
                )
            for name, total in out["totals"].items():
                stats[name]["total"] += total
                stats[name]["played"] += len(numbers)
            continue
        system, over = (
            ("rubber", "E_RUBBER_OVER") if kind == "robber" else ("bidwhist", "E_GAME_OVER")
        )
        games = score_games(system, rules, [d for _, d in played], over)
        hands_out = [h for game in games for h in game["hands"]]
        for number, hand in zip(numbers, hands_out, strict=True):
            if kind == "robber":
                points = {n: hand["score"][side] for side, ps in side_players.items() for n in ps}
            else:
                points = {n: hand["points"][side] for side, ps in side_players.items() for n in ps}
            hand_lines.append({**base, "hand": number, "points": points, "detail": hand})
        for side, names in side_players.items():
            for name in names:
                if name is None:
                    continue
                s = stats[name]
                s["played"] += len(numbers)
                for game in games:
                    if kind == "robber":
                        s["games"] += sum(1 for g in game["games"] if g["winner"] == side)
                        s["rubbers"] += game["rubber"]["winner"] == side
                        s["net"] += game["rubber"]["net"][side]
                    else:
                        s["total"] += game["hands"][-1]["score"][side] if game["hands"] else 0
                        s["games"] += game["game"]["winner"] == side
    return stats, hand_lines


def matchplay_standings(inp: EventInput, rules: dict, own: dict) -> dict:
    kind = inp.event.kind
    units = build_units(inp)
    stats, hand_lines = _match_play(inp, rules)
    active = set(engine_players(inp))
    rows = [
        unit_row(unit, **stats[unit["rep"]]) for unit in units.values() if unit["rep"] in active
    ]
    metric, *countback = RANKING[kind]
    eligible = rank_rows([r for r in rows if not r["withdrawn"]], metric, tuple(countback))
    prizes = own.get("prizes") or {}
    prize_rules = {
        "places": prizes.get("places", 3),
        "half_time": False,
        "booby": prizes.get("booby", False),
        "special": None,
    }
    return finish(inp, eligible, rows, prize_rules, own, score_field=metric, hand_lines=hand_lines)
