"""Automatic backups for the hall: a consistent SQLite copy plus each event's JSON export.

Written after every round close (``backup_after_round_close``, called inside
``round_close``'s transaction, runs after commit) and every few minutes by ``manage.py
hall``, into ``settings.BACKUP_DIR`` (a USB stick). A backup never fails the request that
triggered it: an unwritable folder is logged, the room keeps playing. ``hall_restore``
brings either kind of file back.
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import sqlite3
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.models import Event
from tournaments.selectors.transfer import event_export

logger = logging.getLogger(__name__)
KEEP = 30  # copies of the database, and of each event's export, kept in the folder
DB_PREFIX = "whistdrive-"


def backup_after_round_close(*, event_id: int) -> None:
    """After the round close commits, back it up (when hall mode names a folder)."""
    if settings.BACKUP_DIR:
        transaction.on_commit(lambda: backup_write_safely(event_ids=[event_id]))


def backup_write_safely(*, folder: str | None = None, event_ids: list[int] | None = None) -> list[Path]:
    """``backup_write`` that logs instead of raising: a full stick must not stop the evening."""
    try:
        return backup_write(folder=folder or settings.BACKUP_DIR, event_ids=event_ids)
    except Exception:
        logger.exception("backup to %s failed", folder or settings.BACKUP_DIR)
        return []


def backup_write(*, folder: str, event_ids: list[int] | None = None) -> list[Path]:
    """Copy the database (SQLite only) and export the given events (default: tonight's).
    Each file appears whole or not at all (written aside, then renamed)."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    stamp = timezone.now().strftime("%Y%m%d-%H%M%S-%f")
    written = []
    if connection.vendor == "sqlite":
        if connection.in_atomic_block:  # the copy would wait for our own transaction forever
            raise RuntimeError("back up after the transaction commits (transaction.on_commit)")
        connection.ensure_connection()
        written.append(sqlite_copy(connection.connection, target / f"{DB_PREFIX}{stamp}.sqlite3"))
    events = Event.objects.filter(pk__in=event_ids) if event_ids else _tonight()
    for event in events:
        text = json.dumps(event_export(event=event), indent=1, sort_keys=True)
        exports = target / "events" / event.slug  # one folder an event: pruning never mixes them
        exports.mkdir(parents=True, exist_ok=True)
        written.append(_write_whole(exports / f"{event.slug}-{stamp}.json", text.encode()))
        _prune(exports, "*.json")
    _prune(target, f"{DB_PREFIX}*.sqlite3")
    return written


def _tonight():
    """The events of the evening: running ones, and any played since yesterday (not a
    laptop's whole history at every backup)."""
    since = timezone.localdate() - datetime.timedelta(days=1)
    return Event.objects.exclude(status=Event.Status.DRAFT).filter(
        Q(status=Event.Status.RUNNING) | Q(date__gte=since)
    )


def sqlite_copy(source: sqlite3.Connection, target: Path) -> Path:
    """A consistent copy of a live SQLite database into the file ``target``: the backup API
    copies one snapshot while the room keeps writing (WAL)."""
    partial = target.with_name(target.name + ".part")
    partial.unlink(missing_ok=True)
    dst = sqlite3.connect(partial)
    try:
        source.backup(dst)
        dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
    finally:
        dst.close()
    os.replace(partial, target)
    return target


def _write_whole(path: Path, data: bytes) -> Path:
    partial = path.with_name(path.name + ".part")
    with open(partial, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(partial, path)
    return path


def _prune(folder: Path, pattern: str) -> None:
    for old in sorted(folder.glob(pattern))[:-KEEP]:
        old.unlink(missing_ok=True)
