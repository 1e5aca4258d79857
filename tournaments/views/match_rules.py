"""The organizer's rules page: for match games the rubber, Bid Whist or Es-makker preset,
the robber's honours and revoke penalty, and how a robber league plays and ranks; for a
drive its rule options one by one (``Game.rule_options``: sit-out credit, ties, revokes).

The form only turns choices into ``Event.rules`` (kept keys it does not show, such as
prizes); ``event_update`` checks them with the engine and the league options.
"""

from __future__ import annotations

from dataclasses import asdict

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.games import game_for
from tournaments.models import Event
from tournaments.selectors.matches import LEAGUE_KEY, LeagueOptions
from tournaments.services import events as event_services
from tournaments.views.organizer import _event, form_write

AS_PRESET = ("", _l("as the preset says"))


def preset_override(label, *choices) -> forms.ChoiceField:
    """A rule the preset decides unless the organizer picks one of ``choices`` (left blank,
    the key is not stored: ``rules_from_form``)."""
    return forms.ChoiceField(label=label, required=False, choices=(AS_PRESET, *choices))


def preset_label(event: Event) -> str:
    """The rules an event plays by, in words ("Short whist, club rules: ..."), not the key;
    a game of rule options: those chosen away from the default ("" when none)."""
    game = game_for(event)
    if not game.presets:
        rules = event.rules or {}
        return "; ".join(
            f"{option.label} {dict(option.choices).get(value, value)}"
            for option in game.rule_options
            if option.key in rules
            and (value := _option_value(rules[option.key])) != option.choices[0][0]
        )
    presets = dict(game.presets)
    key = (event.rules or {}).get("preset") or next(iter(presets), "")
    return str(presets.get(key, key))


class MatchRulesForm(forms.Form):
    preset = forms.ChoiceField(label=_l("Rules"))
    honours = preset_override(
        _l("Honours"),
        ("club", _l("scored, but not at the point before game")),
        ("never_decisive", _l("scored, never carrying a side to game")),
        ("none", _l("not scored")),
    )
    revoke_penalty = preset_override(
        _l("Revoke penalty when the claimants do not choose"),
        ("tricks", _l("3 tricks from the revoking side to the claimants")),
        ("deduct", _l("3 points off the revoking side")),
        ("add", _l("3 points to the claimants")),
        ("deduct_only_tricks", _l("3 tricks off the revoking side only")),
    )
    match = forms.ChoiceField(
        label=_l("A league match is"),
        choices=(
            ("rubber", _l("one rubber (the round's hands are the most it may take)")),
            ("hands", _l("the round's hands, rubber after rubber (a timed night)")),
        ),
    )
    points = forms.ChoiceField(
        label=_l("League ranking"),
        choices=(
            ("league", _l("league points 3/1/0, then net rubber points")),
            ("rubber", _l("net rubber points, then league points")),
        ),
    )

    ROBBER_ONLY = ("honours", "revoke_penalty", "match", "points")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = game_for(event).presets
        if not game_for(event).league_table:  # honours, revokes and league: robber only
            for name in self.ROBBER_ONLY:
                del self.fields[name]

    def rules(self, event: Event) -> dict:
        return rules_from_form(event, self.cleaned_data)


def _option_value(value) -> str:
    """A stored rule as its choice: {"fixed": 7} is "fixed:7", as docs/rules.md writes it."""
    if isinstance(value, dict) and set(value) == {"fixed"}:
        return f"fixed:{value['fixed']}"
    return str(value)


class OptionRulesForm(forms.Form):
    """A game's rule options, one choice each; a value stored some other way (the API) is
    offered as it is, so saving the page never changes a rule nobody touched."""

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        rules = event.rules or {}
        for option in game_for(event).rule_options:
            choices = list(option.choices)
            stored = _option_value(rules.get(option.key, choices[0][0]))
            if stored not in dict(choices):
                choices.append((stored, stored))
            self.initial.setdefault(option.key, stored)
            self.fields[option.key] = forms.ChoiceField(
                label=option.label, choices=choices, help_text=option.help, widget=forms.RadioSelect
            )

    def rules(self, event: Event) -> dict:
        """The event's rules with these choices in; a default is not stored (the engine's)."""
        rules = dict(event.rules or {})
        for option in game_for(event).rule_options:
            rules.pop(option.key, None)
            if self.cleaned_data[option.key] != option.choices[0][0]:
                rules[option.key] = self.cleaned_data[option.key]
        return rules


def _initial(event: Event) -> dict:
    rules = event.rules or {}
    league = {**asdict(LeagueOptions()), **(rules.get(LEAGUE_KEY) or {})}
    return {
        "preset": rules.get("preset", game_for(event).presets[0][0]),
        "honours": rules.get("honours", ""),
        "revoke_penalty": rules.get("revoke_penalty", ""),
        "match": league["match"],
        "points": league["points"],
    }


def rules_from_form(event: Event, data: dict) -> dict:
    """The event's rules with the form's choices in (other keys, e.g. prizes, kept)."""
    rules = dict(event.rules or {})
    rules["preset"] = data["preset"]
    for key in ("honours", "revoke_penalty"):
        rules.pop(key, None)
        if data.get(key):
            rules[key] = data[key]
    if "match" in data:
        league = dict(rules.get(LEAGUE_KEY) or {})
        league.update(match=data["match"], points=data["points"])
        defaults = asdict(LeagueOptions())
        league = {k: v for k, v in league.items() if defaults.get(k) != v}
        rules.pop(LEAGUE_KEY, None)
        if league:
            rules[LEAGUE_KEY] = league
    return rules


@login_required
def event_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """Pick the rules: a match game's preset and options, or a drive's rule options."""
    event = _event(request, slug)
    game = game_for(event)
    if not game.rules_page:
        raise Http404(_("This event has no rules to choose here."))
    if game.presets:
        form = MatchRulesForm(request.POST or None, event=event, initial=_initial(event))
    else:
        form = OptionRulesForm(request.POST or None, event=event)
    stored = form_write(
        request,
        form,
        lambda _data: event_services.event_update(
            event_id=event.pk, actor=request.user, rules=form.rules(event)
        ),
        aliases={"rules": None},
    )[0]
    if stored:
        messages.success(request, _("Rules saved."))
        return redirect("organizer:event", slug=event.slug)
    status = 422 if request.method == "POST" else 200
    editable = event.status in (Event.Status.DRAFT, Event.Status.OPEN)  # as event_update says
    context = {"event": event, "form": form, "editable": editable}
    return render(request, "organizer/rules.html", context, status=status)
