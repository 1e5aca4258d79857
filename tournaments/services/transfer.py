"""Moving a whole event between installations: one JSON document out, the same event back in.

The document holds everything that defines the event (rules, players, pairs,
tables, rounds, hands, movement, seatings, every result version) and nothing that
is local to a database (ids, tokens, timestamps), so exporting an imported event
gives the same document back.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError, NotFound
from tournaments.models import (
    Club,
    Entry,
    Event,
    Hand,
    Pair,
    Player,
    Result,
    Round,
    Seating,
    Table,
)
from tournaments.selectors import events as event_selectors
from tournaments.selectors.languages import CODES
from tournaments.services.common import event_log

FORMAT = "whistdrive.event/1"
EVENT_FIELDS = (*event_selectors.EVENT_FIELDS, "movement")  # an import restores the plan


def event_export(*, event: Event) -> dict[str, Any]:
    """The event as a JSON-ready document (FORMAT)."""
    entries = Entry.objects.filter(event=event).select_related("player", "pair").order_by("number")
    round_rows = list(Round.objects.filter(event=event).order_by("number"))
    rounds = {r.id: r.number for r in round_rows}
    tables = {t.id: t.number for t in Table.objects.filter(event=event)}
    hands = Hand.objects.filter(event=event).order_by("number")
    hand_numbers = {h.id: h.number for h in hands}
    numbers = {e.id: e.number for e in entries}
    return {
        "format": FORMAT,
        "event": {
            "slug": event.slug,
            "date": event.date.isoformat(),
            **{f: getattr(event, f) for f in EVENT_FIELDS},
            "language": event.language,
        },
        "pairs": [{"number": p.number, "name": p.name} for p in Pair.objects.filter(event=event)],
        "entries": [
            {
                "number": e.number,
                "player": {"name": e.player.name, "membership_number": e.player.membership_number},
                "role": e.role,
                "pair": e.pair.number if e.pair else None,
                "arrived": e.arrived,
                "joined_round": e.joined_round,
                "withdrawn_round": e.withdrawn_round,
            }
            for e in entries
        ],
        "tables": sorted(tables.values()),
        "rounds": [{"number": r.number, "status": r.status} for r in round_rows],
        "hands": [
            {"number": h.number, "round": rounds[h.round_id], "trump": h.trump} for h in hands
        ],
        "seatings": sorted(
            (
                {
                    "round": rounds[s.round_id],
                    "table": tables.get(s.table_id),
                    "seat": s.seat,
                    "entry": numbers[s.entry_id],
                }
                for s in Seating.objects.filter(event=event)
            ),
            key=lambda s: (s["round"], s["table"] or 0, s["seat"], s["entry"]),
        ),
        "results": [
            {
                "hand": hand_numbers[r.hand_id],
                "table": tables[r.table_id],
                "version": r.version,
                "status": r.status,
                "data": r.data,
                "tricks_ns": r.tricks_ns,
                "source": r.source,
            }
            for r in Result.objects.filter(event=event).order_by(
                "hand__number", "table__number", "version"
            )
        ],
    }


def _need(doc: Any, key: str, kind: type, where: str = "document"):
    value = doc.get(key) if isinstance(doc, dict) else None
    if not isinstance(value, kind):
        raise DomainError(
            "E_IMPORT",
            _("The %(where)s needs %(key)s.") % {"where": where, "key": key},
            field=key,
        )
    return value


@transaction.atomic
def event_import(*, document: Any, club_slug: str, slug: str | None = None, actor=None) -> Event:
    """Create the event of ``document`` in the club; players are matched by membership number."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DomainError("E_IMPORT", _("This is not a whistdrive event export (%s).") % FORMAT)
    club = Club.objects.filter(slug=club_slug).first()
    if club is None:
        raise NotFound("E_NOT_FOUND", _("No such club."), field="club")
    data = _need(document, "event", dict)
    slug = slug or data.get("slug")
    if not slug or Event.objects.filter(slug=slug).exists():
        raise DomainError(
            "E_SLUG", _("An event with this slug exists; give another slug."), field="slug"
        )
    try:
        event = Event.objects.create(
            club=club,
            slug=slug,
            date=datetime.date.fromisoformat(data["date"]),
            created_by=actor,
            **{f: data[f] for f in EVENT_FIELDS if f != "language"},
            # added later in format 1: an older export has none (each visitor's own language)
            language=data["language"] if data.get("language") in CODES else "",
        )
        pairs = {
            p["number"]: Pair.objects.create(event=event, number=p["number"], name=p["name"])
            for p in _need(document, "pairs", list)
        }
        entries = {}
        for e in _need(document, "entries", list):
            entries[e["number"]] = Entry.objects.create(
                event=event,
                number=e["number"],
                player=_player(club, e["player"]),
                role=e["role"],
                pair=pairs.get(e["pair"]),
                arrived=e["arrived"],
                joined_round=e["joined_round"],
                withdrawn_round=e["withdrawn_round"],
            )
        tables = {
            n: Table.objects.create(event=event, number=n) for n in _need(document, "tables", list)
        }
        rounds = {
            r["number"]: Round.objects.create(event=event, number=r["number"], status=r["status"])
            for r in _need(document, "rounds", list)
        }
        hands = {
            h["number"]: Hand.objects.create(
                event=event, number=h["number"], round=rounds[h["round"]], trump=h["trump"]
            )
            for h in _need(document, "hands", list)
        }
        Seating.objects.bulk_create(
            Seating(
                event=event,
                round=rounds[s["round"]],
                table=tables.get(s["table"]),
                seat=s["seat"],
                entry=entries[s["entry"]],
            )
            for s in _need(document, "seatings", list)
        )
        Result.objects.bulk_create(
            Result(
                event=event,
                hand=hands[r["hand"]],
                table=tables[r["table"]],
                version=r["version"],
                status=r["status"],
                data=r["data"],
                tricks_ns=r["tricks_ns"],
                source=r["source"],
            )
            for r in _need(document, "results", list)
        )
    except (KeyError, TypeError, ValueError, ValidationError, IntegrityError) as exc:
        raise DomainError(
            "E_IMPORT", _("The export is incomplete or malformed (%s).") % exc
        ) from exc
    event_log(event=event, action="import", actor=actor, source_slug=data.get("slug"))
    return event


def _player(club: Club, raw: dict) -> Player:
    number = raw.get("membership_number") or ""
    if number:
        found = Player.objects.filter(club=club, membership_number=number).first()
        if found:
            return found
    return Player.objects.create(club=club, name=raw["name"], membership_number=number)
