"""Match play at one table: a rubber, a Bid Whist game, an Es-makker session, hand by hand.

A hand of a rubber or a Bid Whist game is valid only after the hands before it (no hand
after the rubber is decided), so a table's hands are always scored as one sequence by
``score_sequence``: the score-entry service checks a new hand with it, the table page and
the grid show its running state, and the league table adds up its matches. The engines
(``scoring.score``) do every sum; successive games or rubbers are split exactly as the
standings selector splits them (its ``score_games``), so every page agrees.

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
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

import scoring
from tournaments.errors import DomainError
from tournaments.models import SEATS, Event, Result
from tournaments.selectors.standings import engine_rules as standings_engine_rules
from tournaments.selectors.standings.matchplay import score_games

LEAGUE_KEY = "league"
MATCH_MODES = ("rubber", "hands")
POINTS_MODES = ("league", "rubber")
OVER_CODE = {"rubber": "E_RUBBER_OVER", "bidwhist": "E_GAME_OVER"}
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
    raw, _own = standings_engine_rules(event.system, dict(event.rules or {}))
    return raw


def chains(event: Event) -> bool:
    """Whether a hand after a decided game or rubber starts the next one (else it is refused).

    Bid Whist sessions always play on; a robber league only on timed nights (``hands``).
    """
    if event.system == "bidwhist":
        return True
    return event.system == "rubber" and league_options(event.rules).match == "hands"


def score_sequence(event: Event, hands: list[dict], players: list[str] | None = None) -> list[dict]:
    """The engine's output for a table's hands in order: one document per game or rubber.

    Raises ``scoring.ScoringError`` with ``hand`` = the 1-based position in ``hands``.
    """
    if not hands:
        return []
    rules = engine_rules(event)
    if event.system == "esmakker":
        return [scoring.score("esmakker", {"rules": rules, "players": players, "hands": hands})]
    if chains(event):
        return score_games(event.system, rules, list(hands), OVER_CODE[event.system])
    return [scoring.score(event.system, {"rules": rules, "hands": hands})]


def seat_players(players: Mapping[str, str]) -> list[str]:
    """Es-makker's player list, clockwise from North (entry numbers as text)."""
    return [players[seat] for seat in SEATS if seat in players]


# --- the running state of a table ----------------------------------------------------------------


@dataclass
class MatchState:
    """What a table has scored so far, for the table page and the grid.

    ``lines`` maps a hand number to its running state after that hand; ``over`` means the
    match needs no more hands (a rubber decided, one rubber a match).
    """

    system: str
    lines: dict[int, dict] = field(default_factory=dict)
    summary: dict = field(default_factory=dict)
    over: bool = False
    over_after: int | None = None
    error: str = ""


def _rubber_state(outputs: list[dict], numbers: list[int], chained: bool) -> MatchState:
    state = MatchState("rubber")
    hands = iter(numbers)
    total = {"A": 0, "B": 0}
    rubbers = []
    for k, out in enumerate(outputs, 1):
        games_won = {"A": 0, "B": 0}
        for hand in out["hands"]:
            if hand["game_over"]:
                games_won[hand["game_winner"]] += 1
            number = next(hands)
            state.lines[number] = {
                "rubber": k,
                "game": hand["game"],
                "score": hand["score"],
                "game_over": hand["game_over"],
                "game_winner": hand["game_winner"],
                "games_won": dict(games_won),
                "void": hand["void"],
                "rubber_over": False,
            }
        rubber = out["rubber"]
        if rubber["complete"] and out["hands"]:
            state.lines[number]["rubber_over"] = True
            state.lines[number]["rubber_winner"] = rubber["winner"]
        for side in total:
            total[side] += rubber["net"][side]
        rubbers.append({"number": k, **rubber})
    last = outputs[-1] if outputs else None
    current = {"A": 0, "B": 0}
    if last and last["hands"] and not last["hands"][-1]["game_over"]:
        current = last["hands"][-1]["score"]
    state.summary = {
        "rubbers": rubbers,
        "current": rubbers[-1] if rubbers else None,
        "game_score": current,
        "game": (len(last["games"]) + 1) if last else 1,
        "net": total,
    }
    if last and last["rubber"]["complete"] and not chained:
        state.over = True
        state.over_after = numbers[-1]
    return state


