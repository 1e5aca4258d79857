"""Standings, prizes, score cards and round results of an event, from its confirmed results.

One bridge between the rows and the engines: a constant number of queries loads the
event's entries, seatings, hands and confirmed results; the event's engine (``drive``,
``rubber``, ``bidwhist``, ``esmakker``) does all the scoring arithmetic; this module
only maps engine players back to entries, collapses pairs, and hands out prizes by
the event's prize rules. Results are cached per event version (the key changes when
a service bumps ``Event.version``; ``live.event_changed`` drops the current keys).
"""

from __future__ import annotations

import gc
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.utils import formats, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from scoring import drive as drive_engine
from scoring.errors import ScoringError
from tournaments.errors import NotFound
from tournaments.models import SEATS, Entry, Event, Hand, Pair, Result, Round, Seating, Table

PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
# Event.rules keys the selector reads itself and never passes to an engine.
STANDINGS_KEYS = ("no_double_prizes", "categories", "prizes", "league")  # league: league.py
CACHE_SECONDS = 24 * 3600
# Per kind: the standing fields that rank units (first is the score), best first.
RANKING = {
    "robber": ("net", "rubbers", "games"),
    "bidwhist": ("total", "games"),
    "esmakker": ("total",),
}


# --- loading ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerRef:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class PairRef:
    id: int
    number: int
    name: str

    __str__ = Pair.__str__  # the model's own label: its name, else "Pair 3"


@dataclass(frozen=True, slots=True)
class EntryRow:
    """The columns of an entry the standings read, with its player's and pair's.

    Plain values rather than model instances: a thousand-player event loads in a
    few milliseconds. Attribute names are the model's, so the code reads alike.
    """

    id: int
    number: int
    player_id: int
    pair_id: int | None
    role: str
    arrived: bool
    withdrawn_round: int | None
    player: PlayerRef
    pair: PairRef | None


ENTRY_COLUMNS = (
    "id",
    "number",
    "player_id",
    "pair_id",
    "role",
    "arrived",
    "withdrawn_round",
    "player__name",
    "pair__number",
    "pair__name",
)


@dataclass
class EventInput:
    """Everything the engines need for one event, loaded in a fixed number of queries."""

    event: Event
    entries: dict[str, EntryRow]  # engine name (entry number as text) -> entry
    seats: dict[tuple[int, int], dict[str, str]]  # (round, table) -> seat -> engine name
    sit_outs: dict[int, list[str]]  # round -> engine names sitting out
    hands: dict[int, tuple[int, int, str]]  # hand id -> (number, round, trump)
    results: list[tuple[int, int, int, dict, int | None]]  # (hand, round, table, data, tricks_ns)
    pending: int
    rounds: list[tuple[int, str]] = field(default_factory=list)  # (number, status)


def _entry(row: tuple) -> EntryRow:
    eid, number, player_id, pair_id, role, arrived, withdrawn, name, pair_no, pair_name = row
    pair = PairRef(pair_id, pair_no, pair_name) if pair_id is not None else None
    return EntryRow(
        eid, number, player_id, pair_id, role, arrived, withdrawn, PlayerRef(player_id, name), pair
    )


