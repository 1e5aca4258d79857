"""Bring the evening back from a hall backup (run it with the server stopped).

A ``.sqlite3`` copy replaces the whole database (the current one is kept beside it as
``<name>.before-restore``); a ``.json`` export is imported as an event into ``--club``.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.management.commands._base import DomainCommand
from tournaments.models import Event
from tournaments.services.backup import sqlite_copy


class Command(DomainCommand):
    help = "Restore a hall backup: a .sqlite3 database copy, or one event's .json export."

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--club", help="club slug to import a .json export into")
        parser.add_argument("--slug", help="slug for the imported event (default: the exported one)")

    def run(self, *args, path, club=None, slug=None, **options):
        source = Path(path)
        if not source.is_file():
            raise DomainError("E_FILE", _("No backup file at %(path)s.") % {"path": path})
        if source.suffix == ".json":
            return self._event(source, club, slug)
        self._database(source)

    def _database(self, source: Path) -> None:
        if connection.vendor != "sqlite":
            raise DomainError("E_RESTORE", _("A database copy restores only into SQLite (hall mode)."))
        try:
            with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as db:
                ok = db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                ok = ok and db.execute(
                    "SELECT 1 FROM sqlite_master WHERE name = 'tournaments_event'"
                ).fetchone()
        except sqlite3.DatabaseError:
            ok = False
        if not ok:
            raise DomainError("E_RESTORE", _("%(path)s is not a whistdrive database copy.") % {"path": source})
        target = Path(settings.DATABASES["default"]["NAME"])
        connection.close()
        if target.exists():
            with closing(sqlite3.connect(target, timeout=20)) as current:
                sqlite_copy(current, target.with_name(target.name + ".before-restore"))
        with (
            closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src,
            closing(sqlite3.connect(target, timeout=20)) as dst,
        ):
            src.backup(dst)
        self.stdout.write(
            f"Restored {source} into {target}: {Event.objects.count()} event(s). Start the server again."
        )

    def _event(self, source: Path, club: str | None, slug: str | None) -> None:
        if not club:
            raise DomainError("E_REQUIRED", _("Say which club to import the event into (--club)."), field="club")
        call_command("event_import", str(source), club=club, slug=slug, stdout=self.stdout)
