"""The organizer's prize setup and money pages, for every kind of event.

The forms only turn choices into ``Event.prize_settings`` and ``Event.money``; the
services check and store them (services.prizes, services.money).
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import formats
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.selectors import money as money_selectors
from tournaments.selectors.languages import name_order
from tournaments.selectors.prize_settings import CATEGORIES, MAX_PLACES, settings_of
from tournaments.selectors.standings import event_standings
from tournaments.services import money as money_services
from tournaments.services import prizes as prize_services
from tournaments.views.confirm import post_or_event_page
from tournaments.views.organizer import _event, form_write

SPECIAL_SLOTS = 3
AS_LISTED = ("", _l("as listed (no winner named)"))


class PrizeForm(forms.Form):
    places = forms.IntegerField(label=_l("Prizes for places"), min_value=0, max_value=MAX_PLACES)
    categories = forms.ChoiceField(
        label=_l("Prize lists"),
        choices=CATEGORIES,
        required=False,
        help_text=_l(
            "With ladies' and gents' prizes only, the places go to each list (1st lady, 1st "
            "gent...) and nobody gets an overall place; a player with no role is in neither list."
        ),
    )
    half_time = forms.BooleanField(
        label=_l("Half-time prize (leader after half the hands)"), required=False
    )
    booby = forms.BooleanField(label=_l("Booby prize (lowest score)"), required=False)
    ten_plus = forms.BooleanField(
        label=_l("Prize for the most hands of 10 or more tricks"), required=False
    )
    no_double = forms.BooleanField(
        label=_l("One prize per person"),
        required=False,
        help_text=_l("A player already holding a prize is passed over; the next in line gets it."),
    )
    half_time_apart = forms.BooleanField(
        label=_l("The half-time winner may also win a prize at the end"),
        required=False,
        help_text=_l(
            "With one prize per person: the half-time prize, handed out at the interval, does "
            "not count. Otherwise its winner is passed over for the end prizes."
        ),
    )
    ties = forms.ChoiceField(
        label=_l("A tie for a prize"),
        help_text=_l(
            "Who is level is settled first by the tie-break on the Rules page (a drive splits "
            "level scores by the second half, then hands won, unless set to share the place). "
            "Shared: two still level for 2nd both get a 2nd prize and no 3rd is given."
        ),
        choices=(
            ("share", _l("shared by the tied players")),
            ("lot", _l("settled by lot (recorded)")),
        ),
    )
    consolation = forms.BooleanField(label=_l("Consolation prize drawn by lot"), required=False)

    def __init__(self, *args, event, players, **kwargs):
        super().__init__(*args, **kwargs)
        game = game_for(event)
        if not game.hand_prizes or event.paper_cards:  # paper cards: no hands to read them from
            del self.fields["half_time"], self.fields["ten_plus"], self.fields["half_time_apart"]
        if not game.roles_for(event):  # ladies' and gents' lists only where players have the roles
            del self.fields["categories"]
        if game.team_event:  # the places go to teams, level teams share: no pair's prizes
            del self.fields["booby"], self.fields["no_double"], self.fields["ties"]
            self.fields["places"].help_text = _l(
                "The places go to the teams: by the cup once its final is played, else by the "
                "league table. Teams level in the table share a place."
            )
        for i in range(1, SPECIAL_SLOTS + 1):
            self.fields[f"special_{i}_name"] = forms.CharField(
                label=_l("Special prize %(n)d: name") % {"n": i}, max_length=80, required=False
            )
            self.fields[f"special_{i}_winner"] = forms.ChoiceField(
                label=_l("Special prize %(n)d: goes to") % {"n": i},
                choices=[AS_LISTED, *players],
                required=False,
            )

    def settings(self) -> dict:
        data = dict(self.cleaned_data)
        specials = [
            {"name": data.pop(f"special_{i}_name"), "winner": data.pop(f"special_{i}_winner")}
            for i in range(1, SPECIAL_SLOTS + 1)
        ]
        data["specials"] = [s for s in specials if s["name"].strip()]
        return data


def _prize_initial(settings: dict) -> dict:
    initial = {k: v for k, v in settings.items() if k not in ("specials", "draw", "seed")}
    for i, special in enumerate(settings["specials"][:SPECIAL_SLOTS], start=1):
        initial[f"special_{i}_name"] = special["name"]
        initial[f"special_{i}_winner"] = special["winner"]
    return initial


@login_required
def prizes_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Set up who gets a prize; editable until the results are published."""
    event = _event(request, slug)
    standings = event_standings(event=event)
    language = get_language()  # by name, not by place: one is found among a thousand
    players = sorted(
        ((r["key"], r["name"]) for r in standings["standings"]),
        key=lambda choice: name_order(choice[1], language),
    )
    settings = settings_of(event)
    form = PrizeForm(
        request.POST or None, event=event, players=players, initial=_prize_initial(settings)
    )
    stored = form_write(
        request,
        form,
        lambda _data: prize_services.prize_settings_update(
            event_id=event.pk, actor=request.user, settings=form.settings()
        ),
    )[0]
    if stored:
        messages.success(request, _("Prize settings saved."))
        return redirect("organizer:prizes", slug=event.slug)
    context = {
        "event": event,
        "form": form,
        "settings": settings,
        "prizes": standings["prizes"],
        "draw_winner": dict(players).get((settings["draw"] or {}).get("winner")),
        "twice": _more_than_one_prize(standings["prizes"]),
    }
    return render(
        request, "organizer/prizes.html", context, status=422 if request.method == "POST" else 200
    )


