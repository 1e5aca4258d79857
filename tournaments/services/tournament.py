"""Running a Bid Whist tournament: configure it, pair each qualifying round, draw the playoff
from the standings and enter the playoff winners.

The qualifying rounds are ordinary rounds (hands entered and confirmed at the tables); each
round is paired by this service once the round before is closed, by Swiss pairing or by
winners-move-up (``tournaments.pairings``), and then opened as usual (``round_open``).
"""

from __future__ import annotations

import random
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import pairings
from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.models import MAX_HANDS, Event, Round, TournamentFormat
from tournaments.pairings.money import check_split
from tournaments.selectors.seating import pairs_active
from tournaments.selectors.tournament import qualifying, ranked, tournament_format
from tournaments.services.common import event_lock, event_log, event_mark_changed, require_status
from tournaments.services.seating import _ensure_rounds, _ensure_tables, _write_round

S = Event.Status


def _pairing_error(exc: pairings.PairingError, field: str | None = None) -> DomainError:
    return DomainError(exc.code, exc.message, field=field)


def _money(value, field: str) -> Decimal:
    try:
        amount = Decimal(str(value or 0))
    except InvalidOperation as exc:
        raise DomainError("E_MONEY", _("Give an amount of money."), field=field) from exc
    if amount < 0 or not amount.is_finite():
        raise DomainError("E_MONEY", _("An amount cannot be negative."), field=field)
    return amount.quantize(Decimal("0.01"))


@transaction.atomic
def tournament_configure(
    *,
    event_id: int,
    rounds: int,
    hands_per_round: int,
    qualifying: str = TournamentFormat.Qualifying.SWISS,
    ranking: str | list[str] = "wins_hands_points",
    match_to: str = TournamentFormat.MatchTo.HANDS,
    playoff: str = TournamentFormat.Playoff.SINGLE,
    playoff_teams: int = 8,
    final_best_of: int = 1,
    pot=0,
    prize_split=(50, 30, 20),
    boston_prize=0,
    actor=None,
) -> TournamentFormat:
    """Run a Bid Whist event as a tournament (before the start): ``rounds`` qualifying rounds
    of ``hands_per_round`` hands, ranked by ``ranking`` (a preset or a list of criteria)."""
    event = event_lock(event_id=event_id)
    require_status(event, S.DRAFT, S.OPEN, action=_("set up the tournament"))
    if not game_for(event).tournament_formats:
        raise DomainError("E_KIND", _("Only a Bid Whist event runs as a tournament."), field="kind")
    if event.movement is not None:
        raise DomainError("E_ALREADY_SEATED", _("Set up the tournament before seating."))
    if rounds < 1 or hands_per_round < 1 or rounds * hands_per_round > MAX_HANDS:
        raise DomainError(
            "E_HANDS",
            _("Rounds times hands a round must be 1 to %(max)s hands.") % {"max": MAX_HANDS},
            field="rounds",
        )
    if qualifying not in TournamentFormat.Qualifying.values:
        raise DomainError("E_CHOICE", _("Choose Swiss or winners move up."), field="qualifying")
    if match_to not in TournamentFormat.MatchTo.values:
        raise DomainError("E_CHOICE", _("Choose what a match is played to."), field="match_to")
    if playoff not in TournamentFormat.Playoff.values:
        raise DomainError("E_CHOICE", _("Choose a playoff."), field="playoff")
    if playoff_teams < 2 or final_best_of not in (1, 3, 5, 7, 9):
        raise DomainError(
            "E_PLAYOFF",
            _("A playoff needs 2 or more teams and a final of best of 1, 3, 5, 7 or 9."),
            field="playoff_teams",
        )
    try:
        order = list(pairings.ranking_order(ranking))
        split = [int(p) if p == int(p) else float(p) for p in check_split(prize_split)]
    except pairings.PairingError as exc:
        raise _pairing_error(exc, "ranking" if exc.code == "E_PAIRING" else "prize_split") from exc
    fmt, _created = TournamentFormat.objects.update_or_create(
        event=event,
        defaults={
            "qualifying": qualifying,
            "match_to": match_to,
            "ranking": order,
            "playoff": playoff,
            "playoff_teams": playoff_teams,
            "final_best_of": final_best_of,
            "pot": _money(pot, "pot"),
            "prize_split": split,
            "boston_prize": _money(boston_prize, "boston_prize"),
            "bracket": None,
            "playoff_results": {},
        },
    )
    event.hands, event.hands_per_round = rounds * hands_per_round, hands_per_round
    event.save(update_fields=["hands", "hands_per_round", "updated_at"])
    event_log(event=event, action="tournament_configure", actor=actor, qualifying=qualifying)
    event_mark_changed(event=event)
    return fmt


def pair_seats(pair, table: int | None, places: str) -> list[tuple]:
    """(entry, table, seat) for a pair: its lower entry number N (or E), the other S (or W);
    no table and no places for a sit-out."""
    members = sorted(pair.entries.all(), key=lambda e: e.number)
    return [(e, table, places[k] if table else "") for k, e in enumerate(members)]


def _next_round(event: Event) -> Round:
    rounds = _ensure_rounds(event)
    if any(r.status == Round.Status.OPEN for r in rounds.values()):
        raise DomainError("E_ROUND_OPEN", _("Close the open round before pairing the next one."))
    pending = sorted(n for n, r in rounds.items() if r.status == Round.Status.PENDING)
    if not pending:
        raise DomainError("E_NO_ROUND_LEFT", _("Every qualifying round has been paired."))
    return rounds[pending[0]]


