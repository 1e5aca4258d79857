"""Public tournament pages: the bracket (printable, and live on the projector) with the prizes
and the qualifying standings; the team event's league table, matches and cup."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from tournaments.errors import NotFound
from tournaments.selectors.screen import results_held, screen_of
from tournaments.selectors.standings import event_standings
from tournaments.selectors.teams import team_results
from tournaments.selectors.tournament import tournament_summary
from tournaments.views.public import _event, live_fragment


def _summary(event) -> dict:
    """The tournament as the public sees it: its champion and prizes kept back while the
    event's other pages hold the winners for the prize-giving (``results_held``)."""
    try:
        summary = tournament_summary(event=event)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    held = results_held(event, screen_of(event), event_standings(event=event))
    return {**summary, "held": held}


def bracket_page(request, slug):
    event = _event(request, slug)
    return render(request, "public/bracket.html", {"event": event, "t": _summary(event)})


def bracket_projector(request, slug):
    event = _event(request, slug)
    context = {
        "event": event,
        "t": _summary(event),
        "live_mode": "sse" if settings.REDIS_URL else "poll",
    }
    return render(request, "public/bracket_projector.html", context)


@never_cache
def bracket_fragment(request, slug):
    """The projector's bracket as JSON; unchanged since ``?v=`` gives just the version."""
    event = _event(request, slug)
    return live_fragment(
        request, event, "public/_bracket_live.html", lambda: {"event": event, "t": _summary(event)}
    )


def teams_page(request, slug):
    event = _event(request, slug)
    return render(request, "public/teams.html", {"event": event, **team_results(event=event)})
