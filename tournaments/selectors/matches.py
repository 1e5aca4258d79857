"""Match play at one table: a rubber, a Bid Whist game, an Es-makker session, hand by hand.

The game (``tournaments.games``) scores and shows them; this reads the rows. A hand of a
rubber or a Bid Whist game is valid only after the hands before it (no hand
after the rubber is decided), so a table's hands are always scored as one sequence by
``score_sequence``: the score-entry service checks a new hand with it, the table page and
the grid show its running state, and the league table adds up its matches. The engines
(``scoring.score``) do every sum; successive games or rubbers are split exactly as the
standings split them (``tournaments.games.base.score_games``), so every page agrees.

League options live in ``Event.rules["league"]`` (never passed to an engine):
``match``: ``"rubber"`` (default: one rubber per match; the round's hands are a maximum,
a hand after the rubber is decided is refused and not needed) or ``"hands"`` (a timed
league night: every hand of the round is played, a decided rubber is followed by the
next, and an unfinished rubber scores its value so far); ``points``: ``"league"``
(default: 3/1/0 league points, then net rubber points) or ``"rubber"`` (net rubber
points first); ``win``/``draw``/``loss``: the league points of a match.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

import scoring
from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.games.base import MatchState
from tournaments.models import SEATS, Event, Result

LEAGUE_KEY = "league"
MATCH_MODES = ("rubber", "hands")
POINTS_MODES = ("league", "rubber")
COUNTED = (Result.Status.ENTERED, Result.Status.CONFIRMED, Result.Status.DISPUTED)


@dataclass(frozen=True)
class LeagueOptions:
    """How a robber league plays and ranks its matches (see the module doc)."""

    match: str = "rubber"
    points: str = "league"
    win: int = 3
    draw: int = 1
    loss: int = 0


def league_options(rules: Mapping | None) -> LeagueOptions:
    """The event's league options; a bad value is refused beside the rules field."""
    raw = (rules or {}).get(LEAGUE_KEY) or {}
    if not isinstance(raw, Mapping):
        raise DomainError("E_RULES", _("The league options must be an object."), field="rules")
    unknown = sorted(set(raw) - {"match", "points", "win", "draw", "loss"})
    if unknown:
        raise DomainError(
            "E_RULES",
            _("Unknown league option(s): %(keys)s.") % {"keys": ", ".join(unknown)},
            field="rules",
        )
    options = LeagueOptions(**raw)
    if options.match not in MATCH_MODES:
        raise DomainError(
            "E_RULES", _("A league match is a rubber or a fixed number of hands."), field="rules"
        )
    if options.points not in POINTS_MODES:
        raise DomainError(
            "E_RULES", _("League ranking is by league points or by rubber points."), field="rules"
        )
    for value in (options.win, options.draw, options.loss):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DomainError(
                "E_RULES", _("League points must be whole numbers, 0 or more."), field="rules"
            )
    return options


def engine_rules(event: Event) -> dict:
    """``Event.rules`` as the event's engine reads them (no standings or league options)."""
    raw, _own = game_for(event).split_rules(event.rules)
    return raw


def chains(event: Event) -> bool:
    """Whether a hand after a decided game or rubber starts the next one (else it is refused).

    Bid Whist sessions always play on; a robber league only on timed nights (``hands``).
    """
    return game_for(event).chains(event)


def score_sequence(event: Event, hands: list[dict], players: list[str] | None = None) -> list[dict]:
    """The engine's output for a table's hands in order: one document per game or rubber.

    Raises ``scoring.ScoringError`` with ``hand`` = the 1-based position in ``hands``.
    """
    return game_for(event).score_sequence(event, hands, players)


def seat_players(players: Mapping[str, str]) -> list[str]:
    """Es-makker's player list, clockwise from North (entry numbers as text)."""
    return [players[seat] for seat in SEATS if seat in players]


# --- the running state of a table ----------------------------------------------------------------


def running_state(
    *, event: Event, rows: Iterable[tuple[int, Result | None]], players: Mapping[str, str]
) -> MatchState | None:
    """The table's running score over its live hands (entered, confirmed or disputed).

    ``rows`` are (hand number, live result) of one table in one round; ``players`` maps
    seat to entry number. None for drives (their tables have no running match).
    """
    counted = sorted(
        (number, r.data) for number, r in rows if r is not None and r.status in COUNTED
    )
    return game_for(event).running_state(event, counted, players)


def decided_after(*, event: Event, results: Iterable[tuple[int, int, str, dict]]) -> dict[int, int]:
    """{table number: the hand that decided its match} where one rubber is the whole match.

    ``results`` are (table number, hand number, status, data) of one round's live results;
    only confirmed hands count. The hands after the deciding one are not needed: a round
    can close without them.
    """
    game = game_for(event)
    if not game.ends_early(event):
        return {}
    by_table: dict[int, list[tuple[int, dict]]] = {}
    for table, number, status, data in results:
        if status == Result.Status.CONFIRMED:
            by_table.setdefault(table, []).append((number, data))
    decided = {}
    for table, hands in by_table.items():
        hands.sort(key=lambda h: h[0])
        try:
            outputs = game.score_sequence(event, [d for _n, d in hands])
        except scoring.ScoringError:
            continue
        if game.decided(outputs):
            decided[table] = hands[-1][0]
    return decided


def not_needed(
    missing: Mapping[int, list[int]], decided: Mapping[int, int]
) -> dict[int, list[int]]:
    """``missing`` ({table: [hand numbers]}) without the hands after a decided rubber."""
    out = {}
    for table, hands in missing.items():
        keep = [h for h in hands if table not in decided or h <= decided[table]]
        if keep:
            out[table] = keep
    return out


def decided_in_round(rnd) -> dict[int, int]:
    """``decided_after`` for a round, read from its confirmed results (no query otherwise)."""
    event = rnd.event
    if not game_for(event).ends_early(event):
        return {}
    rows = Result.objects.filter(hand__round=rnd, status=Result.Status.CONFIRMED).values_list(
        "table__number", "hand__number", "status", "data"
    )
    return decided_after(event=event, results=rows)
