"""API v1 routes. Each area adds its own module's routes here."""

from django.urls import path

from . import scoring

urlpatterns = [
    path("scoring/<str:system>/", scoring.ScoreView.as_view(), name="api-scoring"),
]
