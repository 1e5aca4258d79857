"""Reading events with the organizer's permissions applied in one place."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.errors import DomainError, NotFound
from tournaments.models import Club, Event

# An event's own settings, as the API shows them and an export carries them (one list); the
# slug, the date and the large movement plan each of them adds in its own way.
EVENT_FIELDS = (
    "name",
    "kind",
    "status",
    "venue",
    "rules",
    "hands",
    "hands_per_round",
    "trumps",
    "movement_kind",
    "movement_seed",
    "confirmation_required",
    "is_public",
    "language",
    "version",
)


def clubs_for_user(*, user) -> QuerySet[Club]:
    if not user.is_authenticated:
        return Club.objects.none()
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(organizers=user)


def events_for_user(*, user) -> QuerySet[Event]:
    """Events the user organizes: those of their clubs (everything for a superuser)."""
    return Event.objects.filter(club__in=clubs_for_user(user=user)).select_related("club")


def event_for_organizer(*, user, slug: str) -> Event:
    """The event, or NotFound: another club's event is indistinguishable from none."""
    try:
        return events_for_user(user=user).get(slug=slug)
    except Event.DoesNotExist as exc:
        raise NotFound("E_NOT_FOUND", _("No such event.")) from exc


def club_for_organizer(*, user, slug: str | None = None) -> Club:
    """The club the user organizes (by slug, or their only club); NotFound otherwise."""
    clubs = clubs_for_user(user=user)
    if slug:
        club = clubs.filter(slug=slug).first()
        if club is None:
            raise NotFound("E_NOT_FOUND", _("No such club."), field="club")
        return club
    found = list(clubs[:2])
    if len(found) != 1:
        raise DomainError("E_REQUIRED", _("Say which club the event is for."), field="club")
    return found[0]


# What the organizer reads for each EventLog.action; %(key)s takes the log entry's detail.
LOG_LABELS = {
    "create": gettext_lazy("Event created"),
    "update": gettext_lazy("Settings changed"),
    "import": gettext_lazy("Event imported"),
    "open": gettext_lazy("Registration opened"),
    "start": gettext_lazy("Event started"),
    "finish": gettext_lazy("Event finished"),
    "publish": gettext_lazy("Results published"),
    "reopen": gettext_lazy("Event reopened"),
    "reopen_reason": gettext_lazy("Reopened because: %(reason)s"),
    "register": gettext_lazy("Players registered"),
    "pair": gettext_lazy("Players paired"),
    "rename": gettext_lazy("Player %(entry)s renamed from %(old)s to %(new)s"),
    "players_merge": gettext_lazy("Player %(entry)s (%(name)s): two records of one person merged"),
    "delete": gettext_lazy("Player %(entry)s (%(name)s) removed"),
    "arrived": gettext_lazy("Arrival changed for player %(entry)s"),
    "withdraw": gettext_lazy("Player %(entry)s withdrawn from round %(round)s"),
    "withdraw_pair": gettext_lazy(
        "Players %(entry)s and %(partner)s (a pair) withdrawn from round %(round)s"
    ),
    "add_late": gettext_lazy("Late arrival added, from round %(round)s"),
    "seat": gettext_lazy("Players seated"),
    "redraw": gettext_lazy("Seating re-drawn"),
    "seating_clear": gettext_lazy("Seating cleared"),
    "replan": gettext_lazy("Seating re-planned from round %(from_round)s"),
    # the action keeps its first name; any fixed-pairs schedule sets its hands
    "league_hands": gettext_lazy(
        "Hands changed from %(before)s to %(after)s to play the whole schedule"
    ),
    "round_open": gettext_lazy("Round %(round)s opened"),
    "round_close": gettext_lazy("Round %(round)s closed"),
    "seat_swap": gettext_lazy("Players %(first)s and %(second)s swapped seats in round %(round)s"),
    "late_result": gettext_lazy(
        "Table %(table)s sent hand %(hand)s after round %(round)s closed (%(said)s): not counted"
    ),
    "refused_result": gettext_lazy(
        "Table %(table)s sent hand %(hand)s after it was confirmed with another result"
        " (%(said)s): not counted"
    ),
    "table_token_regenerated": gettext_lazy("New link for table %(table)s"),
    "paper_cards": gettext_lazy("How results come in changed"),
    "odd_numbers": gettext_lazy("How odd numbers are seated changed"),
    "ghost_partner": gettext_lazy("How the ghost's partner scores changed"),
    "cards": gettext_lazy("Card totals typed in: %(changed)s changed"),
    "card_corrected": gettext_lazy("Card of player %(entry)s checked: %(old)s corrected to %(to)s"),
    "screen_clock": gettext_lazy("Round clock changed"),
    "screen_minutes": gettext_lazy("Minutes per round set to %(minutes)s"),
    "screen_message": gettext_lazy("Announcement on the screen changed"),
    "screen_reveal": gettext_lazy("Prize-giving: prizes shown so far: %(revealed)s"),
    "screen_reveal_end": gettext_lazy("Prize-giving over: the screen shows the results"),
    "money_update": gettext_lazy("Entry fees and money changed"),
    "entry_paid": gettext_lazy("Paid at the door changed for player %(entry)s"),
    "prizes_update": gettext_lazy("Prizes changed"),
    "prizes_draw": gettext_lazy("Consolation prize drawn (seed %(seed)s, to repeat the draw)"),
    "teams_make": gettext_lazy("Teams made: %(teams)s"),
    "team_league_seat": gettext_lazy("Team league seated: %(rounds)s rounds"),
    "team_cup_draw": gettext_lazy("Team cup drawn"),
    "team_cup_seat": gettext_lazy("Team cup round %(round)s seated"),
    "tournament_configure": gettext_lazy("Tournament format set"),
    "tournament_pair": gettext_lazy("Tournament round %(round)s paired"),
    "playoff_draw": gettext_lazy("Play-off drawn"),
    "playoff_result": gettext_lazy("Play-off result changed for match %(match)s"),
}


