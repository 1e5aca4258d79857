"""Load the demo: a club, an organizer login, an /admin/ login and a half-played 32-player drive.

Idempotent: a second run finds the demo drive and changes nothing. Everything is made
through the services, exactly as an organizer would.
"""

from __future__ import annotations

from django.utils import timezone

from tournaments.selectors.events import events_for_user
from tournaments.services import entries, events, rounds, seating

from ._base import DomainCommand

CLUB = ("Demo Whist Club", "demo-whist-club")
USERNAME, PASSWORD = "organizer", "whistdrive"
ADMIN_USERNAME, ADMIN_PASSWORD = "admin", "whistdrive"  # the back office, /admin/
EVENT_NAME = "Demo drive"
PLAYERS = 32
ROUNDS_PLAYED = 12
FIRST = [
    "Ann",
    "Bob",
    "Cat",
    "Dan",
    "Eve",
    "Fred",
    "Gwen",
    "Hal",
    "Ivy",
    "Jack",
    "Kate",
    "Len",
    "May",
    "Ned",
    "Olive",
    "Pat",
]
LAST = ["Archer", "Baker"]


class Command(DomainCommand):
    help = (
        "Load the demo club, organizer, admin login and a half-played 32-player drive (idempotent)."
    )

    def run(self, *args, **options):
        user = events.organizer_ensure(username=USERNAME, password=PASSWORD)
        events.staff_ensure(username=ADMIN_USERNAME, password=ADMIN_PASSWORD)
        club = events.club_ensure(name=CLUB[0], slug=CLUB[1], organizer=user)
        event = events_for_user(user=user).filter(club=club, name=EVENT_NAME).first()
        if event is None:
            event = self._build(club, user)
            self.stdout.write(f"Demo drive created: {event.slug}")
        else:
            self.stdout.write(f"Demo drive already loaded: {event.slug}")
        self.stdout.write(f"Log in at /accounts/login/ as {USERNAME} / {PASSWORD}")
        self.stdout.write(
            f"Back office at /admin/ as {ADMIN_USERNAME} / {ADMIN_PASSWORD} "
            "(change it: manage.py changepassword admin)"
        )

    def _build(self, club, user):
        event = events.event_create(
            club=club, name=EVENT_NAME, date=timezone.localdate(), venue="Village hall", actor=user
        )
        names = [f"{first} {last}" for last in LAST for first in FIRST][:PLAYERS]
        roles = ["lady" if i % 2 == 0 else "gent" for i in range(PLAYERS)]
        text = "\n".join(f"{name}, , {role}" for name, role in zip(names, roles, strict=True))
        entries.players_register(event_id=event.pk, text=text, actor=user)
        events.event_open(event_id=event.pk, actor=user)
        seating.event_seat(event_id=event.pk, actor=user)
        events.event_start(event_id=event.pk, actor=user)
        for number in range(1, ROUNDS_PLAYED + 1):
            rounds.round_open(event_id=event.pk, round_number=number, actor=user)
            rounds.round_simulate(event_id=event.pk, round_number=number, seed=number)
            rounds.round_close(event_id=event.pk, round_number=number, actor=user)
        rounds.round_open(event_id=event.pk, round_number=ROUNDS_PLAYED + 1, actor=user)
        return event
