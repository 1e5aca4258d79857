"""The table page: a phone at the table enters its hands and the opponents confirm them.

Works as plain HTML forms (no JavaScript needed); ``static/js/table.js`` adds the
offline queue, which posts the same forms with ``Accept: application/json`` and an
``Idempotency-Key`` header, so this view answers JSON to it.
"""

from __future__ import annotations

import uuid
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.api.errors import status_for
from tournaments.edge import client_ip, table_for_link
from tournaments.errors import DomainError, NotFound
from tournaments.games import game_for
from tournaments.models import Event, Result, Round, Source
from tournaments.selectors import matches as match_selectors
from tournaments.selectors import results as selectors
from tournaments.selectors.rounds import pair_sides, seat_pairs
from tournaments.selectors.screen import clock_state, screen_of
from tournaments.services import results as services
from tournaments.services.late_results import result_late_record, result_refused_record

from .result_entry import bind


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _error_answer(request, exc: DomainError) -> HttpResponse:
    if wants_json(request):
        return JsonResponse(exc.to_dict(), status=status_for(exc))
    return render(request, "table/error.html", {"error": exc}, status=status_for(exc))


def _version(raw: str | None) -> int | None:
    try:
        return int(raw) if raw not in (None, "") else None
    except ValueError:
        return None


def _unique_ids(bound, hand_number: int):
    """Several hands share one page: each input's id (and its label's ``for``) names its hand."""
    for b in bound:
        b["id"] = f"{b['id']}_h{hand_number}"
    return bound


FOLD_AFTER = 4  # hands in a round shown as open forms at once; a longer round folds the rest


def _fold_later(hands: list[dict]) -> None:
    """In a long round (an Es-makker round is 20 deals of seven fields each) only the next
    hand to enter shows its form; the later ones fold away, a tap to open each. The
    phone's page is one short screen per deal instead of fifteen thousand pixels."""
    if len(hands) <= FOLD_AFTER:
        return
    waiting = [h for h in hands if h["result"] is None and not h["not_needed"]]
    for h in waiting[1:]:
        h["later"] = h["error"] is None


def _page(request, table, *, failed_hand=None, error=None, posted=None, status=200) -> HttpResponse:
    view = selectors.table_round(table=table)
    event = table.event
    game = game_for(event)
    players = view.player_numbers
    fields = game.event_fields(event, players, view.player_names)
    match = match_selectors.running_state(
        event=event, rows=[(row.hand.number, row.result) for row in view.hands], players=players
    )
    hands = []
    for row in view.hands:
        mine = failed_hand is not None and row.hand.pk == failed_hand
        values = posted if mine else game.initial_values(row.result.data if row.result else None)
        hands.append(
            {
                "hand": row.hand,
                "result": row.result,
                "summary": game.describe(row.result.data, view.player_names) if row.result else "",
                "fields": _unique_ids(
                    bind(fields, values=values, error=error if mine else None), row.hand.number
                ),
                "error": error if mine else None,
                "key": uuid.uuid4(),
                "running": match.lines.get(row.hand.number) if match else None,
                "not_needed": bool(
                    match
                    and match.over
                    and row.result is None
                    and row.hand.number > match.over_after
                    and not mine
                ),
            }
        )
    _fold_later(hands)
    done = (Result.Status.CONFIRMED, Result.Status.NOT_PLAYED)
    context = {
        "event": event,
        "table": table,
        "view": view,
        "hands": hands,
        # every hand settled: the phone says what comes next instead of a column of badges
        "round_done": bool(hands)
        and all(h["not_needed"] or (h["result"] and h["result"].status in done) for h in hands),
        "game": game,
        "match": match,
        "any_confirmed": any(
            h["result"] and h["result"].status == Result.Status.CONFIRMED for h in hands
        ),
        "seats": seat_pairs(view.seats),
        # a pairs event's sides by the pair numbers on the cards and a team's own name
        "sides": pair_sides(view.seats) if event.uses_pairs else None,
        "player_names": view.player_names,
        # The public stream only carries versions; a private event's phones poll instead.
        "live_mode": "sse" if settings.REDIS_URL and _is_public(event) else "poll",
        "clock": clock_state(screen_of(event), event),
        # no round of its own: a round may still be in play without this table (a Dutch walk
        # read "no round is open" at a table left empty by a withdrawal)
        "round_in_play": None
        if view.round
        else event.rounds.filter(status=Round.Status.OPEN).values_list("number", flat=True).first(),
    }
    return render(request, "table/page.html", context, status=status)


