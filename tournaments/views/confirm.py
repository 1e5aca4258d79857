"""A confirmation step for actions that invalidate paper or publish, without JavaScript.

The action's button posts as usual; without ``confirmed=1`` the view answers with a page
that says what will happen and posts the same fields again. Works under a strict
Content-Security-Policy (no inline script) and with a screen reader.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext

from tournaments.models import Event, Round


@dataclass(frozen=True)
class Confirmation:
    title: str
    question: str
    effect: str
    button: str
    danger: bool = True


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get("confirmed") == "1"


def post_or_event_page(view):
    """An organizer's action: POST only. A GET (a confirmation page reloaded, the Back
    button, an address typed) goes to the event's page instead of a blank 405 page."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, slug: str, **kwargs) -> HttpResponse:
        if request.method != "POST":
            return redirect("organizer:event", slug=slug)
        return view(request, *args, slug=slug, **kwargs)

    return wrapper


def confirm_page(
    request: HttpRequest, event, confirmation: Confirmation, *, back: str
) -> HttpResponse:
    """The page asking ``confirmation.question``, re-posting this request's fields when agreed."""
    fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", "confirmed")
        for value in values
    ]
    context = {
        "event": event,
        "confirm": {
            "title": confirmation.title,
            "question": confirmation.question,
            "effect": confirmation.effect,
            "button": confirmation.button,
            "danger": confirmation.danger,
            "action": request.path,
            "fields": fields,
            "back": back,
        },
    }
    return render(request, "organizer/confirm.html", context)


# Event actions that publish or make printed paper wrong ask first: title (also the button),
# question (with the event's name) and what happens, in words.
EVENT_CONFIRMATIONS = {
    "publish": (
        _l("Publish the results"),
        _l("Publish the results of %(event)s?"),
        _l(
            "Everyone can see the final standings and download the results. They can no "
            "longer be corrected unless you reopen the event."
        ),
    ),
    "redraw": (
        _l("Re-draw the seating"),
        _l("Draw a new seating for %(event)s?"),
        _l(
            "Every table changes: movement cards and table cards already printed become "
            "wrong and must be printed again."
        ),
    ),
}


def _finish_confirmation(event: Event) -> Confirmation | None:
    """Finishing with rounds still to play asks first: one click beside "go to the current
    round" must not end a 24-round drive after round 1."""
    if event.paper_cards == Event.PaperCards.FINAL:  # the final totals are the result
        return None
    if event.paper_cards:  # on paper, a round is played once its card totals are typed
        typed = set(event.card_totals.values_list("round_number", flat=True))
        unplayed = event.rounds.exclude(number__in=typed).count()
    else:
        unplayed = event.rounds.filter(status=Round.Status.PENDING).count()
    if not unplayed:
        return None
    title = _("Finish the event")
    effect = _(
        "The rounds not played are dropped: nobody can enter results for them, and the "
        "standings as they are now become the final ones."
    )
    open_round = event.rounds.filter(status=Round.Status.OPEN).first()
    if open_round:  # said before the click, not only refused after it (a German walk)
        effect += " " + _(
            "Round %(n)s is still open: close it first on its page (tables that did not "
            "report can be marked not played), then finish."
        ) % {"n": open_round.number}
    return Confirmation(
        title=title,
        question=ngettext(
            "Finish %(event)s with %(n)s round not played?",
            "Finish %(event)s with %(n)s rounds not played?",
            unplayed,
        )
        % {"event": event.name, "n": unplayed},
        effect=effect,
        button=title,
    )


def event_confirmation(action: str, event: Event) -> Confirmation | None:
    """The question an event action asks before it runs, or None when it asks none."""
    if action == "finish":
        return _finish_confirmation(event)
    if action not in EVENT_CONFIRMATIONS:
        return None
    title, question, effect = EVENT_CONFIRMATIONS[action]
    return Confirmation(
        title=str(title),
        question=str(question) % {"event": event.name},
        effect=str(effect),
        button=str(title),
        danger=action != "publish",
    )
