"""Public pages: live and final standings, score cards, rounds, projector, exports, ladder.

No login needed; a private event is visible to its organizers only. Each view calls
one selector and renders; the projector updates over Server-Sent Events (Redis
pub/sub) or, without Redis, by polling ``projector/fragment/``.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.cache import never_cache

from tournaments.errors import NotFound
from tournaments.selectors.events import event_for_export, event_for_public
from tournaments.selectors.exports import event_results_export
from tournaments.selectors.ladder import season_for_public, season_ladder, season_ladder_export
from tournaments.selectors.player import player_for_code, player_page
from tournaments.selectors.standings import event_detail, event_standings
from tournaments.selectors.standings.cards import sit_out_credit
from tournaments.services import live
from tournaments.views.public_live import (
    LIVE_PARTS,
    event_live,
    live_mode,
    projector_live,
)


def _event(request, slug):
    try:
        return event_for_public(slug=slug, user=request.user)
    except NotFound as exc:
        raise Http404(exc.message) from exc


def event_page(request, slug):
    """The public standings: the page body comes rendered from the cache (once per version)."""
    event = _event(request, slug)
    return render(request, "public/event.html", {"event": event, "page": event_live(event)})


def live_fragment(request, event, template: str, context) -> JsonResponse:
    """A live page's changing part as JSON; unchanged since ``?v=`` gives just the version.
    ``context`` is called only when the part has changed; a ``template`` of None means it
    returns the HTML itself."""
    if request.GET.get("v") == str(event.version):
        return JsonResponse({"version": event.version, "changed": False})
    html = context() if template is None else render_to_string(template, context(), request)
    return JsonResponse({"version": event.version, "changed": True, "html": html})


@never_cache
def event_fragment(request, slug):
    event = _event(request, slug)
    return live_fragment(request, event, None, lambda: event_live(event)["live"])


def score_card(request, slug, key):
    event = _event(request, slug)
    standings = event_standings(event=event)
    rows = {r["key"]: r for r in standings["standings"] + standings["withdrawn"]}
    card = event_detail(event=event)["cards"].get(key)
    if key not in rows or card is None:
        raise Http404
    return render(
        request,
        "public/card.html",
        {
            "event": event,
            "unit": rows[key],
            "card": card,
            "s": standings,
            "credit": sit_out_credit(rows[key], card),
        },
    )


@never_cache
def player(request, slug, number, code):
    """A player's own page, from the link on their movement card (no login, any event state)."""
    try:
        entry = player_for_code(slug=slug, number=number, code=code)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    context = {**player_page(entry=entry), "live_mode": live_mode()}
    return render(request, "public/player.html", context)


def rounds_page(request, slug):
    event = _event(request, slug)
    return render(
        request,
        "public/rounds.html",
        {"event": event, "rounds": event_detail(event=event)["rounds"]},
    )


def projector(request, slug):
    event = _event(request, slug)
    context = {"event": event, "live_html": projector_live(event), "live_mode": live_mode()}
    return render(request, "public/projector.html", context)


@never_cache
def projector_fragment(request, slug):
    """The projector's live part (see ``live_fragment``), rendered once per version."""
    event = _event(request, slug)
    return live_fragment(request, event, None, lambda: projector_live(event))


def _event_id(request, slug) -> int:
    return _event(request, slug).pk


def _fragment_of(request, slug):
    """For ``?part=event`` or ``?part=projector``: what renders that live part (in the
    viewer's language) for the stream to carry, so the page need not fetch it."""
    part = LIVE_PARTS.get(request.GET.get("part", ""))
    if part is None:
        return None
    language = translation.get_language()

    def fragment() -> dict:
        with translation.override(language):
            event = _event(request, slug)
            return {"version": event.version, "html": part(event)}

    return sync_to_async(fragment)


@never_cache
async def stream(request, slug):
    """Server-Sent Events of the event's version (and, with ``?part=``, the changed live part
    itself), served asynchronously: an open stream holds no worker. 204 (stop, poll instead)
    without Redis, with Redis down, or under a WSGI server (``runserver``), which could only
    buffer an async stream."""
    event_id = await sync_to_async(_event_id)(request, slug)
    if not settings.REDIS_URL or not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    subscription = await live.event_subscribe(event_id=event_id)
    if subscription is None:
        return HttpResponse(status=204)
    try:  # the version is read after subscribing, so no change falls between the two
        version = await sync_to_async(live.event_version)(event_id=event_id)
    except BaseException:
        await subscription.close()
        raise
    response = StreamingHttpResponse(
        live.event_stream(
            subscription=subscription, version=version, fragment=_fragment_of(request, slug)
        ),
        content_type="text/event-stream",
    )
    response["X-Accel-Buffering"] = "no"
    return response


def export(request, slug, fmt):
    try:
        event = event_for_export(slug=slug, user=request.user)
        download = event_results_export(event=event, fmt=fmt)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    return _attachment(*download)


def _attachment(content: bytes, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def ladder(request, club_slug, season_slug):
    try:
        season = season_for_public(club_slug=club_slug, season_slug=season_slug)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    return render(request, "public/ladder.html", {"ladder": season_ladder(season=season)})


def ladder_export(request, club_slug, season_slug, fmt):
    """The season's table as CSV or XLSX, in the page's language."""
    try:
        season = season_for_public(club_slug=club_slug, season_slug=season_slug)
        download = season_ladder_export(season=season, fmt=fmt)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    return _attachment(*download)
