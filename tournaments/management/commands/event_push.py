"""After the night: send an event to the club's online instance through its API.

Posts the event's export to ``<URL>/api/v1/events/import/`` with the organizer's API
token. The Idempotency-Key comes from the export itself, so pushing again (after a lost
connection, or by mistake) finds the event already there instead of making a copy.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request

from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.management.commands._base import DomainCommand
from tournaments.selectors.transfer import event_export
from tournaments.services.imports import import_key

ATTEMPTS = 3


class Command(DomainCommand):
    help = "Push an event to another whistdrive (the club's online instance) through its API."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--to", required=True, help="the instance's address, e.g. https://whist.example.org")
        parser.add_argument("--token", required=True, help="your API token on that instance")
        parser.add_argument("--club", help="club slug there (needed if you organize several)")
        parser.add_argument("--as", dest="new_slug", help="slug there, if this one is taken")

    def run(self, *args, slug, to, token, club=None, new_slug=None, **options):
        document = event_export(event=self.event(slug))
        wanted = {"club": club, "slug": new_slug}
        query = urllib.parse.urlencode({k: v for k, v in wanted.items() if v})
        request = urllib.request.Request(
            to.rstrip("/") + "/api/v1/events/import/" + (f"?{query}" if query else ""),
            data=json.dumps(document).encode(),
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Token {token}",
                "Idempotency-Key": import_key(document),
            },
        )
        status, body = self._send(request)
        there = body.get("slug", slug)
        done = _("Pushed %(slug)s: it is %(there)s there.") if status == 201 else _(
            "Already there (pushed before) as %(there)s."
        )
        self.stdout.write(done % {"slug": slug, "there": there})

    @staticmethod
    def _send(request: urllib.request.Request) -> tuple[int, dict]:
        for attempt in range(1, ATTEMPTS + 1):
            try:
                with urllib.request.urlopen(request, timeout=60) as answer:
                    return answer.status, json.loads(answer.read() or b"{}")
            except urllib.error.HTTPError as exc:
                try:
                    error = json.loads(exc.read()).get("error", {})
                except ValueError:
                    error = {}
                raise DomainError(error.get("code", f"E_HTTP_{exc.code}"), error.get("message", str(exc))) from exc
            except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
                if attempt == ATTEMPTS:
                    raise DomainError(
                        "E_NETWORK", _("Cannot reach %(url)s: %(error)s.") % {"url": request.full_url, "error": exc}
                    ) from exc
                time.sleep(2 * attempt)  # safe to resend: the import is idempotent
        raise AssertionError("unreachable")
