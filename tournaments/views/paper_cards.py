"""The MC's page for a paper-card evening: the mode, the totals typed in, the top cards checked."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.errors import DomainError
from tournaments.models import Event
from tournaments.selectors.paper_cards import card_check_list, card_flags, card_sheet
from tournaments.services import paper_cards as card_services
from tournaments.views.confirm import post_or_event_page
from tournaments.views.organizer import _event, _form_error


class ModeForm(forms.Form):
    mode = forms.ChoiceField(
        label=_l("How results come in"),
        choices=Event.PaperCards.choices,
        required=False,
        help_text=_l(
            "With paper cards the players keep their own score cards and you type in their "
            "totals: per round (partners and tables are checked against each other) or only "
            "the final totals at the end of the evening."
        ),
    )
    check_top = forms.IntegerField(
        label=_l("Top cards to check"),
        min_value=1,
        max_value=50,
        help_text=_l("Before the prizes, compare this many of the best totals with the cards."),
    )


class TotalsForm(forms.Form):
    """One number a player; an empty box leaves that player without a total."""

    def __init__(self, *args, sheet: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        for row in sheet:
            self.fields[f"p{row['number']}"] = forms.IntegerField(
                label=f"{row['number']}. {row['name']}",
                min_value=0,
                required=False,
                initial=row["tricks"],
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    def totals(self) -> dict[int, int | None]:
        return {int(name[1:]): value for name, value in self.cleaned_data.items()}


class CheckForm(forms.Form):
    tricks = forms.IntegerField(label=_l("The card says"), min_value=0)


def _round(event: Event, request: HttpRequest) -> int:
    if event.paper_cards != Event.PaperCards.ROUNDS:
        return card_services.FINAL
    raw = request.POST.get("round") or request.GET.get("round") or "1"
    return int(raw) if raw.isdigit() else 1


@login_required
def cards_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    round_number = _round(event, request)
    action = request.POST.get("action")
    mode_form = ModeForm(
        request.POST if action == "mode" else None,
        initial={"mode": event.paper_cards, "check_top": event.card_check_top},
    )
    sheet = card_sheet(event=event, round_number=round_number)
    totals_form = TotalsForm(request.POST if action == "totals" else None, sheet=sheet)
    here = reverse("organizer:cards", args=[event.slug])
    if round_number:
        here += f"?round={round_number}"
    if action == "mode" and mode_form.is_valid():
        try:
            card_services.event_paper_cards_set(
                event_id=event.pk,
                mode=mode_form.cleaned_data["mode"],
                check_top=mode_form.cleaned_data["check_top"],
                actor=request.user,
            )
        except DomainError as exc:
            _form_error(mode_form, exc, {"check_top": "check_top"})
        else:
            messages.success(request, _("Saved: how results come in."))
            return redirect("organizer:cards", slug=event.slug)
    if action == "totals" and totals_form.is_valid():
        try:
            count = card_services.card_totals_enter(
                event_id=event.pk,
                round_number=round_number,
                totals=totals_form.totals(),
                actor=request.user,
            )
        except DomainError as exc:
            _form_error(totals_form, exc)
        else:
            messages.success(request, _("Totals saved: %(n)d cards.") % {"n": count})
            return redirect(here)
    if action == "totals" and totals_form.errors:  # said at the top too: the form is long
        messages.error(request, _("Nothing was saved: put right the totals marked below."))
    context = {
        "event": event,
        "tab": "cards",
        "mode_form": mode_form,
        "totals_form": totals_form,
        "round_number": round_number,
        "rounds": range(1, event.round_count + 1),
        "flags": card_flags(event=event, round_number=round_number) if event.paper_cards else [],
        "check": card_check_list(event=event) if event.paper_cards else [],
    }
    return render(request, "organizer/cards.html", context)


@login_required
@post_or_event_page
def card_check(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    event = _event(request, slug)
    form = CheckForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Type in the total the card shows."))
        return redirect("organizer:cards", slug=event.slug)
    try:
        matched = card_services.card_check(
            event_id=event.pk, entry_id=entry_id, tricks=form.cleaned_data["tricks"],
            actor=request.user,
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        if matched:
            messages.success(request, _("Card checked: it matches."))
        else:
            messages.warning(
                request,
                _("Card checked: the total is now %(n)d, as on the card. The order may change.")
                % {"n": form.cleaned_data["tricks"]},
            )
    return redirect("organizer:cards", slug=event.slug)
