"""Root URLs, split by audience: organizer, table (token), public, printing, API."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from tournaments.api.index import ApiIndexView
from tournaments.views import language

from . import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/setlang/", language.set_language, name="set_language"),
    path("api/", ApiIndexView.as_view(), name="api-index"),
    path("api/v1/", include("tournaments.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # the split view serves Swagger UI's set-up script as a file: no inline script (CSP)
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("t/", include("tournaments.urls_table")),
    path("e/", include("tournaments.urls_public")),
    path("print/", include("tournaments.urls_print")),
    path("", include("tournaments.urls_organizer")),
]
