"""Organizer pages for the players: register (pasted lists previewed first), rename, delete,
roles (swapped in place with htmx), arrivals, withdrawals and late arrivals."""

from __future__ import annotations

import re
from collections import Counter

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django.utils.translation import ngettext

from tournaments.errors import DomainError
from tournaments.games import game_for
from tournaments.models import Entry, Event, Round
from tournaments.selectors.money import door_counts
from tournaments.selectors.roster import leaving_partner, roster_names, roster_results, same_name
from tournaments.selectors.seating import plan_summary, seating_cleared
from tournaments.services import entries as entry_services
from tournaments.services.player_lists import read_player_list
from tournaments.views.confirm import Confirmation, confirm_page, confirmed, post_or_event_page
from tournaments.views.organizer import _event, _form_error, form_write

ROSTER_LIMIT = 12


class RegisterForm(forms.Form):
    names = forms.CharField(label=_l("Add a new player"), required=False, max_length=120)
    text = forms.CharField(
        label=_l("Paste a list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_l(
            "One player a line, straight from a spreadsheet or a list: a name, or name, "
            "membership number and role (lady/gent), separated by tabs, commas or semicolons. "
            "You see the list as read before anything is saved."
        ),
    )
    csv = forms.FileField(label=_l("Or import a CSV file"), required=False)

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        if event.uses_pairs:  # a sign-up sheet: a team a line, paired as registered
            self.fields["text"].help_text = _l(
                "One player a line, or one team a line: its two players (“Ann Smith & Bob "
                "Jones”, or in two cells), the team's name first if it has one; the two are "
                "paired. You see the list as read before anything is saved."
            )
        elif not game_for(event).roles_for(event):  # lady/gent mean nothing: do not ask for them
            self.fields["text"].help_text = _l(
                "One player a line, straight from a spreadsheet or a list: a name, or name and "
                "membership number, separated by tabs, commas or semicolons. You see the list "
                "as read before anything is saved."
            )


class PairsForm(forms.Form):
    pairs = forms.CharField(
        label=_l("Pairs, one a line: the two players' numbers"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_l("For example “1 4” puts players 1 and 4 together. Pair 1 is the first line."),
    )

    def clean_pairs(self) -> list[list[int]]:
        mapping = []
        for n, line in enumerate(self.cleaned_data["pairs"].splitlines(), 1):
            numbers = [int(x) for x in re.findall(r"\d+", line)]
            if not numbers:
                continue
            if len(numbers) != 2:
                raise forms.ValidationError(
                    _("Line %(n)s: write two player numbers, for example 1 4.") % {"n": n}
                )
            mapping.append(numbers)
        if not mapping:  # words only: never read as "no pairs", which would undo them all
            raise forms.ValidationError(
                _("Write the pairs as two player numbers a line, for example 1 4.")
            )
        return mapping


def pairs_text(entries) -> str:
    """The pairs as the form shows them: "1 4" a line, in pair order."""
    members: dict[int, list[int]] = {}
    for entry in entries:
        if entry.pair_id:
            members.setdefault(entry.pair.number, []).append(entry.number)
    return "\n".join(" ".join(map(str, sorted(m))) for _n, m in sorted(members.items()))


class LateForm(forms.Form):
    names = forms.CharField(label=_l("Late arrival's name"), max_length=120)
    partner = forms.CharField(label=_l("Partner's name"), max_length=120)
    pair_name = forms.CharField(
        label=_l("Team name (if they have one)"), max_length=160, required=False
    )
    role = forms.ChoiceField(label=_l("Role"), choices=Entry.Role.choices, required=False)

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, prefix="late", **kwargs)
        if not game_for(event).roles_for(
            event
        ):  # as RegisterForm: only where lady/gent mean something
            del self.fields["role"]
        if not event.uses_pairs:  # a pairs event's late players come as a pair: two names
            del self.fields["partner"], self.fields["pair_name"]


def _players_url(event: Event, entry_id: int | None = None) -> str:
    url = reverse("organizer:registration", kwargs={"slug": event.slug})
    return f"{url}#entry-{entry_id}" if entry_id else url


