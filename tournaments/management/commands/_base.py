"""What every organizer command shares: a DomainError ends the command with exit status 2."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.models import Event


class DomainCommand(BaseCommand):
    """Subclasses implement ``run``; a refused action prints its message and exits 2."""

    def handle(self, *args, **options):
        try:
            return self.run(*args, **options)
        except DomainError as exc:
            raise CommandError(f"{exc.code}: {exc.message}", returncode=2) from exc

    def run(self, *args, **options):  # pragma: no cover - abstract
        raise NotImplementedError

    @staticmethod
    def event(slug: str) -> Event:
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise DomainError("E_NOT_FOUND", _("No event with slug %(slug)r.") % {"slug": slug})
        return event
