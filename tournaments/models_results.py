"""A table's results for each hand, every version kept, and the audit trail of each change."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Hand, Table


class Source(models.TextChoices):
    ORGANIZER = "organizer", _("organizer")
    TABLE = "table", _("table (token)")
    API = "api", _("API client")
    SYSTEM = "system", _("system")


class Result(models.Model):
    """One version of a table's result for one hand.

    A correction adds a version and marks the previous one superseded; nothing is
    overwritten. ``data`` is the engine's per-hand input for this table.
    """

    class Status(models.TextChoices):
        ENTERED = "entered", _("entered, awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        NOT_PLAYED = "not_played", _("not played")
        SUPERSEDED = "superseded", _("superseded")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="results")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="results")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    version = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ENTERED)
    data = models.JSONField(default=dict)
    tricks_ns = models.PositiveSmallIntegerField(null=True, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        ordering = ["hand", "table", "version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "table", "version"], name="result_version_unique"),
            models.UniqueConstraint(
                fields=["hand", "table"],
                condition=~Q(status="superseded"),
                name="result_one_live_version",
            ),
            models.UniqueConstraint(
                fields=["hand", "table"],
                condition=Q(status="confirmed"),
                name="result_one_confirmed_per_table_hand",
            ),
            models.CheckConstraint(condition=Q(tricks_ns__lte=13), name="result_tricks_range"),
        ]
        indexes = [models.Index(fields=["event", "status"])]

    def __str__(self) -> str:
        return f"hand {self.hand_id} table {self.table_id} v{self.version} ({self.status})"


class ScoreChange(models.Model):
    """The audit trail: every entry, confirmation, dispute and correction, old and new."""

    class Action(models.TextChoices):
        ENTER = "enter", _("entered")
        CONFIRM = "confirm", _("confirmed")
        DISPUTE = "dispute", _("disputed")
        CORRECT = "correct", _("corrected")
        NOT_PLAYED = "not_played", _("marked not played")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="score_changes")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="score_changes")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="score_changes")
    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=12, choices=Action.choices)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    remote_addr = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("score change")
        verbose_name_plural = _("score changes")
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.action} hand {self.hand_id} table {self.table_id}"
