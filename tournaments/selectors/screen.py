"""What the room's screen shows: the clock, the announcement, the seating board, the prizes.

The projector and the table phones read the clock from here; the seconds left are
computed on the server at each read, so a reload or a restart shows the same time.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import get_language

from tournaments.models import Event, Round
from tournaments.models_screen import MINUTES_PER_HAND, EventScreen
from tournaments.selectors.languages import name_order
from tournaments.selectors.rounds import play_over
from tournaments.selectors.standings import event_standings, next_round_seating

SEAT_ORDER = (("ns", ("N", "S")), ("ew", ("E", "W")))
WARN_SECONDS = 120  # the clock turns to its warning colour for the last two minutes


def default_minutes(event: Event) -> int:
    return max(1, min(240, event.hands_per_round * MINUTES_PER_HAND))


def screen_of(event: Event) -> EventScreen | None:
    return EventScreen.objects.filter(event=event).first()


def clock_state(screen: EventScreen | None, event: Event) -> dict:
    """``state`` running / paused / stopped, the whole seconds ``left`` now, the minutes set."""
    minutes = screen.minutes_per_round if screen else default_minutes(event)
    if screen is not None and screen.ends_at is not None:
        left = max(0, int((screen.ends_at - timezone.now()).total_seconds() + 0.999))
        state = "running"
    elif screen is not None and screen.seconds_left is not None:
        left, state = screen.seconds_left, "paused"
    else:
        left, state = minutes * 60, "stopped"
    return {"state": state, "left": left, "minutes": minutes, "warn": WARN_SECONDS}


def seating_board(event: Event) -> dict | None:
    """Between rounds (none open, the next one seated): every player's table and seat by name."""
    if event.status != Event.Status.RUNNING:  # rounds left unplayed at the finish are not next
        return None
    if Round.objects.filter(event=event, status=Round.Status.OPEN).exists():
        return None
    nxt = next_round_seating(event=event)
    if nxt is None or nxt["status"] != Round.Status.PENDING:
        return None
    places = []
    for table in nxt["tables"]:
        for side, seats in SEAT_ORDER:
            for seat, name in zip(seats, table[side], strict=False):
                places.append({"name": name, "table": table["table"], "seat": seat})
    places += [{"name": name, "table": None, "seat": ""} for name in nxt["sit_out"]]
    language = get_language()
    places.sort(key=lambda p: (name_order(p["name"], language), p["table"] or 0))
    return {"round": nxt["round"], "places": places}


def prize_reveal(standings: dict, revealed: int | None) -> dict | None:
    """The prize-giving: prizes from the booby to the winner, the first ``revealed`` shown."""
    if revealed is None:
        return None
    order = list(reversed(standings["prizes"]))
    shown = order[:revealed]
    latest = shown[-1] if shown else None
    # its reason without who else it passed over (news for a later prize); only a place or
    # booby prize has that note ("passed"): a special prize's reveal failed on the lookup
    reason = latest["reason"] if latest else ""
    if latest and latest.get("passed"):
        reason = reason.replace(latest["passed"], "")
    return {
        "shown": shown,
        "latest": latest,
        "latest_reason": reason,
        "earlier": list(reversed(shown[:-1])),
        "total": len(order),
        "left": len(order) - len(shown),
        "coming": order[len(shown)] if len(shown) < len(order) else None,  # for the MC
    }


# A name longer than this is cut in the projector's narrow columns (18em): the list then gets
# wide ones, so that on a big night people find their own row on the board.
SCREEN_NAME_CHARS = 18


def screen_holding(event: Event, screen: EventScreen | None, standings: dict | None = None) -> bool:
    """The screen keeps the winners back until the prize-giving starts or the organizer
    shows the results: the MC reads them out first."""
    return (screen is None or screen.revealed is None) and results_held(event, screen, standings)


def results_held(event: Event, screen: EventScreen | None, standings: dict | None = None) -> bool:
    """The public page (the players' phones) keeps the winners back through the whole
    prize-giving, until the organizer ends it, shows the results or publishes them.

    Already once play is over and not only from the finish: every hand in (``standings``'
    "after hand N" is the last hand) and the organizer has closed the last round. The
    standings are final then in all but name, and the room should hear the winners from
    the MC, not read them on a phone while the cards are checked."""
    if screen is not None and screen.results_shown:
        return False
    if event.status == Event.Status.FINISHED:
        return True
    return (
        standings is not None
        and bool(event.hands)
        and standings.get("after_hand") == event.hands
        and play_over(event=event)
    )


def screen_view(*, event: Event) -> dict:
    """Everything the projector shows, in a fixed number of queries."""
    screen = screen_of(event)
    standings = event_standings(event=event)
    revealed = screen.revealed if screen else None
    holding = screen_holding(event, screen, standings)
    board = None if revealed is not None or holding else seating_board(event)
    rows = board["places"] if board else standings["standings"]
    return {
        "wide_names": any(len(str(row.get("name") or "")) > SCREEN_NAME_CHARS for row in rows),
        "s": standings,
        "clock": clock_state(screen, event),
        "message": screen.message if screen else "",
        "hands_done": standings["after_hand"],  # the standings' "after hand N"
        "reveal": prize_reveal(standings, revealed),
        "holding": holding,
        "board": board,
    }
