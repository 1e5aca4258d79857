"""The back office: every model, read-mostly where history must not be edited."""

from django.contrib import admin

from . import models


class ReadOnlyAdmin(admin.ModelAdmin):
    """History is written by services only; the admin shows it."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(models.Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers"]


@admin.register(models.OrganizerProfile)
class OrganizerProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "language"]


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "membership_number", "club"]
    list_filter = ["club"]
    search_fields = ["name", "membership_number"]


@admin.register(models.Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "ladder"]


class TableInline(admin.TabularInline):
    model = models.Table
    extra = 0
    readonly_fields = ["token"]


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "kind", "status", "movement_kind"]
    list_filter = ["club", "kind", "status"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["version", "movement"]
    inlines = [TableInline]


@admin.register(models.Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "name"]
    list_filter = ["event"]


@admin.register(models.Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "player", "role", "pair", "arrived", "joined_round", "withdrawn_round", "stationary"]
    list_filter = ["event"]
    search_fields = ["player__name"]


@admin.register(models.Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["event", "number"]
    list_filter = ["event"]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "status", "opened_at", "closed_at"]
    list_filter = ["event", "status"]


@admin.register(models.Seating)
class SeatingAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "seat", "entry"]
    list_filter = ["event"]


@admin.register(models.Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "round", "trump"]
    list_filter = ["event"]


@admin.register(models.Result)
class ResultAdmin(ReadOnlyAdmin):
    list_display = ["event", "hand", "table", "version", "status", "source", "created_at"]
    list_filter = ["event", "status", "source"]


@admin.register(models.ScoreChange)
class ScoreChangeAdmin(ReadOnlyAdmin):
    list_display = ["event", "hand", "table", "action", "source", "actor", "created_at"]
    list_filter = ["event", "action", "source"]


@admin.register(models.EventLog)
class EventLogAdmin(ReadOnlyAdmin):
    list_display = ["event", "action", "actor", "created_at"]
    list_filter = ["event", "action"]


@admin.register(models.IdempotencyRecord)
class IdempotencyRecordAdmin(ReadOnlyAdmin):
    list_display = ["scope", "key", "created", "created_at"]


@admin.register(models.PrintJob)
class PrintJobAdmin(admin.ModelAdmin):
    list_display = ["event", "document", "status", "rendered", "total", "created_at"]
    list_filter = ["status", "document"]
