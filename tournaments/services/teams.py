"""Running team events: teams of two pairs, a league (round robin, home and away) and a
knockout cup, each match played at two tables (docs/tournaments.md, "Team events").

Every match is seated as two ordinary tables of the round: at the first, the home team's
first pair N/S against the away team's second pair; at the second, the away team's first
pair N/S against the home team's second pair. Hands are entered at the tables as in any
pairs event; the selectors compare the two tables (``tournaments.selectors.teams``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import pairings
from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.models import MAX_HANDS, Event, Round, Team, TeamMatch, TournamentFormat
from tournaments.selectors.seating import pairs_active
from tournaments.selectors.teams import team_cup
from tournaments.services.common import (
    event_lock,
    event_log,
    event_mark_changed,
    require_max_lengths,
    require_status,
)
from tournaments.services.seating import _ensure_rounds, _ensure_tables, _write_round
from tournaments.services.tournament import pair_seats

S = Event.Status


def _team_event(event_id: int, *statuses: str, action: str) -> Event:
    event = event_lock(event_id=event_id)
    require_status(event, *statuses, action=action)
    if not game_for(event).team_event:
        raise DomainError("E_KIND", _("This event is not played by teams."), field="kind")
    return event


@transaction.atomic
def teams_make(*, event_id: int, names: list[str] | None = None, actor=None) -> list[Team]:
    """Teams from the registered pairs in order (pairs 1 and 2 are team 1, ...)."""
    event = _team_event(event_id, S.DRAFT, S.OPEN, action=_("make the teams"))
    if event.movement is not None:
        raise DomainError("E_ALREADY_SEATED", _("Make the teams before the fixtures."))
    pairs = pairs_active(event=event, round_number=1)
    if len(pairs) < 4 or len(pairs) % 2:
        raise DomainError(
            "E_TEAMS",
            _("Teams need an even number of complete pairs, at least 4."),
            field="entries",
        )
    names = [" ".join(name.split()) for name in names or []]
    for name in names:
        require_max_lengths(Team, name=name)  # PostgreSQL would refuse it with a 500
    Team.objects.filter(event=event).delete()
    teams = [
        Team.objects.create(
            event=event,
            number=k,
            first_pair=pairs[2 * k - 2],
            second_pair=pairs[2 * k - 1],
            name=names[k - 1] if k <= len(names) and names[k - 1] else _("Team %(n)s") % {"n": k},
        )
        for k in range(1, len(pairs) // 2 + 1)
    ]
    event_log(event=event, action="teams_make", actor=actor, teams=len(teams))
    event_mark_changed(event=event)
    return teams


def _seat_matches(event: Event, rnd: Round, fixtures: list[tuple], idle: list[Team]) -> None:
    """Seat a round's matches (home, away, stage, cup match id) two tables each."""
    tables = _ensure_tables(event, 2 * len(fixtures))
    seats, rows = [], []
    for k, (home, away, stage, cup_match) in enumerate(fixtures):
        first, second = 2 * k + 1, 2 * k + 2
        for table, ns, ew in (
            (first, home.first_pair, away.second_pair),
            (second, away.first_pair, home.second_pair),
        ):
            seats += pair_seats(ns, table, "NS") + pair_seats(ew, table, "EW")
        rows.append(
            TeamMatch(
                event=event,
                round=rnd,
                stage=stage,
                cup_match=cup_match,
                home=home,
                away=away,
                first_table=tables[first],
                second_table=tables[second],
            )
        )
    for team in idle:
        seats += pair_seats(team.first_pair, None, "") + pair_seats(team.second_pair, None, "")
    _write_round(rnd, tables, seats)
    TeamMatch.objects.filter(round=rnd).delete()
    TeamMatch.objects.bulk_create(rows)


def _prepare(event: Event, rounds: int, hands_per_round: int, scale, **fmt) -> TournamentFormat:
    if rounds * hands_per_round > MAX_HANDS or hands_per_round < 1:
        raise DomainError(
            "E_HANDS",
            _(
                "%(rounds)s rounds of %(per)s hands is more than %(max)s hands: play fewer hands a round."
            )
            % {"rounds": rounds, "per": hands_per_round, "max": MAX_HANDS},
            field="hands_per_round",
        )
    try:
        rows = [list(r) for r in pairings.scale_rows(scale)]
    except pairings.PairingError as exc:
        raise DomainError(exc.code, exc.message, field="match_points") from exc
    teams = list(Team.objects.filter(event=event).select_related("first_pair", "second_pair"))
    if len(teams) < 2:
        raise DomainError("E_TEAMS", _("Make the teams first."), field="teams")
    event.hands, event.hands_per_round = rounds * hands_per_round, hands_per_round
    event.save(update_fields=["hands", "hands_per_round", "updated_at"])
    Round.objects.filter(event=event).delete()
    fmt_row, _new = TournamentFormat.objects.update_or_create(
        event=event,
        defaults={
            "playoff": TournamentFormat.Playoff.NONE,
            "match_points": rows,
            "bracket": None,
            "playoff_results": {},
            **fmt,
        },
    )
    return fmt_row


