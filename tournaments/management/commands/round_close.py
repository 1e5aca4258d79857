"""Close a round (``--force`` records missing tables as not played, ``--credit`` what they score)."""

from tournaments.services import rounds

from ._base import DomainCommand


class Command(DomainCommand):
    help = "Close a round of an event."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("round", type=int)
        parser.add_argument(
            "--force", action="store_true", help="record missing tables as not played"
        )
        parser.add_argument(
            "--credit",
            default=None,
            help="in a drive, what each player at a missing table scores a hand: "
            "own_average (the default) or a number of tricks such as 6.5 or 0",
        )

    def run(self, *args, **options):
        event = self.event(options["event"])
        rnd = rounds.round_close(
            event_id=event.pk,
            round_number=options["round"],
            force=options["force"],
            credit=options["credit"],
        )
        self.stdout.write(f"{event.slug}: round {rnd.number} closed")
