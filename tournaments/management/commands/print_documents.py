"""Render an event's printed document to a PDF file (no job, no Celery: straight to the file)."""

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.selectors.print_options import DOCUMENTS
from tournaments.services.printing import document_pdf

from ._base import DomainCommand


class Command(DomainCommand):
    help = "Print an event's movement cards, table cards, score cards, results sheet... to a PDF."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("document", help=f"one of: {', '.join(DOCUMENTS)}")
        parser.add_argument("--paper", default="a4", help="a4 (default) or letter")
        parser.add_argument("--per-page", dest="per_page", default=None, help="cards per page: 1 or 4")
        parser.add_argument("--language", default="", help="print language (default: the event's, else the site's)")
        parser.add_argument("--output", "-o", required=True, help="the PDF file to write")

    def run(self, *args, **options):
        event = self.event(options["event"])
        wanted = {"paper": options["paper"], "language": options["language"]}
        if options["per_page"] is not None:
            wanted["per_page"] = options["per_page"]
        pdf = document_pdf(event=event, document=options["document"], options=wanted)
        out = Path(options["output"])
        try:
            out.write_bytes(pdf)
        except OSError as exc:
            raise CommandError(
                _("cannot write %(out)s: %(error)s") % {"out": out, "error": exc.strerror},
                returncode=2,
            ) from exc
        self.stdout.write(f"{event.slug}: {options['document']} written to {out} ({len(pdf)} bytes)")
