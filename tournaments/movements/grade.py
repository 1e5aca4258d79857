"""Validate and grade any movement given as JSON (docs/movements.md, "The grade of a movement").

Validation is strict and names the round and table at fault, because a movement is often
typed or imported by hand and a silent mistake would only surface at the card table.
Grading runs in O(rounds x tables): 400 players over 60 rounds validate and grade in about
a tenth of a second.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .errors import MovementError

INDIVIDUAL = "individual"
PAIRS_KINDS = ("mitchell", "howell", "round_robin")
KINDS = (INDIVIDUAL, *PAIRS_KINDS)
PLAYER_RANGE = (4, 400)
PAIR_RANGE = (2, 200)


def fail(message: str, code: str = "E_MOVEMENT") -> MovementError:
    """The error to raise: movement problems share one code unless told otherwise."""
    return MovementError(code, message)


def require_int(value: object, what: str, low: int, high: int | None = None) -> int:
    """An integer in low..high (bool is refused: JSON true is not a player number)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(f"{what} must be an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"at least {low}"
        raise fail(f"{what} must be {span}, got {value}")
    return value


def require_key(mapping: object, key: str, where: str) -> object:
    if not isinstance(mapping, dict):
        raise fail(f"{where} must be a JSON object")
    if key not in mapping:
        raise fail(f"{where} has no {key!r}")
    return mapping[key]


def require_list(value: object, what: str) -> list:
    if not isinstance(value, list):
        raise fail(f"{what} must be a list")
    return value


# --- validation -----------------------------------------------------------------------------


def validate(doc: object) -> None:
    """Raise MovementError("E_MOVEMENT", ...) unless doc is a well-formed movement."""
    kind = require_key(doc, "kind", "the movement")
    if kind not in KINDS:
        raise fail(f"unknown movement kind {kind!r}; expected one of {', '.join(KINDS)}")
    individual = kind == INDIVIDUAL
    count_key, unit = ("players", "player") if individual else ("pairs", "pair")
    low, high = PLAYER_RANGE if individual else PAIR_RANGE
    count = require_int(require_key(doc, count_key, "the movement"), count_key, low, high)
    table_count = doc.get("tables")
    if table_count is not None:
        per_table = 4 if individual else 2  # a phantom may leave one table empty: round up
        require_int(table_count, "tables", 1, -(-count // per_table))
    rounds = require_list(require_key(doc, "rounds", "the movement"), "rounds")
    if not rounds:
        raise fail("a movement needs at least one round")
    for index, rnd in enumerate(rounds, start=1):
        _validate_round(rnd, index, count, unit, table_count, individual)


def _validate_round(
    rnd: object, index: int, count: int, unit: str, table_count: int | None, individual: bool
) -> None:
    where = f"round {index}"
    number = require_int(require_key(rnd, "round", where), f"{where}: the round number", 1)
    if number != index:
        raise fail(f"{where} is numbered {number!r}; rounds are numbered 1, 2, ... in order")
    tables = require_list(require_key(rnd, "tables", where), f"{where} tables")
    seated: set[int] = set()
    table_numbers: set[int] = set()
    for table in tables:
        t = require_int(
            require_key(table, "table", where), f"{where}: a table number", 1, table_count
        )
        if t in table_numbers:
            raise fail(f"{where}: table {t} appears twice")
        table_numbers.add(t)
        at = f"{where}, table {t}"
        ns, ew = require_key(table, "ns", at), require_key(table, "ew", at)
        if individual:
            players = _side(ns, "ns", at, count) + _side(ew, "ew", at, count)
            if len(set(players)) != 4:
                raise fail(f"{at}: a table needs two pairs of two distinct players, got {players}")
        else:
            players = [
                require_int(s, f"{at}: pair {side}", 1, count)
                for side, s in (("ns", ns), ("ew", ew))
            ]
            if players[0] == players[1]:
                raise fail(f"{at}: pair {players[0]} cannot play against itself")
        for p in players:
            if p in seated:
                raise fail(f"{where}: {unit} {p} is seated twice in the round")
            seated.add(p)
    sit_out = require_list(rnd.get("sit_out", []), f"{where} sit_out")
    for p in sit_out:
        require_int(p, f"{where}: a sit-out {unit}", 1, count)
        if p in seated:
            raise fail(f"{where}: {unit} {p} both plays and sits out (or sits out twice)")
        seated.add(p)


def _side(side: object, name: str, at: str, count: int) -> list[int]:
    if not isinstance(side, list) or len(side) != 2:
        raise fail(f"{at}: {name} must be a pair of two player numbers, got {side!r}")
    return [require_int(p, f"{at}: a {name} player", 1, count) for p in side]


# --- grading --------------------------------------------------------------------------------


def grade(doc: dict) -> dict:
    """Validate doc, then measure it (keys per docs/movements.md; pairs kinds add their own)."""
    validate(doc)
    if doc["kind"] == INDIVIDUAL:
        return _grade_individual(doc)
    return _grade_pairs(doc)


def _spread(values: Iterable[int]) -> int:
    values = list(values)
    return max(values) - min(values) if values else 0


def _excess(counts: Counter, allowed: int = 1) -> int:
    return sum(c - allowed for c in counts.values() if c > allowed)


def _presence(doc: dict, units: range, seats) -> tuple[int, int]:
    """(sit-out spread, direction spread) over units; seats(table) yields (unit, is_ns)."""
    played = Counter()
    ns_minus_ew = Counter()
    for rnd in doc["rounds"]:
        for table in rnd["tables"]:
            for unit, is_ns in seats(table):
                played[unit] += 1
                ns_minus_ew[unit] += 1 if is_ns else -1
    rounds = len(doc["rounds"])
    sit_out_spread = _spread(rounds - played[u] for u in units)
    direction_spread = max((abs(ns_minus_ew[u]) for u in units), default=0)
    return sit_out_spread, direction_spread


def _individual_seats(table: dict):
    for p in table["ns"]:
        yield p, True
    for p in table["ew"]:
        yield p, False


def _grade_individual(doc: dict) -> dict:
    n = doc["players"]
    partners: Counter = Counter()
    opponents: Counter = Counter()
    for rnd in doc["rounds"]:
        for table in rnd["tables"]:
            (a, c), (b, d) = table["ns"], table["ew"]
            partners[(a, c) if a < c else (c, a)] += 1
            partners[(b, d) if b < d else (d, b)] += 1
            for x in (a, c):
                for y in (b, d):
                    opponents[(x, y) if x < y else (y, x)] += 1
    meetings = partners + opponents  # partners and opponents of one round never overlap
    fixed = doc.get("stationary") or []
    moving = [p for p in range(1, n + 1) if p not in fixed]  # a fixed seat fixes the direction
    sit_out_spread, _ = _presence(doc, range(1, n + 1), _individual_seats)
    _, direction_spread = _presence(doc, moving, _individual_seats)
    extra = {"stationary_moves": _stationary_moves(doc, fixed)} if fixed else {}
    return {
        "repeat_partners": _excess(partners),
        "max_partner_meetings": max(partners.values(), default=0),
        "max_opponent_meetings": max(opponents.values(), default=0),
        "max_meetings": max(meetings.values(), default=0),
        "never_met": n * (n - 1) // 2 - len(meetings),
        "pairings": n * (n - 1) // 2,  # of which never_met never sit at one table
        "opponent_excess": _excess(opponents),
        "meeting_excess": _excess(meetings),
        "sit_out_spread": sit_out_spread,
        "direction_spread": direction_spread,
        "lower_bounds": lower_bounds(n, len(doc["rounds"])),
        **extra,
    }


def _stationary_moves(doc: dict, fixed: list[int]) -> int:
    """How often a player who cannot move is seated elsewhere than at their first seat."""
    home: dict[int, tuple] = {}
    moves = 0
    for rnd in doc["rounds"]:
        for table in rnd["tables"]:
            for seat, p in zip(("N", "S", "E", "W"), [*table["ns"], *table["ew"]], strict=True):
                if p in fixed:
                    where = (table["table"], seat)
                    moves += home.setdefault(p, where) != where
    return moves


def lower_bounds(players: int, rounds: int) -> dict:
    """The best any individual movement of `players` over `rounds` could achieve.

    docs/movements.md gives the bounds for N = 4T: each player has 1 partner, 2 opponents and 3
    table-mates a round, spread over N - 1 others. For other N every round seats 4*floor(N/4)
    players, so the busiest player plays at least the average number of rounds; the excesses
    (sum over pairs of count - 1) are convex in each player's rounds played, so the evenest
    spread of plays gives the bound. For N = 4T both reduce exactly to the docs/movements.md formulas.
    """
    require_int(players, "players", 2)
    require_int(rounds, "rounds", 0)
    seats = 4 * (players // 4) * rounds
    base, extra = divmod(seats, players)
    plays = [base + 1] * extra + [base] * (players - extra)
    others = players - 1
    busiest = plays[0]

    def excess(per_round: int) -> int:
        # Each pair's excess is counted from both ends: halve, rounding up to a whole pair.
        return (sum(max(0, per_round * p - others) for p in plays) + 1) // 2

    return {
        "max_partner": -(-busiest // others),
        "max_opponent": -(-2 * busiest // others),
        "max_meeting": -(-3 * busiest // others),
        "partner_excess": excess(1),
        "opponent_excess": excess(2),
        "meeting_excess": excess(3),
    }


def _pair_seats(table: dict):
    yield table["ns"], True
    yield table["ew"], False


def _grade_pairs(doc: dict) -> dict:
    n = doc["pairs"]
    meetings: Counter = Counter()
    tables_of: dict[int, set[int]] = {}
    for rnd in doc["rounds"]:
        for table in rnd["tables"]:
            a, b = table["ns"], table["ew"]
            meetings[(a, b) if a < b else (b, a)] += 1
            tables_of.setdefault(a, set()).add(table["table"])
            tables_of.setdefault(b, set()).add(table["table"])
    fixed = doc.get("stationary") or []
    moving = [p for p in range(1, n + 1) if p not in fixed]  # a fixed seat fixes the direction
    sit_out_spread, _ = _presence(doc, range(1, n + 1), _pair_seats)
    _, direction_spread = _presence(doc, moving, _pair_seats)
    max_meetings = max(meetings.values(), default=0)
    never_met = n * (n - 1) // 2 - len(meetings)
    result = {
        "max_meetings": max_meetings,
        "never_met": never_met,
        "pairings": n * (n - 1) // 2,  # two pairs each, of which never_met never play
        "complete": never_met == 0 and max_meetings == 1,
        "sit_out_spread": sit_out_spread,
        "direction_spread": direction_spread,
    }
    if fixed:
        result["stationary_moves"] = _stationary_pair_moves(doc, fixed)
    if doc["kind"] == "mitchell":
        result.update(_mitchell_info(doc, n, meetings, tables_of))
    return result


def _stationary_pair_moves(doc: dict, fixed: list[int]) -> int:
    """How often a pair that cannot move plays away from its home, the table and side it
    plays at most (a side turned with the whole room in an arrow-switched round is none)."""
    switched = set(doc.get("arrow_switch") or [])
    places: dict[int, Counter] = {p: Counter() for p in fixed}
    for rnd in doc["rounds"]:
        turned = rnd["round"] in switched
        for table in rnd["tables"]:
            for pair, ns in ((table["ns"], True), (table["ew"], False)):
                if pair in places:
                    places[pair][(table["table"], ns != turned)] += 1
    return sum(c.total() - max(c.values(), default=0) for c in places.values())


def _mitchell_info(doc: dict, n: int, meetings: Counter, tables_of: dict[int, set[int]]) -> dict:
    """The stationary/moving split read from the seating itself, and the skip/relay declared."""
    stationary = sorted(p for p, ts in tables_of.items() if len(ts) == 1)
    moving = sorted(p for p in tables_of if p not in set(stationary))
    if not moving:  # one table: nobody moves, so the split is by direction in round 1
        first = doc["rounds"][0]["tables"]
        stationary = sorted(t["ns"] for t in first)
        moving = sorted(t["ew"] for t in first)
    crossings = sum(1 for s in stationary for m in moving if (min(s, m), max(s, m)) in meetings)
    return {
        "stationary": stationary,
        "moving": moving,
        "stationary_moving_met": crossings,
        "stationary_moving_pairs": len(stationary) * len(moving),
        "skip": doc.get("skip"),
        "relay": doc.get("relay"),
        "arrow_switch": doc.get("arrow_switch", []),
    }