def load_input(event: Event) -> EventInput:
    """Six queries, whatever the size of the event.

    Tuples, not model instances, and ``order_by()`` where the models' default
    ordering would only add joins and a sort (the rows are keyed or sorted here).
    """
    entries = {
        str(row[1]): _entry(row)
        for row in Entry.objects.filter(event=event).order_by("number").values_list(*ENTRY_COLUMNS)
    }
    by_id = {e.id: name for name, e in entries.items()}
    round_rows = list(
        Round.objects.filter(event=event).order_by("number").values_list("id", "number", "status")
    )
    round_no = {rid: number for rid, number, _status in round_rows}
    table_no = dict(Table.objects.filter(event=event).order_by().values_list("id", "number"))
    seats: dict[tuple[int, int], dict[str, str]] = defaultdict(dict)
    sit_outs: dict[int, list[str]] = defaultdict(list)
    # Plain ids, no joins: the biggest query of a large event stays cheap. Row order
    # (pk) only matters for a round's sit-outs: listed in the order they were seated.
    for round_id, table_id, seat, entry_id in (
        Seating.objects.filter(event=event)
        .order_by("pk")
        .values_list("round_id", "table_id", "seat", "entry_id")
    ):
        if table_id is None:
            sit_outs[round_no[round_id]].append(by_id[entry_id])
        else:
            seats[(round_no[round_id], table_no[table_id])][seat] = by_id[entry_id]
    hands = {
        hid: (number, round_no[rid], trump)
        for hid, number, rid, trump in Hand.objects.filter(event=event)
        .order_by()
        .values_list("id", "number", "round_id", "trump")
    }
    results = []
    pending = 0
    rows = (
        Result.objects.filter(event=event, status__in=("confirmed", "entered", "disputed"))
        .order_by()
        .values_list("hand_id", "table_id", "status", "data", "tricks_ns")
    )
    for hand_id, table_id, status, data, tricks_ns in rows:
        if status != "confirmed":
            pending += 1
            continue
        number, hand_round, _trump = hands[hand_id]
        results.append((number, hand_round, table_no[table_id], data or {}, tricks_ns))
    results.sort(key=lambda r: (r[0], r[2]))
    rounds = [(number, status) for _rid, number, status in round_rows]
    return EventInput(event, entries, dict(seats), dict(sit_outs), hands, results, pending, rounds)


# --- units: a player, or a pair where the event plays in fixed pairs ---------------------------


def _plays_in_pairs(inp: EventInput) -> bool:
    event = inp.event
    if event.kind == Event.Kind.ESMAKKER or event.kind == Event.Kind.INDIVIDUAL_DRIVE:
        return False
    return any(e.pair_id for e in inp.entries.values())


def _unit_key(entry: Entry, pairs: bool) -> str:
    return f"p{entry.pair.number}" if pairs and entry.pair_id else f"e{entry.number}"


def _units(inp: EventInput) -> dict[str, dict]:
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
    return units


def _unit_of(units: dict[str, dict]) -> dict[str, str]:
    """Engine name (entry number as text) -> the key of its unit."""
    return {str(number): u["key"] for u in units.values() for number in u["numbers"]}


def _players(inp: EventInput) -> list[str]:
    """The engine's player list: arrived entries plus anyone seated (sit-outs get credit)."""
    seated = {name for table in inp.seats.values() for name in table.values()}
    return [
        name
        for name, e in sorted(inp.entries.items(), key=lambda kv: kv[1].number)
        if e.arrived or name in seated
    ]


def split_rules(rules: dict | None) -> tuple[dict, dict]:
    """``Event.rules`` as (what the engine reads, the standings options read here).

    The standings options are ``no_double_prizes`` (bool), ``categories`` ("role":
    a separate list and prizes per role) and ``prizes`` (places, half_time, booby,
    special); validate only the first part with the engine.
    """
    raw = dict(rules or {})
    own = {key: raw.pop(key) for key in STANDINGS_KEYS if key in raw}
    return raw, own


def engine_rules(system: str, rules: dict | None) -> tuple[dict, dict]:
    """(rules the ``system`` engine reads, the selector's own options) from ``Event.rules``.

    The drive engine also awards the prizes, so it gets the ``prizes`` option too.
    """
    raw, own = split_rules(rules)
    if system == "drive" and "prizes" in own:
        raw["prizes"] = own["prizes"]
    return raw, own


def _engine_rules(event: Event) -> tuple[dict, dict]:
    """(rules for the engine, the selector's own options) for this event."""
    raw, own = engine_rules(event.system, event.rules)
    if event.system == "drive":
        raw["hands"] = event.hands
        raw["hands_per_round"] = event.hands_per_round
        if event.trumps:
            raw["trumps"] = list(event.trumps)
    return raw, own


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


def _reposition(rows: list[dict]) -> list[dict]:
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


