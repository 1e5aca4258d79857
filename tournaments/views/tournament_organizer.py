"""Organizer pages of tournaments: a Bid Whist tournament (set up, pair each round, draw the
playoff, enter the playoff winners) and a team event (teams, league fixtures, cup).

Thin views: parse a form, call one service, render; a DomainError shows beside its field.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.errors import DomainError, NotFound
from tournaments.models import Event, Round, TournamentFormat
from tournaments.selectors.money import event_currency
from tournaments.selectors.teams import team_match_cards, team_results
from tournaments.selectors.tournament import tournament_settings, tournament_summary
from tournaments.services import teams as team_services
from tournaments.services import tournament as services
from tournaments.views.confirm import post_or_event_page
from tournaments.views.organizer import _back, _event, form_write

RANKING_PRESETS = (
    ("wins_hands_points", _l("wins, then hands won, then points")),
    ("wins_points", _l("wins, then points, then hands won")),
    ("wins_head_to_head", _l("wins, then head to head, then hands won")),
    ("points", _l("points, then wins")),
)
SCALES = (("3-1-0", _l("3 for a win, 1 each for a draw")), ("margin", _l("by the trick margin")))


class TournamentForm(forms.Form):
    rounds = forms.IntegerField(label=_l("Qualifying rounds"), min_value=1, max_value=60, initial=6)
    hands_per_round = forms.IntegerField(
        label=_l("Hands a round"), min_value=1, max_value=60, initial=7
    )
    qualifying = forms.ChoiceField(label=_l("Pairing"), choices=TournamentFormat.Qualifying.choices)
    ranking = forms.ChoiceField(label=_l("Ranking"), choices=RANKING_PRESETS)
    match_to = forms.ChoiceField(
        label=_l("A match is played to"), choices=TournamentFormat.MatchTo.choices
    )
    playoff = forms.ChoiceField(label=_l("Playoff"), choices=TournamentFormat.Playoff.choices)
    playoff_teams = forms.IntegerField(label=_l("Teams in the playoff"), min_value=2, initial=8)
    final_best_of = forms.TypedChoiceField(
        label=_l("Final: best of"), coerce=int, choices=[(n, n) for n in (1, 3, 5, 7, 9)]
    )
    pot = forms.DecimalField(label=_l("Pot"), min_value=0, decimal_places=2, initial=0)
    prize_split = forms.CharField(
        label=_l("Prize split"),
        initial="50 30 20",
        help_text=_l("Percent of the pot for 1st, 2nd, 3rd...: for example 50 30 20."),
    )
    boston_prize = forms.DecimalField(
        label=_l("Boston prize"), min_value=0, decimal_places=2, initial=0
    )

    def __init__(self, *args, currency: str, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("pot", "boston_prize"):  # the amounts are in the evening's currency
            self.fields[name].help_text = _("In %(currency)s (the Money page changes it).") % {
                "currency": currency
            }

    def clean_prize_split(self):
        try:
            return [float(p) for p in self.cleaned_data["prize_split"].replace(",", " ").split()]
        except ValueError as exc:
            raise forms.ValidationError(_("Give percentages, for example 50 30 20.")) from exc


class TeamsForm(forms.Form):
    hands_per_round = forms.IntegerField(
        label=_l("Hands a match"), min_value=1, max_value=60, initial=4
    )
    match_points = forms.ChoiceField(label=_l("Match points"), choices=SCALES)
    home_and_away = forms.BooleanField(label=_l("Home and away"), required=False, initial=True)
    seed = forms.IntegerField(label=_l("Cup draw number"), min_value=0, initial=0, required=False)


def _done(request: HttpRequest, call, said=None) -> None:
    """Run one service call; ``said(what it returned)`` words the success (else "Done.")."""
    try:
        out = call()
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, said(out) if said else _("Done."))


def _paired(rnd) -> str:
    return _("Round %(n)s is paired: open it when the room is ready.") % {"n": rnd.number}


@login_required
def tournament_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    form = TournamentForm(
        request.POST or None,
        initial=tournament_settings(event=event),
        currency=event_currency(event),
    )
    stored = form_write(
        request,
        form,
        lambda data: services.tournament_configure(event_id=event.pk, actor=request.user, **data),
    )[0]
    if stored:
        messages.success(request, _("Tournament saved."))
        return redirect("organizer:tournament", slug=event.slug)
    try:
        summary = tournament_summary(event=event)
    except NotFound:
        summary = None
    editable = event.status in (Event.Status.DRAFT, Event.Status.OPEN) and event.movement is None
    return render(
        request,
        "organizer/tournament.html",
        {
            "event": event,
            "form": form,
            "t": summary,
            "editable": editable,
            "rounds_to_pair": _rounds_to_pair(event),
        },
    )


def _rounds_to_pair(event: Event) -> bool:
    """A qualifying round not paired yet (before the first pairing no round exists)."""
    rounds = event.rounds.all()
    unpaired = rounds.filter(status=Round.Status.PENDING).exclude(seatings__table__isnull=False)
    return rounds.count() < event.round_count or unpaired.exists()


TOURNAMENT_ACTIONS = {
    "pair": services.tournament_pair_round,
    "playoff": services.tournament_playoff_draw,
    "cup_round": team_services.team_cup_seat_round,
}


@login_required
@post_or_event_page
def tournament_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    event = _event(request, slug)
    if action == "winner":
        match = request.POST.get("match", "")
        winner = request.POST.get("winner", "")
        _done(
            request,
            lambda: services.tournament_playoff_result(
                event_id=event.pk,
                match=match,
                winner=int(winner) if winner.isdigit() else None,
                actor=request.user,
            ),
        )
        return redirect("organizer:tournament", slug=event.slug)
    service = TOURNAMENT_ACTIONS.get(action)
    if service is None:
        raise Http404
    _done(
        request,
        lambda: service(event_id=event.pk, actor=request.user),
        _paired if action == "pair" else None,
    )
    page = "organizer:teams" if action == "cup_round" else "organizer:tournament"
    return _back(request, event, page)  # the round page pairs its round and stays there


@login_required
def teams_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    form = TeamsForm(request.POST or None)
    action = request.POST.get("action", "")
    if request.method == "POST" and action == "teams":
        names = request.POST.get("team_names", "").splitlines()  # the clubs' names, in order
        _done(
            request,
            lambda: team_services.teams_make(event_id=event.pk, names=names, actor=request.user),
        )
        return redirect("organizer:teams", slug=event.slug)
    def fixtures(data):
        common = {
            "event_id": event.pk,
            "hands_per_round": data["hands_per_round"],
            "match_points": data["match_points"],
            "actor": request.user,
        }
        if action == "cup":
            return team_services.team_cup_draw(seed=data["seed"] or 0, **common)
        return team_services.team_league_seat(home_and_away=data["home_and_away"], **common)

    if form_write(request, form, fixtures)[0]:
        messages.success(request, _("Fixtures made."))
        return redirect("organizer:teams", slug=event.slug)
    context = {
        "event": event,
        "form": form,
        "teams": event.teams.all(),
        **team_results(event=event),
    }
    return render(request, "organizer/teams.html", context)


@login_required
def team_cards(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    return render(
        request,
        "organizer/team_cards.html",
        {"event": event, "cards": team_match_cards(event=event)},
    )
