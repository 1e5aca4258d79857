"""The read side of moving an event between installations: the whole event as one document.

Format ``whistdrive.event/2`` (docs/export-format.md): everything that defines the event and
everything that happened in it (every result version with its history, confirmations and
disputes with their notes, round times, the event log, the prizes as settled), and nothing
local to one database: no ids, no table tokens. People are named by username (organizers)
or by name and membership number (players). ``services.transfer.event_import`` reads it back.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tournaments.errors import NotFound
from tournaments.models import Club, Event
from tournaments.selectors.events import EVENT_FIELDS as EVENT_SETTINGS
from tournaments.selectors.standings import event_standings

FORMAT = "whistdrive.event/2"
EVENT_FIELDS = (*EVENT_SETTINGS, "movement")  # the API's list, and the movement plan
IMPORT_ACTION = "import"  # logged by each import, locally: not carried to the next installation


def when(value) -> str | None:
    return value.isoformat() if value else None


def username(user) -> str | None:
    return user.get_username() if user else None


def event_export(*, event: Event) -> dict[str, Any]:
    """The event as a JSON-ready document (FORMAT). Every row is read through the event's own
    related managers (``event.entries``, ``event.rounds``...)."""
    entries = event.entries.select_related("player", "pair").order_by("number")
    round_rows = list(event.rounds.order_by("number"))
    rounds = {r.id: r.number for r in round_rows}
    tables = {t.id: t.number for t in event.tables.all()}
    hands = list(event.hand_set.order_by("number"))
    hand_numbers = {h.id: h.number for h in hands}
    numbers = {e.id: e.number for e in entries}
    results = event.results.select_related("created_by")
    history = event.score_changes.select_related("result", "actor")
    log = event.log.exclude(action=IMPORT_ACTION).select_related("actor")
    return {
        "format": FORMAT,
        "event": {
            "slug": event.slug,
            "date": event.date.isoformat(),
            "created_at": when(event.created_at),
            "created_by": username(event.created_by),
            **{f: getattr(event, f) for f in EVENT_FIELDS},
            "prize_settings": event.prize_settings,
            "money": event.money,
        },
        "pairs": [{"number": p.number, "name": p.name} for p in event.pairs.all()],
        "entries": [
            {
                "number": e.number,
                "player": {"name": e.player.name, "membership_number": e.player.membership_number},
                "role": e.role,
                "pair": e.pair.number if e.pair else None,
                "arrived": e.arrived,
                "joined_round": e.joined_round,
                "withdrawn_round": e.withdrawn_round,
                "stationary": e.stationary,
                "paid": e.paid,
            }
            for e in entries
        ],
        "tables": sorted(tables.values()),
        "rounds": [
            {"number": r.number, "status": r.status, "opened_at": when(r.opened_at),
             "closed_at": when(r.closed_at)}
            for r in round_rows
        ],
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
                for s in event.seatings.all()
            ),
            key=lambda s: (s["round"], s["table"] or 0, s["seat"], s["entry"]),
        ),
        "results": sorted(
            (
                {
                    "hand": hand_numbers[r.hand_id],
                    "table": tables[r.table_id],
                    "version": r.version,
                    "status": r.status,
                    "data": r.data,
                    "tricks_ns": r.tricks_ns,
                    "source": r.source,
                    "created_by": username(r.created_by),
                    "created_at": when(r.created_at),
                    "confirmed_at": when(r.confirmed_at),
                }
                for r in results
            ),
            key=lambda r: (r["hand"], r["table"], r["version"]),
        ),
        "history": [
            {
                "hand": hand_numbers[c.hand_id],
                "table": tables[c.table_id],
                "version": c.result.version,
                "action": c.action,
                "old": c.old,
                "new": c.new,
                "source": c.source,
                "actor": username(c.actor),
                "created_at": when(c.created_at),
            }
            for c in history.order_by("created_at", "id")
        ],
        "log": [
            {"action": row.action, "detail": row.detail, "actor": username(row.actor),
             "created_at": when(row.created_at)}
            for row in log.order_by("created_at", "id")
        ],
        "prizes": event_standings(event=event)["prizes"],  # as settled: for the record
    }


def club_for_import(*, slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise NotFound("E_NOT_FOUND", _("No such club."), field="club")
    return club
