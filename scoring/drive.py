"""Progressive whist drive scored by tricks (docs/rules.md §B1).

A player's hand score is the tricks their side took; standings rank the running
totals (with sit-out credit), break ties by countback and hand out the prizes.
Everything is one pass over the hands plus one sort of the players, so the
organizer's live standings stay cheap for a thousand players.

``score(record)`` follows the fixed contract; ``score_cards(record)`` gives the
same hands per player, as printed on a personal score card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from .checks import check_tricks, plain_number, require_choice, require_int, require_mapping
from .errors import ScoringError
from .prizes import allocate, groups
from .rules import build_rules

SIDES = ("ns", "ew")
TRUMPS = ("H", "C", "D", "S", "NT")
SIT_OUT_MODES = ("own_average", "none")
REVOKE_MODES = ("transfer", "add_only", "off")
TIE_POLICIES = ("countback", "share")
COUNTBACK_KEYS = ("second_half", "hands_won", "ten_plus")
SPECIAL_PRIZES = ("ten_plus",)
MOVEMENTS = (
    "winners_split",
    "losers_split",
    "losers_split_progressive",
    "head_table",
    "fixed_schedule",
)
REVOKE_TRICKS = 3  # S1 "Abzug von 3 Stichen", [CL81], [ABD]
TEN_PLUS = 10  # the special prize counts hands of ten or more tricks [GOA]

# docs/rules.md's descriptive names, accepted beside the contract's keys.
ALIASES = {
    "tie_policy": "ties",
    "sit_out_score": "sit_out",
    "revoke_mode": "revoke",
    "trump_rotation": "trumps",
}
COUNTBACK_ALIASES = {"second_half_total": "second_half"}


def _other(side: str) -> str:
    return "ew" if side == "ns" else "ns"


@dataclass(frozen=True)
class PrizeRules:
    """Which prizes a drive gives: the first ``places`` places, half-time, booby, a special."""

    places: int = 3
    half_time: bool = True
    booby: bool = True
    special: str | None = None

    def __post_init__(self) -> None:
        require_int(self.places, 0, None, "E_RULES", "prizes.places")
        for name in ("half_time", "booby"):
            if not isinstance(getattr(self, name), bool):
                raise ScoringError("E_RULES", f"prizes.{name} must be true or false")
        if self.special is not None:
            require_choice(self.special, SPECIAL_PRIZES, "E_RULES", "prizes.special")

    @classmethod
    def from_raw(cls, raw: Any) -> PrizeRules:
        if isinstance(raw, cls):
            return raw
        if not isinstance(raw, Mapping):
            raise ScoringError("E_RULES", 'prizes must be an object such as {"places": 3}')
        unknown = set(raw) - {"places", "half_time", "booby", "special"}
        if unknown:
            raise ScoringError(
                "E_RULES",
                f"unknown prize rule(s) {sorted(unknown)}; known: booby, half_time, places, special",
            )
        return cls(**raw)


@dataclass(frozen=True)
class DriveRules:
    """Options of a drive; defaults are docs/rules.md §B1 and §F."""

    hands: int = 24
    hands_per_round: int = 1
    trumps: tuple[str, ...] = ("H", "C", "D", "S")
    sit_out: Any = "own_average"  # "own_average" | "none" | {"fixed": N}
    revoke: str = "transfer"
    ties: str = "countback"
    countback: tuple[str, ...] = ("second_half", "hands_won")
    prizes: PrizeRules = field(default_factory=PrizeRules)
    categories: Mapping[str, str] | None = None  # player -> category, for separate prize lists
    movement: str | None = None  # informational here: the movement engine moves players

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # frozen: normalise once, here
        require_int(self.hands, 1, 60, "E_RULES", "hands")
        require_int(self.hands_per_round, 1, self.hands, "E_RULES", "hands_per_round")
        if (
            isinstance(self.trumps, str)
            or not isinstance(self.trumps, Iterable)
            or not list(self.trumps)
        ):
            raise ScoringError(
                "E_RULES", 'trumps must be a non-empty list such as ["H", "C", "D", "S"]'
            )
        set_(
            self,
            "trumps",
            tuple(require_choice(t, TRUMPS, "E_RULES", "each trump") for t in self.trumps),
        )
        set_(self, "sit_out", _sit_out_rule(self.sit_out))
        require_choice(self.revoke, REVOKE_MODES, "E_RULES", "revoke")
        require_choice(self.ties, TIE_POLICIES, "E_RULES", "ties")
        if isinstance(self.countback, str) or not isinstance(self.countback, Iterable):
            raise ScoringError(
                "E_RULES", 'countback must be a list such as ["second_half", "hands_won"]'
            )
        keys = tuple(
            require_choice(
                COUNTBACK_ALIASES.get(k, k), COUNTBACK_KEYS, "E_RULES", "each countback key"
            )
            for k in self.countback
        )
        if len(set(keys)) != len(keys):
            raise ScoringError("E_RULES", "countback names a key twice")
        set_(self, "countback", keys)
        set_(self, "prizes", PrizeRules.from_raw(self.prizes))
        if self.categories is not None:
            cats = self.categories
            if not isinstance(cats, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) and v for k, v in cats.items()
            ):
                raise ScoringError("E_RULES", "categories must map each player to a category name")
            set_(self, "categories", dict(cats))
        if self.movement is not None:
            require_choice(self.movement, MOVEMENTS, "E_RULES", "movement")

    @property
    def fixed_credit(self) -> int | None:
        """Tricks credited per hand sat out under ``{"fixed": N}``, else None."""
        return self.sit_out["fixed"] if isinstance(self.sit_out, dict) else None

    @property
    def half(self) -> int:
        """Last hand of the first half: ⌊hands/2⌋ (half-time prize, ``first_half``)."""
        return self.hands // 2

    def trump(self, hand: int) -> str:
        return self.trumps[(hand - 1) % len(self.trumps)]


def _sit_out_rule(raw: Any) -> Any:
    """Accept "own_average", "none", {"fixed": N} and docs/rules.md's "fixed:N"."""
    if isinstance(raw, str) and raw.startswith("fixed:"):
        number = raw.removeprefix("fixed:")
        raw = {"fixed": int(number)} if number.isdigit() else raw
    if isinstance(raw, Mapping):
        if set(raw) != {"fixed"}:
            raise ScoringError("E_RULES", 'sit_out as an object must be {"fixed": N}')
        return {"fixed": require_int(raw["fixed"], 0, 13, "E_RULES", "sit_out fixed credit")}
    if raw not in SIT_OUT_MODES:
        raise ScoringError(
            "E_RULES", f'sit_out must be own_average, none or {{"fixed": N}}; got {raw!r}'
        )
    return raw


