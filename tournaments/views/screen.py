"""The room's screen from the organizer's round page, and its clock for the table phones.

The organizer's buttons post here; each names one service. Phones read the clock as
JSON with their table's token, so the same time shows at every table.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tournaments.errors import DomainError
from tournaments.selectors.screen import clock_state, screen_of
from tournaments.services import screen as services
from tournaments.views.confirm import post_or_event_page

from .organizer import _event
from .table import with_table

DONE = {
    "clock": _l("The clock is updated."),
    "minutes": _l("Minutes per round saved."),
    "message": _l("The announcement is updated."),
    "reveal": _l("The prize-giving is updated."),
}


def _command(what: str, post) -> tuple:
    """The service a button names and its input from the form."""
    if what == "clock":
        return services.screen_clock, {"action": post.get("action", "")}
    if what == "reveal":
        return services.screen_reveal, {"action": post.get("action", "")}
    if what == "message":
        return services.screen_message_set, {"text": post.get("text", "")}
    if what == "minutes":
        try:
            return services.screen_minutes_set, {"minutes": int(post.get("minutes", ""))}
        except ValueError:
            raise DomainError(
                "E_CLOCK_MINUTES", _("Minutes per round must be a whole number."), field="minutes"
            ) from None
    raise Http404


@login_required
@post_or_event_page
def screen_action(request: HttpRequest, slug: str, what: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        service, fields = _command(what, request.POST)
        service(event_id=event.pk, actor=request.user, **fields)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, DONE[what])
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}):
        back = ""
    return redirect(back or "organizer:event", **({} if back else {"slug": event.slug}))


@never_cache
@require_GET
@with_table
def table_clock(request: HttpRequest, table) -> HttpResponse:
    """The round clock for a table's phone (its token is the only key it has)."""
    event = table.event
    return JsonResponse(clock_state(screen_of(event), event))