def _unit_row(unit: dict, **metrics) -> dict:
    return {
        "key": unit["key"],
        "name": unit["label"],
        "numbers": unit["numbers"],
        "entries": unit["entries"],
        "players": unit["players"],
        "role": unit.get("role", ""),
        "withdrawn": unit["withdrawn"],
        **metrics,
    }


# --- drives -----------------------------------------------------------------------------------


def drive_record(inp: EventInput, rules: dict, *, last_hand: int | None = None) -> dict:
    """The drive engine's record: one row per confirmed table result."""
    hands = []
    for number, round_no, table_no, data, tricks_ns in inp.results:
        if last_hand is not None and number > last_hand:
            continue
        seats = inp.seats.get((round_no, table_no), {})
        tricks = data.get("tricks") or {"ns": tricks_ns, "ew": 13 - (tricks_ns or 0)}
        hands.append(
            {
                "hand": number,
                "table": table_no,
                "ns": [seats.get("N"), seats.get("S")],
                "ew": [seats.get("E"), seats.get("W")],
                "tricks": tricks,
                "revokes": data.get("revokes") or {"ns": 0, "ew": 0},
            }
        )
    return {"rules": rules, "players": _players(inp), "hands": hands}


def _drive(inp: EventInput, rules: dict, own: dict) -> dict:
    event = inp.event
    units = _units(inp)
    categories = own.get("categories")
    if categories == "role":
        rules = {
            **rules,
            "categories": {n: e.role for n, e in inp.entries.items() if e.role},
        }
    parsed = drive_engine.parse_rules(rules)
    record = drive_record(inp, rules)
    out = scoring.score("drive", record)
    by_name = {row["player"]: row for row in out["standings"]}
    mitchell = event.kind == Event.Kind.PAIRS_DRIVE and event.movement_kind == "mitchell"
    half_rows: dict[str, dict] = {}
    # The engine names the half-time leaders; the whole half-time order (a second
    # engine pass over the first half) is needed only to pass them over.
    needs_half_order = (
        mitchell or own.get("no_double_prizes") or any(u["withdrawn"] for u in units.values())
    )
    if parsed.prizes.half_time and any(r[0] <= parsed.half for r in inp.results):
        if needs_half_order:
            half = scoring.score("drive", drive_record(inp, rules, last_hand=parsed.half))
            half_rows = {row["player"]: row for row in half["standings"]}
        else:
            half_rows = {
                name: {"position": 1, "total": by_name[name]["first_half"]}
                for name in out["prizes"]["half_time"]
            }

    def metrics(name: str) -> dict:
        row = by_name[name]
        keys = ("total", "played", "sat_out", "hands_won", "first_half", "second_half", "ten_plus")
        data = {k: row[k] for k in keys}
        data["engine_position"] = row["position"]
        half_row = half_rows.get(name, {})
        data["half_time"] = half_row.get("total")
        data["half_position"] = half_row.get("position")
        data["half_hands_won"] = half_row.get("hands_won")
        return data

    rows = [
        _unit_row(unit, **metrics(unit["rep"])) for unit in units.values() if unit["rep"] in by_name
    ]
    countback = parsed.countback if parsed.ties == "countback" else ()
    if mitchell:
        directions = _directions(inp, units)
        for row in rows:
            row["direction"] = directions.get(row["key"], "ns")
        _against_average(rows, "total", "plus_minus")
        _against_average(rows, "half_time", "half_plus_minus")
        eligible = rank_rows(
            [r for r in rows if not r["withdrawn"]], "plus_minus", countback, parsed.ties
        )
        score_field, half_field = "plus_minus", "half_plus_minus"
    else:
        ordered = sorted(rows, key=lambda r: r["engine_position"])
        for row in ordered:
            row["position"] = row["engine_position"]
        eligible = _reposition([r for r in ordered if not r["withdrawn"]])
        score_field, half_field = "total", "half_time"
    half_ranked: list[dict] = []
    at_half = [r for r in eligible if r["half_position"] is not None]
    if mitchell and at_half:
        cb = ("half_hands_won",) if countback else ()
        half_ranked = rank_rows(at_half, half_field, cb, parsed.ties)
    elif at_half:  # the engine's own half-time order
        by_half = sorted(at_half, key=lambda r: r["half_position"])
        half_ranked = _reposition([{**r, "position": r["half_position"]} for r in by_half])
    prize_rules = {
        "places": parsed.prizes.places,
        "half_time": parsed.prizes.half_time,
        "booby": parsed.prizes.booby,
        "special": parsed.prizes.special,
        "half": parsed.half,
    }
    return _finish(
        inp,
        eligible,
        rows,
        prize_rules,
        own,
        score_field=score_field,
        half_ranked=half_ranked,
        engine_hands=out["hands"],
    )


