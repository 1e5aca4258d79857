"""Standings of progressive and pairs drives: the drive engine, then units and prizes."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from scoring import drive as drive_engine
from scoring.drive_rows import NO_REVOKES
from tournaments.games import game_for
from tournaments.selectors.prize_settings import ROLE_LISTS
from tournaments.selectors.standings.loading import EventInput
from tournaments.selectors.standings.paper import paper_drive_standings
from tournaments.selectors.standings.prizes import finish
from tournaments.selectors.standings.units import (
    build_units,
    engine_players,
    rank_rows,
    reposition,
    unit_keys,
    unit_row,
)


def drive_record(inp: EventInput, rules: dict, *, last_hand: int | None = None) -> dict:
    """The drive engine's record: one row per confirmed table result."""
    hands = []
    players = engine_players(inp)
    for number, round_no, table_no, data, tricks_ns in inp.results:
        if last_hand is not None and number > last_hand:
            continue
        seats = inp.seats.get((round_no, table_no), {})
        tricks = data.get("tricks") or {"ns": tricks_ns, "ew": 13 - (tricks_ns or 0)}
        hands.append(
            {
                "hand": number,
                "table": table_no,
                "ns": (seats.get("N"), seats.get("S")),
                "ew": (seats.get("E"), seats.get("W")),
                "tricks": tricks,
                "revokes": data.get("revokes") or NO_REVOKES,
            }
        )
    for number, round_no, table_no, credit in inp.not_played:
        if last_hand is not None and number > last_hand:
            continue
        seats = inp.seats.get((round_no, table_no), {})
        if len(seats) < 3:
            continue  # a short table has nobody to credit as a four (or three and the ghost)
        hands.append(
            {
                "hand": number,
                "table": table_no,
                "ns": [seats.get("N"), seats.get("S")],
                "ew": [seats.get("E"), seats.get("W")],
                "not_played": {"credit": credit},
            }
        )
    left, joined = _window(inp, players)
    return {"rules": rules, "players": players, "hands": hands, "left": left, "joined": joined}


