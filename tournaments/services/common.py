"""Small building blocks every service shares: locking an event, its version, its log."""

from __future__ import annotations

from django.db import connection, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.errors import Conflict, DomainError, NotFound
from tournaments.models import Event, EventLog
from tournaments.services import live


def event_lock(*, event_id: int) -> Event:
    """Lock the event row for the rest of the transaction: serialises writes to one event."""
    try:
        return Event.objects.select_for_update().get(pk=event_id)
    except Event.DoesNotExist as exc:
        raise NotFound("E_NOT_FOUND", _("No such event.")) from exc


def event_require_version(*, event: Event, expected_version: int | None) -> None:
    """With ``expected_version`` (the API's If-Match) a write applies only to the version the
    caller saw, so two organizers cannot silently overwrite each other (409 otherwise)."""
    if expected_version is not None and expected_version != event.version:
        raise Conflict(
            "E_STALE",
            _("The event changed meanwhile: version %(current)d is current, not %(expected)d.")
            % {"current": event.version, "expected": expected_version},
            field="If-Match",
            current={"version": event.version},
        )


def event_bump_version(*, event: Event) -> None:
    """Mark everything derived from the event (standings, exports, prints) as stale.

    One atomic ``UPDATE … RETURNING``: concurrent writers each get their own number, and the
    row stays locked until the commit, so a writer bumps last (score entry does)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {connection.ops.quote_name(Event._meta.db_table)}"
            " SET version = version + 1 WHERE id = %s RETURNING version",
            [event.pk],
        )
        row = cursor.fetchone()
    if row is None:
        raise NotFound("E_NOT_FOUND", _("No such event."))
    event.version = row[0]


def event_mark_changed(*, event: Event) -> None:
    """Bump the version now and tell the room after commit (call inside a service's transaction).

    ``robust``: the write is stored by then, so a failing hook (Redis or the database gone
    after the commit) is logged, never raised into a response that would deny the write.
    """
    event_bump_version(event=event)
    event_id, version = event.pk, event.version
    transaction.on_commit(lambda: live.event_changed(event_id=event_id, version=version), robust=True)


def event_log(*, event: Event, action: str, actor=None, **detail) -> EventLog:
    return EventLog.objects.create(event=event, action=action, actor=actor, detail=detail)


def require_max_lengths(model, **values) -> None:
    """Refuse text longer than the model field's ``max_length`` with a clear error, before the
    database does it with a DataError (PostgreSQL enforces it; SQLite silently does not)."""
    for name, value in values.items():
        limit = getattr(model._meta.get_field(name), "max_length", None)
        if limit and isinstance(value, str) and len(value) > limit:
            raise DomainError(
                "E_TOO_LONG",
                _("%(field)s is at most %(n)d characters.")
                % {"field": model._meta.get_field(name).verbose_name.capitalize(), "n": limit},
                field=name,
            )


def require_status(event: Event, *allowed: str, action: str) -> None:
    """Refuse ``action`` unless the event is in one of ``allowed`` statuses."""
    if event.status not in allowed:
        raise DomainError(
            "E_EVENT_STATUS",
            _("Cannot %(action)s while the event is %(status)s.")
            % {"action": action, "status": event.get_status_display()},
        )


# Letters slugify would drop (they do not decompose to a Latin letter and an accent), and a
# slash that would run "2026/2027" together: "Prøveaften" became "prveaften" (a Danish walk)
SLUG_LETTERS = str.maketrans(
    {"ø": "oe", "Ø": "Oe", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss", "/": " "}
)


def slug_of(text: str) -> str:
    """An address part from a name, its letters kept as a reader would spell them in ASCII."""
    return slugify(text.translate(SLUG_LETTERS))
