"""Reading results: a round's current results, a hand's full history, what a table token sees.

A table token is a bearer secret printed on the table card. It opens only its own
table's hands in an open round (finding the table from a link, and throttling wrong
links, is the edge's job: ``tournaments.edge``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Prefetch, Subquery
from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.models import Event, Hand, Result, Round, ScoreChange, Seating, Table

# ---------------------------------------------------------------- table tokens


def _open_hands(*, table, hand_number: int):
    """The hand numbered ``hand_number`` of ``table``'s event, in an open round where the table
    is seated."""
    return Hand.objects.filter(
        event_id=table.event_id, number=hand_number, round__status=Round.Status.OPEN,
        round__seatings__table=table,
    ).order_by()  # fmt: skip  (no ordering: at most one such hand, and no join to sort by)


@functools.cache
def _link_sql() -> str:
    """The SQL of ``table_for_token``, written once per process from the models' own table
    and column names. Composing the same lookup through the ORM cost more CPU than
    PostgreSQL took to run it: on a big night it was a third of every score entry."""
    qn = connection.ops.quote_name
    tables = {m: qn(m._meta.db_table) for m in (Table, Event, Hand, Round, Seating)}
    columns = ", ".join(f"e.{qn(f.column)}" for f in Event._meta.concrete_fields)
    return (
        f"SELECT {columns}, t.id AS link_table_id, t.number AS link_table_number,"
        " h.id AS link_hand_id, h.round_id AS link_hand_round_id, h.trump AS link_hand_trump"
        f" FROM {tables[Table]} t JOIN {tables[Event]} e ON e.id = t.event_id"
        f" LEFT JOIN {tables[Hand]} h ON h.event_id = t.event_id AND h.number = %s AND EXISTS ("
        f"SELECT 1 FROM {tables[Round]} r JOIN {tables[Seating]} s ON s.round_id = r.id"
        " WHERE r.id = h.round_id AND r.status = %s AND s.table_id = t.id)"
        " WHERE t.token = %s"
    )


def table_for_token(*, token: str, hand_number: int | None = None) -> Table | None:
    """The table whose secret is ``token``, with its event, or None. With ``hand_number`` the
    same query reads that hand when the table may enter it (see ``hand_for_token``): the
    token, hand and seating checks in one query."""
    params = [hand_number if hand_number is not None else -1, Round.Status.OPEN, token]
    event = next(iter(Event.objects.raw(_link_sql(), params)), None)
    if event is None:
        return None
    table = Table(id=event.link_table_id, number=event.link_table_number, event=event, token=token)
    table._state.adding = False  # a stored row, as the ORM would have read it
    if hand_number is not None:
        table.open_hand_number = hand_number
        table.open_hand = event.link_hand_id and {
            "id": event.link_hand_id, "round_id": event.link_hand_round_id, "trump": event.link_hand_trump
        }  # fmt: skip
    return table


def hand_for_token(*, table: Table, hand_number: int) -> Hand:
    """The hand, when the token may see it; NotFound for other hands (other tables' or closed).

    Read with the table (``table_for_token``) when it was, else in one query."""
    if getattr(table, "open_hand_number", None) == hand_number:
        found = table.open_hand
        hand = found and Hand(event_id=table.event_id, number=hand_number, **found)
    else:
        hand = _open_hands(table=table, hand_number=hand_number).first()
    if not hand:
        raise NotFound("E_NOT_FOUND", _("This hand is not open for your table."))
    return hand


# ---------------------------------------------------------------- current results


def live_results(*, hand_ids, table_ids=None) -> dict[tuple[int, int], Result]:
    """(table id, hand id) -> the live (non-superseded) result version."""
    qs = Result.objects.filter(hand_id__in=list(hand_ids)).exclude(status=Result.Status.SUPERSEDED)
    if table_ids is not None:
        qs = qs.filter(table_id__in=list(table_ids))
    return {(r.table_id, r.hand_id): r for r in qs}


def result_current(*, table: Table, hand: Hand) -> Result | None:
    return (
        Result.objects.filter(table=table, hand=hand)
        .exclude(status=Result.Status.SUPERSEDED)
        .first()
    )


@dataclass
class HandRow:
    hand: Hand
    result: Result | None
    note: str = ""  # why it was disputed, when it is


class Seated:
    """A table's players as the engines and the forms know them (``seats``: seat -> seating)."""

    seats: dict[str, Seating]

    @property
    def player_numbers(self) -> dict[str, str]:
        return {seat: str(row.entry.number) for seat, row in self.seats.items()}

    @property
    def player_names(self) -> dict[str, str]:
        """Entry number -> the player's name, for choices of players and a result's words."""
        return {str(row.entry.number): row.entry.player.name for row in self.seats.values()}


@dataclass
class TableRound(Seated):
    """What the table page shows: who sits where and the round's hands with their results."""

    table: Table
    round: Round | None
    seats: dict[str, Seating] = field(default_factory=dict)
    hands: list[HandRow] = field(default_factory=list)

    @property
    def results_stamp(self) -> str:
        return results_stamp(
            (row.hand.number, row.result.version, row.result.status) for row in self.hands if row.result
        )


def results_stamp(rows) -> str:
    """The table's results in its round as a short text, (hand, version, status) each: when a
    phone's differs from the server's, the other side has entered, confirmed or changed one."""
    return " ".join(f"{hand}:{version}:{status}" for hand, version, status in sorted(rows))


def _current_rounds(table: Table):
    """The open rounds that seat ``table``, lowest first: the first is its current round."""
    return Round.objects.filter(
        event_id=table.event_id, status=Round.Status.OPEN, seatings__table=table
    ).order_by("number")


def table_state(*, table: Table) -> dict:
    """What the table's page compares to move on by itself: its current round's number (as
    ``table_round`` shows it) and ``results_stamp`` of its results there."""
    rnd = _current_rounds(table).values_list("pk", "number").first()
    if rnd is None:
        return {"round": None, "results": ""}
    rows = (
        Result.objects.filter(table=table, hand__round_id=rnd[0])
        .exclude(status=Result.Status.SUPERSEDED)
        .values_list("hand__number", "version", "status")
    )
    return {"round": rnd[1], "results": results_stamp(rows)}


def table_round(*, table: Table) -> TableRound:
    """The table's current round: the lowest open round that seats it (None when there is none)."""
    rnd = _current_rounds(table).first()
    view = TableRound(table=table, round=rnd)
    if rnd is None:
        return view
    view.seats = {
        s.seat: s
        for s in Seating.objects.filter(round=rnd, table=table).select_related(
            "entry__player", "entry__pair"
        )
    }
    hands = list(Hand.objects.filter(round=rnd).order_by("number"))
    lives = live_results(hand_ids=[h.pk for h in hands], table_ids=[table.pk])
    view.hands = [HandRow(hand=h, result=lives.get((table.pk, h.pk))) for h in hands]
    return view


@dataclass
class GridRow(Seated):
    table: Table
    seats: dict[str, Seating]
    cells: list[HandRow]


@dataclass
class RoundGrid:
    event: Event
    round: Round
    hands: list[Hand]
    rows: list[GridRow]


def dispute_notes(result_ids: list[int]) -> dict[int, str]:
    """The latest dispute note of each result (stored on its ScoreChange), where one was given."""
    notes: dict[int, str] = {}
    if not result_ids:
        return notes
    changes = (
        ScoreChange.objects.filter(result_id__in=result_ids, action=ScoreChange.Action.DISPUTE)
        .order_by("created_at", "pk")
        .values_list("result_id", "new")
    )
    for result_id, new in changes:
        if isinstance(new, dict) and new.get("note"):
            notes[result_id] = str(new["note"])
    return notes


def round_grid(*, event: Event, round_number: int) -> RoundGrid:
    """Every seated table of a round x every hand of it, with the live results (5 queries)."""
    rnd = Round.objects.filter(event=event, number=round_number).first()
    if rnd is None:
        raise NotFound("E_NOT_FOUND", _("No such round."))
    hands = list(Hand.objects.filter(round=rnd).order_by("number"))
    seatings = (
        Seating.objects.filter(round=rnd, table__isnull=False)
        .select_related("table", "entry__player", "entry__pair")
        .order_by("table__number", "seat")
    )
    by_table: dict[int, GridRow] = {}
    for s in seatings:
        row = by_table.setdefault(s.table_id, GridRow(table=s.table, seats={}, cells=[]))
        row.seats[s.seat] = s
    lives = live_results(hand_ids=[h.pk for h in hands])
    notes = dispute_notes([r.pk for r in lives.values() if r.status == Result.Status.DISPUTED])
    rows = sorted(by_table.values(), key=lambda r: r.table.number)
    for row in rows:
        row.cells = []
        for h in hands:
            result = lives.get((row.table.pk, h.pk))
            row.cells.append(HandRow(hand=h, result=result, note=notes.get(result.pk, "") if result else ""))
    return RoundGrid(event=event, round=rnd, hands=hands, rows=rows)


# ---------------------------------------------------------------- history


@dataclass
class History:
    event: Event
    table: Table
    hand: Hand
    versions: list[Result]
    changes: list[ScoreChange]


def table_and_hand(*, event: Event, table_number: int, hand_number: int) -> tuple[Table, Hand]:
    """The event's table and hand by number, in one query; NotFound when either is missing."""
    tables = Table.objects.filter(event=event, number=table_number)
    hand = (
        Hand.objects.select_related("round")
        .filter(event=event, number=hand_number)
        .annotate(
            table_pk=Subquery(tables.values("pk")[:1]),
            table_token=Subquery(tables.values("token")[:1]),
        )
        .first()
    )
    if hand is None or hand.table_pk is None:
        raise NotFound("E_NOT_FOUND", _("No such table or hand in this event."))
    table = Table(id=hand.table_pk, event=event, number=table_number, token=hand.table_token)
    return table, hand


def result_history(*, event: Event, table_number: int, hand_number: int) -> History:
    """Every version of a table's result for a hand and every change, oldest first."""
    table, hand = table_and_hand(event=event, table_number=table_number, hand_number=hand_number)
    changes = ScoreChange.objects.filter(table=table, hand=hand).select_related("actor", "result")
    versions = (
        Result.objects.filter(table=table, hand=hand)
        .order_by("version")
        .prefetch_related(Prefetch("changes", queryset=ScoreChange.objects.select_related("actor")))
    )
    return History(
        event=event, table=table, hand=hand, versions=list(versions), changes=list(changes)
    )


def result_as_dict(result: Result, *, event: Event, table: Table, hand: Hand) -> dict:
    """The API's (and the idempotency record's) view of a result version."""
    return {
        "system": event.system,
        "event": event.slug,
        "hand": hand.number,
        "table": table.number,
        "version": result.version,
        "status": result.status,
        "counts": result.status == Result.Status.CONFIRMED,
        "data": result.data,
        "tricks_ns": result.tricks_ns,
        "source": result.source,
        "created_at": result.created_at.isoformat() if result.created_at else None,
        "confirmed_at": result.confirmed_at.isoformat() if result.confirmed_at else None,
    }
