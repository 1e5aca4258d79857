"""Progressive whist drive scored by tricks (docs/rules.md §B1).

A player's hand score is the tricks their side took; standings rank the running
totals (with sit-out credit), break ties by countback and hand out the prizes.
Everything is one pass over the hands plus one sort of the players, so the
organizer's live standings stay cheap for a thousand players.

``score(record)`` follows the fixed contract; ``score_cards(record)`` gives the
same hands per player, as printed on a personal score card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from .checks import plain_number, record_parts
from .drive_rows import (  # noqa: F401  (_checked_fields, _plain_fields: tests read rows directly)
    NotPlayed,
    TableResult,
    _checked_fields,
    _not_played,
    _plain_fields,
    _table_result,
    apply_revokes,
    trusted_rows,
)
from .drive_rules import (
    TEN_PLUS,
    DriveRules,
    PrizeRules,
    parse_rules,
)
from .errors import ScoringError
from .prizes import allocate, groups


@dataclass
class _Evaluation:
    rules: DriveRules
    players: list[str]
    results: list[TableResult]
    hand_numbers: set[int]
    warnings: list[dict]
    not_played: list[NotPlayed] = field(default_factory=list)
    left: dict[str, int] = field(default_factory=dict)  # player -> the last hand they were in
    joined: dict[str, int] = field(default_factory=dict)  # player -> the first hand they were in


def _seating_fault(
    four: tuple[str, ...], in_hand: set[str], known: set[str] | None, hand: int, pos: int
) -> ScoringError:
    """The error for the first player, in seat order, already seated in the hand or not listed.

    The caller tests the whole table with set operations and asks only when one fails.
    """
    for player in four:
        if player in in_hand:
            return ScoringError("E_PLAYER_DUP", f"{player} is seated twice in hand {hand}", pos)
        if known is not None and player not in known:
            return ScoringError("E_PLAYER_UNKNOWN", f"{player} is seated but not in 'players'", pos)
    raise AssertionError("no seating fault to report")


def _evaluate(record: Mapping, *, trusted: bool = False) -> _Evaluation:
    """Validate every row once (docs/rules.md §B1 step 1) and score its tricks."""
    record, rules, rows = record_parts(record, parse_rules)
    listed = record.get("players")
    if trusted and type(listed) is list:
        window = (record.get("left") or {}, record.get("joined") or {})
        return _evaluate_trusted(rules, listed, rows, *window)
    if listed is not None:
        if not isinstance(listed, list) or not all(isinstance(p, str) and p for p in listed):
            raise ScoringError("E_JSON", "'players' must be a list of names")
        if len(set(listed)) != len(listed):
            raise ScoringError("E_PLAYER_DUP", "'players' lists a player twice")
    known = set(listed) if listed is not None else None
    order: dict[str, None] = dict.fromkeys(listed or ())
    seen_tables: set[tuple[int, int]] = set()
    seated: dict[int, set[str]] = {}
    results, warnings, not_played = [], [], []
    for pos, row in enumerate(rows, start=1):
        if type(row) is dict and "not_played" in row:
            result = _not_played(row, pos, rules)
        else:
            result = _table_result(row, pos, rules, warnings)
        at = (result.hand, result.table)
        if at in seen_tables:
            raise ScoringError(
                "E_RESULT_DUP",
                f"a second result for hand {result.hand} at table {result.table}",
                pos,
            )
        seen_tables.add(at)
        in_hand = seated.setdefault(result.hand, set())
        four = result.seats["ns"] + result.seats["ew"]
        if None in four:  # the ghost's seat is nobody's
            four = tuple(p for p in four if p is not None)
        if not in_hand.isdisjoint(four) or (known is not None and not known.issuperset(four)):
            raise _seating_fault(four, in_hand, known, result.hand, pos)
        in_hand.update(four)
        if known is None:
            order.update(dict.fromkeys(four))  # first seen, first listed
        (not_played if isinstance(result, NotPlayed) else results).append(result)
    left = _window(record, "left", set(order), seated)
    joined = _window(record, "joined", set(order), seated)
    return _Evaluation(rules, list(order), results, set(seated), warnings, not_played, left, joined)


def _window(
    record: Mapping, key: str, players: set[str], seated: dict[int, set[str]]
) -> dict[str, int]:
    """The record's ``left`` (each player who left, with the last hand they were in; 0:
    before the first) or ``joined`` (each late arrival, with the first hand they were in),
    checked against ``players`` and the seatings."""
    raw = record.get(key)
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or not all(
        isinstance(name, str) and type(hand) is int and hand >= 0 for name, hand in raw.items()
    ):
        raise ScoringError("E_JSON", f"'{key}' must map each player who {key} to a hand number")
    for name, hand in raw.items():
        if name not in players:
            raise ScoringError("E_PLAYER_UNKNOWN", f"{name} is in '{key}' but not in 'players'")
        outside = [
            h
            for h, names in seated.items()
            if name in names and (h > hand if key == "left" else h < hand)
        ]
        if outside:
            where = "after" if key == "left" else "at"
            raise ScoringError(
                "E_SEATING",
                f"{name} {key} {where} hand {hand} but is seated in hand {min(outside)}",
            )
    return dict(raw)


def _evaluate_trusted(
    rules: DriveRules, listed: list[str], rows: list, left: dict[str, int], joined: dict[str, int]
) -> _Evaluation:
    """``_evaluate`` for a record built from stored rows (``score(record, trusted=True)``).

    Skips only what the database guarantees for such a record: one confirmed result per
    hand and table (no ``E_RESULT_DUP``), one seat per entry in a round (no
    ``E_PLAYER_DUP``), and ``players`` listing every seated name, built from the same
    seatings (no ``E_PLAYER_UNKNOWN``). Each row's tricks and revokes are still checked
    (``trusted_rows``).
    """
    results, not_played, hand_numbers, warnings = trusted_rows(rules, rows)
    players = list(dict.fromkeys(listed))
    return _Evaluation(
        rules, players, results, hand_numbers, warnings, not_played, dict(left), dict(joined)
    )


# --- standings ------------------------------------------------------------------------------


@dataclass(slots=True)
class _Half:
    """What a player did in one half of the drive."""

    tricks: int = 0
    played: int = 0
    won: int = 0
    ten_plus: int = 0
    credited: Fraction | int = 0  # tricks credited for hands not played at a fixed credit
    fixed: int = 0  # hands not played, credited a fixed number
    averaged: int = 0  # hands not played, credited the player's own average
    ghost: int = 0  # hands played beside the ghost (whatever they count as)


class _Line(NamedTuple):
    """One player's standing over a span of hands; ``metric`` is what ranks them.

    A named tuple: a thousand-player drive builds two thousand of them per scoring.
    """

    player: str
    metric: Fraction | int
    total: Fraction | int
    average: float  # tricks per hand played, for display
    first_half: Fraction | int
    second_half: Fraction | int
    played: int
    sat_out: int
    not_played: int
    hands_won: int
    ten_plus: int
    ghost_hands: int = 0

    def key(self, countback: tuple[str, ...]) -> tuple:
        return (self.metric, *(getattr(self, k) for k in countback))


def _exact(numerator: int, denominator: int) -> Fraction | int:
    """``numerator / denominator`` exactly: an int where it divides, else a Fraction.

    Most players never sit out, so their totals stay plain ints.
    """
    whole, rest = divmod(numerator, denominator)
    return Fraction(numerator, denominator) if rest else whole


def sit_out_credit(tricks: int, played: int, sat: int, rules: DriveRules) -> int | Fraction:
    """Tricks credited for ``sat`` hands sat out (§B1 sit-outs): a fixed number a hand, or
    the player's own average over the ``played`` hands (total_played × H / n_played); none
    under ``sit_out: none``. Paper-card evenings credit their sit-outs with it too."""
    if rules.fixed_credit is not None:
        return rules.fixed_credit * sat
    if rules.sit_out == "own_average" and played and sat:
        return _exact(tricks * sat, played)
    return 0


def _line(
    player: str, halves: tuple[_Half, _Half], hands_in: tuple[int, int], rules: DriveRules
) -> _Line:
    """Totals with sit-out credit (§B1 sit-outs); each half gets the credit for its own sit-outs.

    A hand whose table never reported is neither played nor sat out: it gets the credit
    the organizer chose for it (own average, or a fixed number of tricks).
    """
    played = halves[0].played + halves[1].played
    tricks = halves[0].tricks + halves[1].tricks
    missed = [h.fixed + h.averaged for h in halves]
    sat = (
        hands_in[0] - halves[0].played - missed[0],
        hands_in[1] - halves[1].played - missed[1],
    )
    first = halves[0].tricks + halves[0].credited + sit_out_credit(tricks, played, sat[0], rules)
    second = halves[1].tricks + halves[1].credited + sit_out_credit(tricks, played, sat[1], rules)
    if played and (halves[0].averaged or halves[1].averaged):
        first += _exact(tricks * halves[0].averaged, played)
        second += _exact(tricks * halves[1].averaged, played)
    total = first + second
    metric = total
    if rules.sit_out == "none":  # rank by average over the hands that count
        counted = played + halves[0].fixed + halves[1].fixed
        credited = tricks + halves[0].credited + halves[1].credited
        metric = Fraction(credited) / counted if counted else 0
    return _Line(
        player=player,
        metric=metric,
        total=total,
        average=tricks / played if played else 0.0,
        first_half=first,
        second_half=second,
        played=played,
        sat_out=sat[0] + sat[1],
        not_played=missed[0] + missed[1],
        hands_won=halves[0].won + halves[1].won,
        ten_plus=halves[0].ten_plus + halves[1].ten_plus,
        ghost_hands=halves[0].ghost + halves[1].ghost,
    )


def rank(lines: list[_Line], rules: DriveRules) -> list[tuple[int, bool, _Line]]:
    """Finishing order as (position, tied, line): total first, then countback; ties share.

    Players still level after countback share the position and the next one skips
    (1, 2, 2, 4); the manual cut of docs/rules.md is left to the organizer.
    """
    countback = rules.countback if rules.ties == "countback" else ()
    # Best first; among equals, the order players were listed (index descending, reversed).
    keyed = sorted(
        ((line.key(countback), -i, line) for i, line in enumerate(lines)),
        key=lambda item: item[:2],
        reverse=True,
    )
    ranked: list[tuple[int, bool, _Line]] = []
    start = 0
    while start < len(keyed):
        end = start
        while end < len(keyed) and keyed[end][0] == keyed[start][0]:
            end += 1
        tied = end - start > 1
        ranked.extend((start + 1, tied, keyed[i][2]) for i in range(start, end))
        start = end
    return ranked


def _standing(position: int, tied: bool, line: _Line, category: str | None) -> dict:
    row = {
        "position": position,
        "tied": tied,
        "player": line.player,
        "total": plain_number(line.total),
        "played": line.played,
        "sat_out": line.sat_out,
        "not_played": line.not_played,
        "hands_won": line.hands_won,
        "first_half": plain_number(line.first_half),
        "second_half": plain_number(line.second_half),
        "average": round(line.average, 2),
        "ten_plus": line.ten_plus,
        "ghost_hands": line.ghost_hands,
    }
    if category is not None:
        row["category"] = category
    return row


def _prizes(ranked: list, half_ranked: list, rules: DriveRules) -> dict:
    """The contract's prize lists, from the shared allocator (``scoring.prizes``).

    ``places[k]`` lists the players at position k+1, so after a two-way tie for
    2nd, ``places[2]`` is empty: the tied pair share the 2nd and 3rd prizes.
    """
    prizes = rules.prizes
    order = [(line.player, pos) for pos, _, line in ranked]
    counts = {line.player: line.ten_plus for _, _, line in ranked}
    special = ("ten_plus", counts) if prizes.special == "ten_plus" else None
    awarded = allocate(
        order,
        places=prizes.places,
        half_ranked=[(line.player, pos) for pos, _, line in half_ranked],
        half_time=prizes.half_time,
        booby=prizes.booby,
        special=special,
        lone_booby=True,
    )
    by_place = {p.place: list(p.winners) for p in awarded if p.code == "place"}
    won = {p.code: list(p.winners) for p in awarded if p.code != "place"}
    out: dict[str, Any] = {
        "first": groups(order)[0] if order else [],
        "places": [by_place.get(k, []) for k in range(1, prizes.places + 1)],
        "half_time": won.get("half_time", []),
        "booby": won.get("booby", []),
    }
    if special is not None:
        out["ten_plus"] = won.get("ten_plus", [])
    return out


def _tally(ev: _Evaluation) -> dict[str, tuple[_Half, _Half]]:
    """Each player's halves. The ghost (a null seat) is nobody's; its live partner scores the
    side's tricks, or under ``ghost_partner: "sit_out"`` the hand counts as sat out."""
    halves = {player: (_Half(), _Half()) for player in ev.players}
    # each period's halves by player: one lookup per player and hand in the loop below
    periods = tuple({p: pair[i] for p, pair in halves.items()} for i in (0, 1))
    half = ev.rules.half
    ghost_sits_out = ev.rules.ghost_partner == "sit_out"
    for result in ev.results:
        of_period = periods[0 if result.hand <= half else 1]
        for side, players in result.seats.items():
            tricks = result.tricks[side]
            won, ten_plus = result.winner == side, tricks >= TEN_PLUS
            if None in players:  # the ghost's side: only its live partner counts
                players = [p for p in players if p is not None]
                of_period[players[0]].ghost += 1
                if ghost_sits_out:
                    continue
            for player in players:
                h = of_period[player]
                h.tricks += tricks
                h.played += 1
                h.won += won
                h.ten_plus += ten_plus
    for missed in ev.not_played:
        period = 0 if missed.hand <= half else 1
        for players in missed.seats.values():
            for player in players:
                if player is None:
                    continue
                h = halves[player][period]
                if missed.credit == "own_average":
                    h.averaged += 1
                else:
                    h.fixed += 1
                    h.credited += missed.credit
    return halves