def parse_rules(raw: Any) -> DriveRules:
    """The record's ``rules`` as ``DriveRules`` (unknown keys: ``E_RULES``)."""
    return build_rules(DriveRules, raw, {}, aliases=ALIASES)


# --- one table's result for one hand ------------------------------------------------------


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
    return NotPlayed(hand, table, _seats(row, pos), int(credit) if credit.denominator == 1 else credit)


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
        claimants, count = _other(offender), revokes[offender]
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
    seats = {}
    for side in SIDES:
        pair = row.get(side)
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise ScoringError("E_SEATING", f"{side} must list the 2 players of that side", pos)
        if not all(isinstance(p, str) and p for p in pair):
            raise ScoringError("E_SEATING", f"{side} players must be non-empty names", pos)
        seats[side] = (pair[0], pair[1])
    if len(set(seats["ns"] + seats["ew"])) != 4:
        raise ScoringError(
            "E_SEATING", f"table needs 4 distinct players, got {seats['ns'] + seats['ew']}", pos
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
    if "tricks" not in row and ("tricks_ns" in row or "tricks_ew" in row):  # docs/rules.md §B1 input
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


def _table_result(row: Any, pos: int, rules: DriveRules, warnings: list[dict]) -> TableResult:
    hand, table, seats, entered, revokes = _plain_fields(row, rules.hands) or _checked_fields(
        row, pos, rules
    )
    if revokes["ns"] or revokes["ew"]:
        tricks = apply_revokes(entered, revokes, rules.revoke)
        # add_only can leave both sides level: the claimants win, then whoever took more.
        winner = max(SIDES, key=lambda s: (tricks[s], -revokes[s], entered[s]))
    else:  # 13 tricks between two sides: never level
        tricks = entered
        winner = "ns" if entered["ns"] >= entered["ew"] else "ew"
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


@dataclass
class _Evaluation:
    rules: DriveRules
    players: list[str]
    results: list[TableResult]
    hand_numbers: set[int]
    warnings: list[dict]
    not_played: list[NotPlayed] = field(default_factory=list)


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


def _evaluate(record: Mapping) -> _Evaluation:
    """Validate every row once (docs/rules.md §B1 step 1) and score its tricks."""
    record = require_mapping(record, "the record")
    rules = parse_rules(record.get("rules"))
    rows = record.get("hands", [])
    if not isinstance(rows, list):
        raise ScoringError("E_JSON", "'hands' must be a list")
    listed = record.get("players")
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
        if not in_hand.isdisjoint(four) or (known is not None and not known.issuperset(four)):
            raise _seating_fault(four, in_hand, known, result.hand, pos)
        in_hand.update(four)
        if known is None:
            order.update(dict.fromkeys(four))  # first seen, first listed
        (not_played if isinstance(result, NotPlayed) else results).append(result)
    return _Evaluation(rules, list(order), results, set(seated), warnings, not_played)


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


@dataclass(frozen=True)
class _Line:
    """One player's standing over a span of hands; ``metric`` is what ranks them."""

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

    def key(self, countback: tuple[str, ...]) -> tuple:
        return (self.metric, *(getattr(self, k) for k in countback))


def _exact(numerator: int, denominator: int) -> Fraction | int:
    """``numerator / denominator`` exactly: an int where it divides, else a Fraction.

    Most players never sit out, so their totals stay plain ints.
    """
    whole, rest = divmod(numerator, denominator)
    return Fraction(numerator, denominator) if rest else whole


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
    first = halves[0].tricks + halves[0].credited
    second = halves[1].tricks + halves[1].credited
    if rules.fixed_credit is not None:
        first += rules.fixed_credit * sat[0]
        second += rules.fixed_credit * sat[1]
    elif rules.sit_out == "own_average" and played and (sat[0] or sat[1]):
        # adj = total_played × H / n_played, spread over the hands sat out
        first += _exact(tricks * sat[0], played)
        second += _exact(tricks * sat[1], played)
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
    halves = {player: (_Half(), _Half()) for player in ev.players}
    half = ev.rules.half
    for result in ev.results:
        period = 0 if result.hand <= half else 1
        for side, players in result.seats.items():
            tricks = result.tricks[side]
            won, ten_plus = result.winner == side, tricks >= TEN_PLUS
            for player in players:
                h = halves[player][period]
                h.tricks += tricks
                h.played += 1
                h.won += won
                h.ten_plus += ten_plus
    for missed in ev.not_played:
        period = 0 if missed.hand <= half else 1
        for players in missed.seats.values():
            for player in players:
                h = halves[player][period]
                if missed.credit == "own_average":
                    h.averaged += 1
                else:
                    h.fixed += 1
                    h.credited += missed.credit
    return halves


def score(record: Mapping) -> dict:
    """Score a drive record (docs/scoring.md ``drive``)."""
    ev = _evaluate(record)
    rules = ev.rules
    halves = _tally(ev)
    hands_in = (
        sum(h <= rules.half for h in ev.hand_numbers),
        sum(h > rules.half for h in ev.hand_numbers),
    )
    empty = _Half()

    def overall(p: str) -> _Line:
        return _line(p, halves[p], hands_in, rules)

    def half_time(p: str) -> _Line:  # the standings as they stood at the interval
        return _line(p, (halves[p][0], empty), (hands_in[0], 0), rules)

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


def _card_rows(hand: int, table: int, trump: str, seats: Mapping[str, tuple[str, str]]):
    """(player, side, the card fields every player seated at this table shares) for one hand."""
    for side in SIDES:
        for i, player in enumerate(seats[side]):
            row = {
                "hand": hand,
                "table": table,
                "trump": trump,
                "sat_out": False,
                "side": side,
                "partner": seats[side][1 - i],
                "opponents": list(seats[_other(side)]),
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
            if player not in seated:
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


__all__ = [
    "DriveRules",
    "NotPlayed",
    "PrizeRules",
    "TableResult",
    "apply_revokes",
    "parse_rules",
    "rank",
    "score",
    "score_cards",
]
