"""Running the rounds: open (hands and trumps fixed), close (all tables in, or forced).

Rounds run strictly in order, one open at a time. Closing a progressive round seats the
next one from its confirmed results: the winner of a table is the side with more tricks
over the round's hands, a tie going to the winner of the last hand (docs/rules.md §B1 step 5).
The tricks come from the ``drive`` engine (revokes applied), never a second copy of it.
A table closed by force with no result counts its N/S pair as the winners for the
movement only (a design default: somebody has to move; nothing is scored for it).
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments.error_messages import engine_error
from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.models import CardTotal, Event, Hand, Result, Round, Seating, Source
from tournaments.selectors.rounds import missing_results
from tournaments.services import results as result_services
from tournaments.services.backup import backup_after_round_close
from tournaments.services.common import event_lock, event_log, event_mark_changed, require_status
from tournaments.services.seating import seating_progress


def _round(event: Event, number: int) -> Round:
    rnd = event.rounds.filter(number=number).first()
    if rnd is None:
        raise DomainError(
            "E_NO_ROUND", _("There is no round %(n)s.") % {"n": number}, field="round"
        )
    return rnd


def hand_numbers(event: Event, round_number: int) -> range:
    """The event-wide hand numbers played in a round."""
    first = (round_number - 1) * event.hands_per_round + 1
    return range(first, min(round_number * event.hands_per_round, event.hands) + 1)


def trump_for(event: Event, hand_number: int) -> str:
    """Hand h's trump is rot[(h - 1) % len(rot)] (docs/rules.md §B1); none where the bid decides."""
    return event.trumps[(hand_number - 1) % len(event.trumps)] if event.trumps else ""


@transaction.atomic
def round_open(*, event_id: int, round_number: int | None = None, actor=None) -> Round:
    """Open the next round: its hands are created and their trumps fixed from now on."""
    event = event_lock(event_id=event_id)
    require_status(event, Event.Status.RUNNING, action=_("open a round"))
    current = event.rounds.filter(status=Round.Status.OPEN).first()
    if current is not None:
        raise DomainError(
            "E_ROUND_OPEN",
            _("Round %(n)s is still open: close it first.") % {"n": current.number},
            field="round",
        )
    nxt = event.rounds.filter(status=Round.Status.PENDING).order_by("number").first()
    if nxt is None:
        raise DomainError("E_NO_ROUND_LEFT", _("Every round has been played."), field="round")
    if round_number is not None and round_number != nxt.number:
        raise DomainError(
            "E_ROUND_ORDER",
            _("Rounds are played in order: the next round is %(n)s.") % {"n": nxt.number},
            field="round",
        )
    if not nxt.seatings.filter(table__isnull=False).exists():
        if game_for(event).team_event:
            said = _("Round %(n)s has no seating yet: seat it on the Teams page first.")
        elif hasattr(event, "tournament_format"):
            said = _("Round %(n)s has no seating yet: pair it on the Tournament page first.")
        else:
            said = _("Round %(n)s has no seating yet.")
        raise DomainError("E_NOT_SEATED", said % {"n": nxt.number}, field="round")
    Hand.objects.bulk_create(
        Hand(event=event, round=nxt, number=h, trump=trump_for(event, h))
        for h in hand_numbers(event, nxt.number)
    )
    nxt.status = Round.Status.OPEN
    nxt.opened_at = timezone.now()
    nxt.save(update_fields=["status", "opened_at"])
    event_log(event=event, action="round_open", actor=actor, round=nxt.number)
    event_mark_changed(event=event)
    return nxt


OWN_AVERAGE = "own_average"


def not_played_credit(event: Event, credit: str | float | int | None) -> str | float | int | None:
    """The credit for a table that never reported, checked: own average or 0..13 tricks.

    None where the game does not credit missing hands (a match game: nothing is scored).
    A drive closed without a stated choice gets its players' own average, as for a sit-out.
    """
    if not game_for(event).credits_unreported:
        return None
    if credit is None or credit == OWN_AVERAGE:
        return OWN_AVERAGE
    try:
        value = float(credit)
    except (TypeError, ValueError):
        value = -1.0
    if not 0 <= value <= 13 or (value * 2) % 1:
        raise DomainError(
            "E_CREDIT",
            _("Give the missing tables a score from 0 to 13 tricks (halves allowed, such as 6.5)."),
            field="credit",
        )
    return int(value) if value.is_integer() else value