def _directions(inp: EventInput, units: dict[str, dict]) -> dict[str, str]:
    """Each pair's direction in a Mitchell: the side it sat in its first round (NS stays)."""
    unit_of = _unit_of(units)
    direction: dict[str, str] = {}
    for (_round, _table), seats in sorted(inp.seats.items()):
        for seat, name in seats.items():
            direction.setdefault(unit_of[name], "ns" if seat in ("N", "S") else "ew")
    return direction


def _against_average(rows: list[dict], source: str, target: str) -> None:
    """Each pair's ± against the average of its direction (rules.md §B1, pairs drive)."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        if not row["withdrawn"] and row[source] is not None:
            groups[row["direction"]].append(row)
    for row in rows:
        group = groups.get(row["direction"]) or []
        if row[source] is None or not group:
            row[target] = None
            continue
        average = sum(Fraction(str(r[source])) for r in group) / len(group)
        row[target] = round(float(Fraction(str(row[source])) - average), 2)


# --- robber, Bid Whist, Es-makker ----------------------------------------------------------


def _matches(inp: EventInput) -> dict[tuple[int, int], list[tuple[int, dict]]]:
    """Confirmed hands per (round, table), in hand order: one match each."""
    matches: dict[tuple[int, int], list[tuple[int, dict]]] = defaultdict(list)
    for number, round_no, table_no, data, _tricks in inp.results:
        matches[(round_no, table_no)].append((number, data))
    return dict(sorted(matches.items()))


def _score_games(system: str, rules: dict, hands: list[dict], over_code: str) -> list[dict]:
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
    for (round_no, table_no), played in _matches(inp).items():
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
        games = _score_games(system, rules, [d for _, d in played], over)
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


def _matchplay(inp: EventInput, rules: dict, own: dict) -> dict:
    kind = inp.event.kind
    units = _units(inp)
    stats, hand_lines = _match_play(inp, rules)
    active = set(_players(inp))
    rows = [
        _unit_row(unit, **stats[unit["rep"]]) for unit in units.values() if unit["rep"] in active
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
    return _finish(inp, eligible, rows, prize_rules, own, score_field=metric, hand_lines=hand_lines)


# --- prizes -----------------------------------------------------------------------------------


def ordinal(n: int) -> str:
    return _("%(n)d. place") % {"n": n} if n > 3 else {1: _("1st"), 2: _("2nd"), 3: _("3rd")}[n]


def _winners(rows: list[dict]) -> list[dict]:
    return [{"key": r["key"], "name": r["name"]} for r in rows]


def _groups(rows: list[dict], field_name: str = "position") -> list[list[dict]]:
    groups: list[list[dict]] = []
    for row in rows:
        if groups and groups[-1][0][field_name] == row[field_name]:
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def _allocate(
    ranked: list[dict],
    half_ranked: list[dict],
    categories: dict[str, list[dict]],
    rules: dict,
    *,
    no_double: bool,
    score_field: str,
    unit_label: str,
) -> list[dict]:
    """Prizes in order (places, category places, half-time, special, booby), each with a reason.

    A tie for a place takes the places it covers (two tied 2nd share 2nd and 3rd).
    With ``no_double`` a unit already holding a prize is passed over and the prize
    goes to the next in line.
    """
    taken: set[str] = set()
    prizes: list[dict] = []

    def pool(rows: list[dict]) -> list[dict]:
        return [r for r in rows if not (no_double and r["key"] in taken)]

    def award(code: str, label: str, rows: list[dict], reason: str) -> None:
        taken.update(r["key"] for r in rows)
        prizes.append({"code": code, "label": label, "winners": _winners(rows), "reason": reason})

    def places(rows: list[dict], prefix: str, code: str) -> None:
        slot = 1
        for group in _groups(pool(rows)):
            if slot > rules["places"]:
                break
            value = group[0][score_field]
            reason = _("%(place)s with %(value)s %(unit)s") % {
                "place": ordinal(slot),
                "value": _fmt(value),
                "unit": unit_label,
            }
            if len(group) > 1:
                reason += " " + _("(tied, sharing %(n)d prizes)") % {"n": len(group)}
            award(code, f"{prefix}{ordinal(slot)}", group, reason)
            slot += len(group)

    places(ranked, "", "place")
    for role, rows in categories.items():
        places(rows, f"{_category_label(role)}: ", f"category:{role}")
    if rules.get("half_time") and half_ranked:
        field_name = "half_plus_minus" if score_field == "plus_minus" else "half_time"
        candidates = pool(half_ranked)
        if candidates:
            group = _groups(candidates)[0]
            award(
                "half_time",
                _("Half-time leader"),
                group,
                _("Leading after hand %(hand)d with %(value)s %(unit)s")
                % {"hand": rules["half"], "value": _fmt(group[0][field_name]), "unit": unit_label},
            )
    if rules.get("special") == "ten_plus":
        candidates = pool(ranked)
        best = max((r["ten_plus"] for r in candidates), default=0)
        if best:
            award(
                "ten_plus",
                _("Special prize"),
                [r for r in candidates if r["ten_plus"] == best],
                _("Most hands with 10 or more tricks (%(n)d)") % {"n": best},
            )
    if rules.get("booby"):
        candidates = pool(ranked)
        if candidates and len(ranked) > 1:
            group = _groups(candidates)[-1]
            award(
                "booby",
                _("Booby prize"),
                group,
                _("Lowest score: %(value)s %(unit)s")
                % {"value": _fmt(group[0][score_field]), "unit": unit_label},
            )
    return prizes


def _fmt(value: Any) -> str:
    """A score in a prize's reason, with the language's decimal separator (7,5 in Dutch)."""
    if isinstance(value, float):
        return f"{value:g}".replace(".", formats.get_format("DECIMAL_SEPARATOR"))
    return str(value)


def _category_label(role: str) -> str:
    return {"lady": _("Ladies"), "gent": _("Gents")}.get(role, role)


UNIT_LABELS = {  # what a drive's score field counts; other systems count points (or net)
    "total": gettext_lazy("tricks"),
    "plus_minus": gettext_lazy("tricks against the direction average"),
    "net": gettext_lazy("net rubber points"),
}


def _finish(
    inp,
    eligible,
    rows,
    prize_rules,
    own,
    *,
    score_field,
    half_ranked=(),
    engine_hands=None,
    hand_lines=None,
):
    event = inp.event
    categories: dict[str, list[dict]] = {}
    if own.get("categories") == "role":
        for role in sorted({r["role"] for r in eligible if r["role"]}):
            categories[role] = _reposition([r for r in eligible if r["role"] == role])
    label = UNIT_LABELS.get(score_field) if event.system == "drive" or score_field == "net" else None
    unit_label = str(label or _("points"))
    prizes = (
        []
        if not inp.results
        else _allocate(
            eligible,
            list(half_ranked),
            categories,
            prize_rules,
            no_double=bool(own.get("no_double_prizes")),
            score_field=score_field,
            unit_label=unit_label,
        )
    )
    positions = {r["key"]: r for r in eligible}
    withdrawn = [r for r in rows if r["withdrawn"]]
    return {
        "event": event.slug,
        "kind": event.kind,
        "version": event.version,
        "final": event.status in (Event.Status.FINISHED, Event.Status.PUBLISHED),
        "published": event.status == Event.Status.PUBLISHED,
        "score_field": score_field,
        "unit_label": unit_label,
        "standings": [positions[r["key"]] for r in eligible],
        "categories": categories,
        "withdrawn": withdrawn,
        "prizes": prizes,
        "pending": inp.pending,
        "confirmed": len(inp.results),
        "_hands": engine_hands,
        "_hand_lines": hand_lines,
    }


# --- public entry points ----------------------------------------------------------------------


@contextmanager
def _without_gc_pauses():
    """Hold the cyclic garbage collector off while one event's standings are built.

    A 1,000-player drive allocates some 150,000 dicts and tuples, none in a
    reference cycle (reference counting frees them all), yet their number makes
    the collector walk the whole heap once or twice per recomputation, finding
    nothing: about a third of the time in bench/standings.py. Left alone if
    something else has already switched the collector off.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@_without_gc_pauses()
