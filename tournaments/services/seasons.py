"""Writing a club's seasons: the ladder rule, the season prizes and which events count.

The ladder itself is computed when read (tournaments/selectors/ladder.py), so a correction
to an evening weeks ago shows in the season table at once; nothing here stores scores.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError, NotFound
from tournaments.models import Club, Event, Season
from tournaments.services.common import event_mark_changed, require_max_lengths, slug_of

MAX_PRIZES = 20
PRIZE_LENGTH = 120


def _unique_slug(club: Club, name: str, exclude: int | None = None) -> str:
    base = (slug_of(name) or "season")[:45].strip("-")
    slug, n = base, 1
    taken = Season.objects.filter(club=club).exclude(pk=exclude)
    while taken.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _clean_rule(*, ladder: str, best_n: int, min_events: int, prizes: list[str]) -> list[str]:
    """Refuse a rule that cannot rank anyone; return the prizes without blank lines."""
    if ladder not in Season.Ladder.values:
        raise DomainError("E_LADDER", _("Unknown ladder rule."), field="ladder")
    if ladder == Season.Ladder.BEST_N and best_n < 1:
        raise DomainError(
            "E_BEST_N", _("Say how many events count (best N), at least 1."), field="best_n"
        )
    if min_events < 0:
        raise DomainError("E_MIN_EVENTS", _("The minimum cannot be negative."), field="min_events")
    prizes = [p.strip() for p in prizes if p.strip()]
    if len(prizes) > MAX_PRIZES:
        raise DomainError(
            "E_TOO_MANY",
            _("At most %(n)d season prizes.") % {"n": MAX_PRIZES},
            field="prizes",
        )
    if any(len(p) > PRIZE_LENGTH for p in prizes):
        raise DomainError(
            "E_TOO_LONG",
            _("A prize is at most %(n)d characters.") % {"n": PRIZE_LENGTH},
            field="prizes",
        )
    return prizes


@transaction.atomic
def season_create(
    *,
    club: Club,
    name: str,
    ladder: str = Season.Ladder.TOTAL,
    best_n: int = 0,
    min_events: int = 1,
    prizes: list[str] | None = None,
    members_only: bool = False,
) -> Season:
    name = name.strip()
    if not name:
        raise DomainError("E_REQUIRED", _("Give the season a name."), field="name")
    require_max_lengths(Season, name=name)
    clean = _clean_rule(ladder=ladder, best_n=best_n, min_events=min_events, prizes=prizes or [])
    return Season.objects.create(
        club=club,
        name=name,
        slug=_unique_slug(club, name),
        ladder=ladder,
        best_n=best_n if ladder == Season.Ladder.BEST_N else 0,
        min_events=min_events,
        prizes=clean,
        members_only=bool(members_only),
    )


@transaction.atomic
def season_update(
    *,
    season_id: int,
    name: str,
    ladder: str,
    best_n: int,
    min_events: int,
    prizes: list[str],
    members_only: bool = False,
) -> Season:
    """Change the rule or the prizes at any time: the ladder is recomputed when read.
    The slug (the public address) stays, so links already shared keep working."""
    season = _season_lock(season_id)
    name = name.strip()
    if not name:
        raise DomainError("E_REQUIRED", _("Give the season a name."), field="name")
    require_max_lengths(Season, name=name)
    season.prizes = _clean_rule(ladder=ladder, best_n=best_n, min_events=min_events, prizes=prizes)
    season.name, season.ladder, season.min_events = name, ladder, min_events
    season.members_only = bool(members_only)
    season.best_n = best_n if ladder == Season.Ladder.BEST_N else 0
    season.save()
    return season


@transaction.atomic
def season_events_set(*, season_id: int, event_ids: list[int]) -> int:
    """Make exactly ``event_ids`` the season's events (only the season's club's events);
    an event moved here leaves its former season. Returns how many events the season has."""
    season = _season_lock(season_id)
    wanted = set(event_ids)
    found = set(
        Event.objects.filter(club=season.club_id, pk__in=wanted).values_list("pk", flat=True)
    )
    if found != wanted:
        raise DomainError(
            "E_NOT_FOUND", _("Only this club's events can join its season."), field="events"
        )
    before = set(Event.objects.filter(season=season).values_list("pk", flat=True))
    Event.objects.filter(season=season).exclude(pk__in=wanted).update(season=None)
    Event.objects.filter(pk__in=wanted).update(season=season)
    for event in Event.objects.filter(pk__in=before ^ wanted):  # their pages link the ladder
        event_mark_changed(event=event)  # a new version: a cached page would not (a walk)
    return len(wanted)


def _season_lock(season_id: int) -> Season:
    try:
        return Season.objects.select_for_update().get(pk=season_id)
    except Season.DoesNotExist as exc:
        raise NotFound("E_NOT_FOUND", _("No such season.")) from exc
