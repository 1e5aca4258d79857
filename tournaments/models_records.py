"""Records kept beside an event: the audit trail of every score change, idempotency answers,
the event log, print jobs and the players' own card totals. Kept apart from ``models.py`` so that file stays readable;
``models.py`` imports them, so ``tournaments.models.PrintJob`` and the others still work.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Hand, Result, Source, Table


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


class IdempotencyRecord(models.Model):
    """The first answer to a request carrying an Idempotency-Key, replayed on a retry."""

    scope = models.CharField(max_length=80)
    key = models.CharField(max_length=100)
    fingerprint = models.CharField(max_length=64)
    created = models.BooleanField(default=False)  # the first answer stored a new result
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "key"], name="idempotency_key_unique")
        ]

    def __str__(self) -> str:
        return f"{self.scope}:{self.key}"


class EventLog(models.Model):
    """Status transitions and other organizer actions worth keeping (reopen, re-draw...)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=40)
    detail = models.JSONField(default=dict, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return self.action


class PrintJob(models.Model):
    """A PDF rendered by a Celery task; reused when the same content is asked for again."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        RUNNING = "running", _("rendering")
        DONE = "done", _("ready")
        FAILED = "failed", _("failed")

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="print_jobs"
    )
    document = models.CharField(max_length=30)
    options = models.JSONField(default=dict, blank=True)
    content_hash = models.CharField(max_length=64)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    rendered = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    file = models.FileField(upload_to="print/", blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["content_hash"], name="printjob_content_unique")
        ]

    def __str__(self) -> str:
        return f"{self.document} ({self.status})"

    @property
    def stalled(self) -> bool:
        """Waiting or rendering with no progress for PRINT_JOB_STALE_SECONDS (its task was lost)."""
        waiting = self.status in (self.Status.PENDING, self.Status.RUNNING) and self.updated_at
        return bool(waiting) and timezone.now() - self.updated_at > settings.STALE_PRINT_JOB

    @property
    def unclaimed(self) -> bool:
        """Queued with no worker taking it for UNCLAIMED_PRINT_JOB: the page asks whether
        the worker is running (nothing else would tell the organizer)."""
        queued = self.status == self.Status.PENDING and not self.rendered and self.updated_at
        return bool(queued) and timezone.now() - self.updated_at > settings.UNCLAIMED_PRINT_JOB

    @property
    def handed_on_within(self) -> int:
        """Minutes until the broker hands a job whose worker stopped mid-way to the next one
        (its visibility timeout, then the 10-second scan): a volunteer who just restarted
        the worker is told to wait that long, not asked again whether it runs."""
        return -(-(settings.BROKER_VISIBILITY_TIMEOUT + 10) // 60)


class CardTotal(models.Model):
    """A player's own score-card total as the MC types it in (a paper-card evening).

    ``round_number`` 0 is the final total; ``checked`` says the MC has compared it with the
    card itself (a changed total must be checked again).
    """

    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="card_totals"
    )
    entry = models.ForeignKey(
        "tournaments.Entry", on_delete=models.CASCADE, related_name="card_totals"
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    tricks = models.PositiveSmallIntegerField(_("tricks"))
    checked = models.BooleanField(_("checked against the card"), default=False)

    class Meta:
        verbose_name = _("card total")
        verbose_name_plural = _("card totals")
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="card_total_unique")
        ]

    def __str__(self) -> str:
        return f"{self.entry_id}: {self.tricks}"