@transaction.atomic
def team_league_seat(
    *,
    event_id: int,
    hands_per_round: int,
    home_and_away: bool = True,
    match_points="3-1-0",
    actor=None,
) -> Event:
    """The league's fixture list, every round seated: each team meets each other (twice with
    home and away); an odd number of teams gives a bye a round."""
    event = _team_event(event_id, S.DRAFT, S.OPEN, action=_("make the fixtures"))
    teams = {t.number: t for t in Team.objects.filter(event=event)}
    fixtures = (
        pairings.round_robin(sorted(teams), home_and_away=home_and_away) if len(teams) > 1 else []
    )
    _prepare(event, len(fixtures), hands_per_round, match_points)
    rounds = _ensure_rounds(event)
    for rnd in fixtures:
        matches = [(teams[h], teams[a], TeamMatch.Stage.LEAGUE, "") for h, a in rnd["matches"]]
        idle = [teams[rnd["bye"]]] if rnd["bye"] is not None else []
        _seat_matches(event, rounds[rnd["round"]], matches, idle)
    event.movement = {"kind": "team_league", "home_and_away": home_and_away}
    event.save(update_fields=["movement", "updated_at"])
    event_log(event=event, action="team_league_seat", actor=actor, rounds=len(fixtures))
    event_mark_changed(event=event)
    return event


def _seat_cup_round(event: Event, rnd: Round, fmt: TournamentFormat) -> None:
    teams = {t.number: t for t in Team.objects.filter(event=event)}
    state = team_cup(event=event)
    cup_round = min(m["round"] for m in state["matches"] if m["status"] in ("ready", "pending"))
    ready = [m for m in state["matches"] if m["round"] == cup_round and m["status"] == "ready"]
    if any(m["status"] == "pending" for m in state["matches"] if m["round"] == cup_round):
        raise DomainError("E_CUP_UNDECIDED", _("A cup match of the round before is undecided."))
    playing = {t for m in ready for t in (m["home_team"], m["away_team"])}
    fixtures = [
        (teams[m["home_team"]], teams[m["away_team"]], TeamMatch.Stage.CUP, m["id"]) for m in ready
    ]
    _seat_matches(event, rnd, fixtures, [t for n, t in teams.items() if n not in playing])


@transaction.atomic
def team_cup_draw(
    *, event_id: int, hands_per_round: int, seed: int = 0, match_points="3-1-0", actor=None
) -> TournamentFormat:
    """Draw the knockout cup (byes out of the hat when not a power of two) and seat round 1."""
    event = _team_event(event_id, S.DRAFT, S.OPEN, action=_("draw the cup"))
    numbers = sorted(Team.objects.filter(event=event).values_list("number", flat=True))
    try:
        bracket = pairings.cup_draw(numbers, seed=seed)
    except pairings.PairingError as exc:
        raise DomainError(exc.code, exc.message, field="teams") from exc
    fmt = _prepare(
        event,
        bracket["size"].bit_length() - 1,
        hands_per_round,
        match_points,
        playoff=TournamentFormat.Playoff.SINGLE,
    )
    fmt.bracket = bracket
    fmt.save(update_fields=["bracket"])
    rounds = _ensure_rounds(event)
    _seat_cup_round(event, rounds[1], fmt)
    event.movement = {"kind": "team_cup", "seed": seed}
    event.save(update_fields=["movement", "updated_at"])
    event_log(event=event, action="team_cup_draw", actor=actor, seed=seed)
    event_mark_changed(event=event)
    return fmt


@transaction.atomic
def team_cup_seat_round(*, event_id: int, actor=None) -> Round:
    """Seat the cup's next round from the winners of the round before (once it is closed)."""
    event = _team_event(event_id, S.RUNNING, action=_("seat the next cup round"))
    fmt = TournamentFormat.objects.get(event=event)
    if event.rounds.filter(status=Round.Status.OPEN).exists():
        raise DomainError("E_ROUND_OPEN", _("Close the open round first."))
    rnd = event.rounds.filter(status=Round.Status.PENDING).order_by("number").first()
    if rnd is None:
        raise DomainError("E_NO_ROUND_LEFT", _("Every cup round has been played."))
    _seat_cup_round(event, rnd, fmt)
    event_log(event=event, action="team_cup_seat", actor=actor, round=rnd.number)
    event_mark_changed(event=event)
    return rnd
