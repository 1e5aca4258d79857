"""Organizer pages: thin views that parse a form, call one service or selector, and render.

A DomainError is shown beside the field it names (or above the form); every page works
without JavaScript, and htmx only swaps fragments (roster search, the live round state).
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.errors import DomainError, NotFound
from tournaments.games import game_for
from tournaments.games.registry import kind_help
from tournaments.models import Event
from tournaments.selectors.events import (
    clubs_for_user,
    event_for_organizer,
    event_log_recent,
    events_for_user,
)
from tournaments.selectors.languages import user_language
from tournaments.selectors.links import hall_address
from tournaments.selectors.movement_advice import (
    movement_advice,
    movement_choices_help,
    movement_repeats,
)
from tournaments.selectors.rounds import (
    round_current,
)
from tournaments.selectors.seating import plan_summary, seating_cleared
from tournaments.services import events as event_services
from tournaments.services import seating as seating_services
from tournaments.trump_words import read_trumps, show_trumps
from tournaments.views.confirm import (
    confirm_page,
    confirmed,
    event_confirmation,
    post_or_event_page,
)

# --- forms --------------------------------------------------------------------------------------


LANGUAGE_FIELD = forms.ChoiceField(
    label=_l("Language"),
    choices=[("", _l("Each visitor's own language")), *settings.LANGUAGES],
    required=False,
    help_text=_l(
        "Printed cards, the public page, the projector and the table phones use this language."
    ),
)


class EventCreateForm(forms.Form):
    club = forms.ModelChoiceField(queryset=None, label=_l("Club"), empty_label=None)
    name = forms.CharField(label=_l("Name"), max_length=160)
    date = forms.DateField(label=_l("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_l("Venue"), max_length=160, required=False)
    kind = forms.ChoiceField(label=_l("Kind"), choices=Event.Kind.choices)
    language = LANGUAGE_FIELD

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_for_user(user=user)
        self.fields["language"].initial = user_language(user=user) or ""


class EventSettingsForm(forms.Form):
    """Rounds and hands per round, so the total is always what the organizer sees stated."""

    rounds = forms.IntegerField(
        label=_l("Rounds"),
        min_value=1,
        max_value=60,
        help_text=_l("Each round the players sit at a new table (or meet new opponents)."),
    )
    hands_per_round = forms.IntegerField(
        label=_l("Hands per round"),
        min_value=1,
        max_value=60,
        help_text=_l("Hands played at the same table before everyone moves."),
    )
    trumps = forms.CharField(
        label=_l("Trump rotation"),
        required=False,
        help_text=_l(
            "For example: ♥ ♣ ♦ ♠ or H C D S (NT for no trumps). Hand 1 plays the first, and so on."
        ),
    )
    movement_kind = forms.ChoiceField(label=_l("Movement"))
    language = LANGUAGE_FIELD

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        allowed = event_services.ALLOWED_MOVEMENTS[event.kind]
        self.fields["movement_kind"].choices = [
            (value, label) for value, label in Event.MovementKind.choices if value in allowed
        ]
        if not game_for(event).needs_trumps:
            del self.fields["trumps"]  # the bid or the deal names trumps in this game

    def clean_trumps(self):
        try:
            return read_trumps(self.cleaned_data["trumps"], get_language())
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc

    def clean(self):
        data = super().clean()
        rounds, per_round = data.get("rounds"), data.get("hands_per_round")
        if rounds and per_round and rounds * per_round > 60:
            self.add_error(
                "rounds",
                _("%(r)s rounds of %(h)s hands make %(t)s hands; the most is 60.")
                % {"r": rounds, "h": per_round, "t": rounds * per_round},
            )
        return data


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


def form_write(request: HttpRequest, form: forms.Form, write, aliases: dict | None = None):
    """The one way a posted form is stored: when it is valid, ``write(cleaned_data)`` (one
    service call) runs, and a DomainError it raises shows beside the field it names.
    Returns ``(stored, what write returned)``."""
    if request.method != "POST" or not form.is_valid():
        return False, None
    try:
        return True, write(form.cleaned_data)
    except DomainError as exc:
        _form_error(form, exc, aliases)
        return False, None


def _back(request: HttpRequest, event: Event, default: str = "organizer:event") -> HttpResponse:
    target = request.POST.get("next", "")
    if target.startswith("/") and not target.startswith("//"):
        return redirect(target)
    return redirect(default, slug=event.slug)


# --- pages --------------------------------------------------------------------------------------


@login_required
def home(request: HttpRequest) -> HttpResponse:
    events = events_for_user(user=request.user).order_by("-date", "name")
    return render(request, "organizer/home.html", {"events": events, "hall": hall_address()})


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    form = EventCreateForm(request.POST or None, user=request.user)
    stored, event = form_write(
        request, form, lambda data: event_services.event_create(actor=request.user, **data)
    )
    if stored:
        messages.success(request, _("Event created. Now register the players."))
        return redirect("organizer:registration", slug=event.slug)
    return render(request, "organizer/event_create.html", {"form": form, "kinds": kind_help()})


@login_required
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    initial = {
        "rounds": event.round_count,
        "hands_per_round": event.hands_per_round,
        "trumps": show_trumps(event.trumps, get_language()),
        "movement_kind": event.movement_kind,
        "language": event.language,
    }
    form = EventSettingsForm(request.POST or None, initial=initial, event=event)
    if request.method == "POST" and form.is_valid():
        fields = dict(form.cleaned_data)
        rounds = fields.pop("rounds")
        unchanged = (rounds, fields["hands_per_round"]) == (
            event.round_count,
            event.hands_per_round,
        )
        # an event made with a short last round keeps its hands until rounds are changed here
        fields["hands"] = event.hands if unchanged else rounds * fields["hands_per_round"]
        try:
            event_services.event_update(event_id=event.pk, actor=request.user, **fields)
        except DomainError as exc:
            _form_error(form, exc, {"hands": "rounds"})
        else:
            event.refresh_from_db()
            messages.success(
                request,
                ngettext(
                    "Settings saved: %(r)s rounds of %(h)s hand, %(t)s hands in all.",
                    "Settings saved: %(r)s rounds of %(h)s hands, %(t)s hands in all.",
                    event.hands_per_round,
                )
                % {"r": event.round_count, "h": event.hands_per_round, "t": event.hands},
            )
            return redirect("organizer:event", slug=event.slug)
    summary = plan_summary(event=event)
    context = {
        "event": event,
        "form": form,
        "summary": summary,
        "current": round_current(event=event),
        "log": event_log_recent(event=event),
        "editable": event.status in (Event.Status.DRAFT, Event.Status.OPEN),
        "seating_cleared": seating_cleared(event=event),
        "advice": movement_advice(event=event, units=summary["units"]),
        "movement_help": movement_choices_help(event, event_services.ALLOWED_MOVEMENTS[event.kind]),
        "short_last_round": event.hands % event.hands_per_round,
        "rules_label": _rules_label(event),
        "hall": hall_address(),
    }
    return render(request, "organizer/event_detail.html", context)


def _rules_label(event: Event) -> str:
    from tournaments.views.match_rules import preset_label  # it imports this module

    return preset_label(event)


ACTIONS = {
    "open": event_services.event_open,
    "start": event_services.event_start,
    "finish": event_services.event_finish,
    "publish": event_services.event_publish,
    "reopen": event_services.event_reopen,
    "seat": seating_services.event_seat,
    "redraw": seating_services.event_redraw,
}


def _event_done(action: str, event: Event) -> str:
    """What happened, said plainly, for the message after an event action."""
    if action in ("seat", "redraw"):
        summary = plan_summary(event=event)
        tables, sit_out, rounds = summary["tables"], summary["sit_out"], event.round_count
        # each count with its own plural: "1 zit elke ronde uit", not "1 zitten"
        idle = (
            ngettext("%(s)s sitting out each round", "%(s)s sitting out each round", sit_out)
            % {"s": sit_out}
            if not summary["pairs"]
            else _("one pair has a bye each round")  # (a Dutch walk read "1 zit elke ronde uit")
            if sit_out
            else None
        )
        plan = ", ".join(
            part
            for part in (
                ngettext("%(t)s table", "%(t)s tables", tables) % {"t": tables},
                idle,
                ngettext("%(r)s round", "%(r)s rounds", rounds) % {"r": rounds},
            )
            if part
        )
        said = (
            _("Seating drawn: %(plan)s.")
            if action == "seat"
            else _("Seating re-drawn: %(plan)s. Print the movement and table cards again.")
        ) % {"plan": plan}
        repeats = movement_repeats(event, summary["units"])
        if repeats:
            said += " " + repeats
        if summary["ghosts"]:
            said += " " + ngettext(
                "%(g)s table plays three-handed with the ghost.",
                "%(g)s tables play three-handed with the ghost.",
                summary["ghosts"],
            ) % {"g": summary["ghosts"]}
        return said
    return {
        "open": _(
            "Registration is open: the event now shows on the public page, with the players "
            "registered so far."
        ),
        "start": _("Event started: open round 1 when the room is ready."),
        "finish": _(
            "Event finished: check the results (the standings and who takes each prize), "
            "then publish them."
        ),
        "publish": _("Results published: the public page and the exports show them to everyone."),
        "reopen": _("Results unpublished: correct them, then publish again.")
        if event.status == Event.Status.FINISHED
        else _("Back to play: the event runs again; finish it when the last round is done."),
    }[action]


@login_required
@post_or_event_page
def event_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    event = _event(request, slug)
    service = ACTIONS.get(action)
    if service is None:
        raise Http404
    question = event_confirmation(action, event)
    if question is not None and not confirmed(request):
        back = request.POST.get("next", "")
        if not (back.startswith("/") and not back.startswith("//")):
            back = reverse("organizer:event", kwargs={"slug": event.slug})
        return confirm_page(request, event, question, back=back)
    try:
        service(event_id=event.pk, actor=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        event.refresh_from_db()
        messages.success(request, _event_done(action, event))
        if action == "start":  # "open round 1 when the room is ready": where its button is
            return redirect("organizer:round_current", slug=event.slug)
    return _back(request, event)
