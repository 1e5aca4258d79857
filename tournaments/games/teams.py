"""Team matches: teams of two pairs, a match at two tables, in a league or a knockout cup.

Each table's hands are entered and checked exactly as a pairs drive's (tricks per hand,
the drive engine), so this game is the drive with the team flag: the team services seat
the matches (``tournaments/services/teams.py``) and the team selectors compare a match's
two tables hand by hand (``tournaments/selectors/teams.py``).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from tournaments.games.base import event_defaults
from tournaments.games.drive import Drive


class TeamMatches(Drive):
    kinds = ("team_match",)
    defaults = {"team_match": event_defaults(40, 4, "round_robin", trumps="HCDS")}
    movements = {"team_match": frozenset({"round_robin"})}  # the fixtures seat the rounds
    pairs_kinds = frozenset({"team_match"})
    team_event = True
    hand_prizes = False  # teams win matches: no half-time leader or ten-trick hands
    prize_defaults = {"half_time": False, "booby": False}  # nor a lowest pair
    kind_help = {
        "team_match": _l("Teams of two pairs play matches at two tables, in a league or a cup.")
    }

    def standings(self, inp, rules: dict, own: dict) -> dict:
        """The drive's standings of the pairs, with the place prizes the teams'."""
        from tournaments.selectors.teams import team_standings

        return team_standings(super().standings(inp, rules, own), event=inp.event)
