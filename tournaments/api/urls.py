"""API v1 routes. Each area adds its own module's routes here."""

from django.urls import path

from . import events, scoring
from . import printing as printing_api
from . import results as results_api

urlpatterns = [
    path("scoring/<str:system>/", scoring.ScoreView.as_view(), name="api-scoring"),
    # organizer workflow (tournaments/api/events.py)
    path("events/", events.EventListView.as_view(), name="api-events"),
    path("events/<slug:slug>/", events.EventDetailView.as_view(), name="api-event"),
    path("events/<slug:slug>/reopen/", events.EventReopenView.as_view(), name="api-event-reopen"),
    path("events/<slug:slug>/entries/", events.EntryListView.as_view(), name="api-entries"),
    path(
        "events/<slug:slug>/entries/pair/", events.EntryPairView.as_view(), name="api-entries-pair"
    ),
    path(
        "events/<slug:slug>/entries/late/", events.EntryLateView.as_view(), name="api-entries-late"
    ),
    path(
        "events/<slug:slug>/entries/<int:entry_id>/role/",
        events.EntryRoleView.as_view(),
        name="api-entry-role",
    ),
    path(
        "events/<slug:slug>/entries/<int:entry_id>/arrive/",
        events.EntryArriveView.as_view(),
        name="api-entry-arrive",
    ),
    path(
        "events/<slug:slug>/entries/<int:entry_id>/withdraw/",
        events.EntryWithdrawView.as_view(),
        name="api-entry-withdraw",
    ),
    path("events/<slug:slug>/rounds/", events.RoundListView.as_view(), name="api-rounds"),
    path(
        "events/<slug:slug>/rounds/<int:number>/",
        events.RoundDetailView.as_view(),
        name="api-round",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/open/",
        events.RoundOpenView.as_view(),
        name="api-round-open",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/close/",
        events.RoundCloseView.as_view(),
        name="api-round-close",
    ),
    path("events/<slug:slug>/tables/", events.TableListView.as_view(), name="api-tables"),
    path("events/<slug:slug>/seatings/", events.SeatingListView.as_view(), name="api-seatings"),
    # score entry (tournaments/api/results.py)
    path(
        "events/<slug:slug>/hands/<int:hand>/tables/<int:table>/result/",
        results_api.HandResultView.as_view(),
        name="api-result",
    ),
    path(
        "events/<slug:slug>/hands/<int:hand>/tables/<int:table>/result/confirm/",
        results_api.HandResultDecisionView.as_view(op="confirm"),
        name="api-result-confirm",
    ),
    path(
        "events/<slug:slug>/hands/<int:hand>/tables/<int:table>/result/dispute/",
        results_api.HandResultDecisionView.as_view(op="dispute"),
        name="api-result-dispute",
    ),
    path(
        "events/<slug:slug>/tables/<int:table>/token/",
        results_api.TableTokenView.as_view(),
        name="api-table-token",
    ),
    # printing (tournaments/api/printing.py); before the catch-all action route
    path("events/<slug:slug>/print/", printing_api.PrintRequestView.as_view(), name="api-print"),
    path(
        "events/<slug:slug>/print/<int:job_id>/",
        printing_api.PrintJobView.as_view(),
        name="api-print-job",
    ),
    path(
        "events/<slug:slug>/print/<int:job_id>/download/",
        printing_api.PrintDownloadView.as_view(),
        name="api-print-download",
    ),
    path(
        "events/<slug:slug>/<str:action>/",
        events.EventActionView.as_view(),
        name="api-event-action",
    ),
]
