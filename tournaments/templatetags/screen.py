"""``{% screen_controls event %}``: the room's screen controls on the organizer's pages.

An inclusion tag, so the round page and the event page show the same controls without
each view gathering the screen's state.
"""

from django import template

from tournaments.selectors.screen import clock_state, screen_of

register = template.Library()


@register.inclusion_tag("organizer/_screen_controls.html", takes_context=True)
def screen_controls(context, event):
    screen = screen_of(event)
    request = context.get("request")
    return {
        "event": event,
        "clock": clock_state(screen, event),
        "message": screen.message if screen else "",
        "revealed": screen.revealed if screen else None,
        "finished": event.status in (event.Status.FINISHED, event.Status.PUBLISHED),
        "next": request.get_full_path() if request else "",
        "csrf_token": context.get("csrf_token"),
    }
