"""The room's screen: the round clock, an announcement and the prize-giving step.

State, not a browser timer: a clock survives a page reload and a server restart because
only its deadline (or, paused, the seconds left) is stored. Kept apart from
``models.py`` so that file stays readable; ``models.py`` imports it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

MINUTES_PER_HAND = 7  # a hand of whist with the deal, as clubs time it
MESSAGE_MAX = 140


class EventScreen(models.Model):
    event = models.OneToOneField(
        "tournaments.Event",
        on_delete=models.CASCADE,
        related_name="screen",
        verbose_name=_("event"),
    )
    minutes_per_round = models.PositiveSmallIntegerField(_("minutes per round"))
    ends_at = models.DateTimeField(_("clock ends at"), null=True, blank=True)
    seconds_left = models.PositiveIntegerField(_("seconds left (paused)"), null=True, blank=True)
    message = models.CharField(_("announcement"), max_length=MESSAGE_MAX, blank=True)
    revealed = models.PositiveSmallIntegerField(_("prizes revealed"), null=True, blank=True)
    # Once finished, the screen keeps the winners back until the prize-giving starts or the
    # organizer shows the results (the "end" step): the MC reads them out first.
    results_shown = models.BooleanField(_("results shown"), default=False)

    class Meta:
        verbose_name = _("room screen")
        verbose_name_plural = _("room screens")
        constraints = [
            models.CheckConstraint(
                condition=Q(minutes_per_round__gte=1) & Q(minutes_per_round__lte=240),
                name="screen_minutes_range",
            ),
            # A clock is running (a deadline) or paused (seconds left), never both.
            models.CheckConstraint(
                condition=Q(ends_at__isnull=True) | Q(seconds_left__isnull=True),
                name="screen_clock_one_state",
            ),
        ]

    def __str__(self) -> str:
        return f"screen of {self.event_id}"