def _window(inp: EventInput, players: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Each withdrawn player's last hand (the last of the rounds before they left) and each
    late arrival's first (the first of the round they joined at): the hands outside earn
    no sit-out credit (docs/rules.md §F24)."""
    left, joined = {}, {}
    for name in players:
        entry = inp.entries[name]
        if entry.withdrawn_round is not None:
            before = [
                n for n, round_no, _t in inp.hands.values() if round_no < entry.withdrawn_round
            ]
            left[name] = max(before, default=0)
        if entry.joined_round > 1:
            from_ = [n for n, round_no, _t in inp.hands.values() if round_no >= entry.joined_round]
            joined[name] = min(from_, default=inp.event.hands + 1)  # no hand of theirs yet
    return left, joined


def drive_standings(inp: EventInput, rules: dict, own: dict) -> dict:
    event = inp.event
    if event.paper_cards:
        return paper_drive_standings(inp, rules, own)
    units = build_units(inp)
    if own.get("categories") in ROLE_LISTS:
        rules = {
            **rules,
            "categories": {n: e.role for n, e in inp.entries.items() if e.role},
        }
    parsed = drive_engine.parse_rules(rules)
    record = drive_record(inp, rules)
    out = drive_engine.score(record, trusted=True)
    by_name = {row["player"]: row for row in out["standings"]}
    mitchell = game_for(event).against_direction(event)
    half_rows: dict[str, dict] = {}
    # The engine names the half-time leaders; the whole half-time order (a second
    # engine pass over the first half) is needed only to pass them over.
    needs_half_order = (
        mitchell or own.get("no_double_prizes") or any(u["withdrawn"] for u in units.values())
    )
    if parsed.prizes.half_time and any(r[0] <= parsed.half for r in inp.results):
        if needs_half_order:
            half_record = drive_record(inp, rules, last_hand=parsed.half)
            half = drive_engine.score(half_record, trusted=True)
            half_rows = {row["player"]: row for row in half["standings"]}
        else:
            half_rows = {
                name: {"position": 1, "total": by_name[name]["first_half"]}
                for name in out["prizes"]["half_time"]
            }

    sat_out = _real_sit_outs(inp)
    ghost_credit = parsed.ghost_partner == "sit_out"  # hands beside the ghost count as sat out

    def metrics(name: str) -> dict:
        row = by_name[name]
        keys = (
            "total",
            "played",
            "hands_won",
            "first_half",
            "second_half",
            "ten_plus",
            "not_played",
        )
        data = {k: row[k] for k in keys}
        # The engine counts every hand it has a result for and the player not in it as
        # "sat out"; most of those are tables not yet reported, not a sit-out.
        credited = sat_out.get(name, 0) + ghost_credit * row["ghost_hands"]
        # never below 0: a withdrawn team's pairs keep their seats and play past their window
        data["sat_out"] = max(0, min(credited, row["sat_out"]))
        data["waiting"] = max(0, row["sat_out"] - data["sat_out"])
        data["engine_position"] = row["position"]
        half_row = half_rows.get(name, {})
        data["half_time"] = half_row.get("total")
        data["half_position"] = half_row.get("position")
        data["half_hands_won"] = half_row.get("hands_won")
        return data

    rows = [
        unit_row(unit, **metrics(unit["rep"])) for unit in units.values() if unit["rep"] in by_name
    ]
    countback = parsed.countback if parsed.ties == "countback" else ()
    if mitchell:
        directions = _directions(inp, units)
        for row in rows:
            row["direction"] = directions.get(row["key"], "ns")
        last = _last_hands(inp, units)
        _against_average(rows, "total", "plus_minus", {r["key"] for r in rows} - set(last))
        # a pair that left after the half stays in that half's average: the half-time prize,
        # handed out at the tea break, must not change when it goes (a Dutch walk saw it move)
        through_half = {r["key"] for r in rows if last.get(r["key"], parsed.half) >= parsed.half}
        _against_average(rows, "half_time", "half_plus_minus", through_half)
        for row in rows:  # gone before the end: a ± is the half's, when it left at the half
            if row["key"] in last:  # (against the whole evening's average it read "-82")
                at_half = last[row["key"]] == parsed.half
                row["plus_minus"] = row["half_plus_minus"] if at_half else None
        eligible = rank_rows(
            [r for r in rows if not r["withdrawn"]], "plus_minus", countback, parsed.ties
        )
        score_field, half_field = "plus_minus", "half_plus_minus"
    else:
        ordered = sorted(rows, key=lambda r: r["engine_position"])
        for row in ordered:
            row["position"] = row["engine_position"]
        eligible = reposition([r for r in ordered if not r["withdrawn"]])
        score_field, half_field = "total", "half_time"
    half_ranked: list[dict] = []
    at_half = [r for r in eligible if r["half_position"] is not None]
    if mitchell and at_half:
        cb = ("half_hands_won",) if countback else ()
        half_ranked = rank_rows(at_half, half_field, cb, parsed.ties)
    elif at_half:  # the engine's own half-time order
        by_half = sorted(at_half, key=lambda r: r["half_position"])
        half_ranked = reposition([{**r, "position": r["half_position"]} for r in by_half])
    prize_rules = {
        "places": parsed.prizes.places,
        "half_time": parsed.prizes.half_time,
        "booby": parsed.prizes.booby,
        "special": parsed.prizes.special,
        "half": parsed.half,
        "countback": countback,  # what separated level scores, for the prize's note
    }
    out = finish(
        inp,
        eligible,
        rows,
        prize_rules,
        own,
        score_field=score_field,
        half_ranked=half_ranked,
        engine_hands=out["hands"],
    )
    # the page shows "—", not a column of noughts, before a hand of the second half is in
    out["second_half_started"] = any(number > parsed.half for number, *_rest in inp.results)
    return out


def _real_sit_outs(inp: EventInput) -> dict[str, int]:
    """Per engine name: the hands with results in a round the player had no table in, sat
    out or not yet arrived (a late arrival's first rounds are no results "not in yet")."""
    hands_per_round: dict[int, set[int]] = defaultdict(set)
    for number, round_no, _table, _data, _tricks in inp.results:
        hands_per_round[round_no].add(number)
    at_table: dict[str, set[int]] = defaultdict(set)
    for (round_no, _table), seats in inp.seats.items():
        for name in seats.values():
            at_table[name].add(round_no)
    return {
        name: sum(len(h) for r, h in hands_per_round.items() if r not in at_table[name])
        for name in inp.entries
    }


def _directions(inp: EventInput, units: dict[str, dict]) -> dict[str, str]:
    """Each pair's direction in a Mitchell: the side it sat in its first round (NS stays)."""
    unit_of = unit_keys(units)
    direction: dict[str, str] = {}
    for (_round, _table), seats in sorted(inp.seats.items()):
        for seat, name in seats.items():
            direction.setdefault(unit_of[name], "ns" if seat in ("N", "S") else "ew")
    return direction


def _last_hands(inp: EventInput, units: dict[str, dict]) -> dict[str, int]:
    """Each withdrawn unit's last hand: the last of the rounds before it left."""
    last = {}
    for key, unit in units.items():
        left = unit.get("withdrawn_round") if unit["withdrawn"] else None
        if left is not None:
            before = (n for n, round_no, _t in inp.hands.values() if round_no < left)
            last[key] = max(before, default=0)
    return last


def _against_average(rows: list[dict], source: str, target: str, counted: set[str]) -> None:
    """Each pair's ± against the average of its direction (docs/rules.md §B1, pairs drive),
    the average taken over the ``counted`` pairs."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        if row["key"] in counted and row[source] is not None:
            groups[row["direction"]].append(row)
    for row in rows:
        group = groups.get(row["direction"]) or []
        if row[source] is None or not group:
            row[target] = None
            continue
        average = sum(Fraction(str(r[source])) for r in group) / len(group)
        row[target] = round(float(Fraction(str(row[source])) - average), 2)
