"""Open an event's next round (starting the event first if asked)."""

from tournaments.services import events, rounds

from ._base import DomainCommand


class Command(DomainCommand):
    help = "Open the next round of a running event."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug")
        parser.add_argument(
            "--round", type=int, default=None, help="refuse unless this is the next round"
        )

    def run(self, *args, **options):
        event = self.event(options["event"])
        if event.status in ("draft", "open"):
            events.event_start(event_id=event.pk)
        rnd = rounds.round_open(event_id=event.pk, round_number=options["round"])
        self.stdout.write(f"{event.slug}: round {rnd.number} open")