def event_log_label(action: str, detail: dict) -> str:
    """The translated sentence for a log entry; the raw code for an action not listed.
    A pair's withdrawal names both players."""
    pair = action == "withdraw" and "partner" in (detail or {})
    label = LOG_LABELS.get("withdraw_pair" if pair else action)
    if label is None:
        return action
    return str(label) % defaultdict(lambda: "–", detail or {})  # "–" for detail an entry lacks


def event_log_recent(*, event: Event, limit: int = 10) -> list[dict]:
    """The event's latest log entries, newest first, each with its translated ``label``."""
    return [
        {
            "created_at": item.created_at,
            "actor": item.actor,
            "label": event_log_label(item.action, item.detail),
        }
        for item in event.log.select_related("actor").order_by("-created_at", "-id")[:limit]
    ]


# --- who may see an event -------------------------------------------------------------------


def results_corrected_at(event: Event):
    """When published results were published again after a reopening (a correction), so
    the public page can say the standings changed since players first saw them; else None."""
    if event.status != Event.Status.PUBLISHED:
        return None
    times = event.log.filter(action="publish").order_by("-created_at", "-id")
    latest = list(times.values_list("created_at", flat=True)[:2])
    return latest[0] if len(latest) == 2 else None


def public_events_q() -> Q:
    """Events anyone may see: public ones past the draft."""
    return Q(is_public=True) & ~Q(status=Event.Status.DRAFT)


def _visible_event(public, *, slug: str, user, message: str) -> Event:
    """The event from ``public`` (an Event queryset), else any the user organizes, else NotFound."""
    event = public.filter(slug=slug).first()
    if event is None and user is not None and user.is_authenticated:
        event = events_for_user(user=user).filter(slug=slug).first()
    if event is None:
        raise NotFound("E_NOT_FOUND", message)
    return event


def event_for_public(*, slug: str, user=None) -> Event:
    """The event for its public pages; a private or draft event only for its organizers."""
    public = Event.objects.select_related("club").filter(public_events_q())
    return _visible_event(public, slug=slug, user=user, message=_("No such event."))


def event_for_export(*, slug: str, user=None) -> Event:
    """Exports: published public events for everyone, any state for the organizers."""
    public = Event.objects.filter(is_public=True, status=Event.Status.PUBLISHED)
    return _visible_event(
        public,
        slug=slug,
        user=user,
        message=_("No such event, or its results are not published."),
    )
