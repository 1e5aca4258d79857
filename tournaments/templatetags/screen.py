"""``{% screen_controls event %}``: the room's screen controls on the organizer's pages.

An inclusion tag, so the round page and the event page show the same controls without
each view gathering the screen's state.
"""

from django import template

from tournaments.selectors.screen import clock_state, prize_reveal, screen_holding, screen_of
from tournaments.selectors.standings import event_standings

register = template.Library()


@register.inclusion_tag("organizer/_screen_controls.html", takes_context=True)
def screen_controls(context, event):
    screen = screen_of(event)
    request = context.get("request")
    finished = event.status in (event.Status.FINISHED, event.Status.PUBLISHED)
    revealed = screen.revealed if screen else None
    reveal = prize_reveal(event_standings(event=event), revealed) if revealed is not None else None
    return {
        "event": event,
        "clock": clock_state(screen, event),
        "message": screen.message if screen else "",
        "revealed": revealed,
        # how many the prize-giving has: past the last, "Reveal the next prize" goes
        "prizes": reveal["total"] if reveal else 0,
        "reveal": reveal,  # what the screen shows now: the MC reads it out from the phone
        "finished": finished,
        "holding": screen_holding(event, screen),  # said beside "Show the results without it"
        "next": request.get_full_path() if request else "",
        "csrf_token": context.get("csrf_token"),
    }