def _is_public(event) -> bool:
    return event.is_public and event.status != Event.Status.DRAFT


def with_table(view):
    """A view reached with a table's token gets the token's table instead; a wrong token is
    answered here (and counted by the throttle in ``edge.table_for_link``)."""

    @wraps(view)
    def wrapped(request: HttpRequest, token: str, *args, **kwargs) -> HttpResponse:
        try:
            table = table_for_link(request, token)
        except DomainError as exc:
            return _error_answer(request, exc)
        return view(request, table, *args, **kwargs)

    return wrapped


@require_GET
@with_table
def table_page(request: HttpRequest, table) -> HttpResponse:
    return _page(request, table)


@require_GET
@never_cache
def table_state(request: HttpRequest, token: str) -> HttpResponse:
    """What the page needs to know to move on: the open round and this table's results in it."""
    try:
        table = table_for_link(request, token)
    except DomainError as exc:
        return JsonResponse(exc.to_dict(), status=status_for(exc))
    return JsonResponse({**selectors.table_state(table=table), "version": table.event.version})


def _done(request, token: str, outcome, message: str) -> HttpResponse:
    if wants_json(request):
        return JsonResponse(outcome.body, status=201 if outcome.created else 200)
    messages.success(request, message)
    return redirect("table:page", token=token)


@require_POST
def table_enter(request: HttpRequest, token: str, hand: int) -> HttpResponse:
    """Enter (or, before confirmation, re-enter) one hand's result."""
    try:
        table = table_for_link(request, token, hand_number=hand)
    except DomainError as exc:
        return _error_answer(request, exc)
    try:
        hand_obj = selectors.hand_for_token(table=table, hand_number=hand)
    except NotFound as exc:  # perhaps a phone that was offline while the round closed
        late = result_late_record(
            table=table, hand_number=hand, post=request.POST, remote_addr=client_ip(request)
        )
        return _error_answer(request, late or exc)
    try:
        data = game_for(table.event).parse(request.POST)
        if data is None:
            raise DomainError("E_REQUIRED", _("Enter the tricks first."), field="tricks")
        outcome = services.result_submit(
            table=table,
            hand=hand_obj,
            data=data,
            source=Source.TABLE,
            remote_addr=client_ip(request),
            idempotency_key=request.headers.get("Idempotency-Key")
            or request.POST.get("idempotency_key"),
            expected_version=_version(request.POST.get("expected_version")),
        )
    except DomainError as exc:
        if exc.code in ("E_RESULT_EXISTS", "E_STALE"):  # a confirmed hand said otherwise
            result_refused_record(
                table=table,
                hand=hand_obj,
                data=data,
                current=exc.extra.get("current"),
                remote_addr=client_ip(request),
            )
        if wants_json(request):
            return JsonResponse(exc.to_dict(), status=status_for(exc))
        return _page(
            request,
            table,
            failed_hand=hand_obj.pk,
            error=exc,
            posted=request.POST,
            status=status_for(exc),
        )
    return _done(
        request, token, outcome, _("Hand %(n)d saved. Opponents: please check it.") % {"n": hand}
    )


@require_POST
def table_decide(request: HttpRequest, token: str, hand: int, op: str) -> HttpResponse:
    """The opponents confirm or dispute the entered result."""
    try:
        table = table_for_link(request, token, hand_number=hand)
        hand_obj = selectors.hand_for_token(table=table, hand_number=hand)
        service = services.result_confirm if op == "confirm" else services.result_dispute
        extra = {} if op == "confirm" else {"note": request.POST.get("note", "")}
        outcome = service(
            table=table,
            hand=hand_obj,
            source=Source.TABLE,
            remote_addr=client_ip(request),
            expected_version=_version(request.POST.get("expected_version")),
            idempotency_key=request.headers.get("Idempotency-Key")
            or request.POST.get("idempotency_key"),
            **extra,
        )
    except DomainError as exc:
        if wants_json(request) or status_for(exc) in (404, 429):
            return _error_answer(request, exc)
        return _page(request, table, failed_hand=hand_obj.pk, error=exc, status=status_for(exc))
    message = (
        _("Hand %(n)d confirmed.")
        if op == "confirm"
        else _("Hand %(n)d disputed: the organizer will settle it.")
    )
    return _done(request, token, outcome, message % {"n": hand})
