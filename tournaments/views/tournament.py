"""The public tournament page: the bracket (printable), the prizes and the qualifying standings."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from tournaments.errors import NotFound
from tournaments.selectors.events import event_for_public
from tournaments.selectors.teams import team_results
from tournaments.selectors.tournament import tournament_summary


def bracket_page(request, slug):
    try:
        event = event_for_public(slug=slug, user=request.user)
        summary = tournament_summary(event=event)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    return render(request, "public/bracket.html", {"event": event, "t": summary})


def teams_page(request, slug):
    try:
        event = event_for_public(slug=slug, user=request.user)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    context = {"event": event, **team_results(event=event)}
    return render(request, "public/teams.html", context)
