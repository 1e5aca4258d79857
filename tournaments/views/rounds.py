"""The table plan and the round pages: how odd numbers are seated, opening and closing a
round, and two players who sat in each other's seats. Thin views, as in organizer.py."""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.models import Event
from tournaments.selectors.movement_advice import plans_ahead
from tournaments.selectors.rounds import (
    entries_stationary,
    play_over,
    roles_crossed,
    round_current,
    round_state,
    stationary_away,
    table_plan,
)
from tournaments.selectors.screen import results_held, screen_of
from tournaments.selectors.seating import evening_grade
from tournaments.selectors.standings import event_standings
from tournaments.selectors.teams import round_matches
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services
from tournaments.services.seat_swap import seating_swap
from tournaments.views.confirm import post_or_event_page
from tournaments.views.organizer import _event
from tournaments.views.results import GRID_WAITING


@login_required
def seating_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    context = {
        "event": event,
        "plan": table_plan(event=event),
        "stationary": entries_stationary(event=event),
        "stationary_away": stationary_away(event=event),
        "roles_crossed": roles_crossed(event=event),
        "planned_ahead": plans_ahead(event),
        "grade": evening_grade(event=event) or (event.movement or {}).get("grade"),
        "before_start": event.status in (Event.Status.DRAFT, Event.Status.OPEN),
        "odd_choices": odd_numbers_choices(event),
        "ghost_scoring": game_for(event).ghost_scoring.items(),
        "ghost_partner": (event.rules or {}).get("ghost_partner", ""),
    }
    return render(request, "organizer/seating.html", context)


def odd_numbers_choices(event: Event) -> list[tuple[str, str]]:
    """The ways this game can seat odd numbers, when it has more than one."""
    offered = game_for(event).odd_numbers_for(event)
    if len(offered) < 2:
        return []
    return [(v, label) for v, label in Event.OddNumbers.choices if v in offered]