INF = float("inf")


def _hands_in(numbers: set[int], half: int, first: int = 0, last: float = INF) -> tuple[int, int]:
    """How many of the hands played fall in each half, from the hand ``first`` to ``last``."""
    return (
        sum(first <= h <= half and h <= last for h in numbers),
        sum(half < h <= last and h >= first for h in numbers),
    )


def score(record: Mapping, *, trusted: bool = False) -> dict:
    """Score a drive record (docs/scoring.md ``drive``).

    ``trusted``: the record was built from the database's rows by the standings
    selector, so the checks its constraints guarantee are skipped (``_evaluate_trusted``);
    every other caller (the CLI, the REST contract) leaves it off.
    """
    ev = _evaluate(record, trusted=trusted)
    rules = ev.rules
    halves = _tally(ev)
    hands_in = _hands_in(ev.hand_numbers, rules.half)
    # a player who left (or came late) is neither playing nor sitting out the hands after
    # (or before) it: no credit for those
    own_in = {
        p: _hands_in(ev.hand_numbers, rules.half, ev.joined.get(p, 0), ev.left.get(p, INF))
        for p in ev.left.keys() | ev.joined.keys()
    }
    empty = _Half()

    def overall(p: str) -> _Line:
        return _line(p, halves[p], own_in.get(p, hands_in), rules)

    def half_time(p: str) -> _Line:  # the standings as they stood at the interval
        return _line(p, (halves[p][0], empty), (own_in.get(p, hands_in)[0], 0), rules)

    lines = {p: overall(p) for p in ev.players}
    ranked = rank(list(lines.values()), rules)
    has_half = hands_in[0] > 0
    half_ranked = rank([half_time(p) for p in ev.players], rules) if has_half else []
    cats = rules.categories or {}
    out = {
        "hands": [
            {
                "hand": r.hand,
                "table": r.table,
                "round": (r.hand - 1) // rules.hands_per_round + 1,
                "trump": r.trump,
                "tricks": dict(r.tricks),
                "entered": dict(r.entered),
                "winner": r.winner,
            }
            for r in ev.results
        ],
        "standings": [
            _standing(pos, tied, line, cats.get(line.player) if cats else None)
            for pos, tied, line in ranked
        ],
        "prizes": _prizes(ranked, half_ranked, rules),
        "warnings": ev.warnings,
    }
    if cats:
        by_cat: dict[str, list[str]] = {}
        for player in ev.players:
            if player in cats:
                by_cat.setdefault(cats[player], []).append(player)
        out["prizes"]["categories"] = {
            cat: _prizes(
                rank([lines[p] for p in members], rules),
                rank([half_time(p) for p in members], rules) if has_half else [],
                rules,
            )
            for cat, members in sorted(by_cat.items())
        }
    return out


__all__ = [
    "DriveRules",
    "NotPlayed",
    "PrizeRules",
    "TableResult",
    "apply_revokes",
    "parse_rules",
    "rank",
    "score",
]