def compute_standings(event: Event, inp: EventInput | None = None) -> dict:
    """Standings and prizes straight from the rows and the engine (no cache)."""
    inp = inp or load_input(event)
    rules, own = _engine_rules(event)
    if event.system == "drive":
        return _drive(inp, rules, own)
    return _matchplay(inp, rules, own)


def cache_key(event: Event, part: str) -> str:
    stamp = int(event.created_at.timestamp() * 1_000_000) if event.created_at else 0
    return f"standings:{event.pk}:{stamp}:{event.version}:{part}"


def event_standings(*, event: Event) -> dict:
    """Standings, prizes (with reasons) and the pending count, cached per event version."""
    return _cached(event)["standings"]


def event_detail(*, event: Event) -> dict:
    """Score cards (per unit key) and round-by-round results, cached per event version."""
    return _cached(event)["detail"]


def cache_keys(event: Event) -> list[str]:
    """Every language's cached standings of ``event`` (prize reasons and labels are worded)."""
    return [cache_key(event, f"all:{code}") for code, _name in settings.LANGUAGES]


def _cached(event: Event) -> dict:
    key = cache_key(event, f"all:{translation.get_language() or settings.LANGUAGE_CODE}")
    found = cache.get(key)
    if found is None:
        found = compute_all(event)
        cache.set(key, found, CACHE_SECONDS)
    return found


