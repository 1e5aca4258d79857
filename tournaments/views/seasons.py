"""Organizer pages for a club's seasons: the rule, the prizes, the evenings that count."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.views.decorators.http import require_POST

from tournaments.errors import DomainError, NotFound
from tournaments.models import Event, Season
from tournaments.selectors.events import clubs_for_user
from tournaments.selectors.ladder import season_for_organizer, season_ladder, seasons_for_user
from tournaments.selectors.roster import duplicate_players
from tournaments.services import seasons as season_services
from tournaments.services.players import players_merge
from tournaments.views.organizer import form_write


class SeasonForm(forms.Form):
    name = forms.CharField(label=_l("Name"), max_length=120)
    ladder = forms.ChoiceField(
        label=_l("Ladder rule"),
        choices=Season.Ladder.choices,
        help_text=_l(
            "Total adds every evening's score; average divides by evenings played; "
            "best N adds only each player's best N evenings, so a missed evening costs nothing."
        ),
    )
    best_n = forms.IntegerField(
        label=_l("Best N"),
        min_value=0,
        max_value=99,
        initial=0,
        required=False,
        help_text=_l("With the best N rule: how many evenings count (for example 5 of 7)."),
    )
    min_events = forms.IntegerField(
        label=_l("Minimum attendance"),
        min_value=0,
        max_value=99,
        initial=1,
        help_text=_l("Evenings a player must have played to be ranked on the ladder."),
    )
    members_only = forms.BooleanField(
        label=_l("Members only"),
        required=False,
        help_text=_l(
            "Only players with a membership number are ranked; a guest still shows on each "
            "evening's results."
        ),
    )
    prizes = forms.CharField(
        label=_l("Season prizes"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_l("One a line, first place first. They show on the public ladder."),
    )

    def clean_best_n(self):
        return self.cleaned_data["best_n"] or 0

    def clean_prizes(self):
        return self.cleaned_data["prizes"].splitlines()


class SeasonCreateForm(SeasonForm):
    club = forms.ModelChoiceField(queryset=None, label=_l("Club"), empty_label=None)
    field_order = ["club", "name"]

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_for_user(user=user)


class SeasonEventsForm(forms.Form):
    events = forms.ModelMultipleChoiceField(
        queryset=None,
        label=_l("Evenings in this season"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_l("An evening counts on the ladder once it is finished and its page public."),
    )

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["events"]
        field.queryset = Event.objects.filter(club=season.club_id).order_by("date", "name")
        field.label_from_instance = lambda e: f"{date_format(e.date)} · {e.name}"
        self.initial.setdefault("events", list(season.events.values_list("pk", flat=True)))


def _season(request: HttpRequest, season_id: int) -> Season:
    try:
        return season_for_organizer(user=request.user, season_id=season_id)
    except NotFound as exc:
        raise Http404(exc.message) from exc


def _initial(season: Season) -> dict:
    return {
        "name": season.name,
        "ladder": season.ladder,
        "best_n": season.best_n,
        "min_events": season.min_events,
        "members_only": season.members_only,
        "prizes": "\n".join(season.prizes),
    }


@login_required
def season_list(request: HttpRequest) -> HttpResponse:
    seasons = seasons_for_user(user=request.user).order_by("club__name", "-pk")
    return render(request, "organizer/seasons.html", {"seasons": seasons})


@login_required
def season_create(request: HttpRequest) -> HttpResponse:
    form = SeasonCreateForm(request.POST or None, user=request.user)
    stored, season = form_write(request, form, lambda data: season_services.season_create(**data))
    if stored:
        messages.success(request, _("Season created. Now tick the evenings that count."))
        return redirect("organizer:season", season_id=season.pk)
    return render(request, "organizer/season_form.html", {"form": form})


@login_required
def season_detail(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    form = SeasonForm(request.POST or None, initial=_initial(season))
    stored = form_write(
        request, form, lambda data: season_services.season_update(season_id=season.pk, **data)
    )[0]
    if stored:
        messages.success(request, _("Season saved."))
        return redirect("organizer:season", season_id=season.pk)
    return _detail(request, season, form, SeasonEventsForm(season=season))


@login_required
@require_POST
def season_events(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    events_form = SeasonEventsForm(request.POST, season=season)
    stored, count = form_write(
        request,
        events_form,
        lambda data: season_services.season_events_set(
            season_id=season.pk, event_ids=[e.pk for e in data["events"]]
        ),
    )
    if stored:
        messages.success(request, _("Evenings saved: %(n)d in this season.") % {"n": count})
        return redirect("organizer:season", season_id=season.pk)
    return _detail(request, season, SeasonForm(initial=_initial(season)), events_form)


@login_required
@require_POST
def season_players_merge(request: HttpRequest, season_id: int) -> HttpResponse:
    """One player from the club's records of one name (the ladder counted them apart)."""
    season = _season(request, season_id)
    if request.POST.get("one_person") != "1":
        messages.error(request, _("Tick “They are one person” to merge them."))
    else:
        try:
            ids = [int(x) for x in request.POST.getlist("players")]
            kept = players_merge(club_id=season.club_id, player_ids=ids, actor=request.user)
        except ValueError:
            messages.error(request, _("No such players in this club."))
        except DomainError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("%(name)s is one player now.") % {"name": kept.name})
    return redirect(reverse("organizer:season", args=[season.pk]) + "#duplicates")


def _detail(request, season, form, events_form) -> HttpResponse:
    context = {
        "season": season,
        "form": form,
        "events_form": events_form,
        "ladder": season_ladder(season=season),
        "duplicates": duplicate_players(club_id=season.club_id),
    }
    return render(request, "organizer/season_detail.html", context)
