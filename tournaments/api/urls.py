"""API v1 routes. Each area adds its own module's routes here.

Everything about one event hangs under ``events/<slug>/`` (grouped with ``include`` so each
route names only its own tail).
"""

from django.urls import include, path

from . import events, imports, prizes_money, scoring
from . import printing as printing_api
from . import results as results_api

entry_routes = [
    path("role/", events.EntryRoleView.as_view(), name="api-entry-role"),
    path("arrive/", events.EntryArriveView.as_view(), name="api-entry-arrive"),
    path("paid/", events.EntryPaidView.as_view(), name="api-entry-paid"),
    path("withdraw/", events.EntryWithdrawView.as_view(), name="api-entry-withdraw"),
]

round_routes = [
    path("", events.RoundDetailView.as_view(), name="api-round"),
    path("open/", events.RoundOpenView.as_view(), name="api-round-open"),
    path("close/", events.RoundCloseView.as_view(), name="api-round-close"),
]

# score entry (tournaments/api/results.py), under hands/<hand>/tables/<table>/result/
result_routes = [
    path("", results_api.HandResultView.as_view(), name="api-result"),
    path(
        "confirm/",
        results_api.HandResultDecisionView.as_view(op="confirm"),
        name="api-result-confirm",
    ),
    path(
        "dispute/",
        results_api.HandResultDecisionView.as_view(op="dispute"),
        name="api-result-dispute",
    ),
]

# printing (tournaments/api/printing.py)
print_routes = [
    path("", printing_api.PrintRequestView.as_view(), name="api-print"),
    path("<int:job_id>/", printing_api.PrintJobView.as_view(), name="api-print-job"),
    path(
        "<int:job_id>/download/",
        printing_api.PrintDownloadView.as_view(),
        name="api-print-download",
    ),
]

# organizer workflow (tournaments/api/events.py), under events/<slug>/
event_routes = [
    path("", events.EventDetailView.as_view(), name="api-event"),
    path("reopen/", events.EventReopenView.as_view(), name="api-event-reopen"),
    path("prizes/", prizes_money.PrizeSettingsView.as_view(), name="api-prizes"),
    path("money/", prizes_money.MoneyView.as_view(), name="api-money"),
    path("entries/", events.EntryListView.as_view(), name="api-entries"),
    path("entries/pair/", events.EntryPairView.as_view(), name="api-entries-pair"),
    path("entries/late/", events.EntryLateView.as_view(), name="api-entries-late"),
    path("entries/<int:entry_id>/", include(entry_routes)),
    path("rounds/", events.RoundListView.as_view(), name="api-rounds"),
    path("rounds/<int:number>/", include(round_routes)),
    path("tables/", events.TableListView.as_view(), name="api-tables"),
    path("seatings/", events.SeatingListView.as_view(), name="api-seatings"),
    path("hands/<int:hand>/tables/<int:table>/result/", include(result_routes)),
    path("tables/<int:table>/token/", results_api.TableTokenView.as_view(), name="api-table-token"),
    path("print/", include(print_routes)),
    # the catch-all workflow action comes last
    path("<str:action>/", events.EventActionView.as_view(), name="api-event-action"),
]

urlpatterns = [
    path("scoring/<str:system>/", scoring.ScoreView.as_view(), name="api-scoring"),
    path("events/", events.EventListView.as_view(), name="api-events"),
    path("events/import/", imports.EventImportView.as_view(), name="api-event-import"),
    path("events/<slug:slug>/", include(event_routes)),
]
