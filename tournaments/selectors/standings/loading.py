"""Loading an event's rows for the engines: a fixed number of queries, plain values."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from tournaments.models import Entry, Event, Hand, Pair, Result, Round, Seating, Table


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
    # (hand, round, table, credit): tables that never reported, with the organizer's credit
    not_played: list[tuple[int, int, int, object]] = field(default_factory=list)


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
        Result.objects.filter(
            event=event, status__in=("confirmed", "entered", "disputed", "not_played")
        )
        .order_by()
        .values_list("hand_id", "table_id", "status", "data", "tricks_ns")
    )
    not_played = []
    for hand_id, table_id, status, data, tricks_ns in rows:
        if status == "not_played":
            if "credit" in (data or {}):  # older rows, without one, count as sat out
                number, hand_round, _trump = hands[hand_id]
                not_played.append((number, hand_round, table_no[table_id], data["credit"]))
            continue
        if status != "confirmed":
            pending += 1
            continue
        number, hand_round, _trump = hands[hand_id]
        results.append((number, hand_round, table_no[table_id], data or {}, tricks_ns))
    results.sort(key=lambda r: (r[0], r[2]))
    rounds = [(number, status) for _rid, number, status in round_rows]
    not_played.sort(key=lambda r: (r[0], r[2]))
    return EventInput(
        event, entries, dict(seats), dict(sit_outs), hands, results, pending, rounds, not_played
    )
