"""Write a whole event as JSON (format whistdrive.event/2, docs/export-format.md)."""

from __future__ import annotations

import json

from tournaments.management.commands._base import DomainCommand
from tournaments.selectors.transfer import event_export


class Command(DomainCommand):
    help = "Export an event as JSON (to a file, or standard output)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", "-o", help="file to write; standard output when absent")

    def run(self, *args, slug, output=None, **options):
        text = json.dumps(event_export(event=self.event(slug)), indent=2, sort_keys=True)
        if output:
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        else:
            self.stdout.write(text)