def _mark_not_played(
    event: Event, rnd: Round, missing: dict[int, list[int]], actor, credit
) -> None:
    """Record every missing (table, hand) as not played, through the score-entry service."""
    tables = {t.number: t for t in event.tables.filter(number__in=missing)}
    hands = {h.number: h for h in rnd.hands.all()}
    data = {"credit": credit} if credit is not None else {}
    for table_no, numbers in missing.items():
        for hand_no in numbers:
            result_services.result_mark_not_played(
                table=tables[table_no], hand=hands[hand_no], actor=actor, data=data
            )


def round_winners(event: Event, rnd: Round) -> dict[int, int]:
    """{table number: 0 if N/S won the round, 1 if E/W} from the round's confirmed results."""
    seats: dict[int, dict[str, str]] = {}
    for s in Seating.objects.filter(round=rnd, table__isnull=False).select_related(
        "table", "entry"
    ):
        seats.setdefault(s.table.number, {})[s.seat] = str(s.entry.number)
    if event.paper_cards == Event.PaperCards.ROUNDS:
        return _card_winners(event, rnd, seats)
    hands = []
    results = Result.objects.filter(hand__round=rnd, status=Result.Status.CONFIRMED).select_related(
        "hand", "table"
    )
    for r in results.order_by("hand__number", "table__number"):
        seat = seats[r.table.number]
        hands.append(
            {
                "hand": r.hand.number,
                "table": r.table.number,
                "ns": [seat.get("N"), seat.get("S")],  # a seat nobody holds is the ghost
                "ew": [seat.get("E"), seat.get("W")],
                "tricks": r.data.get("tricks"),
                "revokes": r.data.get("revokes", {"ns": 0, "ew": 0}),
            }
        )
    # The engine's part of the rules only: prize options (categories, no double prizes)
    # are the standings' business and the engine refuses them.
    rules, _own = game_for(event).event_rules(event)
    try:
        scored = scoring.score("drive", {"rules": rules, "hands": hands})["hands"]
    except scoring.ScoringError as exc:
        raise engine_error(exc) from exc
    totals: dict[int, dict[str, int]] = {}
    last: dict[int, str] = {}
    for h in scored:
        tally = totals.setdefault(h["table"], {"ns": 0, "ew": 0})
        tally["ns"] += h["tricks"]["ns"]
        tally["ew"] += h["tricks"]["ew"]
        last[h["table"]] = h["winner"]
    winners = {}
    for table in seats:
        tally = totals.get(table)
        if tally is None:
            winners[table] = 0
        elif tally["ns"] != tally["ew"]:
            winners[table] = 0 if tally["ns"] > tally["ew"] else 1
        else:
            winners[table] = 0 if last[table] == "ns" else 1
    return winners


def _card_winners(event: Event, rnd: Round, seats: dict[int, dict[str, str]]) -> dict[int, int]:
    """A paper-card evening's winners: each side's round total off its players' cards (a
    Dutch walk's winners stayed put, every table read as won by N/S). Level, or a side
    without a total yet: N/S, as a table without results."""
    typed = {
        str(number): tricks
        for number, tricks in CardTotal.objects.filter(
            event=event, round_number=rnd.number
        ).values_list("entry__number", "tricks")
    }

    def side(at: dict[str, str], pair: str) -> int | None:
        found = [typed[at[seat]] for seat in pair if seat in at and at[seat] in typed]
        return found[0] if found else None

    winners = {}
    for table, at in seats.items():
        ns, ew = side(at, "NS"), side(at, "EW")
        winners[table] = 1 if ns is not None and ew is not None and ew > ns else 0
    return winners


def _require_round_totals(event: Event, rnd: Round) -> None:
    """Every seated player's card total for the round, before its winners move."""
    typed = set(
        CardTotal.objects.filter(event=event, round_number=rnd.number).values_list(
            "entry_id", flat=True
        )
    )
    tables = sorted(
        {
            number
            for entry_id, number in Seating.objects.filter(round=rnd, table__isnull=False)
            .values_list("entry_id", "table__number")
            if entry_id not in typed
        }
    )
    if tables:
        raise DomainError(
            "E_CARDS_MISSING",
            _(
                "Type the round's card totals first (tables %(tables)s): the winners move by them."
            )
            % {"tables": ", ".join(map(str, tables))},
            field="round",
        )


def round_seated_next(*, event: Event, rnd: Round) -> Round | None:
    """The round after ``rnd`` (closed) of a progressive drive, seated from its winners but
    not yet opened: the one a correction to ``rnd`` may seat again (nobody has moved yet)."""
    if not event.is_progressive or rnd.status != Round.Status.CLOSED:
        return None
    nxt = event.rounds.filter(number=rnd.number + 1, status=Round.Status.PENDING).first()
    return nxt if nxt is not None and nxt.seatings.exists() else None


