"""Organizer pages for results: the round's entry grid, a hand's history, table links.

The grid is one form (type, tab, enter) saved in one transaction: every cell or
none, with each refused cell's error shown beside it.
"""

from __future__ import annotations

import json
from dataclasses import replace

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.edge import client_ip
from tournaments.errors import DomainError, NotFound
from tournaments.games import game_for
from tournaments.models import Table
from tournaments.selectors import matches as match_selectors
from tournaments.selectors import results as selectors
from tournaments.selectors.events import event_for_organizer
from tournaments.selectors.links import site_address, table_url
from tournaments.selectors.rounds import pair_sides, round_state, seat_pairs
from tournaments.services import results as services
from tournaments.views.confirm import post_or_event_page

from .confirm import Confirmation, confirm_page, confirmed
from .result_entry import bind


def _event(request: HttpRequest, slug: str):
    try:
        return event_for_organizer(user=request.user, slug=slug)
    except NotFound as exc:
        raise Http404(exc.message) from exc


GRID_WAITING = "show=waiting"  # the grid's query: only the tables still waiting


def _cell_prefix(table: int, hand: int) -> str:
    return f"c{table}_{hand}_"


def _grid_context(request, event, grid, *, posted=None, errors=None, waiting=None) -> dict:
    game = game_for(event)
    rows = []
    problems = []  # the cells to fix, in page order: the first is focused
    base = site_address(request)
    for row in grid.rows:
        players, names = row.player_numbers, row.player_names
        fields = game.event_fields(event, players, names)  # by name, as on the table's phone
        match = match_selectors.running_state(
            event=event, rows=[(c.hand.number, c.result) for c in row.cells], players=players
        )
        cells = []
        for cell in row.cells:
            prefix = _cell_prefix(row.table.number, cell.hand.number)
            name = f"{row.table.number}-{cell.hand.number}"
            error = (errors or {}).get(name)
            values = (
                {f.name: posted.get(prefix + f.name) for f in fields}
                if posted is not None
                else game.initial_values(cell.result.data if cell.result else None)
            )
            bound = bind(fields, prefix=prefix, values=values, error=error)
            shown = (
                posted.get(prefix + "was", "")
                if posted is not None
                else json.dumps({b["name"].removeprefix(prefix): b["value"] for b in bound})
            )
            if error is not None:
                target = next((b for b in bound if b["error"]), bound[0] if bound else None)
                problems.append(
                    {
                        "table": row.table.number,
                        "hand": cell.hand.number,
                        "message": error.message,
                        "id": target["id"] if target else "",
                    }
                )
            cells.append(
                {
                    "hand": cell.hand,
                    "result": cell.result,
                    "note": cell.note,
                    "bad": error is not None,
                    "prefix": prefix,
                    "shown": shown if cell.result else "",
                    "to_confirm": cell.result is not None
                    and cell.result.status != cell.result.Status.CONFIRMED,
                    "ticked": posted is not None and bool(posted.get(prefix + "ok")),
                    "summary": game.describe(cell.result.data, names) if cell.result else "",
                    "fields": bound,
                    "running": match.lines.get(cell.hand.number) if match else None,
                    "version": posted.get(prefix + "v")
                    if posted is not None
                    else (cell.result.version if cell.result else 0),
                }
            )
        seats = seat_pairs(row.seats)
        link = table_url(row.table, base)
        rows.append(
            {
                "table": row.table,
                "seats": seats,
                "sides": pair_sides(row.seats) if event.uses_pairs else [],
                "cells": cells,
                "link": link,
                "match": match,
                "player_names": names,
            }
        )
    return {
        "event": event,
        "grid": grid,
        "rows": rows,
        "game": game,
        "error_count": len(errors or {}),
        **(waiting or {}),
        "problems": problems,
        "focus": problems[0]["id"] if problems else "",
        # The labels of a cell's inputs, said once above the grid rather than in every cell.
        # (the game's own labels: a row's labels name that table's players)
        "cell_labels": [f.label for f in game.event_fields(event) if not f.more],
    }


def _parse_cells(
    event, grid, post
) -> tuple[list[services.GridCell], dict[str, DomainError], int]:
    """The cells to save, the cells refused, and how many filled cells nobody changed."""
    game = game_for(event)
    cells, errors, untouched = [], {}, 0
    for row in grid.rows:
        for cell in row.cells:
            prefix = _cell_prefix(row.table.number, cell.hand.number)
            try:
                data = game.parse(post, prefix=prefix)
            except DomainError as exc:
                errors[f"{row.table.number}-{cell.hand.number}"] = exc
                continue
            if data is None:
                continue
            if _untouched(game, post, prefix, data) and not post.get(prefix + "ok"):
                untouched += 1
                continue
            try:
                version = int(post.get(prefix + "v") or 0)
            except ValueError:
                version = -1
            cells.append(services.GridCell(row.table.number, cell.hand.number, data, version))
    return cells, errors, untouched


def _untouched(game, post, prefix: str, data: dict) -> bool:
    """The cell still says what it showed (``<prefix>was``): a phone's entry nobody ticked
    "confirm" for stays the table's to confirm, and a result a phone changed meanwhile is
    not overwritten by the values the page showed before."""
    try:
        shown = json.loads(post.get(prefix + "was") or "null")
    except ValueError:
        return False
    if not isinstance(shown, dict):
        return False
    try:
        return (
            game.parse({prefix + name: str(value) for name, value in shown.items()}, prefix=prefix)
            == data
        )
    except DomainError:
        return False


def _round_grid(request: HttpRequest, slug: str, number: int):
    event = _event(request, slug)
    try:
        return event, selectors.round_grid(event=event, round_number=number)
    except NotFound as exc:
        raise Http404(exc.message) from exc


