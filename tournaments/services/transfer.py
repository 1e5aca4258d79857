"""Creating an event from an export document (``selectors.transfer``, docs/export-format.md).

Everything is restored as it was: result versions with their history, confirmation and round
times, the event log, who did what (matched to this installation's users by username). Players
are matched to the club's roster, by membership number first, then by exact name, and created
only when neither finds one; the report says which. Exporting the imported event gives the
same document apart from the slug. One transaction: a bad document stores nothing.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.models import (
    Club,
    Entry,
    Event,
    EventLog,
    Hand,
    Pair,
    Player,
    Result,
    Round,
    ScoreChange,
    Seating,
    Table,
)
from tournaments.selectors.languages import CODES
from tournaments.selectors.money import clean as money_clean
from tournaments.selectors.prize_settings import clean as prize_clean
from tournaments.selectors.transfer import EVENT_FIELDS, FORMAT, IMPORT_ACTION
from tournaments.services.common import event_log

FORMATS = ("whistdrive.event/1", FORMAT)  # /1 had no history, log or times: read as empty


@dataclass
class ImportReport:
    """What an import created and how it matched people: shown to whoever imported."""

    event: Event
    by_number: list[str] = field(default_factory=list)  # players found by membership number
    by_name: list[str] = field(default_factory=list)  # players found by exact name
    created: list[str] = field(default_factory=list)  # players added to the roster
    unknown_users: list[str] = field(default_factory=list)  # usernames not on this installation
    counts: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "event": self.event.slug,
            "players": {"by_number": self.by_number, "by_name": self.by_name, "created": self.created},
            "unknown_users": self.unknown_users,
            "counts": self.counts,
        }


def _when(value: str | None) -> datetime.datetime | None:
    return datetime.datetime.fromisoformat(value) if value else None


def _need(doc: Any, key: str, kind: type, where: str = "document"):
    value = doc.get(key) if isinstance(doc, dict) else None
    if not isinstance(value, kind):
        raise DomainError(
            "E_IMPORT", _("The %(where)s needs %(key)s.") % {"where": where, "key": key}, field=key
        )
    return value


@transaction.atomic
def event_import(*, club: Club, data: Any, actor=None, slug: str | None = None) -> ImportReport:
    """Create the event of export document ``data`` in ``club`` (under ``slug`` if given)."""
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise DomainError("E_IMPORT", _("This is not a whistdrive event export (%s).") % FORMAT)
    head = _need(data, "event", dict)
    slug = slug or head.get("slug")
    if not slug or Event.objects.filter(slug=slug).exists():
        raise DomainError("E_SLUG", _("An event with this slug exists; give another slug."), field="slug")
    try:
        return _restore(club, data, head, slug, actor)
    except (KeyError, TypeError, ValueError, ValidationError, IntegrityError) as exc:
        raise DomainError("E_IMPORT", _("The export is incomplete or malformed (%s).") % exc) from exc


def _users(data: dict) -> tuple[dict[str, Any], list[str]]:
    """({username: user} found here, usernames not found) for everyone the document names."""
    names = {data["event"].get("created_by")}
    for key, who in (("results", "created_by"), ("history", "actor"), ("log", "actor")):
        names |= {row.get(who) for row in data.get(key, [])}
    names.discard(None)
    found = {u.get_username(): u for u in get_user_model().objects.filter(username__in=names)}
    return found, sorted(names - set(found))


def _checked(clean, value, keep: tuple[str, ...] = ()) -> dict:
    """A settings object from an import, checked (none in an older export: {})."""
    if not value:
        return {}
    if not isinstance(value, dict):
        raise DomainError("E_IMPORT", _("Prize settings and money must be JSON objects."))
    return {
        **clean({k: v for k, v in value.items() if k not in keep}),
        **{k: value[k] for k in keep if k in value},
    }


def _restore(club: Club, data: dict, head: dict, slug: str, actor) -> ImportReport:
    users, unknown = _users(data)
    event = Event.objects.create(
        club=club, slug=slug, date=datetime.date.fromisoformat(head["date"]),
        created_by=users.get(head.get("created_by")),
        **{f: head[f] for f in EVENT_FIELDS if f != "language"},
        # none in older exports: each visitor's own language
        language=head["language"] if head.get("language") in CODES else "",
        # none in older exports; checked as the organizer's pages check them
        prize_settings=_checked(prize_clean, head.get("prize_settings"), keep=("seed", "draw")),
        money=_checked(money_clean, head.get("money")),
    )
    report = ImportReport(event=event, unknown_users=unknown)
    pairs = {
        p["number"]: Pair.objects.create(event=event, number=p["number"], name=p["name"])
        for p in _need(data, "pairs", list)
    }
    roster = _Roster(club, report)
    entries = {
        e["number"]: Entry.objects.create(
            event=event, number=e["number"], player=roster.player(e["player"]), role=e["role"],
            pair=pairs.get(e["pair"]), arrived=e["arrived"], joined_round=e["joined_round"],
            withdrawn_round=e["withdrawn_round"], stationary=bool(e.get("stationary", False)),
            paid=e.get("paid", ""),
        )
        for e in _need(data, "entries", list)
    }
    tables = {n: Table.objects.create(event=event, number=n) for n in _need(data, "tables", list)}
    rounds = {
        r["number"]: Round.objects.create(
            event=event, number=r["number"], status=r["status"],
            opened_at=_when(r.get("opened_at")), closed_at=_when(r.get("closed_at")),
        )
        for r in _need(data, "rounds", list)
    }
    hands = {
        h["number"]: Hand.objects.create(
            event=event, number=h["number"], round=rounds[h["round"]], trump=h["trump"]
        )
        for h in _need(data, "hands", list)
    }
    Seating.objects.bulk_create(
        Seating(event=event, round=rounds[s["round"]], table=tables.get(s["table"]), seat=s["seat"],
                entry=entries[s["entry"]])
        for s in _need(data, "seatings", list)
    )  # fmt: skip
    results = {
        (r["hand"], r["table"], r["version"]): Result(
            event=event, hand=hands[r["hand"]], table=tables[r["table"]], version=r["version"],
            status=r["status"], data=r["data"], tricks_ns=r["tricks_ns"], source=r["source"],
            created_by=users.get(r.get("created_by")), confirmed_at=_when(r.get("confirmed_at")),
        )
        for r in _need(data, "results", list)
    }
    Result.objects.bulk_create(results.values())
    changes = [
        ScoreChange(
            event=event, hand=hands[c["hand"]], table=tables[c["table"]],
            result=results[c["hand"], c["table"], c["version"]], action=c["action"], old=c["old"],
            new=c["new"], source=c["source"], actor=users.get(c.get("actor")),
        )
        for c in data.get("history", [])
    ]
    ScoreChange.objects.bulk_create(changes)
    log = [
        EventLog(event=event, action=row["action"], detail=row["detail"], actor=users.get(row.get("actor")))
        for row in data.get("log", [])
    ]
    EventLog.objects.bulk_create(log)
    # auto_now_add stamped "now" on create: put back the recorded times.
    _restore_times([event], [head], Event)
    _restore_times(list(results.values()), data["results"], Result)
    _restore_times(changes, data.get("history", []), ScoreChange)
    _restore_times(log, data.get("log", []), EventLog)
    event_log(event=event, action=IMPORT_ACTION, actor=actor, source_slug=head.get("slug"))
    report.counts = {
        "entries": len(entries), "results": len(results), "history": len(changes), "log": len(log),
    }  # fmt: skip
    return report


def _restore_times(objects: list, rows: list[dict], model) -> None:
    stamped = []
    for obj, row in zip(objects, rows, strict=True):
        if row.get("created_at"):
            obj.created_at = _when(row["created_at"])
            stamped.append(obj)
    if stamped:
        model.objects.bulk_update(stamped, ["created_at"])


class _Roster:
    """The club's players, matched by membership number, then by exact name; else created."""

    def __init__(self, club: Club, report: ImportReport) -> None:
        self.club, self.report, self.used = club, report, set()

    def player(self, raw: dict) -> Player:
        name, number = raw["name"], raw.get("membership_number") or ""
        players = Player.objects.filter(club=self.club).exclude(pk__in=self.used)
        found = players.filter(membership_number=number).first() if number else None
        if found:
            self.report.by_number.append(name)
        else:
            named = list(players.filter(name=name)[:2])
            found = named[0] if len(named) == 1 and _number_fits(named[0], number) else None
            if found:
                self.report.by_name.append(name)
        if found is None:
            found = Player.objects.create(club=self.club, name=name, membership_number=number)
            self.report.created.append(name)
        self.used.add(found.pk)
        return found


def _number_fits(player: Player, number: str) -> bool:
    """A name match must not contradict a membership number both sides know."""
    return not (number and player.membership_number and player.membership_number != number)
