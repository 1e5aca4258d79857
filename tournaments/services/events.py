"""Writing events: creation with per-kind defaults, edits, and the status workflow.

draft -> open -> running -> finished -> published; ``event_reopen`` steps back one status
(published -> finished -> running) and is logged, so a correction after publishing is a
deliberate act. Structural fields (kind, hands, movement...) are frozen once play starts:
changing them would silently change who sat where.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from tournaments.error_messages import engine_error
from tournaments.errors import DomainError
from tournaments.games.registry import all_kinds, game_for_kind
from tournaments.models import Club, Event, EventScreen, Round
from tournaments.selectors.languages import CODES, user_language
from tournaments.selectors.matches import league_options
from tournaments.selectors.screen import default_minutes
from tournaments.services import paper_cards
from tournaments.services.common import (
    event_lock,
    event_log,
    event_mark_changed,
    event_require_version,
    require_max_lengths,
    require_status,
    slug_of,
)

S = Event.Status
TRUMPS = ("H", "C", "D", "S", "NT")

# Sensible defaults per kind (docs/rules.md §B1-B4), each game's own. Trump-less kinds get [].
KIND_DEFAULTS: dict[str, dict[str, Any]] = {
    kind: dict(game.defaults[kind]) for kind, game in all_kinds().items()
}

# Fields that decide the seating: editable only before the start; an edit clears the seating.
STRUCTURAL = frozenset(
    {"kind", "hands", "hands_per_round", "trumps", "movement_kind", "movement_seed"}
)
# Fixed once the event runs: changing them mid-event would rescore games already played.
FROZEN_WHEN_RUNNING = STRUCTURAL | {"rules"}
EDITABLE = STRUCTURAL | {
    "name",
    "date",
    "venue",
    "rules",
    "confirmation_required",
    "is_public",
    "season",
    "language",
}
# Which movements suit which kind: each game says (drives for individuals move by results or a
# fixed plan; partnership games need a pairs movement; Es-makker only a fixed individual plan).
ALLOWED_MOVEMENTS: dict[str, frozenset[str]] = {
    kind: game.movements[kind] for kind, game in all_kinds().items()
}


def _unique_slug(name: str, date: dt.date) -> str:
    base = (slug_of(f"{name}-{date.isoformat()}") or "event")[:70].strip("-")
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _refuse_unknown(fields: dict[str, Any]) -> None:
    unknown = set(fields) - EDITABLE
    if unknown:
        raise DomainError("E_FIELD", _("Unknown field: %(f)s.") % {"f": ", ".join(sorted(unknown))})
    if fields.get("language") and fields["language"] not in CODES:
        raise DomainError(
            "E_LANGUAGE", _("Unknown language %(l)s.") % {"l": fields["language"]}, field="language"
        )


def _default_language(actor) -> str:
    """A new event speaks its organizer's preferred language, else each visitor's own ("")."""
    preferred = user_language(user=actor) if actor is not None and actor.is_authenticated else None
    return preferred or ""


def _check(fields: dict[str, Any]) -> None:
    """Refuse inconsistent settings, naming the offending field."""
    if fields["kind"] not in ALLOWED_MOVEMENTS:
        raise DomainError("E_KIND", _("Unknown event kind."), field="kind")
    if fields["movement_kind"] not in ALLOWED_MOVEMENTS[fields["kind"]]:
        raise DomainError(
            "E_MOVEMENT",
            _("A %(kind)s cannot use this movement.") % {"kind": Event.Kind(fields["kind"]).label},
            field="movement_kind",
        )
    hands, per_round = fields["hands"], fields["hands_per_round"]
    if not isinstance(hands, int) or not 1 <= hands <= 60:
        raise DomainError(
            "E_HANDS", _("The number of hands must be between 1 and 60."), field="hands"
        )
    if not isinstance(per_round, int) or not 1 <= per_round <= hands:
        raise DomainError(
            "E_HANDS",
            _("Hands per round must be between 1 and the number of hands."),
            field="hands_per_round",
        )
    trumps = fields["trumps"]
    if not isinstance(trumps, list) or any(t not in TRUMPS for t in trumps):
        raise DomainError(
            "E_TRUMPS", _("The trump rotation is a list of H, C, D, S and NT."), field="trumps"
        )
    game = game_for_kind(fields["kind"])
    if game.needs_trumps and not trumps:
        raise DomainError("E_TRUMPS", _("A drive needs a trump rotation."), field="trumps")
    rules = fields["rules"]
    if not isinstance(rules, dict):
        raise DomainError("E_RULES", _("The rules must be a JSON object."), field="rules")
    league_options(rules)  # a robber league's own options; the engine never sees them
    for_engine, _own = game.split_rules(rules)
    try:
        scoring.score(game.system, {"rules": for_engine, "hands": [], "players": ["1", "2", "3", "4"]})
    except scoring.ScoringError as exc:
        raise engine_error(exc, field="rules") from exc


@transaction.atomic
def event_create(
    *,
    club: Club,
    name: str,
    date: dt.date,
    kind: str = Event.Kind.INDIVIDUAL_DRIVE,
    actor=None,
    **fields: Any,
) -> Event:
    """A new draft event; whatever is not given takes the defaults of its kind."""
    _refuse_unknown(fields)
    name = (name or "").strip()
    if not name:
        raise DomainError("E_REQUIRED", _("Give the event a name."), field="name")
    if kind not in KIND_DEFAULTS:
        raise DomainError("E_KIND", _("Unknown event kind."), field="kind")
    values = {**KIND_DEFAULTS[kind], "kind": kind}
    values.update({k: v for k, v in fields.items() if v is not None})
    values.setdefault("movement_seed", 0)
    values.setdefault("language", _default_language(actor))
    require_max_lengths(Event, name=name, **values)
    _check(values)
    event = Event.objects.create(
        club=club, name=name, date=date, slug=_unique_slug(name, date), created_by=actor, **values
    )
    event_log(event=event, action="create", actor=actor)
    return event


@transaction.atomic
def event_update(
    *, event_id: int, actor=None, expected_version: int | None = None, **fields: Any
) -> Event:
    """Edit an event. Structural fields are refused after the start; before it they clear the seating.

    With ``expected_version`` (the API's If-Match) the edit applies only to the version the
    caller saw, so two organizers cannot silently overwrite each other.
    """
    event = event_lock(event_id=event_id)
    event_require_version(event=event, expected_version=expected_version)
    _refuse_unknown(fields)
    changed = {k: v for k, v in fields.items() if getattr(event, k) != v}
    if not changed:
        return event
    if event.status == S.PUBLISHED:
        raise DomainError(
            "E_EVENT_STATUS", _("The results are published: reopen the event to change it.")
        )
    frozen = sorted(FROZEN_WHEN_RUNNING & set(changed))
    if frozen and event.status not in (S.DRAFT, S.OPEN):
        raise DomainError(
            "E_STARTED",
            _("The event has started: %(fields)s can no longer change.")
            % {"fields": ", ".join(frozen)},
            field=frozen[0],
        )
    structural = STRUCTURAL & set(changed)
    if "name" in changed and not (changed["name"] or "").strip():
        raise DomainError("E_REQUIRED", _("Give the event a name."), field="name")
    if "kind" in changed and changed["kind"] in KIND_DEFAULTS:
        # A new kind brings its own defaults unless the caller says otherwise.
        defaults = {k: v for k, v in KIND_DEFAULTS[changed["kind"]].items() if k not in fields}
        changed.update(defaults)
    values = {
        f: getattr(event, f)
        for f in ("kind", "hands", "hands_per_round", "trumps", "movement_kind", "rules")
    }
    values.update({k: v for k, v in changed.items() if k in values})
    require_max_lengths(Event, **changed)
    _check(values)
    for key, value in changed.items():
        setattr(event, key, value)
    if structural and event.movement is not None:
        from tournaments.services.seating import seating_clear

        seating_clear(event=event, actor=actor, reason="event_update")
    event.save()
    event_log(event=event, action="update", actor=actor, fields=sorted(changed))
    event_mark_changed(event=event)
    return event


def _transition(
    event: Event, *, to: str, allowed: tuple[str, ...], code: str, label: str, actor
) -> Event:
    """Move ``event`` (already locked) to status ``to``, logged under ``code``."""
    require_status(event, *allowed, action=label)
    before = event.status
    event.status = to
    event.save(update_fields=["status", "updated_at"])
    event_log(event=event, action=code, actor=actor, before=before, after=to)
    event_mark_changed(event=event)
    return event


@transaction.atomic
def event_open(*, event_id: int, actor=None) -> Event:
    """Open registration (draft -> open)."""
    event = event_lock(event_id=event_id)
    return _transition(
        event, to=S.OPEN, allowed=(S.DRAFT,), code="open", label=_("open registration"), actor=actor
    )


@transaction.atomic
def event_start(*, event_id: int, actor=None) -> Event:
    """Start play (draft/open -> running). The event must be seated: play follows the plan."""
    event = event_lock(event_id=event_id)
    require_status(event, S.DRAFT, S.OPEN, action=_("start"))
    if event.movement is None or not event.rounds.filter(number=1, seatings__isnull=False).exists():
        raise DomainError("E_NOT_SEATED", _("Seat the players before starting the event."))
    return _transition(
        event, to=S.RUNNING, allowed=(S.DRAFT, S.OPEN), code="start", label=_("start"), actor=actor
    )


@transaction.atomic
def event_finish(*, event_id: int, actor=None) -> Event:
    """End play (running -> finished). Refused while a round is open: close it first."""
    event = event_lock(event_id=event_id)
    require_status(event, S.RUNNING, action=_("finish"))
    if event.paper_cards:
        paper_cards.paper_cards_require_entered(event)
    else:
        open_round = event.rounds.filter(status=Round.Status.OPEN).first()
        if open_round:
            raise DomainError(
                "E_ROUND_OPEN",
                _("Close round %(n)s before finishing the event.") % {"n": open_round.number},
            )
        if not event.rounds.filter(status=Round.Status.CLOSED).exists():
            raise DomainError("E_NOTHING_PLAYED", _("No round has been played yet."))
    return _transition(
        event, to=S.FINISHED, allowed=(S.RUNNING,), code="finish", label=_("finish"), actor=actor
    )


@transaction.atomic
def event_publish(*, event_id: int, actor=None) -> Event:
    """Publish the final results (finished -> published): they are frozen from now on."""
    event = event_lock(event_id=event_id)
    if event.paper_cards and event.status == S.FINISHED:
        paper_cards.paper_cards_require_checked(event)
    event = _transition(
        event,
        to=S.PUBLISHED,
        allowed=(S.FINISHED,),
        code="publish",
        label=_("publish"),
        actor=actor,
    )
    # Shown to everyone now, so a reopening for a correction weeks later does not hold the
    # results back again as if the prize-giving were still to come.
    EventScreen.objects.update_or_create(
        event=event,
        defaults={"results_shown": True, "revealed": None},
        create_defaults={"results_shown": True, "minutes_per_round": default_minutes(event)},
    )
    return event


@transaction.atomic
def event_reopen(*, event_id: int, actor=None, reason: str = "") -> Event:
    """Step back one status (published -> finished, finished -> running); always logged."""
    event = event_lock(event_id=event_id)
    to = S.FINISHED if event.status == S.PUBLISHED else S.RUNNING
    event = _transition(
        event,
        to=to,
        allowed=(S.PUBLISHED, S.FINISHED),
        code="reopen",
        label=_("reopen"),
        actor=actor,
    )
    if reason:
        event_log(event=event, action="reopen_reason", actor=actor, reason=reason)
    return event


@transaction.atomic
def club_ensure(*, name: str, slug: str, organizer=None) -> Club:
    """The club with ``slug`` (made if missing), with ``organizer`` among its organizers."""
    club, _created = Club.objects.get_or_create(slug=slug, defaults={"name": name})
    if organizer is not None:
        club.organizers.add(organizer)
    return club


@transaction.atomic
def staff_ensure(*, username: str, password: str):
    """A back-office login for /admin/ (superuser; made if missing, a password left alone).

    A separate account from the organizer's: the admin sees every club, an organizer only
    their own events.
    """
    from django.contrib.auth import get_user_model

    user, created = get_user_model().objects.get_or_create(
        username=username, defaults={"is_staff": True, "is_superuser": True}
    )
    if created:
        user.set_password(password)
        user.save(update_fields=["password"])
    elif not (user.is_staff and user.is_superuser):
        user.is_staff = user.is_superuser = True
        user.save(update_fields=["is_staff", "is_superuser"])
    return user


def organizer_ensure(*, username: str, password: str):
    """A login for an organizer (made if missing; an existing password is left alone)."""
    from django.contrib.auth import get_user_model

    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_password(password)
        user.save(update_fields=["password"])
    return user
