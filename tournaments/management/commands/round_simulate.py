"""Fill an open round of a drive with random, valid, confirmed results."""

from tournaments.services import rounds

from ._base import DomainCommand


class Command(DomainCommand):
    help = "Simulate drive results for every table and hand of an open round."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug")
        parser.add_argument("round", type=int)
        parser.add_argument("--seed", type=int, default=0)

    def run(self, *args, **options):
        event = self.event(options["event"])
        count = rounds.round_simulate(
            event_id=event.pk, round_number=options["round"], seed=options["seed"]
        )
        self.stdout.write(f"{event.slug}: {count} result(s) simulated in round {options['round']}")
