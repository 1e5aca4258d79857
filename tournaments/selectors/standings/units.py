"""Standings units (a player, or a pair where the event plays in fixed pairs) and ranking."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from scoring import drive as drive_engine
from tournaments.games import game_for
from tournaments.models import Entry
from tournaments.selectors.standings.loading import EventInput


def has_place(row: dict, standings: dict) -> bool:
    """Whether a standings row shows its place: once the event is final, or from its own
    first hand on (before that everybody is "level first", which tells nobody anything)."""
    return bool(standings.get("final") or row.get("played"))


def _plays_in_pairs(inp: EventInput) -> bool:
    if not game_for(inp.event).may_pair(inp.event):
        return False
    return any(e.pair_id for e in inp.entries.values())


def _unit_key(entry: Entry, pairs: bool) -> str:
    return f"p{entry.pair.number}" if pairs and entry.pair_id else f"e{entry.number}"


def build_units(inp: EventInput) -> dict[str, dict]:
    """Each standings unit (pair or player) with its entries, name and representative."""
    pairs = _plays_in_pairs(inp)
    units: dict[str, dict] = {}
    for name, entry in sorted(inp.entries.items(), key=lambda kv: kv[1].number):
        key = _unit_key(entry, pairs)
        unit = units.setdefault(
            key,
            {"key": key, "rep": name, "entries": [], "names": [], "numbers": [], "players": []},
        )
        unit["entries"].append(entry.id)
        unit["names"].append(entry.player.name)
        unit["numbers"].append(entry.number)
        unit["players"].append(entry.player_id)
        unit.setdefault("role", entry.role)
        unit["withdrawn"] = unit.get("withdrawn", False) or entry.withdrawn_round is not None
        if key.startswith("p"):
            unit["pair"] = entry.pair.number
            unit["label"] = entry.pair.name or " & ".join(unit["names"])
        else:
            unit["label"] = entry.player.name
        unit["withdrawn_round"] = entry.withdrawn_round
        unit["joined_round"] = entry.joined_round
    return units


def unit_keys(units: dict[str, dict]) -> dict[str, str]:
    """Engine name (entry number as text) -> the key of its unit."""
    return {str(number): u["key"] for u in units.values() for number in u["numbers"]}


def engine_players(inp: EventInput) -> list[str]:
    """The engine's player list: arrived entries plus anyone seated (sit-outs get credit)."""
    seated = {name for table in inp.seats.values() for name in table.values()}
    return [
        name
        for name, e in sorted(inp.entries.items(), key=lambda kv: kv[1].number)
        if e.arrived or name in seated
    ]


# --- ranking helpers (the engine's ranking, applied to our units) --------------------------


@dataclass(frozen=True)
class _Line:
    """What ``scoring.drive.rank`` needs of a line: a player and a key per countback."""

    player: str
    row: dict
    metric: Any

    def key(self, countback: tuple[str, ...]) -> tuple:
        return (self.metric, *(self.row[k] for k in countback))


def rank_rows(rows: list[dict], metric: str, countback: tuple[str, ...], ties: str = "countback"):
    """Rank rows by ``metric`` then ``countback`` with the drive engine's ranking (ties share)."""
    lines = [_Line(row["key"], row, row[metric]) for row in rows]
    policy = SimpleNamespace(ties=ties, countback=countback)
    out = []
    for position, tied, line in drive_engine.rank(lines, policy):
        out.append({**line.row, "position": position, "tied": tied})
    return out


def reposition(rows: list[dict]) -> list[dict]:
    """Positions within a subset of a finishing order (a category, or without withdrawals)."""
    out, counts = [], defaultdict(int)
    for row in rows:
        counts[row["position"]] += 1
    last, new = None, 0
    for seen, row in enumerate(rows):
        if row["position"] != last:
            last, new = row["position"], seen + 1
        out.append({**row, "position": new, "tied": counts[row["position"]] > 1})
    return out


def mark_tie_breaks(rows: list[dict], score_field: str) -> None:
    """Flag ``split`` on each row level on the score with a neighbour yet placed apart (the
    tie-break decided it): on a phone, where the tie-break columns do not fit, the place
    would otherwise look arbitrary."""
    for i, row in enumerate(rows):
        near = rows[max(i - 1, 0) : i] + rows[i + 1 : i + 2]
        row["split"] = any(
            n.get(score_field) == row.get(score_field) and n["position"] != row["position"]
            for n in near
        )


def unit_row(unit: dict, **metrics) -> dict:
    return {
        "key": unit["key"],
        "name": unit["label"],
        "numbers": unit["numbers"],
        "pair": unit.get("pair"),  # the pair's number, as the movement cards print it
        "entries": unit["entries"],
        "players": unit["players"],
        "role": unit.get("role", ""),
        "withdrawn": unit["withdrawn"],
        "joined_round": unit.get("joined_round", 1),  # a late arrival's first round
        **metrics,
    }
