"""Writes to the room's screen: the round clock, the announcement, the prize-giving.

Each change bumps the event's version, so every projector (stream or polling) and table
phone picks it up through the same live mechanism as a confirmed result.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.models import Event
from tournaments.models_screen import MESSAGE_MAX, EventScreen
from tournaments.selectors.screen import clock_state, default_minutes
from tournaments.selectors.standings import event_standings
from tournaments.services.common import event_lock, event_log, event_mark_changed

CLOCK_ACTIONS = ("start", "pause", "resume", "stop", "plus", "minus")
REVEAL_ACTIONS = ("start", "next", "back", "end")


def _locked_screen(event_id: int) -> tuple[Event, EventScreen]:
    """The event, locked for this transaction, and its screen row (made on first use)."""
    event = event_lock(event_id=event_id)
    screen, _made = EventScreen.objects.get_or_create(
        event=event, defaults={"minutes_per_round": default_minutes(event)}
    )
    return event, screen


def _changed(event: Event, screen: EventScreen, action: str, actor, **detail) -> EventScreen:
    screen.save()
    event_log(event=event, action=f"screen_{action}", actor=actor, **detail)
    event_mark_changed(event=event)
    return screen


@transaction.atomic
def screen_clock(*, event_id: int, action: str, actor=None) -> EventScreen:
    """Start (a fresh round's time), pause, resume, stop, or add/take a minute."""
    if action not in CLOCK_ACTIONS:
        raise DomainError("E_CLOCK_ACTION", _("Unknown clock action."))
    event, screen = _locked_screen(event_id)
    state = clock_state(screen, event)
    now = timezone.now()
    if action == "start":
        screen.ends_at, screen.seconds_left = (
            now + timedelta(minutes=screen.minutes_per_round),
            None,
        )
    elif action == "stop":
        screen.ends_at = screen.seconds_left = None
    elif action == "pause" and state["state"] == "running":
        screen.ends_at, screen.seconds_left = None, state["left"]
    elif action == "resume" and state["state"] == "paused":
        screen.ends_at, screen.seconds_left = now + timedelta(seconds=state["left"]), None
    elif action in ("plus", "minus"):
        step = 60 if action == "plus" else -60
        if state["state"] == "running":
            screen.ends_at = max(now, screen.ends_at + timedelta(seconds=step))
        elif state["state"] == "paused":
            screen.seconds_left = max(0, screen.seconds_left + step)
        else:
            raise DomainError("E_CLOCK_STOPPED", _("Start the clock first."))
    else:
        raise DomainError(
            "E_CLOCK_STATE",
            _("The clock is %(state)s: it cannot %(action)s.")
            % {"state": _clock_word(state["state"]), "action": _action_word(action)},
        )
    return _changed(event, screen, "clock", actor, step=action)


def _clock_word(state: str) -> str:
    return {"running": _("running"), "paused": _("paused"), "stopped": _("stopped")}[state]


def _action_word(action: str) -> str:
    return {"pause": _("pause"), "resume": _("resume")}.get(action, action)


@transaction.atomic
def screen_minutes_set(*, event_id: int, minutes: int, actor=None) -> EventScreen:
    """The minutes a round gets when its clock starts (the running clock is left alone)."""
    if not 1 <= minutes <= 240:
        raise DomainError("E_CLOCK_MINUTES", _("Minutes per round must be between 1 and 240."))
    event, screen = _locked_screen(event_id)
    screen.minutes_per_round = minutes
    return _changed(event, screen, "minutes", actor, minutes=minutes)


@transaction.atomic
def screen_message_set(*, event_id: int, text: str, actor=None) -> EventScreen:
    """Put a short announcement on the screen; an empty text clears it."""
    text = " ".join(text.split())
    if len(text) > MESSAGE_MAX:
        raise DomainError(
            "E_MESSAGE_LONG",
            _("Keep the announcement to %(max)d characters (it has %(n)d).")
            % {"max": MESSAGE_MAX, "n": len(text)},
        )
    event, screen = _locked_screen(event_id)
    screen.message = text
    return _changed(event, screen, "message", actor, text=text)


@transaction.atomic
def screen_reveal(*, event_id: int, action: str, actor=None) -> EventScreen:
    """Step the prize-giving: start, next prize, back one, end (the screen shows standings)."""
    if action not in REVEAL_ACTIONS:
        raise DomainError("E_REVEAL_ACTION", _("Unknown prize-giving step."))
    event, screen = _locked_screen(event_id)
    if action != "end" and event.status not in (Event.Status.FINISHED, Event.Status.PUBLISHED):
        raise DomainError(
            "E_EVENT_STATUS", _("Finish the event first: the prizes are settled at the end.")
        )
    total = len(event_standings(event=event)["prizes"])
    if action == "next" and (screen.revealed or 0) >= total:
        return screen  # every prize is out: nothing to show or log (a double click)
    if action == "start":
        screen.revealed = 0
    elif action == "end":  # the prize-giving is over, or skipped: the screen shows the results
        screen.revealed, screen.results_shown = None, True
    else:
        current = screen.revealed or 0
        screen.revealed = min(total, current + 1) if action == "next" else max(0, current - 1)
    if action == "end":  # the log says the prize-giving is over, not "None prizes shown"
        return _changed(event, screen, "reveal_end", actor, step=action)
    return _changed(event, screen, "reveal", actor, step=action, revealed=screen.revealed)
