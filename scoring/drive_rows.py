"""Reading a drive's table rows: who sat where, the tricks, revoke penalties, "not played".

Split from ``scoring/drive.py``; ``drive`` imports these.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from .checks import check_tricks, require_choice, require_int, require_mapping
from .drive_rules import REVOKE_TRICKS, SIDES, DriveRules, other_side
from .errors import ScoringError


class TableResult(NamedTuple):
    """A validated row: who sat where and the tricks before and after revoke penalties.

    A named tuple rather than a frozen dataclass: a large drive builds thousands.
    """

    position: int  # 1-based index in the record's hands, for error messages
    hand: int
    table: int
    seats: Mapping[str, tuple[str, str]]
    entered: Mapping[str, int]
    tricks: Mapping[str, int]
    winner: str
    trump: str


class NotPlayed(NamedTuple):
    """A table that never reported a hand: its four players are credited, not scored.

    ``credit`` is "own_average" (each player's average per hand played, as for a sit-out)
    or a number of tricks per player, such as 6.5 or 0, chosen by the organizer.
    """

    hand: int
    table: int
    seats: Mapping[str, tuple[str, str]]
    credit: str | Fraction | int


def _not_played(row: Mapping, pos: int, rules: DriveRules) -> NotPlayed:
    """A ``{"hand", "table", "ns", "ew", "not_played": {"credit": ...}}`` row, checked."""
    hand = require_int(row.get("hand"), 1, rules.hands, "E_HAND_RANGE", "hand number", pos)
    table = require_int(row.get("table"), 1, None, "E_SEATING", "table number", pos)
    raw = require_mapping(row["not_played"], "not_played", pos).get("credit", "own_average")
    if raw == "own_average":
        return NotPlayed(hand, table, _seats(row, pos), raw)
    try:
        credit = Fraction(str(raw)) if not isinstance(raw, bool) else None
    except (TypeError, ValueError):
        credit = None
    if credit is None or not 0 <= credit <= 13:
        raise ScoringError(
            "E_RULES", f"not_played credit must be own_average or a number 0..13, got {raw!r}", pos
        )
    return NotPlayed(
        hand, table, _seats(row, pos), int(credit) if credit.denominator == 1 else credit
    )


def apply_revokes(
    tricks: Mapping[str, int], revokes: Mapping[str, int], mode: str
) -> dict[str, int]:
    """Tricks after revoke penalties, 3 tricks a revoke (docs/rules.md §B1 step 2).

    ``transfer`` moves the tricks from offender to claimants, capped at what the
    offender holds (DD); NS's revokes are applied before EW's. ``add_only``
    credits the claimants without taking anything away.
    """
    after = dict(tricks)
    if mode == "off":
        return after
    for offender in SIDES:
        claimants, count = other_side(offender), revokes[offender]
        moved = (
            min(REVOKE_TRICKS * count, after[offender])
            if mode == "transfer"
            else REVOKE_TRICKS * count
        )
        if mode == "transfer":
            after[offender] -= moved
        after[claimants] += moved
    return after


def _seats(row: Mapping, pos: int) -> dict[str, tuple[str, str]]:
    """The two sides' players; ``null`` in one seat of a table is the ghost (a dummy's hand)."""
    seats = {}
    for side in SIDES:
        pair = row.get(side)
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise ScoringError("E_SEATING", f"{side} must list the 2 players of that side", pos)
        if not all(p is None or (isinstance(p, str) and p) for p in pair):
            raise ScoringError("E_SEATING", f"{side} players must be non-empty names", pos)
        seats[side] = (pair[0], pair[1])
    names = [p for p in seats["ns"] + seats["ew"] if p is not None]
    if len(set(names)) != len(names) or len(names) < 3:
        raise ScoringError(
            "E_SEATING",
            f"table needs 4 distinct players (or 3 and a ghost), got {seats['ns'] + seats['ew']}",
            pos,
        )
    return seats


def _revokes(raw: Any, pos: int) -> dict[str, int]:
    """Revoke counts per offending side: ``{"ns": 1}`` (contract) or ``[{"side": "ns", "count": 1}]``."""
    if raw is None:
        return dict.fromkeys(SIDES, 0)
    if isinstance(raw, list):
        counts = dict.fromkeys(SIDES, 0)
        for item in raw:
            item = require_mapping(item, "each revoke", pos)
            side = require_choice(item.get("side"), SIDES, "E_JSON", "revoke side", pos)
            counts[side] += require_int(
                item.get("count", 1), 0, 13, "E_REVOKE_RANGE", "revoke count", pos
            )
        return counts
    raw = require_mapping(raw, "revokes", pos)
    if set(raw) - set(SIDES):
        raise ScoringError(
            "E_JSON", f"revokes has unknown sides {sorted(set(raw) - set(SIDES))}", pos
        )
    return {
        s: require_int(raw.get(s, 0), 0, 13, "E_REVOKE_RANGE", f"revokes for {s}", pos)
        for s in SIDES
    }


NO_REVOKES = {"ns": 0, "ew": 0}  # shared, read-only: the usual row has no revoke


def _checked_fields(row: Any, pos: int, rules: DriveRules) -> tuple:
    """(hand, table, seats, entered tricks, revokes) of a row, each field checked in turn.

    The first field that is wrong raises its own code (docs/rules.md §B0); this path also
    reads docs/rules.md's alternative spellings (``tricks_ns``, a list of revokes).
    """
    row = require_mapping(row, "each hand", pos)
    if "tricks" not in row and (
        "tricks_ns" in row or "tricks_ew" in row
    ):  # docs/rules.md §B1 input
        row = {**row, "tricks": {"ns": row.get("tricks_ns"), "ew": row.get("tricks_ew")}}
    hand = require_int(row.get("hand"), 1, rules.hands, "E_HAND_RANGE", "hand number", pos)
    table = require_int(row.get("table"), 1, None, "E_SEATING", "table number", pos)
    entered = check_tricks(row.get("tricks"), SIDES, pos)
    seats = _seats(row, pos)
    revokes = _revokes(row.get("revokes"), pos)
    return hand, table, seats, entered, revokes


def _plain_fields(row: Any, last_hand: int) -> tuple | None:
    """The same fields for a row in the contract's own shape, by plain comparisons.

    A live event sends thousands of rows like this, so they skip the per-field
    checks; anything else (an alias, an odd type, a bad value) gives None and goes
    through ``_checked_fields``, which accepts it or words the error.
    """
    if type(row) is not dict:
        return None
    hand, table, tricks = row.get("hand"), row.get("table"), row.get("tricks")
    if not (type(hand) is int and 1 <= hand <= last_hand and type(table) is int and table >= 1):
        return None
    if type(tricks) is not dict or len(tricks) != 2:
        return None
    t_ns, t_ew = tricks.get("ns"), tricks.get("ew")
    if not (type(t_ns) is int and type(t_ew) is int and t_ns >= 0 and t_ew >= 0):
        return None
    if t_ns + t_ew != 13:
        return None
    ns, ew = row.get("ns"), row.get("ew")
    if not (type(ns) in (list, tuple) and type(ew) in (list, tuple) and len(ns) == len(ew) == 2):
        return None
    (north, south), (east, west) = ns, ew
    names = (type(north), type(south), type(east), type(west)) == (str, str, str, str)
    if not (names and north and south and east and west):
        return None
    if len({north, south, east, west}) != 4:
        return None
    revokes = row.get("revokes")
    if revokes is None:
        revokes = NO_REVOKES
    elif type(revokes) is dict:
        r_ns, r_ew = revokes.get("ns", 0), revokes.get("ew", 0)
        if not (type(r_ns) is int and type(r_ew) is int and 0 <= r_ns <= 13 and 0 <= r_ew <= 13):
            return None
        if len(revokes) != ("ns" in revokes) + ("ew" in revokes):  # an unknown side
            return None
        revokes = {"ns": r_ns, "ew": r_ew} if r_ns or r_ew else NO_REVOKES
    else:
        return None
    seats = {"ns": (north, south), "ew": (east, west)}
    return hand, table, seats, {"ns": t_ns, "ew": t_ew}, revokes


def _scored(entered: Mapping[str, int], revokes: Mapping[str, int], rules: DriveRules) -> tuple:
    """(tricks after revoke penalties, the winning side) of checked entered tricks."""
    if revokes["ns"] or revokes["ew"]:
        tricks = apply_revokes(entered, revokes, rules.revoke)
        # add_only can leave both sides level: the claimants win, then whoever took more.
        return tricks, max(SIDES, key=lambda s: (tricks[s], -revokes[s], entered[s]))
    # 13 tricks between two sides: never level
    return entered, "ns" if entered["ns"] >= entered["ew"] else "ew"


def _table_result(row: Any, pos: int, rules: DriveRules, warnings: list[dict]) -> TableResult:
    hand, table, seats, entered, revokes = _plain_fields(row, rules.hands) or _checked_fields(
        row, pos, rules
    )
    tricks, winner = _scored(entered, revokes, rules)
    trump = rules.trump(hand)
    # The schedule wins over an entered trump; the organizer is told (§B1 step 1).
    if "trump" in row and row["trump"] != trump:
        warnings.append(
            {
                "hand": pos,
                "code": "W_TRUMP",
                "message": f"hand {hand} table {table}: entered trump {row['trump']!r}, scheduled {trump!r}",
            }
        )
    return TableResult(pos, hand, table, seats, entered, tricks, winner, trump)


def trusted_rows(rules: DriveRules, rows: list) -> tuple[list, list, set[int], list[dict]]:
    """(table results, tables not played, hand numbers, warnings) of a record built from
    stored results and seatings (``score(record, trusted=True)``).

    Each row's tricks and revokes are still checked and scored by ``_table_result``, once
    per pair of ``tricks`` and ``revokes`` objects: the selector hands every row with the
    same stored data the same parsed objects, and ``seen`` keeps them (so their ids stay
    theirs) with their checked outcome. What the database already guarantees is not
    checked again: four distinct names at a table (one entry per seat and one seat per
    entry in a round). A ghost seat, an entered trump or anything unusual takes
    ``_table_result`` whole.
    """
    seen: dict[tuple[int, int], tuple] = {}
    results: list[TableResult] = []
    not_played: list[NotPlayed] = []
    hand_numbers: set[int] = set()
    warnings: list[dict] = []
    last, trumps = rules.hands, rules.trumps
    for pos, row in enumerate(rows, start=1):
        if type(row) is not dict:  # any other mapping: the checked path, as ``_evaluate``
            results.append(_table_result(row, pos, rules, warnings))
            hand_numbers.add(results[-1].hand)
            continue
        if "not_played" in row:
            not_played.append(_not_played(row, pos, rules))
            hand_numbers.add(not_played[-1].hand)
            continue
        hand, table, ns, ew = row["hand"], row["table"], row["ns"], row["ew"]
        raw = (row.get("tricks"), row.get("revokes"))
        key = (id(raw[0]), id(raw[1]))
        scored = seen.get(key)
        if (
            scored is None
            or type(hand) is not int
            or not 1 <= hand <= last
            or type(table) is not int
            or table < 1
            or type(ns) is not tuple
            or type(ew) is not tuple
            or len(ns) != 2
            or len(ew) != 2
            or None in ns
            or None in ew
            or "trump" in row
        ):
            result = _table_result(row, pos, rules, warnings)
            if type(raw[0]) is dict:  # not an alias such as tricks_ns: the object holds them
                seen[key] = (raw, result.entered, result.tricks, result.winner)
        else:
            _raw, entered, tricks, winner = scored
            trump = trumps[(hand - 1) % len(trumps)]
            seats = {"ns": ns, "ew": ew}
            result = TableResult(pos, hand, table, seats, entered, tricks, winner, trump)
        results.append(result)
        hand_numbers.add(hand)
    return results, not_played, hand_numbers, warnings
