"""Create an event from an event_export JSON file."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.management.commands._base import DomainCommand
from tournaments.services.transfer import event_import


class Command(DomainCommand):
    help = "Import an event exported with event_export into a club."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--club", required=True, help="slug of the club to import into")
        parser.add_argument("--slug", help="slug of the new event (default: the exported one)")

    def run(self, *args, file, club, slug=None, **options):
        try:
            with open(file, encoding="utf-8") as fh:
                document = json.load(fh)
        except OSError as exc:
            raise DomainError("E_FILE", _("Cannot read %(file)s: %(error)s.") % {"file": file, "error": exc.strerror}) from exc
        except json.JSONDecodeError as exc:
            raise DomainError("E_JSON", _("%(file)s is not valid JSON: %(error)s.") % {"file": file, "error": exc}) from exc
        event = event_import(document=document, club_slug=club, slug=slug)
        self.stdout.write(f"Imported {event.name} as {event.slug}.")