def _bidwhist_state(outputs: list[dict], numbers: list[int]) -> MatchState:
    state = MatchState("bidwhist")
    hands = iter(numbers)
    total = {"A": 0, "B": 0}
    won = {"A": 0, "B": 0}
    for k, out in enumerate(outputs, 1):
        for hand in out["hands"]:
            state.lines[next(hands)] = {
                "game": k,
                "contract": hand["contract"],
                "made": hand["made"],
                "points": hand["points"],
                "score": hand["score"],
            }
        if out["hands"]:
            for side in total:
                total[side] += out["hands"][-1]["score"][side]
        if out["game"]["winner"]:
            won[out["game"]["winner"]] += 1
    last = outputs[-1] if outputs else None
    current = {"A": 0, "B": 0}
    if last and last["hands"] and not last["game"]["over"]:
        current = last["hands"][-1]["score"]
    state.summary = {
        "games_won": won,
        "game": len(outputs) + (0 if last and not last["game"]["over"] else 1),
        "game_score": current,
        "points": total,
    }
    return state


def _esmakker_state(outputs: list[dict], numbers: list[int], players: list[str]) -> MatchState:
    state = MatchState("esmakker")
    running = dict.fromkeys(players, 0)
    out = outputs[0] if outputs else {"hands": [], "totals": running}
    for number, hand in zip(numbers, out["hands"], strict=True):
        for player, points in hand["points"].items():
            running[player] += points
        state.lines[number] = {
            "made": hand["made"],
            "points": hand["points"],
            "rows": [(p, hand["points"].get(p, 0), running[p]) for p in players],
        }
    totals = out["totals"]
    state.summary = {
        "totals": [(p, totals.get(p, 0)) for p in players],
        "sum": sum(totals.values()),
    }
    return state


def running_state(
    *, event: Event, rows: Iterable[tuple[int, Result | None]], players: Mapping[str, str]
) -> MatchState | None:
    """The table's running score over its live hands (entered, confirmed or disputed).

    ``rows`` are (hand number, live result) of one table in one round; ``players`` maps
    seat to entry number. None for drives (their tables have no running match).
    """
    if event.system == "drive":
        return None
    counted = sorted(
        (number, r.data) for number, r in rows if r is not None and r.status in COUNTED
    )
    numbers = [n for n, _data in counted]
    names = seat_players(players)
    try:
        outputs = score_sequence(event, [d for _n, d in counted], names)
    except (scoring.ScoringError, DomainError) as exc:
        return MatchState(event.system, error=exc.message)
    if event.system == "rubber":
        return _rubber_state(outputs, numbers, chains(event))
    if event.system == "bidwhist":
        return _bidwhist_state(outputs, numbers)
    return _esmakker_state(outputs, numbers, names)


def decided_after(*, event: Event, results: Iterable[tuple[int, int, str, dict]]) -> dict[int, int]:
    """{table number: the hand that decided its rubber} where one rubber is the whole match.

    ``results`` are (table number, hand number, status, data) of one round's live results;
    only confirmed hands count. The hands after the deciding one are not needed: a round
    can close without them.
    """
    if event.system != "rubber" or chains(event):
        return {}
    by_table: dict[int, list[tuple[int, dict]]] = {}
    for table, number, status, data in results:
        if status == Result.Status.CONFIRMED:
            by_table.setdefault(table, []).append((number, data))
    decided = {}
    for table, hands in by_table.items():
        hands.sort(key=lambda h: h[0])
        try:
            outputs = score_sequence(event, [d for _n, d in hands])
        except scoring.ScoringError:
            continue
        if outputs and outputs[-1]["rubber"]["complete"]:
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
    if event.system != "rubber" or chains(event):
        return {}
    rows = Result.objects.filter(hand__round=rnd, status=Result.Status.CONFIRMED).values_list(
        "table__number", "hand__number", "status", "data"
    )
    return decided_after(event=event, results=rows)
