"""Organizer pages: thin views that parse a form, call one service or selector, and render.

A DomainError is shown beside the field it names (or above the form); every page works
without JavaScript, and htmx only swaps fragments (roster search, the live round state).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.views.decorators.http import require_POST

from tournaments.errors import DomainError, NotFound
from tournaments.models import Entry, Event, Player
from tournaments.selectors.events import (
    clubs_for_user,
    event_for_organizer,
    event_log_recent,
    events_for_user,
)
from tournaments.selectors.rounds import round_current, round_state, table_plan
from tournaments.selectors.seating import plan_summary
from tournaments.services import entries as entry_services
from tournaments.services import events as event_services
from tournaments.services import rounds as round_services
from tournaments.services import seating as seating_services

ROSTER_LIMIT = 12


# --- forms --------------------------------------------------------------------------------------


class EventCreateForm(forms.Form):
    club = forms.ModelChoiceField(queryset=None, label=_l("Club"), empty_label=None)
    name = forms.CharField(label=_l("Name"), max_length=160)
    date = forms.DateField(label=_l("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_l("Venue"), max_length=160, required=False)
    kind = forms.ChoiceField(label=_l("Kind"), choices=Event.Kind.choices)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_for_user(user=user)


class EventSettingsForm(forms.Form):
    hands = forms.IntegerField(label=_l("Number of hands"), min_value=1, max_value=60)
    hands_per_round = forms.IntegerField(label=_l("Hands per round"), min_value=1, max_value=60)
    trumps = forms.CharField(
        label=_l("Trump rotation"),
        required=False,
        help_text=_l("For example: H C D S (NT for no trumps)."),
    )
    movement_kind = forms.ChoiceField(label=_l("Movement"), choices=Event.MovementKind.choices)

    def clean_trumps(self):
        return self.cleaned_data["trumps"].upper().replace(",", " ").split()


class RegisterForm(forms.Form):
    names = forms.CharField(label=_l("Add a new player"), required=False, max_length=120)
    text = forms.CharField(
        label=_l("Paste a list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_l("One player a line: name, or name, membership number, role (lady/gent)."),
    )
    csv = forms.FileField(label=_l("Import a CSV file"), required=False)


class LateForm(forms.Form):
    names = forms.CharField(label=_l("Late arrival's name"), max_length=120)


# --- helpers ------------------------------------------------------------------------------------


def _event(request: HttpRequest, slug: str) -> Event:
    try:
        return event_for_organizer(user=request.user, slug=slug)
    except NotFound as exc:
        raise Http404(exc.message) from exc


def _form_error(form: forms.Form, exc: DomainError, aliases: dict[str, str] | None = None) -> None:
    """Show a DomainError beside the field it names, or above the form."""
    name = (aliases or {}).get(exc.field or "", exc.field)
    form.add_error(name if name in form.fields else None, exc.message)


def _back(request: HttpRequest, event: Event, default: str = "organizer:event") -> HttpResponse:
    target = request.POST.get("next", "")
    if target.startswith("/") and not target.startswith("//"):
        return redirect(target)
    return redirect(default, slug=event.slug)


# --- pages --------------------------------------------------------------------------------------


@login_required
def home(request: HttpRequest) -> HttpResponse:
    events = events_for_user(user=request.user).order_by("-date", "name")
    return render(request, "organizer/home.html", {"events": events})


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventCreateForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = event_services.event_create(
                club=data["club"],
                name=data["name"],
                date=data["date"],
                venue=data["venue"],
                kind=data["kind"],
                actor=request.user,
            )
        except DomainError as exc:
            _form_error(form, exc)
        else:
            messages.success(request, _("Event created. Now register the players."))
            return redirect("organizer:registration", slug=event.slug)
    return render(request, "organizer/event_create.html", {"form": form})


@login_required
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    initial = {
        "hands": event.hands,
        "hands_per_round": event.hands_per_round,
        "trumps": " ".join(event.trumps),
        "movement_kind": event.movement_kind,
    }
    form = EventSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            event_services.event_update(event_id=event.pk, actor=request.user, **form.cleaned_data)
        except DomainError as exc:
            _form_error(form, exc)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("organizer:event", slug=event.slug)
    context = {
        "event": event,
        "form": form,
        "summary": plan_summary(event=event),
        "current": round_current(event=event),
        "log": event_log_recent(event=event),
        "editable": event.status in (Event.Status.DRAFT, Event.Status.OPEN),
    }
    return render(request, "organizer/event_detail.html", context)


ACTIONS = {
    "open": event_services.event_open,
    "start": event_services.event_start,
    "finish": event_services.event_finish,
    "publish": event_services.event_publish,
    "reopen": event_services.event_reopen,
    "seat": seating_services.event_seat,
    "redraw": seating_services.event_redraw,
}


@login_required
@require_POST
def event_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    event = _event(request, slug)
    service = ACTIONS.get(action)
    if service is None:
        raise Http404
    try:
        service(event_id=event.pk, actor=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Done."))
    return _back(request, event)


@login_required
def registration(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    form = RegisterForm(request.POST or None, request.FILES or None)
    late_form = LateForm(prefix="late")
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        upload = data.get("csv")
        try:
            csv_content = upload.read().decode("utf-8-sig") if upload else ""
        except UnicodeDecodeError:
            form.add_error("csv", _("The file is not UTF-8 text."))
        else:
            try:
                added = entry_services.players_register(
                    event_id=event.pk,
                    player_ids=[int(p) for p in request.POST.getlist("player_ids") if p.isdigit()],
                    names=[data["names"]] if data["names"] else [],
                    text=data["text"],
                    csv_content=csv_content,
                    actor=request.user,
                )
            except DomainError as exc:
                _form_error(form, exc, {"player_ids": "names", "role": "text"})
            else:
                messages.success(request, _("%(n)s player(s) registered.") % {"n": len(added)})
                return redirect("organizer:registration", slug=event.slug)
    return render(
        request, "organizer/registration.html", _registration_context(event, form, late_form)
    )


def _registration_context(event: Event, form, late_form) -> dict:
    event.refresh_from_db()
    return {
        "event": event,
        "form": form,
        "late_form": late_form,
        "entries": event.entries.select_related("player", "pair").order_by("number"),
        "summary": plan_summary(event=event),
        "before_start": event.status in (Event.Status.DRAFT, Event.Status.OPEN),
        "running": event.status == Event.Status.RUNNING,
        "roles": Entry.Role.choices,
    }


@login_required
def roster_search(request: HttpRequest, slug: str) -> HttpResponse:
    """htmx: roster players matching what was typed, not yet in the event."""
    event = _event(request, slug)
    query = request.GET.get("q", "").strip()
    players = Player.objects.none()
    if query:
        players = (
            Player.objects.filter(club=event.club, name__icontains=query)
            .exclude(entries__event=event)
            .order_by("name")[:ROSTER_LIMIT]
        )
    return render(
        request, "organizer/_roster_results.html", {"event": event, "players": players, "q": query}
    )


def _entry_command(action: str, post) -> tuple:
    """The entry service an action names, with its one input from the form."""
    if action == "role":
        return entry_services.entry_set_role, {"role": post.get("role", "")}
    if action == "arrived":
        return entry_services.entry_mark_arrived, {"arrived": post.get("arrived") == "1"}
    if action == "withdraw":
        return entry_services.entry_withdraw, {}
    raise Http404


@login_required
@require_POST
def entry_action(request: HttpRequest, slug: str, entry_id: int, action: str) -> HttpResponse:
    event = _event(request, slug)
    service, fields = _entry_command(action, request.POST)
    try:
        service(event_id=event.pk, entry_id=entry_id, actor=request.user, **fields)
    except DomainError as exc:
        messages.error(request, exc.message)
    return redirect("organizer:registration", slug=event.slug)


@login_required
@require_POST
def entries_pair(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        entry_services.entries_pair(event_id=event.pk, actor=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Pairs made in number order."))
    return redirect("organizer:registration", slug=event.slug)


@login_required
@require_POST
def entry_late(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    late_form = LateForm(request.POST, prefix="late")
    if late_form.is_valid():
        try:
            entry_services.entry_add_late(
                event_id=event.pk, names=[late_form.cleaned_data["names"]], actor=request.user
            )
        except DomainError as exc:
            _form_error(late_form, exc)
        else:
            messages.success(request, _("Late arrival added: joins at the next round."))
            return redirect("organizer:registration", slug=event.slug)
    context = _registration_context(event, RegisterForm(), late_form)
    return render(request, "organizer/registration.html", context, status=422)


@login_required
def seating_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    context = {
        "event": event,
        "plan": table_plan(event=event),
        "grade": (event.movement or {}).get("grade"),
        "before_start": event.status in (Event.Status.DRAFT, Event.Status.OPEN),
    }
    return render(request, "organizer/seating.html", context)


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
    context = {"event": event, "state": state, "rounds": event.rounds.order_by("number")}
    template = (
        "organizer/_round_state.html"
        if request.headers.get("HX-Request")
        else "organizer/round.html"
    )
    return render(request, template, context)


def _round_command(action: str, post) -> tuple:
    """The round service an action names, its input from the form, and what to say when done."""
    if action == "open":
        return round_services.round_open, {}, _("Round %(n)s is open.")
    if action == "close":
        return (
            round_services.round_close,
            {"force": post.get("force") == "1"},
            _("Round %(n)s is closed."),
        )
    raise Http404


@login_required
@require_POST
def round_action(request: HttpRequest, slug: str, number: int, action: str) -> HttpResponse:
    event = _event(request, slug)
    service, fields, done = _round_command(action, request.POST)
    try:
        service(event_id=event.pk, round_number=number, actor=request.user, **fields)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done % {"n": number})
        if action == "close" and event.rounds.filter(number=number + 1).exists():
            return redirect("organizer:round", slug=event.slug, number=number + 1)
    return redirect(reverse("organizer:round", kwargs={"slug": event.slug, "number": number}))