def _ladder(event: Event, rnd: Round, order: list[int], q) -> dict | None:
    """Winners move up from the round before, or None when its teams are not this round's."""
    before = sorted(
        (m for m in q.matches if m["round"] == rnd.number - 1), key=lambda m: m["table"]
    )
    bye = sorted(q.sat_out.get(rnd.number - 1, ()))
    seated = {t for m in before for t in (m["A"], m["B"])} | set(bye)
    if seated != set(order) or len(bye) > 1 or any(m["winner"] is None for m in before):
        return None
    return pairings.ladder_next(
        [[m["A"], m["B"]] for m in before],
        [m["winner"] for m in before],
        bye[0] if bye else None,
        q.byes,
    )


@transaction.atomic
def tournament_pair_round(*, event_id: int, actor=None) -> Round:
    """Seat the next qualifying round from the standings (round 1: a draw by the movement seed)."""
    event = event_lock(event_id=event_id)
    require_status(event, S.DRAFT, S.OPEN, S.RUNNING, action=_("pair a round"))
    fmt = tournament_format(event=event)
    rnd = _next_round(event)
    if rnd.number == 1 and event.status == S.RUNNING:
        raise DomainError("E_STARTED", _("Round 1 is paired before the start."))
    if rnd.number > 1 and event.status != S.RUNNING:
        raise DomainError("E_NOT_STARTED", _("Start the event before pairing round 2."))
    active = {p.number: p for p in pairs_active(event=event, round_number=rnd.number)}
    if len(active) < 2:
        raise DomainError(
            "E_TOO_FEW", _("A tournament needs at least 2 complete teams."), field="entries"
        )
    q = qualifying(event=event)
    if rnd.number == 1:
        if fmt.qualifying == TournamentFormat.Qualifying.SWISS:
            try:
                pairings.swiss_schedule_check(len(active), event.round_count)
            except pairings.PairingError as exc:
                raise _pairing_error(exc, "rounds") from exc
        order = sorted(active)
        random.Random(event.movement_seed).shuffle(order)
    else:
        order = [n for n in ranked(event=event, fmt=fmt, q=q) if n in active]
    plan = None
    if fmt.qualifying == TournamentFormat.Qualifying.LADDER:
        plan = pairings.ladder_start(order) if rnd.number == 1 else _ladder(event, rnd, order, q)
    try:
        plan = plan or pairings.swiss_round(order, q.played(), q.byes)
    except pairings.PairingError as exc:
        raise _pairing_error(exc) from exc
    tables = _ensure_tables(event, len(plan["tables"]))
    seats = []
    for number, (a, b) in enumerate(plan["tables"], start=1):
        seats += pair_seats(active[a], number, "NS") + pair_seats(active[b], number, "EW")
    if plan["bye"] is not None:
        seats += pair_seats(active[plan["bye"]], None, "")
    _write_round(rnd, tables, seats)
    if event.movement is None:
        event.movement = {"kind": fmt.qualifying, "progressive": True, "seed": event.movement_seed}
        event.save(update_fields=["movement", "updated_at"])
    event_log(
        event=event,
        action="tournament_pair",
        actor=actor,
        round=rnd.number,
        rematches=plan.get("rematches", 0),
    )
    event_mark_changed(event=event)
    return rnd


@transaction.atomic
def tournament_playoff_draw(*, event_id: int, actor=None) -> TournamentFormat:
    """Seed the playoff bracket from the qualifying standings, once every round is closed."""
    event = event_lock(event_id=event_id)
    require_status(event, S.RUNNING, action=_("draw the playoff"))
    fmt = tournament_format(event=event)
    if fmt.playoff == TournamentFormat.Playoff.NONE:
        raise DomainError("E_NO_PLAYOFF", _("This tournament has no playoff."), field="playoff")
    if fmt.bracket is not None:
        raise DomainError("E_PLAYOFF_DRAWN", _("The playoff has been drawn already."))
    if event.rounds.exclude(status=Round.Status.CLOSED).exists():
        raise DomainError("E_ROUNDS_LEFT", _("Close every qualifying round before the playoff."))
    seeds = ranked(event=event, fmt=fmt)[: fmt.playoff_teams]
    make = (
        pairings.single_elimination
        if fmt.playoff == TournamentFormat.Playoff.SINGLE
        else pairings.double_elimination
    )
    try:
        fmt.bracket = make(seeds, final_best_of=fmt.final_best_of)
    except pairings.PairingError as exc:
        raise _pairing_error(exc, "playoff_teams") from exc
    fmt.playoff_results = {}
    fmt.save(update_fields=["bracket", "playoff_results"])
    event_log(event=event, action="playoff_draw", actor=actor, seeds=seeds)
    event_mark_changed(event=event)
    return fmt


@transaction.atomic
def tournament_playoff_result(*, event_id: int, match: str, winner: int | None, actor=None) -> dict:
    """Enter (or, with ``winner`` None, clear) the winning team of a playoff match."""
    event = event_lock(event_id=event_id)
    require_status(event, S.RUNNING, action=_("enter a playoff result"))
    fmt = tournament_format(event=event)
    if fmt.bracket is None:
        raise DomainError("E_NO_BRACKET", _("Draw the playoff first."))
    results = {**fmt.playoff_results}
    results.pop(match, None)
    if winner is not None:
        results[match] = winner
    try:
        state = pairings.resolve(fmt.bracket, results)
    except pairings.PairingError as exc:
        raise _pairing_error(exc, "winner") from exc
    fmt.playoff_results = results
    fmt.save(update_fields=["playoff_results"])
    event_log(event=event, action="playoff_result", actor=actor, match=match, winner=winner)
    event_mark_changed(event=event)
    return state
