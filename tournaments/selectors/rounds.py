"""Reading rounds: the table plan and the live state of every table in a round.

A table's state in a round comes from its live results (superseded versions ignored):
``disputed`` if any hand is disputed, ``confirmed`` when every hand is confirmed or not
played, ``entered`` when something awaits confirmation, ``waiting`` when nothing is in.
A constant number of queries whatever the size of the room.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tournaments.games import game_for
from tournaments.models import FIFTH, SEATS, Entry, Event, Result, Round, Seating, Table
from tournaments.selectors import matches
from tournaments.selectors.results import dispute_notes

STATES = ("waiting", "entered", "confirmed", "disputed")
DONE = (Result.Status.CONFIRMED, Result.Status.NOT_PLAYED)


def seat_pairs(seats: dict) -> list[tuple[str, object]]:
    """(seat, who) in table order: N, E, S, W, and X at an Es-makker table of five."""
    fifth = (FIFTH,) if FIFTH in seats else ()
    return [(seat, seats.get(seat)) for seat in (*SEATS, *fifth)]


def pair_sides(seats: dict) -> list[tuple[str, object, str]]:
    """A pairs event's table as its two sides, N/S then E/W: (side, pair, its players'
    names), seats holding entries or seatings. The grid and the round page name a pair by
    the number its movement card prints, not by its players' numbers."""
    sides = []
    for side, (first, second) in (("NS", ("N", "S")), ("EW", ("E", "W"))):
        entries = [getattr(s, "entry", s) for s in (seats.get(first), seats.get(second)) if s]
        pair = next((e.pair for e in entries if e.pair_id), None)
        sides.append((side, pair, " & ".join(e.player.name for e in entries)))
    return sides


@dataclass
class TableView:
    number: int
    token: str
    seats: dict[str, Entry] = field(default_factory=dict)
    state: str = "waiting"
    missing_hands: list[int] = field(default_factory=list)
    # of the missing hands, those entered and waiting for the opponents' confirmation
    unconfirmed_hands: list[int] = field(default_factory=list)

    @property
    def not_entered(self) -> list[int]:
        """The missing hands nobody has entered yet (nor disputed)."""
        return [n for n in self.missing_hands if n not in self.unconfirmed_hands]

    @property
    def seat_list(self) -> list[tuple[str, Entry | None]]:
        return seat_pairs(self.seats)

    @property
    def sides(self) -> list[tuple[str, object, str]]:
        return pair_sides(self.seats)


@dataclass
class RoundView:
    round: Round
    tables: list[TableView]
    sit_out: list[Entry]
    hands: list
    # the disputed hands, each {"table", "hand", "note"}: the organizer settles them
    disputes: list[dict] = field(default_factory=list)
    # results phones sent after their round closed (``late_results``)
    late: list[dict] = field(default_factory=list)
    # results phones sent for a hand confirmed meanwhile with another (``late_results`` too)
    refused: list[dict] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        return {state: sum(1 for t in self.tables if t.state == state) for state in STATES}

    @property
    def all_in(self) -> bool:
        return all(t.state == "confirmed" for t in self.tables)

    @property
    def unconfirmed(self) -> list[int]:
        """The tables with a hand entered (or disputed) but not confirmed: closing the round
        anyway records it as not played, so the close box names them."""
        return [t.number for t in self.tables if t.state in ("entered", "disputed")]

    @property
    def waiting(self) -> list[int]:
        """The tables with a hand not yet confirmed (nor marked not played), by number."""
        return [t.number for t in self.tables if t.missing_hands]


def _seatings(event: Event):
    return (
        Seating.objects.filter(event=event)
        .select_related("entry__player", "entry__pair", "table", "round")
        .order_by("round__number", "table__number", "seat")
    )


