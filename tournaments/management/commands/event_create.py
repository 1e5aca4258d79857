"""Create an event from a JSON or YAML file: event fields plus a ``players`` list.

{"club": "demo-whist-club", "name": "Friday drive", "date": "2026-11-27",
 "kind": "individual_drive", "hands": 24,
 "players": ["Ann", "Bob, 1234, lady", {"name": "Cy", "role": "gent"}, ...]}
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import yaml
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import DomainError
from tournaments.models import Club
from tournaments.services import entries, events

from ._base import DomainCommand


def read_spec(path: str) -> dict:
    text = Path(path).read_text(encoding="utf-8")
    try:
        spec = json.loads(text) if path.endswith(".json") else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise DomainError("E_FORMAT", _("%(path)s: not valid JSON/YAML (%(error)s)") % {"path": path, "error": exc}) from exc
    if not isinstance(spec, dict):
        raise DomainError("E_FORMAT", _("%(path)s: expected a mapping of event fields") % {"path": path})
    return spec


PLAYER_KEYS = ("name", "membership_number", "role")


def player_line(item: object) -> str:
    """A ``players`` item as a line of a pasted list: a line already, or a mapping of
    PLAYER_KEYS (anything else is refused rather than registered under a strange name)."""
    if isinstance(item, str):
        return item
    if isinstance(item, dict) and item.get("name") and set(item) <= set(PLAYER_KEYS):
        return ", ".join(str(item[key]) for key in PLAYER_KEYS if item.get(key))
    raise DomainError(
        "E_FORMAT",
        _('A player is a line such as "Bob, 1234, lady" or a mapping of %(keys)s; got %(item)s.')
        % {"keys": ", ".join(PLAYER_KEYS), "item": str(item)[:60]},
    )


class Command(DomainCommand):
    help = "Create an event (and register its players) from a JSON or YAML file."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def run(self, *args, **options):
        spec = read_spec(options["file"])
        listed = spec.pop("players", None) or []
        if not isinstance(listed, list):
            raise DomainError("E_FORMAT", _("'players' is a list, one player an item."))
        players = [player_line(p) for p in listed]
        club = Club.objects.filter(slug=spec.pop("club", "")).first()
        if club is None:
            raise DomainError("E_NOT_FOUND", _("Give an existing club's slug as 'club'."))
        try:
            date = dt.date.fromisoformat(str(spec.pop("date")))
        except (KeyError, ValueError) as exc:
            raise DomainError("E_FORMAT", _("Give the date as YYYY-MM-DD.")) from exc
        with transaction.atomic():
            event = events.event_create(club=club, name=spec.pop("name", ""), date=date, **spec)
            if players:
                entries.players_register(event_id=event.pk, text="\n".join(players))
        self.stdout.write(f"{event.slug}: {len(players)} players")