@login_required
def registration(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    form = RegisterForm(request.POST or None, request.FILES or None, event=event)
    preview = None
    if request.method == "POST" and form.is_valid():
        text = _list_text(form)
        player_ids = [int(p) for p in request.POST.getlist("player_ids") if p.isdigit()]
        names = form.cleaned_data["names"]
        if text and request.POST.get("confirm") != "1":
            preview = _preview(event, text, names, player_ids)
            form = RegisterForm(initial={"text": text, "names": preview["names"]}, event=event)
        elif text is not None and _register(request, event, form, text, player_ids):
            return redirect("organizer:registration", slug=event.slug)
    context = _registration_context(event, form, LateForm(event=event))
    context["preview"] = preview
    return render(request, "organizer/registration.html", context)


def _list_text(form: RegisterForm) -> str | None:
    """The typed list and the uploaded CSV file as one text; None (with the error on the form)
    when the file is not UTF-8."""
    upload = form.cleaned_data.get("csv")
    try:
        uploaded = upload.read().decode("utf-8-sig") if upload else ""
    except UnicodeDecodeError:
        form.add_error("csv", _("The file is not UTF-8 text."))
        return None
    return "\n".join(t for t in (form.cleaned_data["text"], uploaded) if t.strip())


def _preview(event: Event, text: str, names: str, player_ids: list[int]) -> dict:
    """A list as read, line by line: shown before anything is saved, with who on it is in
    this evening already (registering skips them) and how many the button will register.

    A name left in "Add a new player" (refused a moment ago as already in) is skipped like
    the list's: otherwise it would refuse the whole list when the list is confirmed."""
    lines = read_player_list(text, teams=event.uses_pairs)
    registered = {same_name(n): n for n in event.entries.values_list("player__name", flat=True)}
    typed = same_name(names or "")
    listed = [same_name(line.player.name) for line in lines if line.player]
    already = [registered[key] for key in dict.fromkeys(listed) if key in registered]
    if typed in registered:
        already.insert(0, registered[typed])
        names = ""
    new = {key for key in listed if key not in registered} | ({typed} if names else set())
    return {
        "already": already,
        "lines": lines,
        "text": text,
        "names": names,
        "player_ids": player_ids,
        "ok": [line for line in lines if line.player],
        "bad": [line for line in lines if line.error],
        "twice": _listed_twice([line.player.name for line in lines if line.player]),
        "repeats": _repeats(lines),
        "to_register": len(new) + len(player_ids),
        # registered with the list: the roster's ticked players and a name typed alone
        "also": [
            *roster_names(event=event, player_ids=player_ids),
            *([names] if names else []),
        ],
    }


def _listed_twice(names: list[str]) -> list[str]:
    """Names on the list more than once: each is one player and registered once (a slip of
    the paste, or two people of one name who need telling apart)."""
    seen = Counter(same_name(name) for name in names)
    first = {}
    for name in names:
        first.setdefault(same_name(name), name)
    return [name for key, name in first.items() if seen[key] > 1]


def _repeats(lines) -> dict[int, int]:
    """Each line naming a player an earlier line named: {its line: the earlier line}. The
    preview marks them, so that two people of one name are seen among a thousand lines."""
    first: dict[str, int] = {}
    repeats = {}
    for line in lines:
        if line.player:
            key = same_name(line.player.name)
            if key in first:
                repeats[line.line] = first[key]
            else:
                first[key] = line.line
    return repeats


def _register(request, event: Event, form: RegisterForm, text: str, player_ids: list[int]) -> bool:
    """Register the players; False (with the error on the form) when the service refuses."""
    names = form.cleaned_data["names"]
    try:
        added = entry_services.players_register(
            event_id=event.pk,
            player_ids=player_ids,
            names=[names] if names else [],
            text=text,
            actor=request.user,
        )
    except DomainError as exc:
        _form_error(form, exc, {"player_ids": "names", "role": "text", "csv": "text"})
        return False
    n = len(added)
    messages.success(
        request, ngettext("%(n)s player registered.", "%(n)s players registered.", n) % {"n": n}
    )
    return True


def _registration_context(event: Event, form, late_form, pairs_form=None) -> dict:
    event.refresh_from_db()
    door = door_counts(event)[1]
    entries = event.entries.select_related("player", "pair").order_by("number")
    if pairs_form is None and event.uses_pairs:
        pairs_form = PairsForm(prefix="pairs", initial={"pairs": pairs_text(entries)})
    return {
        "event": event,
        "form": form,
        "late_form": late_form,
        "pairs_form": pairs_form,
        "entries": entries,
        "summary": plan_summary(event=event),
        "seating_cleared": seating_cleared(event=event),
        "before_start": event.status in (Event.Status.DRAFT, Event.Status.OPEN),
        "running": event.status == Event.Status.RUNNING,
        "roles": Entry.Role.choices,
        "door": door,
        "paid_choices": Entry.Paid.choices if door["fee"] else None,
        "uses_roles": game_for(event).roles_for(event),
    }


@login_required
def roster_search(request: HttpRequest, slug: str) -> HttpResponse:
    """htmx: roster players matching the name or membership number typed; those already in
    the event are shown as such, not offered again."""
    event = _event(request, slug)
    query = request.GET.get("q", "").strip()
    ticked, players = roster_results(
        event=event, query=query, ticked_ids=request.GET.getlist("player_ids"), limit=ROSTER_LIMIT
    )
    context = {"event": event, "players": players, "ticked": ticked, "q": query}
    return render(request, "organizer/_roster_results.html", context)


def _confirmation(action: str, entry: Entry, event: Event) -> Confirmation | None:
    """What to ask before an entry action that cannot be taken back from this page."""
    name = entry.player.name
    if action == "withdraw":
        effect = (
            _(
                "The fixtures stay as they are: the pair keeps its seats in its team's matches. "
                "Close a round without their tables if they do not play."
            )
            if game_for(event).team_event and event.status == Event.Status.RUNNING
            else _(
                "The seating is re-planned from the next round: tables change, and movement "
                "and table cards for those rounds must be printed again. Hands already played "
                "stay on the results."
            )
            if event.status == Event.Status.RUNNING
            else _(
                "They get no seat and no movement card. Any seating already drawn is cleared: "
                "seat the players again afterwards."
            )
        )
        partner = leaving_partner(event, entry)
        # a round open now is theirs to finish, or to close without them (a Dutch walk was
        # left with a table of three and no word of what to do)
        in_play = event.rounds.filter(status=Round.Status.OPEN).exists()
        if partner is not None:  # a pair leaves together
            both = {"name": name, "partner": partner.player.name}
            return Confirmation(
                title=_("Withdraw a pair"),
                question=_("Withdraw %(name)s and their partner %(partner)s?") % both,
                effect=effect
                + (
                    " "
                    + _("The round in play stays as it is: close it with their hands not played.")
                    if in_play
                    else ""
                ),
                button=_("Withdraw %(name)s and %(partner)s") % both,
            )
        in_play_note = _(
            "The round in play stays as it is: someone takes their seat for it, or close it "
            "with their table's hands not played."
        )
        return Confirmation(
            title=_("Withdraw a player"),
            question=_("Withdraw %(name)s?") % {"name": name},
            effect=effect
            + (" " + in_play_note if in_play and not game_for(event).team_event else ""),
            button=_("Withdraw %(name)s") % {"name": name},
        )
    if action == "delete":
        return Confirmation(
            title=_("Remove a player"),
            question=_("Remove %(name)s from this event?") % {"name": name},
            effect=_(
                "For a name registered by mistake. Players after them move up one number; any "
                "seating already drawn is cleared. The club's roster keeps the name."
            ),
            button=_("Remove %(name)s") % {"name": name},
        )
    return None


def _entry_done(action: str, entry: Entry, result) -> str:
    name = entry.player.name
    if action == "withdraw":
        said = _("%(name)s withdrawn.") % {"name": name}
        if entry.pair_id and entry.event.uses_pairs and entry.withdrawn_round != 1:
            said += " " + _("Their partner leaves with them.")  # ``entry_withdraw``
        return said
    if action == "delete":
        return _("%(name)s removed from the event.") % {"name": result}
    if action == "rename":
        return _("Renamed to %(name)s.") % {"name": result.player.name}
    if action == "stationary":
        if result.stationary:
            return _("%(name)s keeps one seat all evening.") % {"name": name}
        return _("%(name)s moves with the others.") % {"name": name}
    if action == "arrived":
        return (_("%(name)s is here.") if entry.arrived else _("%(name)s marked not arrived.")) % {
            "name": name
        }
    if action == "paid":
        return _("%(name)s: %(paid)s.") % {"name": name, "paid": result.get_paid_display()}
    return _("%(name)s: role set to %(role)s.") % {
        "name": name,
        "role": result.get_role_display() or _("none"),
    }


def _entry_command(action: str, post) -> tuple:
    """The entry service an action names, with its one input from the form."""
    if action == "role":
        return entry_services.entry_set_role, {"role": post.get("role", "")}
    if action == "arrived":
        return entry_services.entry_mark_arrived, {"arrived": post.get("arrived") == "1"}
    if action == "stationary":
        return entry_services.entry_set_stationary, {"stationary": post.get("stationary") == "1"}
    if action == "paid":
        return entry_services.entry_mark_paid, {"paid": post.get("paid", "")}
    if action == "withdraw":
        return entry_services.entry_withdraw, {}
    if action == "rename":
        return entry_services.entry_rename, {"name": post.get("name", "")}
    if action == "delete":
        return entry_services.entry_delete, {}
    raise Http404


@login_required
@post_or_event_page
def entry_action(request: HttpRequest, slug: str, entry_id: int, action: str) -> HttpResponse:
    event = _event(request, slug)
    service, fields = _entry_command(action, request.POST)
    entry = event.entries.select_related("player").filter(pk=entry_id).first()
    if entry is None:
        raise Http404
    question = _confirmation(action, entry, event)
    if question is not None and not confirmed(request):
        return confirm_page(request, event, question, back=_players_url(event, entry.pk))
    try:
        result = service(event_id=event.pk, entry_id=entry_id, actor=request.user, **fields)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        if request.headers.get("HX-Request") and action == "role":
            # the row alone is swapped: the page keeps its place and nothing else moves
            context = _registration_context(event, None, None)
            context.update(entry=result, saved=_entry_done(action, entry, result))
            return render(request, "organizer/_entry_row.html", context)
        if action != "delete":
            entry.refresh_from_db()
        messages.success(request, _entry_done(action, entry, result))
    anchor = entry.pk if action != "delete" else None
    if request.headers.get("HX-Request"):  # the page again, where it was: the door's count
        return HttpResponse(headers={"HX-Refresh": "true"})  # and a partner's row change too
    return redirect(_players_url(event, anchor))


@login_required
@post_or_event_page
def entries_pair(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        pairs = entry_services.entries_pair(event_id=event.pk, actor=request.user)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request,
            ngettext(
                "%(n)s pair made in number order.", "%(n)s pairs made in number order.", len(pairs)
            )
            % {"n": len(pairs)},
        )
    return redirect("organizer:registration", slug=event.slug)


@login_required
@post_or_event_page
def entries_pair_chosen(request: HttpRequest, slug: str) -> HttpResponse:
    """The organizer's own pairs, typed as numbers a line (who came as a partnership)."""
    event = _event(request, slug)
    pairs_form = PairsForm(request.POST, prefix="pairs")
    stored, pairs = form_write(
        request,
        pairs_form,
        lambda data: entry_services.entries_pair(
            event_id=event.pk, mapping=data["pairs"], actor=request.user
        ),
        {"mapping": "pairs"},
    )
    if stored:
        messages.success(
            request,
            ngettext("%(n)s pair saved.", "%(n)s pairs saved.", len(pairs)) % {"n": len(pairs)},
        )
        return redirect("organizer:registration", slug=event.slug)
    context = _registration_context(
        event, RegisterForm(event=event), LateForm(event=event), pairs_form
    )
    return render(request, "organizer/registration.html", context, status=422)


@login_required
@post_or_event_page
def entry_late(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    late_form = LateForm(request.POST, event=event)
    stored, added = form_write(
        request,
        late_form,
        lambda data: entry_services.entry_add_late(
            event_id=event.pk,
            names=[data[k] for k in ("names", "partner") if k in data],
            role=data.get("role", ""),
            pair_name=data.get("pair_name", ""),
            actor=request.user,
        ),
    )
    if stored:
        # the seating is re-planned from that round: what was printed for it is out of date
        messages.success(
            request,
            _(
                "Late arrival added: joins at round %(n)s. The seating from that round is "
                "re-planned: print the movement cards and table cards again."
            )
            % {"n": added[0].joined_round},
        )
        return redirect("organizer:registration", slug=event.slug)
    context = _registration_context(event, RegisterForm(event=event), late_form)
    return render(request, "organizer/registration.html", context, status=422)