def _build(rnd: Round, seatings, results) -> RoundView:
    tables: dict[int, TableView] = {}
    sit_out = []
    for s in seatings:
        if s.table is None:
            sit_out.append(s.entry)
            continue
        view = tables.setdefault(
            s.table.number, TableView(number=s.table.number, token=s.table.token)
        )
        view.seats[s.seat] = s.entry
    hands = (
        sorted(rnd.hands.all(), key=lambda h: h.number)
        if rnd.status != Round.Status.PENDING
        else []
    )
    by_table: dict[int, dict[int, str]] = {}
    for r in results:
        by_table.setdefault(r.table.number, {})[r.hand.number] = r.status
    decided = matches.decided_after(
        event=rnd.event,
        results=[(r.table.number, r.hand.number, r.status, r.data) for r in results],
    )
    for view in tables.values():
        statuses = by_table.get(view.number, {})
        last = decided.get(view.number)  # one rubber a match: later hands are not needed
        view.missing_hands = [
            h.number
            for h in hands
            if statuses.get(h.number) not in ("confirmed", "not_played")
            and (last is None or h.number <= last)
        ]
        # "entered": a hand waits for the opponents; hands confirmed and others not yet
        # played leave a table "waiting" (its first hands in say nothing of the rest)
        view.unconfirmed_hands = [
            n for n in view.missing_hands if statuses.get(n) in ("entered", "disputed")
        ]
        if "disputed" in statuses.values():
            view.state = "disputed"
        elif hands and not view.missing_hands:
            view.state = "confirmed"
        elif view.unconfirmed_hands:
            view.state = "entered"
    return RoundView(
        round=rnd,
        tables=[tables[n] for n in sorted(tables)],
        sit_out=sorted(sit_out, key=lambda e: e.number),
        hands=hands,
    )


def round_state(*, event: Event, round_number: int) -> RoundView | None:
    """Every table of one round with who sits where and its state; None if no such round."""
    rnd = event.rounds.prefetch_related("hands").filter(number=round_number).first()
    if rnd is None:
        return None
    results = list(
        Result.objects.filter(hand__round=rnd)
        .exclude(status=Result.Status.SUPERSEDED)
        .select_related("hand", "table")
    )
    view = _build(rnd, _seatings(event).filter(round=rnd), results)
    disputed = [r for r in results if r.status == Result.Status.DISPUTED]
    notes = dispute_notes([r.pk for r in disputed]) if disputed else {}
    view.disputes = sorted(
        (
            {"table": r.table.number, "hand": r.hand.number, "note": notes.get(r.pk, "")}
            for r in disputed
        ),
        key=lambda d: (d["table"], d["hand"]),
    )
    kept = late_results(event=event)
    view.late = [d for d in kept if not d["refused"]]
    view.refused = [d for d in kept if d["refused"]]
    return view


LATE_RESULT = "late_result"  # the log actions of ``services.late_results``
REFUSED_RESULT = "refused_result"


def late_results(*, event: Event) -> list[dict]:
    """What phones sent after their round closed, or for a hand confirmed meanwhile with
    another result (``services.late_results``), that the hand does not hold, each {"round",
    "table", "hand", "said", "now", "refused"}: every round page shows them until the
    organizer has entered the hand (or something else for it)."""
    late = [
        {**item.detail, "refused": item.action == REFUSED_RESULT}
        for item in event.log.filter(action__in=(LATE_RESULT, REFUSED_RESULT)).order_by(
            "created_at"
        )
    ]
    if not late:
        return []
    game = game_for(event)
    stored = {
        (r.table.number, r.hand.number): None if r.status == Result.Status.NOT_PLAYED else r.data
        for r in Result.objects.filter(event=event, hand__number__in={d.get("hand") for d in late})
        .exclude(status=Result.Status.SUPERSEDED)
        .select_related("table", "hand")
    }
    shown = {}  # a phone that sent the same twice is listed once
    for d in late:
        cell = (d.get("table"), d.get("hand"))
        if stored.get(cell) != d.get("data"):
            shown[(*cell, str(d.get("data")))] = {
                **{k: d.get(k) for k in ("round", "table", "hand", "refused")},
                "said": game.describe(d.get("data")),
                "now": game.describe(stored.get(cell)),
            }
    return list(shown.values())