def _waiting_only(request: HttpRequest, event, grid) -> tuple[selectors.RoundGrid, dict]:
    """The grid, cut to the tables still waiting when the query asks (``GRID_WAITING``), and
    the page's words for it: how many tables wait (the round page's own count,
    ``RoundView.waiting``) and whether the grid is cut."""
    waiting = set(round_state(event=event, round_number=grid.round.number).waiting)
    only = request.GET.urlencode() == GRID_WAITING
    if only:
        grid = replace(grid, rows=[r for r in grid.rows if r.table.number in waiting])
    return grid, {"waiting": len(waiting), "waiting_only": only, "grid_waiting": GRID_WAITING}


@login_required
def round_grid(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every table x hand of a round in one keyboard-driven form (or the tables still waiting)."""
    event, grid = _round_grid(request, slug, number)
    grid, waiting = _waiting_only(request, event, grid)
    if request.method != "POST":
        context = _grid_context(request, event, grid, waiting=waiting)
        return render(request, "organizer/grid.html", context)
    cells, parse_errors, untouched = _parse_cells(event, grid, request.POST)
    errors: dict = dict(parse_errors)
    if not errors:
        try:
            outcome = services.results_save_grid(
                event=event,
                round_number=number,
                cells=cells,
                actor=request.user,
                remote_addr=client_ip(request),
            )
        except services.GridInvalid as exc:
            errors = {
                name: DomainError(e["code"], e["message"], field=e["field"])
                for name, e in exc.cells.items()
            }
        except DomainError as exc:
            messages.error(request, exc.message)
            return redirect(request.get_full_path())
        else:
            messages.success(
                request,
                ngettext(
                    "Saved %(saved)d result; %(unchanged)d unchanged.",
                    "Saved %(saved)d results; %(unchanged)d unchanged.",
                    len(outcome.saved),
                )
                % {"saved": len(outcome.saved), "unchanged": outcome.unchanged + untouched},
            )
            if outcome.reseated:
                messages.warning(
                    request,
                    _(
                        "The corrections change who won a table: round %(n)s, not started yet, is"
                        " seated again from them. Print its move slips again if you had."
                    )
                    % {"n": outcome.reseated},
                )
            if outcome.paired_after:
                messages.warning(
                    request,
                    ngettext(
                        "Round %(later)s was paired before this correction: its pairings stand"
                        " as drawn.",
                        "Rounds %(later)s were paired before this correction: their pairings"
                        " stand as drawn.",
                        len(outcome.paired_after),
                    )
                    % {"later": ", ".join(map(str, outcome.paired_after))},
                )
            if outcome.playoff_drawn:
                messages.warning(
                    request,
                    _(
                        "The playoff was drawn before this correction: its seeds stand. Check"
                        " the qualifying standings on the Tournament page."
                    ),
                )
            return redirect(request.get_full_path())  # the same grid, all or waiting
    context = _grid_context(
        request, event, grid, posted=request.POST, errors=errors, waiting=waiting
    )
    return render(request, "organizer/grid.html", context, status=422)


@login_required
def round_traveller(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round hand by hand: each hand's results at every table, as a paper traveller."""
    event, grid = _round_grid(request, slug, number)
    game = game_for(event)
    names = {row.table.number: row.player_names for row in grid.rows}  # once a table
    hands = [
        {
            "hand": hand,
            "rows": [
                {
                    "table": row.table,
                    "seats": seat_pairs(row.seats),
                    "sides": pair_sides(row.seats) if event.uses_pairs else [],
                    "result": row.cells[i].result,
                    "note": row.cells[i].note,
                    "summary": game.describe(row.cells[i].result.data, names[row.table.number])
                    if row.cells[i].result
                    else "",
                }
                for row in grid.rows
            ],
        }
        for i, hand in enumerate(grid.hands)
    ]
    context = {"event": event, "grid": grid, "hands": hands, "tab": "round"}
    return render(request, "organizer/travellers.html", context)


@login_required
def result_history(request: HttpRequest, slug: str, hand: int, table: int) -> HttpResponse:
    """Every version and change of one table's result for one hand: old, new, who, when."""
    event = _event(request, slug)
    try:
        history = selectors.result_history(event=event, table_number=table, hand_number=hand)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    game = game_for(event)
    changes = [
        {
            "change": c,
            "old": game.describe((c.old or {}).get("data")) if c.old else "",
            "new": game.describe((c.new or {}).get("data")) if c.new else "",
        }
        for c in history.changes
    ]
    return render(
        request, "organizer/history.html", {"event": event, "history": history, "changes": changes}
    )


@login_required
@post_or_event_page
def table_token_regenerate(request: HttpRequest, slug: str, table: int) -> HttpResponse:
    """A new secret link for a table; the old link stops working at once."""
    event = _event(request, slug)
    table_obj = Table.objects.filter(event=event, number=table).first()
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("organizer:event", kwargs={"slug": slug})
    if table_obj is not None and not confirmed(request):
        question = Confirmation(
            title=_("New link for table %(n)d") % {"n": table},
            question=_("Give table %(n)d a new link?") % {"n": table},
            effect=_(
                "The QR code on its printed table card stops working at once, and a phone in "
                "the middle of typing a result there loses it. Print the table card again."
            ),
            button=_("Make a new link for table %(n)d") % {"n": table},
        )
        return confirm_page(request, event, question, back=back)
    if table_obj is not None:
        services.table_regenerate_token(table=table_obj, actor=request.user)
        messages.success(
            request, _("Table %(n)d has a new link; print its card again.") % {"n": table}
        )
    return redirect(back)
