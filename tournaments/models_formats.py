"""Tournament formats of team events: a Bid Whist tournament's qualifying and playoff, and
team-of-four matches (two pairs a team, two tables a match) in leagues and cups.

Imported by ``tournaments.models`` so they belong to the app. The pairing, bracket and
fixture algorithms are the pure package ``tournaments.pairings``; these rows keep what the
organizer chose and what was played.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, NumberedInEvent, Pair, Round, Table


class TournamentFormat(models.Model):
    """How a Bid Whist tournament runs: qualifying rounds, ranking order, playoff, money."""

    class Qualifying(models.TextChoices):
        SWISS = "swiss", _("Swiss pairing")
        LADDER = "ladder", _("winners move up, losers stay")

    class MatchTo(models.TextChoices):
        HANDS = "hands", _("the round's hands")
        GAME = "game", _("one game to the target")

    class Playoff(models.TextChoices):
        NONE = "none", _("no playoff")
        SINGLE = "single", _("single elimination")
        DOUBLE = "double", _("double elimination")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="tournament_format")
    qualifying = models.CharField(
        _("qualifying rounds"), max_length=8, choices=Qualifying.choices, default=Qualifying.SWISS
    )
    ranking = models.JSONField(_("ranking order"), default=list)
    match_to = models.CharField(
        _("a match is played to"), max_length=6, choices=MatchTo.choices, default=MatchTo.HANDS
    )
    playoff = models.CharField(
        _("playoff"), max_length=8, choices=Playoff.choices, default=Playoff.SINGLE
    )
    playoff_teams = models.PositiveSmallIntegerField(_("teams in the playoff"), default=8)
    final_best_of = models.PositiveSmallIntegerField(_("final: best of"), default=1)
    bracket = models.JSONField(_("bracket"), null=True, blank=True, editable=False)
    playoff_results = models.JSONField(_("playoff winners"), default=dict, blank=True)
    pot = models.DecimalField(_("pot"), max_digits=10, decimal_places=2, default=0)
    prize_split = models.JSONField(_("prize split (percent of the pot)"), default=list, blank=True)
    boston_prize = models.DecimalField(
        _("Boston prize"), max_digits=10, decimal_places=2, default=0
    )
    # team matches: rows (smallest trick margin, winner's points, loser's points)
    match_points = models.JSONField(_("match-point scale"), default=list, blank=True)

    class Meta:
        verbose_name = _("tournament format")
        verbose_name_plural = _("tournament formats")
        constraints = [
            models.CheckConstraint(condition=Q(playoff_teams__gte=2), name="format_playoff_teams"),
            models.CheckConstraint(
                condition=Q(final_best_of__gte=1, final_best_of__lte=9), name="format_best_of"
            ),
            models.CheckConstraint(
                condition=Q(pot__gte=0, boston_prize__gte=0), name="format_money_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.get_qualifying_display()}"


class Team(NumberedInEvent):
    """A team of four: two fixed pairs of the event."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=160)
    first_pair = models.OneToOneField(Pair, on_delete=models.PROTECT, related_name="+")
    second_pair = models.OneToOneField(Pair, on_delete=models.PROTECT, related_name="+")

    class Meta(NumberedInEvent.Meta):
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            *NumberedInEvent.Meta.constraints,
            models.CheckConstraint(
                condition=~Q(first_pair=models.F("second_pair")), name="team_two_pairs"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TeamMatch(models.Model):
    """One match of two teams over two tables in a round: at ``first_table`` the home team's
    first pair sits N/S against the away team's second pair; at ``second_table`` the away
    team's first pair sits N/S against the home team's second pair."""

    class Stage(models.TextChoices):
        LEAGUE = "league", _("league")
        CUP = "cup", _("cup")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="team_matches")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches")
    stage = models.CharField(_("stage"), max_length=8, choices=Stage.choices)
    cup_match = models.CharField(_("cup match"), max_length=12, blank=True)
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    away = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    first_table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    second_table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        ordering = ["round", "first_table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "home"], name="team_match_home_once"),
            models.UniqueConstraint(fields=["round", "away"], name="team_match_away_once"),
            models.CheckConstraint(
                condition=~Q(home=models.F("away")), name="team_match_two_teams"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.home} v {self.away}"
