"""Bringing a hall night into the club's online instance, exactly once.

``event_import_once`` wraps the lossless ``transfer.event_import``: a push repeated after
a dropped connection (same Idempotency-Key, or the same export) finds the event it made
the first time instead of failing or making a second copy.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import Conflict, DomainError
from tournaments.models import Club, Event, IdempotencyRecord
from tournaments.services.transfer import event_import

KEY_MAX = 100


def import_key(document: Any) -> str:
    """The key a push without an Idempotency-Key gets: the export's event uid, else its hash."""
    event = document.get("event") if isinstance(document, dict) else None
    uid = event.get("uid") if isinstance(event, dict) else None
    return f"uid:{uid}" if uid else f"sha256:{_fingerprint(document)}"


@transaction.atomic
def event_import_once(
    *, document: Any, club: Club, key: str | None = None, slug: str | None = None, actor=None
) -> tuple[Event, bool]:
    """The imported event and whether this call made it (False: an earlier push did)."""
    key = key if key is not None else import_key(document)
    if not key or len(key) > KEY_MAX:
        raise DomainError(
            "E_IDEMPOTENCY_KEY",
            _("An Idempotency-Key must be 1 to %(max)d characters.") % {"max": KEY_MAX},
            field="idempotency_key",
        )
    Club.objects.select_for_update().get(pk=club.pk)  # one import a club at a time
    scope, fingerprint = f"club:{club.pk}:import", _fingerprint(document)
    record = IdempotencyRecord.objects.filter(scope=scope, key=key).first()
    if record is not None:
        if record.fingerprint != fingerprint:
            raise Conflict(
                "E_IDEMPOTENCY_REUSED",
                _("This key was already used to import another document; use a new key."),
                field="idempotency_key",
            )
        event = Event.objects.filter(pk=record.body.get("event_id"), club=club).first()
        if event is not None:
            return event, False
        record.delete()  # the first import was deleted since: import it again
    event = event_import(club=club, data=document, slug=slug, actor=actor).event
    IdempotencyRecord.objects.create(
        scope=scope,
        key=key,
        fingerprint=fingerprint,
        created=True,
        body={"event_id": event.pk, "slug": event.slug},
    )
    return event, True


def _fingerprint(document: Any) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()