@_without_gc_pauses()
def compute_all(event: Event) -> dict:
    inp = load_input(event)
    standings = compute_standings(event, inp)
    detail = _detail(inp, standings)
    public = {k: v for k, v in standings.items() if not k.startswith("_")}
    return {"standings": public, "detail": detail}


# --- score cards and round by round ------------------------------------------------------------


def _detail(inp: EventInput, standings: dict) -> dict:
    """Per-unit score cards (hand by hand, running total) and each round's tables."""
    names = {n: e.player.name for n, e in inp.entries.items()}
    units = _units(inp)
    unit_of = _unit_of(units)
    trumps = {number: trump for number, _r, trump in inp.hands.values()}
    rounds: dict[int, dict] = {}
    cards: dict[str, list[dict]] = {}
    is_drive = inp.event.system == "drive"
    lines = standings["_hands"] if is_drive else standings["_hand_lines"]
    for round_no, status in sorted(inp.rounds):
        rounds[round_no] = {
            "round": round_no,
            "status": status,
            "tables": {},
            "sit_out": [names[n] for n in inp.sit_outs.get(round_no, [])],
        }
    for (round_no, table_no), seats in sorted(inp.seats.items()):
        rounds.setdefault(round_no, {"round": round_no, "status": "", "tables": {}, "sit_out": []})
        rounds[round_no]["tables"][table_no] = {
            "table": table_no,
            "ns": [names[seats[s]] for s in ("N", "S") if s in seats],
            "ew": [names[seats[s]] for s in ("E", "W") if s in seats],
            "hands": [],
        }
    hand_round = {number: r for number, r, _t in inp.hands.values()}
    for line in lines:
        hand, table_no = line["hand"], line["table"]
        round_no = line.get("round") if not is_drive else hand_round.get(hand)
        seats = inp.seats.get((round_no, table_no), {})
        if is_drive:
            ns, ew = line["tricks"]["ns"], line["tricks"]["ew"]
            points = {seats.get(s): (ns if s in "NS" else ew) for s in SEATS}
        else:
            points = line["points"]
            ns = points.get(seats.get("N"))
            ew = points.get(seats.get("E"))
        table = rounds[round_no]["tables"].get(table_no)
        if table is not None:
            table["hands"].append({"hand": hand, "trump": trumps.get(hand, ""), "ns": ns, "ew": ew})
        for seat, name in seats.items():
            partner_seat = PARTNER_SEAT[seat]
            opp = ("E", "W") if seat in "NS" else ("N", "S")
            key = unit_of[name]
            if key.startswith("p") and name != units[key]["rep"]:
                continue  # one card per pair
            cards.setdefault(key, []).append(
                {
                    "hand": hand,
                    "round": round_no,
                    "table": table_no,
                    "trump": trumps.get(hand, ""),
                    "partner": names.get(seats.get(partner_seat), ""),
                    "opponents": [names[seats[s]] for s in opp if s in seats],
                    "score": points.get(name),
                    "sat_out": False,
                }
            )
    _add_sit_outs(inp, units, cards, trumps, hand_round)
    return {
        "cards": cards,
        "rounds": [
            {**r, "tables": [r["tables"][t] for t in sorted(r["tables"])]}
            for _n, r in sorted(rounds.items())
        ],
    }