def round_reseat_next(*, event: Event, rnd: Round, winners_before: dict[int, int]) -> bool:
    """Seat the round after ``rnd`` again when a correction changed who won a table there
    (``round_seated_next`` names it; ``winners_before``: ``round_winners`` before the
    correction). Call inside the correction's transaction."""
    winners = round_winners(event, rnd)
    if winners == winners_before:
        return False
    seating_progress(event=event, closed=rnd, winners=winners)
    return True


@transaction.atomic
def round_close(
    *,
    event_id: int,
    round_number: int,
    force: bool = False,
    credit: str | float | int | None = None,
    actor=None,
) -> Round:
    """Close an open round. Missing tables are refused unless ``force``: then they are not played.

    ``credit`` is what each player at a missing table scores for each hand it did not
    play, in a drive: "own_average" (the default) or a number of tricks such as 6.5 or 0.
    It is stored with each not-played result and shown on the score cards.
    """
    event = event_lock(event_id=event_id)
    require_status(event, Event.Status.RUNNING, action=_("close a round"))
    rnd = _round(event, round_number)
    if rnd.status == Round.Status.CLOSED:
        raise DomainError(
            "E_ROUND_CLOSED", _("Round %(n)s is already closed.") % {"n": rnd.number}, field="round"
        )
    if rnd.status != Round.Status.OPEN:
        raise DomainError(
            "E_ROUND_NOT_OPEN",
            _("Round %(n)s has not been opened.") % {"n": rnd.number},
            field="round",
        )
    # on paper the cards' totals are the result: no hands to wait for (a progressive
    # drive needs the round's totals to move its winners)
    missing = {} if event.paper_cards else missing_results(rnd)
    if event.paper_cards == Event.PaperCards.ROUNDS and event.is_progressive:
        _require_round_totals(event, rnd)
    if missing and not force:
        raise DomainError(
            "E_TABLES_MISSING",
            _(
                "Results are missing from table(s) %(tables)s. Close anyway to record them as not played."
            )
            % {"tables": ", ".join(str(t) for t in sorted(missing))},
            field="force",
            tables=sorted(missing),
        )
    credit = not_played_credit(event, credit) if missing else None
    if missing:
        _mark_not_played(event, rnd, missing, actor, credit)
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.save(update_fields=["status", "closed_at"])
    if event.is_progressive:
        seating_progress(event=event, closed=rnd, winners=round_winners(event, rnd))
    event_log(
        event=event,
        action="round_close",
        actor=actor,
        round=rnd.number,
        not_played=sorted(missing),
        credit=credit,
    )
    event_mark_changed(event=event)
    backup_after_round_close(event_id=event.pk)
    return rnd


def _random_drive_data(rng: random.Random) -> dict:
    ns = rng.randint(0, 13)
    return {"tricks": {"ns": ns, "ew": 13 - ns}, "revokes": {"ns": 0, "ew": 0}}


@transaction.atomic
def round_simulate(*, event_id: int, round_number: int, seed: int = 0, actor=None) -> int:
    """Confirmed random drive results for every table and hand of an open round still without one.

    For demos and rehearsals: each goes through the score-entry service (entered, then
    confirmed), so it is checked, versioned and audited like any other. Returns the count.
    """
    event = event_lock(event_id=event_id)
    require_status(event, Event.Status.RUNNING, action=_("simulate results"))
    if not game_for(event).simulatable:
        raise DomainError("E_KIND", _("Only drives can be simulated."))
    rnd = _round(event, round_number)
    if rnd.status != Round.Status.OPEN:
        raise DomainError(
            "E_ROUND_NOT_OPEN", _("Round %(n)s is not open.") % {"n": rnd.number}, field="round"
        )
    rng = random.Random(f"{seed}:{event.pk}:{rnd.number}")
    tables = {t.number: t for t in event.tables.all()}
    hands = {h.number: h for h in rnd.hands.all()}
    live_status = {
        (table_id, hand_id): status
        for table_id, hand_id, status in Result.objects.filter(hand__round=rnd)
        .exclude(status=Result.Status.SUPERSEDED)
        .values_list("table_id", "hand_id", "status")
    }
    written = 0
    for table_no, gaps in sorted(missing_results(rnd).items()):
        for hand_no in gaps:
            table, hand = tables[table_no], hands[hand_no]
            status = live_status.get((table.pk, hand.pk))
            if status == Result.Status.DISPUTED:
                continue  # a dispute is the organizer's to settle, not the simulator's
            if status is None:
                result_services.result_submit(
                    table=table, hand=hand, data=_random_drive_data(rng), source=Source.SYSTEM
                )
            result_services.result_confirm(table=table, hand=hand, source=Source.SYSTEM)
            written += 1
    return written
