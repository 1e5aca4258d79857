"""Seat an event's players (generate the movement)."""

from tournaments.services import seating

from ._base import DomainCommand


class Command(DomainCommand):
    help = "Seat an event's players: fixed movements every round, progressive round 1."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("--redraw", action="store_true", help="seat again with a new seed")

    def run(self, *args, **options):
        event = self.event(options["event"])
        service = seating.event_redraw if options["redraw"] else seating.event_seat
        event = service(event_id=event.pk)
        self.stdout.write(f"{event.slug}: seated ({event.rounds.count()} rounds)")