def _add_sit_outs(inp, units, cards, trumps, hand_round) -> None:
    """A hand a unit sat out shows on its card with no score (credit is only known at the end)."""
    played_hands = sorted({number for number, *_rest in inp.results})
    for unit in units.values():
        rows = cards.setdefault(unit["key"], [])
        have = {row["hand"] for row in rows}
        for hand in (h for h in played_hands if h not in have):
            rows.append(
                {
                    "hand": hand,
                    "round": hand_round.get(hand),
                    "table": None,
                    "trump": trumps.get(hand, ""),
                    "partner": "",
                    "opponents": [],
                    "score": None,
                    "sat_out": True,
                }
            )
        rows.sort(key=lambda r: r["hand"])
        total = 0
        for row in rows:
            total += row["score"] or 0
            row["running_total"] = total if inp.event.kind != "robber" else None


def next_round_seating(*, event: Event) -> dict | None:
    """The seating to show the room: the next pending round, else the last open one."""
    seated = [r for r in event_detail(event=event)["rounds"] if r["tables"]]
    pending = [r for r in seated if r["status"] == Round.Status.PENDING]
    if pending:
        return pending[0]
    opened = [r for r in seated if r["status"] == Round.Status.OPEN]
    return opened[-1] if opened else None


def public_events_q() -> Q:
    """Events anyone may see: public ones past the draft."""
    return Q(is_public=True) & ~Q(status=Event.Status.DRAFT)


def _visible_event(public, *, slug: str, user, message: str) -> Event:
    """The event from ``public`` (an Event queryset), else any the user organizes, else NotFound."""
    from tournaments.selectors.events import events_for_user

    event = public.filter(slug=slug).first()
    if event is None and user is not None and user.is_authenticated:
        event = events_for_user(user=user).filter(slug=slug).first()
    if event is None:
        raise NotFound("E_NOT_FOUND", message)
    return event


def event_for_public(*, slug: str, user=None) -> Event:
    """The event for its public pages; a private or draft event only for its organizers."""
    public = Event.objects.select_related("club").filter(public_events_q())
    return _visible_event(public, slug=slug, user=user, message=_("No such event."))


def event_for_export(*, slug: str, user=None) -> Event:
    """Exports: published public events for everyone, any state for the organizers."""
    public = Event.objects.filter(is_public=True, status=Event.Status.PUBLISHED)
    return _visible_event(
        public,
        slug=slug,
        user=user,
        message=_("No such event, or its results are not published."),
    )