def _more_than_one_prize(prizes: list[dict]) -> list[str]:
    """Who is down for two prizes or more (an overall place and a ladies' or gents' one): the
    page says so beside "One prize per person", which the organizer may mean to tick."""
    held = Counter(
        (w["key"], w["name"]) for p in prizes if p["code"] != "special" for w in p["winners"]
    )
    return [name for (_key, name), n in held.items() if n > 1]


@login_required
@post_or_event_page
def consolation_draw(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        prize_services.prize_consolation_draw(event_id=event.pk, actor=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The consolation prize has been drawn."))
    return redirect("organizer:prizes", slug=event.slug)


# a figure, with a currency's sign or up to three letters before or after it ("£3", "3 kr.")
_CURRENCY = r"(?:[^\w\s-]|[^\W\d_]{1,3}\.?)?"
AMOUNT = re.compile(rf"^\s*{_CURRENCY}\s*(-?[\d.,\s]*\d[\d.,]*)\s*{_CURRENCY}\s*$")


class AmountField(forms.DecimalField):
    """An amount as a volunteer types it: "3", "2,50", "£3" or "3 kr.": the currency's sign
    or letters are dropped before the number is read in the page's language. Words
    ("fifty") are refused, not read as nothing: a walk saved an entry fee of 0.00."""

    default_error_messages = {
        "invalid": _l("Type the amount in figures, for example 5 or 2.50."),
    }

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "inputmode": "decimal"}  # a phone's number pad

    def to_python(self, value):
        if isinstance(value, str) and (found := AMOUNT.match(value)):
            value = re.sub(r"\s", "", found[1]).strip(".,")
            # the language's thousands separator before a group of three: "1,234.50" (a walk
            # typed the evening's takings so and was refused), "1.234,50" in Dutch
            sep = re.escape(formats.get_format("THOUSAND_SEPARATOR"))
            value = re.sub(rf"(?<=\d){sep}(?=\d{{3}}(?:\D|$))", "", value)
        return super().to_python(value)


def _amount(label):
    return AmountField(
        label=label, min_value=0, max_digits=12, decimal_places=2, localize=True, required=False
    )


class MoneyForm(forms.Form):
    currency = forms.CharField(
        label=_l("Currency"),
        max_length=3,
        help_text=_l(
            "This evening's, for example GBP, EUR or DKK; the club's next evenings start with it."
        ),
    )
    entry_fee = _amount(_l("Entry fee"))
    entries_full = forms.IntegerField(
        label=_l("Players paying the entry fee"), min_value=0, required=False
    )
    concession_fee = _amount(_l("Concession fee (pensioners, juniors)"))
    entries_concession = forms.IntegerField(
        label=_l("Players paying the concession fee"), min_value=0, required=False
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        for key, label in money_selectors.TAKINGS + money_selectors.COSTS:
            self.fields[key] = _amount(label)
        self.fields["beneficiary"] = forms.CharField(
            label=_l("The net goes to"),
            max_length=120,
            required=False,
            help_text=_l("A charity's name, or leave empty for the club."),
        )
        self.fields["show_net"] = forms.BooleanField(
            label=_l("Show the net on the public page and the final screen"),
            required=False,
            help_text=_l(
                'Once the evening is over: "Raised for …", as a charity drive announces it.'
            ),
        )
        if game_for(event).settles_in_money:
            self.fields["stake_per_point"] = _amount(_l("Stake per point"))
        if event.uses_pairs:  # one fee a pair
            self.fields["entry_fee"].label = _("Entry fee per pair")
            self.fields["entries_full"].label = _("Pairs paying the entry fee")
            self.fields["concession_fee"].label = _("Concession fee per pair")
            self.fields["entries_concession"].label = _("Pairs paying the concession fee")
        self.kept = self._door_ticked(event)
        if getattr(event, "tournament_format", None) is not None:
            self.fields["prizes_cash"].help_text = _(
                "Other prizes only: the tournament's pot and Boston prize have lines of their own."
            )
        self.groups = [
            (legend, [self[name] for name in names if name in self.fields])
            for legend, names in (
                (_("Settlement"), ["stake_per_point"]),
                (
                    _("At the door"),
                    ["entry_fee", "entries_full", "concession_fee", "entries_concession"],
                ),
                (_("Takings"), [k for k, _x in money_selectors.TAKINGS]),
                (_("Costs"), [k for k, _x in money_selectors.COSTS]),
                (_("The club"), ["beneficiary", "show_net", "currency"]),
            )
        ]
        self.groups = [g for g in self.groups if g[1]]

    def _door_ticked(self, event) -> dict:
        """Once players are ticked as paid on the Players page, the ticks are the counts:
        the typed counts leave the form and are kept as they were (for an untick)."""
        ticks = money_selectors.door_ticks(event)
        if ticks is None:
            self.fields["entries_full"].help_text = _(
                "Or tick who paid beside each name on the Players page."
            )
            return {}
        self.fields["entry_fee"].help_text = _(
            "Counted from the ticks on the Players page: %(full)d at the entry fee, "
            "%(concession)d at the concession fee."
        ) % {"full": ticks["entries_full"], "concession": ticks["entries_concession"]}
        stored = money_selectors.money_of(event)
        for key in money_selectors.COUNTS:
            del self.fields[key]
        return {key: stored[key] for key in money_selectors.COUNTS}

    def money(self) -> dict:
        data = dict(self.cleaned_data)
        data.pop("currency")
        out = dict(self.kept)
        for key, value in data.items():
            if key in money_selectors.COUNTS:
                out[key] = value or 0
            elif key in money_selectors.AMOUNTS:
                out[key] = int((value or Decimal(0)) * 100)  # minor units
            else:
                out[key] = value
        return out


def _money_initial(event) -> dict:
    m = money_selectors.money_of(event)
    initial = {k: Decimal(m[k]).scaleb(-2) for k in money_selectors.AMOUNTS}  # 4550 -> 45.50
    initial.update(
        {k: m[k] for k in money_selectors.COUNTS},
        beneficiary=m["beneficiary"],
        show_net=m["show_net"],
    )
    return {**initial, "currency": money_selectors.event_currency(event)}


@login_required
def money_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The evening's takings, costs and net; Es-makker's settlement at a stake per point."""
    event = _event(request, slug)
    form = MoneyForm(request.POST or None, event=event, initial=_money_initial(event))
    stored = form_write(
        request,
        form,
        lambda data: money_services.event_money_update(
            event_id=event.pk, actor=request.user, money=form.money(), currency=data["currency"]
        ),
    )[0]
    if stored:
        messages.success(request, _("Money saved."))
        return redirect("organizer:money", slug=event.slug)
    settlement = error = None
    if game_for(event).settles_in_money:
        try:
            settlement = money_selectors.settlement(event, event_standings(event=event))
        except DomainError as exc:
            error = exc.message
    context = {
        "event": event,
        "form": form,
        "sheet": money_selectors.cash_sheet(event),
        "settlement": settlement,
        "settlement_error": error,
    }
    return render(
        request, "organizer/money.html", context, status=422 if request.method == "POST" else 200
    )
