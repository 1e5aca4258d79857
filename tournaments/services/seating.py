"""Seating: turning a movement into Table, Round and Seating rows.

Fixed movements (individual, Mitchell, Howell, round robin) are generated whole by
``tournaments.movements.generate`` and stored on ``Event.movement`` with their grade. A
robber or Bid Whist round robin is a league: every pair meets every other once, so it
plays as many rounds as the pairs need and its hands follow from them (``_league_rounds``).
Progressive movements seat round 1 by a seeded draw and every later round from the
results of the round before (``tournaments.movements.progress``).

Seats in a progressive drive: each table holds two partnerships, [N, S] (the home pair)
and [E, W]. Where roles are used, ladies sit N and E and gents S and W, so every
partnership is a lady and a gent; when the roles do not balance, the surplus of one role
takes the other role's seat (docs/rules.md §B1, [DON]). Sit-outs go to whoever has sat out
least (ties by the seeded draw), so over the event nobody sits out twice before everyone
has sat out once (spread <= 1), players who cannot move never while another can (the draw
is ``seating_draw.fill_tables``). A withdrawn player simply gets no seat in later rounds: the
tables are rebalanced around the gap (which may create a sit-out).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import movements
from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.models import MAX_HANDS, SLOT_SEATS, Entry, Event, EventLog, Round, Seating, Table
from tournaments.movements.fives import fits_in_fives, fives_movement
from tournaments.movements.ghosts import ghost_tables, with_ghosts
from tournaments.selectors.movement_advice import plans_ahead
from tournaments.selectors.seating import entries_active, pairs_active, progress_doc, seated_doc
from tournaments.selectors.seating_draw import fill_tables, require_seats_for_fixed
from tournaments.services.common import event_lock, event_log, event_mark_changed, require_status

INDIVIDUAL_SEATS = ("N", "S", "E", "W")  # a fixed doc's ns[0], ns[1], ew[0], ew[1]
S = Event.Status


# --- rows --------------------------------------------------------------------------------------


def _ensure_rounds(event: Event) -> dict[int, Round]:
    existing = {r.number: r for r in event.rounds.all()}
    for number in range(1, event.round_count + 1):
        if number not in existing:
            existing[number] = Round.objects.create(event=event, number=number)
    return existing


def _ensure_tables(event: Event, count: int) -> dict[int, Table]:
    existing = {t.number: t for t in event.tables.all()}
    for number in range(1, count + 1):
        if number not in existing:
            existing[number] = Table.objects.create(event=event, number=number)
    return existing


def _write_round(
    rnd: Round, tables: dict[int, Table], seats: Iterable[tuple[Entry, int | None, str]]
) -> None:
    """Replace a pending round's seating with (entry, table number or None, seat)."""
    if rnd.status != Round.Status.PENDING:
        raise DomainError(
            "E_ROUND_PLAYED",
            _("Round %(n)s has been opened: its seating is fixed.") % {"n": rnd.number},
        )
    Seating.objects.filter(round=rnd).delete()
    Seating.objects.bulk_create(
        Seating(
            event_id=rnd.event_id,
            round=rnd,
            entry=entry,
            table=tables[t] if t else None,
            seat=seat if t else "",
        )
        for entry, t, seat in seats
    )


def seating_clear(*, event: Event, actor=None, reason: str = "") -> None:
    """Forget a seating made before the start (players or settings changed). Never after it."""
    if event.rounds.exclude(status=Round.Status.PENDING).exists():
        raise DomainError(
            "E_STARTED", _("Rounds have been played: the seating can no longer be cleared.")
        )
    # The rounds go, and every seating with them. The tables stay with their links, so
    # table cards printed already still open the right table once everyone is seated
    # again; one the new seating leaves empty goes then (``_drop_empty_tables``).
    event.rounds.all().delete()
    event.movement = None
    Event.objects.filter(pk=event.pk).update(movement=None)
    event_log(event=event, action="seating_clear", actor=actor, reason=reason)


# --- fixed movements ---------------------------------------------------------------------------


