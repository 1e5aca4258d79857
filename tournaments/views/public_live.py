"""The live parts of the public page and the projector, rendered once per event version.

The rendered HTML is cached per event version and language (``cached_part``), so a room
full of phones and a projector cost one rendering per change, not one per viewer; the
fragments, the full pages and the Server-Sent Events stream (which carries the fragment
itself, so a projector need not fetch it) all read the same cached HTML. The projector's
clock is the one part that moves without a change (its seconds left): it is rendered at
every read into the slot the cached HTML keeps for it.
"""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from tournaments.games import game_for
from tournaments.selectors.events import results_corrected_at
from tournaments.selectors.league import league_prizes, league_table
from tournaments.selectors.money import announced_net
from tournaments.selectors.prize_settings import settings_of
from tournaments.selectors.screen import clock_state, results_held, screen_of, screen_view
from tournaments.selectors.standings import event_standings
from tournaments.selectors.standings.cache import cached_part

CLOCK_SLOT = mark_safe("<!--whistdrive:clock-->")


def live_mode() -> str:
    return "sse" if settings.REDIS_URL else "poll"


def with_league(event, context: dict) -> dict:
    """A robber match or league also has its league table; a league's prizes follow it."""
    if game_for(event).league_table:
        context["league"] = league = league_table(event=event)
        if (event.rules or {}).get("league"):
            places = settings_of(event)["places"]
            prizes = league_prizes(league=league, places=places)
            context["s"] = {**context["s"], "prizes": prizes}
    return context


def _event_parts(event) -> dict:
    context = with_league(event, {"event": event, "s": event_standings(event=event)})
    context["raised"] = announced_net(event)
    context["corrected"] = results_corrected_at(event)
    screen = screen_of(event)
    context["held"] = held = results_held(event, screen, context["s"])
    context["giving"] = held and screen is not None and screen.revealed is not None
    # Every row links to its score card: the address reversed once, not once per row.
    context["card_url"] = reverse("public:card", args=[event.slug, "-"]).removesuffix("-/")
    live = render_to_string("public/_event_live.html", context)
    context.update(live_html=mark_safe(live), live_mode=live_mode())
    page = render_to_string("public/_event_page.html", context)
    # Held results are not final for the page: it keeps listening for the prize-giving's end.
    return {"live": live, "page": page, "final": context["s"]["final"] and not held}


def event_live(event) -> dict:
    """The public standings page: its ``live`` region, its whole ``page`` body, ``final``."""
    parts = cached_part(event, "html:event", lambda: _event_parts(event))
    return {**parts, "page": mark_safe(parts["page"])}  # our own rendering, escaped already


def _projector_html(event) -> str:
    context = with_league(event, {"event": event, **screen_view(event=event)})
    context.update(clock_slot=CLOCK_SLOT, raised=announced_net(event))
    return render_to_string("public/_projector.html", context)


def projector_live(event) -> str:
    """The projector's live part, its clock as of now."""
    html = cached_part(event, "html:projector", lambda: _projector_html(event))
    if CLOCK_SLOT not in html:  # the final results show no clock
        return mark_safe(html)  # our own rendering, escaped already
    clock = render_to_string(
        "screen/_clock.html",
        {"clock": clock_state(screen_of(event), event), "hide_stopped": True},
    )
    return mark_safe(html.replace(CLOCK_SLOT, clock, 1))  # our own rendering


LIVE_PARTS = {"event": lambda event: event_live(event)["live"], "projector": projector_live}