def table_plan(*, event: Event) -> list[RoundView]:
    """Every seated round (fixed movements: all of them; progressive: those decided so far)."""
    seatings = list(_seatings(event))
    rounds = {r.pk: r for r in event.rounds.prefetch_related("hands").order_by("number")}
    by_round: dict[int, list[Seating]] = {}
    for s in seatings:
        by_round.setdefault(s.round_id, []).append(s)
    return [_build(rounds[pk], rows, []) for pk, rows in by_round.items()]


def entries_stationary(*, event: Event) -> list[Entry]:
    """The players who cannot move: the movement keeps each at one table and seat."""
    return list(event.entries.filter(stationary=True).select_related("player").order_by("number"))


def stationary_away(*, event: Event) -> list[dict]:
    """Each round a player who cannot move is seated away from their own seat (the table
    and seat they hold most, the first of equals): where the movement could not keep them
    in place (two who never move had to meet), so the table plan can say so."""
    rows = (
        Seating.objects.filter(event=event, entry__stationary=True, table__isnull=False)
        .select_related("entry__player", "table", "round")
        .order_by("entry__number", "round__number")
    )
    by_entry: dict[int, list[Seating]] = {}
    for s in rows:
        by_entry.setdefault(s.entry.number, []).append(s)
    away = []
    for seats in by_entry.values():
        held = Counter((s.table.number, s.seat) for s in seats)
        home = max(held, key=lambda place: held[place])  # the first of equals: max keeps it
        away += [
            {"entry": s.entry, "round": s.round.number, "table": s.table.number, "seat": s.seat}
            for s in seats
            if (s.table.number, s.seat) != home
        ]
    return sorted(away, key=lambda a: (a["round"], a["entry"].number))


# A progressive drive seats a lady N or E and a gent S or W (movements/progressive.py).
ROLE_SEATS = {Entry.Role.LADY: ("N", "E"), Entry.Role.GENT: ("S", "W")}


def roles_crossed(*, event: Event) -> list[dict]:
    """The players a progressive drive seats in the other role's chair (more ladies than
    gents, or the other way): each then moves as that chair does, so the table plan says
    who, round by round."""
    if not event.is_progressive or event.uses_pairs:
        return []
    rows = (
        Seating.objects.filter(event=event, table__isnull=False)
        .exclude(entry__role="")
        .select_related("entry__player", "table", "round")
        .order_by("round__number", "entry__number")
    )
    return [
        {"entry": s.entry, "round": s.round.number, "table": s.table.number, "seat": s.seat}
        for s in rows
        if s.seat not in ROLE_SEATS[s.entry.role]
    ]


def round_current(*, event: Event) -> Round | None:
    """The open round, else the next pending one, else the last closed one."""
    rounds = list(event.rounds.order_by("number"))
    for status in (Round.Status.OPEN, Round.Status.PENDING):
        found = next((r for r in rounds if r.status == status), None)
        if found:
            return found
    return rounds[-1] if rounds else None


def play_over(*, event: Event) -> bool:
    """Running with every round closed: the next step is finishing the event, and the room's
    pages already keep the winners back for the prize-giving (``screen.results_held``)."""
    return (
        event.status == Event.Status.RUNNING
        and event.rounds.exists()
        and not event.rounds.exclude(status=Round.Status.CLOSED).exists()
    )


def round_tables(rnd: Round) -> list[Table]:
    return list(Table.objects.filter(seatings__round=rnd).distinct().order_by("number"))


def missing_results(rnd: Round) -> dict[int, list[int]]:
    """{table number: [hand numbers without a confirmed or not-played result]} for a round.

    Hands after a rubber decided at that table (one rubber a match) are not missing.
    """
    hands = list(rnd.hands.order_by("number"))
    done = set(
        Result.objects.filter(hand__round=rnd, status__in=DONE).values_list("table_id", "hand_id")
    )
    missing = {}
    for table in round_tables(rnd):
        gaps = [h.number for h in hands if (table.pk, h.pk) not in done]
        if gaps:
            missing[table.number] = gaps
    # One rubber a match: the hands after a decided rubber are not needed.
    return matches.not_needed(missing, matches.decided_in_round(rnd))