def _generate(
    event: Event, units: int, rounds: int | None, seed: int, stationary: list[int] | None = None
) -> dict:
    """The movement; ``stationary`` (unit numbers 1..units: players, or pairs) keep one seat."""
    try:
        if event.odd_numbers == Event.OddNumbers.FIVES and units % 4 and fits_in_fives(units):
            return fives_movement(units, rounds or event.round_count, seed, stationary)
        if event.uses_pairs:
            return movements.generate(
                event.movement_kind, pairs=units, rounds=rounds, seed=seed, stationary=stationary
            )
        if event.ghost_seats:  # drawn for every seat, the phantom numbers being the ghosts
            seats = 4 * ghost_tables(units)
            doc = movements.generate(
                "individual", players=seats, rounds=rounds, seed=seed, stationary=stationary
            )
            return with_ghosts(doc, units) if seats > units else doc
        return movements.generate(
            "individual", players=units, rounds=rounds, seed=seed, stationary=stationary
        )
    except movements.MovementError as exc:
        raise DomainError(exc.code, exc.message, field="movement_kind") from exc


def _table_count(event: Event, units: int) -> int:
    """The tables a fixed movement of ``units`` players (or pairs) is played at."""
    if event.uses_pairs:  # a Mitchell seats an odd pair's phantom at a table of its own
        return -(-units // 2) if event.movement_kind == Event.MovementKind.MITCHELL else units // 2
    return ghost_tables(units) if event.ghost_seats else units // 4


def _seat_fixed(event: Event, first_round: int) -> dict:
    """Plan rounds first_round.. with a generated movement; returns what is kept on the event."""
    rounds = _ensure_rounds(event)
    count = event.round_count - first_round + 1
    if event.uses_pairs:
        units = pairs_active(event=event, round_number=first_round)
        if len(units) < 2:
            raise DomainError(
                "E_TOO_FEW", _("A pairs movement needs at least 2 complete pairs."), field="entries"
            )
        members = {p.number: sorted(p.entries.all(), key=lambda e: e.number) for p in units}
        numbers = [p.number for p in units]
    else:
        units = entries_active(event=event, round_number=first_round)
        if len(units) < 4:
            raise DomainError(
                "E_TOO_FEW", _("A movement needs at least 4 players."), field="entries"
            )
        numbers = [e.number for e in units]
    if event.uses_pairs:  # a pair cannot move when either player cannot
        fixed = [k for k, n in enumerate(numbers, 1) if any(e.stationary for e in members[n])]
    else:
        fixed = [k for k, e in enumerate(units, 1) if e.stationary]
    if fixed:  # each keeps a table of their own (two who never move never meet)
        require_seats_for_fixed(len(fixed), _table_count(event, len(units)), pairs=event.uses_pairs)
    doc = _generate(event, len(units), count, event.movement_seed + first_round - 1, fixed)
    if first_round > 1:  # a re-plan: numbered to repeat as little of the rounds played as it can
        index = {number: k for k, number in enumerate(numbers, 1)}
        played = movements.history_of(
            seated_doc(event=event, before_round=first_round, index=index)
        )
        doc = movements.relabel(doc, played, fixed=fixed, seed=event.movement_seed + first_round)
    tables = _ensure_tables(event, doc["tables"])
    for rd in doc["rounds"]:
        seats: list[tuple[Entry, int | None, str]] = []
        for t in rd["tables"]:
            if event.uses_pairs:
                for pair_no, dirn in ((t["ns"], "NS"), (t["ew"], "EW")):
                    for entry, seat in zip(members[numbers[pair_no - 1]], dirn, strict=True):
                        seats.append((entry, t["table"], seat))
            else:
                for k, seat in zip([*t["ns"], *t["ew"]], INDIVIDUAL_SEATS, strict=True):
                    if k is not None:  # None: the ghost's seat, held by nobody
                        seats.append((units[k - 1], t["table"], seat))
                if "fifth" in t:  # a table of five (movements/fives.py)
                    seats.append((units[t["fifth"] - 1], t["table"], Seating.Seat.FIFTH))
        for k in rd["sit_out"]:
            seats += [
                (e, None, "")
                for e in (members[numbers[k - 1]] if event.uses_pairs else [units[k - 1]])
            ]
        _write_round(rounds[first_round + rd["round"] - 1], tables, seats)
    return {"from_round": first_round, "units": numbers, **doc}


# --- progressive movements ---------------------------------------------------------------------


def _sat_out_counts(event: Event, before_round: int) -> dict[int, int]:
    rows = Seating.objects.filter(event=event, table__isnull=True, round__number__lt=before_round)
    return Counter(rows.values_list("entry__number", flat=True))


def _write_progressive_pairs(event: Event, rnd: Round, base: list[list[int | None]]) -> None:
    """Seat a round of a progressive pairs drive: the fixed pairs as units, N/S and E/W.

    ``base`` holds entry numbers [N, S, E, W] (the movement's output, or nothing); a pair
    is where its players are. Pairs sit out in turn as players do (a pair's count is its
    players' most)."""
    units = pairs_active(event=event, round_number=rnd.number)
    if len(units) < 2:
        raise DomainError(
            "E_TOO_FEW", _("A pairs movement needs at least 2 complete pairs."), field="entries"
        )
    members = {p.number: sorted(p.entries.all(), key=lambda e: e.number) for p in units}
    pair_of = {e.number: n for n, es in members.items() for e in es}
    sat_out = _sat_out_counts(event, rnd.number)
    tables, out = fill_tables(
        [[pair_of.get(t[0]), pair_of.get(t[2])] for t in base],
        sorted(members),
        roles={},
        sat_out={n: max(sat_out.get(e.number, 0) for e in es) for n, es in members.items()},
        rng=random.Random(f"{event.movement_seed}:{rnd.number}"),
        size=2,
        stationary=[n for n, es in members.items() if any(e.stationary for e in es)],
    )
    table_rows = _ensure_tables(event, len(tables))
    seats: list[tuple[Entry, int | None, str]] = [
        (entry, ti, seat)
        for ti, (home, away) in enumerate(tables, 1)
        for pair_no, sides in ((home, "NS"), (away, "EW"))
        for entry, seat in zip(members[pair_no], sides, strict=True)
    ]
    seats += [(entry, None, "") for pair_no in out for entry in members[pair_no]]
    _write_round(rnd, table_rows, seats)


def _write_progressive(event: Event, rnd: Round, base: list[list[int | None]]) -> None:
    """Seat a progressive round from a base seating (the movement's output, or nothing)."""
    if event.uses_pairs:  # fixed pairs (Foster, E/W move): partnerships are never split
        _write_progressive_pairs(event, rnd, base)
        return
    active = entries_active(event=event, round_number=rnd.number)
    by_number = {e.number: e for e in active}
    rng = random.Random(f"{event.movement_seed}:{rnd.number}")
    tables, out = fill_tables(
        base,
        sorted(by_number),
        roles={n: e.role for n, e in by_number.items()},
        sat_out=_sat_out_counts(event, rnd.number),
        rng=rng,
        ghosts=event.ghost_seats,
        stationary=[n for n, e in by_number.items() if e.stationary],
    )
    table_rows = _ensure_tables(event, len(tables))
    seats = [
        (by_number[p], ti, SLOT_SEATS[si])
        for ti, t in enumerate(tables, 1)
        for si, p in enumerate(t)
        if p is not None  # the ghost's seat
    ]
    seats += [(by_number[p], None, "") for p in out]
    _write_round(rnd, table_rows, seats)


def seats_of_round(rnd: Round) -> list[list[int | None]]:
    """A round's tables as slots [N, S, E, W] of entry numbers, table 1 first."""
    rows = rnd.seatings.filter(table__isnull=False).select_related("table", "entry")
    count = max((s.table.number for s in rows), default=0)
    tables: list[list[int | None]] = [[None] * 4 for _ in range(count)]
    for s in rows:
        tables[s.table.number - 1][SLOT_SEATS.index(s.seat)] = s.entry.number
    return tables


def seating_progress(*, event: Event, closed: Round, winners: dict[int, int]) -> Round | None:
    """Seat the round after ``closed`` from its winners ({table number: 0 for N/S, 1 for E/W})."""
    nxt = event.rounds.filter(number=closed.number + 1).first()
    if nxt is None:
        return None
    fixed = event.entries.filter(stationary=True).values_list("number", flat=True)
    doc = progress_doc(
        event=event, slots=seats_of_round(closed), stationary=list(fixed), winners=winners
    )
    try:
        moved = movements.progress(event.movement_kind, doc)
    except movements.MovementError as exc:
        raise DomainError(exc.code, exc.message) from exc
    base = [
        [p if isinstance(p, int) else None for p in (*t["pairs"][0], *t["pairs"][1])]
        for t in moved["tables"]
    ]
    if plans_ahead(event):
        base = _as_planned(event, closed, base)
    _write_progressive(event, nxt, base)
    return nxt


def _as_planned(event: Event, closed: Round, base: list[list[int | None]]) -> list[list[int | None]]:
    """A rule that moves everyone alike, after two players swapped seats in ``closed``: each
    goes on from their own planned seat, as their printed movement card says, not from the
    seat they took by mistake (a UK walk's swap changed the rest of the evening unsaid)."""
    swaps = EventLog.objects.filter(
        event=event, action="seat_swap", detail__round=closed.number
    ).order_by("-pk")  # undone last first
    for first, second in swaps.values_list("detail__first", "detail__second"):
        back = {first: second, second: first}
        base = [[back.get(p, p) for p in table] for table in base]
    return base


def seating_replan(*, event: Event, from_round: int, actor=None, reason: str = "") -> None:
    """Re-plan the rounds from ``from_round`` on (players joined or left); nothing played is touched."""
    first = event.rounds.filter(number=from_round).first()
    if first is None or first.status != Round.Status.PENDING:
        raise DomainError("E_NO_ROUND_LEFT", _("There is no round left to re-plan."))
    if _plans_own_rounds(event):
        pass  # the next round is paired from who is active then
    elif event.is_progressive:
        if first.seatings.exists() or from_round == 1:
            _write_progressive(event, first, seats_of_round(first))
    else:
        plan = _seat_fixed(event, from_round)
        movement = dict(event.movement or {})
        movement.setdefault("replans", []).append(plan)
        event.movement = movement
        event.save(update_fields=["movement", "updated_at"])
    event_log(event=event, action="replan", actor=actor, from_round=from_round, reason=reason)


# --- services ------------------------------------------------------------------------------------




def _league_rounds(event: Event) -> None:
    """A round-robin league plays every pair once: the rounds the movement needs for the pairs
    registered (a bye when odd), no more and no fewer; the event's hands follow from them."""
    if (
        not game_for(event).round_robin_league
        or event.movement_kind != Event.MovementKind.ROUND_ROBIN  # the movement, not the game
    ):
        return
    units = len(pairs_active(event=event, round_number=1))
    if units < 2:
        return  # _seat_fixed names the problem
    rounds = len(_generate(event, units, None, event.movement_seed)["rounds"])
    hands = rounds * event.hands_per_round
    if hands > MAX_HANDS:
        raise DomainError(
            "E_HANDS",
            _(
                "%(pairs)s pairs need %(rounds)s rounds: at %(per)s hands a round that is more "
                "than %(max)s hands. Play fewer hands a round."
            )
            % {"pairs": units, "rounds": rounds, "per": event.hands_per_round, "max": MAX_HANDS},
            field="hands_per_round",
        )
    if event.hands != hands:
        event_log(event=event, action="league_hands", before=event.hands, after=hands)
        event.hands = hands
        event.save(update_fields=["hands", "updated_at"])


def _plans_own_rounds(event: Event) -> bool:
    """A tournament or a team event: its own services seat its rounds (services/tournament.py,
    services/teams.py), so no movement is laid over them."""
    return game_for(event).team_event or hasattr(event, "tournament_format")


def _seat(event: Event) -> None:
    if _plans_own_rounds(event):
        raise DomainError(
            "E_OWN_PLAN", _("This event's rounds are paired on its tournament or teams page.")
        )
    _league_rounds(event)
    if event.is_progressive:
        rounds = _ensure_rounds(event)
        _write_progressive(event, rounds[1], [])
        event.movement = {
            "kind": event.movement_kind,
            "progressive": True,
            "seed": event.movement_seed,
        }
    else:
        event.movement = _seat_fixed(event, 1)
    _drop_empty_tables(event)
    event.save(update_fields=["movement", "movement_seed", "updated_at"])


def _drop_empty_tables(event: Event) -> None:
    """Tables kept from a cleared seating that the new one does not use (fewer players)."""
    event.tables.filter(seatings__isnull=True, results__isnull=True).delete()


@transaction.atomic
def event_seat(*, event_id: int, actor=None) -> Event:
    """Generate the movement and seat everyone (fixed: every round; progressive: round 1)."""
    event = event_lock(event_id=event_id)
    require_status(event, S.DRAFT, S.OPEN, action=_("seat the players"))
    if event.movement is not None:
        raise DomainError(
            "E_ALREADY_SEATED", _("The players are already seated: use re-draw to seat them again.")
        )
    _seat(event)
    event_log(event=event, action="seat", actor=actor, seed=event.movement_seed)
    event_mark_changed(event=event)
    return event


@transaction.atomic
def event_redraw(*, event_id: int, actor=None) -> Event:
    """Seat again with a new seed; allowed only before the start."""
    event = event_lock(event_id=event_id)
    require_status(event, S.DRAFT, S.OPEN, action=_("re-draw the seating"))
    if event.movement is not None:
        seating_clear(event=event, actor=actor, reason="redraw")
    event.movement_seed += 1
    _seat(event)
    event_log(event=event, action="redraw", actor=actor, seed=event.movement_seed)
    event_mark_changed(event=event)
    return event


@transaction.atomic
def event_odd_numbers_set(
    *, event_id: int, choice: str, ghost_partner: str = "", actor=None
) -> Event:
    """How the event seats a number of players that is not a multiple of four (and, with a
    ghost seat, what the ghost's partner scores: the rule ``ghost_partner``); before the start
    only (it decides who sits where), re-seating at once if the players were seated."""
    event = event_lock(event_id=event_id)
    require_status(event, S.DRAFT, S.OPEN, action=_("change how odd numbers are seated"))
    game = game_for(event)
    if choice not in game.odd_numbers_for(event):
        raise DomainError(
            "E_ODD_NUMBERS", _("This game cannot seat odd numbers that way."), field="choice"
        )
    changed = _ghost_partner_set(event, ghost_partner, actor)
    if choice != event.odd_numbers:
        event.odd_numbers = choice
        event.save(update_fields=["odd_numbers"])
        if event.movement is not None:
            seating_clear(event=event, actor=actor, reason="odd_numbers")
            _seat(event)
        event_log(event=event, action="odd_numbers", actor=actor, choice=choice)
        changed = True
    if changed:
        event_mark_changed(event=event)
    return event


def _ghost_partner_set(event: Event, value: str, actor) -> bool:
    """Set the rule ``ghost_partner`` (blank: leave it); whether it changed."""
    choices = game_for(event).ghost_scoring
    if not value:
        return False
    if value not in choices:
        raise DomainError(
            "E_ODD_NUMBERS", _("The ghost's partner cannot score that way."), field="ghost_partner"
        )
    if (event.rules or {}).get("ghost_partner", next(iter(choices))) == value:
        return False
    event.rules = {**(event.rules or {}), "ghost_partner": value}
    event.save(update_fields=["rules"])
    event_log(event=event, action="ghost_partner", actor=actor, choice=value)
    return True