@login_required
@post_or_event_page
def odd_numbers(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        seating_services.event_odd_numbers_set(
            event_id=event.pk,
            choice=request.POST.get("choice", ""),
            ghost_partner=request.POST.get("ghost_partner", ""),
            actor=request.user,
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Saved: how odd numbers are seated."))
    return redirect("organizer:seating", slug=event.slug)


@login_required
def round_page(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    event = _event(request, slug)
    if number is None:
        current = round_current(event=event)
        if current is None:
            messages.error(request, _("Seat the players first."))
            return redirect("organizer:event", slug=event.slug)
        return redirect("organizer:round", slug=event.slug, number=current.number)
    state = round_state(event=event, round_number=number)
    if state is None:
        raise Http404
    unconfirmed = ".".join(map(str, state.unconfirmed))  # the close box names these tables
    over = play_over(event=event)  # the next step is finishing, offered here
    actions_key = f"{event.status}-{state.round.status}-{state.all_in}-{unconfirmed}-{over}"
    if not state.tables:  # a tournament's round not paired yet: pairing it changes the button
        actions_key += "-unpaired"
    waiting = state.waiting
    grid_url = reverse("organizer:round_grid", args=[event.slug, number])
    grid = grid_url + "?" + GRID_WAITING
    context = {
        "event": event,
        "grid_url": grid_url,
        "state": state,
        "matches": round_matches(event=event, round_number=number)
        if game_for(event).team_event
        else {},
        "rounds": event.rounds.order_by("number"),
        "play_over": over,
        "held": over and results_held(event, screen_of(event), event_standings(event=event)),
        "waiting": waiting,
        # each a link to its row in the grid of the tables still waiting: with 250 tables,
        # the organizer jumps there
        "waiting_links": format_html_join(
            ", ", '<a href="{}#table-{}">{}</a>', ((grid, n, n) for n in waiting)
        ),
        "credits": game_for(event).credits_unreported,
        # a tournament pairs each round from the standings (asked only of an unpaired round)
        "pairs_rounds": not state.tables and hasattr(event, "tournament_format"),
        "actions_key": actions_key,
        # the refresh replaces the actions (and any choice half made there) only when they change
        "actions_changed": request.GET.get("actions_key") != actions_key,
    }
    html, key = _poll(request, context)
    if request.headers.get("HX-Request"):
        if request.GET.get("state_key") == key and not context["actions_changed"]:
            return HttpResponse(status=204)  # nothing new: htmx swaps nothing
        if context["actions_changed"]:  # the actions too, which the digest leaves out
            html = render_to_string(ROUND_POLL, {**context, "state_key": KEY_SLOT}, request)
        return HttpResponse(html.replace(KEY_SLOT, key))
    return render(request, "organizer/round.html", {**context, "state_key": key})


ROUND_POLL = "organizer/_round_poll.html"
KEY_SLOT = "state-key-slot"  # where the digest goes once taken


def _poll(request: HttpRequest, context: dict) -> tuple[str, str]:
    """What the 2-second refresh shows (status line and tables) and a digest of it. The
    refresh sends the digest back and is answered "nothing new" while it holds: swapping the
    same content every 2 s took the keyboard's focus off a waiting table's link (an
    accessibility walk)."""
    poll = {**context, "actions_changed": False, "state_key": KEY_SLOT}
    html = render_to_string(ROUND_POLL, poll, request)
    return html, hashlib.blake2b(html.encode(), digest_size=8).hexdigest()


def _close_credit(event: Event, post) -> str | None:
    """The credit chosen for tables that never reported: own average, a fixed number, zero."""
    choice = post.get("credit", "")
    if not game_for(event).credits_unreported or post.get("force") != "1":
        return None
    if choice == "fixed":
        return post.get("fixed", "").strip().replace(",", ".")
    if choice not in ("own_average", "0"):
        raise DomainError(
            "E_CREDIT", _("Choose what the missing tables score before closing."), field="credit"
        )
    return choice


def _round_done(event: Event, number: int, action: str) -> str:
    """What happened, in the organizer's words: tables, sit-outs, tables not played."""
    state = round_state(event=event, round_number=number)
    if action == "open":
        return ngettext(
            "Round %(n)s opened: %(t)s tables, %(s)s sitting out.",
            "Round %(n)s opened: %(t)s tables, %(s)s sitting out.",
            len(state.sit_out),
        ) % {"n": number, "t": len(state.tables), "s": len(state.sit_out)}
    log = event.log.filter(action="round_close").order_by("-pk").first()
    detail = log.detail if log else {}
    missing = detail.get("not_played") or []
    if not missing:
        return _("Round %(n)s closed: every table reported.") % {"n": number}
    credit = detail.get("credit")
    tables = ", ".join(str(t) for t in missing)
    if credit is None:
        how = _("The players there score nothing for the hands not played.")
    elif credit == "own_average":
        how = _("The players there are credited with their own average.")
    else:
        value = float(credit)
        how = _("The players there are credited with %(c)s tricks a hand.") % {
            "c": number_format(value, 1 if value % 1 else 0)
        }
    closed = ngettext(
        "Round %(n)s closed: table %(tables)s did not report every hand.",
        "Round %(n)s closed: tables %(tables)s did not report every hand.",
        len(missing),
    ) % {"n": number, "tables": tables}
    return f"{closed} {how}"


@login_required
@post_or_event_page
def round_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    event = _event(request, slug)
    if action not in ("open", "close", "swap"):
        raise Http404
    try:
        if action == "swap":
            return _swap(request, event, number)
        if action == "open":
            round_services.round_open(event_id=event.pk, round_number=number, actor=request.user)
        else:
            round_services.round_close(
                event_id=event.pk,
                round_number=number,
                actor=request.user,
                force=request.POST.get("force") == "1",
                credit=_close_credit(event, request.POST),
            )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _round_done(event, number, action))
        if action == "close" and event.rounds.filter(number=number + 1).exists():
            return redirect("organizer:round", slug=event.slug, number=number + 1)
    return redirect(reverse("organizer:round", kwargs={"slug": event.slug, "number": number}))


def _swap(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """Two players in each other's seat: record where they really sat (``seating_swap``)."""
    try:
        first, second = (int(request.POST.get(k, "")) for k in ("first", "second"))
    except ValueError:
        messages.error(request, _("Give the numbers of the two players."))
    else:
        seating_swap(
            event_id=event.pk, round_number=number, first=first, second=second, actor=request.user
        )
        messages.success(
            request,
            _(
                "Players %(a)s and %(b)s swapped seats in round %(n)s. Hands already entered "
                "count for whoever now holds each seat."
            )
            % {"a": first, "b": second, "n": number},
        )
        if plans_ahead(event) or not event.is_progressive:  # said: nobody reprints good cards
            messages.info(
                request,
                _("From the next round they go on from their own seats, as their cards say."),
            )
    return redirect(reverse("organizer:round", kwargs={"slug": event.slug, "number": number}))
