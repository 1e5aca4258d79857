"""Create an event from an event_export JSON file."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.management.commands._base import DomainCommand
from tournaments.selectors.transfer import club_for_import
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
        report = event_import(club=club_for_import(slug=club), data=document, slug=slug)
        players = report.to_dict()["players"]
        self.stdout.write(
            _("Imported %(name)s as %(slug)s: players matched by membership number %(number)d, "
              "by name %(name_count)d, new %(new)d.")
            % {"name": report.event.name, "slug": report.event.slug, "number": len(players["by_number"]),
               "name_count": len(players["by_name"]), "new": len(players["created"])}
        )
        if report.unknown_users:
            self.stdout.write(
                _("Unknown here (left blank): %(users)s.") % {"users": ", ".join(report.unknown_users)}
            )
