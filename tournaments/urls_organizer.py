"""URLs for the organizer pages."""

from django.urls import path  # noqa: F401

app_name = "organizer"
urlpatterns: list = []
