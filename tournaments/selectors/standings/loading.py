"""Loading an event's rows for the engines: a fixed number of queries, plain values."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from django.db.models import TextField
from django.db.models.functions import Cast

from tournaments.models import CardTotal, Entry, Event, Hand, Pair, Result, Round, Seating, Table


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
    joined_round: int
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
    "joined_round",
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
    # a paper-card evening's totals: engine name -> {round (0: final): tricks}
    card_totals: dict[str, dict[int, int]] = field(default_factory=dict)
    card_unchecked: set[str] = field(default_factory=set)  # names with a total not yet checked
    # (hand, table) of every table marked not played, with or without a credit: reported
    closed_out: set[tuple[int, int]] = field(default_factory=set)


def _entry(row: tuple) -> EntryRow:
    eid, number, player_id, pair_id, role, arrived, withdrawn, joined, name, pair_no, pair_name = (
        row
    )
    pair = PairRef(pair_id, pair_no, pair_name) if pair_id is not None else None
    player = PlayerRef(player_id, name)
    return EntryRow(eid, number, player_id, pair_id, role, arrived, withdrawn, joined, player, pair)


def _json_parser():
    """``json.loads`` once per distinct text: a drive's thousands of results hold a few
    hundred different ``data`` objects at most (the tricks and the revokes), so rows with
    equal data share one parsed dict. Read-only, as every reader of ``results`` treats it.
    (The column is read as text: the JSON field's own converter would parse every row.)"""
    parsed: dict[str, Any] = {}

    def parse(text: str | None) -> Any:
        if text is None:
            return None
        value = parsed.get(text)
        if value is None:
            value = parsed[text] = json.loads(text)
        return value

    return parse


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
    # Plain ids, no joins: the biggest query of a large event stays cheap. The rows are
    # read in pk order (the order they were seated: a round's sit-outs are listed so),
    # sorted here rather than by the database: they nearly always arrive in that order
    # already, which Python checks in a fraction of the time the server's sort takes.
    seatings = list(
        Seating.objects.filter(event=event)
        .order_by()
        .values_list("pk", "round_id", "table_id", "seat", "entry_id")
    )
    pks = [row[0] for row in seatings]
    if pks != sorted(pks):
        seatings.sort()
    for _pk, round_id, table_id, seat, entry_id in seatings:
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
        .annotate(data_text=Cast("data", TextField()))
        .values_list("hand_id", "table_id", "status", "data_text", "tricks_ns")
    )
    not_played = []
    closed_out: set[tuple[int, int]] = set()
    parse = _json_parser()
    for hand_id, table_id, status, data_text, tricks_ns in rows:
        data = parse(data_text)
        if status == "not_played":
            number, hand_round, _trump = hands[hand_id]
            closed_out.add((number, table_no[table_id]))
            # match play and older drive rows have no credit: they count as sat out
            if "credit" in (data or {}):
                not_played.append((number, hand_round, table_no[table_id], data["credit"]))
            continue
        if status != "confirmed":
            pending += 1
            continue
        number, hand_round, _trump = hands[hand_id]
        results.append((number, hand_round, table_no[table_id], data or {}, tricks_ns))
    results.sort(key=itemgetter(0, 2))
    rounds = [(number, status) for _rid, number, status in round_rows]
    not_played.sort(key=itemgetter(0, 2))
    cards: dict[str, dict[int, int]] = defaultdict(dict)
    unchecked: set[str] = set()
    if event.paper_cards:  # one more query, on paper-card evenings only
        for entry_id, round_number, tricks, checked in (
            CardTotal.objects.filter(event=event)
            .order_by()
            .values_list("entry_id", "round_number", "tricks", "checked")
        ):
            cards[by_id[entry_id]][round_number] = tricks
            if not checked:
                unchecked.add(by_id[entry_id])
    return EventInput(
        event,
        entries,
        dict(seats),
        dict(sit_outs),
        hands,
        results,
        pending,
        rounds,
        not_played,
        dict(cards),
        unchecked,
        closed_out,
    )
